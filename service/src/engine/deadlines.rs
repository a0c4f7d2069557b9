//! Enforcing turn clocks. Every replica polls the store's deadline index; for a game whose
//! deadline passed it applies the game's timeout policy to the seat as a seat change (see
//! [`super::seats`]), with compare-and-swap like any write: when two replicas get there at
//! once one wins and the other finds the deadline moved, so a timeout applies exactly once, and
//! a replica that dies leaves the index entry for the others. The index is kept no later than
//! each game's own deadline (moved earlier before a write, set after it): an entry found early
//! is re-scored, never lost.

use super::Engine;
use super::seats::{Change, Requester};
use super::turn_clock;
use crate::error::ApiError;
use crate::store::Store;
use crate::store::clock::now_ms;
use crate::store::record::{GameRecord, GameStatus};
use std::time::Duration;
use tokio::sync::watch;
use tracing::Instrument;

/// Games enforced per poll, at most (the rest wait for the next poll).
const PER_POLL: usize = 64;

impl<S: Store> Engine<S> {
    /// Before a write of a timed game: the index holds its next deadline or an earlier time.
    pub(super) async fn deadline_before_write(&self, record: &GameRecord) -> Result<(), ApiError> {
        if let Some(at) = record.clock.as_ref().and_then(turn_clock::next_deadline) {
            self.store.deadline_no_later(&record.id, at).await?;
        }
        Ok(())
    }

    /// After a write of a timed game: the index holds exactly its next deadline (none once
    /// nobody is on the clock). A failure leaves an earlier entry, which a poll re-scores.
    pub(super) async fn deadline_after_write(&self, record: &GameRecord) {
        let Some(clock) = &record.clock else {
            return;
        };
        let next = match record.status {
            GameStatus::Active => turn_clock::next_deadline(clock),
            GameStatus::Finished => None,
        };
        if let Err(e) = self.store.set_deadline(&record.id, next).await {
            tracing::warn!(game_id = %record.id, error = %e, "updating the deadline index failed; a poll re-scores it");
        }
    }

    /// Applies every timeout due by `now` (of at most [`PER_POLL`] games); how many it applied.
    pub async fn enforce_deadlines(&self, now: i64) -> Result<usize, ApiError> {
        let mut applied = 0;
        for id in self.store.due_deadlines(now, PER_POLL).await? {
            match self.enforce(&id, now).await {
                Ok(n) => applied += n,
                Err(e) => {
                    tracing::warn!(game_id = %id, error = %e, "enforcing a deadline failed; retried at the next poll")
                }
            }
        }
        Ok(applied)
    }

    /// The timeouts of one game due by `now`, one seat at a time (each a write of its own).
    async fn enforce(&self, id: &str, now: i64) -> Result<usize, ApiError> {
        let mut applied = 0;
        // A bound: a game has at most a few seats, each timed out once per decision.
        for _ in 0..16 {
            let record = match self.load(id).await {
                Ok(r) => r,
                Err(ApiError::GameNotFound(_)) => {
                    self.store.set_deadline(id, None).await?;
                    return Ok(applied);
                }
                Err(e) => return Err(e),
            };
            let due = match (&record.clock, record.status) {
                (Some(clock), GameStatus::Active) => turn_clock::due(clock, now),
                _ => Vec::new(),
            };
            let Some(&seat) = due.first() else {
                // Early (or stale): the entry follows the game.
                self.deadline_after_write(&record).await;
                return Ok(applied);
            };
            let requester = Requester::Clock {
                seat: seat as u32,
                now,
            };
            match self.change_seat(id, &requester, Change::TimeOut).await {
                Ok(_) => applied += 1,
                // Another replica (or a move) got there first: look again.
                Err(ApiError::SeatState(_)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(applied)
    }
}

/// Polls the deadline index every `every` until `shutdown` says stop.
pub async fn run<S: Store>(
    engine: Engine<S>,
    every: Duration,
    mut shutdown: watch::Receiver<bool>,
) {
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = shutdown.changed() => return,
        }
        // A background job, not part of any call: its store calls get a root span of their own.
        let span = tracing::info_span!("turn_clock.poll");
        match engine.enforce_deadlines(now_ms()).instrument(span).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(timeouts = n, "deadlines enforced"),
            Err(e) => tracing::warn!(error = %e, "polling the deadline index failed"),
        }
    }
}
