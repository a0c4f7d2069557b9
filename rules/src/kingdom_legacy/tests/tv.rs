//! The test vectors TV-1 … TV-43 of §12, one test each, on the real engine with the §12 test
//! library (the extended library where the vector needs a card the library lacks; see
//! `EXTRA` in the parent module).

use super::*;
use crate::GameRng;
use KlgAction as A;
use Resource::*;

fn loc(st: &State, id: CardId) -> Location {
    st.location(id)
}

fn count_moves_to(ev: &[KlgEvent], card: CardId, to: Location) -> usize {
    ev.iter()
        .filter(
            |e| matches!(e, KlgEvent::CardMoved { card: c, to: t, .. } if *c == card && *t == to),
        )
        .count()
}

fn pending_triggers(ev: &[KlgEvent]) -> Vec<CardId> {
    ev.iter()
        .filter_map(|e| match e {
            KlgEvent::TriggerPending { card, .. } => Some(*card),
            _ => None,
        })
        .collect()
}

#[test]
fn tv01_setup() {
    // KLG-3.1, 3.2, 3.3, 3.5, R-1
    for seed in [3u64, 4] {
        let st = KingdomLegacy::setup(&Config::new(Pack::TestLibrary), seed).unwrap();
        let mut expect: Vec<CardId> = (1..=10).collect();
        GameRng::from_seed(seed).shuffle(&mut expect);
        let mut played = st.active.clone();
        played.extend(st.deck.iter().copied());
        assert_eq!(played, expect, "deck order fixed by the seed, top 4 played");
        assert_eq!(st.deck.len(), 6);
        assert_eq!(st.active.len(), 4);
        assert!(st.resources.is_empty());
        for id in 1..=10 {
            assert_eq!(st.orientation(id), F0);
        }
        let boxed = st.box_ids();
        let expect_box: Vec<CardId> = st.cards.keys().copied().filter(|&i| i > 10).collect();
        assert_eq!(boxed, expect_box);
        assert_eq!(st.round(), 1);
        assert!(!st.card23_discovered);
        assert!(!st.base.last_round);
    }
}

#[test]
fn tv02_one_card_three_uses() {
    // KLG-6.1, 6.6, 6.12, 6.2
    let mut st = Table::new()
        .active(&[7, 9, 5, 10])
        .deck(&[2, 3, 4])
        .res(bag(&[(Gold, 2)]))
        .build();
    assert!(is_legal(&st, &produce(7, &[0])));
    assert!(is_legal(&st, &use_effect(7, "e1")));
    assert!(is_legal(&st, &A::Upgrade { card: 7, index: 0 }));
    act(&mut st, produce(7, &[0]));
    assert_eq!(loc(&st, 7), Location::Discard);
    assert_eq!(st.orientation(7), F0);
    assert_eq!(st.resources, bag(&[(Gold, 2), (Wood, 1)]));
    let touches_7 = legal(&st).into_iter().any(|a| match a {
        A::Produce { card, .. } | A::Upgrade { card, .. } | A::UseEffect { card, .. } => card == 7,
        _ => false,
    });
    assert!(!touches_7);
}

#[test]
fn tv03_card_7_turned_by_its_own_effect() {
    // KLG-6.8, 1.5, 6.14
    let mut st = Table::new().active(&[7, 1, 9, 5]).deck(&[2, 3]).build();
    let ev = act(&mut st, use_effect(7, "e1"));
    assert_eq!(st.resources, bag(&[(Wood, 3)]));
    assert_eq!(st.orientation(7), B0);
    assert_eq!(loc(&st, 7), Location::Discard);
    assert_eq!(
        count_moves_to(&ev, 7, Location::Discard),
        1,
        "discarded once"
    );
    assert_eq!(st.phase, Phase::Main);
    assert_eq!(st.active, vec![1, 9, 5]);
}

#[test]
fn tv04_upgrade_ends_the_turn() {
    // KLG-6.6, 1.6, 5.5
    let mut st = Table::new()
        .active(&[1, 9, 5, 10])
        .deck(&[2, 3, 4, 6, 8, 19])
        .build();
    act(&mut st, produce(9, &[0]));
    assert_eq!(st.resources, bag(&[(Gold, 1)]));
    act(&mut st, produce(5, &[1]));
    assert_eq!(st.resources, bag(&[(Gold, 2)]));
    let ev = act(&mut st, A::Upgrade { card: 1, index: 0 });
    assert!(ev.contains(&KlgEvent::Upgraded {
        card: 1,
        from: F0,
        to: F180,
        cost: bag(&[(Gold, 2)])
    }));
    assert!(ev.contains(&KlgEvent::TurnEnded));
    assert!(st.resources.is_empty());
    assert_eq!(st.orientation(1), F180);
    assert_eq!(loc(&st, 1), Location::Discard);
    assert_eq!(loc(&st, 10), Location::Discard);
    assert_eq!(st.active, vec![2, 3, 4, 6]);
    assert_eq!(st.deck.len(), 2);
}

