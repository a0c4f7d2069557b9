//! What Crown of Emara's bots need (`crate::bots`): the determinizer, the evaluation and a
//! rollout policy.
//!
//! Hidden from a seat (section 8):
//! - other players' hands and every deck order, its own too (EMR-2.18, EMR-3.4e): only the
//!   *set* hand ∪ deck of a player is derivable (all decks hold the same 9 types, played cards
//!   are public), so each player's hand and deck are dealt again from their own cards;
//! - the favor-token stack, the discard-pile tokens the seat did not see (G22: known to their
//!   discarder only; redeemed ones are public) and another player's 3 drawn tokens while it
//!   chooses (EMR-10.2, D13): one pool, dealt again into the same places; the discard pile's
//!   knowledge masks stay with their places (the discarder knows whatever token lies there);
//! - the event deck below its top card (EMR-2.11) and the B advisor deck below its top card
//!   (EMR-2.9), each dealt again among its hidden places;
//! - the A advisors returned to the box (EMR-2.8): never used again, put in canonical order.
//!
//! Nothing is sealed: the leftover split (D29) lets every seat submit at once, but each
//! submission is public at once (section 8), so no choice is drawn again.

use super::Emara;
use super::effects::marker_value;
use super::inline::List;
use super::scoring::leftover_points;
use super::state::{EmaraState, PUBLIC, Player};
use super::types::*;
use crate::bots::{BotGame, place_rewards, score_rewards};
use crate::{Game, GameRng, Seat};

/// Deals `items` again among their places: sorted first (so the result does not depend on
/// where they were), then shuffled.
fn redeal_slice<T: Copy + Ord>(items: &mut [T], rng: &mut GameRng) {
    items.sort_unstable();
    rng.shuffle(items);
}

/// One player's hand ∪ deck dealt again into the same counts (`keep_hand`: the seat's own
/// hand, which it sees, stays; only its deck order is dealt again).
fn redeal_cards(p: &mut Player, keep_hand: bool, rng: &mut GameRng) {
    if keep_hand {
        redeal_slice(&mut p.deck, rng);
        return;
    }
    let mut pool: Vec<ActionCard> = p.hand.iter().chain(p.deck.iter()).copied().collect();
    redeal_slice(&mut pool, rng);
    let h = p.hand.len();
    p.hand = List::from_slice(&pool[..h]);
    p.deck = List::from_slice(&pool[h..]);
}

/// A place a hidden favor token lies in.
#[derive(Clone, Copy)]
enum TokenPlace {
    Stack(usize),
    Discard(usize),
    Drawn(usize),
}

fn redeal_favor(st: &mut EmaraState, seat: Seat, rng: &mut GameRng) {
    let mut places: Vec<TokenPlace> = (0..st.favor_stack.len()).map(TokenPlace::Stack).collect();
    for (i, (_, mask)) in st.favor_discard.iter().enumerate() {
        if *mask != PUBLIC && mask & (1 << seat) == 0 {
            places.push(TokenPlace::Discard(i));
        }
    }
    let drawer = matches!(st.pending, Pending::KeepFavorToken { seat: s } if s == seat);
    if !drawer {
        places.extend((0..st.favor_drawn.len()).map(TokenPlace::Drawn));
    }
    let mut pool: Vec<FavorToken> = places
        .iter()
        .map(|&p| match p {
            TokenPlace::Stack(i) => st.favor_stack[i],
            TokenPlace::Discard(i) => st.favor_discard[i].0,
            TokenPlace::Drawn(i) => st.favor_drawn[i],
        })
        .collect();
    redeal_slice(&mut pool, rng);
    for (&place, &t) in places.iter().zip(&pool) {
        match place {
            TokenPlace::Stack(i) => st.favor_stack[i] = t,
            TokenPlace::Discard(i) => st.favor_discard[i].0 = t,
            TokenPlace::Drawn(i) => st.favor_drawn[i] = t,
        }
    }
}

/// A player's final score if the game ended now: min(CP, BP) after the best split of its
/// leftover points (EMR-14.2–14.5).
fn projected(p: &Player) -> f64 {
    let (cp, bp) = (p.cp as f64, p.bp as f64);
    // Once split, the leftovers are on the tracks already.
    let l = match (p.leftovers, p.to_cp) {
        (_, Some(_)) => 0.0,
        (Some(l), None) => l as f64,
        (None, None) => leftover_points(p) as f64,
    };
    if (cp - bp).abs() >= l {
        cp.min(bp) + l
    } else {
        (cp + bp + l) / 2.0
    }
}

