//! The data file of section 11: the shipped file passes, broken copies fail naming faction and
//! field.

use super::*;

fn broken(edit: impl Fn(&mut serde_json::Value)) -> CardDataError {
    let mut v: serde_json::Value = serde_json::from_str(CARDS_JSON).unwrap();
    edit(&mut v);
    validate_card_data(&v.to_string()).expect_err("the broken copy must be rejected")
}

fn faction_mut<'a>(v: &'a mut serde_json::Value, id: &str) -> &'a mut serde_json::Value {
    v["factions"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|f| f["id"] == id)
        .unwrap()
}

#[test]
fn shipped_file_is_valid_and_matches_section_2() {
    // CLM-GEN.1, CLM-SET.1
    let data = validate_card_data(CARDS_JSON).expect("shipped cards.json is valid");
    let totals: Vec<usize> = Faction::ALL.iter().map(|&f| data.cards(f).len()).collect();
    assert_eq!(totals, vec![13, 9, 10, 10, 10, 8, 14, 10, 10, 10]);
    assert!(
        Faction::ALL
            .iter()
            .flat_map(|&f| data.cards(f))
            .all(|c| c.value <= 9)
    );
    assert_eq!(card_data(), &data);
    let base = data.deck(&[
        Faction::Gnomes,
        Faction::Giants,
        Faction::Dragons,
        Faction::Trolls,
        Faction::Seers,
    ]);
    assert_eq!(base.len(), 52);
    // R1 canonical order: faction, then value, then copy.
    let mut sorted = base.clone();
    sorted.sort();
    assert_eq!(base, sorted);
    assert_eq!(base[0], Card::new(Faction::Gnomes, 1, 1));
    assert_eq!(base[2], Card::new(Faction::Gnomes, 1, 3));
}

#[test]
fn wrong_total_names_faction_and_field() {
    let e = broken(|v| faction_mut(v, "gnomes")["cards"][0]["copies"] = 4.into());
    assert_eq!((e.faction.as_str(), e.field), ("gnomes", "cards"));
    assert!(e.message.contains("14") && e.message.contains("13"), "{e}");
    assert!(e.to_string().contains("gnomes"));
}

#[test]
fn unknown_faction_is_rejected() {
    let e = broken(|v| faction_mut(v, "undead")["id"] = "ghosts".into());
    assert_eq!((e.faction.as_str(), e.field), ("ghosts", "id"));
}

#[test]
fn wrong_group_is_rejected() {
    let e = broken(|v| faction_mut(v, "knights")["group"] = "free".into());
    assert_eq!((e.faction.as_str(), e.field), ("knights", "group"));
    let e = broken(|v| faction_mut(v, "dragons")["box"] = "claim1".into());
    assert_eq!((e.faction.as_str(), e.field), ("dragons", "box"));
}

#[test]
fn duplicate_value_in_free_faction_is_rejected() {
    // Listed twice.
    let e = broken(|v| faction_mut(v, "seers")["cards"][4]["value"] = 3.into());
    assert_eq!((e.faction.as_str(), e.field), ("seers", "cards.value"));
    assert!(e.message.contains("twice"));
    // Two copies of one value and none of another: the total is still 10.
    let e = broken(|v| {
        let f = faction_mut(v, "trolls");
        f["cards"][3]["copies"] = 2.into();
        f["cards"].as_array_mut().unwrap().remove(4);
    });
    assert_eq!((e.faction.as_str(), e.field), ("trolls", "cards"));
}

#[test]
fn other_structural_errors_are_rejected() {
    let e = broken(|v| {
        v["factions"].as_array_mut().unwrap().pop();
    });
    assert_eq!(e.field, "factions");
    let e = broken(|v| {
        let first = v["factions"][0].clone();
        v["factions"][1] = first;
    });
    assert_eq!((e.faction.as_str(), e.field), ("gnomes", "id"));
    let e = broken(|v| faction_mut(v, "dwarves")["cards"][0]["value"] = 10.into());
    assert_eq!((e.faction.as_str(), e.field), ("dwarves", "cards.value"));
    let e = broken(|v| faction_mut(v, "goblins")["cards"][0]["copies"] = 0.into());
    assert_eq!((e.faction.as_str(), e.field), ("goblins", "cards.copies"));
    assert_eq!(validate_card_data("{").unwrap_err().faction, "(file)");
}
