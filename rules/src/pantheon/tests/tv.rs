//! The test vectors TV-01 … TV-55 of spec §12, one test each, on the real engine with the F1/F2
//! graph fixtures and the table builder.

use super::*;
use crate::Viewer;
use crate::pantheon::effects;
use crate::pantheon::flow;
use crate::pantheon::state::{Pending, Src, Task};
use PantheonEvent as E;

fn dancers() -> CardKind {
    off(K::Dancers)
}
fn temples() -> CardKind {
    off(K::Temples)
}
fn priests() -> CardKind {
    off(K::Priests)
}
fn gifts() -> CardKind {
    off(K::Gifts)
}

fn steps(st: &PantheonState) -> u32 {
    match &st.decision {
        Some(Decision::Placement { steps, .. }) => *steps,
        d => panic!("no placement open: {d:?}"),
    }
}

fn budget(st: &PantheonState) -> u32 {
    match &st.decision {
        Some(Decision::Purchase { budget, .. } | Decision::Cartago { budget, .. }) => *budget,
        d => panic!("no purchase open: {d:?}"),
    }
}

/// The rulebook's movement examples (TV-02 … TV-07) on F1, in one epoch.
struct Chain {
    after_tv02: PantheonState,
    after_tv03: PantheonState,
    after_tv04: PantheonState,
    tv04_events: Vec<PantheonEvent>,
    after_tv05: PantheonState,
    after_tv06: PantheonState,
    after_tv07: PantheonState,
}

fn chain() -> Chain {
    let l_s1 = loot_with(TokenEffectKind::Supplies, None);
    let mut st = Table::f1()
        .loot("S1", &l_s1)
        .loot("Z", "L40")
        .hand(RED, &[MOV])
        .hand(GREEN, &[MOV, MOV, MOV])
        .hand(YELLOW, &[MOV; 6])
        .turn(RED);
    // TV-02.
    act(&mut st, RED, "move:1");
    assert_eq!(steps(&st), 3, "PTH-5.1, 5.2: 1 + 2 steps");
    act(&mut st, RED, "place:foot:A1");
    act(&mut st, RED, "place:foot:B1");
    act(&mut st, RED, "place:pillar:P1");
    assert_eq!(steps(&st), 0, "PTH-6.1: all 3 steps used");
    act(&mut st, RED, "end_placement");
    let after_tv02 = st.clone();
    // TV-03.
    act(&mut st, GREEN, "follow:move:1");
    act(&mut st, GREEN, "place:foot:A2");
    act(&mut st, GREEN, "place:foot:B2");
    assert_eq!(steps(&st), 0);
    act(&mut st, GREEN, "end_placement");
    let after_tv03 = st.clone();
    // TV-04.
    let mut tv04_events = act(&mut st, YELLOW, "follow:move:3");
    assert_eq!(steps(&st), 6);
    tv04_events.extend(act(&mut st, YELLOW, "place:foot:A3"));
    tv04_events.extend(act(&mut st, YELLOW, "place:foot:B3"));
    tv04_events.extend(act(&mut st, YELLOW, "place:pillar:P1"));
    assert_eq!(steps(&st), 2, "PTH-6.1: the shared pillar space costs 2");
    tv04_events.extend(act(&mut st, YELLOW, "place:foot:S1:loot"));
    assert_eq!(steps(&st), 1);
    tv04_events.extend(act(&mut st, YELLOW, "end_placement"));
    let after_tv04 = st.clone();
    // TV-05.
    act(&mut st, GREEN, "move:2");
    assert_eq!(steps(&st), 5);
    act(&mut st, GREEN, "place:pillar:P2");
    act(&mut st, GREEN, "place:foot:A4");
    act(&mut st, GREEN, "place:foot:B4");
    act(&mut st, GREEN, "place:pillar:P3");
    assert_eq!(steps(&st), 1);
    act(&mut st, GREEN, "end_placement");
    let after_tv05 = st.clone();
    // TV-06.
    act(&mut st, YELLOW, "follow:move:3");
    act(&mut st, YELLOW, "place:foot:A4");
    act(&mut st, YELLOW, "place:foot:C4");
    act(&mut st, YELLOW, "place:pillar:P3");
    assert_eq!(steps(&st), 1, "5 of 6 steps used");
    act(&mut st, YELLOW, "end_placement");
    let after_tv06 = st.clone();
    // TV-07.
    act(&mut st, RED, "follow:draw");
    let after_tv07 = st;
    Chain {
        after_tv02,
        after_tv03,
        after_tv04,
        tv04_events,
        after_tv05,
        after_tv06,
        after_tv07,
    }
}

#[test]
fn tv_01_preparation_gallia_three_players() {
    // PTH-3.1–3.6, 11.2.
    let config = PantheonConfig {
        start_seat: Some(0),
        ..PantheonConfig::new(3)
    };
    let scenario = PantheonScenario {
        nations: Some(vec![Nation::Gallia]),
        ..Default::default()
    };
    let mut st = Pantheon::setup_scenario(&config, &scenario, 7).unwrap();
    assert_eq!(st.track, vec![Nation::Gallia], "PTH-3.1 token on space I");
    assert_eq!(st.god_display.len(), 4, "PTH-3.2 N+1 gods");
    let board = st.board();
    let nos: Vec<u8> = st
        .loot_board
        .iter()
        .map(|(s, _)| board.spaces[*s].satellite_no.unwrap())
        .collect();
    let mut sorted = nos.clone();
    sorted.sort();
    assert_eq!(sorted, vec![1, 2, 3, 5], "PTH-3.3 satellite 4 stays empty");
    assert!(
        st.temple.is_none(),
        "PTH-3.6 the temple comes after the nation effect"
    );
    assert_eq!(st.decision, Some(Decision::GalliaChoice { seat: 0 }));
    for s in 0..3 {
        act(&mut st, s, "gallia:draw");
    }
    assert_eq!(st.temple, board.main_of(Nation::Gallia), "PTH-3.6");
}

