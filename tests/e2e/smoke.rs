use tablero_e2e::{Backend, Server, client::Tablero, pb};

#[tokio::test]
async fn a_human_plays_a_whole_claim_game_against_a_bot_on_memory() {
    let server = Server::start(Backend::Memory);
    let tablero = server.client().await;
    let created = tablero
        .create_game(pb::CreateGameRequest {
            game_type: "claim".into(),
            seats: vec![Tablero::human("me"), Tablero::bot()],
            seed: Some(7),
            ..Default::default()
        })
        .await
        .unwrap();
    let me = tablero.seat(&created.game_id, &created.credentials[0].token);
    let mut moves = 0;
    loop {
        let legal = me.legal_actions().await.unwrap();
        let view = me.view().await.unwrap();
        if view.status == pb::GameStatus::Finished as i32 {
            assert!(view.outcome.is_some());
            break;
        }
        assert!(
            !legal.actions.is_empty(),
            "seat 0 must be to act while the game runs: {:?}",
            view.to_act
        );
        me.submit_id(&legal.actions[0].id).await.unwrap();
        moves += 1;
        assert!(moves < 200);
    }
    assert!(moves >= 26);
}
