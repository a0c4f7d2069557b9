//! Goofspiel, the rules' test-only game, through the real server: a game added through the
//! registry alone (its folder and one line in `tablero_rules::games!`, no `.proto` and no line
//! in the service) plays end to end by action id, with history, replay, watch and a bot.
//! Goofspiel's seats bid at the same time, in secret, so the test also sees a sealed step's
//! bids hidden from everyone but their bidder until they are shown.

use crate::common::*;
use std::collections::BTreeMap;
use tablero_e2e::Server;
use tablero_e2e::client::Tablero;
use tablero_e2e::pb;
use tonic::Code;

const GAME: &str = "goofspiel";

fn server(store: &Store) -> Server {
    store.server_with(&["--test-games"])
}

async fn create(tablero: &Tablero, seats: Vec<pb::SeatSpec>, seed: u64) -> Game {
    Game::create_by_mode(tablero, GAME, "two_player", seats, seed, None).await
}

/// Every seat that must act bids a card by id, until the game is over; the spectator's view
/// and every seat's are recorded at every version the test sees.
async fn play_by_id(
    game: &Game,
    lcg: &mut Lcg,
    seen: &mut BTreeMap<(Option<u32>, u64), pb::GameView>,
) {
    loop {
        let view = game.view().await;
        seen.insert((None, view.version), view.clone());
        for s in game.tokens.keys() {
            let v = game.seat(*s).view().await.unwrap();
            assert!(
                v.game.is_none(),
                "a game without messages of its own has no typed view"
            );
            seen.insert((Some(*s), v.version), v);
        }
        if view.status == pb::GameStatus::Finished as i32 {
            return;
        }
        let seat = view.to_act[lcg.below(view.to_act.len())];
        let legal = game.seat(seat).legal_actions().await.unwrap();
        assert!(!legal.actions.is_empty(), "seat {seat} to act has a bid");
        for a in &legal.actions {
            assert!(a.action.is_none(), "no typed form: {a:?}");
            assert!(
                a.id.starts_with("bid:") && a.label.starts_with("Bid "),
                "{a:?}"
            );
        }
        let chosen = &legal.actions[lcg.below(legal.actions.len())];
        game.submit(seat, legal.version, action_id(&chosen.id))
            .await
            .unwrap_or_else(|s| panic!("seat {seat} bidding {}: {s:?}", chosen.id));
    }
}