#[test]
fn tv_02_rulebook_movement_red() {
    // PTH-5.1–5.5, 6.1, 6.6, 6.7.
    let c = chain();
    let st = &c.after_tv02;
    let net = st.network(RED);
    for s in ["A1", "B1", "P1"] {
        assert!(net[st.space_index(s).unwrap()], "{s} in Red's network");
    }
    assert_eq!(st.discard.len(), 1, "PTH-5.5 the card is discarded");
    assert_eq!(
        st.decision,
        Some(Decision::Follow {
            seat: GREEN,
            active: RED
        })
    );
}

#[test]
fn tv_03_rulebook_follower_green() {
    // PTH-5.6, 6.6.
    let c = chain();
    assert_eq!(on(&c.after_tv03, "A2"), vec![GREEN as u8]);
    assert_eq!(on(&c.after_tv03, "B2"), vec![GREEN as u8]);
    assert_eq!(
        c.after_tv03.decision,
        Some(Decision::Follow {
            seat: YELLOW,
            active: RED
        })
    );
}

#[test]
fn tv_04_rulebook_follower_yellow_loot() {
    // PTH-5.4, 5.8, 6.1, 6.2, 6.11, 10.13.
    let c = chain();
    let st = &c.after_tv04;
    assert_eq!(
        on(st, "P1"),
        vec![RED as u8, YELLOW as u8],
        "PTH-6.2 two colours"
    );
    assert_eq!(
        st.players[YELLOW].loot.len(),
        1,
        "PTH-6.11 Yellow owns the loot"
    );
    // PTH-10.13: the effect resolves after the 3 cards are discarded.
    let disc = c
        .tv04_events
        .iter()
        .position(|e| matches!(e, E::PlayedCardsDiscarded { .. }))
        .unwrap();
    let gain = c
        .tv04_events
        .iter()
        .position(|e| matches!(e, E::StonesGained { .. }))
        .unwrap();
    assert!(disc < gain);
    // PTH-5.9: Red's turn ended, Green is next.
    assert_eq!(st.decision, Some(Decision::ChooseAction { seat: GREEN }));
}

#[test]
fn tv_05_rulebook_movement_green() {
    // PTH-5.1–5.4, 6.7, 6.8.
    let c = chain();
    let st = &c.after_tv05;
    assert_eq!(on(st, "P2"), vec![GREEN as u8]);
    assert_eq!(on(st, "P3"), vec![GREEN as u8]);
    assert_eq!(
        st.decision,
        Some(Decision::Follow {
            seat: YELLOW,
            active: GREEN
        })
    );
}

#[test]
fn tv_06_rulebook_follower_shares_spaces() {
    // PTH-6.1, 6.2, 6.6, 6.7.
    let c = chain();
    let st = &c.after_tv06;
    assert_eq!(on(st, "A4"), vec![GREEN as u8, YELLOW as u8]);
    assert_eq!(on(st, "P3"), vec![GREEN as u8, YELLOW as u8]);
}

#[test]
fn tv_07_rulebook_follower_draws() {
    // PTH-5.6, 5.7, 5.9, 9.5.
    let c = chain();
    let before = &c.after_tv06;
    let st = &c.after_tv07;
    assert_eq!(st.players[RED].hand.len(), 1, "Red drew 1 card");
    assert_eq!(st.display, before.display, "not from the display");
    assert_eq!(st.draw_pile.len() + 1, before.draw_pile.len());
    assert_eq!(st.decision, Some(Decision::ChooseAction { seat: YELLOW }));
}

#[test]
fn tv_08_reconnect_old_pillar() {
    // PTH-6.5, 6.6, 6.9, 6.7.
    let mut st = Table::f2()
        .stone(YELLOW, "Q")
        .hand(YELLOW, &[MOV, MOV])
        .turn(YELLOW);
    act(&mut st, YELLOW, "move:2");
    assert!(
        !ids(&st, YELLOW).contains(&"place:foot:D3".to_string()),
        "Q not connected"
    );
    act(&mut st, YELLOW, "place:foot:D1");
    act(&mut st, YELLOW, "place:foot:D2");
    assert!(
        ids(&st, YELLOW).contains(&"place:foot:D3".to_string()),
        "Q joined the network"
    );
    act(&mut st, YELLOW, "place:foot:D3");
    act(&mut st, YELLOW, "place:foot:D4");
    act(&mut st, YELLOW, "place:pillar:R");
    assert_eq!(steps(&st), 0, "4 footprints + 1 pillar = 5 steps");
}

