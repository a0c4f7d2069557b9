//! The Redis store. Per game, three keys share one hash slot (`{<id>}` hash tag) so every write
//! is one atomic Lua script even on Redis Cluster:
//!
//! - `tablero:{<id>}:game` hash: `v` revision (counts every write), `t` type, `s` status, and the
//!   record ([`crate::store::record`], format 2) in three fields: `h` its hot part (rewritten by
//!   every commit), `p` the seats (rewritten when a seat changes), `c` its cold part (written
//!   once). A load reads the three in one HMGET. A game stored before format 2 has `d` instead
//!   (the whole record as JSON): read as it is, it is replaced by the three at its next write.
//! - `tablero:{<id>}:log`  list: one log entry per version (index = version - 1), binary (JSON
//!   for entries written before format 2)
//! - `tablero:{<id>}:idem` hash: idempotency key -> what it recorded ([`Idempotent`]) and, after
//!   an `@`, when it is forgotten (unix ms): `2:<from>:<to>:<fingerprint's 16 bytes>@<ms>`. A key past its
//!   time counts as absent; every 32nd key a game records, its commit forgets those
//!   past their time, so a long game keeps about a day's keys. (A sorted set of the times beside
//!   the hash, as before, cost each live game a key and about 280 bytes more.)
//! - `tablero:{<id>}:campaign` hash (campaign ids): `v` revision, `d` the record (binary, or JSON
//!   before format 2)
//!
//! A play of a campaign gets an id whose hash tag falls in its campaign's slot
//! ([`crate::store::slot`]), so starting a play writes the campaign and creates the game in one
//! script, on a cluster too.
//!
//! A commit checks the version, writes the snapshot, appends the log, records the idempotency
//! key, sets how long the game is kept (PEXPIRE on each of its keys, by the [`Lifecycle`]) and
//! publishes the new revision on `tablero:changes:<id>`, in one round trip. Deleting is one
//! script too. The listing indexes (sorted sets by creation time) live outside the game's slot,
//! so they cannot join that atomic write: they are written so that a crash can only leave an
//! extra entry (added before the game's write, removed after it), and the listing re-checks each
//! entry against the game.
//!
//! Expiry: Redis drops an expired game's keys by itself, but not its listing entries. The sorted
//! set `tablero:exp` holds `<type>/<id>` of every game that can expire, scored with a time no
//! later than its expiry (a write only moves the expiry later, so the score is refreshed only
//! when it must move earlier: when the game finishes). [`Store::sweep`] takes the entries that
//! are due, and for each one whose game is gone removes its listing entries; one still there is
//! re-scored with its remaining time. So the listing indexes converge to the live games.
//!
//! The player indexes (`tablero:player:<hash>:games` and `:waiting`, sorted sets of game ids by
//! creation time, keyed by a hash of the backend's player_ref) follow the same rule: marks are
//! added before a write and cleared after it, and the listing re-checks each game (the engine
//! checks that it still waits for the player). Entries of games that are gone are dropped when
//! a listing meets them; a player's keys expire when none of their games was written for the
//! lifecycle's abandonment time.
//!
//! The deadline index `tablero:deadlines` (a sorted set of games by when they next need a
//! replica, unix ms: a turn clock's deadline, or a background bot's turn) follows the expiry
//! index's rule: before a write an entry only moves earlier (`ZADD LT`), after it the entry is
//! set to the game's new time, so it is never later than the game's own; an entry found early
//! is re-scored by whoever finds it. A replica takes a due bot turn by moving its entry ahead
//! by a lease, in a script (so one replica takes it).
//!
//! **Redis Cluster** (`redis+cluster://host:port[,host:port…]`): the same keys and scripts run
//! unchanged through a cluster client. Every script touches only one game's (or one campaign's)
//! keys, which share a slot through the hash tag; the listing indexes are written and read with
//! single-key commands, each routed to its own slot. PUBLISH is broadcast to every node of a
//! cluster, so the change subscription is a plain pattern subscription on any one node (the next
//! one is tried when it fails); watchers also poll, so a lost subscription only delays them.

use super::feed::{FeedFrom, FeedPage, Lease};
use super::notify::Notifier;
pub use super::redis_conn::Conn;
use super::redis_feed::{APPEND_FEED_LUA, FeedScripts, FeedTarget};
use super::{
    Commit, CommitResult, GameCount, Idempotent, ListFilter, NewPlay, PlayerFilter, PlayerMarks,
    QuotaKind, Store, StoreError,
};
use crate::store::clock::now_ms;
use crate::store::lifecycle::Lifecycle;
use crate::store::record::{
    CampaignRecord, GameParts, GameRecord, GameStatus, LogEntry, RecordError, SNAPSHOT_FORMAT,
};
use redis::AsyncCommands;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast;

const CHANNEL_PREFIX: &str = "tablero:changes:";

/// Timed games by their next deadline (unix ms).
const DEADLINES: &str = "tablero:deadlines";

/// The games that can expire, `<type>/<id>` scored by a time (unix ms) no later than the expiry.
const EXPIRY_INDEX: &str = "tablero:exp";
/// Campaigns, scored by a time (unix ms) no later than their abandonment is due.
const CAMPAIGN_EXPIRY_INDEX: &str = "tablero:cexp";
/// Quota sets are kept this long after their last claim (their members are re-checked anyway).
const QUOTA_KEY_TTL_MS: u64 = 90 * 24 * 3600 * 1000;

impl From<redis::RedisError> for StoreError {
    fn from(e: redis::RedisError) -> Self {
        // Refused for lack of memory (maxmemory with noeviction): the write did not happen.
        if e.code() == Some("OOM") {
            return StoreError::Full(e.to_string());
        }
        if e.is_timeout() {
            return StoreError::TimedOut;
        }
        if e.is_io_error()
            || e.is_connection_dropped()
            || e.is_connection_refusal()
            || e.is_cluster_error()
            || matches!(
                e.kind(),
                redis::ErrorKind::Server(redis::ServerErrorKind::BusyLoading)
                    | redis::ErrorKind::Server(redis::ServerErrorKind::TryAgain)
                    | redis::ErrorKind::Server(redis::ServerErrorKind::ClusterDown)
                    | redis::ErrorKind::Server(redis::ServerErrorKind::MasterDown)
            )
        {
            return StoreError::Unavailable(e.to_string());
        }
        StoreError::Other(format!("redis: {e}"))
    }
}
/// Entries one sweep looks at, in batches: a sweep stays cheap even after a long pause.
const SWEEP_BATCH: isize = 200;
const SWEEP_BATCHES: usize = 10;

/// The URL scheme that selects a Redis Cluster: `redis+cluster://host:port[,host:port…]`, or
/// `rediss+cluster://…` over TLS; credentials go before the first node
/// (`redis+cluster://user:password@host:port,host:port`) and apply to every node.
pub const CLUSTER_SCHEME: &str = "redis+cluster://";
pub const TLS_CLUSTER_SCHEME: &str = "rediss+cluster://";

