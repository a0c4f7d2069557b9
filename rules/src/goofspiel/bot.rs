//! What a Goofspiel bot may not see, dealt again: the prize order and the other seats' bids.

use super::{Goofspiel, GoofspielState};
use crate::bots::{BotGame, score_rewards};
use crate::{Game, GameRng, Seat};

impl BotGame for Goofspiel {
    fn redeal(st: &mut GoofspielState, seat: Seat, rng: &mut GameRng) {
        st.prizes.sort_unstable();
        rng.shuffle(&mut st.prizes);
        for other in (0..st.bids.len()).filter(|&s| s != seat) {
            if st.bids[other].is_some() {
                let hand = &st.hands[other];
                st.bids[other] = Some(hand[rng.below(hand.len())]);
            }
        }
        st.rng = GameRng::from_seed(rng.next_u64());
    }

    fn seat_total(st: &GoofspielState) -> usize {
        st.points.len()
    }

    fn evaluate(st: &GoofspielState) -> Vec<f64> {
        match Goofspiel::outcome(st) {
            Some(o) => crate::bots::place_rewards(&o),
            None => {
                let points: Vec<f64> = st.points.iter().map(|&p| f64::from(p)).collect();
                score_rewards(&points, 3.0)
            }
        }
    }
}
