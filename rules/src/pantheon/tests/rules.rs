//! Rule tests beyond the test vectors: one or more assertions per rule ID of the spec.

use super::*;
use crate::pantheon::flow;
use crate::pantheon::state::{Pending, Src, Task};
use crate::{SetupError, Viewer};
use PantheonEvent as E;

fn gifts() -> CardKind {
    off(K::Gifts)
}
fn priests() -> CardKind {
    off(K::Priests)
}

#[test]
fn pth_1_1_players_and_clockwise_order() {
    // PTH-1.1: 2–4 players.
    for n in [1u8, 5] {
        let e: SetupError = Pantheon::setup(&PantheonConfig::new(n), 1).unwrap_err();
        assert_eq!(e.rule, "PTH-1.1");
    }
    // PTH-1.1, PTH-4.1, PTH-4.2: turns go clockwise; the draw action is always legal.
    let mut st = Table::f1().turn(2);
    assert!(
        ids(&st, 2).contains(&"draw:deck".to_string()),
        "PTH-4.2 action IV always legal"
    );
    for _ in 0..3 {
        act(&mut st, 2, "draw:deck");
    }
    assert_eq!(
        st.decision,
        Some(Decision::ChooseAction { seat: 0 }),
        "PTH-4.1 seat 2 → 0"
    );
    // PTH-4.1: only the seat to act may act.
    assert_eq!(refuse(&mut st, 1, "draw:deck").rule, "PTH-4.1");
}

#[test]
fn pth_1_3_stones_from_personal_supply_only() {
    // PTH-1.3, PTH-6.10: no footprint in the personal supply → no footprint placement.
    let mut st = Table::f1().supply(RED, 3, 0).turn(RED);
    act(&mut st, RED, "move:0");
    assert_eq!(refuse(&mut st, RED, "place:foot:A1").rule, "PTH-6.10");
    // PTH-6.10: the placed stone leaves the personal supply.
    let mut st = Table::f1().turn(RED);
    act(&mut st, RED, "move:0");
    act(&mut st, RED, "place:foot:A1");
    assert_eq!(st.players[RED].footprints, 5);
}

#[test]
fn pth_1_4_vp_and_1_9_no_hand_limit() {
    // PTH-1.4: VP start at 0 and are unbounded.
    let st = Pantheon::setup(&PantheonConfig::new(3), 2).unwrap();
    assert!(st.players.iter().all(|p| p.vp == 0));
    // PTH-1.9: no hand limit: drawing past 7 is fine.
    let mut st = Table::f1().hand(RED, &[M1; 10]).turn(RED);
    for _ in 0..3 {
        act(&mut st, RED, "draw:deck");
    }
    assert_eq!(st.players[RED].hand.len(), 13);
}

#[test]
fn pth_1_10_public_and_hidden_possessions() {
    // PTH-1.10, PTH-10.5: gods, tokens, loot face up; stack demigods face down (owner sees them).
    let mut st = Table::f1()
        .owns_god(RED, "G01")
        .offering(RED, K::Gifts, 2)
        .state();
    st.players[RED].demigods = vec![(5, false), (2, true)];
    st.players[RED].loot = vec![loot_index("L38")];
    let other = Pantheon::view(&st, Viewer::Seat(GREEN));
    assert_eq!(other.players[RED].gods, vec!["G01".to_string()]);
    assert_eq!(other.players[RED].offerings[K::Gifts as usize], 2);
    assert_eq!(other.players[RED].loot, vec!["L38".to_string()]);
    assert_eq!(other.players[RED].demigods, vec![None, Some(2)]);
    let own = Pantheon::view(&st, Viewer::Seat(RED));
    assert_eq!(
        own.players[RED].demigods,
        vec![Some(5), Some(2)],
        "PTH-10.5"
    );
}

