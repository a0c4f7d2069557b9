//! Who may do what (service/src/edge/access.rs, keys.rs): backends hold API keys with scopes, players
//! seat tokens, anyone else creates only what the operator allows, within quotas. Every refusal
//! has its code and changes nothing.

use crate::common::*;
use std::time::{Duration, Instant};
use tablero_e2e::client::Tablero;
use tablero_e2e::{Launch, Server, TEST_API_KEY, pb, test_api_keys};
use tonic::{Code, Request};

/// A second key, allowed only to create (no seeds, no listing, no deleting).
const CREATE_ONLY_KEY: &str = "tbk_e2e_create_only_0123456789abcdef0123456789abcdef";
const CREATE_ONLY_SHA256: &str = "2e5cd9438f8b6940b219a69957035802da1f0a3019aa522e34854157de2f1094";

/// The header the quota tests name as the caller's (`TABLERO_CALLER_HEADER`).
const CALLER_HEADER: &str = "x-test-caller";

fn keys_with_create_only() -> String {
    format!(
        "{}[[key]]\nname = \"create-only\"\nsha256 = \"{CREATE_ONLY_SHA256}\"\nscopes = [\"create\"]\n",
        test_api_keys()
    )
}

fn launch(env: &[(&str, &str)]) -> Launch {
    Launch {
        env: env
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        ..Launch::default()
    }
}

/// A request as caller `caller` (through [`CALLER_HEADER`]).
fn as_caller<T>(msg: T, caller: &str) -> Request<T> {
    let mut req = Request::new(msg);
    req.metadata_mut()
        .insert(CALLER_HEADER, caller.parse().unwrap());
    req
}

fn claim_game(seed: Option<u64>, humans: usize, listed: bool) -> pb::CreateGameRequest {
    let mut r = create_request(
        options(pb::ClaimMode::Base2p),
        seats(&(0..2).map(|i| i < humans).collect::<Vec<_>>()),
        0,
    );
    r.seed = seed;
    r.listed = listed;
    r
}

fn setup_of(view: &pb::GameView) -> pb::SetupKind {
    pb::SetupKind::try_from(view.setup).unwrap()
}

async fn seeds_and_scenarios_need_a_key_with_the_setup_scope(store: Store) {
    let server = Server::launch(
        store.backend.clone(),
        launch(&[("TABLERO_API_KEYS", &keys_with_create_only())]),
    );
    let backend = server.client().await;
    let player = server.client_without_key().await;
    let create_only = Tablero::connect_with_key(server.url(), CREATE_ONLY_KEY)
        .await
        .unwrap();

    // Whoever chooses the seed can know every card: a player may not.
    expect_code(
        player.create_game(claim_game(Some(7), 2, false)).await,
        Code::Unauthenticated,
        "a seed without a key",
    );
    let mut with_scenario = claim_game(None, 2, false);
    with_scenario.scenario = Some(pb::Scenario {
        game: Some(pb::scenario::Game::Claim(pb::ClaimScenario {
            deck: vec![],
        })),
    });
    expect_code(
        player.create_game(with_scenario.clone()).await,
        Code::Unauthenticated,
        "a scenario without a key (refused before it is even read)",
    );
    expect_code(
        create_only.create_game(claim_game(Some(7), 2, false)).await,
        Code::PermissionDenied,
        "a seed with a key that lacks the setup scope",
    );
    expect_code(
        backend.create_game(with_scenario).await,
        Code::InvalidArgument,
        "a backend's malformed scenario is read (and refused)",
    );
    assert!(
        list_all(&backend, "", pb::GameStatus::Unspecified)
            .await
            .is_empty(),
        "nothing stored"
    );

    // Views say how the game was set up, to every seat, the one who joins later included.
    let chosen = backend
        .create_game(claim_game(Some(7), 1, false))
        .await
        .unwrap();
    assert_eq!(
        setup_of(chosen.view.as_ref().unwrap()),
        pb::SetupKind::ChosenSeed
    );
    let mut open = claim_game(Some(8), 1, false);
    open.seats[1] = Tablero::open_seat();
    let open = backend.create_game(open).await.unwrap();
    let joined = player.join_game(&open.game_id, None, "Bea").await.unwrap();
    assert_eq!(
        setup_of(joined.view.as_ref().unwrap()),
        pb::SetupKind::ChosenSeed,
        "the joining player learns the seed was chosen"
    );
    let random = player
        .create_game(claim_game(None, 2, false))
        .await
        .unwrap();
    assert_eq!(
        setup_of(random.view.as_ref().unwrap()),
        pb::SetupKind::Random
    );
    let seat = player.seat(&random.game_id, &random.credentials[0].token);
    assert_eq!(setup_of(&seat.view().await.unwrap()), pb::SetupKind::Random);

    // A key nobody configured, or two keys, is refused rather than served as anonymous.
    let stranger = Tablero::connect_with_key(server.url(), "tbk_revoked")
        .await
        .unwrap();
    expect_code(
        stranger.create_game(claim_game(None, 2, false)).await,
        Code::Unauthenticated,
        "an unknown key",
    );
    let mut two = Request::new(claim_game(None, 2, false));
    two.metadata_mut()
        .append("x-api-key", TEST_API_KEY.parse().unwrap());
    two.metadata_mut()
        .append("x-api-key", CREATE_ONLY_KEY.parse().unwrap());
    expect_code(
        player.raw().create_game(two).await,
        Code::Unauthenticated,
        "two keys",
    );
}

