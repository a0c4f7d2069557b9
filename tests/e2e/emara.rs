//! Crown of Emara through the real server: a four-player game with two bots and two humans and a
//! solo game against Victoria, both played to the end through the listed legal actions; hidden
//! hands and draws; refused moves (an illegal action with its EMR rule ID, malformed ones).

use crate::common::*;
use tablero_e2e::client::{Tablero, rule_id};
use tablero_e2e::pb;
use tonic::Code;

fn emara(view: &pb::GameView) -> &pb::EmaraView {
    match &view.game {
        Some(pb::game_view::Game::Emara(e)) => e,
        other => panic!("an Emara game's view carries no EmaraView: {other:?}"),
    }
}

fn emara_event(e: &pb::Event) -> &pb::emara_event::Kind {
    match &e.game {
        Some(pb::event::Game::Emara(pb::EmaraEvent { kind: Some(k) })) => k,
        _ => panic!("an event without an Emara event kind: {e:?}"),
    }
}

fn typed(kind: pb::emara_action::Kind) -> pb::submit_action_request::Action {
    pb::submit_action_request::Action::Typed(pb::Action {
        game: Some(pb::action::Game::Emara(pb::EmaraAction {
            kind: Some(kind),
        })),
    })
}

/// Creates an Emara game by its game-neutral mode name.
async fn create(
    tablero: &Tablero,
    mode: &str,
    seats: Vec<pb::SeatSpec>,
    seed: u64,
    options: Option<pb::EmaraOptions>,
) -> Game {
    let game = Game::create_by_mode(
        tablero,
        "emara",
        mode,
        seats,
        seed,
        options.map(pb::game_options::Game::Emara),
    )
    .await;
    let view = game
        .created
        .view
        .as_ref()
        .expect("CreateGame returns a view");
    assert_eq!(emara(view).players.len(), game.n, "one player per seat");
    game
}

/// A spectator sees no hand, no drawn favor tokens and only the public part of the discard pile.
#[track_caller]
fn assert_spectator_sees_no_secret(view: &pb::GameView) {
    assert_eq!(view.viewer_seat, None);
    assert!(view.legal_actions.is_empty(), "a spectator has no actions");
    let e = emara(view);
    for p in &e.players {
        assert!(
            p.hand.is_empty() && !p.hand_visible,
            "a spectator sees seat {}'s hand: {:?}",
            p.seat,
            p.hand
        );
    }
    assert!(e.favor_drawn.is_empty(), "a spectator sees drawn tokens");
}

/// A seat sees its own hand (as many cards as it holds) and nobody else's.
async fn assert_seat_sees_only_its_hand(game: &Game, seat: u32) {
    let view = game.seat(seat).view().await.expect("GetView");
    assert_eq!(view.viewer_seat, Some(seat));
    for p in &emara(&view).players {
        if p.seat == seat {
            assert!(p.hand_visible, "seat {seat} sees its own hand");
            assert_eq!(p.hand.len() as u32, p.hand_count);
        } else {
            assert!(
                p.hand.is_empty() && !p.hand_visible,
                "seat {seat} sees seat {}'s hand",
                p.seat
            );
        }
    }
}

