//! The card data: the shipped kingdom loads, meets every authoring constraint C-1…C-14 (one test
//! each; C-13 is the simulation in `balance.rs`), covers the whole core language (C-12), and
//! broken copies of the shipped files are refused with the file, card/stage and field named.

use crate::kingdom_legacy::authoring::{self, CORE_FEATURES, MINIMUMS};
use crate::kingdom_legacy::data::{CardKind, Content, DataError, Pack, PackFiles};
use crate::kingdom_legacy::types::{Orientation, Resource};
use serde_json::{Value, json};

// ------------------------------------------------------------------------------- helpers

fn shipped_cards() -> Value {
    serde_json::from_str(&PackFiles::shipped().cards).expect("shipped cards.json parses")
}

fn card(v: &mut Value, id: u64) -> &mut Value {
    v.as_array_mut()
        .expect("an array of cards")
        .iter_mut()
        .find(|c| c["id"] == json!(id))
        .unwrap_or_else(|| panic!("card {id} in the shipped pack"))
}

/// Sets a JSON pointer below card `id`.
fn set(v: &mut Value, id: u64, pointer: &str, value: Value) {
    let c = card(v, id);
    let slot = c
        .pointer_mut(pointer)
        .unwrap_or_else(|| panic!("card {id} has {pointer}"));
    *slot = value;
}

/// Inserts a key into the object at `pointer` below card `id`.
fn insert(v: &mut Value, id: u64, pointer: &str, key: &str, value: Value) {
    let c = card(v, id);
    let obj = if pointer.is_empty() {
        c
    } else {
        c.pointer_mut(pointer)
            .unwrap_or_else(|| panic!("card {id} has {pointer}"))
    };
    obj.as_object_mut()
        .expect("an object")
        .insert(key.to_string(), value);
}

fn remove(v: &mut Value, id: u64, pointer: &str, key: &str) {
    let c = card(v, id);
    let obj = if pointer.is_empty() {
        c
    } else {
        c.pointer_mut(pointer).expect("pointer exists")
    };
    obj.as_object_mut().expect("an object").remove(key);
}

fn load_files(files: &PackFiles, authoring: bool) -> Result<Content, DataError> {
    Content::load(files, authoring)
}

fn load(v: &Value, authoring: bool) -> Result<Content, DataError> {
    let mut files = PackFiles::shipped();
    files.cards = v.to_string();
    load_files(&files, authoring)
}

/// The copy is refused by the structural checks (and hence by the full load as well) with
/// exactly this file, entry and field, and a message containing `msg`.
fn refused_with(v: &Value, authoring: bool, entry: &str, field: &str, msg: &str) -> DataError {
    let e = load(v, authoring).expect_err("the broken copy is refused");
    assert_eq!(e.file, "cards.json", "{e}");
    assert_eq!(e.entry, entry, "{e}");
    assert_eq!(e.field, field, "{e}");
    assert!(e.message.contains(msg), "expected `{msg}` in: {e}");
    e
}

/// A structural error: refused whether or not the authoring constraints are checked.
fn broken(v: &Value, entry: &str, field: &str, msg: &str) {
    refused_with(v, false, entry, field, msg);
    refused_with(v, true, entry, field, msg);
}

/// An authoring error: the copy passes the structural checks but breaks constraint `c`.
fn breaks(v: &Value, c: &str, entry: &str, field: &str) {
    if let Err(e) = load(v, false) {
        panic!("the copy should be structurally sound: {e}");
    }
    let e = refused_with(v, true, entry, field, &format!("{c}:"));
    assert!(e.message.starts_with(&format!("{c}:")), "{e}");
}

fn shipped() -> &'static Content {
    Pack::Shipped.content()
}

// ------------------------------------------------------------------------------- loading

#[test]
fn shipped_pack_loads_with_every_constraint() {
    let r = Content::load(&PackFiles::shipped(), true);
    assert!(r.is_ok(), "{}", r.unwrap_err());
    assert_eq!(shipped().ids().count(), 140);
}

#[test]
fn test_library_passes_the_structural_checks() {
    let r = Content::load(&PackFiles::test_library(), false);
    assert!(r.is_ok(), "{}", r.unwrap_err());
}

