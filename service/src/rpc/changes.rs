//! `WatchChanges`: the change feed of every game, filtered, from a cursor. One task per stream
//! pages through the store's feed; changes the filter drops still move its cursor. The memory
//! store wakes the task on each append; on Redis (where other replicas append too) it polls.

use super::streams::{Outbox, Undelivered};
use super::watch::Watching;
use crate::edge::caller::Caller;
use crate::error::ApiError;
use crate::games::Registry;
use crate::store::Store;
use crate::store::feed::FeedFrom;
use crate::validate;
use prost::Message;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;
use tablero_proto::v1 as pb;
use tokio_stream::Stream;
use tonic::Status;
use tracing::Instrument;

pub type ChangesStream =
    Pin<Box<dyn Stream<Item = Result<pb::WatchChangesResponse, Status>> + Send>>;

/// Changes read from the store at once.
const PAGE: usize = 200;
/// How often an idle stream looks for changes other replicas appended.
const POLL: Duration = Duration::from_millis(200);
/// The longest cursor any store hands out is far shorter.
const MAX_CURSOR: usize = 64;
/// Kinds a filter may name (there are six).
const MAX_KINDS: usize = 16;

/// Which changes a stream sends.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ChangeFilter {
    pub game_type: Option<String>,
    pub player_ref: Option<String>,
    /// Empty = every kind.
    pub kinds: Vec<pb::ChangeKind>,
}

