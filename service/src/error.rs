//! The engine's errors: one type, one kind per answer a caller can act on. Which gRPC status each
//! kind becomes (and what details it carries) is the adapters' business:
//! [`crate::rpc::status`].

use std::borrow::Cow;

#[derive(Clone, Debug, thiserror::Error)]
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
    /// A seat change the seat's state does not allow (resigning twice, a bot for an open
    /// seat, a play of a campaign): FAILED_PRECONDITION.
    #[error("{0}")]
    SeatState(String),
    /// The change feed no longer holds the changes after a cursor: FAILED_PRECONDITION.
    #[error(
        "the change feed no longer keeps the changes after cursor {0}; start again from a listing"
    )]
    CursorExpired(String),
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

impl ApiError {
    /// A config `game`'s rules refuse, on the request field of the option it names.
    pub fn setup(game: &str, e: tablero_rules::SetupError) -> Self {
        tablero_proto::games::setup_invalid(game, e).into()
    }

    pub fn invalid(field: impl Into<Cow<'static, str>>, message: impl Into<String>) -> Self {
        ApiError::Invalid {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// A request field a game's mapping cannot read: INVALID_ARGUMENT on that field.
impl From<tablero_proto::games::Invalid> for ApiError {
    fn from(e: tablero_proto::games::Invalid) -> Self {
        let tablero_proto::games::Invalid { field, message } = e;
        ApiError::Invalid { field, message }
    }
}

/// A store failure as the caller meets it. Transient failures (unreachable, slow, full) are
/// UNAVAILABLE and worth a retry; what is stored but cannot be read, or an id drawn twice, is
/// permanent ([`ApiError::Storage`]) and a retry would meet it again. Every variant is named, so
/// a new one must be placed.
impl From<crate::store::StoreError> for ApiError {
    fn from(e: crate::store::StoreError) -> Self {
        use crate::store::StoreError;
        match e {
            // Deleted or expired between the read and the write.
            StoreError::GameGone(id) => ApiError::GameNotFound(id),
            StoreError::BadPageToken => {
                ApiError::invalid("page_token", "not a token from this listing")
            }
            StoreError::BadCursor => {
                ApiError::invalid("cursor", "not a cursor of this server's change feed")
            }
            StoreError::Record(_) | StoreError::AlreadyExists(_) => {
                ApiError::Storage(e.to_string())
            }
            StoreError::Unavailable(_) | StoreError::TimedOut | StoreError::Full(_) => {
                ApiError::Unavailable(e.to_string())
            }
            // An answer the store did not classify: it is not about what is stored (that is
            // `Record`), so it is treated as passing.
            StoreError::Other(_) => ApiError::Unavailable(e.to_string()),
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