#[test]
fn every_stage_has_a_name_and_a_display_text() {
    for c in shipped().cards.iter().flatten() {
        for (o, s) in &c.faces {
            assert!(!s.name.is_empty(), "{} {}", c.id, o.as_str());
            assert!(s.text.len() > 10, "{} {} has no text", c.id, o.as_str());
        }
    }
}

#[test]
fn the_generator_script_and_the_json_agree_on_the_card_count() {
    // the JSON is the source of truth; the script is kept next to it
    let script = include_str!("../../../data/kingdom_legacy/tools/gen_cards.py");
    assert!(script.contains("ORIGINAL content"));
    assert_eq!(shipped_cards().as_array().map(Vec::len), Some(140));
}

// ------------------------------------------------------------------------------- C-1…C-14

/// C-1 numbering (KLG-4.3, 4.11, 18.1): one card per id 1–138, 0/139 inert, 136–138 expansions.
#[test]
fn c01_numbering() {
    let c = shipped();
    for id in 1..=138 {
        assert!(c.card(id).is_some(), "card {id}");
    }
    assert_eq!(c.card(0).map(|c| c.kind), Some(CardKind::Inert));
    assert_eq!(c.card(139).map(|c| c.kind), Some(CardKind::Inert));
    let mut v = shipped_cards();
    v.as_array_mut().unwrap().retain(|c| c["id"] != json!(52));
    breaks(&v, "C-1", "52", "id");
    let mut v = shipped_cards();
    set(&mut v, 0, "/kind", json!("normal"));
    breaks(&v, "C-1", "0", "kind");
    let mut v = shipped_cards();
    set(&mut v, 137, "/kind", json!("normal"));
    remove(&mut v, 137, "", "expansion");
    // 137's purge instruction is then on a normal card: a structural error comes first
    broken(
        &v,
        "137 B180",
        "effects[0].actions[0].purge",
        "expansion cards",
    );
}

/// C-2 starting cards (KLG-3.1, 3.2, 3.4, and the rulebook's card-7 example KLG-6.8).
#[test]
fn c02_starting_cards() {
    let c = shipped();
    for id in 1..=10 {
        let f0 = c.stage(id, Orientation::F0).unwrap();
        assert!(!f0.permanent && !c.is_hostile(f0) && !f0.upgrades.is_empty());
    }
    let mut v = shipped_cards();
    insert(&mut v, 1, "/faces/F0", "permanent", json!(true));
    breaks(&v, "C-2", "1 F0", "permanent");
    let mut v = shipped_cards();
    set(&mut v, 5, "/faces/F0/production", json!([[{"wood": 3}]]));
    breaks(&v, "C-2", "5 F0", "production");
    let mut v = shipped_cards();
    insert(&mut v, 9, "/faces/F180/effects/0", "one_time", json!(true));
    breaks(&v, "C-2", "9 F180", "effects[0]");
    let mut v = shipped_cards();
    let faces = card(&mut v, 1)["faces"].clone();
    set(&mut v, 4, "/faces", faces.clone());
    set(&mut v, 5, "/faces", faces);
    breaks(&v, "C-2", "1", "faces");
}

/// C-3 the round sequence (KLG-4.3, 4.9, 11.4): 4–7 parchments, 23 opens the legacy part.
#[test]
fn c03_sequence() {
    let c = shipped();
    let parchments: Vec<u16> = (11..=70)
        .filter(|id| c.card(*id).unwrap().kind == CardKind::Parchment)
        .collect();
    assert!((4..=7).contains(&parchments.len()), "{parchments:?}");
    assert!(parchments.contains(&23) && parchments.contains(&68));
    let mut v = shipped_cards();
    set(&mut v, 23, "/kind", json!("normal"));
    remove(&mut v, 23, "", "on_discover");
    breaks(&v, "C-3", "23", "kind");
    let mut v = shipped_cards();
    set(
        &mut v,
        27,
        "/faces/F180/effects/0/actions/0",
        json!({"discover": [23]}),
    );
    breaks(&v, "C-3", "27 F180", "effects[0].actions[0].discover[0]");
    let mut v = shipped_cards();
    set(
        &mut v,
        130,
        "/faces/F0/effects/0/actions/0/destroy/filter/ids",
        json!([70]),
    );
    breaks(
        &v,
        "C-3",
        "130 F0",
        "effects[0].actions[0].destroy.filter.ids",
    );
}

