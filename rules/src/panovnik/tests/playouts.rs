//! Random playouts through the conformance checker (`crate::conformance`): 5,000 seeded games for each of N = 1, 2, 3, 4 real
//! players (N = 1 with its default single virtual opponent, both settings of
//! `solo_tie_choice`) and 5,000 over the virtual-opponent configurations (N = 1, V = 1..3;
//! N = 2, V = 1..2; N = 3, V = 1). Checked in every game: `apply` accepts the listed actions of
//! every seat (on a clone; committed seats may replace their sealed choice) and refuses unlisted
//! ones from every seat (near misses of listed actions and generic samples) leaving the state
//! unchanged and naming a PNV rule; ids round-trip and are unique; the invariants (gem
//! conservation, the box untouched, card conservation, pyramid geometry and height ≤ 5, ≤ 1
//! card won per player per auction); no view or redacted event shows what its viewer may not
//! know (an independent knowledge model built from the redacted events, section 8). At the end:
//! exactly 12 rounds, a valid outcome, exact replay from (config, seed, actions), and a serde
//! round trip taken at a random step that continues identically.
//!
//! Sampling, to keep the run time within budget: the first games of each batch run the full
//! legality sweep (every listed action applied on a clone, every refusal candidate from every
//! seat) and the view checks at every step; later games sweep at a random sixteenth of the
//! steps (at most 12 listed actions per seat), test a sample of refusals at every eighth step
//! and check views at every sixteenth step. Invariants, event redaction and the knowledge model
//! run at every step of every game.

use super::*;
use crate::conformance::{self, Depth, Limits};
use crate::{Outcome, Viewer};
use std::collections::{BTreeSet, HashSet};

/// Seeded games per batch (each batch split in halves so the tests spread over the cores).
const GAMES: u64 = 5_000;
/// Games per batch half with the legality sweep at every step.
const FULL_SWEEP_GAMES: u64 = 8;

// ---- invariants ----------------------------------------------------------------------------

fn check_invariants(st: &PanovnikState) {
    let n = st.n() as u32;
    // PNV-1.6, 2.1: gems in play stay 4 per colour per real player; the box is never touched.
    assert_eq!(
        st.gems_in_play(),
        Gems::each(4 * n),
        "PNV-1.6 gem conservation"
    );
    assert_eq!(st.box_gems, Gems::each(16 - 4 * n), "PNV-11.7 the box");
    // Card conservation (before the end, when hands are discarded).
    if !st.is_over() && st.stage != Stage::Recolor {
        let mut cards: Vec<u32> = Vec::new();
        cards.extend(&st.big_deck);
        cards.extend(&st.small_deck);
        cards.extend(&st.law_deck);
        cards.extend(&st.discard);
        cards.extend(st.display.iter().flatten().flatten());
        for p in &st.players {
            cards.extend(&p.hand);
            cards.extend(&p.dealt);
            for c in &p.pyramid {
                cards.push(c.card);
                cards.extend(c.tucked.iter().map(|t| t.card));
            }
        }
        cards.sort_unstable();
        assert_eq!(
            cards,
            (1..=88).collect::<Vec<u32>>(),
            "every card exactly once"
        );
    }
    for p in &st.players {
        let mut pos = HashSet::new();
        for c in &p.pyramid {
            // PNV-1.9, 4.4, 4.5: at most 5 levels, laws on 1–4.
            assert!((1..=5).contains(&c.level), "PNV-4.4");
            if Catalog::is_law(c.card) {
                assert!(c.level <= 4, "PNV-4.5");
            }
            // PNV-4.1 parity.
            assert_eq!((c.x - (c.level as i32 - 1)).rem_euclid(2), 0, "PNV-4.1");
            assert!(pos.insert((c.level, c.x)), "one card per position");
            // PNV-4.14: both supports.
            if c.level >= 2 {
                assert!(p.at(c.level - 1, c.x - 1).is_some(), "PNV-4.14");
                assert!(p.at(c.level - 1, c.x + 1).is_some(), "PNV-4.14");
            }
        }
    }
}

// ---- the independent knowledge model (section 8) -----------------------------------------

/// What each viewer learnt from the (redacted) events it was shown.
struct Knowledge {
    n: usize,
    /// The owner's model of its hand and screen, from its own events.
    hands: Vec<Vec<u32>>,
    dealt: Vec<Vec<u32>>,
    screens: Vec<Gems>,
    /// Per viewer (seats, then the spectator): tucked cards whose identity it saw.
    tucked_seen: Vec<HashSet<u32>>,
    /// Cards won per seat in the current auction (PNV-5.12).
    won_this_auction: Vec<u32>,
    rounds: u32,
}

