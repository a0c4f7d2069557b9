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
//! Bounded by weight (the stored state's bytes), evicting the least useful games first
//! (`quick_cache`, S3-FIFO).

use crate::engine::host::Session;
use crate::store::record::{GameRecord, LogEntry};
use quick_cache::Weighter;
use quick_cache::sync::Cache;
use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tablero_rules::Viewer;

/// Watch messages kept per hot game: a game has a few viewers (its seats and spectators), and
/// watchers of one viewer are mostly at the same version.
const MESSAGES_PER_GAME: usize = 32;

/// The most versions of events one watch message carries (a backlog comes in chunks).
pub const WATCH_CHUNK_VERSIONS: u64 = 100;

/// A watch message is the same for every watcher of one viewer coming from one version (with
/// or without the setup's events).
type MessageKey = (Viewer, u64, bool);

/// A watch message as the protocol layer built it (the engine only keeps it).
type Message = Arc<dyn Any + Send + Sync>;

/// One game at one revision.
pub struct HotGame {
    pub record: GameRecord,
    pub session: Box<dyn Session>,
    /// The log entries this revision's write added, from the version before it: watchers one
    /// write behind find their events here instead of reading the log.
    pub last_write: Option<(u64, Vec<LogEntry>)>,
    messages: Mutex<HashMap<MessageKey, Message>>,
}

impl HotGame {
    pub fn new(
        record: GameRecord,
        session: Box<dyn Session>,
        last_write: Option<(u64, Vec<LogEntry>)>,
    ) -> Self {
        HotGame {
            record,
            session,
            last_write,
            messages: Mutex::default(),
        }
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
        let kept = self.lock().get(&(viewer, from, with_opening)).cloned()?;
        kept.downcast().ok()
    }

    /// Keeps a message built for `viewer` coming from `from` (a submit's answer is its seat's
    /// watch message too) and returns it shared.
    pub fn remember<T: Any + Send + Sync>(
        &self,
        viewer: Viewer,
        from: u64,
        with_opening: bool,
        message: T,
    ) -> Arc<T> {
        let message = Arc::new(message);
        let mut messages = self.lock();
        if messages.len() >= MESSAGES_PER_GAME {
            // Rare (many viewers at many versions at once): start over rather than track use.
            messages.clear();
        }
        messages.insert((viewer, from, with_opening), message.clone() as Message);
        message
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<MessageKey, Message>> {
        self.messages.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[derive(Clone)]
struct StateBytes;

impl Weighter<String, Arc<HotGame>> for StateBytes {
    fn weight(&self, id: &String, game: &Arc<HotGame>) -> u64 {
        // The decoded state takes a few times its stored size; the stored size is what is at
        // hand for free, and it orders games the same way.
        (id.len() + game.record.state.len() + 256) as u64
    }
}

/// The hot games of this replica.
pub struct HotGames {
    cache: Cache<String, Arc<HotGame>, StateBytes>,
}

impl HotGames {
    /// Keeps games whose stored states add up to at most `bytes` (0: keeps none).
    pub fn new(bytes: u64) -> Self {
        HotGames {
            cache: Cache::with_weighter(
                (bytes / 4096).clamp(16, 1 << 20) as usize,
                bytes.max(1),
                StateBytes,
            ),
        }
    }

    pub fn get(&self, id: &str) -> Option<Arc<HotGame>> {
        self.cache.get(id)
    }

    /// The hot game if it is at `revision`.
    pub fn at(&self, id: &str, revision: u64) -> Option<Arc<HotGame>> {
        self.get(id).filter(|g| g.record.revision == revision)
    }

    /// Keeps `game` unless a later revision is already kept (a slow reader must not replace
    /// what a writer just put).
    pub fn put(&self, game: Arc<HotGame>) -> Arc<HotGame> {
        if let Some(kept) = self.get(&game.record.id)
            && kept.record.revision > game.record.revision
        {
            return game;
        }
        self.cache.insert(game.record.id.clone(), game.clone());
        game
    }

    /// Drops a game known to be stale or gone.
    pub fn forget(&self, id: &str) {
        self.cache.remove(id);
    }
}
