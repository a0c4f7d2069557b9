//! Submitting an action: check the seat, the version and the turn, apply it, let the bots answer,
//! and write it all with compare-and-swap. A retry under the same idempotency key gets what the
//! first got, rebuilt from the log.

use super::bot_moves::{Played, run_bots};
use super::changes::GameWrite;
use super::create::{acting, status_of};
use super::hot::{HotGame, WATCH_CHUNK_VERSIONS};
use super::{Engine, MAX_WRITE_ATTEMPTS, players, present, tokens, turn_clock};
use crate::error::ApiError;
use crate::games::{ActionInput, GameKind, Session};
use crate::store::clock::now_ms;
use crate::store::record::{GameRecord, GameStatus, LogEntry, Occupant};
use crate::store::{Commit, CommitResult, Idempotent, Store};
use crate::validate;
use prost::Message;
use sha2::{Digest, Sha256};
use std::sync::Arc;
use tablero_proto::v1 as pb;
use tablero_rules::{Seat, Viewer};
use tracing::Span;

/// One action as a caller submits it (already bounded by the adapter).
pub struct Submission<'a> {
    pub game_id: &'a str,
    /// The seat the caller says it acts for; the token decides, and a mismatch is refused.
    pub seat: Option<u32>,
    pub expected_version: u64,
    /// Empty: no idempotency.
    pub idempotency_key: &'a str,
    pub input: ActionInput<'a>,
}

/// A submit worked out on a game as it was read, ready to commit.
struct Prepared {
    next: GameRecord,
    session: Box<dyn Session>,
    entries: Vec<LogEntry>,
    response: pb::SubmitActionResponse,
    seat: Seat,
    idem_key: Option<String>,
    fingerprint: [u8; 16],
    expected_revision: u64,
    previous_status: GameStatus,
    /// The seats to act before the move, for the player indexes (empty for a game without
    /// players).
    waiting_before: Vec<Seat>,
    /// The seats to act after it (empty once the game is over).
    waiting_after: Vec<Seat>,
}

/// How an attempt at a submit ended.
enum Attempt {
    Answered(Box<pb::SubmitActionResponse>),
    /// Try again on the game as stored now: a concurrent write won the compare-and-swap, or
    /// the hot copy was stale (or refused what the stored game may accept).
    Again,
}

impl<S: Store> Engine<S> {
    /// Applies `submission` for the seat `token` holds.
    pub async fn submit(
        &self,
        submission: &Submission<'_>,
        token: Option<&str>,
    ) -> Result<pb::SubmitActionResponse, ApiError> {
        // A hot game commits straight through the compare-and-swap, without reading it first.
        if let Some(hot) = self.hot.get(submission.game_id) {
            match self.try_submit_hot(&hot, submission, token).await {
                Ok(Attempt::Answered(response)) => return Ok(*response),
                Ok(Attempt::Again) => self.hot.forget(submission.game_id),
                Err(e) => {
                    self.hot.forget(submission.game_id);
                    return Err(e);
                }
            }
        }
        // A lost compare-and-swap whose winner did not move the game (a seat join) is retried:
        // the caller's expected version is still right.
        for _ in 0..MAX_WRITE_ATTEMPTS {
            match self.try_submit(submission, token).await? {
                Attempt::Answered(response) => return Ok(*response),
                Attempt::Again => {}
            }
        }
        Err(ApiError::Limit(
            "the game is changing too fast; try again".into(),
        ))
    }

    /// A submit on the hot copy of the game. Whatever it would refuse is checked again on the
    /// stored game ([`Attempt::Again`]): the copy may be behind.
    async fn try_submit_hot(
        &self,
        hot: &HotGame,
        req: &Submission<'_>,
        token: Option<&str>,
    ) -> Result<Attempt, ApiError> {
        let Some(kind) = self.games.get(&hot.record.game_type) else {
            return Ok(Attempt::Again);
        };
        let Ok(seat) = tokens::acting_seat(&hot.record, token) else {
            return Ok(Attempt::Again);
        };
        let session = hot.session.clone_session();
        match prepare(self, hot.record.clone(), kind, session, seat, req) {
            Ok(prepared) => self.commit_prepared(prepared, req).await,
            Err(_) => Ok(Attempt::Again),
        }
    }

