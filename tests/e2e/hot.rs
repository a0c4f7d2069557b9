//! Replicas keep games decoded and commit a move on one without reading it first. A copy made
//! stale by a write through another replica must never decide anything: the compare-and-swap
//! catches it and the stored game decides (Redis and Redis Cluster; on memory every process has
//! its own games).

use crate::common::*;
use tablero_e2e::client::current_version;
use tablero_e2e::pb;
use tonic::Code;

/// Two replicas take turns: the legal actions are read through the replica that made the last
/// move and submitted through the other, whose decoded copy is then one move behind. Every move
/// must be accepted at the version it was chosen at, and the game must end.
async fn moves_through_alternating_replicas_all_land(store: Store) {
    let (a, b) = (store.server(), store.server());
    let (ta, tb) = (a.client().await, b.client().await);
    let on_a = Game::create(&ta, options(pb::ClaimMode::Base2p), all_human(2), 4242).await;
    let on_b = on_a.on(&tb);
    // Both replicas decode the game now.
    on_a.view().await;
    on_b.view().await;
    let mut lcg = Lcg::new(7);
    let mut moves = 0u64;
    loop {
        let (read, write) = if moves.is_multiple_of(2) {
            (&on_a, &on_b)
        } else {
            (&on_b, &on_a)
        };
        let Some((seat, _)) = read.to_act().await else {
            break;
        };
        let legal = read
            .seat(seat)
            .legal_actions()
            .await
            .expect("legal actions");
        let id = legal.actions[lcg.below(legal.actions.len())].id.clone();
        let response = write
            .submit(seat, legal.version, action_id(&id))
            .await
            .unwrap_or_else(|s| panic!("move {moves} through the other replica: {s:?}"));
        let view = response.view.expect("a view");
        assert!(
            view.version > legal.version,
            "move {moves} applied: v{} -> v{}",
            legal.version,
            view.version
        );
        assert_eq!(
            on_a.view().await.version,
            view.version,
            "both replicas agree"
        );
        moves += 1;
        assert!(moves < 10_000, "the game does not end");
    }
    assert!(moves > 10, "a whole game was played ({moves} moves)");
}

/// A replica whose decoded copy is exactly at the version a stale caller expects: the move is
/// legal on the copy, yet the stored game moved on through the other replica, so it is ABORTED
/// with the stored version and changes nothing. A retry of a move made through one replica,
/// sent through the other (whose copy is behind), gets the first answer and applies nothing.
async fn a_stale_copy_never_decides(store: Store) {
    let (a, b) = (store.server(), store.server());
    let (ta, tb) = (a.client().await, b.client().await);
    let on_a = Game::create(&ta, options(pb::ClaimMode::Base2p), all_human(2), 77).await;
    let on_b = on_a.on(&tb);
    let mut lcg = Lcg::new(3);

    // B moves: B's copy is at v1.
    let (s1, _) = on_b.to_act().await.expect("a seat to act");
    let l1 = on_b.seat(s1).legal_actions().await.unwrap();
    let id = l1.actions[lcg.below(l1.actions.len())].id.clone();
    let v1 = on_b
        .submit(s1, l1.version, action_id(&id))
        .await
        .expect("first move")
        .view
        .unwrap()
        .version;
    // A moves next (A reads the store: its copy is fresh), with an idempotency key.
    let (s2, _) = on_a.to_act().await.expect("a seat to act");
    let l2 = on_a.seat(s2).legal_actions().await.unwrap();
    assert_eq!(l2.version, v1);
    let id2 = l2.actions[lcg.below(l2.actions.len())].id.clone();
    let request = pb::SubmitActionRequest {
        game_id: on_a.id.clone(),
        expected_version: v1,
        idempotency_key: "hot-retry".into(),
        action: Some(action_id(&id2)),
        seat: None,
    };
    let first = on_a
        .seat(s2)
        .submit(request.clone())
        .await
        .expect("A's move");
    let v2 = first.view.as_ref().unwrap().version;
    assert!(v2 > v1);

    // Through B, whose copy is still at v1: the same request again is answered as the first.
    let again = on_b.seat(s2).submit(request).await.expect("the retry");
    assert_eq!(
        again, first,
        "a retry through the stale replica gets the first answer"
    );

    // Through B, a move at v1 that its copy accepts: the stored game refuses it.
    let stale = on_b
        .submit(s2, v1, action_id(&id2))
        .await
        .expect_err("a move at a stale version");
    assert_eq!(stale.code(), Code::Aborted, "{stale:?}");
    assert_eq!(current_version(&stale), Some(v2));
    assert_eq!(on_a.view().await.version, v2, "nothing was applied");
    assert_eq!(on_b.view().await.version, v2, "nothing was applied");
}

on_stores!([redis, redis_cluster] moves_through_alternating_replicas_all_land);
on_stores!([redis, redis_cluster] a_stale_copy_never_decides);
