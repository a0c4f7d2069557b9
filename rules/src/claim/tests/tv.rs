//! The worked examples TV-01 … TV-57 of section 12, one test each.

use super::*;
use Faction::*;
use PairChoice::{Gg, Kg};

/// A base_2p game from an explicit deck: A (seat 0, leader) and B hold the given cards (the rest
/// of their 13 filled from the unused cards), then the deck continues with `after` (top first).
fn scenario_2p(a: &[Card], b: &[Card], after: &[Card]) -> ClaimState {
    let factions = [Gnomes, Giants, Dragons, Trolls, Seers];
    let mut rest = card_data().deck(&factions);
    rest.retain(|c| !a.contains(c) && !b.contains(c) && !after.contains(c));
    let mut rest = rest.into_iter();
    let mut hands = [a.to_vec(), b.to_vec()];
    for h in &mut hands {
        while h.len() < 13 {
            h.push(rest.next().unwrap());
        }
    }
    let mut deck = Vec::new();
    for (a, b) in hands[0].iter().zip(&hands[1]) {
        deck.push(*a);
        deck.push(*b);
    }
    deck.extend_from_slice(after);
    deck.extend(rest);
    Claim::setup_scenario(&base(), &ClaimScenario { deck }, 0).expect("valid scenario")
}

fn two_p_favour() -> Table {
    Table::new(base()).favour()
}

#[test]
fn tv_01_giant_example_1_optional_crush_then_auto_end() {
    // CLM-GNT.1, CLM-GNT.2, CLM-GNT.4, CLM-GNT.6, CLM-TRK.7
    let mut st = two_p_favour()
        .row(0, &[gn(3), copy(gn(3), 2), gn(7)])
        .hand(0, &[gi(3), dr(1)])
        .hand(1, &[gi(5), dr(2)])
        .done();
    let ev = play_trick(&mut st, &[(0, gi(3)), (1, gi(5))]);
    assert_eq!(ranking_event(&ev)[0], 1, "B wins 5 > 3");
    assert!(same_kinds(&score_of(&st, 1), &[gi(3), gi(5)]));
    assert_eq!(st.pending, Pending::Crushing { seat: 1, victim: 0 });
    assert_eq!(
        Claim::legal_actions(&st, 1),
        vec![ClaimAction::CrushGnome(3), ClaimAction::FinishCrushing],
        "giant 5 finds no Gnome 5"
    );
    let ev = act(&mut st, 1, ClaimAction::CrushGnome(3));
    assert!(same_kinds(&row_of(&st, 0), &[gn(3), gn(7)]));
    assert!(same_kinds(&st.discard, &[gn(3)]));
    assert!(
        ev.iter()
            .any(|e| matches!(e, ClaimEvent::CrushingFinished { seat: 1 })),
        "D6 auto-ends"
    );
    assert_eq!(st.pending, Pending::PlayCard { seat: 1 }, "next leader B");
}

#[test]
fn tv_02_giant_example_2_offsuit_loses_and_crush() {
    // CLM-GNT.1, CLM-TRK.8, CLM-TRL.3
    let mut st = two_p_favour()
        .row(1, &[gn(1)])
        .hand(0, &[gi(1), dr(1)])
        .hand(1, &[tr(4), dr(2)])
        .done();
    assert_eq!(legal_cards(&st, 0), vec![gi(1), dr(1)]);
    play(&mut st, 0, gi(1));
    assert_eq!(legal_cards(&st, 1), vec![tr(4), dr(2)], "B holds no giant");
    let ev = play(&mut st, 1, tr(4));
    assert_eq!(ranking_event(&ev), vec![0, 1]);
    assert!(same_kinds(&score_of(&st, 0), &[gi(1), tr(4)]));
    assert!(st.pool.is_empty());
    act(&mut st, 0, ClaimAction::CrushGnome(1));
    assert!(row_of(&st, 1).is_empty());
    assert_eq!(st.pending, Pending::PlayCard { seat: 0 });
}

#[test]
fn tv_03_giant_example_3_offsuit_giant_still_crushes() {
    // CLM-GNT.1, CLM-DRG.1
    let mut st = two_p_favour()
        .row(1, &[gn(3)])
        .hand(0, &[dr(4), se(1)])
        .hand(1, &[gi(3), se(2)])
        .done();
    play_trick(&mut st, &[(0, dr(4)), (1, gi(3))]);
    assert!(same_kinds(&score_of(&st, 0), &[dr(4), gi(3)]));
    let ev = act(&mut st, 0, ClaimAction::CrushGnome(3));
    assert!(row_of(&st, 1).is_empty());
    assert_eq!(next_leader_event(&ev), Some(0), "A played the last dragon");
    assert_eq!(st.pending, Pending::PlayCard { seat: 0 });
}

#[test]
fn tv_04_dragon_example_1_loser_leads_next() {
    // CLM-DRG.1, CLM-DRG.2 — phase 2
    let mut st = two_p_favour()
        .hand(0, &[dr(7), se(1)])
        .hand(1, &[dr(3), se(2)])
        .done();
    let ev = play_trick(&mut st, &[(0, dr(7)), (1, dr(3))]);
    assert_eq!(ranking_event(&ev)[0], 0);
    assert!(same_kinds(&score_of(&st, 0), &[dr(7), dr(3)]));
    assert_eq!(next_leader_event(&ev), Some(1));
    assert_eq!(st.pending, Pending::PlayCard { seat: 1 });
    // phase 1: A takes the revealed card, B draws; B still leads next.
    let mut st = Table::new(base())
        .revealed(&[tr(7)])
        .deck(&filler())
        .hand(0, &[dr(7), se(1)])
        .hand(1, &[dr(3), se(2)])
        .done();
    let ev = play_trick(&mut st, &[(0, dr(7)), (1, dr(3))]);
    assert_eq!(public_followers(&st, 0), vec![tr(7)]);
    assert_eq!(followers_of(&st, 1), vec![filler()[0]]);
    assert_eq!(next_leader_event(&ev), Some(1));
}

#[test]
fn tv_05_dragon_example_2_offsuit_dragon_leads_next() {
    // CLM-DRG.1
    let mut st = two_p_favour()
        .hand(0, &[gi(5), se(1)])
        .hand(1, &[dr(4), se(2)])
        .done();
    let ev = play_trick(&mut st, &[(0, gi(5)), (1, dr(4))]);
    assert_eq!(ranking_event(&ev)[0], 0, "A wins");
    assert!(same_kinds(&score_of(&st, 0), &[gi(5), dr(4)]));
    assert_eq!(st.pending, Pending::PlayCard { seat: 1 }, "B leads next");
}

#[test]
fn tv_06_other_faction_loses_dragon_still_leads() {
    // CLM-TRK.8
    let mut st = two_p_favour()
        .hand(0, &[se(0), tr(1)])
        .hand(1, &[dr(9), tr(2)])
        .done();
    let ev = play_trick(&mut st, &[(0, se(0)), (1, dr(9))]);
    assert_eq!(ranking_event(&ev), vec![0, 1]);
    assert_eq!(next_leader_event(&ev), Some(1));
}

