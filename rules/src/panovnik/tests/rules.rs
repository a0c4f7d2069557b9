//! Rule tests beyond the test vectors: setup, priority, auction and passing details, building,
//! rewards, every law effect type, scoring, virtual opponents, sealed steps and hidden
//! information.

use super::*;
use crate::panovnik::{building, laws, pyramid, scoring};
use Color::*;
use PanovnikAction as A;

fn g(b: u32, r: u32, gr: u32, y: u32) -> Gems {
    Gems::new(b, r, gr, y)
}

fn place(level: u8, x: i32) -> A {
    A::PlaceCard {
        level,
        x,
        eternal_gems: Gems::ZERO,
    }
}

fn four(t: Table) -> Table {
    t.display(Red, None, Some(60))
        .display(Blue, None, Some(61))
        .display(Green, None, Some(62))
        .display(Yellow, None, Some(63))
}

/// Resolves every pending decision with its first legal action.
fn settle(st: &mut PanovnikState) {
    while let Some(d) = st.decision.clone() {
        let s = d.seat();
        let a = legal(st, s)[0];
        act(st, s, a);
    }
}

// ---- config and setup ----------------------------------------------------------------------

#[test]
fn config_validation_names_the_rule() {
    // PNV-12.1, PNV-11.1
    let bad = |c: PanovnikConfig| Panovnik::setup(&c, 1).unwrap_err().rule;
    assert_eq!(bad(PanovnikConfig::new(0)), "PNV-12.1");
    assert_eq!(bad(PanovnikConfig::new(5)), "PNV-12.1");
    assert_eq!(bad(PanovnikConfig::with_virtual(1, 0)), "PNV-11.1");
    assert_eq!(bad(PanovnikConfig::with_virtual(2, 3)), "PNV-12.1");
    assert_eq!(bad(PanovnikConfig::with_virtual(3, 2)), "PNV-12.1");
    assert_eq!(bad(PanovnikConfig::with_virtual(4, 1)), "PNV-12.1");
    for (n, v) in [(1, 1), (1, 2), (1, 3), (2, 0), (2, 2), (3, 1), (4, 0)] {
        assert_eq!(
            Panovnik::seat_count(&PanovnikConfig::with_virtual(n, v)).unwrap(),
            n as usize,
            "seats = real players only"
        );
    }
    assert_eq!(PanovnikConfig::new(1).virtuals(), 1);
    let c: PanovnikConfig = serde_json::from_str(r#"{"players":2}"#).unwrap();
    assert!(
        c.solo_tie_choice && c.virtuals() == 0,
        "PNV-11.12 default on"
    );
    let mut sc = scenario(2);
    sc.characters = Some(vec![1, 2, 3]);
    assert_eq!(
        Panovnik::setup_scenario(&PanovnikConfig::new(2), &sc, 1)
            .unwrap_err()
            .rule,
        "PNV-2.3"
    );
}

#[test]
fn setup_deals_and_forms_decks() {
    // PNV-2.3, PNV-2.7, PNV-2.8, PNV-2.9, PNV-2.6
    for n in 1..=4u8 {
        let mut st =
            Panovnik::setup_scenario(&PanovnikConfig::new(n), &scenario(n as usize), 1).unwrap();
        for s in 0..n as usize {
            let v = Panovnik::view(&st, Viewer::Seat(s));
            assert_eq!(v.players[s].starting_options.as_ref().unwrap().len(), 2);
        }
        assert_eq!(st.big_deck.len(), 48);
        assert_eq!(st.small_deck.len(), 16 - 2 * n as usize);
        for s in 0..n as usize {
            let c = st.players[s].dealt[0];
            act(&mut st, s, A::ChooseStartingCard { card: c });
        }
        // Display: the top 4 big-deck cards, left to right (red, blue, green, yellow).
        let first = 2 * n as u32 + 1;
        for (i, c) in [Red, Blue, Green, Yellow].into_iter().enumerate() {
            assert_eq!(st.display_card(c, Slot::Below), Some(first + i as u32));
        }
        for p in &st.players {
            assert_eq!(p.hand_laws(), 3);
            assert_eq!(p.hand.len(), 4);
        }
        assert_eq!(st.law_deck.len(), 24 - 3 * n as usize);
    }
}

#[test]
fn starting_choice_is_sealed_and_replaceable() {
    // PNV-2.6, PNV-13.4, section 8: a commit shows only "committed"; the choice may change
    // until the last commit, which reveals all at once.
    let mut st = Panovnik::setup_scenario(&PanovnikConfig::new(2), &scenario(2), 1).unwrap();
    let ev = act(&mut st, 0, A::ChooseStartingCard { card: 1 });
    let other = Panovnik::redact_event(&ev[0], Viewer::Seat(1)).unwrap();
    assert_eq!(
        other,
        PanovnikEvent::ChoiceCommitted {
            seat: 0,
            step: SealedStep::StartingCard,
            choice: None
        }
    );
    let spec = Panovnik::redact_event(&ev[0], Viewer::Spectator).unwrap();
    assert_eq!(spec, other);
    assert_eq!(Panovnik::to_act(&st), vec![1]);
    assert_eq!(
        legal(&st, 0).len(),
        2,
        "a committed seat may replace its choice"
    );
    let v1 = Panovnik::view(&st, Viewer::Seat(1));
    assert!(v1.players[0].committed && v1.players[0].pending_choice.is_none());
    let v0 = Panovnik::view(&st, Viewer::Seat(0));
    assert_eq!(
        v0.players[0].pending_choice,
        Some(SealedChoice::StartingCard(1))
    );
    act(&mut st, 0, A::ChooseStartingCard { card: 2 });
    let ev = act(&mut st, 1, A::ChooseStartingCard { card: 4 });
    assert!(ev.contains(&PanovnikEvent::StartingCardsRevealed { cards: vec![2, 4] }));
    assert_eq!(st.players[0].hand[0], 1);
}

// ---- priority --------------------------------------------------------------------------------

#[test]
fn tucked_cards_do_not_count_for_priority() {
    // PNV-3.1, PNV-3.2
    let st = Table::new(2)
        .pyramid(0, &[(10, 1, 0)])
        .tucked(0, 10, 1, true)
        .pyramid(1, &[(5, 1, 0)])
        .done();
    assert_eq!(st.by_priority(vec![0, 1]), vec![1, 0]);
    assert_eq!(
        Panovnik::view(&st, Viewer::Spectator).players[0].priority,
        10
    );
}

#[test]
fn same_colour_bidders_are_not_ordered_by_priority() {
    // PNV-3.3, PNV-5.9b: the higher-priority bidder gets nothing either.
    let mut st = four(Table::new(2))
        .pyramid(0, &[(1, 1, 0)])
        .pyramid(1, &[(2, 1, 0)])
        .screen(0, g(0, 1, 0, 0))
        .screen(1, g(0, 1, 0, 0))
        .bidding(1);
    act(&mut st, 0, A::BidGem { color: Red });
    act(&mut st, 1, A::BidGem { color: Red });
    assert!(st.players[0].hand.is_empty() && st.players[1].hand.is_empty());
    assert_eq!(st.display_card(Red, Slot::Below), Some(60));
}

// ---- pyramid ----------------------------------------------------------------------------------

#[test]
fn circles_need_no_colour_match_and_cards_never_move() {
    // PNV-4.6, PNV-4.8, PNV-4.10: card 1 (TR green) and 9 (TL red) under K: a mixed circle.
    let mut st = Table::new(2)
        .pyramid(0, &[(1, 1, 0), (9, 1, 2)])
        .screen(0, Gems::each(2))
        .placing(0, 32);
    let before: Vec<(u32, u8, i32)> = st.players[0]
        .pyramid
        .iter()
        .map(|c| (c.card, c.level, c.x))
        .collect();
    act(&mut st, 0, place(2, 1));
    let p = &st.players[0];
    assert_eq!(
        pyramid::monochrome(p, 2),
        None,
        "not monochrome, still placed"
    );
    for (card, level, x) in before {
        assert_eq!(p.at(level, x).map(|i| p.pyramid[i].card), Some(card));
    }
}

// ---- auction ----------------------------------------------------------------------------------

#[test]
fn bids_are_revealed_only_together() {
    // PNV-5.6, PNV-13.4, PNV-1.11 (no binding agreements: nothing but sealed bids)
    let mut st = four(Table::new(3)).screen(0, Gems::each(1)).bidding(1);
    let ev = act(&mut st, 0, A::BidGem { color: Red });
    assert!(
        !ev.iter()
            .any(|e| matches!(e, PanovnikEvent::BidsRevealed { .. }))
    );
    act(&mut st, 1, A::BidPass);
    let v2 = Panovnik::view(&st, Viewer::Seat(2));
    assert!(
        v2.players
            .iter()
            .all(|p| p.pending_choice.is_none() || p.seat == 2)
    );
    let ev = act(&mut st, 2, A::BidPass);
    assert!(
        ev.iter()
            .any(|e| matches!(e, PanovnikEvent::BidsRevealed { bids, .. } if bids.len() == 3))
    );
}

#[test]
fn display_slots_and_won_cards() {
    // PNV-5.1, PNV-5.11, PNV-5.3, PNV-5.13, PNV-5.15
    let mut st = Panovnik::setup_scenario(&PanovnikConfig::new(2), &scenario(2), 1).unwrap();
    act(&mut st, 0, A::ChooseStartingCard { card: 1 });
    act(&mut st, 1, A::ChooseStartingCard { card: 3 });
    settle(&mut st);
    assert_eq!(st.round, 1);
    assert!(
        Color::ALL
            .iter()
            .all(|&c| st.display_card(c, Slot::Above).is_none())
    );
    // Seat 0 wins red; seat 1 ties nobody and wins blue: both leave; the auction ends.
    let (c0, c1) = (
        st.display_card(Red, Slot::Below).unwrap(),
        st.display_card(Blue, Slot::Below).unwrap(),
    );
    let b0 = if st.players[0].screen.r > 0 {
        Red
    } else {
        Green
    };
    let b1 = if st.players[1].screen.b > 0 {
        Blue
    } else {
        Yellow
    };
    let before = (st.players[0].hand.len(), st.players[1].hand.len());
    act(&mut st, 0, A::BidGem { color: b0 });
    act(&mut st, 1, A::BidGem { color: b1 });
    settle(&mut st);
    assert_eq!(
        (st.players[0].hand.len(), st.players[1].hand.len()),
        (before.0 + 1, before.1 + 1),
        "won cards to hand"
    );
    let _ = (c0, c1);
    assert_eq!(
        st.stage,
        Stage::BuildSelect,
        "everybody won: the auction ended"
    );
    // Round 2 display: the two untaken cards moved up.
    assert_eq!(
        Color::ALL
            .iter()
            .filter(|&&c| st.display_card(c, Slot::Above).is_some())
            .count(),
        2
    );
}

#[test]
fn winners_and_passers_leave_later_rounds() {
    // PNV-5.3, PNV-5.13, PNV-6.5
    let mut st = four(Table::new(3))
        .screen(0, Gems::each(1))
        .screen(1, Gems::each(1))
        .screen(2, Gems::each(2))
        .bidding(1);
    act(&mut st, 0, A::BidGem { color: Blue });
    act(&mut st, 1, A::BidGem { color: Red });
    act(&mut st, 2, A::BidGem { color: Red });
    assert_eq!(Panovnik::to_act(&st), vec![1, 2], "the winner is out");
    act(&mut st, 1, A::BidPass);
    act(&mut st, 2, A::BidGem { color: Red });
    settle(&mut st);
    assert!(st.auction.passed[1] && st.auction.won[2]);
    assert_eq!(
        st.stage,
        Stage::BuildSelect,
        "nobody can pass twice: the auction is over"
    );
}

#[test]
fn second_attacker_may_find_the_display_empty() {
    // PNV-5.18 does not hold with virtual opponents (or after many attacks): an attacker who
    // finds no card spends the token and advances (PNV-5.9e); in round 3 it then passes.
    let mut st = Table::new(2)
        .display(Red, None, Some(60))
        .attack(0, 1)
        .attack(1, 1)
        .pyramid(0, &[(1, 1, 0)])
        .pyramid(1, &[(2, 1, 0)])
        .bidding(3);
    act(&mut st, 0, A::BidAttack);
    let ev = act(&mut st, 1, A::BidAttack);
    assert!(ev.iter().any(|e| matches!(
        e,
        PanovnikEvent::CardTaken {
            seat: 0,
            card: 60,
            ..
        }
    )));
    assert!(ev.contains(&PanovnikEvent::AttackMissed { seat: 1 }));
    assert_eq!(st.players[1].attack, 0);
    assert!(st.auction.passed[1], "failed in round 3 → passes");
}

// ---- passing ----------------------------------------------------------------------------------

#[test]
fn passing_details() {
    // PNV-6.1, PNV-6.4, PNV-6.6, PNV-6.7, PNV-8.7: an empty hand passes; the passer's gems
    // come after the round's bids are in the supply; the mix is chosen, the number is fixed.
    let mut st = Table::new(2)
        .display(Red, None, Some(60))
        .screen(1, g(0, 1, 0, 0))
        .supply(g(0, 0, 0, 2))
        .bidding(1);
    act(&mut st, 0, A::BidPass);
    act(&mut st, 1, A::BidGem { color: Red });
    // Supply {R1, Y2} after the bid: seat 0 takes 3 = all of them, automatically.
    assert_eq!(st.players[0].screen, g(0, 1, 0, 2));
    assert_eq!(st.supply, Gems::ZERO);
}

#[test]
fn pass_bonus_law() {
    // G2 pass_bonus_gems (law 72): +1 gem when passing.
    let mut st = Table::new(2)
        .pyramid(0, &[(72, 1, 0)])
        .display(Red, None, Some(60))
        .bidding(1);
    act(&mut st, 0, A::BidPass);
    let ev = act(&mut st, 1, A::BidPass);
    assert!(ev.contains(&PanovnikEvent::Passed {
        seat: 0,
        entitled: 4
    }));
    assert_eq!(laws::pass_bonus(&st.players[0]), 1);
}

// ---- building ---------------------------------------------------------------------------------

#[test]
fn build_phase_has_at_most_three_steps() {
    // PNV-7.1, PNV-7.17: a card drawn in step 1 can be played in step 2.
    let mut st = Table::new(2)
        .pyramid(0, &[(1, 1, 0)])
        .screen(0, Gems::each(9))
        .hand(0, &[76, 67, 73, 79])
        .building();
    act(&mut st, 1, A::BuildPass);
    act(&mut st, 0, A::BuildSelect { card: 76 }); // Summons to Court: draw 2
    act(&mut st, 0, place(1, 2));
    act(&mut st, 0, A::DrawCard { deck: Deck::Law });
    act(&mut st, 0, A::DrawCard { deck: Deck::Law });
    let drawn = *st.players[0].hand.last().unwrap();
    assert!(
        legal(&st, 0).contains(&A::BuildSelect { card: drawn }),
        "PNV-7.17"
    );
    for step in 2..=3 {
        assert_eq!(st.build.step, step);
        let card = st.players[0].hand[0];
        act(&mut st, 0, A::BuildSelect { card });
        let a = legal(&st, 0)[0];
        act(&mut st, 0, a);
        settle(&mut st);
    }
    assert_eq!(st.round, 2, "no fourth build step");
}

#[test]
fn resolution_order_of_one_play() {
    // PNV-7.11, PNV-7.6: pay, place, circle gem, reward.
    let mut st = Table::new(2)
        .pyramid(0, &[(7, 1, 0), (9, 1, 2)])
        .screen(0, Gems::each(3))
        .placing(0, 32);
    let ev = act(&mut st, 0, place(2, 1));
    let pos = |f: &dyn Fn(&PanovnikEvent) -> bool| ev.iter().position(f).unwrap();
    let placed = pos(&|e| matches!(e, PanovnikEvent::CardPlaced { .. }));
    let circle = pos(&|e| matches!(e, PanovnikEvent::MonochromeCircle { .. }));
    assert!(placed < circle);
    assert!(
        matches!(st.decision, Some(Decision::ChooseGems { n: 5, .. })),
        "then the reward"
    );
}

#[test]
fn build_selection_is_sealed() {
    // PNV-7.2, PNV-13.4
    let mut st = Table::new(2)
        .pyramid(0, &[(1, 1, 0)])
        .pyramid(1, &[(2, 1, 0)])
        .hand(0, &[67])
        .hand(1, &[73])
        .building();
    let ev = act(&mut st, 0, A::BuildSelect { card: 67 });
    assert_eq!(
        Panovnik::redact_event(&ev[0], Viewer::Seat(1)),
        Some(PanovnikEvent::ChoiceCommitted {
            seat: 0,
            step: SealedStep::BuildSelection,
            choice: None
        })
    );
    act(&mut st, 0, A::BuildPass);
    let ev = act(&mut st, 1, A::BuildSelect { card: 73 });
    assert!(ev.contains(&PanovnikEvent::SelectionsRevealed {
        selections: vec![(0, None), (1, Some(73))]
    }));
}

// ---- rewards ----------------------------------------------------------------------------------

#[test]
fn token_rewards_lie_on_the_card() {
    // PNV-8.5, PNV-8.6, PNV-8.8, PNV-8.11, PNV-1.7, PNV-1.8, PNV-8.10
    let t = |r: Reward| {
        let st = Table::new(2).pyramid(0, &[(5, 1, 0)]).rewarding(0, 5, r);
        st.players[0].pyramid[0].tokens.clone()
    };
    assert_eq!(t(Reward::Magic(2)).magic, 2);
    assert_eq!(t(Reward::Defense(1)).defense, 1);
    assert_eq!(t(Reward::MagicBonus(5)).magic_bonus, vec![5]);
    let cb = CircleBonus {
        color: Blue,
        value: 4,
    };
    assert_eq!(t(Reward::CircleBonus(cb)).circle_bonus, vec![cb]);
    assert_eq!(t(Reward::Science(40)).science, 40, "unlimited tokens");
    let both = t(Reward::All(vec![Reward::Power(12), Reward::Power(15)]));
    assert_eq!(both.power, 27, "power points as one integer");
    let st = Table::new(2)
        .pyramid(0, &[(5, 1, 0)])
        .rewarding(0, 5, Reward::Attack(1));
    assert_eq!(st.players[0].attack, 1, "attack behind the screen");
}

#[test]
fn draws_from_empty_decks() {
    // PNV-1.10, PNV-8.3
    let mut t = Table::new(2).pyramid(0, &[(5, 1, 0)]);
    t.0.small_deck.clear();
    let st = t.rewarding(0, 5, Reward::Draw(2));
    assert_eq!(st.players[0].hand.len(), 2, "only the law deck: automatic");
    let mut t = Table::new(2).pyramid(0, &[(5, 1, 0)]);
    t.0.small_deck.clear();
    t.0.law_deck.clear();
    let st = t.rewarding(0, 5, Reward::Draw(1));
    assert!(st.players[0].hand.is_empty());
}

// ---- laws -------------------------------------------------------------------------------------

// Rules: PNV-8.9, decision 21 (revised in review).
#[test]
fn pnv_8_9_any_colour_eternal_gem_may_come_from_the_own_screen() {
    // Laws 65, 74, 83 ("an eternal gem of a colour of your choice"): no blue in the supply,
    // 4 blue behind the screen — blue is a choice like the colours the supply has.
    for law in [65, 74, 83] {
        let mut st = Table::new(2)
            .pyramid(0, &[(1, 1, 0)])
            .supply(g(0, 2, 1, 3))
            .screen(0, g(4, 0, 0, 0))
            .placing(0, law);
        act(&mut st, 0, place(1, 2));
        act(&mut st, 0, A::LawChooseOption { index: 2 });
        assert_eq!(
            legal(&st, 0),
            vec![
                A::ChooseColor { color: Blue },
                A::ChooseColor { color: Red },
                A::ChooseColor { color: Green },
                A::ChooseColor { color: Yellow },
            ],
            "law {law}"
        );
        assert_eq!(
            Panovnik::action_label(&st, &A::ChooseColor { color: Blue }),
            "Eternal gem: blue, from behind your screen"
        );
        assert_eq!(
            Panovnik::action_label(&st, &A::ChooseColor { color: Red }),
            "Eternal gem: red, from the supply"
        );
        act(&mut st, 0, A::ChooseColor { color: Blue });
        // PNV-8.9 "may": taking it from the screen is still the player's to accept.
        act(&mut st, 0, A::EternalGemFromScreen { accept: true });
        let p = &st.players[0];
        assert_eq!(
            p.pyramid[p.card_index(law).unwrap()].tokens.eternal,
            vec![EternalGem {
                color: Blue,
                used: false
            }]
        );
        assert_eq!(p.screen.get(Blue), 3, "law {law}");
        assert_eq!(
            st.supply,
            g(0, 2, 1, 3),
            "law {law}: the supply is untouched"
        );
    }
    // A colour neither in the supply nor behind the screen is no choice.
    let mut st = Table::new(2)
        .pyramid(0, &[(1, 1, 0)])
        .supply(g(0, 2, 0, 0))
        .screen(0, g(1, 0, 0, 0))
        .placing(0, 65);
    act(&mut st, 0, place(1, 2));
    act(&mut st, 0, A::LawChooseOption { index: 2 });
    assert_eq!(
        legal(&st, 0),
        vec![
            A::ChooseColor { color: Blue },
            A::ChooseColor { color: Red }
        ]
    );
}

#[test]
fn choose_one_law_with_any_colour_eternal_gem() {
    // PNV-9.1, decision 15, decision 21 (law 65: gems 4 / power 6 / eternal gem any)
    let mut st = Table::new(2)
        .pyramid(0, &[(1, 1, 0)])
        .supply(g(0, 2, 1, 0))
        .placing(0, 65);
    act(&mut st, 0, place(1, 2));
    assert_eq!(legal(&st, 0).len(), 3);
    act(&mut st, 0, A::LawChooseOption { index: 2 });
    assert_eq!(
        legal(&st, 0),
        vec![
            A::ChooseColor { color: Red },
            A::ChooseColor { color: Green }
        ]
    );
    act(&mut st, 0, A::ChooseColor { color: Green });
    let p = &st.players[0];
    assert_eq!(
        p.pyramid[p.card_index(65).unwrap()].tokens.eternal,
        vec![EternalGem {
            color: Green,
            used: false
        }]
    );
}

#[test]
fn tuck_from_hand_law() {
    // G2 tuck_from_hand (law 75), decision 18; hidden identities (section 8).
    let mut st = Table::new(2)
        .pyramid(0, &[(1, 1, 0)])
        .hand(0, &[40, 41, 42])
        .placing(0, 75);
    act(&mut st, 0, place(1, 2));
    let ev = act(&mut st, 0, A::TuckFromHand { card: 40 });
    let seen = Panovnik::redact_event(&ev[0], Viewer::Seat(1)).unwrap();
    assert!(matches!(seen, PanovnikEvent::CardTucked { card: None, .. }));
    act(&mut st, 0, A::TuckFromHand { card: 41 });
    act(&mut st, 0, A::TuckFromHandDone);
    let p = &st.players[0];
    let i = p.card_index(75).unwrap();
    assert_eq!(p.pyramid[i].tucked.len(), 2);
    assert_eq!(laws::law_points(p, i, 0), 4, "per_tucked_card 2");
    let v = Panovnik::view(&st, Viewer::Seat(1));
    assert_eq!(v.players[0].pyramid[1].tucked, vec![None, None]);
    let v = Panovnik::view(&st, Viewer::Seat(0));
    assert_eq!(v.players[0].pyramid[1].tucked, vec![Some(40), Some(41)]);
}

#[test]
fn tuck_gained_cards_law() {
    // G2 tuck_gained_cards (law 81), decision 19: on every gain, out of turn in the auction.
    let mut st = Table::new(2)
        .pyramid(0, &[(81, 1, 0)])
        .display(Red, None, Some(60))
        .screen(0, g(0, 1, 0, 0))
        .bidding(1);
    act(&mut st, 0, A::BidGem { color: Red });
    act(&mut st, 1, A::BidPass);
    assert!(matches!(
        st.decision,
        Some(Decision::TuckGained {
            seat: 0,
            card: 60,
            ..
        })
    ));
    act(&mut st, 0, A::TuckGainedCard { accept: true });
    assert!(!st.players[0].hand.contains(&60));
    assert_eq!(laws::law_points(&st.players[0], 0, 0), 4);
    // A drawn card: the decision shows the card to its owner only.
    let st = Table::new(2)
        .pyramid(0, &[(81, 1, 0)])
        .rewarding(0, 81, Reward::Draw(1));
    let mut st = st;
    act(&mut st, 0, A::DrawCard { deck: Deck::Small });
    let d = Panovnik::view(&st, Viewer::Seat(1)).decision;
    assert!(matches!(
        d,
        Some(DecisionView::TuckGainedCard { card: None, .. })
    ));
    let d = Panovnik::view(&st, Viewer::Seat(0)).decision;
    assert!(matches!(
        d,
        Some(DecisionView::TuckGainedCard { card: Some(_), .. })
    ));
}

#[test]
fn tucked_laws_lose_their_effects_and_tokens_move() {
    // PNV-9.7, PNV-9.8, PNV-10.15: the Treasury law (with stored gems and an eternal gem) is
    // tucked by the Tuck-free law: its scoring stops; the gems and tokens move onto the host.
    let mut st = Table::new(2)
        .pyramid(0, &[(70, 1, 0)])
        .tokens(0, 70, |t| {
            t.stored = g(2, 0, 0, 0);
            t.eternal.push(EternalGem {
                color: Red,
                used: false,
            });
        })
        .placing(0, 66);
    act(&mut st, 0, place(1, 2));
    let p = &st.players[0];
    assert_eq!(p.pyramid.len(), 1);
    assert_eq!(p.pyramid[0].tokens.stored, g(2, 0, 0, 0));
    assert_eq!(
        p.pyramid[0].tokens.eternal.len(),
        1,
        "the eternal gem moved too"
    );
    assert_eq!(
        building::unused_eternal(p),
        g(0, 1, 0, 0),
        "and still discounts"
    );
    let s = scoring::score(&st, 0);
    assert_eq!(
        s.laws, 2,
        "only the host's 2 PP; the tucked Treasury scores nothing"
    );
    assert_eq!(s.eternal_gems, 1, "scores at the host's level");
}

#[test]
fn end_scoring_law_types() {
    // PNV-9.2, PNV-10.9, G2 end_scoring: per_adjacent_character (67), per_pyramid_card (78),
    // per_set (84), per_monochrome_circle_and_eternal_gem (88), by_own_level (85).
    let st = Table::new(2)
        .pyramid(
            0,
            &[
                (1, 1, 0),
                (67, 1, 2),
                (2, 1, 4),
                (78, 2, 1),
                (3, 2, 3),
                (84, 1, 6),
            ],
        )
        .tucked(0, 1, 40, true)
        .tokens(0, 1, |t| {
            t.defense = 2;
            t.science = 2;
            t.magic = 3;
        })
        .hand(0, &[88])
        .done();
    let p = &st.players[0];
    assert_eq!(
        laws::law_points(p, 1, 0),
        2 * 3,
        "67: cards 1, 2, 3 (78 is a law)"
    );
    assert_eq!(laws::law_points(p, 3, 0), 6 + 1, "78: 6 cards + 1 tucked");
    assert_eq!(laws::law_points(p, 5, 0), 3 * 2, "84: 2 sets");
    let st = Table::new(2)
        .pyramid(0, &[(88, 1, 0), (85, 1, 2), (4, 2, 1)])
        .tokens(0, 4, |t| {
            t.eternal.push(EternalGem {
                color: Red,
                used: true,
            })
        })
        .done();
    let p = &st.players[0];
    assert_eq!(
        laws::law_points(p, 0, 2),
        3,
        "88: 2 circles + 1 eternal gem"
    );
    assert_eq!(laws::law_points(p, 1, 0), 1, "85 on level 1");
    // A law in hand scores nothing (PNV-9.2): hands are discarded at the end (PNV-10.2).
    let st = Table::new(2)
        .pyramid(0, &[(1, 1, 0)])
        .hand(0, &[85])
        .end_game();
    assert!(st.players[0].hand.is_empty());
}

#[test]
fn treasury_value_and_gem_stock() {
    // PNV-9.4, PNV-9.6: the stored gems leave the screen (0..8).
    let mut st = Table::new(2)
        .pyramid(0, &[(1, 1, 0)])
        .screen(0, g(1, 0, 0, 0))
        .placing(0, 70);
    act(&mut st, 0, place(1, 2));
    assert_eq!(
        legal(&st, 0),
        vec![A::StoreGem { color: Blue }, A::StoreGemsDone]
    );
    let mut none = st.clone();
    act(&mut none, 0, A::StoreGemsDone);
    assert_eq!(
        none.players[0].screen,
        g(1, 0, 0, 0),
        "storing nothing is allowed"
    );
    act(&mut st, 0, A::StoreGem { color: Blue });
    assert_eq!(
        st.players[0].screen,
        Gems::ZERO,
        "all held gems stored: done by itself"
    );
}

// Rules: PNV-8.1, PNV-6.6, decisions 2 and 11.
#[test]
fn pnv_8_1_gems_are_chosen_one_at_a_time() {
    // A choice of 7 gems from a full supply lists at most 4 actions (one per colour), never
    // every mix (120); the mix is built one gem at a time and taken at once when complete.
    let st = Table::new(2)
        .pyramid(0, &[(5, 1, 0)])
        .rewarding(0, 5, Reward::Gems(7));
    assert!(matches!(
        st.decision,
        Some(Decision::ChooseGems { n: 7, .. })
    ));
    assert_eq!(
        legal(&st, 0),
        Color::ALL.map(|color| A::TakeGem { color }).to_vec()
    );
    let mut st = st;
    let supply = st.supply;
    let ev = act(&mut st, 0, A::TakeGem { color: Red });
    assert!(ev.is_empty(), "nothing moves before the mix is complete");
    assert_eq!(st.supply, supply);
    assert_eq!(
        Panovnik::action_label(&st, &A::TakeGem { color: Blue }),
        "Take a blue gem (gem 2 of 7; chosen so far: R1)"
    );
    let ev = take_gems(&mut st, 0, g(2, 1, 2, 1));
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, PanovnikEvent::GemsTaken { .. }))
            .count(),
        1,
        "one move of the whole mix"
    );
    assert_eq!(st.players[0].screen, g(2, 2, 2, 1));
    assert_eq!(st.supply, supply.minus(&g(2, 2, 2, 1)));
    // The whole-mix action is no longer offered; ids round-trip.
    for (a, id) in [
        (A::TakeGem { color: Green }, "take_gem:green"),
        (A::StoreGem { color: Yellow }, "store_gem:yellow"),
        (A::StoreGemsDone, "store_gem:done"),
    ] {
        assert_eq!(Panovnik::action_id(&a), id);
        assert_eq!(Panovnik::parse_action_id(id), Some(a));
    }
}

