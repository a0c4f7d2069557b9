//! Pantheon through the real server: a newcomer against two bots in a three-player game played
//! to the end on both stores, and a refused move with its PTH rule ID that changes nothing.

use crate::common::*;
use tablero_e2e::client::{Tablero, rule_id};
use tablero_e2e::pb;
use tonic::Code;

fn pantheon(view: &pb::GameView) -> &pb::PantheonView {
    match &view.game {
        Some(pb::game_view::Game::Pantheon(p)) => p,
        other => panic!("a Pantheon game's view carries no PantheonView: {other:?}"),
    }
}

async fn one_human_and_two_bots_play_to_the_end(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let mut seats = all_human(1);
    seats.push(Tablero::bot());
    seats.push(Tablero::bot());
    let game = Game::create_by_mode(&tablero, "pantheon", "three_player", seats, 12, None).await;
    let me = game.seat(0);
    let spectator = game.spectator();

    // A move that is not listed is refused with a PTH rule and changes nothing.
    let before = spectator.view().await.expect("view");
    let refused = expect_code(
        me.submit_id_at(before.version, "god:9:GIFTS").await,
        Code::FailedPrecondition,
        "an action that is not listed",
    );
    let rule = rule_id(&refused).expect("a rule ID");
    assert!(rule.starts_with("PTH-"), "rule {rule}");
    assert_eq!(
        spectator.view().await.expect("view").version,
        before.version
    );

    let mut lcg = Lcg::new(4);
    let mut end = None;
    for _ in 0..20_000 {
        let view = spectator.view().await.expect("view");
        if finished(&view) {
            end = Some(view);
            break;
        }
        assert_eq!(
            view.to_act,
            vec![0],
            "only the human seat waits: bots move at once"
        );
        let legal = me.legal_actions().await.expect("legal actions");
        assert!(!legal.actions.is_empty(), "the seat to act has actions");
        let id = &legal.actions[lcg.below(legal.actions.len())].id;
        me.submit_id_at(legal.version, id)
            .await
            .expect("a listed action");
    }
    let end = end.expect("the game ends");
    let p = pantheon(&end);
    assert_eq!(p.players.len(), 3);
    let outcome = end.outcome.clone().expect("an outcome");
    assert_eq!(outcome.places.len(), 3);
    assert!(
        !outcome.winners.is_empty(),
        "somebody wins (ties share, PTH-13.6)"
    );
}

on_both_stores!(one_human_and_two_bots_play_to_the_end);
