//! Player identity on seats (issue 18, part 1): a backend names its users on seats with
//! `player_ref`; only API keys see the refs (unless made public); ListGames answers "my games"
//! and "games waiting for me" from the player indexes, on every store.

use crate::common::*;
use std::collections::BTreeSet;
use tablero_e2e::client::Tablero;
use tablero_e2e::pb;
use tonic::Code;

const ALICE: &str = "user:alice";
const BOB: &str = "user:bob";

/// A player's games (or those waiting for them), every page, through the backend's key.
async fn games_of(
    backend: &Tablero,
    player: &str,
    to_act: bool,
    status: pb::GameStatus,
) -> Vec<String> {
    let mut ids = Vec::new();
    let mut token = String::new();
    loop {
        let page = backend
            .raw()
            .list_games(pb::ListGamesRequest {
                game_type: String::new(),
                status: status as i32,
                page_size: 1,
                page_token: token.clone(),
                player_ref: player.into(),
                to_act,
            })
            .await
            .expect("ListGames by player")
            .into_inner();
        assert!(page.games.len() <= 1);
        for g in &page.games {
            assert!(
                g.seats.iter().any(|s| s.player_ref == player),
                "a player's listing shows the backend every ref"
            );
        }
        ids.extend(page.games.into_iter().map(|g| g.game_id));
        if page.next_page_token.is_empty() {
            return ids;
        }
        assert!(ids.len() < 100, "paging never ends");
        token = page.next_page_token;
    }
}

/// The games (of `games`, newest first) whose seat of `player` must act now, from the views.
async fn waiting_for(games: &[&Game], player: &str, backend: &Tablero) -> Vec<String> {
    let mut out = Vec::new();
    for g in games.iter().rev() {
        let view = backend.spectator(&g.id).view().await.unwrap();
        let waits = view
            .seats
            .iter()
            .any(|s| s.player_ref == player && view.to_act.contains(&s.seat));
        if waits {
            out.push(g.id.clone());
        }
    }
    out
}

fn refs(view: &pb::GameView) -> Vec<String> {
    view.seats.iter().map(|s| s.player_ref.clone()).collect()
}

async fn backends_find_their_players_games(store: Store) {
    let server = store.server();
    let backend = server.client().await;
    let player = server.client_without_key().await;

    // Game A: alice (private ref) and bob (public ref). Game B: alice and an open seat that
    // bob's backend then fills through JoinGame.
    let mut bob_seat = Tablero::player("bob", BOB);
    bob_seat.player_ref_public = true;
    let a = Game::create(
        &backend,
        options(pb::ClaimMode::Base2p),
        vec![Tablero::player("alice", ALICE), bob_seat],
        11,
    )
    .await;
    assert_eq!(
        refs(a.created.view.as_ref().unwrap()),
        [ALICE, BOB],
        "the backend sees the refs it set"
    );
    let mut b = Game::create(
        &backend,
        options(pb::ClaimMode::Base2p),
        vec![Tablero::player("alice", ALICE), Tablero::open_seat()],
        12,
    )
    .await;
    let joined = backend
        .raw()
        .join_game(pb::JoinGameRequest {
            game_id: b.id.clone(),
            seat: None,
            name: "bob".into(),
            player_ref: BOB.into(),
            player_ref_public: false,
        })
        .await
        .expect("JoinGame with a player_ref")
        .into_inner();
    let credential = joined.credential.unwrap();
    b.tokens.insert(credential.seat, credential.token);
    assert_eq!(refs(joined.view.as_ref().unwrap()), [ALICE, BOB]);

    // Only the backend sees private refs; a public one everybody sees.
    let seen_by_player = player.seat(&a.id, &a.tokens[&0]).view().await.unwrap();
    assert_eq!(
        refs(&seen_by_player),
        ["", BOB],
        "a player sees public refs only"
    );
    let seen_by_spectator = player.spectator(&b.id).view().await.unwrap();
    assert_eq!(refs(&seen_by_spectator), ["", ""], "b's refs are private");
    assert_eq!(refs(&b.view().await), [ALICE, BOB], "the backend's GetView");
    let listed_to_player = player
        .raw()
        .list_games(pb::ListGamesRequest::default())
        .await
        .unwrap();
    assert!(
        listed_to_player.into_inner().games.is_empty(),
        "both games are unlisted"
    );

    // "My games", newest first, and "games waiting for me", as the views say.
    let games = [&a, &b];
    let mut lcg = Lcg::new(5);
    for round in 0..6 {
        for who in [ALICE, BOB] {
            assert_eq!(
                games_of(&backend, who, false, pb::GameStatus::Unspecified).await,
                [b.id.clone(), a.id.clone()],
                "{who}'s games"
            );
            assert_eq!(
                games_of(&backend, who, true, pb::GameStatus::Unspecified).await,
                waiting_for(&games, who, &backend).await,
                "games waiting for {who} after round {round}"
            );
        }
        a.step(&mut lcg).await;
        b.step(&mut lcg).await;
    }

    // A finished game waits for nobody and lists as finished.
    while a.step(&mut lcg).await.is_some() {}
    for who in [ALICE, BOB] {
        assert!(
            !games_of(&backend, who, true, pb::GameStatus::Unspecified)
                .await
                .contains(&a.id)
        );
        assert_eq!(
            games_of(&backend, who, false, pb::GameStatus::Finished).await,
            vec![a.id.clone()]
        );
    }
    // A deleted game leaves the listings.
    backend
        .delete_game(&b.id, &b.created.creator_token)
        .await
        .unwrap();
    assert_eq!(
        games_of(&backend, ALICE, false, pb::GameStatus::Unspecified).await,
        vec![a.id.clone()]
    );
    assert!(
        games_of(&backend, ALICE, true, pb::GameStatus::Unspecified)
            .await
            .is_empty()
    );
}

