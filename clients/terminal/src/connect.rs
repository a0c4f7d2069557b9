//! Connecting to the server, with a bounded wait and a message that says what to do.

use crate::error::CliError;
use std::time::Duration;
use tablero_client::{ClientError, Tablero};

const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// Connects to `url`, as a backend when `api_key` is given (needed to choose a seed or list
/// every game on servers that require one).
pub async fn connect(url: &str, api_key: Option<&str>) -> Result<Tablero, CliError> {
    let failed = |cause: Option<String>| CliError::Connect {
        url: url.to_string(),
        cause,
    };
    let connecting = async {
        match api_key {
            Some(key) => Tablero::connect_with_key(url, key).await,
            None => Tablero::connect(url).await,
        }
    };
    match tokio::time::timeout(CONNECT_TIMEOUT, connecting).await {
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
