//! JoinGame: claiming open seats, refusals, and joins racing each other and moves.

use crate::common::*;
use std::sync::Arc;
use tablero_e2e::client::{Tablero, current_version, new_idempotency_key, rule_id};
use tablero_e2e::pb;
use tokio::sync::Barrier;
use tonic::Code;

/// Races per test: enough that an unprotected race shows up on the fast memory store too.
const ROUNDS: u64 = 30;

async fn join_claims_an_open_seat(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let mut o = options(pb::ClaimMode::ThreePlayer);
    o.first_leader = Some(1);
    let created = tablero
        .create_game(create_request(
            o,
            vec![
                Tablero::human("host"),
                Tablero::open_seat(),
                Tablero::open_seat(),
            ],
            600,
        ))
        .await
        .unwrap();
    assert_eq!(
        created
            .credentials
            .iter()
            .map(|c| c.seat)
            .collect::<Vec<_>>(),
        vec![0],
        "only the human seat gets a token"
    );
    let id = created.game_id.clone();
    let view = created.view.unwrap();
    assert_eq!(view.seats[1].occupant, pb::Occupant::Open as i32);
    assert_eq!(view.to_act, vec![1], "the open seat 1 leads");
    let host = tablero.seat(&id, &created.credentials[0].token);

    // Nobody plays an open seat.
    assert_eq!(tablero.spectator(&id).view().await.unwrap().version, 0);

    // A watcher sees seat changes (no events, the new occupant).
    let mut watch = tablero.spectator(&id).watch(0).await.unwrap();
    let hello = within(10, "the first watch message", watch.message())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        hello.view.unwrap().seats[2].occupant,
        pb::Occupant::Open as i32
    );

    // Seat 2 by number, then the lowest open one (seat 1).
    let j2 = tablero
        .join_game(&id, Some(2), "second")
        .await
        .expect("join seat 2");
    assert_eq!(j2.credential.as_ref().unwrap().seat, 2);
    let seen = within(10, "the seat change on the watch", watch.message())
        .await
        .unwrap()
        .unwrap();
    assert!(
        seen.events.is_empty(),
        "a join is no move: {:?}",
        seen.events
    );
    let seen = seen.view.unwrap();
    assert_eq!(seen.version, 0);
    assert_eq!(
        (seen.seats[2].occupant, seen.seats[2].name.as_str()),
        (pb::Occupant::Human as i32, "second")
    );
    drop(watch);
    let j1 = tablero
        .join_game(&id, None, "first")
        .await
        .expect("join the lowest open seat");
    let c1 = j1.credential.clone().unwrap();
    assert_eq!(c1.seat, 1);
    assert_ne!(c1.token, j2.credential.as_ref().unwrap().token);
    let v1 = j1.view.unwrap();
    assert_eq!(
        v1.viewer_seat,
        Some(1),
        "JoinGame returns the joiner's view"
    );
    assert!(
        claim(&v1).players[1].hand_visible,
        "the joiner sees its hand"
    );
    assert_eq!(v1.seats[1].occupant, pb::Occupant::Human as i32);
    assert_eq!(v1.seats[1].name, "first");

    let before = tablero.spectator(&id).view().await.unwrap();
    assert_eq!(before.version, 0, "joining is not a move");
    // Taken seats and a full game are refused; a seat that does not exist is malformed.
    for seat in [Some(0), Some(1), Some(2)] {
        let s = expect_code(
            tablero.join_game(&id, seat, "late").await,
            Code::FailedPrecondition,
            "join a taken seat",
        );
        assert_eq!(rule_id(&s).as_deref(), Some("SEAT"));
    }
    expect_code(
        tablero.join_game(&id, None, "late").await,
        Code::FailedPrecondition,
        "join a full game",
    );
    expect_code(
        tablero.join_game(&id, Some(3), "late").await,
        Code::InvalidArgument,
        "join seat 3 of 3",
    );
    expect_code(
        tablero.join_game(&id, Some(1), &"n".repeat(65)).await,
        Code::InvalidArgument,
        "a long name",
    );
    expect_code(
        tablero.join_game("not-a-game", Some(1), "x").await,
        Code::InvalidArgument,
        "a malformed id",
    );
    assert_eq!(
        tablero.spectator(&id).view().await.unwrap(),
        before,
        "refused joins change nothing"
    );

    // The joined token acts; the host's does not act for it.
    let s1 = tablero.seat(&id, &c1.token);
    let legal = s1.legal_actions().await.unwrap();
    assert_eq!(legal.seat, Some(1));
    assert!(!legal.actions.is_empty(), "the joined seat must lead");
    let req = pb::SubmitActionRequest {
        game_id: id.clone(),
        expected_version: 0,
        action: Some(action_id(&legal.actions[0].id)),
        ..Default::default()
    };
    expect_code(
        host.submit(req.clone()).await,
        Code::PermissionDenied,
        "the host for seat 1",
    );
    let resp = s1.submit(req).await.expect("the joined seat plays");
    assert_eq!(resp.view.unwrap().version, 1);
    // And everyone plays on to the end.
    let tokens = [
        (0, created.credentials[0].token.clone()),
        (1, c1.token),
        (2, j2.credential.unwrap().token),
    ];
    let game = Game {
        tablero: tablero.clone(),
        id: id.clone(),
        n: 3,
        mode: pb::ClaimMode::ThreePlayer,
        tokens: tokens.into_iter().collect(),
        created: pb::CreateGameResponse::default(),
    };
    game.play_to_end(&mut Lcg::new(600)).await;
    check_finished(&game).await;
    let summary = list_all(&tablero, "", pb::GameStatus::Finished).await;
    let names: Vec<String> = summary[0].seats.iter().map(|s| s.name.clone()).collect();
    assert_eq!(names, vec!["host", "first", "second"]);
}

