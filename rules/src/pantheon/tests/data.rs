//! The data files of spec §11 (G0–G6) and the §12 fixtures: the shipped files pass every
//! constraint the spec names, and broken copies (one constraint broken each) are refused with an
//! error naming the file, the entry and the field.

use super::super::data::*;
use serde_json::{Value, json};
use std::collections::HashSet;

const F1_JSON: &str = include_str!("../../../data/pantheon/fixtures/f1.json");
const F2_JSON: &str = include_str!("../../../data/pantheon/fixtures/f2.json");

// ---- helpers ---------------------------------------------------------------------------------

/// Edits one file of the shipped set and loads the whole set, which must fail.
fn broken(file: &str, edit: impl FnOnce(&mut Value)) -> DataError {
    let mut files = DataFiles::shipped();
    let text = match file {
        "board" => &mut files.board,
        "gods" => &mut files.gods,
        "loot" => &mut files.loot,
        "bonus" => &mut files.bonus,
        "demigods" => &mut files.demigods,
        "offering_costs" => &mut files.offering_costs,
        "action_cards" => &mut files.action_cards,
        "pillar_table" => &mut files.pillar_table,
        _ => unreachable!("{file}"),
    };
    let mut v: Value = serde_json::from_str(text).unwrap();
    edit(&mut v);
    *text = v.to_string();
    Catalog::from_files(&files).expect_err("the broken copy must be rejected")
}

#[track_caller]
fn is(e: &DataError, file: &str, entry: &str, field: &str) {
    assert_eq!(
        (e.file, e.entry.as_str(), e.field),
        (file, entry, field),
        "{e}"
    );
    let text = e.to_string();
    assert!(text.contains(file) && text.contains(entry) && text.contains(field));
}

fn board() -> &'static Board {
    &Catalog::shipped().board
}

fn id(i: SpaceId) -> String {
    board().spaces[i].id.clone()
}

fn pos(i: SpaceId) -> (i32, i32) {
    let s = &board().spaces[i];
    (s.col.unwrap(), s.row.unwrap())
}

fn kind(i: SpaceId) -> SpaceKind {
    board().spaces[i].kind
}

fn dist(a: SpaceId, b: SpaceId) -> i32 {
    hex_distance(pos(a), pos(b))
}

fn all_of(k: SpaceKind) -> Vec<SpaceId> {
    (0..board().spaces.len())
        .filter(|&i| kind(i) == k)
        .collect()
}

fn main_space(n: Nation) -> SpaceId {
    board().main_of(n).unwrap()
}

fn mains() -> Vec<SpaceId> {
    Nation::ALL.iter().map(|&n| main_space(n)).collect()
}

fn sats(n: Nation) -> Vec<SpaceId> {
    (1..=5).map(|k| board().satellite(n, k).unwrap()).collect()
}

fn nb(i: SpaceId) -> &'static [SpaceId] {
    &board().neighbours[i]
}

fn edge(a: SpaceId, b: SpaceId) -> Value {
    json!([id(a), id(b)])
}

/// The kind-dependent fields of a space (everything but id and coordinates).
fn fields_of(v: &Value, i: SpaceId) -> Value {
    let mut out = serde_json::Map::new();
    for k in ["kind", "nation", "satellite_no", "name"] {
        if let Some(x) = v["spaces"][i].get(k) {
            out.insert(k.into(), x.clone());
        }
    }
    Value::Object(out)
}

fn set(v: &mut Value, i: SpaceId, fields: Value) {
    let s = v["spaces"][i].as_object_mut().unwrap();
    for k in ["kind", "nation", "satellite_no", "name"] {
        s.remove(k);
    }
    for (k, x) in fields.as_object().unwrap() {
        s.insert(k.clone(), x.clone());
    }
}

fn make_land(v: &mut Value, i: SpaceId) {
    set(v, i, json!({"kind": "land"}));
}

fn make_pillar(v: &mut Value, i: SpaceId) {
    set(v, i, json!({"kind": "pillar"}));
}

/// Moves a space's role to another cell (and the other cell's role back).
fn swap(v: &mut Value, a: SpaceId, b: SpaceId) {
    let (fa, fb) = (fields_of(v, a), fields_of(v, b));
    set(v, a, fb);
    set(v, b, fa);
}

fn push(v: &mut Value, list: &str, e: Value) {
    v[list].as_array_mut().unwrap().push(e);
}

/// Land cells that may take a satellite of `n` at `d` from its main: strictly closest to it, off
/// every main, and not touching the satellites of `n` in `keep`.
fn satellite_cells(n: Nation, d: i32, keep: &[SpaceId]) -> Vec<SpaceId> {
    let m = main_space(n);
    all_of(SpaceKind::Land)
        .into_iter()
        .filter(|&c| dist(c, m) == d)
        .filter(|&c| mains().iter().all(|&o| o == m || dist(c, o) > d))
        .filter(|&c| {
            nb(c)
                .iter()
                .all(|&x| kind(x) != SpaceKind::Main && !keep.contains(&x))
        })
        .collect()
}

fn near(pillars: &HashSet<SpaceId>, m: SpaceId) -> usize {
    pillars
        .iter()
        .filter(|&&p| (2..=4).contains(&dist(p, m)))
        .count()
}

fn god<'a>(v: &'a mut Value, name: &str) -> &'a mut Value {
    v.as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|g| g["name"] == name)
        .unwrap_or_else(|| panic!("{name}"))
}

fn ids_where(v: &Value, f: impl Fn(&Value) -> bool) -> Vec<usize> {
    let list = v.as_array().unwrap();
    (0..list.len()).filter(|&i| f(&list[i])).collect()
}

// ---- the shipped data ------------------------------------------------------------------------

