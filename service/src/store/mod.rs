//! Where games live. Two implementations: `memory` (embedded default) and `redis`.
//!
//! Every write is a compare-and-swap on the game's version, done with its log append, its
//! idempotency record and its change notification as one atomic step. The same step sets how
//! long the game is kept ([`crate::store::lifecycle::Lifecycle`]); deleting a game is one atomic step too.
//! Starting a campaign's play writes the campaign and creates the play's game in one atomic
//! step (the play's id is chosen to share the campaign's Redis Cluster slot).

pub mod blob;
pub mod clock;
pub mod feed;

pub mod lifecycle;
pub mod memory;
mod notify;
pub mod record;
mod record_held;
pub mod redis;
pub mod redis_conn;
mod redis_feed;
pub mod slot;
mod stored_seats;
pub mod token_hash;

use crate::store::feed::{FeedFrom, FeedPage, Lease};
use crate::store::record::{CampaignRecord, GameRecord, GameStatus, LogEntry};
use std::future::Future;
use tokio::sync::broadcast;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The store could not be reached or did not answer (transient: retry).
    #[error("store unavailable: {0}")]
    Unavailable(String),
    /// A store call took longer than the server's limit (transient: retry).
    #[error("store call timed out")]
    TimedOut,
    /// The store refused the write because it is out of memory (transient for the caller).
    #[error("store full: {0}")]
    Full(String),
    #[error("stored data unreadable: {0}")]
    Record(#[from] crate::store::record::RecordError),
    #[error("game {0} already exists")]
    AlreadyExists(String),
    /// The game was deleted or expired while it was being written.
    #[error("game {0} not found")]
    GameGone(String),
    /// A listing page token this store did not hand out.
    #[error("not a page token of this listing")]
    BadPageToken,
    /// A change feed cursor this store did not hand out.
    #[error("not a cursor of this change feed")]
    BadCursor,
    #[error("{0}")]
    Other(String),
}

impl StoreError {
    /// Whether retrying may succeed (the store was unreachable, slow or full), as opposed to
    /// something wrong with what is stored.
    pub fn is_transient(&self) -> bool {
        matches!(
            self,
            StoreError::Unavailable(_) | StoreError::TimedOut | StoreError::Full(_)
        )
    }
}

/// What a store remembers of an idempotency key: enough to answer a retry (the response is
/// rebuilt from the log) and to tell a different request under the same key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Idempotent {
    /// The first 128 bits of the SHA-256 of the request (seat, expected version, action): plenty
    /// to tell two requests apart, and short enough that Redis keeps a game's keys compact
    /// (listpack encoding takes values of at most 64 bytes).
    pub fingerprint: [u8; 16],
    /// The game's version before and after the write.
    pub from_version: u64,
    pub to_version: u64,
}

impl Idempotent {
    /// `2:<from>:<to>:` and the fingerprint's 16 bytes: small, and its versions readable in
    /// `redis-cli`. (Written before: `1:<from>:<to>:<hex fingerprint>`, still read.)
    pub fn encode(&self) -> Vec<u8> {
        let mut out = format!("2:{}:{}:", self.from_version, self.to_version).into_bytes();
        out.extend_from_slice(&self.fingerprint);
        out
    }

    pub fn decode(value: &[u8]) -> Result<Idempotent, StoreError> {
        let bad = || {
            StoreError::Record(crate::store::record::RecordError::Layout(
                "idempotency record".into(),
            ))
        };
        // The form's digit, then the two versions, each ended by a colon.
        let mut parts = value.splitn(4, |&b| b == b':');
        let form = parts.next();
        let mut version = || {
            parts
                .next()
                .and_then(|p| std::str::from_utf8(p).ok())
                .and_then(|p| p.parse().ok())
                .ok_or_else(bad)
        };
        let from_version = version()?;
        let to_version = version()?;
        let rest = parts.next().ok_or_else(bad)?;
        let fingerprint = match form {
            Some(b"2") => rest.try_into().ok(),
            Some(b"1") => hex::decode(rest).ok().and_then(|b| b.try_into().ok()),
            _ => None,
        }
        .ok_or_else(bad)?;
        Ok(Idempotent {
            fingerprint,
            from_version,
            to_version,
        })
    }
}