/// Victoria's CP at the end (EMR-16.5, EMR-16.6): each of her steps still to come at the
/// current stone and bread values (they only fall) and the top noble card of its rank.
fn victoria_projected(st: &EmaraState) -> f64 {
    let Some(v) = &st.victoria else { return 0.0 };
    let first = st.round.max(2);
    let steps = if st.phase == Phase::Finished || st.phase == Phase::FinalScoring {
        0
    } else {
        (first..=6).count()
    };
    let build = (marker_value(st, Marker::Stone) + marker_value(st, Marker::Bread)) as f64;
    let mut cp = v.cp as f64 + steps as f64 * build * 0.85;
    for round in first..=5 {
        if steps == 0 {
            break;
        }
        let rank = match round {
            2 => Rank::Baron,
            3 => Rank::Count,
            4 => Rank::Prince,
            _ => Rank::Marquess,
        };
        cp += st.nobility[rank as usize].last().copied().unwrap_or(0) as f64;
    }
    cp
}

/// Points of lead that make a clear advantage, narrowing as the game runs out.
fn scale(st: &EmaraState) -> f64 {
    3.0 + 1.5 * (6.0 - st.round.clamp(1, 6) as f64)
}

/// Solo: the win against Victoria counts most, the margin a little (a finished game's reward
/// is graded too, so the search prefers wider wins and narrower losses).
fn solo_value(me: f64, victoria: f64, scale: f64) -> f64 {
    let margin = 1.0 / (1.0 + (-(me - victoria) / 8.0).exp());
    let win = if me > victoria {
        1.0
    } else {
        1.0 / (1.0 + (-(me - victoria) / scale).exp()) * 0.5
    };
    0.8 * win + 0.2 * margin
}

impl BotGame for Emara {
    fn redeal(st: &mut EmaraState, seat: Seat, rng: &mut GameRng) {
        for (p, player) in st.players.iter_mut().enumerate() {
            redeal_cards(player, p == seat, rng);
        }
        redeal_favor(st, seat, rng);
        if let Some((_, below)) = st.events.split_last_mut() {
            redeal_slice(below, rng);
        }
        if let Some((_, below)) = st.b_deck.split_last_mut() {
            redeal_slice(below, rng);
        }
        st.boxed_a.sort_unstable();
        st.rng = GameRng::from_seed(rng.next_u64());
    }

    fn seat_total(st: &EmaraState) -> usize {
        st.n()
    }

    /// Each player's projected final score (min(CP, BP) after the best leftover split); the
    /// lead over the best other player through a logistic. Solo: the projection against
    /// Victoria's. A finished game scores its places (solo: the win and margin).
    fn evaluate(st: &EmaraState) -> Vec<f64> {
        if st.solo() {
            let victoria = st.victoria.as_ref().map_or(0, |v| v.cp) as f64;
            if let Some(score) = &st.score {
                return vec![solo_value(
                    score.players[0].final_score as f64,
                    victoria,
                    1.0,
                )];
            }
            return vec![solo_value(
                projected(&st.players[0]),
                victoria_projected(st),
                scale(st),
            )];
        }
        if let Some(outcome) = Emara::outcome(st) {
            // Graded by a little margin: with the result settled, a flat reward would leave
            // every move tied, and the search's tie-break could swap with the Chamberlain
            // forever (EMR-12.12; a ring is worth more than a coin at the end, EMR-14.2).
            let finals: Vec<f64> = st.players.iter().map(projected).collect();
            let margin = score_rewards(&finals, 10.0);
            return place_rewards(&outcome)
                .iter()
                .zip(&margin)
                .map(|(p, m)| 0.9 * p + 0.1 * m)
                .collect();
        }
        let scores: Vec<f64> = st.players.iter().map(projected).collect();
        score_rewards(&scores, scale(st))
    }

    /// p99 of a decision about 47 ms in release on one core (2 players).
    /// The arena's score: the seat's final score, min(CP, BP) (EMR-14.5).
    fn final_score(st: &EmaraState, seat: Seat) -> Option<f64> {
        let score = st.score.as_ref()?;
        let p = score.players.iter().find(|p| p.seat == seat)?;
        Some(f64::from(p.final_score))
    }

    const DEFAULT_ITERATIONS: u32 = 200;
    /// Rollouts run to the end of the game (about 200 steps at 2 players): cut short, they let
    /// the search stall with the Chamberlain's unlimited swaps (EMR-12.12), each one pushing
    /// the opponents' coming turns past the horizon, for thousands of moves.
    const ROLLOUT_DEPTH: usize = 400;

    /// Uniform, except that the Chamberlain's swaps (EMR-12.12, unlimited) are never played:
    /// back and forth they change nothing but lengthen the rollout.
    fn rollout_pick(
        _st: &EmaraState,
        _seat: Seat,
        actions: &[EmaraAction],
        rng: &mut GameRng,
    ) -> usize {
        let useful: Vec<usize> = (0..actions.len())
            .filter(|&i| !matches!(actions[i], EmaraAction::UseChamberlain(_)))
            .collect();
        if useful.is_empty() {
            rng.below(actions.len())
        } else {
            useful[rng.below(useful.len())]
        }
    }
}
