//! Random playouts through the conformance checker (`crate::conformance`): 5,000 seeded games
//! per player count (1 = solo against Victoria) with random variants and options. Every game
//! checks, at every step: to-act ⇔ legal actions; `apply` accepts
//! every listed action (on a clone) and refuses unlisted ones (listed-action mutations and a
//! sample of every action kind) leaving the state unchanged; ids round-trip; the component
//! invariants (EMR-1.3, EMR-10.8, EMR-3.6); no view or redacted event shows what its viewer may
//! not know (an independent knowledge model built from the unredacted events, section 8). At the
//! end: a valid outcome, exact replay from (config, seed, actions), and a serde round trip taken
//! at a random step that continues identically.

use super::*;
use crate::conformance::{self, Depth, Limits};
use crate::{Outcome, Viewer};
use std::collections::HashSet;

/// Seeded games per player count, run as two halves so the tests spread over the cores.
const GAMES_PER_COUNT: u64 = 5_000;

fn random_config(n: u8, r: &mut GameRng) -> EmaraConfig {
    let mut c = EmaraConfig::new(n);
    c.random_layout = r.below(2) == 0;
    c.full_selection = r.below(3) == 0;
    c.building_start = match r.below(3) {
        0 => BuildingStart::EventCard,
        1 => BuildingStart::FirstGame,
        _ => BuildingStart::Custom(15 + r.below(31) as u32),
    };
    c.start_player = if n > 1 && r.below(2) == 0 {
        StartPlayer::Random
    } else if n > 1 {
        StartPlayer::Seat(r.below(n as usize))
    } else {
        StartPlayer::Seat(0)
    };
    c.solo = (n == 1).then(|| {
        if r.below(2) == 0 {
            SoloMode::Highscore
        } else {
            SoloMode::Campaign
        }
    });
    c
}

// ---- invariants ----------------------------------------------------------------------------

fn check_invariants(st: &EmaraState) {
    // EMR-1.3: 12 favor tokens, nowhere twice.
    let mut tokens: Vec<FavorToken> = st.favor_stack.to_vec();
    tokens.extend(st.favor_discard.iter().map(|(t, _)| *t));
    tokens.extend(&st.favor_drawn);
    for p in &st.players {
        tokens.extend(&p.favor);
    }
    tokens.sort();
    let mut all = data().favor_tokens.clone();
    all.sort();
    assert_eq!(tokens, all, "EMR-1.3: the 12 favor tokens");
    // EMR-10.8: the stack is empty only when the discard pile is empty too.
    assert!(
        !st.favor_stack.is_empty() || st.favor_discard.is_empty(),
        "EMR-10.8"
    );
    // Advisors: 22, nowhere twice.
    let mut adv: Vec<Advisor> = st.spaces.iter().flatten().flatten().copied().collect();
    adv.extend(&st.b_deck);
    adv.extend(&st.boxed_a);
    for p in &st.players {
        adv.extend(&p.advisors);
    }
    adv.sort();
    assert_eq!(adv, Advisor::ALL.to_vec(), "the 22 advisors");
    // Nobility: 20 cards.
    let mut nob: usize = st.nobility.iter().map(|s| s.len()).sum();
    nob += st.players.iter().map(|p| p.nobility.len()).sum::<usize>();
    nob += st.victoria.as_ref().map_or(0, |v| v.nobility.len());
    assert_eq!(nob, 20);
    // Craftsmen: placed = occupied huts; at most 3 own per location (EMR-11.8).
    let placed: usize = st.players.iter().map(|p| p.craftsmen_placed as usize).sum();
    assert_eq!(placed, st.huts.iter().flatten().count());
    for s in 0..st.n() {
        for loc in Location::COUNTRYSIDE {
            assert!(st.own_craftsmen_on(s, loc) <= 3, "EMR-11.8");
        }
    }
    // EMR-3.6: every card exactly once among hand, deck and the used cards of this half.
    if st.phase == Phase::Turns {
        for p in &st.players {
            let mut cards: Vec<ActionCard> = p.hand.to_vec();
            cards.extend(&p.deck);
            cards.extend(p.slots.iter().flatten());
            let unique: HashSet<ActionCard> = cards.iter().copied().collect();
            assert_eq!(unique.len(), cards.len(), "EMR-3.6: no card twice");
            assert!(cards.len() <= 9);
        }
    }
}

