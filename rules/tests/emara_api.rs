//! The public surface of the Crown of Emara rules as the service uses it: configs and actions
//! through JSON, action ids, views per seat and spectator, redacted events, outcome, campaign.

use tablero_rules::emara::*;
use tablero_rules::{Campaign, Game, GameRng, Viewer};

#[test]
fn emara_game_through_the_public_api() {
    // EMR-1.1, EMR-3.5, EMR-14.6
    for players in 1..=4u8 {
        let mut config = EmaraConfig::new(players);
        config.random_layout = players % 2 == 0;
        let json = serde_json::to_string(&config).unwrap();
        let config: EmaraConfig = serde_json::from_str(&json).unwrap();
        assert_eq!(Emara::seat_count(&config), Ok(players as usize));
        let mut st = Emara::setup(&config, 42).unwrap();
        assert!(!Emara::setup_events(&st).is_empty());
        let mut r = GameRng::from_seed(7);
        while let Some(&seat) = Emara::to_act(&st).first() {
            let legal = Emara::legal_actions(&st, seat);
            let a = legal[r.below(legal.len())];
            let id = Emara::action_id(&a);
            let parsed = Emara::parse_action_id(&id).expect("ids parse");
            let via_json: EmaraAction =
                serde_json::from_str(&serde_json::to_string(&parsed).unwrap()).unwrap();
            assert!(!Emara::action_label(&st, &via_json).is_empty());
            let events = Emara::apply(&mut st, seat, &via_json).unwrap();
            for e in &events {
                assert!(Emara::redact_event(e, Viewer::Spectator).is_some());
            }
        }
        let o = Emara::outcome(&st).expect("finished");
        assert_eq!(o.places.len(), players as usize);
        let v = Emara::view(&st, Viewer::Spectator);
        assert_eq!(v.phase, Phase::Finished);
        assert!(v.players.iter().all(|p| p.hand.is_none()));
        assert!(serde_json::to_string(&Emara::view(&st, Viewer::Seat(0))).is_ok());
        assert_eq!(Emara::NAME, "emara");
        assert_eq!(Emara::RULES_VERSION, 2);
    }
}

#[test]
fn emara_campaign_through_the_public_api() {
    // EMR-16.10
    let c = Emara::new_campaign(&CampaignConfig::default()).unwrap();
    let next = Emara::next_game(&c).unwrap();
    assert_eq!(next.players, 1);
    assert_eq!(next.building_start, BuildingStart::Custom(40));
    assert_eq!(next.solo, Some(SoloMode::Campaign));
    let view = Emara::campaign_view(&c);
    assert_eq!(view.next_start, Some(40));
    let json = serde_json::to_string(&c).unwrap();
    let back: CampaignState = serde_json::from_str(&json).unwrap();
    assert_eq!(back, c);
}

#[test]
fn emara_shipped_data_validates() {
    // Section 11 (G1–G7)
    let d = validate_data(&DataFiles::shipped()).unwrap();
    assert_eq!(&d, data());
    assert!(ADVISORS_JSON.contains("master_of_coin"));
}
