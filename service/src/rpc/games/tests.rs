//! The mapping of the hosted games through the engine: every hosted game lists its modes and
//! refuses a wrong seat count by naming the seats; Kingdom Legacy's sittings finish, replay and
//! carry the kingdom from sitting to sitting through the real handlers.

use super::*;
use crate::engine::host::ActionInput;
use crate::rpc::Api;
use crate::rpc::Campaigns;
use crate::store::memory::MemoryStore;
use pb::kingdom_legacy_action::Kind as A;
use tablero_proto::server::campaign_service_server::CampaignService;
use tablero_proto::server::game_service_server::GameService;
use tablero_rules::Viewer;
use tablero_rules::kingdom_legacy::KingdomLegacy;

/// Kingdom Legacy's one mode (the rules list it).
const MODE: &str = "solo";

fn lcg(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    *state >> 33
}

fn test_options() -> pb::GameOptions {
    pb::GameOptions {
        game: Some(pb::game_options::Game::KingdomLegacy(
            pb::KingdomLegacyOptions {
                pack: pb::KingdomLegacyPack::TestLibrary as i32,
                ..Default::default()
            },
        )),
    }
}

#[test]
fn every_hosted_game_lists_its_modes_and_names_a_wrong_seat_count() {
    let (hosts, wires) = registries_with(true);
    for info in wires.infos() {
        let wire = wires.get(&info.game_type).unwrap();
        let kind = hosts
            .get(&info.game_type)
            .expect("every mapped game is hosted");
        assert!(!info.modes.is_empty(), "{}", info.game_type);
        for mode in &info.modes {
            let wrong = mode.seats as usize + 1;
            match new_game(kind, wire, None, Some(&mode.name), None, wrong, 1) {
                Err(ApiError::Invalid { field, .. }) => assert_eq!(field, "seats"),
                Err(e) => panic!("{} {}: {e:?}", info.game_type, mode.name),
                Ok(_) => panic!("{} {}: {wrong} seats accepted", info.game_type, mode.name),
            }
        }
    }
    let names: Vec<String> = wires.infos().into_iter().map(|i| i.game_type).collect();
    assert!(names.contains(&"goofspiel".to_string()));
    let production: Vec<String> = registries()
        .1
        .infos()
        .into_iter()
        .map(|i| i.game_type)
        .collect();
    assert_eq!(
        production,
        ["claim", "emara", "kingdom_legacy", "panovnik", "pantheon"]
    );
}

#[test]
fn hosted_sittings_finish_and_replay() {
    let (registry, wires) = super::registries();
    let kind = registry
        .get("kingdom_legacy")
        .expect("kingdom_legacy is hosted");
    let wire = wires
        .get("kingdom_legacy")
        .expect("kingdom_legacy is mapped");
    assert_eq!(wire.info(), info::<KingdomLegacy>());
    assert!(kind.campaigns().is_some());
    // The test library, and the shipped kingdom (default options) once.
    let test = test_options();
    for (options, seed) in [(Some(&test), 5u64), (Some(&test), 6), (None, 7)] {
        let new = super::new_game(kind, wire, options, Some(MODE), None, 1, seed).unwrap();
        let mut session = new.session;
        let mut events = new.events;
        let mut log = Vec::new();
        let mut rng = seed;
        while session.outcome().is_none() {
            let legal = super::legal_actions(wire, session.as_ref(), 0);
            assert!(
                legal
                    .iter()
                    .all(|a| !a.label.is_empty() && a.action.is_some())
            );
            // Never reset; store the kingdom at the second boundary of this sitting.
            let choices: Vec<_> = legal
                .iter()
                .filter(|a| a.id != "reset_campaign")
                .filter(|a| a.id != "suspend" || log.len() > 40)
                .filter(|a| a.id != "begin_round" || log.len() <= 40)
                .collect();
            let a = choices[lcg(&mut rng) as usize % choices.len()];
            let applied = match lcg(&mut rng) % 2 {
                0 => {
                    let (value, bytes) = super::typed(&wires, a.action.as_ref().unwrap()).unwrap();
                    session.apply_input(
                        0,
                        &ActionInput::Typed {
                            action: &value,
                            wire: &bytes,
                        },
                    )
                }
                _ => session.apply_input(0, &ActionInput::Id(&a.id)),
            }
            .unwrap();
            log.push(applied.action);
            events.extend(applied.events);
            assert!(log.len() < 50_000);
        }
        let outcome = session.outcome().unwrap();
        assert_eq!((outcome.places, outcome.winners), (vec![1], vec![0]));
        let shown = kind.events_for(&events, Viewer::Seat(0)).unwrap();
        assert_eq!(shown.len(), events.len());
        let mut replay = kind.rebuild(&new.setup).unwrap();
        for action in &log {
            replay.apply_logged(0, action).unwrap();
        }
        assert_eq!(replay.snapshot(), session.snapshot());
        let restored = kind.restore(&session.snapshot()).unwrap();
        assert_eq!(
            super::view(wire, restored.as_ref(), Viewer::Seat(0)),
            super::view(wire, session.as_ref(), Viewer::Seat(0))
        );
    }
}

