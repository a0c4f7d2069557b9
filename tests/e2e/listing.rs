//! ListGames: filters by type and status, paging.

use crate::common::*;
use std::collections::BTreeSet;
use tablero_e2e::client::Tablero;
use tablero_e2e::pb;
use tonic::Code;

async fn page(
    tablero: &Tablero,
    game_type: &str,
    status: pb::GameStatus,
    size: u32,
    token: &str,
) -> pb::ListGamesResponse {
    tablero
        .raw()
        .list_games(pb::ListGamesRequest {
            game_type: game_type.into(),
            status: status as i32,
            page_size: size,
            page_token: token.into(),
            player_ref: String::new(),
            to_act: false,
        })
        .await
        .expect("ListGames")
        .into_inner()
}

/// Follows pages of `size`; returns the pages' ids.
async fn pages_of(tablero: &Tablero, status: pb::GameStatus, size: u32) -> Vec<Vec<String>> {
    let mut pages = Vec::new();
    let mut token = String::new();
    loop {
        let p = page(tablero, "", status, size, &token).await;
        assert!(
            p.games.len() <= size as usize,
            "a page holds at most page_size games"
        );
        pages.push(p.games.iter().map(|g| g.game_id.clone()).collect());
        if p.next_page_token.is_empty() {
            return pages;
        }
        assert!(pages.len() < 100, "paging never ends");
        token = p.next_page_token;
    }
}

fn ids(games: &[pb::GameSummary]) -> BTreeSet<String> {
    games.iter().map(|g| g.game_id.clone()).collect()
}