#[cfg(test)]
mod idempotent_tests {
    use super::Idempotent;

    #[test]
    fn records_read_back_in_both_forms() {
        // A fingerprint with a colon and an `@` in it: neither may cut the value.
        let mut fingerprint = [7u8; 16];
        fingerprint[3] = b':';
        fingerprint[9] = b'@';
        let recorded = Idempotent {
            fingerprint,
            from_version: 12,
            to_version: 14,
        };
        let now = recorded.encode();
        assert_eq!(now.len(), "2:12:14:".len() + 16);
        assert_eq!(Idempotent::decode(&now).unwrap(), recorded);
        let before = format!("1:12:14:{}", hex::encode(fingerprint));
        assert_eq!(Idempotent::decode(before.as_bytes()).unwrap(), recorded);
        for bad in [&b"3:12:14:"[..], b"2:12:14:short", b"2:x:14:", b""] {
            assert!(Idempotent::decode(bad).is_err(), "{bad:?}");
        }
    }
}

/// A commit: the new record written only if the stored revision is still `expected_revision`
/// (the revision counts every write: actions and seat changes; the version counts actions).
pub struct Commit<'a> {
    pub record: &'a GameRecord,
    pub expected_revision: u64,
    pub entries: &'a [LogEntry],
    /// `(key, record)` to remember for idempotent retries (for the lifecycle's window).
    pub idempotency: Option<(&'a str, Idempotent)>,
    /// The status before this commit (the listing indexes move when it changes).
    pub previous_status: GameStatus,
    /// The commit changes the seats (a join, fresh seat tokens): a move's commit writes only
    /// the record's hot part.
    pub seats_changed: bool,
    /// The changes this write makes (encoded `tablero.v1.Change`s), appended to the change feed
    /// with it.
    pub feed: &'a [Vec<u8>],
}

#[derive(Debug, PartialEq, Eq)]
pub enum CommitResult {
    Committed,
    /// The stored game changed since it was read.
    Conflict,
    /// The idempotency key was already used (within its window); here is what it recorded.
    Duplicate(Idempotent),
}

/// How many stored games have one type and status (for the `tablero_store_games` gauge).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameCount<'a> {
    pub game_type: &'a str,
    pub status: GameStatus,
    pub games: u64,
}

/// A page of the game listing.
pub struct ListFilter<'a> {
    pub game_type: Option<&'a str>,
    pub status: Option<GameStatus>,
    /// Only games created listed (what callers without an API key see).
    pub listed_only: bool,
    /// Only one player's games (from the player indexes, listed or not).
    pub player: Option<PlayerFilter<'a>>,
    /// Where the page starts: a token an earlier page of this listing returned (`None` = first).
    pub page_token: Option<&'a str>,
    pub limit: usize,
}

/// A backend player's games ([`crate::store::record::SeatRecord::player_ref`]).
#[derive(Clone, Copy, Debug)]
pub struct PlayerFilter<'a> {
    pub player_ref: &'a str,
    /// Only the games marked as waiting for the player. The marks may hold a game that no
    /// longer waits (they are cleared after a write): the caller checks the game's state.
    pub waiting: bool,
}

/// What the player indexes learn of a game before a write: every player in it and the
/// players it will wait for. Marks are added before the write and cleared after it, so a
/// crash in between leaves a mark too many (readers check the game), never one too few.
pub struct PlayerMarks<'a> {
    pub game_id: &'a str,
    /// The indexes keep a player's games newest first.
    pub created_at_ms: i64,
    pub players: &'a [&'a str],
    pub waiting: &'a [&'a str],
}

/// Quotas are kept per (kind, owner); an owner is a caller without an API key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuotaKind {
    Games,
    Campaigns,
}

impl QuotaKind {
    pub fn as_str(self) -> &'static str {
        match self {
            QuotaKind::Games => "games",
            QuotaKind::Campaigns => "campaigns",
        }
    }
}

