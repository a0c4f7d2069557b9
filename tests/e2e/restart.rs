//! A server killed outright (SIGKILL) and started again: on Redis every game is still there,
//! identical and playable; the memory store loses its games by design.

use crate::common::*;
use tablero_e2e::pb;
use tonic::Code;

async fn kill_and_restart(store: Store) {
    let mut server = store.server();
    let tablero = server.client().await;
    let mut games = Vec::new();
    for (i, mode) in ALL_MODES.into_iter().enumerate() {
        let n = players(mode);
        // Alternate: one human against bots, every seat human.
        let humans: Vec<bool> = if i % 2 == 0 {
            (0..n).map(|s| s == 0).collect()
        } else {
            vec![true; n]
        };
        let game = Game::create(&tablero, options(mode), seats(&humans), 200 + i as u64).await;
        let mut lcg = Lcg::new(200 + i as u64);
        for _ in 0..(5 + i) {
            game.step(&mut lcg).await.expect("the game goes on");
        }
        games.push((game, lcg));
    }
    // And one finished game.
    let done = Game::create(
        &tablero,
        options(pb::ClaimMode::Base2p),
        seats(&[false, false]),
        299,
    )
    .await;
    let mut before = Vec::new();
    for (g, _) in &games {
        before.push(snapshot(g).await);
    }
    let done_before = snapshot(&done).await;
    let ids_before = listed_ids(&tablero).await;
    assert_eq!(ids_before.len(), games.len() + 1);

    server.kill_and_restart();
    let tablero = server.client().await;

    if !store.is_redis() {
        for (g, _) in &games {
            let g = g.on(&tablero);
            expect_code(
                g.spectator().view().await,
                Code::NotFound,
                "a memory game after a restart",
            );
            expect_code(
                g.seat(0).view().await,
                Code::NotFound,
                "a memory game after a restart, as a seat",
            );
        }
        assert!(
            listed_ids(&tablero).await.is_empty(),
            "the memory store starts empty"
        );
        return;
    }

    assert_eq!(
        listed_ids(&tablero).await,
        ids_before,
        "ListGames lists the same games"
    );
    let done = done.on(&tablero);
    assert_same(
        &done_before,
        &snapshot(&done).await,
        "the finished game after the restart",
    );
    for ((g, lcg), b) in games.iter_mut().zip(&before) {
        let g = g.on(&tablero);
        let after = snapshot(&g).await;
        assert_same(b, &after, &format!("{:?} after the restart", g.mode));
        assert_eq!(
            after.summary.as_ref().map(|s| (s.version, s.status)),
            Some((b.spectator.version, pb::GameStatus::Active as i32)),
            "the listing entry"
        );
        g.play_to_end(lcg).await;
        check_finished(&g).await;
    }
    let finished_now = list_all(&tablero, "", pb::GameStatus::Finished).await;
    assert_eq!(
        finished_now.len(),
        games.len() + 1,
        "every game finished after the restart"
    );
}

on_all_stores!(kill_and_restart);
