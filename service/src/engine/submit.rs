//! Submitting an action: check the seat, the version and the turn, apply it, let the bots answer,
//! and write it all with compare-and-swap. A retry under the same idempotency key gets what the
//! first got, rebuilt from the log.

use super::bot_moves::run_bots;
use super::create::status_of;
use super::{Engine, MAX_WRITE_ATTEMPTS, present, tokens};
use crate::error::ApiError;
use crate::games::{ActionInput, GameKind, Session};
use crate::store::clock::now_ms;
use crate::store::record::{GameRecord, GameStatus, LogEntry};
use crate::store::{Commit, CommitResult, Idempotent, Store};
use crate::validate;
use prost::Message;
use sha2::{Digest, Sha256};
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

impl<S: Store> Engine<S> {
    /// Applies `submission` for the seat `token` holds.
    pub async fn submit(
        &self,
        submission: &Submission<'_>,
        token: Option<&str>,
    ) -> Result<pb::SubmitActionResponse, ApiError> {
        // A lost compare-and-swap whose winner did not move the game (a seat join) is retried:
        // the caller's expected version is still right.
        for _ in 0..MAX_WRITE_ATTEMPTS {
            if let Some(response) = self.try_submit(submission, token).await? {
                return Ok(response);
            }
        }
        Err(ApiError::Limit(
            "the game is changing too fast; try again".into(),
        ))
    }

    /// One attempt at a submit; `None` when a concurrent write that did not move the game won the
    /// compare-and-swap.
    async fn try_submit(
        &self,
        req: &Submission<'_>,
        token: Option<&str>,
    ) -> Result<Option<pb::SubmitActionResponse>, ApiError> {
        let (record, kind, mut session) = self.open(req.game_id).await?;
        let seat: Seat = tokens::acting_seat(&record, token)?;
        Span::current().record("seat", seat);
        if let Some(claimed) = req.seat
            && claimed as usize != seat
        {
            return Err(ApiError::PermissionDenied(format!(
                "this token is seat {seat}'s; it cannot act for seat {claimed}"
            )));
        }
        let idem_key =
            (!req.idempotency_key.is_empty()).then(|| format!("{seat}:{}", req.idempotency_key));
        let fingerprint = fingerprint(seat, req.expected_version, &req.input);
        if let Some(key) = &idem_key
            && let Some(first) = self.store.idempotent_result(&record.id, key).await?
        {
            return self
                .answer_again(
                    req.idempotency_key,
                    fingerprint,
                    first,
                    seat,
                    (record, kind, session),
                )
                .await
                .map(Some);
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
        if !session.may_act(seat) {
            let to_act = session.to_act();
            let waiting: Vec<String> = to_act.iter().map(|s| s.to_string()).collect();
            return Err(ApiError::PermissionDenied(format!(
                "seat {seat} is not to act now (waiting for seat {})",
                waiting.join(", ")
            )));
        }
        let applied = session.apply_input(seat, &req.input)?;
        let mut entries = vec![LogEntry {
            version: record.version + 1,
            seat,
            action: applied.action,
            events: applied.events,
        }];
        entries.extend(run_bots(
            session.as_mut(),
            &record.seats,
            record.setup.seed,
            record.version + 1,
        )?);

        let previous_status = record.status;
        let expected_revision = record.revision;
        let mut next = record;
        next.version += entries.len() as u64;
        next.revision += 1;
        next.status = status_of(session.as_ref());
        next.state = session.snapshot();
        next.updated_at_ms = now_ms();
        let response = pb::SubmitActionResponse {
            view: Some(self.view(&next, kind, session.as_ref(), Viewer::Seat(seat))),
            events: present::events(kind, &entries, Viewer::Seat(seat))?,
        };
        // A retry is answered from the log, so the key keeps only what finds that answer.
        let remembered = Idempotent {
            fingerprint,
            from_version: req.expected_version,
            to_version: next.version,
        };
        let commit = Commit {
            record: &next,
            expected_revision,
            entries: &entries,
            idempotency: idem_key.as_deref().map(|k| (k, remembered)),
            previous_status,
        };
        match self.store.commit(commit).await? {
            CommitResult::Committed => {
                if next.status == GameStatus::Finished
                    && let Some(campaign) = &next.campaign
                {
                    // Fold the play's result now; reading the campaign would fold it later too.
                    if let Err(e) = self.reconcile(campaign).await {
                        tracing::warn!(%campaign, error = %e, "folding a finished play failed; retried on the next read");
                    }
                }
                Span::current().record("version", next.version);
                tracing::info!(
                    moves = entries.len(),
                    status = next.status.as_str(),
                    "action committed"
                );
                Ok(Some(response))
            }
            CommitResult::Duplicate(first) => {
                let opened = self.open(&next.id).await?;
                self.answer_again(req.idempotency_key, fingerprint, first, seat, opened)
                    .await
                    .map(Some)
            }
            CommitResult::Conflict => {
                let current = self.load(&next.id).await?.version;
                if current == req.expected_version {
                    return Ok(None);
                }
                Err(ApiError::VersionConflict {
                    expected: req.expected_version,
                    current,
                })
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
