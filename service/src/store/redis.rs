//! The Redis store. Per game, three keys share one hash slot (`{<id>}` hash tag) so every write
//! is one atomic Lua script even on Redis Cluster:
//!
//! - `tablero:{<id>}:game` hash: `v` revision (counts every write), `d` the record (JSON), `t` type, `s` status
//! - `tablero:{<id>}:log`  list: one JSON log entry per version (index = version - 1)
//! - `tablero:{<id>}:idem` hash: idempotency key -> first result
//! - `tablero:{<id>}:campaign` hash (campaign ids): `v` revision, `d` the record (JSON)
//!
//! A commit checks the version, writes the snapshot, appends the log, records the idempotency
//! key and publishes the new revision on `tablero:changes:<id>`, in one round trip. The listing
//! indexes (sorted sets by creation time) live outside the game's slot, so they cannot join that
//! atomic write: they are written so that a crash can only leave an extra entry (added before
//! the game's write, removed after it), and the listing re-checks each entry against the game.
//!
//! **Redis Cluster** (`redis+cluster://host:port[,host:port…]`): the same keys and scripts run
//! unchanged through a cluster client. Every script touches only one game's (or one campaign's)
//! keys, which share a slot through the hash tag; the listing indexes are written and read with
//! single-key commands, each routed to its own slot. PUBLISH is broadcast to every node of a
//! cluster, so the change subscription is a plain pattern subscription on any one node (the next
//! one is tried when it fails); watchers also poll, so a lost subscription only delays them.

use super::notify::Notifier;
use super::redis_conn::Conn;
use super::{Commit, CommitResult, ListFilter, Store, StoreError};
use crate::record::{CampaignRecord, GameRecord, GameStatus, LogEntry};
use redis::AsyncCommands;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast;

const CHANNEL_PREFIX: &str = "tablero:changes:";

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

/// KEYS: game, log. ARGV: version, record, type, status, channel, log entries...
const CREATE_LUA: &str = r#"
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'd', ARGV[2], 't', ARGV[3], 's', ARGV[4])
for i = 6, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
redis.call('PUBLISH', ARGV[5], ARGV[1])
return 1
"#;

/// KEYS: game, log, idem. ARGV: expected revision, new revision, record, status, idem key ('' = none),
/// idem value, channel, log entries...
/// Returns {0, v} committed, {1, current revision} conflict, {2, first} duplicate, {3, ''} missing.
const COMMIT_LUA: &str = r#"
if ARGV[5] ~= '' then
  local first = redis.call('HGET', KEYS[3], ARGV[5])
  if first then return {2, first} end
end
local cur = redis.call('HGET', KEYS[1], 'v')
if not cur then return {3, ''} end
if cur ~= ARGV[1] then return {1, cur} end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'd', ARGV[3], 's', ARGV[4])
for i = 8, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
if ARGV[5] ~= '' then redis.call('HSET', KEYS[3], ARGV[5], ARGV[6]) end
redis.call('PUBLISH', ARGV[7], ARGV[2])
return {0, ARGV[2]}
"#;

pub struct RedisStore {
    conn: Conn,
    create: redis::Script,
    commit: redis::Script,
    create_campaign: redis::Script,
    commit_campaign: redis::Script,
    notifier: Arc<Notifier>,
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
            create_campaign: redis::Script::new(CAMPAIGN_CREATE_LUA),
            commit_campaign: redis::Script::new(CAMPAIGN_COMMIT_LUA),
            notifier,
        })
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
        for e in entries {
            inv.arg(e.encode());
        }
        // Index first: a crash in between leaves an index entry without a game, which the
        // listing skips, rather than a game no listing can find.
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
        for e in c.entries {
            inv.arg(e.encode());
        }
        // A status change is indexed under the new status before the commit and removed from
        // the old one after it: a crash in between leaves the game in both listings (the
        // listing re-checks the game's own status), never in neither.
        if c.previous_status != c.record.status {
            self.index_add(c.record, c.record.status, false).await?;
        }
        let (code, value): (i64, Vec<u8>) = inv.invoke_async(&mut conn).await?;
        match code {
            0 => {
                if c.previous_status != c.record.status {
                    self.index_remove_status(c.record, c.previous_status)
                        .await?;
                }
                Ok(CommitResult::Committed)
            }
            1 => Ok(CommitResult::Conflict),
            2 => Ok(CommitResult::Duplicate(value)),
            _ => Err(StoreError::Other(format!(
                "game {id} vanished during a commit"
            ))),
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

    async fn subscribe(&self, id: &str) -> Result<broadcast::Receiver<u64>, StoreError> {
        Ok(self.notifier.subscribe(id))
    }
}
