//! WatchGame's stream: a task per watcher that waits for a change to the game (a notification,
//! a poll, or the server shutting down), builds the watcher's message only when its reader asks
//! for one ([`Outbox`]), sends a long backlog in chunks, and ends when the game finishes, the
//! reader goes away or does not read.

use super::streams::{Outbox, StreamLimits, StreamSlots, Undelivered};
use crate::edge::caller::Caller;
use crate::engine::{Engine, present, tokens};
use crate::error::ApiError;
use crate::store::Store;
use crate::store::record::GameStatus;
use crate::transport::Connection;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;
use tablero_proto::v1 as pb;
use tokio_stream::Stream;
use tonic::Status;
use tracing::{Instrument, Span, field};

pub type WatchStream = Pin<Box<dyn Stream<Item = Result<pb::WatchGameResponse, Status>> + Send>>;

/// Watch messages being built at once, across every stream: each holds a decoded game, so a
/// change to a game with thousands of watchers must not decode it thousands of times at
/// once (on Redis every build waits for the log between its decode and its message).
const WATCH_BUILDS_AT_ONCE: usize = 32;
/// The most versions of events one watch message carries (a backlog comes in chunks).
const WATCH_CHUNK_VERSIONS: u64 = 100;

/// How every watch stream of a server runs.
#[derive(Clone)]
pub struct Watching {
    /// How often a watcher re-reads the store even without a notification.
    pub poll: Duration,
    /// Turns true when the server shuts down: open watch streams then end, so a graceful
    /// shutdown is not held up by streams that would otherwise run until their games end.
    pub shutdown: tokio::sync::watch::Receiver<bool>,
    /// The places of open watch streams (per server and per caller).
    pub streams: Arc<StreamSlots>,
    /// How long a watch stream's reader may leave a message unread before the stream is closed
    /// with RESOURCE_EXHAUSTED (and, if it still does not read, its connection).
    pub drain: Duration,
    /// See [`WATCH_BUILDS_AT_ONCE`].
    pub builds: Arc<tokio::sync::Semaphore>,
}

impl Watching {
    pub fn new(shutdown: tokio::sync::watch::Receiver<bool>, poll: Duration) -> Self {
        Watching {
            poll,
            shutdown,
            streams: StreamSlots::new(StreamLimits::default()),
            drain: Duration::from_secs(10),
            builds: Arc::new(tokio::sync::Semaphore::new(WATCH_BUILDS_AT_ONCE)),
        }
    }
}

/// Who watches what, from where.
pub struct Watcher<'a> {
    pub game_id: &'a str,
    pub from_version: u64,
    pub token: Option<&'a str>,
    pub caller: Option<&'a Caller>,
    pub connection: Option<Connection>,
}