#[test]
fn tv_09_rulebook_purchase() {
    // PTH-7.1–7.9, 1.5.
    let mut st = Table::f1()
        .stone(GREEN, "A4")
        .stone(GREEN, "B4")
        .stone(YELLOW, "P3")
        .supply(GREEN, 0, 6)
        .hand(GREEN, &[M1, M1, M1, M1, M1, CardKind::Money(3)])
        .turn(GREEN);
    act(&mut st, GREEN, "purchase:1x5,3x1");
    assert_eq!(budget(&st), 8);
    act(&mut st, GREEN, "buy:offering:DANCERS:1");
    act(&mut st, GREEN, "buy:offering:PRIESTS:2");
    act(&mut st, GREEN, "buy:stone:footprint");
    act(&mut st, GREEN, "buy:stone:pillar");
    act(&mut st, GREEN, "place:pillar:P3");
    assert_eq!(budget(&st), 0, "spent 8");
    act(&mut st, GREEN, "end_purchase");
    let g = &st.players[GREEN];
    assert_eq!(g.offerings[K::Dancers as usize], 1);
    assert_eq!(g.offerings[K::Priests as usize], 2);
    assert_eq!(g.footprints, 7);
    assert_eq!(on(&st, "P3"), vec![YELLOW as u8, GREEN as u8]);
    assert_eq!(st.discard.len(), 6, "PTH-7.9 all money cards discarded");
}

#[test]
fn tv_10_offering_costs() {
    // PTH-1.5, 7.3.
    let cat = Catalog::shipped();
    assert_eq!(cat.offering_cost(1), 1);
    assert_eq!(cat.offering_cost(3), 6);
    let mut st = Table::f1().hand(RED, &[M1; 7]).turn(RED);
    act(&mut st, RED, "purchase:1x7");
    act(&mut st, RED, "buy:offering:DANCERS:3");
    assert_eq!(budget(&st), 1);
    let mut st2 = Table::f1().hand(RED, &[M1]).turn(RED);
    act(&mut st2, RED, "purchase:1x1");
    act(&mut st2, RED, "buy:offering:DANCERS:1");
    assert_eq!(budget(&st2), 0);
}

#[test]
fn tv_11_upgrade_one_to_three() {
    // PTH-7.4.
    let mut st = Table::f1()
        .offering(RED, K::Temples, 1)
        .hand(RED, &[M1; 5])
        .turn(RED);
    let supply = st.offering_supply[K::Temples as usize];
    act(&mut st, RED, "purchase:1x5");
    act(&mut st, RED, "upgrade:TEMPLES:3");
    assert_eq!(budget(&st), 0, "cost 5");
    assert_eq!(st.players[RED].offerings[K::Temples as usize], 3);
    assert_eq!(
        st.offering_supply[K::Temples as usize],
        [supply[0], supply[1] - 1],
        "old token boxed"
    );
}

#[test]
fn tv_12_gaivila_with_cards() {
    // PTH-8.2–8.6.
    let mut st = Table::f1()
        .display_gods(&["G25", "G40"])
        .hand(
            RED,
            &[dancers(), dancers(), dancers(), dancers(), temples()],
        )
        .turn(RED);
    act(&mut st, RED, "god:0:DANCERS,TEMPLES");
    assert_eq!(st.discard.len(), 5);
    assert!(st.players[RED].gods.contains(&god_index("G25")));
    assert_eq!(st.players[RED].vp, 1);
}

#[test]
fn tv_13_gaivila_with_tokens() {
    // PTH-8.3, 8.4, 8.5.
    let mut st = Table::f1()
        .display_gods(&["G25", "G40"])
        .offering(YELLOW, K::Dancers, 4)
        .offering(YELLOW, K::Temples, 2)
        .turn(YELLOW);
    act(&mut st, YELLOW, "god:0:DANCERS,TEMPLES");
    assert!(st.discard.is_empty(), "0 cards used");
    assert_eq!(
        st.players[YELLOW].offerings[K::Dancers as usize],
        4,
        "tokens kept"
    );
}

#[test]
fn tv_14_gaivila_mixed() {
    // PTH-8.3, 8.4.
    let mut st = Table::f1()
        .display_gods(&["G25", "G40"])
        .offering(GREEN, K::Dancers, 2)
        .hand(GREEN, &[dancers(), dancers(), temples()])
        .turn(GREEN);
    act(&mut st, GREEN, "god:0:DANCERS,TEMPLES");
    assert_eq!(st.discard.len(), 3);
    assert_eq!(st.players[GREEN].offerings[K::Dancers as usize], 2);
}

#[test]
fn tv_15_taksator() {
    // PTH-8.2–8.5.
    let mut st = Table::f1()
        .display_gods(&["G04", "G40"])
        .offering(GREEN, K::Dancers, 2)
        .offering(GREEN, K::Temples, 1)
        .hand(GREEN, &[priests(), priests(), temples(), gifts()])
        .turn(GREEN);
    act(&mut st, GREEN, "god:0:PRIESTS,DANCERS,TEMPLES,GIFTS");
    let mut d: Vec<CardKind> = st.discard.iter().map(|&c| st.card_kind(c)).collect();
    d.sort();
    let mut want = vec![priests(), priests(), temples(), gifts()];
    want.sort();
    assert_eq!(d, want);
}

#[test]
fn tv_16_god_vp_epoch_two() {
    // PTH-8.6.
    let mut st = Table::f1()
        .epoch(2)
        .display_gods(&["G32", "G39"])
        .hand(RED, &[gifts(), gifts(), priests(), priests()])
        .turn(RED);
    act(&mut st, RED, "god:0:GIFTS,PRIESTS");
    assert_eq!(st.players[RED].vp, 2);
}

fn pillar_spaces(st: &PantheonState, k: usize) -> Vec<String> {
    let board = st.board();
    board
        .spaces
        .iter()
        .filter(|s| s.kind == SpaceKind::Pillar)
        .take(k)
        .map(|s| s.id.clone())
        .collect()
}

#[test]
fn tv_17_first_scoring_example() {
    // PTH-13.2, 13.4, 13.5.
    let mut t = Table::new(3);
    for s in pillar_spaces(&t.0, 5) {
        t = t.stone(RED, &s);
    }
    let mut st = t.state();
    st.players[RED].vp = 11;
    st.players[RED].demigods = vec![(3, false), (2, false)];
    flow::scoring(&mut st, &mut Vec::new());
    assert_eq!(st.players[RED].vp, 26);
}

