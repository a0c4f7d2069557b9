//! Kingdom Legacy through the real server: the kingdom lives in a campaign, every sitting ends
//! with `suspend` between rounds (KLG-16), and after the server is restarted the next sitting
//! continues from the stored kingdom — exactly as if the game had never been interrupted. The
//! whole base game is then played to its end and the campaign closed (KLG-17, KLG-4.9).

use crate::common::{Lcg, Store, get_campaign};
use tablero_e2e::client::{SeatClient, Tablero};
use tablero_e2e::pb;
use tonic::Code;

const BEGIN_ROUND: &str = "begin_round";
const SUSPEND: &str = "suspend";
const RESET: &str = "reset_campaign";
const CLOSE: &str = "close_campaign";
const START_EXPANSION: &str = "start_expansion";

fn kingdom(view: &pb::GameView) -> &pb::KingdomLegacyView {
    match &view.game {
        Some(pb::game_view::Game::KingdomLegacy(k)) => k,
        other => panic!("not a Kingdom Legacy view: {other:?}"),
    }
}

fn kingdom_campaign(view: &pb::CampaignView) -> &pb::KingdomLegacyCampaignView {
    match &view.game {
        Some(pb::campaign_view::Game::KingdomLegacy(k)) => k,
        other => panic!("not a Kingdom Legacy campaign: {other:?}"),
    }
}

async fn create_campaign(tablero: &Tablero) -> (String, String) {
    let created = tablero
        .campaigns()
        .create_campaign(pb::CreateCampaignRequest {
            game_type: "kingdom_legacy".into(),
            name: "Realm of Ada".into(),
            options: None,
        })
        .await
        .expect("CreateCampaign")
        .into_inner();
    (created.campaign_id, created.token)
}

/// Starts (or resumes) the campaign's sitting; returns its seat.
async fn sit(tablero: &Tablero, id: &str, token: &str, seed: u64) -> (String, SeatClient) {
    let req = pb::StartCampaignGameRequest {
        campaign_id: id.into(),
        seed: Some(seed),
    };
    let started = tablero
        .campaigns()
        .start_campaign_game(Tablero::with_token(req, token))
        .await
        .expect("StartCampaignGame")
        .into_inner();
    assert_eq!(started.credentials.len(), 1, "Kingdom Legacy is solo");
    let seat = tablero.seat(&started.game_id, &started.credentials[0].token);
    (started.game_id, seat)
}

fn is_meta(id: &str) -> bool {
    id == SUSPEND || id == RESET || id == CLOSE || id.starts_with(START_EXPANSION)
}

/// Plays on with a seeded chooser that never suspends, resets, closes or starts an expansion
/// on its own, and begins every round, until the kingdom stands at round boundary `boundary`
/// (the end of that round) or, with `None`, until the base game is over. Returns the number of
/// the boundary reached.
async fn play_to(seat: &SeatClient, lcg: &mut Lcg, boundary: Option<u32>) -> u32 {
    for _ in 0..50_000 {
        let legal = seat.legal_actions().await.expect("ListLegalActions");
        let ids: Vec<&str> = legal.actions.iter().map(|a| a.id.as_str()).collect();
        if ids.contains(&CLOSE) {
            assert!(
                boundary.is_none(),
                "the base game ended before the boundary"
            );
            return kingdom(&seat.view().await.unwrap()).round;
        }
        if ids.contains(&BEGIN_ROUND) {
            let done = kingdom(&seat.view().await.unwrap()).round;
            if Some(done) == boundary {
                return done;
            }
            seat.submit_id_at(legal.version, BEGIN_ROUND)
                .await
                .expect("begin_round is accepted between rounds");
            continue;
        }
        let choices: Vec<&str> = ids.into_iter().filter(|id| !is_meta(id)).collect();
        assert!(
            !choices.is_empty(),
            "a running sitting always offers a move"
        );
        let id = choices[lcg.below(choices.len())];
        seat.submit_id_at(legal.version, id)
            .await
            .expect("a listed action is accepted");
    }
    panic!("no end after 50,000 moves");
}

async fn suspend(seat: &SeatClient) {
    let legal = seat.legal_actions().await.unwrap();
    seat.submit_id_at(legal.version, SUSPEND)
        .await
        .expect("suspend is legal between rounds");
    let view = seat.view().await.unwrap();
    assert_eq!(
        view.status,
        pb::GameStatus::Finished as i32,
        "suspending ends the sitting"
    );
}

