//! The `greedy` bot: every legal move one step ahead, scored by the game's evaluation and
//! averaged over a few determinizations (the same ones for every move, so the comparison is
//! fair).

use super::{BotGame, Knowledge};
use crate::GameRng;

/// Determinizations each move is scored on.
const SAMPLES: usize = 6;

/// The index in `legal` of the move with the best mean evaluation for the seat; ties go to a
/// seeded coin.
pub(super) fn pick<G: BotGame>(
    knowledge: &Knowledge<G>,
    legal: &[G::Action],
    rng: &mut GameRng,
) -> usize {
    let seat = knowledge.seat();
    let samples: Vec<G::State> = (0..SAMPLES).map(|_| knowledge.sample(rng)).collect();
    let mut best = Vec::new();
    let mut best_value = f64::NEG_INFINITY;
    for (i, action) in legal.iter().enumerate() {
        let mut total = 0.0;
        for sample in &samples {
            let mut next = sample.clone();
            // A sample keeps the seat's own legal moves, so this only fails on a determinizer
            // bug; such a move counts as worst rather than stopping the game.
            total += match G::apply(&mut next, seat, action) {
                Ok(_) => G::evaluate(&next)[seat],
                Err(_) => -1.0,
            };
        }
        let value = total / SAMPLES as f64;
        if value > best_value + 1e-12 {
            best_value = value;
            best.clear();
            best.push(i);
        } else if (value - best_value).abs() <= 1e-12 {
            best.push(i);
        }
    }
    best[rng.below(best.len())]
}
