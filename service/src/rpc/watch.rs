//! WatchGame's stream: a task per watcher that waits for its game's feed to move (or the server
//! to shut down), builds the watcher's message only when its reader asks for one ([`Outbox`]),
//! sends a long backlog in chunks, and ends when the game finishes, the reader goes away or does
//! not read. Watchers of one game share its feed ([`Feeds`]: one decode per revision) and the
//! messages built at each revision (one per viewer and starting version).

use super::convert;
use super::feeds::{Fed, Feeds};
use super::games::Wires;
use super::streams::{Outbox, StreamLimits, StreamSlots, Undelivered};
use crate::edge::Connection;
use crate::edge::caller::Caller;
use crate::engine::hot::{HotGame, WATCH_CHUNK_VERSIONS};
use crate::engine::{Engine, tokens};
use crate::error::ApiError;
use crate::store::Store;
use crate::store::record::GameStatus;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;
use tablero_proto::encoded::{Update, WatchReply};
use tablero_rules::Viewer;
use tokio_stream::Stream;
use tonic::Status;
use tracing::{Instrument, Span, field};

pub type WatchStream = Pin<Box<dyn Stream<Item = Result<WatchReply, Status>> + Send>>;

/// Watch messages being built at once, across every stream: a message not yet built for its
/// viewer and version may wait for the log (on Redis), so a change to many games with distinct
/// watchers must not build thousands at once.
const WATCH_BUILDS_AT_ONCE: usize = 32;

/// How every watch stream of a server runs.
#[derive(Clone)]
pub struct Watching {
    /// The games' feeds (each polls the store this often without a change notification).
    pub feeds: Arc<Feeds>,
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
    /// The games' messages.
    pub wires: Arc<Wires>,
}

impl Watching {
    pub fn new(
        shutdown: tokio::sync::watch::Receiver<bool>,
        poll: Duration,
        wires: Arc<Wires>,
    ) -> Self {
        Watching {
            feeds: Feeds::new(poll),
            shutdown,
            streams: StreamSlots::new(StreamLimits::default()),
            drain: Duration::from_secs(10),
            builds: Arc::new(tokio::sync::Semaphore::new(WATCH_BUILDS_AT_ONCE)),
            wires,
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
    let feed = watching.feeds.feed(&engine, game_id).await?;
    let mut fed = feed.follow();
    let Fed::Game(game) = fed.borrow_and_update().clone() else {
        return Err(ApiError::GameNotFound(game_id.to_string()));
    };
    let viewer = tokens::viewer(&game.record, token)?;
    Span::current().record("seat", field::debug(viewer.seat()));
    // Asked again of every revision the stream sees: a token that stops working (reissued,
    // its seat handed to the bot or resigned, the game deleted) ends the stream at once.
    let token = token.map(str::to_string);
    if from_version > game.record.version {
        return Err(ApiError::invalid(
            "from_version",
            format!("the game is at version {}", game.record.version),
        ));
    }
    // Held by the task below: the place is free again whenever the stream ends.
    let slot = watching.streams.take(caller, "watch")?;
    let (outbox, reader) = Outbox::new();
    // What was sent: events through `sent`, and the revision (seat changes count too).
    let mut sent = from_version;
    let mut sent_revision = None;
    // The stream's reads belong to this call: children of its span, which stays open until
    // the stream ends.
    let span = Span::current();
    let stream = async move {
        let _slot = slot;
        // The feed lives as long as one of its game's streams does.
        let _feed = feed;
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
                    changed = fed.changed() => if changed.is_err() {
                        outbox.finish(Some(Status::unavailable("the game's feed ended; watch again to resume")));
                        return;
                    }
                }
            }
            let game = match fed.borrow_and_update().clone() {
                Fed::Game(game) => game,
                Fed::Pending => continue,
                Fed::Ended(e) => {
                    let status = match (e.as_ref(), &token) {
                        // A deleted game's tokens are no tokens at all.
                        (ApiError::GameNotFound(id), Some(_)) => {
                            Status::from(ApiError::Unauthenticated(format!(
                                "the token is no longer valid: game {id} was deleted"
                            )))
                        }
                        (e, _) => e.clone().into(),
                    };
                    outbox.finish(Some(status));
                    return;
                }
            };
            if let Err(e) = still_valid(&game, viewer, token.as_deref()) {
                outbox.finish(Some(e.into()));
                return;
            }
            if sent_revision == Some(game.record.revision) && !behind {
                continue;
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
            let with_opening = first_message && sent == 0;
            match message(&engine, &watching, &game, viewer, sent, with_opening).await {
                Ok(msg) => {
                    // A watcher far behind gets its backlog a chunk at a time, so no message
                    // grows with the game's length (each carries the current view).
                    let through = game.record.version.min(sent + WATCH_CHUNK_VERSIONS);
                    let caught_up = through == game.record.version;
                    sent = through;
                    // Behind still: the revision is not yet sent, so the next round goes on.
                    behind = !caught_up;
                    if caught_up {
                        sent_revision = Some(game.record.revision);
                    }
                    // The kept bytes, shared: every stream of this viewer and version sends them.
                    outbox.send(WatchReply(msg.as_ref().clone()));
                    if caught_up && game.record.status == GameStatus::Finished {
                        outbox.finish(None);
                        return;
                    }
                }
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

/// Whether the stream's credential still makes its bearer `viewer` in the game as it is now.
fn still_valid(game: &HotGame, viewer: Viewer, token: Option<&str>) -> Result<(), ApiError> {
    match tokens::viewer(&game.record, token)? {
        now if now == viewer => Ok(()),
        _ => Err(ApiError::Unauthenticated(
            "the token no longer names the seat this stream watches".into(),
        )),
    }
}

/// The watch message of `viewer` coming from version `sent` at the game's revision: built once
/// and shared by every watcher that needs the same one.
async fn message<S: Store>(
    engine: &Engine<S>,
    watching: &Watching,
    game: &HotGame,
    viewer: Viewer,
    sent: u64,
    with_opening: bool,
) -> Result<Arc<Update>, ApiError> {
    if let Some(msg) = game.message(viewer, sent, with_opening) {
        return Ok(msg);
    }
    let _building = watching
        .builds
        .acquire()
        .await
        .map_err(|_| ApiError::Internal("watch builds closed".into()))?;
    let update = engine.update(game, viewer, sent, with_opening).await?;
    // Converted outside `remember`: what the conversion moves in and frees is not the kept
    // message's, only the encoded bytes are.
    let message = convert::update(&watching.wires, update)?;
    game.remember(
        viewer,
        sent,
        with_opening,
        || Ok::<_, ApiError>(Update::encode(&message)),
        Update::len,
    )
}

/// Ends a watch stream whose reader did not ask for a due message within the drain time: the
/// stream ends with RESOURCE_EXHAUSTED. HTTP/2 still holds what the reader never read for as
/// long as the connection lives, so a reader that does not take even the status within one more
/// drain time loses its connection.
async fn close_stalled(
    outbox: &Outbox<WatchReply>,
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