/// C-4 effect-only cards (KLG-4.11, 15.1): each of 71–135 is discovered by a reachable card.
#[test]
fn c04_effect_only_cards() {
    let reach = authoring::reachable_by_discovery(shipped(), 1..=70);
    for id in 71..=135 {
        assert!(reach.contains(&id), "card {id}");
    }
    let mut v = shipped_cards();
    set(&mut v, 15, "/on_discover/0", json!({"discover": [100]}));
    breaks(&v, "C-4", "71", "id");
    let mut v = shipped_cards();
    set(&mut v, 15, "/on_discover/0", json!({"discover": [5]}));
    breaks(&v, "C-4", "15", "on_discover[0].discover[0]");
}

/// C-5 expansion cards (KLG-18.3, 18.9): purge 12, purge 1 permanent, 4 rounds.
#[test]
fn c05_expansions() {
    for id in 136..=138 {
        let x = shipped().card(id).unwrap().expansion.clone().unwrap();
        assert_eq!((x.purge_n, x.purge_permanent, x.rounds), (12, 1, 4));
    }
    let mut v = shipped_cards();
    set(&mut v, 136, "/expansion/purge_n", json!(10));
    breaks(&v, "C-5", "136", "expansion.purge_n");
    let mut v = shipped_cards();
    set(
        &mut v,
        137,
        "/faces/F0/effects/0/timing",
        json!({"type": "activated"}),
    );
    breaks(&v, "C-5", "137 F0", "effects[0].timing");
    let mut v = shipped_cards();
    set(&mut v, 15, "/on_discover/0", json!({"discover": [71, 137]}));
    breaks(&v, "C-5", "15", "on_discover[0].discover[1]");
}

/// C-6 pre-23 safety (KLG-11.3, 11.5): no legacy operation before card 23, so a reset needs
/// no physical undo.
#[test]
fn c06_nothing_permanent_before_card_23() {
    let mut v = shipped_cards();
    insert(&mut v, 21, "/faces/F180/effects/0", "one_time", json!(true));
    breaks(&v, "C-6", "21 F180", "effects[0]");
    // 73 is reachable before 23 (card 21 discovers it)
    let mut v = shipped_cards();
    set(
        &mut v,
        73,
        "/faces/F0/effects/0/actions/0",
        json!({"sticker": {"no": "7", "target": {"this": true}}}),
    );
    breaks(&v, "C-6", "73 F0", "effects[0].actions[0]");
}

/// C-7 orientation graph (KLG-2.5, 1.2): every stage reachable from F0, no poorer dead end.
#[test]
fn c07_orientation_graph() {
    let mut v = shipped_cards();
    let f180 = card(&mut v, 70)["faces"]["F180"].clone();
    insert(&mut v, 70, "/faces", "B0", f180);
    breaks(&v, "C-7", "70 B0", "faces");
    let mut v = shipped_cards();
    set(&mut v, 11, "/faces/F180/fame", json!(-1));
    breaks(&v, "C-7", "11 F180", "fame");
}

