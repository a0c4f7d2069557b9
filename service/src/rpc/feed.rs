//! The change feed on the wire: the engine's changes as `tablero.v1.Change` messages (the
//! feed stores them so, and `WatchChanges` and the webhooks pass them on as they are), read back
//! with their cursors, and the filter a reader asks for.

use super::convert;
use crate::engine::changes::{Change, ChangeKind, FeedCodec};
use crate::engine::host::Hosts;
use crate::error::ApiError;
use crate::store::feed::FeedEntry;
use crate::validate;
use prost::Message;
use tablero_proto::v1 as pb;

/// The feed's encoding: each change as its `tablero.v1.Change`.
pub struct ProtoFeed;

impl FeedCodec for ProtoFeed {
    fn encode(&self, change: &Change) -> Vec<u8> {
        to_proto(change).encode_to_vec()
    }
}

pub fn kind_to_proto(kind: ChangeKind) -> pb::ChangeKind {
    match kind {
        ChangeKind::GameCreated => pb::ChangeKind::GameCreated,
        ChangeKind::SeatChanged => pb::ChangeKind::SeatChanged,
        ChangeKind::DeadlinePassed => pb::ChangeKind::DeadlinePassed,
        ChangeKind::SeatToAct => pb::ChangeKind::SeatToAct,
        ChangeKind::GameFinished => pb::ChangeKind::GameFinished,
        ChangeKind::CampaignPlayFolded => pb::ChangeKind::CampaignPlayFolded,
    }
}

/// A change as its message (no cursor yet: the store gives it one).
fn to_proto(change: &Change) -> pb::Change {
    let Change {
        kind,
        game_id,
        game_type,
        version,
        at_ms,
        seats,
        player_refs,
        seat_change,
        outcome,
        campaign_id,
    } = change;
    pb::Change {
        cursor: String::new(),
        kind: kind_to_proto(*kind) as i32,
        game_id: game_id.clone(),
        game_type: game_type.clone(),
        version: *version,
        at_unix_ms: *at_ms,
        seats: seats
            .iter()
            .map(|(seat, player_ref)| pb::ChangeSeat {
                seat: *seat as u32,
                player_ref: player_ref.clone(),
            })
            .collect(),
        player_refs: player_refs.clone(),
        seat_change: seat_change.map_or(0, |c| convert::seat_change_kind(c) as i32),
        outcome: outcome.as_ref().map(convert::outcome),
        campaign_id: campaign_id.clone().unwrap_or_default(),
    }
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
        games: &Hosts,
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
