//! The server's bots through the API (issue 19, part 3): every game lists its bot kinds and
//! levels; a seat spec picks kind and level; `mcts` bots move within the write; a person asks
//! for a hint for their own seat, and only for it. Bad kinds and levels are refused at the edge
//! and change nothing.

use crate::common::*;
use tablero_e2e::client::Tablero;
use tablero_e2e::pb;
use tonic::Code;

/// Every game type lists random, greedy and mcts, with mcts's levels.
#[tokio::test]
async fn every_game_lists_its_bot_kinds_and_levels() {
    let server = Store::memory().server();
    let tablero = server.client().await;
    let types = tablero.game_types().await.unwrap();
    assert_eq!(types.len(), 5);
    for t in &types {
        let kinds: Vec<(&str, u32, u32)> = t
            .bot_kinds
            .iter()
            .map(|k| (k.name.as_str(), k.max_level, k.default_level))
            .collect();
        assert_eq!(
            kinds,
            [("random", 1, 1), ("greedy", 1, 1), ("mcts", 3, 2)],
            "{}",
            t.game_type
        );
        assert_eq!(t.bots, ["random", "greedy", "mcts"]);
        assert!(t.bot_kinds.iter().all(|k| !k.description.is_empty()));
    }
}

/// In every game type's first mode, a person takes the hint at each of their turns against
/// `mcts` bots (level 1): the hint is one of their legal moves at the version it names, the
/// submit of it is accepted, and the bots answer within the write.
async fn a_person_follows_hints_against_mcts_bots(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    for t in tablero.game_types().await.unwrap() {
        let mode = &t.modes[0];
        let mut seats = vec![Tablero::human("me")];
        seats.extend((1..mode.seats).map(|_| Tablero::bot_of("mcts", 1)));
        let game = Game::create_by_mode(&tablero, &t.game_type, &mode.name, seats, 19, None).await;
        let view = game.view().await;
        for s in &view.seats[1..] {
            assert_eq!(
                (s.bot.as_str(), s.bot_level),
                ("mcts", 1),
                "{}",
                t.game_type
            );
        }
        let me = game.seat(0);
        let mut hinted = 0;
        while hinted < 12 {
            let legal = me.legal_actions().await.unwrap();
            if legal.actions.is_empty() {
                break;
            }
            let hint = me.hint(1).await.unwrap();
            assert_eq!(hint.version, legal.version, "{}", t.game_type);
            assert_eq!(hint.seat, 0);
            let action = hint.action.expect("a hint names its move");
            let listed = legal
                .actions
                .iter()
                .find(|a| a.id == action.id)
                .unwrap_or_else(|| panic!("{}: hint {} is not legal", t.game_type, action.id));
            assert_eq!(listed.label, action.label);
            me.submit_id_at(hint.version, &action.id).await.unwrap();
            hinted += 1;
        }
        assert!(hinted > 0, "{}: the person never got to move", t.game_type);
    }
}

on_both_stores!(a_person_follows_hints_against_mcts_bots);

/// A whole Claim game against the default `mcts` bot ends, and its moves are in the history
/// like anybody's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_game_against_the_default_mcts_bot_ends() {
    let server = Store::memory().server();
    let tablero = server.client().await;
    let game = Game::create_by_mode(
        &tablero,
        "claim",
        "base_2p",
        vec![Tablero::human("me"), Tablero::bot_of("mcts", 0)],
        5,
        None,
    )
    .await;
    assert_eq!(
        game.view().await.seats[1].bot_level,
        2,
        "0 stands for the default level"
    );
    let mut lcg = Lcg::new(5);
    let end = game.play_to_end(&mut lcg).await;
    assert!(end.outcome.is_some());
    let history = Game::history(&game.spectator()).await;
    assert!(
        history
            .iter()
            .any(|e| e.actor == Some(1) && e.game.is_some())
    );
}

/// Bad kinds and levels are INVALID_ARGUMENT naming the field; a hint needs the seat's own
/// token and a seat to act; nothing is stored by a refusal.
#[tokio::test]
async fn bad_bots_and_hints_are_refused() {
    let server = Store::memory().server();
    let tablero = server.client().await;
    let create = |seats: Vec<pb::SeatSpec>| pb::CreateGameRequest {
        game_type: "claim".into(),
        seats,
        seed: Some(1),
        ..Default::default()
    };
    for (spec, field) in [
        (Tablero::bot_of("mcts", 4), "seats.bot_level"),
        (Tablero::bot_of("greedy", 2), "seats.bot_level"),
        (Tablero::bot_of("alphazero", 0), "seats.bot"),
        (
            pb::SeatSpec {
                bot_level: 2,
                ..Tablero::human("x")
            },
            "seats.bot",
        ),
    ] {
        let status = expect_code(
            tablero
                .create_game(create(vec![Tablero::human("me"), spec]))
                .await,
            Code::InvalidArgument,
            field,
        );
        assert!(
            status.message().contains(field),
            "{field}: {}",
            status.message()
        );
    }
    let game = Game::create_by_mode(
        &tablero,
        "claim",
        "base_2p",
        vec![Tablero::human("a"), Tablero::human("b")],
        3,
        None,
    )
    .await;
    let (to_act, _) = game.to_act().await.unwrap();
    let other = 1 - to_act;
    expect_code(
        game.spectator().hint(0).await,
        Code::Unauthenticated,
        "no token",
    );
    expect_code(
        game.seat(other).hint(0).await,
        Code::FailedPrecondition,
        "not to act",
    );
    expect_code(
        game.seat(to_act).hint(4).await,
        Code::InvalidArgument,
        "level 4",
    );
    let before = game.view().await;
    let hint = game.seat(to_act).hint(0).await.unwrap();
    assert!(hint.action.is_some());
    assert_eq!(game.view().await, before, "a hint changes nothing");
}

/// A game of bots only is played within its create's write, and that write's searches stop at
/// their budget (20 moves' worth): a Kingdom Legacy sitting of thousands of `mcts` moves at the
/// top level still answers (the rest of its moves are `random`, whose store-the-kingdom ends the
/// sitting), instead of holding the request and a core for minutes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_bots_only_is_bounded_by_the_writes_search_budget() {
    let server = Store::memory().server_with(&["--bot-move-ms", "50"]);
    let tablero = server.client().await;
    let created = within(
        120,
        "a create whose write plays a whole sitting of bot moves",
        tablero.create_game(pb::CreateGameRequest {
            game_type: "kingdom_legacy".into(),
            seats: vec![Tablero::bot_of("mcts", 3)],
            seed: Some(2),
            ..Default::default()
        }),
    )
    .await
    .unwrap();
    let view = created.view.unwrap();
    assert_eq!(
        view.status,
        pb::GameStatus::Finished as i32,
        "the bot played to the end"
    );
}
