//! One test (or a small group) per KLG rule of §5–§8 that the test vectors do not already name,
//! on the real engine. Most use the §12 test library plus a few test-only cards (`RULES_CARDS`
//! below, installed for the current test thread); rules about the real kingdom use the shipped
//! pack.

use super::*;
use crate::{Campaign, Outcome};
use KlgAction as A;
use Resource::*;

/// Test-only cards for rules the §12 library cannot exercise (ids chosen so that id-range rules
/// hold: 30–31 are in the round sequence, 77+ are effect-only, 137 is an expansion card).
const RULES_CARDS: &str = r#"[
 {"id": 30, "kind": "parchment", "faces": {"F0": {"name": "Toll Parchment", "category": "event"}},
  "on_discover": [{"discover": [77]}]},
 {"id": 31, "kind": "normal", "faces": {"F0": {"name": "Lea", "category": "land",
   "production": [[{"wood": 1}]]}}},
 {"id": 77, "kind": "normal", "faces": {"F0": {"name": "Hidden Vale", "category": "land",
   "production": [[{"wood": 1}]]}}},
 {"id": 78, "kind": "normal", "faces": {"F0": {"name": "Seer", "category": "person",
   "production": [[{"gold": 1}]],
   "effects": [{"id": "e1", "timing": {"type": "activated"}, "actions": [{"discover": [30]}]}]}}},
 {"id": 79, "kind": "normal", "faces": {"F0": {"name": "Bell Tower", "category": "building",
   "permanent": true, "fame": 1,
   "checkboxes": [{"fame": 1}, {"fame": 1}, {"fame": 1}, {"fame": 1}, {"fame": 1}, {"fame": 1}],
   "effects": [
    {"id": "e1", "timing": {"type": "triggered", "mandatory": true, "when": {"on": "round_start"}},
     "actions": [{"tick": {"target": {"this": true}, "policy": "in_order"}}]},
    {"id": "e2", "timing": {"type": "triggered", "mandatory": true, "when": {"on": "end_of_round"}},
     "actions": [{"tick": {"target": {"this": true}, "policy": "in_order"}}]}]}}},
 {"id": 80, "kind": "normal", "faces": {"F0": {"name": "Garrison", "category": "building",
   "production": [[{"gold": 1}]], "checkboxes": [{"fame": 1}, {"fame": 1}, {"fame": 1}],
   "effects": [
    {"id": "e1", "timing": {"type": "passive", "mode": "static"},
     "modifiers": [{"stays_in_play": {"this": true}}]},
    {"id": "e2", "timing": {"type": "triggered", "mandatory": true, "when": {"on": "end_of_round"}},
     "actions": [{"tick": {"target": {"this": true}, "policy": "in_order"}}]}]}}},
 {"id": 81, "kind": "normal", "faces": {"F0": {"name": "Innkeeper", "category": "person",
   "production": [[{"gold": 1}]],
   "effects": [{"id": "e1", "timing": {"type": "triggered", "mandatory": false,
     "when": {"on": "end_of_turn"}}, "actions": [{"stay_in_play": {"this": true}}]}]}}},
 {"id": 82, "kind": "normal", "faces": {"F0": {"name": "Curfew", "category": "building",
   "production": [[{"gold": 1}]],
   "effects": [{"id": "e1", "timing": {"type": "activated"},
     "actions": [{"gain": {"gold": 1}}, "end_turn"]}]}}},
 {"id": 83, "kind": "normal", "faces": {
   "F0": {"name": "Keep", "category": "land", "permanent": true, "fame": 3,
    "production": [[{"gold": 1}]],
    "upgrades": [{"arrow": "rotate", "to": "F180", "cost": {"gold": 1}}],
    "effects": [{"id": "e1", "timing": {"type": "activated"}, "actions": [{"gain": {"wood": 1}}]}]},
   "F180": {"name": "Keep Ruins", "category": "land", "production": [[{"stone": 1}]]}}},
 {"id": 84, "kind": "normal", "faces": {
   "F0": {"name": "Site", "category": "land", "production": [[{"gold": 1}]],
    "upgrades": [{"arrow": "rotate", "to": "F180"},
                 {"arrow": "flip", "to": "B0", "cost": {"wood": 1}}]},
   "F180": {"name": "Site Tower", "category": "building", "permanent": true, "fame": 2,
    "upgrades": [{"arrow": "rotate", "to": "F0"}]},
   "B0": {"name": "Yard", "category": "land", "production": [[{"wood": 2}]]}}},
 {"id": 85, "kind": "normal", "faces": {
   "F0": {"name": "Pyre", "category": "event", "production": [[{"gold": 1}]],
    "effects": [{"id": "e1", "timing": {"type": "destroy"},
     "actions": [{"gain": {"gold": 2}}, {"turn": {"target": {"this": true}, "how": "flip"}}]}]},
   "B0": {"name": "Ashes", "category": "event"}}},
 {"id": 86, "kind": "normal", "faces": {
   "F0": {"name": "Signal Fire", "category": "building", "production": [[{"gold": 1}]],
    "effects": [{"id": "e1", "timing": {"type": "ends_turn"},
     "actions": [{"turn": {"target": {"this": true}, "how": "rotate"}}]}]},
   "F180": {"name": "Embers", "category": "building", "production": [[{"gold": 1}]]}}},
 {"id": 87, "kind": "normal", "faces": {"F0": {"name": "Charter", "category": "event",
   "production": [[{"gold": 1}]],
   "effects": [{"id": "e1", "timing": {"type": "passive", "mode": "repeatable"}, "one_time": true,
     "actions": [{"gain": {"gold": 2}}]}]}}},
 {"id": 88, "kind": "normal", "faces": {"F0": {"name": "Scout", "category": "person",
   "production": [[{"gold": 1}]],
   "effects": [{"id": "e1", "timing": {"type": "activated"},
     "actions": [{"gain": {"gold": 1}}, {"discover": [71]}]}]}}},
 {"id": 89, "kind": "normal", "faces": {"F0": {"name": "Guardian", "category": "person",
   "production": [[{"military": 1}]],
   "effects": [{"id": "e1", "timing": {"type": "passive", "mode": "static"},
     "modifiers": [{"protect": {"target": {"zones": ["active"], "count": "all"},
       "against": ["destroy"]}}]}]}}},
 {"id": 90, "kind": "normal", "faces": {"F0": {"name": "Raider", "category": "person",
   "production": [[{"military": 1}]],
   "effects": [{"id": "e1", "timing": {"type": "activated"},
     "actions": [{"destroy": {"zones": ["active"], "count": {"exactly": 1}}}]}]}}},
 {"id": 91, "kind": "normal", "faces": {"F0": {"name": "Warden", "category": "building",
   "permanent": true, "fame": 1,
   "effects": [{"id": "e1", "timing": {"type": "passive", "mode": "static"},
     "modifiers": [{"protect": {"target": {"zones": ["active"], "count": "all"},
       "against": ["destroy"]}}]}]}}},
 {"id": 92, "kind": "normal", "faces": {"F0": {"name": "Demolisher", "category": "building",
   "production": [[{"gold": 1}]],
   "effects": [
    {"id": "e1", "timing": {"type": "activated"},
     "actions": [{"destroy": {"zones": ["kingdom"], "count": {"up_to": 1}}}]},
    {"id": "e2", "timing": {"type": "activated"},
     "actions": [{"destroy": {"zones": ["permanent"], "count": {"up_to": 1}}}]}]}}},
 {"id": 93, "kind": "normal", "faces": {"F0": {"name": "Census", "category": "person",
   "production": [[{"gold": 1}]],
   "effects": [{"id": "e1", "timing": {"type": "activated"},
     "actions": [{"gain_per": {"bag": {"military": 1}, "per": {"cards": {"zones": ["active"],
       "count": "all", "filter": {"category": ["person"]}, "include_blocked": true,
       "exclude_self": false}}}}]}]}}},
 {"id": 94, "kind": "normal", "faces": {"F0": {"name": "Bard", "category": "person",
   "production": [[{"gold": 1}]],
   "effects": [
    {"id": "e1", "timing": {"type": "activated"},
     "actions": [{"sticker": {"no": "7", "target": {"zones": ["active"], "count": {"exactly": 1}}}}]},
    {"id": "e2", "timing": {"type": "activated"},
     "actions": [{"sticker": {"no": "10", "target": {"zones": ["active"], "count": {"exactly": 1}},
       "stage": {"at": "F180"}}}]}]}}},
 {"id": 95, "kind": "normal", "faces": {"F0": {"name": "Market", "category": "building",
   "production": [[{"gold": 1}, {"gold": 1, "wood": 1}]]}}},
 {"id": 96, "kind": "normal", "faces": {"F0": {"name": "Chronicle", "category": "event",
   "production": [[{"gold": 1}]],
   "checkboxes": [{"on_tick": [{"discover": [77]}]}, {"fame": 3}],
   "effects": [{"id": "e1", "timing": {"type": "activated"}, "costs": [{"tick": "self"}]}]}}},
 {"id": 97, "kind": "normal", "faces": {"F0": {"name": "Abacus", "category": "building",
   "production": [[{"gold": 1}]], "in_order_boxes": true,
   "checkboxes": [{"gain": {"gold": 1}}, {"gain": {"gold": 2}}, {"gain": {"gold": 3}}],
   "effects": [{"id": "e1", "timing": {"type": "activated"}, "costs": [{"tick": "self"}]}]}}},
 {"id": 98, "kind": "normal", "faces": {
   "F0": {"name": "Ledger", "category": "building", "production": [[{"gold": 1}]],
    "checkboxes": [{"fame": 1}, {"fame": 1}],
    "upgrades": [{"arrow": "rotate", "to": "F180"}],
    "effects": [{"id": "e1", "timing": {"type": "activated"}, "costs": [{"tick": "self"}]}]},
   "F180": {"name": "Great Ledger", "category": "building", "production": [[{"gold": 1}]],
    "checkboxes": [{"fame": 1}, {"fame": 1}]}}},
 {"id": 99, "kind": "normal", "faces": {"F0": {"name": "Augur", "category": "person",
   "production": [[{"gold": 1}]],
   "effects": [{"id": "e1", "timing": {"type": "activated"},
     "actions": [{"discover_choice": {"cards": [100, 101, 102], "choose": 1,
       "others": "destroy"}}]}]}}},
 {"id": 100, "kind": "normal", "faces": {"F0": {"name": "Far Field A", "category": "land",
   "production": [[{"wood": 1}]]}}},
 {"id": 101, "kind": "normal", "faces": {"F0": {"name": "Far Field B", "category": "land",
   "production": [[{"wood": 1}]]}}},
 {"id": 102, "kind": "normal", "faces": {"F0": {"name": "Far Field C", "category": "land",
   "production": [[{"wood": 1}]]}}},
 {"id": 103, "kind": "normal", "faces": {"F0": {"name": "Citadel", "category": "building",
   "production": [[{"gold": 1}]], "protect": ["destroy"]}}},
 {"id": 104, "kind": "normal", "faces": {"F0": {"name": "Raiders' Camp", "category": "enemy",
   "permanent": true, "fame": -2}}},
 {"id": 105, "kind": "normal", "faces": {"F0": {"name": "Shrine of Peace", "category": "building",
   "permanent": true, "fame": 2, "protect": ["purge"]}}},
 {"id": 106, "kind": "normal", "faces": {"F0": {"name": "Woodcutter", "category": "person",
   "production": [[{"wood": 1}]],
   "effects": [{"id": "e1", "timing": {"type": "activated"},
     "actions": [{"turn": {"target": {"zones": ["kingdom"], "count": {"up_to": 1}},
       "how": "rotate"}}]}]}}},
 {"id": 107, "kind": "normal", "choose_side_on_discover": true, "faces": {
   "F0": {"name": "Dreamer", "category": "land", "production": [[{"gold": 1}]]},
   "B0": {"name": "Nightmare", "category": "land", "production": [[{"wood": 1}]]}}},
 {"id": 108, "kind": "normal", "faces": {"F0": {"name": "Crier", "category": "person",
   "production": [[{"gold": 1}]],
   "effects": [
    {"id": "e1", "timing": {"type": "activated"}, "actions": [{"discover": [107, 136]}]},
    {"id": "e2", "timing": {"type": "activated"}, "actions": [{"discover": [136]}]}]}}},
 {"id": 137, "kind": "expansion", "faces": {
   "F0": {"name": "Short Expansion, round 1", "category": "event",
    "effects": [
     {"id": "e1", "timing": {"type": "passive", "mode": "repeatable"},
      "costs": [{"pay": {"gold": 1}}], "actions": [{"gain": {"trade": 1}}]},
     {"id": "e2", "timing": {"type": "triggered", "mandatory": true, "when": {"on": "round_start"}},
      "actions": [{"sticker": {"no": "9", "target": {"this": true}}}]}]},
   "F180": {"name": "Short Expansion, round 2", "category": "event"}},
  "expansion": {"purge_n": 5, "purge_permanent": 1, "rounds": 2, "round_stage": ["F0", "F180"]}}
]"#;

