//! A write without an idempotency key (a seat change, a background bot's move): the indexes and
//! the change feed kept in step with one compare-and-swap commit.

use super::Engine;
use super::changes::GameWrite;
use crate::error::ApiError;
use crate::games::Session;
use crate::store::record::{GameRecord, GameStatus, LogEntry};
use crate::store::{Commit, CommitResult, Store};
use tablero_rules::Seat;

/// A game's next record, worked out on the record read at `expected_revision`.
pub(super) struct Write<'a> {
    pub record: &'a GameRecord,
    pub session: &'a dyn Session,
    pub entries: &'a [LogEntry],
    pub expected_revision: u64,
    pub previous_status: GameStatus,
    /// Who had to act before the write, and which of them were on the clock.
    pub waiting_before: &'a [Seat],
    pub clock_before: &'a [Seat],
    /// Who acts after it (nobody once the game is over).
    pub to_act: &'a [Seat],
    pub seats_changed: bool,
}

impl<S: Store> Engine<S> {
    /// Commits `write` with compare-and-swap: the player indexes marked and the wake-up index
    /// moved earlier before it, the change feed appended with it, the waiting marks cleared
    /// after it. False when another write got there first (nothing of this one is stored; the
    /// marks made before it are checked by the listings). The caller settles the wake-up index.
    pub(super) async fn commit_write(&self, write: Write<'_>) -> Result<bool, ApiError> {
        let Write {
            record,
            session,
            entries,
            expected_revision,
            previous_status,
            waiting_before,
            clock_before,
            to_act,
            seats_changed,
        } = write;
        self.mark_players(record, to_act, Some(waiting_before))
            .await?;
        self.deadline_before_write(record, to_act).await?;
        let feed = self.changes_of(GameWrite {
            record,
            session,
            before: Some((previous_status, clock_before)),
            to_act,
            entries,
        });
        let commit = Commit {
            record,
            expected_revision,
            entries,
            idempotency: None,
            previous_status,
            seats_changed,
            feed: &feed,
        };
        if self.store.commit(commit).await? != CommitResult::Committed {
            return Ok(false);
        }
        if let Err(e) = self.clear_waiting(record, waiting_before, to_act).await {
            tracing::warn!(error = %e, "clearing the player indexes' waiting marks failed");
        }
        Ok(true)
    }
}