// ---- end of game ------------------------------------------------------------------------------

#[test]
fn screens_revealed_and_recolour_rules() {
    // PNV-10.2, PNV-10.5, PNV-13.1: screens public at the end; recolouring only on circle
    // segments of another colour, one gem per segment, gems from the screen only; sealed.
    let mut st = Table::new(2)
        .pyramid(0, &[(1, 1, 0), (6, 1, 2), (32, 2, 1)])
        .tokens(0, 1, |t| {
            t.eternal.push(EternalGem {
                color: Green,
                used: false,
            })
        })
        .screen(0, g(0, 0, 1, 0))
        .screen(1, g(3, 0, 0, 0))
        .end_game();
    let v = Panovnik::view(&st, Viewer::Seat(1));
    assert_eq!(v.players[0].screen, Some(g(0, 0, 1, 0)));
    let l = legal(&st, 0);
    // Circle of K: K.BL, K.BR (red), 1.TR (green), 6.TL (green): only K's two red segments
    // may turn green; green segments cannot be "recoloured" green.
    assert!(l.contains(&A::Recolor {
        level: 2,
        x: 1,
        segment: Segment::Bl,
        color: Green
    }));
    assert!(!l.iter().any(|a| matches!(a, A::Recolor { level: 1, .. })));
    assert!(!l.iter().any(|a| matches!(
        a,
        A::Recolor {
            segment: Segment::Tl,
            level: 2,
            ..
        }
    )));
    let ev = act(
        &mut st,
        0,
        A::Recolor {
            level: 2,
            x: 1,
            segment: Segment::Bl,
            color: Green,
        },
    );
    assert_eq!(
        Panovnik::redact_event(&ev[0], Viewer::Seat(1)),
        Some(PanovnikEvent::RecolorDrafted {
            seat: 0,
            draft: None
        })
    );
    // The only gem is used: no further recolouring, only clear/done.
    assert_eq!(legal(&st, 0), vec![A::RecolorClear, A::RecolorDone]);
    assert_eq!(
        Panovnik::to_act(&st),
        vec![0],
        "seat 1 cannot recolour: done at once"
    );
    act(&mut st, 0, A::RecolorDone);
    assert!(Panovnik::is_over(&st));
}

