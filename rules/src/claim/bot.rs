//! What Claim's bots need (`crate::bots`): the determinizer and the evaluation.
//!
//! Hidden from a seat (section 8, CLM-HID.1–.5): the other players' hands, except the cards it
//! knows from phase 1 (`known_in_hand`); the cards of other follower piles it has not seen; the
//! deck, except the top card while it is the seer peeking (CLM-SER.2). Those cards are dealt
//! again among the same places. What the seat knows of other players' voids (a card not
//! followed) is not used: samples may give a player a suit it has shown it lacks, which only
//! makes the bot a little more cautious.

use super::state::{ClaimState, PUBLIC};
use super::types::{Card, Pending, Phase};
use super::{Claim, scoring};
use crate::bots::{BotGame, place_rewards, score_rewards};
use crate::{Game, GameRng, Seat};

/// A place a hidden card sits in.
#[derive(Clone, Copy)]
enum Place {
    Hand(Seat, usize),
    Follower(Seat, usize),
    Deck(usize),
}

fn card_at(st: &ClaimState, place: Place) -> Card {
    match place {
        Place::Hand(p, i) => st.players[p].hand[i],
        Place::Follower(p, i) => st.players[p].followers[i].card,
        Place::Deck(i) => st.deck[i],
    }
}

fn set_card(st: &mut ClaimState, place: Place, card: Card) {
    match place {
        Place::Hand(p, i) => st.players[p].hand[i] = card,
        Place::Follower(p, i) => st.players[p].followers[i].card = card,
        Place::Deck(i) => st.deck[i] = card,
    }
}

/// The places whose card `seat` cannot see (section 8).
fn hidden_places(st: &ClaimState, seat: Seat) -> Vec<Place> {
    let mut places = Vec::new();
    for (p, zones) in st.players.iter().enumerate() {
        if p == seat {
            continue;
        }
        for (i, card) in zones.hand.iter().enumerate() {
            let known = zones
                .known_in_hand
                .iter()
                .any(|f| f.card == *card && (f.known == PUBLIC || f.known_to(seat)));
            if !known {
                places.push(Place::Hand(p, i));
            }
        }
        for (i, f) in zones.followers.iter().enumerate() {
            if f.known != PUBLIC && !f.known_to(seat) {
                places.push(Place::Follower(p, i));
            }
        }
    }
    // CLM-SER.2: the seer knows the top card while its choice is open.
    let peeked = matches!(st.pending, Pending::SeerChoice { seat: s } if s == seat);
    let seen_top = usize::from(peeked && !st.deck.is_empty());
    places.extend((0..st.deck.len() - seen_top).map(Place::Deck));
    places
}

impl BotGame for Claim {
    fn redeal(st: &mut ClaimState, seat: Seat, rng: &mut GameRng) {
        let places = hidden_places(st, seat);
        let old: Vec<Card> = places.iter().map(|&p| card_at(st, p)).collect();
        let mut pool = old.clone();
        pool.sort_unstable();
        rng.shuffle(&mut pool);
        for (&place, &card) in places.iter().zip(&pool) {
            set_card(st, place, card);
        }
        // Phase 2: what other seats know of a hand follows its card to the new one.
        for (p, zones) in st.players.iter_mut().enumerate() {
            if p == seat {
                continue;
            }
            for f in &mut zones.known_in_hand {
                if f.known != PUBLIC
                    && !f.known_to(seat)
                    && let Some(i) = old.iter().position(|c| *c == f.card)
                {
                    f.card = pool[i];
                }
            }
        }
        st.rng = GameRng::from_seed(rng.next_u64());
    }

    fn seat_total(st: &ClaimState) -> usize {
        st.n()
    }

    /// Faction by faction, the side with the strongest claim: cards in score piles, and in
    /// phase 1 the followers (next phase's hand) at a discount; the side's votes then go
    /// through a logistic on the lead. A finished game scores its places.
    fn evaluate(st: &ClaimState) -> Vec<f64> {
        if let Some(outcome) = Claim::outcome(st) {
            return place_rewards(&outcome);
        }
        let sides = scoring::sides(st.config.mode);
        let mut votes = vec![0.0; sides.len()];
        for &faction in &st.factions {
            let strength: Vec<f64> = sides
                .iter()
                .map(|side| {
                    side.iter()
                        .map(|&s| {
                            let z = &st.players[s];
                            let of = |cards: &mut dyn Iterator<Item = &Card>| {
                                cards.filter(|c| c.faction == faction).count() as f64
                            };
                            let later = match st.phase {
                                Phase::Recruiting => of(&mut z.followers.iter().map(|f| &f.card)),
                                _ => of(&mut z.hand.iter()),
                            };
                            of(&mut z.score.iter()) + 0.45 * later
                        })
                        .sum::<f64>()
                })
                .collect();
            let best = strength.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let leaders: Vec<usize> = (0..sides.len()).filter(|&i| strength[i] == best).collect();
            for &i in &leaders {
                votes[i] += 1.0 / leaders.len() as f64;
            }
        }
        let side_value = score_rewards(&votes, 1.0);
        let mut value = vec![0.0; st.n()];
        for (i, side) in sides.iter().enumerate() {
            for &s in side {
                value[s] = side_value[i];
            }
        }
        value
    }

    const DEFAULT_ITERATIONS: u32 = 400;
    const ROLLOUT_DEPTH: usize = 200;
}