#[test]
fn tv_18_twelve_pillars() {
    // PTH-13.5.
    let mut t = Table::new(3);
    for s in pillar_spaces(&t.0, 12) {
        t = t.stone(RED, &s);
    }
    let mut st = t.state();
    flow::scoring(&mut st, &mut Vec::new());
    assert_eq!(st.players[RED].vp, 48);
}

fn gallia_table(gods_top: &str) -> PantheonState {
    let mut st = Table::f1().state();
    let g = god_index(gods_top);
    st.god_stack.retain(|&x| x != g);
    st.god_stack.push(g);
    st.temple = None;
    st.track = vec![Nation::Gallia];
    st.tasks.push_back(Task::NationEffect);
    st.tasks.push_back(Task::PlaceTemple);
    st.tasks.push_back(Task::StartTurns);
    st
}

#[test]
fn tv_19_gallia_gadicea_first_group_only() {
    // PTH-11.2, 11.3.
    let mut st = gallia_table("G01");
    st = Table(st).hand(RED, &[priests(); 5]).state();
    flow::run(&mut st, &mut Vec::new());
    act(&mut st, RED, "gallia:reveal");
    assert_eq!(
        st.decision,
        Some(Decision::GalliaTake {
            seat: RED,
            god: "G01".into()
        })
    );
    act(&mut st, RED, "gallia:take:PRIESTS");
    assert_eq!(st.discard.len(), 5, "only group 1 (5) is needed");
    assert_eq!(st.players[RED].vp, 1, "PTH-11.3 epoch VP");
    assert!(st.players[RED].gods.contains(&god_index("G01")));
}

#[test]
fn tv_20_bonus_choice_order() {
    // PTH-14.2–14.4.
    let config = PantheonConfig {
        start_seat: Some(0),
        bonus_choice: true,
        ..PantheonConfig::new(3)
    };
    let scenario = PantheonScenario {
        nations: Some(vec![Nation::Roma]),
        ..Default::default()
    };
    let mut st = Pantheon::setup_scenario(&config, &scenario, 3).unwrap();
    assert!(
        st.players.iter().all(|p| p.bonus.is_none()),
        "PTH-14.1 none dealt"
    );
    let mut order = Vec::new();
    while let Some(Decision::ChooseBonus { seat }) = st.decision.clone() {
        order.push(seat);
        let a = Pantheon::legal_actions(&st, seat)[0].clone();
        Pantheon::apply(&mut st, seat, &a).unwrap();
    }
    assert_eq!(order, vec![2, 1, 0], "PTH-14.3");
    let mut boxed = Vec::new();
    for s in 0..3 {
        boxed.extend(act(&mut st, s, "roma:pass"));
    }
    let n = boxed
        .iter()
        .find_map(|e| match e {
            E::BonusesBoxed { bonuses } => Some(bonuses.len()),
            _ => None,
        })
        .expect("left-over tokens boxed");
    assert_eq!(n, 3, "PTH-14.4");
}

#[test]
fn tv_21_two_player_preparation() {
    // PTH-3.2, 3.3.
    let config = PantheonConfig::new(2);
    let scenario = PantheonScenario {
        nations: Some(vec![Nation::Roma]),
        ..Default::default()
    };
    let st = Pantheon::setup_scenario(&config, &scenario, 5).unwrap();
    let board = st.board();
    let mut nos: Vec<u8> = st
        .loot_board
        .iter()
        .map(|(s, _)| board.spaces[*s].satellite_no.unwrap())
        .collect();
    nos.sort();
    assert_eq!(nos, vec![1, 2, 5]);
    assert_eq!(st.god_display.len(), 3);
}

#[test]
fn tv_22_setup_material() {
    // PTH-2.2, 2.4.
    let scenario = PantheonScenario {
        nations: Some(vec![Nation::Roma]),
        ..Default::default()
    };
    let st = Pantheon::setup_scenario(&PantheonConfig::new(4), &scenario, 11).unwrap();
    let v = Pantheon::view(&st, Viewer::Spectator);
    assert_eq!(v.special_money, vec![2, 2, 3, 3, 4, 4, 5]);
    for p in &st.players {
        assert_eq!((p.pillars, p.footprints, p.hand.len()), (3, 4, 5));
    }
}

#[test]
fn tv_23_persia_reverses_special_money() {
    // PTH-11.6.
    // The deck 3,4,4,5 of the vector: both 2s and one 3 taken (the vector's "(2s taken)"
    // would leave 3,3,4,4,5).
    let mut st = Table::f1()
        .hand(
            RED,
            &[CardKind::Money(2), CardKind::Money(2), CardKind::Money(3)],
        )
        .state();
    assert_eq!(
        Pantheon::view(&st, Viewer::Spectator).special_money,
        vec![3, 4, 4, 5]
    );
    st.track = vec![Nation::Persia];
    st.tasks.push_back(Task::NationEffect);
    flow::run(&mut st, &mut Vec::new());
    let v = Pantheon::view(&st, Viewer::Spectator);
    assert_eq!(v.special_money, vec![5, 4, 4, 3]);
    // It stays so: the next one taken is the 5.
    st.effects.push_back(Pending {
        seat: RED,
        src: Src::Loot(loot_index("L35")),
        effect: Effect::SpecialMoney,
    });
    effects::run_effects(&mut st, &mut Vec::new());
    act(&mut st, RED, "effect");
    assert_eq!(
        Pantheon::view(&st, Viewer::Spectator).special_money,
        vec![4, 4, 3]
    );
}