#[test]
fn tv05_fewer_than_four_cards() {
    // KLG-5.1, 4.8
    let (mut st, _) = Table::new().deck(&[2, 3, 4]).turn_start();
    assert_eq!(st.active, vec![2, 3, 4]);
    assert!(st.deck.is_empty());
    let ev = act(&mut st, A::Pass);
    assert!(ev.iter().any(|e| matches!(e, KlgEvent::RoundEnded { .. })));
    assert_eq!(st.phase, Phase::BetweenRounds);
    assert!(st.active.is_empty());
    for id in [2, 3, 4] {
        assert_eq!(loc(&st, id), Location::Discard);
    }
}

#[test]
fn tv06_resources_vanish_on_march() {
    // KLG-7.3, 6.15
    let mut st = Table::new()
        .active(&[1, 9])
        .deck(&[2, 3, 4, 6, 8])
        .res(bag(&[(Gold, 3)]))
        .build();
    act(&mut st, A::March);
    assert_eq!(st.active, vec![1, 9, 2, 3]);
    assert_eq!(st.deck.len(), 3);
    assert!(st.resources.is_empty());
}

#[test]
fn tv07_loss_before_after_played_simultaneity() {
    // KLG-7.4, 5.3. The §12 library has only two persons (Herald, Recruiter): the earlier
    // person is the extended library's Squire (27).
    let _lib = extended();
    for order in [[12u16, 10], [10, 12]] {
        let mut st = Table::new()
            .active(&[27, 1])
            .deck(&[order[0], order[1], 2, 3])
            .res(bag(&[(Gold, 3)]))
            .build();
        let ev = act(&mut st, A::March);
        assert!(ev.contains(&KlgEvent::ResourcesCleared));
        // Recruiter (mandatory) and Herald (optional) are pooled; resolve Recruiter.
        choose_trig(&mut st, 12);
        assert_eq!(st.resources, bag(&[(Military, 3)]));
    }
}

#[test]
fn tv08_all_simultaneous_effects_are_performed() {
    // KLG-8.3, 8.6, 8.8
    let (mut st, ev) = Table::new().deck(&[13, 11, 12, 10, 2, 3]).turn_start();
    assert_eq!(pending_triggers(&ev), vec![13, 11, 12, 10]);
    assert_eq!(st.phase, Phase::Pending);
    choose_trig(&mut st, 13);
    assert_eq!(decision_cards(&st), vec![11]);
    act(&mut st, cards(&[11]));
    assert_eq!(loc(&st, 11), Location::Discard);
    choose_trig(&mut st, 11);
    choose_trig(&mut st, 12);
    decline_trig(&mut st, 10);
    assert_eq!(st.resources, bag(&[(Gold, 1), (Military, 2)]));
    assert_eq!(st.active, vec![13, 12, 10]);
    assert_eq!(st.phase, Phase::Main);
}

/// TV-9's position after the block: Bandit blocks Meadow.
fn tv09_position() -> State {
    let (mut st, _) = Table::new().deck(&[14, 1, 10, 5, 2, 3]).turn_start();
    assert_eq!(st.pool.len(), 2);
    assert!(!is_legal(&st, &A::Pass), "pool first");
    assert!(!is_legal(&st, &A::DeclineTrigger { id: trig(&st, 14) }));
    decline_trig(&mut st, 10);
    // Bandit e1 is alone and mandatory: it started by itself.
    assert_eq!(decision_cards(&st), vec![1, 5]);
    act(&mut st, cards(&[1]));
    assert_eq!(st.blocked_by(1), Some(14));
    st
}

#[test]
fn tv09_blocked_card_leaves_with_its_blocker() {
    // KLG-10.1, 10.2, 10.3, 10.4, 8.6
    let mut st = tv09_position();
    act(&mut st, A::Pass);
    assert_eq!(loc(&st, 14), Location::Discard);
    assert_eq!(loc(&st, 1), Location::Discard);
    assert_eq!(st.orientation(1), F0);
}

#[test]
fn tv10_blocker_destroyed_mid_turn() {
    // KLG-10.5, 10.4, 11.2 (revised with the code, issue 28: the Bandit destroys itself by its
    // own effect, which is not "another effect", so Meadow stays blocked for the turn)
    let mut st = tv09_position();
    act(&mut st, produce(10, &[0]));
    assert_eq!(st.resources, bag(&[(Military, 1)]));
    act(&mut st, use_effect(14, "e2"));
    let ev = act(&mut st, A::ChooseResource { kind: Gold });
    assert_eq!(loc(&st, 14), Location::PendingDestruction);
    assert_eq!(st.blocked_by(1), Some(14));
    assert_eq!(loc(&st, 1), Location::Active);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, KlgEvent::CardUnblocked { .. }))
    );
    assert_eq!(st.resources, bag(&[(Gold, 1)]));
    assert!(!is_legal(&st, &produce(1, &[0])));
    act(&mut st, A::Pass);
    assert_eq!(loc(&st, 1), Location::Discard);
    assert_eq!(st.orientation(1), F0);
    assert!(st.blocks.is_empty());
}

#[test]
fn tv11_blocked_card_is_inert() {
    // KLG-10.2, 6.7, 10.10
    let mut st = Table::new()
        .active(&[14, 1, 18, 5])
        .block(1, 14)
        .deck(&[2, 3])
        .res(bag(&[(Gold, 5)]))
        .build();
    let on_1 = legal(&st).into_iter().any(|a| match a {
        A::Produce { card, .. } | A::Upgrade { card, .. } | A::UseEffect { card, .. } => card == 1,
        _ => false,
    });
    assert!(!on_1);
    act(&mut st, use_effect(18, "e1"));
    assert_eq!(decision_cards(&st), vec![5]);
}