#[test]
fn shipped_data_is_valid_and_complete() {
    // §2, §11 G0–G6: the shipped files load and have the component counts of the spec.
    let c = Catalog::from_files(&DataFiles::shipped()).expect("shipped data is valid");
    assert_eq!(&c, Catalog::shipped());
    assert_eq!(c.board.spaces.len(), 24 * 13);
    assert_eq!(all_of(SpaceKind::Main).len(), 8);
    assert_eq!(all_of(SpaceKind::Satellite).len(), 40);
    assert_eq!(
        all_of(SpaceKind::Pillar).len(),
        32,
        "64 slots for 48 pillars"
    );
    assert!((45..=70).contains(&all_of(SpaceKind::Sea).len()));
    assert_eq!(c.gods.len(), 40);
    assert_eq!(c.loot.len(), 40);
    assert_eq!(c.bonus.len(), 6);
    assert_eq!(c.demigods.len(), 21);
    assert_eq!(c.action_cards.cards.len(), 75);
    assert_eq!(
        c.action_cards.special_money,
        vec![2, 2, 3, 3, 4, 4, 5],
        "PTH-2.4"
    );
}

#[test]
fn g1_mains_sit_at_the_suggested_positions() {
    // G1: suggested positions, pairwise at least 5 apart.
    let want = [
        (Nation::Iberia, (3, 8)),
        (Nation::Gallia, (7, 4)),
        (Nation::Germania, (12, 2)),
        (Nation::Roma, (12, 7)),
        (Nation::Graecia, (17, 6)),
        (Nation::Persia, (21, 4)),
        (Nation::Aegyptus, (20, 11)),
        (Nation::Cartago, (9, 11)),
    ];
    for (n, p) in want {
        assert_eq!(pos(main_space(n)), p, "{n:?}");
        assert!(board().spaces[main_space(n)].name.is_some());
        for (o, q) in want {
            if o != n {
                assert!(hex_distance(p, q) >= 5);
            }
        }
    }
}

#[test]
fn g1_every_region_replays_the_worked_examples() {
    // G1, PTH-6.6, 6.7: a satellite in 2 footprints; a pillar after 2 footprints (TV-02).
    for n in Nation::ALL {
        let m = main_space(n);
        let two = nb(m)
            .iter()
            .flat_map(|&x| nb(x).iter())
            .any(|&s| board().spaces[s].nation == Some(n) && kind(s) == SpaceKind::Satellite);
        assert!(two, "{n:?}");
        let three = nb(m).iter().flat_map(|&x| nb(x).iter()).any(|&y| {
            y != m
                && kind(y) != SpaceKind::Pillar
                && nb(y).iter().any(|&p| kind(p) == SpaceKind::Pillar)
        });
        assert!(three, "{n:?}");
        // PTH-3.3: numbers 1..5 exist, 1 is the northernmost.
        let s = sats(n);
        let top = s.iter().map(|&x| pos(x).1).min().unwrap();
        assert_eq!(pos(s[0]).1, top, "{n:?}");
    }
}

#[test]
fn pth_10_and_15_every_effect_type_appears() {
    // PTH-15.1–15.13 (G2), PTH-10.2–10.11 (G3), PTH-10.1 (PILLAR bonus only).
    let c = Catalog::shipped();
    for (effect, count, permanent) in GodEffect::ALL {
        let tiles: Vec<&God> = c.gods.iter().filter(|g| g.effect.kind == effect).collect();
        assert_eq!(tiles.len(), count, "{effect:?}");
        assert_eq!(effect.is_permanent(), permanent);
        for g in tiles {
            let sum: u32 = g.requirement.iter().sum();
            assert!(if permanent { sum >= 6 } else { sum <= 6 }, "{}", g.name);
        }
    }
    use TokenEffectKind::*;
    for k in [
        Supplies,
        Demigod,
        GodTile,
        Pillar,
        Offering,
        CardDraw,
        SpecialMoney,
        Steps,
    ] {
        assert!(
            c.loot.iter().chain(&c.bonus).any(|t| t.effect.kind == k),
            "{k:?}"
        );
    }
    assert!(c.loot.iter().all(|t| t.effect.kind != Pillar));
    assert!(c.bonus.iter().any(|t| t.effect.kind == Pillar));
    // PTH-10.2: both SUPPLIES modes; PTH-10.8: single and double offering.
    assert!(
        c.loot
            .iter()
            .any(|t| t.effect.mode == Some(SuppliesMode::Or))
    );
    assert!(
        c.loot
            .iter()
            .any(|t| t.effect.mode == Some(SuppliesMode::And))
    );
    assert!(c.loot.iter().any(|t| t.effect.uses == Some(2)));
}

#[test]
fn g2_rulebook_gods_and_original_names() {
    // G2; TV-12 Gaivila [4,1], TV-15 Taksator [2,2,2,1], TV-19 Gadicea [5,1].
    let c = Catalog::shipped();
    let req = |name: &str| {
        c.gods
            .iter()
            .find(|g| g.name == name)
            .map(|g| g.requirement.clone())
    };
    assert_eq!(req("Gaivila"), Some(vec![4, 1]));
    assert_eq!(req("Taksator"), Some(vec![2, 2, 2, 1]));
    assert_eq!(req("Gadicea"), Some(vec![5, 1]));
    for public in [
        "Vinthrad",
        "Stonkus",
        "Gaiviles",
        "Pietalte",
        "Traitera",
        "Depraccus",
    ] {
        assert_eq!(req(public), None, "public names stay off invented effects");
    }
    assert!(c.gods.iter().filter(|g| g.requirement.len() >= 3).count() >= 8);
}

#[test]
fn g4_g5_g6_shipped_values() {
    // G4 (PTH-2.5 piles), G5 / PTH-1.5, G6 / PTH-1.8.
    let c = Catalog::shipped();
    let low = c.demigods.iter().filter(|&&v| v <= 3).count();
    assert_eq!((low, c.demigods.len() - low), (12, 9));
    assert_eq!(
        (1..=4).map(|l| c.offering_cost(l)).collect::<Vec<_>>(),
        vec![1, 3, 6, 10]
    );
    assert_eq!(c.offering_cost(3) - c.offering_cost(1), 5, "TV-11");
    let cards = &c.action_cards.cards;
    let n = |k: CardKind| cards.iter().filter(|x| x.kind == k).count();
    assert_eq!(n(CardKind::Movement), 16);
    assert_eq!(n(CardKind::Money(1)), 15);
    for k in OfferingKind::ALL {
        assert_eq!(n(CardKind::Offering(k)), 11);
    }
}