#[test]
fn tv_24_last_god_ends_epoch() {
    // PTH-4.4, 4.5, 4.7.
    let mut st = Table::new(4)
        .epoch(2)
        .display_gods(&["G32"])
        .hand(1, &[gifts(), gifts(), priests(), priests()])
        .turn(1);
    let ev = act(&mut st, 1, "god:0:GIFTS,PRIESTS");
    assert_eq!(st.players[1].vp, 5, "+2 god, +3 end");
    assert!(ev.contains(&E::TemplePassed { to: 2 }));
    assert_eq!(st.start_seat, 2);
    assert_eq!(st.epoch, 3);
}

#[test]
fn tv_25_germania_hands_to_seven() {
    // PTH-11.4.
    let mut st = Table::f1()
        .hand(0, &[MOV, MOV, MOV, M1, M1, M1, gifts(), gifts(), gifts()])
        .hand(1, &[MOV, M1, M1, M1])
        .hand(2, &[MOV, MOV, MOV, MOV, M1, M1, M1])
        .state();
    st.track = vec![Nation::Germania];
    st.tasks.push_back(Task::NationEffect);
    flow::run(&mut st, &mut Vec::new());
    assert_eq!(
        st.decision,
        Some(Decision::DiscardToSeven { seat: 0, excess: 2 })
    );
    act(&mut st, 0, "discard7:gifts*2");
    assert_eq!(st.players[0].hand.len(), 7);
    assert_eq!(st.players[1].hand.len(), 7, "drew 3");
    assert_eq!(st.players[2].hand.len(), 7, "unchanged");
}

fn nation_table(t: Table, nation: Nation) -> PantheonState {
    let mut st = t.state();
    st.temple = None;
    st.track = vec![nation];
    st.tasks.push_back(Task::NationEffect);
    st.tasks.push_back(Task::PlaceTemple);
    st.tasks.push_back(Task::StartTurns);
    flow::run(&mut st, &mut Vec::new());
    st
}

#[test]
fn tv_26_cartago_spending() {
    // PTH-11.7, 11.8.
    let mut st = nation_table(
        Table::f1().supply(RED, 3, 4).hand(RED, &[M1, M1]),
        Nation::Cartago,
    );
    assert_eq!(budget(&st), 2);
    let l = ids(&st, RED);
    assert!(!l.iter().any(|id| id.starts_with("place:")), "no placement");
    assert!(
        !l.iter().any(|id| id.starts_with("purchase")),
        "no money cards"
    );
    act(&mut st, RED, "cartago:buy:GIFTS:1");
    act(&mut st, RED, "cartago:stone:pillar");
    assert_eq!(budget(&st), 0);
    act(&mut st, RED, "cartago:done");
    assert_eq!(st.players[RED].pillars, 4);
    assert_eq!(st.players[RED].hand.len(), 2);
}

#[test]
fn tv_27_iberia_upgrade() {
    // PTH-11.9, 7.4.
    let mut st = nation_table(Table::f1().offering(RED, K::Priests, 2), Nation::Iberia);
    let s34 = st.offering_supply[K::Priests as usize][1];
    act(&mut st, RED, "iberia:upgrade:PRIESTS");
    assert_eq!(st.players[RED].offerings[K::Priests as usize], 3);
    assert_eq!(
        st.offering_supply[K::Priests as usize][1],
        s34 - 1,
        "token swapped"
    );
}

#[test]
fn tv_28_roma() {
    // PTH-11.10.
    let mut st = nation_table(Table::f1(), Nation::Roma);
    let display = st.display;
    act(&mut st, RED, "roma:draw");
    act(&mut st, GREEN, "roma:pass");
    assert_eq!(st.players[RED].hand.len(), 2);
    assert_eq!(st.players[GREEN].hand.len(), 0);
    assert_eq!(st.display, display);
}

#[test]
fn tv_29_aegyptus_exchange() {
    // PTH-11.5.
    let mut st = nation_table(
        Table::f1().supply(RED, 3, 4).stone(RED, "P4"),
        Nation::Aegyptus,
    );
    assert_eq!(st.general[RED][0], 8);
    act(&mut st, RED, "aegyptus:2");
    assert_eq!(
        (st.players[RED].footprints, st.players[RED].pillars),
        (2, 5)
    );
}

#[test]
fn tv_30_demigod_loot_takes_highest() {
    // PTH-3.4, 10.3.
    let mut st = Table::f1()
        .loot("A1", "L11")
        .loot("Z", "L12")
        .hand(RED, &[])
        .turn(RED);
    st.demigod_display = vec![2, 3];
    act(&mut st, RED, "move:0");
    act(&mut st, RED, "place:foot:A1:loot");
    act(&mut st, RED, "end_placement");
    assert_eq!(st.players[RED].demigods, vec![(3, true)]);
    assert_eq!(st.demigod_display, vec![2]);
}

#[test]
fn tv_31_tie_break_by_demigod_count() {
    // PTH-13.6.
    let mut st = Table::new(2).state();
    st.over = true;
    st.players[0].vp = 60;
    st.players[1].vp = 60;
    st.players[0].demigods = vec![(1, false); 3];
    st.players[1].demigods = vec![(6, false); 2];
    assert_eq!(Pantheon::outcome(&st).unwrap().winners, vec![0]);
    st.players[1].demigods.push((1, false));
    let o = Pantheon::outcome(&st).unwrap();
    assert_eq!(
        (o.winners, o.places, o.draw),
        (vec![0, 1], vec![1, 1], false)
    );
    assert!(
        o.reason.starts_with("Shared victory: seat 0 and seat 1"),
        "{}",
        o.reason
    );
}