/// Installs the §12 library, the parent's `EXTRA` cards and [`RULES_CARDS`] as the content of
/// `Pack::TestLibrary` on this test thread.
fn install() {
    let files = PackFiles::test_library();
    let mut cards: Vec<serde_json::Value> = serde_json::from_str(&files.cards).unwrap();
    let extra: Vec<serde_json::Value> = serde_json::from_str(super::EXTRA).unwrap();
    let mine: Vec<serde_json::Value> = serde_json::from_str(RULES_CARDS).unwrap();
    cards.extend(extra);
    cards.extend(mine);
    let files = PackFiles {
        cards: serde_json::to_string(&cards).unwrap(),
        ..files
    };
    let content = Content::load(&files, false).expect("rules test library");
    let leaked: &'static Content = Box::leak(Box::new(content));
    super::OVERRIDE.with(|c| c.set(Some(leaked)));
}

/// A table on the rules library.
fn table() -> Table {
    install();
    Table::new()
}

fn loc(st: &State, id: CardId) -> Location {
    st.location(id)
}

fn refused(st: &mut State, a: &A) -> &'static str {
    let before = st.clone();
    let err = KingdomLegacy::apply(st, 0, a).expect_err("must be refused");
    assert_eq!(*st, before, "state unchanged on refusal of {a:?}");
    assert!(!is_legal(st, a), "{a:?} refused but listed");
    err.rule
}

fn pos(ev: &[KlgEvent], f: impl Fn(&KlgEvent) -> bool) -> usize {
    ev.iter()
        .position(f)
        .unwrap_or_else(|| panic!("event not found in {ev:?}"))
}

/// Resolves open sub-decisions and triggers with the first legal answer until the turn awaits
/// an action (or the round is over).
fn settle(st: &mut State) {
    while st.phase == Phase::Pending {
        let a = legal(st)[0].clone();
        act(st, a);
    }
}

fn up(card: CardId, index: u8) -> A {
    A::Upgrade { card, index }
}

const STARTERS: [CardId; 10] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

// ------------------------------------------------------------------------------------------
// KLG-1, KLG-2, KLG-3
// ------------------------------------------------------------------------------------------

// Rules: KLG-1.2.
#[test]
fn klg_1_2_orientation_survives_moves_shuffles_and_storing() {
    let mut st = table()
        .discard(&STARTERS)
        .orient(1, F180)
        .orient(7, B0)
        .between_rounds()
        .build();
    act(&mut st, A::BeginRound);
    assert_eq!(
        (st.orientation(1), st.orientation(7)),
        (F180, B0),
        "shuffle"
    );
    finish_round(&mut st);
    assert_eq!((st.orientation(1), st.orientation(7)), (F180, B0), "play");
    let rec = st.record();
    let resumed = KingdomLegacy::setup(
        &Config {
            record: Some(rec),
            ..Config::new(Pack::TestLibrary)
        },
        0,
    )
    .unwrap();
    assert_eq!(resumed.orientation(1), F180, "storing");
    assert_eq!(resumed.orientation(7), B0);
    assert!(STARTERS[2..6].iter().all(|&c| resumed.orientation(c) == F0));
}

// Rules: KLG-1.3, KLG-20.5.
#[test]
fn klg_1_3_and_20_5_all_stages_of_discovered_cards_are_shown_box_cards_are_not() {
    let st = table()
        .active(&[1])
        .discard(&[7])
        .deck(&[9, 83])
        .permanent(&[15])
        .pending(&[84])
        .build();
    let v = view(&st);
    let stages = |cv: &CardView| cv.stages.keys().copied().collect::<Vec<_>>();
    assert_eq!(stages(&v.active[0]), vec![F0, F180, B180]);
    assert_eq!(stages(&v.discard[0]), vec![F0, F180, B0]);
    // KLG-20.5: the deck (below the top too), permanent area and set-aside cards.
    let keep = v.deck.contents.iter().find(|c| c.id == 83).unwrap();
    assert_eq!(stages(keep), vec![F0, F180]);
    assert_eq!(stages(&v.pending_destruction[0]), vec![F0, F180, B0]);
    assert_eq!(v.permanent[0].id, 15);
    let json = serde_json::to_string(&v).unwrap();
    for name in ["Farmstead", "Old Grove", "Keep Ruins", "Yard", "Site Tower"] {
        assert!(json.contains(&format!("\"name\":\"{name}\"")), "{name}");
    }
    // KLG-1.3, 15.2: box cards by serial number only.
    assert!(v.box_ids.contains(&71) && v.box_ids.contains(&99));
    for name in [
        "Vineyard",
        "Augur",
        "Recruiter",
        "Far Field A",
        "Crown Land",
    ] {
        assert!(!json.contains(&format!("\"name\":\"{name}\"")), "{name}");
    }
    assert!(
        v.box_revealed
            .iter()
            .all(|c| matches!(c.id, 136 | 137) && c.kind == super::super::data::CardKind::Expansion)
    );
}

// Rules: KLG-1.4, KLG-4.1, KLG-4.2.
#[test]
fn klg_1_4_4_1_4_2_rounds_of_turns_discovery_from_round_2() {
    // KLG-3.5: round 1 starts with a turn at once and has no discovery.
    let cfg = Config::new(Pack::TestLibrary);
    let (mut st, ev) = super::super::setup::setup(&cfg, None, 5).unwrap();
    assert!(discovered(&ev).is_empty());
    assert!(ev.contains(&KlgEvent::TurnStarted { round: 1 }));
    assert_eq!(st.active.len(), 4);
    // KLG-4.1: a round is a sequence of turns (10 cards, passing: 4 + 4 + 2).
    let ev = finish_round(&mut st);
    let turns = |ev: &[KlgEvent], r: u32| {
        ev.iter()
            .filter(|e| **e == KlgEvent::TurnStarted { round: r })
            .count()
    };
    assert_eq!(turns(&ev, 1), 2, "two more turns after the first");
    assert_eq!(st.phase, Phase::BetweenRounds);
    // KLG-1.4: every later round discovers the next two.
    let ev = act(&mut st, A::BeginRound);
    assert_eq!(discovered(&ev), vec![11, 12]);
    assert_eq!(st.round(), 2);
    finish_round(&mut st);
    let ev = act(&mut st, A::BeginRound);
    assert_eq!(discovered(&ev), vec![13, 14]);
    assert_eq!(st.round(), 3);
}

// Rules: KLG-1.5, KLG-1.6.
#[test]
fn klg_1_5_turned_card_is_discarded_at_once_and_1_6_upgrade_ends_the_turn() {
    let mut st = table()
        .active(&[7, 1, 9])
        .deck(&[2, 3, 4, 5, 6])
        .res(bag(&[(Gold, 2)]))
        .build();
    act(&mut st, use_effect(7, "e1"));
    assert_eq!((loc(&st, 7), st.orientation(7)), (Location::Discard, B0));
    assert_eq!(
        st.phase,
        Phase::Main,
        "turning by an effect does not end the turn"
    );
    let ev = act(&mut st, up(1, 0));
    assert_eq!((loc(&st, 1), st.orientation(1)), (Location::Discard, F180));
    let ended = pos(&ev, |e| *e == KlgEvent::TurnEnded);
    let started = pos(&ev, |e| matches!(e, KlgEvent::TurnStarted { .. }));
    assert!(ended < started);
    assert_eq!(
        loc(&st, 9),
        Location::Discard,
        "the rest of the turn is gone"
    );
    assert_eq!(st.active, vec![2, 3, 4, 5]);
}

// Rules: KLG-1.8, KLG-10.3.
#[test]
fn klg_1_8_10_3_in_play_means_the_active_zone() {
    // A blocked card stays in play while its blocker does; a permanent card is not in play.
    let mut st = table()
        .active(&[14, 1, 2])
        .block(1, 14)
        .permanent(&[83])
        .deck(&[13, 3, 4])
        .build();
    assert_eq!(loc(&st, 1), Location::Active);
    assert!(
        view(&st)
            .active
            .iter()
            .any(|c| c.id == 1 && c.blocked_by == Some(14))
    );
    assert!(!st.active.contains(&83));
    // Storm discards 1 land in play: not the permanent land Keep, not the blocked Meadow.
    act(&mut st, A::March);
    assert_eq!(decision_cards(&st), vec![2, 3]);
}

// Rules: KLG-1.9, KLG-17.6.
#[test]
fn klg_1_9_17_6_the_kingdom_and_what_scores() {
    let mut st = table()
        .deck(&[1])
        .orient(1, F180)
        .active(&[106, 7])
        .orient(7, F180)
        .discard(&[14])
        .permanent(&[15])
        .pending(&[29])
        .destroyed(&[91])
        .build();
    st.card_mut(105).location = Location::Purge;
    // In the kingdom: Pasture 2 + Old Grove 2 + Bandit −1 + Watchpost 1 + Woodcutter 0. Box
    // (Keep 3), set aside (Tower 4), destroyed (Warden 1) and purge (Shrine of Peace 2) count 0.
    assert_eq!(kingdom_fame(&st), 4);
    for id in [1, 106, 7, 14, 15] {
        assert!(super::super::selectors::in_kingdom(&st, id), "{id}");
    }
    for id in [83, 29, 91, 105] {
        assert!(!super::super::selectors::in_kingdom(&st, id), "{id}");
    }
    // A "kingdom" selector offers exactly the kingdom cards (the source excluded).
    act(&mut st, use_effect(106, "e1"));
    assert_eq!(decision_cards(&st), vec![1, 7, 14, 15]);
}

/// Uses Woodcutter (rotate one kingdom card) on `target`.
fn woodcut(t: Table, target: CardId) -> (State, Vec<KlgEvent>) {
    let mut st = t.active(&[106]).build();
    act(&mut st, use_effect(106, "e1"));
    let ev = act(&mut st, cards(&[target]));
    (st, ev)
}

// Rules: KLG-1.11, KLG-9.6, KLG-9.7.
#[test]
fn klg_1_11_9_6_9_7_turning_outside_the_active_zone() {
    // In the deck: leaves the deck for the discard pile.
    let (st, _) = woodcut(table().deck(&[2, 1, 3]), 1);
    assert_eq!((loc(&st, 1), st.orientation(1)), (Location::Discard, F180));
    assert_eq!(st.deck, vec![2, 3]);
    // In the discard pile: stays there.
    let (st, ev) = woodcut(table().deck(&[2]).discard(&[1]).orient(1, F180), 1);
    assert_eq!((loc(&st, 1), st.orientation(1)), (Location::Discard, F0));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, KlgEvent::CardMoved { card: 1, .. }))
    );
    // KLG-9.7: a permanent turned to a non-permanent stage goes to the discard pile.
    let (st, _) = woodcut(table().deck(&[2]).permanent(&[83]), 83);
    assert_eq!(
        (loc(&st, 83), st.orientation(83)),
        (Location::Discard, F180)
    );
    // KLG-9.6: a card turned to a permanent stage goes to the permanent area.
    let (st, _) = woodcut(table().deck(&[2]).discard(&[84]), 84);
    assert_eq!(
        (loc(&st, 84), st.orientation(84)),
        (Location::Permanent, F180)
    );
}