#[test]
fn pth_13_5_pillar_table_totals() {
    // §6 item 3, PTH-13.5, TV-17 (5 → 10), TV-18 (12 → 48), TV-44.
    let c = Catalog::shipped();
    let totals: Vec<u32> = (0..=12).map(|p| p * c.per_pillar(p)).collect();
    assert_eq!(totals, vec![0, 1, 2, 3, 8, 10, 12, 14, 24, 27, 30, 33, 48]);
}

#[test]
fn ascii_map_shows_every_space() {
    let text = board().ascii();
    let lines: Vec<&str> = text.lines().collect();
    let map = &lines[2..15];
    for (r, line) in map.iter().enumerate() {
        let indent = if r % 2 == 1 { 5 } else { 4 };
        assert_eq!(&line[..2], format!("{r:2}"));
        assert!(line[indent..].starts_with(|ch: char| ch != ' '), "{line}");
        assert_eq!(line[indent..].split(' ').count(), 24, "{line}");
    }
    let count = |f: &dyn Fn(char) -> bool| {
        map.iter()
            .map(|l| l[4..].chars().filter(|&c| f(c)).count())
            .sum::<usize>()
    };
    assert_eq!(count(&|c| c == '|'), 32);
    assert_eq!(count(&|c| c == '~'), all_of(SpaceKind::Sea).len());
    assert_eq!(count(&|c| c.is_ascii_digit()), 40);
    assert_eq!(count(&|c| c.is_ascii_uppercase()), 8);
    let letters: HashSet<char> = Nation::ALL.iter().map(|n| n.letter()).collect();
    assert_eq!(letters.len(), 8);
    for n in Nation::ALL {
        assert!(text.contains(&format!("{} {}", n.letter(), n.name())));
    }
    // A graph fixture lists its spaces.
    let f1 = Board::from_json(F1_JSON).unwrap().ascii();
    assert!(f1.contains("G T — A1 A2 A3 A4 A5"), "{f1}");
}

// ---- fixtures (§12) --------------------------------------------------------------------------

fn names(b: &Board, id: &str) -> Vec<String> {
    let mut v: Vec<String> = b.neighbours[b.find(id).unwrap()]
        .iter()
        .map(|&j| b.spaces[j].id.clone())
        .collect();
    v.sort();
    v
}

#[test]
fn fixture_f1_has_the_adjacency_of_section_12() {
    // §12 F1, used by TV-02…TV-09, TV-32…TV-34, TV-46, TV-52.
    let b = Board::from_json(F1_JSON).unwrap();
    assert_eq!(b.spaces.len(), 17);
    assert_eq!(names(&b, "T"), ["A1", "A2", "A3", "A4", "A5"]);
    assert_eq!(names(&b, "A1"), ["B1", "T"]);
    assert_eq!(names(&b, "A2"), ["B2", "T"]);
    assert_eq!(names(&b, "A3"), ["B3", "T"]);
    assert_eq!(names(&b, "A4"), ["B4", "C4", "T"]);
    assert_eq!(names(&b, "A5"), ["T", "Z"]);
    assert_eq!(names(&b, "P1"), ["B1", "B3"]);
    assert_eq!(names(&b, "P2"), ["B2"]);
    assert_eq!(names(&b, "P3"), ["B4", "C4"]);
    assert_eq!(names(&b, "P4"), ["Z"]);
    assert_eq!(
        names(&b, "Z"),
        ["A5", "P4"],
        "TV-34: Z touches only P4 and A5"
    );
    assert_eq!(names(&b, "S1"), ["B3"]);
    assert_eq!(names(&b, "B3"), ["A3", "P1", "S1"]);
    let t = b.find("T").unwrap();
    assert_eq!(b.main_of(Nation::Gallia), Some(t));
    assert_eq!(b.satellite(Nation::Gallia, 1), b.find("S1"));
    for p in ["P1", "P2", "P3", "P4"] {
        assert_eq!(b.spaces[b.find(p).unwrap()].kind, SpaceKind::Pillar);
    }
    for l in ["A1", "A5", "B1", "B4", "C4", "Z"] {
        assert_eq!(b.spaces[b.find(l).unwrap()].kind, SpaceKind::Land);
    }
    assert!(b.adjacent(t, b.find("A3").unwrap()));
    assert!(!b.adjacent(t, b.find("B3").unwrap()));
}

#[test]
fn fixture_f2_has_the_adjacency_of_section_12() {
    // §12 F2, TV-08 (PTH-6.9: Q reconnected by D1, D2).
    let b = Board::from_json(F2_JSON).unwrap();
    assert_eq!(b.spaces.len(), 7);
    assert_eq!(b.main_of(Nation::Roma), b.find("T2"));
    assert_eq!(names(&b, "T2"), ["D1"]);
    assert_eq!(names(&b, "D2"), ["D1", "Q"]);
    assert_eq!(names(&b, "Q"), ["D2", "D3"]);
    assert_eq!(names(&b, "D4"), ["D3", "R"]);
    assert_eq!(names(&b, "R"), ["D4"]);
    for p in ["Q", "R"] {
        assert_eq!(b.spaces[b.find(p).unwrap()].kind, SpaceKind::Pillar);
    }
}

#[test]
fn fixtures_are_not_a_game_board() {
    // G1: the catalog's board is the full map.
    let e = Catalog::from_files(&DataFiles {
        board: F1_JSON.into(),
        ..DataFiles::shipped()
    })
    .unwrap_err();
    is(&e, "board.json", "(file)", "layout");
}

// ---- broken board (G1) -----------------------------------------------------------------------