#[test]
fn pth_2_setup_order_and_start_player() {
    // PTH-2.1, PTH-2.3, PTH-2.6: setup in order; hands dealt after the display; the start player
    // holds the temple before epoch 1 (and reveals epoch 1's nation).
    let config = PantheonConfig {
        start_seat: Some(2),
        ..PantheonConfig::new(3)
    };
    let scenario = PantheonScenario {
        nations: Some(vec![Nation::Roma]),
        action_cards: Some(
            Catalog::shipped()
                .action_cards
                .cards
                .iter()
                .map(|c| c.id.clone())
                .collect(),
        ),
        ..Default::default()
    };
    let st = Pantheon::setup_scenario(&config, &scenario, 1).unwrap();
    let cat = Catalog::shipped();
    // Top first: the first 4 cards are the display, then 5 cards to seat 2, 0, 1.
    let disp: Vec<String> = st
        .display
        .iter()
        .map(|c| cat.action_cards.cards[c.unwrap() as usize].id.clone())
        .collect();
    assert_eq!(
        disp,
        cat.action_cards.cards[..4]
            .iter()
            .map(|c| c.id.clone())
            .collect::<Vec<_>>()
    );
    let mut h2 = st.players[2].hand.clone();
    h2.sort();
    assert_eq!(
        h2,
        (4..9).collect::<Vec<u8>>(),
        "PTH-2.3 dealt after the display, start seat first"
    );
    assert_eq!(st.start_seat, 2, "PTH-2.6");
    assert_eq!(
        st.decision,
        Some(Decision::Roma { seat: 2 }),
        "PTH-11.1 start player first"
    );
}

#[test]
fn pth_3_5_nation_effect_before_temple_and_3_7_bonuses_after() {
    // PTH-3.5, PTH-3.6, PTH-3.7, PTH-10.14: nation effect, then temple, then bonus tokens from the
    // start player clockwise. PTH-3.8: the engine draws the loot.
    let config = PantheonConfig {
        start_seat: Some(1),
        ..PantheonConfig::new(3)
    };
    let scenario = PantheonScenario {
        nations: Some(vec![Nation::Roma]),
        bonus: Some(vec!["B6".into(), "B4".into(), "B2".into()]),
        ..Default::default()
    };
    let mut st = Pantheon::setup_scenario(&config, &scenario, 1).unwrap();
    assert_eq!(st.loot_board.len(), 4, "PTH-3.8 loot drawn by the engine");
    assert!(st.temple.is_none());
    let mut ev = Vec::new();
    for s in [1, 2, 0] {
        ev.extend(act(&mut st, s, "roma:pass"));
    }
    let temple = ev
        .iter()
        .position(|e| matches!(e, E::TemplePlaced { .. }))
        .unwrap();
    let order: Vec<(usize, Seat)> = ev
        .iter()
        .enumerate()
        .filter_map(|(i, e)| match e {
            E::BonusResolved { seat, .. } => Some((i, *seat)),
            _ => None,
        })
        .collect();
    assert!(order.iter().all(|(i, _)| *i > temple));
    assert_eq!(order.iter().map(|x| x.1).collect::<Vec<_>>(), vec![1, 2, 0]);
    // B6 to seat 1 (dealt first), automatic SUPPLIES 1 pillar + 2 footprints.
    assert_eq!((st.players[1].pillars, st.players[1].footprints), (4, 6));
    assert_eq!(st.players[2].step_bonus, 1, "B4 STEPS");
    assert_eq!(st.players[0].demigods.len(), 1, "B2 DEMIGOD from the stack");
    assert_eq!(st.decision, Some(Decision::ChooseAction { seat: 1 }));
}

#[test]
fn pth_4_3_movement_turn_complete_after_followers() {
    // PTH-4.3, PTH-5.9, PTH-5.10: the active player gets no draw option; the turn ends after all
    // followers.
    let mut st = Table::f1().turn(RED);
    assert!(
        !ids(&st, RED).iter().any(|i| i.starts_with("follow")),
        "PTH-5.10"
    );
    act(&mut st, RED, "move:0");
    act(&mut st, RED, "end_placement");
    act(&mut st, GREEN, "follow:pass");
    assert_eq!(
        st.decision,
        Some(Decision::Follow {
            seat: YELLOW,
            active: RED
        })
    );
    act(&mut st, YELLOW, "follow:pass");
    assert_eq!(
        st.decision,
        Some(Decision::ChooseAction { seat: GREEN }),
        "PTH-4.3"
    );
}