// Rules: KLG-2.1, KLG-15.6.
#[test]
fn klg_2_1_every_card_enters_in_f0_and_15_6_no_side_choice() {
    let st = KingdomLegacy::setup(&Config::new(Pack::TestLibrary), 3).unwrap();
    assert!(STARTERS.iter().all(|&c| st.orientation(c) == F0));
    // Discovered by an effect: Dreamer carries the (unimplemented) choose-side flag, yet it
    // enters in F0 and no side is asked (KLG-15.6 is an extension the engine does not offer).
    let mut st = table().active(&[108]).deck(&[2]).build();
    let ev = act(&mut st, use_effect(108, "e1"));
    assert_eq!(discovered(&ev), vec![107]);
    assert_eq!(
        (loc(&st, 107), st.orientation(107)),
        (Location::Discard, F0)
    );
    assert_eq!(st.phase, Phase::Main);
    // Discovered at round start.
    let mut st = table().discard(&STARTERS).between_rounds().build();
    act(&mut st, A::BeginRound);
    assert_eq!((st.orientation(11), st.orientation(12)), (F0, F0));
}

// Rules: KLG-2.2, KLG-2.3.
#[test]
fn klg_2_2_2_3_only_the_upright_stage_works() {
    let mut st = table().active(&[1, 7]).deck(&[2, 3]).build();
    let mut s2 = st.clone();
    act(&mut st, produce(1, &[0]));
    assert_eq!(
        st.resources,
        bag(&[(Gold, 1)]),
        "F0 Meadow, not F180 Pasture"
    );
    assert_eq!(card_fame(&st, 1), 0);
    s2.card_mut(1).orientation = F180;
    act(&mut s2, produce(1, &[0]));
    assert_eq!(s2.resources, bag(&[(Gold, 2)]));
    assert_eq!(card_fame(&s2, 1), 2);
    // KLG-2.3: B0 is its own stage (Grove flipped reads Clearing: gold, fame 1).
    let mut st = table().active(&[7]).orient(7, B0).deck(&[2]).build();
    assert!(
        !is_legal(&st, &use_effect(7, "e1")),
        "F0's effect is not on B0"
    );
    act(&mut st, produce(7, &[0]));
    assert_eq!(st.resources, bag(&[(Gold, 1)]));
    assert_eq!(card_fame(&st, 7), 1);
}

// Rules: KLG-2.4.
#[test]
fn klg_2_4_stage_anatomy_drives_the_actions() {
    let st = table()
        .active(&[1, 9, 14])
        .permanent(&[15])
        .deck(&[2])
        .res(bag(&[(Gold, 2)]))
        .build();
    let l = legal(&st);
    assert!(l.contains(&produce(1, &[0])), "production symbols");
    assert!(l.contains(&up(1, 0)), "upgrade cost frame");
    assert!(l.contains(&use_effect(9, "e1")), "effect");
    assert!(
        !l.iter().any(|a| matches!(a, A::Produce { card: 14, .. })),
        "no production"
    );
    assert!(
        !l.iter().any(|a| matches!(a, A::Upgrade { card: 9, .. })),
        "no upgrade"
    );
    let v = view(&st);
    let meadow = &v.active[0];
    assert_eq!(meadow.stages[&F0].name, "Meadow");
    assert_eq!(meadow.stages[&F0].category, "land");
    assert_eq!(v.permanent[0].stages[&F0].checkboxes.len(), 3);
    assert_eq!(v.permanent[0].fame, 1, "fame printed on the stage");
}

// Rules: KLG-2.6.
#[test]
fn klg_2_6_several_upgrades_on_one_stage() {
    let st = table()
        .active(&[84])
        .deck(&[2])
        .res(bag(&[(Wood, 1)]))
        .build();
    assert!(is_legal(&st, &up(84, 0)) && is_legal(&st, &up(84, 1)));
    let mut a = st.clone();
    act(&mut a, up(84, 0));
    assert_eq!(
        (a.orientation(84), loc(&a, 84)),
        (F180, Location::Permanent)
    );
    let mut b = st.clone();
    act(&mut b, up(84, 1));
    assert_eq!((b.orientation(84), loc(&b, 84)), (B0, Location::Discard));
    // Going back: Site Tower's upgrade returns to F0 (a permanent upgraded, KLG-6.10).
    let mut c = table().permanent(&[84]).orient(84, F180).deck(&[2]).build();
    act(&mut c, up(84, 0));
    assert_eq!((c.orientation(84), loc(&c, 84)), (F0, Location::Discard));
}

// Rules: KLG-3.2.
#[test]
fn klg_3_2_starting_deck_is_a_shuffle_of_1_to_10_in_f0() {
    let mut orders = std::collections::BTreeSet::new();
    for seed in 0..8u64 {
        let st = KingdomLegacy::setup(&Config::new(Pack::TestLibrary), seed).unwrap();
        let mut order = st.active.clone();
        order.extend(&st.deck);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, STARTERS.to_vec());
        assert!(order.iter().all(|&c| st.orientation(c) == F0));
        orders.insert(order);
    }
    assert!(orders.len() >= 7, "the order depends on the seed");
}

// Rules: KLG-3.3.
#[test]
fn klg_3_3_the_top_card_is_always_visible() {
    let mut st = KingdomLegacy::setup(&Config::new(Pack::TestLibrary), 8).unwrap();
    let mut rng = crate::GameRng::from_seed(8);
    for _ in 0..300 {
        let v = view(&st);
        assert_eq!(v.deck.top.as_ref().map(|c| c.id), st.deck.first().copied());
        if let Some(top) = &v.deck.top {
            assert_eq!(top.orientation, st.orientation(top.id));
        }
        let ids: Vec<CardId> = v.deck.contents.iter().map(|c| c.id).collect();
        assert!(
            ids.windows(2).all(|w| w[0] < w[1]),
            "contents sorted, not ordered"
        );
        let acts: Vec<A> = legal(&st)
            .into_iter()
            .filter(|a| !matches!(a, A::ResetCampaign | A::Suspend | A::CloseCampaign))
            .collect();
        if acts.is_empty() {
            break;
        }
        let a = acts[rng.below(acts.len())].clone();
        act(&mut st, a);
    }
}

// Rules: KLG-3.4.
#[test]
fn klg_3_4_shipped_starting_cards_are_friendly_and_not_permanent() {
    let content = Pack::Shipped.content();
    if content.card(1).is_none() {
        return; // the shipped kingdom is not authored yet
    }
    for id in STARTERS {
        let s = content.stage(id, F0).expect("F0");
        assert!(!s.permanent && !content.is_hostile(s), "card {id}");
    }
    let st = KingdomLegacy::setup(&Config::new(Pack::Shipped), 4).unwrap();
    assert!(st.permanent.is_empty());
    assert_eq!(st.deck.len() + st.active.len() + st.discard.len(), 10);
}

// ------------------------------------------------------------------------------------------
// KLG-4 rounds
// ------------------------------------------------------------------------------------------

/// Between rounds with 1–10 in the discard pile and 11–29 destroyed, so the next pair of the
/// round sequence is 30 (a parchment) and 31.
fn before_parchment_round() -> Table {
    let gone: Vec<CardId> = (11..=29).collect();
    table()
        .discard(&STARTERS)
        .destroyed(&gone)
        .round(9)
        .between_rounds()
}

// Rules: KLG-4.6.
#[test]
fn klg_4_6_parchment_at_round_start_is_executed_then_destroyed() {
    let mut st = before_parchment_round().build();
    let ev = act(&mut st, A::BeginRound);
    assert_eq!(discovered(&ev), vec![30, 31, 77]);
    let exec = pos(&ev, |e| *e == KlgEvent::ParchmentExecuted { card: 30 });
    let d31 = pos(&ev, |e| {
        matches!(e, KlgEvent::CardDiscovered { card: 31, .. })
    });
    let d77 = pos(&ev, |e| {
        matches!(e, KlgEvent::CardDiscovered { card: 77, .. })
    });
    assert!(
        d31 < d77 && d77 < exec,
        "both discovered, then the parchment runs"
    );
    // Before card 23: only set aside (KLG-11.2).
    assert_eq!(loc(&st, 30), Location::PendingDestruction);
    let mut st = before_parchment_round().card23(true).build();
    act(&mut st, A::BeginRound);
    assert_eq!(loc(&st, 30), Location::Destroyed);
    assert!(!st.deck.contains(&30) && !st.active.contains(&30));
}

// Rules: KLG-4.7.
#[test]
fn klg_4_7_parchment_discovered_by_an_effect_runs_at_once() {
    let mut st = table()
        .active(&[78, 1])
        .deck(&[2, 3])
        .res(bag(&[(Gold, 1)]))
        .build();
    let ev = act(&mut st, use_effect(78, "e1"));
    assert_eq!(discovered(&ev), vec![30, 77]);
    assert!(ev.contains(&KlgEvent::ParchmentExecuted { card: 30 }));
    assert_eq!(loc(&st, 30), Location::PendingDestruction);
    assert_eq!(loc(&st, 77), Location::Discard);
    assert_eq!(st.phase, Phase::Main);
    assert_eq!(st.resources, bag(&[(Gold, 1)]));
}

// Rules: KLG-4.8, KLG-5.5, KLG-6.17, KLG-12.3.
#[test]
fn klg_4_8_5_5_6_17_12_3_an_empty_deck_ends_the_round_at_the_end_of_the_turn() {
    // Pass with cards left: the active cards are discarded, the next turn plays.
    let mut st = table().active(&[1, 2]).deck(&[3, 4, 5]).build();
    let ev = act(&mut st, A::Pass);
    assert!(ev.contains(&KlgEvent::TurnEnded));
    assert_eq!(st.active, vec![3, 4, 5]);
    assert_eq!(
        (loc(&st, 1), loc(&st, 2)),
        (Location::Discard, Location::Discard)
    );
    assert_eq!(st.phase, Phase::Main);
    // The deck is now empty: nothing can add to it (Messenger is not usable) and the round
    // ends when this turn ends.
    let mut st = Table(st).active(&[75]).build();
    assert!(st.deck.is_empty());
    assert_eq!(refused(&mut st, &use_effect(75, "e1")), "KLG-12.2");
    let ev = act(&mut st, A::Pass);
    assert!(ev.iter().any(|e| matches!(e, KlgEvent::RoundEnded { .. })));
    assert_eq!(st.phase, Phase::BetweenRounds);
    assert!(!ev.iter().any(|e| matches!(e, KlgEvent::TurnStarted { .. })));
}

// Rules: KLG-4.12, KLG-10.11, KLG-4.13, KLG-8.7.
#[test]
fn klg_4_12_10_11_4_13_8_7_round_end_and_round_start_order() {
    let mut st = table()
        .permanent(&[79])
        .active(&[80, 21, 1])
        .block(1, 21)
        .discard(&[2, 3, 4])
        .build();
    let mut ev = act(&mut st, A::Pass);
    // KLG-8.7, 4.12 (1): end_of_round triggers of a permanent and of a card still in play.
    let pool: Vec<CardId> = st.pool.iter().map(|t| t.card).collect();
    assert_eq!(pool, vec![80, 79]);
    ev.extend(choose_trig(&mut st, 79));
    while st.phase == Phase::Pending {
        let a = legal(&st)[0].clone();
        ev.extend(act(&mut st, a));
    }
    let t80 = pos(&ev, |e| matches!(e, KlgEvent::BoxTicked { card: 80, .. }));
    let t79 = pos(&ev, |e| matches!(e, KlgEvent::BoxTicked { card: 79, .. }));
    let d80 = pos(&ev, |e| {
        matches!(
            e,
            KlgEvent::CardMoved {
                card: 80,
                to: Location::Discard,
                ..
            }
        )
    });
    assert!(t79 < d80 && t80 < d80, "triggers before the discard");
    // KLG-4.12 (2), 10.11: stay-in-play and blocked cards go to the discard pile.
    assert_eq!(st.phase, Phase::BetweenRounds);
    assert!(st.active.is_empty() && st.blocks.is_empty());
    for c in [80, 21, 1] {
        assert_eq!(loc(&st, c), Location::Discard);
    }
    // KLG-4.13: round_start triggers after the discovery and before the shuffle.
    let ev1 = act(&mut st, A::BeginRound);
    assert_eq!(discovered(&ev1), vec![11, 12]);
    let resolved = pos(&ev1, |e| {
        matches!(e, KlgEvent::TriggerResolved { card: 79, .. })
    });
    assert!(
        pos(&ev1, |e| matches!(
            e,
            KlgEvent::CardDiscovered { card: 12, .. }
        )) < resolved
    );
    assert!(
        !ev1.iter()
            .any(|e| matches!(e, KlgEvent::DeckShuffled { .. }))
    );
    let ev2 = act(&mut st, A::ChooseCheckbox { index: 1 });
    let ticked = pos(&ev2, |e| matches!(e, KlgEvent::BoxTicked { card: 79, .. }));
    let shuffled = pos(&ev2, |e| matches!(e, KlgEvent::DeckShuffled { .. }));
    assert!(ticked < shuffled);
    assert_eq!(st.card(79).ticked_on(F0).len(), 2);
}

