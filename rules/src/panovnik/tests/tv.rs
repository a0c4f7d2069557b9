//! The worked examples TV-01 … TV-53 of section 12, one test each, on the real engine.

use super::*;
use crate::panovnik::{building, laws, pyramid, scoring};
use Color::*;
use PanovnikAction as A;

/// Captain of the Watch = the spec's card K (costs G,B,Y,Y; draw 1, gems 5, magic 1, PP 12).
const K: u32 = 32;
const TUCK_FREE: u32 = 66;
const TREASURY: u32 = 70;

fn g(b: u32, r: u32, gr: u32, y: u32) -> Gems {
    Gems::new(b, r, gr, y)
}

fn gem(color: Color) -> A {
    A::BidGem { color }
}

fn gems_taken(ev: &[PanovnikEvent], seat: Seat) -> Gems {
    ev.iter()
        .filter_map(|e| match e {
            PanovnikEvent::GemsTaken { seat: s, gems, .. } if *s == seat => Some(*gems),
            _ => None,
        })
        .fold(Gems::ZERO, |a, b| a.plus(&b))
}

fn display(st: &PanovnikState, c: Color) -> [Option<u32>; 2] {
    st.display[c.index()]
}

/// A round-1 display R:X B:Y G:Z Y:W with X..W = 60..63.
fn four(t: Table) -> Table {
    t.display(Red, None, Some(60))
        .display(Blue, None, Some(61))
        .display(Green, None, Some(62))
        .display(Yellow, None, Some(63))
}

fn score(st: &PanovnikState, seat: Seat) -> ScoreBreakdown {
    scoring::score(st, seat)
}

#[test]
fn tv_01_gem_supply_by_player_count() {
    // PNV-2.1, PNV-11.2
    for (n, per) in [(1u8, 4u32), (2, 8), (3, 12), (4, 16)] {
        let st = Panovnik::setup(&PanovnikConfig::new(n), 7).unwrap();
        let ev = Panovnik::setup_events(&st);
        assert!(ev.contains(&PanovnikEvent::SupplyPrepared {
            supply: Gems::each(per)
        }));
        assert_eq!(st.box_gems, Gems::each(16 - per));
    }
}

#[test]
fn tv_02_initial_gems() {
    // PNV-2.2
    let st = Panovnik::setup(&PanovnikConfig::new(3), 3).unwrap();
    assert_eq!(st.supply.total(), 48 - 24 + 6);
    for p in &st.players {
        assert_eq!(p.screen.total(), 6);
    }
}

#[test]
fn tv_03_bid_colour_of_the_auction_card() {
    // PNV-5.2, PNV-5.5
    let mut st = Table::new(2)
        .display(Yellow, None, Some(K))
        .screen(0, g(1, 0, 0, 1))
        .bidding(1);
    assert_eq!(legal(&st, 0), vec![gem(Yellow), A::BidPass]);
    assert_eq!(refused(&mut st, 0, gem(Blue)), "PNV-5.5");
    let st = Table::new(2)
        .display(Yellow, None, Some(K))
        .screen(0, g(1, 0, 0, 1))
        .attack(0, 1)
        .bidding(1);
    assert!(legal(&st, 0).contains(&A::BidAttack));
}

#[test]
fn tv_04_cost_of_k_by_level() {
    // PNV-7.4
    assert_eq!(building::cost(K, 1), g(0, 0, 1, 0));
    assert_eq!(building::cost(K, 2), g(1, 0, 1, 0));
    assert_eq!(building::cost(K, 3), g(1, 0, 1, 1));
    assert_eq!(building::cost(K, 4), g(1, 0, 1, 2));
    assert_eq!(building::cost(K, 5), g(1, 0, 1, 3));
    // The engine charges exactly that: K on level 4 from a screen of 5 each.
    let mut st = Table::new(1)
        .pyramid(0, &triangle(3, 1, &[K]))
        .screen(0, Gems::each(5))
        .placing(0, K);
    let ev = act(&mut st, 0, place(4, 3));
    assert!(ev.iter().any(|e| matches!(e,
        PanovnikEvent::CardPlaced { paid, .. } if *paid == g(1, 0, 1, 2))));
    assert_eq!(st.players[0].screen, g(4, 5, 4, 3));
}

fn place(level: u8, x: i32) -> A {
    A::PlaceCard {
        level,
        x,
        eternal_gems: Gems::ZERO,
    }
}

/// K placed on `level` over a full triangle, with 5 gems of each colour.
fn k_at(level: u8) -> (PanovnikState, Vec<PanovnikEvent>) {
    let mut st = Table::new(2)
        .pyramid(0, &triangle(level - 1, 1, &[K]))
        .screen(0, Gems::each(5))
        .placing(0, K);
    let ev = act(&mut st, 0, place(level, level as i32 - 1));
    (st, ev)
}

fn k_tokens(st: &PanovnikState) -> Tokens {
    let p = &st.players[0];
    p.pyramid[p.card_index(K).unwrap()].tokens.clone()
}

#[test]
fn tv_05_reward_of_k_by_level() {
    // PNV-7.12, PNV-7.13, PNV-8.3
    let (st, _) = k_at(1);
    assert_eq!(
        st.decision,
        Some(Decision::DrawCard {
            seat: 0,
            remaining: 1
        })
    );
    assert_eq!(legal(&st, 0).len(), 2, "small deck or law deck");
    let (st, _) = k_at(2);
    assert!(matches!(
        st.decision,
        Some(Decision::ChooseGems { n: 5, .. })
    ));
    let (st, _) = k_at(3);
    assert_eq!(k_tokens(&st).magic, 1);
    let (st, _) = k_at(4);
    assert_eq!(k_tokens(&st).power, 12);
    let (st, _) = k_at(5);
    assert_eq!(st.decision, Some(Decision::Level5 { seat: 0, card: K }));
}

#[test]
fn tv_06_eternal_gem_discount() {
    // PNV-7.7: card 9 on level 3 owes {Y1, B2}.
    assert_eq!(building::cost(9, 3), g(2, 0, 0, 1));
    let mut st = Table::new(2)
        .pyramid(0, &triangle(2, 10, &[]))
        .tokens(0, 10, |t| {
            t.eternal.push(EternalGem {
                color: Blue,
                used: false,
            })
        })
        .screen(0, g(1, 0, 0, 1))
        .placing(0, 9);
    // Without the discount the player cannot pay {Y1, B2}.
    assert!(!legal(&st, 0).contains(&place(3, 2)));
    let with = A::PlaceCard {
        level: 3,
        x: 2,
        eternal_gems: g(1, 0, 0, 0),
    };
    let ev = act(&mut st, 0, with);
    assert!(ev.iter().any(|e| matches!(e,
        PanovnikEvent::CardPlaced { paid, .. } if *paid == g(1, 0, 0, 1))));
    let p = &st.players[0];
    assert!(p.pyramid[p.card_index(10).unwrap()].tokens.eternal[0].used);
}

