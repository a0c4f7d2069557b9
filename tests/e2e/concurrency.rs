//! Concurrent writers on one game: optimistic concurrency loses no accepted move and applies
//! none twice; idempotency keys make retries safe (and are scoped per seat).

use crate::common::*;
use std::sync::Arc;
use tablero_e2e::client::{current_version, new_idempotency_key};
use tablero_e2e::pb;
use tonic::Code;

const WORKERS: u64 = 16;

struct Tally {
    /// (expected_version, new version) of every accepted submit.
    accepted: Vec<(u64, u64)>,
    aborted: usize,
}

/// Reads the seat to act and its legal actions, then submits one (raw, no retry) until the
/// game is over.
async fn worker(game: Arc<Game>, i: u64) -> Tally {
    let mut lcg = Lcg::new(1000 + i);
    let mut tally = Tally {
        accepted: Vec::new(),
        aborted: 0,
    };
    for _ in 0..10_000 {
        let view = game.view().await;
        if finished(&view) {
            return tally;
        }
        let seat = view.to_act[0];
        let legal = game
            .seat(seat)
            .legal_actions()
            .await
            .expect("ListLegalActions");
        if legal.actions.is_empty() {
            assert!(
                legal.version > view.version,
                "seat {seat} must act at v{} yet lists nothing",
                view.version
            );
            continue;
        }
        let id = legal.actions[lcg.below(legal.actions.len())].id.clone();
        match game.submit(seat, legal.version, action_id(&id)).await {
            Ok(resp) => tally
                .accepted
                .push((legal.version, resp.view.expect("a view").version)),
            Err(s) if s.code() == Code::Aborted => {
                let current = current_version(&s).expect("ABORTED carries the current version");
                assert!(
                    current > legal.version,
                    "ABORTED at v{} names a newer version, not {current}",
                    legal.version
                );
                tally.aborted += 1;
            }
            Err(s) => panic!("worker {i}: submitting {id} at v{}: {s:?}", legal.version),
        }
    }
    panic!("worker {i}: the game does not end");
}

async fn sixteen_concurrent_submitters(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let game = Arc::new(
        Game::create(
            &tablero,
            options(pb::ClaimMode::FourPlayerTeams),
            all_human(4),
            99,
        )
        .await,
    );
    let mut tasks = Vec::new();
    for i in 0..WORKERS {
        // Each worker on its own connection, so the requests really race.
        let own = game.on(&server.client().await);
        tasks.push(tokio::spawn(worker(Arc::new(own), i)));
    }
    let mut accepted = Vec::new();
    let mut aborted = 0;
    for t in tasks {
        let tally = within(120, "the workers finish", t)
            .await
            .expect("a worker panicked");
        accepted.extend(tally.accepted);
        aborted += tally.aborted;
    }
    let view = check_finished(&game).await;
    let last = view.version;
    assert_eq!(
        accepted.len() as u64,
        last,
        "accepted submits == final version (no bots); {aborted} aborted"
    );
    accepted.sort_unstable();
    let expected: Vec<(u64, u64)> = (0..last).map(|v| (v, v + 1)).collect();
    assert_eq!(
        accepted, expected,
        "each version was reached by exactly one accepted submit"
    );
    assert!(aborted > 0, "16 racing workers met at least one conflict");

    // One event group per version: a page of one version holds exactly that version's events.
    let spectator = game.spectator();
    let mut paged = Vec::new();
    for v in 1..=last {
        let page = tablero
            .raw()
            .get_history(spectator.request(pb::GetHistoryRequest {
                game_id: game.id.clone(),
                from_version: v - 1,
                page_size: 1,
            }))
            .await
            .expect("GetHistory")
            .into_inner();
        assert_eq!((page.through_version, page.current_version), (v, last));
        // The first page (from 0) also carries the setup's own events, version 0.
        let want = if v == 1 { vec![0, 1] } else { vec![v] };
        assert_eq!(
            event_versions(&page.events),
            want,
            "the page after version {} holds only version {v}",
            v - 1
        );
        paged.extend(page.events);
    }
    let all = Game::history(&spectator).await;
    assert_eq!(all, paged, "the full history is the pages put together");

    // The log replays to the stored state.
    assert_eq!(
        spectator.replay_view(last).await.unwrap(),
        view,
        "replay of the final version == GetView"
    );
    for s in 0..4 {
        let seat = game.seat(s);
        assert_eq!(
            seat.replay_view(last).await.unwrap(),
            seat.view().await.unwrap(),
            "seat {s}'s replay"
        );
    }
}