async fn without_a_key_only_listed_games_are_listed(store: Store) {
    let server = store.server();
    let backend = server.client().await;
    let player = server.client_without_key().await;
    let listed = player.create_game(claim_game(None, 2, true)).await.unwrap();
    let unlisted = player
        .create_game(claim_game(None, 2, false))
        .await
        .unwrap();
    let mut finished_listed = claim_game(None, 0, true);
    finished_listed.seats = vec![Tablero::bot(), Tablero::bot()];
    let finished_listed = player.create_game(finished_listed).await.unwrap();
    assert!(finished_listed.view.as_ref().unwrap().listed);

    let ids = |games: Vec<pb::GameSummary>| {
        let mut ids: Vec<String> = games.into_iter().map(|g| g.game_id).collect();
        ids.sort();
        ids
    };
    let mut want = vec![listed.game_id.clone(), finished_listed.game_id.clone()];
    want.sort();
    assert_eq!(
        ids(list_all(&player, "", pb::GameStatus::Unspecified).await),
        want
    );
    assert_eq!(
        ids(list_all(&player, "claim", pb::GameStatus::Active).await),
        vec![listed.game_id.clone()]
    );
    let everything = list_all(&backend, "", pb::GameStatus::Unspecified).await;
    assert_eq!(
        everything.len(),
        3,
        "a key with the list scope sees every game"
    );
    let summary = everything
        .iter()
        .find(|g| g.game_id == unlisted.game_id)
        .unwrap();
    assert!(!summary.listed);
    // An unlisted game is still reachable by its id.
    player.spectator(&unlisted.game_id).view().await.unwrap();
    // Campaigns are personal: only a backend lists them.
    expect_code(
        player
            .campaigns()
            .list_campaigns(pb::ListCampaignsRequest::default())
            .await,
        Code::Unauthenticated,
        "ListCampaigns without a key",
    );
    backend
        .campaigns()
        .list_campaigns(pb::ListCampaignsRequest::default())
        .await
        .expect("ListCampaigns with a key");
}

async fn callers_without_a_key_create_within_quotas(store: Store) {
    let server = Server::launch(
        store.backend.clone(),
        launch(&[
            ("TABLERO_CALLER_HEADER", CALLER_HEADER),
            ("TABLERO_GAMES_PER_CALLER", "3"),
            ("TABLERO_CAMPAIGNS_PER_CALLER", "1"),
            ("TABLERO_MAX_PUBLIC_GAMES", "5"),
        ]),
    );
    let backend = server.client().await;
    let player = server.client_without_key().await;
    let create = |caller: &'static str| {
        let player = player.clone();
        async move {
            player
                .raw()
                .create_game(as_caller(claim_game(None, 2, false), caller))
                .await
                .map(|r| r.into_inner())
        }
    };
    let mut ada = Vec::new();
    for _ in 0..3 {
        ada.push(create("ada").await.expect("within Ada's quota"));
    }
    let refused = expect_code(
        create("ada").await,
        Code::ResourceExhausted,
        "a 4th live game",
    );
    assert!(refused.message().contains("3 live games"), "{refused:?}");
    create("bea")
        .await
        .expect("another caller has a quota of its own");
    // Deleting one frees its place.
    player
        .delete_game(&ada[0].game_id, &ada[0].creator_token)
        .await
        .unwrap();
    ada.push(create("ada").await.expect("a freed place"));
    // A finished game frees its place too: play one of Ada's to the end.
    let finished = &ada[1];
    let game = Game::adopt(&player, finished);
    game.play_to_end(&mut Lcg::new(5)).await;
    create("ada")
        .await
        .expect("a finished game frees its place");

    // The server-wide cap on live games of keyless callers (5 now: Ada 3, Bea 1, and Cy 1).
    create("cy").await.expect("the fifth live game");
    let capped = expect_code(create("dan").await, Code::ResourceExhausted, "past the cap");
    assert!(capped.message().contains("try again later"), "{capped:?}");
    backend
        .create_game(claim_game(Some(1), 2, false))
        .await
        .expect("a backend's key is not capped");

    // Campaigns: one per caller.
    let campaign = |caller: &'static str| {
        let player = player.clone();
        async move {
            player
                .campaigns()
                .create_campaign(as_caller(
                    pb::CreateCampaignRequest {
                        game_type: "emara".into(),
                        name: "Ada".into(),
                        options: None,
                    },
                    caller,
                ))
                .await
        }
    };
    campaign("ada").await.expect("the first campaign");
    expect_code(
        campaign("ada").await,
        Code::ResourceExhausted,
        "a 2nd campaign",
    );
    campaign("bea").await.expect("another caller's campaign");
}