#[test]
fn tv_07_passing_with_four_science() {
    // PNV-6.2
    let mut st = Table::new(2)
        .pyramid(0, &[(5, 1, 0)])
        .tokens(0, 5, |t| t.science = 4)
        .display(Red, None, Some(60))
        .bidding(1);
    act(&mut st, 0, A::BidPass);
    let ev = act(&mut st, 1, A::BidPass);
    assert!(ev.contains(&PanovnikEvent::Passed {
        seat: 0,
        entitled: 7
    }));
    assert!(matches!(
        st.decision,
        Some(Decision::ChooseGems { seat: 0, n: 7, .. })
    ));
    take_gems(&mut st, 0, g(2, 2, 2, 1));
    assert_eq!(st.players[0].screen.total(), 7);
}

/// A(1,0) B(1,2) C(1,4) U(2,1) V(2,3) W(3,2): the circles of U and W green, V's not.
fn green_circles() -> Table {
    let mut t = Table::new(2).pyramid(
        0,
        &[
            (1, 1, 0),
            (2, 1, 2),
            (3, 1, 4),
            (4, 2, 1),
            (5, 2, 3),
            (6, 3, 2),
        ],
    );
    let p = &mut t.0.players[0];
    let set = |p: &mut Player, card: u32, seg: Segment, c: Color| {
        let i = p.card_index(card).unwrap();
        p.pyramid[i].recolor[seg.index()] = Some(c);
    };
    for (card, seg) in [
        (4, Segment::Bl),
        (4, Segment::Br),
        (1, Segment::Tr),
        (2, Segment::Tl),
        (6, Segment::Bl),
        (6, Segment::Br),
        (4, Segment::Tr),
        (5, Segment::Tl),
    ] {
        set(p, card, seg, Green);
    }
    set(p, 5, Segment::Bl, Red);
    set(p, 5, Segment::Br, Blue);
    t
}

#[test]
fn tv_08_green_circles_with_bonus() {
    // PNV-10.7
    let st = green_circles()
        .tokens(0, 1, |t| {
            t.circle_bonus.push(CircleBonus {
                color: Green,
                value: 4,
            })
        })
        .done();
    assert_eq!(score(&st, 0).circles, 2 + 3 + 4 + 4);
}

#[test]
fn tv_09_eternal_gem_with_circle_bonus() {
    // PNV-10.8
    let mut cards = triangle(2, 1, &[]);
    cards.push((6, 3, 2));
    let st = Table::new(2)
        .pyramid(0, &cards)
        .tokens(0, 6, |t| {
            t.eternal.push(EternalGem {
                color: Yellow,
                used: true,
            });
            t.circle_bonus.push(CircleBonus {
                color: Yellow,
                value: 4,
            });
        })
        .done();
    assert_eq!(st.players[0].pyramid[5].level, 3);
    assert_eq!(score(&st, 0).eternal_gems, 3 + 4);
}

#[test]
fn tv_10_magic() {
    // PNV-10.11
    let st = Table::new(2)
        .pyramid(0, &[(1, 1, 0)])
        .tokens(0, 1, |t| {
            t.magic = 3;
            t.magic_bonus = vec![5, 2];
        })
        .done();
    assert_eq!(score(&st, 0).magic, 21);
}

#[test]
fn tv_11_token_sets() {
    // PNV-10.12
    let st = Table::new(2)
        .pyramid(0, &[(1, 1, 0)])
        .tokens(0, 1, |t| {
            t.defense = 2;
            t.magic = 5;
            t.science = 3;
        })
        .done();
    assert_eq!(score(&st, 0).sets, 24);
}

#[test]
fn tv_12_attack_penalty() {
    // PNV-10.13
    let st = Table::new(3)
        .pyramid(0, &[(1, 1, 0)])
        .attack(1, 2)
        .attack(2, 3)
        .done();
    assert_eq!(score(&st, 0).attack_penalty, -20);
    let st = Table(st).tokens(0, 1, |t| t.defense = 2).done();
    assert_eq!(score(&st, 0).attack_penalty, -12);
}

#[test]
fn tv_13_pyramid_growth() {
    // PNV-4.2, PNV-4.3
    let t = Table::new(2).pyramid(0, &[(1, 1, 0)]).done();
    assert_eq!(
        pyramid::legal_positions(&t.players[0], false),
        vec![(1, -2), (1, 2)]
    );
    let t = Table::new(2).pyramid(0, &[(1, 1, 0), (2, 1, 2)]).done();
    assert_eq!(
        pyramid::legal_positions(&t.players[0], false),
        vec![(1, -2), (1, 4), (2, 1)]
    );
}

/// TV-14's reconstructed pyramid: A(1,0) B(1,2) C(1,4) D(1,6); E(2,1) F(2,3); G(3,2).
fn tv14(with_t: bool) -> PanovnikState {
    let t = Table::new(2).pyramid(
        0,
        &[
            (1, 1, 0),
            (2, 1, 2),
            (3, 1, 4),
            (4, 1, 6),
            (5, 2, 1),
            (6, 2, 3),
            (7, 3, 2),
        ],
    );
    if with_t {
        t.tucked(0, 6, 8, true).done()
    } else {
        t.done()
    }
}

