//! The player listings: which games a backend's players (`player_ref` on seats) are in, and
//! which of them wait for those players. The store's indexes are marked before a write and
//! cleared after it, so a crash leaves a mark too many and never one too few; a listing checks
//! each game it finds against the game itself.

use super::Engine;
use crate::error::ApiError;
use crate::store::record::{GameRecord, GameStatus, SeatRecord};
use crate::store::{PlayerMarks, Store};
use tablero_rules::Seat;

/// The players seated in `seats`, each once.
pub fn players(seats: &[SeatRecord]) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for p in seats.iter().filter_map(|s| s.player_ref.as_deref()) {
        if !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// The players of the seats in `to_act`, each once.
pub fn waiting<'a>(seats: &'a [SeatRecord], to_act: &[Seat]) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for seat in to_act {
        if let Some(p) = seats.get(*seat).and_then(|s| s.player_ref.as_deref())
            && !out.contains(&p)
        {
            out.push(p);
        }
    }
    out
}

/// Whether any seat has a player: only such games touch the player indexes.
pub fn has_players(seats: &[SeatRecord]) -> bool {
    seats.iter().any(|s| s.player_ref.is_some())
}

/// Whether `player` sits at one of the seats in `to_act` (or at any seat when `to_act` is
/// `None`).
pub fn seated(record: &GameRecord, player: &str, to_act: Option<&[Seat]>) -> bool {
    record.seats.iter().enumerate().any(|(i, s)| {
        s.player_ref.as_deref() == Some(player) && to_act.is_none_or(|t| t.contains(&i))
    })
}

impl<S: Store> Engine<S> {
    /// Before a write that leaves the seats `to_act` to act: marks the game in the indexes of
    /// its players (every one when `seats_changed`) and of the players it will wait for that it
    /// did not wait for before (`before`; `None` for a new game or new seats).
    pub(super) async fn mark_players(
        &self,
        record: &GameRecord,
        to_act: &[Seat],
        before: Option<&[Seat]>,
    ) -> Result<(), ApiError> {
        if !has_players(&record.seats) {
            return Ok(());
        }
        let was_waiting = before
            .map(|b| waiting(&record.seats, b))
            .unwrap_or_default();
        let new_waiting: Vec<&str> = waiting(&record.seats, to_act)
            .into_iter()
            .filter(|p| !was_waiting.contains(p))
            .collect();
        let all = players(&record.seats);
        let players: &[&str] = if before.is_none() { &all } else { &[] };
        if players.is_empty() && new_waiting.is_empty() {
            return Ok(());
        }
        self.store
            .mark_players(&PlayerMarks {
                game_id: &record.id,
                created_at_ms: record.created_at_ms,
                players,
                waiting: &new_waiting,
            })
            .await?;
        Ok(())
    }

    /// After a write: clears the waiting marks of the players the game waited for before
    /// (`before`) and no longer waits for (`to_act`); of every player once the game is over
    /// (which clears a mark a lost write left behind).
    pub(super) async fn clear_waiting(
        &self,
        record: &GameRecord,
        before: &[Seat],
        to_act: &[Seat],
    ) -> Result<(), ApiError> {
        if !has_players(&record.seats) {
            return Ok(());
        }
        let done: Vec<&str> = if record.status == GameStatus::Finished {
            players(&record.seats)
        } else {
            let still = waiting(&record.seats, to_act);
            waiting(&record.seats, before)
                .into_iter()
                .filter(|p| !still.contains(p))
                .collect()
        };
        if !done.is_empty() {
            self.store.unmark_waiting(&record.id, &done).await?;
        }
        Ok(())
    }
}