#[test]
fn tv12_blocker_that_stays_in_play() {
    // KLG-10.7, 5.7
    let mut st = Table::new()
        .active(&[21, 1])
        .block(1, 21)
        .deck(&[2, 3, 4, 6])
        .res(bag(&[(Gold, 1)]))
        .build();
    let ev = act(&mut st, A::Pass);
    assert_eq!(st.active, vec![21, 1, 2, 3, 4, 6]);
    assert_eq!(st.blocked_by(1), Some(21));
    assert!(st.resources.is_empty());
    assert!(
        pending_triggers(&ev).is_empty(),
        "no after_played for Camp or Meadow"
    );
    assert!(
        ev.iter().any(
            |e| matches!(e, KlgEvent::CardsPlayed { cards, .. } if *cards == vec![2, 3, 4, 6])
        )
    );
}

#[test]
fn tv13_deck_manipulation_on_an_empty_deck() {
    // KLG-12.2, 12.3, 8.9
    let (mut st, ev) = Table::new().deck(&[10, 2, 3, 4]).turn_start();
    assert!(st.deck.is_empty());
    assert!(
        pending_triggers(&ev).is_empty(),
        "Herald's trigger is not offered"
    );
    assert!(st.pool.is_empty());
    assert_eq!(st.phase, Phase::Main);
    act(&mut st, A::Pass);
    assert_eq!(st.phase, Phase::BetweenRounds);
}

#[test]
fn tv14_round_transition() {
    // KLG-4.3, 4.4, 1.2, R-2
    let mut st = Table::new()
        .discard(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
        .orient(1, F180)
        .between_rounds()
        .build();
    let ev = act(&mut st, A::BeginRound);
    assert_eq!(discovered(&ev), vec![11, 12]);
    assert_eq!(st.orientation(11), F0);
    assert_eq!(st.orientation(12), F0);
    let shuffled = ev
        .iter()
        .find_map(|e| match e {
            KlgEvent::DeckShuffled { order, .. } => Some(order.clone()),
            _ => None,
        })
        .expect("shuffle");
    let mut sorted = shuffled.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (1..=12).collect::<Vec<_>>());
    assert_eq!(st.orientation(1), F180);
    assert_eq!(st.active.len(), 4);
    assert_eq!(st.deck.len(), 8);
    assert_eq!(st.round(), 2);
}

