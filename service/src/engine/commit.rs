//! Storing a write: the one function that hands a game's [`Transition`] to the store (its
//! create, compare-and-swap commit or campaign-play start), with the indexes kept in step around
//! it, and the one loop that retries a write on the game as stored now when another write got
//! there first.
//!
//! Around the store's atomic step: before it, the player indexes gain the write's marks and
//! the wake-up index moves no later than the game's next wake-up (so a crash leaves a mark or a
//! wake-up too many, never one too few); with it, the log, the change feed and the idempotency
//! record; after it, the waiting marks that no longer hold are cleared, the wake-up index is
//! settled, the game is kept hot, and a finished campaign play is folded.

use super::changes::FeedCodec;
use super::hot::HotGame;
use super::transition::{Before, Kind, Transition};
use super::{Engine, MAX_WRITE_ATTEMPTS, OpenedGame};
use crate::engine::host::{GameKind, Session};
use crate::error::ApiError;
use crate::heap;
use crate::store::record::{GameRecord, GameStatus};
use crate::store::{Commit, CommitResult, Idempotent, NewPlay, PlayerMarks, Store};
use std::sync::Arc;

/// How storing a transition ended.
pub enum Stored {
    /// Written; the game as it now is.
    Written(Arc<HotGame>),
    /// Another write got there first: nothing of this one is stored.
    Conflict,
    /// The idempotency key was used already (within its window): what it recorded.
    Duplicate(Idempotent),
}

/// A game as a write reads it.
pub struct Opened<'a> {
    pub record: GameRecord,
    pub kind: &'a dyn GameKind,
    pub session: Box<dyn Session>,
    /// Read from the store now, not this replica's hot copy (which may be behind): a refusal on
    /// a fresh read is final.
    pub fresh: bool,
}

/// What planning a write on a read game decided.
pub enum Plan<W, A> {
    /// Store this, then answer with `W`.
    Write(Box<Transition>, W),
    /// Nothing to write: answer with `A` at once.
    Answer(A),
}

impl<S: Store> Engine<S> {
    /// Stores `t`: the only caller of the store's game writes.
    pub(super) async fn commit(&self, t: Transition) -> Result<Stored, ApiError> {
        let id = t.record.id.clone();
        self.mark(&t).await?;
        if let Some(at) = t.wake_at {
            self.store.deadline_no_later(&id, at).await?;
        }
        let result = match &t.kind {
            Kind::Create => {
                self.store.create(&t.record, &t.entries, &t.feed).await?;
                CommitResult::Committed
            }
            Kind::Play {
                campaign,
                expected_revision,
            } => {
                let play = NewPlay {
                    campaign,
                    expected_revision: *expected_revision,
                    game: &t.record,
                    entries: &t.entries,
                    feed: &t.feed,
                };
                if self.store.start_play(play).await? {
                    CommitResult::Committed
                } else {
                    CommitResult::Conflict
                }
            }
            Kind::Update(before) => {
                let commit = Commit {
                    record: &t.record,
                    expected_revision: before.revision,
                    entries: &t.entries,
                    idempotency: t.idempotency.as_ref().map(|(k, r)| (k.as_str(), *r)),
                    previous_status: before.status,
                    seats_changed: t.seats_changed,
                    feed: &t.feed,
                };
                self.store.commit(commit).await?
            }
        };
        match result {
            CommitResult::Committed => Ok(Stored::Written(self.written(t).await)),
            CommitResult::Conflict => {
                self.hot.forget(&id);
                Ok(Stored::Conflict)
            }
            CommitResult::Duplicate(first) => Ok(Stored::Duplicate(first)),
        }
    }

    /// Before the store's step: the player indexes learn of every player and of the players the
    /// game will wait for.
    async fn mark(&self, t: &Transition) -> Result<(), ApiError> {
        if t.marks.players.is_empty() && t.marks.waiting.is_empty() {
            return Ok(());
        }
        let players: Vec<&str> = t.marks.players.iter().map(String::as_str).collect();
        let waiting: Vec<&str> = t.marks.waiting.iter().map(String::as_str).collect();
        self.store
            .mark_players(&PlayerMarks {
                game_id: &t.record.id,
                created_at_ms: t.record.created_at_ms,
                players: &players,
                waiting: &waiting,
            })
            .await?;
        Ok(())
    }

    /// After the store's step: what the write made true is told to the indexes, the game is
    /// kept hot, and a finished play is folded into its campaign. None of it can undo the write.
    async fn written(&self, t: Transition) -> Arc<HotGame> {
        let Transition {
            kind,
            record,
            session,
            session_held,
            entries,
            marks,
            to_act,
            indexed,
            ..
        } = t;
        if !marks.done.is_empty() {
            let done: Vec<&str> = marks.done.iter().map(String::as_str).collect();
            if let Err(e) = self.store.unmark_waiting(&record.id, &done).await {
                tracing::warn!(error = %e, "clearing the player indexes' waiting marks failed");
            }
        }
        // A seat change may move a background bot in or out of the game: the index follows
        // every write of an indexed game.
        if indexed {
            self.settle(&record, &to_act).await;
        }
        let from = match &kind {
            Kind::Update(before) => before.version,
            Kind::Create | Kind::Play { .. } => 0,
        };
        let finished_play = (record.status == GameStatus::Finished)
            .then(|| record.campaign.clone())
            .flatten();
        let hot = self.hot.put(Arc::new(HotGame::new(
            record,
            session,
            session_held,
            Some((from, entries)),
        )));
        // A new play is folded when it finishes; its campaign was written with it.
        if let (Some(campaign), Kind::Update(_)) = (finished_play, &kind)
            && let Err(e) = self.reconcile(&campaign).await
        {
            tracing::warn!(%campaign, error = %e, "folding a finished play failed; retried on the next read");
        }
        hot
    }