#[test]
fn tv_07_giant_without_matching_gnome_has_no_effect() {
    // CLM-GNT.4
    let mut st = two_p_favour()
        .row(1, &[gn(7)])
        .hand(0, &[gi(9), se(1)])
        .hand(1, &[gi(7), se(2)])
        .done();
    play_trick(&mut st, &[(0, gi(9)), (1, gi(7))]);
    assert_eq!(
        Claim::legal_actions(&st, 0),
        vec![ClaimAction::CrushGnome(7), ClaimAction::FinishCrushing]
    );
    act(&mut st, 0, ClaimAction::FinishCrushing);
    assert_eq!(row_of(&st, 1), vec![gn(7)], "crushing is optional");
    // With B's row [Gnome 5] no crush is possible: D6 is not offered.
    let mut st = two_p_favour()
        .row(1, &[gn(5)])
        .hand(0, &[gi(9), se(1)])
        .hand(1, &[gi(7), se(2)])
        .done();
    let ev = play_trick(&mut st, &[(0, gi(9)), (1, gi(7))]);
    assert_eq!(st.pending, Pending::PlayCard { seat: 0 });
    assert!(
        !ev.iter()
            .any(|e| matches!(e, ClaimEvent::CrushingFinished { .. }))
    );
    assert!(same_kinds(&score_of(&st, 0), &[gi(9), gi(7)]));
    assert_eq!(row_of(&st, 1), vec![gn(5)]);
}

#[test]
fn tv_08_follow_suit() {
    // CLM-TRK.4, CLM-TRK.5
    let mut st = two_p_favour()
        .hand(0, &[tr(2)])
        .hand(1, &[tr(5), se(9), dr(1)])
        .done();
    play(&mut st, 0, tr(2));
    assert_eq!(legal_cards(&st, 1), vec![tr(5)]);
    assert_eq!(
        refused(&mut st, 1, ClaimAction::PlayCard(se(9))),
        "CLM-TRK.4"
    );
    let mut st = two_p_favour()
        .hand(0, &[tr(2)])
        .hand(1, &[se(9), dr(1)])
        .done();
    play(&mut st, 0, tr(2));
    assert_eq!(legal_cards(&st, 1), vec![se(9), dr(1)]);
}

#[test]
fn tv_09_tie_goes_to_leader() {
    // CLM-TRK.7
    let mut st = two_p_favour()
        .hand(0, &[gn(5), se(1)])
        .hand(1, &[copy(gn(5), 2), se(2)])
        .done();
    let ev = play_trick(&mut st, &[(0, gn(5)), (1, copy(gn(5), 2))]);
    assert_eq!(ranking_event(&ev), vec![0, 1]);
    assert!(same_kinds(&row_of(&st, 0), &[gn(5), gn(5)]));
}

#[test]
fn tv_10_phase1_trick_rewards_and_discard() {
    // CLM-P1.2, CLM-P1.4, CLM-P1.5, CLM-P1.6, CLM-P1.7, CLM-DRG.1
    let top = gi(9);
    let mut st = scenario_2p(&[dr(2)], &[dr(6)], &[tr(7), top]);
    assert_eq!(
        st.deck.len() + st.revealed.len(),
        26,
        "deck 26 after dealing"
    );
    assert_eq!(st.revealed, vec![tr(7)]);
    assert_eq!(st.deck.len(), 25);
    let ev = play_trick(&mut st, &[(0, dr(2)), (1, dr(6))]);
    assert_eq!(ranking_event(&ev)[0], 1);
    // CLM-P1.6: the winner's reward comes before the loser's draw.
    let took = ev
        .iter()
        .position(|e| matches!(e, ClaimEvent::TookRevealed { seat: 1, .. }))
        .unwrap();
    let drew = ev
        .iter()
        .position(|e| matches!(e, ClaimEvent::DrewFromDeck { seat: 0, .. }))
        .unwrap();
    assert!(took < drew);
    assert_eq!(followers_of(&st, 1), vec![tr(7)]);
    assert_eq!(followers_of(&st, 0), vec![top]);
    assert_eq!(
        st.deck.len() + st.revealed.len(),
        24,
        "deck 24 before the next reveal"
    );
    // Troll 7's identity is public, the drawn card only A's.
    assert_eq!(known_followers(&st, Viewer::Seat(0), 1), vec![tr(7)]);
    assert_eq!(known_followers(&st, Viewer::Spectator, 1), vec![tr(7)]);
    assert_eq!(known_followers(&st, Viewer::Seat(0), 0), vec![top]);
    assert!(known_followers(&st, Viewer::Seat(1), 0).is_empty());
    let drawn = ev
        .iter()
        .find(|e| matches!(e, ClaimEvent::DrewFromDeck { .. }))
        .unwrap();
    assert!(matches!(
        Claim::redact_event(drawn, Viewer::Seat(1)),
        Some(ClaimEvent::DrewFromDeck { card: None, .. })
    ));
    assert!(same_kinds(&st.discard, &[dr(2), dr(6)]));
    assert_eq!(st.pending, Pending::PlayCard { seat: 1 });
}

/// TV-11 … TV-13 setup: reveal Troll 7, deck top Giant 9; A leads Seer 2, B plays Seer 6.
fn seer_duel() -> ClaimState {
    let mut st = scenario_2p(&[se(2)], &[se(6)], &[tr(7), gi(9)]);
    play_trick(&mut st, &[(0, se(2)), (1, se(6))]);
    assert_eq!(st.pending, Pending::SeerSight { seat: 1 });
    assert_eq!(
        Claim::legal_actions(&st, 1),
        vec![ClaimAction::SeerPeek, ClaimAction::SeerDecline]
    );
    st
}

#[test]
fn tv_11_seer_takes_top() {
    // CLM-SER.1, CLM-SER.2, CLM-SER.3, CLM-SER.4
    let mut st = seer_duel();
    let ev = act(&mut st, 1, ClaimAction::SeerPeek);
    assert_eq!(
        ev,
        vec![ClaimEvent::SeerPeeked {
            seat: 1,
            card: Some(gi(9))
        }]
    );
    assert_eq!(Claim::view(&st, Viewer::Seat(1)).peeked, Some(gi(9)));
    assert_eq!(Claim::view(&st, Viewer::Seat(0)).peeked, None);
    assert_eq!(
        Claim::redact_event(&ev[0], Viewer::Seat(0)),
        Some(ClaimEvent::SeerPeeked {
            seat: 1,
            card: None
        })
    );
    assert_eq!(
        Claim::legal_actions(&st, 1),
        vec![ClaimAction::SeerTakeTop, ClaimAction::SeerTakeRevealed]
    );
    act(&mut st, 1, ClaimAction::SeerTakeTop);
    assert_eq!(followers_of(&st, 1), vec![gi(9)]);
    assert!(
        known_followers(&st, Viewer::Seat(0), 1).is_empty(),
        "known to B only"
    );
    assert_eq!(followers_of(&st, 0), vec![tr(7)]);
    assert!(same_kinds(&st.discard, &[se(2), se(6)]));
    assert_eq!(
        st.deck.len() + st.revealed.len(),
        24,
        "deck reduced by 2 this trick"
    );
}

#[test]
fn tv_12_seer_takes_revealed_loser_draws_seen_card() {
    // CLM-SER.5
    let mut st = seer_duel();
    act(&mut st, 1, ClaimAction::SeerPeek);
    let ev = act(&mut st, 1, ClaimAction::SeerTakeRevealed);
    assert_eq!(followers_of(&st, 1), vec![tr(7)]);
    assert_eq!(followers_of(&st, 0), vec![gi(9)]);
    assert!(ev.contains(&ClaimEvent::DrewFromDeck {
        seat: 0,
        card: Some(gi(9)),
        known_to: vec![0, 1]
    }));
    assert_eq!(
        known_followers(&st, Viewer::Seat(1), 0),
        vec![gi(9)],
        "known to A and B"
    );
    assert!(known_followers(&st, Viewer::Spectator, 0).is_empty());
}

#[test]
fn tv_13_seer_declines() {
    // CLM-SER.6
    let mut st = seer_duel();
    let ev = act(&mut st, 1, ClaimAction::SeerDecline);
    assert!(ev.contains(&ClaimEvent::SeerDeclined { seat: 1 }));
    assert_eq!(followers_of(&st, 1), vec![tr(7)]);
    assert_eq!(followers_of(&st, 0), vec![gi(9)]);
    assert!(ev.contains(&ClaimEvent::DrewFromDeck {
        seat: 0,
        card: Some(gi(9)),
        known_to: vec![0]
    }));
    assert!(
        known_followers(&st, Viewer::Seat(1), 0).is_empty(),
        "known to A only"
    );
}