// ---- the independent knowledge model (section 8) -----------------------------------------

fn tbit(t: &FavorToken) -> u32 {
    1 << ((t.location as u32 - 4) * 5 + t.reward as u32)
}

/// What each viewer (seats, then the spectator) has seen.
struct Knowledge {
    n: usize,
    /// The owner's model of its hand.
    hands: Vec<Vec<ActionCard>>,
    /// Favor tokens each viewer saw drawn privately and that are still undecided.
    drawn: Vec<Vec<FavorToken>>,
    /// Tokens each viewer knows to lie on the discard pile (bit per token).
    discard_known: Vec<u32>,
    /// Bit per event card / advisor shown publicly.
    events_seen: u32,
    advisors_seen: u32,
}

impl Knowledge {
    fn new(n: usize) -> Self {
        Knowledge {
            n,
            hands: vec![Vec::new(); n],
            drawn: vec![Vec::new(); n + 1],
            discard_known: vec![0; n + 1],
            events_seen: 0,
            advisors_seen: 0,
        }
    }
    fn idx(&self, v: Viewer) -> usize {
        v.seat().unwrap_or(self.n)
    }
    fn advisor(&self, a: Advisor) -> bool {
        self.advisors_seen & (1 << a as u32) != 0
    }
    fn see_advisor(&mut self, a: Advisor) {
        self.advisors_seen |= 1 << a as u32;
    }
    fn learn(&mut self, e: &EmaraEvent) {
        match e {
            EmaraEvent::AdvisorsDealt { spaces, b_top } => {
                for a in spaces.iter().filter_map(|s| s.advisor).chain(*b_top) {
                    self.see_advisor(a);
                }
            }
            EmaraEvent::AdvisorRefilled { advisor, b_top, .. } => {
                if let Some(a) = advisor {
                    assert!(self.advisor(*a), "the B top was visible");
                }
                if let Some(a) = b_top {
                    self.see_advisor(*a);
                }
            }
            EmaraEvent::EventDeckTop { top: Some(e) } => self.events_seen |= 1 << *e as u32,
            EmaraEvent::EventRevealed { event, .. } => self.events_seen |= 1 << *event as u32,
            EmaraEvent::CardsDrawn { seat, cards, count } => {
                assert_eq!(cards.len(), *count);
                self.hands[*seat].extend(cards);
            }
            EmaraEvent::HandTakenUp { seat, cards } => {
                self.hands[*seat] = cards.clone();
            }
            EmaraEvent::DeckShuffled { seat, .. } => self.hands[*seat].clear(),
            EmaraEvent::CardPlayed { seat, card, .. } => {
                let h = &mut self.hands[*seat];
                let i = h
                    .iter()
                    .position(|c| c == card)
                    .expect("played from the hand");
                h.remove(i);
            }
            EmaraEvent::FavorDrawn {
                seat,
                tokens,
                count,
            } => {
                assert_eq!(tokens.len(), *count);
                self.drawn[*seat] = tokens.clone();
            }
            EmaraEvent::FavorKept { seat, token } => {
                assert!(self.drawn[*seat].contains(token), "kept a drawn token");
                self.drawn[*seat].retain(|t| t != token);
            }
            EmaraEvent::FavorDiscarded { seat, tokens, .. } => {
                let mut d = self.drawn[*seat].clone();
                d.sort();
                let mut t = tokens.clone();
                t.sort();
                assert_eq!(d, t, "the unkept tokens are discarded");
                for t in tokens {
                    self.discard_known[*seat] |= tbit(t);
                }
                self.drawn[*seat].clear();
            }
            EmaraEvent::FavorRedeemed { token, .. } => {
                for k in &mut self.discard_known {
                    *k |= tbit(token);
                }
            }
            EmaraEvent::FavorReshuffled { .. } => {
                for k in &mut self.discard_known {
                    *k = 0;
                }
            }
            _ => {}
        }
    }

