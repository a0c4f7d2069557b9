//! What a write tells the change feed (`WatchChanges`, webhooks): built from the game as the
//! write leaves it, encoded, and handed to the store with the write, which appends it in the
//! same atomic step.
//!
//! A write makes, in this order: `GAME_CREATED` (a new game); one `SEAT_CHANGED` or
//! `DEADLINE_PASSED` per seat change it logs; then `GAME_FINISHED` when it ends the game, or
//! else `SEAT_TO_ACT` when human seats are to act and the write moved the game or changed who
//! is on the clock. Folding a campaign's play makes `CAMPAIGN_PLAY_FOLDED`.

use super::acting::{self, forfeit};
use super::host::Session;
use super::players;
use crate::store::record::{CampaignRecord, GameRecord, GameStatus, LogEntry, SeatChange};
use tablero_rules::{Outcome, Seat};

/// What kind of change a feed entry tells of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChangeKind {
    GameCreated,
    SeatChanged,
    DeadlinePassed,
    SeatToAct,
    GameFinished,
    CampaignPlayFolded,
}

/// One change of the feed, in the engine's terms.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    pub kind: ChangeKind,
    pub game_id: String,
    pub game_type: String,
    pub version: u64,
    pub at_ms: i64,
    /// The seats it is about, with their players' refs (empty when none).
    pub seats: Vec<(Seat, String)>,
    /// Every player of the game.
    pub player_refs: Vec<String>,
    pub seat_change: Option<SeatChange>,
    pub outcome: Option<Outcome>,
    pub campaign_id: Option<String>,
}

/// How changes are stored in the feed: the protocol layer's encoding, handed to the engine
/// when it is built (the feed holds the wire's own messages, which webhooks and `WatchChanges`
/// pass on as they are).
pub trait FeedCodec: Send + Sync {
    fn encode(&self, change: &Change) -> Vec<u8>;
}

/// A write of a game, as the feed needs it.
pub struct GameWrite<'a> {
    /// The game as written.
    pub record: &'a GameRecord,
    pub session: &'a dyn Session,
    /// `None` for a new game; else the status and the human seats on the clock before.
    pub before: Option<(GameStatus, &'a [Seat])>,
    /// The seats to act after the write (the caller has them already).
    pub to_act: &'a [Seat],
    /// The log entries the write appends.
    pub entries: &'a [LogEntry],
}

fn base(record: &GameRecord, kind: ChangeKind, version: u64) -> Change {
    Change {
        kind,
        game_id: record.id.clone(),
        game_type: record.game_type.clone(),
        version,
        at_ms: record.updated_at_ms,
        seats: Vec::new(),
        player_refs: players::players(&record.seats)
            .into_iter()
            .map(str::to_string)
            .collect(),
        seat_change: None,
        outcome: None,
        campaign_id: record.campaign.clone(),
    }
}

fn seat(record: &GameRecord, seat: Seat) -> (Seat, String) {
    let player_ref = record
        .seats
        .get(seat)
        .and_then(|s| s.player_ref.clone())
        .unwrap_or_default();
    (seat, player_ref)
}

/// The changes of a game's write, encoded for [`crate::store::Commit::feed`].
pub fn of_write(w: GameWrite<'_>, codec: &dyn FeedCodec) -> Vec<Vec<u8>> {
    let record = w.record;
    // Every change of the write names the same game and players.
    let game = base(record, ChangeKind::GameCreated, record.version);
    let change = |kind: ChangeKind, version: u64| Change {
        kind,
        version,
        ..game.clone()
    };
    let mut out = Vec::new();
    if w.before.is_none() {
        out.push(change(ChangeKind::GameCreated, record.version));
    }
    for entry in w.entries {
        let Some(seat_change) = entry.seat_change else {
            continue;
        };
        let kind = if seat_change == SeatChange::TimedOut {
            ChangeKind::DeadlinePassed
        } else {
            ChangeKind::SeatChanged
        };
        let mut c = change(kind, entry.version);
        c.seats.push(seat(record, entry.seat));
        c.seat_change = Some(seat_change);
        out.push(c);
    }
    let was_finished = w.before.is_some_and(|(s, _)| s == GameStatus::Finished);
    if record.status == GameStatus::Finished {
        // A resignation that ended the game overrides the rules' state (as in views).
        let outcome = forfeit(&record.seats, record.version).or_else(|| w.session.outcome());
        if let Some(outcome) = outcome
            && !was_finished
        {
            let mut c = change(ChangeKind::GameFinished, record.version);
            c.outcome = Some(outcome);
            out.push(c);
        }
    } else {
        let on = acting::persons(&record.seats, w.to_act);
        let moved = !w.entries.is_empty();
        let changed = w.before.is_none_or(|(_, before)| before != on.as_slice());
        if !on.is_empty() && (moved || changed) {
            let mut c = change(ChangeKind::SeatToAct, record.version);
            c.seats = on.iter().map(|s| seat(record, *s)).collect();
            out.push(c);
        }
    }
    out.iter().map(|c| codec.encode(c)).collect()
}

/// The change of folding the finished `play` into `campaign`.
pub fn of_fold(
    campaign: &CampaignRecord,
    play: &GameRecord,
    codec: &dyn FeedCodec,
) -> Vec<Vec<u8>> {
    let mut change = base(play, ChangeKind::CampaignPlayFolded, play.version);
    change.at_ms = campaign.updated_at_ms;
    change.campaign_id = Some(campaign.id.clone());
    vec![codec.encode(&change)]
}