/// Plays the human seats with pseudo-randomly chosen listed legal actions (half of them sent as
/// ids, half as the typed action the listing carries) until the game is over. Checks the
/// spectator's view before every move. Returns the number of moves made.
async fn play_to_end(game: &Game, lcg: &mut Lcg) -> usize {
    let mut moves = 0;
    loop {
        let view = game.view().await;
        if finished(&view) {
            assert!(view.to_act.is_empty(), "nobody acts in a finished game");
            return moves;
        }
        assert_spectator_sees_no_secret(&view);
        assert!(!view.to_act.is_empty(), "someone acts in a running game");
        // One seat at a time, except the leftover split (D29) which all may submit at once.
        let seat = view.to_act[lcg.below(view.to_act.len())];
        assert!(
            game.tokens.contains_key(&seat),
            "seat {seat} must act but is not human: the server should have played it"
        );
        let legal = game
            .seat(seat)
            .legal_actions()
            .await
            .expect("ListLegalActions");
        assert_eq!(legal.seat, Some(seat));
        assert_eq!(legal.version, view.version, "nobody else moves");
        assert!(
            !legal.actions.is_empty(),
            "seat {seat} must act but has no legal action"
        );
        let chosen = &legal.actions[lcg.below(legal.actions.len())];
        assert!(!chosen.label.is_empty(), "{} has a label", chosen.id);
        let action = match &chosen.action {
            Some(
                a @ pb::Action {
                    game: Some(pb::action::Game::Emara(_)),
                },
            ) if lcg.below(2) == 0 => pb::submit_action_request::Action::Typed(a.clone()),
            Some(pb::Action {
                game: Some(pb::action::Game::Emara(_)),
            }) => action_id(&chosen.id),
            other => panic!("{} carries no typed Emara action: {other:?}", chosen.id),
        };
        let resp = game
            .submit(seat, legal.version, action)
            .await
            .unwrap_or_else(|s| panic!("seat {seat} submitting legal action {}: {s:?}", chosen.id));
        let rv = resp.view.as_ref().expect("SubmitAction returns a view");
        assert!(rv.version > legal.version, "an accepted action advances");
        assert_eq!(rv.viewer_seat, Some(seat));
        assert!(
            !resp.events.is_empty(),
            "an accepted action has events: {}",
            chosen.id
        );
        assert!(
            resp.events.iter().all(|e| !e.summary.is_empty()),
            "every event has a summary"
        );
        moves += 1;
        assert!(moves < 5_000, "the game does not end");
    }
}

/// FINISHED, an outcome placing every seat, the final score in the view, and a history of one
/// event group per version.
async fn check_finished(game: &Game) -> pb::GameView {
    let view = game.view().await;
    assert!(
        finished(&view),
        "the game is FINISHED: status {}",
        view.status
    );
    let outcome = view
        .outcome
        .as_ref()
        .expect("a finished game has an outcome");
    assert_eq!(
        outcome.places.len(),
        game.n,
        "a place for every seat: {outcome:?}"
    );
    let e = emara(&view);
    let score = e.score.as_ref().expect("the final view carries the score");
    // Solo campaign games rank Victoria too: a lost one places the human second.
    let last_place = if score.solo_won == Some(false) {
        2
    } else {
        game.n as u32
    };
    assert!(
        outcome.places.iter().all(|p| (1..=last_place).contains(p)),
        "places are 1..={last_place}: {outcome:?}"
    );
    assert!(!outcome.reason.is_empty(), "the outcome says why");
    let firsts: Vec<u32> = (0..game.n as u32)
        .filter(|s| outcome.places[*s as usize] == 1)
        .collect();
    assert_eq!(
        outcome.winners, firsts,
        "the winners are first: {outcome:?}"
    );
    assert_eq!(e.phase, pb::EmaraPhase::Finished as i32);
    assert_eq!(e.round, 6);
    assert_eq!(
        e.pending.as_ref().map(|p| p.kind),
        Some(pb::emara_pending::Kind::None as i32)
    );
    assert!(e.turn.is_none(), "no turn after the game");
    assert_eq!(score.players.len(), game.n);
    assert!(!score.decided_by.is_empty());
    for (p, place) in score.players.iter().zip(&outcome.places) {
        assert_eq!(p.place, *place, "the score's places are the outcome's");
        assert_eq!(p.final_score, p.cp.min(p.bp), "final score = min(CP, BP)");
    }
    // Event groups from the setup (0) to the final version, in order, one for every version.
    let history = Game::history(&game.spectator()).await;
    let versions = event_versions(&history);
    assert_eq!(
        versions.first(),
        Some(&0),
        "the setup's events are version 0"
    );
    assert_eq!(
        versions.last(),
        Some(&view.version),
        "the scoring is the last version"
    );
    assert_eq!(
        versions,
        (0..=view.version).collect::<Vec<_>>(),
        "every version has events"
    );
    assert!(
        history
            .iter()
            .any(|e| matches!(emara_event(e), pb::emara_event::Kind::GameScored(_))),
        "the history ends with the scoring"
    );
    view
}

