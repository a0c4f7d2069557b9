//! What a write tells the change feed (`WatchChanges`, webhooks): built from the game as the
//! write leaves it, encoded, and handed to the store with the write, which appends it in the
//! same atomic step.
//!
//! A write makes, in this order: `GAME_CREATED` (a new game); one `SEAT_CHANGED` or
//! `DEADLINE_PASSED` per seat change it logs; then `GAME_FINISHED` when it ends the game, or
//! else `SEAT_TO_ACT` when human seats are to act and the write moved the game or changed who
//! is on the clock. Folding a campaign's play makes `CAMPAIGN_PLAY_FOLDED`.

use super::acting::{self, forfeit};
use super::players;
use crate::error::ApiError;
use crate::games::{Registry, Session};
use crate::store::feed::FeedEntry;
use crate::store::record::{CampaignRecord, GameRecord, GameStatus, LogEntry, SeatChange};
use crate::validate;
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
    /// The seats to act after the write (the caller has them already).
    pub to_act: &'a [Seat],
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
    // Every change of the write names the same game and players.
    let game = base(record, pb::ChangeKind::Unspecified, record.version);
    let change = |kind: pb::ChangeKind, version: u64| pb::Change {
        kind: kind as i32,
        version,
        ..game.clone()
    };
    let mut out = Vec::new();
    if w.before.is_none() {
        out.push(change(pb::ChangeKind::GameCreated, record.version));
    }
    for entry in w.entries {
        let Some(seat_change) = entry.seat_change else {
            continue;
        };
        let kind = if seat_change == SeatChange::TimedOut {
            pb::ChangeKind::DeadlinePassed
        } else {
            pb::ChangeKind::SeatChanged
        };
        let mut c = change(kind, entry.version);
        c.seats.push(seat(record, entry.seat));
        c.seat_change = seat_change_kind(seat_change) as i32;
        out.push(c);
    }
    let was_finished = w.before.is_some_and(|(s, _)| s == GameStatus::Finished);
    if record.status == GameStatus::Finished {
        // A resignation that ended the game overrides the rules' state (as in views).
        let outcome = forfeit(&record.seats, record.version).or_else(|| w.session.outcome());
        if let Some(outcome) = outcome
            && !was_finished
        {
            let mut c = change(pb::ChangeKind::GameFinished, record.version);
            c.outcome = Some(super::present::outcome(&outcome));
            out.push(c);
        }
    } else {
        let on = acting::persons(&record.seats, w.to_act);
        let moved = !w.entries.is_empty();
        let changed = w.before.is_none_or(|(_, before)| before != on.as_slice());
        if !on.is_empty() && (moved || changed) {
            let mut c = change(pb::ChangeKind::SeatToAct, record.version);
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

/// A change as the feed stores it, with its cursor filled in.
pub fn decode(entry: FeedEntry) -> Result<pb::Change, ApiError> {
    let mut change = pb::Change::decode(entry.change.as_slice())
        .map_err(|e| ApiError::Storage(format!("a change in the feed is unreadable: {e}")))?;
    change.cursor = entry.cursor;
    Ok(change)
}

/// Kinds a filter may name (there are six).
const MAX_KINDS: usize = 16;

/// Which changes a reader wants: a WatchChanges stream, or a webhook endpoint.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