fn names(st: &PanovnikState, idx: Vec<usize>) -> Vec<u32> {
    let mut v: Vec<u32> = idx
        .into_iter()
        .map(|i| st.players[0].pyramid[i].card)
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn tv_14_adjacency() {
    // PNV-4.9, PNV-4.11
    let st = tv14(true);
    let p = &st.players[0];
    assert_eq!(names(&st, pyramid::neighbours(p, 1)), vec![1, 3, 5, 6], "B");
    assert_eq!(
        names(&st, pyramid::neighbours(p, 5)),
        vec![2, 3, 5, 7],
        "F (T not counted)"
    );
    assert_eq!(names(&st, pyramid::neighbours(p, 6)), vec![5, 6], "G");
}

#[test]
fn tv_15_free_cards() {
    // PNV-4.12
    let st = tv14(true);
    assert_eq!(names(&st, pyramid::free_cards(&st.players[0])), vec![4, 7]);
    // With T tucked under F, F is not free even without G.
    let mut st = tv14(true);
    st.players[0].pyramid.remove(6);
    let free = names(&st, pyramid::free_cards(&st.players[0]));
    assert!(!free.contains(&6), "F carries a tucked card");
    let mut st = tv14(false);
    st.players[0].pyramid.remove(6);
    assert!(names(&st, pyramid::free_cards(&st.players[0])).contains(&6));
}

#[test]
fn tv_16_three_player_auction() {
    // PNV-5.7, PNV-5.9, PNV-6.2, PNV-5.16
    let mut st = four(Table::new(3))
        .screen(0, Gems::each(2))
        .screen(1, Gems::each(2))
        .screen(2, Gems::each(2))
        .bidding(1);
    let before = st.supply;
    act(&mut st, 0, gem(Red));
    act(&mut st, 1, gem(Red));
    let ev = act(&mut st, 2, gem(Blue));
    assert_eq!(st.supply, before.plus(&g(1, 2, 0, 0)));
    assert!(ev.iter().any(|e| matches!(
        e,
        PanovnikEvent::CardTaken {
            seat: 2,
            card: 61,
            ..
        }
    )));
    assert_eq!(st.auction.bidding_round, 2);
    assert_eq!(Panovnik::to_act(&st), vec![0, 1]);
    act(&mut st, 0, gem(Green));
    let ev = act(&mut st, 1, A::BidPass);
    assert!(ev.iter().any(|e| matches!(
        e,
        PanovnikEvent::CardTaken {
            seat: 0,
            card: 62,
            ..
        }
    )));
    assert!(matches!(
        st.decision,
        Some(Decision::ChooseGems { seat: 1, n: 3, .. })
    ));
    let ev = take_gems(&mut st, 1, g(1, 1, 1, 0));
    assert_eq!(st.players[1].screen.total(), 8 - 1 + 3);
    // End of the auction: X and W move up, 4 new cards below (big deck top: 7, 8, 9, 10).
    assert!(
        ev.iter()
            .any(|e| matches!(e, PanovnikEvent::AuctionEnded { .. }))
    );
    assert_eq!(display(&st, Red), [Some(60), Some(7)]);
    assert_eq!(display(&st, Blue), [None, Some(8)]);
    assert_eq!(display(&st, Green), [None, Some(9)]);
    assert_eq!(display(&st, Yellow), [Some(63), Some(10)]);
}

#[test]
fn tv_17_attack_steals() {
    // PNV-5.8, PNV-5.9e
    let mut st = four(Table::new(2))
        .screen(1, g(0, 1, 0, 0))
        .attack(0, 1)
        .pyramid(0, &[(1, 1, 0)])
        .pyramid(1, &[(2, 1, 0)])
        .bidding(1);
    act(&mut st, 0, A::BidAttack);
    act(&mut st, 1, gem(Red));
    assert_eq!(st.decision, Some(Decision::AttackPick { seat: 0 }));
    let ev = act(
        &mut st,
        0,
        A::AttackPick {
            color: Red,
            slot: Slot::Below,
        },
    );
    assert!(st.players[0].hand.contains(&60));
    assert_eq!(st.players[0].attack, 0);
    assert!(ev.contains(&PanovnikEvent::ColorContested {
        color: Red,
        seats: vec![1],
        virtuals: vec![]
    }));
    assert_eq!(st.supply.r, 8 + 1);
    assert_eq!(st.auction.bidding_round, 2);
    assert_eq!(Panovnik::to_act(&st), vec![1]);
}

#[test]
fn tv_18_attack_priority() {
    // PNV-3.1, PNV-5.8
    let mut st = four(Table::new(2))
        .attack(0, 1)
        .attack(1, 1)
        .pyramid(0, &[(7, 1, 0)])
        .pyramid(1, &[(3, 1, 0), (20, 1, 2)])
        .bidding(1);
    act(&mut st, 0, A::BidAttack);
    act(&mut st, 1, A::BidAttack);
    assert_eq!(
        st.decision,
        Some(Decision::AttackPick { seat: 1 }),
        "P2 first"
    );
    act(
        &mut st,
        1,
        A::AttackPick {
            color: Green,
            slot: Slot::Below,
        },
    );
    assert_eq!(st.decision, Some(Decision::AttackPick { seat: 0 }));
    assert!(!legal(&st, 0).contains(&A::AttackPick {
        color: Green,
        slot: Slot::Below
    }));
}

fn tv19() -> PanovnikState {
    Table::new(2)
        .round(4)
        .display(Blue, Some(40), Some(41))
        .display(Red, None, Some(42))
        .screen(0, g(1, 0, 0, 0))
        .screen(1, g(1, 0, 0, 0))
        .bidding(1)
}

#[test]
fn tv_19_negotiation() {
    // PNV-5.9c, PNV-5.10
    let mut st = tv19();
    let supply = st.supply;
    act(&mut st, 0, gem(Blue));
    act(&mut st, 1, gem(Blue));
    assert_eq!(st.supply, supply.plus(&g(2, 0, 0, 0)));
    assert_eq!(Panovnik::to_act(&st), vec![0, 1]);
    act(
        &mut st,
        0,
        A::NegotiateClaim {
            choice: Claim::Above,
        },
    );
    act(
        &mut st,
        1,
        A::NegotiateClaim {
            choice: Claim::Below,
        },
    );
    assert_eq!(st.players[0].hand, vec![40]);
    assert_eq!(st.players[1].hand, vec![41]);
    for (a, b) in [(Claim::Above, Claim::Above), (Claim::Refuse, Claim::Below)] {
        let mut st = tv19();
        act(&mut st, 0, gem(Blue));
        act(&mut st, 1, gem(Blue));
        act(&mut st, 0, A::NegotiateClaim { choice: a });
        act(&mut st, 1, A::NegotiateClaim { choice: b });
        assert!(st.players[0].hand.is_empty() && st.players[1].hand.is_empty());
        assert_eq!(st.auction.bidding_round, 2, "both advance");
    }
}

#[test]
fn pnv_5_2_5_9_5_10_auction_labels_name_the_cards() {
    // Labels of bids, claims and picks name the cards at stake, not only a colour or a slot.
    let label = |st: &PanovnikState, a: A| Panovnik::action_label(st, &a);
    let mut st = tv19();
    let bid = label(&st, gem(Blue));
    assert!(
        bid.starts_with("Bid a blue gem for ")
            && bid.contains("(#40) or ")
            && bid.ends_with("(#41)"),
        "{bid}"
    );
    act(&mut st, 0, gem(Blue));
    act(&mut st, 1, gem(Blue));
    let above = label(
        &st,
        A::NegotiateClaim {
            choice: Claim::Above,
        },
    );
    let below = label(
        &st,
        A::NegotiateClaim {
            choice: Claim::Below,
        },
    );
    assert!(
        above.starts_with("Claim ") && above.contains("(#40) (the above card)"),
        "{above}"
    );
    assert!(below.contains("(#41) (the below card)"), "{below}");
    let mut st = Table::new(2)
        .round(3)
        .display(Yellow, Some(40), Some(41))
        .display(Red, None, Some(60))
        .screen(1, g(0, 0, 0, 1))
        .bidding(1);
    act(&mut st, 0, A::BidPass);
    act(&mut st, 1, gem(Yellow));
    let pick = label(&st, A::AuctionPick { slot: Slot::Above });
    assert!(
        pick.starts_with("Take ") && pick.ends_with("(#40) (the above card)"),
        "{pick}"
    );
}

#[test]
fn tv_20_three_bidders_two_cards() {
    // PNV-5.9d
    let mut st = Table::new(3)
        .display(Blue, Some(40), Some(41))
        .screen(0, g(1, 0, 0, 0))
        .screen(1, g(1, 0, 0, 0))
        .screen(2, g(1, 0, 0, 0))
        .bidding(1);
    let supply = st.supply;
    let ev = commit_all(&mut st, |_| gem(Blue));
    assert!(ev.contains(&PanovnikEvent::ColorContested {
        color: Blue,
        seats: vec![0, 1, 2],
        virtuals: vec![]
    }));
    assert_eq!(st.supply, supply.plus(&g(3, 0, 0, 0)));
    assert_eq!(Panovnik::to_act(&st), vec![0, 1, 2]);
}

#[test]
fn tv_21_round_three_failures_pass_in_priority() {
    // PNV-5.14, PNV-6.3, PNV-3.5
    let mut st = Table::new(2)
        .display(Green, None, Some(50))
        .pyramid(0, &[(20, 1, 0)])
        .tokens(0, 20, |t| t.science = 2)
        .pyramid(1, &[(4, 1, 0)])
        .screen(0, g(0, 0, 1, 0))
        .screen(1, g(0, 0, 1, 0))
        .supply(g(0, 1, 0, 1))
        .bidding(3);
    act(&mut st, 0, gem(Green));
    act(&mut st, 1, gem(Green));
    assert_eq!(st.supply, g(0, 1, 2, 1));
    assert!(matches!(
        st.decision,
        Some(Decision::ChooseGems { seat: 1, n: 3, .. })
    ));
    let ev = take_gems(&mut st, 1, g(0, 1, 1, 1));
    assert_eq!(gems_taken(&ev, 0), g(0, 0, 1, 0), "P1 takes the last gem");
    assert_eq!(st.supply, Gems::ZERO);
    assert!(st.auction.passed[0] && st.auction.passed[1]);
}

#[test]
fn tv_22_bid_legality() {
    // PNV-5.4, PNV-5.5
    let st = Table::new(2)
        .display(Blue, None, Some(40))
        .display(Red, None, Some(41))
        .screen(0, g(0, 2, 1, 0))
        .bidding(1);
    assert_eq!(legal(&st, 0), vec![gem(Red), A::BidPass]);
}

#[test]
fn tv_23_last_round() {
    // PNV-5.17, PNV-10.1
    let mut st = Panovnik::setup(&PanovnikConfig::new(2), 5).unwrap();
    let ev = run_until(&mut st, 5, |s| s.round == 11 && s.stage == Stage::Bidding);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, PanovnikEvent::LastRound { .. }))
    );
    assert_eq!(st.final_round, 0);
    assert_eq!(st.big_deck.len(), 4);
    let ev = run_until(&mut st, 6, |s| {
        s.round == 11 && s.stage == Stage::BuildSelect
    });
    // The auction of round 11 revealed the last 4 cards: round 12 is the last.
    assert!(ev.contains(&PanovnikEvent::LastRound { round: 12 }));
    assert!(st.big_deck.is_empty());
    assert_eq!(st.final_round, 12);
    let ev = run_until(&mut st, 7, |s| {
        s.round == 12 && s.stage == Stage::BuildSelect
    });
    assert!(
        ev.iter()
            .any(|e| matches!(e, PanovnikEvent::RoundStarted { round: 12 }))
    );
    // No refill after round 12's auction.
    assert!(
        !ev[ev.len().saturating_sub(30)..]
            .iter()
            .any(|e| matches!(e, PanovnikEvent::DisplayRefilled { .. }))
    );
    let ev = run_until(&mut st, 8, |_| false);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, PanovnikEvent::RoundStarted { .. }))
    );
    assert!(Panovnik::is_over(&st));
    assert_eq!(st.round, 12);
}