#[test]
fn tv_14_losing_seer_has_no_ability() {
    // CLM-SER.1, CLM-TRK.8
    let mut st = Table::new(base())
        .revealed(&[tr(7)])
        .deck(&filler())
        .hand(0, &[dr(3), gn(1)])
        .hand(1, &[se(9), gn(3)])
        .done();
    play(&mut st, 0, dr(3));
    assert_eq!(legal_cards(&st, 1), vec![se(9), gn(3)]);
    let ev = play(&mut st, 1, se(9));
    assert_eq!(ranking_event(&ev)[0], 0);
    assert!(!matches!(st.pending, Pending::SeerSight { .. }));
    assert_eq!(followers_of(&st, 0), vec![tr(7)]);
}

#[test]
fn tv_15_troll_pool_over_three_tricks() {
    // CLM-TRL.1, CLM-TRL.2, CLM-TRL.3, CLM-TRL.4, CLM-TRL.5
    let fresh = |flag: bool| {
        let mut c = base();
        c.troll_pool_needs_troll = flag;
        let mut st = Table::new(c)
            .favour()
            .hand(0, &[tr(3), tr(9), se(4)])
            .hand(1, &[tr(8), tr(5), se(1)])
            .done();
        play_trick(&mut st, &[(0, tr(3)), (1, tr(8))]);
        assert_eq!(score_of(&st, 1), vec![tr(8)]);
        assert_eq!(st.pool, vec![tr(3)]);
        play_trick(&mut st, &[(1, tr(5)), (0, tr(9))]);
        assert_eq!(score_of(&st, 0), vec![tr(9)], "one troll per trick");
        assert!(same_kinds(&st.pool, &[tr(3), tr(5)]));
        play_trick(&mut st, &[(0, se(4)), (1, se(1))]);
        st
    };
    let st = fresh(false);
    assert!(
        same_kinds(&score_of(&st, 0), &[tr(9), se(4), se(1), tr(5)]),
        "G5 default: pool troll won"
    );
    assert_eq!(st.pool, vec![tr(3)]);
    // G5 alternative flag: no troll played in trick 3, the pool is not contested.
    let st = fresh(true);
    assert!(same_kinds(&score_of(&st, 0), &[tr(9), se(4), se(1)]));
    assert!(same_kinds(&st.pool, &[tr(3), tr(5)]));
}

#[test]
fn tv_16_pool_troll_beats_played_troll() {
    // CLM-TRL.3
    let mut st = two_p_favour()
        .pool(&[tr(6)])
        .hand(0, &[tr(2)])
        .hand(1, &[se(9)])
        .done();
    let ev = play_trick(&mut st, &[(0, tr(2)), (1, se(9))]);
    assert_eq!(ranking_event(&ev)[0], 0);
    assert!(same_kinds(&score_of(&st, 0), &[se(9), tr(6)]));
    assert_eq!(st.pool, vec![tr(2)]);
}

#[test]
fn tv_17_last_trick_sweeps_the_pool() {
    // CLM-TRL.6, CLM-TRL.1
    let mut st = two_p_favour()
        .last_trick_of_phase()
        .pool(&[tr(3)])
        .hand(0, &[dr(2)])
        .hand(1, &[tr(0)])
        .done();
    let ev = play_trick(&mut st, &[(0, dr(2)), (1, tr(0))]);
    let pos_pool = ev
        .iter()
        .position(|e| *e == ClaimEvent::ToTrollPool { cards: vec![tr(0)] })
        .expect("Troll 0 → pool");
    let pos_first = ev
        .iter()
        .position(|e| matches!(e, ClaimEvent::ToScorePile { seat: 0, cards } if same_kinds(cards, &[dr(2), tr(3)])))
        .expect("one troll in the trick");
    let pos_sweep = ev
        .iter()
        .position(|e| {
            *e == ClaimEvent::ToScorePile {
                seat: 0,
                cards: vec![tr(0)],
            }
        })
        .expect("sweep");
    assert!(pos_first < pos_sweep && pos_pool < pos_sweep);
    assert!(same_kinds(&score_of(&st, 0), &[dr(2), tr(3), tr(0)]));
    assert!(st.pool.is_empty());
    assert_eq!(st.phase, Phase::Finished);
}

#[test]
fn tv_18_gnomes_go_to_row_then_score_at_end() {
    // CLM-GNM.1, CLM-GNM.2, CLM-END.1
    let mut st = two_p_favour()
        .trick_number(12)
        .hand(0, &[gn(7), se(5)])
        .hand(1, &[gn(1), se(3)])
        .done();
    play_trick(&mut st, &[(0, gn(7)), (1, gn(1))]);
    assert!(same_kinds(&row_of(&st, 0), &[gn(7), gn(1)]));
    assert!(score_of(&st, 0).is_empty(), "score pile unchanged");
    let ev = play_trick(&mut st, &[(0, se(5)), (1, se(3))]);
    assert!(
        ev.iter().any(
            |e| matches!(e, ClaimEvent::GnomeRowScored { seat: 0, cards } if cards.len() == 2)
        )
    );
    assert!(row_of(&st, 0).is_empty());
    let score = st.score.as_ref().unwrap();
    assert_eq!(vote_of(score, Gnomes).counts, vec![2, 0]);
}

#[test]
fn tv_19_two_giants_crush_two_gnomes() {
    // CLM-GNT.2, CLM-GNT.6
    let setup = || {
        let mut st = two_p_favour()
            .row(1, &[gn(7), copy(gn(7), 2), gn(1)])
            .hand(0, &[gi(7), se(1)])
            .hand(1, &[copy(gi(7), 2), se(2)])
            .done();
        let ev = play_trick(&mut st, &[(0, gi(7)), (1, copy(gi(7), 2))]);
        assert_eq!(ranking_event(&ev)[0], 0, "tie, A wins");
        st
    };
    let mut st = setup();
    act(&mut st, 0, ClaimAction::CrushGnome(7));
    assert_eq!(st.pending, Pending::Crushing { seat: 0, victim: 1 });
    act(&mut st, 0, ClaimAction::CrushGnome(7));
    assert_eq!(row_of(&st, 1), vec![gn(1)]);
    assert_eq!(st.pending, Pending::PlayCard { seat: 0 }, "D6 auto-ends");
    let mut st = setup();
    act(&mut st, 0, ClaimAction::CrushGnome(7));
    act(&mut st, 0, ClaimAction::FinishCrushing);
    assert!(same_kinds(&row_of(&st, 1), &[gn(7), gn(1)]));
}

#[test]
fn tv_20_giants_never_crush_the_winners_gnomes() {
    // CLM-GNT.5
    let mut st = two_p_favour()
        .leader(1)
        .row(0, &[gn(5)])
        .row(1, &[copy(gn(5), 2)])
        .hand(1, &[gi(5), se(1)])
        .hand(0, &[gi(1), se(2)])
        .done();
    let ev = play_trick(&mut st, &[(1, gi(5)), (0, gi(1))]);
    assert_eq!(ranking_event(&ev)[0], 1);
    assert_eq!(
        Claim::legal_actions(&st, 1),
        vec![ClaimAction::CrushGnome(5), ClaimAction::FinishCrushing]
    );
    act(&mut st, 1, ClaimAction::CrushGnome(5));
    assert!(row_of(&st, 0).is_empty());
    assert_eq!(row_of(&st, 1), vec![copy(gn(5), 2)]);
}

