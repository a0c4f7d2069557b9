//! Seat management (issue 18, part 2), game-neutral and so tested on every game and mode: a
//! seat resigns (a game of one or two seats ends, a larger one goes on with the bot in the
//! seat); a backend hands a seat to the bot and back and reissues its token. Every change is
//! an event in the history and the watch stream, and a refused change changes nothing.

use crate::common::*;
use std::collections::BTreeMap;
use tablero_e2e::client::{SeatClient, Tablero};
use tablero_e2e::pb;
use tokio_stream::StreamExt;
use tonic::Code;

/// A game of `game_type` in `mode` with every seat a person's, created by the backend.
async fn create_all_human(
    backend: &Tablero,
    game_type: &str,
    mode: &pb::GameMode,
    seed: u64,
) -> (String, BTreeMap<u32, String>) {
    let created = backend
        .create_game(pb::CreateGameRequest {
            game_type: game_type.into(),
            mode: mode.name.clone(),
            seats: (0..mode.seats)
                .map(|i| Tablero::human(&format!("p{i}")))
                .collect(),
            seed: Some(seed),
            ..Default::default()
        })
        .await
        .unwrap_or_else(|e| panic!("{game_type} {}: {e}", mode.name));
    let tokens = created
        .credentials
        .iter()
        .map(|c| (c.seat, c.token.clone()))
        .collect();
    (created.game_id, tokens)
}

fn seat_changes(events: &[pb::Event]) -> Vec<(u64, u32, pb::SeatChangeKind)> {
    events
        .iter()
        .filter_map(|e| {
            e.seat_change.as_ref().map(|c| {
                assert!(e.game.is_none(), "a seat change is no move");
                (
                    e.version,
                    c.seat,
                    pb::SeatChangeKind::try_from(c.kind).unwrap(),
                )
            })
        })
        .collect()
}

/// Plays one legal action of a person's seat that must act; false when nobody (human) can.
async fn step(
    player: &Tablero,
    game_id: &str,
    tokens: &BTreeMap<u32, String>,
    lcg: &mut Lcg,
) -> bool {
    let view = player.spectator(game_id).view().await.unwrap();
    if view.status == pb::GameStatus::Finished as i32 {
        return false;
    }
    for seat in &view.to_act {
        let Some(token) = tokens.get(seat) else {
            continue;
        };
        let me = player.seat(game_id, token);
        let legal = me.legal_actions().await.unwrap();
        if legal.actions.is_empty() {
            continue;
        }
        let pick = &legal.actions[lcg.below(legal.actions.len())];
        me.submit_id_at(legal.version, &pick.id).await.unwrap();
        return true;
    }
    false
}

/// Every game and mode: seat 0 resigns with its own token.
async fn resigning_ends_small_games_and_hands_large_ones_to_the_bot(store: Store) {
    let server = store.server();
    let backend = server.client().await;
    let player = server.client_without_key().await;
    let mut lcg = Lcg::new(18);
    for info in backend.game_types().await.unwrap() {
        for mode in &info.modes {
            let what = format!("{} {}", info.game_type, mode.name);
            let (id, mut tokens) = create_all_human(&backend, &info.game_type, mode, 7).await;
            // A move or two first, so the resignation comes mid-game.
            for _ in 0..2 {
                step(&player, &id, &tokens, &mut lcg).await;
            }
            let me = player.seat(&id, &tokens[&0]);
            let before = me.view().await.unwrap();
            if before.status == pb::GameStatus::Finished as i32 {
                continue;
            }
            let resigned = me.resign().await.unwrap_or_else(|e| panic!("{what}: {e}"));
            let view = resigned.view.unwrap();
            assert_eq!(
                seat_changes(&resigned.events)[0],
                (before.version + 1, 0, pb::SeatChangeKind::Resigned),
                "{what}: the resignation is the first event of its write"
            );
            assert!(view.seats[0].resigned, "{what}");
            // A resigned seat's token no longer works (issue 29), for anything.
            expect_code(me.resign().await, Code::Unauthenticated, "resigning twice");
            expect_code(me.view().await, Code::Unauthenticated, "the resigned token");
            let history = player.spectator(&id).history(0).await.unwrap();
            assert_eq!(
                seat_changes(&history),
                [(before.version + 1, 0, pb::SeatChangeKind::Resigned)],
                "{what}: the history shows the resignation"
            );
            if mode.seats <= 2 {
                // The game ends: the other seat wins; alone, the game is lost.
                assert_eq!(view.status, pb::GameStatus::Finished as i32, "{what}");
                let outcome = view.outcome.unwrap();
                let want: Vec<u32> = if mode.seats == 2 { vec![1] } else { vec![] };
                assert_eq!(outcome.winners, want, "{what}");
                assert!(outcome.reason.contains("resigned"), "{what}");
                assert!(
                    view.to_act.is_empty() && view.legal_actions.is_empty(),
                    "{what}"
                );
                if let Some(other) = tokens.get(&1) {
                    let other = player.seat(&id, other);
                    assert!(
                        other.legal_actions().await.unwrap().actions.is_empty(),
                        "{what}"
                    );
                }
                // A replay before the resignation shows the game as it was.
                let replayed = player
                    .spectator(&id)
                    .replay_view(before.version)
                    .await
                    .unwrap();
                assert_eq!(replayed.status, pb::GameStatus::Active as i32, "{what}");
                assert_eq!(replayed.to_act, before.to_act, "{what}");
            } else {
                // The bot plays the seat; the game goes on to its end without it.
                assert_eq!(view.seats[0].occupant, pb::Occupant::Bot as i32, "{what}");
                // The old token no longer reads the seat the bot plays now.
                expect_code(
                    me.legal_actions().await,
                    Code::Unauthenticated,
                    "the resigned seat's token",
                );
                tokens.remove(&0);
                let mut moves = 0;
                while step(&player, &id, &tokens, &mut lcg).await {
                    moves += 1;
                    assert!(moves < 5_000, "{what}: the game never ends");
                    let v = player.spectator(&id).view().await.unwrap();
                    assert!(
                        !v.to_act.contains(&0) || v.status == pb::GameStatus::Finished as i32,
                        "{what}: the bot moved for the resigned seat in the same write"
                    );
                }
                let end = player.spectator(&id).view().await.unwrap();
                assert_eq!(end.status, pb::GameStatus::Finished as i32, "{what}");
            }
        }
    }
}

