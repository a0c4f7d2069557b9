//! Random playouts with property checks: 5,000 seeded games each for 2, 3 and 4 players
//! (mixing `bonus_choice`, `start_seat` and `start_material_by_player_count`). Checked in every
//! game: ids round-trip and are unique; `apply` accepts listed actions (every listed action on a
//! clone, at sampled steps) and refuses unlisted ones (near misses and generic samples) leaving
//! the state unchanged and naming a PTH rule; stone conservation (PTH-1.2) and card
//! conservation; no view or redacted event shows what its viewer may not know (a knowledge
//! model built from the redacted events, §8). At the end: the game ended after 6 epochs with a
//! valid outcome, exact replay from (config, seed, actions), and a serde round trip taken at a
//! random step that continues identically.
//!
//! Sampling to keep the run time in budget: the first games of a batch sweep every listed
//! action at every step; later games sweep at a random eighth of the steps and check views at
//! every fourth step. Invariants, redaction and the knowledge model run at every step.
//!
//! Termination: the random policy picks an action category uniformly, then an action; games end
//! naturally, but `max_turns_per_epoch = 60` (§11 G15) bounds the rare epoch in which random
//! play neither takes the gods nor collects the loot.

use super::*;
use crate::{GameRng, Viewer};

const GAMES: u64 = 5_000;
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

fn viewers(n: usize) -> impl Iterator<Item = Viewer> {
    (0..n)
        .map(Viewer::Seat)
        .chain(std::iter::once(Viewer::Spectator))
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

fn play(n: u8, seed: u64, full: bool) {
    let cfg = config(n, seed);
    let mut st = Pantheon::setup(&cfg, seed).unwrap();
    let mut k = Knowledge::new(n as usize);
    for v in viewers(n as usize) {
        for e in Pantheon::setup_events(&st) {
            let r = Pantheon::redact_event(&e, v).unwrap();
            k.learn(v, &r);
        }
    }
    let generic = generic_candidates();
    let mut r = GameRng::from_seed(seed ^ 0x5EED);
    let mut log: Vec<(Seat, PantheonAction)> = Vec::new();
    let snapshot_at = r.below(300);
    let mut snapshot: Option<(PantheonState, usize)> = None;
    let mut steps = 0usize;
    while let Some(&seat) = Pantheon::to_act(&st).first() {
        assert!(steps < 20_000, "game {seed} does not end");
        let legal = Pantheon::legal_actions(&st, seat);
        assert!(!legal.is_empty(), "a seat to act has an action");
        for other in 0..n as usize {
            if other != seat {
                assert!(Pantheon::legal_actions(&st, other).is_empty());
            }
        }
        let sweep = full || r.below(16) == 0;
        // ids round-trip and are unique (every step in full games, else at sweeps).
        let mut seen = std::collections::HashSet::new();
        for a in legal.iter().filter(|_| sweep) {
            let id = Pantheon::action_id(a);
            assert_eq!(Pantheon::parse_action_id(&id).as_ref(), Some(a), "{id}");
            assert!(seen.insert(id.clone()), "duplicate id {id}");
        }
        if sweep {
            // Every listed action is accepted (all of them in full games, else up to 8).
            let chosen: Vec<&PantheonAction> = if full {
                legal.iter().collect()
            } else {
                (0..8.min(legal.len()))
                    .map(|_| &legal[r.below(legal.len())])
                    .collect()
            };
            for a in chosen {
                let mut c = st.clone();
                let id = Pantheon::action_id(a);
                Pantheon::apply(&mut c, seat, a)
                    .unwrap_or_else(|e| panic!("listed {id} refused: {e}"));
                assert!(!Pantheon::action_label(&st, a).is_empty());
            }
        }
        if sweep {
            let sample: Vec<&PantheonAction> = if full {
                generic.iter().collect()
            } else {
                (0..6).map(|_| &generic[r.below(generic.len())]).collect()
            };
            // One scratch copy takes every refusal; it must still equal the state afterwards.
            let mut c = st.clone();
            for cand in sample {
                if !legal.contains(cand) {
                    let e = Pantheon::apply(&mut c, seat, cand).expect_err("unlisted accepted");
                    assert!(e.rule.starts_with("PTH-"), "{e}");
                }
            }
            assert_eq!(c, st, "refusals changed the state");
            // Any action from a seat not to act is refused.
            let other = (seat + 1) % n as usize;
            let mut c = st.clone();
            assert!(Pantheon::apply(&mut c, other, &legal[0]).is_err());
            assert_eq!(c, st);
        }
        let a = pick(&legal, &mut r);
        let events = Pantheon::apply(&mut st, seat, &a).unwrap();
        log.push((seat, a));
        steps += 1;
        check_invariants(&st);
        let views = full || steps.is_multiple_of(16);
        for v in viewers(n as usize) {
            for e in &events {
                let red = Pantheon::redact_event(e, v).expect("never fully hidden");
                k.learn(v, &red);
            }
            if views {
                let view = Pantheon::view(&st, v);
                k.check_view(&st, v, &view, full);
            }
        }
        if steps == snapshot_at {
            let json = serde_json::to_string(&st).unwrap();
            let back: PantheonState = serde_json::from_str(&json).unwrap();
            assert_eq!(back, st, "serde round trip");
            snapshot = Some((back, log.len()));
        }
    }
    // The game ended properly.
    assert!(st.over && st.epoch == 6, "six epochs");
    let o = Pantheon::outcome(&st).expect("outcome");
    assert_eq!(o.places.len(), n as usize);
    assert!(!o.winners.is_empty());
    let best = st.players.iter().map(|p| p.vp).max().unwrap();
    for &w in &o.winners {
        assert_eq!(st.players[w].vp, best, "PTH-13.6 winners have most VP");
    }
    // Replay.
    let mut re = Pantheon::setup(&cfg, seed).unwrap();
    for (s, a) in &log {
        Pantheon::apply(&mut re, *s, a).unwrap();
    }
    assert_eq!(re, st, "exact replay");
    // The serde snapshot continues identically.
    if let Some((mut snap, from)) = snapshot {
        for (s, a) in &log[from..] {
            Pantheon::apply(&mut snap, *s, a).unwrap();
        }
        assert_eq!(snap, st, "the deserialised state continues identically");
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
