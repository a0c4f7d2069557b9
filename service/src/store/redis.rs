//! The Redis store. Per game, three keys share one hash slot (`{<id>}` hash tag) so every write
//! is one atomic Lua script even on Redis Cluster:
//!
//! - `tablero:{<id>}:game` hash: `v` revision (counts every write), `d` the record (JSON), `t` type, `s` status
//! - `tablero:{<id>}:log`  list: one JSON log entry per version (index = version - 1)
//! - `tablero:{<id>}:idem` hash: idempotency key -> first result
//! - `tablero:{<id>}:campaign` hash (campaign ids): `v` revision, `d` the record (JSON)
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
//! **Redis Cluster** (`redis+cluster://host:port[,host:port…]`): the same keys and scripts run
//! unchanged through a cluster client. Every script touches only one game's (or one campaign's)
//! keys, which share a slot through the hash tag; the listing indexes are written and read with
//! single-key commands, each routed to its own slot. PUBLISH is broadcast to every node of a
//! cluster, so the change subscription is a plain pattern subscription on any one node (the next
//! one is tried when it fails); watchers also poll, so a lost subscription only delays them.

use super::notify::Notifier;
pub use super::redis_conn::Conn;
use super::{Commit, CommitResult, GameCount, ListFilter, STATUSES, Store, StoreError};
use crate::lifecycle::Lifecycle;
use crate::record::{CampaignRecord, GameRecord, GameStatus, LogEntry};
use redis::AsyncCommands;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast;

const CHANNEL_PREFIX: &str = "tablero:changes:";

/// The games that can expire, `<type>/<id>` scored by a time (unix ms) no later than the expiry.
const EXPIRY_INDEX: &str = "tablero:exp";
/// Entries one sweep looks at, in batches: a sweep stays cheap even after a long pause.
const SWEEP_BATCH: isize = 200;
const SWEEP_BATCHES: usize = 10;

/// The URL scheme that selects a Redis Cluster: `redis+cluster://host:port[,host:port…]`.
pub const CLUSTER_SCHEME: &str = "redis+cluster://";

/// The node URLs of a `redis+cluster://a:1,b:2` store URL (`redis://a:1`, `redis://b:2`); None
/// when the URL does not name a cluster.
pub fn cluster_nodes(url: &str) -> Option<Vec<String>> {
    let rest = url.strip_prefix(CLUSTER_SCHEME)?;
    let rest = rest.trim_end_matches('/');
    Some(
        rest.split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(|n| format!("redis://{n}"))
            .collect(),
    )
}

/// KEYS: game, log. ARGV: version, record, type, status, channel, time to live in ms (0 = kept
/// until deleted), log entries...
const CREATE_LUA: &str = r#"
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'd', ARGV[2], 't', ARGV[3], 's', ARGV[4])
for i = 7, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
local ttl = tonumber(ARGV[6])
if ttl > 0 then
  for i = 1, #KEYS do redis.call('PEXPIRE', KEYS[i], ttl) end
end
redis.call('PUBLISH', ARGV[5], ARGV[1])
return 1
"#;

/// KEYS: game, log, idem. ARGV: expected revision, new revision, record, status, idem key ('' = none),
/// idem value, channel, time to live in ms (0 = kept until deleted), log entries...
/// Returns {0, v, ttl before} committed (the game's PTTL before this write), {1, current
/// revision, 0} conflict, {2, first, 0} duplicate, {3, '', 0} missing.
/// Every key of the game gets the same time to live, so no part of a game outlives the rest.
const COMMIT_LUA: &str = r#"
if ARGV[5] ~= '' then
  local first = redis.call('HGET', KEYS[3], ARGV[5])
  if first then return {2, first, 0} end
end
local cur = redis.call('HGET', KEYS[1], 'v')
if not cur then return {3, '', 0} end
if cur ~= ARGV[1] then return {1, cur, 0} end
local before = redis.call('PTTL', KEYS[1])
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'd', ARGV[3], 's', ARGV[4])
for i = 9, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
if ARGV[5] ~= '' then redis.call('HSET', KEYS[3], ARGV[5], ARGV[6]) end
local ttl = tonumber(ARGV[8])
for i = 1, #KEYS do
  if ttl > 0 then redis.call('PEXPIRE', KEYS[i], ttl) else redis.call('PERSIST', KEYS[i]) end
end
redis.call('PUBLISH', ARGV[7], ARGV[2])
return {0, ARGV[2], before}
"#;

/// KEYS: game, log, idem. ARGV: channel. Deletes every key of the game and wakes its watchers;
/// returns the game's type, or nil when there is no game.
const DELETE_LUA: &str = r#"
local t = redis.call('HGET', KEYS[1], 't')
if not t then return false end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
redis.call('PUBLISH', ARGV[1], '0')
return t
"#;

