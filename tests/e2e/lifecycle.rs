//! Game lifecycle: the creator deletes a game (nobody else can), a campaign's owner deletes it
//! with its plays, and finished and abandoned games expire while campaigns and their plays stay.
//! Open watch streams of a deleted game end with NOT_FOUND.

use crate::campaigns::{create_emara_campaign, play, start};
use crate::common::*;
use futures::StreamExt;
use std::time::{Duration, Instant};
use tablero_e2e::client::{SeatClient, Tablero};
use tablero_e2e::{Backend, pb};
use tonic::{Code, Status};

/// Opens a watch stream and reads its first message.
async fn watching(client: &SeatClient) -> tonic::Streaming<pb::WatchGameResponse> {
    let mut stream = client.watch(0).await.expect("WatchGame");
    within(10, "the first message", stream.next())
        .await
        .expect("a message")
        .expect("not an error");
    stream
}

/// Waits for the next message of a watch stream that must end because its game is gone: it
/// ends with NOT_FOUND, then nothing.
async fn ends_with_not_found(stream: tonic::Streaming<pb::WatchGameResponse>, what: &str) {
    ends_with(stream, Code::NotFound, what).await
}

/// The stream's next item is `code`, and nothing follows.
async fn ends_with(mut stream: tonic::Streaming<pb::WatchGameResponse>, code: Code, what: &str) {
    let end = within(20, what, stream.next()).await;
    match end {
        Some(Err(s)) if s.code() == code => {}
        Some(Err(s)) => panic!("{what}: the stream ends with {code:?}, not {s:?}"),
        Some(Ok(m)) => panic!(
            "{what}: the stream ends with {code:?}, not a message at version {:?}",
            m.view.map(|v| v.version)
        ),
        None => panic!("{what}: the stream ends with {code:?}, not without a status"),
    }
    let after = within(10, what, stream.next()).await;
    assert!(after.is_none(), "{what}: nothing after the {code:?}");
}

/// Every read of a game that is gone is NOT_FOUND, for a seat and a spectator alike.
async fn gone(game: &Game, what: &str) {
    let seat = game.seat(*game.tokens.keys().next().expect("a human seat"));
    let spectator = game.spectator();
    expect_code(spectator.view().await, Code::NotFound, what);
    expect_code(seat.view().await, Code::NotFound, what);
    expect_code(seat.legal_actions().await, Code::NotFound, what);
    expect_code(spectator.history(0).await, Code::NotFound, what);
    expect_code(spectator.replay_view(0).await, Code::NotFound, what);
    expect_code(
        game.submit(0, 0, action_id("anything")).await,
        Code::NotFound,
        what,
    );
    expect_code(
        game.tablero.join_game(&game.id, None, "late").await,
        Code::NotFound,
        what,
    );
    expect_code(spectator.watch(0).await, Code::NotFound, what);
    assert!(
        !listed_ids(&game.tablero).await.contains(&game.id),
        "{what}: not listed"
    );
}

fn delete_request(game_id: &str) -> pb::DeleteGameRequest {
    pb::DeleteGameRequest {
        game_id: game_id.into(),
    }
}

async fn the_creator_deletes_a_game(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let game = Game::create(&tablero, options(pb::ClaimMode::Base2p), all_human(2), 11).await;
    let creator = game.created.creator_token.clone();
    assert!(
        creator.starts_with("tbl_"),
        "CreateGame returns a creator token"
    );
    assert!(
        game.tokens.values().all(|t| *t != creator),
        "the creator token is no seat token"
    );
    expect_code(
        tablero.seat(&game.id, &creator).legal_actions().await,
        Code::Unauthenticated,
        "the creator token does not act for a seat",
    );
    game.step(&mut Lcg::new(11)).await.expect("a move");
    let other = Game::create(&tablero, options(pb::ClaimMode::Base2p), all_human(2), 12).await;

    // Nobody else deletes it (a player without its creator token, without an API key), and a
    // refused delete changes nothing.
    let before = snapshot(&game).await;
    let player = server.client_without_key().await;
    let no_token = player.raw().delete_game(delete_request(&game.id)).await;
    expect_code(
        no_token,
        Code::Unauthenticated,
        "DeleteGame without a token",
    );
    for (what, token) in [
        ("a seat's token", game.tokens[&0].clone()),
        (
            "another game's creator",
            other.created.creator_token.clone(),
        ),
        ("a made-up token", "tbl_0123".to_string()),
    ] {
        expect_code(
            tablero.delete_game(&game.id, &token).await,
            Code::PermissionDenied,
            &format!("DeleteGame with {what}"),
        );
    }
    expect_code(
        tablero
            .delete_game("g_000000000000000000000000", &creator)
            .await,
        Code::NotFound,
        "DeleteGame of an unknown game",
    );
    expect_code(
        tablero.delete_game("not-a-game-id", &creator).await,
        Code::InvalidArgument,
        "DeleteGame of a malformed id",
    );
    assert_same(&before, &snapshot(&game).await, "the refused deletes");

    // Watchers of the game see it end.
    let spectator = watching(&game.spectator()).await;
    let seat = watching(&game.seat(1)).await;
    tablero
        .delete_game(&game.id, &creator)
        .await
        .expect("the creator deletes the game");
    ends_with_not_found(spectator, "a spectator's stream").await;
    // A seat's token went with its game (issue 29: a stream ends when its token stops working).
    ends_with(seat, Code::Unauthenticated, "a seat's stream").await;
    gone(&game, "a deleted game").await;
    expect_code(
        tablero.delete_game(&game.id, &creator).await,
        Code::NotFound,
        "deleting it again",
    );
    // Other games are untouched.
    let snap = snapshot(&other).await;
    assert_eq!(snap.games_listed, 1, "only the other game is listed");
    assert_eq!(snap.summary.expect("listed").game_id, other.id);
}

