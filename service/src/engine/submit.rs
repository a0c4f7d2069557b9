//! Submitting an action: check the seat, the version and the turn, apply it, let the bots answer
//! ([`plan`], pure), and write it through [`super::commit`]. A retry under the same
//! idempotency key gets what the first got, rebuilt from the log.

use super::OpenedGame;
use super::bot_moves::{Played, ShownMove, run_bots};
use super::changes::FeedCodec;
use super::commit::{Opened, Plan, Written};
use super::host::ActionInput;
use super::hot::HotGame;
use super::transition::{self, Before, Kind, Transition};
use super::view::Update;
use super::{Engine, acting, present, tokens};
use crate::error::ApiError;
use crate::store::record::{GameRecord, LogEntry};
use crate::store::{Idempotent, Store};
use crate::validate;
use sha2::{Digest, Sha256};
use std::sync::Arc;
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

/// What a planned submit answers once stored: the seat, and the moves' events.
struct Moved {
    seat: Seat,
    shown: Vec<ShownMove>,
}

impl<S: Store> Engine<S> {
    /// Applies `submission` for the seat `token` holds: the seat's update (the write's events
    /// as it sees them, its view after), with the game as the write left it when this replica
    /// keeps it (the seat's watch message for the write is the same update).
    pub async fn submit(
        &self,
        submission: &Submission<'_>,
        token: Option<&str>,
    ) -> Result<(Update, Option<Arc<HotGame>>), ApiError> {
        let feed = self.feed.clone();
        // The key is the seat's: found from the token on the game as read.
        let key = |record: &GameRecord| {
            tokens::acting_seat(record, token)
                .ok()
                .and_then(|seat| idempotency_key(seat, submission))
        };
        let written = self
            .write(submission.game_id, true, key, |opened| {
                let seat = tokens::acting_seat(&opened.record, token)?;
                Span::current().record("seat", seat);
                plan(opened, seat, submission, feed.as_deref())
            })
            .await?;
        match written {
            Written::Stored(game, moved) => {
                let update = answer(&game, moved);
                Ok((update, Some(game)))
            }
            Written::Answered(never) => match never {},
            Written::Duplicate(first) => {
                Ok((self.answer_again(submission, token, first).await?, None))
            }
        }
    }

    /// The answer to a submit retried with an idempotency key that was already used: the same
    /// request gets what the first got, rebuilt from the log (the events it caused and the view
    /// right after it); a different request under the key is refused.
    async fn answer_again(
        &self,
        req: &Submission<'_>,
        token: Option<&str>,
        first: Idempotent,
    ) -> Result<Update, ApiError> {
        let OpenedGame {
            record,
            kind,
            session,
            ..
        } = self.open(req.game_id).await?;
        let seat = tokens::acting_seat(&record, token)?;
        if first.fingerprint != fingerprint(seat, req.expected_version, &req.input) {
            return Err(ApiError::IdempotencyKeyReused {
                key: validate::truncate(req.idempotency_key),
            });
        }
        let viewer = Viewer::Seat(seat);
        let entries = self
            .store
            .log(&record.id, first.from_version, first.to_version)
            .await?;
        let events = present::events(kind, &entries, viewer)?;
        let view = if record.version == first.to_version {
            self.view(&record, session.as_ref(), viewer)
        } else {
            self.replay_view(&record, kind, viewer, first.to_version)
                .await?
        };
        Ok(Update { events, view })
    }
}

/// The update of a stored submit for its seat: the events as it sees them (without decoding
/// them from the log) and its view after them.
fn answer(game: &HotGame, moved: Moved) -> Update {
    let viewer = Viewer::Seat(moved.seat);
    let record = &game.record;
    Span::current().record("version", record.version);
    tracing::debug!(
        moves = moved.shown.len(),
        status = record.status.as_str(),
        "action committed"
    );
    Update {
        view: present::view(
            record,
            &record.seats,
            game.session.as_ref(),
            record.version,
            viewer,
        ),
        events: present::played(&moved.shown, viewer),
    }
}

/// The checks of a submit and its effect on the game as read: the caller's seat and expected
/// version, the game still running, the seat to act, the action legal; then the bots' answers
/// and the record after them.
fn plan(
    opened: Opened<'_>,
    seat: Seat,
    req: &Submission<'_>,
    feed: Option<&dyn FeedCodec>,
) -> Result<Plan<Moved, std::convert::Infallible>, ApiError> {
    let Opened {
        record,
        kind: _,
        mut session,
        fresh: _,
    } = opened;
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
    acting::may_move(&record, session.as_ref(), seat)?;
    let before = Before::of(&record, session.as_ref());
    let applied = session.apply_input(seat, &req.input)?;
    let mut played = vec![Played::new(record.version + 1, seat, applied)];
    played.extend(run_bots(
        session.as_mut(),
        &record.seats,
        record.setup.seed,
        record.version + 1,
    )?);
    let (entries, shown): (Vec<LogEntry>, Vec<ShownMove>) =
        played.into_iter().map(Played::split).unzip();
    let next = transition::advance(record, session.as_ref(), entries.len(), &before, &[seat]);
    let remembered = Idempotent {
        fingerprint: fingerprint(seat, req.expected_version, &req.input),
        from_version: req.expected_version,
        to_version: next.version,
    };
    let t = Transition::new(Kind::Update(before), next, session, entries, false, feed)
        .with_idempotency(idempotency_key(seat, req).map(|k| (k, remembered)));
    Ok(Plan::Write(Box::new(t), Moved { seat, shown }))
}

/// The key a submit's idempotency is stored under: per seat, so seats cannot collide.
pub(super) fn idempotency_key(seat: Seat, req: &Submission<'_>) -> Option<String> {
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
        ActionInput::Typed { wire, .. } => {
            h.update(b"typed:");
            h.update(wire);
        }
    }
    let digest: [u8; 32] = h.finalize().into();
    let mut first = [0u8; 16];
    first.copy_from_slice(&digest[..16]);
    first
}
