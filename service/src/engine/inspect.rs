//! A stored game as people read it: the record (rules state, setup and opening events included)
//! and the whole log as JSON, whatever format they are stored in (`tablero inspect`). The rules
//! values are read through their game's types, so they show with their field names.

use super::host::{Hosts, Stored};
use crate::error::ApiError;
use crate::store::blob::Blob;
use crate::store::record::RecordError;
use crate::store::{Store, StoreError};
use serde_json::{Value, json};

#[derive(Debug, thiserror::Error)]
pub enum InspectError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("stored data unreadable: {0}")]
    Record(#[from] RecordError),
    #[error("{0}")]
    Value(#[from] ApiError),
    #[error("game type `{0}` is not hosted by this build")]
    UnknownType(String),
}

/// `{"stored_bytes": …, "record": …, "log": […]}` of game `id`; `None` when there is no such
/// game.
pub async fn game<S: Store>(
    store: &S,
    registry: &Hosts,
    id: &str,
) -> Result<Option<Value>, InspectError> {
    let Some(r) = store.load(id).await? else {
        return Ok(None);
    };
    let kind = registry
        .get(&r.game_type)
        .ok_or_else(|| InspectError::UnknownType(r.game_type.clone()))?;
    let all = |values: &[Blob], what| {
        values
            .iter()
            .map(|v| kind.json_of(what, v))
            .collect::<Result<Vec<_>, _>>()
    };
    let scenario = r
        .setup
        .scenario
        .as_ref()
        .map(|s| kind.json_of(Stored::Scenario, s))
        .transpose()?;
    let log = store
        .log(id, 0, r.version)
        .await?
        .iter()
        .map(|e| {
            Ok(match e.seat_change {
                Some(change) => json!({
                    "version": e.version,
                    "seat": e.seat,
                    "seat_change": change,
                }),
                None => json!({
                    "version": e.version,
                    "seat": e.seat,
                    "action": kind.json_of(Stored::Action, &e.action)?,
                    "events": all(&e.events, Stored::Event)?,
                }),
            })
        })
        .collect::<Result<Vec<_>, InspectError>>()?;
    Ok(Some(json!({
        "stored_bytes": { "state": r.state.len(), "hot": r.encode_hot().len(), "record": record_bytes(&r) },
        "record": {
            "format": r.format,
            "id": r.id,
            "game_type": r.game_type,
            "rules_version": r.rules_version,
            "created_at_ms": r.created_at_ms,
            "updated_at_ms": r.updated_at_ms,
            "seats": r.seats,
            "setup": {
                "config": kind.json_of(Stored::Config, &r.setup.config)?,
                "seed": r.setup.seed,
                "scenario": scenario,
                "seed_chosen": r.setup.seed_chosen,
            },
            "opening_events": all(&r.opening_events, Stored::Event)?,
            "version": r.version,
            "revision": r.revision,
            "status": r.status,
            "state": kind.json_of(Stored::State, &r.state)?,
            "campaign": r.campaign,
            "creator_token_hash": r.creator_token_hash,
            "listed": r.listed,
        },
        "log": log,
    })))
}

/// The record's three parts as format 2 stores them.
fn record_bytes(r: &crate::store::record::GameRecord) -> usize {
    let parts = r.encode();
    parts.hot.len() + parts.seats.len() + parts.cold.len()
}