#[test]
fn tv_32_capacity() {
    // PTH-6.2.
    let mut st = Table::f1()
        .stone(RED, "A1")
        .stone(GREEN, "A2")
        .stone(YELLOW, "A2")
        .turn(RED);
    act(&mut st, RED, "move:0");
    assert_eq!(refuse(&mut st, RED, "place:foot:A1").rule, "PTH-6.2");
    assert_eq!(refuse(&mut st, RED, "place:foot:A2").rule, "PTH-6.2");
}

#[test]
fn tv_33_wrong_space_types() {
    // PTH-6.3, 6.4, 6.7.
    let mut st = Table::f1()
        .stone(RED, "A1")
        .stone(RED, "B1")
        .hand(RED, &[MOV])
        .turn(RED);
    act(&mut st, RED, "move:1");
    assert_eq!(refuse(&mut st, RED, "place:foot:P1").rule, "PTH-6.3");
    assert_eq!(refuse(&mut st, RED, "place:pillar:B1").rule, "PTH-6.4");
    assert_eq!(refuse(&mut st, RED, "place:pillar:P4").rule, "PTH-6.7");
}

#[test]
fn tv_34_old_pillar_not_connected() {
    // PTH-6.6, 6.9.
    let mut st = Table::f1().stone(RED, "P4").hand(RED, &[MOV]).turn(RED);
    act(&mut st, RED, "move:1");
    assert_eq!(refuse(&mut st, RED, "place:foot:Z").rule, "PTH-6.6");
    act(&mut st, RED, "place:foot:A5");
    act(&mut st, RED, "place:foot:Z");
}

#[test]
fn tv_35_no_change_given() {
    // PTH-7.8.
    let mut st = Table::f1().hand(RED, &[CardKind::Money(3)]).turn(RED);
    act(&mut st, RED, "purchase:3x1");
    assert_eq!(budget(&st), 3);
    act(&mut st, RED, "buy:stone:footprint");
    assert_eq!(budget(&st), 2);
    act(&mut st, RED, "end_purchase");
    assert_eq!(st.players[RED].hand.len(), 0, "2 money lapse");
    assert_eq!(st.players[RED].footprints, 7);
}

#[test]
fn tv_36_second_token_of_a_kind() {
    // PTH-1.6, 7.3, 11.9.
    let mut st = Table::f1()
        .offering(RED, K::Gifts, 1)
        .hand(RED, &[M1, M1, M1])
        .turn(RED);
    act(&mut st, RED, "purchase:1x3");
    assert_eq!(refuse(&mut st, RED, "buy:offering:GIFTS:2").rule, "PTH-1.6");
    let mut st = nation_table(Table::f1().offering(RED, K::Gifts, 1), Nation::Iberia);
    assert_eq!(refuse(&mut st, RED, "iberia:take:GIFTS").rule, "PTH-11.9");
}

#[test]
fn tv_37_last_loot_by_follower() {
    // PTH-4.6, 4.7.
    let mut st = Table::f1()
        .loot("S1", &loot_with(TokenEffectKind::Supplies, None))
        .hand(GREEN, &[MOV, MOV])
        .turn(RED);
    act(&mut st, RED, "move:0");
    act(&mut st, RED, "place:foot:A1");
    act(&mut st, RED, "end_placement");
    act(&mut st, GREEN, "follow:move:2");
    act(&mut st, GREEN, "place:foot:A3");
    act(&mut st, GREEN, "place:foot:B3");
    act(&mut st, GREEN, "place:foot:S1:loot");
    act(&mut st, GREEN, "end_placement");
    assert_eq!(
        st.decision,
        Some(Decision::Follow {
            seat: YELLOW,
            active: RED
        }),
        "Yellow still follows"
    );
    assert_eq!(st.players[RED].vp, 0);
    let ev = act(&mut st, YELLOW, "follow:pass");
    assert!(ev.contains(&E::EpochVp { seat: RED, vp: 3 }));
    assert!(ev.contains(&E::TemplePassed { to: GREEN }));
}

#[test]
fn tv_38_all_discard_emergency() {
    // PTH-9.3, 9.4, 9.8.
    let mut st = Table::f1().turn(RED);
    while st.draw_pile.len() > 1 {
        let c = st.draw_pile.pop().unwrap();
        let s = 1 + st.draw_pile.len() % 2;
        st.players[s].hand.push(c);
    }
    let display = st.display;
    act(&mut st, RED, "draw:deck");
    assert_eq!(st.players[RED].hand.len(), 1);
    act(&mut st, RED, "draw:deck");
    act(&mut st, RED, "draw:deck");
    assert_eq!(
        st.players[RED].hand.len(),
        2,
        "the 1st card was discarded with the hand"
    );
    assert!(st.players[GREEN].hand.is_empty() && st.players[YELLOW].hand.is_empty());
    assert_eq!(st.display, display);
}

#[test]
fn tv_39_follower_with_step_token_only() {
    // PTH-10.11, 5.6.
    let mut st = Table::f1().turn(RED);
    st.players[GREEN].step_bonus = 1;
    act(&mut st, RED, "move:0");
    act(&mut st, RED, "end_placement");
    assert!(ids(&st, GREEN).contains(&"follow:move:0".to_string()));
    assert!(!ids(&st, YELLOW).contains(&"follow:move:0".to_string()));
    act(&mut st, GREEN, "follow:move:0");
    assert_eq!(steps(&st), 1);
}