async fn the_operator_may_keep_creation_to_backends(store: Store) {
    let server = Server::launch(
        store.backend.clone(),
        launch(&[
            ("TABLERO_PUBLIC_CREATE", "false"),
            ("TABLERO_API_KEYS", &keys_with_create_only()),
        ]),
    );
    let player = server.client_without_key().await;
    expect_code(
        player.create_game(claim_game(None, 2, false)).await,
        Code::Unauthenticated,
        "a keyless CreateGame",
    );
    expect_code(
        player
            .campaigns()
            .create_campaign(pb::CreateCampaignRequest {
                game_type: "emara".into(),
                name: "Ada".into(),
                options: None,
            })
            .await,
        Code::Unauthenticated,
        "a keyless CreateCampaign",
    );
    let create_only = Tablero::connect_with_key(server.url(), CREATE_ONLY_KEY)
        .await
        .unwrap();
    let created = create_only
        .create_game(claim_game(None, 2, false))
        .await
        .expect("a key with the create scope");
    // A player plays it with the seat token: that needs no key.
    let seat = player.seat(&created.game_id, &created.credentials[0].token);
    seat.legal_actions()
        .await
        .expect("a seat plays without a key");
    // The create-only key may neither list everything nor delete others' games.
    assert_eq!(
        list_all(&create_only, "", pb::GameStatus::Unspecified)
            .await
            .len(),
        0,
        "without the list scope only listed games are listed"
    );
    expect_code(
        create_only
            .raw()
            .delete_game(pb::DeleteGameRequest {
                game_id: created.game_id.clone(),
            })
            .await,
        Code::PermissionDenied,
        "deleting with a key that lacks the delete scope",
    );
    // A key with the delete scope deletes any game.
    server
        .client()
        .await
        .raw()
        .delete_game(pb::DeleteGameRequest {
            game_id: created.game_id.clone(),
        })
        .await
        .expect("a key with the delete scope");
    expect_code(seat.view().await, Code::NotFound, "the deleted game");
}

async fn keys_rotate_without_a_restart(store: Store) {
    let dir = std::env::temp_dir().join(format!("tablero-keys-e2e-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("keys-{}.toml", tablero_e2e::free_port()));
    std::fs::write(&file, test_api_keys()).unwrap();
    let server = Server::launch(
        store.backend.clone(),
        launch(&[
            ("TABLERO_API_KEYS", ""),
            ("TABLERO_API_KEYS_FILE", file.to_str().unwrap()),
        ]),
    );
    let old = server.client().await;
    old.create_game(claim_game(Some(1), 2, false))
        .await
        .expect("the first key works");
    // Rotation: the new key goes in, the old one out, in one write of the file.
    std::fs::write(
        &file,
        format!(
            "[[key]]\nname = \"next\"\nsha256 = \"{CREATE_ONLY_SHA256}\"\nscopes = [\"create\", \"setup\"]\n"
        ),
    )
    .unwrap();
    let new = Tablero::connect_with_key(server.url(), CREATE_ONLY_KEY)
        .await
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while new
        .create_game(claim_game(Some(2), 2, false))
        .await
        .is_err()
    {
        assert!(Instant::now() < deadline, "the new key never worked");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    expect_code(
        old.create_game(claim_game(Some(3), 2, false)).await,
        Code::Unauthenticated,
        "the rotated-out key",
    );
    // A file that no longer parses keeps the keys as they were.
    std::fs::write(&file, "not toml [").unwrap();
    tokio::time::sleep(Duration::from_secs(3)).await;
    new.create_game(claim_game(Some(4), 2, false))
        .await
        .expect("a broken file changes nothing");
    let _ = std::fs::remove_file(&file);
}

on_both_stores!(
    seeds_and_scenarios_need_a_key_with_the_setup_scope,
    without_a_key_only_listed_games_are_listed,
    callers_without_a_key_create_within_quotas,
    the_operator_may_keep_creation_to_backends
);
on_stores!([memory] keys_rotate_without_a_restart);