/// C-8 permanents (KLG-9.6, 9.8): 10–16 cards, no production or activated effect.
#[test]
fn c08_permanents() {
    let n = shipped()
        .cards
        .iter()
        .flatten()
        .filter(|c| c.id <= 135 && c.faces.values().any(|s| s.permanent))
        .count();
    assert!((10..=16).contains(&n), "{n}");
    let mut v = shipped_cards();
    insert(
        &mut v,
        16,
        "/faces/F0",
        "production",
        json!([[{"gold": 1}]]),
    );
    breaks(&v, "C-8", "16 F0", "production");
    let mut v = shipped_cards();
    set(
        &mut v,
        132,
        "/faces/F0/effects/0/timing",
        json!({"type": "activated"}),
    );
    breaks(&v, "C-8", "132 F0", "effects[0].timing");
    let mut v = shipped_cards();
    for id in [16, 28, 42, 50, 74] {
        let keys: Vec<String> = card(&mut v, id)["faces"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        for k in keys {
            remove(&mut v, id, &format!("/faces/{k}"), "permanent");
        }
    }
    breaks(&v, "C-8", "(file)", "permanent");
}

/// C-9 hostile cards (KLG-1.7, 10.1): 8–12 enemies with fame ≤ 0 and a way out.
#[test]
fn c09_hostile_cards() {
    let mut v = shipped_cards();
    set(&mut v, 13, "/faces/F0/fame", json!(1));
    breaks(&v, "C-9", "13 F0", "fame");
    let mut v = shipped_cards();
    card(&mut v, 29)["faces"]["F0"]["effects"]
        .as_array_mut()
        .unwrap()
        .pop();
    // the Sworn Vassal can no longer be reached, but C-7 comes first
    breaks(&v, "C-7", "29 B0", "faces");
    let mut v = shipped_cards();
    set(
        &mut v,
        128,
        "/faces/F0/effects/2/timing",
        json!({"type": "ends_turn"}),
    );
    breaks(&v, "C-9", "128 F0", "effects");
}

/// C-10 resources (KLG-7.1): all six in production and costs, gold and wood first.
#[test]
fn c10_resources() {
    let mut v = shipped_cards();
    for id in 11..=135u64 {
        let c = card(&mut v, id);
        if c["kind"] == json!("normal") && c["faces"]["F0"].get("production").is_some() {
            c["faces"]["F0"]["production"] = json!([[{"stone": 1}]]);
        }
    }
    breaks(&v, "C-10", "(file)", "faces.F0.production");
}

/// C-11 balance bands (the value scale of §11.4) and category mix (KLG-1.10).
#[test]
fn c11_balance() {
    let mut v = shipped_cards();
    set(&mut v, 11, "/faces/F0/production", json!([[{"gold": 3}]]));
    breaks(&v, "C-11", "11 F0", "production");
    let mut v = shipped_cards();
    set(&mut v, 1, "/faces/F180/upgrades/0/cost", json!({"gold": 9}));
    breaks(&v, "C-11", "1 F180", "upgrades[0].cost");
    let mut v = shipped_cards();
    insert(&mut v, 71, "/faces/F0", "fame", json!(1));
    breaks(&v, "C-11", "71 F0", "fame");
    let mut v = shipped_cards();
    for id in [11, 17, 24, 27, 30, 33, 37, 38, 40, 43] {
        set(&mut v, id, "/faces/F0/category", json!("building"));
    }
    breaks(&v, "C-11", "(file)", "faces.F0.category");
}

/// C-12 coverage (§11.2 "DSL scope"): every core variant and sticker used, minimum counts.
#[test]
fn c12_coverage() {
    let c = authoring::coverage(shipped());
    for f in CORE_FEATURES {
        assert!(c.get(*f).copied().unwrap_or(0) > 0, "{f} unused");
    }
    for (k, min) in MINIMUMS {
        assert!(c.get(*k).copied().unwrap_or(0) >= *min, "{k}");
    }
    // without sticker 8 the pack is refused
    let mut v = shipped_cards();
    set(
        &mut v,
        67,
        "/faces/B180/effects/0/actions/0/sticker/no",
        json!("7"),
    );
    let e = load(&v, true).unwrap_err();
    assert_eq!(
        (e.entry.as_str(), e.field.as_str()),
        ("(file)", "(coverage)")
    );
    assert!(e.message.contains("sticker.8"), "{e}");
}

/// C-14 loop safety (KLG-8.10): a repeatable effect costs at least what it yields.
#[test]
fn c14_loop_safety() {
    let mut v = shipped_cards();
    set(
        &mut v,
        12,
        "/faces/F0/effects/0/actions/0",
        json!({"gain": {"gold": 3}}),
    );
    breaks(&v, "C-14", "12 F0", "effects[0].costs");
    let mut v = shipped_cards();
    remove(&mut v, 12, "/faces/F0/effects/0", "costs");
    breaks(&v, "C-14", "12 F0", "effects[0].costs");
}

/// The content coverage in numbers: every language variant and sticker of C-12 and the
/// minimum counts, printed for the report.
#[test]
fn content_coverage_of_the_language() {
    let c = authoring::coverage(shipped());
    let unused: Vec<&&str> = CORE_FEATURES
        .iter()
        .filter(|f| c.get(**f).copied().unwrap_or(0) == 0)
        .collect();
    assert!(unused.is_empty(), "unused: {unused:?}");
    for (k, min) in MINIMUMS {
        let n = c.get(*k).copied().unwrap_or(0);
        println!("{k}: {n} (min {min})");
        assert!(n >= *min);
    }
    // every resource is produced by some stage and the test library stays out of it
    let content = shipped();
    for r in Resource::ALL {
        assert!(content.cards.iter().flatten().any(|card| {
            card.faces
                .values()
                .any(|s| s.production.iter().flatten().any(|b| b.get(r) > 0))
        }));
    }
}

// ------------------------------------------------------------------------------- broken copies

#[test]
fn duplicate_card_id() {
    let mut v = shipped_cards();
    set(&mut v, 12, "/id", json!(11));
    broken(&v, "11", "id", "duplicate");
}

#[test]
fn card_without_faces() {
    let mut v = shipped_cards();
    set(&mut v, 12, "/faces", json!({}));
    broken(&v, "12", "faces", "at least one stage");
}

#[test]
fn card_without_f0() {
    let mut v = shipped_cards();
    remove(&mut v, 12, "/faces", "F0");
    broken(&v, "12", "faces.F0", "F0");
}

#[test]
fn rotate_to_the_other_side() {
    let mut v = shipped_cards();
    set(&mut v, 1, "/faces/F0/upgrades/0/to", json!("B0"));
    broken(&v, "1 F0", "upgrades[0].to", "rotate");
}

#[test]
fn flip_that_rotates() {
    let mut v = shipped_cards();
    set(&mut v, 1, "/faces/F180/upgrades/0/to", json!("F0"));
    broken(&v, "1 F180", "upgrades[0].to", "flip");
}

#[test]
fn upgrade_to_a_missing_stage() {
    let mut v = shipped_cards();
    insert(
        &mut v,
        70,
        "/faces/F180",
        "upgrades",
        json!([{"arrow": "flip", "to": "B180", "cost": {"gold": 4}}]),
    );
    broken(&v, "70 F180", "upgrades[0].to", "no B180 stage");
}

#[test]
fn turn_this_to_a_missing_stage() {
    let mut v = shipped_cards();
    set(
        &mut v,
        20,
        "/faces/F0/effects/1/actions/0/turn/how",
        json!("rotate"),
    );
    broken(&v, "20 F0", "effects[1].actions[0].turn.how", "F180");
}

#[test]
fn turn_to_a_named_missing_stage() {
    let mut v = shipped_cards();
    set(
        &mut v,
        29,
        "/faces/F0/effects/2/actions/0/turn/how",
        json!({"to": "F180"}),
    );
    broken(&v, "29 F0", "effects[2].actions[0].turn.how", "F180");
}

#[test]
fn unknown_category() {
    let mut v = shipped_cards();
    set(&mut v, 11, "/faces/F0/category", json!("forest"));
    broken(&v, "11 F0", "category", "forest");
}

#[test]
fn unknown_subcategory() {
    let mut v = shipped_cards();
    set(&mut v, 10, "/faces/F0/subcategories", json!(["wizard"]));
    broken(&v, "10 F0", "subcategories[0]", "wizard");
}

#[test]
fn subcategory_of_another_category() {
    let mut v = shipped_cards();
    set(&mut v, 10, "/faces/F0/subcategories", json!(["ship"]));
    broken(&v, "10 F0", "subcategories[0]", "person");
}

#[test]
fn sticker_not_in_the_catalogue() {
    let mut v = shipped_cards();
    set(
        &mut v,
        27,
        "/faces/B180/effects/0/actions/0/sticker/no",
        json!("99"),
    );
    broken(
        &v,
        "27 B180",
        "effects[0].actions[0].sticker.no",
        "not in stickers.json",
    );
}

#[test]
fn engine_only_sticker_13k() {
    let mut v = shipped_cards();
    set(
        &mut v,
        27,
        "/faces/B180/effects/0/actions/0/sticker/no",
        json!("13k"),
    );
    broken(&v, "27 B180", "effects[0].actions[0].sticker.no", "engine");
}

#[test]
fn engine_only_sticker_16() {
    let mut v = shipped_cards();
    set(&mut v, 68, "/on_discover/2/sticker/no", json!("16"));
    broken(&v, "68", "on_discover[2].sticker.no", "engine");
}

#[test]
fn reserved_sticker_on_a_base_card() {
    let mut v = shipped_cards();
    set(
        &mut v,
        27,
        "/faces/B180/effects/0/actions/0/sticker/no",
        json!("9"),
    );
    broken(
        &v,
        "27 B180",
        "effects[0].actions[0].sticker.no",
        "reserved",
    );
}

#[test]
fn reserved_sticker_on_an_expansion_card_is_allowed_structurally() {
    let mut v = shipped_cards();
    set(
        &mut v,
        136,
        "/faces/B0/effects/0/actions/0/sticker/no",
        json!("12"),
    );
    assert!(load(&v, false).is_ok());
}

#[test]
fn sticker_on_a_missing_stage() {
    let mut v = shipped_cards();
    set(
        &mut v,
        87,
        "/faces/F180/effects/0/actions/0/sticker/stage",
        json!({"at": "B0"}),
    );
    broken(
        &v,
        "87 F180",
        "effects[0].actions[0].sticker.stage",
        "no B0 stage",
    );
}

#[test]
fn discover_a_card_not_in_the_pack() {
    let mut v = shipped_cards();
    set(&mut v, 15, "/on_discover/0/discover/0", json!(200));
    broken(&v, "15", "on_discover[0].discover[0]", "200");
}

#[test]
fn discover_choice_choosing_too_many() {
    let mut v = shipped_cards();
    set(
        &mut v,
        23,
        "/on_discover/1/discover_choice/choose",
        json!(4),
    );
    broken(
        &v,
        "23",
        "on_discover[1].discover_choice.choose",
        "choose 4 of 3",
    );
}

#[test]
fn discover_choice_naming_a_card_twice() {
    let mut v = shipped_cards();
    set(
        &mut v,
        23,
        "/on_discover/1/discover_choice/cards",
        json!([75, 75, 77]),
    );
    broken(&v, "23", "on_discover[1].discover_choice.cards", "twice");
}

#[test]
fn effect_ids_twice_on_a_stage() {
    let mut v = shipped_cards();
    set(&mut v, 61, "/faces/F0/effects/1/id", json!("e1"));
    broken(&v, "61 F0", "effects[1].id", "twice");
}

#[test]
fn modifiers_on_a_triggered_effect() {
    let mut v = shipped_cards();
    insert(
        &mut v,
        29,
        "/faces/F0/effects/0",
        "modifiers",
        json!([{"stays_in_play": {"this": true}}]),
    );
    broken(&v, "29 F0", "effects[0].modifiers", "triggered");
}

#[test]
fn modifiers_on_an_activated_effect() {
    let mut v = shipped_cards();
    insert(
        &mut v,
        29,
        "/faces/F0/effects/2",
        "modifiers",
        json!([{"stays_in_play": {"this": true}}]),
    );
    broken(&v, "29 F0", "effects[2].modifiers", "passive static");
}

#[test]
fn static_effect_without_modifiers() {
    let mut v = shipped_cards();
    set(&mut v, 29, "/faces/F0/effects/1/modifiers", json!([]));
    broken(&v, "29 F0", "effects[1].modifiers", "none");
}

#[test]
fn parchment_without_instructions() {
    let mut v = shipped_cards();
    remove(&mut v, 15, "", "on_discover");
    broken(&v, "15", "on_discover", "parchment");
}

#[test]
fn instructions_on_a_normal_card() {
    let mut v = shipped_cards();
    insert(&mut v, 11, "", "on_discover", json!([{"discover": [71]}]));
    broken(&v, "11", "on_discover", "only parchments");
}

#[test]
fn expansion_without_its_block() {
    let mut v = shipped_cards();
    remove(&mut v, 136, "", "expansion");
    broken(&v, "136", "expansion", "expansion block");
}

#[test]
fn expansion_with_three_round_stages_for_four_rounds() {
    let mut v = shipped_cards();
    set(
        &mut v,
        136,
        "/expansion/round_stage",
        json!(["F0", "F180", "B180"]),
    );
    broken(
        &v,
        "136",
        "expansion.round_stage",
        "3 round stages for 4 rounds",
    );
}

#[test]
fn expansion_round_stage_missing() {
    let mut v = shipped_cards();
    remove(&mut v, 136, "/faces", "B0");
    broken(&v, "136", "expansion.round_stage[3]", "no B0 stage");
}

#[test]
fn purge_on_a_normal_card() {
    let mut v = shipped_cards();
    set(
        &mut v,
        33,
        "/faces/F0/effects/0/actions/0",
        json!({"purge": 12}),
    );
    broken(
        &v,
        "33 F0",
        "effects[0].actions[0].purge",
        "expansion cards",
    );
}

#[test]
fn purge_permanent_on_a_normal_card() {
    let mut v = shipped_cards();
    set(
        &mut v,
        33,
        "/faces/F0/effects/0/actions/0",
        json!({"purge_permanent": 1}),
    );
    broken(
        &v,
        "33 F0",
        "effects[0].actions[0].purge_permanent",
        "expansion cards",
    );
}

#[test]
fn selector_exactly_zero() {
    let mut v = shipped_cards();
    set(
        &mut v,
        13,
        "/faces/F0/effects/0/actions/0/block/count",
        json!({"exactly": 0}),
    );
    broken(
        &v,
        "13 F0",
        "effects[0].actions[0].block.count",
        "exactly 0",
    );
}

#[test]
fn selector_up_to_zero() {
    let mut v = shipped_cards();
    set(
        &mut v,
        35,
        "/faces/F180/effects/0/actions/0/block/count",
        json!({"up_to": 0}),
    );
    broken(
        &v,
        "35 F180",
        "effects[0].actions[0].block.count",
        "up to 0",
    );
}

#[test]
fn selector_without_zone() {
    let mut v = shipped_cards();
    set(
        &mut v,
        13,
        "/faces/F0/effects/0/actions/0/block/zones",
        json!([]),
    );
    broken(&v, "13 F0", "effects[0].actions[0].block.zones", "zone");
}

#[test]
fn filter_with_an_unknown_category() {
    let mut v = shipped_cards();
    set(
        &mut v,
        34,
        "/faces/F0/effects/0/actions/0/gain_per/per/cards/filter/category",
        json!(["castle"]),
    );
    broken(
        &v,
        "34 F0",
        "effects[0].actions[0].gain_per.filter.category[0]",
        "castle",
    );
}

#[test]
fn filter_with_an_unknown_subcategory() {
    let mut v = shipped_cards();
    set(
        &mut v,
        44,
        "/faces/B180/effects/0/modifiers/0/stays_in_play/filter/subcategory",
        json!(["archer"]),
    );
    broken(
        &v,
        "44 B180",
        "effects[0].modifiers[0].stays_in_play.filter.subcategory[0]",
        "archer",
    );
}

#[test]
fn filter_naming_a_card_not_in_the_pack() {
    let mut v = shipped_cards();
    set(
        &mut v,
        130,
        "/faces/F0/effects/0/actions/0/destroy/filter/ids",
        json!([300]),
    );
    broken(
        &v,
        "130 F0",
        "effects[0].actions[0].destroy.filter.ids[0]",
        "300",
    );
}

#[test]
fn tick_cost_without_checkboxes() {
    let mut v = shipped_cards();
    insert(
        &mut v,
        33,
        "/faces/F0/effects/0",
        "costs",
        json!([{"tick": "self"}]),
    );
    broken(&v, "33 F0", "effects[0].costs[0]", "without checkboxes");
}

#[test]
fn tick_on_a_stage_without_checkboxes() {
    let mut v = shipped_cards();
    set(
        &mut v,
        33,
        "/faces/F0/effects/0/actions/0",
        json!({"tick": {"target": {"this": true}, "policy": "choice"}}),
    );
    broken(
        &v,
        "33 F0",
        "effects[0].actions[0].tick.target",
        "without checkboxes",
    );
}

#[test]
fn ticked_boxes_counted_on_a_stage_without_checkboxes() {
    let mut v = shipped_cards();
    set(
        &mut v,
        33,
        "/faces/F0/effects/0/actions/0",
        json!({"gain_per": {"bag": {"gold": 1}, "per": {"ticked_boxes": "self"}}}),
    );
    broken(
        &v,
        "33 F0",
        "effects[0].actions[0].gain_per.per",
        "without checkboxes",
    );
}

#[test]
fn in_order_without_checkboxes() {
    let mut v = shipped_cards();
    insert(&mut v, 11, "/faces/F0", "in_order_boxes", json!(true));
    broken(&v, "11 F0", "in_order_boxes", "without checkboxes");
}

#[test]
fn empty_payment() {
    let mut v = shipped_cards();
    set(
        &mut v,
        12,
        "/faces/F0/effects/0/costs/0",
        json!({"pay": {}}),
    );
    broken(&v, "12 F0", "effects[0].costs[0]", "empty payment");
}

#[test]
fn empty_production_alternative() {
    let mut v = shipped_cards();
    set(&mut v, 11, "/faces/F0/production", json!([[{}]]));
    broken(&v, "11 F0", "production[0][0]", "empty");
}

#[test]
fn this_in_a_parchment() {
    let mut v = shipped_cards();
    set(
        &mut v,
        68,
        "/on_discover/2/sticker/target",
        json!({"this": true}),
    );
    broken(&v, "68", "on_discover[2].sticker", "parchment");
}

#[test]
fn unknown_resource_is_a_schema_error() {
    let mut v = shipped_cards();
    set(&mut v, 11, "/faces/F0/production", json!([[{"silver": 1}]]));
    broken(&v, "(file)", "(schema)", "silver");
}

#[test]
fn unknown_timing_is_a_schema_error() {
    let mut v = shipped_cards();
    set(
        &mut v,
        33,
        "/faces/F0/effects/0/timing",
        json!({"type": "sometimes"}),
    );
    broken(&v, "(file)", "(schema)", "sometimes");
}

#[test]
fn sticker_numbers_twice_in_stickers_json() {
    let mut files = PackFiles::shipped();
    let mut s: Value = serde_json::from_str(&files.stickers).unwrap();
    s.as_array_mut().unwrap()[1]["no"] = json!("1");
    files.stickers = s.to_string();
    let e = load_files(&files, false).unwrap_err();
    assert_eq!(
        (e.file, e.entry.as_str(), e.field.as_str()),
        ("stickers.json", "1", "no")
    );
}

#[test]
fn category_twice_in_categories_json() {
    let mut files = PackFiles::shipped();
    let mut s: Value = serde_json::from_str(&files.categories).unwrap();
    s.as_array_mut().unwrap()[1]["id"] = json!("land");
    files.categories = s.to_string();
    let e = load_files(&files, false).unwrap_err();
    assert_eq!(
        (e.file, e.entry.as_str(), e.field.as_str()),
        ("categories.json", "land", "id")
    );
}

#[test]
fn resource_missing_from_resources_json() {
    let mut files = PackFiles::shipped();
    let mut s: Value = serde_json::from_str(&files.resources).unwrap();
    s.as_array_mut().unwrap().pop();
    files.resources = s.to_string();
    let e = load_files(&files, false).unwrap_err();
    assert_eq!(
        (e.file, e.entry.as_str(), e.field.as_str()),
        ("resources.json", "trade", "id")
    );
}

#[test]
fn a_broken_copy_is_described_by_file_entry_and_field() {
    let mut v = shipped_cards();
    set(&mut v, 23, "/on_discover/0/discover/0", json!(999));
    let e = load(&v, true).unwrap_err();
    assert_eq!(
        e.to_string(),
        "cards.json: card/entry `23`, field `on_discover[0].discover[0]`: card 999 is not in the pack"
    );
}