pub struct RedisStore {
    conn: Conn,
    create: redis::Script,
    commit: redis::Script,
    delete: redis::Script,
    create_campaign: redis::Script,
    commit_campaign: redis::Script,
    delete_campaign: redis::Script,
    notifier: Arc<Notifier>,
    lifecycle: Lifecycle,
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

/// KEYS: campaign. ARGV: expected revision, new revision, record. 1 = written, 0 = stale.
const CAMPAIGN_COMMIT_LUA: &str = r#"
local cur = redis.call('HGET', KEYS[1], 'v')
if cur ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'd', ARGV[3])
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

/// The listing index keys a game belongs to with a given status.
fn index_keys(game_type: &str, status: GameStatus) -> [String; 4] {
    let s = status.as_str();
    [
        "tablero:idx:all".to_string(),
        format!("tablero:idx:t:{game_type}"),
        format!("tablero:idx:s:{s}"),
        format!("tablero:idx:t:{game_type}:s:{s}"),
    ]
}

fn index_key(f: &ListFilter<'_>) -> String {
    match (f.game_type, f.status) {
        (None, None) => "tablero:idx:all".to_string(),
        (Some(t), None) => format!("tablero:idx:t:{t}"),
        (None, Some(s)) => format!("tablero:idx:s:{}", s.as_str()),
        (Some(t), Some(s)) => format!("tablero:idx:t:{t}:s:{}", s.as_str()),
    }
}