#[test]
fn broken_grid_is_refused() {
    // G1: odd-r, 24×13, every cell exactly one space.
    let e = broken("board", |v| v["layout"] = "graph".into());
    is(&e, "board.json", "(file)", "layout");
    let e = broken("board", |v| v["cols"] = 23.into());
    is(&e, "board.json", "(file)", "cols");
    let e = broken("board", |v| v["rows"] = 12.into());
    is(&e, "board.json", "(file)", "rows");
    let e = broken("board", |v| {
        v["spaces"].as_array_mut().unwrap().pop();
    });
    is(&e, "board.json", "(file)", "spaces");
    let e = broken("board", |v| v["spaces"][30]["col"] = 2.into());
    is(&e, "board.json", &id(30), "col");
    let e = broken("board", |v| v["spaces"][30]["col"] = 24.into());
    is(&e, "board.json", &id(30), "col");
    let e = broken("board", |v| v["spaces"][30]["row"] = (-1).into());
    is(&e, "board.json", &id(30), "row");
    let e = broken("board", |v| {
        v["spaces"][30].as_object_mut().unwrap().remove("row");
    });
    is(&e, "board.json", &id(30), "col");
    let e = broken("board", |v| v["spaces"][1]["id"] = id(0).into());
    is(&e, "board.json", &id(0), "id");
    let e = broken("board", |v| v["spaces"] = json!("no list"));
    is(&e, "board.json", "(file)", "(schema)");
}

#[test]
fn broken_space_fields_are_refused() {
    // G1 fields: nation only on main/satellite, satellite_no 1..5 only on satellites.
    let land = all_of(SpaceKind::Land)[0];
    let e = broken("board", |v| v["spaces"][land]["nation"] = "roma".into());
    is(&e, "board.json", &id(land), "nation");
    let e = broken("board", |v| v["spaces"][land]["satellite_no"] = 2.into());
    is(&e, "board.json", &id(land), "satellite_no");
    let s = sats(Nation::Iberia)[2];
    let e = broken("board", |v| v["spaces"][s]["satellite_no"] = 6.into());
    is(&e, "board.json", &id(s), "satellite_no");
    let e = broken("board", |v| {
        v["spaces"][s].as_object_mut().unwrap().remove("nation");
    });
    is(&e, "board.json", &id(s), "nation");
}

#[test]
fn broken_mains_are_refused() {
    // G1: one main per nation, off the border, pairwise ≥ 5 apart.
    let roma = main_space(Nation::Roma);
    let e = broken("board", |v| v["spaces"][roma]["nation"] = "gallia".into());
    let second = main_space(Nation::Gallia).max(roma);
    is(&e, "board.json", &id(second), "nation");
    let e = broken("board", |v| make_land(v, roma));
    is(&e, "board.json", "(file)", "kind");
    assert!(e.message.contains("Roma"), "{e}");
    // Germania (12,2) moved to the top row.
    let top = board().find("c12r00").unwrap();
    let e = broken("board", |v| swap(v, main_space(Nation::Germania), top));
    is(&e, "board.json", "c12r00", "row");
    let left = board().find("c00r08").unwrap();
    let e = broken("board", |v| swap(v, main_space(Nation::Iberia), left));
    is(&e, "board.json", "c00r08", "col");
    // Germania moved to (12,3): 4 from Roma (12,7).
    let close = board().find("c12r03").unwrap();
    assert_eq!(kind(close), SpaceKind::Land);
    let e = broken("board", |v| swap(v, main_space(Nation::Germania), close));
    is(&e, "board.json", &id(roma), "col");
}

#[test]
fn broken_satellite_counts_and_numbers_are_refused() {
    // G1, PTH-3.3: 40 satellites, 5 per nation, numbers 1..5 unique.
    let s = sats(Nation::Persia)[3];
    let e = broken("board", |v| make_land(v, s));
    is(&e, "board.json", "(file)", "kind");
    let e = broken("board", |v| v["spaces"][s]["nation"] = "gallia".into());
    is(&e, "board.json", &id(main_space(Nation::Gallia)), "kind");
    let g = sats(Nation::Gallia);
    let e = broken("board", |v| v["spaces"][g[1]]["satellite_no"] = 1.into());
    is(&e, "board.json", &id(g[0].max(g[1])), "satellite_no");
}

#[test]
fn broken_satellite_order_is_refused() {
    // G1: numbered clockwise starting from the northernmost.
    let g = sats(Nation::Gallia);
    let e = broken("board", |v| {
        v["spaces"][g[1]]["satellite_no"] = 3.into();
        v["spaces"][g[2]]["satellite_no"] = 2.into();
    });
    is(&e, "board.json", &id(g[1]), "satellite_no");
    // Counter-clockwise: 1 stays north, 2..5 reversed.
    let e = broken("board", |v| {
        for (k, &s) in g.iter().enumerate().skip(1) {
            v["spaces"][s]["satellite_no"] = (6 - k).into();
        }
    });
    is(&e, "board.json", &id(g[1]), "satellite_no");
    // Rotated: the northernmost is not number 1.
    let e = broken("board", |v| {
        for (k, &s) in g.iter().enumerate() {
            v["spaces"][s]["satellite_no"] = ((k + 1) % 5 + 1).into();
        }
    });
    is(&e, "board.json", &id(g[0]), "satellite_no");
}