#[test]
fn tv_21_dragon_in_last_phase1_trick_leads_phase2() {
    // CLM-P2.3, CLM-DRG.4
    let mut st = Table::new(base())
        .last_trick_of_phase()
        .revealed(&[se(5)])
        .deck(&[gn(9)])
        .hand(0, &[tr(4)])
        .hand(1, &[dr(0)])
        .followers(0, &[gi(1), gi(3)])
        .followers(1, &[gi(5), gi(7)])
        .done();
    let ev = play_trick(&mut st, &[(0, tr(4)), (1, dr(0))]);
    assert_eq!(ranking_event(&ev)[0], 0);
    assert!(ev.contains(&ClaimEvent::TookRevealed {
        seat: 0,
        slot: 0,
        card: se(5)
    }));
    assert!(ev.contains(&ClaimEvent::DrewFromDeck {
        seat: 1,
        card: Some(gn(9)),
        known_to: vec![1]
    }));
    assert!(st.deck.is_empty());
    assert_eq!(st.phase, Phase::Favour);
    assert_eq!(st.trick_number, 1);
    assert_eq!(st.pending, Pending::PlayCard { seat: 1 }, "B leads phase 2");
}

#[test]
fn tv_22_deck_counts_through_phase1() {
    // CLM-P1.10, CLM-SET.6
    let mut st = Claim::setup(&base(), 22).unwrap();
    assert_eq!(st.deck.len() + st.revealed.len(), 26);
    let mut rng = crate::GameRng::from_seed(5);
    for trick in 1..=13 {
        assert_eq!(st.trick_number, trick);
        assert_eq!(st.deck.len() + st.revealed.len(), 26 - 2 * (trick - 1));
        while st.phase == Phase::Recruiting && st.trick_number == trick {
            let seat = Claim::to_act(&st)[0];
            let legal = Claim::legal_actions(&st, seat);
            let a = legal[rng.below(legal.len())].clone();
            Claim::apply(&mut st, seat, &a).unwrap();
        }
    }
    assert_eq!(st.phase, Phase::Favour);
    assert!(st.deck.is_empty());
    assert!(
        st.players
            .iter()
            .all(|p| p.hand.len() == 13 && p.followers.is_empty())
    );
}

// ---- 2-player scoring ----------------------------------------------------------------------

#[test]
fn tv_23_more_cards_win_the_vote() {
    // CLM-END.3
    let (_, s) = scored(
        base(),
        &[cards_of(Dragons, &[9, 2]), cards_of(Dragons, &[8, 7, 1])],
    );
    assert_eq!(vote_of(&s, Dragons).winner, Some(1));
    assert_eq!(vote_of(&s, Dragons).decided_by, "count");
}

#[test]
fn tv_24_highest_card_breaks_the_tie() {
    // CLM-END.4
    let (_, s) = scored(
        base(),
        &[cards_of(Dragons, &[9, 2]), cards_of(Dragons, &[8, 7])],
    );
    assert_eq!(vote_of(&s, Dragons).winner, Some(0));
    assert_eq!(vote_of(&s, Dragons).decided_by, "tie_break_depth_1");
}

#[test]
fn tv_25_third_card_breaks_the_tie() {
    // CLM-END.4
    let (_, s) = scored(
        base(),
        &[cards_of(Gnomes, &[7, 5, 3]), cards_of(Gnomes, &[7, 5, 1])],
    );
    assert_eq!(vote_of(&s, Gnomes).winner, Some(0));
    assert_eq!(vote_of(&s, Gnomes).decided_by, "tie_break_depth_3");
}

#[test]
fn tv_26_identical_lists_nobody_wins() {
    // CLM-END.5
    let (_, s) = scored(base(), &[cards_of(Giants, &[5]), cards_of(Giants, &[5])]);
    assert_eq!(vote_of(&s, Giants).winner, None);
    assert_eq!(vote_of(&s, Giants).decided_by, "tied");
    assert_eq!(vote_of(&s, Trolls).winner, None, "0–0");
    assert_eq!(vote_of(&s, Trolls).counts, vec![0, 0]);
}

#[test]
fn tv_27_votes_tied_cards_in_won_factions_decide() {
    // CLM-END.6, CLM-END.7
    let a = [
        cards_of(Dragons, &[9, 8, 7]),
        cards_of(Trolls, &[9, 8, 7, 6]),
        cards_of(Giants, &[5]),
    ]
    .concat();
    let b = [
        cards_of(Seers, &[9, 8, 7]),
        cards_of(Gnomes, &[9, 7, 7, 5, 5]),
        vec![copy(gi(5), 2)],
    ]
    .concat();
    let (st, s) = scored(base(), &[a, b]);
    assert_eq!(s.vote_totals, vec![2, 2]);
    assert_eq!(vote_of(&s, Giants).winner, None);
    assert_eq!(s.cards_in_won, vec![7, 8]);
    assert_eq!(s.winning_sides, vec![1]);
    assert_eq!(s.decided_by, "cards_in_won_factions");
    let o = Claim::outcome(&st).unwrap();
    assert_eq!((o.places, o.winners, o.draw), (vec![2, 1], vec![1], false));
}

#[test]
fn tv_28_value_sum_then_draw() {
    // CLM-END.8
    let a = [
        cards_of(Dragons, &[9, 8, 1]),
        cards_of(Trolls, &[5, 4, 2, 1]),
    ]
    .concat();
    let b = [cards_of(Seers, &[9, 8, 1]), cards_of(Gnomes, &[5, 3, 1, 1])].concat();
    let (_, s) = scored(base(), &[a.clone(), b]);
    assert_eq!(
        (s.vote_totals.clone(), s.cards_in_won.clone()),
        (vec![2, 2], vec![7, 7])
    );
    assert_eq!(s.value_sums, vec![30, 28]);
    assert_eq!(
        (s.winning_sides, s.decided_by.as_str()),
        (vec![0], "value_sum")
    );
    let b = [cards_of(Seers, &[9, 8, 1]), cards_of(Gnomes, &[5, 5, 1, 1])].concat();
    let (st, s) = scored(base(), &[a, b]);
    assert_eq!(s.value_sums, vec![30, 30]);
    assert!(s.winning_sides.is_empty());
    assert_eq!(s.decided_by, "draw");
    let o = Claim::outcome(&st).unwrap();
    assert!(o.draw && o.winners.is_empty());
    assert_eq!(o.places, vec![1, 1]);
    assert!(o.reason.starts_with("Draw: "), "{}", o.reason);
}

// ---- custom 2-player deck and Claim 1 factions ---------------------------------------------

#[test]
fn tv_29_custom_deck_composition_and_rejections() {
    // CLM-C2P.2, CLM-C2P.3, CLM-C2P.4
    let st = Claim::setup(&kg2(&[Dragons, Trolls, Seers]), 1).unwrap();
    let all = st.all_cards();
    assert_eq!(all.len(), 52);
    let count = |f: Faction| all.iter().filter(|c| c.faction == f).count();
    assert_eq!((count(Goblins), count(Knights)), (14, 8));
    assert_eq!(count(Dragons) + count(Trolls) + count(Seers), 30);
    let st = Claim::setup(
        &cfg(Mode::Custom2p, Gg, &[Undead, Dwarves, Doppelgangers]),
        1,
    )
    .unwrap();
    let all = st.all_cards();
    assert_eq!(all.len(), 52);
    assert_eq!(all.iter().filter(|c| c.faction == Gnomes).count(), 13);
    assert_eq!(all.iter().filter(|c| c.faction == Giants).count(), 9);
    let err = Claim::setup(&kg2(&[Gnomes, Trolls, Seers]), 1).unwrap_err();
    assert_eq!(err.rule, "CLM-C2P.2");
    let err = Claim::setup(&cfg(Mode::Custom2p, Gg, &[Undead, Dwarves]), 1).unwrap_err();
    assert_eq!(err.rule, "CLM-C2P.3");
    let err = Claim::setup(
        &cfg(Mode::Custom2p, Gg, &[Undead, Dwarves, Dragons, Trolls]),
        1,
    )
    .unwrap_err();
    assert_eq!(err.rule, "CLM-C2P.3");
}