/// The history as `seat` sees it shows its own drawn cards, the spectator's shows none.
async fn check_history_hides_draws(game: &Game, seat: u32) {
    use pb::emara_event::Kind;
    let mut own = 0;
    for e in Game::history(&game.seat(seat)).await {
        match emara_event(&e) {
            Kind::CardsDrawn(d) if d.seat == seat => {
                assert_eq!(d.cards.len() as u32, d.count, "seat {seat} sees its draw");
                own += 1;
            }
            Kind::CardsDrawn(d) => {
                assert!(d.cards.is_empty(), "seat {seat} sees a draw of {}", d.seat)
            }
            Kind::FavorDrawn(d) if d.seat != seat => assert!(d.tokens.is_empty()),
            Kind::FavorDiscarded(d) if d.seat != seat => assert!(d.tokens.is_empty()),
            _ => {}
        }
    }
    assert!(own > 0, "seat {seat} drew cards");
    for e in Game::history(&game.spectator()).await {
        match emara_event(&e) {
            Kind::CardsDrawn(d) => assert!(d.cards.is_empty(), "a spectator sees a draw"),
            Kind::FavorDrawn(d) => assert!(d.tokens.is_empty()),
            Kind::FavorDiscarded(d) => assert!(d.tokens.is_empty()),
            _ => {}
        }
    }
}

/// Four players, seats 0 and 2 human (this test holds both tokens), 1 and 3 bots.
async fn four_players_two_bots_two_humans(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let emara_type = tablero
        .game_types()
        .await
        .unwrap()
        .into_iter()
        .find(|t| t.game_type == "emara")
        .expect("emara is hosted");
    let modes: Vec<(&str, u32)> = emara_type
        .modes
        .iter()
        .map(|m| (m.name.as_str(), m.seats))
        .collect();
    assert_eq!(
        modes,
        [
            ("solo", 1),
            ("two_player", 2),
            ("three_player", 3),
            ("four_player", 4)
        ]
    );
    let seats = vec![
        Tablero::human("ana"),
        Tablero::bot(),
        Tablero::human("ben"),
        Tablero::bot(),
    ];
    let game = create(&tablero, "four_player", seats, 41, None).await;
    assert_eq!(game.tokens.len(), 2, "both human tokens");
    let first = game.view().await;
    assert_spectator_sees_no_secret(&first);
    assert_eq!(
        emara(&first).options.as_ref().map(|o| o.mode),
        Some(pb::EmaraMode::FourPlayer as i32)
    );
    assert_seat_sees_only_its_hand(&game, 0).await;
    assert_seat_sees_only_its_hand(&game, 2).await;

    let mut lcg = Lcg::new(41);
    let moves = play_to_end(&game, &mut lcg).await;
    assert!(moves > 40, "the humans played a whole game: {moves} moves");
    let view = check_finished(&game).await;
    assert_eq!(view.outcome.as_ref().unwrap().places.len(), 4);
    assert!(
        emara(&view).victoria.is_none(),
        "no Victoria with four players"
    );
    check_history_hides_draws(&game, 0).await;
    check_history_hides_draws(&game, 2).await;
}