#[test]
fn broken_satellite_positions_are_refused() {
    // G1: distance 2 or 3, never adjacent to a main, strictly closest to its own main,
    // pairwise non-adjacent, at least 2 at distance 2 and 1 at distance 3.
    let n = Nation::Persia;
    let m = main_space(n);
    let s = sats(n);
    // Distance 4.
    let far = all_of(SpaceKind::Land)
        .into_iter()
        .find(|&c| dist(c, m) == 4 && mains().iter().all(|&o| o == m || dist(c, o) > 4))
        .unwrap();
    let e = broken("board", |v| swap(v, s[0], far));
    is(&e, "board.json", &id(far), "col");
    // Adjacent to its main through an extra edge.
    let e = broken("board", |v| push(v, "extra_edges", edge(s[2], m)));
    is(&e, "board.json", &id(s[2]), "col");
    // Not strictly closer to its own main: a cell as close to another main.
    let (tn, tie, victim) = Nation::ALL
        .iter()
        .find_map(|&n| {
            let m = main_space(n);
            let keep = sats(n);
            all_of(SpaceKind::Land)
                .into_iter()
                .find(|&c| {
                    let d = dist(c, m);
                    (2..=3).contains(&d)
                        && mains().iter().any(|&o| o != m && dist(c, o) == d)
                        && nb(c)
                            .iter()
                            .all(|&x| kind(x) != SpaceKind::Main && !keep.contains(&x))
                })
                .map(|c| (n, c, keep[0]))
        })
        .expect("a tie cell exists");
    let e = broken("board", |v| swap(v, victim, tie));
    is(&e, "board.json", &id(tie), "nation");
    assert!(e.message.contains("strictly closer"), "{tn:?} {e}");
    // Two satellites of one nation adjacent.
    let (cell, other, victim) = Nation::ALL
        .iter()
        .find_map(|&n| {
            let keep = sats(n);
            [2, 3].iter().find_map(|&d| {
                satellite_cells(n, d, &[]).into_iter().find_map(|c| {
                    let touching: Vec<SpaceId> =
                        keep.iter().copied().filter(|t| nb(c).contains(t)).collect();
                    (touching.len() == 1).then(|| {
                        let victim = *keep.iter().find(|&&k| k != touching[0]).unwrap();
                        (c, touching[0], victim)
                    })
                })
            })
        })
        .expect("a cell next to one satellite exists");
    let e = broken("board", |v| swap(v, victim, cell));
    is(&e, "board.json", &id(cell.min(other)), "col");
    // All five at distance 2.
    let (n3, m3, lone, spot) = Nation::ALL
        .iter()
        .find_map(|&n| {
            let m = main_space(n);
            let keep = sats(n);
            let at3: Vec<SpaceId> = keep.iter().copied().filter(|&s| dist(s, m) == 3).collect();
            if at3.len() != 1 {
                return None;
            }
            let rest: Vec<SpaceId> = keep.iter().copied().filter(|&s| s != at3[0]).collect();
            satellite_cells(n, 2, &rest)
                .first()
                .map(|&c| (n, m, at3[0], c))
        })
        .expect("a nation with one satellite at distance 3");
    let e = broken("board", |v| swap(v, lone, spot));
    is(&e, "board.json", &id(m3), "kind");
    assert!(e.message.contains(n3.name()), "{e}");
}

#[test]
fn broken_pillar_spaces_are_refused() {
    // G1: 32 pillar spaces, never adjacent to each other or to a main, ≥ 2 non-pillar
    // neighbours, ≥ 3 at distance 2–4 from every main.
    let pillars = all_of(SpaceKind::Pillar);
    let e = broken("board", |v| make_land(v, pillars[5]));
    is(&e, "board.json", "(file)", "kind");
    // Two pillar spaces adjacent.
    let (x, p) = all_of(SpaceKind::Land)
        .into_iter()
        .find_map(|x| {
            let ps: Vec<SpaceId> = nb(x)
                .iter()
                .copied()
                .filter(|&q| kind(q) == SpaceKind::Pillar)
                .collect();
            (ps.len() == 1 && nb(x).iter().all(|&q| kind(q) != SpaceKind::Main)).then(|| (x, ps[0]))
        })
        .unwrap();
    let spare = *pillars
        .iter()
        .find(|&&q| q != p && !nb(x).contains(&q))
        .unwrap();
    let e = broken("board", |v| {
        make_pillar(v, x);
        make_land(v, spare);
    });
    is(&e, "board.json", &id(x.min(p)), "kind");
    // A pillar space next to a main (PTH-6.9).
    let m = main_space(Nation::Gallia);
    let x = *nb(m)
        .iter()
        .find(|&&x| nb(x).iter().all(|&q| kind(q) != SpaceKind::Pillar))
        .unwrap();
    let e = broken("board", |v| {
        make_pillar(v, x);
        make_land(v, pillars[0]);
    });
    is(&e, "board.json", &id(x), "kind");
    assert!(e.message.contains("main"), "{e}");
    // A pillar space with one neighbour left.
    let p = pillars[10];
    let e = broken("board", |v| {
        for &q in &nb(p)[1..] {
            push(v, "removed_edges", edge(p, q));
        }
    });
    is(&e, "board.json", &id(p), "kind");
}

#[test]
fn broken_pillar_scarcity_is_refused() {
    // G1: every nation has ≥ 3 pillar spaces at distance 2–4 from its main.
    let all: HashSet<SpaceId> = all_of(SpaceKind::Pillar).into_iter().collect();
    let (n, removed, added) = Nation::ALL
        .iter()
        .find_map(|&n| {
            let m = main_space(n);
            let close: Vec<SpaceId> = all
                .iter()
                .copied()
                .filter(|&p| (2..=4).contains(&dist(p, m)))
                .collect();
            let removed: Vec<SpaceId> = close[..close.len() - 2].to_vec();
            let mut now: HashSet<SpaceId> = all
                .iter()
                .copied()
                .filter(|p| !removed.contains(p))
                .collect();
            let mut added = Vec::new();
            for c in all_of(SpaceKind::Land) {
                if added.len() == removed.len() {
                    break;
                }
                if (2..=4).contains(&dist(c, m))
                    || removed.contains(&c)
                    || nb(c)
                        .iter()
                        .any(|&q| now.contains(&q) || kind(q) == SpaceKind::Main)
                {
                    continue;
                }
                now.insert(c);
                added.push(c);
            }
            let others_fine = Nation::ALL
                .iter()
                .all(|&o| o == n || near(&now, main_space(o)) >= 3);
            (added.len() == removed.len() && others_fine).then_some((n, removed, added))
        })
        .expect("a nation whose pillar spaces can move away");
    let e = broken("board", |v| {
        for &p in &removed {
            make_land(v, p);
        }
        for &c in &added {
            make_pillar(v, c);
        }
    });
    is(&e, "board.json", &id(main_space(n)), "kind");
    assert!(e.message.contains("pillar spaces at distance 2–4"), "{e}");
}

