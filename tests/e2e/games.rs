//! Whole games of every Claim mode, played to the end through the client: one human seat (the
//! test, choosing pseudo-randomly among the listed legal actions) against bots, and games where
//! every seat is human.

use crate::common::*;
use tablero_e2e::pb;

/// One human seat (`human_seat`) against bots in `mode`, played to the end.
async fn human_vs_bots(store: &Store, mode: pb::ClaimMode, human_seat: usize, seed: u64) {
    let server = store.server();
    let tablero = server.client().await;
    let n = players(mode);
    let mut humans = vec![false; n];
    humans[human_seat] = true;
    let game = Game::create(&tablero, options(mode), seats(&humans), seed).await;
    assert_eq!(game.tokens.len(), 1);

    let first = game.view().await;
    assert_eq!(first.status, pb::GameStatus::Active as i32);
    assert_eq!(first.seats.len(), n);
    for (i, s) in first.seats.iter().enumerate() {
        let want = if i == human_seat {
            pb::Occupant::Human
        } else {
            pb::Occupant::Bot
        };
        assert_eq!(s.occupant, want as i32, "seat {i}'s occupant");
    }
    assert_eq!(claim(&first).mode, mode as i32);
    // The bots before the human (first leader = seat 0) moved in CreateGame already.
    assert_eq!(
        first.to_act,
        vec![human_seat as u32],
        "the human must act once the bots are done"
    );
    assert_eq!(
        first.version, human_seat as u64,
        "each bot before the human played one card"
    );

    let mut lcg = Lcg::new(seed);
    let mut moves = 0;
    while let Some((seat, resp)) = game.step(&mut lcg).await {
        assert_eq!(seat, human_seat as u32);
        moves += 1;
        let v = resp.view.as_ref().unwrap();
        if !finished(v) {
            assert_eq!(
                v.to_act,
                vec![seat],
                "after the human's move the bots play until the human must act again"
            );
        }
    }
    let hand = mode_hand_size(mode);
    assert!(
        moves >= 2 * hand,
        "the human played at least one card per trick ({moves} moves)"
    );
    let view = check_finished(&game).await;
    // The human's own final view agrees with the spectator's on the outcome.
    let mine = game.seat(human_seat as u32).view().await.unwrap();
    assert_eq!(mine.outcome, view.outcome);
    assert_eq!(mine.version, view.version);
}

fn mode_hand_size(mode: pb::ClaimMode) -> usize {
    match mode {
        pb::ClaimMode::ThreePlayer => 12,
        pb::ClaimMode::FourPlayerTeams => 9,
        _ => 13,
    }
}

/// Every seat human: the test plays whichever seat is to act with that seat's token.
async fn all_seats_human(store: &Store, mode: pb::ClaimMode, seed: u64) {
    let server = store.server();
    let tablero = server.client().await;
    let n = players(mode);
    let game = Game::create(&tablero, options(mode), all_human(n), seed).await;
    assert_eq!(game.tokens.len(), n);
    assert_eq!(game.view().await.version, 0, "no bot moved");
    let mut lcg = Lcg::new(seed);
    let mut acted = vec![0usize; n];
    let mut moves = 0u64;
    while let Some((seat, resp)) = game.step(&mut lcg).await {
        acted[seat as usize] += 1;
        moves += 1;
        let v = resp.view.as_ref().unwrap();
        assert_eq!(v.version, moves, "without bots each move is one version");
        assert!(resp.events.iter().all(|e| e.version == moves));
    }
    assert!(
        acted.iter().all(|a| *a >= 2 * mode_hand_size(mode)),
        "every seat played every trick: {acted:?}"
    );
    let view = check_finished(&game).await;
    assert_eq!(view.version, moves);
    // Nobody may act in a finished game.
    for s in 0..n as u32 {
        let legal = game.seat(s).legal_actions().await.unwrap();
        assert!(
            legal.actions.is_empty(),
            "seat {s} has no legal action after the end"
        );
    }
}

async fn base_2p_vs_bot(store: Store) {
    human_vs_bots(&store, pb::ClaimMode::Base2p, 0, 11).await;
}

async fn base_2p_second_seat_vs_bot(store: Store) {
    human_vs_bots(&store, pb::ClaimMode::Base2p, 1, 12).await;
}

async fn custom_2p_vs_bot(store: Store) {
    human_vs_bots(&store, pb::ClaimMode::Custom2p, 0, 21).await;
}

async fn three_player_vs_bots(store: Store) {
    human_vs_bots(&store, pb::ClaimMode::ThreePlayer, 1, 31).await;
}

async fn four_player_teams_vs_bots(store: Store) {
    human_vs_bots(&store, pb::ClaimMode::FourPlayerTeams, 2, 41).await;
}

async fn base_2p_all_human(store: Store) {
    all_seats_human(&store, pb::ClaimMode::Base2p, 51).await;
}

async fn four_player_teams_all_human(store: Store) {
    all_seats_human(&store, pb::ClaimMode::FourPlayerTeams, 52).await;
}

/// Bots in every seat: CreateGame plays the whole game in its one write.
async fn all_bots_finish_in_create_game(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    for (i, mode) in ALL_MODES.into_iter().enumerate() {
        let n = players(mode);
        let game = Game::create(
            &tablero,
            options(mode),
            seats(&vec![false; n]),
            60 + i as u64,
        )
        .await;
        assert!(game.tokens.is_empty());
        let created = game.created.view.clone().unwrap();
        assert!(
            finished(&created),
            "{mode:?}: an all-bot game is over when created"
        );
        let view = check_finished(&game).await;
        assert_eq!(view.version, created.version);
    }
}

/// ListGameTypes describes Claim with its four modes and the random bot.
async fn game_types(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let types = tablero.game_types().await.unwrap();
    let claim = types
        .iter()
        .find(|t| t.game_type == "claim")
        .expect("claim is hosted");
    let modes: Vec<(&str, u32)> = claim
        .modes
        .iter()
        .map(|m| (m.name.as_str(), m.seats))
        .collect();
    assert_eq!(
        modes,
        vec![
            ("base_2p", 2),
            ("custom_2p", 2),
            ("three_player", 3),
            ("four_player_teams", 4)
        ]
    );
    assert!(claim.bots.contains(&"random".to_string()));
    assert!(claim.rules_version >= 1);
}

on_both_stores!(
    base_2p_vs_bot,
    base_2p_second_seat_vs_bot,
    custom_2p_vs_bot,
    three_player_vs_bots,
    four_player_teams_vs_bots,
    base_2p_all_human,
    four_player_teams_all_human,
    all_bots_finish_in_create_game,
    game_types,
);
