//! Games kept decoded between calls: by id, the record and the live rules state at the revision
//! this replica last read or wrote. A submit on a hot game applies its action to a copy and
//! commits straight through the store's compare-and-swap, without reading the game first: the
//! swap fails when another replica wrote meanwhile, and only then is the game read again. Reads
//! (views, watchers) use the hot game when the store's revision is still the one it has.
//!
//! A hot game also keeps what was built from it: the log entries of the write that made it
//! (when this replica made it) and the watch messages built at its revision, one per viewer and
//! starting version, so watchers of one game share one decode and one view per revision.
//!
//! Bounded by weight in real bytes: everything a hot game holds (record, session, entries,
//! messages, the cache's own key and entry) as the allocator counts it, without copying any of
//! it: the record and the log entries are walked ([`Holds`]: each buffer's capacity), the
//! session is weighed where its copy was made (a write copies the hot session before it moves
//! it; a read restores it from the snapshot) while [`heap::measure`] watches, and a message as
//! it is built. A write's session is weighed as the copy it moved on from: a move changes a
//! state's buffers little. The least useful games go first (`quick_cache`, S3-FIFO).
//! `tests/hot_weight.rs` checks the weights against the allocator's own count.

use crate::engine::host::Session;
use crate::heap::{self, Held, Holds};
use crate::store::blob::Blob;
use crate::store::record::{GameRecord, LogEntry};
use crate::telemetry::metric;
use quick_cache::Weighter;
use quick_cache::sync::{Cache, EntryAction};
use std::any::Any;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::Duration;
use tablero_rules::Viewer;

/// Watch messages kept per hot game: a game has a few viewers (its seats and spectators), and
/// watchers of one viewer are mostly at the same version.
const MESSAGES_PER_GAME: usize = 32;

/// The most versions of events one watch message carries (a backlog comes in chunks).
pub const WATCH_CHUNK_VERSIONS: u64 = 100;

/// What the allocator spends on one allocation beyond the bytes asked for: jemalloc (the
/// server's) adds no header but rounds up to its size classes, about 16 bytes on average for a
/// hot game's allocations (measured in `tests/hot_weight.rs`); glibc's malloc adds an 8-byte
/// header and rounds up to 16 bytes (32 at least), about as much.
const PER_ALLOCATION: usize = 16;

/// Without the counting allocator (a program that does not install it: tests, embeddings) a
/// game is weighed by its stored bytes (state, log entries, encoded messages) times this: what
/// the allocator holds for the hot games of `tests/hot_weight.rs` is 3–12 times their stored
/// bytes, 4–5 for most.
pub const STORED_FACTOR: usize = 5;

/// A watch message is the same for every watcher of one viewer coming from one version (with
/// or without the setup's events).
type MessageKey = (Viewer, u64, bool);

/// A watch message as the protocol layer built it (the engine only keeps it).
type Message = Arc<dyn Any + Send + Sync>;

/// The watch messages of one hot game, and what they weigh.
#[derive(Default)]
struct Messages {
    map: HashMap<MessageKey, (Message, u64)>,
    /// The messages' own bytes (the second of each pair, summed).
    held: u64,
    /// The map's table (it keeps its capacity when cleared).
    table: u64,
}

/// One game at one revision.
pub struct HotGame {
    /// The record at this revision without its rules state: `state` is empty, `session` is the
    /// state (a write snapshots the session anew, so a second, encoded copy would only weigh).
    pub record: GameRecord,
    pub session: Box<dyn Session>,
    /// The log entries this revision's write added, from the version before it: watchers one
    /// write behind find their events here instead of reading the log.
    pub last_write: Option<(u64, Vec<LogEntry>)>,
    messages: Mutex<Messages>,
    /// Bytes of the record, session, entries and this struct, measured when it was built.
    held: u64,
    /// Bytes of the messages now (follows `messages`).
    message_bytes: AtomicU64,
    /// The cache this game was put in, to weigh it again when it keeps a message.
    home: OnceLock<Weak<Shared>>,
}