/// A four-player game: seat 0 human (and first leader), seats 1–3 open.
async fn open_table(tablero: &Tablero, seed: u64) -> (String, String) {
    let seats = vec![
        Tablero::human("host"),
        Tablero::open_seat(),
        Tablero::open_seat(),
        Tablero::open_seat(),
    ];
    let created = tablero
        .create_game(create_request(
            options(pb::ClaimMode::FourPlayerTeams),
            seats,
            seed,
        ))
        .await
        .unwrap();
    (created.game_id, created.credentials[0].token.clone())
}

/// Three players join at once, each asking for any open seat, while three seats are open:
/// every one of them gets a seat (a join carries no version, so nothing of the caller's is stale).
async fn concurrent_joins_all_get_a_seat(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let mut failures = Vec::new();
    for round in 0..ROUNDS {
        let (id, _) = open_table(&tablero, 610 + round).await;
        let start = Arc::new(Barrier::new(3));
        let mut tasks = Vec::new();
        for i in 0..3 {
            let t = server.client().await;
            let (id, start) = (id.clone(), start.clone());
            tasks.push(tokio::spawn(async move {
                start.wait().await;
                t.join_game(&id, None, &format!("guest {i}")).await
            }));
        }
        let mut seats = Vec::new();
        for t in tasks {
            match t.await.unwrap() {
                Ok(r) => seats.push(r.credential.unwrap().seat),
                Err(s) => failures.push(format!(
                    "round {round}: {:?} {:?} (current_version {:?})",
                    s.code(),
                    s.message(),
                    current_version(&s)
                )),
            }
        }
        seats.sort_unstable();
        let view = tablero.spectator(&id).view().await.unwrap();
        let humans = view
            .seats
            .iter()
            .filter(|s| s.occupant == pb::Occupant::Human as i32)
            .count();
        assert_eq!(
            humans,
            1 + seats.len(),
            "round {round}: every successful join took a seat, and only those"
        );
        seats.dedup();
        assert_eq!(
            humans,
            1 + seats.len(),
            "round {round}: no seat handed out twice"
        );
    }
    assert!(
        failures.is_empty(),
        "joins for open seats were refused although seats were open:\n{}",
        failures.join("\n")
    );
}

