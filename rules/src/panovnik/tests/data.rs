//! The card data of §11 G1–G3: the shipped files pass every authoring constraint, and copies
//! broken in exactly one constraint are refused naming the file, the card and the field.

use super::super::data::*;
use serde_json::{Value, json};

const CH: &str = "characters.json";
const LW: &str = "laws.json";
const FILE: &str = "(file)";

fn shipped() -> &'static Catalog {
    Catalog::shipped()
}

fn files() -> (Vec<Value>, Vec<Value>) {
    (
        serde_json::from_str(CHARACTERS_JSON).unwrap(),
        serde_json::from_str(LAWS_JSON).unwrap(),
    )
}

fn load(characters: &[Value], laws: &[Value]) -> Result<Catalog, DataError> {
    Catalog::from_json(
        &Value::from(characters.to_vec()).to_string(),
        &Value::from(laws.to_vec()).to_string(),
    )
}

/// Edits the shipped character file and validates it with the shipped laws.
fn broken_characters(edit: impl FnOnce(&mut Vec<Value>)) -> DataError {
    let (mut c, l) = files();
    edit(&mut c);
    load(&c, &l).expect_err("the broken copy must be refused")
}

/// Edits the shipped law file and validates it with the shipped characters.
fn broken_laws(edit: impl FnOnce(&mut Vec<Value>)) -> DataError {
    let (c, mut l) = files();
    edit(&mut l);
    load(&c, &l).expect_err("the broken copy must be refused")
}

/// The card with this order number in a file being edited.
fn at(cards: &mut [Value], order: u32) -> &mut Value {
    cards
        .iter_mut()
        .find(|c| c["order"] == order)
        .unwrap_or_else(|| panic!("no card #{order}"))
}

/// `#order name` of a shipped card.
fn card(order: u32) -> String {
    let c = shipped();
    let name = match c.character(order) {
        Some(ch) => &ch.name,
        None => &c.law(order).unwrap().name,
    };
    format!("#{order} {name}")
}

/// The order of the first shipped character matching `pred`.
fn first(pred: impl Fn(&Character) -> bool) -> u32 {
    shipped()
        .characters
        .iter()
        .find(|c| pred(c))
        .expect("a shipped character matching the test's premise")
        .order
}

/// The order of the first shipped law matching `pred`.
fn first_law(pred: impl Fn(&Law) -> bool) -> u32 {
    shipped()
        .laws
        .iter()
        .find(|l| pred(l))
        .expect("a shipped law matching the test's premise")
        .order
}

fn is(e: &DataError, file: &str, card: &str, field: &str) {
    assert_eq!(
        (e.file, e.card.as_str(), e.field),
        (file, card, field),
        "{e}"
    );
    let text = e.to_string();
    assert!(text.contains(file) && text.contains(card) && text.contains(field));
    assert!(!e.message.is_empty());
}

/// The error's message names the broken constraint.
fn says(e: &DataError, text: &str) {
    assert!(e.message.contains(text), "expected `{text}` in: {e}");
}

fn icons(r: &Reward) -> Vec<&Reward> {
    match r {
        Reward::All(parts) => parts.iter().collect(),
        other => vec![other],
    }
}

fn color(c: &str) -> Value {
    Value::from(c)
}

// ---- the shipped data -------------------------------------------------------------------

#[test]
fn shipped_data_loads_and_is_indexed_by_order() {
    // PNV-1.2: characters 1–64, laws 65–88, unique.
    let c = Catalog::from_json(CHARACTERS_JSON, LAWS_JSON).expect("shipped data is valid");
    assert_eq!(&c, shipped());
    assert_eq!(c.characters.len(), 64);
    assert_eq!(c.laws.len(), 24);
    for order in 1..=64 {
        assert_eq!(c.character(order).unwrap().order, order);
        assert!(!Catalog::is_law(order));
    }
    for order in 65..=88 {
        assert_eq!(c.law(order).unwrap().order, order);
        assert!(Catalog::is_law(order));
    }
    assert!(c.character(0).is_none() && c.character(65).is_none());
    assert!(c.law(64).is_none() && c.law(89).is_none());
}

#[test]
fn captain_of_the_watch_is_the_rulebook_kapitan() {
    // G1.7, TV-04, TV-05, PNV-1.4, PNV-7.4: costs G,B,Y,Y; draw 1, gems 5, magic 1, PP 12.
    let k = shipped().character(32).unwrap();
    assert_eq!(k.name, "Captain of the Watch");
    assert_eq!(
        k.rows.iter().map(|r| r.cost).collect::<Vec<_>>(),
        [Color::Green, Color::Blue, Color::Yellow, Color::Yellow]
    );
    assert_eq!(
        k.rows.iter().map(|r| r.reward.clone()).collect::<Vec<_>>(),
        [
            Reward::Draw(1),
            Reward::Gems(5),
            Reward::Magic(1),
            Reward::Power(12)
        ]
    );
    assert_eq!(
        k.segments,
        Segments {
            tl: Color::Blue,
            tr: Color::Red,
            bl: Color::Red,
            br: Color::Red
        }
    );
}

#[test]
fn starting_cards_of_tv_49() {
    // TV-49, PNV-2.6: #9 gives "draw 1" at level 1, #31 gives "gems 3".
    let c = shipped();
    assert_eq!(c.character(9).unwrap().rows[0].reward, Reward::Draw(1));
    assert_eq!(c.character(31).unwrap().rows[0].reward, Reward::Gems(3));
}

