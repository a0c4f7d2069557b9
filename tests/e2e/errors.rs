//! Refused moves: illegal actions (FAILED_PRECONDITION + rule ID), stale versions (ABORTED +
//! current version), acting for another seat (PERMISSION_DENIED), bad or missing tokens
//! (UNAUTHENTICATED). None of them may change the stored game.

use crate::common::*;
use tablero_e2e::client::{current_version, new_idempotency_key, rule_id};
use tablero_e2e::pb;
use tonic::Code;

/// Human seat 1 follows bot seat 0's leads until it holds a card of the lead faction and a card
/// it may not play; returns (lead faction, an off-suit card in hand).
async fn play_until_must_follow(game: &Game, lcg: &mut Lcg) -> (i32, pb::ClaimCard) {
    for _ in 0..200 {
        let view = game.seat(1).view().await.unwrap();
        assert!(
            !finished(&view),
            "the game ended before a follow-suit situation arose"
        );
        let c = claim(&view);
        let hand = &c.players[1].hand;
        let lead = c.lead_faction;
        let following = view.to_act == vec![1]
            && c.pending.as_ref().map(|p| p.kind) == Some(pb::claim_pending::Kind::PlayCard as i32)
            && !c.trick.is_empty();
        if following && hand.iter().any(|h| h.faction == lead) {
            let doppel = pb::ClaimFaction::Doppelgangers as i32;
            if let Some(off) = hand
                .iter()
                .find(|h| h.faction != lead && h.faction != doppel)
            {
                return (lead, *off);
            }
        }
        game.step(lcg).await.expect("the game goes on");
    }
    panic!("no follow-suit situation in 200 moves");
}

async fn illegal_moves_are_refused_with_the_rule(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let game = Game::create(
        &tablero,
        options(pb::ClaimMode::Base2p),
        seats(&[false, true]),
        5,
    )
    .await;
    let mut lcg = Lcg::new(5);
    let (lead, off) = play_until_must_follow(&game, &mut lcg).await;
    let before = snapshot(&game).await;
    let version = before.spectator.version;
    let legal = &before.seats[0].2;
    assert!(
        !legal
            .actions
            .iter()
            .any(|a| a.id == format!("play:{}", card_id(&off))),
        "the off-suit card is not listed"
    );
    assert!(legal.actions.iter().all(|a| a.id.starts_with("play:")));

    // Not following suit, as a typed action and as an action id.
    let s = expect_code(
        game.submit(1, version, typed_play(off)).await,
        Code::FailedPrecondition,
        "off-suit card",
    );
    assert_eq!(
        rule_id(&s).as_deref(),
        Some("CLM-TRK.4"),
        "following suit is CLM-TRK.4 (lead {lead}): {s:?}"
    );
    let s = expect_code(
        game.submit(1, version, action_id(&format!("play:{}", card_id(&off))))
            .await,
        Code::FailedPrecondition,
        "off-suit card by id",
    );
    assert_eq!(rule_id(&s).as_deref(), Some("CLM-TRK.4"));

    // A card that is not in the hand: one that is face up on the table (the card just led).
    let c = claim(&before.seats[0].1);
    let led = c.trick[0].card.expect("the led card");
    let s = expect_code(
        game.submit(1, version, typed_play(led)).await,
        Code::FailedPrecondition,
        "card not in hand",
    );
    assert_eq!(
        rule_id(&s).as_deref(),
        Some("CLM-TRK.3"),
        "a card not in hand is CLM-TRK.3: {s:?}"
    );
    let s = expect_code(
        game.submit(1, version, action_id(&format!("play:{}", card_id(&led))))
            .await,
        Code::FailedPrecondition,
        "card not in hand by id",
    );
    assert_eq!(rule_id(&s).as_deref(), Some("CLM-TRK.3"));

    // A decision that is not pending at all.
    let s = expect_code(
        game.submit(1, version, action_id("seer_peek")).await,
        Code::FailedPrecondition,
        "seer_peek",
    );
    assert!(
        rule_id(&s).is_some_and(|r| r.starts_with("CLM-")),
        "a rule id: {s:?}"
    );

    assert_same(
        &before,
        &snapshot(&game).await,
        "refused moves change nothing",
    );
    // And the legal move still goes through at the same version.
    game.step(&mut lcg)
        .await
        .expect("a legal move after the refusals");
    assert!(game.view().await.version > version);
}