/// The watch stream's events from version 0 until the view reaches `version`.
async fn watched_until(watcher: &SeatClient, version: u64) -> Vec<pb::Event> {
    let mut stream = watcher.watch(0).await.unwrap();
    let mut events = Vec::new();
    within(10, "the watch stream to catch up", async {
        while let Some(msg) = stream.next().await {
            let msg = msg.unwrap();
            events.extend(msg.events);
            if msg.view.is_some_and(|v| v.version >= version) {
                break;
            }
        }
    })
    .await;
    events
}

async fn backends_hand_seats_to_the_bot_and_back_and_reissue_tokens(store: Store) {
    let server = store.server();
    let backend = server.client().await;
    let player = server.client_without_key().await;
    let game = Game::create(&backend, options(pb::ClaimMode::Base2p), all_human(2), 3).await;
    let id = game.id.clone();
    let spectator = player.spectator(&id);
    let (p0, p1) = (
        player.seat(&id, &game.tokens[&0]),
        player.seat(&id, &game.tokens[&1]),
    );

    // Refusals first: each is its own code, and none changes the game.
    let before = snapshot(&game).await;
    expect_code(
        player.replace_seat(&id, 1, pb::Occupant::Bot).await,
        Code::Unauthenticated,
        "replacing a seat without a key",
    );
    expect_code(
        player.reissue_seat_token(&id, 1).await,
        Code::Unauthenticated,
        "reissuing a token without a key",
    );
    expect_code(
        player.resign_seat(&id, 1).await,
        Code::Unauthenticated,
        "resigning another's seat without a key",
    );
    expect_code(
        backend.replace_seat(&id, 2, pb::Occupant::Bot).await,
        Code::InvalidArgument,
        "a seat the game does not have",
    );
    expect_code(
        backend.replace_seat(&id, 1, pb::Occupant::Open).await,
        Code::InvalidArgument,
        "opening a seat",
    );
    expect_code(
        backend.replace_seat(&id, 1, pb::Occupant::Human).await,
        Code::FailedPrecondition,
        "a person's seat handed to a person",
    );
    let resign_other = p0.request(pb::ResignSeatRequest {
        game_id: id.clone(),
        seat: Some(1),
    });
    expect_code(
        player.raw().resign_seat(resign_other).await,
        Code::PermissionDenied,
        "resigning another seat with one's own token",
    );
    assert_same(&before, &snapshot(&game).await, "refused seat changes");

    // Seat 1's player abandons: the bot takes the seat and answers every move of seat 0.
    let to_bot = backend
        .replace_seat(&id, 1, pb::Occupant::Bot)
        .await
        .unwrap();
    let v = to_bot.view.unwrap();
    assert_eq!(v.seats[1].occupant, pb::Occupant::Bot as i32);
    assert!(to_bot.credential.is_none());
    assert_eq!(
        v.to_act,
        vec![0],
        "the bot moved at once if it was its turn"
    );
    let mut lcg = Lcg::new(9);
    for _ in 0..3 {
        let legal = p0.legal_actions().await.unwrap();
        let pick = &legal.actions[lcg.below(legal.actions.len())];
        let resp = p0.submit_id_at(legal.version, &pick.id).await.unwrap();
        let v = resp.view.unwrap();
        if v.status == pb::GameStatus::Finished as i32 {
            break;
        }
        assert_eq!(v.to_act, vec![0], "the bot answered in the same write");
    }
    // While the bot plays the seat its token reads nothing of it (issue 29).
    expect_code(
        p1.legal_actions().await,
        Code::Unauthenticated,
        "a bot's seat to its old token",
    );
    expect_code(
        p1.view().await,
        Code::Unauthenticated,
        "the seat's view while the bot plays it",
    );

    // The player returns: the seat and its old token are theirs again.
    let back = backend
        .replace_seat(&id, 1, pb::Occupant::Human)
        .await
        .unwrap();
    assert!(back.credential.is_none(), "the seat kept its token");
    assert_eq!(
        back.view.unwrap().seats[1].occupant,
        pb::Occupant::Human as i32
    );

    // A leaked token: the new one works at once, the old one nowhere, on any replica.
    let other_replica = if store.is_redis() {
        Some(store.server())
    } else {
        None
    };
    let other_client = match &other_replica {
        Some(s) => Some(s.client_without_key().await),
        None => None,
    };
    if let Some(c) = &other_client {
        // The other replica has the game hot before the change.
        c.seat(&id, &game.tokens[&0]).view().await.unwrap();
    }
    let reissued = backend.reissue_seat_token(&id, 0).await.unwrap();
    let credential = reissued.credential.expect("a new token, once");
    assert_eq!(credential.seat, 0);
    expect_code(p0.view().await, Code::Unauthenticated, "the old token");
    if let Some(c) = &other_client {
        expect_code(
            c.seat(&id, &game.tokens[&0]).view().await,
            Code::Unauthenticated,
            "the old token on another replica",
        );
        c.seat(&id, &credential.token).view().await.unwrap();
    }
    let p0 = player.seat(&id, &credential.token);
    assert_eq!(p0.view().await.unwrap().viewer_seat, Some(0));

    // Every change is in the history and the watch stream, in order, with its version.
    let now = spectator.view().await.unwrap().version;
    let history = spectator.history(0).await.unwrap();
    let kinds: Vec<pb::SeatChangeKind> = seat_changes(&history).into_iter().map(|c| c.2).collect();
    assert_eq!(
        kinds,
        [
            pb::SeatChangeKind::ReplacedByBot,
            pb::SeatChangeKind::ReturnedToHuman,
            pb::SeatChangeKind::TokenReissued
        ]
    );
    let watched = watched_until(&spectator, now).await;
    assert_eq!(
        seat_changes(&watched),
        seat_changes(&history),
        "the watch stream"
    );
    let versions = event_versions(&history);
    assert!(
        versions.windows(2).all(|w| w[0] <= w[1]),
        "in version order"
    );

    // A backend resigns for its player: the game ends, seat 0 wins.
    let resigned = backend.resign_seat(&id, 1).await.unwrap();
    let outcome = resigned.view.unwrap().outcome.unwrap();
    assert_eq!(outcome.winners, vec![0]);
    expect_code(
        backend.replace_seat(&id, 0, pb::Occupant::Bot).await,
        Code::FailedPrecondition,
        "changing a finished game's seats",
    );
}