    /// One attempt at a submit on the game as stored now.
    async fn try_submit(
        &self,
        req: &Submission<'_>,
        token: Option<&str>,
    ) -> Result<Attempt, ApiError> {
        let (record, kind, session) = self.open(req.game_id).await?;
        let seat: Seat = tokens::acting_seat(&record, token)?;
        Span::current().record("seat", seat);
        if let Some(key) = idempotency_key(seat, req)
            && let Some(first) = self.store.idempotent_result(&record.id, &key).await?
        {
            let fingerprint = fingerprint(seat, req.expected_version, &req.input);
            return self
                .answer_again(
                    req.idempotency_key,
                    fingerprint,
                    first,
                    seat,
                    (record, kind, session),
                )
                .await
                .map(|r| Attempt::Answered(Box::new(r)));
        }
        let prepared = prepare(self, record, kind, session, seat, req)?;
        self.commit_prepared(prepared, req).await
    }

    /// Writes a prepared submit; keeps the game hot when it is written.
    async fn commit_prepared(
        &self,
        prepared: Prepared,
        req: &Submission<'_>,
    ) -> Result<Attempt, ApiError> {
        let Prepared {
            next,
            session,
            entries,
            response,
            seat,
            idem_key,
            fingerprint,
            expected_revision,
            previous_status,
            waiting_before,
            waiting_after: to_act,
        } = prepared;
        Span::current().record("seat", seat);
        // A retry is answered from the log, so the key keeps only what finds that answer.
        let remembered = Idempotent {
            fingerprint,
            from_version: req.expected_version,
            to_version: next.version,
        };
        self.mark_players(&next, &to_act, Some(&waiting_before))
            .await?;
        self.deadline_before_write(&next, &to_act).await?;
        let feed = self.changes_of(GameWrite {
            record: &next,
            session: session.as_ref(),
            // A move leaves the seats as they were.
            before: Some((
                previous_status,
                &turn_clock::on_the_clock(&next.seats, &waiting_before),
            )),
            to_act: &to_act,
            entries: &entries,
        });
        let commit = Commit {
            record: &next,
            expected_revision,
            entries: &entries,
            idempotency: idem_key.as_deref().map(|k| (k, remembered)),
            previous_status,
            seats_changed: false,
            feed: &feed,
        };
        match self.store.commit(commit).await? {
            CommitResult::Committed => {
                // The move stands whatever happens here: a mark left behind is checked by
                // the listings.
                if let Err(e) = self.clear_waiting(&next, &waiting_before, &to_act).await {
                    tracing::warn!(error = %e, "clearing the player indexes' waiting marks failed");
                }
                self.deadline_after_write(&next, &to_act).await;
                let finished_play = (next.status == GameStatus::Finished)
                    .then(|| next.campaign.clone())
                    .flatten();
                Span::current().record("version", next.version);
                tracing::debug!(
                    moves = entries.len(),
                    status = next.status.as_str(),
                    "action committed"
                );
                let moves = entries.len() as u64;
                let hot = HotGame::new(next, session, Some((req.expected_version, entries)));
                // The answer is the seat's watch message for this write: built once, shared.
                if moves <= WATCH_CHUNK_VERSIONS {
                    hot.remember(
                        Viewer::Seat(seat),
                        req.expected_version,
                        false,
                        pb::WatchGameResponse {
                            events: response.events.clone(),
                            view: response.view.clone(),
                        },
                    );
                }
                self.hot.put(Arc::new(hot));
                if let Some(campaign) = finished_play {
                    // Fold the play's result now; reading the campaign would fold it later too.
                    if let Err(e) = self.reconcile(&campaign).await {
                        tracing::warn!(%campaign, error = %e, "folding a finished play failed; retried on the next read");
                    }
                }
                Ok(Attempt::Answered(Box::new(response)))
            }
            CommitResult::Duplicate(first) => {
                let opened = self.open(&next.id).await?;
                self.answer_again(req.idempotency_key, fingerprint, first, seat, opened)
                    .await
                    .map(|r| Attempt::Answered(Box::new(r)))
            }
            CommitResult::Conflict => {
                // Another write got there first: the next attempt reads the game as it is now
                // and refuses a stale expected version there.
                self.hot.forget(&next.id);
                Ok(Attempt::Again)
            }
        }
    }

    /// The answer to a submit retried with an idempotency key that was already used: the same
    /// request gets what the first got, rebuilt from the log (the events it caused and the view
    /// right after it); a different request under the key is refused.
    async fn answer_again(
        &self,
        key: &str,
        fingerprint: [u8; 16],
        first: Idempotent,
        seat: Seat,
        (record, kind, session): (GameRecord, &dyn GameKind, Box<dyn Session>),
    ) -> Result<pb::SubmitActionResponse, ApiError> {
        if first.fingerprint != fingerprint {
            return Err(ApiError::IdempotencyKeyReused {
                key: validate::truncate(key),
            });
        }
        let viewer = Viewer::Seat(seat);
        let entries = self
            .store
            .log(&record.id, first.from_version, first.to_version)
            .await?;
        let events = present::events(kind, &entries, viewer)?;
        let view = if record.version == first.to_version {
            self.view(&record, kind, session.as_ref(), viewer)
        } else {
            self.replay_view(&record, kind, viewer, first.to_version)
                .await?
        };
        Ok(pb::SubmitActionResponse {
            view: Some(view),
            events,
        })
    }
}

