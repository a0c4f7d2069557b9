//! Background bot moves: the top `mcts` level searches longer than a request should wait, so
//! its moves are not made within the write that makes them due. That write leaves the game due
//! in the wake-up index ([`super::deadlines`]); a poll of any replica finds it, takes the turn
//! by moving the entry ahead by a lease ([`bots::background_lease`]), searches on a blocking
//! thread and writes the move (with the in-write bots' answers) with compare-and-swap.
//!
//! - Exactly one move per turn: the write expects the revision the search started from, so of
//!   two replicas that searched the same turn (one whose lease ran out, say) one writes; the
//!   other's write is refused and dropped. A person's write meanwhile (a resignation, a seat
//!   handed back) wins the same way.
//! - A replica that dies mid-search leaves the entry leased, not lost: when the lease runs
//!   out, any replica's poll takes the turn again.
//! - A replica runs as many searches at once as it has cores; a due turn it has no room for
//!   is put back one poll later, so it does not hold up the timeouts behind it.

use super::Engine;
use super::OpenedGame;
use super::bot_moves::{self, Played, background_turn, run_bots};
use super::commit::{Plan, Written};
use super::transition::{self, Before, Kind, Transition};
use crate::bots;
use crate::error::ApiError;
use crate::store::Store;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{Notify, Semaphore};
use tracing::Instrument;

/// How long a turn this replica has no room for waits before a poll looks at it again.
const NO_ROOM_DELAY: Duration = Duration::from_millis(250);

/// A replica's share of the background bot moves: its search slots, and the nudge that makes
/// its poll look at once after a write of its own left a bot turn.
pub struct BotWorker {
    searches: Arc<Semaphore>,
    nudge: Notify,
}

impl BotWorker {
    /// Slots for one search per core.
    pub fn new() -> BotWorker {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        BotWorker {
            searches: Arc::new(Semaphore::new(cores)),
            nudge: Notify::new(),
        }
    }

    /// A write left a background bot to move: poll now rather than at the next tick.
    pub fn nudge(&self) {
        self.nudge.notify_one();
    }

    /// Resolves at the next nudge (one given while nobody waited counts).
    pub async fn nudged(&self) {
        self.nudge.notified().await;
    }
}

impl Default for BotWorker {
    fn default() -> Self {
        BotWorker::new()
    }
}

impl<S: Store> Engine<S> {
    /// Takes game `id`'s background bot turn, due by `now`, and plays it in a task of its own;
    /// leaves it when another replica holds the turn, and puts it back a little when this one
    /// has no search slot free.
    pub(super) async fn take_bot_turn(&self, id: &str, now: i64) -> Result<(), ApiError> {
        let Ok(slot) = self.bot_worker.searches.clone().try_acquire_owned() else {
            let later = now + NO_ROOM_DELAY.as_millis() as i64;
            self.store.claim_deadline(id, now, later).await?;
            return Ok(());
        };
        let until = now + bots::background_lease().as_millis() as i64;
        if !self.store.claim_deadline(id, now, until).await? {
            return Ok(());
        }
        let engine = self.clone();
        let id = id.to_string();
        let span = tracing::info_span!("bot_worker.move", game_id = %id);
        tokio::spawn(
            async move {
                let _slot = slot;
                match engine.play_bot_turn(&id).await {
                    Ok(true) => tracing::debug!("background bot move written"),
                    Ok(false) => tracing::debug!("background bot turn gone before its write"),
                    // The lease runs out and a poll takes the turn again.
                    Err(e) => tracing::warn!(error = %e, "background bot move failed"),
                }
            }
            .instrument(span),
        );
        Ok(())
    }

    /// Plays the background bot's move in game `id` as stored now, then the in-write bots'
    /// answers, in one compare-and-swap write; false when there was no such turn or another
    /// write got there first.
    async fn play_bot_turn(&self, id: &str) -> Result<bool, ApiError> {
        let OpenedGame {
            record, session, ..
        } = self.open(id).await?;
        let before = Before::of(&record, session.as_ref());
        let Some(seat) = background_turn(&record.seats, &before.waiting) else {
            self.settle(&record, &before.waiting).await;
            return Ok(false);
        };
        let level = bots::level_of(&record.seats[seat].bot, record.seats[seat].bot_level);
        let (seed, from_version) = (record.setup.seed, record.version);
        let deadline = Instant::now() + bots::background_budget();
        // The search holds a core for its budget: a blocking thread, not the runtime's.
        let (session, applied) = tokio::task::spawn_blocking(move || {
            let mut session = session;
            let applied = bot_moves::play_until(
                session.as_mut(),
                seat,
                level,
                seed,
                from_version + 1,
                Some(deadline),
            );
            (session, applied)
        })
        .await
        .map_err(|e| ApiError::Internal(format!("a background bot search failed: {e}")))?;
        let mut searched = Some((record, session, applied?));
        let feed = self.feed.clone();
        // Written on the game the search started from: the first attempt has it, and any later
        // one finds the game moved on (another write won the turn) and writes nothing.
        let written = self
            .write(
                id,
                false,
                |_| None,
                |opened| {
                    let Some((record, mut session, applied)) = searched.take() else {
                        return Ok(Plan::Answer(()));
                    };
                    if opened.record.revision != before.revision {
                        return Ok(Plan::Answer(()));
                    }
                    let mut entries = vec![Played::new(from_version + 1, seat, applied).entry];
                    entries.extend(
                        run_bots(session.as_mut(), &record.seats, seed, from_version + 1)?
                            .into_iter()
                            .map(|p| p.entry),
                    );
                    // Bots are never on the clock; their answers may bring a person onto it.
                    let next =
                        transition::advance(record, session.as_ref(), entries.len(), &before, &[]);
                    let t = Transition::new(
                        Kind::Update(before.clone()),
                        next,
                        session,
                        entries,
                        false,
                        feed.as_deref(),
                    );
                    Ok(Plan::Write(Box::new(t), ()))
                },
            )
            .await?;
        match written {
            Written::Stored(..) => Ok(true),
            // The other write settled the index for the game as it left it.
            Written::Answered(()) | Written::Duplicate(_) => {
                self.hot.forget(id);
                Ok(false)
            }
        }
    }
}