#[test]
fn tv_40_steps_not_in_purchase() {
    // PTH-7.12, 10.11.
    let mut st = Table::f1().hand(RED, &[M1]).turn(RED);
    st.players[RED].step_bonus = 1;
    act(&mut st, RED, "purchase:1x1");
    assert_eq!(budget(&st), 1);
}

#[test]
fn tv_41_double_offering_loot() {
    // PTH-10.8.
    let mut st = Table::f1().turn(RED);
    st.decision = None;
    st.effects.push_back(Pending {
        seat: RED,
        src: Src::Loot(loot_index("L27")),
        effect: Effect::Offering { uses: 2 },
    });
    st.tasks.push_back(Task::ResolveEffects);
    flow::run(&mut st, &mut Vec::new());
    act(&mut st, RED, "effect:kind:DANCERS");
    assert_eq!(st.players[RED].offerings[K::Dancers as usize], 1);
    act(&mut st, RED, "effect:kind:DANCERS");
    assert_eq!(
        st.players[RED].offerings[K::Dancers as usize],
        2,
        "flipped to L2"
    );
}

#[test]
fn tv_42_bonus_pillar_anywhere() {
    // PTH-10.7, 10.14.
    let mut st = Table::new(3).state();
    st.players[0].bonus = Some(0);
    st.players[0].bonus_resolved = false;
    st.tasks.push_back(Task::ResolveBonus(0));
    flow::run(&mut st, &mut Vec::new());
    let temple = st.temple.unwrap();
    let board = st.board();
    let far = (0..board.spaces.len())
        .filter(|&i| board.spaces[i].kind == SpaceKind::Pillar)
        .max_by_key(|&i| {
            let a = &board.spaces[i];
            let t = &board.spaces[temple];
            crate::pantheon::data::hex_distance(
                (a.col.unwrap(), a.row.unwrap()),
                (t.col.unwrap(), t.row.unwrap()),
            )
        })
        .unwrap();
    let general = st.general[0][0];
    let id = format!("effect:space:{}", board.spaces[far].id);
    act(&mut st, 0, &id);
    assert_eq!(st.general[0][0], general - 1, "from the general supply");
    assert_eq!(st.players[0].pillars, 3);
    assert_eq!(st.pillars_on_board(0), 1, "counts at scoring");
}

#[test]
fn tv_43_end_of_epoch_cleanup() {
    // PTH-12.1–12.3.
    let mut st = Table::f1()
        .stone(RED, "A1")
        .stone(RED, "P1")
        .loot("S1", "L01")
        .display_gods(&["G01"])
        .state();
    st.demigod_display = vec![2];
    let fp = st.players[RED].footprints;
    st.tasks.push_back(Task::EpochEnd);
    flow::run(&mut st, &mut Vec::new());
    assert_eq!(st.players[RED].footprints, fp + 1, "PTH-12.1");
    assert_eq!(on(&st, "P1"), vec![RED as u8], "PTH-12.2");
    assert!(on(&st, "A1").is_empty());
    assert!(!st.god_stack.contains(&god_index("G01")), "PTH-12.3 boxed");
    assert_eq!(st.epoch, 2, "next epoch prepared");
}

#[test]
fn tv_44_pillar_table() {
    // PTH-13.5.
    let st = Table::new(2).state();
    let got: Vec<u32> = [3, 4, 7, 8, 11]
        .iter()
        .map(|&p| flow::pillar_points(&st, p))
        .collect();
    assert_eq!(got, vec![3, 8, 14, 24, 33]);
}

#[test]
fn tv_45_two_groups_one_kind() {
    // PTH-8.2, 8.9.
    let mut st = Table::f1()
        .display_gods(&["G05", "G40"])
        .offering(RED, K::Gifts, 4)
        .hand(RED, &[gifts(), gifts(), gifts()])
        .turn(RED);
    assert!(!ids(&st, RED).iter().any(|i| i.starts_with("god:")));
    assert_eq!(refuse(&mut st, RED, "god:0:GIFTS,PRIESTS").rule, "PTH-8.9");
}

#[test]
fn tv_46_loot_left_then_taken() {
    // PTH-6.1, 6.11.
    let mut st = Table::f1()
        .loot("S1", "L01")
        .loot("Z", "L02")
        .stone(RED, "A3")
        .stone(RED, "B3")
        .stone(GREEN, "A3")
        .stone(GREEN, "B3")
        .hand(GREEN, &[MOV])
        .turn(RED);
    act(&mut st, RED, "move:0");
    act(&mut st, RED, "place:foot:S1");
    act(&mut st, RED, "end_placement");
    assert_eq!(st.loot_board.len(), 2, "the loot stays");
    act(&mut st, GREEN, "follow:move:1");
    act(&mut st, GREEN, "place:foot:S1:loot");
    assert_eq!(steps(&st), 0, "2 steps");
    assert_eq!(st.players[GREEN].loot, vec![loot_index("L01")]);
}

#[test]
fn tv_47_last_loot_in_purchase() {
    // PTH-7.6, 7.10, 4.4, 4.5.
    let mut st = Table::f1()
        .loot("S1", "L01")
        .stone(RED, "A3")
        .stone(RED, "B3")
        .hand(RED, &[M1])
        .turn(RED);
    act(&mut st, RED, "purchase:1x1");
    act(&mut st, RED, "place:foot:S1:loot");
    let ev = act(&mut st, RED, "end_purchase");
    let gain = ev
        .iter()
        .position(|e| matches!(e, E::StonesGained { .. }))
        .unwrap();
    let vp = ev
        .iter()
        .position(|e| *e == E::EpochVp { seat: RED, vp: 3 })
        .unwrap();
    assert!(gain < vp, "loot resolves, then the turn completes");
    assert_eq!(st.players[RED].vp, 3);
}