#[test]
fn scoring_steps_in_order() {
    // PNV-10.6, PNV-10.10: the breakdown adds up step by step.
    let st = Table::new(2)
        .pyramid(0, &[(1, 1, 0)])
        .tokens(0, 1, |t| {
            t.power = 9;
            t.magic = 1;
            t.magic_bonus = vec![3];
        })
        .attack(1, 2)
        .done();
    let s = scoring::score(&st, 0);
    assert_eq!((s.power, s.magic, s.attack_penalty), (9, 3, -8));
    assert_eq!(s.total, 9 + 3 - 8);
}

// ---- virtual opponents ------------------------------------------------------------------------

#[test]
fn virtual_draws_every_held_round_whatever_the_bid() {
    // PNV-11.9, PNV-11.3: the virtual draws even when the player passes.
    let mut st = four(Table::new(1)).bidding(1);
    force_draws(&mut st, &[Blue]);
    let ev = act(&mut st, 0, A::BidPass);
    assert!(ev.iter().any(|e| matches!(e,
        PanovnikEvent::BidsRevealed { virtual_bids, .. } if *virtual_bids == vec![(0, Blue)])));
    assert!(st.discard.contains(&61));
}

#[test]
fn virtual_leaves_after_removing() {
    // PNV-11.10: after its removal the virtual is out; only active virtuals draw.
    let mut st = four(Table::with_config(PanovnikConfig::with_virtual(2, 1)))
        .screen(0, g(0, 2, 0, 0))
        .screen(1, g(0, 2, 0, 0))
        .bidding(1);
    force_draws(&mut st, &[Green]);
    act(&mut st, 0, A::BidGem { color: Red });
    let ev = act(&mut st, 1, A::BidGem { color: Red });
    assert!(ev.contains(&PanovnikEvent::VirtualLeft { virtual_index: 0 }));
    assert!(ev.iter().any(|e| matches!(e,
        PanovnikEvent::BiddingRoundStarted { bidding_round: 2, virtuals, .. } if virtuals.is_empty())));
}

