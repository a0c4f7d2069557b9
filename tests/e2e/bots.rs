//! The server's bots through the API (issue 19, part 3): every game lists its bot kinds and
//! levels; a seat spec picks kind and level; `mcts` bots move within the write, and its top
//! level from any replica's background worker (each turn once, even when a replica dies
//! mid-search); a person asks for a hint for their own seat, and only for it. Bad kinds and
//! levels are refused at the edge and change nothing.

use crate::common::*;
use std::time::{Duration, Instant};
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
/// their budget (20 moves' worth): a Kingdom Legacy sitting of thousands of `mcts` moves still
/// answers (the rest of its moves are `random`, whose store-the-kingdom ends the
/// sitting), instead of holding the request and a core for minutes. (The top level would move
/// from the background instead, so this is the default level.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_bots_only_is_bounded_by_the_writes_search_budget() {
    let server = Store::memory().server_with(&["--bot-move-ms", "50"]);
    let tablero = server.client().await;
    let created = within(
        120,
        "a create whose write plays a whole sitting of bot moves",
        tablero.create_game(pb::CreateGameRequest {
            game_type: "kingdom_legacy".into(),
            seats: vec![Tablero::bot_of("mcts", 2)],
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

/// Waits (30 s at most: CI runs many server processes on two cores) until `check` holds for
/// the spectator's view of `game`.
async fn until_view(
    game: &Game,
    what: &str,
    check: impl Fn(&pb::GameView) -> bool,
) -> pb::GameView {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let view = game.view().await;
        if check(&view) {
            return view;
        }
        assert!(Instant::now() < deadline, "{what}: still at {view:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The history's versions run 1, 2, 3… without a gap or a repeat: every turn was played once.
async fn each_turn_once(game: &Game) {
    let history = Game::history(&game.spectator()).await;
    let versions = event_versions(&history);
    let last = *versions.last().unwrap();
    assert_eq!(versions, versions_after(0, last), "game {}", game.id);
    for v in 1..=last {
        let actors: Vec<Option<u32>> = history
            .iter()
            .filter(|e| e.version == v && e.game.is_some())
            .map(|e| e.actor)
            .collect();
        assert!(
            actors.windows(2).all(|w| w[0] == w[1]),
            "game {}: version {v} is one seat's move: {actors:?}",
            game.id
        );
    }
}

/// A person against `mcts` at its top level: the submit answers with the person's move alone,
/// and the bot's move follows from the background worker, once per turn, to the end.
async fn the_top_level_moves_from_the_background(store: Store) {
    let server = store.server_with(&["--bot-background-ms", "30", "--deadline-poll-ms", "50"]);
    let tablero = server.client().await;
    let game = Game::create_by_mode(
        &tablero,
        "claim",
        "base_2p",
        vec![Tablero::human("me"), Tablero::bot_of("mcts", 3)],
        7,
        None,
    )
    .await;
    let me = game.seat(0);
    let mut lcg = Lcg::new(7);
    let mut answered_alone = 0;
    loop {
        let view = until_view(&game, "the bot's turn passes", |v| {
            finished(v) || v.to_act.contains(&0)
        })
        .await;
        if finished(&view) {
            break;
        }
        let legal = me.legal_actions().await.unwrap();
        let pick = &legal.actions[lcg.below(legal.actions.len())];
        let answer = me.submit_id_at(legal.version, &pick.id).await.unwrap();
        let after = answer.view.unwrap();
        if after.to_act == [1] {
            assert_eq!(
                after.version,
                legal.version + 1,
                "the bot's move is not in the submit's write"
            );
            answered_alone += 1;
        }
    }
    assert!(
        answered_alone > 10,
        "the bot moved after the person {answered_alone} times"
    );
    each_turn_once(&game).await;
    check_finished(&game).await;
}

on_both_stores!(the_top_level_moves_from_the_background);

/// Two replicas play games of top-level bots only, taking turns as they find them due; one is
/// SIGKILLed mid-game (most likely mid-search, holding a turn). The other plays every game to
/// its end once the dead replica's lease runs out, and every turn is played once.
///
/// The search budget is short: a search runs to its iteration count or its budget, whichever
/// comes first, and on a loaded machine it is the budget: at 2 s a move, four games of some 50
/// moves each on one replica's two search slots took longer than any wait here.
async fn two_replicas_play_background_bots_each_turn_once_even_when_one_dies(store: Store) {
    let flags = ["--bot-background-ms", "250", "--deadline-poll-ms", "50"];
    let mut a = store.server_with(&flags);
    let b = store.server_with(&flags);
    let (on_a, on_b) = (a.client().await, b.client().await);
    let mut games = Vec::new();
    for seed in 0..4 {
        let on = if seed % 2 == 0 { &on_a } else { &on_b };
        let game = Game::create_by_mode(
            on,
            "claim",
            "base_2p",
            vec![Tablero::bot_of("mcts", 3), Tablero::bot_of("mcts", 3)],
            30 + seed,
            None,
        )
        .await;
        games.push(game.on(&on_b));
    }
    // Both replicas play for a while, then A dies.
    for game in &games {
        until_view(game, "bots moving", |v| v.version >= 6).await;
    }
    a.kill();
    for game in &games {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let view = game.view().await;
            if finished(&view) {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "game {} does not end: at version {}",
                game.id,
                view.version
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        each_turn_once(game).await;
    }
    drop(on_a);
}

on_stores!([redis, redis_cluster] two_replicas_play_background_bots_each_turn_once_even_when_one_dies);
