//! The Redis calls of one submit, made by a plain client: the reference for Tablero on Redis.
//!
//! A submit on the Redis store today is three round trips: `HMGET <game> h p c d` (the record's
//! parts),
//! `HGET <idem> <key>` (the idempotency read), and
//! `EVALSHA` of the commit script. The script is read from the server's own source
//! (`service/src/store/redis.rs`) at build time, so it is the very script the server runs;
//! the run checks that Redis already holds it under the same SHA after the server used it.
//! Payloads are copied from a game the server stored in the same run (its record, its log
//! entries, an idempotency value), so every call moves the same bytes as the server's.

use redis::AsyncCommands;
use redis::aio::ConnectionManager;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tablero_service::store::lifecycle::Lifecycle;

/// The feed's stream (`store::redis_feed`; one Redis, not a cluster).
const FEED_STREAM: &str = "tablero:{feed}:stream";

const STORE_SOURCE: &str = include_str!("../../../../service/src/store/redis.rs");
/// The change feed's part of the store: the append function the write scripts start with.
const FEED_SOURCE: &str = include_str!("../../../../service/src/store/redis_feed.rs");

/// The text of `const <name>: &str = r#"…"#;` or `const <name>: &str = "…";` in the store's
/// source.
fn constant(name: &str) -> &'static str {
    constant_in(STORE_SOURCE, name)
}

/// The commit script as the server sends it: the feed's append function, then the commit.
fn commit_script() -> String {
    format!(
        "{}{}",
        constant_in(FEED_SOURCE, "APPEND_FEED_LUA"),
        constant("COMMIT_LUA")
    )
}