impl Knowledge {
    fn new(n: usize) -> Self {
        Knowledge {
            n,
            hands: vec![Vec::new(); n],
            dealt: vec![Vec::new(); n],
            screens: vec![Gems::ZERO; n],
            tucked_seen: vec![HashSet::new(); n + 1],
            won_this_auction: vec![0; n],
            rounds: 0,
        }
    }

    fn idx(&self, v: Viewer) -> usize {
        v.seat().unwrap_or(self.n)
    }

    /// Learns from one event as `viewer` sees it (the owner's models only from its own view).
    fn learn(&mut self, v: Viewer, e: &PanovnikEvent) {
        use PanovnikEvent as E;
        let i = self.idx(v);
        let own = |s: &Seat| v.seat() == Some(*s);
        match e {
            E::CardTucked {
                card: Some(c),
                seat,
                ..
            } => {
                self.tucked_seen[i].insert(*c);
                if own(seat) {
                    let h = &mut self.hands[*seat];
                    if let Some(k) = h.iter().position(|x| x == c) {
                        h.remove(k);
                    }
                }
            }
            E::RoundStarted { .. } if v == Viewer::Spectator => {
                self.rounds += 1;
                self.won_this_auction.iter_mut().for_each(|w| *w = 0);
            }
            E::CardTaken { seat, .. } if v == Viewer::Spectator => {
                self.won_this_auction[*seat] += 1;
                assert!(self.won_this_auction[*seat] <= 1, "PNV-5.12");
            }
            _ => {}
        }
        let Some(me) = v.seat() else { return };
        let h = &mut self.hands[me];
        let g = &mut self.screens[me];
        match e {
            E::StartingGemsTaken { seat, gems } if *seat == me => *g = g.plus(gems),
            E::StartingGemsReturned { seat, gems } if *seat == me => {
                for c in gems.expect("own returned gems") {
                    g.take(c, 1);
                }
            }
            E::CharactersDealt { seat, cards } if *seat == me => {
                self.dealt[me] = cards.expect("own dealt cards").to_vec();
            }
            E::StartingCardsRevealed { cards } => {
                assert!(
                    self.dealt[me].contains(&cards[me]),
                    "started with a dealt card"
                );
                h.extend(self.dealt[me].iter().filter(|&&c| c != cards[me]));
                self.dealt[me].clear();
            }
            E::LawsDealt { seat, cards, .. } if *seat == me => {
                h.extend(cards.as_ref().expect("own laws"));
            }
            E::BidsRevealed { bids, .. } => {
                for (s, b) in bids {
                    if *s == me
                        && let Bid::Gem(c) = b
                    {
                        g.take(*c, 1);
                    }
                }
            }
            E::CardTaken { seat, card, .. } if *seat == me => h.push(*card),
            E::CardDrawn { seat, card, .. } if *seat == me => {
                h.push(card.expect("own drawn card"));
            }
            E::GemsTaken { seat, gems, .. } if *seat == me => *g = g.plus(gems),
            E::CardPlaced {
                seat, card, paid, ..
            } if *seat == me => {
                let k = h.iter().position(|c| c == card).expect("played from hand");
                h.remove(k);
                *g = g.minus(paid);
            }
            E::MonochromeCircle {
                seat,
                color,
                gem: true,
                ..
            } if *seat == me => g.add(*color, 1),
            E::EternalGemPlaced {
                seat,
                color,
                from_screen: true,
                ..
            } if *seat == me => g.take(*color, 1),
            E::GemsStored { seat, gems, .. } if *seat == me => *g = g.minus(gems),
            E::ScreensRevealed { screens, .. } => {
                assert_eq!(
                    screens[me], *g,
                    "the revealed screen matches the owner's model"
                );
                h.clear();
            }
            E::RecolorsRevealed { recolors } => {
                for r in &recolors[me] {
                    g.take(r.color, 1);
                }
            }
            _ => {}
        }
    }

