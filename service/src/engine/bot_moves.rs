//! Bot moves: a bot decides from its own seat's knowledge only (`tablero_rules::bots`), so it
//! never uses hidden information it could not see. A search runs within the write that needs
//! the move, stopped by the per-move budget ([`crate::bots::move_budget`]); a background bot's
//! move is left to the worker ([`super::bot_worker`]).

use crate::bots;
use crate::engine::host::{Applied, Session, Shown};
use crate::error::ApiError;
use crate::store::record::{LogEntry, Occupant, SeatRecord};
use std::time::Instant;
use tablero_rules::bots::{Kind, Level};
use tablero_rules::{GameRng, Seat};

/// Bot moves one write may make before the server gives up (a runaway guard, far above any game).
const MAX_BOT_MOVES: usize = 100_000;

/// The seed of a bot's move: the game's seed, the version and the seat (so a bot move is
/// reproducible from the game's seed).
pub fn move_seed(game_seed: u64, seat: Seat, version: u64) -> u64 {
    game_seed ^ version.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (seat as u64) << 56
}

/// Plays one move for `seat` with the `level` bot, a search stopping at `deadline`.
pub fn play_until(
    session: &mut dyn Session,
    seat: Seat,
    level: Level,
    game_seed: u64,
    version: u64,
    deadline: Option<Instant>,
) -> Result<Applied, ApiError> {
    let seed = move_seed(game_seed, seat, version);
    if level.kind == Kind::Random {
        let mut rng = GameRng::from_seed(seed);
        return session.apply_chosen_legal(seat, &mut |n| rng.below(n));
    }
    session.apply_bot(seat, level, seed, deadline)
}

/// Plays one move for `seat` with the `level` bot within a write.
pub fn play(
    session: &mut dyn Session,
    seat: Seat,
    level: Level,
    game_seed: u64,
    version: u64,
) -> Result<Applied, ApiError> {
    if level.kind == Kind::Random {
        // No search: a random pick takes microseconds, less than handing the worker thread
        // over (`block_in_place`) and moving the runtime's other tasks to another thread.
        return play_until(session, seat, level, game_seed, version, None);
    }
    let deadline = bots::move_deadline();
    searching(|| play_until(session, seat, level, game_seed, version, deadline))
}

/// The level a seat's bot plays at, if the seat is a bot's.
fn bot_level(seat: &SeatRecord) -> Option<Level> {
    (seat.occupant == Occupant::Bot).then(|| bots::level_of(&seat.bot, seat.bot_level))
}

/// The first of `to_act` whose bot moves from the background worker.
pub fn background_turn(seats: &[SeatRecord], to_act: &[Seat]) -> Option<Seat> {
    to_act.iter().copied().find(|s| {
        seats
            .get(*s)
            .and_then(bot_level)
            .is_some_and(bots::in_background)
    })
}

/// Whether any seat's bot moves from the background worker (only such games, and timed
/// ones, use the wake-up index).
pub fn has_background_bots(seats: &[SeatRecord]) -> bool {
    seats.iter().filter_map(bot_level).any(bots::in_background)
}

/// Runs a search that may take the per-move budget: on a multi-threaded runtime the worker
/// thread hands its other tasks over first, so a long search does not stall them.
pub fn searching<T>(search: impl FnOnce() -> T) -> T {
    match tokio::runtime::Handle::try_current() {
        Ok(h) if h.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread => {
            tokio::task::block_in_place(search)
        }
        _ => search(),
    }
}

/// One move made: its log entry, and its events as each viewer may see them.
pub struct Played {
    pub entry: LogEntry,
    pub shown: Shown,
}

/// A move's events as each viewer may see them, without its log entry.
pub struct ShownMove {
    pub version: u64,
    pub seat: Seat,
    pub shown: Shown,
}

impl Played {
    /// The log entry, and the events as shown.
    pub fn split(self) -> (LogEntry, ShownMove) {
        let shown = ShownMove {
            version: self.entry.version,
            seat: self.entry.seat,
            shown: self.shown,
        };
        (self.entry, shown)
    }

    pub fn new(version: u64, seat: Seat, applied: Applied) -> Played {
        let Applied {
            action,
            events,
            shown,
        } = applied;
        Played {
            entry: LogEntry {
                version,
                seat,
                action,
                events,
                seat_change: None,
                seat_before: None,
            },
            shown,
        }
    }
}

/// Searches one write may run in all, in per-move budgets: a game of bots only (or a long
/// run of bot turns) must not hold a request for minutes. Once spent, the write's further bot
/// moves are `random`, as every bot's were before searches.
const SEARCH_BUDGETS_PER_WRITE: u32 = 20;

/// Plays every bot seat that must act within the write (all but the background bots), logging
/// each move from `version + 1` on.
pub fn run_bots(
    session: &mut dyn Session,
    seats: &[SeatRecord],
    seed: u64,
    version: u64,
) -> Result<Vec<Played>, ApiError> {
    let mut entries = Vec::new();
    let searches_end = Instant::now() + bots::move_budget() * SEARCH_BUDGETS_PER_WRITE;
    while session.outcome().is_none() {
        let Some((seat, level)) = session.to_act().into_iter().find_map(|s| {
            bot_level(&seats[s])
                .filter(|l| !bots::in_background(*l))
                .map(|l| (s, l))
        }) else {
            break;
        };
        if entries.len() >= MAX_BOT_MOVES {
            return Err(ApiError::Internal(
                "bots did not finish within the move limit".into(),
            ));
        }
        let v = version + entries.len() as u64 + 1;
        let level = if Instant::now() < searches_end {
            level
        } else {
            bots::RANDOM_LEVEL
        };
        let applied = play(session, seat, level, seed, v)?;
        entries.push(Played::new(v, seat, applied));
    }
    Ok(entries)
}