// ------------------------------------------------------------------------------------------
// KLG-5 turn, KLG-6 actions
// ------------------------------------------------------------------------------------------

// Rules: KLG-5.2.
#[test]
fn klg_5_2_actions_in_any_order_and_number() {
    let mut st = table().active(&[9, 5, 16, 1]).deck(&[2, 3, 4, 6]).build();
    act(&mut st, produce(5, &[1]));
    act(&mut st, use_effect(16, "e1"));
    act(&mut st, A::ChooseCheckbox { index: 0 });
    assert_eq!(st.resources, bag(&[(Gold, 2)]));
    act(&mut st, use_effect(9, "e1"));
    assert_eq!(st.resources, bag(&[(Trade, 1)]));
    act(&mut st, A::March);
    act(&mut st, produce(2, &[0]));
    act(&mut st, A::March);
    act(&mut st, produce(1, &[0]));
    assert_eq!(st.resources, bag(&[(Gold, 1)]));
    assert_eq!(st.active, vec![9, 3, 4, 6]);
    act(&mut st, A::Pass);
    assert_eq!(st.phase, Phase::BetweenRounds);
}

// Rules: KLG-5.3, KLG-6.15.
#[test]
fn klg_5_3_6_15_cards_played_together_are_simultaneous() {
    for order in [[10u16, 12], [12, 10]] {
        // Turn start.
        let (mut st, _) = table().deck(&[order[0], order[1], 2, 3, 4]).turn_start();
        choose_trig(&mut st, 12);
        assert_eq!(st.resources, bag(&[(Military, 2)]), "{order:?}");
        // March (KLG-6.15): both enter before either trigger resolves; march repeats.
        let mut st = table()
            .active(&[1])
            .deck(&[order[0], order[1], 2, 3, 4])
            .build();
        act(&mut st, A::March);
        assert_eq!(st.active.len(), 3);
        choose_trig(&mut st, 12);
        assert_eq!(st.resources, bag(&[(Military, 2)]));
        decline_trig(&mut st, 10);
        act(&mut st, A::March);
        assert_eq!(st.active.len(), 5);
        assert_eq!(st.deck, vec![4]);
    }
}

// Rules: KLG-5.4, KLG-8.4.
#[test]
fn klg_5_4_8_4_what_ends_a_turn() {
    // An end_turn instruction (Curfew, an activated effect).
    let mut st = table().active(&[82, 1]).deck(&[2, 3]).build();
    let ev = act(&mut st, use_effect(82, "e1"));
    assert!(ev.contains(&KlgEvent::Gained {
        bag: bag(&[(Gold, 1)])
    }));
    assert!(ev.contains(&KlgEvent::TurnEnded));
    assert_eq!(st.active, vec![2, 3]);
    // An effect with the end-of-turn timing (Watchpost).
    let mut st = table().permanent(&[15]).active(&[1]).deck(&[2]).build();
    act(&mut st, use_effect(15, "e1"));
    let ev = act(&mut st, A::ChooseCheckbox { index: 0 });
    assert!(ev.contains(&KlgEvent::TurnEnded));
    // Producing or using a plain activated effect does not.
    let mut st = table().active(&[1, 9, 17]).deck(&[2]).build();
    let ev = act(&mut st, produce(1, &[0]));
    assert!(!ev.contains(&KlgEvent::TurnEnded));
    assert_eq!(st.phase, Phase::Main);
}

// Rules: KLG-5.6.
#[test]
fn klg_5_6_end_of_turn_triggers_before_the_discard() {
    let mut st = table().active(&[81, 1]).deck(&[2, 3]).build();
    act(&mut st, A::Pass);
    assert_eq!(
        st.phase,
        Phase::Pending,
        "Innkeeper's optional trigger waits"
    );
    assert_eq!(st.active, vec![81, 1], "nothing discarded yet");
    choose_trig(&mut st, 81);
    assert_eq!(st.active, vec![81, 2, 3]);
    assert_eq!(loc(&st, 1), Location::Discard);
    // Declined: discarded with the rest.
    let mut st = table().active(&[81, 1]).deck(&[2, 3]).build();
    act(&mut st, A::Pass);
    decline_trig(&mut st, 81);
    assert_eq!(loc(&st, 81), Location::Discard);
    // A blocked card's trigger does not fire (KLG-8.7).
    let mut st = table().active(&[14, 81]).block(81, 14).deck(&[2]).build();
    let ev = act(&mut st, A::Pass);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, KlgEvent::TriggerPending { .. }))
    );
    assert_eq!(loc(&st, 81), Location::Discard);
}

// Rules: KLG-5.7.
#[test]
fn klg_5_7_a_card_that_stayed_is_not_played_again() {
    let mut st = table().active(&[21]).deck(&[11, 2, 3, 4, 6]).build();
    let ev = act(&mut st, A::Pass);
    assert_eq!(st.active, vec![21, 11, 2, 3, 4]);
    assert!(ev.contains(&KlgEvent::CardsPlayed {
        cards: vec![11, 2, 3, 4],
        cause: PlayCause::TurnStart
    }));
    let pending: Vec<CardId> = ev
        .iter()
        .filter_map(|e| match e {
            KlgEvent::TriggerPending { card, .. } => Some(*card),
            _ => None,
        })
        .collect();
    assert_eq!(pending, vec![11], "no after_played for Camp");
}

// Rules: KLG-6.2, KLG-6.13.
#[test]
fn klg_6_2_6_13_a_card_used_once_has_left_play() {
    let mut st = table()
        .active(&[7, 1])
        .deck(&[2])
        .res(bag(&[(Gold, 2)]))
        .build();
    act(&mut st, produce(7, &[0]));
    assert_eq!(refused(&mut st, &use_effect(7, "e1")), "KLG-6.12");
    assert_eq!(refused(&mut st, &up(7, 0)), "KLG-6.6");
    // KLG-6.13: an effect that destroys its card.
    let mut st = table()
        .active(&[85, 1])
        .deck(&[2])
        .res(bag(&[(Gold, 2)]))
        .build();
    act(&mut st, use_effect(85, "e1"));
    assert_eq!(refused(&mut st, &produce(85, &[0])), "KLG-6.1");
}

// Rules: KLG-6.3.
#[test]
fn klg_6_3_discarded_otherwise_produces_nothing() {
    let (mut st, _) = table().deck(&[13, 1, 2, 3, 4]).turn_start();
    assert_eq!(decision_cards(&st), vec![1, 2, 3]);
    act(&mut st, cards(&[1]));
    assert_eq!(loc(&st, 1), Location::Discard);
    assert!(st.resources.is_empty());
}

// Rules: KLG-6.4.
#[test]
fn klg_6_4_one_alternative_per_production_group() {
    let st = table().active(&[5, 95]).deck(&[2]).build();
    let mut a = st.clone();
    act(&mut a, produce(5, &[0]));
    assert_eq!(a.resources, bag(&[(Stone, 1)]));
    let mut a = st.clone();
    act(&mut a, produce(95, &[1]));
    assert_eq!(a.resources, bag(&[(Gold, 1), (Wood, 1)]));
    let mut a = st.clone();
    for alts in [vec![2u8], vec![], vec![0, 0]] {
        assert_eq!(refused(&mut a, &produce(5, &alts)), "KLG-6.4", "{alts:?}");
    }
    let listed: Vec<A> = legal(&st)
        .into_iter()
        .filter(|x| matches!(x, A::Produce { card: 5, .. }))
        .collect();
    assert_eq!(listed, vec![produce(5, &[0]), produce(5, &[1])]);
}

// Rules: KLG-6.5, KLG-6.7, KLG-9.8.
#[test]
fn klg_6_5_6_7_9_8_blocked_and_permanent_cards_neither_produce_nor_upgrade() {
    let mut st = table()
        .active(&[14, 1])
        .block(1, 14)
        .permanent(&[83])
        .deck(&[2])
        .res(bag(&[(Gold, 5)]))
        .build();
    assert_eq!(refused(&mut st, &produce(1, &[0])), "KLG-10.2");
    assert_eq!(refused(&mut st, &up(1, 0)), "KLG-6.7");
    // KLG-6.5, 9.8: the permanent Keep shows production but cannot produce.
    assert_eq!(refused(&mut st, &produce(83, &[0])), "KLG-6.1");
    // KLG-9.8: its activated effect works and does not discard it.
    act(&mut st, use_effect(83, "e1"));
    assert_eq!(loc(&st, 83), Location::Permanent);
    assert_eq!(st.resources, bag(&[(Gold, 5), (Wood, 1)]));
}

// Rules: KLG-6.9.
#[test]
fn klg_6_9_an_empty_cost_frame_is_free() {
    let mut st = table().active(&[84]).deck(&[2]).build();
    assert!(st.resources.is_empty());
    let ev = act(&mut st, up(84, 0));
    assert!(ev.contains(&KlgEvent::Upgraded {
        card: 84,
        from: F0,
        to: F180,
        cost: ResourceBag::EMPTY
    }));
    assert_eq!(
        refused(&mut table().active(&[84]).deck(&[2]).build(), &up(84, 1)),
        "KLG-6.11"
    );
}

// Rules: KLG-6.10, KLG-9.7.
#[test]
fn klg_6_10_9_7_permanent_upgrade_and_its_switch() {
    let st = table()
        .permanent(&[83])
        .active(&[1])
        .deck(&[2, 3])
        .res(bag(&[(Gold, 1)]))
        .build();
    let mut on = st.clone();
    let ev = act(&mut on, up(83, 0));
    assert!(ev.contains(&KlgEvent::TurnEnded));
    assert_eq!(
        (loc(&on, 83), on.orientation(83)),
        (Location::Discard, F180)
    );
    let mut off = st.clone();
    off.allow_permanent_upgrade = false;
    assert_eq!(refused(&mut off, &up(83, 0)), "KLG-6.10");
}

// Rules: KLG-6.12.
#[test]
fn klg_6_12_effects_of_active_permanent_and_expansion_cards() {
    let mut st = table()
        .active(&[9, 14, 16])
        .block(16, 14)
        .permanent(&[15])
        .expansion(137, F0, 0)
        .deck(&[2])
        .res(bag(&[(Gold, 3)]))
        .build();
    st.score_track.base = Some(0);
    st.base.finished = true;
    let l = legal(&st);
    for a in [
        use_effect(9, "e1"),
        use_effect(15, "e1"),
        use_effect(137, "e1"),
    ] {
        assert!(l.contains(&a), "{a:?}");
    }
    assert!(!l.contains(&use_effect(16, "e1")), "blocked");
    assert!(
        !l.contains(&use_effect(137, "e2")),
        "triggered effects are not actions"
    );
    let ev = act(&mut st, use_effect(137, "e1"));
    assert!(ev.contains(&KlgEvent::Paid {
        bag: bag(&[(Gold, 1)])
    }));
    assert_eq!(st.resources, bag(&[(Gold, 2), (Trade, 1)]));
    assert_eq!(loc(&st, 137), Location::Expansion);
    act(&mut st, use_effect(9, "e1"));
    assert_eq!(st.resources, bag(&[(Trade, 2)]));
    assert_eq!(refused(&mut st, &use_effect(137, "e1")), "KLG-6.11");
}

