//! Issue 29's reproductions, as an integrator met them: a credential that stops working stops
//! everywhere at once, open streams included (a reissued token's watch ends, on any replica),
//! and a replay shows the seats as they were at its version, not as they are now.

use crate::common::*;
use std::time::Duration;
use tablero_e2e::client::{SeatClient, Tablero};
use tablero_e2e::{Server, pb};
use tokio_stream::StreamExt;
use tonic::{Code, Status};

/// Where a watch stream was opened and where the credential is changed: one replica on the
/// memory store; on Redis (single or cluster) two, the change made on the other one.
struct Replicas {
    _first: Server,
    _second: Option<Server>,
    /// Backend (API key) and key-less clients of the replica that changes things.
    backend: Tablero,
    player: Tablero,
    /// The key-less client of the replica the stream is watched on.
    watcher: Tablero,
}

async fn replicas(store: &Store) -> Replicas {
    let first = store.server();
    let second = store.is_redis().then(|| store.server());
    let backend = first.client().await;
    let player = first.client_without_key().await;
    let watcher = match &second {
        Some(s) => s.client_without_key().await,
        None => first.client_without_key().await,
    };
    Replicas {
        _first: first,
        _second: second,
        backend,
        player,
        watcher,
    }
}

/// Reads `stream` until it ends: the versions of the views it sent, and how it ended.
async fn until_end(
    stream: &mut tonic::Streaming<pb::WatchGameResponse>,
    what: &str,
) -> (Vec<u64>, Option<Status>) {
    let mut versions = Vec::new();
    loop {
        match within(15, what, stream.next()).await {
            Some(Ok(msg)) => versions.push(msg.view.map(|v| v.version).unwrap_or_default()),
            Some(Err(status)) => return (versions, Some(status)),
            None => return (versions, None),
        }
    }
}

/// The first message of a fresh watch stream (the view at the version it starts from).
async fn first_message(stream: &mut tonic::Streaming<pb::WatchGameResponse>) -> pb::GameView {
    within(15, "the first watch message", stream.next())
        .await
        .expect("a message")
        .expect("not an error")
        .view
        .expect("a view")
}

/// One legal move of the seat.
async fn move_once(seat: &SeatClient) {
    let legal = seat.legal_actions().await.unwrap();
    seat.submit_id_at(legal.version, &legal.actions[0].id)
        .await
        .unwrap();
}

/// The reproduction: a Claim game of two people, seat 1's token watching; the backend reissues
/// seat 1's token and seat 0 moves. The old token's stream ends UNAUTHENTICATED and never
/// shows seat 1's hand at the versions after the reissue.
async fn a_reissued_token_ends_its_open_watch(store: Store) {
    let r = replicas(&store).await;
    let game = Game::create(&r.backend, options(pb::ClaimMode::Base2p), all_human(2), 3).await;
    let watcher = r.watcher.seat(&game.id, &game.tokens[&1]);
    let mut stream = watcher.watch(0).await.unwrap();
    let first = first_message(&mut stream).await;
    assert_eq!(first.viewer_seat, Some(1));
    let reissued = r.backend.reissue_seat_token(&game.id, 1).await.unwrap();
    let new_token = reissued.credential.expect("a new token").token;
    let to_act = r.player.spectator(&game.id).view().await.unwrap().to_act;
    if to_act.contains(&0) {
        move_once(&r.player.seat(&game.id, &game.tokens[&0])).await;
    }
    let (sent, ended) = until_end(&mut stream, "the old token's stream").await;
    let status = ended.expect("the stream ends with a status");
    assert_eq!(status.code(), Code::Unauthenticated, "{status:?}");
    let reissue_version = reissued.view.unwrap().version;
    assert!(
        sent.iter().all(|v| *v < reissue_version),
        "no view at or after the reissue reached the old token: {sent:?}"
    );
    // The old token is refused everywhere; the new one watches.
    expect_code(
        watcher.view().await,
        Code::Unauthenticated,
        "the old token's view",
    );
    expect_code(
        watcher.watch(0).await.map(|_| ()),
        Code::Unauthenticated,
        "a new watch with the old token",
    );
    let renewed = r.watcher.seat(&game.id, &new_token);
    let mut stream = renewed.watch(0).await.unwrap();
    assert_eq!(first_message(&mut stream).await.viewer_seat, Some(1));
}

/// Every other way a token stops working ends its stream the same way: its seat handed to the
/// bot, its seat resigned, the game deleted.
async fn a_token_whose_seat_is_gone_ends_its_open_watch(store: Store) {
    let r = replicas(&store).await;
    // Handed to the bot (three seats, so the game goes on).
    let game = Game::create(
        &r.backend,
        options(pb::ClaimMode::ThreePlayer),
        all_human(3),
        5,
    )
    .await;
    let mut stream = r
        .watcher
        .seat(&game.id, &game.tokens[&2])
        .watch(0)
        .await
        .unwrap();
    first_message(&mut stream).await;
    r.backend
        .replace_seat(&game.id, 2, pb::Occupant::Bot)
        .await
        .unwrap();
    let (_, ended) = until_end(&mut stream, "a seat handed to the bot").await;
    assert_eq!(ended.map(|s| s.code()), Some(Code::Unauthenticated));
    // Resigned (the game goes on with the bot in the seat).
    let mut stream = r
        .watcher
        .seat(&game.id, &game.tokens[&1])
        .watch(0)
        .await
        .unwrap();
    first_message(&mut stream).await;
    r.player
        .seat(&game.id, &game.tokens[&1])
        .resign()
        .await
        .unwrap();
    let (_, ended) = until_end(&mut stream, "a resigned seat").await;
    assert_eq!(ended.map(|s| s.code()), Some(Code::Unauthenticated));
    // Deleted by its creator.
    let mut stream = r
        .watcher
        .seat(&game.id, &game.tokens[&0])
        .watch(0)
        .await
        .unwrap();
    first_message(&mut stream).await;
    r.backend
        .delete_game(&game.id, &game.created.creator_token)
        .await
        .unwrap();
    let (_, ended) = until_end(&mut stream, "a deleted game").await;
    assert_eq!(ended.map(|s| s.code()), Some(Code::Unauthenticated));
}