async fn a_stale_version_is_aborted(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let game = Game::create(
        &tablero,
        options(pb::ClaimMode::ThreePlayer),
        seats(&[true, false, false]),
        7,
    )
    .await;
    let mut lcg = Lcg::new(7);
    for _ in 0..3 {
        game.step(&mut lcg).await.unwrap();
    }
    let before = snapshot(&game).await;
    let current = before.spectator.version;
    assert!(current >= 3);
    let legal = before.seats[0].2.actions[0].id.clone();
    for stale in [0, current - 1, current + 1, u64::MAX] {
        let s = expect_code(
            game.submit(0, stale, action_id(&legal)).await,
            Code::Aborted,
            &format!("expected_version {stale}"),
        );
        assert_eq!(
            current_version(&s),
            Some(current),
            "ABORTED carries the current version: {s:?}"
        );
    }
    assert_same(
        &before,
        &snapshot(&game).await,
        "a stale submit stores nothing",
    );
    // The version from the error is the one to retry with.
    let resp = game
        .submit(0, current, action_id(&legal))
        .await
        .expect("submit at the current version");
    assert!(resp.view.unwrap().version > current);
}

async fn a_finished_game_takes_no_action(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let game = Game::create(&tablero, options(pb::ClaimMode::Base2p), all_human(2), 8).await;
    game.play_to_end(&mut Lcg::new(8)).await;
    let before = snapshot(&game).await;
    let v = before.spectator.version;
    for s in [0, 1] {
        let st = expect_code(
            game.submit(s, v, action_id("finish_crushing")).await,
            Code::FailedPrecondition,
            "after the end",
        );
        assert!(!st.message().is_empty());
    }
    assert_same(&before, &snapshot(&game).await, "unchanged");
}