/// The checks of a submit and its effect on `record` (read at its revision): the caller's seat
/// and expected version, the game still running, the seat to act, the action legal; then the
/// bots' answers, the record after them and the caller's answer.
fn prepare<S: Store>(
    engine: &Engine<S>,
    record: GameRecord,
    kind: &dyn GameKind,
    mut session: Box<dyn Session>,
    seat: Seat,
    req: &Submission<'_>,
) -> Result<Prepared, ApiError> {
    if let Some(claimed) = req.seat
        && claimed as usize != seat
    {
        return Err(ApiError::PermissionDenied(format!(
            "this token is seat {seat}'s; it cannot act for seat {claimed}"
        )));
    }
    if req.expected_version != record.version {
        return Err(ApiError::VersionConflict {
            expected: req.expected_version,
            current: record.version,
        });
    }
    if record.status == GameStatus::Finished {
        return Err(ApiError::GameOver(format!("game {} is over", record.id)));
    }
    if record.seats[seat].occupant != Occupant::Human {
        return Err(ApiError::PermissionDenied(format!(
            "seat {seat} is played by the server's bot now (ReplaceSeat hands it back)"
        )));
    }
    if !session.may_act(seat) {
        let to_act = session.to_act();
        let waiting: Vec<String> = to_act.iter().map(|s| s.to_string()).collect();
        return Err(ApiError::PermissionDenied(format!(
            "seat {seat} is not to act now (waiting for seat {})",
            waiting.join(", ")
        )));
    }
    // The player indexes and the clocks need who waited before the move (only games with
    // players or clocks pay).
    let waiting_before = if players::has_players(&record.seats) || record.clock.is_some() {
        session.to_act()
    } else {
        Vec::new()
    };
    let applied = session.apply_input(seat, &req.input)?;
    let mut played = vec![Played::new(record.version + 1, seat, applied)];
    played.extend(run_bots(
        session.as_mut(),
        &record.seats,
        record.setup.seed,
        record.version + 1,
    )?);
    let events = present::played(&played, Viewer::Seat(seat));
    let entries: Vec<LogEntry> = played.into_iter().map(|p| p.entry).collect();
    let previous_status = record.status;
    let expected_revision = record.revision;
    let mut next = record;
    next.version += entries.len() as u64;
    next.revision += 1;
    next.status = status_of(session.as_ref());
    next.state = session.snapshot();
    next.updated_at_ms = now_ms();
    // Every submit needs them: the change feed says who acts next.
    let waiting_after = acting(next.status, session.as_ref());
    if let Some(clock) = next.clock.as_mut() {
        let before = turn_clock::on_the_clock(&next.seats, &waiting_before);
        let after = turn_clock::on_the_clock(&next.seats, &waiting_after);
        turn_clock::tick(clock, &before, &after, &[seat], next.updated_at_ms);
    }
    let response = pb::SubmitActionResponse {
        view: Some(engine.view(&next, kind, session.as_ref(), Viewer::Seat(seat))),
        events,
    };
    Ok(Prepared {
        next,
        session,
        entries,
        response,
        seat,
        idem_key: idempotency_key(seat, req),
        fingerprint: fingerprint(seat, req.expected_version, &req.input),
        expected_revision,
        previous_status,
        waiting_before,
        waiting_after,
    })
}

/// The key a submit's idempotency is stored under: per seat, so seats cannot collide.
fn idempotency_key(seat: Seat, req: &Submission<'_>) -> Option<String> {
    (!req.idempotency_key.is_empty()).then(|| format!("{seat}:{}", req.idempotency_key))
}

/// SHA-256 of what makes a submit the same request: the seat, the version it expects and the
/// action (its id, or its typed form's encoding).
fn fingerprint(seat: Seat, expected_version: u64, input: &ActionInput<'_>) -> [u8; 16] {
    let mut h = Sha256::new();
    h.update((seat as u64).to_le_bytes());
    h.update(expected_version.to_le_bytes());
    match input {
        ActionInput::Id(id) => {
            h.update(b"id:");
            h.update(id.as_bytes());
        }
        ActionInput::Typed(action) => {
            h.update(b"typed:");
            h.update(action.encode_to_vec());
        }
    }
    let digest: [u8; 32] = h.finalize().into();
    let mut first = [0u8; 16];
    first.copy_from_slice(&digest[..16]);
    first
}