#[test]
fn every_reward_type_is_used_by_characters() {
    // G1.8, PNV-8.1–8.10. `choice` is laws-only (G1.6) and the shipped laws model their choices
    // as `choose_one` (G2), so it appears nowhere.
    let c = shipped();
    let mut seen = [false; 11];
    for row in c.characters.iter().flat_map(|c| c.rows.iter()) {
        if matches!(row.reward, Reward::All(_)) {
            seen[10] = true;
        }
        for i in icons(&row.reward) {
            let k = match i {
                Reward::Gems(_) => 0,
                Reward::Power(_) => 1,
                Reward::Draw(_) => 2,
                Reward::Science(_) => 3,
                Reward::Magic(_) => 4,
                Reward::Defense(_) => 5,
                Reward::Attack(_) => 6,
                Reward::MagicBonus(_) => 7,
                Reward::CircleBonus(_) => 8,
                Reward::EternalGem(_) => 9,
                Reward::All(_) | Reward::Choice(_) => panic!("nested {i:?}"),
            };
            seen[k] = true;
        }
    }
    assert_eq!(seen, [true; 11]);
}

#[test]
fn every_law_effect_type_is_used() {
    // G2, PNV-9.9: every required law effect type appears, and the decision-21 colour choice.
    let c = shipped();
    let (mut action, mut passive, mut end) = ([false; 5], [false; 2], [false; 7]);
    let mut any = false;
    for l in &c.laws {
        if let Some(a) = &l.on_play {
            action[match a {
                LawAction::ChooseOne { options } => {
                    any |= options.contains(&Reward::EternalGem(EternalColor::Any));
                    0
                }
                LawAction::Gain { .. } => 1,
                LawAction::TuckFreeCard => 2,
                LawAction::StoreGems { .. } => 3,
                LawAction::TuckFromHand { .. } => 4,
            }] = true;
        }
        if let Some(p) = &l.passive {
            passive[match p {
                Passive::PassBonusGems { .. } => 0,
                Passive::TuckGainedCards => 1,
            }] = true;
        }
        if let Some(e) = &l.end_scoring {
            end[match e {
                EndScore::ByOwnLevel { .. } => 0,
                EndScore::PerStoredGem { .. } => 1,
                EndScore::PerTuckedCard { .. } => 2,
                EndScore::PerAdjacentCharacter { .. } => 3,
                EndScore::PerPyramidCard { .. } => 4,
                EndScore::PerSet { .. } => 5,
                EndScore::PerMonochromeCircleAndEternalGem { .. } => 6,
            }] = true;
        }
    }
    assert_eq!(
        (action, passive, end, any),
        ([true; 5], [true; 2], [true; 7], true)
    );
}

#[test]
fn quoted_laws_have_the_seed_values() {
    // PNV-9.3, 9.4, 9.5, 9.6, G3: Tuck-free 2/3/4/5; Treasury up to 8 gems, 2 PP each.
    let c = shipped();
    let tuck: Vec<&Law> = c
        .laws
        .iter()
        .filter(|l| l.on_play == Some(LawAction::TuckFreeCard))
        .collect();
    assert_eq!(tuck.len(), 1);
    assert_eq!(
        tuck[0].end_scoring,
        Some(EndScore::ByOwnLevel {
            points: [2, 3, 4, 5]
        })
    );
    let store: Vec<&Law> = c
        .laws
        .iter()
        .filter(|l| matches!(l.on_play, Some(LawAction::StoreGems { .. })))
        .collect();
    assert_eq!(store.len(), 1);
    assert_eq!(store[0].on_play, Some(LawAction::StoreGems { max: 8 }));
    assert_eq!(
        store[0].end_scoring,
        Some(EndScore::PerStoredGem { points: 2 })
    );
}

#[test]
fn law_segments_and_texts() {
    // PNV-1.3, PNV-1.5, G2: TL = TR, BL = BR, TL ≠ BL; every law prints its effect.
    for l in &shipped().laws {
        let s = l.segments;
        assert!(s.tl == s.tr && s.bl == s.br && s.tl != s.bl, "#{}", l.order);
        assert!(!l.text.is_empty());
    }
}

/// A comparable key of one icon: type (and colour) and amount.
fn key(r: &Reward) -> (String, u32) {
    match r {
        Reward::CircleBonus(CircleBonus { color, value }) => (format!("circle {color:?}"), *value),
        Reward::EternalGem(c) => (format!("eternal {c:?}"), 1),
        Reward::Gems(n) => ("gems".into(), *n),
        Reward::Power(n) => ("power".into(), *n),
        Reward::Draw(n) => ("draw".into(), *n),
        Reward::Science(n) => ("science".into(), *n),
        Reward::Magic(n) => ("magic".into(), *n),
        Reward::Defense(n) => ("defense".into(), *n),
        Reward::Attack(n) => ("attack".into(), *n),
        Reward::MagicBonus(n) => ("magic bonus".into(), *n),
        Reward::All(_) | Reward::Choice(_) => unreachable!(),
    }
}