async fn acting_for_another_seat_is_denied(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let game = Game::create(&tablero, options(pb::ClaimMode::Base2p), all_human(2), 9).await;
    let other = Game::create(&tablero, options(pb::ClaimMode::Base2p), all_human(2), 10).await;
    let before = snapshot(&game).await;
    assert_eq!(before.spectator.to_act, vec![0], "seat 0 leads first");
    let v = before.spectator.version;
    let seat0_move = before.seats[0].2.actions[3].id.clone();
    assert!(
        before.seats[1].2.actions.is_empty(),
        "seat 1 has nothing to do while seat 0 must act"
    );
    let req = |seat: Option<u32>, id: &str| pb::SubmitActionRequest {
        game_id: game.id.clone(),
        expected_version: v,
        idempotency_key: new_idempotency_key(),
        action: Some(action_id(id)),
        seat,
    };

    // (a) seat 1's token while seat 0 must act.
    expect_code(
        game.seat(1).submit(req(None, &seat0_move)).await,
        Code::PermissionDenied,
        "seat 1 out of turn",
    );
    // (b) seat 1's token claiming to act for seat 0.
    expect_code(
        game.seat(1).submit(req(Some(0), &seat0_move)).await,
        Code::PermissionDenied,
        "seat 1 as seat 0",
    );
    // A seat that does not exist.
    expect_code(
        game.seat(0).submit(req(Some(7), &seat0_move)).await,
        Code::PermissionDenied,
        "seat 0 as seat 7",
    );
    // A token of another game.
    let foreign = tablero.seat(&game.id, &other.tokens[&0]);
    expect_code(
        foreign.submit(req(None, &seat0_move)).await,
        Code::Unauthenticated,
        "another game's token",
    );
    expect_code(
        foreign.submit(req(Some(0), &seat0_move)).await,
        Code::Unauthenticated,
        "another game's token as 0",
    );
    expect_code(
        foreign.view().await,
        Code::Unauthenticated,
        "GetView with another game's token",
    );
    expect_code(
        foreign.legal_actions().await,
        Code::Unauthenticated,
        "ListLegalActions with another game's token",
    );
    expect_code(
        foreign.history(0).await,
        Code::Unauthenticated,
        "GetHistory with another game's token",
    );
    expect_code(
        foreign.replay_view(0).await,
        Code::Unauthenticated,
        "GetReplayView with another game's token",
    );
    match foreign.watch(0).await {
        Err(s) => assert_eq!(
            s.code(),
            Code::Unauthenticated,
            "WatchGame with another game's token: {s:?}"
        ),
        Ok(mut s) => {
            let m = within(10, "watch with another game's token", s.message()).await;
            expect_code(
                m,
                Code::Unauthenticated,
                "WatchGame with another game's token",
            );
        }
    }
    // A made-up token.
    let forged = tablero.seat(
        &game.id,
        "tbl_0000000000000000000000000000000000000000000000000000000000000000",
    );
    expect_code(
        forged.submit(req(None, &seat0_move)).await,
        Code::Unauthenticated,
        "a forged token",
    );
    // No token at all.
    expect_code(
        game.spectator().submit(req(None, &seat0_move)).await,
        Code::Unauthenticated,
        "no token",
    );
    expect_code(
        game.spectator().submit(req(Some(0), &seat0_move)).await,
        Code::Unauthenticated,
        "no token, seat 0",
    );
    // A malformed authorization header.
    let mut bad = tonic::Request::new(req(None, &seat0_move));
    bad.metadata_mut().insert(
        "authorization",
        format!("Basic {}", game.tokens[&0]).parse().unwrap(),
    );
    expect_code(
        tablero
            .raw()
            .submit_action(bad)
            .await
            .map(|r| r.into_inner()),
        Code::Unauthenticated,
        "authorization that is not Bearer",
    );
    assert_same(
        &before,
        &snapshot(&game).await,
        "refused submits change nothing",
    );
    let other_before = snapshot(&other).await;

    // Seat 0 may name itself; then seat 1 is to act, and (b) again while it is seat 1's turn:
    // naming seat 0 is still refused although the token's own seat could act.
    let resp = game
        .seat(0)
        .submit(req(Some(0), &seat0_move))
        .await
        .expect("seat 0 naming itself");
    let v1 = resp.view.unwrap().version;
    assert_eq!(v1, v + 1);
    let legal1 = game.seat(1).legal_actions().await.unwrap();
    assert_eq!(legal1.version, v1);
    let seat1_move = legal1.actions[0].id.clone();
    let at = |seat: Option<u32>| pb::SubmitActionRequest {
        game_id: game.id.clone(),
        expected_version: v1,
        idempotency_key: new_idempotency_key(),
        action: Some(action_id(&seat1_move)),
        seat,
    };
    let mid = snapshot(&game).await;
    expect_code(
        game.seat(1).submit(at(Some(0))).await,
        Code::PermissionDenied,
        "seat 1 (to act) naming seat 0",
    );
    expect_code(
        game.seat(0).submit(at(None)).await,
        Code::PermissionDenied,
        "seat 0 out of turn",
    );
    expect_code(
        game.seat(0).submit(at(Some(1))).await,
        Code::PermissionDenied,
        "seat 0 naming seat 1",
    );
    assert_same(
        &mid,
        &snapshot(&game).await,
        "refused submits change nothing",
    );
    game.seat(1)
        .submit(at(Some(1)))
        .await
        .expect("seat 1 naming itself");
    assert_eq!(game.view().await.version, v1 + 1);
    assert_same(
        &other_before,
        &snapshot(&other).await,
        "the other game is untouched",
    );
}

async fn unknown_games_are_not_found(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let id = "g_0123456789abcdef01234567";
    let ghost = tablero.spectator(id);
    expect_code(ghost.view().await, Code::NotFound, "GetView");
    expect_code(
        ghost.legal_actions().await,
        Code::NotFound,
        "ListLegalActions",
    );
    expect_code(ghost.history(0).await, Code::NotFound, "GetHistory");
    expect_code(ghost.replay_view(0).await, Code::NotFound, "GetReplayView");
    expect_code(
        tablero.join_game(id, None, "x").await,
        Code::NotFound,
        "JoinGame",
    );
    let r = ghost.watch(0).await;
    match r {
        Err(s) => assert_eq!(s.code(), Code::NotFound),
        Ok(mut stream) => {
            let first = within(10, "watch an unknown game", stream.message()).await;
            assert_eq!(
                expect_code(first, Code::NotFound, "WatchGame").code(),
                Code::NotFound
            );
        }
    }
    let seat = tablero.seat(id, "tbl_abc");
    let req = pb::SubmitActionRequest {
        game_id: id.into(),
        expected_version: 0,
        action: Some(action_id("seer_peek")),
        ..Default::default()
    };
    expect_code(seat.submit(req).await, Code::NotFound, "SubmitAction");
}

on_both_stores!(
    illegal_moves_are_refused_with_the_rule,
    a_stale_version_is_aborted,
    a_finished_game_takes_no_action,
    acting_for_another_seat_is_denied,
    unknown_games_are_not_found,
);