/// Three sessions, the server restarted between them on Redis, against one uninterrupted run
/// with the same seed and the same choices.
async fn kingdom_over_three_sessions(store: Store) {
    const SEED: u64 = 20_261_122;
    let mut server = store.server();
    let mut tablero = server.client().await;

    // The uninterrupted run: one sitting, views kept at the ends of rounds 2, 4 and 6.
    let (b_id, b_token) = create_campaign(&tablero).await;
    let (_, b_seat) = sit(&tablero, &b_id, &b_token, SEED).await;
    let mut b_lcg = Lcg::new(SEED);
    let mut b_views = Vec::new();
    for boundary in [2, 4, 6] {
        assert_eq!(play_to(&b_seat, &mut b_lcg, Some(boundary)).await, boundary);
        b_views.push(kingdom(&b_seat.view().await.unwrap()).clone());
    }

    // The interrupted run.
    let (a_id, a_token) = create_campaign(&tablero).await;
    let mut a_lcg = Lcg::new(SEED);
    let (first_game, a_seat) = sit(&tablero, &a_id, &a_token, SEED).await;
    let round1 = kingdom(&a_seat.view().await.unwrap()).clone();
    assert_eq!(
        round1.round, 1,
        "a new kingdom starts with round 1 (KLG-3.5)"
    );

    // KLG-16.1/16.3: suspending is refused mid-round and changes nothing.
    let legal = a_seat.legal_actions().await.unwrap();
    assert!(legal.actions.iter().all(|a| a.id != SUSPEND));
    let err = a_seat
        .submit_id_at(legal.version, SUSPEND)
        .await
        .expect_err("suspend mid-round");
    assert_eq!(err.code(), Code::FailedPrecondition, "{err:?}");
    assert!(err.message().contains("KLG-16"), "{err:?}");
    assert_eq!(a_seat.legal_actions().await.unwrap().version, legal.version);

    let mut session_views = Vec::new();
    for (session, boundary) in [(1u64, 2u32), (2, 4), (3, 6)] {
        let seat = if session == 1 {
            a_seat.clone()
        } else {
            // A later sitting starts from the stored kingdom at its round boundary (KLG-16.2);
            // its seed is ignored: the kingdom's own random state continues.
            let (game, seat) = sit(&tablero, &a_id, &a_token, 999 + session).await;
            assert_ne!(game, first_game);
            let view = seat.view().await.unwrap();
            let k = kingdom(&view).clone();
            assert_eq!(
                k,
                b_views[session as usize - 2],
                "session {session} resumes exactly where session {} stopped",
                session - 1
            );
            seat
        };
        assert_eq!(play_to(&seat, &mut a_lcg, Some(boundary)).await, boundary);
        session_views.push(kingdom(&seat.view().await.unwrap()).clone());
        if session < 3 {
            suspend(&seat).await;
            let campaign = get_campaign(&tablero, &a_id).await;
            assert_eq!(
                campaign.plays.len() as u64,
                session,
                "one sitting per session"
            );
            assert!(campaign.plays.iter().all(|p| p.folded), "{campaign:?}");
            assert!(campaign.current_game_id.is_empty());
            assert!(!campaign.over);
            assert_eq!(kingdom_campaign(&campaign).base_rounds, boundary);
            if store.is_redis() {
                server.kill_and_restart();
                tablero = server.client().await;
                assert_eq!(
                    get_campaign(&tablero, &a_id).await.plays.len() as u64,
                    session,
                    "the kingdom survived the restart"
                );
            }
        }
    }
    assert_eq!(
        session_views, b_views,
        "three sessions with restarts end exactly like one uninterrupted run"
    );

    // Play the uninterrupted kingdom to the end of the base game (card 70, KLG-4.9) and close it.
    // (The server may have been restarted: reconnect the seat.)
    let b = get_campaign(&tablero, &b_id).await;
    let (_, b_seat) = sit(&tablero, &b_id, &b_token, 1).await;
    assert_eq!(b.plays.len(), 1);
    play_to(&b_seat, &mut b_lcg, None).await;
    let end = kingdom(&b_seat.view().await.unwrap()).clone();
    assert!(
        end.last_round,
        "the base game ended with the round of card 70"
    );
    let base = end
        .score_track
        .as_ref()
        .and_then(|t| t.base)
        .expect("KLG-17.2: the base score is recorded");
    let legal = b_seat.legal_actions().await.unwrap();
    assert!(
        legal
            .actions
            .iter()
            .any(|a| a.id.starts_with(START_EXPANSION))
    );
    b_seat.submit_id_at(legal.version, CLOSE).await.unwrap();
    let closed = get_campaign(&tablero, &b_id).await;
    assert!(closed.over, "a closed kingdom starts no further sitting");
    let track = kingdom_campaign(&closed).score_track.as_ref().unwrap();
    assert_eq!(
        track.base,
        Some(base),
        "the base game's fame is recorded in the campaign"
    );
    assert!(kingdom_campaign(&closed).closed);
    let req = pb::StartCampaignGameRequest {
        campaign_id: b_id.clone(),
        seed: None,
    };
    let err = tablero
        .campaigns()
        .start_campaign_game(Tablero::with_token(req, &b_token))
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::FailedPrecondition);
}

on_all_stores!(kingdom_over_three_sessions);