#[test]
fn pth_4_5_and_4_8_end_checked_at_turn_completion() {
    // PTH-4.8: taking the last loot mid-purchase does not cut the purchase short; PTH-4.5 then
    // 3 VP; PTH-4.7 the temple to the left neighbour.
    let mut st = Table::f1()
        .loot("A1", "L01")
        .hand(RED, &[M1, M1, M1])
        .turn(RED);
    act(&mut st, RED, "purchase:1x3");
    act(&mut st, RED, "place:foot:A1:loot");
    assert!(
        matches!(st.decision, Some(Decision::Purchase { .. })),
        "PTH-4.8"
    );
    act(&mut st, RED, "buy:stone:pillar");
    let ev = act(&mut st, RED, "end_purchase");
    assert!(ev.contains(&E::EpochVp { seat: RED, vp: 3 }), "PTH-4.5");
    assert!(ev.contains(&E::TemplePassed { to: GREEN }), "PTH-4.7");
}

#[test]
fn pth_5_2_cards_fixed_before_placing_and_5_3_bonuses() {
    // PTH-5.2: the number of movement cards is chosen up front (0..hand).
    let st = Table::f1().hand(RED, &[MOV, MOV]).turn(RED);
    let l = ids(&st, RED);
    for n in 0..=2 {
        assert!(l.contains(&format!("move:{n}")));
    }
    assert!(!l.contains(&"move:3".to_string()));
    // PTH-5.3, PTH-15.1: STEPS_PLUS adds a step.
    let mut st = Table::f1().owns_god(RED, "G02").turn(RED);
    act(&mut st, RED, "move:0");
    assert!(matches!(
        st.decision,
        Some(Decision::Placement { steps: 2, .. })
    ));
}

#[test]
fn pth_5_7_follower_move_or_draw_and_5_8_sequence() {
    // PTH-5.7: a follower who moves does not also draw; he may draw even if he could move.
    // PTH-5.8: each follower finishes (discard, loot) before the next acts.
    let mut st = Table::f1()
        .loot("A2", "L38")
        .loot("Z", "L39")
        .hand(GREEN, &[MOV])
        .hand(YELLOW, &[MOV])
        .turn(RED);
    act(&mut st, RED, "move:0");
    act(&mut st, RED, "end_placement");
    act(&mut st, GREEN, "follow:move:1");
    act(&mut st, GREEN, "place:foot:A2:loot");
    act(&mut st, GREEN, "end_placement");
    assert_eq!(
        st.players[GREEN].step_bonus, 1,
        "PTH-5.8 loot resolved before Yellow"
    );
    assert_eq!(st.players[GREEN].hand.len(), 0, "PTH-5.7 no draw");
    assert!(
        ids(&st, YELLOW).contains(&"follow:draw".to_string()),
        "PTH-5.7"
    );
    act(&mut st, YELLOW, "follow:draw");
    assert_eq!(st.players[YELLOW].hand.len(), 2);
}

#[test]
fn pth_6_8_routes_and_6_12_reevaluation_and_6_13_pillars_stay() {
    // PTH-6.8: branch from an existing route / start anew from the temple.
    // PTH-6.12: after each placement the network grows (B1 legal only after A1).
    let mut st = Table::f1()
        .stone(RED, "A1")
        .hand(RED, &[MOV, MOV])
        .turn(RED);
    act(&mut st, RED, "move:2");
    assert!(
        ids(&st, RED).contains(&"place:foot:B1".to_string()),
        "PTH-6.8 extend"
    );
    assert!(
        ids(&st, RED).contains(&"place:foot:A3".to_string()),
        "PTH-6.8 new route"
    );
    assert!(!ids(&st, RED).contains(&"place:foot:B3".to_string()));
    act(&mut st, RED, "place:foot:A3");
    assert!(
        ids(&st, RED).contains(&"place:foot:B3".to_string()),
        "PTH-6.12"
    );
    act(&mut st, RED, "place:foot:B3");
    act(&mut st, RED, "place:pillar:P1");
    // PTH-6.13: pillars survive the end of the epoch.
    st.decision = None;
    st.tasks.clear();
    st.tasks.push_back(Task::EpochEnd);
    flow::run(&mut st, &mut Vec::new());
    assert_eq!(on(&st, "P1"), vec![RED as u8], "PTH-6.13");
}