/// Whether `url` names a Redis Cluster.
pub fn is_cluster_url(url: &str) -> bool {
    url.starts_with(CLUSTER_SCHEME) || url.starts_with(TLS_CLUSTER_SCHEME)
}

/// The node URLs of a cluster store URL (`redis+cluster://u:p@a:1,b:2` gives `redis://u:p@a:1`,
/// `redis://u:p@b:2`; `rediss+cluster://` gives `rediss://` nodes); None when the URL does not
/// name a cluster.
pub fn cluster_nodes(url: &str) -> Option<Vec<String>> {
    let (scheme, rest) = match url.strip_prefix(CLUSTER_SCHEME) {
        Some(rest) => ("redis://", rest),
        None => ("rediss://", url.strip_prefix(TLS_CLUSTER_SCHEME)?),
    };
    let rest = rest.trim_end_matches('/');
    // Credentials, if any, sit before the first node: `user:password@`.
    let (credentials, hosts) = match rest.rsplit_once('@') {
        Some((c, h)) => (format!("{c}@"), h),
        None => (String::new(), rest),
    };
    Some(
        hosts
            .split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(|n| format!("{scheme}{credentials}{n}"))
            .collect(),
    )
}

/// How to reach Redis beyond its URL.
#[derive(Clone, Debug, Default)]
pub struct RedisOptions {
    /// A PEM CA bundle to verify `rediss://` servers against (a private CA); the system's roots
    /// when unset.
    pub tls_ca: Option<std::path::PathBuf>,
}

impl RedisOptions {
    fn certificates(&self) -> Result<Option<redis::TlsCertificates>, StoreError> {
        let Some(path) = &self.tls_ca else {
            return Ok(None);
        };
        let pem = std::fs::read(path)
            .map_err(|e| StoreError::Other(format!("{}: {e}", path.display())))?;
        Ok(Some(redis::TlsCertificates {
            client_tls: None,
            root_cert: Some(pem),
        }))
    }

    fn client(&self, url: &str) -> Result<redis::Client, StoreError> {
        Ok(match self.certificates()? {
            Some(certs) => redis::Client::build_with_tls(url, certs)?,
            None => redis::Client::open(url)?,
        })
    }
}

/// KEYS: game, log, feed. ARGV: version, hot part, type, status, channel, time to live in ms (0 =
/// kept until deleted), seats, cold part, feed maxlen, feed ttl, changes (a count, then each),
/// log entries... (see [`APPEND_FEED_LUA`]).
const CREATE_LUA: &str = r#"
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'h', ARGV[2], 't', ARGV[3], 's', ARGV[4], 'p', ARGV[7], 'c', ARGV[8])
local logs = append_feed(KEYS[3], tonumber(ARGV[9]), tonumber(ARGV[10]), 11)
for i = logs, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
local ttl = tonumber(ARGV[6])
if ttl > 0 then
  for i = 1, 2 do redis.call('PEXPIRE', KEYS[i], ttl) end
end
redis.call('PUBLISH', ARGV[5], ARGV[1])
return 1
"#;

/// KEYS: game, log, idem, feed. ARGV: expected revision, new revision, hot part, status,
/// idem key ('' = none), idem value, channel, time to live in ms (0 = kept until deleted), now
/// (unix ms), when the idem key is forgotten (unix ms), seats ('' = unchanged), cold part ('' =
/// stored already; given when the game was read as format 1, whose `d` it replaces), feed
/// maxlen, feed ttl, changes (a count, then each), log entries...
/// Returns {0, v, ttl before} committed (the game's PTTL before this write), {1, current
/// revision, 0} conflict, {2, first, 0} duplicate, {3, '', 0} missing.
/// The game's record and log get the same time to live, so neither outlives the other; the
/// idempotency keys go one window after this write (or with the game, if sooner), and those
/// past their own time are forgotten every 32nd key.
const COMMIT_LUA: &str = r#"
local now = tonumber(ARGV[9])
-- A key's time is after its `@` (a key recorded before the times were kept has none: it goes
-- with the hash).
local function past(value)
  local at = string.match(value, '@(%d+)$')
  return at ~= nil and tonumber(at) <= now
end
if ARGV[5] ~= '' then
  local first = redis.call('HGET', KEYS[3], ARGV[5])
  if first and not past(first) then return {2, first, 0} end
end
local cur = redis.call('HGET', KEYS[1], 'v')
if not cur then return {3, '', 0} end
if cur ~= ARGV[1] then return {1, cur, 0} end
local before = redis.call('PTTL', KEYS[1])
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'h', ARGV[3], 's', ARGV[4])
if ARGV[11] ~= '' then redis.call('HSET', KEYS[1], 'p', ARGV[11]) end
if ARGV[12] ~= '' then
  redis.call('HSET', KEYS[1], 'c', ARGV[12])
  redis.call('HDEL', KEYS[1], 'd')
end
local logs = append_feed(KEYS[4], tonumber(ARGV[13]), tonumber(ARGV[14]), 15)
for i = logs, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
if ARGV[5] ~= '' then
  redis.call('HSET', KEYS[3], ARGV[5], ARGV[6])
  -- Amortised: each key is looked at once per 32 keys recorded.
  if redis.call('HLEN', KEYS[3]) % 32 == 0 then
    local all = redis.call('HGETALL', KEYS[3])
    local gone = {}
    for i = 1, #all, 2 do
      if past(all[i + 1]) then gone[#gone + 1] = all[i] end
    end
    if #gone > 0 then redis.call('HDEL', KEYS[3], unpack(gone)) end
  end
end
local ttl = tonumber(ARGV[8])
for i = 1, 2 do
  if ttl > 0 then redis.call('PEXPIRE', KEYS[i], ttl) else redis.call('PERSIST', KEYS[i]) end
end
-- Every idempotency key left was written by now: the whole set can go one window after this
-- write (a finished game takes no more), or with the game if that is sooner.
local window = tonumber(ARGV[10]) - now
if ttl > 0 and ttl < window then window = ttl end
redis.call('PEXPIRE', KEYS[3], window)
redis.call('PUBLISH', ARGV[7], ARGV[2])
return {0, ARGV[2], before}
"#;

/// KEYS: game, log, idem. ARGV: channel. Deletes every key of the game and wakes its
/// watchers; returns the game's type, or nil when there is no game.
const DELETE_LUA: &str = r#"
local t = redis.call('HGET', KEYS[1], 't')
if not t then return false end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
redis.call('PUBLISH', ARGV[1], '0')
return t
"#;

/// KEYS: campaign, game, log, feed. ARGV: expected campaign revision, new campaign revision,
/// campaign record, game revision, game hot part, type, status, channel, time to live in ms (0 =
/// kept until deleted), game seats, game cold part, feed maxlen, feed ttl, changes (a count, then
/// each), log entries... Returns 1 started, 0 the campaign
/// changed or is gone, -1 the game id exists. One slot: the play's id was chosen to share the
/// campaign's.
const START_PLAY_LUA: &str = r#"
local cur = redis.call('HGET', KEYS[1], 'v')
if cur ~= ARGV[1] then return 0 end
if redis.call('EXISTS', KEYS[2]) == 1 then return -1 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'd', ARGV[3])
redis.call('HSET', KEYS[2], 'v', ARGV[4], 'h', ARGV[5], 't', ARGV[6], 's', ARGV[7], 'p', ARGV[10], 'c', ARGV[11])
local logs = append_feed(KEYS[4], tonumber(ARGV[12]), tonumber(ARGV[13]), 14)
for i = logs, #ARGV do redis.call('RPUSH', KEYS[3], ARGV[i]) end
local ttl = tonumber(ARGV[9])
if ttl > 0 then
  redis.call('PEXPIRE', KEYS[2], ttl)
  redis.call('PEXPIRE', KEYS[3], ttl)