#[test]
fn tv_48_gain_demigod_god() {
    // PTH-8.6, 15.9, 10.4.
    let mut st = Table::f1()
        .epoch(4)
        .display_gods(&["G29", "G01"])
        .hand(RED, &[gifts(); 5])
        .turn(RED);
    let top = *st.demigod_stack.last().unwrap();
    let ev = act(&mut st, RED, "god:0:GIFTS");
    assert_eq!(st.players[RED].vp, 4);
    assert_eq!(st.players[RED].demigods, vec![(top, false)]);
    let taken = ev
        .iter()
        .find(|e| matches!(e, E::DemigodTaken { .. }))
        .unwrap();
    let other = Pantheon::redact_event(taken, Viewer::Seat(GREEN)).unwrap();
    assert!(
        matches!(other, E::DemigodTaken { value: None, .. }),
        "hidden from others"
    );
    let view = Pantheon::view(&st, Viewer::Seat(GREEN));
    assert_eq!(view.players[RED].demigods, vec![None]);
}

#[test]
fn tv_49_cartago_ignores_purchase_plus() {
    // PTH-11.7, 15.2.
    let st = nation_table(Table::f1().owns_god(RED, "G04"), Nation::Cartago);
    assert_eq!(budget(&st), 2);
}

#[test]
fn tv_50_extra_turn_not_after_phase_end() {
    // PTH-15.7, 12.6, 4.5.
    let mut st = Table::f1()
        .owns_god(RED, "G19")
        .display_gods(&["G32"])
        .hand(RED, &[gifts(), gifts(), priests(), priests()])
        .turn(RED);
    st.players[RED].extra_turn_used = true;
    act(&mut st, RED, "god:0:GIFTS,PRIESTS");
    assert!(!matches!(st.decision, Some(Decision::ExtraTurn { .. })));
    assert_eq!(st.players[RED].vp, 4, "1 + 3");
    assert!(
        !st.players[RED].extra_turn_used,
        "available again next epoch"
    );
}

#[test]
fn tv_51_steps_add_up() {
    // PTH-5.1–5.3, 15.1, 10.11.
    let mut st = Table::f1().owns_god(RED, "G01").hand(RED, &[MOV]).turn(RED);
    st.players[RED].step_bonus = 1;
    act(&mut st, RED, "move:1");
    assert_eq!(steps(&st), 5);
}

#[test]
fn tv_52_cheap_sharing() {
    // PTH-15.3, 6.1.
    let mut st = Table::f1()
        .owns_god(GREEN, "G07")
        .stone(RED, "P1")
        .stone(GREEN, "A3")
        .stone(GREEN, "B3")
        .turn(GREEN);
    act(&mut st, GREEN, "move:0");
    act(&mut st, GREEN, "place:pillar:P1");
    assert_eq!(steps(&st), 0, "costs 1 step");
}

#[test]
fn tv_53_offering_wildcard() {
    // PTH-15.5, 8.3.
    let mut st = Table::f1()
        .owns_god(RED, "G13")
        .display_gods(&["G25", "G40"])
        .hand(RED, &[dancers(), dancers(), dancers(), temples()])
        .turn(RED);
    act(&mut st, RED, "god:0:DANCERS,TEMPLES:w0");
    assert_eq!(st.discard.len(), 4);
}

#[test]
fn tv_54_loot_resolution_order() {
    // PTH-10.12, 10.13, 10.3, 10.9.
    let mut st = Table::f1()
        .loot("A3", "L11")
        .loot("B3", "L29")
        .loot("Z", "L01")
        .hand(GREEN, &[MOV])
        .turn(RED);
    st.demigod_display = vec![2, 3];
    act(&mut st, RED, "move:0");
    act(&mut st, RED, "end_placement");
    act(&mut st, GREEN, "follow:move:1");
    act(&mut st, GREEN, "place:foot:A3:loot");
    act(&mut st, GREEN, "place:foot:B3:loot");
    act(&mut st, GREEN, "end_placement");
    assert_eq!(
        st.players[GREEN].demigods,
        vec![(3, true)],
        "DEMIGOD first, automatic"
    );
    let l = ids(&st, GREEN);
    assert_eq!(l, vec!["effect".to_string(), "decline".to_string()]);
}

#[test]
fn tv_55_emergency_keeps_unplayed_special_money() {
    // PTH-9.4, 9.8, 9.9.
    let mut st = Table::with(PantheonConfig::new(2), Some("f1"))
        .hand(0, &[M1, M1, CardKind::Money(4)])
        .state();
    let rest = std::mem::take(&mut st.draw_pile);
    st.players[1].hand.extend(rest);
    assert_eq!(st.players[1].hand.len(), 69);
    st.discard.clear();
    let display = st.display;
    st.decision = Some(Decision::ChooseAction { seat: 0 });
    act(&mut st, 0, "draw:deck");
    assert_eq!(st.draw_pile.len(), 70);
    assert_eq!(st.players[0].hand.len(), 2, "Money(4) kept + 1 drawn");
    assert!(
        st.players[0]
            .hand
            .iter()
            .any(|&c| st.card_kind(c) == CardKind::Money(4))
    );
    assert!(st.players[1].hand.is_empty());
    assert_eq!(st.display, display);
    assert_eq!(
        st.decision,
        Some(Decision::DrawCards {
            seat: 0,
            remaining: 2
        })
    );
}