    fn check_view(&self, st: &PanovnikState, v: Viewer, view: &PanovnikView) {
        let i = self.idx(v);
        let end = matches!(view.phase, PhaseView::Recolor | PhaseView::Finished);
        for p in &view.players {
            let own = v.seat() == Some(p.seat);
            assert_eq!(p.hand.is_some(), own, "only the owner sees a hand");
            assert_eq!(
                p.screen.is_some(),
                own || end,
                "screens are hidden until the end"
            );
            assert_eq!(
                p.attack_tokens.is_some(),
                own || end,
                "attack tokens hidden"
            );
            if !own {
                assert!(
                    p.pending_choice.is_none(),
                    "another seat's sealed choice leaks"
                );
                assert!(
                    p.starting_options.is_none(),
                    "another seat's dealt cards leak"
                );
            }
            if let Some(d) = &p.starting_options {
                assert_eq!(d, &self.dealt[p.seat], "the owner's dealt cards");
            }
            if let Some(h) = &p.hand {
                let mut a = h.clone();
                a.sort_unstable();
                let mut b = self.hands[p.seat].clone();
                b.sort_unstable();
                assert_eq!(a, b, "the owner's hand as its events told it");
            }
            if own {
                assert_eq!(
                    p.screen,
                    Some(self.screens[p.seat]),
                    "the owner's screen as its events told it"
                );
            }
            let sp = &st.players[p.seat];
            assert_eq!(
                (p.hand_characters + p.hand_laws) as usize,
                sp.hand.len(),
                "public hand size"
            );
            for c in &p.pyramid {
                for t in c.tucked.iter().flatten() {
                    assert!(
                        own || self.tucked_seen[i].contains(t),
                        "{v:?} sees tucked card {t} it was never shown"
                    );
                }
            }
        }
        if let Some(DecisionView::TuckGainedCard {
            seat,
            card: Some(_),
            ..
        }) = &view.decision
        {
            let public = matches!(st.decision, Some(Decision::TuckGained { public: true, .. }));
            assert!(v.seat() == Some(*seat) || public, "a drawn card leaks");
        }
    }

    fn check_redacted(&self, v: Viewer, e: &PanovnikEvent) {
        use PanovnikEvent as E;
        let other = |s: &Seat| v.seat() != Some(*s);
        match e {
            E::ChoiceCommitted { seat, choice, .. } if other(seat) => {
                assert!(choice.is_none(), "a sealed choice leaks to {v:?}")
            }
            E::RecolorDrafted { seat, draft, .. } if other(seat) => {
                assert!(draft.is_none(), "a recolour draft leaks to {v:?}")
            }
            E::StartingGemsReturned { seat, gems } if other(seat) => {
                assert!(gems.is_none(), "returned gems leak to {v:?}")
            }
            E::CharactersDealt { seat, cards } if other(seat) => {
                assert!(cards.is_none(), "dealt cards leak to {v:?}")
            }
            E::LawsDealt { seat, cards, .. } if other(seat) => {
                assert!(cards.is_none(), "dealt laws leak to {v:?}")
            }
            E::CardDrawn { seat, card, .. } if other(seat) => {
                assert!(card.is_none(), "a drawn card leaks to {v:?}")
            }
            E::CardTucked {
                seat,
                card,
                public: false,
                ..
            } if other(seat) => assert!(card.is_none(), "a hidden tuck leaks to {v:?}"),
            _ => {}
        }
    }
}

impl conformance::Knowledge<Panovnik> for Knowledge {
    fn shown(&mut self, v: Viewer, e: Option<&PanovnikEvent>) {
        let r = e.expect("events are never fully hidden");
        self.check_redacted(v, r);
        self.learn(v, r);
    }
    fn check_view(&self, st: &PanovnikState, v: Viewer, view: &PanovnikView) {
        Knowledge::check_view(self, st, v, view);
        let text = serde_json::to_string(view).unwrap();
        assert!(!text.contains("big_deck\":["), "deck order leaks");
    }
}

// ---- legality --------------------------------------------------------------------------------

