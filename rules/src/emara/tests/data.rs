//! The data files of section 11 (G1–G7): the shipped files pass every constraint the spec names,
//! and broken copies fail naming the file, the entry and the field.

use super::*;
use serde_json::Value;

/// Edits one file of the shipped set and validates the whole set.
fn broken(file: &str, edit: impl Fn(&mut Value)) -> DataError {
    let mut files = DataFiles::shipped();
    let text = match file {
        "advisors" => &mut files.advisors,
        "nobility" => &mut files.nobility,
        "huts" => &mut files.huts,
        "player_board" => &mut files.player_board,
        "markers" => &mut files.markers,
        "events" => &mut files.events,
        "favor_tokens" => &mut files.favor_tokens,
        _ => unreachable!(),
    };
    let mut v: Value = serde_json::from_str(text).unwrap();
    edit(&mut v);
    *text = v.to_string();
    validate_data(&files).expect_err("the broken copy must be rejected")
}

fn entry<'a>(v: &'a mut Value, list: &str, key: &str, id: &str) -> &'a mut Value {
    v[list]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| e[key] == id)
        .unwrap_or_else(|| panic!("{id}"))
}

fn is(e: &DataError, file: &str, entry: &str, field: &str) {
    assert_eq!(
        (e.file, e.entry.as_str(), e.field),
        (file, entry, field),
        "{e}"
    );
    let text = e.to_string();
    assert!(text.contains(file) && text.contains(entry) && text.contains(field));
}

#[test]
fn shipped_data_is_valid_and_complete() {
    // Section 11 data tests: counts, every effect once, rewards, marker monotonicity.
    let d = validate_data(&DataFiles::shipped()).expect("shipped data is valid");
    assert_eq!(&d, data());
    assert_eq!(d.advisors.len(), 22);
    assert_eq!(
        d.advisors
            .iter()
            .filter(|a| a.advisor.deck() == AdvisorDeck::A)
            .count(),
        16
    );
    assert_eq!(d.ranks.iter().map(|r| r.cards.len()).sum::<usize>(), 20);
    assert_eq!(d.events.len(), 14);
    assert_eq!(d.favor_tokens.len(), 12);
    assert_eq!(d.huts.iter().flatten().count(), 16);
    assert_eq!(d.markers.len(), 10);
    for r in FavorReward::ALL {
        assert!(
            d.favor_tokens.iter().any(|t| t.reward == r),
            "EMR-10.1 {r:?}"
        );
    }
}

#[test]
fn emr_12_advisor_data_matches_the_rulebook() {
    // EMR-12.1–12.18 (CP as printed), G1, G8
    let d = data();
    let cp = |a: Advisor| d.advisor(a).cp;
    assert_eq!(
        [
            Advisor::MasterOfCoin,
            Advisor::Archivist,
            Advisor::Goldsmith,
            Advisor::Carpenter
        ]
        .map(cp),
        [6, 2, 5, 1]
    );
    assert_eq!(
        [
            Advisor::Baker,
            Advisor::Schoolmarm,
            Advisor::Bailiff,
            Advisor::Dressmaker,
            Advisor::Landlord,
            Advisor::Merchant
        ]
        .map(cp),
        [3, 3, 5, 5, 3, 2]
    );
    assert_eq!(
        [
            Advisor::Chamberlain,
            Advisor::Scholar,
            Advisor::Mayoress,
            Advisor::Steward,
            Advisor::Abbess,
            Advisor::Toolmaker
        ]
        .map(cp),
        [6, 3, 5, 5, 2, 2]
    );
    assert_eq!(
        [
            Advisor::SirChristiaan,
            Advisor::LadyMarie,
            Advisor::SirCarl,
            Advisor::LadyFrida,
            Advisor::SirGustave,
            Advisor::SirAntoni
        ]
        .map(cp),
        [8, 8, 10, 12, 0, 0],
        "G8: the listed gain is the only gain"
    );
    for a in &d.advisors {
        let t = a.cost.total();
        match a.advisor.deck() {
            AdvisorDeck::A => assert!((2..=3).contains(&t)),
            AdvisorDeck::B => assert!((3..=4).contains(&t)),
        }
    }
}

