//! What can go wrong, as types, and how a gRPC status reads to a person.

use tonic::{Code, Status};

#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error(
        "cannot reach the Tablero server at {url}: is it running? start it with \
         `cargo run -p tablero-service --bin tablero`{}",
        cause.as_deref().map(|c| format!(" ({c})")).unwrap_or_default()
    )]
    Connect { url: String, cause: Option<String> },
    #[error("{context}: {}", describe_status(.status))]
    Rpc { context: String, status: Status },
    #[error("{0}")]
    Usage(String),
    #[error("reading your input: {0}")]
    Input(#[from] std::io::Error),
    #[error("the seat-token file {}: {source}", path.display())]
    SeatFile {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
}

impl CliError {
    /// Wraps a failed call with what the client was doing.
    pub fn rpc(context: impl Into<String>) -> impl FnOnce(Status) -> CliError {
        let context = context.into();
        move |status| CliError::Rpc { context, status }
    }
}

/// The canonical upper-case name of a gRPC code, e.g. `FAILED_PRECONDITION`.
pub fn code_name(code: Code) -> &'static str {
    match code {
        Code::Ok => "OK",
        Code::Cancelled => "CANCELLED",
        Code::Unknown => "UNKNOWN",
        Code::InvalidArgument => "INVALID_ARGUMENT",
        Code::DeadlineExceeded => "DEADLINE_EXCEEDED",
        Code::NotFound => "NOT_FOUND",
        Code::AlreadyExists => "ALREADY_EXISTS",
        Code::PermissionDenied => "PERMISSION_DENIED",
        Code::ResourceExhausted => "RESOURCE_EXHAUSTED",
        Code::FailedPrecondition => "FAILED_PRECONDITION",
        Code::Aborted => "ABORTED",
        Code::OutOfRange => "OUT_OF_RANGE",
        Code::Unimplemented => "UNIMPLEMENTED",
        Code::Internal => "INTERNAL",
        Code::Unavailable => "UNAVAILABLE",
        Code::DataLoss => "DATA_LOSS",
        Code::Unauthenticated => "UNAUTHENTICATED",
    }
}

/// One line a player can act on: an illegal move names its rule
/// (`illegal: CLM-TRK.4 — you must follow suit [FAILED_PRECONDITION]`), anything else its code.
pub fn describe_status(status: &Status) -> String {
    let code = code_name(status.code());
    let message = status.message();
    if let Some(rule) = tablero_client::rule_id(status) {
        // The server's message repeats the rule as a prefix: `CLM-TRK.4: you must follow suit`.
        let text = message
            .strip_prefix(&format!("{rule}: "))
            .unwrap_or(message);
        return format!("illegal: {rule} — {text} [{code}]");
    }
    let hint = match status.code() {
        Code::Unauthenticated => " (check the --token you gave)",
        Code::PermissionDenied => " (check the --token you gave)",
        Code::NotFound => {
            " (check the game id; an in-memory server forgets games when it restarts)"
        }
        Code::Unavailable => " (the server may have stopped)",
        _ => "",
    };
    format!("{message} [{code}]{hint}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use tonic_types::{ErrorDetails, StatusExt};

    #[test]
    fn an_illegal_move_names_its_rule_once() {
        let details = ErrorDetails::with_error_info(
            "RULE_VIOLATION",
            "tablero.v1",
            [("rule_id".to_string(), "CLM-TRK.4".to_string())],
        );
        let status = Status::with_error_details(
            Code::FailedPrecondition,
            "CLM-TRK.4: you must follow suit",
            details,
        );
        assert_eq!(
            describe_status(&status),
            "illegal: CLM-TRK.4 — you must follow suit [FAILED_PRECONDITION]"
        );
    }

    #[test]
    fn other_errors_carry_their_code() {
        let status = Status::not_found("game g1 not found");
        assert!(describe_status(&status).starts_with("game g1 not found [NOT_FOUND]"));
    }
}
