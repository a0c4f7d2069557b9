//! What Panovník's bots need (`crate::bots`): the determinizer and the evaluation.
//!
//! Hidden from a seat (section 8, PNV-13.1, PNV-13.4):
//! - the other players' hands (only the split by type is public) and, during the starting
//!   choice, their two dealt characters (PNV-2.6);
//! - cards tucked from hand or on a draw under another player's law (owner only);
//! - the order and contents of the big, small and law decks;
//! - the other players' sealed choices of the open step (starting card, bid, negotiation
//!   claim, build selection, recolouring draft; PNV-13.4);
//! - the gems behind other screens (PNV-13.1) until the end of the game (PNV-10.2).
//!
//! A redeal gathers the hidden characters and the hidden laws (each kind apart: the hand split
//! by type and the decks' sizes are public) in sorted order, shuffles them and deals them back
//! into the same places. The other screens are pooled and dealt back with each screen's size
//! kept: every gem moving to or from a screen is public (PNV-13.1), so sizes and the pool's
//! colours are known, and only who returned which gems at setup (PNV-2.2) is not; with one
//! opponent the pool is its screen. Attack tokens are kept: their gains and uses are public.
//! Other seats' sealed choices are cleared and drawn again from their legal actions.
//!
//! What is not used: a hand card whose identity was once public (a card won at auction, a
//! selected card that went back to hand, PNV-7.16) is dealt again like any hand card — the
//! state keeps no record of it, so the bot forgets it, which is honest, only less informed.
//! A card revealed and waiting to be placed (`build.queue`, decision 13) or a publicly gained
//! card (decision 19) stays where it is.

use super::data::Catalog;
use super::state::{Decision, PanovnikState, Stage, Task};
use super::types::Gems;
use super::types::SealedStep;
use super::{Panovnik, PanovnikAction, scoring};
use crate::bots::{BotGame, place_rewards, score_rewards};
use crate::{Game, GameRng, Seat};

/// A place a hidden card sits in.
#[derive(Clone, Copy)]
enum Place {
    Hand(Seat, usize),
    Dealt(Seat, usize),
    Tucked(Seat, usize, usize),
    Big(usize),
    Small(usize),
    Law(usize),
}

fn card_at(st: &PanovnikState, place: Place) -> u32 {
    match place {
        Place::Hand(p, i) => st.players[p].hand[i],
        Place::Dealt(p, i) => st.players[p].dealt[i],
        Place::Tucked(p, c, i) => st.players[p].pyramid[c].tucked[i].card,
        Place::Big(i) => st.big_deck[i],
        Place::Small(i) => st.small_deck[i],
        Place::Law(i) => st.law_deck[i],
    }
}

fn set_card(st: &mut PanovnikState, place: Place, card: u32) {
    match place {
        Place::Hand(p, i) => st.players[p].hand[i] = card,
        Place::Dealt(p, i) => st.players[p].dealt[i] = card,
        Place::Tucked(p, c, i) => st.players[p].pyramid[c].tucked[i].card = card,
        Place::Big(i) => st.big_deck[i] = card,
        Place::Small(i) => st.small_deck[i] = card,
        Place::Law(i) => st.law_deck[i] = card,
    }
}

/// Hand cards of `p` whose identity is public: revealed selections waiting to be placed, the
/// card being placed, a card gained at auction while its tuck hook is open.
fn pinned(st: &PanovnikState, p: Seat) -> Vec<u32> {
    let mut v: Vec<u32> = st
        .build
        .queue
        .iter()
        .filter(|(_, s)| *s == p)
        .map(|(c, _)| *c)
        .collect();
    match st.decision {
        Some(Decision::PlaceCard { seat, card }) if seat == p => v.push(card),
        Some(Decision::TuckGained {
            seat,
            card,
            public: true,
            ..
        }) if seat == p => v.push(card),
        _ => {}
    }
    for t in &st.tasks {
        if let Task::Gained {
            seat,
            card,
            public: true,
        } = *t
            && seat == p
        {
            v.push(card);
        }
    }
    v
}