#[test]
fn broken_seas_are_refused() {
    // G1: 45–70 sea spaces, at most 2 bodies, Roma/Graecia/Cartago/Aegyptus within 3 of sea.
    let seas = all_of(SpaceKind::Sea);
    let drop = seas.len() - 44;
    let e = broken("board", |v| {
        for &s in &seas[..drop] {
            make_land(v, s);
        }
    });
    is(&e, "board.json", "(file)", "kind");
    assert!(e.message.contains("sea"), "{e}");
    let lake = all_of(SpaceKind::Land)
        .into_iter()
        .find(|&c| nb(c).len() == 6 && nb(c).iter().all(|&q| kind(q) == SpaceKind::Land))
        .unwrap();
    let e = broken("board", |v| set(v, lake, json!({"kind": "sea"})));
    is(&e, "board.json", "(file)", "kind");
    assert!(e.message.contains("bodies"), "{e}");
    let a = main_space(Nation::Aegyptus);
    let e = broken("board", |v| {
        for &s in seas.iter().filter(|&&s| dist(s, a) <= 3) {
            make_land(v, s);
        }
    });
    is(&e, "board.json", &id(a), "kind");
    assert!(e.message.contains("Aegyptus"), "{e}");
}

#[test]
fn broken_connectivity_is_refused() {
    // G1: the graph is connected, also without pillar spaces and without any one main;
    // every main has ≥ 5 non-pillar neighbours.
    let lone = all_of(SpaceKind::Land)
        .into_iter()
        .find(|&c| c > 0 && nb(c).iter().all(|&q| kind(q) == SpaceKind::Land))
        .unwrap();
    let e = broken("board", |v| {
        for &q in nb(lone) {
            push(v, "removed_edges", edge(lone, q));
        }
    });
    is(&e, "board.json", &id(lone), "removed_edges");
    // Only through a pillar space.
    let (x, p) = all_of(SpaceKind::Land)
        .into_iter()
        .filter(|&x| x > 0)
        .find_map(|x| {
            nb(x)
                .iter()
                .find(|&&q| kind(q) == SpaceKind::Pillar)
                .map(|&p| (x, p))
        })
        .unwrap();
    let e = broken("board", |v| {
        for &q in nb(x).iter().filter(|&&q| q != p) {
            push(v, "removed_edges", edge(x, q));
        }
    });
    is(&e, "board.json", &id(x), "kind");
    // Only through a main.
    let m = main_space(Nation::Cartago);
    let x = *nb(m)
        .iter()
        .find(|&&x| {
            kind(x) == SpaceKind::Land && nb(x).iter().all(|&q| kind(q) != SpaceKind::Pillar)
        })
        .unwrap();
    let e = broken("board", |v| {
        for &q in nb(x).iter().filter(|&&q| q != m) {
            push(v, "removed_edges", edge(x, q));
        }
    });
    is(&e, "board.json", &id(m), "kind");
    assert!(e.message.contains("cut off"), "{e}");
    // A main with 4 neighbours.
    let m = main_space(Nation::Persia);
    let e = broken("board", |v| {
        push(v, "removed_edges", edge(m, nb(m)[0]));
        push(v, "removed_edges", edge(m, nb(m)[1]));
    });
    is(&e, "board.json", &id(m), "kind");
    assert!(e.message.contains("non-pillar neighbours"), "{e}");
}

#[test]
fn broken_example_reach_is_refused() {
    // G1: a satellite 2 footprints from the main (TV-04, TV-46 style).
    let n = Nation::Iberia;
    let m = main_space(n);
    let s = sats(n);
    let e = broken("board", |v| {
        for &x in nb(m) {
            for &t in nb(x).iter().filter(|t| s.contains(t)) {
                push(v, "removed_edges", edge(x, t));
            }
        }
    });
    is(&e, "board.json", &id(m), "kind");
    assert!(e.message.contains("2 footprints"), "{e}");
}

// ---- broken gods (G2) ------------------------------------------------------------------------

#[test]
fn broken_god_list_is_refused() {
    // G2: 40 tiles, unique ids and names.
    let e = broken("gods", |v| {
        v.as_array_mut().unwrap().pop();
    });
    is(&e, "gods.json", "(file)", "(entries)");
    let e = broken("gods", |v| v[7]["id"] = v[3]["id"].clone());
    is(&e, "gods.json", "G04", "id");
    let e = broken("gods", |v| v[7]["name"] = v[3]["name"].clone());
    is(&e, "gods.json", "G08", "name");
    let e = broken("gods", |v| v[7]["effect"]["type"] = "FLY".into());
    is(&e, "gods.json", "(file)", "(schema)");
}

#[test]
fn broken_god_requirements_are_refused() {
    // G2, PTH-8.2: 1–4 groups of 1–5, non-increasing, sum 4–8, first group ≥ 2.
    for req in [
        json!([2, 2, 1, 1, 1]), // 5 groups
        json!([]),              // no group
        json!([6, 1]),          // a group of 6
        json!([1, 3]),          // increasing
        json!([5, 4]),          // sum 9
        json!([1, 1, 1, 1]),    // first group 1
        json!([2, 1]),          // sum 3
    ] {
        let e = broken("gods", |v| god(v, "Nerrowin")["requirement"] = req.clone());
        is(&e, "gods.json", "G39", "requirement");
    }
    // Permanent effects cost ≥ 6, immediate ones ≤ 6.
    let e = broken("gods", |v| {
        god(v, "Orvantil")["requirement"] = json!([3, 2])
    });
    is(&e, "gods.json", "G02", "requirement");
    assert!(e.message.contains("permanent"), "{e}");
    let e = broken("gods", |v| god(v, "Rumbolt")["requirement"] = json!([4, 3]));
    is(&e, "gods.json", "G26", "requirement");
    assert!(e.message.contains("immediate"), "{e}");
    // At most 5 tiles per pattern: [3,3] has 3 tiles; 3 more make the 6th.
    let e = broken("gods", |v| {
        for name in ["Sennemar", "Fennoric", "Kelmira"] {
            god(v, name)["requirement"] = json!([3, 3]);
        }
    });
    is(&e, "gods.json", "G17", "requirement");
    assert!(e.message.contains("5 tiles"), "{e}");
}