/// Row `a` gives at least everything row `b` gives.
fn row_covers(a: &Reward, b: &Reward) -> bool {
    let mut have: Vec<(String, u32)> = icons(a).into_iter().map(key).collect();
    let mut want: Vec<(String, u32)> = icons(b).into_iter().map(key).collect();
    want.sort_by_key(|w| std::cmp::Reverse(w.1));
    want.iter().all(|(k, v)| {
        let best = have
            .iter()
            .enumerate()
            .filter(|(_, (hk, hv))| hk == k && hv >= v)
            .min_by_key(|(_, (_, hv))| *hv)
            .map(|(i, _)| i);
        best.map(|i| have.remove(i)).is_some()
    })
}

#[test]
fn no_card_dominates_another_with_the_same_costs() {
    // Balance (authoring goal, not a spec constraint): among cards with the same four cost
    // colours, none gives at least as much as another on every level.
    let cards = &shipped().characters;
    for a in cards {
        for b in cards {
            let same_costs = a.rows.iter().zip(&b.rows).all(|(x, y)| x.cost == y.cost);
            if a.order != b.order && same_costs {
                let dominates = a
                    .rows
                    .iter()
                    .zip(&b.rows)
                    .all(|(x, y)| row_covers(&x.reward, &y.reward));
                assert!(!dominates, "#{} dominates #{}", a.order, b.order);
            }
        }
    }
}

#[test]
fn level_4_is_the_richest_row() {
    // Balance (authoring goal): level 4 gives 8+ PP, 5+ gems, 2+ cards or tokens, a +4 circle
    // bonus, or several icons; levels 1–3 give one or two icons.
    for c in &shipped().characters {
        let top = &c.rows[3].reward;
        let rich = icons(top).len() >= 2
            || matches!(
                top,
                Reward::Power(8..)
                    | Reward::Gems(5..)
                    | Reward::Draw(2..)
                    | Reward::Science(2..)
                    | Reward::Magic(2..)
                    | Reward::CircleBonus(CircleBonus { value: 4, .. })
            );
        assert!(rich, "#{}", c.order);
        assert!(c.rows[..3].iter().all(|r| icons(&r.reward).len() <= 2));
    }
}

#[test]
fn a_licensee_may_renumber_and_rename() {
    // The validation is about the spec's constraints, not the shipped cards: the Kapitán may
    // have any free order number (G1.7) and names are free.
    let (mut c, l) = files();
    at(&mut c, 32)["order"] = 1.into();
    c[0]["order"] = 32.into();
    c[5]["name"] = "Another Name".into();
    let cat = load(&c, &l).expect("renumbered copy is valid");
    assert_eq!(cat.character(1).unwrap().name, "Captain of the Watch");
    assert_eq!(cat.character(6).unwrap().name, "Another Name");
}

// ---- broken characters: PNV-1.2, 1.4, G1.1, G1.2 --------------------------------------------

#[test]
fn pnv_1_2_character_orders() {
    // Duplicate order: the later card (sorted, stable) is named.
    let e = broken_characters(|c| at(c, 5)["order"] = 4.into());
    let name5 = &shipped().character(5).unwrap().name;
    is(&e, CH, &format!("#4 {name5}"), "order");
    // A law's order number in the character file.
    let e = broken_characters(|c| at(c, 10)["order"] = 70.into());
    let name10 = &shipped().character(10).unwrap().name;
    is(&e, CH, &format!("#70 {name10}"), "order");
    // 63 cards.
    let e = broken_characters(|c| {
        c.pop();
    });
    is(&e, CH, FILE, "order");
}

#[test]
fn g1_1_character_names_unique() {
    let name6 = shipped().character(6).unwrap().name.clone();
    let e = broken_characters(|c| at(c, 7)["name"] = name6.clone().into());
    is(&e, CH, &format!("#7 {name6}"), "name");
    let e = broken_characters(|c| at(c, 8)["name"] = " ".into());
    is(&e, CH, "#8  ", "name");
}

#[test]
fn pnv_1_4_schema_errors_name_the_card() {
    // Exactly 4 rows (PNV-1.4), known reward types only (PNV-8), known colours (PNV-1.1).
    let e = broken_characters(|c| {
        at(c, 12)["rows"].as_array_mut().unwrap().pop();
    });
    is(&e, CH, &card(12), "(schema)");
    let e = broken_characters(|c| at(c, 13)["rows"][1]["reward"] = json!({"gold": 3}));
    is(&e, CH, &card(13), "(schema)");
    let e = broken_characters(|c| at(c, 14)["segments"]["tl"] = color("purple"));
    is(&e, CH, &card(14), "(schema)");
    let e = Catalog::from_json("{", LAWS_JSON).unwrap_err();
    is(&e, CH, FILE, "(schema)");
}

#[test]
fn g1_2_one_colour_in_at_most_two_rows() {
    // Captain: G,B,Y,Y → Y,B,Y,Y: the third yellow is row 4.
    let e = broken_characters(|c| at(c, 32)["rows"][0]["cost"] = color("yellow"));
    is(&e, CH, &card(32), "rows[3].cost");
}