#[test]
fn solo_tie_in_round_three_passes() {
    // PNV-11.13 (with the literal PNV-11.4 setting)
    let mut off = PanovnikConfig::new(1);
    off.solo_tie_choice = false;
    let mut st = four(Table::with_config(off))
        .screen(0, g(0, 1, 0, 0))
        .bidding(3);
    force_draws(&mut st, &[Red]);
    act(&mut st, 0, A::BidGem { color: Red });
    assert!(st.auction.passed[0]);
}

#[test]
fn three_bidders_of_any_kind_on_two_cards() {
    // PNV-12.9
    let mut st = Table::with_config(PanovnikConfig::with_virtual(2, 1))
        .display(Red, Some(40), Some(41))
        .display(Blue, None, Some(61))
        .screen(0, g(0, 1, 0, 0))
        .screen(1, g(0, 1, 0, 0))
        .bidding(1);
    force_draws(&mut st, &[Red]);
    act(&mut st, 0, A::BidGem { color: Red });
    let ev = act(&mut st, 1, A::BidGem { color: Red });
    assert!(ev.contains(&PanovnikEvent::ColorContested {
        color: Red,
        seats: vec![0, 1],
        virtuals: vec![0]
    }));
}

#[test]
fn virtual_opponents_have_no_score() {
    // PNV-12.11: the outcome has one place per real seat; penalties count real opponents.
    let mut st = Panovnik::setup(&PanovnikConfig::with_virtual(2, 2), 3).unwrap();
    run_until(&mut st, 3, |_| false);
    let o = Panovnik::outcome(&st).unwrap();
    assert_eq!(o.places.len(), 2);
    assert_eq!(st.scores.as_ref().unwrap().len(), 2);
}