// Rules: KLG-6.14.
#[test]
fn klg_6_14_timing_consequence_after_the_instructions() {
    // Destroy timing: the card turned itself (to the discard pile) and is destroyed there.
    let mut st = table().active(&[85, 1]).deck(&[2]).build();
    let ev = act(&mut st, use_effect(85, "e1"));
    let gained = pos(&ev, |e| matches!(e, KlgEvent::Gained { .. }));
    let turned = pos(&ev, |e| matches!(e, KlgEvent::CardTurned { card: 85, .. }));
    let destroyed = pos(&ev, |e| {
        matches!(e, KlgEvent::CardDestroyed { card: 85, .. })
    });
    assert!(gained < turned && turned < destroyed);
    assert_eq!(
        (loc(&st, 85), st.orientation(85)),
        (Location::PendingDestruction, B0)
    );
    // End-of-turn timing: the card turned itself; the turn still ends; discarded once.
    let mut st = table().active(&[86, 1]).deck(&[2]).build();
    let ev = act(&mut st, use_effect(86, "e1"));
    assert!(ev.contains(&KlgEvent::TurnEnded));
    let moves = ev
        .iter()
        .filter(|e| matches!(e, KlgEvent::CardMoved { card: 86, .. }))
        .count();
    assert_eq!(moves, 1);
    assert_eq!(
        (loc(&st, 86), st.orientation(86)),
        (Location::Discard, F180)
    );
}

// ------------------------------------------------------------------------------------------
// KLG-7 resources
// ------------------------------------------------------------------------------------------

// Rules: KLG-7.2.
#[test]
fn klg_7_2_resources_come_from_production_and_effects() {
    let (mut st, _) = table().deck(&[11, 9, 1, 2, 3]).turn_start();
    assert_eq!(st.resources, bag(&[(Gold, 1)]), "Orchard's effect");
    act(&mut st, produce(1, &[0]));
    assert_eq!(st.resources, bag(&[(Gold, 2)]), "production");
    act(&mut st, use_effect(9, "e1"));
    assert_eq!(st.resources, bag(&[(Trade, 1)]));
}

// Rules: KLG-7.5.
#[test]
fn klg_7_5_unblocking_and_discovering_keep_resources() {
    // Another card's effect (Messenger, 75) puts the blocker back on the deck (KLG-10.5).
    let mut st = table()
        .active(&[14, 1, 75])
        .block(1, 14)
        .deck(&[2])
        .res(bag(&[(Military, 1), (Gold, 2)]))
        .build();
    act(&mut st, use_effect(75, "e1"));
    let ev = act(&mut st, cards(&[14]));
    assert!(ev.contains(&KlgEvent::CardUnblocked { card: 1 }));
    assert!(!ev.contains(&KlgEvent::ResourcesCleared));
    assert_eq!(st.resources, bag(&[(Military, 1), (Gold, 2)]));
    let mut st = table()
        .active(&[88])
        .deck(&[2])
        .res(bag(&[(Wood, 2)]))
        .build();
    let ev = act(&mut st, use_effect(88, "e1"));
    assert_eq!(discovered(&ev), vec![71]);
    assert_eq!(st.resources, bag(&[(Wood, 2), (Gold, 1)]));
}

// Rules: KLG-7.6.
#[test]
fn klg_7_6_exact_kinds_and_no_upper_limit() {
    let mut st = table()
        .active(&[9])
        .deck(&[2])
        .res(bag(&[(Wood, 5), (Trade, 5), (Stone, 5)]))
        .build();
    assert_eq!(refused(&mut st, &use_effect(9, "e1")), "KLG-6.11");
    let mut st = table()
        .active(&[9, 5])
        .deck(&[2])
        .res(bag(&[(Gold, 1000)]))
        .build();
    act(&mut st, use_effect(9, "e1"));
    act(&mut st, produce(5, &[1]));
    assert_eq!(st.resources, bag(&[(Gold, 999), (Trade, 1)]));
}

// Rules: KLG-7.7.
#[test]
fn klg_7_7_resources_vanish_at_round_end() {
    let mut st = table().active(&[1]).res(bag(&[(Gold, 3)])).build();
    let ev = act(&mut st, A::Pass);
    assert!(ev.contains(&KlgEvent::ResourcesCleared));
    assert_eq!(st.phase, Phase::BetweenRounds);
    assert!(st.resources.is_empty());
    assert!(view(&st).resources.is_empty());
}

// Rules: KLG-7.8.
#[test]
fn klg_7_8_fame_is_not_a_resource() {
    let mut st = table()
        .permanent(&[15])
        .active(&[1])
        .deck(&[2, 3])
        .res(bag(&[(Gold, 1)]))
        .build();
    let before = card_fame(&st, 15);
    act(&mut st, use_effect(15, "e1"));
    act(&mut st, A::ChooseCheckbox { index: 1 });
    assert_eq!(card_fame(&st, 15), before + 2);
    assert!(
        st.resources.is_empty(),
        "the turn ended; fame was never held as a resource"
    );
    assert!(
        !serde_json::to_string(&st.resources)
            .unwrap()
            .contains("fame")
    );
}

// ------------------------------------------------------------------------------------------
// KLG-8 effects
// ------------------------------------------------------------------------------------------

// Rules: KLG-8.1, KLG-14.5.
#[test]
fn klg_8_1_14_5_one_time_symbol_alone() {
    let mut st = table().active(&[87, 1]).deck(&[2]).build();
    let ev = act(&mut st, use_effect(87, "e1"));
    assert!(ev.contains(&KlgEvent::EffectCrossedOut {
        card: 87,
        orientation: F0,
        effect: "e1".into()
    }));
    assert_eq!(st.resources, bag(&[(Gold, 2)]));
    assert_eq!(loc(&st, 87), Location::Active, "not discarded");
    assert_eq!(refused(&mut st, &use_effect(87, "e1")), "KLG-14.5");
    // Crossed out for good: still after the round, in the stored record.
    finish_round(&mut st);
    let rec = st.record();
    assert!(rec.cards[&87].crossed_out[&F0].contains("e1"));
    let mut st = Table(st).active(&[87]).deck(&[2]).build();
    st.phase = Phase::Main;
    st.flow = Flow::Turn;
    assert!(is_legal(&st, &produce(87, &[0])), "back in a turn");
    assert!(!is_legal(&st, &use_effect(87, "e1")));
}

// Rules: KLG-8.5.
#[test]
fn klg_8_5_dead_discoveries() {
    install();
    let mut st = table()
        .active(&[74, 88])
        .discard(&[70, 71])
        .deck(&[2])
        .build();
    assert_eq!(refused(&mut st, &use_effect(74, "e1")), "KLG-8.5");
    // An effect with a dead discovery and another instruction is still offered.
    let ev = act(&mut st, use_effect(88, "e1"));
    assert_eq!(st.resources, bag(&[(Gold, 1)]));
    assert!(discovered(&ev).is_empty());
    assert!(
        ev.iter()
            .any(|e| matches!(e, KlgEvent::InstructionSkipped { .. }))
    );
}

// Rules: KLG-8.6.
#[test]
fn klg_8_6_the_pending_pool() {
    // A lone mandatory trigger starts by itself.
    let (st, _) = table().deck(&[11, 1, 2, 3, 4]).turn_start();
    assert_eq!((st.phase, st.resources), (Phase::Main, bag(&[(Gold, 1)])));
    // A lone optional one waits for a choice or a decline.
    let (st, _) = table().deck(&[10, 1, 2, 3, 4]).turn_start();
    assert_eq!(st.phase, Phase::Pending);
    let id = trig(&st, 10);
    let l = legal(&st);
    assert!(l.contains(&A::ChooseTrigger { id }) && l.contains(&A::DeclineTrigger { id }));
    assert!(!l.contains(&A::Pass));
    // Two mandatory ones: the player orders them; neither can be declined.
    let (mut st, _) = table().deck(&[11, 12, 1, 2, 3]).turn_start();
    assert_eq!(st.phase, Phase::Pending);
    let (a, b) = (trig(&st, 11), trig(&st, 12));
    assert_eq!(
        legal(&st)
            .into_iter()
            .filter(|x| *x != A::ResetCampaign)
            .collect::<Vec<_>>(),
        vec![A::ChooseTrigger { id: a }, A::ChooseTrigger { id: b }]
    );
    assert_eq!(refused(&mut st, &A::DeclineTrigger { id: a }), "KLG-8.3");
    choose_trig(&mut st, 12);
    assert_eq!(st.phase, Phase::Main, "the last one started by itself");
    assert_eq!(st.resources, bag(&[(Gold, 1), (Military, 1)]));
}

// Rules: KLG-8.8.
#[test]
fn klg_8_8_a_pooled_trigger_resolves_after_its_card_is_blocked() {
    let (mut st, _) = table().deck(&[14, 11, 2, 3, 4]).turn_start();
    choose_trig(&mut st, 14);
    assert_eq!(decision_cards(&st), vec![11]);
    act(&mut st, cards(&[11]));
    assert_eq!(st.blocked_by(11), Some(14));
    assert_eq!(st.phase, Phase::Main);
    assert_eq!(
        st.resources,
        bag(&[(Gold, 1)]),
        "Orchard's trigger still resolved"
    );
}

// Rules: KLG-8.9, KLG-13.6.
#[test]
fn klg_8_9_13_6_printed_order_skips_and_costs() {
    // Smith with no other producing card in play: the instruction is skipped, the card is
    // still discarded (KLG-13.6: no production, no increase).
    let mut st = table().active(&[18, 14]).deck(&[2]).build();
    let ev = act(&mut st, use_effect(18, "e1"));
    assert!(
        ev.iter()
            .any(|e| matches!(e, KlgEvent::InstructionSkipped { .. }))
    );
    assert_eq!(loc(&st, 18), Location::Discard);
    assert_eq!(st.phase, Phase::Main);
    // Only producing cards are offered.
    let mut st = table().active(&[18, 14, 1]).deck(&[2]).build();
    act(&mut st, use_effect(18, "e1"));
    assert_eq!(decision_cards(&st), vec![1]);
    // Printed order: Grove gains, then turns.
    let mut st = table().active(&[7]).deck(&[2]).build();
    let ev = act(&mut st, use_effect(7, "e1"));
    assert!(
        pos(&ev, |e| matches!(e, KlgEvent::Gained { .. }))
            < pos(&ev, |e| matches!(e, KlgEvent::CardTurned { .. }))
    );
    // A cost that cannot be paid in full: not usable.
    let mut st = table().active(&[14]).deck(&[2]).build();
    assert_eq!(refused(&mut st, &use_effect(14, "e2")), "KLG-6.11");
}

// Rules: KLG-8.11, KLG-11.7.
#[test]
fn klg_8_11_11_7_static_protection_and_destroy_targets() {
    // Guardian in play protects the other active cards.
    let mut st = table().active(&[90, 89, 1]).deck(&[2]).build();
    act(&mut st, use_effect(90, "e1"));
    assert_eq!(decision_cards(&st), vec![89]);
    // Blocked, it has no effect (its own blocked state also hides it, KLG-10.10).
    let mut st = table()
        .active(&[90, 89, 1, 14])
        .block(89, 14)
        .deck(&[2])
        .build();
    act(&mut st, use_effect(90, "e1"));
    assert_eq!(decision_cards(&st), vec![1, 14]);
    // A permanent's static passive applies at all times.
    let mut st = table().active(&[90, 1]).permanent(&[91]).deck(&[2]).build();
    let ev = act(&mut st, use_effect(90, "e1"));
    assert!(
        ev.iter()
            .any(|e| matches!(e, KlgEvent::InstructionSkipped { .. }))
    );
    assert_eq!(loc(&st, 1), Location::Active);
    // KLG-11.7: a stage that cannot be destroyed is no target.
    let mut st = table().active(&[90, 103, 1]).deck(&[2]).build();
    act(&mut st, use_effect(90, "e1"));
    assert_eq!(decision_cards(&st), vec![1]);
}

// ------------------------------------------------------------------------------------------
// KLG-9 permanent cards
// ------------------------------------------------------------------------------------------