fn kg_favour(free: &[Faction]) -> Table {
    Table::new(kg2(free)).favour()
}

#[test]
fn tv_30_knights_beat_goblin_lead_only() {
    // CLM-KNT.1, CLM-KNT.2
    let mut st = kg_favour(&[Dragons, Trolls, Seers])
        .hand(0, &[gb(9), gb(1)])
        .hand(1, &[kn(2), se(1)])
        .done();
    let ev = play_trick(&mut st, &[(0, gb(9)), (1, kn(2))]);
    assert_eq!(ranking_event(&ev)[0], 1);
    let mut st = kg_favour(&[Dragons, Trolls, Seers])
        .hand(0, &[kn(2), kn(3)])
        .hand(1, &[gb(9), se(1)])
        .done();
    let ev = play_trick(&mut st, &[(0, kn(2)), (1, gb(9))]);
    assert_eq!(ranking_event(&ev)[0], 0);
}

#[test]
fn tv_31_knight_does_not_lift_follow_suit() {
    // CLM-KNT.4
    let mut st = kg_favour(&[Dragons, Trolls, Seers])
        .hand(0, &[gb(3)])
        .hand(1, &[gb(0), kn(9), dr(5)])
        .done();
    play(&mut st, 0, gb(3));
    assert_eq!(legal_cards(&st, 1), vec![gb(0)]);
    assert_eq!(
        refused(&mut st, 1, ClaimAction::PlayCard(kn(9))),
        "CLM-TRK.4"
    );
    let mut st = kg_favour(&[Dragons, Doppelgangers, Seers])
        .hand(0, &[gb(3)])
        .hand(1, &[gb(0), kn(9), dr(5), dp(4)])
        .done();
    play(&mut st, 0, gb(3));
    assert_eq!(legal_cards(&st, 1), vec![gb(0), dp(4)]);
}

#[test]
fn tv_32_doppelganger_counts_as_dwarf_and_dwarves_go_to_loser() {
    // CLM-DOP.1, CLM-DWF.1
    let mut st = kg_favour(&[Dwarves, Doppelgangers, Trolls])
        .hand(0, &[dw(4)])
        .hand(1, &[dw(1), dp(6), tr(3)])
        .done();
    play(&mut st, 0, dw(4));
    assert_eq!(legal_cards(&st, 1), vec![dw(1), dp(6)]);
    let ev = play(&mut st, 1, dp(6));
    assert_eq!(ranking_event(&ev)[0], 1);
    assert_eq!(score_of(&st, 0), vec![dw(4)]);
    assert_eq!(score_of(&st, 1), vec![dp(6)]);
}

#[test]
fn tv_33_led_doppelganger_makes_doppelgangers_lead() {
    // CLM-DOP.2
    let mut st = kg_favour(&[Dwarves, Doppelgangers, Trolls])
        .hand(0, &[dp(3)])
        .hand(1, &[dp(1), gb(9)])
        .done();
    play(&mut st, 0, dp(3));
    assert_eq!(legal_cards(&st, 1), vec![dp(1)]);
    let ev = play(&mut st, 1, dp(1));
    assert_eq!(ranking_event(&ev)[0], 0);
}

#[test]
fn tv_34_doppelganger_is_no_dragon() {
    // CLM-DOP.3, CLM-DRG.1
    let mut st = kg_favour(&[Dragons, Doppelgangers, Trolls])
        .hand(0, &[dr(2), tr(1)])
        .hand(1, &[dp(5), tr(2)])
        .done();
    let ev = play_trick(&mut st, &[(0, dr(2)), (1, dp(5))]);
    assert_eq!(ranking_event(&ev)[0], 1);
    assert_eq!(next_leader_event(&ev), Some(0));
}

#[test]
fn tv_35_doppelganger_is_no_seer() {
    // CLM-DOP.3, CLM-SER.1
    let mut st = Table::new(kg2(&[Seers, Doppelgangers, Trolls]))
        .revealed(&[tr(7)])
        .deck(&[tr(1), tr(2), tr(3)])
        .hand(0, &[se(1), gb(1)])
        .hand(1, &[dp(4), gb(2)])
        .done();
    let ev = play_trick(&mut st, &[(0, se(1)), (1, dp(4))]);
    assert_eq!(ranking_event(&ev)[0], 1);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, ClaimEvent::SeerPeeked { .. }))
    );
    assert_eq!(followers_of(&st, 1), vec![tr(7)]);
    assert_eq!(followers_of(&st, 0), vec![tr(1)]);
}

#[test]
fn tv_36_doppelganger_as_goblin_loses_to_knight() {
    // CLM-DOP.4
    let mut st = kg_favour(&[Dragons, Doppelgangers, Trolls])
        .hand(0, &[gb(2)])
        .hand(1, &[dp(9), kn(5)])
        .done();
    play(&mut st, 0, gb(2));
    let ev = play(&mut st, 1, dp(9));
    assert_eq!(ranking_event(&ev)[0], 1);
    let mut st = Table::new(cfg(
        Mode::ThreePlayer,
        Kg,
        &[Dragons, Doppelgangers, Trolls, Seers, Undead],
    ))
    .favour()
    .hand(0, &[gb(2)])
    .hand(1, &[dp(9)])
    .hand(2, &[kn(2), dr(1)])
    .done();
    let ev = play_trick(&mut st, &[(0, gb(2)), (1, dp(9)), (2, kn(2))]);
    assert_eq!(ranking_event(&ev), vec![2, 1, 0]);
}

#[test]
fn tv_37_phase1_undead_to_winners_score_pile() {
    // CLM-UND.1, CLM-UND.2
    let mut st = Table::new(kg2(&[Undead, Dragons, Trolls]))
        .revealed(&[un(5)])
        .deck(&[tr(1), tr(2), tr(3)])
        .hand(0, &[un(2), gb(1)])
        .hand(1, &[un(7), gb(2)])
        .done();
    let ev = play_trick(&mut st, &[(0, un(2)), (1, un(7))]);
    assert_eq!(ranking_event(&ev)[0], 1);
    assert_eq!(followers_of(&st, 1), vec![un(5)]);
    assert_eq!(followers_of(&st, 0), vec![tr(1)]);
    assert!(same_kinds(&score_of(&st, 1), &[un(2), un(7)]));
    assert!(st.discard.is_empty());
}

#[test]
fn tv_38_winning_undead_scores_offsuit_discarded() {
    // CLM-UND.1
    let mut st = Table::new(kg2(&[Undead, Dragons, Trolls]))
        .revealed(&[tr(7)])
        .deck(&[tr(1), tr(2), tr(3)])
        .hand(0, &[un(8), dr(1)])
        .hand(1, &[gb(1), dr(2)])
        .done();
    play_trick(&mut st, &[(0, un(8)), (1, gb(1))]);
    assert_eq!(score_of(&st, 0), vec![un(8)]);
    assert_eq!(st.discard, vec![gb(1)]);
}

#[test]
fn tv_39_both_dwarves_go_to_the_loser() {
    // CLM-DWF.1
    let mut st = kg_favour(&[Dwarves, Dragons, Trolls])
        .hand(0, &[dw(8), tr(1)])
        .hand(1, &[dw(3), tr(2)])
        .done();
    let ev = play_trick(&mut st, &[(0, dw(8)), (1, dw(3))]);
    assert_eq!(ranking_event(&ev)[0], 0);
    assert!(same_kinds(&score_of(&st, 1), &[dw(8), dw(3)]));
    assert!(score_of(&st, 0).is_empty());
    assert_eq!(st.pending, Pending::PlayCard { seat: 0 });
}

// ---- 3 and 4 players -----------------------------------------------------------------------

