//! Malformed requests get INVALID_ARGUMENT and store nothing (oversized ones: limits.rs).

use crate::common::*;
use tablero_e2e::client::Tablero;
use tablero_e2e::pb;
use tonic::Code;

fn with_seats(mut r: pb::CreateGameRequest, seats: Vec<pb::SeatSpec>) -> pb::CreateGameRequest {
    r.seats = seats;
    r
}

fn custom(pair: pb::ClaimPair, factions: &[pb::ClaimFaction]) -> pb::ClaimOptions {
    pb::ClaimOptions {
        mode: pb::ClaimMode::Custom2p as i32,
        pair: pair as i32,
        factions: factions.iter().map(|f| *f as i32).collect(),
        ..Default::default()
    }
}

fn scenario(deck: Vec<pb::ClaimCard>) -> Option<pb::Scenario> {
    Some(pb::Scenario {
        game: Some(pb::scenario::Game::Claim(pb::ClaimScenario { deck })),
    })
}

fn card(f: pb::ClaimFaction, value: u32, copy: u32) -> pb::ClaimCard {
    pb::ClaimCard {
        faction: f as i32,
        value,
        copy,
    }
}

/// The 52 cards of base_2p, read from the public zones of a finished all-bot game.
async fn base_deck(tablero: &Tablero) -> Vec<pb::ClaimCard> {
    let created = tablero
        .create_game(create_request(
            options(pb::ClaimMode::Base2p),
            seats(&[false, false]),
            700,
        ))
        .await
        .unwrap();
    let view = created.view.unwrap();
    let c = claim(&view);
    let mut deck: Vec<pb::ClaimCard> = Vec::new();
    for p in &c.players {
        deck.extend(p.score_pile.iter().chain(&p.gnome_row).copied());
    }
    deck.extend(c.discard.iter().chain(&c.troll_pool).copied());
    deck.sort_by_key(key);
    assert_eq!(deck.len(), 52, "the finished game shows all 52 cards");
    deck
}