#[test]
fn pth_7_purchase_operations() {
    // PTH-7.2: repeated operations within budget; PTH-7.3 buy; PTH-7.5 stones; PTH-7.7 no
    // followers; PTH-7.11 at least one operation.
    let mut st = Table::f1().hand(RED, &[M1, M1, M1]).turn(RED);
    act(&mut st, RED, "purchase:1x3");
    assert_eq!(refuse(&mut st, RED, "end_purchase").rule, "PTH-7.11");
    act(&mut st, RED, "buy:stone:footprint");
    act(&mut st, RED, "buy:stone:footprint");
    act(&mut st, RED, "buy:offering:GIFTS:1");
    assert_eq!(refuse(&mut st, RED, "buy:stone:pillar").rule, "PTH-7.2");
    act(&mut st, RED, "end_purchase");
    assert_eq!(st.players[RED].footprints, 8, "PTH-7.5");
    assert_eq!(st.players[RED].offerings[K::Gifts as usize], 1, "PTH-7.3");
    assert_eq!(
        st.decision,
        Some(Decision::ChooseAction { seat: GREEN }),
        "PTH-7.7"
    );
    // PTH-7.5: none left in the general supply.
    let mut st = Table::f1().supply(RED, 12, 6).hand(RED, &[M1]).turn(RED);
    act(&mut st, RED, "purchase:1x1");
    assert_eq!(refuse(&mut st, RED, "buy:stone:pillar").rule, "PTH-7.5");
    // PTH-7.11: no purchase can be opened that could do nothing (no money cards).
    let st = Table::f1().turn(RED);
    assert!(!ids(&st, RED).iter().any(|i| i.starts_with("purchase")));
}

#[test]
fn pth_7_10_loot_in_purchase_resolves_at_end() {
    // PTH-7.10.
    let mut st = Table::f1()
        .loot("A1", "L38")
        .loot("Z", "L01")
        .hand(RED, &[M1, M1])
        .turn(RED);
    act(&mut st, RED, "purchase:1x2");
    act(&mut st, RED, "place:foot:A1:loot");
    assert_eq!(st.players[RED].step_bonus, 0);
    act(&mut st, RED, "end_purchase");
    assert_eq!(st.players[RED].step_bonus, 1);
}

#[test]
fn pth_8_take_god_rules() {
    // PTH-8.1: any displayed god; PTH-8.7: at most one per action; PTH-8.4: tokens first;
    // PTH-8.5: cards discarded, tokens kept; PTH-8.8: immediate effect applies now.
    let mut st = Table::f1()
        .display_gods(&["G32", "G39"])
        .offering(RED, K::Gifts, 1)
        .hand(RED, &[gifts(), gifts(), priests(), priests()])
        .turn(RED);
    let l = ids(&st, RED);
    assert!(l.iter().any(|i| i.starts_with("god:0:")) && l.iter().any(|i| i.starts_with("god:1:")));
    act(&mut st, RED, "god:0:GIFTS,PRIESTS");
    assert_eq!(
        st.discard.len(),
        3,
        "PTH-8.4 the L1 token replaces one card"
    );
    assert_eq!(st.players[RED].offerings[K::Gifts as usize], 1, "PTH-8.5");
    assert_eq!(st.players[RED].gods.len(), 1, "PTH-8.7");
    assert_eq!(
        (st.players[RED].pillars, st.players[RED].footprints),
        (4, 7),
        "PTH-8.8, PTH-15.10"
    );
    assert_eq!(st.decision, Some(Decision::ChooseAction { seat: GREEN }));
}

