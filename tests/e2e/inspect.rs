//! `tablero inspect`: a game the real server stored in a real Redis, printed as JSON by the same
//! binary's inspect command (record, rules state and log, whatever binary format they are in).

use crate::common::*;
use tablero_e2e::{Backend, pb, server_binary};

/// Runs `tablero inspect --store <url> <id>`: its exit status, stdout and stderr.
fn inspect(url: &str, id: &str) -> (bool, String, String) {
    let out = std::process::Command::new(server_binary())
        .args(["inspect", "--store", url, id])
        .env_remove("TABLERO_STORE")
        .output()
        .expect("run tablero inspect");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn prints_a_stored_game_as_json() {
    let store = Store::redis();
    let Backend::Redis(url) = store.backend.clone() else {
        unreachable!("a Redis store")
    };
    let server = store.server();
    let tablero = server.client().await;
    // Seat 1 is a bot: its moves are logged by the server too.
    let game = Game::create(
        &tablero,
        options(pb::ClaimMode::Base2p),
        seats(&[true, false]),
        17,
    )
    .await;
    let mut lcg = Lcg::new(17);
    for _ in 0..4 {
        game.step(&mut lcg).await.expect("the game goes on");
    }
    let view = game.view().await;

    let (ok, stdout, stderr) = inspect(&url, &game.id);
    assert!(ok, "inspect failed: {stderr}");
    let shown: serde_json::Value = serde_json::from_str(&stdout).expect("JSON on stdout");
    let record = &shown["record"];
    assert_eq!(record["id"], game.id.as_str());
    assert_eq!(record["game_type"], "claim");
    assert_eq!(record["format"], 2);
    assert_eq!(record["version"], view.version);
    assert_eq!(record["seats"][1]["occupant"], "bot");
    // The rules values are JSON again: the state and setup as objects, not bytes.
    assert!(record["state"].is_object(), "{record}");
    assert!(record["setup"]["config"].is_object(), "{record}");
    assert!(!record["opening_events"].as_array().unwrap().is_empty());
    let log = shown["log"].as_array().expect("the log");
    assert_eq!(log.len() as u64, view.version);
    for (i, entry) in log.iter().enumerate() {
        assert_eq!(entry["version"], i as u64 + 1);
        assert!(!entry["action"].is_array(), "an action, not bytes: {entry}");
        assert!(entry["events"].is_array());
    }

    let (ok, _, stderr) = inspect(&url, "g_000000000000000000000000");
    assert!(!ok);
    assert!(stderr.contains("no game"), "{stderr}");
    let (ok, _, stderr) = inspect("memory", &game.id);
    assert!(!ok);
    assert!(stderr.contains("Redis URL"), "{stderr}");
}