// Rules: KLG-9.1, KLG-9.2, KLG-9.3, KLG-9.4.
#[test]
fn klg_9_1_to_9_4_permanent_cards() {
    let mut st = table()
        .discard(&STARTERS)
        .discard(&[11, 12, 13, 14])
        .round(3)
        .between_rounds()
        .build();
    // KLG-9.1: the permanent stage (data flag) puts Watchpost above the active zone.
    act(&mut st, A::BeginRound);
    assert_eq!(loc(&st, 15), Location::Permanent);
    for _ in 0..3 {
        // KLG-9.3: its effect is usable in every turn without being played.
        if st.phase == Phase::Main {
            assert!(is_legal(&st, &use_effect(15, "e1")));
        }
        // KLG-9.4: never in play.
        assert!(!st.active.contains(&15) && !st.deck.contains(&15));
        let a = if st.phase == Phase::Main {
            A::Pass
        } else {
            legal(&st)[0].clone()
        };
        act(&mut st, a);
    }
    finish_round(&mut st);
    // KLG-9.2: never discarded nor shuffled.
    assert_eq!(loc(&st, 15), Location::Permanent);
    let ev = act(&mut st, A::BeginRound);
    let order = ev
        .iter()
        .find_map(|e| match e {
            KlgEvent::DeckShuffled { order, .. } => Some(order.clone()),
            _ => None,
        })
        .unwrap();
    assert!(!order.contains(&15));
}

// Rules: KLG-9.9.
#[test]
fn klg_9_9_destroying_a_permanent_needs_the_permanent_zone() {
    let mut st = table().active(&[92, 1]).permanent(&[15]).deck(&[2]).build();
    let mut a = st.clone();
    act(&mut a, use_effect(92, "e1"));
    assert!(!decision_cards(&a).contains(&15), "kingdom selector");
    assert!(decision_cards(&a).contains(&1));
    act(&mut st, use_effect(92, "e2"));
    assert_eq!(decision_cards(&st), vec![15]);
    act(&mut st, cards(&[15]));
    assert_eq!(loc(&st, 15), Location::PendingDestruction);
}

// ------------------------------------------------------------------------------------------
// KLG-10 blocking
// ------------------------------------------------------------------------------------------

// Rules: KLG-10.4.
#[test]
fn klg_10_4_blocked_card_leaves_with_its_blocker() {
    let mut st = table().active(&[14, 1, 2]).block(1, 14).deck(&[3]).build();
    act(&mut st, A::Pass);
    assert_eq!(
        (loc(&st, 14), loc(&st, 1)),
        (Location::Discard, Location::Discard)
    );
    assert!(st.blocks.is_empty());
    assert_eq!(st.active, vec![3]);
}

// Rules: KLG-10.6, KLG-12.4.
#[test]
fn klg_10_6_12_4_blocker_put_on_the_deck_unblocks_and_keeps_its_orientation() {
    let (mut st, _) = table().deck(&[14, 1, 10, 2, 3]).turn_start();
    choose_trig(&mut st, 14);
    act(&mut st, cards(&[1]));
    assert_eq!(st.blocked_by(1), Some(14));
    // Herald puts another (non-blocked) active card at the bottom: the blocker.
    choose_trig(&mut st, 10);
    assert_eq!(decision_cards(&st), vec![2, 14]);
    let ev = act(&mut st, cards(&[14]));
    assert!(ev.contains(&KlgEvent::CardUnblocked { card: 1 }));
    assert_eq!(loc(&st, 1), Location::Active);
    assert_eq!(st.deck, vec![3, 14]);
    assert_eq!(st.orientation(14), F0);
    // KLG-12.4: a card put on top is the visible top, in its orientation.
    let mut st = table()
        .active(&[75, 1])
        .orient(1, F180)
        .deck(&[2, 3])
        .build();
    act(&mut st, use_effect(75, "e1"));
    act(&mut st, cards(&[1]));
    let top = view(&st).deck.top.unwrap();
    assert_eq!((top.id, top.orientation), (1, F180));
}

// Rules: KLG-10.8.
#[test]
fn klg_10_8_a_blocked_card_is_no_block_target() {
    let (mut st, _) = table().deck(&[14, 21, 1, 5, 2]).turn_start();
    choose_trig(&mut st, 14);
    assert_eq!(decision_cards(&st), vec![1, 5]);
    act(&mut st, cards(&[1]));
    // Camp's trigger is alone and starts: Meadow (blocked) and the enemies are excluded.
    assert_eq!(decision_cards(&st), vec![5]);
    act(&mut st, cards(&[5]));
    assert_eq!((st.blocked_by(1), st.blocked_by(5)), (Some(14), Some(21)));
}

// Rules: KLG-10.9.
#[test]
fn klg_10_9_unblocked_card_is_not_played() {
    // Another card's effect (Messenger, 75) puts the blocker back on the deck (KLG-10.5).
    let _lib = extended();
    let mut st = table()
        .active(&[14, 11, 75])
        .block(11, 14)
        .deck(&[2])
        .res(bag(&[(Military, 1)]))
        .build();
    act(&mut st, use_effect(75, "e1"));
    let ev = act(&mut st, cards(&[14]));
    assert!(ev.contains(&KlgEvent::CardUnblocked { card: 11 }));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, KlgEvent::TriggerPending { .. }))
    );
    assert!(!ev.iter().any(|e| matches!(e, KlgEvent::CardsPlayed { .. })));
    assert_eq!(st.resources, bag(&[(Military, 1)]), "no resource loss");
}

// Rules: KLG-10.10 (revised in review: a blocked card is in play, so counts include it).
#[test]
fn klg_10_10_counts_include_blocked_cards() {
    let mut st = table()
        .active(&[14, 10, 93])
        .block(10, 14)
        .deck(&[12, 2, 3])
        .build();
    let mut census = st.clone();
    act(&mut st, A::March);
    assert_eq!(st.phase, Phase::Main, "Recruiter's lone trigger resolved");
    assert_eq!(
        st.resources,
        bag(&[(Military, 3)]),
        "Recruiter, Census and the blocked Herald"
    );
    act(&mut census, use_effect(93, "e1"));
    assert_eq!(
        census.resources,
        bag(&[(Military, 2)]),
        "Census + blocked Herald"
    );
}

// ------------------------------------------------------------------------------------------
// KLG-11 destroy and reset
// ------------------------------------------------------------------------------------------

// Rules: KLG-11.1.
#[test]
fn klg_11_1_destroyed_for_good() {
    let mut st = table()
        .active(&[14, 1])
        .discard(&[2, 3, 4])
        .card23(true)
        .res(bag(&[(Military, 1)]))
        .build();
    act(&mut st, use_effect(14, "e2"));
    act(&mut st, A::ChooseResource { kind: Gold });
    assert_eq!(loc(&st, 14), Location::Destroyed);
    finish_round(&mut st);
    for _ in 0..2 {
        act(&mut st, A::BeginRound);
        assert!(!st.deck.contains(&14) && !st.active.contains(&14));
        finish_round(&mut st);
    }
    assert_eq!(st.record().cards[&14].location, Location::Destroyed);
    assert!(!super::super::selectors::in_kingdom(&st, 14));
}

// Rules: KLG-11.5.
#[test]
fn klg_11_5_reset_gives_the_pristine_kingdom_with_the_rng_going_on() {
    let mut st = table()
        .active(&[1, 5])
        .orient(1, F180)
        .deck(&[3, 4])
        .discard(&[2, 6, 7, 8, 9, 10, 11, 12, 13])
        .pending(&[14])
        .permanent(&[15])
        .tick(15, F0, 1)
        .sticker(5, "3", F0)
        .supply("3", 5)
        .round(5)
        .build();
    let mut rng = st.rng.clone();
    let mut order = STARTERS.to_vec();
    rng.shuffle(&mut order);
    act(&mut st, A::ResetCampaign);
    let ev = act(&mut st, A::ConfirmReset);
    assert!(ev.contains(&KlgEvent::CampaignReset));
    let mut fresh = KingdomLegacy::setup_scenario(
        &Config::new(Pack::TestLibrary),
        &Scenario { deck: Some(order) },
        0,
    )
    .unwrap();
    fresh.rng = rng;
    assert_eq!(
        st, fresh,
        "exactly a new kingdom dealt with the next RNG draws"
    );
}

// Rules: KLG-11.6.
#[test]
fn klg_11_6_reset_at_any_decision_while_23_is_in_the_box() {
    let (main, _) = table().deck(&[1, 2, 3, 4, 5]).turn_start();
    let (pending, _) = table().deck(&[10, 1, 2, 3, 4]).turn_start();
    let between = table().discard(&STARTERS).between_rounds().build();
    let mut deciding = table().active(&[18, 1]).deck(&[2]).build();
    act(&mut deciding, use_effect(18, "e1"));
    for st in [&main, &pending, &between, &deciding] {
        assert!(is_legal(st, &A::ResetCampaign), "{:?}", st.phase);
        let mut s = st.clone();
        act(&mut s, A::ResetCampaign);
        act(&mut s, A::ConfirmReset);
        assert_eq!((s.round(), s.active.len()), (1, 4));
    }
    let mut done = between.clone();
    act(&mut done, A::Suspend);
    assert!(!is_legal(&done, &A::ResetCampaign));
}

// ------------------------------------------------------------------------------------------
// KLG-13 stickers, KLG-14 boxes, KLG-15 discovery
// ------------------------------------------------------------------------------------------

// Rules: KLG-13.1, KLG-13.3, KLG-13.7.
#[test]
fn klg_13_1_13_3_13_7_stickers_on_stages() {
    let mut st = table().active(&[94, 1]).deck(&[2]).build();
    let supply7 = st.sticker_supply["7"];
    let mut s2 = st.clone();
    act(&mut st, use_effect(94, "e1"));
    act(&mut st, cards(&[1]));
    assert_eq!(
        st.card(1).stickers,
        vec![StickerMark {
            no: "7".into(),
            orientation: F0
        }]
    );
    assert_eq!(st.sticker_supply["7"], supply7 - 1);
    assert_eq!(card_fame(&st, 1), 2);
    // A stated stage: sticker 10 on F180 while F0 is up — no fame until rotated.
    act(&mut s2, use_effect(94, "e2"));
    act(&mut s2, cards(&[1]));
    assert_eq!(s2.card(1).stickers[0].orientation, F180);
    assert_eq!(card_fame(&s2, 1), 0);
    s2.card_mut(1).orientation = F180;
    assert_eq!(card_fame(&s2, 1), 7);
    // KLG-13.7: the F0 fame sticker stops counting once F0 is no longer up.
    st.card_mut(1).orientation = F180;
    assert_eq!(card_fame(&st, 1), 2);
    // A production sticker on F0 works only while F0 is up.
    let st = table().active(&[1]).sticker(1, "1", F0).deck(&[2]).build();
    let mut a = st.clone();
    act(&mut a, produce(1, &[0]));
    assert_eq!(a.resources, bag(&[(Gold, 2)]));
    let mut b = st.clone();
    b.card_mut(1).orientation = F180;
    act(&mut b, produce(1, &[0]));
    assert_eq!(b.resources, bag(&[(Gold, 2)]), "Pasture's 2, no sticker");
}

// Rules: KLG-13.4.
#[test]
fn klg_13_4_reserved_stickers_are_not_in_the_supply() {
    for pack in [Pack::TestLibrary, Pack::Shipped] {
        if pack.content().card(1).is_none() {
            continue;
        }
        let st = KingdomLegacy::setup(&Config::new(pack), 1).unwrap();
        for no in ["9", "12", "14", "15"] {
            assert_eq!(st.sticker_supply.get(no).copied().unwrap_or(0), 0, "{no}");
        }
    }
    // An expansion card's sticker 9 instruction: nothing happens (no copy).
    let mut st = table()
        .discard(&STARTERS)
        .card23(true)
        .expansion(137, F0, 0)
        .between_rounds()
        .build();
    st.base.finished = true;
    let ev = act(&mut st, A::BeginRound);
    assert!(ev.contains(&KlgEvent::StickerUnavailable { no: "9".into() }));
    assert!(st.card(137).stickers.is_empty());
}