/// A broad sample of actions of every kind (most of them illegal at any moment).
fn generic_candidates() -> Vec<PanovnikAction> {
    use PanovnikAction as A;
    let mut v = vec![
        A::BidAttack,
        A::BidPass,
        A::BuildPass,
        A::TuckFromHandDone,
        A::RecolorDone,
        A::RecolorClear,
        A::ChooseStartingCard { card: 1 },
        A::ChooseStartingCard { card: 64 },
        A::BuildSelect { card: 32 },
        A::BuildSelect { card: 70 },
        A::TuckFromHand { card: 5 },
        A::ChooseGems {
            gems: Gems::new(1, 1, 1, 0),
        },
        A::ChooseGems {
            gems: Gems::new(0, 0, 0, 9),
        },
        A::StoreGems {
            gems: Gems::new(2, 0, 0, 0),
        },
        A::TakeGem { color: Color::Red },
        A::StoreGem { color: Color::Blue },
        A::StoreGemsDone,
        A::PlaceCard {
            level: 1,
            x: 2,
            eternal_gems: Gems::ZERO,
        },
        A::PlaceCard {
            level: 6,
            x: 5,
            eternal_gems: Gems::ZERO,
        },
        A::PlaceCard {
            level: 2,
            x: 1,
            eternal_gems: Gems::new(1, 0, 0, 0),
        },
        A::TuckFreeCard { level: 1, x: 0 },
        A::LawChooseOption { index: 0 },
        A::LawChooseOption { index: 3 },
        A::Recolor {
            level: 1,
            x: 0,
            segment: Segment::Tr,
            color: Color::Red,
        },
    ];
    for b in [true, false] {
        v.push(A::EternalGemFromScreen { accept: b });
        v.push(A::TuckGainedCard { accept: b });
    }
    for c in Color::ALL {
        v.push(A::BidGem { color: c });
        v.push(A::ChooseColor { color: c });
        for slot in Slot::ALL {
            v.push(A::AttackPick { color: c, slot });
            v.push(A::VirtualDiscard { color: c, slot });
        }
    }
    for slot in Slot::ALL {
        v.push(A::AuctionPick { slot });
    }
    for choice in Claim::ALL {
        v.push(A::NegotiateClaim { choice });
    }
    for choice in TieChoice::ALL {
        v.push(A::VirtualTieChoice { choice });
    }
    for choice in Level5Choice::ALL {
        v.push(A::ChooseLevel5Reward { choice });
    }
    for deck in Deck::ALL {
        v.push(A::DrawCard { deck });
    }
    v
}

/// Near misses of a listed action.
fn mutations(a: &PanovnikAction) -> Vec<PanovnikAction> {
    use PanovnikAction as A;
    let bump = |g: Gems| Gems::new(g.b + 1, g.r, g.g, g.y);
    match *a {
        A::ChooseGems { gems } => vec![A::ChooseGems { gems: bump(gems) }],
        A::StoreGems { gems } => vec![A::StoreGems { gems: bump(gems) }],
        A::PlaceCard {
            level,
            x,
            eternal_gems,
        } => vec![
            A::PlaceCard {
                level,
                x: x + 1,
                eternal_gems,
            },
            A::PlaceCard {
                level,
                x,
                eternal_gems: bump(eternal_gems),
            },
            A::PlaceCard {
                level: level + 1,
                x,
                eternal_gems,
            },
        ],
        A::ChooseStartingCard { card } => vec![A::ChooseStartingCard {
            card: card % 64 + 1,
        }],
        A::BuildSelect { card } => vec![A::BuildSelect {
            card: card % 88 + 1,
        }],
        A::TuckFromHand { card } => vec![A::TuckFromHand {
            card: card % 88 + 1,
        }],
        A::TuckFreeCard { level, x } => vec![A::TuckFreeCard { level, x: x + 2 }],
        A::LawChooseOption { index } => vec![A::LawChooseOption { index: index + 1 }],
        A::Recolor {
            level,
            x,
            segment,
            color,
        } => vec![A::Recolor {
            level: level + 1,
            x,
            segment,
            color,
        }],
        _ => Vec::new(),
    }
}

/// Panovník's side of the conformance checker. Full games sweep every step (every listed
/// action on a clone, every near miss and a generic sample from every seat and a seat past the
/// last); other games sweep a random sixteenth of the steps (at most 12 listed actions per
/// seat), try a small sample of refusals from one seat at every eighth step and check views at
/// every sixteenth. Mostly a seat to act plays; sometimes a committed seat replaces its sealed
/// choice.
struct Harness {
    r: GameRng,
    generic: Vec<PanovnikAction>,
    full: bool,
    sweep: bool,
}

impl conformance::Harness<Panovnik> for Harness {
    const RULE_PREFIX: &'static str = "PNV-";

