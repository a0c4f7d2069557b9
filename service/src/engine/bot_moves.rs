//! Bot moves: a bot picks among the rules' legal actions of its own seat only, so it never uses
//! hidden information it could not see.

use crate::error::ApiError;
use crate::games::{Applied, Session, Shown};
use crate::store::record::{LogEntry, Occupant, SeatRecord};
use tablero_rules::{GameRng, Seat};

/// Bot moves one write may make before the server gives up (a runaway guard, far above any game).
const MAX_BOT_MOVES: usize = 100_000;

/// Plays one move for `seat` (every bot kind is [`crate::bots::RANDOM`] today).
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

/// One move made: its log entry, and its events as each viewer may see them.
pub struct Played {
    pub entry: LogEntry,
    pub shown: Shown,
}

impl Played {
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
            },
            shown,
        }
    }
}

/// Plays every bot seat that must act, logging each move from `version + 1` on.
pub fn run_bots(
    session: &mut dyn Session,
    seats: &[SeatRecord],
    seed: u64,
    version: u64,
) -> Result<Vec<Played>, ApiError> {
    let mut entries = Vec::new();
    while session.outcome().is_none() {
        let Some(seat) = session
            .to_act()
            .into_iter()
            .find(|s| seats[*s].occupant == Occupant::Bot)
        else {
            break;
        };
        if entries.len() >= MAX_BOT_MOVES {
            return Err(ApiError::Internal(
                "bots did not finish within the move limit".into(),
            ));
        }
        let v = version + entries.len() as u64 + 1;
        let applied = play(session, seat, seed, v)?;
        entries.push(Played::new(v, seat, applied));
    }
    Ok(entries)
}