#[test]
fn pth_9_draw_action() {
    // PTH-9.1: three draws, display or deck; PTH-9.2: display refilled at once; PTH-9.7: the
    // deck card is the drawer's only, display cards are public.
    let mut st = Table::f1().turn(RED);
    let pile = st.draw_pile.len();
    let ev = act(&mut st, RED, "draw:display:1");
    assert!(st.display[1].is_some(), "PTH-9.2");
    assert_eq!(st.draw_pile.len(), pile - 1);
    let taken = ev
        .iter()
        .find(|e| matches!(e, E::CardDrawn { .. }))
        .unwrap();
    assert!(matches!(
        Pantheon::redact_event(taken, Viewer::Seat(GREEN)),
        Some(E::CardDrawn { card: Some(_), .. })
    ));
    let ev = act(&mut st, RED, "draw:deck");
    let drawn = ev
        .iter()
        .find(|e| matches!(e, E::CardDrawn { .. }))
        .unwrap();
    assert!(
        matches!(
            Pantheon::redact_event(drawn, Viewer::Seat(GREEN)),
            Some(E::CardDrawn { card: None, .. })
        ),
        "PTH-9.7"
    );
    assert!(
        matches!(st.decision, Some(Decision::DrawCards { remaining: 1, .. })),
        "PTH-9.1"
    );
    act(&mut st, RED, "draw:deck");
    assert_eq!(st.players[RED].hand.len(), 3);
    // PTH-15.4: DRAW_PLUS draws 4.
    let mut st = Table::f1().owns_god(RED, "G10").turn(RED);
    for _ in 0..4 {
        act(&mut st, RED, "draw:deck");
    }
    assert_eq!(st.players[RED].hand.len(), 4, "PTH-15.4");
}

#[test]
fn pth_9_5_effects_draw_from_pile_and_9_6_empty_slot() {
    // PTH-9.5: Roma/loot draws never touch the display. PTH-9.6: an unfillable slot stays empty.
    let mut st = Table::f1().turn(RED);
    let display = st.display;
    st.discard.clear();
    let pile = std::mem::take(&mut st.draw_pile);
    st.players[GREEN].hand.extend(pile);
    act(&mut st, RED, "draw:display:0");
    assert!(st.display[0].is_none(), "PTH-9.6");
    assert_eq!(st.display[1..], display[1..], "PTH-9.5");
}

#[test]
fn pth_9_8_and_9_9_emergency_details() {
    // PTH-9.8: the drawer's own hand goes too; PTH-9.9: a special money card already played
    // once is an ordinary card and is discarded.
    let mut st = Table::with(PantheonConfig::new(2), Some("f1"))
        .hand(0, &[CardKind::Money(5)])
        .turn(0);
    let c = st.players[0].hand[0];
    st.special_played[(c - crate::pantheon::state::SPECIAL_BASE) as usize] = true;
    let rest = std::mem::take(&mut st.draw_pile);
    st.players[1].hand.extend(rest);
    act(&mut st, 0, "draw:deck");
    assert_eq!(st.players[0].hand.len(), 1);
    assert!(
        st.draw_pile.contains(&c) || st.players[0].hand.contains(&c),
        "PTH-9.9 discarded"
    );
    assert!(st.players[1].hand.is_empty(), "PTH-9.8");
}

fn with_effect(seat: Seat, src: Src, effect: Effect) -> PantheonState {
    let mut st = Table::f1().turn(RED);
    st.decision = None;
    st.effects.push_back(Pending { seat, src, effect });
    st.tasks.push_back(Task::ResolveEffects);
    st.tasks.push_back(Task::TurnEnd);
    flow::run(&mut st, &mut Vec::new());
    st
}

#[test]
fn pth_10_3_display_demigod_and_10_4_stack_demigod() {
    // PTH-10.3: loot takes the highest displayed demigod, openly.
    let mut st = Table::f1().state();
    st.demigod_display = vec![1, 4, 2];
    st.effects.push_back(Pending {
        seat: GREEN,
        src: Src::Loot(loot_index("L11")),
        effect: Effect::DemigodFromDisplay,
    });
    st.tasks.push_back(Task::ResolveEffects);
    flow::run(&mut st, &mut Vec::new());
    assert_eq!(st.players[GREEN].demigods, vec![(4, true)]);
    // PTH-10.4: bonus takes the top of the stack, face down.
    let mut st = Table::f1().state();
    let top = *st.demigod_stack.last().unwrap();
    st.effects.push_back(Pending {
        seat: GREEN,
        src: Src::Bonus(1),
        effect: Effect::DemigodFromStack,
    });
    st.tasks.push_back(Task::ResolveEffects);
    flow::run(&mut st, &mut Vec::new());
    assert_eq!(st.players[GREEN].demigods, vec![(top, false)]);
}