// Rules: KLG-13.8, KLG-13.9.
#[test]
fn klg_13_8_13_9_production_sticker_on_every_alternative() {
    let mut st = table().active(&[18, 95]).deck(&[2]).build();
    let supply = st.sticker_supply["1"];
    act(&mut st, use_effect(18, "e1"));
    act(&mut st, cards(&[95]));
    assert_eq!(
        legal(&st)
            .into_iter()
            .filter(|a| *a != A::ResetCampaign)
            .collect::<Vec<_>>(),
        vec![
            A::ChooseResource { kind: Gold },
            A::ChooseResource { kind: Wood }
        ]
    );
    act(&mut st, A::ChooseResource { kind: Gold });
    assert_eq!(
        st.sticker_supply["1"],
        supply - 1,
        "the gold sticker (no. 1)"
    );
    assert_eq!(st.card(95).stickers[0].no, "1");
    let mut a = st.clone();
    act(&mut a, produce(95, &[0]));
    assert_eq!(a.resources, bag(&[(Gold, 2)]));
    act(&mut st, produce(95, &[1]));
    assert_eq!(st.resources, bag(&[(Gold, 2), (Wood, 1)]));
}

// Rules: KLG-14.2.
#[test]
fn klg_14_2_what_a_box_means_is_on_its_card() {
    let mut st = table().active(&[96]).deck(&[2]).build();
    let mut b = st.clone();
    act(&mut st, use_effect(96, "e1"));
    let ev = act(&mut st, A::ChooseCheckbox { index: 0 });
    assert_eq!(discovered(&ev), vec![77], "box 0 discovers 77");
    assert_eq!(card_fame(&st, 96), 0);
    act(&mut b, use_effect(96, "e1"));
    let ev = act(&mut b, A::ChooseCheckbox { index: 1 });
    assert!(discovered(&ev).is_empty());
    assert_eq!(card_fame(&b, 96), 3, "box 1 is worth 3 fame");
}

// Rules: KLG-14.3.
#[test]
fn klg_14_3_in_order_boxes() {
    let mut st = table().active(&[97]).deck(&[2]).build();
    act(&mut st, use_effect(97, "e1"));
    assert_eq!(
        st.decision,
        Some(Decision::Checkbox {
            card: 97,
            orientation: F0,
            options: vec![0],
            cost: true
        })
    );
    assert_eq!(
        refused(&mut st, &A::ChooseCheckbox { index: 1 }),
        "KLG-14.3"
    );
    act(&mut st, A::ChooseCheckbox { index: 0 });
    assert_eq!(st.resources, bag(&[(Gold, 1)]));
    let mut st = Table(st).active(&[97]).build();
    act(&mut st, use_effect(97, "e1"));
    assert!(is_legal(&st, &A::ChooseCheckbox { index: 1 }));
    assert!(!is_legal(&st, &A::ChooseCheckbox { index: 2 }));
}

// Rules: KLG-14.6.
#[test]
fn klg_14_6_ticks_belong_to_their_stage_and_persist() {
    let mut st = table().active(&[98]).deck(&[2, 3]).build();
    act(&mut st, use_effect(98, "e1"));
    act(&mut st, A::ChooseCheckbox { index: 0 });
    assert_eq!(card_fame(&st, 98), 1);
    finish_round(&mut st);
    let rec = st.record();
    assert_eq!(rec.cards[&98].ticked[&F0].len(), 1);
    // Rotated to F180: its boxes are fresh and F0's tick no longer scores.
    let mut st = Table(st).active(&[98]).deck(&[2]).build();
    st.phase = Phase::Main;
    st.flow = Flow::Turn;
    act(&mut st, up(98, 0));
    assert_eq!(st.orientation(98), F180);
    assert_eq!(card_fame(&st, 98), 0);
    assert!(st.card(98).ticked_on(F180).is_empty());
    assert_eq!(st.card(98).ticked_on(F0).len(), 1, "kept on F0");
}

// Rules: KLG-15.1.
#[test]
fn klg_15_1_discovering_puts_the_card_on_the_discard_pile() {
    let mut st = table().active(&[88]).deck(&[2]).build();
    assert_eq!(loc(&st, 71), Location::Box);
    let ev = act(&mut st, use_effect(88, "e1"));
    assert!(ev.contains(&KlgEvent::CardDiscovered {
        card: 71,
        to: Location::Discard
    }));
    assert_eq!((loc(&st, 71), st.orientation(71)), (Location::Discard, F0));
    assert!(!st.deck.contains(&71) && !st.active.contains(&71));
}

// Rules: KLG-15.2, KLG-15.4.
#[test]
fn klg_15_2_15_4_one_of_several() {
    // Others destroyed when the card says so; only designated cards are revealed.
    let mut st = table().active(&[99]).deck(&[2]).build();
    let ev = act(&mut st, use_effect(99, "e1"));
    assert!(ev.contains(&KlgEvent::CardsRevealed {
        cards: vec![100, 101, 102]
    }));
    let v = view(&st);
    let revealed: Vec<CardId> = v.box_revealed.iter().map(|c| c.id).collect();
    assert_eq!(revealed, vec![100, 101, 102, 136, 137]);
    act(&mut st, A::ChooseDiscovery { ids: vec![101] });
    assert_eq!(loc(&st, 101), Location::Discard);
    assert_eq!(loc(&st, 100), Location::PendingDestruction);
    assert_eq!(loc(&st, 102), Location::PendingDestruction);
    // Designated cards no longer in the box are ignored; none left: nothing happens.
    let mut st = table().active(&[17]).discard(&[71, 72]).deck(&[2]).build();
    act(&mut st, use_effect(17, "e1"));
    assert_eq!(
        st.decision,
        Some(Decision::Discovery {
            cards: vec![73],
            choose: 1,
            others: super::super::data::OthersPolicy::Stay
        })
    );
    let mut st = table()
        .active(&[17])
        .discard(&[71, 72, 73])
        .deck(&[2])
        .build();
    assert_eq!(refused(&mut st, &use_effect(17, "e1")), "KLG-8.5");
}

// Rules: KLG-15.7.
#[test]
fn klg_15_7_expansion_cards_are_seen_but_never_discovered() {
    let mut st = table().active(&[108]).deck(&[2]).build();
    let v = view(&st);
    assert!(v.box_revealed.iter().any(|c| c.id == 136));
    assert!(view(&st).box_revealed.iter().all(|c| c.id != 71));
    assert_eq!(refused(&mut st, &use_effect(108, "e2")), "KLG-8.5");
    let ev = act(&mut st, use_effect(108, "e1"));
    assert_eq!(discovered(&ev), vec![107]);
    assert_eq!(loc(&st, 136), Location::Box);
}

// ------------------------------------------------------------------------------------------
// KLG-16, KLG-17 storing and scoring
// ------------------------------------------------------------------------------------------

// Rules: KLG-16.3.
#[test]
fn klg_16_3_suspend_only_at_a_boundary() {
    let (mut main, _) = table().deck(&[1, 2, 3, 4, 5]).turn_start();
    assert_eq!(refused(&mut main, &A::Suspend), "KLG-16.3");
    let (mut pending, _) = table().deck(&[10, 1, 2, 3, 4]).turn_start();
    assert_eq!(refused(&mut pending, &A::Suspend), "KLG-16.3");
    let between = table().discard(&STARTERS).between_rounds().build();
    assert!(is_legal(&between, &A::Suspend));
    let mut post = table().discard(&STARTERS).card23(true).post_game(3).build();
    assert!(is_legal(&post, &A::Suspend));
    act(&mut post, A::Suspend);
    assert_eq!(post.ended, Some(SittingEnd::Suspended));
    assert!(legal(&post).is_empty());
}

// Rules: KLG-17.1.
#[test]
fn klg_17_1_base_game_ends_with_the_last_round() {
    let t = table();
    let gone: Vec<CardId> =
        t.0.cards
            .keys()
            .copied()
            .filter(|&i| (11..=68).contains(&i) && i != 15)
            .collect();
    let mut st = t
        .discard(&STARTERS)
        .destroyed(&gone)
        .permanent(&[15])
        .card23(true)
        .round(20)
        .between_rounds()
        .build();
    act(&mut st, A::BeginRound);
    assert!(st.base.last_round);
    assert!(
        !st.base.finished && st.score_track.base.is_none(),
        "during the last round"
    );
    while !st.deck.is_empty() {
        settle(&mut st);
        act(&mut st, A::Pass);
        assert!(st.score_track.base.is_none());
    }
    finish_round(&mut st);
    assert_eq!(st.phase, Phase::PostGame);
    assert_eq!(st.score_track.base, Some(kingdom_fame(&st)));
}

// Rules: KLG-17.4, KLG-19.8, KLG-19.11.
#[test]
fn klg_17_4_19_8_19_11_purge_fame_adds_up_over_expansions() {
    let kingdom: Vec<CardId> = (1..=13).chain([16, 17, 18]).collect();
    let mut st = table()
        .discard(&kingdom)
        .permanent(&[15, 29])
        .card23(true)
        .post_game(10)
        .build();
    for exp in [136, 137] {
        act(&mut st, A::StartExpansion { card: exp });
        while st.phase == Phase::PurgeSelect {
            // Pick the last eligible card each time.
            let a = legal(&st)
                .into_iter()
                .rev()
                .find(|a| *a != A::ResetCampaign)
                .unwrap();
            act(&mut st, a);
        }
        loop {
            finish_round(&mut st);
            if st.phase == Phase::PostGame {
                break;
            }
            act(&mut st, A::BeginRound);
        }
        let total: i32 = st.purge_fame.iter().map(|e| e.value).sum();
        let last = st.score_track.expansions.last().unwrap();
        assert_eq!(last.expansion_id, exp);
        assert_eq!(last.score, kingdom_fame(&st) + total);
    }
    assert_eq!(
        st.purge_fame
            .iter()
            .map(|e| e.expansion_id)
            .collect::<Vec<_>>(),
        vec![136, 137],
        "one entry per purge"
    );
    assert_eq!(
        st.purge_fame.iter().map(|e| e.value).sum::<i32>(),
        purge_fame_total(&st)
    );
    assert_eq!(
        view(&st).current_fame,
        kingdom_fame(&st) + purge_fame_total(&st)
    );
}

// Rules: KLG-17.5, KLG-1.1.
#[test]
fn klg_17_5_1_1_no_threshold_the_player_always_takes_first_place() {
    let mut st = table()
        .discard(&[14, 21])
        .card23(true)
        .post_game(-1)
        .build();
    assert!(kingdom_fame(&st) < 0);
    act(&mut st, A::CloseCampaign);
    let o: Outcome = KingdomLegacy::outcome(&st).unwrap();
    assert_eq!((o.places, o.winners, o.draw), (vec![1], vec![0], false));
    assert!(o.reason.contains("-1"), "{}", o.reason);
}

// Rules: KLG-17.7, KLG-18.2.
#[test]
fn klg_17_7_18_2_after_the_base_game() {
    let mut between = table()
        .discard(&STARTERS)
        .card23(true)
        .between_rounds()
        .build();
    assert_eq!(
        refused(&mut between, &A::StartExpansion { card: 136 }),
        "KLG-18.2"
    );
    let (mut main, _) = table().deck(&STARTERS).card23(true).turn_start();
    assert_eq!(
        refused(&mut main, &A::StartExpansion { card: 136 }),
        "KLG-18.2"
    );
    assert_eq!(refused(&mut main, &A::CloseCampaign), "KLG-17.7");
    let post = table().discard(&STARTERS).card23(true).post_game(7).build();
    assert_eq!(
        legal(&post),
        vec![
            A::StartExpansion { card: 136 },
            A::StartExpansion { card: 137 },
            A::CloseCampaign,
            A::Suspend
        ]
    );
}

// ------------------------------------------------------------------------------------------
// KLG-18 expansions, KLG-19 purge
// ------------------------------------------------------------------------------------------