#[test]
fn tv_24_selections_resolve_by_order_number() {
    // PNV-7.3, PNV-3.4 (the played cards decide the order, not the pyramids)
    let mut st = Table::new(3)
        .pyramid(0, &[(1, 1, 0)])
        .pyramid(1, &[(2, 1, 0)])
        .pyramid(2, &[(3, 1, 0)])
        .screen(0, Gems::each(2))
        .screen(1, Gems::each(2))
        .hand(0, &[40])
        .hand(1, &[12])
        .hand(2, &[70])
        .building();
    act(&mut st, 0, A::BuildSelect { card: 40 });
    act(&mut st, 1, A::BuildSelect { card: 12 });
    act(&mut st, 2, A::BuildSelect { card: 70 });
    assert_eq!(st.decision, Some(Decision::PlaceCard { seat: 1, card: 12 }));
    assert_eq!(st.build.queue, vec![(40, 0), (70, 2)]);
}

#[test]
fn tv_25_build_passing() {
    // PNV-7.2, PNV-7.15
    let mut st = Table::new(2)
        .pyramid(0, &[(1, 1, 0)])
        .pyramid(1, &[(2, 1, 0)])
        .hand(1, &[70, 71])
        .building();
    act(&mut st, 0, A::BuildPass);
    act(&mut st, 1, A::BuildSelect { card: 70 });
    act(&mut st, 1, place(1, 2));
    while st.decision.is_some() {
        let a = legal(&st, 1)[0];
        act(&mut st, 1, a);
    }
    assert_eq!(st.build.step, 2);
    assert_eq!(Panovnik::to_act(&st), vec![1], "P1 no longer selects");
    assert!(legal(&st, 0).is_empty());
    let ev = act(&mut st, 1, A::BuildPass);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, PanovnikEvent::BuildStepStarted { step: 3, .. }))
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, PanovnikEvent::RoundStarted { .. }))
    );
}

#[test]
fn tv_26_law_level_limit_and_no_cost() {
    // PNV-4.5, PNV-7.9
    let mut st = Table::new(2)
        .pyramid(0, &triangle(4, 1, &[]))
        .placing(0, 67);
    let l = legal(&st, 0);
    assert!(
        l.iter()
            .all(|a| matches!(a, A::PlaceCard { level, .. } if *level <= 4))
    );
    assert_eq!(refused(&mut st, 0, place(5, 4)), "PNV-4.5");
    let mut st = Table::new(2)
        .pyramid(0, &[(1, 1, 0), (2, 1, 2)])
        .placing(0, 67);
    let ev = act(&mut st, 0, place(2, 1));
    assert!(ev.iter().any(|e| matches!(e,
        PanovnikEvent::CardPlaced { paid, .. } if *paid == Gems::ZERO)));
}