/// Checks the watcher and starts its stream's task (the game id is already bounded).
pub async fn start<S: Store>(
    engine: Engine<S>,
    watching: Watching,
    watcher: Watcher<'_>,
) -> Result<WatchStream, ApiError> {
    let Watcher {
        game_id,
        from_version,
        token,
        caller,
        connection,
    } = watcher;
    // Subscribe before the first read so no change slips between the two.
    let mut changes = engine.store().subscribe(game_id).await?;
    let (record, _, _) = engine.open(game_id).await?;
    let viewer = tokens::viewer(&record, token)?;
    Span::current().record("seat", field::debug(viewer.seat()));
    if from_version > record.version {
        return Err(ApiError::invalid(
            "from_version",
            format!("the game is at version {}", record.version),
        ));
    }
    // Held by the task below: the place is free again whenever the stream ends.
    let slot = watching.streams.take(caller)?;
    let (outbox, reader) = Outbox::new();
    let id = record.id.clone();
    // What was sent: events through `sent`, and the revision (seat changes count too).
    let mut sent = from_version;
    let mut sent_revision = None;
    // The stream's reads belong to this call: children of its span, which stays open until
    // the stream ends.
    let span = Span::current();
    let stream = async move {
        let _slot = slot;
        let drain = watching.drain;
        let mut first = true;
        // Sent a chunk of a backlog and more follows: no need to wait for a change.
        let mut behind = false;
        loop {
            if !first && !behind {
                let mut shutdown = watching.shutdown.clone();
                let stopping = async move {
                    // The guard `wait_for` returns is not Send: drop it inside this block.
                    let _ = shutdown.wait_for(|down| *down).await;
                };
                tokio::select! {
                    _ = outbox.reader_gone() => return,
                    _ = stopping => {
                        outbox.finish(Some(Status::unavailable("server shutting down; watch again to resume")));
                        return;
                    }
                    r = changes.recv() => {
                        if matches!(r, Err(tokio::sync::broadcast::error::RecvError::Closed)) {
                            changes = match engine.store().subscribe(&id).await { Ok(c) => c, Err(_) => return };
                        }
                    }
                    _ = tokio::time::sleep(watching.poll) => {}
                }
                // Idle polls read the revision only, not the whole game.
                match engine.store().revision(&id).await {
                    Ok(now) if now == sent_revision => continue,
                    Ok(_) => {}
                    Err(e) => {
                        outbox.finish(Some(ApiError::from(e).into()));
                        return;
                    }
                }
            }
            let first_message = first;
            first = false;
            // Something to send: built only once the reader asks for it, so a reader that
            // does not read costs no message. One that has not asked within the drain time
            // is closed.
            match outbox.wanted(drain).await {
                Ok(()) => {}
                Err(Undelivered::ReaderGone) => return,
                Err(Undelivered::Stalled) => {
                    close_stalled(&outbox, connection.as_ref(), drain).await;
                    return;
                }
            }
            let update = async {
                let _building = watching
                    .builds
                    .acquire()
                    .await
                    .map_err(|_| ApiError::Internal("watch builds closed".into()))?;
                let (record, kind, session) = engine.open(&id).await?;
                if sent_revision == Some(record.revision) && !behind {
                    return Ok::<_, ApiError>(None);
                }
                let mut events = if first_message && sent == 0 {
                    present::opening_events(kind, &record, viewer)?
                } else {
                    Vec::new()
                };
                // A watcher far behind gets its backlog a chunk at a time, so no message
                // grows with the game's length (each carries the current view).
                let through = record.version.min(sent + WATCH_CHUNK_VERSIONS);
                let entries = engine.store().log(&id, sent, through).await?;
                events.extend(present::events(kind, &entries, viewer)?);
                let view = engine.view(&record, kind, session.as_ref(), viewer);
                let msg = pb::WatchGameResponse {
                    events,
                    view: Some(view),
                };
                let caught_up = through == record.version;
                // Behind still: the revision is not yet sent, so the next round goes on.
                let revision = caught_up.then_some(record.revision);
                Ok(Some((
                    through,
                    revision,
                    caught_up && record.status == GameStatus::Finished,
                    msg,
                )))
            }
            .await;
            match update {
                Ok(Some((version, revision, finished, msg))) => {
                    sent = version;
                    behind = revision.is_none();
                    sent_revision = revision.or(sent_revision);
                    outbox.send(msg);
                    if finished {
                        outbox.finish(None);
                        return;
                    }
                }
                Ok(None) => {}
                Err(e) => {
                    outbox.finish(Some(e.into()));
                    return;
                }
            }
        }
    };
    tokio::spawn(stream.instrument(span));
    Ok(Box::pin(reader))
}

/// Ends a watch stream whose reader did not ask for a due message within the drain time: the
/// stream ends with RESOURCE_EXHAUSTED. HTTP/2 still holds what the reader never read for as
/// long as the connection lives, so a reader that does not take even the status within one more
/// drain time loses its connection.
async fn close_stalled(
    outbox: &Outbox<pb::WatchGameResponse>,
    connection: Option<&Connection>,
    drain: Duration,
) {
    tracing::warn!(
        drain_ms = drain.as_millis() as u64,
        "closed a watch stream whose reader does not read"
    );
    outbox.finish(Some(Status::resource_exhausted(format!(
        "the watch stream was not read for {} ms; watch again to resume",
        drain.as_millis()
    ))));
    if outbox.drained(drain).await == Err(Undelivered::Stalled)
        && let Some(conn) = connection
    {
        conn.close();
    }
}