#[test]
fn g1_2_level_cost_colours_14_to_18() {
    // Three more blue level-1 costs on cards with no other blue cost → 19 blue at level 1.
    let e = broken_characters(|c| {
        let mut changed = 0;
        for order in 1..=64 {
            let ch = shipped().character(order).unwrap();
            if ch.rows.iter().all(|r| r.cost != Color::Blue) && changed < 3 {
                at(c, order)["rows"][0]["cost"] = color("blue");
                changed += 1;
            }
        }
        assert_eq!(changed, 3);
    });
    is(&e, CH, FILE, "rows[0].cost");
    says(&e, "blue as the level-1 cost");
}

// ---- broken characters: PNV-1.3, G1.3 -------------------------------------------------------

fn segment_total(c: &[Value], col: &str) -> usize {
    c.iter()
        .flat_map(|card| ["tl", "tr", "bl", "br"].map(|k| card["segments"][k].clone()))
        .filter(|s| s == col)
        .count()
}

#[test]
fn g1_3_segment_colour_totals() {
    let e = broken_characters(|c| {
        for i in 0..c.len() {
            if segment_total(c, "blue") > 72 {
                break;
            }
            if c[i]["segments"]["tl"] != "blue" {
                c[i]["segments"]["tl"] = color("blue");
            }
        }
    });
    is(&e, CH, FILE, "segments");
    says(&e, "blue segments");
}

#[test]
fn g1_3_bl_equals_br_on_40_to_50_cards() {
    // Swap bottom colours between pairs of same-bottom cards of different colours: the
    // colour totals stay, six cards get BL ≠ BR → 39.
    let e = broken_characters(|c| {
        let same: Vec<usize> = (0..c.len())
            .filter(|&i| c[i]["segments"]["bl"] == c[i]["segments"]["br"] && c[i]["order"] != 32)
            .collect();
        let mut done = 0;
        let mut used = vec![];
        for &a in &same {
            for &b in &same {
                if done < 3
                    && !used.contains(&a)
                    && !used.contains(&b)
                    && c[a]["segments"]["bl"] != c[b]["segments"]["bl"]
                {
                    let (ca, cb) = (
                        c[a]["segments"]["br"].clone(),
                        c[b]["segments"]["br"].clone(),
                    );
                    c[a]["segments"]["br"] = cb;
                    c[b]["segments"]["br"] = ca;
                    used.extend([a, b]);
                    done += 1;
                }
            }
        }
        assert_eq!(done, 3);
    });
    is(&e, CH, FILE, "segments");
    says(&e, "bl = br");
    let s = &shipped().characters;
    let n = s.iter().filter(|c| c.segments.bl == c.segments.br).count();
    assert!((40..=50).contains(&n) && n - 6 < 40, "{n}");
}

#[test]
fn g1_3_every_colour_on_8_tl_and_8_tr() {
    // Swap TL and TR on the cards with a green TL: the colour totals stay.
    let e = broken_characters(|c| {
        for card in c.iter_mut() {
            if card["segments"]["tl"] == "green" {
                let tr = card["segments"]["tr"].clone();
                card["segments"]["tr"] = color("green");
                card["segments"]["tl"] = tr;
            }
        }
    });
    is(&e, CH, FILE, "segments.tl");
    says(&e, "green tl");
}

#[test]
fn g1_3_at_most_two_single_coloured_cards() {
    // Two more same-bottom cards painted in their bottom colour → 3 single-coloured cards.
    let e = broken_characters(|c| {
        let mut done = 0;
        for card in c.iter_mut() {
            let s = &card["segments"];
            if done < 2 && s["bl"] == s["br"] && (s["tl"] != s["bl"] || s["tr"] != s["bl"]) {
                let bl = s["bl"].clone();
                if card["order"] != 32 {
                    card["segments"]["tl"] = bl.clone();
                    card["segments"]["tr"] = bl;
                    done += 1;
                }
            }
        }
    });
    is(&e, CH, FILE, "segments");
    says(&e, "single-coloured");
    let single = shipped()
        .characters
        .iter()
        .filter(|c| {
            let s = c.segments;
            s.tl == s.tr && s.tr == s.bl && s.bl == s.br
        })
        .count();
    assert_eq!(single, 1, "premise: one shipped single-coloured card");
}

// ---- broken characters: PNV-8, G1.4, G1.6 ---------------------------------------------------

#[test]
fn g1_4_gems_ranges() {
    // PNV-8.1: 2–5 on levels 1–3, 5–8 on level 4.
    let e = broken_characters(|c| at(c, 31)["rows"][0]["reward"] = json!({"gems": 6}));
    is(&e, CH, &card(31), "rows[0].reward");
    let o = first(|c| matches!(c.rows[3].reward, Reward::Gems(_)));
    let e = broken_characters(|c| at(c, o)["rows"][3]["reward"] = json!({"gems": 4}));
    is(&e, CH, &card(o), "rows[3].reward");
}

#[test]
fn g1_4_power_ranges() {
    // PNV-8.2: 2–4, 2–5, 3–8; level 4 alone 8–12, inside `all` 2–5.
    let o = first(|c| c.order != 32 && matches!(c.rows[3].reward, Reward::Power(_)));
    let e = broken_characters(|c| at(c, o)["rows"][3]["reward"] = json!({"power": 7}));
    is(&e, CH, &card(o), "rows[3].reward");
    let o = first(
        |c| matches!(&c.rows[3].reward, Reward::All(p) if matches!(p[..], [_, Reward::Power(_)])),
    );
    let e = broken_characters(|c| at(c, o)["rows"][3]["reward"]["all"][1] = json!({"power": 8}));
    is(&e, CH, &card(o), "rows[3].reward");
    let o = first(|c| matches!(c.rows[0].reward, Reward::Power(_)));
    let e = broken_characters(|c| at(c, o)["rows"][0]["reward"] = json!({"power": 5}));
    is(&e, CH, &card(o), "rows[0].reward");
    let o = first(|c| matches!(c.rows[2].reward, Reward::Power(_)));
    let e = broken_characters(|c| at(c, o)["rows"][2]["reward"] = json!({"power": 2}));
    is(&e, CH, &card(o), "rows[2].reward");
}