// Rules: KLG-18.1.
#[test]
fn klg_18_1_shipped_expansion_cards_are_always_visible() {
    let content = Pack::Shipped.content();
    if content.card(1).is_none() {
        return;
    }
    let st = KingdomLegacy::setup(&Config::new(Pack::Shipped), 2).unwrap();
    let v = view(&st);
    let ids: Vec<CardId> = v.box_revealed.iter().map(|c| c.id).collect();
    assert_eq!(ids, vec![136, 137, 138]);
    let json = serde_json::to_string(&v).unwrap();
    for id in [136u16, 137, 138] {
        let name = &content.stage(id, F0).unwrap().name;
        assert!(json.contains(&format!(
            "\"name\":{}",
            serde_json::to_string(name).unwrap()
        )));
    }
}

/// After the base game: 16 non-permanent cards and two permanents.
fn post_game_table() -> Table {
    let kingdom: Vec<CardId> = (1..=13).chain([16, 17, 18]).collect();
    table()
        .discard(&kingdom)
        .permanent(&[15, 29])
        .card23(true)
        .post_game(10)
}

// Rules: KLG-18.6, KLG-18.10.
#[test]
fn klg_18_6_18_10_score_entry_13k_sticker_and_once_per_kingdom() {
    let mut st = post_game_table().build();
    let marks = st.sticker_supply["13k"];
    act(&mut st, A::StartExpansion { card: 137 });
    while st.phase == Phase::PurgeSelect {
        let a = legal(&st)[0].clone();
        act(&mut st, a);
    }
    finish_round(&mut st);
    act(&mut st, A::BeginRound);
    finish_round(&mut st);
    assert_eq!(st.phase, Phase::PostGame);
    assert_eq!(st.score_track.expansions.len(), 1);
    assert_eq!(st.sticker_supply["13k"], marks - 1);
    assert_eq!(loc(&st, 137), Location::Destroyed);
    assert!(!is_legal(&st, &A::StartExpansion { card: 137 }));
    assert!(is_legal(&st, &A::StartExpansion { card: 136 }));
}

// Rules: KLG-18.8, KLG-19.12.
#[test]
fn klg_18_8_19_12_an_expansion_pack_with_its_own_purge_and_rounds() {
    let mut st = post_game_table().build();
    let ev = act(&mut st, A::StartExpansion { card: 137 });
    // Purge 5 over 16 cards: 3 batches of 5.
    let batches: Vec<usize> = ev
        .iter()
        .filter_map(|e| match e {
            KlgEvent::PurgeBatch { cards } => Some(cards.len()),
            _ => None,
        })
        .collect();
    assert_eq!(batches, vec![5]);
    let mut picks = 0;
    while st.phase == Phase::PurgeSelect {
        if let Some(Decision::PurgePick { batch, .. }) = &st.decision {
            assert_eq!(batch.len(), 5);
            picks += 1;
        }
        let a = legal(&st)[0].clone();
        act(&mut st, a);
    }
    assert_eq!(picks, 3);
    // Two rounds, then scored.
    finish_round(&mut st);
    assert_eq!(st.phase, Phase::BetweenRounds);
    act(&mut st, A::BeginRound);
    finish_round(&mut st);
    assert_eq!(st.phase, Phase::PostGame);
    assert_eq!(st.score_track.expansions[0].expansion_id, 137);
}

// Rules: KLG-18.9, KLG-18.11.
#[test]
fn klg_18_9_18_11_the_expansion_card_zone_and_its_first_round() {
    let mut st = post_game_table().build();
    act(&mut st, A::StartExpansion { card: 137 });
    let mut ev = Vec::new();
    while st.phase == Phase::PurgeSelect {
        let a = legal(&st)[0].clone();
        ev = act(&mut st, a);
    }
    // KLG-18.11: round start without discovery: round_start trigger, shuffle, first turn.
    assert!(discovered(&ev).is_empty());
    let started = pos(&ev, |e| {
        *e == KlgEvent::RoundStarted {
            round: 1,
            expansion: Some(137),
        }
    });
    let trig = pos(&ev, |e| {
        matches!(e, KlgEvent::TriggerResolved { card: 137, .. })
    });
    let shuffled = pos(&ev, |e| matches!(e, KlgEvent::DeckShuffled { .. }));
    let turn = pos(&ev, |e| matches!(e, KlgEvent::TurnStarted { .. }));
    assert!(started < trig && trig < shuffled && shuffled < turn);
    // KLG-18.9: in its own zone, not in play, never discarded; F0 in round 1.
    assert_eq!(
        (loc(&st, 137), st.orientation(137)),
        (Location::Expansion, F0)
    );
    assert!(!st.active.contains(&137));
    settle(&mut st);
    act(&mut st, A::Pass);
    assert_eq!(loc(&st, 137), Location::Expansion);
    finish_round(&mut st);
    assert_eq!(
        (loc(&st, 137), st.orientation(137)),
        (Location::Expansion, F180)
    );
    act(&mut st, A::BeginRound);
    finish_round(&mut st);
    assert_eq!(loc(&st, 137), Location::Destroyed);
    assert_eq!(st.expansions.current, None);
}

// Rules: KLG-19.1, KLG-19.3, KLG-19.4, KLG-19.7.
#[test]
fn klg_19_1_19_3_19_4_19_7_purge_procedure() {
    let mut st = post_game_table().build();
    let sixteen = st.sticker_supply["16"];
    let ev = act(&mut st, A::StartExpansion { card: 136 });
    // KLG-19.3: "your deck" = every non-permanent kingdom card, shuffled.
    let order = ev
        .iter()
        .find_map(|e| match e {
            KlgEvent::PurgeShuffled { order } => Some(order.clone()),
            _ => None,
        })
        .unwrap();
    let mut sorted = order.clone();
    sorted.sort_unstable();
    let expect: Vec<CardId> = (1..=13).chain([16, 17, 18]).collect();
    assert_eq!(sorted, expect);
    assert_eq!(order[..12].to_vec(), st.purge.as_ref().unwrap().batch);
    let Some(Decision::PurgePick { eligible, .. }) = st.decision.clone() else {
        panic!("a pick")
    };
    let pick = eligible[0];
    let fame = card_fame(&st, pick);
    act(&mut st, A::PurgePick { card: Some(pick) });
    // KLG-19.4: 11 leftovers, 4 remain < 12: the selection is complete — all back to discard.
    let p = st.purge.as_ref().unwrap();
    assert!(p.deck.is_empty() && p.leftovers.is_empty());
    assert_eq!(st.discard.len(), 15);
    assert!(matches!(st.decision, Some(Decision::PurgePermanent { .. })));
    act(&mut st, A::PurgePickPermanent { card: Some(29) });
    // KLG-19.7, 19.1: fame kept on sticker 16, the set-aside cards destroyed.
    assert_eq!(
        st.purge_fame,
        vec![PurgeFameEntry {
            expansion_id: 136,
            value: fame + 4
        }]
    );
    assert_eq!(st.sticker_supply["16"], sixteen - 1);
    assert_eq!(
        (loc(&st, pick), loc(&st, 29)),
        (Location::Destroyed, Location::Destroyed)
    );
}

// Rules: KLG-19.6.
#[test]
fn klg_19_6_purge_one_permanent() {
    // Hostile and purge-protected permanents are not eligible; with only them, skipped.
    let kingdom: Vec<CardId> = (1..=13).collect();
    let mut st = table()
        .discard(&kingdom)
        .permanent(&[104, 105])
        .card23(true)
        .post_game(0)
        .build();
    act(&mut st, A::StartExpansion { card: 136 });
    let mut saw_permanent = false;
    while st.phase == Phase::PurgeSelect {
        saw_permanent |= matches!(st.decision, Some(Decision::PurgePermanent { .. }));
        let a = legal(&st)[0].clone();
        act(&mut st, a);
    }
    assert!(!saw_permanent);
    assert_eq!(
        (loc(&st, 104), loc(&st, 105)),
        (Location::Permanent, Location::Permanent)
    );
    // With Watchpost too: it is the only choice and choosing is mandatory.
    let mut st = table()
        .discard(&kingdom)
        .permanent(&[15, 104, 105])
        .card23(true)
        .post_game(0)
        .build();
    act(&mut st, A::StartExpansion { card: 136 });
    let a = legal(&st)[0].clone();
    act(&mut st, a);
    assert_eq!(legal(&st), vec![A::PurgePickPermanent { card: Some(15) }]);
    assert_eq!(
        refused(&mut st, &A::PurgePickPermanent { card: None }),
        "KLG-19.6"
    );
}

// Rules: KLG-19.10.
#[test]
fn klg_19_10_purged_fame_counts_stickers_and_ticks() {
    let kingdom: Vec<CardId> = (2..=12).collect();
    let mut st = table()
        .discard(&kingdom)
        .permanent(&[15])
        .tick(15, F0, 0)
        .tick(15, F0, 2)
        .sticker(15, "7", F0)
        .card23(true)
        .post_game(0)
        .build();
    assert_eq!(card_fame(&st, 15), 1 + 4 + 2);
    act(&mut st, A::StartExpansion { card: 136 });
    assert!(
        matches!(st.decision, Some(Decision::PurgePermanent { .. })),
        "11 cards: no batch"
    );
    act(&mut st, A::PurgePickPermanent { card: Some(15) });
    assert_eq!(st.purge_fame[0].value, 7);
    assert_eq!(loc(&st, 15), Location::Destroyed);
}

// ------------------------------------------------------------------------------------------
// KLG-20 hidden information
// ------------------------------------------------------------------------------------------

// Rules: KLG-20.3.
#[test]
fn klg_20_3_legal_actions_do_not_depend_on_hidden_order_or_rng() {
    let base = table()
        .active(&[17, 9])
        .deck(&[1, 2, 3, 4, 5])
        .res(bag(&[(Gold, 2)]))
        .build();
    let mut other = base.clone();
    other.deck = vec![1, 5, 4, 3, 2];
    other.rng = crate::GameRng::from_seed(999);
    assert_eq!(legal(&base), legal(&other));
    // Shrine's discovery is offered iff a designated serial number is in the box.
    let mut st = base.clone();
    for c in [71, 72, 73] {
        st.card_mut(c).location = Location::Destroyed;
        st.destroyed.push(c);
    }
    assert!(is_legal(&base, &use_effect(17, "e1")));
    assert!(!is_legal(&st, &use_effect(17, "e1")));
}

// Rules: KLG-20.4.
#[test]
fn klg_20_4_the_rng_is_never_shown() {
    let mut st = KingdomLegacy::setup(&Config::new(Pack::TestLibrary), 31).unwrap();
    let mut rng = crate::GameRng::from_seed(4);
    let mut all_events = Vec::new();
    for _ in 0..120 {
        let acts: Vec<A> = legal(&st)
            .into_iter()
            .filter(|a| !matches!(a, A::ResetCampaign | A::Suspend | A::CloseCampaign))
            .collect();
        if acts.is_empty() {
            break;
        }
        let a = acts[rng.below(acts.len())].clone();
        all_events.extend(act(&mut st, a));
    }
    let secret = serde_json::to_string(&st.rng).unwrap();
    let secret = secret.trim_matches(|c| c == '"' || c == '{' || c == '}');
    assert!(secret.len() > 8);
    let v = serde_json::to_string(&view(&st)).unwrap();
    assert!(!v.contains(secret) && !v.contains("rng"));
    for e in &all_events {
        let r = KingdomLegacy::redact_event(e, crate::Viewer::Seat(0)).unwrap();
        assert!(!serde_json::to_string(&r).unwrap().contains("rng"));
    }
    let mut camp = KingdomLegacy::new_campaign(&CampaignConfig {
        pack: Pack::TestLibrary,
        allow_permanent_upgrade: true,
    })
    .unwrap();
    let mut s = KingdomLegacy::setup(&KingdomLegacy::next_game(&camp).unwrap(), 31).unwrap();
    finish_round(&mut s);
    act(&mut s, A::Suspend);
    KingdomLegacy::fold(&mut camp, &s).unwrap();
    let cv = serde_json::to_string(&KingdomLegacy::campaign_view(&camp)).unwrap();
    let secret = serde_json::to_string(&s.rng).unwrap();
    let secret = secret.trim_matches(|c| c == '"' || c == '{' || c == '}');
    assert!(!cv.contains(secret) && !cv.contains("rng"));
}
