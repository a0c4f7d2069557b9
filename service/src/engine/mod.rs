//! The game engine: open a stored game, run the rules, write back with compare-and-swap, play the
//! bots, replay from the log, keep campaigns in step with their plays. It knows nothing of tonic:
//! the adapters in [`crate::rpc`] validate and convert requests, call it, and map its
//! [`ApiError`]s to statuses.
//!
//! - [`create`]: new games (seat tokens, the opening bot moves) and joins;
//! - [`submit`]: one action, idempotent retries, the bots' answers;
//! - [`bot_moves`]: bots' moves within a write; [`bot_worker`]: the top `mcts` level's moves,
//!   searched in the background by any replica;
//! - [`deadlines`]: the wake-up index: turn clocks' timeouts and background bot turns;
//! - [`write`]: a write without an idempotency key, its indexes and feed kept in step;
//! - [`campaigns`]: folding finished plays, starting and resuming plays;
//! - [`players`]: the player indexes behind "my games" and "games waiting for me";
//! - [`hot`]: games kept decoded between calls, so a submit commits without reading first;
//! - [`sweep`]: the background job that deletes abandoned campaigns with their plays;
//! - [`seats`]: resigning, handing a seat to a bot and back, new tokens;
//! - [`changes`]: what each write tells the change feed;
//! - [`present`]: a stored game as a caller may see it; [`tokens`]: who a token makes its bearer.

pub mod acting;
pub mod bot_moves;
pub mod bot_worker;
pub mod campaigns;
pub mod changes;
pub mod commit;
pub mod create;
pub mod deadlines;
pub mod host;
pub mod hot;
pub mod inspect;
pub mod players;
pub mod present;
pub mod reads;
pub mod roster;
pub mod seats;
pub mod submit;
pub mod sweep;
pub mod tokens;
pub mod transition;
pub mod turn_clock;
pub mod view;

use crate::error::ApiError;
use crate::heap::{self, Held};
use crate::store::record::{GameRecord, SeatRecord};
use crate::store::{ListFilter, Store};
use crate::validate;
use bot_worker::BotWorker;
use changes::FeedCodec;
use host::{GameKind, Hosts, Session};
use hot::{HotGame, HotGames};
use std::sync::Arc;
use tablero_rules::Viewer;

/// Compare-and-swap attempts of one request when only unrelated writes got between.
const MAX_WRITE_ATTEMPTS: usize = 8;

/// Bytes the games a replica keeps decoded may hold, unless told otherwise (`--hot-cache-bytes`):
/// about 7,000 live two-player Claim games. Small enough that the embedded store, which holds
/// every game besides, stays within 5 KB per live game at 100,000 games (`docs/benchmarks.md`);
/// the deployments on Redis set more, to what their memory limit holds.
pub const DEFAULT_HOT_BYTES: u64 = 64 << 20;

/// The engine over one store; cheap to clone (four `Arc`s).
pub struct Engine<S> {
    store: Arc<S>,
    games: Arc<Hosts>,
    hot: Arc<HotGames>,
    bot_worker: Arc<BotWorker>,
    /// How writes append their changes to the change feed (`None`: no feed, only the
    /// benchmark's reference runs so).
    feed: Option<Arc<dyn FeedCodec>>,
}

// Manual: a derive would demand `S: Clone`, but only the `Arc` is cloned.
impl<S> Clone for Engine<S> {
    fn clone(&self) -> Self {
        Engine {
            store: self.store.clone(),
            games: self.games.clone(),
            hot: self.hot.clone(),
            bot_worker: self.bot_worker.clone(),
            feed: self.feed.clone(),
        }
    }
}

/// A stored game opened: its record, its kind and its live state, with what the state holds
/// (measured as it was restored; `None` without the counting allocator).
pub struct OpenedGame<'a> {
    pub record: GameRecord,
    pub kind: &'a dyn GameKind,
    pub session: Box<dyn Session>,
    pub session_held: Option<Held>,
}

impl<S: Store> Engine<S> {
    /// The engine over `store`, hosting `games`, its writes' changes encoded by `feed`.
    pub fn new(store: Arc<S>, games: Arc<Hosts>, feed: Arc<dyn FeedCodec>) -> Self {
        Engine {
            store,
            games,
            hot: Arc::new(HotGames::new(DEFAULT_HOT_BYTES)),
            bot_worker: Arc::new(BotWorker::new()),
            feed: Some(feed),
        }
    }

    /// Without the change feed: only `tablero-loadgen`'s reference runs, to measure its cost
    /// (WatchChanges and webhooks then see nothing).
    pub fn without_change_feed(mut self) -> Self {
        self.feed = None;
        self
    }

    /// Keeps decoded games that hold at most `bytes` in all (0: none).
    pub fn with_hot_bytes(mut self, bytes: u64) -> Self {
        self.hot = Arc::new(HotGames::new(bytes));
        self
    }

    pub fn store(&self) -> &Arc<S> {
        &self.store
    }

    pub fn hosts(&self) -> &Hosts {
        &self.games
    }

    /// The kind of a game type a request names.
    pub fn kind(&self, game_type: &str) -> Result<&dyn GameKind, ApiError> {
        self.games.get(game_type).ok_or_else(|| {
            ApiError::invalid(
                "game_type",
                format!("unknown game type `{}`", validate::truncate(game_type)),
            )
        })
    }