#[test]
fn g1_4_draw_science_magic_ranges() {
    // PNV-8.3–8.5: draw 1 on levels 1–3, 2–3 on level 4; science/magic 1, or 2 on level 4.
    let e = broken_characters(|c| at(c, 9)["rows"][0]["reward"] = json!({"draw": 2}));
    is(&e, CH, &card(9), "rows[0].reward");
    let o = first(|c| matches!(c.rows[3].reward, Reward::Draw(_)));
    let e = broken_characters(|c| at(c, o)["rows"][3]["reward"] = json!({"draw": 1}));
    is(&e, CH, &card(o), "rows[3].reward");
    let o = first(|c| matches!(c.rows[1].reward, Reward::Science(_)));
    let e = broken_characters(|c| at(c, o)["rows"][1]["reward"] = json!({"science": 2}));
    is(&e, CH, &card(o), "rows[1].reward");
    let e = broken_characters(|c| at(c, 32)["rows"][2]["reward"] = json!({"magic": 2}));
    is(&e, CH, &card(32), "rows[2].reward");
}

#[test]
fn g1_4_tokens_and_bonuses() {
    // PNV-8.6–8.8: one defense/attack token; magic bonus +2/+3/+5; circle bonus +2 on
    // level 3 only, +4 on levels 3–4.
    let o = first(|c| matches!(c.rows[0].reward, Reward::Defense(_)));
    let e = broken_characters(|c| at(c, o)["rows"][0]["reward"] = json!({"defense": 2}));
    is(&e, CH, &card(o), "rows[0].reward");
    let o = first(|c| matches!(c.rows[0].reward, Reward::MagicBonus(_)));
    let e = broken_characters(|c| at(c, o)["rows"][0]["reward"] = json!({"magic_bonus": 4}));
    is(&e, CH, &card(o), "rows[0].reward");
    let o = first(|c| {
        icons(&c.rows[3].reward)
            .iter()
            .any(|i| matches!(i, Reward::CircleBonus(_)))
    });
    let e = broken_characters(|c| {
        let r = &mut at(c, o)["rows"][3]["reward"];
        r["all"][0]["circle_bonus"]["value"] = 2.into();
    });
    is(&e, CH, &card(o), "rows[3].reward");
    let o = first(|c| matches!(c.rows[1].reward, Reward::Power(_)));
    let e = broken_characters(|c| {
        at(c, o)["rows"][1]["reward"] = json!({"circle_bonus": {"color": "red", "value": 4}})
    });
    is(&e, CH, &card(o), "rows[1].reward");
}

#[test]
fn g1_4_eternal_gems_name_a_colour() {
    // PNV-8.9, decision 21: "any" only on laws.
    let o = first(|c| matches!(c.rows[1].reward, Reward::EternalGem(_)));
    let e = broken_characters(|c| at(c, o)["rows"][1]["reward"] = json!({"eternal_gem": "any"}));
    is(&e, CH, &card(o), "rows[1].reward");
}

#[test]
fn g1_6_no_choice_and_no_nested_all_on_characters() {
    // G1.6: `choice` never on characters; PNV-8.10: `all` is a flat list of ≥ 2 icons.
    let o = first(|c| matches!(c.rows[1].reward, Reward::Power(_)));
    let e = broken_characters(|c| {
        at(c, o)["rows"][1]["reward"] = json!({"choice": [{"gems": 3}, {"power": 3}]})
    });
    is(&e, CH, &card(o), "rows[1].reward");
    let o = first(|c| matches!(c.rows[2].reward, Reward::All(_)));
    let e = broken_characters(|c| {
        let r = &mut at(c, o)["rows"][2]["reward"];
        *r = json!({"all": [r.clone(), {"power": 3}]});
    });
    is(&e, CH, &card(o), "rows[2].reward");
    let e = broken_characters(|c| {
        let r = &mut at(c, o)["rows"][2]["reward"];
        let one = r["all"][0].clone();
        *r = json!({ "all": [one] });
    });
    is(&e, CH, &card(o), "rows[2].reward");
}

#[test]
fn g1_6_at_least_10_rows_use_all() {
    // Every `all` row reduced to its first icon (all still in range).
    let e = broken_characters(|c| {
        for card in c.iter_mut() {
            for row in card["rows"].as_array_mut().unwrap() {
                if let Some(first) = row["reward"]["all"].get(0).cloned() {
                    row["reward"] = first;
                }
            }
        }
    });
    is(&e, CH, FILE, "rows[*].reward");
    says(&e, "all");
}