    fn check_view(&self, st: &EmaraState, v: Viewer, view: &EmaraView) {
        let i = self.idx(v);
        for p in &view.players {
            let own = v.seat() == Some(p.seat);
            assert_eq!(p.hand.is_some(), own, "only the owner sees a hand");
            if let Some(h) = &p.hand {
                let mut a = h.clone();
                a.sort();
                let mut b = self.hands[p.seat].clone();
                b.sort();
                assert_eq!(a, b, "the owner's hand as its events told it");
            }
            assert_eq!(p.hand_count, st.players[p.seat].hand.len());
            for a in &p.advisors {
                assert!(self.advisor(*a));
            }
        }
        for s in &view.advisor_spaces {
            if let Some(a) = s.advisor {
                assert!(self.advisor(a), "advisor {a:?} never shown");
            }
        }
        if let Some(a) = view.advisors_b_top {
            assert!(self.advisor(a));
        }
        for e in view
            .current_event
            .iter()
            .chain(view.event_top.iter())
            .chain(view.events_done.iter())
        {
            assert!(
                self.events_seen & (1 << *e as u32) != 0,
                "event {e:?} never revealed"
            );
        }
        if let Some(d) = &view.favor_drawn {
            assert!(v.seat().is_some());
            for t in d {
                assert!(
                    self.drawn[i].contains(t),
                    "{v:?} sees a token it did not draw"
                );
            }
        }
        for t in &view.favor_discard_known {
            assert!(
                self.discard_known[i] & tbit(t) != 0,
                "{v:?} may not know {t:?} lies on the discard pile"
            );
        }
    }

    fn check_redacted(&self, v: Viewer, e: &EmaraEvent) {
        let me = v.seat();
        match e {
            EmaraEvent::CardsDrawn { seat, cards, .. } if me != Some(*seat) => {
                assert!(cards.is_empty(), "drawn cards leak to {v:?}")
            }
            EmaraEvent::FavorDrawn { seat, tokens, .. }
            | EmaraEvent::FavorDiscarded { seat, tokens, .. }
                if me != Some(*seat) =>
            {
                assert!(tokens.is_empty(), "favor tokens leak to {v:?}")
            }
            EmaraEvent::AdvisorRefilled { advisor, b_top, .. } => {
                for a in advisor.iter().chain(b_top.iter()) {
                    assert!(self.advisor(*a));
                }
            }
            _ => {}
        }
    }
}

impl conformance::Knowledge<Emara> for Knowledge {
    fn observe(&mut self, e: &EmaraEvent) {
        self.learn(e);
    }
    fn shown(&mut self, v: Viewer, e: Option<&EmaraEvent>) {
        self.check_redacted(v, e.expect("events are never fully hidden"));
    }
    fn check_view(&self, st: &EmaraState, v: Viewer, view: &EmaraView) {
        Knowledge::check_view(self, st, v, view);
    }
}

// ---- legality --------------------------------------------------------------------------------

const PAYS: [Payment; 9] = [
    Payment::NONE,
    Payment {
        wood: 1,
        ..Payment::NONE
    },
    Payment {
        cloth: 1,
        ..Payment::NONE
    },
    Payment {
        grain: 1,
        ..Payment::NONE
    },
    Payment {
        stone: 1,
        ..Payment::NONE
    },
    Payment {
        coins: 1,
        ..Payment::NONE
    },
    Payment {
        wood: 1,
        cloth: 1,
        ..Payment::NONE
    },
    Payment {
        wood: 3,
        ..Payment::NONE
    },
    Payment {
        grain: 1,
        stone: 1,
        coins: 1,
        ..Payment::NONE
    },
];

