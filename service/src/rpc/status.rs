//! [`ApiError`] on the wire: one gRPC status code per kind, rich details where a client acts on
//! them. Backend details (addresses, Redis errors, record layouts) stay in the server's log.

use crate::error::ApiError;
use tonic::{Code, Status};
use tonic_types::{ErrorDetails, StatusExt};

/// The error domain in `google.rpc.ErrorInfo`.
pub const DOMAIN: &str = "tablero.v1";
/// Trailer repeating the violated rule ID of a FAILED_PRECONDITION, for clients that do not
/// decode `grpc-status-details-bin`.
pub const RULE_ID_METADATA: &str = "tablero-rule-id";
/// Trailer repeating the current version of an ABORTED.
pub const CURRENT_VERSION_METADATA: &str = "tablero-current-version";

fn with_metadata(mut status: Status, key: &'static str, value: &str) -> Status {
    if let Ok(v) = value.parse() {
        status.metadata_mut().insert(key, v);
    }
    status
}

/// What a caller is told of a transient store failure (the detail stays in the server's log).
pub const UNAVAILABLE_MESSAGE: &str =
    "the game store is unavailable now; retry (a submit with the same idempotency key)";
/// What a caller is told of a permanent one.
pub const STORAGE_MESSAGE: &str = "the server cannot read what is stored for this request";

impl From<ApiError> for Status {
    fn from(e: ApiError) -> Status {
        let msg = e.to_string();
        match &e {
            ApiError::Invalid { field, .. } => {
                let mut d = ErrorDetails::new();
                d.add_bad_request_violation(field.as_ref(), msg.clone());
                Status::with_error_details(Code::InvalidArgument, msg, d)
            }
            ApiError::Illegal { rule, message } => {
                let mut d = ErrorDetails::with_error_info(
                    "RULE_VIOLATION",
                    DOMAIN,
                    [("rule_id".to_string(), rule.clone())],
                );
                d.add_precondition_failure_violation("RULE", rule.clone(), message.clone());
                with_metadata(
                    Status::with_error_details(Code::FailedPrecondition, msg, d),
                    RULE_ID_METADATA,
                    rule,
                )
            }
            ApiError::SeatNotOpen(_) => {
                let d = ErrorDetails::with_error_info(
                    "SEAT_NOT_OPEN",
                    DOMAIN,
                    [("rule_id".to_string(), "SEAT".to_string())],
                );
                with_metadata(
                    Status::with_error_details(Code::FailedPrecondition, msg, d),
                    RULE_ID_METADATA,
                    "SEAT",
                )
            }
            ApiError::SeatState(_) => precondition("SEAT_STATE", msg),
            ApiError::CursorExpired(_) => precondition("CURSOR_EXPIRED", msg),
            ApiError::GameOver(_) => precondition("GAME_OVER", msg),
            ApiError::VersionConflict { current, .. } => {
                let d = ErrorDetails::with_error_info(
                    "VERSION_CONFLICT",
                    DOMAIN,
                    [("current_version".to_string(), current.to_string())],
                );
                let status = Status::with_error_details(Code::Aborted, msg, d);
                with_metadata(status, CURRENT_VERSION_METADATA, &current.to_string())
            }
            ApiError::GameNotFound(_) | ApiError::CampaignNotFound(_) => Status::not_found(msg),
            ApiError::CampaignBusy(_) => precondition("CAMPAIGN_BUSY", msg),
            ApiError::CampaignPlay { campaign, .. } => {
                let d = ErrorDetails::with_error_info(
                    "CAMPAIGN_PLAY",
                    DOMAIN,
                    [("campaign_id".to_string(), campaign.clone())],
                );
                Status::with_error_details(Code::FailedPrecondition, msg, d)
            }
            ApiError::Unauthenticated(_) => Status::unauthenticated(msg),
            ApiError::PermissionDenied(_) => Status::permission_denied(msg),
            ApiError::Limit(_) => Status::resource_exhausted(msg),
            ApiError::IdempotencyKeyReused { .. } => {
                let d = ErrorDetails::with_error_info(
                    "IDEMPOTENCY_KEY_REUSED",
                    DOMAIN,
                    std::collections::HashMap::new(),
                );
                Status::with_error_details(Code::FailedPrecondition, msg, d)
            }
            // Backend details (addresses, Redis errors, record layouts) stay in the log.
            ApiError::Unavailable(detail) => {
                tracing::warn!(%detail, "store unavailable");
                Status::unavailable(UNAVAILABLE_MESSAGE)
            }
            ApiError::Storage(detail) => {
                tracing::error!(%detail, "stored data unusable");
                Status::internal(STORAGE_MESSAGE)
            }
            ApiError::Internal(detail) => {
                tracing::error!(%detail, "internal error");
                Status::internal("internal server error")
            }
        }
    }
}

/// FAILED_PRECONDITION with an ErrorInfo `reason` and nothing else to say.
fn precondition(reason: &str, msg: String) -> Status {
    let d = ErrorDetails::with_error_info(reason, DOMAIN, std::collections::HashMap::new());
    Status::with_error_details(Code::FailedPrecondition, msg, d)
}