#[test]
fn g1_6_two_token_level_4_rows() {
    // At least 4 level-4 rows give 2 science, at least 2 give 2 magic (PNV-8.4, 8.5).
    let e = broken_characters(|c| {
        for card in c.iter_mut() {
            let r = &mut card["rows"][3]["reward"];
            if r.get("science") == Some(&json!(2)) {
                r["science"] = 1.into();
            }
        }
    });
    is(&e, CH, FILE, "rows[3].reward");
    says(&e, "science");
    let e = broken_characters(|c| {
        for card in c.iter_mut() {
            let r = &mut card["rows"][3]["reward"];
            if r.get("magic") == Some(&json!(2)) {
                r["magic"] = 1.into();
            }
            if let Some(parts) = r.get_mut("all").and_then(Value::as_array_mut) {
                for p in parts {
                    if p.get("magic") == Some(&json!(2)) {
                        p["magic"] = 1.into();
                    }
                }
            }
        }
    });
    is(&e, CH, FILE, "rows[3].reward");
    says(&e, "magic");
}

// ---- broken characters: G1.5, G1.7, G1.8 ----------------------------------------------------

#[test]
fn g1_5_power_frequency() {
    // 15 more power icons (level-1 rows) → above 110.
    let e = broken_characters(|c| {
        let mut n = 0;
        for card in c.iter_mut() {
            if n < 15 && card["rows"][0]["reward"].get("power").is_none() {
                card["rows"][0]["reward"] = json!({"power": 3});
                n += 1;
            }
        }
    });
    is(&e, CH, FILE, "rows[*].reward");
    says(&e, "power: 90–110");
}

#[test]
fn g1_5_magic_bonus_plus_5_at_most_3() {
    let e = broken_characters(|c| {
        for card in c.iter_mut() {
            for k in 0..3 {
                let r = &mut card["rows"][k]["reward"];
                if r.get("magic_bonus").is_some() {
                    r["magic_bonus"] = 5.into();
                }
            }
        }
    });
    is(&e, CH, FILE, "rows[*].reward");
    says(&e, "+5");
}

#[test]
fn g1_5_eternal_gems_per_colour_and_level_4() {
    // 3–4 per colour: one blue eternal gem repainted green.
    let blue = json!({"eternal_gem": "blue"});
    let e = broken_characters(|c| {
        let row = c
            .iter_mut()
            .flat_map(|card| card["rows"].as_array_mut().unwrap().iter_mut())
            .find(|r| r["reward"] == blue)
            .unwrap();
        row["reward"] = json!({"eternal_gem": "green"});
    });
    is(&e, CH, FILE, "rows[*].reward");
    says(&e, "blue eternal");
    // At most 1 on level 4: a second one (power 10 → eternal blue + 5 PP; totals stay valid).
    let o = first(|c| c.rows[3].reward == Reward::Power(10));
    let e = broken_characters(|c| {
        at(c, o)["rows"][3]["reward"] = json!({"all": [{"eternal_gem": "blue"}, {"power": 5}]})
    });
    is(&e, CH, FILE, "rows[3].reward");
}

#[test]
fn g1_5_circle_bonus_tokens_mirror_the_physical_ones() {
    // Per colour two +2 and one +4: one blue +2 repainted red.
    let e = broken_characters(|c| {
        let mut done = false;
        for card in c.iter_mut() {
            let r = &mut card["rows"][2]["reward"];
            let cb = if r.get("all").is_some() {
                &mut r["all"][0]
            } else {
                r
            };
            if !done && cb["circle_bonus"] == json!({"color": "blue", "value": 2}) {
                cb["circle_bonus"]["color"] = color("red");
                done = true;
            }
        }
        assert!(done);
    });
    is(&e, CH, FILE, "rows[*].reward");
    says(&e, "circle");
}

#[test]
fn g1_7_the_kapitan_card() {
    // Rows changed → no Kapitán in the file.
    let e = broken_characters(|c| at(c, 32)["rows"][3]["reward"] = json!({"power": 10}));
    is(&e, CH, FILE, "rows");
    // Segments changed → the Kapitán card is named.
    let e = broken_characters(|c| at(c, 32)["segments"]["tl"] = color("red"));
    is(&e, CH, &card(32), "segments");
}

#[test]
fn g1_8_every_reward_type_once() {
    // Every magic bonus replaced by 3 PP (in range on every level, inside or outside `all`).
    let e = broken_characters(|c| {
        for card in c.iter_mut() {
            for row in card["rows"].as_array_mut().unwrap() {
                let r = &mut row["reward"];
                if r.get("magic_bonus").is_some() {
                    *r = json!({"power": 3});
                }
                if let Some(parts) = r.get_mut("all").and_then(Value::as_array_mut) {
                    for p in parts {
                        if p.get("magic_bonus").is_some() {
                            *p = json!({"power": 3});
                        }
                    }
                }
            }
        }
    });
    is(&e, CH, FILE, "rows[*].reward");
    says(&e, "magic_bonus");
}

// ---- broken laws: PNV-1.2, 1.3, 1.5, 9.1, 9.9 -----------------------------------------------