fn tv27(supply: Gems) -> Vec<PanovnikEvent> {
    // A = 7 (TR red), B = 9 (TL red), U = K (BL = BR = red).
    let mut st = Table::new(2)
        .pyramid(0, &[(7, 1, 0), (9, 1, 2)])
        .screen(0, Gems::each(3))
        .supply(supply)
        .placing(0, K);
    act(&mut st, 0, place(2, 1))
}

#[test]
fn tv_27_monochrome_circle_gem() {
    // PNV-7.10
    let ev = tv27(Gems::each(2));
    assert!(ev.iter().any(|e| matches!(
        e,
        PanovnikEvent::MonochromeCircle {
            color: Red,
            gem: true,
            ..
        }
    )));
    assert!(ev.iter().any(|e| matches!(
        e,
        PanovnikEvent::GemsTaken { .. } | PanovnikEvent::MonochromeCircle { .. }
    )));
    let ev = tv27(g(2, 0, 2, 2));
    assert!(ev.iter().any(|e| matches!(
        e,
        PanovnikEvent::MonochromeCircle {
            color: Red,
            gem: false,
            ..
        }
    )));
}

#[test]
fn tv_28_eternal_gem_from_screen() {
    // PNV-8.9
    let reward = Reward::EternalGem(EternalColor::Yellow);
    let mut st = Table::new(2)
        .pyramid(0, &[(5, 1, 0)])
        .supply(g(2, 2, 2, 0))
        .screen(0, g(0, 0, 0, 1))
        .rewarding(0, 5, reward.clone());
    assert_eq!(
        st.decision,
        Some(Decision::EternalFromScreen {
            seat: 0,
            host: 5,
            color: Yellow
        })
    );
    act(&mut st, 0, A::EternalGemFromScreen { accept: true });
    assert_eq!(st.players[0].screen, Gems::ZERO);
    assert_eq!(st.players[0].pyramid[0].tokens.eternal.len(), 1);
    let st = Table::new(2)
        .pyramid(0, &[(5, 1, 0)])
        .supply(g(2, 2, 2, 0))
        .rewarding(0, 5, reward);
    assert!(st.decision.is_none());
    assert!(st.players[0].pyramid[0].tokens.eternal.is_empty(), "lost");
}

#[test]
fn tv_29_gems_reward_shortage() {
    // PNV-8.1, PNV-3.5
    let st = Table::new(2)
        .pyramid(0, &[(5, 1, 0)])
        .supply(g(1, 0, 1, 0))
        .rewarding(0, 5, Reward::Gems(5));
    assert_eq!(st.players[0].screen, g(1, 0, 1, 0));
    assert_eq!(st.supply, Gems::ZERO);
}

#[test]
fn tv_30_eternal_gems_once_per_phase() {
    // PNV-7.7, PNV-7.8
    let blue = EternalGem {
        color: Blue,
        used: false,
    };
    let mut st = Table::new(2)
        .pyramid(0, &triangle(2, 10, &[]))
        .tokens(0, 10, |t| t.eternal.push(blue))
        .tokens(0, 11, |t| t.eternal.push(blue))
        .screen(0, g(0, 0, 0, 1))
        .hand(0, &[9, 3])
        .building();
    act(&mut st, 0, A::BuildSelect { card: 9 });
    act(&mut st, 1, A::BuildPass);
    act(
        &mut st,
        0,
        A::PlaceCard {
            level: 3,
            x: 2,
            eternal_gems: g(2, 0, 0, 0),
        },
    );
    while st.decision.is_some() {
        let a = legal(&st, 0)[0];
        act(&mut st, 0, a);
    }
    assert_eq!(building::unused_eternal(&st.players[0]), Gems::ZERO);
    // Step 2: card 3 owes {B1} on level 1: no discount left, no blue gem → not selectable.
    assert_eq!(legal(&st, 0), vec![A::BuildPass]);
    // Next building phase: both available again.
    let mut ev = Vec::new();
    building::start_building(&mut st, &mut ev);
    assert_eq!(building::unused_eternal(&st.players[0]), g(2, 0, 0, 0));
}

#[test]
fn tv_31_unaffordable_card_cannot_be_selected() {
    // PNV-7.4, PNV-7.5, PNV-7.16: card 2's row-1 cost is green.
    let st = Table::new(2)
        .pyramid(0, &triangle(3, 10, &[]))
        .screen(0, g(2, 0, 0, 0))
        .hand(0, &[2])
        .building();
    assert_eq!(legal(&st, 0), vec![A::BuildPass]);
}

#[test]
fn tv_32_level_five_rows_1_2_3() {
    // PNV-7.13, PNV-7.14
    let (mut st, _) = k_at(5);
    let ev = act(
        &mut st,
        0,
        A::ChooseLevel5Reward {
            choice: Level5Choice::Rows123,
        },
    );
    assert!(ev.contains(&PanovnikEvent::Level5Chosen {
        seat: 0,
        card: K,
        choice: Level5Choice::Rows123
    }));
    assert_eq!(
        st.decision,
        Some(Decision::DrawCard {
            seat: 0,
            remaining: 1
        })
    );
    act(&mut st, 0, A::DrawCard { deck: Deck::Law });
    assert!(matches!(
        st.decision,
        Some(Decision::ChooseGems { n: 5, .. })
    ));
    assert_eq!(k_tokens(&st).magic, 0, "magic comes after the gems");
    take_gems(&mut st, 0, g(0, 5, 0, 0));
    assert_eq!(k_tokens(&st).magic, 1);
    let (mut st, _) = k_at(5);
    act(
        &mut st,
        0,
        A::ChooseLevel5Reward {
            choice: Level5Choice::Power15,
        },
    );
    assert_eq!(k_tokens(&st).power, 15);
}

#[test]
fn tv_33_tuck_free_law() {
    // PNV-4.12, PNV-4.13, PNV-9.3, PNV-9.5
    let mut st = Table(tv14(false))
        .tokens(0, 7, |t| t.magic = 1)
        .placing(0, TUCK_FREE);
    let ev = act(&mut st, 0, place(1, 8));
    assert!(ev.contains(&PanovnikEvent::CardTucked {
        seat: 0,
        under: TUCK_FREE,
        card: Some(7),
        from: TuckFrom::Pyramid,
        public: true
    }));
    let p = &st.players[0];
    assert!(p.at(3, 2).is_none(), "level 3 is empty again");
    let law = p.card_index(TUCK_FREE).unwrap();
    assert_eq!(
        p.pyramid[law].tokens.magic, 1,
        "the token moved onto the law"
    );
    assert!(pyramid::legal_positions(p, false).contains(&(3, 2)));
    assert_eq!(laws::law_points(p, law, 0), 2);
}