#[test]
fn tv_40_multiplayer_deal_and_deck_sizes() {
    // CLM-MP.2, CLM-MP.3, CLM-MP1.7
    for (mode, n, h) in [(Mode::ThreePlayer, 3, 12), (Mode::FourPlayerTeams, 4, 9)] {
        let mut st = Claim::setup(&cfg(mode, Gg, &FREE5_NO_DOP), 40).unwrap();
        assert_eq!(st.all_cards().len(), 72);
        assert!(st.players.iter().all(|p| p.hand.len() == h));
        assert_eq!(st.deck.len() + st.revealed.len(), 36);
        let mut rng = crate::GameRng::from_seed(40);
        for trick in 1..=h {
            assert_eq!(st.deck.len() + st.revealed.len(), 36 - n * (trick - 1));
            while st.phase == Phase::Recruiting && st.trick_number == trick {
                let seat = Claim::to_act(&st)[0];
                let legal = Claim::legal_actions(&st, seat);
                let a = legal[rng.below(legal.len())].clone();
                Claim::apply(&mut st, seat, &a).unwrap();
            }
        }
        assert!(st.deck.is_empty());
        assert_eq!(st.phase, Phase::Favour);
    }
}

fn three_gg() -> ClaimConfig {
    cfg(Mode::ThreePlayer, Gg, &FREE5_NO_DOP)
}
fn four_gg() -> ClaimConfig {
    cfg(Mode::FourPlayerTeams, Gg, &FREE5_NO_DOP)
}

#[test]
fn tv_41_three_player_ranking_and_rewards() {
    // CLM-MP.6, CLM-MP1.3, CLM-DRG.1
    let mut st = Table::new(three_gg())
        .revealed(&[tr(6), se(0)])
        .deck(&[tr(1), tr(2), tr(3), tr(4)])
        .hand(0, &[gn(3), se(1)])
        .hand(1, &[copy(gn(3), 2), se(2)])
        .hand(2, &[dr(9), se(3)])
        .done();
    let ev = play_trick(&mut st, &[(0, gn(3)), (1, copy(gn(3), 2)), (2, dr(9))]);
    assert_eq!(ranking_event(&ev), vec![0, 1, 2]);
    assert_eq!(st.pending, Pending::ChooseRevealed { seat: 0 });
    let ev = act(&mut st, 0, ClaimAction::TakeRevealed(0));
    assert_eq!(followers_of(&st, 0), vec![tr(6)]);
    assert_eq!(followers_of(&st, 1), vec![se(0)]);
    assert_eq!(followers_of(&st, 2), vec![tr(1)]);
    assert!(same_kinds(&st.discard, &[gn(3), gn(3), dr(9)]));
    assert_eq!(next_leader_event(&ev), Some(2));
}

#[test]
fn tv_42_four_player_ranking_offsuit_by_value_then_order() {
    // CLM-MP.6, CLM-DRG.1
    let mut st = Table::new(four_gg())
        .leader(1)
        .revealed(&[gn(9), gi(1)])
        .deck(&[tr(1), tr(3), tr(4), tr(5)])
        .hand(1, &[tr(2), se(1)])
        .hand(2, &[dr(7), se(2)])
        .hand(3, &[tr(0), se(3)])
        .hand(0, &[se(7), dr(1)])
        .done();
    let ev = play_trick(&mut st, &[(1, tr(2)), (2, dr(7)), (3, tr(0)), (0, se(7))]);
    assert_eq!(ranking_event(&ev), vec![1, 3, 2, 0]);
    let ev = act(&mut st, 1, ClaimAction::TakeRevealed(0));
    assert_eq!(followers_of(&st, 1), vec![gn(9)]);
    assert_eq!(followers_of(&st, 3), vec![gi(1)]);
    assert_eq!(followers_of(&st, 2), vec![tr(1)], "P2 draws first");
    assert_eq!(followers_of(&st, 0), vec![tr(3)], "then P0");
    assert_eq!(next_leader_event(&ev), Some(2));
}

#[test]
fn tv_43_three_player_seer_takes_top() {
    // CLM-MPA.3, CLM-UND.1
    let c = cfg(
        Mode::ThreePlayer,
        Kg,
        &[Undead, Dwarves, Dragons, Trolls, Seers],
    );
    let mut st = Table::new(c)
        .revealed(&[tr(3), dr(8)])
        .deck(&[gb(0), tr(1), tr(2), tr(4), tr(5)])
        .hand(0, &[se(9), gb(1)])
        .hand(1, &[se(4), gb(2)])
        .hand(2, &[un(6), gb(3)])
        .done();
    let deck0 = st.deck.len();
    let ev = play_trick(&mut st, &[(0, se(9)), (1, se(4)), (2, un(6))]);
    assert_eq!(ranking_event(&ev), vec![0, 1, 2]);
    act(&mut st, 0, ClaimAction::SeerPeek);
    act(&mut st, 0, ClaimAction::SeerTakeTop);
    assert_eq!(followers_of(&st, 0), vec![gb(0)]);
    assert!(
        known_followers(&st, Viewer::Seat(1), 0).is_empty(),
        "private"
    );
    assert_eq!(st.pending, Pending::ChooseRevealedAfterSeer { seat: 1 });
    let ev = act(&mut st, 1, ClaimAction::TakeRevealed(1));
    assert_eq!(followers_of(&st, 1), vec![dr(8)]);
    assert_eq!(followers_of(&st, 2), vec![tr(3)]);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, ClaimEvent::DrewFromDeck { .. })),
        "no draws"
    );
    assert_eq!(score_of(&st, 0), vec![un(6)]);
    assert!(same_kinds(&st.discard, &[se(9), se(4)]));
    assert_eq!(
        deck0 - (st.deck.len() + st.revealed.len()),
        1,
        "deck reduced by 3 (2 revealed + 1)"
    );
}

#[test]
fn tv_44_four_player_seer_takes_revealed() {
    // CLM-MPA.3
    let x = tr(9);
    let mut st = Table::new(four_gg())
        .revealed(&[gn(9), gi(1)])
        .deck(&[x, tr(8), tr(1), tr(2), tr(3), tr(4)])
        .hand(0, &[se(5), gn(1)])
        .hand(1, &[se(2), gn(3)])
        .hand(2, &[se(7), gn(5)])
        .hand(3, &[dr(1), gn(7)])
        .done();
    let ev = play_trick(&mut st, &[(0, se(5)), (1, se(2)), (2, se(7)), (3, dr(1))]);
    assert_eq!(ranking_event(&ev), vec![2, 0, 1, 3]);
    let ev = act(&mut st, 2, ClaimAction::SeerPeek);
    assert_eq!(
        ev,
        vec![ClaimEvent::SeerPeeked {
            seat: 2,
            card: Some(x)
        }]
    );
    assert_eq!(
        Claim::legal_actions(&st, 2),
        vec![
            ClaimAction::SeerTakeTop,
            ClaimAction::TakeRevealed(0),
            ClaimAction::TakeRevealed(1)
        ]
    );
    let ev = act(&mut st, 2, ClaimAction::TakeRevealed(0));
    assert_eq!(followers_of(&st, 2), vec![gn(9)]);
    assert_eq!(followers_of(&st, 0), vec![gi(1)]);
    assert!(ev.contains(&ClaimEvent::DrewFromDeck {
        seat: 1,
        card: Some(x),
        known_to: vec![1, 2]
    }));
    assert!(ev.contains(&ClaimEvent::DrewFromDeck {
        seat: 3,
        card: Some(tr(8)),
        known_to: vec![3]
    }));
    assert_eq!(known_followers(&st, Viewer::Seat(2), 1), vec![x]);
    assert!(known_followers(&st, Viewer::Seat(0), 1).is_empty());
    assert_eq!(next_leader_event(&ev), Some(3));
}

