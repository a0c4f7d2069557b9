//! Random playouts through the conformance checker (`crate::conformance`): 5,000 seeded games
//! each for 2, 3 and 4 players (mixing `bonus_choice`, `start_seat` and `start_material_by_player_count`). Checked in every
//! game: ids round-trip and are unique; `apply` accepts listed actions (every listed action on a
//! clone, at sampled steps) and refuses unlisted ones (near misses and generic samples) leaving
//! the state unchanged and naming a PTH rule; stone conservation (PTH-1.2) and card
//! conservation; no view or redacted event shows what its viewer may not know (a knowledge
//! model built from the redacted events, §8). At the end: the game ended after 6 epochs with a
//! valid outcome, exact replay from (config, seed, actions), and a serde round trip taken at a
//! random step that continues identically.
//!
//! Sampling to keep the run time in budget: the first games of a batch sweep every listed
//! action at every step; later games sweep at a random sixteenth of the steps and check views
//! at every sixteenth step. Invariants, redaction and the knowledge model run at every step.
//!
//! Termination: the random policy picks an action category uniformly, then an action; games end
//! naturally, but `max_turns_per_epoch = 60` (§11 G15) bounds the rare epoch in which random
//! play neither takes the gods nor collects the loot.

use super::*;
use crate::conformance::{self, Depth, Limits};
use crate::{GameRng, Viewer};

const GAMES: u64 = 2_500;
const FULL_SWEEP_GAMES: u64 = 2;

fn config(n: u8, seed: u64) -> PantheonConfig {
    PantheonConfig {
        players: n,
        start_seat: if seed.is_multiple_of(3) {
            Some((seed as usize / 3) % n as usize)
        } else {
            None
        },
        bonus_choice: seed % 2 == 1,
        start_material_by_player_count: seed % 5 == 4,
        max_turns_per_epoch: 60,
    }
}

/// Category of an action for the random policy (`end_*` competes as one category).
fn category(a: &PantheonAction) -> u8 {
    use PantheonAction as A;
    match a {
        A::ChooseBonusToken { .. } => 0,
        A::GalliaDrawTwo => 1,
        A::GalliaRevealGod => 2,
        A::GalliaTakeGod { .. } => 3,
        A::GalliaDeclineGod => 4,
        A::DiscardToSeven { .. } => 5,
        A::AegyptusExchange { .. } => 6,
        A::CartagoBuyOffering { .. } | A::CartagoUpgradeOffering { .. } => 7,
        A::CartagoBuyStone { .. } => 8,
        A::CartagoDone => 9,
        A::IberiaTakeOffering { .. } | A::IberiaUpgrade { .. } => 10,
        A::IberiaPass => 11,
        A::RomaDrawTwo => 12,
        A::RomaPass => 13,
        A::ResolveEffect { .. } => 14,
        A::DeclineEffect => 15,
        A::StartMovement { .. } => 16,
        A::StartPurchase { .. } => 17,
        A::TakeGod { .. } => 18,
        A::DrawCard { .. } => 19,
        A::PlaceFootprint { .. } => 20,
        A::PlacePillar { .. } => 21,
        A::EndPlacement | A::EndPurchase => 22,
        A::BuyOffering { .. } | A::UpgradeOffering { .. } => 23,
        A::BuyStone { .. } => 24,
        A::FollowMove { .. } => 25,
        A::FollowDraw => 26,
        A::FollowPass => 27,
        A::TakeExtraTurn => 28,
        A::DeclineExtraTurn => 29,
    }
}

pub fn pick(legal: &[PantheonAction], r: &mut GameRng) -> PantheonAction {
    let mut cats: Vec<u8> = legal.iter().map(category).collect();
    cats.sort_unstable();
    cats.dedup();
    let c = cats[r.below(cats.len())];
    let within: Vec<&PantheonAction> = legal.iter().filter(|a| category(a) == c).collect();
    within[r.below(within.len())].clone()
}