    pub async fn load(&self, id: &str) -> Result<GameRecord, ApiError> {
        validate::game_id(id)?;
        self.store
            .load(id)
            .await?
            .ok_or_else(|| ApiError::GameNotFound(id.to_string()))
    }

    /// The kind of a stored game: one this server does not host is a permanent storage error.
    pub fn kind_of(&self, record: &GameRecord) -> Result<&dyn GameKind, ApiError> {
        self.games.get(&record.game_type).ok_or_else(|| {
            ApiError::Storage(format!(
                "game {} is of type `{}`, which this server does not host",
                record.id, record.game_type
            ))
        })
    }

    /// The record, its game kind and its live state. A record this server cannot host (another
    /// game type or rules version) is a permanent storage error.
    pub async fn open(&self, id: &str) -> Result<OpenedGame<'_>, ApiError> {
        let record = self.load(id).await?;
        let kind = self.kind_of(&record)?;
        if record.rules_version != kind.rules_version() {
            return Err(ApiError::Storage(format!(
                "game {id} was made with {} rules v{}; this server has v{}",
                record.game_type,
                record.rules_version,
                kind.rules_version()
            )));
        }
        let (session, session_held) = heap::measure(|| kind.restore(&record.state));
        Ok(OpenedGame {
            record,
            kind,
            session: session?,
            session_held,
        })
    }

    /// The game as stored now, decoded once and shared: the hot copy when the store's revision
    /// is still its own (one small read), else read, decoded and kept hot.
    pub async fn open_hot(&self, id: &str) -> Result<(Arc<HotGame>, &dyn GameKind), ApiError> {
        validate::game_id(id)?;
        let revision = self
            .store
            .revision(id)
            .await?
            .ok_or_else(|| ApiError::GameNotFound(id.to_string()))?;
        if let Some(hot) = self.hot.at(id, revision)
            && let Some(kind) = self.games.get(&hot.record.game_type)
        {
            return Ok((hot, kind));
        }
        let opened = self.open(id).await?;
        let hot = HotGame::new(opened.record, opened.session, opened.session_held, None);
        Ok((self.hot.put(Arc::new(hot)), opened.kind))
    }

    /// The hot copy of a game if it is at `revision`.
    pub fn hot_at(&self, id: &str, revision: u64) -> Option<Arc<HotGame>> {
        self.hot.at(id, revision)
    }

    /// The session at an earlier version, replayed from the setup and the log, with the seats
    /// as they were then.
    pub async fn replay(
        &self,
        record: &GameRecord,
        kind: &dyn GameKind,
        version: u64,
    ) -> Result<(Box<dyn Session>, Vec<SeatRecord>), ApiError> {
        let mut session = kind.rebuild(&record.setup)?;
        // The whole log: the entries after `version` undo the later seat changes.
        let log = self.store.log(&record.id, 0, record.version).await?;
        // Seat changes are the engine's, not the rules'.
        for entry in log.iter().filter(|e| e.version <= version) {
            if entry.seat_change.is_none() {
                session.apply_logged(entry.seat, &entry.action)?;
            }
        }
        let seats = roster::seats_at(&record.seats, version, &log);
        Ok((session, seats))
    }

    /// The caller's view of the game now.
    pub fn view(
        &self,
        record: &GameRecord,
        session: &dyn Session,
        viewer: Viewer,
    ) -> view::GameView {
        present::view(record, &record.seats, session, record.version, viewer)
    }

    /// The view `viewer` had at `version` (at most the game's): the same as it was then.
    pub async fn replay_view(
        &self,
        record: &GameRecord,
        kind: &dyn GameKind,
        viewer: Viewer,
        version: u64,
    ) -> Result<view::GameView, ApiError> {
        let (session, seats) = self.replay(record, kind, version).await?;
        Ok(present::view(
            record,
            &seats,
            session.as_ref(),
            version,
            viewer,
        ))
    }

    /// A page of the game listing, and the next page's token.
    pub async fn list_games(
        &self,
        filter: ListFilter<'_>,
        reveal_player_refs: bool,
    ) -> Result<(Vec<view::GameSummary>, Option<String>), ApiError> {
        let player = filter.player;
        let (records, next) = self.store.list(filter).await?;
        let mut games = Vec::with_capacity(records.len());
        for record in &records {
            // A listing shows what it can: a game it cannot restore shows nobody to act.
            let to_act = match self.games.get(&record.game_type) {
                Some(kind) => kind
                    .restore(&record.state)
                    .map(|s| acting::to_act_now(record, s.as_ref()))
                    .unwrap_or_default(),
                None => Vec::new(),
            };
            if let Some(p) = player {
                // The indexes may hold a mark too many (see `players`): the game decides.
                // A stale waiting mark stays until the game ends (clearing it here would move
                // the offsets of the pages that follow).
                let must_wait = p.waiting.then_some(to_act.as_slice());
                if !players::seated(record, p.player_ref, must_wait) {
                    continue;
                }
            }
            let mut summary = present::summary(record, &to_act);
            if reveal_player_refs {
                present::reveal_player_refs(&mut summary.seats, &record.seats);
            }
            games.push(summary);
        }
        Ok((games, next))
    }
}