#[test]
fn pnv_1_2_law_orders_and_names() {
    let e = broken_laws(|l| at(l, 70)["order"] = 69.into());
    let name70 = &shipped().law(70).unwrap().name;
    is(&e, LW, &format!("#69 {name70}"), "order");
    let e = broken_laws(|l| at(l, 66)["order"] = 10.into());
    let name66 = &shipped().law(66).unwrap().name;
    is(&e, LW, &format!("#10 {name66}"), "order");
    let e = broken_laws(|l| {
        l.pop();
    });
    is(&e, LW, FILE, "order");
    // Names are unique over both files.
    let e = broken_laws(|l| at(l, 80)["name"] = "Captain of the Watch".into());
    is(&e, LW, "#80 Captain of the Watch", "name");
}

#[test]
fn pnv_1_3_law_segments() {
    // G2: TL = TR, BL = BR, TL ≠ BL.
    let e = broken_laws(|l| {
        let s = &mut at(l, 71)["segments"];
        s["tr"] = if s["tl"] == "red" { "blue" } else { "red" }.into();
    });
    is(&e, LW, &card(71), "segments");
    let e = broken_laws(|l| {
        let s = &mut at(l, 72)["segments"];
        s["bl"] = s["tl"].clone();
        s["br"] = s["tl"].clone();
    });
    is(&e, LW, &card(72), "segments");
}

#[test]
fn g2_half_colours_10_to_14() {
    // Three laws without blue get a blue top half → 15 blue halves.
    let e = broken_laws(|l| {
        let mut n = 0;
        for law in l.iter_mut() {
            let s = &mut law["segments"];
            if n < 3 && s["tl"] != "blue" && s["bl"] != "blue" {
                s["tl"] = color("blue");
                s["tr"] = color("blue");
                n += 1;
            }
        }
    });
    is(&e, LW, FILE, "segments");
    says(&e, "blue as a half colour");
}

#[test]
fn pnv_1_5_and_9_1_law_text_and_effects() {
    let e = broken_laws(|l| at(l, 75)["text"] = "".into());
    is(&e, LW, &card(75), "text");
    let o = first_law(|l| l.on_play.is_none() && l.passive.is_none());
    let e = broken_laws(|l| at(l, o)["end_scoring"] = Value::Null);
    is(&e, LW, &card(o), "on_play");
}

#[test]
fn pnv_9_9_unknown_law_effects_are_data_errors() {
    // The optional tier of G2 is not supported: an unknown type names the law.
    let e = broken_laws(|l| at(l, 76)["on_play"] = json!({"swap_token_with_opponent": {"pay": 3}}));
    is(&e, LW, &card(76), "(schema)");
    // by_own_level has exactly 4 entries.
    let o = first_law(|l| l.on_play == Some(LawAction::TuckFreeCard));
    let e =
        broken_laws(|l| at(l, o)["end_scoring"] = json!({"by_own_level": {"points": [2, 3, 4]}}));
    is(&e, LW, &card(o), "(schema)");
}

// ---- broken laws: choose-one laws (G2, decisions 15 and 21) ---------------------------------

fn choose_one() -> u32 {
    first_law(|l| matches!(l.on_play, Some(LawAction::ChooseOne { .. })))
}

#[test]
fn g2_choose_one_has_3_options_with_4_gems() {
    let o = choose_one();
    let e = broken_laws(|l| {
        at(l, o)["on_play"]["choose_one"]["options"]
            .as_array_mut()
            .unwrap()
            .pop();
    });
    is(&e, LW, &card(o), "on_play");
    let e = broken_laws(|l| at(l, o)["on_play"]["choose_one"]["options"][0] = json!({"gems": 3}));
    is(&e, LW, &card(o), "on_play");
    let e = broken_laws(|l| {
        let opts = &mut at(l, o)["on_play"]["choose_one"]["options"];
        opts[2] = opts[1].clone();
    });
    is(&e, LW, &card(o), "on_play");
}

#[test]
fn g2_choose_one_option_kinds() {
    // The other options: a single token, 5–6 PP, one draw, or an eternal gem of any colour.
    let o = choose_one();
    for bad in [
        json!({"draw": 2}),
        json!({"power": 8}),
        json!({"science": 2}),
        json!({"eternal_gem": "red"}),
        json!({"all": [{"magic": 1}, {"magic_bonus": 2}]}),
    ] {
        let e = broken_laws(|l| at(l, o)["on_play"]["choose_one"]["options"][1] = bad.clone());
        is(&e, LW, &card(o), "on_play");
    }
}

#[test]
fn g2_exactly_8_choose_one_laws() {
    let o = choose_one();
    let e = broken_laws(|l| at(l, o)["on_play"] = json!({"gain": {"reward": {"gems": 4}}}));
    is(&e, LW, FILE, "on_play");
    says(&e, "choose-one");
    // A `gain` of a `choice` is the same decision 15 and counts as a choose-one law.
    let (c, mut l) = files();
    let opts = at(&mut l, o)["on_play"]["choose_one"]["options"].clone();
    at(&mut l, o)["on_play"] = json!({"gain": {"reward": {"choice": opts}}});
    load(&c, &l).expect("gain of a choice is a choose-one law");
}

#[test]
fn decision_21_any_colour_only_in_options() {
    let o = first_law(
        |l| matches!(&l.on_play, Some(LawAction::Gain { reward }) if !matches!(reward, Reward::Choice(_))),
    );
    let e =
        broken_laws(|l| at(l, o)["on_play"] = json!({"gain": {"reward": {"eternal_gem": "any"}}}));
    is(&e, LW, &card(o), "on_play");
    let e = broken_laws(|l| at(l, o)["on_play"] = json!({"gain": {"reward": {"power": 20}}}));
    is(&e, LW, &card(o), "on_play");
}