// ---- hidden information and refusals ----------------------------------------------------------

#[test]
fn views_hide_screens_hands_and_decks() {
    // PNV-13.1, PNV-13.2, PNV-13.3, section 8
    let st = Panovnik::setup(&PanovnikConfig::new(3), 9).unwrap();
    let mut st = st;
    run_until(&mut st, 9, |s| s.round == 3);
    for v in [Viewer::Seat(1), Viewer::Spectator] {
        let view = Panovnik::view(&st, v);
        let p0 = &view.players[0];
        assert!(p0.screen.is_none() && p0.hand.is_none() && p0.attack_tokens.is_none());
        assert_eq!(
            p0.pyramid.len(),
            st.players[0].pyramid.len(),
            "pyramids are public"
        );
        let json = serde_json::to_string(&view).unwrap();
        assert!(!json.contains("rng"));
    }
    // Setup events: returned gems and dealt cards for their owner only.
    for e in Panovnik::setup_events(&st) {
        if let Some(PanovnikEvent::StartingGemsReturned { seat: 0, gems }) =
            Panovnik::redact_event(&e, Viewer::Seat(1))
        {
            assert!(gems.is_none());
        }
    }
}

#[test]
fn refusals_name_the_rule_and_leave_the_state() {
    // PNV-1.12 (no seat acts for another), PNV-5.4, PNV-7.5, PNV-4.4
    let mut st = four(Table::new(2)).screen(0, g(0, 1, 0, 0)).bidding(1);
    assert_eq!(refused(&mut st, 0, A::BidAttack), "PNV-5.4");
    assert_eq!(refused(&mut st, 1, A::BidGem { color: Red }), "PNV-5.4");
    assert_eq!(refused(&mut st, 5, A::BidPass), "PNV-12.1");
    let mut st = Table::new(2)
        .pyramid(0, &triangle(4, 1, &[32]))
        .screen(0, g(1, 0, 1, 1))
        .placing(0, 32);
    assert_eq!(refused(&mut st, 0, place(5, 4)), "PNV-7.5");
    assert_eq!(refused(&mut st, 0, place(6, 5)), "PNV-4.4");
    assert_eq!(
        refused(&mut st, 1, place(1, 10)),
        "PNV-7.3",
        "not seat 1's card to place"
    );
}