end
redis.call('PUBLISH', ARGV[8], ARGV[4])
return 1
"#;

/// KEYS: a quota set. ARGV: id, limit, now (unix ms), time to live of the set in ms. 1 = the id
/// is in the set (added now or before), 0 = the set is full.
const QUOTA_CLAIM_LUA: &str = r#"
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 1 end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
"#;

/// Takes a wake-up index entry that is due: KEYS[1] the index; ARGV id, due by, until.
const CLAIM_DEADLINE_LUA: &str = r#"
local at = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not at or tonumber(at) > tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
return 1
"#;

pub struct RedisStore {
    conn: Conn,
    create: redis::Script,
    commit: redis::Script,
    delete: redis::Script,
    start_play: redis::Script,
    quota_claim: redis::Script,
    claim_deadline: redis::Script,
    create_campaign: redis::Script,
    commit_campaign: redis::Script,
    delete_campaign: redis::Script,
    notifier: Arc<Notifier>,
    lifecycle: Lifecycle,
    feed_scripts: FeedScripts,
}

/// A write script with the feed's append function before it.
fn with_feed(script: &str) -> redis::Script {
    redis::Script::new(&format!("{APPEND_FEED_LUA}{script}"))
}

/// The feed arguments of a write script (see [`APPEND_FEED_LUA`]).
fn feed_args(inv: &mut redis::ScriptInvocation<'_>, target: &FeedTarget, feed: &[Vec<u8>]) {
    inv.arg(target.maxlen).arg(target.ttl_ms).arg(feed.len());
    for change in feed {
        inv.arg(change.as_slice());
    }
}

fn game_key(id: &str) -> String {
    format!("tablero:{{{id}}}:game")
}
fn log_key(id: &str) -> String {
    format!("tablero:{{{id}}}:log")
}
fn idem_key(id: &str) -> String {
    format!("tablero:{{{id}}}:idem")
}

/// An idempotency value as the hash keeps it: what was recorded, `@`, and when it is forgotten
/// (unix ms; `COMMIT_LUA` reads the time after the last `@`).
fn idem_value(recorded: &Idempotent, forget_at: i64) -> Vec<u8> {
    let mut value = recorded.encode();
    value.extend_from_slice(format!("@{forget_at}").as_bytes());
    value
}

/// An [`idem_value`] read back: the record, and when it is forgotten (none for a value
/// recorded before the times were kept).
fn read_idem_value(value: &[u8]) -> Result<(Idempotent, Option<i64>), StoreError> {
    let (recorded, forget_at) = match value.iter().rposition(|&b| b == b'@') {
        Some(at) => (
            &value[..at],
            std::str::from_utf8(&value[at + 1..])
                .ok()
                .and_then(|t| t.parse().ok()),
        ),
        None => (value, None),
    };
    Ok((Idempotent::decode(recorded)?, forget_at))
}

/// A quota set; the owner (a caller's address or a header value) is hashed so a key stays short
/// and holds nothing a client chose.
fn quota_key(kind: QuotaKind, owner: &str) -> String {
    use sha2::Digest;
    let owner = hex::encode(&sha2::Sha256::digest(owner.as_bytes())[..16]);
    format!("tablero:quota:{}:{owner}", kind.as_str())
}
/// A player's index: `games` (every game with a seat of theirs) or `waiting` (games that wait
/// for them). Hashed like the quota owner: the key is short whatever the ref.
fn player_key(player_ref: &str, which: &str) -> String {
    use sha2::Digest;
    let player = hex::encode(&sha2::Sha256::digest(player_ref.as_bytes())[..16]);
    format!("tablero:player:{player}:{which}")
}

fn campaign_key(id: &str) -> String {
    format!("tablero:{{{id}}}:campaign")
}

fn campaign_index(game_type: Option<&str>) -> String {
    match game_type {
        None => "tablero:cidx:all".to_string(),
        Some(t) => format!("tablero:cidx:t:{t}"),
    }
}

/// KEYS: campaign. ARGV: revision, record. 1 = created, 0 = the id exists.
const CAMPAIGN_CREATE_LUA: &str = r#"
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'd', ARGV[2])
return 1
"#;

/// KEYS: campaign, feed. ARGV: expected revision, new revision, record, feed maxlen, feed ttl,
/// changes (a count, then each). 1 = written, 0 = stale.
const CAMPAIGN_COMMIT_LUA: &str = r#"
local cur = redis.call('HGET', KEYS[1], 'v')
if cur ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'd', ARGV[3])
append_feed(KEYS[2], tonumber(ARGV[4]), tonumber(ARGV[5]), 6)
return 1
"#;

/// KEYS: campaign. Deletes it; returns its record as it was, or nil when there is none.
const CAMPAIGN_DELETE_LUA: &str = r#"
local d = redis.call('HGET', KEYS[1], 'd')
if not d then return false end
redis.call('DEL', KEYS[1])
return d
"#;

/// The entry of a game in [`EXPIRY_INDEX`].
fn expiry_member(game_type: &str, id: &str) -> String {
    format!("{game_type}/{id}")
}

/// Milliseconds for a Lua script: 0 = kept until deleted.
fn ttl_ms(ttl: Option<Duration>) -> u64 {
    ttl.map_or(0, |t| (t.as_millis() as u64).max(1))
}

fn channel(id: &str) -> String {
    format!("{CHANNEL_PREFIX}{id}")
}

/// The listing indexes: every game, and (`lidx`) the listed games only; one sorted set per
/// (type, status), ids scored by creation time. A listing of every type or status reads those
/// it covers and merges them (a game in four indexes, as before, cost each live game about 360
/// bytes more).
const EVERY_GAME: &str = "tablero:idx";
const LISTED_GAMES: &str = "tablero:lidx";
/// Every game type that has had a game here (a set): what a listing of every type reads.
const GAME_TYPES: &str = "tablero:types";

