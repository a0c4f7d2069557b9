//! Where games live. Two implementations: `memory` (embedded default) and `redis`.
//!
//! Every write is a compare-and-swap on the game's version, done with its log append, its
//! idempotency record and its change notification as one atomic step. The same step sets how
//! long the game is kept ([`crate::lifecycle::Lifecycle`]); deleting a game is one atomic step too.

pub mod memory;
mod notify;
pub mod redis;
pub mod redis_conn;

use crate::record::{CampaignRecord, GameRecord, GameStatus, LogEntry};
use std::future::Future;
use tokio::sync::broadcast;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("redis: {0}")]
    Redis(#[from] ::redis::RedisError),
    #[error("stored data unreadable: {0}")]
    Record(#[from] crate::record::RecordError),
    #[error("game {0} already exists")]
    AlreadyExists(String),
    /// The game was deleted or expired while it was being written.
    #[error("game {0} not found")]
    GameGone(String),
    #[error("{0}")]
    Other(String),
}

/// A commit: the new record written only if the stored revision is still `expected_revision`
/// (the revision counts every write: actions and seat changes; the version counts actions).
pub struct Commit<'a> {
    pub record: &'a GameRecord,
    pub expected_revision: u64,
    pub entries: &'a [LogEntry],
    /// `(key, value)` to remember for idempotent retries.
    pub idempotency: Option<(&'a str, &'a [u8])>,
    /// The status before this commit (the listing indexes move when it changes).
    pub previous_status: GameStatus,
}

#[derive(Debug, PartialEq, Eq)]
pub enum CommitResult {
    Committed,
    /// The stored game changed since it was read.
    Conflict,
    /// The idempotency key was already used; here is the first result.
    Duplicate(Vec<u8>),
}

/// How many stored games have one type and status (for the `tablero_games` gauge).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameCount<'a> {
    pub game_type: &'a str,
    pub status: GameStatus,
    pub games: u64,
}

/// Both statuses, in the order [`Store::count_games`] lists them.
pub const STATUSES: [GameStatus; 2] = [GameStatus::Active, GameStatus::Finished];

/// A page of the game listing.
pub struct ListFilter<'a> {
    pub game_type: Option<&'a str>,
    pub status: Option<GameStatus>,
    pub offset: usize,
    pub limit: usize,
}

pub trait Store: Send + Sync + 'static {
    /// Stores a new game with its opening log entries; fails if the id exists.
    fn create(
        &self,
        record: &GameRecord,
        entries: &[LogEntry],
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    fn load(&self, id: &str)
    -> impl Future<Output = Result<Option<GameRecord>, StoreError>> + Send;

    fn commit(
        &self,
        commit: Commit<'_>,
    ) -> impl Future<Output = Result<CommitResult, StoreError>> + Send;

    /// The first result stored under an idempotency key.
    fn idempotent_result(
        &self,
        id: &str,
        key: &str,
    ) -> impl Future<Output = Result<Option<Vec<u8>>, StoreError>> + Send;

    /// Log entries with `from < version <= to`.
    fn log(
        &self,
        id: &str,
        from: u64,
        to: u64,
    ) -> impl Future<Output = Result<Vec<LogEntry>, StoreError>> + Send;

    /// Game ids newest first, and whether more follow.
    fn list(
        &self,
        filter: ListFilter<'_>,
    ) -> impl Future<Output = Result<(Vec<GameRecord>, bool), StoreError>> + Send;

    /// The number of games of each of `game_types` in each status (zeros included), by type then
    /// in [`STATUSES`] order. Read from the listing indexes, so it counts what the listing shows.
    fn count_games<'a>(
        &self,
        game_types: &[&'a str],
    ) -> impl Future<Output = Result<Vec<GameCount<'a>>, StoreError>> + Send;

    /// Stores a new campaign; fails if the id exists.
    fn create_campaign(
        &self,
        record: &CampaignRecord,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    fn load_campaign(
        &self,
        id: &str,
    ) -> impl Future<Output = Result<Option<CampaignRecord>, StoreError>> + Send;

    /// Writes `record` only if the stored revision is still `expected_revision`; false otherwise.
    fn commit_campaign(
        &self,
        record: &CampaignRecord,
        expected_revision: u64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Campaigns newest first, optionally of one game type, and whether more follow.
    fn list_campaigns(
        &self,
        game_type: Option<&str>,
        offset: usize,
        limit: usize,
    ) -> impl Future<Output = Result<(Vec<CampaignRecord>, bool), StoreError>> + Send;

    /// Deletes a game with everything stored with it, at once: a writer or reader then finds no
    /// game, never part of one, and watchers are notified. False when there was no game.
    fn delete(&self, id: &str) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Deletes a campaign (not its plays) and returns it as it was at that moment; `None` when
    /// there was none.
    fn delete_campaign(
        &self,
        id: &str,
    ) -> impl Future<Output = Result<Option<CampaignRecord>, StoreError>> + Send;

    /// Clears what expired games left behind (listing entries, memory) and returns how many
    /// expired games it cleared. Cheap when nothing expired and idempotent: every replica runs it
    /// periodically.
    fn sweep(&self) -> impl Future<Output = Result<usize, StoreError>> + Send;

    /// Notifications (the new revision) of changes to a game, from any replica.
    fn subscribe(
        &self,
        id: &str,
    ) -> impl Future<Output = Result<broadcast::Receiver<u64>, StoreError>> + Send;
}