/// A broad list of actions of every kind (most of them illegal at any moment).
fn generic_candidates(st: &EmaraState) -> Vec<EmaraAction> {
    use EmaraAction as A;
    let mut v = vec![
        A::DeclineCardAction,
        A::CastleBookForBp,
        A::FinishLocationAction,
        A::RaiseRank,
        A::UseBailiff,
        A::EndTurn,
        A::UseChamberlain(ChamberlainSwap::RingToCoin),
        A::UseChamberlain(ChamberlainSwap::CoinToRing),
        A::AllocateLeftovers { to_cp: 0 },
        A::AllocateLeftovers { to_cp: 1000 },
    ];
    for r in Ring::ALL {
        v.push(A::CardStep(r));
        v.push(A::Move(r));
    }
    for r in Resource::ALL {
        v.push(A::ChooseStartingResource(r));
        v.push(A::UseMerchant {
            give: Payment::of(r, 1),
            take: r,
        });
    }
    for card in ActionCard::ALL {
        for slot in 0..=4 {
            v.push(A::PlayCard { card, slot });
        }
    }
    for &l in &Location::ALL {
        v.push(A::CardCity(l));
        v.push(A::RelocateStartCouncilor {
            from: l,
            to: Location::ALL[(l as usize + 5) % 8],
        });
        for hut in [0, 3, 4] {
            v.push(A::HireCraftsman {
                location: l,
                hut,
                payment: PAYS[6],
            });
        }
    }
    for &p in &PAYS {
        v.push(A::CardCoins(p));
        v.push(A::MarketBuyCoins(p));
        v.push(A::BuildStone(p));
        v.push(A::BuildWood(p));
        v.push(A::UseSchoolmarm(p));
        v.push(A::UseDressmaker(p));
        v.push(A::UseLandlord(p));
        v.push(A::UseBaker {
            bread: 1 + (p.units() % 3),
            payment: p,
        });
        for r in [Resource::Wood, Resource::Stone] {
            v.push(A::CathedralDonate {
                resource: r,
                payment: p,
            });
            v.push(A::CastleGift {
                resource: r,
                payment: p,
            });
        }
        for o in RoundEventOption::ALL {
            v.push(A::ResolveRoundEvent {
                option: o,
                payment: p,
            });
        }
    }
    for n in 0..=6 {
        v.push(A::MarketSellBooks(n));
        v.push(A::BuildBread(n));
    }
    for a in Advisor::ALL {
        v.push(A::RecruitAdvisor {
            advisor: a,
            payment: PAYS[8],
        });
        v.push(A::CardHire(Hire::Advisor {
            advisor: a,
            payment: Payment {
                wood: 1,
                stone: 1,
                ..Payment::NONE
            },
        }));
    }
    for t in &data().favor_tokens {
        v.push(A::KeepFavorToken(*t));
        v.push(A::RedeemFavorToken(*t));
    }
    for e in 0..=2 {
        for g in 0..=2 {
            v.push(A::Harvest(HarvestChoice {
                extra: e,
                bread_for_grain: g,
                bread_for_coin: (e + g) % 2,
            }));
        }
    }
    let _ = st;
    v
}