/// The listing index of `prefix` (every game or the listed ones) for one type and status.
fn index_key(prefix: &str, game_type: &str, status: GameStatus) -> String {
    format!("{prefix}:t:{game_type}:s:{}", status.as_str())
}

/// The prefixes of the indexes a game is in.
fn prefixes(listed: bool) -> &'static [&'static str] {
    if listed {
        &[EVERY_GAME, LISTED_GAMES]
    } else {
        &[EVERY_GAME]
    }
}

/// The indexes a game is in because of its status.
fn status_index_keys(game_type: &str, status: GameStatus, listed: bool) -> Vec<String> {
    prefixes(listed)
        .iter()
        .map(|p| index_key(p, game_type, status))
        .collect()
}

/// The indexes an earlier version also kept (every game, by type, by status): nothing reads
/// them any more; a game leaving the store leaves them too, so they drain as games expire.
fn legacy_index_keys(game_type: &str) -> Vec<String> {
    [EVERY_GAME, LISTED_GAMES]
        .iter()
        .flat_map(|p| {
            [format!("{p}:all"), format!("{p}:t:{game_type}")]
                .into_iter()
                .chain(GameStatus::ALL.map(|s| format!("{p}:s:{}", s.as_str())))
        })
        .collect()
}

/// A listing's place, newest first: the next page starts at the entry (creation time, id) and
/// takes what is at or below it. Unlike an offset it does not move when games are created or
/// leave before it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct ListCursor {
    created_at_ms: i64,
    id: String,
}

impl ListCursor {
    fn token(&self) -> String {
        format!("r{}:{}", self.created_at_ms, self.id)
    }

    fn parse(token: &str) -> Result<ListCursor, StoreError> {
        let (ms, id) = token
            .strip_prefix('r')
            .and_then(|t| t.split_once(':'))
            .ok_or(StoreError::BadPageToken)?;
        Ok(ListCursor {
            created_at_ms: ms.parse().map_err(|_| StoreError::BadPageToken)?,
            id: id.to_string(),
        })
    }
}

/// Page tokens of the player listings: the offset into the player's index.
fn parse_offset(token: Option<&str>) -> Result<usize, StoreError> {
    match token {
        None => Ok(0),
        Some(t) => t.parse().map_err(|_| StoreError::BadPageToken),
    }
}

impl RedisStore {
    /// Connects to `redis://…` (one Redis) or `redis+cluster://host:port[,host:port…]` (a Redis
    /// Cluster, found from any of the nodes named) and starts the change subscription that
    /// feeds watchers.
    pub async fn connect(url: &str) -> Result<RedisStore, StoreError> {
        Self::connect_with(url, &RedisOptions::default()).await
    }

    /// [`RedisStore::connect`] with TLS options.
    pub async fn connect_with(url: &str, options: &RedisOptions) -> Result<RedisStore, StoreError> {
        let notifier = Arc::new(Notifier::default());
        let conn = if let Some(nodes) = cluster_nodes(url) {
            if nodes.is_empty() {
                return Err(StoreError::Other(
                    "a cluster URL names at least one host:port".into(),
                ));
            }
            let conn = Conn::cluster(nodes.clone(), options.certificates()?).await?;
            let clients = nodes
                .iter()
                .map(|n| options.client(n))
                .collect::<Result<Vec<_>, _>>()?;
            tokio::spawn(follow_changes(clients, notifier.clone()));
            conn
        } else {
            let client = options.client(url)?;
            let conn = Conn::single(&client).await?;
            tokio::spawn(follow_changes(vec![client], notifier.clone()));
            conn
        };
        Ok(RedisStore {
            conn,
            create: with_feed(CREATE_LUA),
            commit: with_feed(COMMIT_LUA),
            delete: redis::Script::new(DELETE_LUA),
            start_play: with_feed(START_PLAY_LUA),
            quota_claim: redis::Script::new(QUOTA_CLAIM_LUA),
            claim_deadline: redis::Script::new(CLAIM_DEADLINE_LUA),
            create_campaign: redis::Script::new(CAMPAIGN_CREATE_LUA),
            commit_campaign: with_feed(CAMPAIGN_COMMIT_LUA),
            delete_campaign: redis::Script::new(CAMPAIGN_DELETE_LUA),
            notifier,
            lifecycle: Lifecycle::default(),
            feed_scripts: FeedScripts::default(),
        })
    }

    pub(super) fn conn(&self) -> &Conn {
        &self.conn
    }

    pub(super) fn lifecycle(&self) -> &Lifecycle {
        &self.lifecycle
    }

    pub(super) fn feed_scripts(&self) -> &FeedScripts {
        &self.feed_scripts
    }

    /// How long games are kept (default: [`Lifecycle::default`]).
    pub fn with_lifecycle(mut self, lifecycle: Lifecycle) -> Self {
        self.lifecycle = lifecycle;
        self
    }

    /// Records in [`EXPIRY_INDEX`] that the game expires no earlier than `ttl` from now, unless
    /// it is already recorded as expiring earlier (ZADD LT): the score stays a lower bound.
    async fn expiry_lower_bound(
        &self,
        record: &GameRecord,
        ttl: Duration,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        let at = now_ms() + ttl.as_millis() as i64;
        let _: i64 = redis::cmd("ZADD")
            .arg(EXPIRY_INDEX)
            .arg("LT")
            .arg(at)
            .arg(expiry_member(&record.game_type, &record.id))
            .query_async(&mut conn)
            .await?;
        Ok(())
    }

    /// Removes a game from every listing index and from the expiry index.
    async fn unindex(&self, game_type: &str, id: &str) -> Result<(), StoreError> {
        let keys = GameStatus::ALL
            .into_iter()
            .flat_map(|status| status_index_keys(game_type, status, true))
            .chain(legacy_index_keys(game_type));
        // Sent together: on a cluster each goes to its own slot.
        futures::future::try_join_all(keys.map(|key| {
            let mut conn = self.conn.clone();
            async move { conn.zrem::<_, _, ()>(key, id).await }
        }))
        .await?;
        // Last: while it is there, a sweep finishes this clean-up if it is interrupted.
        let _: () = self
            .conn
            .clone()
            .zrem(EXPIRY_INDEX, expiry_member(game_type, id))
            .await?;
        Ok(())
    }