#[test]
fn action_ids_round_trip_and_labels_read_well() {
    // Section 9 action names.
    let st = Table::new(2)
        .pyramid(0, &[(1, 1, 0)])
        .screen(0, Gems::each(2))
        .placing(0, 32);
    let a = A::PlaceCard {
        level: 1,
        x: 2,
        eternal_gems: Gems::ZERO,
    };
    assert_eq!(Panovnik::action_id(&a), "place:1:2");
    assert_eq!(
        Panovnik::action_label(&st, &a),
        "Place Captain of the Watch (#32) at level 1, column 2 (pay G)"
    );
    let b = A::PlaceCard {
        level: 2,
        x: 1,
        eternal_gems: g(1, 0, 0, 0),
    };
    assert_eq!(Panovnik::action_id(&b), "place:2:1:eg=blue");
    let st = Table(st).pyramid(0, &[(1, 1, 0), (2, 1, 2)]).placing(0, 32);
    assert_eq!(
        Panovnik::action_label(&st, &place(2, 1)),
        "Place Captain of the Watch (#32) at level 2, column 1 (pay B,G)"
    );
    assert_eq!(
        Panovnik::action_label(&st, &A::BidGem { color: Red }),
        "Bid a red gem"
    );
    assert_eq!(
        Panovnik::action_id(&A::BidGem { color: Red }),
        "bid:gem:red"
    );
    for id in [
        "bid:gem:red",
        "place:2:1:eg=blue+red",
        "gems:1:0:2:0",
        "recolor:2:1:bl:green",
    ] {
        assert_eq!(
            Panovnik::action_id(&Panovnik::parse_action_id(id).unwrap()),
            id
        );
    }
    assert_eq!(Panovnik::parse_action_id("place:02:1"), None);
    assert_eq!(Panovnik::parse_action_id("nonsense"), None);
}