/// A new play of a campaign: the campaign as it is after the play was added (written only if
/// the stored revision is still `expected_revision`) and the play's game with its opening log.
pub struct NewPlay<'a> {
    pub campaign: &'a CampaignRecord,
    pub expected_revision: u64,
    pub game: &'a GameRecord,
    pub entries: &'a [LogEntry],
    /// The play's changes for the change feed.
    pub feed: &'a [Vec<u8>],
}

pub trait Store: Send + Sync + 'static {
    /// Stores a new game with its opening log entries and appends its changes to the feed;
    /// fails if the id exists.
    fn create(
        &self,
        record: &GameRecord,
        entries: &[LogEntry],
        feed: &[Vec<u8>],
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    fn load(&self, id: &str)
    -> impl Future<Output = Result<Option<GameRecord>, StoreError>> + Send;

    fn commit(
        &self,
        commit: Commit<'_>,
    ) -> impl Future<Output = Result<CommitResult, StoreError>> + Send;

    /// What an idempotency key recorded, while its window lasts.
    fn idempotent_result(
        &self,
        id: &str,
        key: &str,
    ) -> impl Future<Output = Result<Option<Idempotent>, StoreError>> + Send;

    /// The revision of a game, if it exists (cheaper than [`Store::load`]: idle watchers poll it).
    fn revision(&self, id: &str) -> impl Future<Output = Result<Option<u64>, StoreError>> + Send;

    /// The status of a game, if it exists (cheaper than [`Store::load`]).
    fn status(
        &self,
        id: &str,
    ) -> impl Future<Output = Result<Option<GameStatus>, StoreError>> + Send;

    /// Log entries with `from < version <= to`.
    fn log(
        &self,
        id: &str,
        from: u64,
        to: u64,
    ) -> impl Future<Output = Result<Vec<LogEntry>, StoreError>> + Send;

    /// Games newest first, and the token of the next page when more follow. A page costs its
    /// length, not its position.
    fn list(
        &self,
        filter: ListFilter<'_>,
    ) -> impl Future<Output = Result<(Vec<GameRecord>, Option<String>), StoreError>> + Send;

    /// Adds a game to its players' indexes and to the waiting index of the players it will
    /// wait for (see [`PlayerMarks`]).
    fn mark_players(
        &self,
        marks: &PlayerMarks<'_>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Removes a game from the waiting index of `players` (it no longer waits for them).
    fn unmark_waiting(
        &self,
        game_id: &str,
        players: &[&str],
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Moves game `id` in the deadline index to `at_ms` when that is earlier (or adds it):
    /// called before a write, so the index is never later than the game's own deadline.
    fn deadline_no_later(
        &self,
        id: &str,
        at_ms: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Sets game `id`'s deadline in the index to `at_ms`, or removes it: after a write, or when
    /// an entry was found early.
    fn set_deadline(
        &self,
        id: &str,
        at_ms: Option<i64>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Takes game `id`'s entry for a while: when it is at most `due_ms`, moves it to `until_ms`
    /// and says true; false when it is later (another replica took it) or gone. Atomic, so of
    /// replicas that find the same entry due one takes it.
    fn claim_deadline(
        &self,
        id: &str,
        due_ms: i64,
        until_ms: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Games whose indexed deadline is at most `now_ms`, earliest first (at most `limit`).
    fn due_deadlines(
        &self,
        now_ms: i64,
        limit: usize,
    ) -> impl Future<Output = Result<Vec<String>, StoreError>> + Send;

    /// Unfinished games stored now (from the listing indexes: accurate up to one sweep).
    fn active_games(&self) -> impl Future<Output = Result<u64, StoreError>> + Send;

    /// The number of games of each of `game_types` in each status (zeros included), by type then
    /// in [`GameStatus::ALL`] order. Read from the listing indexes, so it counts what the listing
    /// shows.
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

    /// Starts a play: writes the campaign and creates the play's game atomically. False (and
    /// nothing written) when the campaign changed or is gone; an error when the game id exists.
    fn start_play(
        &self,
        play: NewPlay<'_>,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Writes `record` only if the stored revision is still `expected_revision`, with `feed`
    /// appended to the change feed; false otherwise.
    fn commit_campaign(
        &self,
        record: &CampaignRecord,
        expected_revision: u64,
        feed: &[Vec<u8>],
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

    /// Campaigns whose abandonment is due by `now_ms` (at most `limit`): each was last written
    /// no later than the lifecycle's campaign time before; the caller checks their plays and
    /// deletes them or calls [`Store::reschedule_campaign`].
    fn due_campaigns(
        &self,
        now_ms: i64,
        limit: usize,
    ) -> impl Future<Output = Result<Vec<String>, StoreError>> + Send;

    /// Checks the campaign again at `at_ms` (its plays kept it alive).
    fn reschedule_campaign(
        &self,
        id: &str,
        at_ms: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Adds `id` to `owner`'s live set of `kind` unless the set holds `limit` members; whether it
    /// did. An id already in the set counts as added.
    fn quota_claim(
        &self,
        kind: QuotaKind,
        owner: &str,
        id: &str,
        limit: u32,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// The members of `owner`'s live set of `kind`.
    fn quota_members(
        &self,
        kind: QuotaKind,
        owner: &str,
    ) -> impl Future<Output = Result<Vec<String>, StoreError>> + Send;

    /// Drops ids (finished, deleted or expired) from `owner`'s live set of `kind`.
    fn quota_release(
        &self,
        kind: QuotaKind,
        owner: &str,
        ids: &[String],
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Answers when the store is reachable (the readiness check).
    fn ping(&self) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Notifications (the new revision) of changes to a game, from any replica.
    fn subscribe(
        &self,
        id: &str,
    ) -> impl Future<Output = Result<broadcast::Receiver<u64>, StoreError>> + Send;

    /// At most `limit` changes of the feed from `from`, oldest first.
    /// [`StoreError::BadCursor`] for a cursor the feed never handed out.
    fn feed_read(
        &self,
        from: FeedFrom<'_>,
        limit: usize,
    ) -> impl Future<Output = Result<FeedPage, StoreError>> + Send;

    /// The cursor of the latest change (reading after it waits for the next one).
    fn feed_head(&self) -> impl Future<Output = Result<String, StoreError>> + Send;

    /// Wakes feed readers of this process when a change is appended; `None` when changes come
    /// from other replicas too, and readers poll.
    fn feed_signal(&self) -> Option<std::sync::Arc<tokio::sync::Notify>> {
        None
    }

    /// Takes the lease, or renews it for its holder; whether `lease.holder` holds it now.
    fn lease(&self, lease: Lease<'_>) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// The cursor a webhook endpoint has been delivered up to.
    fn webhook_cursor(
        &self,
        endpoint: &str,
    ) -> impl Future<Output = Result<Option<String>, StoreError>> + Send;

    fn set_webhook_cursor(
        &self,
        endpoint: &str,
        cursor: &str,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Adds records (oldest first) to an endpoint's delivery log, which keeps the latest `keep`.
    fn log_deliveries(
        &self,
        endpoint: &str,
        records: &[Vec<u8>],
        keep: usize,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// An endpoint's latest delivery records, newest first.
    fn deliveries(
        &self,
        endpoint: &str,
        limit: usize,
    ) -> impl Future<Output = Result<Vec<Vec<u8>>, StoreError>> + Send;

    /// An endpoint's delivery state (encoded by `webhooks::deliver`; only its lease holder
    /// writes it).
    fn webhook_state(
        &self,
        endpoint: &str,
    ) -> impl Future<Output = Result<Option<Vec<u8>>, StoreError>> + Send;

    fn set_webhook_state(
        &self,
        endpoint: &str,
        state: &[u8],
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Asks for the change at `cursor` to be sent to the endpoint again (any replica may ask;
    /// the latest `keep` requests are kept).
    fn request_redelivery(
        &self,
        endpoint: &str,
        cursor: &str,
        keep: usize,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// The requests not yet done, oldest first.
    fn redeliveries(
        &self,
        endpoint: &str,
    ) -> impl Future<Output = Result<Vec<String>, StoreError>> + Send;

    /// Removes one request for `cursor`, once it is done (so a holder that dies first leaves
    /// it to the next).
    fn finish_redelivery(
        &self,
        endpoint: &str,
        cursor: &str,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;
}