impl ChangeFilter {
    /// The filter of a request, every field checked.
    pub fn of_request(
        games: &Registry,
        game_type: &str,
        player_ref: &str,
        kinds: &[i32],
    ) -> Result<ChangeFilter, ApiError> {
        if !game_type.is_empty() && games.get(game_type).is_none() {
            return Err(ApiError::invalid(
                "game_type",
                format!("no game type `{}`", validate::truncate(game_type)),
            ));
        }
        if kinds.len() > MAX_KINDS {
            return Err(ApiError::invalid(
                "kinds",
                format!("name at most {MAX_KINDS} kinds"),
            ));
        }
        let kinds = kinds
            .iter()
            .map(|k| match pb::ChangeKind::try_from(*k) {
                Ok(pb::ChangeKind::Unspecified) | Err(_) => Err(ApiError::invalid(
                    "kinds",
                    format!("unknown change kind {k}"),
                )),
                Ok(kind) => Ok(kind),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(ChangeFilter {
            game_type: (!game_type.is_empty()).then(|| game_type.to_string()),
            player_ref: validate::player_ref("player_ref", player_ref)?,
            kinds,
        })
    }

    pub fn matches(&self, change: &pb::Change) -> bool {
        self.game_type
            .as_deref()
            .is_none_or(|t| t == change.game_type)
            && self
                .player_ref
                .as_deref()
                .is_none_or(|p| change.player_refs.iter().any(|r| r == p))
            && (self.kinds.is_empty() || self.kinds.iter().any(|k| *k as i32 == change.kind))
    }
}

/// A stored change with its cursor filled in.
pub fn decode(cursor: String, bytes: &[u8]) -> Result<pb::Change, ApiError> {
    let mut change = pb::Change::decode(bytes)
        .map_err(|e| ApiError::Storage(format!("a change in the feed is unreadable: {e}")))?;
    change.cursor = cursor;
    Ok(change)
}

/// Checks a cursor's shape (the store checks that it is one of its own).
pub fn cursor(text: &str) -> Result<(), ApiError> {
    if text.len() > MAX_CURSOR || !text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        return Err(ApiError::invalid("cursor", "not a change feed cursor"));
    }
    Ok(())
}

/// Starts a stream of the changes after `from` that pass `filter`.
pub async fn start<S: Store>(
    store: Arc<S>,
    watching: Watching,
    from: Option<String>,
    from_start: bool,
    filter: ChangeFilter,
    caller: Option<&Caller>,
) -> Result<ChangesStream, ApiError> {
    let mut position = match from {
        Some(c) => Some(c),
        None if from_start => None,
        None => Some(store.feed_head().await?),
    };
    // The first page is read before the stream starts, so a bad or expired cursor is the
    // call's error.
    let first = read(store.as_ref(), position.as_deref()).await?;
    let slot = watching.streams.take(caller)?;
    let (outbox, reader) = Outbox::new();
    let span = tracing::Span::current();
    let task = async move {
        let _slot = slot;
        let signal = store.feed_signal();
        let mut page = Some(first);
        loop {
            // Registered before the read, so an append during it still wakes the wait below.
            let notified = signal.as_ref().map(|s| {
                let mut n = Box::pin(s.notified());
                n.as_mut().enable();
                n
            });
            let entries = match page.take() {
                Some(entries) => entries,
                None => match read(store.as_ref(), position.as_deref()).await {
                    Ok(entries) => entries,
                    Err(e) => {
                        outbox.finish(Some(e.into()));
                        return;
                    }
                },
            };
            let full = entries.len() == PAGE;
            if let Some(last) = entries.last() {
                position = Some(last.cursor.clone());
            }
            // A page's matching changes go as one message: a busy feed costs a message per
            // read, not per change.
            let changes: Vec<pb::Change> =
                entries.into_iter().filter(|c| filter.matches(c)).collect();
            if !changes.is_empty() {
                match outbox.wanted(watching.drain).await {
                    Ok(()) => outbox.send(pb::WatchChangesResponse { changes }),
                    Err(Undelivered::ReaderGone) => return,
                    Err(Undelivered::Stalled) => {
                        outbox.finish(Some(Status::resource_exhausted(
                            "the change stream was not read; watch again from the last cursor",
                        )));
                        return;
                    }
                }
            }
            if full {
                continue;
            }
            let mut shutdown = watching.shutdown.clone();
            let stopping = async move {
                let _ = shutdown.wait_for(|down| *down).await;
            };
            let woken = async move {
                match notified {
                    // Memory: woken by the append (a poll too, in case of a missed wake).
                    Some(n) => {
                        let _ = tokio::time::timeout(Duration::from_secs(1), n).await;
                    }
                    None => tokio::time::sleep(POLL).await,
                }
            };
            tokio::select! {
                _ = outbox.reader_gone() => return,
                _ = stopping => {
                    outbox.finish(Some(Status::unavailable("server shutting down; watch again from the last cursor")));
                    return;
                }
                _ = woken => {}
            }
        }
    };
    tokio::spawn(task.instrument(span));
    Ok(Box::pin(reader))
}

/// The changes after `position` (from the oldest kept when `None`), decoded.
async fn read<S: Store>(store: &S, position: Option<&str>) -> Result<Vec<pb::Change>, ApiError> {
    let from = match position {
        Some(c) => FeedFrom::After(c),
        None => FeedFrom::Start,
    };
    let page = store.feed_read(from, PAGE).await?;
    if page.expired {
        return Err(ApiError::CursorExpired(
            position.map(validate::truncate).unwrap_or_default(),
        ));
    }
    page.entries
        .into_iter()
        .map(|e| decode(e.cursor, &e.change))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_filter_checks_its_fields_and_matches_type_player_and_kind() {
        let games = Registry::all();
        let kinds = [pb::ChangeKind::SeatToAct as i32];
        let f = ChangeFilter::of_request(&games, "claim", "u1", &kinds).unwrap();
        let mut c = pb::Change {
            kind: pb::ChangeKind::SeatToAct as i32,
            game_type: "claim".into(),
            player_refs: vec!["u0".into(), "u1".into()],
            ..Default::default()
        };
        assert!(f.matches(&c));
        c.player_refs.pop();
        assert!(!f.matches(&c));
        assert!(ChangeFilter::default().matches(&c));
        c.kind = pb::ChangeKind::GameFinished as i32;
        let by_kind = ChangeFilter::of_request(&games, "", "", &kinds).unwrap();
        assert!(!by_kind.matches(&c));
        assert!(ChangeFilter::of_request(&games, "chess", "", &[]).is_err());
        assert!(ChangeFilter::of_request(&games, "", "", &[0]).is_err());
        assert!(ChangeFilter::of_request(&games, "", "", &[99]).is_err());
        assert!(ChangeFilter::of_request(&games, "", "", &[1; 17]).is_err());
        assert!(ChangeFilter::of_request(&games, "", "u\u{0}", &[]).is_err());
        assert!(cursor("1700000000000-3").is_ok() && cursor("m12").is_ok());
        assert!(cursor("(1-0").is_err() && cursor(&"1".repeat(65)).is_err());
    }
}