async fn a_registry_game_plays_through_the_server(store: Store) {
    let server = server(&store);
    let tablero = server.client().await;
    let types = tablero.game_types().await.unwrap();
    let info = types
        .iter()
        .find(|t| t.game_type == GAME)
        .expect("ListGameTypes lists the test game when asked to host it");
    assert_eq!(
        info.modes
            .iter()
            .map(|m| (m.name.as_str(), m.seats))
            .collect::<Vec<_>>(),
        [("two_player", 2), ("three_player", 3)]
    );

    // Two humans, and a spectator watching from the start.
    let game = create(&tablero, all_human(2), 7).await;
    let mut watch = game.spectator().watch(0).await.unwrap();
    let mut lcg = Lcg::new(7);
    let mut seen = BTreeMap::new();
    play_by_id(&game, &mut lcg, &mut seen).await;
    let last = game.view().await;
    let outcome = last
        .outcome
        .clone()
        .expect("a finished game has an outcome");
    assert_eq!(outcome.places.len(), 2);
    assert!(outcome.reason.contains("points"), "{}", outcome.reason);

    // The watcher was sent every change, up to the finished game.
    let mut watched = Vec::new();
    while let Some(update) = within(10, "the watch to reach the end", watch.message())
        .await
        .unwrap()
    {
        let view = update.view.unwrap();
        watched.extend(update.events);
        if view.status == pb::GameStatus::Finished as i32 {
            assert_eq!(view, last, "the watch ends on the finished view");
            break;
        }
    }

    // History: each sealed bid is its bidder's alone; the spectator reads every summary.
    let public = Game::history(&game.spectator()).await;
    assert_eq!(
        public.iter().map(|e| &e.summary).collect::<Vec<_>>(),
        watched.iter().map(|e| &e.summary).collect::<Vec<_>>(),
        "the watcher saw the history"
    );
    assert!(public.iter().all(|e| e.game.is_none()));
    let sealed = |events: &[pb::Event], seat: u32| -> Vec<String> {
        events
            .iter()
            .filter(|e| e.summary.starts_with(&format!("Seat {seat} bids")))
            .map(|e| e.summary.clone())
            .collect()
    };
    let own = Game::history(&game.seat(0)).await;
    let other = Game::history(&game.seat(1)).await;
    assert_eq!(sealed(&own, 0).len(), 5, "five prizes, five bids");
    assert!(
        sealed(&own, 0)
            .iter()
            .all(|s| s.ends_with("in secret") && s.contains(char::is_numeric))
    );
    assert!(
        sealed(&other, 0)
            .iter()
            .all(|s| s == "Seat 0 bids in secret")
    );
    assert!(
        sealed(&public, 0)
            .iter()
            .all(|s| s == "Seat 0 bids in secret")
    );

    // Replay: every recorded version reads back as it was shown, to each viewer.
    for ((viewer, version), want) in &seen {
        let client = match viewer {
            None => game.spectator(),
            Some(s) => game.seat(*s),
        };
        assert_eq!(
            &client.replay_view(*version).await.unwrap(),
            want,
            "v{version} as {viewer:?}"
        );
    }

    // A bot plays a seat; a hint is one of the legal bids.
    let against_bot = create(
        &tablero,
        vec![Tablero::human("me"), Tablero::bot_of("mcts", 1)],
        8,
    )
    .await;
    let legal = against_bot.seat(0).legal_actions().await.unwrap();
    let hint = against_bot.seat(0).hint(1).await.unwrap();
    assert!(
        legal
            .actions
            .iter()
            .any(|a| Some(a.id.as_str()) == hint.action.as_ref().map(|h| h.id.as_str())),
        "{hint:?}"
    );
    let mut seen = BTreeMap::new();
    play_by_id(&against_bot, &mut Lcg::new(8), &mut seen).await;
    let end = against_bot.view().await;
    assert_eq!(end.status, pb::GameStatus::Finished as i32);
    assert!(end.to_act.is_empty());
}

async fn typed_input_and_options_are_refused(store: Store) {
    let server = server(&store);
    let tablero = server.client().await;
    let game = create(&tablero, all_human(2), 9).await;
    let before = game.view().await;
    let typed = pb::submit_action_request::Action::Typed(pb::Action {
        game: Some(pb::action::Game::Claim(pb::ClaimAction::default())),
    });
    let refused = expect_code(
        game.submit(0, before.version, typed).await,
        Code::InvalidArgument,
        "a Claim action",
    );
    assert!(refused.message().contains("claim"), "{}", refused.message());
    expect_code(
        game.submit(0, before.version, action_id("bid:9")).await,
        Code::FailedPrecondition,
        "a card the seat does not hold",
    );
    assert_eq!(game.view().await, before, "refusals change nothing");
    let with_options = tablero
        .create_game(pb::CreateGameRequest {
            game_type: GAME.into(),
            options: Some(pb::GameOptions {
                game: Some(pb::game_options::Game::Claim(Default::default())),
            }),
            seats: all_human(2),
            mode: "two_player".into(),
            ..Default::default()
        })
        .await;
    let s = expect_code(
        with_options,
        Code::InvalidArgument,
        "options for a game without options",
    );
    assert!(s.message().contains("takes no options"), "{}", s.message());
}

async fn a_production_server_does_not_host_it(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let types = tablero.game_types().await.unwrap();
    assert!(types.iter().all(|t| t.game_type != GAME));
    let created = tablero
        .create_game(pb::CreateGameRequest {
            game_type: GAME.into(),
            seats: all_human(2),
            ..Default::default()
        })
        .await;
    expect_code(
        created,
        Code::InvalidArgument,
        "a test game on a production server",
    );
}

on_both_stores!(
    a_registry_game_plays_through_the_server,
    typed_input_and_options_are_refused,
    a_production_server_does_not_host_it
);