// ---- the campaign through the services ----------------------------------------------------

/// The backend key of these tests: it may choose the sittings' seeds.
const KEY: &str = "tbk_kingdom_legacy_test";

fn bearer<T>(msg: T, token: &str) -> tonic::Request<T> {
    let mut r = tonic::Request::new(msg);
    r.metadata_mut()
        .insert("authorization", format!("Bearer {token}").parse().unwrap());
    r.metadata_mut()
        .insert(crate::edge::keys::HEADER, KEY.parse().unwrap());
    r
}

fn with_key(api: Api<MemoryStore>) -> Api<MemoryStore> {
    use sha2::Digest;
    let entry = format!(
        "[[key]]\nname = \"test\"\nsha256 = \"{}\"\nscopes = [\"setup\"]\n",
        hex::encode(sha2::Sha256::digest(KEY.as_bytes()))
    );
    let keys = crate::edge::keys::Keys::load(crate::edge::keys::KeySource {
        file: None,
        inline: Some(entry),
    })
    .unwrap();
    api.with_access(crate::edge::access::Access {
        keys,
        ..Default::default()
    })
}

fn klg_view(v: &pb::GameView) -> &pb::KingdomLegacyView {
    match &v.game {
        Some(pb::game_view::Game::KingdomLegacy(k)) => k,
        other => panic!("not a Kingdom Legacy view: {other:?}"),
    }
}

fn klg_campaign(c: &pb::CampaignView) -> &pb::KingdomLegacyCampaignView {
    match &c.game {
        Some(pb::campaign_view::Game::KingdomLegacy(k)) => k,
        other => panic!("not a Kingdom Legacy campaign: {other:?}"),
    }
}

/// Plays a sitting through the game service until `stop` says to end it with the action id
/// it returns (`suspend` or `close_campaign`); returns the last view.
async fn play_sitting(
    api: &Api<MemoryStore>,
    game_id: &str,
    token: &str,
    rng: &mut u64,
    stop: &dyn Fn(&pb::KingdomLegacyView, usize) -> Option<&'static str>,
) -> pb::GameView {
    let mut view = api
        .get_view(bearer(
            pb::GetViewRequest {
                game_id: game_id.into(),
            },
            token,
        ))
        .await
        .unwrap()
        .into_inner()
        .view
        .unwrap();
    let mut moves = 0;
    while view.status == pb::GameStatus::Active as i32 {
        let k = klg_view(&view);
        let legal: Vec<&str> = view.legal_actions.iter().map(|a| a.id.as_str()).collect();
        assert!(view.legal_actions.iter().all(|a| !a.label.is_empty()));
        let id = match stop(k, moves) {
            Some(end) if legal.contains(&end) => end.to_string(),
            _ => {
                let playing: Vec<&str> = legal
                    .iter()
                    .copied()
                    .filter(|id| !["reset_campaign", "suspend", "close_campaign"].contains(id))
                    .collect();
                assert!(!playing.is_empty(), "only {legal:?} at {k:?}");
                playing[lcg(rng) as usize % playing.len()].to_string()
            }
        };
        let r = api
            .submit_action(bearer(
                pb::SubmitActionRequest {
                    game_id: game_id.into(),
                    expected_version: view.version,
                    action: Some(pb::submit_action_request::Action::ActionId(id)),
                    ..Default::default()
                },
                token,
            ))
            .await
            .unwrap()
            .into_inner()
            .decode()
            .unwrap();
        assert!(r.events.iter().all(|e| !e.summary.is_empty()));
        view = r.view.unwrap();
        moves += 1;
        assert!(moves < 100_000, "the sitting never ended");
    }
    view
}