/// Near misses of a legal action: one unit more or less, another parameter.
fn mutations(a: &EmaraAction) -> Vec<EmaraAction> {
    use EmaraAction as A;
    let bump = |p: Payment| {
        let mut q = p;
        q.coins += 1;
        q
    };
    let drop = |p: Payment| {
        let mut q = p;
        if q.coins > 0 {
            q.coins -= 1;
        } else if q.wood > 0 {
            q.wood -= 1;
        } else if q.grain > 0 {
            q.grain -= 1;
        } else {
            q.stone = q.stone.saturating_sub(1);
        }
        q
    };
    let swap = |p: Payment| {
        let mut q = p;
        if q.wood > 0 {
            q.wood -= 1;
            q.cloth += 1;
        } else {
            q.wood += 1;
            q.coins = q.coins.saturating_sub(1);
        }
        q
    };
    match *a {
        A::PlayCard { card, slot } => vec![A::PlayCard {
            card,
            slot: slot % 3 + 1,
        }],
        A::CardCoins(p) => vec![A::CardCoins(bump(p)), A::CardCoins(drop(p))],
        A::CathedralDonate { resource, payment } => vec![
            A::CathedralDonate {
                resource,
                payment: bump(payment),
            },
            A::CathedralDonate {
                resource,
                payment: drop(payment),
            },
            A::CathedralDonate {
                resource,
                payment: swap(payment),
            },
        ],
        A::CastleGift { resource, payment } => vec![
            A::CastleGift {
                resource,
                payment: bump(payment),
            },
            A::CastleGift {
                resource,
                payment: swap(payment),
            },
        ],
        A::MarketBuyCoins(p) => vec![A::MarketBuyCoins(bump(p)), A::MarketBuyCoins(drop(p))],
        A::BuildWood(p) => vec![A::BuildWood(bump(p)), A::BuildWood(swap(p))],
        A::BuildStone(p) => vec![A::BuildStone(swap(p))],
        A::MarketSellBooks(n) => vec![A::MarketSellBooks(n + 1)],
        A::BuildBread(n) => vec![A::BuildBread(n + 1)],
        A::HireCraftsman {
            location,
            hut,
            payment,
        } => vec![
            A::HireCraftsman {
                location,
                hut,
                payment: drop(payment),
            },
            A::HireCraftsman {
                location,
                hut,
                payment: swap(payment),
            },
            A::HireCraftsman {
                location,
                hut: (hut + 1) % 4,
                payment,
            },
            A::CardHire(Hire::Craftsman {
                location,
                hut,
                payment: drop(payment),
            }),
        ],
        A::RecruitAdvisor { advisor, payment } => vec![
            A::RecruitAdvisor {
                advisor,
                payment: drop(payment),
            },
            A::RecruitAdvisor {
                advisor,
                payment: swap(payment),
            },
        ],
        A::CardHire(Hire::Craftsman {
            location,
            hut,
            payment,
        }) => vec![
            A::CardHire(Hire::Craftsman {
                location,
                hut,
                payment: drop(payment),
            }),
            A::CardHire(Hire::Craftsman {
                location,
                hut,
                payment: swap(payment),
            }),
        ],
        A::CardHire(Hire::Advisor { advisor, payment }) => vec![
            A::CardHire(Hire::Advisor {
                advisor,
                payment: drop(payment),
            }),
            A::CardHire(Hire::Advisor {
                advisor,
                payment: swap(payment),
            }),
        ],
        A::Harvest(h) => vec![
            A::Harvest(HarvestChoice {
                extra: h.extra + 1,
                ..h
            }),
            A::Harvest(HarvestChoice {
                bread_for_grain: h.bread_for_grain + 1,
                extra: h.extra.saturating_sub(1),
                ..h
            }),
            A::Harvest(HarvestChoice {
                bread_for_coin: h.bread_for_coin + 1,
                extra: h.extra.saturating_sub(1),
                ..h
            }),
        ],
        A::UseBaker { bread, payment } => vec![
            A::UseBaker {
                bread: bread % 2 + 1,
                payment,
            },
            A::UseBaker {
                bread,
                payment: swap(payment),
            },
        ],
        A::UseSchoolmarm(p) => vec![A::UseSchoolmarm(bump(p))],
        A::UseDressmaker(p) => vec![A::UseDressmaker(swap(p))],
        A::UseLandlord(p) => vec![A::UseLandlord(swap(p))],
        A::UseMerchant { give, take } => vec![A::UseMerchant {
            give: swap(give),
            take,
        }],
        A::ResolveRoundEvent { option, payment } => vec![A::ResolveRoundEvent {
            option,
            payment: swap(payment),
        }],
        A::AllocateLeftovers { to_cp } => vec![A::AllocateLeftovers { to_cp: to_cp + 1 }],
        _ => Vec::new(),
    }
}

/// Emara's side of the conformance checker: at a checked step every listed action of every
/// seat on a clone, near misses of each and a sample of every action kind from each seat to
/// act, a few from the others; a random seat to act plays a random listed action.
struct Harness<'a> {
    r: GameRng,
    generic: &'a [EmaraAction],
    seed: u64,
}

impl conformance::Harness<Emara> for Harness<'_> {
    const RULE_PREFIX: &'static str = "EMR-";

    fn candidates(
        &mut self,
        st: &EmaraState,
        legal: &[Vec<EmaraAction>],
    ) -> Vec<(Seat, EmaraAction)> {
        let mut cands: Vec<EmaraAction> = legal.iter().flatten().flat_map(mutations).collect();
        for _ in 0..8 {
            cands.push(self.generic[self.r.below(self.generic.len())]);
        }
        let to_act = Emara::to_act(st);
        let mut out: Vec<(Seat, EmaraAction)> = Vec::new();
        for &s in &to_act {
            out.extend(cands.iter().map(|&a| (s, a)));
        }
        // Seats that need not act: a sample of the others' actions.
        for s in (0..st.n()).filter(|s| !to_act.contains(s)) {
            out.extend(cands.iter().rev().take(1).map(|&a| (s, a)));
        }
        out
    }

    fn choose(
        &mut self,
        st: &EmaraState,
        to_act: &[Seat],
        legal: &[Vec<EmaraAction>],
    ) -> Option<(Seat, EmaraAction)> {
        assert!(to_act.len() == 1 || matches!(st.pending, Pending::Leftovers { .. }));
        let seat = to_act[self.r.below(to_act.len())];
        Some((seat, legal[seat][self.r.below(legal[seat].len())]))
    }

    fn depth(&mut self, step: usize) -> Depth {
        // Every tenth game at every step, the others at every fourth.
        Depth::sampled(self.seed.is_multiple_of(10), self.seed, step, 4)
    }

    fn invariants(&mut self, st: &EmaraState) {
        check_invariants(st);
    }
}