/// [`constant`] in `source`.
fn constant_in(source: &'static str, name: &str) -> &'static str {
    let raw = format!("const {name}: &str = r#\"");
    let plain = format!("const {name}: &str = \"");
    if let Some(at) = source.find(&raw) {
        let rest = &source[at + raw.len()..];
        return &rest[..rest.find("\"#;").expect("the end of a raw string")];
    }
    let at = source
        .find(&plain)
        .unwrap_or_else(|| panic!("`const {name}` is no longer in service/src/store/"));
    let rest = &source[at + plain.len()..];
    &rest[..rest.find("\";").expect("the end of a string")]
}

/// What one stored game looks like, taken from the server's own writes.
#[derive(Debug)]
pub struct Sample {
    /// The record's parts: what every commit rewrites, the seats, what is written once.
    pub hot: Vec<u8>,
    pub seats: Vec<u8>,
    pub cold: Vec<u8>,
    pub status: String,
    pub game_type: String,
    /// The log entries one submit appends (the player's move and the bot's answers).
    pub entries: Vec<Vec<u8>>,
    pub idempotency_value: Vec<u8>,
    /// A change the server appended to the feed (a move appends one): the raw commit appends
    /// it too.
    pub change: Vec<u8>,
    /// Submits per game, as the server's games went: a raw game is started anew after as many.
    pub moves_per_game: u64,
}

impl Sample {
    /// A game the server stored on `conn`'s Redis, active, with an idempotency key and at
    /// least `entries` log entries: of up to 200 such games, the one with the median record
    /// size; `None` when there is none yet.
    pub async fn find(
        conn: &mut ConnectionManager,
        entries: usize,
        moves_per_game: u64,
    ) -> Option<Sample> {
        let keys: Vec<String> = redis::cmd("KEYS")
            .arg("tablero:{*}:idem")
            .query_async(conn)
            .await
            .expect("KEYS");
        let mut found = Vec::new();
        for idem in keys.iter().take(200) {
            let id = &idem["tablero:{".len()..idem.len() - "}:idem".len()];
            let game = key(id, "game");
            let log = key(id, "log");
            type Fields = (
                Option<Vec<u8>>,
                Option<Vec<u8>>,
                Option<Vec<u8>>,
                Option<String>,
                Option<String>,
            );
            let (hot, seats, cold, status, game_type): Fields = redis::pipe()
                .hget(&game, "h")
                .hget(&game, "p")
                .hget(&game, "c")
                .hget(&game, "s")
                .hget(&game, "t")
                .query_async(conn)
                .await
                .expect("HGET");
            let (Some(hot), Some(seats), Some(cold), Some(status), Some(game_type)) =
                (hot, seats, cold, status, game_type)
            else {
                continue;
            };
            let len: usize = conn.llen(&log).await.expect("LLEN");
            if status != "active" || len < entries + 1 {
                continue;
            }
            let tail: Vec<Vec<u8>> = conn
                .lrange(&log, -(entries as isize), -1)
                .await
                .expect("LRANGE");
            let values: Vec<Vec<u8>> = conn.hvals(idem).await.expect("HVALS");
            let Some(idempotency_value) = values.into_iter().next() else {
                continue;
            };
            type Entries = Vec<(String, Vec<(String, Vec<u8>)>)>;
            let newest: Entries = redis::cmd("XREVRANGE")
                .arg(FEED_STREAM)
                .arg("+")
                .arg("-")
                .arg("COUNT")
                .arg(1)
                .query_async(conn)
                .await
                .expect("XREVRANGE of the feed");
            let change = newest
                .into_iter()
                .next()
                .and_then(|(_, fields)| fields.into_iter().next())
                .map(|(_, v)| v)
                .expect("the server's writes appended to the feed");
            found.push(Sample {
                change,
                hot,
                seats,
                cold,
                status,
                game_type,
                entries: tail,
                idempotency_value,
                moves_per_game: moves_per_game.max(1),
            });
        }
        found.sort_by_key(|s| s.hot.len());
        let middle = found.len() / 2;
        found.into_iter().nth(middle)
    }
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_millis() as i64
}

/// Issues the calls of one submit against games of its own.
#[derive(Clone)]
pub struct RawSubmitter {
    conn: ConnectionManager,
    script: Arc<redis::Script>,
    channel_prefix: &'static str,
    sample: Arc<Sample>,
    /// Raw games made so far: each takes the next number as its id.
    made: Arc<AtomicU64>,
}

/// One of the raw client's games.
pub struct RawGame {
    id: String,
    revision: u64,
    moves: u64,
}

/// An unfinished game's time to live and the idempotency window: the server's defaults.
const ACTIVE_TTL: Duration = Lifecycle::DEFAULT_ABANDONED_TTL;
const IDEMPOTENCY_TTL: Duration = Lifecycle::DEFAULT_IDEMPOTENCY_TTL;

impl RawSubmitter {
    pub fn new(conn: ConnectionManager, sample: Sample) -> RawSubmitter {
        RawSubmitter {
            conn,
            script: Arc::new(redis::Script::new(&commit_script())),
            channel_prefix: constant("CHANNEL_PREFIX"),
            sample: Arc::new(sample),
            made: Arc::default(),
        }
    }

    /// Fails unless Redis holds the commit script under the SHA this client will call: the
    /// server has run exactly this script.
    pub async fn check_same_script(&self) {
        let mut conn = self.conn.clone();
        let exists: Vec<bool> = redis::cmd("SCRIPT")
            .arg("EXISTS")
            .arg(self.script.get_hash())
            .query_async(&mut conn)
            .await
            .expect("SCRIPT EXISTS");
        assert!(
            exists.first().copied().unwrap_or(false),
            "the commit script read from service/src/store/redis.rs is not the one the server ran"
        );
    }

    pub fn sample(&self) -> &Sample {
        &self.sample
    }

    /// A fresh game, stored as the server stores a new one.
    pub async fn new_game(&self) -> RawGame {
        let mut game = RawGame {
            id: String::new(),
            revision: 0,
            moves: 0,
        };
        self.restart(&mut game).await;
        game
    }

    /// Starts `game` over under a new id (its game ended): one pipelined write.
    async fn restart(&self, game: &mut RawGame) {
        game.id = format!("bench-raw-{}", self.made.fetch_add(1, Ordering::Relaxed));
        game.revision = 0;
        game.moves = 0;
        let mut conn = self.conn.clone();
        let s = &self.sample;
        let _: () = redis::pipe()
            .hset_multiple(
                key(&game.id, "game"),
                &[
                    ("v", b"0".as_slice()),
                    ("h", &s.hot),
                    ("p", &s.seats),
                    ("c", &s.cold),
                    ("t", s.game_type.as_bytes()),
                    ("s", s.status.as_bytes()),
                ],
            )
            .ignore()
            .rpush(key(&game.id, "log"), &s.entries)
            .ignore()
            .query_async(&mut conn)
            .await
            .expect("store a raw game");
    }

    /// Starts `game` anew when it has had as many submits as the server's games have.
    pub async fn next_game_if_over(&self, game: &mut RawGame) {
        if game.moves >= self.sample.moves_per_game {
            self.restart(game).await;
        }
    }

    /// The three round trips of one submit.
    pub async fn submit(&self, game: &mut RawGame) {
        let mut conn = self.conn.clone();
        let s = &self.sample;
        let idem_key = format!("0:{}", tablero_client::new_idempotency_key());
        let parts: Vec<Option<Vec<u8>>> = redis::cmd("HMGET")
            .arg(key(&game.id, "game"))
            .arg(&["t", "h", "p", "c", "d"])
            .query_async(&mut conn)
            .await
            .expect("HMGET");
        assert!(parts[1].is_some(), "a raw game vanished");
        let _: Option<Vec<u8>> = conn
            .hget(key(&game.id, "idem"), &idem_key)
            .await
            .expect("the idempotency read");
        let now = now_ms();
        let mut inv = self.script.prepare_invoke();
        inv.key(key(&game.id, "game"))
            .key(key(&game.id, "log"))
            .key(key(&game.id, "idem"))
            .key(FEED_STREAM)
            .arg(game.revision)
            .arg(game.revision + 1)
            .arg(&s.hot)
            .arg(&s.status)
            .arg(&idem_key)
            .arg(&s.idempotency_value)
            .arg(format!("{}{}", self.channel_prefix, game.id))
            .arg(ACTIVE_TTL.as_millis() as u64)
            .arg(now)
            .arg(now + IDEMPOTENCY_TTL.as_millis() as i64)
            // The seats unchanged, the cold part stored already: a move's commit.
            .arg("")
            .arg("")
            // One change appended to the feed, trimmed as the server trims it.
            .arg(Lifecycle::DEFAULT_FEED_MAX_LEN)
            .arg(0)
            .arg(1)
            .arg(&s.change);
        for e in &s.entries {
            inv.arg(e);
        }
        let (code, _, _): (i64, Vec<u8>, i64) =
            inv.invoke_async(&mut conn).await.expect("EVALSHA commit");
        assert_eq!(code, 0, "the raw commit was not committed");
        game.revision += 1;
        game.moves += 1;
    }
}

/// A key of game `id` in the server's layout (`tablero:{<id>}:<part>`: one hash slot per game).
fn key(id: &str, part: &str) -> String {
    format!("tablero:{{{id}}}:{part}")
}