#[test]
fn tv15_sequence_skips_discovered_cards() {
    // KLG-4.4
    let mut st = Table::new()
        .discard(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
        .round(2)
        .between_rounds()
        .build();
    let ev = act(&mut st, A::BeginRound);
    assert_eq!(discovered(&ev), vec![14, 15]);
    assert_eq!(st.round(), 3);
}

#[test]
fn tv16_parchment_23_closes_the_reset_window() {
    // KLG-4.5, 4.6, 11.4
    let mut st = Table::new()
        .discard(&[
            1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, 17, 18, 19, 20, 21, 22,
        ])
        .permanent(&[15])
        .pending(&[14])
        .round(7)
        .between_rounds()
        .build();
    assert!(is_legal(&st, &A::ResetCampaign));
    let ev = act(&mut st, A::BeginRound);
    assert_eq!(discovered(&ev), vec![23, 24, 25, 26]);
    assert!(ev.contains(&KlgEvent::ParchmentExecuted { card: 23 }));
    assert!(st.card23_discovered);
    assert_eq!(loc(&st, 23), Location::Destroyed);
    assert_eq!(loc(&st, 14), Location::Destroyed);
    assert!(st.pending_destruction.is_empty());
    assert!(!is_legal(&st, &A::ResetCampaign));
    for id in [24, 25, 26] {
        assert!(st.deck.contains(&id) || st.active.contains(&id));
    }
}

#[test]
fn tv17_sticker_not_available() {
    // KLG-13.2
    let mut st = Table::new()
        .active(&[18, 7])
        .deck(&[2, 3])
        .supply("2", 0)
        .build();
    act(&mut st, use_effect(18, "e1"));
    act(&mut st, cards(&[7]));
    let ev = act(&mut st, A::ChooseResource { kind: Wood });
    assert!(ev.contains(&KlgEvent::StickerUnavailable { no: "2".into() }));
    assert!(st.card(7).stickers.is_empty());
    assert_eq!(st.sticker_supply["2"], 0);
    assert_eq!(
        super::super::turn::produce_gain(&st, 7, &[0]),
        Some(bag(&[(Wood, 1)]))
    );
    assert_eq!(loc(&st, 18), Location::Discard);
}

#[test]
fn tv18_increase_production_with_alternatives() {
    // KLG-13.5, 13.8, 13.9
    let mut st = Table::new()
        .active(&[18, 5])
        .deck(&[2, 3])
        .supply("3", 6)
        .build();
    act(&mut st, use_effect(18, "e1"));
    act(&mut st, cards(&[5]));
    assert_eq!(
        st.decision,
        Some(Decision::Resource {
            purpose: ResourcePurpose::IncreaseProduction { card: 5 },
            options: vec![Gold, Stone],
        })
    );
    act(&mut st, A::ChooseResource { kind: Stone });
    assert_eq!(
        st.card(5).stickers,
        vec![StickerMark {
            no: "3".into(),
            orientation: F0
        }]
    );
    assert_eq!(st.sticker_supply["3"], 5);
    let mut st2 = st.clone();
    act(&mut st, produce(5, &[0]));
    assert_eq!(st.resources, bag(&[(Stone, 2)]));
    act(&mut st2, produce(5, &[1]));
    assert_eq!(st2.resources, bag(&[(Gold, 1)]));
}

#[test]
fn tv19_checkbox_with_resource_symbol() {
    // KLG-14.1, 14.3, 14.6
    let mut st = Table::new().active(&[16, 1]).deck(&[2, 3]).build();
    act(&mut st, use_effect(16, "e1"));
    assert_eq!(
        legal(&st)
            .into_iter()
            .filter(|a| matches!(a, A::ChooseCheckbox { .. }))
            .count(),
        3
    );
    act(&mut st, A::ChooseCheckbox { index: 2 });
    assert_eq!(st.resources, bag(&[(Wood, 1)]));
    assert_eq!(loc(&st, 16), Location::Discard);
    // Later rounds: the tick persists in the record; the next use offers boxes 0 and 1.
    finish_round(&mut st);
    let rec = st.record();
    assert!(rec.cards[&16].ticked[&F0].contains(&2));
    let mut st = Table(st).active(&[16]).build();
    st.phase = Phase::Main;
    st.flow = Flow::Turn;
    act(&mut st, use_effect(16, "e1"));
    let boxes: Vec<KlgAction> = legal(&st)
        .into_iter()
        .filter(|a| matches!(a, A::ChooseCheckbox { .. }))
        .collect();
    assert_eq!(
        boxes,
        vec![
            A::ChooseCheckbox { index: 0 },
            A::ChooseCheckbox { index: 1 }
        ]
    );
}

#[test]
fn tv20_no_box_left() {
    // KLG-14.4
    let mut st = Table::new()
        .active(&[16])
        .tick(16, F0, 0)
        .tick(16, F0, 1)
        .tick(16, F0, 2)
        .deck(&[2])
        .build();
    assert!(!is_legal(&st, &use_effect(16, "e1")));
    let err = KingdomLegacy::apply(&mut st, 0, &use_effect(16, "e1")).unwrap_err();
    assert_eq!(err.rule, "KLG-14.4");
}

#[test]
fn tv21_discover_one_of_several_one_time() {
    // KLG-15.3, 15.4, 8.2, 14.5
    let mut st = Table::new()
        .active(&[17, 1])
        .discard(&[72])
        .deck(&[2, 3])
        .build();
    let ev = act(&mut st, use_effect(17, "e1"));
    assert!(ev.contains(&KlgEvent::CardsRevealed {
        cards: vec![71, 73]
    }));
    assert_eq!(
        legal(&st)
            .into_iter()
            .filter(|a| *a != A::ResetCampaign)
            .collect::<Vec<_>>(),
        vec![
            A::ChooseDiscovery { ids: vec![71] },
            A::ChooseDiscovery { ids: vec![73] }
        ]
    );
    act(&mut st, A::ChooseDiscovery { ids: vec![73] });
    assert_eq!(loc(&st, 73), Location::Discard);
    assert_eq!(loc(&st, 71), Location::Box);
    assert!(st.card(71).revealed_in_box);
    assert!(view(&st).box_revealed.iter().any(|c| c.id == 71));
    assert_eq!(loc(&st, 17), Location::Discard);
    assert!(st.card(17).is_crossed(F0, "e1"));
    // Later: Shrine in play again, e1 is never legal.
    let st = Table(st).active(&[17]).build();
    assert!(!is_legal(&st, &use_effect(17, "e1")));
}

#[test]
fn tv22_reset_before_card_23() {
    // KLG-11.2, 11.3, 11.5, 11.6
    let mut st = Table::new()
        .active(&[1, 2, 5])
        .deck(&[3, 4])
        .discard(&[6, 7, 8, 9, 10, 11, 12])
        .pending(&[14])
        .sticker(5, "3", F0)
        .supply("3", 5)
        .round(3)
        .build();
    let mut rng = st.rng.clone();
    let mut expect: Vec<CardId> = (1..=10).collect();
    rng.shuffle(&mut expect);
    act(&mut st, A::ResetCampaign);
    act(&mut st, A::ConfirmReset);
    let mut dealt = st.active.clone();
    dealt.extend(st.deck.iter().copied());
    assert_eq!(dealt, expect, "a shuffle of 1–10 with the next RNG draws");
    for (id, c) in &st.cards {
        assert_eq!(c.orientation, F0);
        assert!(c.stickers.is_empty() && c.ticked.is_empty() && c.crossed_out.is_empty());
        if *id > 10 {
            assert_eq!(c.location, Location::Box, "card {id}");
        }
    }
    assert_eq!(loc(&st, 14), Location::Box);
    assert_eq!(st.sticker_supply["3"], 6);
    assert_eq!(st.round(), 1);
}

#[test]
fn tv23_reset_after_card_23() {
    // KLG-11.4
    let st = Table::new().active(&[1, 2]).deck(&[3]).card23(true).build();
    assert!(!is_legal(&st, &A::ResetCampaign));
    let st = Table::new()
        .discard(&[1, 2, 3])
        .card23(true)
        .between_rounds()
        .build();
    assert!(!is_legal(&st, &A::ResetCampaign));
    assert!(is_legal(&st, &A::BeginRound));
    let mut st = st;
    let err = KingdomLegacy::apply(&mut st, 0, &A::ResetCampaign).unwrap_err();
    assert_eq!(err.rule, "KLG-11.4");
}

#[test]
fn tv24_card_70_ends_the_base_game() {
    // KLG-4.9, 17.1, 17.2
    let gone: Vec<CardId> = (11..=26).filter(|&i| i != 15).collect();
    let mut st = Table::new()
        .discard(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
        .destroyed(&gone)
        .permanent(&[15])
        .card23(true)
        .round(30)
        .between_rounds()
        .build();
    let ev = act(&mut st, A::BeginRound);
    assert_eq!(discovered(&ev), vec![69, 70]);
    assert!(st.base.last_round);
    let ev = finish_round(&mut st);
    assert_eq!(st.phase, Phase::PostGame);
    let fame = kingdom_fame(&st);
    assert_eq!(st.score_track.base, Some(fame));
    assert!(ev.contains(&KlgEvent::BaseScored { fame, score: fame }));
    assert!(!is_legal(&st, &A::BeginRound));
}

#[test]
fn tv25_card_70_discovered_by_an_effect() {
    // KLG-4.10. No §12 card discovers 70: the extended library's card 74 does.
    let _lib = extended();
    let mut st = Table::new()
        .active(&[74, 1])
        .deck(&[2, 3, 4, 5])
        .discard(&[6, 7])
        .in_box(&[69])
        .round(5)
        .build();
    act(&mut st, use_effect(74, "e1"));
    assert_eq!(loc(&st, 70), Location::Discard);
    assert!(st.base.last_round);
    finish_round(&mut st);
    assert_eq!(st.phase, Phase::PostGame, "round 5 was the last");
    assert_eq!(st.base.round_number, 5);
    assert!(st.score_track.base.is_some());
}

#[test]
fn tv26_permanent_end_of_turn_effect() {
    // KLG-9.5
    let mut st = Table::new()
        .permanent(&[15])
        .active(&[1, 2])
        .deck(&[3, 4])
        .build();
    act(&mut st, use_effect(15, "e1"));
    let ev = act(&mut st, A::ChooseCheckbox { index: 0 });
    assert!(ev.contains(&KlgEvent::TurnEnded));
    assert_eq!(loc(&st, 1), Location::Discard);
    assert_eq!(loc(&st, 2), Location::Discard);
    assert_eq!(loc(&st, 15), Location::Permanent);
    assert!(st.card(15).ticked[&F0].contains(&0));
}

#[test]
fn tv27_discovered_permanent() {
    // KLG-9.6, 9.2
    let mut st = Table::new()
        .discard(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
        .round(3)
        .between_rounds()
        .build();
    let ev = act(&mut st, A::BeginRound);
    assert_eq!(discovered(&ev), vec![15, 16]);
    assert_eq!(loc(&st, 15), Location::Permanent);
    assert!(!st.deck.contains(&15) && !st.active.contains(&15));
    finish_round(&mut st);
    assert_eq!(loc(&st, 15), Location::Permanent);
}

/// Rearranges the revealed purge batch so that it holds `with` and not `without` (test-only
/// manipulation of the hidden order), recomputing the open pick.
fn arrange_batch(st: &mut State, with: &[CardId], without: &[CardId]) {
    let p = st.purge.as_mut().expect("purge");
    for &w in with {
        if p.batch.contains(&w) {
            continue;
        }
        let i = p
            .deck
            .iter()
            .position(|&c| c == w)
            .expect("in the purge deck");
        let j = p
            .batch
            .iter()
            .position(|c| !with.contains(c))
            .expect("room in the batch");
        std::mem::swap(&mut p.deck[i], &mut p.batch[j]);
    }
    for &w in without {
        if let Some(j) = p.batch.iter().position(|&c| c == w) {
            let i = p
                .deck
                .iter()
                .position(|c| !with.contains(c) && !without.contains(c))
                .expect("a replacement");
            std::mem::swap(&mut p.deck[i], &mut p.batch[j]);
        }
    }
    let batch = p.batch.clone();
    let mut eligible: Vec<CardId> = batch
        .iter()
        .copied()
        .filter(|&c| super::super::purge::purgeable(st, c))
        .collect();
    eligible.sort_unstable();
    st.decision = Some(Decision::PurgePick { batch, eligible });
}

#[test]
fn tv28_purge_12_deck_of_30() {
    // KLG-19.2–19.7. P1 (fame 4) is the extended library's Tower (29); P2 (fame 6) is
    // Watchpost with a +5 sticker; A (fame 5) Meadow B180; B (fame 3) Clearing with +2. Card
    // 23 (a parchment) is crafted into the kingdom as the 30th non-permanent card.
    let _lib = extended();
    let kingdom: Vec<CardId> = (1..=14)
        .chain(16..=28)
        .chain(69..=73)
        .filter(|&i| i != 27 && i != 28)
        .collect();
    assert_eq!(kingdom.len(), 30);
    let mut st = Table::new()
        .discard(&kingdom)
        .permanent(&[15, 29])
        .orient(1, B180)
        .orient(7, B0)
        .sticker(7, "7", B0)
        .sticker(15, "10", F0)
        .card23(true)
        .in_box(&[27, 28])
        .post_game(50)
        .build();
    assert_eq!(card_fame(&st, 1), 5);
    assert_eq!(card_fame(&st, 7), 3);
    assert_eq!(card_fame(&st, 15), 6);
    assert_eq!(card_fame(&st, 29), 4);
    act(&mut st, A::StartExpansion { card: 136 });
    assert_eq!(st.phase, Phase::PurgeSelect);
    assert_eq!(st.purge.as_ref().unwrap().deck.len(), 18);
    arrange_batch(&mut st, &[1], &[7]);
    act(&mut st, A::PurgePick { card: Some(1) });
    assert_eq!(st.purge.as_ref().unwrap().deck.len(), 6);
    arrange_batch(&mut st, &[7], &[]);
    act(&mut st, A::PurgePick { card: Some(7) });
    assert_eq!(
        st.decision,
        Some(Decision::PurgePermanent {
            eligible: vec![15, 29]
        })
    );
    let ev = act(&mut st, A::PurgePickPermanent { card: Some(15) });
    assert_eq!(
        st.purge_fame,
        vec![PurgeFameEntry {
            expansion_id: 136,
            value: 14
        }]
    );
    for id in [1, 7, 15] {
        assert_eq!(loc(&st, id), Location::Destroyed);
    }
    assert_eq!(loc(&st, 29), Location::Permanent);
    let non_perm = st.deck.len() + st.active.len() + st.discard.len();
    assert_eq!(non_perm, 28);
    assert!(discovered(&ev).is_empty(), "no discovery");
    assert_eq!(st.round(), 1);
    assert_eq!(
        st.expansions.current,
        Some(CurrentExpansion {
            id: 136,
            rounds_done: 0
        })
    );
    assert!(matches!(st.phase, Phase::Main | Phase::Pending));
}

/// Number of purge picks for a kingdom of `d` non-permanent friendly cards.
fn picks_for(d: usize) -> usize {
    let ids: Vec<CardId> = [
        1u16, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, 17, 18, 19, 20,
    ]
    .into_iter()
    .chain([22, 24, 25, 26, 69, 70, 71, 72, 73])
    .take(d)
    .collect();
    assert_eq!(ids.len(), d);
    let mut st = Table::new()
        .discard(&ids)
        .card23(true)
        .post_game(10)
        .build();
    act(&mut st, A::StartExpansion { card: 136 });
    let mut picks = 0;
    while st.phase == Phase::PurgeSelect {
        let a = legal(&st)[0].clone();
        if matches!(a, A::PurgePick { .. }) {
            picks += 1;
        }
        act(&mut st, a);
    }
    picks
}

#[test]
fn tv29_purge_batch_counts() {
    // KLG-19.2
    assert_eq!(picks_for(23), 1);
    assert_eq!(picks_for(24), 2);
    assert_eq!(picks_for(11), 0);
    // 36 cards exceed the test library; the engine's count rule:
    assert_eq!(super::super::purge::selections(36, 12), 3);
    assert_eq!(super::super::purge::selections(23, 12), 1);
}

#[test]
fn tv30_batch_without_friendly_card() {
    // KLG-19.5. The library has only two hostile cards: the purge of expansion 136 is crafted
    // with batch size 2 and the hostile cards on top of the purge deck.
    let mut st = Table::new()
        .permanent(&[15])
        .expansion(136, F0, 0)
        .card23(true)
        .post_game(10)
        .build();
    for c in [14, 21, 1, 2, 3, 4] {
        st.card_mut(c).location = Location::Purge;
    }
    st.purge = Some(PurgeState {
        expansion: 136,
        n: 2,
        permanent_picks: 0,
        deck: vec![14, 21, 1, 2, 3, 4],
        batch: Vec::new(),
        leftovers: Vec::new(),
        set_aside: Vec::new(),
        fame: 0,
        starts_expansion: true,
    });
    let mut ev = Vec::new();
    super::super::flow::run(&mut st, &mut ev);
    assert_eq!(st.phase, Phase::PurgeSelect);
    assert_eq!(
        legal(&st),
        vec![A::PurgePick { card: None }],
        "only none is legal"
    );
    act(&mut st, A::PurgePick { card: None });
    // The next batch proceeds (4 ≥ 2 remain).
    assert_eq!(
        st.decision,
        Some(Decision::PurgePick {
            batch: vec![1, 2],
            eligible: vec![1, 2]
        })
    );
    assert_eq!(st.purge.as_ref().unwrap().leftovers, vec![14, 21]);
}

#[test]
fn tv31_card_that_may_not_be_purged() {
    // KLG-19.9. The extended library's Sanctuary (28) has protect ["purge"].
    let _lib = extended();
    let ids: Vec<CardId> = (1..=12).collect();
    let mut st = Table::new()
        .discard(&ids)
        .discard(&[28])
        .card23(true)
        .post_game(10)
        .build();
    act(&mut st, A::StartExpansion { card: 136 });
    arrange_batch(&mut st, &[28], &[]);
    assert!(!is_legal(&st, &A::PurgePick { card: Some(28) }));
    let first = legal(&st)[0].clone();
    act(&mut st, first.clone());
    assert_ne!(loc(&st, 28), Location::Destroyed);
    assert!(super::super::selectors::in_kingdom(&st, 28));
    let A::PurgePick { card: Some(c) } = first else {
        panic!("a pick")
    };
    assert_eq!(st.purge_fame[0].value, card_fame(&st, c));
}

#[test]
fn tv32_expansion_score() {
    // KLG-18.4, 18.5, 18.6, 17.4. Kingdom fame 118: Meadow B180 (5) with 20 × sticker 10 and
    // 6 × sticker 7 (117) plus Watchpost (1).
    let mut t = Table::new()
        .discard(&[1, 2, 3, 4])
        .permanent(&[15])
        .orient(1, B180)
        .card23(true)
        .expansion(136, B180, 3);
    for _ in 0..20 {
        t = t.sticker(1, "10", B180);
    }
    for _ in 0..6 {
        t = t.sticker(1, "7", B180);
    }
    let mut st = t.between_rounds().build();
    st.base.finished = true;
    st.base.last_round = true;
    st.score_track.base = Some(120);
    st.purge_fame = vec![PurgeFameEntry {
        expansion_id: 136,
        value: 14,
    }];
    assert_eq!(kingdom_fame(&st), 118);
    let ev = act(&mut st, A::BeginRound);
    assert!(discovered(&ev).is_empty(), "KLG-18.5: no discovery");
    finish_round(&mut st);
    assert_eq!(
        st.score_track.expansions,
        vec![ExpansionScore {
            expansion_id: 136,
            score: 132
        }]
    );
    assert_eq!(loc(&st, 136), Location::Destroyed);
    assert_eq!(st.phase, Phase::PostGame);
    assert!(!is_legal(&st, &A::StartExpansion { card: 136 }));
}

#[test]
fn tv33_ten_expansion_cap() {
    // KLG-18.7: a pack with 11 expansion cards (extended library 136–146), 10 recorded.
    let _lib = extended();
    let mut st = Table::new()
        .discard(&[1, 2, 3])
        .card23(true)
        .post_game(100)
        .build();
    for id in 137..=146 {
        st.score_track.expansions.push(ExpansionScore {
            expansion_id: id,
            score: 100,
        });
    }
    assert_eq!(legal(&st), vec![A::CloseCampaign]);
    let err = KingdomLegacy::apply(&mut st, 0, &A::StartExpansion { card: 136 }).unwrap_err();
    assert_eq!(err.rule, "KLG-18.7");
    // With 9 recorded, 136 may be started.
    st.score_track.expansions.pop();
    assert!(is_legal(&st, &A::StartExpansion { card: 136 }));
}

#[test]
fn tv34_march_edge_cases() {
    // KLG-6.16
    let mut st = Table::new()
        .active(&[1])
        .deck(&[2])
        .res(bag(&[(Gold, 1)]))
        .build();
    act(&mut st, A::March);
    assert_eq!(st.active, vec![1, 2]);
    assert!(st.resources.is_empty());
    assert!(!is_legal(&st, &A::March));
    let err = KingdomLegacy::apply(&mut st, 0, &A::March).unwrap_err();
    assert_eq!(err.rule, "KLG-6.16");
}

#[test]
fn tv35_suspension_point() {
    // KLG-16.1, 16.3, 16.4
    let mut st = KingdomLegacy::setup(&Config::new(Pack::TestLibrary), 9).unwrap();
    assert!(!is_legal(&st, &A::Suspend));
    finish_round(&mut st);
    assert_eq!(st.phase, Phase::BetweenRounds);
    assert!(is_legal(&st, &A::Suspend));
    let rec = st.record();
    let json = serde_json::to_value(&rec).unwrap();
    assert!(json.get("deck").is_none() && json.get("resources").is_none());
    assert!(rec.cards.values().all(|c| !matches!(
        c.location,
        Location::Deck | Location::Active | Location::Purge
    )));
    let mut played_on = st.clone();
    let mut stored = st.clone();
    act(&mut stored, A::Suspend);
    assert!(KingdomLegacy::outcome(&stored).is_some());
    let cfg = Config {
        record: Some(rec),
        ..Config::new(Pack::TestLibrary)
    };
    let mut resumed = KingdomLegacy::setup(&cfg, 12345).unwrap();
    assert_eq!(resumed, played_on, "resuming equals playing on");
    assert!(is_legal(&resumed, &A::BeginRound));
    act(&mut resumed, A::BeginRound);
    act(&mut played_on, A::BeginRound);
    assert_eq!(resumed, played_on);
}

#[test]
fn tv36_no_production_no_produce() {
    // KLG-2.7
    let mut st = Table::new().active(&[14, 9]).deck(&[2]).build();
    assert!(
        !legal(&st)
            .iter()
            .any(|a| matches!(a, A::Produce { card: 14, .. }))
    );
    let err = KingdomLegacy::apply(&mut st, 0, &produce(14, &[])).unwrap_err();
    assert_eq!(err.rule, "KLG-2.7");
}

#[test]
fn tv37_cost_must_be_paid_in_full() {
    // KLG-6.11
    let mut st = Table::new()
        .active(&[1, 9])
        .deck(&[2])
        .res(bag(&[(Gold, 1)]))
        .build();
    let up = A::Upgrade { card: 1, index: 0 };
    assert!(!is_legal(&st, &up));
    let before = st.clone();
    let err = KingdomLegacy::apply(&mut st, 0, &up).unwrap_err();
    assert_eq!(err.rule, "KLG-6.11");
    assert_eq!(st, before, "state unchanged on error");
    act(&mut st, produce(9, &[0]));
    assert!(is_legal(&st, &up));
}

#[test]
fn tv38_repeatable_passive() {
    // KLG-8.2, 8.10
    let mut st = Table::new()
        .active(&[9])
        .deck(&[2])
        .res(bag(&[(Gold, 5)]))
        .build();
    act(&mut st, use_effect(9, "e1"));
    act(&mut st, use_effect(9, "e1"));
    assert_eq!(st.resources, bag(&[(Gold, 1), (Trade, 2)]));
    assert_eq!(st.active, vec![9]);
    assert!(!is_legal(&st, &use_effect(9, "e1")));
}

#[test]
fn tv39_discovery_does_not_clear_resources() {
    // KLG-15.5, 7.5
    let mut st = Table::new()
        .active(&[17])
        .deck(&[2])
        .res(bag(&[(Gold, 2)]))
        .build();
    act(&mut st, use_effect(17, "e1"));
    act(&mut st, A::ChooseDiscovery { ids: vec![71] });
    assert_eq!(loc(&st, 71), Location::Discard);
    assert_eq!(st.resources, bag(&[(Gold, 2)]));
}

#[test]
fn tv40_put_on_top_of_a_non_empty_deck() {
    // KLG-12.1, 12.4. The §12 library only puts cards at the bottom: the extended
    // library's Messenger (75) puts one on top.
    let _lib = extended();
    let mut st = Table::new()
        .active(&[75, 1])
        .orient(1, F180)
        .deck(&[2, 3, 4, 5, 6])
        .build();
    act(&mut st, use_effect(75, "e1"));
    act(&mut st, cards(&[1]));
    assert_eq!(st.deck.len(), 6);
    let v = view(&st);
    let top = v.deck.top.expect("top");
    assert_eq!((top.id, top.orientation), (1, F180));
    act(&mut st, A::March);
    assert_eq!(st.active, vec![1, 2]);
}

#[test]
fn tv41_scoring() {
    // KLG-17.3, 13.7, 14.6
    let st = Table::new()
        .discard(&[1, 14])
        .orient(1, B180)
        .sticker(1, "7", B180)
        .sticker(1, "10", F180)
        .permanent(&[15])
        .tick(15, F0, 0)
        .tick(15, F0, 2)
        .between_rounds()
        .build();
    assert_eq!(kingdom_fame(&st), 11);
    assert_eq!(kingdom_fame(&st) + purge_fame_total(&st), 11);
    assert_eq!(view(&st).current_fame, 11);
}

#[test]
fn tv42_turn_ending_effect_on_a_normal_card() {
    // KLG-8.2, 6.14. The extended library's Beacon (76) has an ends_turn effect.
    let _lib = extended();
    let mut st = Table::new().active(&[76, 1, 2]).deck(&[3, 4, 5, 6]).build();
    let ev = act(&mut st, use_effect(76, "e1"));
    assert!(ev.contains(&KlgEvent::Gained {
        bag: bag(&[(Gold, 1)])
    }));
    assert!(ev.contains(&KlgEvent::TurnEnded));
    for id in [76, 1, 2] {
        assert_eq!(loc(&st, id), Location::Discard);
    }
    assert_eq!(st.active, vec![3, 4, 5, 6]);
}

#[test]
fn tv43_determinism() {
    // §10
    let cfg = Config::new(Pack::TestLibrary);
    let mut a = KingdomLegacy::setup(&cfg, 77).unwrap();
    let mut b = KingdomLegacy::setup(&cfg, 77).unwrap();
    for step in 0..300 {
        if a.phase == Phase::PostGame || a.ended.is_some() {
            break;
        }
        let acts = legal(&a);
        let choice = acts
            .iter()
            .filter(|x| **x != A::ResetCampaign && **x != A::Suspend)
            .nth(step % 3)
            .or_else(|| acts.iter().find(|x| **x != A::ResetCampaign))
            .cloned()
            .unwrap();
        act(&mut a, choice.clone());
        act(&mut b, choice);
        assert_eq!(
            serde_json::to_string(&a).unwrap(),
            serde_json::to_string(&b).unwrap()
        );
    }
    let c = KingdomLegacy::setup(&cfg, 78).unwrap();
    let d = KingdomLegacy::setup(&cfg, 77).unwrap();
    let mut oc = c.active.clone();
    oc.extend(&c.deck);
    let mut od = d.active.clone();
    od.extend(&d.deck);
    assert_ne!(oc, od);
}
