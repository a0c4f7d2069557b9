//! A stored game as people read it: the record (rules state, setup and opening events included)
//! and the whole log as JSON, whatever format they are stored in (`tablero inspect`).

use crate::store::record::RecordError;
use crate::store::{Store, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum InspectError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("stored data unreadable: {0}")]
    Record(#[from] RecordError),
}

/// `{"record": …, "log": […]}` of game `id`; `None` when there is no such game.
pub async fn game<S: Store>(
    store: &S,
    id: &str,
) -> Result<Option<serde_json::Value>, InspectError> {
    let Some(record) = store.load(id).await? else {
        return Ok(None);
    };
    let log = store.log(id, 0, record.version).await?;
    let log = log
        .iter()
        .map(|e| serde_json::to_value(e).map_err(RecordError::from))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Some(serde_json::json!({
        "record": record.to_json()?,
        "log": log,
    })))
}
