//! Bots: seats the server plays. A bot picks among the rules' legal actions of its own seat
//! only, so it never uses hidden information it could not see.

use crate::error::ApiError;
use crate::games::{Applied, Session};
use tablero_rules::{GameRng, Seat};

/// A uniformly random legal move, seeded per game and version (reproducible, not replayed:
/// the chosen action is logged like any other).
pub const RANDOM: &str = "random";

pub fn is_known(kind: &str) -> bool {
    kind == RANDOM
}

/// Plays one move for `seat`.
pub fn play(
    session: &mut dyn Session,
    seat: Seat,
    game_seed: u64,
    version: u64,
) -> Result<Applied, ApiError> {
    let mut rng = GameRng::from_seed(
        game_seed ^ version.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (seat as u64) << 56,
    );
    session.apply_chosen_legal(seat, &mut |n| rng.below(n))
}