#[test]
fn pth_10_6_god_tile_from_stack_and_15_14() {
    // PTH-10.6, PTH-15.14: the top god tile, no sacrifice, epoch VP, its immediate effect.
    let mut t = Table::f1().epoch(3);
    let g = god_index("G39");
    t.0.god_stack.retain(|&x| x != g);
    t.0.god_stack.push(g);
    let mut st = t.state();
    st.effects.push_back(Pending {
        seat: RED,
        src: Src::Loot(loot_index("L19")),
        effect: Effect::GodTile,
    });
    st.tasks.push_back(Task::ResolveEffects);
    flow::run(&mut st, &mut Vec::new());
    assert_eq!(st.players[RED].vp, 3);
    assert!(
        matches!(
            st.decision,
            Some(Decision::Effect {
                effect: Effect::CardDraw { count: 2 },
                ..
            })
        ),
        "PTH-15.13"
    );
    act(&mut st, RED, "effect");
    assert_eq!(st.players[RED].hand.len(), 2, "PTH-15.13 GAIN_CARDS");
}

#[test]
fn pth_10_10_special_money_and_10_16_short_sources() {
    // PTH-10.10, PTH-15.11: the top special money card into the hand.
    let mut st = with_effect(RED, Src::God(god_index("G34")), Effect::SpecialMoney);
    act(&mut st, RED, "effect");
    assert_eq!(hand_kinds(&st, RED), vec![CardKind::Money(2)]);
    // PTH-10.16: nothing left → the effect is lost, no decision.
    let mut t = Table::f1();
    t.0.special_deck.clear();
    let mut st = t.turn(RED);
    st.decision = None;
    st.effects.push_back(Pending {
        seat: RED,
        src: Src::Loot(loot_index("L35")),
        effect: Effect::SpecialMoney,
    });
    st.tasks.push_back(Task::ResolveEffects);
    flow::run(&mut st, &mut Vec::new());
    assert!(st.decision.is_none() && st.effects.is_empty(), "PTH-10.16");
    // PTH-10.16: supplies as far as available.
    let mut st = Table::f1().supply(RED, 12, 6).state();
    st.effects.push_back(Pending {
        seat: RED,
        src: Src::Loot(0),
        effect: Effect::Supplies {
            pillars: 1,
            footprints: 1,
            or: false,
        },
    });
    st.tasks.push_back(Task::ResolveEffects);
    flow::run(&mut st, &mut Vec::new());
    assert_eq!(
        (st.players[RED].pillars, st.players[RED].footprints),
        (12, 7)
    );
}

#[test]
fn pth_10_12_optional_versus_automatic() {
    // PTH-10.12: SUPPLIES `or` asks without decline; CARD_DRAW may be declined.
    let st = with_effect(
        RED,
        Src::Loot(loot_index("L06")),
        Effect::Supplies {
            pillars: 2,
            footprints: 2,
            or: true,
        },
    );
    let l = ids(&st, RED);
    assert_eq!(
        l,
        vec![
            "effect:stone:pillar".to_string(),
            "effect:stone:footprint".to_string()
        ]
    );
    let mut st = with_effect(
        RED,
        Src::Loot(loot_index("L29")),
        Effect::CardDraw { count: 2 },
    );
    act(&mut st, RED, "decline");
    assert!(st.players[RED].hand.is_empty());
}

#[test]
fn pth_10_15_used_loot_stays() {
    // PTH-10.15: used loot stays with its collector.
    let mut st = Table::f1().loot("A1", "L01").loot("Z", "L02").turn(RED);
    act(&mut st, RED, "move:0");
    act(&mut st, RED, "place:foot:A1:loot");
    act(&mut st, RED, "end_placement");
    assert_eq!(st.players[RED].loot, vec![loot_index("L01")]);
}

