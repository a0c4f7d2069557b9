//! The change feed on Redis: the stream `tablero:{feed}:stream`, one entry per change (field
//! `e`, an encoded `tablero.v1.Change`); its entry ids are the feed's cursors. It is trimmed to
//! the lifecycle's length by every append (`MAXLEN ~`) and to its age by the sweep (`MINID ~`).
//!
//! **One Redis**: every write script appends its changes to the stream itself, in the write's
//! atomic step, so a change is in the feed exactly when its write is stored.
//!
//! **Redis Cluster**: the stream cannot share a slot with every game, so a write script appends
//! its changes to the game's (or campaign's) own outbox stream `tablero:{<id>}:out`, in the
//! write's slot and atomic step. The writing replica then relays the outbox to the feed:
//! [`RELAY_LUA`] appends each change once (a set `tablero:{feed}:seen` of relayed
//! `<id>/<outbox entry id>`s, kept as long as the feed keeps changes, makes a repeated relay a
//! no-op) and the outbox entries are deleted after. Each such write adds a mark of its own
//! (`<id>/<random>`) to `tablero:feedpending` before it and removes it after its relay; a
//! replica that dies in between leaves its mark, and every replica's sweep relays the outboxes
//! of marks older than [`PENDING_GRACE_MS`]. So each change reaches the feed once, at most a
//! sweep late; only the order between games is the relay's.
//!
//! Webhook state: `tablero:wh:<endpoint>:lease` (holder, with PX), `:cursor`, `:log` (a capped
//! list, newest first).

use super::StoreError;
use super::feed::{FeedEntry, FeedFrom, FeedPage, Lease};
use super::redis::RedisStore;
use super::redis_conn::Conn;
use crate::store::clock::now_ms;
use redis::AsyncCommands;

/// The feed's stream.
pub const FEED_STREAM: &str = "tablero:{feed}:stream";
/// Relayed outbox entries (cluster only), scored by when they were relayed.
const FEED_SEEN: &str = "tablero:{feed}:seen";
/// Marks `<id>/<random>` of writes whose outbox may hold changes not relayed yet (cluster only),
/// scored by the mark's time: one per write, so no write removes another's.
const FEED_PENDING: &str = "tablero:feedpending";
/// A mark younger than this belongs to a write that may still be running; its own replica
/// relays it. Older marks are relayed by any sweep (a write never takes this long: the store
/// calls time out sooner).
pub const PENDING_GRACE_MS: i64 = 30_000;
/// Batches of 200 left-over marks one sweep relays at most.
const SWEEP_MARK_BATCHES: usize = 10;
/// Outbox entries relayed per script call.
const RELAY_BATCH: usize = 100;

/// The Lua function the write scripts share: appends `ARGV[first + 1 ..= first + n]` (n =
/// `ARGV[first]`) to the stream `key`, trimmed to about `maxlen` (0 = not trimmed), expiring
/// after `ttl` ms when that is positive (an outbox); returns the index of the next argument.
pub const APPEND_FEED_LUA: &str = r#"
local function append_feed(key, maxlen, ttl, first)
  local n = tonumber(ARGV[first])
  for i = first + 1, first + n do
    if maxlen > 0 then
      redis.call('XADD', key, 'MAXLEN', '~', maxlen, '*', 'e', ARGV[i])
    else
      redis.call('XADD', key, '*', 'e', ARGV[i])
    end
  end
  if n > 0 and ttl > 0 then redis.call('PEXPIRE', key, ttl) end
  return first + n + 1
end
"#;

/// KEYS: feed stream, seen set. ARGV: maxlen, now (unix ms), keep seen since (unix ms), then
/// pairs (outbox entry name, change). Appends each change not relayed before.
const RELAY_LUA: &str = r#"
for i = 4, #ARGV, 2 do
  if not redis.call('ZSCORE', KEYS[2], ARGV[i]) then
    redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'e', ARGV[i + 1])
    redis.call('ZADD', KEYS[2], ARGV[2], ARGV[i])
  end
