//! One feed per watched game on this replica, shared by all of its watch streams: a task that
//! hears the game's change notifications (which carry the new revision) and polls for the ones
//! a lost subscription missed, reads the game only when its revision moved, decodes it once,
//! and hands the decoded game to every stream. Idle streams cost no store read at all; an idle
//! game costs one revision read per poll, however many watch it.

use crate::engine::Engine;
use crate::engine::hot::HotGame;
use crate::error::ApiError;
use crate::store::Store;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// What a feed says of its game.
#[derive(Clone)]
pub enum Fed {
    /// Not read yet.
    Pending,
    /// The game at its latest revision this replica knows.
    Game(Arc<HotGame>),
    /// The game could not be read (gone, or the store failed): the feed has ended.
    Ended(Arc<ApiError>),
}

/// A game's feed: alive while a stream holds it.
pub struct Feed {
    game: watch::Receiver<Fed>,
    task: JoinHandle<()>,
}

impl Feed {
    /// Follows the feed from what it says now.
    pub fn follow(&self) -> watch::Receiver<Fed> {
        self.game.clone()
    }

    fn ended(&self) -> bool {
        matches!(*self.game.borrow(), Fed::Ended(_))
    }
}

impl Drop for Feed {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// The feeds of one server.
pub struct Feeds {
    poll: Duration,
    feeds: Mutex<HashMap<String, Weak<Feed>>>,
}

impl Feeds {
    /// Feeds that poll every `poll` for a change a notification missed.
    pub fn new(poll: Duration) -> Arc<Self> {
        Arc::new(Feeds {
            poll,
            feeds: Mutex::default(),
        })
    }

    /// The feed of game `id`, started when nobody watches it yet, once it has read the game.
    pub async fn feed<S: Store>(
        &self,
        engine: &Engine<S>,
        id: &str,
    ) -> Result<Arc<Feed>, ApiError> {
        let feed = {
            let mut feeds = self.feeds.lock().unwrap_or_else(|e| e.into_inner());
            match feeds.get(id).and_then(Weak::upgrade) {
                Some(feed) if !feed.ended() => feed,
                _ => {
                    // Feeds nobody holds any more go with the next one started.
                    feeds.retain(|_, f| f.strong_count() > 0);
                    let (tx, game) = watch::channel(Fed::Pending);
                    let task = tokio::spawn(follow(engine.clone(), id.to_string(), self.poll, tx));
                    let feed = Arc::new(Feed { game, task });
                    feeds.insert(id.to_string(), Arc::downgrade(&feed));
                    feed
                }
            }
        };
        let mut game = feed.follow();
        let first = game
            .wait_for(|f| !matches!(f, Fed::Pending))
            .await
            .map_err(|_| ApiError::Internal("a game feed ended unheard".into()))?
            .clone();
        match first {
            Fed::Ended(e) => Err(e.as_ref().clone()),
            _ => Ok(feed),
        }
    }
}

/// The feed's task: publishes the game whenever its revision moves, until it cannot be read.
async fn follow<S: Store>(engine: Engine<S>, id: String, poll: Duration, tx: watch::Sender<Fed>) {
    // Subscribed before the first read, so no change slips between the two.
    let mut changes = match engine.store().subscribe(&id).await {
        Ok(c) => c,
        Err(e) => {
            tx.send_replace(Fed::Ended(Arc::new(e.into())));
            return;
        }
    };
    let mut known: Option<u64> = None;
    let mut heard: Option<u64> = None;
    loop {
        // A notified revision this replica wrote itself is hot already: no read at all.
        let read = match heard.and_then(|r| engine.hot_at(&id, r)) {
            Some(game) => Ok(game),
            None => engine.open_hot(&id).await.map(|(game, _)| game),
        };
        match read {
            Ok(game) => {
                if known != Some(game.record.revision) {
                    known = Some(game.record.revision);
                    tx.send_replace(Fed::Game(game));
                }
            }
            Err(e) => {
                tx.send_replace(Fed::Ended(Arc::new(e)));
                return;
            }
        }
        heard = None;
        loop {
            tokio::select! {
                r = changes.recv() => match r {
                    Ok(revision) if Some(revision) == known => continue,
                    Ok(revision) => heard = Some(revision),
                    Err(RecvError::Lagged(_)) => {}
                    Err(RecvError::Closed) => match engine.store().subscribe(&id).await {
                        Ok(c) => changes = c,
                        Err(e) => {
                            tx.send_replace(Fed::Ended(Arc::new(e.into())));
                            return;
                        }
                    },
                },
                _ = tokio::time::sleep(poll) => {}
                _ = tx.closed() => return,
            }
            break;
        }
    }
}