#[test]
fn g2_to_g7_shipped_values() {
    // EMR-2.10, G2, G3, G4, G5, G6, G7
    let d = data();
    assert_eq!(d.rank(Rank::Baron).cards, vec![8, 7, 6, 5]);
    assert_eq!(d.rank(Rank::Duke).cards, vec![21, 19, 17, 15]);
    assert_eq!(
        (d.rank(Rank::Count).coins, d.rank(Rank::Count).rings),
        (2, 1)
    );
    assert_eq!(d.craftsman_cp, [1, 2, 4, 6]);
    assert_eq!(d.slot_moves, [1, 2, 3]);
    assert_eq!(d.marker(Marker::Stone).side_4, vec![5, 4, 3, 3]);
    assert_eq!(d.marker(Marker::Bread).side_2_3, vec![4, 3, 2]);
    assert_eq!(d.marker(Marker::Gift(Resource::Wood)).board_value, 4);
    let mut starts: Vec<u32> = d.events.iter().map(|e| e.building_start).collect();
    starts.sort();
    assert_eq!(
        starts,
        vec![25, 25, 25, 30, 30, 30, 30, 35, 35, 35, 35, 40, 40, 40]
    );
    for loc in Location::TOWN {
        assert_eq!(
            d.favor_tokens.iter().filter(|t| t.location == loc).count(),
            3
        );
    }
    // G3: 16 huts ≥ every craftsman of 4 players within the 3-per-location cap.
    assert!(d.huts.iter().flatten().count() >= 16);
}

#[test]
fn broken_advisors_are_refused() {
    // G1, EMR-12
    let e = broken("advisors", |v| {
        entry(v, "advisors", "id", "scholar")["cp"] = 4.into();
    });
    is(&e, "advisors.json", "scholar", "cp");
    let e = broken("advisors", |v| {
        entry(v, "advisors", "id", "baker")["cost"]["wood"] = 3.into();
    });
    is(&e, "advisors.json", "baker", "cost");
    let e = broken("advisors", |v| {
        entry(v, "advisors", "id", "sir_carl")["cost"] =
            serde_json::json!({"wood": 4, "cloth": 0, "grain": 0, "stone": 0});
    });
    is(&e, "advisors.json", "sir_carl", "cost");
    let e = broken("advisors", |v| {
        entry(v, "advisors", "id", "archivist")["id"] = "librarian".into();
    });
    is(&e, "advisors.json", "librarian", "id");
    let e = broken("advisors", |v| {
        v["advisors"].as_array_mut().unwrap().pop();
    });
    is(&e, "advisors.json", "(file)", "advisors");
    let e = broken("advisors", |v| {
        let first = v["advisors"][0].clone();
        v["advisors"][1] = first;
    });
    is(&e, "advisors.json", "master_of_coin", "id");
    let e = broken("advisors", |v| {
        entry(v, "advisors", "id", "steward")["kind"] = "per_turn".into();
    });
    is(&e, "advisors.json", "steward", "kind");
    let e = broken("advisors", |v| {
        entry(v, "advisors", "id", "steward")["deck"] = "B".into();
    });
    is(&e, "advisors.json", "steward", "deck");
    // Higher CP, cheaper, same kind: Chamberlain (6) below Abbess (2).
    let e = broken("advisors", |v| {
        entry(v, "advisors", "id", "chamberlain")["cost"] =
            serde_json::json!({"wood": 1, "cloth": 0, "grain": 0, "stone": 1});
        entry(v, "advisors", "id", "abbess")["cost"] =
            serde_json::json!({"wood": 1, "cloth": 1, "grain": 0, "stone": 1});
    });
    is(&e, "advisors.json", "chamberlain", "cost");
    let e = broken("advisors", |v| {
        entry(v, "advisors", "id", "toolmaker")["provenance"] = "guess".into();
    });
    is(&e, "advisors.json", "toolmaker", "provenance");
    let e = validate_data(&DataFiles {
        advisors: "{".into(),
        ..DataFiles::shipped()
    })
    .unwrap_err();
    is(&e, "advisors.json", "(file)", "(json)");
}

#[test]
fn broken_nobility_is_refused() {
    // G2, EMR-2.10, EMR-11.2
    let e = broken("nobility", |v| {
        entry(v, "ranks", "rank", "count")["cards"] = serde_json::json!([11, 12, 9, 8]);
    });
    is(&e, "nobility.json", "count", "cards");
    let e = broken("nobility", |v| {
        v["ranks"].as_array_mut().unwrap().swap(1, 2);
    });
    is(&e, "nobility.json", "prince", "rank");
    let e = broken("nobility", |v| {
        entry(v, "ranks", "rank", "prince")["coins"] = 1.into();
    });
    is(&e, "nobility.json", "prince", "coins");
    let e = broken("nobility", |v| {
        entry(v, "ranks", "rank", "duke")["cards"] = serde_json::json!([21, 19, 17, 13]);
    });
    is(&e, "nobility.json", "duke", "cards");
    let e = broken("nobility", |v| {
        entry(v, "ranks", "rank", "baron")["cards"] = serde_json::json!([8, 7, 6]);
    });
    is(&e, "nobility.json", "baron", "cards");
}