async fn malformed_requests_are_invalid_and_store_nothing(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let deck = base_deck(&tablero).await;
    let base = || create_request(options(pb::ClaimMode::Base2p), all_human(2), 1);
    let two = all_human(2);

    let mut bad: Vec<(&str, pb::CreateGameRequest)> = vec![(
        "unknown game type",
        pb::CreateGameRequest {
            game_type: "chess".into(),
            ..base()
        },
    )];
    bad.push((
        "empty game type",
        pb::CreateGameRequest {
            game_type: String::new(),
            ..base()
        },
    ));
    bad.push(("zero seats", with_seats(base(), vec![])));
    bad.push(("nine seats", with_seats(base(), all_human(9))));
    bad.push(("3 seats for base_2p", with_seats(base(), all_human(3))));
    bad.push(("1 seat for base_2p", with_seats(base(), all_human(1))));
    bad.push((
        "3 seats for four_player_teams",
        create_request(options(pb::ClaimMode::FourPlayerTeams), all_human(3), 1),
    ));
    bad.push((
        "4 seats for three_player",
        create_request(options(pb::ClaimMode::ThreePlayer), all_human(4), 1),
    ));
    let mut unspecified = two.clone();
    unspecified[1].occupant = pb::Occupant::Unspecified as i32;
    bad.push(("a seat with no occupant", with_seats(base(), unspecified)));
    let mut unknown_occupant = two.clone();
    unknown_occupant[1].occupant = 42;
    bad.push(("an unknown occupant", with_seats(base(), unknown_occupant)));
    let mut genius = vec![Tablero::human("me"), Tablero::bot()];
    genius[1].bot = "genius".into();
    bad.push(("an unknown bot kind", with_seats(base(), genius)));
    let mut long = two.clone();
    long[0].name = "x".repeat(65);
    bad.push(("a name of 65 chars", with_seats(base(), long)));
    let mut long_multibyte = two.clone();
    long_multibyte[0].name = "é".repeat(65);
    bad.push((
        "a name of 65 two-byte chars",
        with_seats(base(), long_multibyte),
    ));
    let mut control = two.clone();
    control[0].name = "bell\u{7}".into();
    bad.push((
        "a name with a control character",
        with_seats(base(), control),
    ));
    use pb::ClaimFaction as F;
    use pb::ClaimPair as P;
    bad.push((
        "custom_2p with 2 factions",
        create_request(
            custom(P::KnightsGoblins, &[F::Undead, F::Dwarves]),
            all_human(2),
            1,
        ),
    ));
    bad.push((
        "custom_2p with 4 factions",
        create_request(
            custom(
                P::KnightsGoblins,
                &[F::Undead, F::Dwarves, F::Seers, F::Trolls],
            ),
            all_human(2),
            1,
        ),
    ));
    bad.push((
        "custom_2p: gnomes with the knights/goblins pair",
        create_request(
            custom(P::KnightsGoblins, &[F::Gnomes, F::Undead, F::Dwarves]),
            all_human(2),
            1,
        ),
    ));
    bad.push((
        "custom_2p: a faction twice",
        create_request(
            custom(P::GnomesGiants, &[F::Undead, F::Undead, F::Dwarves]),
            all_human(2),
            1,
        ),
    ));
    bad.push((
        "custom_2p: an unknown faction",
        create_request(
            pb::ClaimOptions {
                factions: vec![F::Undead as i32, F::Dwarves as i32, 77],
                ..custom(P::GnomesGiants, &[])
            },
            all_human(2),
            1,
        ),
    ));
    bad.push((
        "three_player with 3 factions",
        create_request(
            pb::ClaimOptions {
                factions: [F::Undead, F::Dwarves, F::Seers].map(|f| f as i32).to_vec(),
                ..options(pb::ClaimMode::ThreePlayer)
            },
            all_human(3),
            1,
        ),
    ));
    bad.push((
        "an unknown mode",
        create_request(
            pb::ClaimOptions {
                mode: 99,
                ..Default::default()
            },
            all_human(2),
            1,
        ),
    ));
    bad.push((
        "an unknown pair",
        create_request(
            pb::ClaimOptions {
                pair: 9,
                ..custom(P::Unspecified, &[])
            },
            all_human(2),
            1,
        ),
    ));
    bad.push((
        "first leader seat 2 of 2",
        create_request(
            pb::ClaimOptions {
                first_leader: Some(2),
                ..options(pb::ClaimMode::Base2p)
            },
            all_human(2),
            1,
        ),
    ));
    // Scenario decks that are not a permutation of the mode's cards.
    let scenario_req = |d: Vec<pb::ClaimCard>| pb::CreateGameRequest {
        scenario: scenario(d),
        ..base()
    };
    bad.push(("an empty scenario deck", scenario_req(vec![])));
    bad.push((
        "a scenario deck missing a card",
        scenario_req(deck[1..].to_vec()),
    ));
    let mut dup = deck.clone();
    dup[0] = dup[1];
    bad.push(("a scenario deck with a card twice", scenario_req(dup)));
    let mut extra = deck.clone();
    extra.push(card(F::Gnomes, 0, 9));
    bad.push(("a scenario deck with a card too many", scenario_req(extra)));
    let mut foreign = deck.clone();
    let gi = foreign
        .iter()
        .position(|c| c.faction == F::Giants as i32)
        .unwrap();
    foreign[gi] = card(F::Knights, 5, 1);
    bad.push((
        "a scenario deck with a card of another faction",
        scenario_req(foreign),
    ));
    let mut nonsense = deck.clone();
    nonsense[0] = card(F::Gnomes, 12, 1);
    bad.push(("a scenario deck with value 12", scenario_req(nonsense)));
    let mut unspecified_card = deck.clone();
    unspecified_card[0].faction = 0;
    bad.push((
        "a scenario deck with an unspecified faction",
        scenario_req(unspecified_card),
    ));
    bad.push((
        "a custom_2p scenario with a random pair",
        pb::CreateGameRequest {
            scenario: scenario(deck.clone()),
            ..create_request(custom(P::Unspecified, &[]), all_human(2), 1)
        },
    ));

    for (what, req) in bad {
        let r = tablero.create_game(req).await;
        let s = expect_code(r, Code::InvalidArgument, what);
        assert!(
            !s.message().is_empty(),
            "{what}: the error says what is wrong"
        );
    }
    assert!(
        listed_ids(&tablero).await.len() == 1,
        "no failed CreateGame stored a game (only the deck game)"
    );

    // Boundaries and the valid scenario are accepted (so the refusals above were for the reason given).
    let mut names64 = two.clone();
    names64[0].name = "x".repeat(64);
    names64[1].name = "é".repeat(64);
    tablero
        .create_game(with_seats(base(), names64))
        .await
        .expect("64-char names");
    tablero
        .create_game(create_request(
            custom(P::GnomesGiants, &[F::Undead, F::Dwarves, F::Seers]),
            all_human(2),
            1,
        ))
        .await
        .expect("a valid custom_2p choice");
    let mut shuffled = deck.clone();
    let mut lcg = Lcg::new(701);
    for i in (1..shuffled.len()).rev() {
        shuffled.swap(i, lcg.below(i + 1));
    }
    let created = tablero
        .create_game(pb::CreateGameRequest {
            scenario: scenario(shuffled.clone()),
            ..base()
        })
        .await
        .expect("a permutation of the base deck");
    let game = Game {
        tablero: tablero.clone(),
        id: created.game_id.clone(),
        n: 2,
        mode: pb::ClaimMode::Base2p,
        tokens: created
            .credentials
            .iter()
            .map(|c| (c.seat, c.token.clone()))
            .collect(),
        created: created.clone(),
    };
    for seat in 0..2u32 {
        let v = game.seat(seat).view().await.unwrap();
        let dealt: Vec<pb::ClaimCard> = shuffled[..26]
            .iter()
            .skip(seat as usize)
            .step_by(2)
            .copied()
            .collect();
        assert_eq!(
            keys(&claim(&v).players[seat as usize].hand),
            keys(&dealt),
            "seat {seat} is dealt every other card from the top"
        );
    }
    assert_eq!(
        claim(&created.view.unwrap()).revealed,
        vec![shuffled[26]],
        "the next card is revealed"
    );
    let stored = listed_ids(&tablero).await.len();
    assert_eq!(stored, 4);

    // Malformed game ids.
    for id in [
        "",
        "g_",
        "nope",
        "g_0123456789ABCDEF01234567",
        "g_0123456789abcdef0123456",
        "x_0123456789abcdef01234567",
    ] {
        let c = tablero.spectator(id);
        expect_code(
            c.view().await,
            Code::InvalidArgument,
            &format!("GetView {id:?}"),
        );
        expect_code(
            c.legal_actions().await,
            Code::InvalidArgument,
            &format!("ListLegalActions {id:?}"),
        );
        expect_code(
            c.history(0).await,
            Code::InvalidArgument,
            &format!("GetHistory {id:?}"),
        );
        expect_code(
            c.replay_view(0).await,
            Code::InvalidArgument,
            &format!("GetReplayView {id:?}"),
        );
        match c.watch(0).await {
            Err(s) => assert_eq!(s.code(), Code::InvalidArgument, "WatchGame {id:?}"),
            Ok(mut s) => {
                let m = within(10, "watch a malformed id", s.message()).await;
                expect_code(m, Code::InvalidArgument, &format!("WatchGame {id:?}"));
            }
        }
        let submit = pb::SubmitActionRequest {
            game_id: id.into(),
            action: Some(action_id("seer_peek")),
            ..Default::default()
        };
        expect_code(
            game.seat(0).submit(submit).await,
            Code::InvalidArgument,
            &format!("SubmitAction {id:?}"),
        );
    }

    // Malformed actions, from the seat to act at the current version.
    let before = snapshot(&game).await;
    let v = before.spectator.version;
    let req =
        |action: Option<pb::submit_action_request::Action>, key: String| pb::SubmitActionRequest {
            game_id: game.id.clone(),
            expected_version: v,
            idempotency_key: key,
            action,
            seat: None,
        };
    let typed = |a: pb::Action| Some(pb::submit_action_request::Action::Typed(a));
    let no_kind = pb::Action {
        game: Some(pb::action::Game::Claim(pb::ClaimAction { kind: None })),
    };
    let bad_card = pb::Action {
        game: Some(pb::action::Game::Claim(pb::ClaimAction {
            kind: Some(pb::claim_action::Kind::PlayCard(
                pb::claim_action::PlayCard { card: None },
            )),
        })),
    };
    let cases: Vec<(&str, Option<pb::submit_action_request::Action>, String)> = vec![
        ("no action", None, String::new()),
        (
            "an unknown action id",
            Some(action_id("fly_away")),
            String::new(),
        ),
        ("an empty action id", Some(action_id("")), String::new()),
        (
            "an action id without a copy",
            Some(action_id("play:gnomes:3")),
            String::new(),
        ),
        (
            "an action id with copy 0",
            Some(action_id("play:gnomes:3:0")),
            String::new(),
        ),
        (
            "an action id with an unknown faction",
            Some(action_id("play:elves:3:1")),
            String::new(),
        ),
        (
            "an action id with slot 7",
            Some(action_id("take_revealed:7")),
            String::new(),
        ),
        (
            "a non-canonical action id",
            Some(action_id("play:gnomes:03:1")),
            String::new(),
        ),
        (
            "a typed action with no game",
            typed(pb::Action { game: None }),
            String::new(),
        ),
        ("a typed action with no kind", typed(no_kind), String::new()),
        (
            "a typed play without a card",
            typed(bad_card),
            String::new(),
        ),
        (
            "a typed play of value 10",
            Some(typed_play(card(F::Gnomes, 10, 1))),
            String::new(),
        ),
        (
            "an idempotency key of 129 chars",
            Some(action_id(&before.seats[0].2.actions[0].id)),
            "k".repeat(129),
        ),
    ];
    for (what, action, key) in cases {
        expect_code(
            game.seat(0).submit(req(action, key)).await,
            Code::InvalidArgument,
            what,
        );
    }
    for token in ["abc", "-1", "1.5", " 2"] {
        let r = tablero
            .raw()
            .list_games(pb::ListGamesRequest {
                page_token: token.into(),
                ..Default::default()
            })
            .await;
        expect_code(r, Code::InvalidArgument, &format!("page_token {token:?}"));
    }
    assert_same(
        &before,
        &snapshot(&game).await,
        "malformed submits store nothing",
    );
    assert_eq!(
        listed_ids(&tablero).await.len(),
        stored,
        "nothing was stored by the malformed requests"
    );
    // The 128-char key is fine.
    let ok = game
        .seat(0)
        .submit(req(
            Some(action_id(&before.seats[0].2.actions[0].id)),
            "k".repeat(128),
        ))
        .await;
    assert_eq!(
        ok.expect("a 128-char idempotency key")
            .view
            .unwrap()
            .version,
        v + 1
    );
}

on_both_stores!(malformed_requests_are_invalid_and_store_nothing);
