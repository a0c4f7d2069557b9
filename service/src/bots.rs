//! The bots the server can seat: their names, as `SeatSpec.bot` and `GameTypeInfo.bots` give them.
//! How a bot plays is the engine's ([`crate::engine::bot_moves`]).

/// A uniformly random legal move, seeded per game and version (reproducible, not replayed:
/// the chosen action is logged like any other).
pub const RANDOM: &str = "random";

pub fn is_known(kind: &str) -> bool {
    kind == RANDOM
}
