//! Connecting to the server, with a bounded wait and a message that says what to do.

use crate::error::CliError;
use std::time::Duration;
use tablero_client::{ClientError, Tablero};

const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

pub async fn connect(url: &str) -> Result<Tablero, CliError> {
    let failed = |cause: Option<String>| CliError::Connect {
        url: url.to_string(),
        cause,
    };
    match tokio::time::timeout(CONNECT_TIMEOUT, Tablero::connect(url)).await {
        Ok(Ok(t)) => Ok(t),
        Ok(Err(ClientError::Connect(e))) => Err(failed(Some(root_cause(&e)))),
        Ok(Err(ClientError::Status(s))) => Err(failed(Some(s.message().to_string()))),
        Err(_) => Err(failed(Some(format!(
            "no answer within {}s",
            CONNECT_TIMEOUT.as_secs()
        )))),
    }
}

/// The innermost error message (`Connection refused (os error 111)` rather than `transport error`).
fn root_cause(e: &(dyn std::error::Error + 'static)) -> String {
    let mut current = e;
    while let Some(next) = current.source() {
        current = next;
    }
    current.to_string()
}
