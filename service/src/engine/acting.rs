//! Who may act and who acts next: the one place that decides it, for writes (a submit's
//! checks, the bots' turns, the clocks, the change feed, the player indexes) and for reads
//! (views, legal actions, hints, listings) alike.
//!
//! The rules say whose turn it is; the server adds two things of its own: a resignation that
//! ends a game of one or two seats overrides the rules' state, and a seat the server's bot plays
//! is no person's to act in.

use crate::engine::host::Session;
use crate::error::ApiError;
use crate::store::record::{GameRecord, GameStatus, Occupant, SeatRecord};
use tablero_rules::{Outcome, Seat};

/// How a resignation ends a game of one or two seats, at `version`; `None` when no seat had
/// resigned by then or the game has more seats (a bot plays on for the resigned seat: see
/// [`super::seats`]).
pub fn forfeit(seats: &[SeatRecord], version: u64) -> Option<Outcome> {
    if seats.len() > 2 {
        return None;
    }
    let resigned = seats
        .iter()
        .position(|s| s.resigned_at.is_some_and(|at| at <= version))?;
    Some(match seats.len() {
        1 => Outcome {
            places: vec![1],
            winners: Vec::new(),
            draw: false,
            reason: "Seat 0 resigned: the game is lost.".into(),
        },
        _ => {
            let winner = 1 - resigned;
            let mut places = vec![1, 1];
            places[resigned] = 2;
            Outcome {
                places,
                winners: vec![winner],
                draw: false,
                reason: format!("Seat {resigned} resigned: seat {winner} wins."),
            }
        }
    })
}

/// The game's result at `version` with `seats` sat as they were then: a forfeit, else the
/// rules'.
pub fn outcome(seats: &[SeatRecord], version: u64, session: &dyn Session) -> Option<Outcome> {
    forfeit(seats, version).or_else(|| session.outcome())
}

/// The status a write leaves: finished once there is an outcome.
pub fn status(seats: &[SeatRecord], version: u64, session: &dyn Session) -> GameStatus {
    if outcome(seats, version, session).is_some() {
        GameStatus::Finished
    } else {
        GameStatus::Active
    }
}

/// Who must act at `version`: nobody once the game is over, else whom the rules wait for.
pub fn to_act(seats: &[SeatRecord], version: u64, session: &dyn Session) -> Vec<Seat> {
    if forfeit(seats, version).is_some() {
        return Vec::new();
    }
    session.to_act()
}

/// Who must act in the game as `record` holds it now.
pub fn to_act_now(record: &GameRecord, session: &dyn Session) -> Vec<Seat> {
    match record.status {
        GameStatus::Finished => Vec::new(),
        GameStatus::Active => to_act(&record.seats, record.version, session),
    }
}

/// Whether `seat` is a person's to act in at `version` (its token works, the game goes on): the
/// seats a person's legal actions are listed for.
pub fn personal(seats: &[SeatRecord], version: u64, session: &dyn Session, seat: Seat) -> bool {
    seats.get(seat).is_some_and(|s| {
        s.occupant == Occupant::Human && s.resigned_at.is_none_or(|at| at > version)
    }) && outcome(seats, version, session).is_none()
}

/// The checks of a person's move for `seat` in the game as `record` holds it: the game goes
/// on, the seat is the person's, and the rules let it act (a seat that committed a sealed
/// choice may still replace it until the reveal).
pub fn may_move(record: &GameRecord, session: &dyn Session, seat: Seat) -> Result<(), ApiError> {
    if record.status == GameStatus::Finished {
        return Err(ApiError::GameOver(format!("game {} is over", record.id)));
    }
    if record.seats[seat].occupant != Occupant::Human {
        return Err(ApiError::PermissionDenied(format!(
            "seat {seat} is played by the server's bot now (ReplaceSeat hands it back)"
        )));
    }
    if !session.may_act(seat) {
        let waiting: Vec<String> = to_act_now(record, session)
            .iter()
            .map(|s| s.to_string())
            .collect();
        return Err(ApiError::PermissionDenied(format!(
            "seat {seat} is not to act now (waiting for seat {})",
            waiting.join(", ")
        )));
    }
    Ok(())
}

/// The human seats among `to_act`: those on the clock, and those the player indexes wait for.
pub fn persons(seats: &[SeatRecord], to_act: &[Seat]) -> Vec<Seat> {
    to_act
        .iter()
        .copied()
        .filter(|s| seats.get(*s).is_some_and(|r| r.occupant == Occupant::Human))
        .collect()
}