fn check_end(st: &EmaraState) -> Outcome {
    assert_eq!(st.phase, Phase::Finished);
    assert_eq!(st.round, 6, "EMR-3.1");
    let o = Emara::outcome(st).expect("a finished game has an outcome");
    let n = st.n();
    assert_eq!(o.places.len(), n);
    assert!(!o.reason.is_empty());
    assert!(!o.draw);
    let score = st.score.as_ref().unwrap();
    for p in &score.players {
        assert_eq!(p.final_score, p.cp.min(p.bp), "EMR-14.5");
        assert!(p.to_cp <= p.leftovers);
    }
    if n == 1 {
        assert!(o.places[0] == 1 || o.places[0] == 2);
        assert_eq!(o.winners.contains(&0), o.places[0] == 1);
        assert!(score.victoria_cp.is_some());
    } else {
        assert!(o.places.iter().all(|&p| (1..=n as u32).contains(&p)));
        assert!(o.places.contains(&1));
        for seat in 0..n {
            assert_eq!(o.winners.contains(&seat), o.places[seat] == 1, "{o:?}");
        }
    }
    assert!(Emara::is_over(st) && Emara::to_act(st).is_empty());
    for s in 0..n {
        assert!(Emara::legal_actions(st, s).is_empty());
    }
    o
}

fn full_playout(n: u8, seed: u64, generic: &mut Option<Vec<EmaraAction>>) {
    let mut r = GameRng::from_seed(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ n as u64);
    let config = random_config(n, &mut r);
    let st = Emara::setup(&config, seed).unwrap();
    let generic = generic.get_or_insert_with(|| generic_candidates(&st));
    let mut k = Knowledge::new(st.n());
    let limits = Limits {
        max_steps: usize::MAX,
        round_trip_at: r.below(300),
    };
    let mut h = Harness { r, generic, seed };
    let played = conformance::playout::<Emara, _, _>(&config, seed, &mut h, &mut k, limits);
    check_end(&played.state);
}

/// One half of the seeds `0..GAMES_PER_COUNT` of a player count.
fn run_half(n: u8, half: u64) {
    let mut generic = None;
    let per = GAMES_PER_COUNT / 2;
    let per = conformance::games(per);
    for seed in half * per..(half + 1) * per {
        full_playout(n, seed, &mut generic);
    }
}

#[test]
fn playouts_solo_against_victoria_a() {
    // EMR-1.1, EMR-16.1, EMR-16.5, EMR-16.6, EMR-15.1, EMR-15.5 (random variants), section 8
    run_half(1, 0);
}

#[test]
fn playouts_solo_against_victoria_b() {
    // EMR-1.1, EMR-16.1, EMR-16.5, EMR-16.6, section 8
    run_half(1, 1);
}

#[test]
fn playouts_two_players_a() {
    // EMR-1.1, EMR-3.3, EMR-4.3, section 8
    run_half(2, 0);
}

#[test]
fn playouts_two_players_b() {
    // EMR-1.1, EMR-3.3, EMR-4.3, section 8
    run_half(2, 1);
}

#[test]
fn playouts_three_players_a() {
    // EMR-1.1, EMR-3.3, EMR-4.3, section 8
    run_half(3, 0);
}

#[test]
fn playouts_three_players_b() {
    // EMR-1.1, EMR-3.3, EMR-4.3, section 8
    run_half(3, 1);
}

#[test]
fn playouts_four_players_a() {
    // EMR-1.1, EMR-3.3, EMR-4.3, section 8
    run_half(4, 0);
}

#[test]
fn playouts_four_players_b() {
    // EMR-1.1, EMR-3.3, EMR-4.3, section 8
    run_half(4, 1);
}