/// The places whose card `seat` cannot see, in an order fixed by what the seat sees.
fn hidden_places(st: &PanovnikState, seat: Seat) -> Vec<Place> {
    let mut places = Vec::new();
    for (p, player) in st.players.iter().enumerate() {
        if p == seat {
            continue;
        }
        let pinned = pinned(st, p);
        places.extend(
            (0..player.hand.len())
                .filter(|&i| !pinned.contains(&player.hand[i]))
                .map(|i| Place::Hand(p, i)),
        );
        places.extend((0..player.dealt.len()).map(|i| Place::Dealt(p, i)));
        for (c, pc) in player.pyramid.iter().enumerate() {
            places.extend(
                (0..pc.tucked.len())
                    .filter(|&i| !pc.tucked[i].public)
                    .map(|i| Place::Tucked(p, c, i)),
            );
        }
    }
    places.extend((0..st.big_deck.len()).map(Place::Big));
    places.extend((0..st.small_deck.len()).map(Place::Small));
    places.extend((0..st.law_deck.len()).map(Place::Law));
    places
}

/// Deals the hidden cards again, characters among character places and laws among law places;
/// returns the (old, new) card of every place.
fn redeal_cards(st: &mut PanovnikState, seat: Seat, rng: &mut GameRng) -> Vec<(u32, u32)> {
    let places = hidden_places(st, seat);
    let old: Vec<u32> = places.iter().map(|&p| card_at(st, p)).collect();
    let mut moves = Vec::with_capacity(places.len());
    for law in [false, true] {
        let idx: Vec<usize> = (0..places.len())
            .filter(|&i| Catalog::is_law(old[i]) == law)
            .collect();
        let mut pool: Vec<u32> = idx.iter().map(|&i| old[i]).collect();
        pool.sort_unstable();
        rng.shuffle(&mut pool);
        for (&i, &card) in idx.iter().zip(&pool) {
            set_card(st, places[i], card);
            moves.push((old[i], card));
        }
    }
    // The order of another hand is not seen: keep it canonical.
    for (p, player) in st.players.iter_mut().enumerate() {
        if p != seat {
            player.hand.sort_unstable();
            player.dealt.sort_unstable();
        }
    }
    moves
}

/// PNV-13.1: the other screens' gems pooled and dealt back, each screen keeping its size. A
/// seat deciding now keeps its screen (its decision may rest on a gem it holds, decisions 4, 17).
fn redeal_screens(st: &mut PanovnikState, seat: Seat, rng: &mut GameRng) {
    if matches!(st.stage, Stage::Recolor | Stage::Finished) {
        return; // PNV-10.2: screens are public.
    }
    let decider = st.decider();
    let others: Vec<Seat> = (0..st.n())
        .filter(|&p| p != seat && Some(p) != decider)
        .collect();
    if others.len() < 2 {
        return;
    }
    let mut pool = Vec::new();
    for &p in &others {
        pool.extend(st.players[p].screen.colors());
    }
    pool.sort_unstable();
    rng.shuffle(&mut pool);
    let mut next = pool.into_iter();
    for &p in &others {
        let n = st.players[p].screen.total() as usize;
        let mut g = Gems::ZERO;
        for c in next.by_ref().take(n) {
            g.add(c, 1);
        }
        st.players[p].screen = g;
    }
}

/// PNV-13.4: the other seats' sealed choices are drawn again (uncommitted recolouring drafts
/// just dropped), so the seat never searches on them.
fn redraw_sealed(st: &mut PanovnikState, seat: Seat, rng: &mut GameRng) {
    let Some(sealed) = st.sealed.as_mut() else {
        return;
    };
    let step = sealed.step;
    let mut redraw = Vec::new();
    for p in 0..sealed.choices.len() {
        if p == seat {
            continue;
        }
        if sealed.committed[p] {
            redraw.push(p);
        }
        sealed.committed[p] = false;
        sealed.choices[p] = None;
    }
    // The seat's own open choice (or another seat still waiting) keeps the step open, so no
    // commit below reveals it.
    for p in redraw {
        if step == SealedStep::Recolor {
            // A random draft: recolouring gems one by one until done.
            loop {
                let legal: Vec<PanovnikAction> = Panovnik::legal_actions(st, p)
                    .into_iter()
                    .filter(|a| *a != PanovnikAction::RecolorClear)
                    .collect();
                let a = legal[rng.below(legal.len())];
                Panovnik::apply(st, p, &a).expect("a listed recolouring");
                if a == PanovnikAction::RecolorDone {
                    break;
                }
            }
        } else {
            let legal = Panovnik::legal_actions(st, p);
            let a = legal[rng.below(legal.len())];
            Panovnik::apply(st, p, &a).expect("a listed sealed choice");
        }
    }
}