#[test]
fn untrusted_gem_counts_are_named_not_expanded() {
    // An action from the wire may carry any count; its id, label and refusal stay short.
    let st = Table::new(2)
        .pyramid(0, &[(1, 1, 0)])
        .screen(0, Gems::each(2))
        .placing(0, 32);
    for gems in [
        g(u32::MAX, 3, 2, 0),
        g(u32::MAX, u32::MAX, u32::MAX, u32::MAX),
        g(17, 0, 0, 0),
    ] {
        let a = A::PlaceCard {
            level: 1,
            x: 2,
            eternal_gems: gems,
        };
        let id = Panovnik::action_id(&a);
        assert!(id.len() < 80, "{id}");
        assert_eq!(Panovnik::parse_action_id(&id), None, "{id}");
        assert!(Panovnik::action_label(&st, &a).len() < 160);
        let mut s = st.clone();
        let e = Panovnik::apply(&mut s, 0, &a).unwrap_err();
        assert!(e.message.len() < 120, "{}", e.message);
        assert_eq!(s, st);
        for a in [A::ChooseGems { gems }, A::StoreGems { gems }] {
            assert!(Panovnik::action_id(&a).len() < 80);
            assert!(Panovnik::action_label(&st, &a).len() < 160);
        }
    }
    assert_eq!(g(u32::MAX, 1, 0, 0).total(), u32::MAX);
    assert_eq!(
        Panovnik::action_id(&A::PlaceCard {
            level: 1,
            x: 0,
            eternal_gems: g(16, 0, 0, 1)
        })
        .matches("blue")
        .count(),
        16
    );
}

// Rules: PNV-4.2, PNV-4.3, PNV-4.4, PNV-7.5, PNV-7.7.
#[test]
fn pnv_4_3_a_placement_off_the_pyramid_names_the_pyramid_rule() {
    // A geometrically illegal position is refused with the pyramid rule, not with the cost.
    let mut st = Table::new(2)
        .pyramid(0, &[(1, 1, 0)])
        .screen(0, Gems::each(2))
        .placing(0, 32);
    assert_eq!(refused(&mut st, 0, place(1, 5)), "PNV-4.2");
    assert_eq!(refused(&mut st, 0, place(2, 1)), "PNV-4.3");
    assert_eq!(refused(&mut st, 0, place(6, 0)), "PNV-4.4");
    let with_eternal = A::PlaceCard {
        level: 1,
        x: 2,
        eternal_gems: g(0, 0, 1, 0),
    };
    assert_eq!(
        refused(&mut st, 0, with_eternal),
        "PNV-7.7",
        "no eternal gem owned"
    );
    // A legal position the player cannot pay for: the cost rule.
    let mut st = Table::new(2).pyramid(0, &[(1, 1, 0)]).placing(0, 32);
    assert_eq!(refused(&mut st, 0, place(1, 2)), "PNV-7.5");
}