    fn candidates(
        &mut self,
        st: &PanovnikState,
        legal: &[Vec<PanovnikAction>],
    ) -> Vec<(Seat, PanovnikAction)> {
        let n = st.n();
        let r = &mut self.r;
        let mut cands: Vec<PanovnikAction> = Vec::new();
        if self.sweep {
            cands.extend(legal.iter().flatten().flat_map(mutations));
            for _ in 0..6 {
                cands.push(self.generic[r.below(self.generic.len())]);
            }
            cands.extend(legal.iter().flatten().take(3));
        } else {
            let all: Vec<&PanovnikAction> = legal.iter().flatten().collect();
            if !all.is_empty() {
                let a = all[r.below(all.len())];
                cands.extend(mutations(a));
                cands.push(*a);
            }
            cands.push(self.generic[r.below(self.generic.len())]);
        }
        let seats: Vec<Seat> = if self.sweep {
            (0..=n).collect()
        } else {
            vec![r.below(n + 1)]
        };
        seats
            .into_iter()
            .flat_map(|s| cands.iter().map(move |&a| (s, a)))
            .collect()
    }

    fn choose(
        &mut self,
        st: &PanovnikState,
        to_act: &[Seat],
        legal: &[Vec<PanovnikAction>],
    ) -> Option<(Seat, PanovnikAction)> {
        let committed: Vec<Seat> = st
            .sealed
            .as_ref()
            .map(|s| (0..st.n()).filter(|&i| s.committed[i]).collect())
            .unwrap_or_default();
        let mut seat = if !committed.is_empty() && self.r.below(10) == 0 {
            committed[self.r.below(committed.len())]
        } else {
            to_act[self.r.below(to_act.len())]
        };
        if legal[seat].is_empty() {
            seat = to_act[self.r.below(to_act.len())];
        }
        Some((seat, pick_random(&legal[seat], &mut self.r)))
    }

    fn depth(&mut self, step: usize) -> Depth {
        if self.full {
            self.sweep = true;
            return Depth::FULL;
        }
        self.sweep = self.r.below(16) == 0;
        Depth {
            accept: if self.sweep { 12 } else { 0 },
            refuse: self.sweep || step.is_multiple_of(8),
            views: (step + 1).is_multiple_of(16),
        }
    }

    fn invariants(&mut self, st: &PanovnikState) {
        check_invariants(st);
    }
}

fn check_end(st: &PanovnikState, k: &Knowledge) -> Outcome {
    assert_eq!(st.round, 12, "PNV-1.13: exactly 12 rounds");
    assert_eq!(k.rounds, 12, "PNV-1.13: 12 rounds started");
    assert!(st.big_deck.is_empty(), "PNV-5.17");
    let o = Panovnik::outcome(st).expect("a finished game has an outcome");
    let n = st.n();
    assert_eq!(o.places.len(), n);
    assert!(!o.reason.is_empty());
    let scores = st.scores.as_ref().unwrap();
    for s in scores {
        assert_eq!(
            s.total,
            s.circles + s.eternal_gems + s.laws + s.power + s.magic + s.sets + s.attack_penalty
        );
        assert!(s.attack_penalty <= 0, "PNV-10.13 clamp");
    }
    if n == 1 {
        assert_eq!(o.places, vec![1], "PNV-11.8");
        assert_eq!(o.winners, vec![0]);
    } else {
        let best = scores.iter().map(|s| s.total).max().unwrap();
        for (seat, sc) in scores.iter().enumerate() {
            assert_eq!(o.winners.contains(&seat), sc.total == best, "PNV-10.14");
            assert_eq!(o.winners.contains(&seat), o.places[seat] == 1);
        }
    }
    assert!(Panovnik::is_over(st) && Panovnik::to_act(st).is_empty());
    for s in 0..n {
        assert!(Panovnik::legal_actions(st, s).is_empty());
    }
    o
}

/// One seeded game with every check; returns the number of steps.
pub(super) fn full_playout(config: &PanovnikConfig, seed: u64, full_sweep: bool) -> usize {
    let mut r = GameRng::from_seed(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5EED);
    let mut k = Knowledge::new(config.players as usize);
    let limits = Limits {
        max_steps: usize::MAX,
        round_trip_at: r.below(400),
    };
    let mut h = Harness {
        r,
        generic: generic_candidates(),
        full: full_sweep,
        sweep: false,
    };
    let played = conformance::playout::<Panovnik, _, _>(config, seed, &mut h, &mut k, limits);
    check_end(&played.state, &k);
    played.log.len()
}