fn check_invariants(st: &PantheonState) {
    // PTH-1.2: 12 + 12 stones per colour.
    let pillar: Vec<bool> = st
        .board()
        .spaces
        .iter()
        .map(|sp| sp.kind == SpaceKind::Pillar)
        .collect();
    let mut on_board = vec![[0u32; 2]; st.n()];
    for (i, sp) in st.stones.iter().enumerate() {
        assert!(sp.len() <= 2, "PTH-6.2 capacity");
        let seats = sp.seats();
        if seats.len() == 2 {
            assert_ne!(seats[0], seats[1], "PTH-6.2 one stone per player per space");
        }
        for x in seats {
            on_board[x as usize][if pillar[i] { 0 } else { 1 }] += 1;
        }
    }
    for (s, &board) in on_board.iter().enumerate() {
        let p = &st.players[s];
        assert_eq!(
            st.general[s][0] + p.pillars + board[0],
            12,
            "PTH-1.2 pillars"
        );
        assert_eq!(
            st.general[s][1] + p.footprints + board[1],
            12,
            "PTH-1.2 footprints"
        );
    }
    // Cards: 75 action cards + 7 special money cards, each exactly once.
    let mut cards: Vec<Card> = Vec::new();
    cards.extend(&st.draw_pile);
    cards.extend(st.display.iter().flatten());
    cards.extend(&st.discard);
    cards.extend(&st.special_deck);
    cards.extend(&st.played);
    for p in &st.players {
        cards.extend(&p.hand);
    }
    cards.sort_unstable();
    assert_eq!(
        cards,
        (0..82).collect::<Vec<Card>>(),
        "every card exactly once"
    );
    // PTH-1.6/1.7: offering supply.
    for k in 0..4 {
        let owners12 = st
            .players
            .iter()
            .filter(|p| (1..=2).contains(&p.offerings[k]))
            .count();
        assert!(st.offering_supply[k][0] as usize <= 4 - owners12, "PTH-1.7");
    }
}

/// What each viewer learnt from its redacted events (§8).
struct Knowledge {
    n: usize,
    hands: Vec<Vec<CardKind>>,
    /// Per viewer, per seat: demigod values it has seen.
    demigods: Vec<Vec<Vec<Option<u32>>>>,
}

fn remove(h: &mut Vec<CardKind>, k: CardKind) {
    let i = h
        .iter()
        .position(|x| *x == k)
        .unwrap_or_else(|| panic!("card {k:?} not in the modelled hand {h:?}"));
    h.remove(i);
}

impl Knowledge {
    fn new(n: usize) -> Self {
        Knowledge {
            n,
            hands: vec![Vec::new(); n],
            demigods: vec![vec![Vec::new(); n]; n + 1],
        }
    }

    fn learn(&mut self, v: Viewer, e: &PantheonEvent) {
        use PantheonEvent as E;
        let i = v.seat().unwrap_or(self.n);
        let other = |s: &Seat| v.seat() != Some(*s);
        // Redaction checks.
        match e {
            E::HandDealt { seat, cards, .. } if other(seat) => {
                assert!(cards.is_none(), "hand leaks")
            }
            E::BonusDealt { seat, bonus } if other(seat) => assert!(bonus.is_none(), "bonus leaks"),
            E::CardDrawn {
                seat,
                source: CardSource::Deck,
                card,
            } if other(seat) => assert!(card.is_none(), "a drawn card leaks"),
            E::DemigodTaken {
                seat,
                from_display: false,
                value,
            } if other(seat) => assert!(value.is_none(), "a stack demigod leaks"),
            _ => {}
        }
        if let E::DemigodTaken { seat, value, .. } = e {
            self.demigods[i][*seat].push(*value);
        }
        if let E::GameOver { demigods, .. } = e {
            for (s, d) in demigods.iter().enumerate() {
                self.demigods[i][s] = d.iter().map(|&x| Some(x)).collect();
            }
        }
        let Some(me) = v.seat() else { return };
        let h = &mut self.hands[me];
        match e {
            E::HandDealt { seat, cards, .. } if *seat == me => {
                *h = cards.clone().expect("own hand");
            }
            E::CardDrawn { seat, card, .. } if *seat == me => h.push(card.expect("own card")),
            E::SpecialMoneyTaken { seat, value } if *seat == me => h.push(CardKind::Money(*value)),
            E::CardsDiscarded { seat, cards } if *seat == me => {
                for &k in cards {
                    remove(h, k);
                }
            }
            E::MovementStarted { seat, cards, .. } if *seat == me => {
                for _ in 0..*cards {
                    remove(h, CardKind::Movement);
                }
            }
            E::PurchaseStarted { seat, cards, .. } if *seat == me => {
                for &k in cards {
                    remove(h, k);
                }
            }
            E::HandsDiscarded { cards } => {
                for &k in &cards[me] {
                    remove(h, k);
                }
            }
            _ => {}
        }
    }