#[test]
fn broken_huts_are_refused() {
    // G3, EMR-11.6
    let e = broken("huts", |v| {
        v["huts"][0]["cost"] = serde_json::json!({"wood": 2, "cloth": 0, "grain": 0, "stone": 0});
    });
    is(&e, "huts.json", "forest:0", "cost");
    let e = broken("huts", |v| {
        v["huts"][1]["cost"] = serde_json::json!({"wood": 0, "cloth": 0, "grain": 0, "stone": 3});
    });
    is(&e, "huts.json", "forest", "cost");
    let e = broken("huts", |v| {
        v["huts"][0]["location"] = "castle".into();
    });
    is(&e, "huts.json", "castle:0", "location");
    let e = broken("huts", |v| {
        v["huts"][0]["index"] = 4.into();
    });
    is(&e, "huts.json", "forest:4", "index");
    let e = broken("huts", |v| {
        v["huts"].as_array_mut().unwrap().pop();
    });
    is(&e, "huts.json", "(file)", "huts");
}

#[test]
fn broken_board_markers_events_tokens_are_refused() {
    // G4, G5, G6, G7, EMR-9.1
    let e = broken("player_board", |v| {
        v["craftsman_cp"] = serde_json::json!([2, 3, 4, 6])
    });
    is(&e, "player_board.json", "(file)", "craftsman_cp");
    let e = broken("player_board", |v| {
        v["craftsman_cp"] = serde_json::json!([1, 3, 3, 6])
    });
    is(&e, "player_board.json", "(file)", "craftsman_cp");
    let e = broken("player_board", |v| {
        v["slot_moves"] = serde_json::json!([1, 2, 4])
    });
    is(&e, "player_board.json", "(file)", "slot_moves");
    let e = broken("markers", |v| {
        entry(v, "markers", "id", "stone")["side_2_3"] = serde_json::json!([5, 3, 4]);
    });
    is(&e, "markers.json", "stone", "side_2_3");
    let e = broken("markers", |v| {
        entry(v, "markers", "id", "gift_wood")["side_4"] = serde_json::json!([1, 3, 3, 3]);
    });
    is(&e, "markers.json", "gift_wood", "side_4");
    let e = broken("markers", |v| {
        entry(v, "markers", "id", "donation_cloth")["side_4"] = serde_json::json!([1, 2, 3]);
    });
    is(&e, "markers.json", "donation_cloth", "side_4");
    let e = broken("markers", |v| {
        entry(v, "markers", "id", "bread")["board_value"] = 3.into();
    });
    is(&e, "markers.json", "bread", "board_value");
    let e = broken("markers", |v| {
        entry(v, "markers", "id", "gift_stone")["board_value"] = 2.into();
    });
    is(&e, "markers.json", "gift_stone", "board_value");
    let e = broken("markers", |v| {
        v["markers"].as_array_mut().unwrap().pop();
    });
    is(&e, "markers.json", "(file)", "markers");
    let e = broken("events", |v| {
        entry(v, "events", "id", "a_long_summer")["building_start"] = 20.into();
    });
    is(&e, "events.json", "a_long_summer", "building_start");
    let e = broken("events", |v| {
        entry(v, "events", "id", "a_long_summer")["building_start"] = 30.into();
    });
    is(&e, "events.json", "(file)", "building_start");
    let e = broken("events", |v| {
        entry(v, "events", "id", "a_long_summer")["start_town"] = "forest".into();
    });
    is(&e, "events.json", "a_long_summer", "start_town");
    let e = broken("events", |v| {
        entry(v, "events", "id", "a_long_summer")["start_town"] = "castle".into();
    });
    is(&e, "events.json", "a_long_summer", "start_town");
    let e = broken("events", |v| {
        entry(v, "events", "id", "a_long_summer")["start_countryside"] = "castle".into();
    });
    is(&e, "events.json", "a_long_summer", "start_countryside");
    let e = broken("events", |v| {
        entry(v, "events", "id", "the_great_famine")["timing"] = "immediate".into();
    });
    is(&e, "events.json", "the_great_famine", "timing");
    let e = broken("events", |v| {
        entry(v, "events", "id", "stone_from_distant_shores")["start_countryside"] =
            "weaving_mill".into();
    });
    is(&e, "events.json", "quarry", "start_countryside");
    let e = broken("favor_tokens", |v| v["tokens"][0]["reward"] = "bp3".into());
    is(&e, "favor_tokens.json", "castle-bp3", "reward");
    let e = broken("favor_tokens", |v| {
        v["tokens"][0]["location"] = "forest".into()
    });
    is(&e, "favor_tokens.json", "forest-signet_ring", "location");
    let e = broken("favor_tokens", |v| v["tokens"][0]["reward"] = "book".into());
    is(&e, "favor_tokens.json", "book", "reward");
    let e = broken("favor_tokens", |v| {
        v["tokens"].as_array_mut().unwrap().pop();
    });
    is(&e, "favor_tokens.json", "(file)", "tokens");
}