#[test]
fn pth_11_1_order_and_11_8_no_placement_in_cartago() {
    // PTH-11.1: nation decisions from the start player clockwise.
    let mut t = Table::f1();
    t.0.start_seat = 1;
    let mut st = t.state();
    st.temple = None;
    st.track = vec![Nation::Cartago];
    st.tasks.push_back(Task::NationEffect);
    flow::run(&mut st, &mut Vec::new());
    assert_eq!(st.decision, Some(Decision::Cartago { seat: 1, budget: 2 }));
    // PTH-11.8: no placement during Cartago.
    assert_eq!(refuse(&mut st, 1, "place:foot:A1").rule, "PTH-11.8");
    act(&mut st, 1, "cartago:done");
    assert_eq!(st.decision, Some(Decision::Cartago { seat: 2, budget: 2 }));
}

#[test]
fn pth_11_11_six_distinct_nations() {
    // PTH-11.11: six distinct nations over a game.
    let mut st = Pantheon::setup(&PantheonConfig::new(2), 9).unwrap();
    let mut r = crate::GameRng::from_seed(9);
    while let Some(&seat) = Pantheon::to_act(&st).first() {
        let legal = Pantheon::legal_actions(&st, seat);
        let a = super::playouts::pick(&legal, &mut r);
        Pantheon::apply(&mut st, seat, &a).unwrap();
    }
    let mut t = st.track.clone();
    t.sort();
    t.dedup();
    assert_eq!(t.len(), 6);
    // PTH-12.4: the game ends after the second scoring.
    assert!(st.over && st.epoch == 6);
    assert!(Pantheon::legal_actions(&st, 0).is_empty());
}

#[test]
fn pth_12_5_next_epoch_and_12_6_usage_reset() {
    // PTH-12.5: otherwise the next epoch is prepared; PTH-12.6: extra-turn marker reset.
    let mut st = Table::f1().owns_god(RED, "G19").state();
    st.players[RED].extra_turn_used = true;
    st.tasks.push_back(Task::EpochEnd);
    flow::run(&mut st, &mut Vec::new());
    assert_eq!(st.epoch, 2, "PTH-12.5");
    assert!(!st.players[RED].extra_turn_used, "PTH-12.6");
}

#[test]
fn pth_13_scorings() {
    // PTH-13.1: demigods then pillars; PTH-13.3: demigods score again; PTH-13.4 p × v(p);
    // PTH-13.7, PTH-15.8: SCORING_VP +2 per copy at each scoring.
    let mut st = Table::f1().owns_god(RED, "G22").stone(RED, "P1").state();
    st.players[RED].demigods = vec![(4, false)];
    let mut ev = Vec::new();
    flow::scoring(&mut st, &mut ev);
    assert!(ev.contains(&E::Scored {
        seat: RED,
        demigods: 4,
        pillars: 1,
        gods: 2,
        total: 7
    }));
    flow::scoring(&mut st, &mut ev);
    assert_eq!(st.players[RED].vp, 14, "PTH-13.3 scored again");
}

#[test]
fn pth_15_2_purchase_plus_and_15_6_follow_bonus() {
    // PTH-15.2: +1 money even without money cards.
    let mut st = Table::f1().owns_god(RED, "G04").turn(RED);
    act(&mut st, RED, "purchase:");
    assert!(matches!(
        st.decision,
        Some(Decision::Purchase { budget: 1, .. })
    ));
    // PTH-15.6: follower +1 step; follower draw 2.
    let mut st = Table::f1()
        .owns_god(GREEN, "G16")
        .owns_god(YELLOW, "G17")
        .turn(RED);
    act(&mut st, RED, "move:0");
    act(&mut st, RED, "end_placement");
    act(&mut st, GREEN, "follow:move:0");
    assert!(matches!(
        st.decision,
        Some(Decision::Placement { steps: 1, .. })
    ));
    act(&mut st, GREEN, "end_placement");
    act(&mut st, YELLOW, "follow:draw");
    assert_eq!(st.players[YELLOW].hand.len(), 2);
}

#[test]
fn pth_15_7_extra_turn() {
    // PTH-15.7: after a turn that did not end the phase, once per epoch.
    let mut st = Table::f1().owns_god(RED, "G20").turn(RED);
    for _ in 0..3 {
        act(&mut st, RED, "draw:deck");
    }
    assert_eq!(st.decision, Some(Decision::ExtraTurn { seat: RED }));
    act(&mut st, RED, "extra_turn:take");
    assert_eq!(st.decision, Some(Decision::ChooseAction { seat: RED }));
    for _ in 0..3 {
        act(&mut st, RED, "draw:deck");
    }
    assert_eq!(
        st.decision,
        Some(Decision::ChooseAction { seat: GREEN }),
        "once per epoch"
    );
}