impl HotGame {
    /// The game at `record`'s revision. `session_held` is what `session` holds, measured where
    /// it was made (`None` when it was not: then a copy is measured, or without the counting
    /// allocator it weighs [`STORED_FACTOR`] times its snapshot). The record and the entries
    /// are weighed by walking them ([`Holds`]), so nothing is copied to weigh it.
    pub fn new(
        mut record: GameRecord,
        session: Box<dyn Session>,
        session_held: Option<Held>,
        last_write: Option<(u64, Vec<LogEntry>)>,
    ) -> Self {
        let snapshot = record.state.len();
        record.state = Blob::from_packed(Vec::new());
        let session_bytes =
            match session_held.or_else(|| heap::measure(|| session.clone_session()).1) {
                Some(held) => held.footprint(PER_ALLOCATION),
                None => STORED_FACTOR * snapshot,
            };
        let walked = (record.held() + last_write.held()).footprint(PER_ALLOCATION);
        // The Arc around this struct is one more allocation.
        let held = session_bytes + walked + std::mem::size_of::<HotGame>() + 16 + PER_ALLOCATION;
        HotGame {
            record,
            session,
            last_write,
            messages: Mutex::default(),
            held: held as u64,
            message_bytes: AtomicU64::new(0),
            home: OnceLock::new(),
        }
    }

    /// What this game holds, in bytes, now.
    pub fn weight(&self) -> u64 {
        self.held + self.message_bytes.load(Ordering::Relaxed)
    }

    /// The log entries with `from < version <= through` if this revision's write holds them all.
    pub fn entries(&self, from: u64, through: u64) -> Option<&[LogEntry]> {
        let (start, entries) = self.last_write.as_ref()?;
        if from < *start || through > self.record.version {
            return None;
        }
        let skip = (from - start) as usize;
        let take = (through - from) as usize;
        entries.get(skip..skip + take)
    }

    /// The watch message already built for `viewer` coming from version `from` (with the
    /// setup's events first when `with_opening`).
    pub fn message<T: Any + Send + Sync>(
        &self,
        viewer: Viewer,
        from: u64,
        with_opening: bool,
    ) -> Option<Arc<T>> {
        let kept = self
            .lock()
            .map
            .get(&(viewer, from, with_opening))?
            .0
            .clone();
        kept.downcast().ok()
    }

    /// Builds and keeps a message for `viewer` coming from `from` (a submit's answer is its
    /// seat's watch message too) and returns it shared. What `build` leaves allocated is what
    /// the message holds, so it is built here, where the allocator is watched, and kept as
    /// built (no copy). `build` must not free what was allocated before it (a value moved in
    /// and dropped would count against the message): convert first, encode in `build`. The
    /// game is weighed again in its cache; without the counting allocator the message weighs
    /// [`STORED_FACTOR`] times what `encoded_len` says it takes on the wire.
    pub fn remember<T: Any + Send + Sync, E>(
        &self,
        viewer: Viewer,
        from: u64,
        with_opening: bool,
        build: impl FnOnce() -> Result<T, E>,
        encoded_len: impl FnOnce(&T) -> usize,
    ) -> Result<Arc<T>, E> {
        let (built, measured) = heap::measure(|| build().map(Arc::new));
        let kept = built?;
        let bytes = match measured {
            Some(held) => held.footprint(PER_ALLOCATION),
            None => STORED_FACTOR * encoded_len(&kept),
        } as u64;
        let replaced = {
            let mut messages = self.lock();
            if messages.map.len() >= MESSAGES_PER_GAME {
                // Rare (many viewers at many versions at once): start over rather than track use.
                messages.map.clear();
                messages.held = 0;
            }
            let key = (viewer, from, with_opening);
            let (replaced, grown) =
                heap::measure(|| messages.map.insert(key, (kept.clone() as Message, bytes)));
            let grown = grown.map_or(0, |g| g.footprint(PER_ALLOCATION));
            messages.table += grown as u64;
            messages.held += bytes;
            if let Some((_, old)) = &replaced {
                messages.held -= old;
            }
            self.message_bytes
                .store(messages.held + messages.table, Ordering::Relaxed);
            replaced
        };
        drop(replaced);
        self.weigh_again();
        Ok(kept)
    }

