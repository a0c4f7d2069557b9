//! The wake-up index: enforcing turn clocks and finding background bot turns. Every replica
//! polls the store's deadline index; for a game whose deadline passed it applies the game's
//! timeout policy to the seat as a seat change (see [`super::seats`]), with compare-and-swap
//! like any write: when two replicas get there at once one wins and the other finds the
//! deadline moved, so a timeout applies exactly once, and a replica that dies leaves the index
//! entry for the others. A game whose background bot must move is due from its write on, and
//! goes to [`super::bot_worker`]. The index is kept no later than each game's own wake-up
//! (moved earlier before a write, set after it): an entry found early is re-scored, never lost.

use super::Engine;
use super::acting::to_act_now;
use super::bot_moves::{background_turn, has_background_bots};
use super::seats::{Change, Requester};
use super::turn_clock;
use crate::error::ApiError;
use crate::store::Store;
use crate::store::clock::now_ms;
use crate::store::record::{GameRecord, GameStatus};
use std::time::Duration;
use tablero_rules::Seat;
use tokio::sync::watch;
use tracing::Instrument;

/// Games enforced per poll, at most (the rest wait for the next poll).
const PER_POLL: usize = 64;

/// When a game next needs a replica, `to_act` acting next: its next turn-clock deadline, or
/// its last write's time when a background bot must move, whichever comes first.
pub(super) fn wake_at(record: &GameRecord, to_act: &[Seat]) -> Option<i64> {
    if record.status != GameStatus::Active {
        return None;
    }
    let deadline = record.clock.as_ref().and_then(turn_clock::next_deadline);
    let bot_turn = background_turn(&record.seats, to_act).map(|_| record.updated_at_ms);
    deadline.into_iter().chain(bot_turn).min()
}

/// Only timed games and games with background bots are in the index.
pub(super) fn indexed(record: &GameRecord) -> bool {
    record.clock.is_some() || has_background_bots(&record.seats)
}

impl<S: Store> Engine<S> {
    /// Sets the game's entry to its next wake-up as `record` (just written, or read) says. Two
    /// writes' settings may land out of order, and a late one would move the entry later or
    /// drop it: so the revision is read after setting, and a game that moved on meanwhile is
    /// read and settled again. Whoever sets last has seen the last revision.
    pub(super) async fn settle(&self, record: &GameRecord, to_act: &[Seat]) {
        if let Err(e) = self.try_settle(record, to_act).await {
            tracing::warn!(game_id = %record.id, error = %e, "updating the deadline index failed; a poll re-scores it");
        }
    }

    async fn try_settle(&self, record: &GameRecord, to_act: &[Seat]) -> Result<(), ApiError> {
        let id = &record.id;
        self.set_wake(record, to_act).await?;
        let mut revision = record.revision;
        // A bound: each round needs another write to have landed in between.
        for _ in 0..8 {
            if self.store.revision(id).await? == Some(revision) {
                return Ok(());
            }
            let (fresh, session) = match self.open(id).await {
                Ok(opened) => (opened.record, opened.session),
                Err(ApiError::GameNotFound(_)) => {
                    self.store.set_deadline(id, None).await?;
                    return Ok(());
                }
                Err(e) => return Err(e),
            };
            let to_act = to_act_now(&fresh, session.as_ref());
            self.set_wake(&fresh, &to_act).await?;
            revision = fresh.revision;
        }
        Ok(())
    }

    /// Sets the game's entry to its next wake-up; nudges this replica's worker when that is a
    /// background bot's turn.
    async fn set_wake(&self, record: &GameRecord, to_act: &[Seat]) -> Result<(), ApiError> {
        let next = wake_at(record, to_act);
        self.store.set_deadline(&record.id, next).await?;
        if next.is_some() && background_turn(&record.seats, to_act).is_some() {
            self.bot_worker.nudge();
        }
        Ok(())
    }

    /// Applies every timeout due by `now` (of at most [`PER_POLL`] games) and takes the due
    /// background bot turns; how many timeouts it applied.
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

    /// The timeouts of one game due by `now`, one seat at a time (each a write of its own);
    /// then its background bot's turn, if one is due.
    async fn enforce(&self, id: &str, now: i64) -> Result<usize, ApiError> {
        let mut applied = 0;
        // A bound: a game has at most a few seats, each timed out once per decision.
        for _ in 0..16 {
            let (record, session) = match self.open(id).await {
                Ok(opened) => (opened.record, opened.session),
                Err(ApiError::GameNotFound(_)) => {
                    // Deleted, or not created yet (its create moved the entry first): drop
                    // the entry, and look again if the game is there now.
                    self.store.set_deadline(id, None).await?;
                    if self.store.revision(id).await?.is_none() {
                        return Ok(applied);
                    }
                    continue;
                }
                Err(e) => return Err(e),
            };
            let to_act = to_act_now(&record, session.as_ref());
            let due = match (&record.clock, record.status) {
                (Some(clock), GameStatus::Active) => turn_clock::due(clock, now),
                _ => Vec::new(),
            };
            let Some(&seat) = due.first() else {
                if background_turn(&record.seats, &to_act).is_some() {
                    self.take_bot_turn(id, now).await?;
                    return Ok(applied);
                }
                // Early (or stale): the entry follows the game.
                self.settle(&record, &to_act).await;
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

/// Polls the deadline index every `every`, and at once when a write of this replica leaves a
/// background bot to move, until `shutdown` says stop.
pub async fn run<S: Store>(
    engine: Engine<S>,
    every: Duration,
    mut shutdown: watch::Receiver<bool>,
) {
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let nudged = engine.bot_worker.clone();
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = nudged.nudged() => {}
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
