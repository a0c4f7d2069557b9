//! `tablero-probe`: a container health check that needs no shell and no curl. It asks the
//! server's `grpc.health.v1.Health/Check` and exits 0 when the answer is SERVING, 1 otherwise
//! (refused connection, timeout, NOT_SERVING, unknown service).
//!
//! The address defaults to the loopback at the port of `TABLERO_LISTEN` (the server's own
//! setting, so the image's HEALTHCHECK follows it), else 50051. With `--tls-ca` it speaks TLS,
//! verifying the server against that CA (and `--tls-server-name`), and with `--tls-cert` /
//! `--tls-key` presents a client certificate (a server that requires mutual TLS).

use clap::Parser;
use std::process::ExitCode;
use std::time::Duration;
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;

const DEFAULT_PORT: &str = "50051";

#[derive(Parser, Debug)]
#[command(
    name = "tablero-probe",
    about = "Exit 0 if the Tablero server at ADDR reports SERVING on grpc.health.v1, 1 otherwise"
)]
struct Args {
    /// `host:port` or `http://host:port`; default 127.0.0.1 at the port of TABLERO_LISTEN.
    addr: Option<String>,
    /// The service to ask about; empty means the whole server.
    #[arg(long, default_value = "")]
    service: String,
    /// Give up after this many milliseconds (connecting and answering together).
    #[arg(long, default_value_t = 2_000)]
    timeout_ms: u64,
    /// A PEM CA bundle: connect with TLS and verify the server against it.
    #[arg(long)]
    tls_ca: Option<std::path::PathBuf>,
    /// The name the server's certificate must carry (default: the address's host).
    #[arg(long, requires = "tls_ca")]
    tls_server_name: Option<String>,
    /// A PEM client certificate, for servers that require mutual TLS (with --tls-key).
    #[arg(long, requires_all = ["tls_ca", "tls_key"])]
    tls_cert: Option<std::path::PathBuf>,
    /// The PEM private key of --tls-cert.
    #[arg(long, requires = "tls_cert")]
    tls_key: Option<std::path::PathBuf>,
}

/// TLS settings from the flags, when `--tls-ca` asks for TLS.
fn tls(args: &Args) -> Result<Option<tonic::transport::ClientTlsConfig>, ProbeError> {
    use tonic::transport::{Certificate, ClientTlsConfig, Identity};
    let Some(ca) = &args.tls_ca else {
        return Ok(None);
    };
    let read = |p: &std::path::Path| {
        std::fs::read(p).map_err(|e| ProbeError::Tls(format!("{}: {e}", p.display())))
    };
    let mut config = ClientTlsConfig::new().ca_certificate(Certificate::from_pem(read(ca)?));
    if let Some(name) = &args.tls_server_name {
        config = config.domain_name(name.clone());
    }
    if let (Some(cert), Some(key)) = (&args.tls_cert, &args.tls_key) {
        config = config.identity(Identity::from_pem(read(cert)?, read(key)?));
    }
    Ok(Some(config))
}

/// Where to connect: the given address, else the loopback at the listen port.
fn target(addr: Option<String>, listen: Option<String>) -> String {
    let addr = addr.unwrap_or_else(|| {
        // `0.0.0.0:50051` and `[::]:50051` both listen on the loopback too.
        let port = listen
            .as_deref()
            .and_then(|l| l.rsplit_once(':'))
            .map_or(DEFAULT_PORT, |(_, port)| port)
            .to_string();
        format!("127.0.0.1:{port}")
    });
    if addr.contains("://") {
        addr
    } else {
        format!("http://{addr}")
    }
}

#[derive(Debug, thiserror::Error)]
enum ProbeError {
    #[error("bad address {0}: {1}")]
    Address(String, tonic::transport::Error),
    #[error("cannot connect to {0}: {1}")]
    Connect(String, tonic::transport::Error),
    #[error("health check failed: {0}")]
    Check(#[from] tonic::Status),
    #[error("no answer within {0:?}")]
    Timeout(Duration),
    #[error("TLS: {0}")]
    Tls(String),
}

async fn check(
    url: &str,
    service: String,
    tls: Option<tonic::transport::ClientTlsConfig>,
) -> Result<ServingStatus, ProbeError> {
    let mut endpoint = tonic::transport::Endpoint::from_shared(url.to_string())
        .map_err(|e| ProbeError::Address(url.to_string(), e))?;
    if let Some(tls) = tls {
        endpoint = endpoint
            .tls_config(tls)
            .map_err(|e| ProbeError::Tls(e.to_string()))?;
    }
    let channel = endpoint
        .connect()
        .await
        .map_err(|e| ProbeError::Connect(url.to_string(), e))?;
    let reply = HealthClient::new(channel)
        .check(HealthCheckRequest { service })
        .await?;
    // An unknown enum value counts as not serving.
    Ok(ServingStatus::try_from(reply.into_inner().status).unwrap_or(ServingStatus::Unknown))
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let args = Args::parse();
    let tls = match tls(&args) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("tablero-probe: {e}");
            return ExitCode::FAILURE;
        }
    };
    let https = tls.is_some();
    let mut url = target(args.addr.clone(), std::env::var("TABLERO_LISTEN").ok());
    if https && let Some(rest) = url.strip_prefix("http://") {
        url = format!("https://{rest}");
    }
    let timeout = Duration::from_millis(args.timeout_ms);
    let result = tokio::time::timeout(timeout, check(&url, args.service.clone(), tls))
        .await
        .unwrap_or(Err(ProbeError::Timeout(timeout)));
    match result {
        Ok(ServingStatus::Serving) => ExitCode::SUCCESS,
        Ok(status) => {
            eprintln!("tablero-probe: {url} is {}", status.as_str_name());
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("tablero-probe: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::target;

    #[test]
    fn address_defaults_to_the_loopback_at_the_listen_port() {
        assert_eq!(target(None, None), "http://127.0.0.1:50051");
        assert_eq!(
            target(None, Some("0.0.0.0:6000".into())),
            "http://127.0.0.1:6000"
        );
        assert_eq!(
            target(None, Some("[::]:7000".into())),
            "http://127.0.0.1:7000"
        );
        assert_eq!(target(Some("10.0.0.5:1".into()), None), "http://10.0.0.5:1");
        assert_eq!(
            target(Some("http://h:2".into()), Some("0.0.0.0:3".into())),
            "http://h:2"
        );
    }
}
