//! A write of a game as a value: what one change — a new game, a move with the bots' answers,
//! a background bot's move, a seat change, a timeout, a join, fresh tokens, a campaign's next
//! play — does to the game read at one revision. Built by pure code from (the game as read, the
//! input); [`super::commit`] is the one place that stores it.
//!
//! Besides the next record and its log entries, a transition carries what the store's indexes
//! and the change feed need, worked out here from the game before and after: the change-feed
//! entries, the player-index marks, the wake-up index's time, the idempotency record.

use super::acting;
use super::changes::{self, FeedCodec, GameWrite};
use super::deadlines;
use super::players;
use super::turn_clock;
use crate::engine::host::Session;
use crate::heap::Held;
use crate::store::Idempotent;
use crate::store::clock::now_ms;
use crate::store::record::{CampaignRecord, GameRecord, GameStatus, LogEntry};
use tablero_rules::Seat;

/// The game as a write found it: what the indexes and the feed compare the write against.
#[derive(Clone, Debug)]
pub struct Before {
    /// The compare-and-swap token: the write stores only if the game is still at it.
    pub revision: u64,
    pub version: u64,
    pub status: GameStatus,
    /// Who had to act.
    pub waiting: Vec<Seat>,
    /// Which of them were people on the clock.
    pub on_clock: Vec<Seat>,
}

impl Before {
    /// The game as read.
    pub fn of(record: &GameRecord, session: &dyn Session) -> Before {
        let waiting = acting::to_act_now(record, session);
        Before {
            revision: record.revision,
            version: record.version,
            status: record.status,
            on_clock: acting::persons(&record.seats, &waiting),
            waiting,
        }
    }
}

/// Where a write goes.
pub enum Kind {
    /// A new game.
    Create,
    /// A campaign's next play: the campaign as the play leaves it (written only if the stored
    /// campaign is still at `expected_revision`) and the play's new game, in one atomic step.
    Play {
        campaign: Box<CampaignRecord>,
        expected_revision: u64,
    },
    /// A change of the game as it was read.
    Update(Before),
}

/// The player indexes' part of a write: marks added before it, waiting marks cleared after it
/// (so a crash in between leaves a mark too many, never one too few).
#[derive(Default)]
pub struct Marks {
    pub players: Vec<String>,
    pub waiting: Vec<String>,
    pub done: Vec<String>,
}

/// One write of a game, ready to store.
pub struct Transition {
    pub kind: Kind,
    /// The record after the write.
    pub record: GameRecord,
    /// The live state after the write (kept hot once it is stored).
    pub session: Box<dyn Session>,
    /// What the state held as the write opened it (its hot game's weight), when measured.
    pub session_held: Option<Held>,
    /// The log entries it appends.
    pub entries: Vec<LogEntry>,
    /// `(key, record)` remembered for an idempotent retry.
    pub idempotency: Option<(String, Idempotent)>,
    /// The seats' records changed (a join, tokens, a seat change).
    pub seats_changed: bool,
    /// Who acts after it (nobody once the game is over).
    pub to_act: Vec<Seat>,
    /// The encoded `tablero.v1.Change`s it appends to the change feed.
    pub feed: Vec<Vec<u8>>,
    pub marks: Marks,
    /// When the game next needs a replica (the wake-up index), and whether the game is in the
    /// index at all.
    pub wake_at: Option<i64>,
    pub indexed: bool,
}