#[test]
fn broken_rulebook_gods_are_refused() {
    // G2: Gaivila [4,1], Taksator [2,2,2,1], Gadicea [5,1] (TV-12, TV-15, TV-19).
    let e = broken("gods", |v| god(v, "Gaivila")["name"] = "Gaivilo".into());
    is(&e, "gods.json", "(file)", "name");
    assert!(e.message.contains("Gaivila"), "{e}");
    let e = broken("gods", |v| god(v, "Gadicea")["requirement"] = json!([4, 2]));
    is(&e, "gods.json", "G01", "requirement");
    let e = broken("gods", |v| {
        god(v, "Taksator")["requirement"] = json!([2, 2, 1, 1]);
    });
    is(&e, "gods.json", "G04", "requirement");
}

#[test]
fn broken_god_effects_are_refused() {
    // G2, PTH-15: the count of each effect type; every type appears.
    let e = broken("gods", |v| {
        god(v, "Nerrowin")["effect"]["type"] = "GAIN_STONES".into();
    });
    is(&e, "gods.json", "(file)", "effect");
    assert!(e.message.contains("GAIN_STONES: 4"), "{e}");
    let e = broken("gods", |v| {
        for name in ["Quessara", "Pellavor"] {
            god(v, name)["effect"]["type"] = "GAIN_CARDS".into();
        }
    });
    is(&e, "gods.json", "(file)", "effect");
    assert!(e.message.contains("GAIN_SPECIAL_MONEY: 0") && e.message.contains("PTH-15"));
    // At least 8 tiles with 3–4 groups: all but Taksator become 1–2 groups.
    let e = broken("gods", |v| {
        let perm = [[4, 2], [3, 3], [5, 2], [4, 3], [4, 4], [5, 3]];
        let imm: [&[u32]; 5] = [&[4], &[5], &[2, 2], &[3, 1], &[3, 2]];
        let (mut p, mut i) = (0, 0);
        for g in v.as_array_mut().unwrap() {
            if ["Gaivila", "Taksator", "Gadicea"].contains(&g["name"].as_str().unwrap()) {
                continue;
            }
            let t: GodEffect = serde_json::from_value(g["effect"]["type"].clone()).unwrap();
            if t.is_permanent() {
                g["requirement"] = json!(perm[p % perm.len()]);
                p += 1;
            } else {
                g["requirement"] = json!(imm[i % imm.len()]);
                i += 1;
            }
        }
    });
    is(&e, "gods.json", "(file)", "requirement");
    assert!(e.message.contains("3–4 groups"), "{e}");
}

// ---- broken loot and bonus (G3, PTH-10) ------------------------------------------------------

#[test]
fn broken_token_lists_are_refused() {
    // G3: 40 loot, 6 bonus, unique ids.
    let e = broken("loot", |v| {
        v.as_array_mut().unwrap().pop();
    });
    is(&e, "loot.json", "(file)", "(entries)");
    let e = broken("bonus", |v| {
        let first = v[0].clone();
        v.as_array_mut().unwrap().push(first);
    });
    is(&e, "bonus.json", "(file)", "(entries)");
    let e = broken("loot", |v| v[9]["id"] = "L03".into());
    is(&e, "loot.json", "L03", "id");
    let e = broken("bonus", |v| v[2]["id"] = "L05".into());
    is(&e, "bonus.json", "L05", "id");
}

#[test]
fn broken_token_effects_are_refused() {
    // PTH-10.1: PILLAR only on bonus tokens.
    let demigod = ids_where(&serde_json::from_str(LOOT_JSON).unwrap(), |t| {
        t["effect"]["type"] == "DEMIGOD"
    })[0];
    let e = broken("loot", |v| v[demigod]["effect"] = json!({"type": "PILLAR"}));
    is(&e, "loot.json", &format!("L{:02}", demigod + 1), "effect");
    assert!(e.message.contains("PTH-10.1"), "{e}");
    // PTH-10.2: SUPPLIES needs its mode and both numbers.
    let e = broken("loot", |v| {
        v[0]["effect"].as_object_mut().unwrap().remove("mode");
    });
    is(&e, "loot.json", "L01", "mode");
    let e = broken("loot", |v| {
        v[0]["effect"].as_object_mut().unwrap().remove("footprints");
    });
    is(&e, "loot.json", "L01", "footprints");
    // PTH-10.9: CARD_DRAW shows a number.
    let draw = ids_where(&serde_json::from_str(LOOT_JSON).unwrap(), |t| {
        t["effect"]["type"] == "CARD_DRAW"
    })[0];
    let e = broken("loot", |v| v[draw]["effect"]["count"] = 0.into());
    is(&e, "loot.json", &format!("L{:02}", draw + 1), "count");
    // PTH-10.8: OFFERING single or double.
    let e = broken("bonus", |v| {
        let i = ids_where(v, |t| t["effect"]["type"] == "OFFERING")[0];
        v[i]["effect"]["uses"] = 3.into();
    });
    is(&e, "bonus.json", "B5", "uses");
    // No stray parameters.
    let e = broken("loot", |v| v[demigod]["effect"]["count"] = 2.into());
    is(&e, "loot.json", &format!("L{:02}", demigod + 1), "count");
    let e = broken("bonus", |v| v[0]["effect"]["mode"] = "or".into());
    is(&e, "bonus.json", "B1", "mode");
}