async fn player_refs_are_checked_at_the_edge(store: Store) {
    let server = store.server();
    let backend = server.client().await;
    let player = server.client_without_key().await;
    let before = listed_ids(&backend).await;

    let with_ref = |r: &str| {
        create_request(
            options(pb::ClaimMode::Base2p),
            vec![Tablero::player("p", r), Tablero::human("q")],
            1,
        )
    };
    let mut without_seed = with_ref(ALICE);
    without_seed.seed = None;
    expect_code(
        player.create_game(without_seed).await,
        Code::Unauthenticated,
        "a player_ref without an API key",
    );
    for (bad, what) in [
        ("x".repeat(129), "129 bytes"),
        ("a\u{7}b".to_string(), "a control character"),
    ] {
        let status = expect_code(
            backend.create_game(with_ref(&bad)).await,
            Code::InvalidArgument,
            what,
        );
        assert!(
            status.message().contains("player_ref"),
            "{}",
            status.message()
        );
    }
    backend
        .create_game(with_ref(&"é".repeat(64)))
        .await
        .expect("128 bytes of UTF-8 is a valid ref");
    let by_player = |key: &str, to_act: bool| pb::ListGamesRequest {
        player_ref: key.into(),
        to_act,
        ..Default::default()
    };
    expect_code(
        player.raw().list_games(by_player(ALICE, false)).await,
        Code::Unauthenticated,
        "listing a player's games without a key",
    );
    expect_code(
        backend.raw().list_games(by_player("", true)).await,
        Code::InvalidArgument,
        "to_act without a player",
    );
    expect_code(
        backend
            .raw()
            .list_games(by_player(&"x".repeat(129), false))
            .await,
        Code::InvalidArgument,
        "an oversized player_ref filter",
    );
    let open = backend
        .create_game(create_request(
            options(pb::ClaimMode::Base2p),
            vec![Tablero::human("p"), Tablero::open_seat()],
            2,
        ))
        .await
        .unwrap();
    expect_code(
        player
            .raw()
            .join_game(pb::JoinGameRequest {
                game_id: open.game_id.clone(),
                seat: None,
                name: "q".into(),
                player_ref: BOB.into(),
                player_ref_public: true,
            })
            .await,
        Code::Unauthenticated,
        "joining with a player_ref without a key",
    );
    let after: BTreeSet<String> = listed_ids(&backend).await;
    assert_eq!(
        after.len(),
        before.len() + 2,
        "only the two valid games were stored"
    );
    let view = backend.spectator(&open.game_id).view().await.unwrap();
    assert_eq!(
        view.seats[1].occupant,
        pb::Occupant::Open as i32,
        "the refused join left the seat open"
    );
}

on_all_stores!(backends_find_their_players_games);
on_both_stores!(player_refs_are_checked_at_the_edge);