    /// Tells the cache holding this game (if it still does) what the game weighs now.
    fn weigh_again(&self) {
        let Some(cache) = self.home.get().and_then(Weak::upgrade) else {
            return;
        };
        let id = self.record.id.as_str();
        let me: *const HotGame = self;
        if cache.peek(id).is_none_or(|k| Arc::as_ptr(&k.game) != me) {
            return;
        }
        // The cache takes the difference between the weight it had and the new one.
        let _ = cache.entry(id, Some(Duration::ZERO), |_, kept| {
            if Arc::as_ptr(&kept.game) == me {
                kept.weight = kept.game.weight();
            }
            EntryAction::Retain(())
        });
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Messages> {
        self.messages.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A game as the cache keeps it, with the weight the cache counted for it: the cache takes that
/// weight off when the game leaves, so it changes only under the cache's lock
/// ([`HotGame::weigh_again`]), whatever the game's messages do meanwhile.
#[derive(Clone)]
struct Kept {
    game: Arc<HotGame>,
    weight: u64,
}

#[derive(Clone)]
struct Weight;

impl Weighter<String, Kept> for Weight {
    fn weight(&self, id: &String, kept: &Kept) -> u64 {
        // The cache's own copy of the id is one more allocation.
        kept.weight + (id.capacity() + PER_ALLOCATION) as u64
    }
}

type Shared = Cache<String, Kept, Weight>;

/// The hot games of this replica.
pub struct HotGames {
    cache: Arc<Shared>,
    /// Handles made once: a lookup runs on every request.
    hits: metrics::Counter,
    misses: metrics::Counter,
    games: metrics::Gauge,
    bytes: metrics::Gauge,
}

impl HotGames {
    /// Keeps games that hold at most `bytes` in all (0: keeps none).
    pub fn new(bytes: u64) -> Self {
        HotGames {
            cache: Arc::new(Cache::with_weighter(
                // A live two-player game holds about 8 KB.
                (bytes / 8192).clamp(16, 1 << 20) as usize,
                bytes.max(1),
                Weight,
            )),
            hits: metrics::counter!(metric::HOT_LOOKUPS, "result" => "hit"),
            misses: metrics::counter!(metric::HOT_LOOKUPS, "result" => "miss"),
            games: metrics::gauge!(metric::HOT_GAMES),
            bytes: metrics::gauge!(metric::HOT_BYTES),
        }
    }

    pub fn get(&self, id: &str) -> Option<Arc<HotGame>> {
        let found = self.cache.get(id).map(|k| k.game);
        match found {
            Some(_) => self.hits.increment(1),
            None => self.misses.increment(1),
        }
        found
    }

    /// Sets the gauges from the cache (after it changed).
    fn measured(&self) {
        self.games.set(self.cache.len() as f64);
        self.bytes.set(self.cache.weight() as f64);
    }

    /// The hot game if it is at `revision`.
    pub fn at(&self, id: &str, revision: u64) -> Option<Arc<HotGame>> {
        self.get(id).filter(|g| g.record.revision == revision)
    }

    /// Keeps `game` unless a later revision is already kept (a slow reader must not replace
    /// what a writer just put).
    pub fn put(&self, game: Arc<HotGame>) -> Arc<HotGame> {
        if let Some(kept) = self.cache.get(&game.record.id)
            && kept.game.record.revision > game.record.revision
        {
            return game;
        }
        let _ = game.home.set(Arc::downgrade(&self.cache));
        let kept = Kept {
            weight: game.weight(),
            game: game.clone(),
        };
        self.cache.insert(game.record.id.clone(), kept);
        self.measured();
        game
    }

    /// Drops a game known to be stale or gone.
    pub fn forget(&self, id: &str) {
        self.cache.remove(id);
        self.measured();
    }

    /// What the games kept weigh, in bytes.
    pub fn weight(&self) -> u64 {
        self.cache.weight()
    }

    /// How many games are kept.
    pub fn len(&self) -> usize {
        self.cache.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cache.is_empty()
    }
}
