//! The reads of a game, as engine calls like the writes: a view, the legal actions, a hint, a
//! page of history, a replay. Each finds who the caller is from the token on the game as it
//! is now ([`super::tokens::viewer`]) and what it may see from [`super::acting`].

use super::OpenedGame;
use super::hot::{HotGame, WATCH_CHUNK_VERSIONS};
use super::present::{self, reveal_player_refs};
use super::view::{GameView, Hint, History, LegalActions, Update};
use super::{Engine, acting, bot_moves, tokens};
use crate::bots;
use crate::error::ApiError;
use crate::store::Store;
use tablero_rules::Viewer;
use tablero_rules::bots::Level;
use tracing::{Span, field};

/// The most versions one history page covers.
pub const MAX_HISTORY_PAGE: u64 = 500;

impl<S: Store> Engine<S> {
    /// The game now as `token`'s bearer sees it (with every seat's player ref for a backend).
    pub async fn get_view(
        &self,
        game_id: &str,
        token: Option<&str>,
        backend: bool,
    ) -> Result<GameView, ApiError> {
        let (hot, _) = self.open_hot(game_id).await?;
        let viewer = tokens::viewer(&hot.record, token)?;
        Span::current()
            .record("seat", field::debug(viewer.seat()))
            .record("version", hot.record.version);
        let mut view = self.view(&hot.record, hot.session.as_ref(), viewer);
        if backend {
            reveal_player_refs(&mut view.seats, &hot.record.seats);
        }
        Ok(view)
    }

    /// What `token`'s seat may do now (nothing for a spectator).
    pub async fn legal_actions(
        &self,
        game_id: &str,
        token: Option<&str>,
    ) -> Result<(String, LegalActions), ApiError> {
        let (hot, _) = self.open_hot(game_id).await?;
        let record = &hot.record;
        let viewer = tokens::viewer(record, token)?;
        Span::current()
            .record("seat", field::debug(viewer.seat()))
            .record("version", record.version);
        let session = hot.session.as_ref();
        let actions = match viewer {
            Viewer::Seat(s) if acting::personal(&record.seats, record.version, session, s) => {
                session.legal_actions(s)
            }
            Viewer::Seat(_) | Viewer::Spectator => Vec::new(),
        };
        Ok((
            record.game_type.clone(),
            LegalActions {
                version: record.version,
                seat: viewer.seat(),
                actions,
            },
        ))
    }

    /// The `mcts` move at `level` for `token`'s seat, searched from that seat's knowledge only.
    pub async fn hint(
        &self,
        game_id: &str,
        token: Option<&str>,
        level: Level,
    ) -> Result<(String, Hint), ApiError> {
        let (hot, _) = self.open_hot(game_id).await?;
        let record = &hot.record;
        let Viewer::Seat(seat) = tokens::viewer(record, token)? else {
            return Err(ApiError::Unauthenticated(
                "a hint is for a seat: send the seat's token".into(),
            ));
        };
        Span::current()
            .record("seat", seat)
            .record("version", record.version);
        let session = hot.session.as_ref();
        if !acting::to_act_now(record, session).contains(&seat)
            || !acting::personal(&record.seats, record.version, session, seat)
        {
            return Err(ApiError::SeatState(format!("seat {seat} need not act now")));
        }
        let version = record.version;
        let seed = bot_moves::move_seed(record.setup.seed, seat, version + 1);
        let deadline = bots::move_deadline();
        let chosen = bot_moves::searching(|| session.bot_choice(seat, level, seed, deadline));
        let Some((action, iterations)) = chosen else {
            return Err(ApiError::SeatState(format!(
                "seat {seat} has no move to hint"
            )));
        };
        Ok((
            record.game_type.clone(),
            Hint {
                version,
                seat,
                action,
                iterations,
            },
        ))
    }

    /// A page of the game's events from `from` (the setup's first when 0), at most `page`
    /// versions (0: the most).
    pub async fn history(
        &self,
        game_id: &str,
        token: Option<&str>,
        from: u64,
        page: u32,
    ) -> Result<(String, History), ApiError> {
        let OpenedGame { record, kind, .. } = self.open(game_id).await?;
        let viewer = tokens::viewer(&record, token)?;
        Span::current().record("seat", field::debug(viewer.seat()));
        let page = match page as u64 {
            0 => MAX_HISTORY_PAGE,
            n => n.min(MAX_HISTORY_PAGE),
        };
        let start = from.min(record.version);
        let through = (start + page).min(record.version);
        let mut events = if from == 0 {
            present::opening_events(kind, &record, viewer)?
        } else {
            Vec::new()
        };
        let entries = self.store.log(&record.id, start, through).await?;
        events.extend(present::events(kind, &entries, viewer)?);
        Ok((
            record.game_type.clone(),
            History {
                events,
                through_version: through,
                current_version: record.version,
            },
        ))
    }

    /// What a watcher of `viewer` that has seen through version `from` receives at `game`'s
    /// revision: the events after `from` (at most [`WATCH_CHUNK_VERSIONS`] versions of them; the
    /// setup's events first when `with_opening`) and the view now. From the write's own entries
    /// when this replica made it, else from the log.
    pub async fn update(
        &self,
        game: &HotGame,
        viewer: Viewer,
        from: u64,
        with_opening: bool,
    ) -> Result<Update, ApiError> {
        let record = &game.record;
        let kind = self.kind_of(record)?;
        let mut events = if with_opening {
            present::opening_events(kind, record, viewer)?
        } else {
            Vec::new()
        };
        let through = record.version.min(from + WATCH_CHUNK_VERSIONS);
        match game.entries(from, through) {
            Some(entries) => events.extend(present::events(kind, entries, viewer)?),
            None => {
                let entries = self.store.log(&record.id, from, through).await?;
                events.extend(present::events(kind, &entries, viewer)?);
            }
        }
        Ok(Update {
            events,
            view: self.view(record, game.session.as_ref(), viewer),
        })
    }

    /// The view `token`'s bearer had at `version`, replayed from the log.
    pub async fn get_replay_view(
        &self,
        game_id: &str,
        token: Option<&str>,
        version: u64,
    ) -> Result<GameView, ApiError> {
        let OpenedGame { record, kind, .. } = self.open(game_id).await?;
        let viewer = tokens::viewer(&record, token)?;
        Span::current().record("seat", field::debug(viewer.seat()));
        if version > record.version {
            return Err(ApiError::invalid(
                "version",
                format!("the game is at version {}", record.version),
            ));
        }
        self.replay_view(&record, kind, viewer, version).await
    }
}
