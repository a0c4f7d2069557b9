//! `WatchChanges`: the change feed of every game, filtered, from a cursor. One task per stream
//! pages through the store's feed; changes the filter drops still move its cursor. The memory
//! store wakes the task on each append; on Redis (where other replicas append too) it polls.

use super::feed::{self as feed_changes, ChangeFilter};
use super::streams::{Outbox, Undelivered};
use super::watch::Watching;
use crate::edge::caller::Caller;
use crate::edge::keys::{ApiKey, Keys, Scope};
use crate::error::ApiError;
use crate::store::Store;
use crate::store::feed::FeedFrom;
use crate::validate;
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

/// Checks a cursor's shape (the store checks that it is one of its own).
pub fn cursor(text: &str) -> Result<(), ApiError> {
    if text.len() > MAX_CURSOR || !text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        return Err(ApiError::invalid("cursor", "not a change feed cursor"));
    }
    Ok(())
}

/// The API key a stream was opened with: the stream ends when the key stops holding the
/// feed scope.
pub struct Credential {
    pub keys: Arc<Keys>,
    pub key: ApiKey,
}

impl Credential {
    fn check(&self) -> Result<(), ApiError> {
        self.keys
            .still(&self.key, Scope::Feed, "following the change feed")
    }
}

/// Starts a stream of the changes after `from` that pass `filter`.
pub async fn start<S: Store>(
    store: Arc<S>,
    watching: Watching,
    from: Option<String>,
    from_start: bool,
    filter: ChangeFilter,
    caller: Option<&Caller>,
    credential: Credential,
) -> Result<ChangesStream, ApiError> {
    let mut position = match from {
        Some(c) => Some(c),
        None if from_start => None,
        None => Some(store.feed_head().await?),
    };
    // The first page is read before the stream starts, so a bad or expired cursor is the
    // call's error.
    let first = read(store.as_ref(), position.as_deref()).await?;
    let slot = watching.streams.take(caller, "changes")?;
    let (outbox, reader) = Outbox::new();
    let span = tracing::Span::current();
    let task = async move {
        let _slot = slot;
        let signal = store.feed_signal();
        let mut page = Some(first);
        let mut keys_changed = credential.keys.changes();
        loop {
            if let Err(e) = credential.check() {
                outbox.finish(Some(e.into()));
                return;
            }
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
                // The keys were replaced: the loop checks the stream's key at once.
                _ = keys_changed.changed() => {}
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
    page.entries.into_iter().map(feed_changes::decode).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_filter_checks_its_fields_and_matches_type_player_and_kind() {
        let games = crate::rpc::games::registries().0;
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