async fn list_filters_by_type_and_status_and_pages(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    assert!(
        list_all(&tablero, "", pb::GameStatus::Unspecified)
            .await
            .is_empty(),
        "a fresh store lists nothing"
    );

    let mut active = Vec::new();
    for (i, mode) in ALL_MODES.into_iter().enumerate() {
        let n = players(mode);
        let humans: Vec<bool> = (0..n).map(|s| s == 0).collect();
        active.push(Game::create(&tablero, options(mode), seats(&humans), 500 + i as u64).await);
    }
    let mut done = Vec::new();
    for (i, mode) in ALL_MODES.into_iter().take(3).enumerate() {
        done.push(
            Game::create(
                &tablero,
                options(mode),
                seats(&vec![false; players(mode)]),
                510 + i as u64,
            )
            .await,
        );
    }
    let active_ids: BTreeSet<String> = active.iter().map(|g| g.id.clone()).collect();
    let done_ids: BTreeSet<String> = done.iter().map(|g| g.id.clone()).collect();
    let all_ids: BTreeSet<String> = active_ids.union(&done_ids).cloned().collect();

    let all = list_all(&tablero, "", pb::GameStatus::Unspecified).await;
    assert_eq!(ids(&all), all_ids);
    assert_eq!(all.len(), all_ids.len(), "each game listed once");
    assert!(
        all.windows(2)
            .all(|w| w[0].created_at_unix_ms >= w[1].created_at_unix_ms),
        "newest first"
    );
    for g in active.iter().chain(&done) {
        let s = all.iter().find(|s| s.game_id == g.id).unwrap();
        let view = g.view().await;
        assert_eq!(s.game_type, "claim");
        assert_eq!(
            (s.version, s.status),
            (view.version, view.status),
            "the summary agrees with GetView"
        );
        assert_eq!(
            s.seats, view.seats,
            "the summary's seats agree with GetView"
        );
    }
    assert_eq!(
        ids(&list_all(&tablero, "", pb::GameStatus::Active).await),
        active_ids
    );
    assert_eq!(
        ids(&list_all(&tablero, "", pb::GameStatus::Finished).await),
        done_ids
    );
    assert_eq!(
        ids(&list_all(&tablero, "claim", pb::GameStatus::Unspecified).await),
        all_ids
    );
    assert_eq!(
        ids(&list_all(&tablero, "claim", pb::GameStatus::Finished).await),
        done_ids
    );
    assert_eq!(
        ids(&list_all(&tablero, "claim", pb::GameStatus::Active).await),
        active_ids
    );
    let bad_type = tablero
        .raw()
        .list_games(pb::ListGamesRequest {
            game_type: "chess".into(),
            ..Default::default()
        })
        .await;
    expect_code(
        bad_type,
        Code::InvalidArgument,
        "an unknown game type filter",
    );
    let bad_status = tablero
        .raw()
        .list_games(pb::ListGamesRequest {
            status: 99,
            ..Default::default()
        })
        .await;
    expect_code(
        bad_status,
        Code::InvalidArgument,
        "an unknown status filter",
    );

    // A game that ends moves from ACTIVE to FINISHED.
    let ended = &active[0];
    ended.play_to_end(&mut Lcg::new(500)).await;
    let active_now = ids(&list_all(&tablero, "", pb::GameStatus::Active).await);
    let done_now = ids(&list_all(&tablero, "", pb::GameStatus::Finished).await);
    assert!(
        !active_now.contains(&ended.id),
        "a finished game is no longer ACTIVE"
    );
    assert!(done_now.contains(&ended.id), "a finished game is FINISHED");
    assert_eq!(active_now.len() + done_now.len(), all_ids.len());
    let summary = list_all(&tablero, "claim", pb::GameStatus::Finished).await;
    let s = summary.iter().find(|s| s.game_id == ended.id).unwrap();
    assert_eq!(s.version, ended.view().await.version);

    // Paging by 2 through 9 games: 5 pages, no duplicates, nothing missing, newest first.
    for i in 0..2 {
        Game::create(
            &tablero,
            options(pb::ClaimMode::Base2p),
            seats(&[true, false]),
            520 + i,
        )
        .await;
    }
    let everything = ids(&list_all(&tablero, "", pb::GameStatus::Unspecified).await);
    assert_eq!(everything.len(), 9);
    let pages = pages_of(&tablero, pb::GameStatus::Unspecified, 2).await;
    assert_eq!(
        pages.iter().map(Vec::len).collect::<Vec<_>>(),
        vec![2, 2, 2, 2, 1]
    );
    let flat: Vec<String> = pages.concat();
    assert_eq!(
        flat.iter().cloned().collect::<BTreeSet<_>>(),
        everything,
        "the pages hold every game"
    );
    assert_eq!(flat.len(), everything.len(), "no game on two pages");
    let unpaged: Vec<String> = list_all(&tablero, "", pb::GameStatus::Unspecified)
        .await
        .into_iter()
        .map(|g| g.game_id)
        .collect();
    assert_eq!(flat, unpaged, "pages keep the listing's order");
    // Filtered paging.
    let finished_pages = pages_of(&tablero, pb::GameStatus::Finished, 2).await;
    assert_eq!(
        finished_pages.iter().map(Vec::len).collect::<Vec<_>>(),
        vec![2, 2]
    );
    assert_eq!(
        finished_pages.concat().into_iter().collect::<BTreeSet<_>>(),
        done_now
    );
    let active_pages = pages_of(&tablero, pb::GameStatus::Active, 2).await;
    assert_eq!(active_pages.concat().len(), 5);
    assert_eq!(
        active_pages
            .concat()
            .into_iter()
            .collect::<BTreeSet<_>>()
            .len(),
        5
    );
    // A page_size of 1 and a default page.
    assert_eq!(
        pages_of(&tablero, pb::GameStatus::Unspecified, 1)
            .await
            .len(),
        9
    );
    assert_eq!(
        page(&tablero, "", pb::GameStatus::Unspecified, 0, "")
            .await
            .games
            .len(),
        9
    );
    // A token this listing never handed out.
    let bad_token = tablero
        .raw()
        .list_games(pb::ListGamesRequest {
            page_token: "not-a-token".into(),
            ..Default::default()
        })
        .await;
    expect_code(bad_token, Code::InvalidArgument, "a made-up page token");
}

/// page_size 0 means 50; more than 200 means 200.
async fn list_page_size_default_and_maximum(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let mut tasks = Vec::new();
    for i in 0..205u64 {
        let t = tablero.clone();
        tasks.push(tokio::spawn(async move {
            t.create_game(create_request(
                options(pb::ClaimMode::Base2p),
                all_human(2),
                i,
            ))
            .await
            .expect("CreateGame")
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let default = page(&tablero, "", pb::GameStatus::Unspecified, 0, "").await;
    assert_eq!(default.games.len(), 50, "the default page");
    assert!(!default.next_page_token.is_empty());
    let max = page(&tablero, "", pb::GameStatus::Unspecified, 10_000, "").await;
    assert_eq!(max.games.len(), 200, "the largest page");
    let rest = page(
        &tablero,
        "",
        pb::GameStatus::Unspecified,
        10_000,
        &max.next_page_token,
    )
    .await;
    assert_eq!(rest.games.len(), 5);
    assert!(rest.next_page_token.is_empty());
    let mut all: Vec<String> = max
        .games
        .iter()
        .chain(&rest.games)
        .map(|g| g.game_id.clone())
        .collect();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 205);
}

on_all_stores!(
    list_filters_by_type_and_status_and_pages,
    list_page_size_default_and_maximum
);