fn three_kg() -> ClaimConfig {
    cfg(
        Mode::ThreePlayer,
        Kg,
        &[Undead, Dwarves, Dragons, Trolls, Seers],
    )
}

#[test]
fn tv_45_knights_on_goblin_lead_and_g10_flag() {
    // CLM-MPA.1, G10
    let run = |flag: bool| {
        let mut c = three_kg();
        c.knights_only_win = flag;
        let mut st = Table::new(c)
            .favour()
            .hand(0, &[gb(9)])
            .hand(1, &[kn(3), se(1)])
            .hand(2, &[kn(7), se(2)])
            .done();
        let ev = play_trick(&mut st, &[(0, gb(9)), (1, kn(3)), (2, kn(7))]);
        assert!(same_kinds(&score_of(&st, 2), &[gb(9), kn(3), kn(7)]));
        ranking_event(&ev)
    };
    assert_eq!(run(false), vec![2, 1, 0]);
    assert_eq!(run(true), vec![2, 0, 1]);
}

#[test]
fn tv_46_knight_lead_goblin_is_offsuit() {
    // CLM-MPA.1
    let mut st = Table::new(three_kg())
        .favour()
        .hand(0, &[kn(4)])
        .hand(1, &[gb(9)])
        .hand(2, &[kn(6)])
        .done();
    let ev = play_trick(&mut st, &[(0, kn(4)), (1, gb(9)), (2, kn(6))]);
    assert_eq!(ranking_event(&ev)[0], 2);
}

#[test]
fn tv_47_three_player_dwarves_to_lowest_later_wins_ties() {
    // CLM-MPA.4, CLM-TRL.3
    let mut st = Table::new(three_kg())
        .favour()
        .hand(0, &[dw(5)])
        .hand(1, &[dw(2)])
        .hand(2, &[tr(2), se(9)])
        .done();
    let ev = play_trick(&mut st, &[(0, dw(5)), (1, dw(2)), (2, tr(2))]);
    assert_eq!(ranking_event(&ev)[0], 0);
    assert!(same_kinds(&score_of(&st, 2), &[dw(5), dw(2)]));
    assert_eq!(score_of(&st, 0), vec![tr(2)]);
    assert!(score_of(&st, 1).is_empty());
}

#[test]
fn tv_48_four_player_mandatory_crushing_spares_partner() {
    // CLM-MPA.5, CLM-MPA.6, CLM-MPA.7
    let g3b = copy(gn(3), 2);
    let mut st = Table::new(four_gg())
        .favour()
        .row(0, &[gn(3), g3b, gn(5), gn(7)])
        .row(2, &[copy(gn(3), 3)])
        .row(3, &[copy(gn(5), 2)])
        .hand(0, &[gi(3)])
        .hand(1, &[gi(5)])
        .hand(2, &[copy(gi(3), 2)])
        .hand(3, &[dr(1), se(1)])
        .done();
    let ev = play_trick(
        &mut st,
        &[(0, gi(3)), (1, gi(5)), (2, copy(gi(3), 2)), (3, dr(1))],
    );
    assert_eq!(ranking_event(&ev), vec![1, 0, 2, 3]);
    assert!(same_kinds(&score_of(&st, 1), &[gi(3), gi(5), gi(3), dr(1)]));
    assert_eq!(row_of(&st, 0), vec![gn(7)]);
    assert!(row_of(&st, 2).is_empty());
    assert_eq!(row_of(&st, 3), vec![copy(gn(5), 2)], "partner untouched");
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, ClaimEvent::GnomeCrushed { by: 1, .. }))
            .count(),
        4
    );
    assert_eq!(next_leader_event(&ev), Some(3));
    assert_eq!(
        st.pending,
        Pending::PlayCard { seat: 3 },
        "no decision: crushing is automatic"
    );
}

#[test]
fn tv_49_three_player_votes() {
    // CLM-MPS.1, CLM-MPS.2, CLM-MPS.3
    let p0 = [
        cards_of(Knights, &[9, 7, 2]),
        cards_of(Goblins, &[0, 0]),
        cards_of(Undead, &[8, 5, 1]),
        cards_of(Dragons, &[9]),
        cards_of(Seers, &[4, 3]),
    ]
    .concat();
    let p1 = [
        cards_of(Knights, &[8, 6]),
        cards_of(Goblins, &[9, 4, 3]),
        cards_of(Undead, &[9, 2]),
        cards_of(Dwarves, &[7, 5, 3]),
        cards_of(Trolls, &[8, 6]),
        cards_of(Seers, &[9]),
    ]
    .concat();
    let p2 = [
        cards_of(Knights, &[5, 4, 3]),
        cards_of(Goblins, &[7]),
        cards_of(Undead, &[7, 6]),
        cards_of(Dwarves, &[9, 1]),
        cards_of(Dragons, &[8, 7]),
        cards_of(Trolls, &[2]),
        cards_of(Seers, &[8, 7]),
    ]
    .concat();
    let (st, s) = scored(three_kg(), &[p0, p1, p2]);
    let w = |f| vote_of(&s, f).winner;
    assert_eq!(
        [
            w(Knights),
            w(Goblins),
            w(Undead),
            w(Dwarves),
            w(Dragons),
            w(Trolls),
            w(Seers)
        ],
        [
            Some(0),
            Some(1),
            Some(0),
            Some(1),
            Some(2),
            Some(1),
            Some(2)
        ]
    );
    assert_eq!(vote_of(&s, Knights).decided_by, "tie_break_depth_1");
    assert_eq!(vote_of(&s, Seers).decided_by, "tie_break_depth_1");
    assert_eq!(s.vote_totals, vec![2, 3, 2]);
    assert_eq!(
        (s.winning_sides.clone(), s.decided_by.as_str()),
        (vec![1], "votes")
    );
    let o = Claim::outcome(&st).unwrap();
    assert_eq!(o.winners, vec![1]);
    assert_eq!(o.places[1], 1);
}

#[test]
fn tv_50_three_player_cards_then_value_sum() {
    // CLM-MPS.3
    let p0 = [
        cards_of(Dragons, &[9, 6, 5, 1]),
        cards_of(Trolls, &[8, 4, 0]),
    ]
    .concat();
    let p1 = [cards_of(Seers, &[9, 8, 2]), cards_of(Undead, &[7, 6, 3, 0])].concat();
    let p2 = [cards_of(Knights, &[9, 8, 7]), cards_of(Goblins, &[5, 0])].concat();
    let (st, s) = scored(three_kg(), &[p0, p1, p2]);
    assert_eq!(vote_of(&s, Dwarves).winner, None);
    assert_eq!(s.vote_totals, vec![2, 2, 2]);
    assert_eq!(s.cards_in_won, vec![7, 7, 5]);
    assert_eq!(&s.value_sums[..2], &[33, 35]);
    assert_eq!(
        (s.winning_sides.clone(), s.decided_by.as_str()),
        (vec![1], "value_sum")
    );
    let o = Claim::outcome(&st).unwrap();
    assert_eq!(o.places, vec![2, 1, 3]);
}