impl Transition {
    /// The transition to `record` (with `session` the state after it and `entries` what it
    /// logs) from the game as it was (`kind`), its changes encoded by `feed` (none without).
    pub fn new(
        kind: Kind,
        record: GameRecord,
        session: Box<dyn Session>,
        entries: Vec<LogEntry>,
        seats_changed: bool,
        feed: Option<&dyn FeedCodec>,
    ) -> Transition {
        let to_act = acting::to_act_now(&record, session.as_ref());
        let before = match &kind {
            Kind::Update(before) => Some(before),
            Kind::Create | Kind::Play { .. } => None,
        };
        let feed = match feed {
            Some(codec) => changes::of_write(
                GameWrite {
                    record: &record,
                    session: session.as_ref(),
                    before: before.map(|b| (b.status, b.on_clock.as_slice())),
                    to_act: &to_act,
                    entries: &entries,
                },
                codec,
            ),
            None => Vec::new(),
        };
        let marks = marks(
            &record,
            before.map(|b| b.waiting.as_slice()),
            &to_act,
            seats_changed,
        );
        Transition {
            wake_at: deadlines::wake_at(&record, &to_act),
            indexed: deadlines::indexed(&record),
            kind,
            record,
            session,
            session_held: None,
            entries,
            idempotency: None,
            seats_changed,
            to_act,
            feed,
            marks,
        }
    }

    /// A write that changes only the seats' records (a join, fresh tokens): no move, the same
    /// version; `record` is the game as read with its seats changed.
    pub fn of_seats(
        record: GameRecord,
        session: Box<dyn Session>,
        before: Before,
        feed: Option<&dyn FeedCodec>,
    ) -> Transition {
        // The seats' change may bring a person onto the clock: their decision begins now.
        let next = advance(record, session.as_ref(), 0, &before, &[]);
        Transition::new(Kind::Update(before), next, session, Vec::new(), true, feed)
    }

    /// Remembers the write under an idempotency key.
    pub fn with_idempotency(mut self, idempotency: Option<(String, Idempotent)>) -> Self {
        self.idempotency = idempotency;
        self
    }

    /// The version the write started from (0 for a new game).
    pub fn from_version(&self) -> u64 {
        match &self.kind {
            Kind::Update(before) => before.version,
            Kind::Create | Kind::Play { .. } => 0,
        }
    }
}

/// The record after `moves` more log entries (moves or seat changes) on the game read at
/// `before`, `session` being the state after them: versions and revision moved on, status and
/// state from the rules, the clocks ticked (`acted`: the seats that made a decision).
pub fn advance(
    mut record: GameRecord,
    session: &dyn Session,
    moves: usize,
    before: &Before,
    acted: &[Seat],
) -> GameRecord {
    record.version += moves as u64;
    record.revision += 1;
    record.status = acting::status(&record.seats, record.version, session);
    if moves > 0 {
        record.state = session.snapshot();
    }
    record.updated_at_ms = now_ms();
    let after = acting::persons(&record.seats, &acting::to_act_now(&record, session));
    if let Some(clock) = record.clock.as_mut() {
        turn_clock::tick(clock, &before.on_clock, &after, acted, record.updated_at_ms);
    }
    record
}

/// The player-index marks of a write that leaves `to_act` to act, the game waiting before for
/// `waiting_before` (`None` for a new game). Only games with players touch the indexes.
fn marks(
    record: &GameRecord,
    waiting_before: Option<&[Seat]>,
    to_act: &[Seat],
    seats_changed: bool,
) -> Marks {
    if !players::has_players(&record.seats) {
        return Marks::default();
    }
    let owned = |v: Vec<&str>| v.into_iter().map(str::to_string).collect::<Vec<_>>();
    let was = waiting_before
        .map(|b| players::waiting(&record.seats, b))
        .unwrap_or_default();
    let now = players::waiting(&record.seats, to_act);
    // New seats (a new game, a join) may bring new players, waited for or not: all are
    // marked (a mark already there stays one).
    let new_players = waiting_before.is_none() || seats_changed;
    let waiting = if new_players {
        now.clone()
    } else {
        now.iter().filter(|p| !was.contains(p)).copied().collect()
    };
    let done = if record.status == GameStatus::Finished {
        // Every player's mark goes once the game is over (which clears one a lost write left).
        players::players(&record.seats)
    } else {
        was.iter().filter(|p| !now.contains(p)).copied().collect()
    };
    Marks {
        players: if new_players {
            owned(players::players(&record.seats))
        } else {
            Vec::new()
        },
        waiting: owned(waiting),
        done: owned(done),
    }
}