/// The reproduction: seat 1 resigns at version 1; the replay of version 0 shows the game as it
/// was (active, nobody resigned), and in a three-seat game the resigned seat as a person's
/// until the resignation handed it to the bot.
async fn a_replay_shows_the_seats_as_they_were(store: Store) {
    let server = store.server();
    let backend = server.client().await;
    let player = server.client_without_key().await;
    // Two seats: the resignation ends the game.
    let game = Game::create(&backend, options(pb::ClaimMode::Base2p), all_human(2), 3).await;
    let resigned = player
        .seat(&game.id, &game.tokens[&1])
        .resign()
        .await
        .unwrap();
    assert_eq!(resigned.view.as_ref().unwrap().version, 1);
    let spectator = player.spectator(&game.id);
    let then = spectator.replay_view(0).await.unwrap();
    assert_eq!(then.status, pb::GameStatus::Active as i32, "{then:?}");
    assert!(!then.seats[1].resigned);
    assert!(then.outcome.is_none());
    assert_eq!(then.to_act, game.created.view.as_ref().unwrap().to_act);
    let now = spectator.replay_view(1).await.unwrap();
    assert_eq!(now.status, pb::GameStatus::Finished as i32);
    assert!(now.seats[1].resigned);
    // The winner's token replays its own view of version 0: its hand and its moves then.
    let seat0 = player.seat(&game.id, &game.tokens[&0]);
    let mine = seat0.replay_view(0).await.unwrap();
    assert_eq!(mine.viewer_seat, Some(0));
    assert_eq!(
        mine.legal_actions.is_empty(),
        !then.to_act.contains(&0),
        "legal actions as they were"
    );
    // Three seats: the resigned seat is the bot's now, a person's at version 0.
    let game = Game::create(
        &backend,
        options(pb::ClaimMode::ThreePlayer),
        all_human(3),
        4,
    )
    .await;
    player
        .seat(&game.id, &game.tokens[&1])
        .resign()
        .await
        .unwrap();
    let spectator = player.spectator(&game.id);
    let now = spectator.view().await.unwrap();
    assert_eq!(now.seats[1].occupant, pb::Occupant::Bot as i32);
    let then = spectator.replay_view(0).await.unwrap();
    assert_eq!(then.seats[1].occupant, pb::Occupant::Human as i32);
    assert!(!then.seats[1].resigned);
    assert_eq!(then.seats[1].bot, "");
}

/// An API key removed from the keys file ends the WatchChanges streams it opened, on every
/// replica, within the file's reload time.
async fn a_removed_api_key_ends_its_change_streams(store: Store) {
    let dir = std::env::temp_dir().join(format!(
        "tablero-keys-{}-{}",
        std::process::id(),
        tablero_e2e::client::new_idempotency_key()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("keys.toml");
    let (key, entry) = tablero_service::edge::keys::generate(
        "revocable",
        &[tablero_service::edge::keys::Scope::Feed],
    )
    .unwrap();
    std::fs::write(&file, &entry).unwrap();
    let path = file.to_str().unwrap().to_string();
    let servers: Vec<Server> = (0..if store.is_redis() { 2 } else { 1 })
        .map(|_| store.server_with(&["--api-keys-file", &path]))
        .collect();
    let mut streams = Vec::new();
    for s in &servers {
        let client = Tablero::connect_with_key(s.url(), &key).await.unwrap();
        streams.push(
            client
                .raw()
                .watch_changes(pb::WatchChangesRequest::default())
                .await
                .unwrap()
                .into_inner(),
        );
    }
    // The operator removes the key.
    std::fs::write(&file, "").unwrap();
    for (i, stream) in streams.iter_mut().enumerate() {
        let ended = within(15, "the removed key's change stream", async {
            loop {
                match stream.next().await {
                    Some(Ok(_)) => continue,
                    Some(Err(status)) => return Some(status),
                    None => return None,
                }
            }
        })
        .await;
        assert_eq!(
            ended.map(|s| s.code()),
            Some(Code::Unauthenticated),
            "replica {i}"
        );
    }
    // And new calls with it are refused.
    let client = Tablero::connect_with_key(servers[0].url(), &key)
        .await
        .unwrap();
    let refused = client
        .raw()
        .watch_changes(pb::WatchChangesRequest::default())
        .await;
    expect_code(
        refused.map(|_| ()),
        Code::Unauthenticated,
        "the removed key",
    );
    tokio::time::sleep(Duration::from_millis(10)).await;
    let _ = std::fs::remove_dir_all(&dir);
}

on_all_stores!(
    a_reissued_token_ends_its_open_watch,
    a_token_whose_seat_is_gone_ends_its_open_watch,
    a_replay_shows_the_seats_as_they_were,
    a_removed_api_key_ends_its_change_streams,
);