    /// The raw cost of one snapshot write round trip (SET of `bytes` bytes), for the load report.
    pub async fn raw_roundtrip(&self, key: &str, payload: &str) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        let _: () = conn.set(key, payload).await?;
        Ok(())
    }

    /// Adds the game to the listing indexes of `status`; a new game's type joins
    /// [`GAME_TYPES`] too.
    async fn index_add(
        &self,
        record: &GameRecord,
        status: GameStatus,
        new_game: bool,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        if new_game {
            let _: () = conn.sadd(GAME_TYPES, &record.game_type).await?;
        }
        for key in status_index_keys(&record.game_type, status, record.listed) {
            let _: () = conn.zadd(key, &record.id, record.created_at_ms).await?;
        }
        Ok(())
    }

    /// The game types a listing reads: the one asked for, or every type that has had a game.
    async fn listed_types(&self, game_type: Option<&str>) -> Result<Vec<String>, StoreError> {
        match game_type {
            Some(t) => Ok(vec![t.to_string()]),
            None => Ok(self.conn.clone().smembers(GAME_TYPES).await?),
        }
    }

    /// Up to `want` entries of one index at or below `from`, newest first. Entries created in
    /// the same millisecond as `from` but after it in the order are skipped; if there are
    /// that many, the next batch is read.
    async fn index_page(
        &self,
        key: String,
        from: Option<&ListCursor>,
        want: usize,
    ) -> Result<Vec<ListCursor>, StoreError> {
        let mut conn = self.conn.clone();
        let max = from.map_or("+inf".to_string(), |c| c.created_at_ms.to_string());
        let mut found = Vec::with_capacity(want);
        let mut offset = 0;
        loop {
            let batch: Vec<(String, f64)> = conn
                .zrevrangebyscore_limit_withscores(&key, &max, "-inf", offset, want as isize)
                .await?;
            let read = batch.len();
            found.extend(
                batch
                    .into_iter()
                    .map(|(id, score)| ListCursor {
                        created_at_ms: score as i64,
                        id,
                    })
                    .filter(|c| from.is_none_or(|f| c <= f)),
            );
            if found.len() >= want || read < want {
                found.truncate(want);
                return Ok(found);
            }
            offset += read as isize;
        }
    }

    async fn index_remove_status(
        &self,
        record: &GameRecord,
        status: GameStatus,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        for key in status_index_keys(&record.game_type, status, record.listed) {
            let _: () = conn.zrem(key, &record.id).await?;
        }
        Ok(())
    }

    /// A player's games newest first, by offset like the other listings; entries whose game is
    /// gone are dropped from the index on the way.
    async fn list_player(
        &self,
        f: &ListFilter<'_>,
        p: PlayerFilter<'_>,
    ) -> Result<(Vec<GameRecord>, Option<String>), StoreError> {
        let mut conn = self.conn.clone();
        let offset = parse_offset(f.page_token)?;
        let key = player_key(p.player_ref, if p.waiting { "waiting" } else { "games" });
        let ids: Vec<String> = conn
            .zrevrange(&key, offset as isize, (offset + f.limit) as isize)
            .await?;
        let more = ids.len() > f.limit;
        let mut page = Vec::with_capacity(f.limit);
        let mut dropped = 0;
        for id in ids.into_iter().take(f.limit) {
            let Some(record) = self.load(&id).await? else {
                let _: () = conn.zrem(&key, &id).await?;
                dropped += 1;
                continue;
            };
            if f.game_type.is_some_and(|t| t != record.game_type)
                || f.status.is_some_and(|s| s != record.status)
            {
                continue;
            }
            page.push(record);
        }
        // The entries dropped were before the next page: it starts that much earlier.
        let next = more.then(|| (offset + f.limit - dropped).to_string());
        Ok((page, next))
    }

    /// Schedules the campaign's abandonment check (after its write: a crash in between only
    /// delays the check, since writes only move it later).
    async fn schedule_campaign(&self, record: &CampaignRecord) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        match self.lifecycle.campaign_due_ms(record) {
            Some(due) => {
                let _: () = conn.zadd(CAMPAIGN_EXPIRY_INDEX, &record.id, due).await?;
            }
            None => {
                let _: () = conn.zrem(CAMPAIGN_EXPIRY_INDEX, &record.id).await?;
            }
        }
        Ok(())
    }
}