/// The play a StartCampaignGame response started, as a [`Game`].
fn play_of(tablero: &Tablero, started: &pb::StartCampaignGameResponse) -> Game {
    Game {
        tablero: tablero.clone(),
        id: started.game_id.clone(),
        n: 1,
        mode: pb::ClaimMode::Unspecified,
        tokens: started
            .credentials
            .iter()
            .map(|c| (c.seat, c.token.clone()))
            .collect(),
        created: pb::CreateGameResponse::default(),
    }
}

fn campaign_request(id: &str) -> pb::DeleteCampaignRequest {
    pb::DeleteCampaignRequest {
        campaign_id: id.into(),
    }
}

async fn the_owner_deletes_a_campaign_with_its_plays(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let created = create_emara_campaign(&tablero).await;
    let (id, owner) = (created.campaign_id.clone(), created.token.clone());
    let first = start(&tablero, &id, &owner, 1).await.expect("a first play");
    let first = play_of(&tablero, &first);
    assert!(
        play(&first.seat(0), &mut Lcg::new(1), 20_000).await,
        "the first play ends"
    );
    let second = start(&tablero, &id, &owner, 2)
        .await
        .expect("a second play");
    assert!(
        second.credentials.iter().all(|c| !c.token.is_empty()),
        "seat tokens for the play"
    );
    let second = play_of(&tablero, &second);
    assert_eq!(get_campaign(&tablero, &id).await.plays.len(), 2);

    // A play goes with its campaign only: DeleteGame refuses it, whoever asks.
    for token in [&owner, &second.tokens[&0]] {
        let s = expect_code(
            tablero.delete_game(&second.id, token).await,
            Code::FailedPrecondition,
            "DeleteGame of a campaign's play",
        );
        assert!(s.message().contains(&id), "{}", s.message());
    }
    let before = snapshot(&second).await;

    // Only the owner deletes the campaign (or a backend's key with the `delete` scope).
    let no_token = server
        .client_without_key()
        .await
        .campaigns()
        .delete_campaign(campaign_request(&id))
        .await;
    expect_code(
        no_token,
        Code::Unauthenticated,
        "DeleteCampaign without a token",
    );
    expect_code(
        tablero.delete_campaign(&id, &second.tokens[&0]).await,
        Code::PermissionDenied,
        "DeleteCampaign with a play's seat token",
    );
    expect_code(
        tablero
            .delete_campaign("c_000000000000000000000000", &owner)
            .await,
        Code::NotFound,
        "DeleteCampaign of an unknown campaign",
    );
    assert_same(&before, &snapshot(&second).await, "the refused deletes");
    assert_eq!(get_campaign(&tablero, &id).await.plays.len(), 2);

    let watcher = watching(&second.spectator()).await;
    let mut deleted = tablero
        .delete_campaign(&id, &owner)
        .await
        .expect("the owner deletes the campaign");
    deleted.sort();
    let mut plays = vec![first.id.clone(), second.id.clone()];
    plays.sort();
    assert_eq!(deleted, plays, "both plays went with the campaign");
    ends_with_not_found(watcher, "a watcher of the running play").await;
    let req = pb::GetCampaignRequest {
        campaign_id: id.clone(),
    };
    expect_code(
        tablero.campaigns().get_campaign(req).await,
        Code::NotFound,
        "GetCampaign of a deleted campaign",
    );
    let listed = tablero
        .campaigns()
        .list_campaigns(pb::ListCampaignsRequest::default())
        .await
        .expect("ListCampaigns")
        .into_inner();
    assert!(listed.campaigns.iter().all(|c| c.campaign_id != id));
    expect_code(
        start(&tablero, &id, &owner, 3).await,
        Code::NotFound,
        "StartCampaignGame of a deleted campaign",
    );
    expect_code(
        tablero.delete_campaign(&id, &owner).await,
        Code::NotFound,
        "deleting it again",
    );
    gone(&first, "a finished play of a deleted campaign").await;
    gone(&second, "the running play of a deleted campaign").await;
}