    fn check_view(&self, st: &PantheonState, v: Viewer, view: &PantheonView, json: bool) {
        let i = v.seat().unwrap_or(self.n);
        for p in &view.players {
            let own = v.seat() == Some(p.seat);
            assert_eq!(p.hand.is_some(), own, "only the owner sees a hand");
            assert_eq!(p.hand_count as usize, st.players[p.seat].hand.len());
            if let Some(h) = &p.hand {
                let mut m = self.hands[p.seat].clone();
                m.sort();
                assert_eq!(*h, m, "the owner's hand as its events told it");
            }
            if !own {
                assert_eq!(p.demigods.len(), self.demigods[i][p.seat].len());
                for (shown, known) in p.demigods.iter().zip(&self.demigods[i][p.seat]) {
                    if shown.is_some() {
                        assert_eq!(
                            shown, known,
                            "{v:?} sees a demigod value it was never shown"
                        );
                    }
                }
                if !st.config.bonus_choice && !p.bonus_resolved {
                    assert!(p.bonus.is_none(), "an unresolved bonus token leaks");
                }
            }
        }
        if json {
            let text = serde_json::to_string(view).unwrap();
            assert!(!text.contains("draw_pile\":["), "draw pile leaks");
            assert!(!text.contains("god_stack\":["), "god stack leaks");
            assert!(!text.contains("rng"), "rng leaks");
        }
    }
}

impl conformance::Knowledge<Pantheon> for Knowledge {
    fn shown(&mut self, v: Viewer, e: Option<&PantheonEvent>) {
        self.learn(v, e.expect("events are never fully hidden"));
    }
    fn check_view(&self, st: &PantheonState, v: Viewer, view: &PantheonView) {
        Knowledge::check_view(self, st, v, view, true);
    }
}

fn generic_candidates() -> Vec<PantheonAction> {
    [
        "move:0",
        "move:9",
        "purchase:1x1",
        "purchase:5x1",
        "god:0:GIFTS,PRIESTS",
        "draw:deck",
        "draw:display:3",
        "place:foot:T",
        "place:pillar:P1",
        "end_placement",
        "end_purchase",
        "buy:offering:GIFTS:1",
        "upgrade:GIFTS:2",
        "buy:stone:pillar",
        "follow:move:0",
        "follow:draw",
        "follow:pass",
        "extra_turn:take",
        "extra_turn:decline",
        "gallia:draw",
        "gallia:reveal",
        "gallia:take:GIFTS",
        "gallia:decline",
        "aegyptus:1",
        "aegyptus:-20",
        "cartago:done",
        "cartago:stone:footprint",
        "iberia:pass",
        "iberia:take:TEMPLES",
        "roma:draw",
        "roma:pass",
        "effect",
        "decline",
        "effect:kind:GIFTS",
        "effect:stone:pillar",
        "bonus:B1",
        "discard7:movement*1",
    ]
    .iter()
    .map(|id| Pantheon::parse_action_id(id).expect("generic id parses"))
    .collect()
}