// ---- broken laws: the quoted laws (PNV-9.3–9.6, G3) and the other types -----------------

#[test]
fn pnv_9_3_tuck_free_law() {
    let o = first_law(|l| l.on_play == Some(LawAction::TuckFreeCard));
    // G3: the seed's 2/3/4/5, not the Russian 3/6/9/12.
    let e = broken_laws(|l| {
        at(l, o)["end_scoring"] = json!({"by_own_level": {"points": [3, 6, 9, 12]}})
    });
    is(&e, LW, &card(o), "end_scoring");
    // Exactly one Tuck-free law.
    let adj = first_law(|l| matches!(l.end_scoring, Some(EndScore::PerAdjacentCharacter { .. })));
    let e = broken_laws(|l| {
        let law = at(l, adj);
        law["on_play"] = "tuck_free_card".into();
        law["end_scoring"] = json!({"by_own_level": {"points": [2, 3, 4, 5]}});
    });
    is(&e, LW, FILE, "on_play");
    says(&e, "Tuck-free laws");
}

#[test]
fn pnv_9_4_and_9_6_treasury_law() {
    let o = first_law(|l| matches!(l.on_play, Some(LawAction::StoreGems { .. })));
    let e = broken_laws(|l| at(l, o)["on_play"] = json!({"store_gems": {"max": 6}}));
    is(&e, LW, &card(o), "on_play");
    let e = broken_laws(|l| at(l, o)["end_scoring"] = json!({"per_stored_gem": {"points": 3}}));
    is(&e, LW, &card(o), "end_scoring");
    let e = broken_laws(|l| at(l, o)["end_scoring"] = Value::Null);
    is(&e, LW, &card(o), "end_scoring");
    // per_stored_gem needs stored gems on the same law.
    let adj = first_law(|l| matches!(l.end_scoring, Some(EndScore::PerAdjacentCharacter { .. })));
    let e = broken_laws(|l| at(l, adj)["end_scoring"] = json!({"per_stored_gem": {"points": 2}}));
    is(&e, LW, &card(adj), "end_scoring");
}

#[test]
fn g2_four_adjacency_laws_worth_2() {
    let adj = first_law(|l| matches!(l.end_scoring, Some(EndScore::PerAdjacentCharacter { .. })));
    let e = broken_laws(|l| {
        at(l, adj)["end_scoring"] = json!({"per_adjacent_character": {"points": 3}})
    });
    is(&e, LW, &card(adj), "end_scoring");
    let e = broken_laws(|l| {
        at(l, adj)["end_scoring"] =
            json!({"per_pyramid_card": {"points": 1, "include_tucked": false}})
    });
    is(&e, LW, FILE, "end_scoring");
    says(&e, "per_adjacent_character laws");
}

#[test]
fn g2_tucking_and_passive_effects() {
    // per_tucked_card needs a tucking effect on the same law.
    let adj = first_law(|l| matches!(l.end_scoring, Some(EndScore::PerAdjacentCharacter { .. })));
    let e = broken_laws(|l| at(l, adj)["end_scoring"] = json!({"per_tucked_card": {"points": 2}}));
    is(&e, LW, &card(adj), "end_scoring");
    // tuck_from_hand with max 0 does nothing.
    let o = first_law(|l| matches!(l.on_play, Some(LawAction::TuckFromHand { .. })));
    let e = broken_laws(|l| at(l, o)["on_play"] = json!({"tuck_from_hand": {"max": 0}}));
    is(&e, LW, &card(o), "on_play");
    // pass_bonus_gems n is 1–3 (PNV-6.2).
    let p = first_law(|l| matches!(l.passive, Some(Passive::PassBonusGems { .. })));
    let e = broken_laws(|l| at(l, p)["passive"] = json!({"pass_bonus_gems": {"n": 0}}));
    is(&e, LW, &card(p), "passive");
    // At least one pass_bonus_gems law: all of them turned into tuck_gained_cards.
    let e = broken_laws(|l| {
        for law in l.iter_mut() {
            if law["passive"].get("pass_bonus_gems").is_some() {
                law["passive"] = "tuck_gained_cards".into();
            }
        }
    });
    is(&e, LW, FILE, "passive");
    says(&e, "pass_bonus_gems laws");
}

#[test]
fn g2_every_required_end_scoring_type() {
    // The only per_set law scores 3 per card instead → no per_set law.
    let o = first_law(|l| matches!(l.end_scoring, Some(EndScore::PerSet { .. })));
    let e = broken_laws(|l| {
        at(l, o)["end_scoring"] = json!({"per_pyramid_card": {"points": 1, "include_tucked": true}})
    });
    is(&e, LW, FILE, "end_scoring");
    says(&e, "per_set");
    // The only gain laws become by_own_level scorers → no gain law.
    let e = broken_laws(|l| {
        for law in l.iter_mut() {
            if law["on_play"].get("gain").is_some() {
                law["on_play"] = Value::Null;
                law["end_scoring"] = json!({"by_own_level": {"points": [1, 2, 3, 4]}});
            }
        }
    });
    is(&e, LW, FILE, "on_play");
    says(&e, "gain");
}
