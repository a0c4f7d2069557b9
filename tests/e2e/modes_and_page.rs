//! The game-neutral `CreateGameRequest.mode`, and the play page the server serves. Neither
//! depends on the store, so these run on the in-memory store only.

use std::io::{Read, Write};
use std::net::TcpStream;
use tablero_e2e::client::Tablero;
use tablero_e2e::{Backend, Server, pb};
use tonic::Code;

fn claim_options(mode: pb::ClaimMode) -> Option<pb::GameOptions> {
    Some(pb::GameOptions {
        game: Some(pb::game_options::Game::Claim(pb::ClaimOptions {
            mode: mode as i32,
            ..Default::default()
        })),
    })
}

fn request(mode: &str, seats: usize, options: Option<pb::GameOptions>) -> pb::CreateGameRequest {
    pb::CreateGameRequest {
        game_type: "claim".into(),
        mode: mode.into(),
        seats: (0..seats).map(|_| Tablero::bot()).collect(),
        seed: Some(3),
        options,
        ..Default::default()
    }
}

fn claim_mode(view: &pb::GameView) -> i32 {
    match &view.game {
        Some(pb::game_view::Game::Claim(c)) => c.mode,
        other => panic!("not a Claim view: {other:?}"),
    }
}

#[tokio::test]
async fn every_listed_mode_can_be_created_by_name() {
    let server = Server::start(Backend::Memory);
    let tablero = server.client().await;
    let claim = tablero
        .game_types()
        .await
        .unwrap()
        .into_iter()
        .find(|t| t.game_type == "claim")
        .unwrap();
    let expected = [
        pb::ClaimMode::Base2p,
        pb::ClaimMode::Custom2p,
        pb::ClaimMode::ThreePlayer,
        pb::ClaimMode::FourPlayerTeams,
    ];
    assert_eq!(claim.modes.len(), expected.len());
    for (mode, want) in claim.modes.iter().zip(expected) {
        let created = tablero
            .create_game(request(&mode.name, mode.seats as usize, None))
            .await
            .unwrap();
        let view = created.view.unwrap();
        assert_eq!(claim_mode(&view), want as i32, "{}", mode.name);
        assert_eq!(view.seats.len(), mode.seats as usize);
        // All seats are bots: the game was played to the end inside CreateGame.
        assert_eq!(view.status, pb::GameStatus::Finished as i32);
    }
    // The name and the options may both say it, if they agree.
    let agreed = request("three_player", 3, claim_options(pb::ClaimMode::ThreePlayer));
    assert!(tablero.create_game(agreed).await.is_ok());
}

#[tokio::test]
async fn an_unknown_or_contradicting_mode_is_invalid_and_stores_nothing() {
    let server = Server::start(Backend::Memory);
    let tablero = server.client().await;
    for req in [
        request("five_player", 5, None),
        request("BASE_2P", 2, None),
        request("three_player", 3, claim_options(pb::ClaimMode::Base2p)),
        request("three_player", 2, None),
    ] {
        let err = tablero.create_game(req.clone()).await.unwrap_err();
        assert_eq!(err.code(), Code::InvalidArgument, "{req:?}: {err:?}");
    }
    let listed = tablero
        .raw()
        .list_games(pb::ListGamesRequest::default())
        .await
        .unwrap()
        .into_inner();
    assert!(listed.games.is_empty(), "nothing stored: {listed:?}");
}

/// One plain HTTP/1.1 request; returns the status line, the headers and the body.
fn http(addr: std::net::SocketAddr, method: &str, path: &str) -> (String, String, Vec<u8>) {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a header block");
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let (status, headers) = head.split_once("\r\n").unwrap_or((&head, ""));
    (
        status.to_string(),
        headers.to_lowercase(),
        raw[split + 4..].to_vec(),
    )
}

#[test]
fn the_server_serves_the_play_page() {
    let server = Server::start(Backend::Memory);
    let (status, headers, body) = http(server.addr, "GET", "/");
    assert!(status.contains(" 200 "), "{status}");
    assert!(headers.contains("content-type: text/html"), "{headers}");
    let html = String::from_utf8(body).unwrap();
    assert!(html.contains("app.js"), "the page loads its bundle");

    let (status, headers, body) = http(server.addr, "GET", "/app.js");
    assert!(status.contains(" 200 "), "{status}");
    assert!(
        headers.contains("content-type: text/javascript"),
        "{headers}"
    );
    assert!(
        body.len() > 10_000,
        "the bundled client, not a stub: {} bytes",
        body.len()
    );

    let (status, _, body) = http(server.addr, "HEAD", "/app.js");
    assert!(status.contains(" 200 ") && body.is_empty(), "{status}");
    let (status, _, _) = http(server.addr, "GET", "/favicon.ico");
    assert!(status.contains(" 204 "), "{status}");

    // The HTTP/JSON API's OpenAPI file, as checked in.
    let (status, headers, body) = http(server.addr, "GET", "/openapi.yaml");
    assert!(status.contains(" 200 "), "{status}");
    assert!(
        headers.contains("content-type: application/yaml"),
        "{headers}"
    );
    assert_eq!(
        body,
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/openapi.yaml")).unwrap()
    );
}