fn run(configs: &[PanovnikConfig], seeds: std::ops::Range<u64>) {
    let first = seeds.start;
    for seed in seeds {
        let c = &configs[(seed % configs.len() as u64) as usize];
        full_playout(c, seed, seed - first < FULL_SWEEP_GAMES);
    }
}

fn half(h: u64) -> std::ops::Range<u64> {
    // PNV_GAMES overrides the batch size for quick local runs.
    let games = std::env::var("PNV_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(GAMES);
    h * games / 2..(h + 1) * games / 2
}

fn plain(n: u8) -> Vec<PanovnikConfig> {
    let mut off = PanovnikConfig::new(n);
    off.solo_tie_choice = false;
    if n == 1 {
        // PNV-11.12: both settings of the solo flag.
        vec![PanovnikConfig::new(1), off]
    } else {
        vec![PanovnikConfig::new(n)]
    }
}

fn virtual_configs() -> Vec<PanovnikConfig> {
    [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (3, 1)]
        .into_iter()
        .map(|(n, v)| PanovnikConfig::with_virtual(n, v))
        .collect()
}

#[test]
fn playouts_solo_a() {
    // PNV-11.1, PNV-11.8, PNV-11.12, PNV-1.13, section 8
    run(&plain(1), half(0));
}

#[test]
fn playouts_solo_b() {
    // PNV-11.1, PNV-11.3, PNV-11.7
    run(&plain(1), half(1));
}

#[test]
fn playouts_two_players_a() {
    // PNV-1.13, PNV-5.12, PNV-1.6, section 8
    run(&plain(2), half(0));
}

#[test]
fn playouts_two_players_b() {
    // PNV-1.13, PNV-5.12, PNV-1.6
    run(&plain(2), half(1));
}

#[test]
fn playouts_three_players_a() {
    // PNV-1.13, PNV-5.12, PNV-1.6, section 8
    run(&plain(3), half(0));
}

#[test]
fn playouts_three_players_b() {
    // PNV-1.13, PNV-5.12, PNV-1.6
    run(&plain(3), half(1));
}

#[test]
fn playouts_four_players_a() {
    // PNV-1.13, PNV-5.12, PNV-1.6, section 8
    run(&plain(4), half(0));
}

#[test]
fn playouts_four_players_b() {
    // PNV-1.13, PNV-5.12, PNV-1.6
    run(&plain(4), half(1));
}

#[test]
fn playouts_virtual_opponents_a() {
    // PNV-12.1, PNV-12.2, PNV-12.5, PNV-12.11, PNV-12.12, PNV-12.13
    run(&virtual_configs(), half(0));
}

#[test]
fn playouts_virtual_opponents_b() {
    // PNV-12.1, PNV-12.2, PNV-12.5, PNV-12.12
    run(&virtual_configs(), half(1));
}

#[test]
fn every_sealed_step_and_decision_kind_occurs() {
    // Section 9: random and greedy games reach every decision point.
    let mut kinds: BTreeSet<String> = BTreeSet::new();
    let configs = [
        PanovnikConfig::new(1),
        PanovnikConfig::new(2),
        PanovnikConfig::new(3),
        PanovnikConfig::new(4),
        PanovnikConfig::with_virtual(2, 2),
        PanovnikConfig::with_virtual(1, 3),
    ];
    for seed in 0..400u64 {
        let mut st = Panovnik::setup(&configs[(seed % 6) as usize], seed).unwrap();
        let mut r = GameRng::from_seed(seed);
        while let Some(&seat) = Panovnik::to_act(&st).first() {
            let legal = Panovnik::legal_actions(&st, seat);
            for a in &legal {
                let id = Panovnik::action_id(a);
                kinds.insert(id.split(':').next().unwrap().to_string());
            }
            let a = if seed % 2 == 0 {
                greedy(&legal, &mut r)
            } else {
                pick_random(&legal, &mut r)
            };
            Panovnik::apply(&mut st, seat, &a).unwrap();
        }
    }
    for k in [
        "start",
        "bid",
        "attack",
        "pick",
        "claim",
        "tie",
        "vdiscard",
        "take_gem",
        "draw",
        "eternal_from_screen",
        "select",
        "build",
        "place",
        "level5",
        "law_option",
        "color",
        "tuck_free",
        "store_gem",
        "tuck_hand",
        "tuck_gained",
        "recolor",
    ] {
        assert!(
            kinds.contains(k),
            "decision kind {k} never offered: {kinds:?}"
        );
    }
}
