//! API errors: one type, one gRPC status code per kind, rich details where a client acts on them.

use std::borrow::Cow;
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

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// Malformed input: INVALID_ARGUMENT, naming the offending field (a path such as
    /// `action.panovnik.place_card.eternal_gems.blue`; built at run time by the input guard).
    #[error("invalid {field}: {message}")]
    Invalid {
        field: Cow<'static, str>,
        message: String,
    },
    /// An illegal move: FAILED_PRECONDITION with the violated rule ID.
    #[error("{rule}: {message}")]
    Illegal { rule: String, message: String },
    /// JoinGame on a seat that is not open (taken, or none left).
    #[error("{0}")]
    SeatNotOpen(String),
    /// A game that can no longer take actions (finished).
    #[error("{0}")]
    GameOver(String),
    /// Stale expected version: ABORTED with the current version.
    #[error("expected version {expected} but the game is at version {current}")]
    VersionConflict { expected: u64, current: u64 },
    #[error("game {0} not found")]
    GameNotFound(String),
    #[error("campaign {0} not found")]
    CampaignNotFound(String),
    /// A campaign that cannot start a play now (one is unfinished, or the campaign is over).
    #[error("{0}")]
    CampaignBusy(String),
    /// DeleteGame on a play of a campaign: FAILED_PRECONDITION (delete the campaign instead).
    #[error("game {game} is a play of campaign {campaign}: delete the campaign instead")]
    CampaignPlay { game: String, campaign: String },
    #[error("{0}")]
    Unauthenticated(String),
    #[error("{0}")]
    PermissionDenied(String),
    /// A server limit: RESOURCE_EXHAUSTED.
    #[error("{0}")]
    Limit(String),
    /// The same idempotency key with a different request: FAILED_PRECONDITION.
    #[error(
        "idempotency key `{key}` was used for a different request; use a new key for a new request"
    )]
    IdempotencyKeyReused { key: String },
    /// The store cannot be reached now (transient): UNAVAILABLE, retry. The detail is logged,
    /// never sent.
    #[error("store unavailable: {0}")]
    Unavailable(String),
    /// The store holds something this server cannot read or apply (permanent: an unknown game
    /// type, another rules version, a logged action that no longer applies): INTERNAL. The detail
    /// is logged, never sent.
    #[error("storage: {0}")]
    Storage(String),
    #[error("internal: {0}")]
    Internal(String),
}

/// What a caller is told of a transient store failure (the detail stays in the server's log).
pub const UNAVAILABLE_MESSAGE: &str =
    "the game store is unavailable now; retry (a submit with the same idempotency key)";
/// What a caller is told of a permanent one.
pub const STORAGE_MESSAGE: &str = "the server cannot read what is stored for this request";

impl ApiError {
    pub fn invalid(field: impl Into<Cow<'static, str>>, message: impl Into<String>) -> Self {
        ApiError::Invalid {
            field: field.into(),
            message: message.into(),
        }
    }
}

impl From<crate::store::StoreError> for ApiError {
    fn from(e: crate::store::StoreError) -> Self {
        use crate::store::StoreError;
        match e {
            // Deleted or expired between the read and the write.
            StoreError::GameGone(id) => ApiError::GameNotFound(id),
            StoreError::BadPageToken => {
                ApiError::invalid("page_token", "not a token from this listing")
            }
            StoreError::Record(_) | StoreError::AlreadyExists(_) => {
                ApiError::Storage(e.to_string())
            }
            // Anything else the store says may pass: the caller retries.
            e => ApiError::Unavailable(e.to_string()),
        }
    }
}

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
            ApiError::GameOver(_) => {
                let d = ErrorDetails::with_error_info(
                    "GAME_OVER",
                    DOMAIN,
                    std::collections::HashMap::new(),
                );
                Status::with_error_details(Code::FailedPrecondition, msg, d)
            }
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
            ApiError::CampaignBusy(_) => {
                let d = ErrorDetails::with_error_info(
                    "CAMPAIGN_BUSY",
                    DOMAIN,
                    std::collections::HashMap::new(),
                );
                Status::with_error_details(Code::FailedPrecondition, msg, d)
            }
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

impl From<tablero_rules::RuleViolation> for ApiError {
    fn from(v: tablero_rules::RuleViolation) -> Self {
        ApiError::Illegal {
            rule: v.rule.to_string(),
            message: v.message,
        }
    }
}

impl From<tablero_rules::SetupError> for ApiError {
    fn from(e: tablero_rules::SetupError) -> Self {
        ApiError::invalid("options", e.to_string())
    }
}