#[tokio::test]
async fn a_campaign_carries_the_kingdom_from_sitting_to_sitting() {
    let (_shutdown, rx) = tokio::sync::watch::channel(false);
    let api = with_key(Api::new(
        Arc::new(MemoryStore::new()),
        rx,
        std::time::Duration::from_millis(50),
    ));
    let campaigns = Campaigns::new(api.clone());
    // Options of another game are INVALID_ARGUMENT.
    let err = campaigns
        .create_campaign(tonic::Request::new(pb::CreateCampaignRequest {
            game_type: "kingdom_legacy".into(),
            options: Some(pb::CampaignOptions {
                game: Some(pb::campaign_options::Game::Emara(Default::default())),
            }),
            name: "Realm".into(),
        }))
        .await
        .unwrap_err();
    assert_eq!(err.code(), tonic::Code::InvalidArgument);
    let created = campaigns
        .create_campaign(tonic::Request::new(pb::CreateCampaignRequest {
            game_type: "kingdom_legacy".into(),
            options: Some(pb::CampaignOptions {
                game: Some(pb::campaign_options::Game::KingdomLegacy(
                    pb::KingdomLegacyCampaignOptions {
                        pack: pb::KingdomLegacyPack::TestLibrary as i32,
                        allow_permanent_upgrade: None,
                    },
                )),
            }),
            name: "Realm".into(),
        }))
        .await
        .unwrap()
        .into_inner();
    let id = created.campaign_id.clone();
    let owner = created.token.clone();
    let c = created.campaign.unwrap();
    assert!(!c.over && !klg_campaign(&c).started);
    let start = |seed: u64| {
        campaigns.start_campaign_game(bearer(
            pb::StartCampaignGameRequest {
                campaign_id: id.clone(),
                seed: Some(seed),
            },
            &owner,
        ))
    };
    let mut rng = 99;

    // Sitting 1: a brand-new kingdom, stored after round 2.
    let s1 = start(1).await.unwrap().into_inner();
    let v1 = klg_view(s1.view.as_ref().unwrap());
    assert_eq!(
        (v1.round, v1.phase),
        (1, pb::KingdomLegacyPhase::Main as i32)
    );
    // An illegal move names its KLG rule; a malformed typed action its field.
    let submit = |action: pb::submit_action_request::Action| {
        api.submit_action(bearer(
            pb::SubmitActionRequest {
                game_id: s1.game_id.clone(),
                expected_version: 0,
                action: Some(action),
                ..Default::default()
            },
            &s1.credentials[0].token,
        ))
    };
    let err = submit(pb::submit_action_request::Action::ActionId(
        "begin_round".into(),
    ))
    .await
    .unwrap_err();
    assert_eq!(err.code(), tonic::Code::FailedPrecondition);
    let rule = err
        .metadata()
        .get(crate::rpc::status::RULE_ID_METADATA)
        .unwrap();
    assert!(rule.to_str().unwrap().starts_with("KLG-"), "{rule:?}");
    let err = submit(pb::submit_action_request::Action::Typed(pb::Action {
        game: Some(pb::action::Game::KingdomLegacy(pb::KingdomLegacyAction {
            kind: Some(A::ChooseCards(pb::kingdom_legacy_action::ChooseCards {
                cards: vec![2, 1],
            })),
        })),
    }))
    .await
    .unwrap_err();
    assert_eq!(err.code(), tonic::Code::InvalidArgument);
    assert!(
        err.message().contains("choose_cards.cards"),
        "{}",
        err.message()
    );
    let get = || async {
        campaigns
            .get_campaign(tonic::Request::new(pb::GetCampaignRequest {
                campaign_id: id.clone(),
            }))
            .await
            .unwrap()
            .into_inner()
            .campaign
            .unwrap()
    };
    let end1 = play_sitting(
        &api,
        &s1.game_id,
        &s1.credentials[0].token,
        &mut rng,
        &|k, _| {
            (k.phase == pb::KingdomLegacyPhase::BetweenRounds as i32 && k.round >= 2)
                .then_some("suspend")
        },
    )
    .await;
    assert!(end1.outcome.as_ref().is_some_and(|o| !o.reason.is_empty()));
    let stored_round = klg_view(&end1).round;
    let c = get().await;
    assert!(!c.over && c.current_game_id.is_empty());
    assert!(c.plays.len() == 1 && c.plays[0].folded);
    let k = klg_campaign(&c);
    assert!(k.started && k.reset_allowed && !k.closed);
    assert_eq!((k.base_rounds, k.sittings.len()), (stored_round, 1));
    assert_eq!(k.sittings[0].rounds_played, stored_round);

    // Sitting 2 resumes the stored kingdom between rounds and plays to the end of the base
    // game, then the expansion, then closes the campaign.
    let s2 = start(2).await.unwrap().into_inner();
    assert_ne!(s2.game_id, s1.game_id);
    let v2 = klg_view(s2.view.as_ref().unwrap());
    assert_eq!(
        (v2.phase, v2.round),
        (pb::KingdomLegacyPhase::BetweenRounds as i32, stored_round)
    );
    let end2 = play_sitting(
        &api,
        &s2.game_id,
        &s2.credentials[0].token,
        &mut rng,
        &|k, _| {
            (k.phase == pb::KingdomLegacyPhase::PostGame as i32 && !k.expansions_played.is_empty())
                .then_some("close_campaign")
        },
    )
    .await;
    let k2 = klg_view(&end2);
    assert_eq!(k2.ended, pb::KingdomLegacySittingEnd::Closed as i32);
    let c = get().await;
    assert!(c.over && c.plays.iter().all(|p| p.folded));
    let k = klg_campaign(&c);
    assert!(k.closed && k.base_finished && !k.reset_allowed);
    let track = k.score_track.as_ref().unwrap();
    assert!(track.base.is_some());
    assert_eq!(track.expansions.len(), 1);
    assert_eq!(k.purge_fame.len(), 1);
    assert!(k.sittings.len() == 2 && k.sittings[1].closed);
    // No further sitting.
    let err = start(3).await.unwrap_err();
    assert_eq!(err.code(), tonic::Code::FailedPrecondition);
}
