//! `tablero-probe`, the image's health check: exit 0 against a serving server, 1 when nothing
//! listens or the named service is unknown.

use std::process::Command;
use tablero_e2e::{Backend, Server, free_port, server_binary};

/// Runs the probe binary (built next to the server) with `args`; whether it exited 0.
fn probe(args: &[&str]) -> bool {
    let bin = server_binary().with_file_name("tablero-probe");
    let out = Command::new(&bin)
        .args(args)
        .env_remove("TABLERO_LISTEN")
        .output()
        .unwrap_or_else(|e| panic!("run {}: {e}", bin.display()));
    match out.status.code() {
        Some(0) => true,
        Some(1) => false,
        other => panic!(
            "the probe exits 0 or 1, not {other:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        ),
    }
}

#[test]
fn serving_server_passes() {
    let server = Server::start(Backend::Memory);
    let addr = server.addr.to_string();
    assert!(probe(&[&addr]));
    assert!(probe(&[
        &server.url(),
        "--service",
        "tablero.v1.GameService"
    ]));
    assert!(probe(&[&addr, "--service", "tablero.v1.CampaignService"]));
}

#[test]
fn unknown_service_fails() {
    let server = Server::start(Backend::Memory);
    assert!(!probe(&[
        &server.addr.to_string(),
        "--service",
        "no.such.Service"
    ]));
}

#[test]
fn closed_port_fails() {
    let addr = format!("127.0.0.1:{}", free_port());
    assert!(!probe(&[&addr, "--timeout-ms", "3000"]));
}

#[test]
fn listen_port_is_the_default_address() {
    let server = Server::start(Backend::Memory);
    let bin = server_binary().with_file_name("tablero-probe");
    let status = Command::new(&bin)
        .env("TABLERO_LISTEN", format!("0.0.0.0:{}", server.addr.port()))
        .status()
        .expect("run the probe");
    assert_eq!(status.code(), Some(0));
}
