//! The bots the server can seat: their kinds and levels, as `SeatSpec.bot`/`bot_level` and
//! `GameTypeInfo.bot_kinds` give them, and the time budgets of a search. How a bot plays is the
//! rules' (`tablero_rules::bots`); when it plays is the engine's: within the write that makes
//! the move due ([`crate::engine::bot_moves`]), or, for the top `mcts` level, whose search is
//! longer than a request should wait, from any replica's background worker
//! ([`crate::engine::bot_worker`]).

use crate::error::ApiError;
use crate::validate;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tablero_rules::bots::{Kind, Level};

/// A uniformly random legal move, seeded per game and version (reproducible, not replayed:
/// the chosen action is logged like any other).
pub const RANDOM: &str = "random";

/// The default per-move time budget of a search inside a write (`--bot-move-ms`).
pub const DEFAULT_MOVE_BUDGET: Duration = Duration::from_millis(100);

static MOVE_BUDGET_US: AtomicU64 = AtomicU64::new(DEFAULT_MOVE_BUDGET.as_micros() as u64);

/// Sets how long one bot move may search inside a write (a level's iterations stop earlier
/// when this runs out). Set once at start.
pub fn set_move_budget(budget: Duration) {
    MOVE_BUDGET_US.store(budget.as_micros() as u64, Ordering::Relaxed);
}

pub fn move_budget() -> Duration {
    Duration::from_micros(MOVE_BUDGET_US.load(Ordering::Relaxed))
}

/// The default per-move time budget of a background search (`--bot-background-ms`).
pub const DEFAULT_BACKGROUND_BUDGET: Duration = Duration::from_millis(1000);

static BACKGROUND_BUDGET_US: AtomicU64 =
    AtomicU64::new(DEFAULT_BACKGROUND_BUDGET.as_micros() as u64);

/// Sets how long one background bot move may search. Set once at start.
pub fn set_background_budget(budget: Duration) {
    BACKGROUND_BUDGET_US.store(budget.as_micros() as u64, Ordering::Relaxed);
}

pub fn background_budget() -> Duration {
    Duration::from_micros(BACKGROUND_BUDGET_US.load(Ordering::Relaxed))
}

/// How long a replica holds a background move it took before another may take it over: the
/// search, the write and a margin. A replica that dies mid-search delays the move by this.
pub fn background_lease() -> Duration {
    background_budget() * 2 + Duration::from_secs(2)
}

/// Whether a bot of this level moves from the background worker rather than within the write:
/// the top `mcts` level, whose iterations take longer than a request should wait.
pub fn in_background(level: Level) -> bool {
    level.kind == Kind::Mcts && level.level == *Kind::Mcts.levels().end()
}

/// The `random` bot, which resigned seats and timed-out decisions get, and a write's bot
/// moves once its searches are spent.
pub const RANDOM_LEVEL: Level = Level {
    kind: Kind::Random,
    level: 1,
};

/// When a search starting now must stop: one move budget from now.
pub fn move_deadline() -> Option<std::time::Instant> {
    Some(std::time::Instant::now() + move_budget())
}

/// A seat's bot from a request's `bot` and `bot_level` fields (empty kind: `random`), as the
/// record stores it: the kind's name and the level (never 0).
pub fn parse(
    bot_field: &'static str,
    level_field: &'static str,
    bot: &str,
    level: u32,
) -> Result<(String, u32), ApiError> {
    validate::short_word(bot_field, bot)?;
    let name = if bot.is_empty() { RANDOM } else { bot };
    let Some(kind) = Kind::named(name) else {
        return Err(ApiError::invalid(
            bot_field,
            format!(
                "unknown bot `{}` (random, greedy or mcts)",
                validate::truncate(name)
            ),
        ));
    };
    let Some(level) = Level::new(kind, level) else {
        return Err(ApiError::invalid(
            level_field,
            format!(
                "{} has levels 1 to {} (0 for its default)",
                kind.name(),
                kind.levels().end()
            ),
        ));
    };
    Ok((kind.name().to_string(), level.level))
}

/// The stored kind and level of a bot seat; a record from before levels (level 0) or with a
/// kind this server no longer knows plays `random`.
pub fn level_of(bot: &str, level: u32) -> Level {
    Kind::named(bot)
        .and_then(|k| Level::new(k, level))
        .unwrap_or(RANDOM_LEVEL)
}