end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', '(' .. ARGV[3])
return 1
"#;

/// KEYS: feed stream. ARGV: start (exclusive when prefixed with '('), count. Returns the id of
/// the oldest entry kept ('' when none), how many entries were trimmed, and the entries.
const READ_LUA: &str = r#"
if redis.call('EXISTS', KEYS[1]) == 0 then return {'', 0, {}} end
local info = redis.call('XINFO', 'STREAM', KEYS[1])
local first, added, length = '', 0, 0
for i = 1, #info, 2 do
  if info[i] == 'recorded-first-entry-id' then first = info[i + 1] end
  if info[i] == 'entries-added' then added = info[i + 1] end
  if info[i] == 'length' then length = info[i + 1] end
end
return {first, added - length, redis.call('XRANGE', KEYS[1], ARGV[1], '+', 'COUNT', ARGV[2])}
"#;

/// KEYS: lease. ARGV: holder, ttl ms. 1 when the holder holds it now.
const LEASE_LUA: &str = r#"
local cur = redis.call('GET', KEYS[1])
if cur and cur ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
"#;

/// The scripts of this module.
pub struct FeedScripts {
    relay: redis::Script,
    read: redis::Script,
    lease: redis::Script,
}

impl Default for FeedScripts {
    fn default() -> Self {
        FeedScripts {
            relay: redis::Script::new(RELAY_LUA),
            read: redis::Script::new(READ_LUA),
            lease: redis::Script::new(LEASE_LUA),
        }
    }
}

fn outbox_key(id: &str) -> String {
    format!("tablero:{{{id}}}:out")
}

fn webhook_key(endpoint: &str, what: &str) -> String {
    format!("tablero:wh:{endpoint}:{what}")
}

/// A stream entry id, `<ms>-<seq>`, as numbers (to compare).
fn stream_id(text: &str) -> Option<(u64, u64)> {
    let (ms, seq) = text.split_once('-')?;
    Some((ms.parse().ok()?, seq.parse().ok()?))
}

/// Stream entries as XRANGE returns them: (id, [(field, value)]).
type StreamEntries = Vec<(String, Vec<(String, Vec<u8>)>)>;

/// The change in an entry's fields (`e`).
fn change_of(fields: Vec<(String, Vec<u8>)>) -> Vec<u8> {
    fields
        .into_iter()
        .find(|(f, _)| f == "e")
        .map(|(_, v)| v)
        .unwrap_or_default()
}

/// Where a write script appends its changes, and how.
pub struct FeedTarget {
    pub key: String,
    /// `MAXLEN ~` for the feed itself; 0 for an outbox (the relay empties it).
    pub maxlen: usize,
    /// An outbox expires if nobody relays it for the feed's retention.
    pub ttl_ms: u64,
}

impl RedisStore {
    fn clustered(&self) -> bool {
        matches!(self.conn(), Conn::Cluster(_))
    }

    /// Where the write of game (or campaign) `id` appends its changes.
    pub(super) fn feed_target(&self, id: &str) -> FeedTarget {
        let lifecycle = self.lifecycle();
        if self.clustered() {
            FeedTarget {
                key: outbox_key(id),
                maxlen: 0,
                ttl_ms: lifecycle.feed_max_age.as_millis() as u64,
            }
        } else {
            FeedTarget {
                key: FEED_STREAM.to_string(),
                maxlen: lifecycle.feed_max_len,
                ttl_ms: 0,
            }
        }
    }

    /// Before a write with changes: on a cluster, marks `id`'s outbox as possibly pending, with
    /// a mark of this write's own (returned for [`RedisStore::after_feed_write`]).
    pub(super) async fn before_feed_write(
        &self,
        id: &str,
        feed: &[Vec<u8>],
    ) -> Result<Option<String>, StoreError> {
        if feed.is_empty() || !self.clustered() {
            return Ok(None);
        }
        let mut random = [0u8; 8];
        getrandom::fill(&mut random)
            .map_err(|e| StoreError::Other(format!("no randomness: {e}")))?;
        let mark = format!("{id}/{}", hex::encode(random));
        let mut conn = self.conn().clone();
        let _: () = conn.zadd(FEED_PENDING, &mark, now_ms()).await?;
        Ok(Some(mark))
    }

    /// After a stored write with changes: on a cluster, relays `id`'s outbox to the feed and
    /// removes the write's mark. A failure is left to the sweep (the mark stays).
    pub(super) async fn after_feed_write(&self, id: &str, mark: Option<String>) {
        let Some(mark) = mark else {
            return;
        };
        let relayed = match self.relay(id).await {
            Ok(()) => {
                let mut conn = self.conn().clone();
                conn.zrem::<_, _, ()>(FEED_PENDING, &mark)
                    .await
                    .map_err(StoreError::from)
            }
            Err(e) => Err(e),
        };
        if let Err(e) = relayed {
            tracing::warn!(%id, error = %e, "relaying changes to the feed failed; the sweep retries");
        }
    }

    /// Moves every change in `id`'s outbox to the feed, once each.
    async fn relay(&self, id: &str) -> Result<(), StoreError> {
        let mut conn = self.conn().clone();
        let outbox = outbox_key(id);
        let lifecycle = self.lifecycle();
        loop {
            let entries: StreamEntries = redis::cmd("XRANGE")
                .arg(&outbox)
                .arg("-")
                .arg("+")
                .arg("COUNT")
                .arg(RELAY_BATCH)
                .query_async(&mut conn)
                .await?;
            if entries.is_empty() {
                return Ok(());
            }
            let now = now_ms();
            let mut inv = self.feed_scripts().relay.prepare_invoke();
            inv.key(FEED_STREAM)
                .key(FEED_SEEN)
                .arg(lifecycle.feed_max_len)
                .arg(now)
                .arg(now - lifecycle.feed_max_age.as_millis() as i64);
            let ids: Vec<String> = entries.iter().map(|(e, _)| e.clone()).collect();
            let count = entries.len();
            for (entry_id, fields) in entries {
                inv.arg(format!("{id}/{entry_id}")).arg(change_of(fields));
            }
            let _: i64 = inv.invoke_async(&mut conn).await?;
            let _: i64 = redis::cmd("XDEL")
                .arg(&outbox)
                .arg(&ids)
                .query_async(&mut conn)
                .await?;
            if count < RELAY_BATCH {
                return Ok(());
            }
        }
    }

    /// Relays the outboxes whose writers may have died before relaying them, and trims the
    /// feed to its age. Part of every replica's sweep.
    pub(super) async fn sweep_feed(&self) -> Result<(), StoreError> {
        let mut conn = self.conn().clone();
        let now = now_ms();
        if self.clustered() {
            // Marks left by writers that died (or whose relay failed) before their relay.
            for _ in 0..SWEEP_MARK_BATCHES {
                let due: Vec<String> = conn
                    .zrangebyscore_limit(FEED_PENDING, "-inf", now - PENDING_GRACE_MS, 0, 200)
                    .await?;
                if due.is_empty() {
                    break;
                }
                for mark in due {
                    let id = mark.split_once('/').map_or(mark.as_str(), |(id, _)| id);
                    self.relay(id).await?;
                    let _: () = conn.zrem(FEED_PENDING, &mark).await?;
                }
            }
        }
        let oldest = now - self.lifecycle().feed_max_age.as_millis() as i64;
        let _: i64 = redis::cmd("XTRIM")
            .arg(FEED_STREAM)
            .arg("MINID")
            .arg("~")
            .arg(oldest.max(0))
            .query_async(&mut conn)
            .await?;
        Ok(())
    }

    pub(super) async fn read_feed(
        &self,
        from: FeedFrom<'_>,
        limit: usize,
    ) -> Result<FeedPage, StoreError> {
        let after = match from {
            FeedFrom::Start => None,
            FeedFrom::After(c) | FeedFrom::At(c) => {
                Some(stream_id(c).ok_or(StoreError::BadCursor)?)
            }
        };
        let start = match from {
            FeedFrom::Start => "-".to_string(),
            FeedFrom::After(c) => format!("({c}"),
            FeedFrom::At(c) => c.to_string(),
        };
        let mut conn = self.conn().clone();
        let (first_kept, trimmed, entries): (String, i64, StreamEntries) = self
            .feed_scripts()
            .read
            .key(FEED_STREAM)
            .arg(start)
            .arg(limit)
            .invoke_async(&mut conn)
            .await?;
        // The feed only loses entries to trimming, oldest first: once some were trimmed, a
        // cursor older than the oldest kept entry has lost the entries after it (or, when it
        // was the last trimmed itself, none: the one case reported too eagerly).
        let expired = match (after, stream_id(&first_kept)) {
            (Some(after), Some(first)) => trimmed > 0 && after < first,
            _ => false,
        };
        let entries = entries
            .into_iter()
            .map(|(cursor, fields)| FeedEntry {
                cursor,
                change: change_of(fields),
            })
            .collect();
        Ok(FeedPage { entries, expired })
    }

    pub(super) async fn head_of_feed(&self) -> Result<String, StoreError> {
        let mut conn = self.conn().clone();
        let last: StreamEntries = redis::cmd("XREVRANGE")
            .arg(FEED_STREAM)
            .arg("+")
            .arg("-")
            .arg("COUNT")
            .arg(1)
            .query_async(&mut conn)
            .await?;
        Ok(last
            .into_iter()
            .next()
            .map_or_else(|| "0-0".to_string(), |(id, _)| id))
    }

    pub(super) async fn take_lease(&self, lease: Lease<'_>) -> Result<bool, StoreError> {
        let mut conn = self.conn().clone();
        let held: i64 = self
            .feed_scripts()
            .lease
            .key(webhook_key(lease.name, "lease"))
            .arg(lease.holder)
            .arg(lease.ttl_ms.max(1))
            .invoke_async(&mut conn)
            .await?;
        Ok(held == 1)
    }

    pub(super) async fn get_webhook_cursor(
        &self,
        endpoint: &str,
    ) -> Result<Option<String>, StoreError> {
        let mut conn = self.conn().clone();
        Ok(conn.get(webhook_key(endpoint, "cursor")).await?)
    }

    pub(super) async fn put_webhook_cursor(
        &self,
        endpoint: &str,
        cursor: &str,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn().clone();
        let _: () = conn.set(webhook_key(endpoint, "cursor"), cursor).await?;
        Ok(())
    }

    pub(super) async fn push_deliveries(
        &self,
        endpoint: &str,
        records: &[Vec<u8>],
        keep: usize,
    ) -> Result<(), StoreError> {
        if records.is_empty() {
            return Ok(());
        }
        let mut conn = self.conn().clone();
        let key = webhook_key(endpoint, "log");
        let _: () = redis::pipe()
            .lpush(&key, records)
            .ignore()
            .ltrim(&key, 0, keep.max(1) as isize - 1)
            .ignore()
            .query_async(&mut conn)
            .await?;
        Ok(())
    }

    pub(super) async fn get_webhook_state(
        &self,
        endpoint: &str,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        let mut conn = self.conn().clone();
        Ok(conn.get(webhook_key(endpoint, "state")).await?)
    }

    pub(super) async fn put_webhook_state(
        &self,
        endpoint: &str,
        state: &[u8],
    ) -> Result<(), StoreError> {
        let mut conn = self.conn().clone();
        let _: () = conn.set(webhook_key(endpoint, "state"), state).await?;
        Ok(())
    }

    pub(super) async fn push_redelivery(
        &self,
        endpoint: &str,
        cursor: &str,
        keep: usize,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn().clone();
        let key = webhook_key(endpoint, "retry");
        // Oldest first: pushed on the right, trimmed from the left.
        let _: () = redis::pipe()
            .rpush(&key, cursor)
            .ignore()
            .ltrim(&key, -(keep.max(1) as isize), -1)
            .ignore()
            .query_async(&mut conn)
            .await?;
        Ok(())
    }

    pub(super) async fn read_redeliveries(
        &self,
        endpoint: &str,
    ) -> Result<Vec<String>, StoreError> {
        let mut conn = self.conn().clone();
        Ok(conn.lrange(webhook_key(endpoint, "retry"), 0, -1).await?)
    }

    pub(super) async fn drop_redelivery(
        &self,
        endpoint: &str,
        cursor: &str,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn().clone();
        let _: () = conn.lrem(webhook_key(endpoint, "retry"), 1, cursor).await?;
        Ok(())
    }

    pub(super) async fn read_deliveries(
        &self,
        endpoint: &str,
        limit: usize,
    ) -> Result<Vec<Vec<u8>>, StoreError> {
        let mut conn = self.conn().clone();
        Ok(conn
            .lrange(webhook_key(endpoint, "log"), 0, limit.max(1) as isize - 1)
            .await?)
    }
}

#[cfg(test)]
mod tests {
    use super::stream_id;

    #[test]
    fn stream_ids_compare_as_numbers() {
        assert!(stream_id("10-0") > stream_id("9-5"));
        assert!(stream_id("10-10") > stream_id("10-2"));
        assert_eq!(stream_id("m3"), None);
        assert_eq!(stream_id("1-x"), None);
    }
}