/// A campaign's play keeps its seats: they follow the campaign (its results fold into it).
async fn a_campaign_play_keeps_its_seats(store: Store) {
    let server = store.server();
    let backend = server.client().await;
    let campaign = crate::campaigns::create_emara_campaign(&backend).await;
    let play = crate::campaigns::start(&backend, &campaign.campaign_id, &campaign.token, 4)
        .await
        .unwrap();
    let seat = backend.seat(&play.game_id, &play.credentials[0].token);
    let before = seat.view().await.unwrap();
    for refused in [
        seat.resign().await.map(|_| ()),
        backend.resign_seat(&play.game_id, 0).await.map(|_| ()),
        backend
            .replace_seat(&play.game_id, 0, pb::Occupant::Bot)
            .await
            .map(|_| ()),
        backend
            .reissue_seat_token(&play.game_id, 0)
            .await
            .map(|_| ()),
    ] {
        let status = expect_code(refused, Code::FailedPrecondition, "a seat change in a play");
        assert!(
            status.message().contains("campaign"),
            "{}",
            status.message()
        );
    }
    assert_eq!(seat.view().await.unwrap(), before, "nothing changed");
}

on_both_stores!(
    resigning_ends_small_games_and_hands_large_ones_to_the_bot,
    a_campaign_play_keeps_its_seats
);
on_all_stores!(backends_hand_seats_to_the_bot_and_back_and_reissue_tokens);