/// Pantheon's side of the conformance checker. Full games check everything at every step;
/// the others sweep a random sixteenth of the steps (up to 8 listed actions applied, 6 generic
/// refusals) and check views at every sixteenth step. The one decider plays by [`pick`].
struct Harness {
    r: GameRng,
    generic: Vec<PantheonAction>,
    full: bool,
}

impl conformance::Harness<Pantheon> for Harness {
    const RULE_PREFIX: &'static str = "PTH-";

    fn candidates(
        &mut self,
        st: &PantheonState,
        _legal: &[Vec<PantheonAction>],
    ) -> Vec<(Seat, PantheonAction)> {
        let Some(&seat) = Pantheon::to_act(st).first() else {
            return Vec::new();
        };
        if self.full {
            return self.generic.iter().map(|a| (seat, a.clone())).collect();
        }
        (0..6)
            .map(|_| (seat, self.generic[self.r.below(self.generic.len())].clone()))
            .collect()
    }

    fn choose(
        &mut self,
        _st: &PantheonState,
        to_act: &[Seat],
        legal: &[Vec<PantheonAction>],
    ) -> Option<(Seat, PantheonAction)> {
        assert_eq!(to_act.len(), 1, "one seat acts at a time");
        let seat = to_act[0];
        Some((seat, pick(&legal[seat], &mut self.r)))
    }

    fn depth(&mut self, step: usize) -> Depth {
        if self.full {
            return Depth::FULL;
        }
        let sweep = self.r.below(16) == 0;
        Depth {
            accept: if sweep { 8 } else { 0 },
            refuse: sweep,
            views: (step + 1).is_multiple_of(16),
        }
    }

    fn invariants(&mut self, st: &PantheonState) {
        check_invariants(st);
    }
}

fn play(n: u8, seed: u64, full: bool) {
    let cfg = config(n, seed);
    let mut k = Knowledge::new(n as usize);
    let mut r = GameRng::from_seed(seed ^ 0x5EED);
    let limits = Limits {
        max_steps: 20_000,
        round_trip_at: r.below(300),
    };
    let mut h = Harness {
        r,
        generic: generic_candidates(),
        full,
    };
    let played = conformance::playout::<Pantheon, _, _>(&cfg, seed, &mut h, &mut k, limits);
    let st = played.state;
    // The game ended properly.
    assert!(st.over && st.epoch == 6, "game {seed}: six epochs");
    let o = Pantheon::outcome(&st).expect("outcome");
    assert_eq!(o.places.len(), n as usize);
    assert!(!o.winners.is_empty());
    let best = st.players.iter().map(|p| p.vp).max().unwrap();
    for &w in &o.winners {
        assert_eq!(st.players[w].vp, best, "PTH-13.6 winners have most VP");
    }
}

fn batch(n: u8, from: u64, to: u64) {
    // `PTH_GAMES` shortens the run while developing.
    let to = std::env::var("PTH_GAMES")
        .ok()
        .and_then(|g| g.parse::<u64>().ok())
        .map_or(to, |g| to.min(from + g));
    let full = std::env::var("PTH_FULL")
        .ok()
        .and_then(|g| g.parse::<u64>().ok())
        .unwrap_or(FULL_SWEEP_GAMES);
    for seed in from..to {
        play(n, seed, seed < from + full);
    }
}

#[test]
fn playouts_2p_a() {
    batch(2, 0, GAMES / 2);
}
#[test]
fn playouts_2p_b() {
    batch(2, GAMES / 2, GAMES);
}
#[test]
fn playouts_3p_a() {
    batch(3, 0, GAMES / 2);
}
#[test]
fn playouts_3p_b() {
    batch(3, GAMES / 2, GAMES);
}
#[test]
fn playouts_4p_a() {
    batch(4, 0, GAMES / 2);
}
#[test]
fn playouts_4p_b() {
    batch(4, GAMES / 2, GAMES);
}