#[test]
fn tv_34_treasury_law() {
    // PNV-9.6
    let mut st = Table::new(2)
        .pyramid(0, &[(1, 1, 0)])
        .screen(0, g(3, 3, 2, 2))
        .placing(0, TREASURY);
    act(&mut st, 0, place(1, 2));
    assert_eq!(
        st.decision,
        Some(Decision::StoreGems {
            seat: 0,
            law: TREASURY,
            max: 8,
            stored: Gems::ZERO,
        })
    );
    // One gem at a time; after the 8th the law is full (9 > 8).
    for color in g(3, 3, 2, 0).colors() {
        act(&mut st, 0, A::StoreGem { color });
    }
    assert_eq!(st.decision, None, "8 stored: the choice ends by itself");
    assert_eq!(st.players[0].screen, g(0, 0, 0, 2));
    let p = &st.players[0];
    assert_eq!(laws::law_points(p, p.card_index(TREASURY).unwrap(), 0), 16);
    // Those gems cannot recolour: only the 2 yellow gems remain for recolouring.
    let st = Table(st).end_game();
    assert_eq!(st.players[0].screen, g(0, 0, 0, 2));
}

#[test]
fn tv_35_recolouring() {
    // PNV-10.3, PNV-10.4, PNV-10.7: A = 1 (TR green), B = 6 (TL green), U = K (BL = BR red).
    let mut st = Table::new(2)
        .pyramid(0, &[(1, 1, 0), (6, 1, 2), (K, 2, 1)])
        .screen(0, g(0, 0, 2, 0))
        .end_game();
    let supply = st.supply;
    for seg in [Segment::Bl, Segment::Br] {
        act(
            &mut st,
            0,
            A::Recolor {
                level: 2,
                x: 1,
                segment: seg,
                color: Green,
            },
        );
    }
    let ev = act(&mut st, 0, A::RecolorDone);
    assert!(Panovnik::is_over(&st));
    assert!(
        ev.iter()
            .any(|e| matches!(e, PanovnikEvent::RecolorsRevealed { .. }))
    );
    assert_eq!(st.scores.as_ref().unwrap()[0].circles, 2);
    assert_eq!(st.supply, supply, "no gem from the supply");
    assert_eq!(st.players[0].screen, Gems::ZERO);
}

#[test]
fn tv_36_magic_without_bonus() {
    // PNV-10.11, PNV-10.12
    let st = Table::new(2)
        .pyramid(0, &[(1, 1, 0)])
        .tokens(0, 1, |t| {
            t.magic = 4;
            t.science = 1;
            t.defense = 1;
        })
        .done();
    assert_eq!(score(&st, 0).magic, 0);
    assert_eq!(score(&st, 0).sets, 12);
}

#[test]
fn tv_37_attack_clamp() {
    // PNV-10.13
    let st = Table::new(2)
        .pyramid(0, &[(1, 1, 0)])
        .tokens(0, 1, |t| t.defense = 3)
        .attack(1, 1)
        .done();
    assert_eq!(score(&st, 0).attack_penalty, 0);
}

#[test]
fn tv_38_tie_shares_the_victory() {
    // PNV-10.14: P1 and P3 both 97 power points.
    let mut st = Table::new(3)
        .pyramid(0, &[(1, 1, 0)])
        .pyramid(1, &[(2, 1, 0)])
        .pyramid(2, &[(3, 1, 0)])
        .tokens(0, 1, |t| t.power = 97)
        .tokens(1, 2, |t| t.power = 50)
        .tokens(2, 3, |t| t.power = 97)
        .end_game();
    while let Some(&s) = Panovnik::to_act(&st).first() {
        act(&mut st, s, A::RecolorDone);
    }
    let o = Panovnik::outcome(&st).unwrap();
    assert_eq!(o.winners, vec![0, 2]);
    assert_eq!(o.places, vec![1, 3, 1]);
    assert!(!o.draw);
    assert!(
        o.reason
            .starts_with("Shared victory: seat 0 and seat 2 tie with 97 points"),
        "{}",
        o.reason
    );
}

fn solo() -> Table {
    four(Table::new(1)).screen(0, Gems::each(2))
}

#[test]
fn tv_39_solo_tie_then_win() {
    // PNV-11.4, PNV-11.5, PNV-11.7
    let mut st = solo().bidding(1);
    force_draws(&mut st, &[Red]);
    let supply = st.supply;
    act(&mut st, 0, gem(Red));
    assert_eq!(st.supply, supply.plus(&g(0, 1, 0, 0)));
    assert_eq!(
        st.box_gems,
        g(0, 1, 0, 0),
        "the virtual gem stays in the box"
    );
    assert_eq!(st.auction.bidding_round, 2);
    assert!(st.players[0].hand.is_empty());
    force_draws(&mut st, &[Green]);
    act(&mut st, 0, gem(Blue));
    assert_eq!(st.players[0].hand, vec![61]);
    assert!(st.discard.contains(&62), "Z removed from the game");
    assert_eq!(st.supply.g, supply.g, "no virtual gem reached the supply");
}

#[test]
fn tv_40_solo_virtual_takes_the_below_card() {
    // PNV-11.5
    let mut st = solo()
        .round(5)
        .display(Green, Some(40), Some(41))
        .bidding(1);
    force_draws(&mut st, &[Green]);
    act(&mut st, 0, gem(Red));
    assert_eq!(st.players[0].hand, vec![60]);
    assert!(st.discard.contains(&41), "Q (below) removed");
    // P stays until the end of the auction, then is discarded; the auction ended.
    assert!(st.discard.contains(&40));
    assert_eq!(st.stage, Stage::BuildSelect);
}

#[test]
fn tv_41_solo_two_virtuals_no_match() {
    // PNV-11.6, PNV-12.7, PNV-12.8, PNV-12.10, PNV-12.5
    let mut st = four(Table::with_config(PanovnikConfig::with_virtual(1, 2)))
        .screen(0, Gems::each(2))
        .bidding(1);
    force_draws(&mut st, &[Red, Yellow]);
    let ev = act(&mut st, 0, gem(Red));
    assert!(ev.contains(&PanovnikEvent::ColorContested {
        color: Red,
        seats: vec![0],
        virtuals: vec![0]
    }));
    assert!(st.discard.contains(&63), "V2 removes W");
    assert_eq!(st.auction.virt_active, vec![true, false]);
    force_draws(&mut st, &[Yellow]);
    act(&mut st, 0, gem(Blue));
    assert_eq!(st.players[0].hand, vec![61]);
    assert_eq!(
        st.decision,
        Some(Decision::VirtualDiscard { seat: 0, virt: 0 })
    );
    assert_eq!(legal(&st, 0).len(), 2, "X or Z");
    act(
        &mut st,
        0,
        A::VirtualDiscard {
            color: Green,
            slot: Slot::Below,
        },
    );
    assert!(st.discard.contains(&62));
    assert_eq!(
        st.stage,
        Stage::BuildSelect,
        "no real player active: the auction ended"
    );
}