impl BotGame for Panovnik {
    fn redeal(st: &mut PanovnikState, seat: Seat, rng: &mut GameRng) {
        let moves = redeal_cards(st, seat, rng);
        // A hidden card just drawn keeps its pending tuck hook (decision 19) under its new name.
        let renamed = |card: u32| {
            moves
                .iter()
                .find(|(old, _)| *old == card)
                .map_or(card, |(_, new)| *new)
        };
        if let Some(Decision::TuckGained {
            seat: p,
            card,
            public: false,
            ..
        }) = &mut st.decision
            && *p != seat
        {
            *card = renamed(*card);
        }
        for t in &mut st.tasks {
            if let Task::Gained {
                seat: p,
                card,
                public: false,
            } = t
                && *p != seat
            {
                *card = renamed(*card);
            }
        }
        redeal_screens(st, seat, rng);
        redraw_sealed(st, seat, rng);
        // The seed and a scenario would let a reader replay the deal.
        st.seed = 0;
        st.scenario = None;
        st.rng = GameRng::from_seed(rng.next_u64());
    }

    fn seat_total(st: &PanovnikState) -> usize {
        st.n()
    }

    /// The points the seat would score now (PNV-10.6) plus what its screen and hand may still
    /// become, through a logistic on the lead; solo: the score against a bar. A finished game
    /// scores its places (solo: its score), a recolouring step the drafts as they stand.
    fn evaluate(st: &PanovnikState) -> Vec<f64> {
        if let Some(outcome) = Panovnik::outcome(st) {
            let mut v = if st.n() == 1 {
                let total = st.scores.as_ref().map_or(0, |s| s[0].total);
                vec![solo_value(total as f64)]
            } else {
                place_rewards(&outcome)
            };
            // A hair for gems left unspent: recolouring that scores nothing is then worse than
            // finishing, so no bot drafts and withdraws forever (decision 20).
            for (s, x) in v.iter_mut().enumerate() {
                let left = st.players[s].screen.total().min(64) as f64 / 64.0;
                *x = *x * 0.99 + 0.01 * left;
            }
            return v;
        }
        if st.stage == Stage::Recolor {
            // The drafts as they stand, revealed: the value finishing now would have, so a bot
            // never prefers redrafting forever to finishing.
            let mut end = st.clone();
            if let Some(sealed) = end.sealed.take() {
                scoring::reveal_recolors(&mut end, &sealed, &mut Vec::new());
                return Panovnik::evaluate(&end);
            }
        }
        let estimates: Vec<f64> = (0..st.n()).map(|s| estimate(st, s)).collect();
        if st.n() == 1 {
            return vec![solo_value(estimates[0])];
        }
        score_rewards(&estimates, SCALE)
    }

    /// The arena's score: the seat's points (PNV-11.8: solo, the score is the result).
    fn final_score(st: &PanovnikState, seat: Seat) -> Option<f64> {
        Some(f64::from(st.scores.as_ref()?.get(seat)?.total))
    }

    /// 300 left the default level short of its target against `random` between two players;
    /// 600 keeps every mode's decision p99 near 30 ms on an idle core (`docs/bots.md`).
    const DEFAULT_ITERATIONS: u32 = 600;
    const ROLLOUT_DEPTH: usize = 24;

    /// Uniform, except that a rollout finishes a recolouring draft at once (a random walk of
    /// drafting and withdrawing would spend the rollout without finishing; the tree still
    /// searches the recolourings).
    fn rollout_pick(
        _st: &PanovnikState,
        _seat: Seat,
        actions: &[PanovnikAction],
        rng: &mut GameRng,
    ) -> usize {
        if let Some(done) = actions
            .iter()
            .position(|a| *a == PanovnikAction::RecolorDone)
        {
            return done;
        }
        rng.below(actions.len())
    }
}

/// Points of lead that make a clear advantage.
const SCALE: f64 = 8.0;

/// Solo (PNV-11.8): the score is the result; a logistic around a typical solo score.
fn solo_value(score: f64) -> f64 {
    1.0 / (1.0 + (-(score - 60.0) / 15.0).exp())
}

/// The seat's points now plus the worth of its gems and hand cards, which turn into points by
/// building (fading as the game nears its end).
fn estimate(st: &PanovnikState, seat: Seat) -> f64 {
    let p = &st.players[seat];
    let now = scoring::score(st, seat).total as f64;
    let left = (12.0 - st.round as f64).max(0.0) / 12.0;
    let gems = p.screen.total() as f64;
    let laws = p.hand_laws() as f64;
    let chars = p.hand.len() as f64 - laws;
    now + gems * (0.6 + 0.6 * left) + chars * 3.0 * (0.3 + left) + laws * 2.0 * (0.3 + left)
}