#[test]
fn broken_token_mix_is_refused() {
    // PTH-10: every effect type appears; G3: the loot and bonus mixes.
    let e = broken("loot", |v| {
        for t in v.as_array_mut().unwrap() {
            if t["effect"]["type"] == "SPECIAL_MONEY" {
                t["effect"] = json!({"type": "DEMIGOD"});
            }
        }
    });
    is(&e, "loot.json", "(file)", "effect");
    assert!(e.message.contains("SPECIAL_MONEY") && e.message.contains("PTH-10"));
    let e = broken("loot", |v| {
        let i = ids_where(v, |t| t["effect"]["type"] == "DEMIGOD")[0];
        v[i]["effect"] = json!({"type": "GOD_TILE"});
    });
    is(&e, "loot.json", "(file)", "effect");
    assert!(e.message.contains("DEMIGOD: 7"), "{e}");
    let e = broken("loot", |v| {
        let i = ids_where(v, |t| t["effect"]["type"] == "CARD_DRAW")[0];
        v[i]["effect"]["count"] = 4.into();
    });
    assert_eq!((e.file, e.field), ("loot.json", "effect"), "{e}");
    assert!(e.entry.starts_with('L'), "{e}");
    let e = broken("bonus", |v| v[3]["effect"]["count"] = 2.into());
    is(&e, "bonus.json", "B4", "effect");
}

// ---- broken demigods, costs, cards, pillar table (G4, G5, G6, G0) ----------------------------

#[test]
fn broken_demigods_are_refused() {
    // G4, PTH-2.5
    let e = broken("demigods", |v| {
        v.as_array_mut().unwrap().pop();
    });
    is(&e, "demigods.json", "(file)", "(entries)");
    let e = broken("demigods", |v| v[4] = 7.into());
    is(&e, "demigods.json", "#4", "value");
    let e = broken("demigods", |v| v[0] = 0.into());
    is(&e, "demigods.json", "#0", "value");
    let e = broken("demigods", |v| {
        for x in v.as_array_mut().unwrap() {
            if *x == 6 {
                *x = 5.into();
            }
        }
    });
    is(&e, "demigods.json", "(file)", "value");
}

#[test]
fn broken_offering_costs_are_refused() {
    // PTH-1.5, G5: 1, 3, 6 fixed; L4 above L3; levels 1–4 only.
    let e = broken("offering_costs", |v| v["2"] = 4.into());
    is(&e, "offering_costs.json", "2", "cost");
    let e = broken("offering_costs", |v| v["1"] = 2.into());
    is(&e, "offering_costs.json", "1", "cost");
    let e = broken("offering_costs", |v| v["4"] = 6.into());
    is(&e, "offering_costs.json", "4", "cost");
    let e = broken("offering_costs", |v| v["5"] = 15.into());
    is(&e, "offering_costs.json", "5", "level");
    let e = broken("offering_costs", |v| {
        v.as_object_mut().unwrap().remove("4");
    });
    is(&e, "offering_costs.json", "(file)", "level");
}

#[test]
fn broken_action_cards_are_refused() {
    // PTH-1.8, G6, PTH-2.4
    let e = broken("action_cards", |v| {
        v["cards"].as_array_mut().unwrap().pop();
    });
    is(&e, "action_cards.json", "(file)", "cards");
    let e = broken("action_cards", |v| v["cards"][5]["id"] = "MOV01".into());
    is(&e, "action_cards.json", "MOV01", "id");
    let e = broken("action_cards", |v| {
        v["cards"][70]["kind"] = json!({"money": 2})
    });
    is(&e, "action_cards.json", "MON11", "kind");
    let e = broken("action_cards", |v| {
        v["cards"][70]["kind"] = "movement".into()
    });
    is(&e, "action_cards.json", "(file)", "kind");
    assert!(e.message.contains("MOVEMENT"), "{e}");
    let e = broken("action_cards", |v| {
        for c in v["cards"].as_array_mut().unwrap() {
            if c["kind"] == json!({"offering": "TEMPLES"}) {
                c["kind"] = json!({"offering": "GIFTS"});
            }
        }
    });
    is(&e, "action_cards.json", "(file)", "kind");
    assert!(e.message.contains("TEMPLES"), "{e}");
    let e = broken("action_cards", |v| {
        v["special_money"] = json!([5, 4, 4, 3, 3, 2, 2]);
    });
    is(&e, "action_cards.json", "(file)", "special_money");
    let e = broken("action_cards", |v| {
        v["cards"][0]["kind"] = "wildcard".into()
    });
    is(&e, "action_cards.json", "(file)", "(schema)");
}

#[test]
fn broken_pillar_table_is_refused() {
    // G0, PTH-13.5: covers 0..=12 in order, never drops, 5 → 2 and 12 → 4.
    let e = broken("pillar_table", |v| v[2]["min"] = 5.into());
    is(&e, "pillar_table.json", "#2", "min");
    let e = broken("pillar_table", |v| v[4]["max"] = 13.into());
    is(&e, "pillar_table.json", "#4", "max");
    let e = broken("pillar_table", |v| v[3]["per_pillar"] = 1.into());
    is(&e, "pillar_table.json", "#3", "per_pillar");
    let e = broken("pillar_table", |v| {
        v.as_array_mut().unwrap().pop();
    });
    is(&e, "pillar_table.json", "(file)", "max");
    let e = broken("pillar_table", |v| v[4]["per_pillar"] = 5.into());
    is(&e, "pillar_table.json", "#4", "per_pillar");
    let e = broken("pillar_table", |v| {
        v[2]["per_pillar"] = 3.into();
        v[3]["per_pillar"] = 3.into();
    });
    is(&e, "pillar_table.json", "#2", "per_pillar");
    assert!(e.message.contains("PTH-13.5"), "{e}");
}