/// `ZCARD key` straight from the Redis behind a Redis store (any node of a cluster: `-c`
/// follows the redirect); `None` on memory.
fn zcard(store: &Store, key: &str) -> Option<u64> {
    let url = match &store.backend {
        Backend::Memory => return None,
        Backend::Redis(url) | Backend::RedisCluster(url) => url,
    };
    let port = url
        .rsplit(':')
        .next()
        .and_then(|p| p.trim_end_matches('/').parse::<u16>().ok())
        .expect("a port in the store URL");
    let out = std::process::Command::new("redis-cli")
        .args(["-c", "-p", &port.to_string(), "--raw", "zcard", key])
        .output()
        .expect("redis-cli must be installed (apt-get install -y redis-tools)");
    let text = String::from_utf8_lossy(&out.stdout);
    Some(
        text.trim()
            .parse()
            .unwrap_or_else(|_| panic!("ZCARD {key}: {text}")),
    )
}

/// Polls `done` every 100 ms for at most `secs` seconds.
async fn eventually<F, Fut>(secs: u64, what: &str, mut done: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = Instant::now() + Duration::from_secs(secs);
    while !done().await {
        assert!(Instant::now() < deadline, "{what}: not within {secs} s");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn is_not_found<T>(r: &Result<T, Status>) -> bool {
    matches!(r, Err(s) if s.code() == Code::NotFound)
}

async fn finished_and_abandoned_games_expire_but_campaigns_stay(store: Store) {
    let server = store.server_with(&[
        "--finished-ttl-secs",
        "1",
        "--abandoned-ttl-secs",
        "2",
        "--sweep-interval-ms",
        "200",
    ]);
    let tablero = server.client().await;
    // The campaign and its play come first: had the play an expiry, it would run out before
    // the untouched game below.
    let created = create_emara_campaign(&tablero).await;
    let started = start(&tablero, &created.campaign_id, &created.token, 5)
        .await
        .expect("a play");
    let kept = play_of(&tablero, &started);
    let finished = Game::create(
        &tablero,
        options(pb::ClaimMode::Base2p),
        seats(&[true, false]),
        21,
    )
    .await;
    let view = finished.play_to_end(&mut Lcg::new(21)).await;
    assert_eq!(view.status, pb::GameStatus::Finished as i32);
    let abandoned = Game::create(&tablero, options(pb::ClaimMode::Base2p), all_human(2), 22).await;
    let listed = listed_ids(&tablero).await;
    for id in [&kept.id, &finished.id, &abandoned.id] {
        assert!(listed.contains(id), "{id} is listed while it lives");
    }

    for game in [&finished, &abandoned] {
        eventually(30, "the game expires", || async {
            is_not_found(&game.spectator().view().await)
        })
        .await;
        gone(game, "an expired game").await;
    }
    // The sweeper (every replica's, here every 200 ms) empties the listing indexes of them:
    // what is left is the campaign's play.
    // One listing index per (type, status), as `store/redis.rs` names them.
    let index = |t: &str, s: &str| zcard(&store, &format!("tablero:idx:t:{t}:s:{s}"));
    eventually(30, "the indexes converge", || async {
        index("claim", "finished").is_none_or(|n| n == 0)
            && index("claim", "active").is_none_or(|n| n == 0)
            && zcard(&store, "tablero:exp").is_none_or(|n| n == 0)
    })
    .await;
    if store.is_redis() {
        assert_eq!(index("emara", "active"), Some(1));
        assert_eq!(index("emara", "finished"), Some(0));
    }

    // The play outlived both, and so did its campaign; the play still takes moves.
    let listed = listed_ids(&tablero).await;
    assert!(
        listed.len() == 1 && listed.contains(&kept.id),
        "only the play is listed: {listed:?}"
    );
    let campaign = get_campaign(&tablero, &created.campaign_id).await;
    assert_eq!(campaign.current_game_id, kept.id);
    assert!(!play(&kept.seat(0), &mut Lcg::new(5), 1).await);
}

on_all_stores!(
    the_creator_deletes_a_game,
    the_owner_deletes_a_campaign_with_its_plays,
    finished_and_abandoned_games_expire_but_campaigns_stay
);
