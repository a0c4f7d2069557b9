//! What a write tells the change feed (`WatchChanges`, webhooks): built from the game as the
//! write leaves it, encoded, and handed to the store with the write, which appends it in the
//! same atomic step.
//!
//! A write makes, in this order: `GAME_CREATED` (a new game); one `SEAT_CHANGED` or
//! `DEADLINE_PASSED` per seat change it logs; then `GAME_FINISHED` when it ends the game, or
//! else `SEAT_TO_ACT` when human seats are to act and the write moved the game or changed who
//! is on the clock. Folding a campaign's play makes `CAMPAIGN_PLAY_FOLDED`.

use super::players;
use super::seats::forfeit;
use super::turn_clock::on_the_clock;
use crate::games::Session;
use crate::store::record::{CampaignRecord, GameRecord, GameStatus, LogEntry, SeatChange};
use prost::Message;
use tablero_proto::v1 as pb;
use tablero_rules::Seat;

/// A write of a game, as the feed needs it.
pub struct GameWrite<'a> {
    /// The game as written.
    pub record: &'a GameRecord,
    pub session: &'a dyn Session,
    /// `None` for a new game; else the status and the human seats on the clock before.
    pub before: Option<(GameStatus, &'a [Seat])>,
    /// The log entries the write appends.
    pub entries: &'a [LogEntry],
}

fn base(record: &GameRecord, kind: pb::ChangeKind, version: u64) -> pb::Change {
    pb::Change {
        cursor: String::new(),
        kind: kind as i32,
        game_id: record.id.clone(),
        game_type: record.game_type.clone(),
        version,
        at_unix_ms: record.updated_at_ms,
        seats: Vec::new(),
        player_refs: players::players(&record.seats)
            .into_iter()
            .map(str::to_string)
            .collect(),
        seat_change: 0,
        outcome: None,
        campaign_id: record.campaign.clone().unwrap_or_default(),
    }
}

fn seat(record: &GameRecord, seat: Seat) -> pb::ChangeSeat {
    pb::ChangeSeat {
        seat: seat as u32,
        player_ref: record
            .seats
            .get(seat)
            .and_then(|s| s.player_ref.clone())
            .unwrap_or_default(),
    }
}

/// The feed's `SeatChangeKind` of a logged seat change.
fn seat_change_kind(change: SeatChange) -> pb::SeatChangeKind {
    match change {
        SeatChange::Resigned => pb::SeatChangeKind::Resigned,
        SeatChange::ReplacedByBot => pb::SeatChangeKind::ReplacedByBot,
        SeatChange::ReturnedToHuman => pb::SeatChangeKind::ReturnedToHuman,
        SeatChange::TokenReissued => pb::SeatChangeKind::TokenReissued,
        SeatChange::TimedOut => pb::SeatChangeKind::TimedOut,
    }
}

/// The changes of a game's write, encoded for [`crate::store::Commit::feed`].
pub fn of_write(w: GameWrite<'_>) -> Vec<Vec<u8>> {
    let record = w.record;
    let mut out = Vec::new();
    if w.before.is_none() {
        out.push(base(record, pb::ChangeKind::GameCreated, record.version));
    }
    for entry in w.entries {
        let Some(change) = entry.seat_change else {
            continue;
        };
        let kind = if change == SeatChange::TimedOut {
            pb::ChangeKind::DeadlinePassed
        } else {
            pb::ChangeKind::SeatChanged
        };
        let mut c = base(record, kind, entry.version);
        c.seats.push(seat(record, entry.seat));
        c.seat_change = seat_change_kind(change) as i32;
        out.push(c);
    }
    let was_finished = w.before.is_some_and(|(s, _)| s == GameStatus::Finished);
    let outcome = match forfeit(&record.seats, record.version) {
        Some(o) => Some(o),
        None => w.session.outcome(),
    };
    if let Some(outcome) = outcome {
        if !was_finished {
            let mut c = base(record, pb::ChangeKind::GameFinished, record.version);
            c.outcome = Some(super::present::outcome(&outcome));
            out.push(c);
        }
    } else {
        let on = on_the_clock(&record.seats, &w.session.to_act());
        let moved = !w.entries.is_empty();
        let changed = w.before.is_none_or(|(_, before)| before != on.as_slice());
        if !on.is_empty() && (moved || changed) {
            let mut c = base(record, pb::ChangeKind::SeatToAct, record.version);
            c.seats = on.iter().map(|s| seat(record, *s)).collect();
            out.push(c);
        }
    }
    out.into_iter().map(|c| c.encode_to_vec()).collect()
}

/// The change of folding the finished `play` into `campaign`.
pub fn of_fold(campaign: &CampaignRecord, play: &GameRecord) -> Vec<Vec<u8>> {
    let mut change = base(play, pb::ChangeKind::CampaignPlayFolded, play.version);
    change.at_unix_ms = campaign.updated_at_ms;
    change.campaign_id = campaign.id.clone();
    vec![change.encode_to_vec()]
}