fn request(game: &Game, version: u64, key: &str, id: &str) -> pb::SubmitActionRequest {
    pb::SubmitActionRequest {
        game_id: game.id.clone(),
        expected_version: version,
        idempotency_key: key.into(),
        action: Some(action_id(id)),
        seat: None,
    }
}

async fn first_legal(game: &Game) -> (u32, u64, String) {
    let (seat, _) = game.to_act().await.expect("the game goes on");
    let legal = game.seat(seat).legal_actions().await.unwrap();
    (
        seat,
        legal.version,
        legal.actions.last().unwrap().id.clone(),
    )
}

async fn retries_with_the_same_key_apply_once(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let game = Game::create(&tablero, options(pb::ClaimMode::Base2p), all_human(2), 3).await;

    // Keys are scoped per seat: seat 0 leads with a key, seat 1 follows with the same key, and
    // that is a second, separate action.
    let (s0, v0, id0) = first_legal(&game).await;
    assert_eq!((s0, v0), (0, 0), "seat 0 leads the first trick");
    let shared = "shared-key";
    let r0 = game
        .seat(0)
        .submit(request(&game, 0, shared, &id0))
        .await
        .expect("seat 0 leads");
    let (s1, v1, id1) = first_legal(&game).await;
    assert_eq!((s1, v1), (1, 1), "seat 1 follows");
    let r1 = game
        .seat(1)
        .submit(request(&game, 1, shared, &id1))
        .await
        .expect("seat 1, same key");
    assert_eq!(
        r1.view.as_ref().unwrap().version,
        2,
        "seat 1's action applied although seat 0 used the key"
    );
    assert_eq!(r1.view.as_ref().unwrap().viewer_seat, Some(1));
    assert_eq!(r1.events[0].actor, Some(1));

    // Sequential retry: the same response, one version.
    let (seat, v, id) = first_legal(&game).await;
    let key = new_idempotency_key();
    let first = game
        .seat(seat)
        .submit(request(&game, v, &key, &id))
        .await
        .expect("first submit");
    let again = game
        .seat(seat)
        .submit(request(&game, v, &key, &id))
        .await
        .expect("retried submit");
    assert_eq!(first, again, "a retry returns the first response");
    assert_eq!(first.view.as_ref().unwrap().version, v + 1);
    assert_eq!(
        game.view().await.version,
        v + 1,
        "the retry applied nothing"
    );

    // Concurrent retries from two connections, several rounds.
    let other = game.on(&server.client().await);
    for round in 0..8 {
        let (seat, v, id) = first_legal(&game).await;
        let key = format!("round-{round}");
        let (c1, c2) = (game.seat(seat), other.seat(seat));
        let (r1, r2) = (request(&game, v, &key, &id), request(&game, v, &key, &id));
        let t1 = tokio::spawn(async move { c1.submit(r1).await });
        let t2 = tokio::spawn(async move { c2.submit(r2).await });
        let a = t1.await.unwrap().expect("first of two concurrent retries");
        let b = t2.await.unwrap().expect("second of two concurrent retries");
        assert_eq!(a, b, "round {round}: both get the one response");
        assert_eq!(a.view.as_ref().unwrap().version, v + 1);
        assert_eq!(
            game.view().await.version,
            v + 1,
            "round {round}: applied exactly once"
        );
    }

    // Seat 0's first key, reused later by seat 0 for another request, is refused (as payment
    // APIs refuse it) and applies nothing; the same request again still gets the first result.
    let mut lcg = Lcg::new(3);
    while game.to_act().await.expect("the game goes on").0 != 0 {
        game.step(&mut lcg).await;
    }
    let (_, v, id) = first_legal(&game).await;
    let reused = game
        .seat(0)
        .submit(request(&game, v, shared, &id))
        .await
        .expect_err("a key reused for another request");
    assert_eq!(reused.code(), tonic::Code::FailedPrecondition);
    assert!(reused.message().contains("different request"), "{reused:?}");
    assert_eq!(game.view().await.version, v, "nothing applied");
    // The first request sent again, long after: its answer, rebuilt from the log, is the first
    // answer exactly (the events it caused, the view right after it).
    let again = game
        .seat(0)
        .submit(request(&game, 0, shared, &id0))
        .await
        .expect("the first request again");
    assert_eq!(again, r0, "the key's first result");
    assert_eq!(game.view().await.version, v, "nothing applied");

    let history = Game::history(&game.spectator()).await;
    assert_eq!(
        event_versions(&history),
        versions_after(0, v),
        "one event group per version"
    );
}

on_all_stores!(
    sixteen_concurrent_submitters,
    retries_with_the_same_key_apply_once
);