/// Three players race for the same seat: one gets it, the others are told it is taken.
async fn concurrent_joins_of_one_seat_one_wins(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let mut wrong = Vec::new();
    for round in 0..ROUNDS {
        let (id, _) = open_table(&tablero, 630 + round).await;
        let start = Arc::new(Barrier::new(3));
        let mut tasks = Vec::new();
        for i in 0..3 {
            let t = server.client().await;
            let (id, start) = (id.clone(), start.clone());
            tasks.push(tokio::spawn(async move {
                start.wait().await;
                t.join_game(&id, Some(2), &format!("guest {i}")).await
            }));
        }
        let mut won = 0;
        for t in tasks {
            match t.await.unwrap() {
                Ok(r) => {
                    assert_eq!(r.credential.unwrap().seat, 2);
                    won += 1;
                }
                Err(s) if s.code() == Code::FailedPrecondition => {
                    assert_eq!(rule_id(&s).as_deref(), Some("SEAT"))
                }
                Err(s) => wrong.push(format!("round {round}: {:?} {:?}", s.code(), s.message())),
            }
        }
        assert!(won <= 1, "round {round}: seat 2 handed out {won} times");
        let view = tablero.spectator(&id).view().await.unwrap();
        assert_eq!(
            view.seats[2].occupant,
            pb::Occupant::Human as i32,
            "round {round}: seat 2 is taken"
        );
        assert_eq!(won, 1, "round {round}: one join won seat 2");
    }
    assert!(
        wrong.is_empty(),
        "losers of the race should hear that seat 2 is taken (FAILED_PRECONDITION):\n{}",
        wrong.join("\n")
    );
}

/// A join and a move at the same time: the move's expected_version is current (a join is not a
/// move) and the joined seat is open, so neither may be ABORTED.
async fn a_join_does_not_abort_a_move(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let mut aborted = Vec::new();
    for round in 0..ROUNDS {
        let (id, token) = open_table(&tablero, 650 + round).await;
        let host = tablero.seat(&id, &token);
        let legal = host.legal_actions().await.unwrap();
        assert_eq!((legal.version, legal.seat), (0, Some(0)));
        let req = pb::SubmitActionRequest {
            game_id: id.clone(),
            expected_version: 0,
            idempotency_key: new_idempotency_key(),
            action: Some(action_id(&legal.actions[0].id)),
            seat: None,
        };
        let joiner = server.client().await;
        let jid = id.clone();
        let start = Arc::new(Barrier::new(2));
        let s2 = start.clone();
        let join = tokio::spawn(async move {
            start.wait().await;
            joiner.join_game(&jid, Some(1), "guest").await
        });
        let submit = tokio::spawn(async move {
            s2.wait().await;
            host.submit(req).await
        });
        if let Err(s) = join.await.unwrap() {
            assert_eq!(s.code(), Code::Aborted, "round {round}: the join: {s:?}");
            aborted.push(format!(
                "round {round}: the join of open seat 1 got {:?}",
                s.message()
            ));
        }
        match submit.await.unwrap() {
            Ok(r) => assert_eq!(r.view.unwrap().version, 1),
            Err(s) if s.code() == Code::Aborted => aborted.push(format!(
                "round {round}: the move at v0 got {:?} (current_version {:?})",
                s.message(),
                current_version(&s)
            )),
            Err(s) => panic!("round {round}: {s:?}"),
        }
    }
    assert!(
        aborted.is_empty(),
        "a join and a move at the current version ABORTED each other:\n{}",
        aborted.join("\n")
    );
}

on_both_stores!(
    join_claims_an_open_seat,
    concurrent_joins_all_get_a_seat,
    concurrent_joins_of_one_seat_one_wins,
    a_join_does_not_abort_a_move,
);