/// An action id that parses but is not legal now: FAILED_PRECONDITION with an EMR rule ID;
/// malformed input: INVALID_ARGUMENT. Neither changes anything.
async fn refused_actions(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let seats = vec![Tablero::human("ana"), Tablero::bot()];
    let game = create(&tablero, "two_player", seats, 7, None).await;
    let before = snapshot(&game).await;
    let version = before.spectator.version;
    assert_eq!(
        before.spectator.to_act,
        vec![0],
        "the start player (seat 0) acts first"
    );
    let legal = &before.seats[0].2;
    let illegal = [
        "end_turn",
        "raise_rank",
        "move:a",
        "leftovers:0",
        "finish_location",
    ]
    .into_iter()
    .find(|id| legal.actions.iter().all(|a| a.id != *id))
    .expect("an id that is not legal now");
    let s = expect_code(
        game.submit(0, version, action_id(illegal)).await,
        Code::FailedPrecondition,
        illegal,
    );
    assert!(
        rule_id(&s).is_some_and(|r| r.starts_with("EMR-")),
        "{illegal}: an EMR rule id: {s:?}"
    );
    // The same as a typed action.
    let s = expect_code(
        game.submit(
            0,
            version,
            typed(pb::emara_action::Kind::EndTurn(
                pb::emara_action::EndTurn {},
            )),
        )
        .await,
        Code::FailedPrecondition,
        "typed end_turn before the card",
    );
    assert!(rule_id(&s).is_some_and(|r| r.starts_with("EMR-")), "{s:?}");
    // Malformed: an unknown id, a slot that does not exist, an unspecified ring.
    expect_code(
        game.submit(0, version, action_id("play:crown:9")).await,
        Code::InvalidArgument,
        "unknown action id",
    );
    expect_code(
        game.submit(
            0,
            version,
            typed(pb::emara_action::Kind::PlayCard(
                pb::emara_action::PlayCard {
                    card: pb::EmaraActionCard::Step as i32,
                    slot: 7,
                },
            )),
        )
        .await,
        Code::InvalidArgument,
        "slot 7",
    );
    expect_code(
        game.submit(
            0,
            version,
            typed(pb::emara_action::Kind::Move(pb::emara_action::Move {
                ring: 0,
            })),
        )
        .await,
        Code::InvalidArgument,
        "unspecified ring",
    );
    assert_same(
        &before,
        &snapshot(&game).await,
        "refused moves change nothing",
    );
    // A wrong mode or a Claim options message is refused too.
    for (mode, n, options) in [
        ("four_player", 2, None),
        ("five_player", 5, None),
        (
            "solo",
            1,
            Some(pb::GameOptions {
                game: Some(pb::game_options::Game::Claim(pb::ClaimOptions::default())),
            }),
        ),
    ] {
        let r = tablero
            .create_game(pb::CreateGameRequest {
                game_type: "emara".into(),
                options,
                seats: (0..n).map(|_| Tablero::bot()).collect(),
                seed: Some(1),
                scenario: None,
                mode: mode.into(),
                listed: false,
                time_control: None,
            })
            .await;
        expect_code(r, Code::InvalidArgument, mode);
    }
    // And the game goes on with a legal move.
    let mut lcg = Lcg::new(7);
    let id = &legal.actions[lcg.below(legal.actions.len())].id;
    game.submit(0, version, action_id(id))
        .await
        .expect("a legal move after the refused ones");
}

/// Solo against Victoria (a campaign game from building start 30, random layout): played to the
/// end by the one human seat.
async fn solo_against_victoria(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let options = pb::EmaraOptions {
        random_layout: true,
        building_start: pb::EmaraBuildingStart::Custom as i32,
        building_start_position: Some(30),
        solo_mode: pb::EmaraSoloMode::Campaign as i32,
        ..Default::default()
    };
    let game = create(
        &tablero,
        "solo",
        vec![Tablero::human("solo")],
        16,
        Some(options),
    )
    .await;
    let first = game.view().await;
    let e = emara(&first);
    assert!(e.victoria.is_some(), "Victoria plays solo games");
    assert_eq!(e.building_start, 30);
    assert_eq!(
        e.options.as_ref().map(|o| (o.mode, o.solo_mode)),
        Some((
            pb::EmaraMode::Solo as i32,
            pb::EmaraSoloMode::Campaign as i32
        ))
    );
    let mut lcg = Lcg::new(16);
    let moves = play_to_end(&game, &mut lcg).await;
    assert!(moves > 40, "a whole solo game: {moves} moves");
    let view = check_finished(&game).await;
    let score = emara(&view).score.as_ref().unwrap();
    let victoria = score.victoria_cp.expect("Victoria's CP is scored");
    let won = score.solo_won.expect("a campaign game is won or lost");
    assert_eq!(won, score.players[0].final_score > victoria, "EMR-16.11");
    let outcome = view.outcome.as_ref().unwrap();
    assert_eq!(outcome.places, vec![if won { 1 } else { 2 }]);
    assert_eq!(
        emara(&view).victoria.as_ref().unwrap().nobility.len(),
        4,
        "Victoria took a rank at the end of rounds 2–5 (EMR-16.6)"
    );

    // The plain solo mode: beat the highscore, the standard layout.
    let game = create(&tablero, "solo", vec![Tablero::human("solo")], 17, None).await;
    play_to_end(&game, &mut lcg).await;
    let view = check_finished(&game).await;
    let score = emara(&view).score.as_ref().unwrap();
    assert_eq!(
        score.solo_won, None,
        "a highscore game is neither won nor lost"
    );
    assert!(score.victoria_cp.is_some());
    assert_eq!(view.outcome.as_ref().unwrap().places, vec![1]);
}

on_both_stores!(
    four_players_two_bots_two_humans,
    refused_actions,
    solo_against_victoria,
);