fn tv42(blue: [Option<u32>; 2], p1_blue: bool) -> (PanovnikState, Vec<PanovnikEvent>) {
    let mut st = Table::with_config(PanovnikConfig::with_virtual(2, 2))
        .display(Red, None, Some(60))
        .display(Blue, blue[0], blue[1])
        .display(Green, None, Some(62))
        .screen(0, Gems::each(1))
        .screen(1, Gems::each(1))
        .bidding(1);
    force_draws(&mut st, &[Blue, Blue]);
    let mut ev = act(&mut st, 0, gem(if p1_blue { Blue } else { Red }));
    ev.extend(act(&mut st, 1, gem(Green)));
    (st, ev)
}

#[test]
fn tv_42_two_virtuals_same_colour() {
    // PNV-12.3, PNV-12.4
    let (st, ev) = tv42([None, Some(61)], false);
    // Both real players won, the auction ended: the blue card stayed and moved up.
    assert_eq!(display(&st, Blue)[0], Some(61), "one card stays");
    assert!(ev.contains(&PanovnikEvent::ColorContested {
        color: Blue,
        seats: vec![],
        virtuals: vec![0, 1]
    }));
    let (st, _) = tv42([Some(40), Some(61)], false);
    assert!(st.discard.contains(&40) && st.discard.contains(&61));
    let (st, ev) = tv42([Some(40), Some(61)], true);
    assert_eq!(display(&st, Blue), [Some(40), Some(61)]);
    assert!(ev.contains(&PanovnikEvent::ColorContested {
        color: Blue,
        seats: vec![0],
        virtuals: vec![0, 1]
    }));
    assert!(st.auction.active[0] && st.auction.virt_active == vec![true, true]);
}

fn tv43(choice: TieChoice) -> PanovnikState {
    let mut st = Table::with_config(PanovnikConfig::with_virtual(2, 1))
        .display(Red, Some(40), Some(41))
        .display(Blue, None, Some(61))
        .screen(0, Gems::each(1))
        .screen(1, Gems::each(1))
        .bidding(1);
    force_draws(&mut st, &[Red]);
    act(&mut st, 0, gem(Red));
    act(&mut st, 1, gem(Blue));
    assert_eq!(
        st.decision,
        Some(Decision::VirtualTie {
            seat: 0,
            color: Red,
            virt: 0
        })
    );
    act(&mut st, 0, A::VirtualTieChoice { choice });
    st
}

#[test]
fn tv_43_real_virtual_tie_choice() {
    // PNV-12.6
    let st = tv43(TieChoice::TakeAbove);
    assert_eq!(st.players[0].hand, vec![40]);
    assert!(st.discard.contains(&41));
    let st = tv43(TieChoice::Continue);
    assert!(st.players[0].hand.is_empty());
    assert_eq!(display(&st, Red), [Some(40), Some(41)]);
    assert_eq!(st.auction.bidding_round, 2);
}

#[test]
fn tv_44_no_real_player_left() {
    // PNV-12.3, PNV-12.5, PNV-5.16
    let mut st = four(Table::with_config(PanovnikConfig::with_virtual(2, 2)))
        .screen(0, Gems::each(1))
        .screen(1, Gems::each(1))
        .bidding(1);
    force_draws(&mut st, &[Blue, Blue]);
    act(&mut st, 0, gem(Red));
    let ev = act(&mut st, 1, gem(Green));
    assert!(!ev.iter().any(|e| matches!(
        e,
        PanovnikEvent::BiddingRoundStarted {
            bidding_round: 2,
            ..
        }
    )));
    assert_eq!(display(&st, Blue)[0], Some(61));
    assert_eq!(display(&st, Yellow)[0], Some(63));
    assert_eq!(st.stage, Stage::BuildSelect);
}

#[test]
fn tv_45_sole_bidder_picks_below() {
    // PNV-5.9a
    let mut st = Table::new(2)
        .round(3)
        .display(Yellow, Some(40), Some(41))
        .display(Red, None, Some(60))
        .screen(1, g(0, 0, 0, 1))
        .bidding(1);
    act(&mut st, 0, A::BidPass);
    act(&mut st, 1, gem(Yellow));
    assert_eq!(
        st.decision,
        Some(Decision::AuctionPick {
            seat: 1,
            color: Yellow
        })
    );
    act(&mut st, 1, A::AuctionPick { slot: Slot::Below });
    assert_eq!(st.players[1].hand, vec![41]);
    // Seat 0 passed: after its gems the auction ends and M is discarded.
    while matches!(st.decision, Some(Decision::ChooseGems { seat: 0, .. })) {
        let a = legal(&st, 0)[0];
        act(&mut st, 0, a);
    }
    assert!(st.discard.contains(&40));
}

#[test]
fn tv_46_solo_attack_then_no_match() {
    // PNV-11.11, PNV-11.6
    let mut st = solo().attack(0, 1).bidding(1);
    force_draws(&mut st, &[Blue]);
    act(&mut st, 0, A::BidAttack);
    act(
        &mut st,
        0,
        A::AttackPick {
            color: Blue,
            slot: Slot::Below,
        },
    );
    assert_eq!(st.players[0].hand, vec![61]);
    assert_eq!(
        st.decision,
        Some(Decision::VirtualDiscard { seat: 0, virt: 0 })
    );
    act(
        &mut st,
        0,
        A::VirtualDiscard {
            color: Yellow,
            slot: Slot::Below,
        },
    );
    assert!(st.discard.contains(&63));
}

#[test]
fn tv_47_free_cards_on_a_single_level() {
    // PNV-4.12, PNV-4.13
    let mut st = Table::new(2)
        .pyramid(0, &[(1, 1, 0), (2, 1, 2), (3, 1, 4)])
        .placing(0, TUCK_FREE);
    act(&mut st, 0, place(1, 6));
    assert_eq!(
        st.decision,
        Some(Decision::TuckFree {
            seat: 0,
            law: TUCK_FREE
        })
    );
    assert_eq!(legal(&st, 0).len(), 3, "A, B and C are free");
    act(&mut st, 0, A::TuckFreeCard { level: 1, x: 2 });
    let p = &st.players[0];
    let pos = pyramid::legal_positions(p, false);
    assert!(pos.contains(&(1, -2)) && pos.contains(&(1, 8)));
    assert!(
        !pos.contains(&(2, 1)) && !pos.contains(&(2, 3)),
        "never filled"
    );
    assert!(!pos.contains(&(1, 2)), "the level-1 gap stays empty");
}

#[test]
fn tv_48_segment_ownership() {
    // PNV-4.7
    let st = Table::new(2)
        .pyramid(0, &[(1, 1, 0), (2, 1, 2), (3, 1, 4), (4, 2, 1), (5, 2, 3)])
        .done();
    let p = &st.players[0];
    assert_eq!(pyramid::circle_owner(p, 1, Segment::Tl), Some(3));
    assert_eq!(pyramid::circle_owner(p, 1, Segment::Tr), Some(4));
    assert_eq!(pyramid::circle_owner(p, 1, Segment::Bl), None);
    assert_eq!(pyramid::circle_owner(p, 1, Segment::Br), None);
}