/// Subscribes to every game's change channel and forwards versions to local watchers;
/// reconnects after a failure, to the next node of a cluster (PUBLISH reaches every node of a
/// cluster, so any one of them hears every commit; watchers also poll, so a gap only delays them).
async fn follow_changes(clients: Vec<redis::Client>, notifier: Arc<Notifier>) {
    use futures::StreamExt;
    for client in clients.iter().cycle() {
        match client.get_async_pubsub().await {
            Ok(mut pubsub) => {
                if pubsub
                    .psubscribe(format!("{CHANNEL_PREFIX}*"))
                    .await
                    .is_ok()
                {
                    let mut messages = pubsub.into_on_message();
                    while let Some(msg) = messages.next().await {
                        let Some(id) = msg.get_channel_name().strip_prefix(CHANNEL_PREFIX) else {
                            continue;
                        };
                        if let Ok(v) = msg.get_payload::<u64>() {
                            notifier.notify(id, v);
                        }
                    }
                }
                tracing::warn!("redis change subscription ended; reconnecting");
            }
            Err(e) => tracing::warn!(error = %e, "redis change subscription failed; retrying"),
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

impl Store for RedisStore {
    async fn create(
        &self,
        record: &GameRecord,
        entries: &[LogEntry],
        feed: &[Vec<u8>],
    ) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        let mut inv = self.create.prepare_invoke();
        let parts = record.encode();
        let target = self.feed_target(&record.id);
        inv.key(game_key(&record.id))
            .key(log_key(&record.id))
            .key(&target.key)
            .arg(record.revision)
            .arg(parts.hot)
            .arg(&record.game_type)
            .arg(record.status.as_str())
            .arg(channel(&record.id));
        let ttl = self.lifecycle.ttl(record);
        inv.arg(ttl_ms(ttl)).arg(parts.seats).arg(parts.cold);
        feed_args(&mut inv, &target, feed);
        for e in entries {
            inv.arg(e.encode());
        }
        // Index first: a crash in between leaves an index entry without a game, which the
        // listing skips (and a sweep removes), rather than a game no listing can find.
        if let Some(ttl) = ttl {
            self.expiry_lower_bound(record, ttl).await?;
        }
        self.index_add(record, record.status, true).await?;
        let mark = self.before_feed_write(&record.id, feed).await?;
        let created: i64 = inv.invoke_async(&mut conn).await?;
        if created == 0 {
            return Err(StoreError::AlreadyExists(record.id.clone()));
        }
        self.after_feed_write(&record.id, mark).await;
        Ok(())
    }

    async fn load(&self, id: &str) -> Result<Option<GameRecord>, StoreError> {
        let mut conn = self.conn.clone();
        type Fields = (
            Option<String>,
            Option<Vec<u8>>,
            Option<Vec<u8>>,
            Option<Vec<u8>>,
            Option<Vec<u8>>,
        );
        let (game_type, hot, seats, cold, json): Fields = redis::cmd("HMGET")
            .arg(game_key(id))
            .arg(&["t", "h", "p", "c", "d"])
            .query_async(&mut conn)
            .await?;
        Ok(match (hot, seats, cold, json) {
            (Some(hot), Some(seats), Some(cold), _) => {
                let game_type =
                    game_type.ok_or_else(|| RecordError::Layout("game record: no type".into()))?;
                let parts = GameParts { hot, seats, cold };
                Some(GameRecord::decode(id, &game_type, &parts)?)
            }
            (None, None, None, Some(json)) => {
                let text = std::str::from_utf8(&json)
                    .map_err(|_| RecordError::Layout("game record: not UTF-8".into()))?;
                Some(GameRecord::decode_json(text)?)
            }
            (None, None, None, None) => None,
            _ => return Err(RecordError::Layout("game record: parts missing".into()).into()),
        })
    }

    async fn commit(&self, c: Commit<'_>) -> Result<CommitResult, StoreError> {
        let mut conn = self.conn.clone();
        let id = &c.record.id;
        let now = now_ms();
        let forget_at = now + self.lifecycle.idempotency_window(c.record).as_millis() as i64;
        let (ikey, ivalue) = match &c.idempotency {
            Some((key, record)) => (*key, idem_value(record, forget_at)),
            None => ("", Vec::new()),
        };
        let mut inv = self.commit.prepare_invoke();
        let target = self.feed_target(id);
        inv.key(game_key(id))
            .key(log_key(id))
            .key(idem_key(id))
            .key(&target.key)
            .arg(c.expected_revision)
            .arg(c.record.revision)
            .arg(c.record.encode_hot())
            .arg(c.record.status.as_str())
            .arg(ikey)
            .arg(ivalue)
            .arg(channel(id));
        let ttl = self.lifecycle.ttl(c.record);
        inv.arg(ttl_ms(ttl)).arg(now).arg(forget_at);
        // A record read as format 1 is stored whole now (its `d` goes).
        let migrating = c.record.format != SNAPSHOT_FORMAT;
        if c.seats_changed || migrating {
            inv.arg(c.record.encode_seats());
        } else {
            inv.arg("");
        }
        if migrating {
            inv.arg(c.record.encode_cold());
        } else {
            inv.arg("");
        }
        feed_args(&mut inv, &target, c.feed);
        for e in c.entries {
            inv.arg(e.encode());
        }
        let status_changes = c.previous_status != c.record.status;
        // Finishing may bring the expiry closer: lower the expiry index's bound first, so it
        // never runs late.
        if status_changes && let Some(ttl) = ttl {
            self.expiry_lower_bound(c.record, ttl).await?;
        }
        // A status change is indexed under the new status before the commit and removed from
        // the old one after it: a crash in between leaves the game in both listings (the
        // listing re-checks the game's own status), never in neither.
        if status_changes {
            self.index_add(c.record, c.record.status, false).await?;
        }
        let mark = self.before_feed_write(id, c.feed).await?;
        let (code, value, ttl_before): (i64, Vec<u8>, i64) = inv.invoke_async(&mut conn).await?;
        match code {
            0 => {
                self.after_feed_write(id, mark).await;
                if status_changes {
                    self.index_remove_status(c.record, c.previous_status)
                        .await?;
                }
                // A game that could not expire until now (stored before this lifecycle, or
                // under one that kept it) is not in the expiry index yet.
                if !status_changes
                    && ttl_before < 0
                    && let Some(ttl) = ttl
                {
                    self.expiry_lower_bound(c.record, ttl).await?;
                }
                Ok(CommitResult::Committed)
            }
            1 => Ok(CommitResult::Conflict),
            2 => Ok(CommitResult::Duplicate(read_idem_value(&value)?.0)),
            _ => {
                // Deleted or expired meanwhile: take back the listing entry added above.
                if status_changes {
                    self.unindex(&c.record.game_type, id).await?;
                }
                Err(StoreError::GameGone(id.clone()))
            }
        }
    }

    async fn idempotent_result(
        &self,
        id: &str,
        key: &str,
    ) -> Result<Option<Idempotent>, StoreError> {
        let mut conn = self.conn.clone();
        let value: Option<Vec<u8>> = conn.hget(idem_key(id), key).await?;
        let Some(value) = value else {
            return Ok(None);
        };
        let (recorded, forget_at) = read_idem_value(&value)?;
        // Past its window but not yet forgotten (a later commit forgets it): as good as gone.
        if forget_at.is_some_and(|at| at <= now_ms()) {
            return Ok(None);
        }
        Ok(Some(recorded))
    }

    async fn revision(&self, id: &str) -> Result<Option<u64>, StoreError> {
        let mut conn = self.conn.clone();
        Ok(conn.hget(game_key(id), "v").await?)
    }

    async fn status(&self, id: &str) -> Result<Option<GameStatus>, StoreError> {
        let mut conn = self.conn.clone();
        let status: Option<String> = conn.hget(game_key(id), "s").await?;
        Ok(status.and_then(|s| GameStatus::ALL.into_iter().find(|x| x.as_str() == s)))
    }

    async fn log(&self, id: &str, from: u64, to: u64) -> Result<Vec<LogEntry>, StoreError> {
        if to <= from {
            return Ok(Vec::new());
        }
        let mut conn = self.conn.clone();
        let raw: Vec<Vec<u8>> = conn
            .lrange(log_key(id), from as isize, to as isize - 1)
            .await?;
        raw.iter().map(|t| Ok(LogEntry::decode(t)?)).collect()
    }

    async fn list(
        &self,
        f: ListFilter<'_>,
    ) -> Result<(Vec<GameRecord>, Option<String>), StoreError> {
        if let Some(p) = f.player {
            return self.list_player(&f, p).await;
        }
        let from = f.page_token.map(ListCursor::parse).transpose()?;
        let prefix = if f.listed_only {
            LISTED_GAMES
        } else {
            EVERY_GAME
        };
        let statuses = match f.status {
            Some(s) => vec![s],
            None => GameStatus::ALL.to_vec(),
        };
        let types = self.listed_types(f.game_type).await?;
        // One extra, to know whether more follow; each index is read concurrently (its own
        // slot on a cluster), and the pages merged.
        let want = f.limit + 1;
        let reads = types.iter().flat_map(|t| {
            statuses
                .iter()
                .map(|&s| self.index_page(index_key(prefix, t, s), from.as_ref(), want))
        });
        let mut entries: Vec<ListCursor> = futures::future::try_join_all(reads)
            .await?
            .into_iter()
            .flatten()
            .collect();
        entries.sort_unstable_by(|a, b| b.cmp(a));
        // A game changing status is briefly in two indexes.
        entries.dedup_by(|a, b| a.id == b.id);
        entries.truncate(want);
        let next = (entries.len() > f.limit).then(|| entries[f.limit].token());
        let mut page = Vec::with_capacity(f.limit);
        for entry in entries.into_iter().take(f.limit) {
            let Some(record) = self.load(&entry.id).await? else {
                continue;
            };
            // The index is updated after the game's own commit; trust the game's status.
            if f.status.is_some_and(|s| s != record.status) {
                continue;
            }
            page.push(record);
        }
        Ok((page, next))
    }

    async fn mark_players(&self, marks: &PlayerMarks<'_>) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        let keys = marks
            .players
            .iter()
            .map(|p| player_key(p, "games"))
            .chain(marks.waiting.iter().map(|p| player_key(p, "waiting")));
        for key in keys {
            let _: () = conn.zadd(&key, marks.game_id, marks.created_at_ms).await?;
            if let Some(ttl) = self.lifecycle.abandoned_ttl {
                let _: () = conn.pexpire(&key, ttl.as_millis() as i64).await?;
            }
        }
        Ok(())
    }

    async fn unmark_waiting(&self, game_id: &str, players: &[&str]) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        for player in players {
            let _: () = conn.zrem(player_key(player, "waiting"), game_id).await?;
        }
        Ok(())
    }

    async fn deadline_no_later(&self, id: &str, at_ms: i64) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        let _: () = redis::cmd("ZADD")
            .arg(DEADLINES)
            .arg("LT")
            .arg(at_ms)
            .arg(id)
            .query_async(&mut conn)
            .await?;
        Ok(())
    }

    async fn set_deadline(&self, id: &str, at_ms: Option<i64>) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        match at_ms {
            Some(at) => {
                let _: () = conn.zadd(DEADLINES, id, at).await?;
            }
            None => {
                let _: () = conn.zrem(DEADLINES, id).await?;
            }
        }
        Ok(())
    }

    async fn claim_deadline(
        &self,
        id: &str,
        due_ms: i64,
        until_ms: i64,
    ) -> Result<bool, StoreError> {
        let mut conn = self.conn.clone();
        let claimed: i64 = self
            .claim_deadline
            .key(DEADLINES)
            .arg(id)
            .arg(due_ms)
            .arg(until_ms)
            .invoke_async(&mut conn)
            .await?;
        Ok(claimed == 1)
    }

    async fn due_deadlines(&self, now_ms: i64, limit: usize) -> Result<Vec<String>, StoreError> {
        let mut conn = self.conn.clone();
        Ok(conn
            .zrangebyscore_limit(DEADLINES, "-inf", now_ms, 0, limit as isize)
            .await?)
    }

    async fn active_games(&self) -> Result<u64, StoreError> {
        let types = self.listed_types(None).await?;
        let types: Vec<&str> = types.iter().map(String::as_str).collect();
        let counts = self.count_games(&types).await?;
        Ok(counts
            .iter()
            .filter(|c| c.status == GameStatus::Active)
            .map(|c| c.games)
            .sum())
    }

    async fn count_games<'a>(
        &self,
        game_types: &[&'a str],
    ) -> Result<Vec<GameCount<'a>>, StoreError> {
        // One ZCARD per (type, status) index, sent together; on a cluster each goes to its own
        // slot. An index may briefly hold a game in two statuses (see `commit`), so a count can
        // run one high for a moment, never low.
        let reads = game_types.iter().flat_map(|t| {
            GameStatus::ALL.map(|status| {
                let mut conn = self.conn.clone();
                let key = index_key(EVERY_GAME, t, status);
                async move {
                    let games: u64 = conn.zcard(key).await?;
                    Ok::<_, StoreError>(GameCount {
                        game_type: t,
                        status,
                        games,
                    })
                }
            })
        });
        futures::future::try_join_all(reads).await
    }

    async fn create_campaign(&self, record: &CampaignRecord) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        // Index first, as for games: a crash leaves an entry the listing skips.
        for key in [
            campaign_index(None),
            campaign_index(Some(&record.game_type)),
        ] {
            let _: () = conn.zadd(key, &record.id, record.created_at_ms).await?;
        }
        let created: i64 = self
            .create_campaign
            .key(campaign_key(&record.id))
            .arg(record.revision)
            .arg(record.encode())
            .invoke_async(&mut conn)
            .await?;
        if created == 0 {
            return Err(StoreError::AlreadyExists(record.id.clone()));
        }
        self.schedule_campaign(record).await
    }

    async fn load_campaign(&self, id: &str) -> Result<Option<CampaignRecord>, StoreError> {
        let mut conn = self.conn.clone();
        let data: Option<Vec<u8>> = conn.hget(campaign_key(id), "d").await?;
        Ok(match data {
            Some(bytes) => Some(CampaignRecord::decode(&bytes)?),
            None => None,
        })
    }

    async fn commit_campaign(
        &self,
        record: &CampaignRecord,
        expected_revision: u64,
        feed: &[Vec<u8>],
    ) -> Result<bool, StoreError> {
        let mut conn = self.conn.clone();
        let target = self.feed_target(&record.id);
        let mut inv = self.commit_campaign.prepare_invoke();
        inv.key(campaign_key(&record.id))
            .key(&target.key)
            .arg(expected_revision)
            .arg(record.revision)
            .arg(record.encode());
        feed_args(&mut inv, &target, feed);
        let mark = self.before_feed_write(&record.id, feed).await?;
        let written: i64 = inv.invoke_async(&mut conn).await?;
        if written == 1 {
            self.after_feed_write(&record.id, mark).await;
            self.schedule_campaign(record).await?;
        }
        Ok(written == 1)
    }

    async fn start_play(&self, play: NewPlay<'_>) -> Result<bool, StoreError> {
        let mut conn = self.conn.clone();
        let (campaign, game) = (play.campaign, play.game);
        let mut inv = self.start_play.prepare_invoke();
        // The play shares its campaign's slot, so the campaign's outbox serves on a cluster.
        let target = self.feed_target(&campaign.id);
        inv.key(campaign_key(&campaign.id))
            .key(game_key(&game.id))
            .key(log_key(&game.id))
            .key(&target.key)
            .arg(play.expected_revision)
            .arg(campaign.revision)
            .arg(campaign.encode())
            .arg(game.revision)
            .arg(game.encode_hot())
            .arg(&game.game_type)
            .arg(game.status.as_str())
            .arg(channel(&game.id))
            .arg(ttl_ms(self.lifecycle.ttl(game)))
            .arg(game.encode_seats())
            .arg(game.encode_cold());
        feed_args(&mut inv, &target, play.feed);
        for e in play.entries {
            inv.arg(e.encode());
        }
        // Indexed first, as `create` does: a lost race leaves an entry the listing skips.
        self.index_add(game, game.status, true).await?;
        let mark = self.before_feed_write(&campaign.id, play.feed).await?;
        let started: i64 = inv.invoke_async(&mut conn).await?;
        match started {
            1 => {
                self.after_feed_write(&campaign.id, mark).await;
                self.schedule_campaign(campaign).await?;
                Ok(true)
            }
            0 => {
                self.unindex(&game.game_type, &game.id).await?;
                Ok(false)
            }
            _ => Err(StoreError::AlreadyExists(game.id.clone())),
        }
    }

    async fn list_campaigns(
        &self,
        game_type: Option<&str>,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<CampaignRecord>, bool), StoreError> {
        let mut conn = self.conn.clone();
        let ids: Vec<String> = conn
            .zrevrange(
                campaign_index(game_type),
                offset as isize,
                (offset + limit) as isize,
            )
            .await?;
        let more = ids.len() > limit;
        let mut page = Vec::with_capacity(limit);
        for id in ids.into_iter().take(limit) {
            if let Some(record) = self.load_campaign(&id).await? {
                page.push(record);
            }
        }
        Ok((page, more))
    }

    async fn delete(&self, id: &str) -> Result<bool, StoreError> {
        let mut conn = self.conn.clone();
        let game_type: Option<String> = self
            .delete
            .key(game_key(id))
            .key(log_key(id))
            .key(idem_key(id))
            .arg(channel(id))
            .invoke_async(&mut conn)
            .await?;
        match game_type {
            Some(t) => {
                self.unindex(&t, id).await?;
                Ok(true)
            }
            None => Ok(false),
        }
    }

    async fn delete_campaign(&self, id: &str) -> Result<Option<CampaignRecord>, StoreError> {
        let mut conn = self.conn.clone();
        let data: Option<Vec<u8>> = self
            .delete_campaign
            .key(campaign_key(id))
            .invoke_async(&mut conn)
            .await?;
        let Some(bytes) = data else {
            // Nothing left of it to check later either.
            let _: () = conn.zrem(CAMPAIGN_EXPIRY_INDEX, id).await?;
            return Ok(None);
        };
        let record = CampaignRecord::decode(&bytes)?;
        for key in [
            campaign_index(None),
            campaign_index(Some(&record.game_type)),
            CAMPAIGN_EXPIRY_INDEX.to_string(),
        ] {
            let _: () = conn.zrem(key, id).await?;
        }
        Ok(Some(record))
    }

    async fn sweep(&self) -> Result<usize, StoreError> {
        self.sweep_feed().await?;
        let mut conn = self.conn.clone();
        let mut swept = 0;
        for _ in 0..SWEEP_BATCHES {
            let now = now_ms();
            let due: Vec<String> = conn
                .zrangebyscore_limit(EXPIRY_INDEX, "-inf", now, 0, SWEEP_BATCH)
                .await?;
            if due.is_empty() {
                break;
            }
            for member in &due {
                let Some((game_type, id)) = member.split_once('/') else {
                    let _: () = conn.zrem(EXPIRY_INDEX, member).await?;
                    continue;
                };
                // PTTL: -2 no such key, -1 no expiry, else the milliseconds left.
                let left: i64 = conn.pttl(game_key(id)).await?;
                match left {
                    -2 => {
                        self.unindex(game_type, id).await?;
                        swept += 1;
                    }
                    -1 => {
                        let _: () = conn.zrem(EXPIRY_INDEX, member).await?;
                    }
                    ms => {
                        let _: () = conn.zadd(EXPIRY_INDEX, member, now + ms).await?;
                    }
                }
            }
        }
        Ok(swept)
    }

    async fn due_campaigns(&self, now_ms: i64, limit: usize) -> Result<Vec<String>, StoreError> {
        let mut conn = self.conn.clone();
        Ok(conn
            .zrangebyscore_limit(CAMPAIGN_EXPIRY_INDEX, "-inf", now_ms, 0, limit as isize)
            .await?)
    }

    async fn reschedule_campaign(&self, id: &str, at_ms: i64) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        // XX: a campaign deleted meanwhile is not scheduled again.
        let _: () = redis::cmd("ZADD")
            .arg(CAMPAIGN_EXPIRY_INDEX)
            .arg("XX")
            .arg(at_ms)
            .arg(id)
            .query_async(&mut conn)
            .await?;
        Ok(())
    }

    async fn quota_claim(
        &self,
        kind: QuotaKind,
        owner: &str,
        id: &str,
        limit: u32,
    ) -> Result<bool, StoreError> {
        let mut conn = self.conn.clone();
        let claimed: i64 = self
            .quota_claim
            .key(quota_key(kind, owner))
            .arg(id)
            .arg(limit)
            .arg(now_ms())
            .arg(QUOTA_KEY_TTL_MS)
            .invoke_async(&mut conn)
            .await?;
        Ok(claimed == 1)
    }

    async fn quota_members(&self, kind: QuotaKind, owner: &str) -> Result<Vec<String>, StoreError> {
        let mut conn = self.conn.clone();
        Ok(conn.zrange(quota_key(kind, owner), 0, -1).await?)
    }

    async fn quota_release(
        &self,
        kind: QuotaKind,
        owner: &str,
        ids: &[String],
    ) -> Result<(), StoreError> {
        if ids.is_empty() {
            return Ok(());
        }
        let mut conn = self.conn.clone();
        let _: () = conn.zrem(quota_key(kind, owner), ids).await?;
        Ok(())
    }

    async fn ping(&self) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        let _: String = redis::cmd("PING").query_async(&mut conn).await?;
        Ok(())
    }

    async fn subscribe(&self, id: &str) -> Result<broadcast::Receiver<u64>, StoreError> {
        Ok(self.notifier.subscribe(id))
    }

    async fn feed_read(&self, from: FeedFrom<'_>, limit: usize) -> Result<FeedPage, StoreError> {
        self.read_feed(from, limit).await
    }

    async fn feed_head(&self) -> Result<String, StoreError> {
        self.head_of_feed().await
    }

    async fn lease(&self, lease: Lease<'_>) -> Result<bool, StoreError> {
        self.take_lease(lease).await
    }

    async fn webhook_cursor(&self, endpoint: &str) -> Result<Option<String>, StoreError> {
        self.get_webhook_cursor(endpoint).await
    }

    async fn set_webhook_cursor(&self, endpoint: &str, cursor: &str) -> Result<(), StoreError> {
        self.put_webhook_cursor(endpoint, cursor).await
    }

    async fn log_deliveries(
        &self,
        endpoint: &str,
        records: &[Vec<u8>],
        keep: usize,
    ) -> Result<(), StoreError> {
        self.push_deliveries(endpoint, records, keep).await
    }

    async fn deliveries(&self, endpoint: &str, limit: usize) -> Result<Vec<Vec<u8>>, StoreError> {
        self.read_deliveries(endpoint, limit).await
    }

    async fn webhook_state(&self, endpoint: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.get_webhook_state(endpoint).await
    }

    async fn set_webhook_state(&self, endpoint: &str, state: &[u8]) -> Result<(), StoreError> {
        self.put_webhook_state(endpoint, state).await
    }

    async fn request_redelivery(
        &self,
        endpoint: &str,
        cursor: &str,
        keep: usize,
    ) -> Result<(), StoreError> {
        self.push_redelivery(endpoint, cursor, keep).await
    }

    async fn redeliveries(&self, endpoint: &str) -> Result<Vec<String>, StoreError> {
        self.read_redeliveries(endpoint).await
    }

    async fn finish_redelivery(&self, endpoint: &str, cursor: &str) -> Result<(), StoreError> {
        self.drop_redelivery(endpoint, cursor).await
    }
}