#[test]
fn pth_15_9_to_15_12_immediate_gods() {
    // PTH-15.9 GAIN_DEMIGOD, PTH-15.10 GAIN_STONES, PTH-15.11 GAIN_SPECIAL_MONEY,
    // PTH-15.12 GAIN_OFFERING.
    let mut st = Table::f1()
        .display_gods(&["G36", "G29", "G35"])
        .hand(RED, &[gifts(), gifts(), gifts(), priests()])
        .turn(RED);
    act(&mut st, RED, "god:0:GIFTS,PRIESTS");
    assert!(
        matches!(
            st.decision,
            Some(Decision::Effect {
                effect: Effect::Offering { uses: 1 },
                ..
            })
        ),
        "PTH-15.12"
    );
    act(&mut st, RED, "effect:kind:TEMPLES");
    assert_eq!(st.players[RED].offerings[K::Temples as usize], 1);
    let mut st = Table::f1()
        .display_gods(&["G29", "G35"])
        .hand(RED, &[gifts(); 5])
        .turn(RED);
    act(&mut st, RED, "god:0:GIFTS");
    assert_eq!(st.players[RED].demigods.len(), 1, "PTH-15.9");
    let mut st = Table::f1()
        .display_gods(&["G35", "G29"])
        .hand(RED, &[gifts(), gifts(), gifts(), priests(), priests()])
        .turn(RED);
    act(&mut st, RED, "god:0:GIFTS,PRIESTS");
    act(&mut st, RED, "effect");
    assert_eq!(hand_kinds(&st, RED), vec![CardKind::Money(2)], "PTH-15.11");
    let st = Table::f1().owns_god(RED, "G31").state();
    assert_eq!(
        st.god_count(RED, GodEffect::GainStones),
        1,
        "PTH-15.10 (stones: see pth_8)"
    );
}

#[test]
fn action_ids_round_trip_and_labels() {
    let st = Table::f1().hand(RED, &[MOV, M1]).turn(RED);
    for a in Pantheon::legal_actions(&st, RED) {
        let id = Pantheon::action_id(&a);
        assert_eq!(Pantheon::parse_action_id(&id), Some(a.clone()));
        assert!(!Pantheon::action_label(&st, &a).is_empty());
    }
    assert_eq!(Pantheon::parse_action_id("nonsense"), None);
}

#[test]
fn pth_7_4_7_1_8_3_labels_say_costs_and_what_goes() {
    // PTH-7.4: an upgrade shows its cost; PTH-7.1: a purchase its cards and budget; PTH-8.3–8.5:
    // taking a god names the offering cards discarded (the tokens are kept).
    let label = |st: &PantheonState, id: &str| {
        let a = Pantheon::parse_action_id(id).unwrap();
        assert!(ids(st, RED).iter().any(|i| i == id), "{id} listed");
        Pantheon::action_label(st, &a)
    };
    let st = Table::f1()
        .display_gods(&["G32", "G39"])
        .offering(RED, K::Gifts, 1)
        .hand(RED, &[gifts(), gifts(), priests(), priests(), M1])
        .turn(RED);
    assert_eq!(
        label(&st, "purchase:1x1"),
        "Purchase, paying with 1 Money 1 card (budget 1)"
    );
    let take = label(&st, "god:0:GIFTS,PRIESTS");
    assert!(
        take.ends_with(": discard 1 Gifts card and 2 Priests cards"),
        "{take}"
    );
    let mut st = Table::f1()
        .offering(RED, K::Gifts, 1)
        .hand(RED, &[M1, M1, M1, M1, M1])
        .turn(RED);
    act(&mut st, RED, "purchase:1x5");
    let up = label(&st, "upgrade:GIFTS:2");
    let cost = super::super::purchase::upgrade_cost(&st, RED, K::Gifts, 2, u32::MAX).unwrap();
    assert_eq!(up, format!("Upgrade Gifts L1 to L2 ({cost})"));
}