#[test]
fn tv_49_deferred_starting_rewards() {
    // PNV-2.6: P1 starts with #9 (draw 1), P2 with #31 (gems 3).
    let mut deck: Vec<u32> = vec![9, 1, 31, 2];
    deck.extend((3..=64).filter(|c| ![9, 31].contains(c)));
    let sc = PanovnikScenario {
        characters: Some(deck),
        ..scenario(2)
    };
    let mut st = Panovnik::setup_scenario(&PanovnikConfig::new(2), &sc, 1).unwrap();
    act(&mut st, 0, A::ChooseStartingCard { card: 9 });
    let ev = act(&mut st, 1, A::ChooseStartingCard { card: 31 });
    assert!(
        ev.iter()
            .any(|e| matches!(e, PanovnikEvent::LawsDealt { .. }))
    );
    assert_eq!(
        st.decision,
        Some(Decision::DrawCard {
            seat: 0,
            remaining: 1
        })
    );
    assert_eq!(st.players[0].hand.len(), 4, "laws dealt before the rewards");
    act(&mut st, 0, A::DrawCard { deck: Deck::Small });
    assert!(matches!(
        st.decision,
        Some(Decision::ChooseGems { seat: 1, n: 3, .. })
    ));
}

fn tv50(config: PanovnikConfig) -> PanovnikState {
    let mut st = four(Table::with_config(config))
        .round(4)
        .display(Blue, Some(40), Some(41))
        .screen(0, Gems::each(2))
        .bidding(1);
    force_draws(&mut st, &[Blue]);
    act(&mut st, 0, gem(Blue));
    st
}

#[test]
fn tv_50_solo_tie_choice_flag() {
    // PNV-11.12, PNV-12.6, PNV-12.12, PNV-11.4, PNV-11.7
    let mut st = tv50(PanovnikConfig::new(1));
    assert_eq!(st.supply.b, 4 + 1);
    assert_eq!(st.box_gems.b, 1);
    assert_eq!(
        st.decision,
        Some(Decision::VirtualTie {
            seat: 0,
            color: Blue,
            virt: 0
        })
    );
    let mut other = st.clone();
    act(
        &mut st,
        0,
        A::VirtualTieChoice {
            choice: TieChoice::TakeAbove,
        },
    );
    assert_eq!(st.players[0].hand, vec![40]);
    assert!(st.discard.contains(&41));
    assert_eq!(st.stage, Stage::BuildSelect, "the auction ends");
    act(
        &mut other,
        0,
        A::VirtualTieChoice {
            choice: TieChoice::Continue,
        },
    );
    assert_eq!(other.auction.bidding_round, 2);
    let mut off = PanovnikConfig::new(1);
    off.solo_tie_choice = false;
    let st = tv50(off);
    assert!(st.decision.is_none());
    assert_eq!(st.auction.bidding_round, 2);
    assert_eq!(display(&st, Blue), [Some(40), Some(41)]);
}

#[test]
fn tv_51_one_real_two_virtuals_one_card() {
    // PNV-12.13, PNV-5.9, PNV-12.3
    let mut st = four(Table::with_config(PanovnikConfig::with_virtual(1, 2)))
        .screen(0, Gems::each(2))
        .bidding(1);
    force_draws(&mut st, &[Red, Red]);
    let ev = act(&mut st, 0, gem(Red));
    assert!(ev.contains(&PanovnikEvent::ColorContested {
        color: Red,
        seats: vec![0],
        virtuals: vec![0, 1]
    }));
    assert_eq!(display(&st, Red), [None, Some(60)]);
    assert_eq!(st.auction.bidding_round, 2);
    assert_eq!(st.auction.virt_active, vec![true, true]);
}

#[test]
fn tv_52_continue_in_round_three_passes() {
    // PNV-12.6, PNV-5.14, PNV-6.2, PNV-5.16
    let mut st = Table::with_config(PanovnikConfig::with_virtual(2, 1))
        .display(Green, Some(40), Some(41))
        .display(Red, None, Some(60))
        .pyramid(0, &[(1, 1, 0)])
        .tokens(0, 1, |t| t.science = 1)
        .pyramid(1, &[(2, 1, 0)])
        .screen(0, g(0, 0, 1, 0))
        .bidding(3);
    force_draws(&mut st, &[Green]);
    act(&mut st, 0, gem(Green));
    act(&mut st, 1, A::BidPass);
    act(
        &mut st,
        0,
        A::VirtualTieChoice {
            choice: TieChoice::Continue,
        },
    );
    assert!(st.auction.passed[0]);
    assert!(matches!(
        st.decision,
        Some(Decision::ChooseGems { seat: 0, n: 4, .. })
    ));
    take_gems(&mut st, 0, g(1, 1, 1, 1));
    while matches!(st.decision, Some(Decision::ChooseGems { seat: 1, .. })) {
        let a = legal(&st, 1)[0];
        act(&mut st, 1, a);
    }
    assert!(st.discard.contains(&40), "M discarded");
    assert_eq!(display(&st, Green)[0], Some(41), "N moved up");
}

#[test]
fn tv_53_starting_card_without_its_gem() {
    // PNV-2.4, PNV-2.5: K's row-1 cost is green; P1 returned both greens.
    let mut deck: Vec<u32> = vec![K, 1, 2, 3];
    deck.extend((4..=64).filter(|&c| c != K));
    let sc = PanovnikScenario {
        characters: Some(deck),
        returned_gems: Some(vec![[Green, Green], [Blue, Red]]),
        ..scenario(2)
    };
    let mut st = Panovnik::setup_scenario(&PanovnikConfig::new(2), &sc, 1).unwrap();
    assert_eq!(st.players[0].screen, g(2, 2, 0, 2));
    act(&mut st, 0, A::ChooseStartingCard { card: K });
    act(&mut st, 1, A::ChooseStartingCard { card: 2 });
    assert_eq!(st.players[0].pyramid[0].card, K);
    assert_eq!(
        (st.players[0].pyramid[0].level, st.players[0].pyramid[0].x),
        (1, 0)
    );
    assert_eq!(st.players[0].screen, g(2, 2, 0, 2), "nothing paid");
    // Rewards in ascending order: #2 (seat 1) first, then K's draw.
    let mut seen_draw = false;
    while let Some(d) = st.decision.clone() {
        if d == (Decision::DrawCard {
            seat: 0,
            remaining: 1,
        }) {
            seen_draw = true;
        }
        let s = d.seat();
        let a = legal(&st, s)[0];
        act(&mut st, s, a);
    }
    assert!(seen_draw, "K's level-1 reward resolved");
}