    /// Deletes a game with everything stored with it; false when there was none (another
    /// delete, or its expiry, got there first). The store's one step takes the log, the
    /// indexes' entries and the idempotency records with it, and wakes its watchers.
    pub async fn delete_game(&self, id: &str) -> Result<bool, ApiError> {
        self.hot.forget(id);
        Ok(self.store.delete(id).await?)
    }

    /// Writes a change of game `id`: reads it (this replica's hot copy first when `hot_first`),
    /// plans the change with `plan` and stores it, again on the game as stored now when another
    /// write got there first. A refusal on a hot copy is checked again on a fresh read (the copy
    /// may be behind). A write under an idempotency key (`idempotency`, as stored) that was used
    /// already is not planned again: a fresh read looks the key up first, since its retry
    /// expects a version the game has left.
    /// A write that changes only the seats (a join, fresh tokens): `change` edits the record's
    /// seats and says what to answer; the version stays. The feed gets the seat change unless
    /// `feed` is `None`. On a lost compare-and-swap `change` runs again on the game as stored.
    pub(super) async fn write_seats<W>(
        &self,
        id: &str,
        feed: Option<&dyn FeedCodec>,
        mut change: impl FnMut(&mut GameRecord) -> Result<W, ApiError>,
    ) -> Result<(Arc<HotGame>, W), ApiError> {
        let written = self
            .write(
                id,
                false,
                |_| None,
                |opened| {
                    let Opened {
                        mut record,
                        session,
                        ..
                    } = opened;
                    let before = Before::of(&record, session.as_ref());
                    let answer = change(&mut record)?;
                    let t = Transition::of_seats(record, session, before, feed);
                    Ok(Plan::<_, std::convert::Infallible>::Write(
                        Box::new(t),
                        answer,
                    ))
                },
            )
            .await?;
        match written {
            Written::Stored(game, answer) => Ok((game, answer)),
            _ => Err(ApiError::Internal("a seats write always writes".into())),
        }
    }

    pub(super) async fn write<W, A>(
        &self,
        id: &str,
        hot_first: bool,
        idempotency: impl Fn(&GameRecord) -> Option<String>,
        mut plan: impl FnMut(Opened<'_>) -> Result<Plan<W, A>, ApiError>,
    ) -> Result<Written<W, A>, ApiError> {
        let mut hot = if hot_first { self.hot.get(id) } else { None };
        for _ in 0..MAX_WRITE_ATTEMPTS {
            // What the opened session holds (measured as it is copied or restored): the
            // weight of the hot game the write leaves, which plans never need to see.
            let (opened, session_held) = match hot.take() {
                Some(game) => match self.games.get(&game.record.game_type) {
                    Some(kind) => {
                        // The copy the write moves on: weighed as it is made, for the hot game
                        // the write leaves.
                        let (session, session_held) =
                            heap::measure(|| game.session.clone_session());
                        let opened = Opened {
                            record: game.record.clone(),
                            kind,
                            session,
                            fresh: false,
                        };
                        (opened, session_held)
                    }
                    None => continue,
                },
                None => {
                    let OpenedGame {
                        record,
                        kind,
                        session,
                        session_held,
                    } = self.open(id).await?;
                    if let Some(key) = idempotency(&record)
                        && let Some(first) = self.store.idempotent_result(id, &key).await?
                    {
                        return Ok(Written::Duplicate(first));
                    }
                    let opened = Opened {
                        record,
                        kind,
                        session,
                        fresh: true,
                    };
                    (opened, session_held)
                }
            };
            let fresh = opened.fresh;
            let planned = match plan(opened) {
                Ok(planned) => planned,
                Err(_) if !fresh => {
                    self.hot.forget(id);
                    continue;
                }
                Err(e) => return Err(e),
            };
            let (mut transition, answer) = match planned {
                Plan::Write(t, answer) => (t, answer),
                Plan::Answer(answer) => return Ok(Written::Answered(answer)),
            };
            transition.session_held = session_held;
            match self.commit(*transition).await? {
                Stored::Written(game) => return Ok(Written::Stored(game, answer)),
                Stored::Duplicate(first) => return Ok(Written::Duplicate(first)),
                Stored::Conflict => {}
            }
        }
        Err(ApiError::Limit(
            "the game is changing too fast; try again".into(),
        ))
    }
}

/// How a write ended.
pub enum Written<W, A> {
    /// Stored; the game as it now is, and the plan's answer.
    Stored(Arc<HotGame>, W),
    /// Nothing needed writing.
    Answered(A),
    /// The idempotency key was used already: what it recorded.
    Duplicate(Idempotent),
}