#[test]
fn tv_51_four_player_pooled_team_votes() {
    // CLM-MPS.4, CLM-MPS.5, CLM-MPS.6
    let p0 = [
        cards_of(Gnomes, &[7, 5]),
        cards_of(Giants, &[9]),
        cards_of(Dragons, &[1, 2]),
        cards_of(Trolls, &[1]),
        cards_of(Seers, &[9]),
        cards_of(Undead, &[1]),
    ]
    .concat();
    let p2 = [
        cards_of(Gnomes, &[3]),
        cards_of(Giants, &[5]),
        cards_of(Dragons, &[3, 4]),
        cards_of(Seers, &[4, 0]),
        cards_of(Undead, &[2]),
    ]
    .concat();
    let p1 = [
        cards_of(Gnomes, &[9, 1]),
        cards_of(Dragons, &[5]),
        cards_of(Trolls, &[2, 3]),
        cards_of(Seers, &[8]),
    ]
    .concat();
    let p3 = [
        vec![copy(gn(1), 2)],
        cards_of(Giants, &[3]),
        cards_of(Dragons, &[6]),
        cards_of(Trolls, &[4, 5, 6]),
        cards_of(Seers, &[7, 6]),
        cards_of(Undead, &[3, 4, 5, 6]),
    ]
    .concat();
    let (st, s) = scored(four_gg(), &[p0, p1, p2, p3]);
    assert_eq!(s.sides, vec![vec![0, 2], vec![1, 3]]);
    let w = |f| vote_of(&s, f).winner;
    assert_eq!(
        [
            w(Gnomes),
            w(Giants),
            w(Dragons),
            w(Trolls),
            w(Seers),
            w(Undead),
            w(Dwarves)
        ],
        [Some(1), Some(0), Some(0), Some(1), Some(0), Some(1), None]
    );
    assert_eq!(vote_of(&s, Gnomes).decided_by, "tie_break_depth_1");
    assert_eq!(s.vote_totals, vec![3, 3]);
    assert_eq!(s.cards_in_won, vec![9, 12]);
    assert_eq!(
        (s.winning_sides.clone(), s.decided_by.as_str()),
        (vec![1], "cards_in_won_factions")
    );
    let o = Claim::outcome(&st).unwrap();
    assert_eq!(o.winners, vec![1, 3]);
    assert_eq!(o.places, vec![2, 1, 2, 1]);
}

#[test]
fn tv_52_gnomes_to_winners_own_row_giant_crushes_opponents() {
    // CLM-MP2.4, CLM-MPA.6
    let mut st = Table::new(four_gg())
        .favour()
        .leader(3)
        .row(0, &[copy(gn(5), 2)])
        .row(2, &[copy(gn(5), 3)])
        .row(3, &[gn(7)])
        .hand(3, &[gn(5)])
        .hand(0, &[gn(1)])
        .hand(1, &[gn(9)])
        .hand(2, &[gi(5), dr(1)])
        .done();
    let ev = play_trick(&mut st, &[(3, gn(5)), (0, gn(1)), (1, gn(9)), (2, gi(5))]);
    assert_eq!(ranking_event(&ev)[0], 1);
    assert!(same_kinds(&row_of(&st, 1), &[gn(5), gn(1), gn(9)]));
    assert_eq!(row_of(&st, 3), vec![gn(7)]);
    assert_eq!(score_of(&st, 1), vec![gi(5)]);
    assert!(row_of(&st, 0).is_empty() && row_of(&st, 2).is_empty());
}

#[test]
fn tv_53_identical_revealed_cards_auto_resolve() {
    // CLM-MP1.6
    let mut st = Table::new(three_kg())
        .revealed(&[gb(0), copy(gb(0), 2)])
        .deck(&[tr(1), tr(2), tr(3), tr(4)])
        .hand(0, &[dr(5), se(1)])
        .hand(1, &[dr(3), se(2)])
        .hand(2, &[dr(1), se(3)])
        .done();
    let ev = play_trick(&mut st, &[(0, dr(5)), (1, dr(3)), (2, dr(1))]);
    assert!(
        !matches!(st.pending, Pending::ChooseRevealed { .. }),
        "no D4"
    );
    assert!(ev.contains(&ClaimEvent::TookRevealed {
        seat: 0,
        slot: 0,
        card: gb(0)
    }));
    assert!(ev.contains(&ClaimEvent::TookRevealed {
        seat: 1,
        slot: 1,
        card: copy(gb(0), 2)
    }));
    assert_eq!(followers_of(&st, 2), vec![tr(1)]);
}

#[test]
fn tv_55_giants_and_trolls_have_no_phase1_ability() {
    // CLM-P1.9, CLM-GNT.7, CLM-TRL.8
    let mut st = Table::new(base())
        .revealed(&[se(0)])
        .deck(&filler())
        .hand(0, &[gi(5), tr(4)])
        .hand(1, &[gi(3), tr(8)])
        .done();
    let ev = play_trick(&mut st, &[(0, gi(5)), (1, gi(3))]);
    assert_eq!(ranking_event(&ev)[0], 0);
    assert_eq!(followers_of(&st, 0), vec![se(0)]);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, ClaimEvent::GnomeCrushed { .. }))
    );
    assert_eq!(
        st.pending,
        Pending::PlayCard { seat: 0 },
        "no D6 in phase 1"
    );
    assert!(same_kinds(&st.discard, &[gi(5), gi(3)]));
    let ev = play_trick(&mut st, &[(0, tr(4)), (1, tr(8))]);
    assert_eq!(ranking_event(&ev)[0], 1);
    assert!(same_kinds(&st.discard, &[gi(5), gi(3), tr(4), tr(8)]));
    assert!(st.pool.is_empty());
}

#[test]
fn tv_56_doppelganger_optional_when_void_and_no_troll_ability() {
    // CLM-DOP.5, CLM-DOP.1
    let t = || {
        kg_favour(&[Doppelgangers, Seers, Trolls])
            .hand(0, &[tr(3), tr(1)])
            .hand(1, &[dp(2), se(5)])
            .done()
    };
    let mut st = t();
    play(&mut st, 0, tr(3));
    assert_eq!(legal_cards(&st, 1), vec![dp(2), se(5)]);
    let ev = play(&mut st, 1, se(5));
    assert_eq!(ranking_event(&ev)[0], 0);
    let mut st = t();
    play(&mut st, 0, tr(3));
    let ev = play(&mut st, 1, dp(2));
    assert_eq!(ranking_event(&ev)[0], 0, "counts as troll, 2 < 3");
    assert!(same_kinds(&score_of(&st, 0), &[tr(3), dp(2)]));
    assert!(st.pool.is_empty());
}

#[test]
fn tv_57_seer_with_identical_revealed_cards() {
    // CLM-MP1.6, CLM-MPA.3
    let c = cfg(
        Mode::ThreePlayer,
        Kg,
        &[Seers, Trolls, Dragons, Undead, Dwarves],
    );
    let mut st = Table::new(c)
        .revealed(&[gb(0), copy(gb(0), 2)])
        .deck(&[dr(4), tr(1), tr(2), tr(3)])
        .hand(0, &[se(6), gb(1)])
        .hand(1, &[se(2), gb(2)])
        .hand(2, &[tr(9), gb(3)])
        .done();
    let before = st.deck.len();
    let ev = play_trick(&mut st, &[(0, se(6)), (1, se(2)), (2, tr(9))]);
    assert_eq!(ranking_event(&ev), vec![0, 1, 2]);
    act(&mut st, 0, ClaimAction::SeerPeek);
    assert_eq!(
        Claim::legal_actions(&st, 0),
        vec![ClaimAction::SeerTakeTop, ClaimAction::TakeRevealed(0)]
    );
    assert_eq!(
        refused(&mut st, 0, ClaimAction::TakeRevealed(1)),
        "CLM-MP1.6"
    );
    let ev = act(&mut st, 0, ClaimAction::SeerTakeTop);
    assert_eq!(followers_of(&st, 0), vec![dr(4)]);
    assert!(ev.contains(&ClaimEvent::TookRevealed {
        seat: 1,
        slot: 0,
        card: gb(0)
    }));
    assert!(ev.contains(&ClaimEvent::TookRevealed {
        seat: 2,
        slot: 1,
        card: copy(gb(0), 2)
    }));
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, ClaimEvent::DrewFromDeck { .. }))
            .count(),
        1,
        "only the seer's"
    );
    assert_eq!(
        before - (st.deck.len() + st.revealed.len()),
        1,
        "2 revealed + 1 taken = 3"
    );
}