impl RedisStore {
    /// Connects to `redis://…` (one Redis) or `redis+cluster://host:port[,host:port…]` (a Redis
    /// Cluster, found from any of the nodes named) and starts the change subscription that
    /// feeds watchers.
    pub async fn connect(url: &str) -> Result<RedisStore, StoreError> {
        let notifier = Arc::new(Notifier::default());
        let conn = if let Some(nodes) = cluster_nodes(url) {
            if nodes.is_empty() {
                return Err(StoreError::Other(format!(
                    "{url}: a cluster URL names at least one host:port"
                )));
            }
            let conn = Conn::cluster(nodes.clone()).await?;
            let clients = nodes
                .iter()
                .map(|n| redis::Client::open(n.as_str()))
                .collect::<Result<Vec<_>, _>>()?;
            tokio::spawn(follow_changes(clients, notifier.clone()));
            conn
        } else {
            let client = redis::Client::open(url)?;
            let conn = Conn::single(&client).await?;
            tokio::spawn(follow_changes(vec![client], notifier.clone()));
            conn
        };
        Ok(RedisStore {
            conn,
            create: redis::Script::new(CREATE_LUA),
            commit: redis::Script::new(COMMIT_LUA),
            delete: redis::Script::new(DELETE_LUA),
            create_campaign: redis::Script::new(CAMPAIGN_CREATE_LUA),
            commit_campaign: redis::Script::new(CAMPAIGN_COMMIT_LUA),
            delete_campaign: redis::Script::new(CAMPAIGN_DELETE_LUA),
            notifier,
            lifecycle: Lifecycle::default(),
        })
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
        let at = crate::api::now_ms() + ttl.as_millis() as i64;
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
        let mut conn = self.conn.clone();
        let [all, by_type, ..] = index_keys(game_type, GameStatus::Active);
        let mut keys = vec![all, by_type];
        for status in GameStatus::ALL {
            let [_, _, by_status, by_both] = index_keys(game_type, status);
            keys.extend([by_status, by_both]);
        }
        for key in keys {
            let _: () = conn.zrem(key, id).await?;
        }
        // Last: while it is there, a sweep finishes this clean-up if it is interrupted.
        let _: () = conn
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

    /// Adds the game to the listing indexes of `status` (`all` and by type too when `every`).
    async fn index_add(
        &self,
        record: &GameRecord,
        status: GameStatus,
        every: bool,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        let keys = index_keys(&record.game_type, status);
        for key in if every { &keys[..] } else { &keys[2..] } {
            let _: () = conn.zadd(key, &record.id, record.created_at_ms).await?;
        }
        Ok(())
    }

    async fn index_remove_status(
        &self,
        record: &GameRecord,
        status: GameStatus,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        for key in &index_keys(&record.game_type, status)[2..] {
            let _: () = conn.zrem(key, &record.id).await?;
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
    async fn create(&self, record: &GameRecord, entries: &[LogEntry]) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        let mut inv = self.create.prepare_invoke();
        inv.key(game_key(&record.id))
            .key(log_key(&record.id))
            .arg(record.revision)
            .arg(record.encode())
            .arg(&record.game_type)
            .arg(record.status.as_str())
            .arg(channel(&record.id));
        let ttl = self.lifecycle.ttl(record);
        inv.arg(ttl_ms(ttl));
        for e in entries {
            inv.arg(e.encode());
        }
        // Index first: a crash in between leaves an index entry without a game, which the
        // listing skips (and a sweep removes), rather than a game no listing can find.
        if let Some(ttl) = ttl {
            self.expiry_lower_bound(record, ttl).await?;
        }
        self.index_add(record, record.status, true).await?;
        let created: i64 = inv.invoke_async(&mut conn).await?;
        if created == 0 {
            return Err(StoreError::AlreadyExists(record.id.clone()));
        }
        Ok(())
    }

    async fn load(&self, id: &str) -> Result<Option<GameRecord>, StoreError> {
        let mut conn = self.conn.clone();
        let data: Option<String> = conn.hget(game_key(id), "d").await?;
        Ok(match data {
            Some(text) => Some(GameRecord::decode(&text)?),
            None => None,
        })
    }

    async fn commit(&self, c: Commit<'_>) -> Result<CommitResult, StoreError> {
        let mut conn = self.conn.clone();
        let id = &c.record.id;
        let (ikey, ivalue): (&str, &[u8]) = c.idempotency.unwrap_or(("", b""));
        let mut inv = self.commit.prepare_invoke();
        inv.key(game_key(id))
            .key(log_key(id))
            .key(idem_key(id))
            .arg(c.expected_revision)
            .arg(c.record.revision)
            .arg(c.record.encode())
            .arg(c.record.status.as_str())
            .arg(ikey)
            .arg(ivalue)
            .arg(channel(id));
        let ttl = self.lifecycle.ttl(c.record);
        inv.arg(ttl_ms(ttl));
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
        let (code, value, ttl_before): (i64, Vec<u8>, i64) = inv.invoke_async(&mut conn).await?;
        match code {
            0 => {
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
            2 => Ok(CommitResult::Duplicate(value)),
            _ => {
                // Deleted or expired meanwhile: take back the listing entry added above.
                if status_changes {
                    self.unindex(&c.record.game_type, id).await?;
                }
                Err(StoreError::GameGone(id.clone()))
            }
        }
    }

    async fn idempotent_result(&self, id: &str, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let mut conn = self.conn.clone();
        Ok(conn.hget(idem_key(id), key).await?)
    }

    async fn log(&self, id: &str, from: u64, to: u64) -> Result<Vec<LogEntry>, StoreError> {
        if to <= from {
            return Ok(Vec::new());
        }
        let mut conn = self.conn.clone();
        let raw: Vec<String> = conn
            .lrange(log_key(id), from as isize, to as isize - 1)
            .await?;
        raw.iter().map(|t| Ok(LogEntry::decode(t)?)).collect()
    }

    async fn list(&self, f: ListFilter<'_>) -> Result<(Vec<GameRecord>, bool), StoreError> {
        let mut conn = self.conn.clone();
        let key = index_key(&f);
        let start = f.offset as isize;
        let stop = (f.offset + f.limit) as isize; // one extra, to know whether more follow
        let ids: Vec<String> = conn.zrevrange(&key, start, stop).await?;
        let more = ids.len() > f.limit;
        let mut page = Vec::with_capacity(f.limit);
        for id in ids.into_iter().take(f.limit) {
            let Some(record) = self.load(&id).await? else {
                continue;
            };
            // The index is updated after the game's own commit; trust the game's status.
            if f.status.is_some_and(|s| s != record.status) {
                continue;
            }
            page.push(record);
        }
        Ok((page, more))
    }

    async fn count_games<'a>(
        &self,
        game_types: &[&'a str],
    ) -> Result<Vec<GameCount<'a>>, StoreError> {
        // One ZCARD per (type, status) index, sent together; on a cluster each goes to its own
        // slot. An index may briefly hold a game in two statuses (see `commit`), so a count can
        // run one high for a moment, never low.
        let reads = game_types.iter().flat_map(|t| {
            STATUSES.map(|status| {
                let mut conn = self.conn.clone();
                let key = index_key(&ListFilter {
                    game_type: Some(t),
                    status: Some(status),
                    offset: 0,
                    limit: 0,
                });
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
        Ok(())
    }

    async fn load_campaign(&self, id: &str) -> Result<Option<CampaignRecord>, StoreError> {
        let mut conn = self.conn.clone();
        let data: Option<String> = conn.hget(campaign_key(id), "d").await?;
        Ok(match data {
            Some(text) => Some(CampaignRecord::decode(&text)?),
            None => None,
        })
    }

    async fn commit_campaign(
        &self,
        record: &CampaignRecord,
        expected_revision: u64,
    ) -> Result<bool, StoreError> {
        let mut conn = self.conn.clone();
        let written: i64 = self
            .commit_campaign
            .key(campaign_key(&record.id))
            .arg(expected_revision)
            .arg(record.revision)
            .arg(record.encode())
            .invoke_async(&mut conn)
            .await?;
        Ok(written == 1)
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
        let data: Option<String> = self
            .delete_campaign
            .key(campaign_key(id))
            .invoke_async(&mut conn)
            .await?;
        let Some(text) = data else {
            return Ok(None);
        };
        let record = CampaignRecord::decode(&text)?;
        for key in [
            campaign_index(None),
            campaign_index(Some(&record.game_type)),
        ] {
            let _: () = conn.zrem(key, id).await?;
        }
        Ok(Some(record))
    }

    async fn sweep(&self) -> Result<usize, StoreError> {
        let mut conn = self.conn.clone();
        let mut swept = 0;
        for _ in 0..SWEEP_BATCHES {
            let now = crate::api::now_ms();
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

    async fn subscribe(&self, id: &str) -> Result<broadcast::Receiver<u64>, StoreError> {
        Ok(self.notifier.subscribe(id))
    }
}
