//! Rule tests beyond the test vectors, each named by the rule IDs it checks.

use super::*;
use crate::GameRng;
use Faction::*;
use PairChoice::{Gg, Kg};

/// Plays random legal actions until `stop` holds (or the game ends); returns all events.
fn run_until(
    st: &mut ClaimState,
    seed: u64,
    stop: impl Fn(&ClaimState) -> bool,
) -> Vec<ClaimEvent> {
    let mut r = GameRng::from_seed(seed);
    let mut ev = Vec::new();
    while !stop(st) {
        let Some(&seat) = Claim::to_act(st).first() else {
            break;
        };
        let legal = Claim::legal_actions(st, seat);
        let a = legal[r.below(legal.len())].clone();
        ev.extend(Claim::apply(st, seat, &a).unwrap());
    }
    ev
}

fn base_cards() -> Vec<Card> {
    card_data().deck(&[Gnomes, Giants, Dragons, Trolls, Seers])
}

// ---- setup ---------------------------------------------------------------------------------

#[test]
fn clm_set_2_and_set_3_seeded_shuffle_of_canonical_order_then_dealing() {
    // CLM-SET.2 (R1), CLM-SET.3: seat 0 leads, so it gets deck cards 0, 2, 4, …
    for seed in [0, 7, 12345] {
        let st = Claim::setup(&base(), seed).unwrap();
        let mut deck = base_cards();
        GameRng::from_seed(seed).shuffle(&mut deck);
        let a: Vec<Card> = deck[..26].iter().step_by(2).copied().collect();
        let b: Vec<Card> = deck[1..26].iter().step_by(2).copied().collect();
        assert_eq!(st.players[0].hand, a);
        assert_eq!(st.players[1].hand, b);
        assert_eq!(
            st.revealed,
            vec![deck[26]],
            "the next card is revealed (CLM-P1.2)"
        );
        assert_eq!(st.deck_top(), Some(deck[27]));
        assert_eq!(Claim::setup(&base(), seed).unwrap(), st, "deterministic");
    }
    assert_ne!(
        Claim::setup(&base(), 1).unwrap().players[0].hand,
        Claim::setup(&base(), 2).unwrap().players[0].hand
    );
}

#[test]
fn clm_set_3_dealing_starts_with_the_first_leader() {
    // CLM-SET.3
    let mut c = base();
    c.first_leader = FirstLeader::Seat(1);
    let deck = base_cards();
    let st = Claim::setup_scenario(&c, &ClaimScenario { deck: deck.clone() }, 0).unwrap();
    assert_eq!(st.players[1].hand[0], deck[0]);
    assert_eq!(st.players[0].hand[0], deck[1]);
    assert_eq!(st.players[1].hand[12], deck[24]);
    assert_eq!(st.pending, Pending::PlayCard { seat: 1 });
}

#[test]
fn clm_set_4_and_mp_4_first_leader_from_config_or_random() {
    // CLM-SET.4, CLM-MP.4 (G12)
    let mut c = cfg(Mode::ThreePlayer, Gg, &FREE5_NO_DOP);
    c.first_leader = FirstLeader::Seat(2);
    let st = Claim::setup(&c, 3).unwrap();
    assert_eq!((st.leader, Claim::to_act(&st)), (2, vec![2]));
    c.first_leader = FirstLeader::Seat(3);
    assert_eq!(Claim::setup(&c, 3).unwrap_err().rule, "CLM-SET.4");
    assert_eq!(Claim::seat_count(&c).unwrap_err().rule, "CLM-SET.4");
    c.first_leader = FirstLeader::Random;
    let mut seen = [false; 3];
    for seed in 0..60 {
        seen[Claim::setup(&c, seed).unwrap().leader] = true;
    }
    assert_eq!(seen, [true; 3], "R2 draws every seat");
    assert_eq!(Claim::seat_count(&c), Ok(3));
}

#[test]
fn clm_set_5_zones_start_empty() {
    // CLM-SET.5
    for mode in [
        Mode::Base2p,
        Mode::Custom2p,
        Mode::ThreePlayer,
        Mode::FourPlayerTeams,
    ] {
        let st = Claim::setup(&ClaimConfig::new(mode), 9).unwrap();
        assert!(st.pool.is_empty() && st.discard.is_empty());
        assert!(
            st.players
                .iter()
                .all(|p| p.followers.is_empty() && p.score.is_empty() && p.row.is_empty())
        );
        assert!(st.players.iter().all(|p| p.hand.len() == mode.hand_size()));
    }
}

#[test]
fn clm_c2p_5_random_pair_and_factions_use_r3() {
    // CLM-C2P.5, CLM-MP.2
    let c = ClaimConfig::new(Mode::Custom2p);
    let mut pairs = [false; 2];
    for seed in 0..40 {
        let st = Claim::setup(&c, seed).unwrap();
        assert_eq!(st.factions.len(), 5);
        assert_eq!(
            st.factions
                .iter()
                .filter(|f| Faction::FREE.contains(f))
                .count(),
            3
        );
        pairs[usize::from(st.pair == Pair::Gg)] = true;
        assert_eq!(Claim::setup(&c, seed).unwrap().factions, st.factions);
        assert_eq!(st.all_cards().len(), 52);
    }
    assert_eq!(pairs, [true, true]);
    let st = Claim::setup(&ClaimConfig::new(Mode::FourPlayerTeams), 5).unwrap();
    assert_eq!(st.factions.len(), 7);
    // A scenario leaves nothing to chance in the deck.
    let err = Claim::setup_scenario(&c, &ClaimScenario { deck: base_cards() }, 0).unwrap_err();
    assert_eq!(err.rule, "CLM-C2P.2");
    // A scenario deck must be exactly the selected cards.
    let mut deck = base_cards();
    deck.pop();
    assert_eq!(
        Claim::setup_scenario(&base(), &ClaimScenario { deck }, 0)
            .unwrap_err()
            .rule,
        "CLM-SET.1"
    );
    let err = Claim::setup(
        &cfg(
            Mode::ThreePlayer,
            Kg,
            &[Dragons, Dragons, Trolls, Seers, Undead],
        ),
        0,
    )
    .unwrap_err();
    assert_eq!(err.rule, "CLM-MP.2");
}

#[test]
fn clm_c2p_7_custom_game_scores_five_factions() {
    // CLM-C2P.7, CLM-C2P.1
    let c = kg2(&[Undead, Dwarves, Doppelgangers]);
    let (st, s) = scored(c, &[cards_of(Knights, &[9, 8]), cards_of(Goblins, &[9])]);
    assert_eq!(s.votes.len(), 5);
    assert_eq!(
        st.factions,
        vec![Knights, Goblins, Undead, Dwarves, Doppelgangers]
    );
    assert_eq!(s.vote_totals, vec![1, 1]);
}

// ---- trick play ----------------------------------------------------------------------------

#[test]
fn clm_trk_1_leader_plays_any_card_not_bound_to_the_revealed_card() {
    // CLM-TRK.1
    let st = Table::new(base())
        .revealed(&[tr(7)])
        .deck(&filler())
        .hand(0, &[dr(1), se(2), gn(3)])
        .done();
    assert_eq!(legal_cards(&st, 0), vec![dr(1), se(2), gn(3)]);
}

#[test]
fn clm_trk_2_and_trk_6_lead_faction_and_counting_as_lead() {
    // CLM-TRK.2, CLM-TRK.6
    let mut st = kg_favour_table()
        .hand(0, &[se(3), dr(1)])
        .hand(1, &[dp(4), se(1)])
        .done();
    play(&mut st, 0, se(3));
    assert_eq!(
        Claim::view(&st, Viewer::Spectator).lead_faction,
        Some(Seers)
    );
    assert!(super::super::trick::counts_as_lead(dp(4), Seers));
    assert!(!super::super::trick::counts_as_lead(dr(9), Seers));
    let ev = play(&mut st, 1, dp(4));
    assert_eq!(
        ranking_event(&ev)[0],
        1,
        "the doppelganger counts as a seer, 4 > 3"
    );
}

fn kg_favour_table() -> Table {
    Table::new(kg2(&[Seers, Doppelgangers, Dragons])).favour()
}

#[test]
fn clm_trk_3_one_card_each_from_hand() {
    // CLM-TRK.3
    let mut st = two_p().hand(0, &[se(3)]).hand(1, &[se(1), se(2)]).done();
    assert_eq!(
        refused(&mut st, 0, ClaimAction::PlayCard(se(9))),
        "CLM-TRK.3"
    );
    assert_eq!(refused(&mut st, 0, ClaimAction::SeerPeek), "CLM-TRK.3");
    play(&mut st, 0, se(3));
    assert_eq!(st.players[0].hand.len(), 0);
    assert_eq!(Claim::to_act(&st), vec![1]);
}

fn two_p() -> Table {
    Table::new(base()).favour()
}

#[test]
fn clm_trk_9_goblin_lead_knight_wins_regardless_of_value() {
    // CLM-TRK.9, CLM-KNT.1
    use super::super::trick::rank;
    let t = |a: Card, b: Card| {
        vec![
            PlayedCard { seat: 0, card: a },
            PlayedCard { seat: 1, card: b },
        ]
    };
    assert_eq!(rank(&t(gb(9), kn(2)), false), vec![1, 0]);
    assert_eq!(
        rank(&t(gb(9), dp(9)), false),
        vec![0, 1],
        "doppelganger ties, leader wins"
    );
    assert_eq!(
        rank(&t(dp(9), kn(9)), false),
        vec![0, 1],
        "G18: a doppelganger lead is no goblin lead"
    );
}

#[test]
fn clm_trk_10_ranking_by_tier_value_and_play_order() {
    // CLM-TRK.10, CLM-MP.6
    use super::super::trick::rank;
    let trick = |cards: &[Card]| -> Vec<PlayedCard> {
        cards
            .iter()
            .enumerate()
            .map(|(seat, &card)| PlayedCard { seat, card })
            .collect()
    };
    // Lead troll: trolls and doppelgangers (tier 1) by value then order, then the rest by value.
    assert_eq!(
        rank(&trick(&[tr(2), se(9), dp(2), dr(9)]), false),
        vec![0, 2, 1, 3]
    );
    // Goblin lead: knights (tier 2) above everything, highest knight first.
    assert_eq!(
        rank(&trick(&[gb(5), kn(3), gb(9), kn(8)]), false),
        vec![3, 1, 2, 0]
    );
    // G10 flag: only the best knight is lifted, the other is off-suit.
    assert_eq!(
        rank(&trick(&[gb(5), kn(3), gb(9), kn(8)]), true),
        vec![3, 2, 0, 1]
    );
}

#[test]
fn clm_trk_11_and_drg_3_winner_leads_without_dragon() {
    // CLM-TRK.11, CLM-DRG.3, CLM-MP.7
    let mut st = two_p()
        .hand(0, &[se(3), dr(1)])
        .hand(1, &[se(5), dr(2)])
        .done();
    let ev = play_trick(&mut st, &[(0, se(3)), (1, se(5))]);
    assert!(ev.contains(&ClaimEvent::NextLeader {
        seat: 1,
        by_dragon: false
    }));
    assert_eq!(Claim::to_act(&st), vec![1]);
    let mut st = Table::new(cfg(Mode::ThreePlayer, Gg, &FREE5_NO_DOP))
        .favour()
        .hand(0, &[se(3), tr(1)])
        .hand(1, &[se(5), tr(2)])
        .hand(2, &[gn(9), tr(3)])
        .done();
    let ev = play_trick(&mut st, &[(0, se(3)), (1, se(5)), (2, gn(9))]);
    assert_eq!(next_leader_event(&ev), Some(1), "the 1st place leads");
}

#[test]
fn clm_trk_12_revealed_cards_are_not_played_cards() {
    // CLM-TRK.12
    let mut st = Table::new(kg2(&[Undead, Dragons, Trolls]))
        .revealed(&[dr(9)])
        .deck(&[tr(1), un(4), tr(2), tr(3)])
        .hand(0, &[tr(5), tr(6)])
        .hand(1, &[tr(7), tr(8)])
        .done();
    let ev = play_trick(&mut st, &[(0, tr(5)), (1, tr(7))]);
    assert!(
        ev.contains(&ClaimEvent::NextLeader {
            seat: 1,
            by_dragon: false
        }),
        "a revealed dragon leads nobody"
    );
    assert_eq!(followers_of(&st, 1), vec![dr(9)]);
    // A revealed undead goes to the follower pile, not a score pile.
    assert_eq!(st.revealed, vec![un(4)]);
    play_trick(&mut st, &[(1, tr(8)), (0, tr(6))]);
    assert_eq!(followers_of(&st, 1), vec![dr(9), un(4)]);
    assert!(score_of(&st, 0).is_empty() && score_of(&st, 1).is_empty());
}

// ---- general -------------------------------------------------------------------------------

#[test]
fn clm_gen_2_and_mp_5_clockwise_play_and_turn_order() {
    // CLM-GEN.2, CLM-MP.5
    let mut st = Table::new(cfg(Mode::FourPlayerTeams, Gg, &FREE5_NO_DOP))
        .favour()
        .leader(3)
        .hand(3, &[se(3)])
        .hand(0, &[se(1), dr(9)])
        .hand(1, &[dr(8)])
        .hand(2, &[dr(7)])
        .done();
    assert_eq!(
        refused(&mut st, 0, ClaimAction::PlayCard(se(1))),
        "CLM-GEN.2"
    );
    play(&mut st, 3, se(3));
    assert_eq!(Claim::to_act(&st), vec![0], "seat 3 is followed by seat 0");
    assert_eq!(
        legal_cards(&st, 0),
        vec![se(1)],
        "follow suit with 4 players"
    );
    assert_eq!(
        refused(&mut st, 1, ClaimAction::PlayCard(dr(8))),
        "CLM-GEN.2"
    );
    play(&mut st, 0, se(1));
    assert_eq!(Claim::to_act(&st), vec![1]);
}

#[test]
fn clm_gen_3_p1_11_trl_7_hid_2_zone_visibility() {
    // CLM-GEN.3, CLM-P1.11, CLM-TRL.7, CLM-HID.2
    let st = Table::new(base())
        .revealed(&[se(4)])
        .deck(&filler())
        .hand(0, &[dr(1)])
        .hand(1, &[dr(2)])
        .followers(0, &[dr(3)])
        .pool(&[tr(5)])
        .done();
    let mut st = st;
    st.players[1].score = vec![se(9)];
    st.players[1].row = vec![gn(7)];
    st.discard = vec![gi(9)];
    let v = Claim::view(&st, Viewer::Spectator);
    assert_eq!(v.revealed, vec![se(4)]);
    assert_eq!(v.players[1].score_pile, vec![se(9)], "score piles face up");
    assert_eq!(v.players[1].gnome_row, vec![gn(7)]);
    assert_eq!(v.troll_pool, vec![tr(5)], "the pool is public");
    assert_eq!(v.discard, vec![gi(9)]);
    assert!(
        v.players.iter().all(|p| p.hand.is_none()),
        "hands are secret"
    );
    assert_eq!(
        (v.players[0].hand_count, v.players[0].follower_count),
        (1, 1)
    );
    assert!(
        v.players[0].known_followers.is_empty(),
        "follower piles face down"
    );
    assert_eq!(v.deck_count, filler().len());
    assert_eq!(v.peeked, None);
    let own = Claim::view(&st, Viewer::Seat(0));
    assert_eq!(own.players[0].hand, Some(vec![dr(1)]));
    assert_eq!(own.players[0].known_followers, vec![dr(3)]);
    assert_eq!(own.players[1].hand, None);
}

#[test]
fn clm_gen_4_only_printed_factions_trigger_abilities() {
    // CLM-GEN.4, CLM-DOP.3
    // Phase 1: a doppelganger winning an undead lead is no undead: discarded.
    let mut st = Table::new(kg2(&[Undead, Doppelgangers, Trolls]))
        .revealed(&[tr(9)])
        .deck(&[tr(1), tr(2), tr(3)])
        .hand(0, &[un(3), gb(1)])
        .hand(1, &[dp(8), gb(2)])
        .done();
    play_trick(&mut st, &[(0, un(3)), (1, dp(8))]);
    assert_eq!(score_of(&st, 1), vec![un(3)]);
    assert_eq!(st.discard, vec![dp(8)]);
    // Phase 2: a doppelganger on a gnome lead is no gnome: score pile, not row.
    let mut st = Table::new(cfg(Mode::Custom2p, Gg, &[Doppelgangers, Trolls, Seers]))
        .favour()
        .hand(0, &[gn(3), se(1)])
        .hand(1, &[dp(1), se(2)])
        .done();
    play_trick(&mut st, &[(0, gn(3)), (1, dp(1))]);
    assert_eq!(row_of(&st, 0), vec![gn(3)]);
    assert_eq!(score_of(&st, 0), vec![dp(1)]);
}

#[test]
fn clm_gen_5_p1_1_p2_2_two_phases_of_h_tricks_then_nothing() {
    // CLM-GEN.5, CLM-P1.1, CLM-P2.2, CLM-P2.7
    let mut st = Claim::setup(&base(), 11).unwrap();
    let mut ev = Claim::setup_events(&st);
    ev.extend(run_until(&mut st, 11, |_| false));
    let starts: Vec<(Phase, usize, usize)> = ev
        .iter()
        .filter_map(|e| match e {
            ClaimEvent::TrickStarted {
                phase,
                trick_number,
                revealed,
                ..
            } => Some((*phase, *trick_number, revealed.len())),
            _ => None,
        })
        .collect();
    let expect: Vec<(Phase, usize, usize)> = (1..=13)
        .map(|t| (Phase::Recruiting, t, 1))
        .chain((1..=13).map(|t| (Phase::Favour, t, 0)))
        .collect();
    assert_eq!(starts, expect);
    assert!(matches!(ev.last(), Some(ClaimEvent::GameScored { .. })));
    assert_eq!(st.phase, Phase::Finished);
    assert_eq!(st.pending, Pending::None);
    assert_eq!(
        refused(&mut st, 0, ClaimAction::PlayCard(gn(1))),
        "CLM-GEN.5"
    );
    assert!(Claim::legal_actions(&st, 0).is_empty() && Claim::legal_actions(&st, 1).is_empty());
}

// ---- phases --------------------------------------------------------------------------------

#[test]
fn clm_p1_3_and_p2_4_follow_suit_in_both_phases() {
    // CLM-P1.3, CLM-P2.4
    for phase in [Phase::Recruiting, Phase::Favour] {
        let revealed = if phase == Phase::Recruiting {
            vec![se(0)]
        } else {
            vec![]
        };
        let mut st = Table::new(base())
            .phase(phase)
            .revealed(&revealed)
            .deck(&filler())
            .hand(0, &[gn(5)])
            .hand(1, &[gn(1), dr(9)])
            .done();
        play(&mut st, 0, gn(5));
        assert_eq!(legal_cards(&st, 1), vec![gn(1)]);
        assert_eq!(
            refused(&mut st, 1, ClaimAction::PlayCard(dr(9))),
            "CLM-TRK.4"
        );
    }
}

#[test]
fn clm_p1_8_follower_cards_cannot_be_played_in_phase1() {
    // CLM-P1.8
    let mut st = Table::new(base())
        .revealed(&[se(0)])
        .deck(&filler())
        .hand(0, &[gn(5)])
        .followers(0, &[dr(9)])
        .done();
    assert_eq!(
        refused(&mut st, 0, ClaimAction::PlayCard(dr(9))),
        "CLM-P1.8"
    );
}

#[test]
fn clm_p2_1_and_mp2_1_follower_piles_become_hands() {
    // CLM-P2.1, CLM-MP2.1
    for (config, h) in [
        (base(), 13),
        (cfg(Mode::ThreePlayer, Kg, &FREE5_NO_DOP), 12),
    ] {
        let mut st = Claim::setup(&config, 21).unwrap();
        let mut last_followers: Vec<Vec<Card>>;
        let mut r = GameRng::from_seed(21);
        while st.phase == Phase::Recruiting {
            last_followers = (0..st.n()).map(|s| followers_of(&st, s)).collect();
            let seat = Claim::to_act(&st)[0];
            let legal = Claim::legal_actions(&st, seat);
            let a = legal[r.below(legal.len())].clone();
            let ev = Claim::apply(&mut st, seat, &a).unwrap();
            if st.phase == Phase::Favour {
                for (seat, pile) in last_followers.iter_mut().enumerate() {
                    // The final trick's rewards arrive in the same apply.
                    let taken = ev.iter().find_map(|e| match e {
                        ClaimEvent::FollowersTakenUp {
                            seat: s,
                            cards,
                            count,
                        } if *s == seat => {
                            assert_eq!(*count, h);
                            Some(cards.clone())
                        }
                        _ => None,
                    });
                    let taken = taken.expect("every seat takes up its pile");
                    assert!(pile.iter().all(|c| taken.contains(c)));
                    assert_eq!(st.players[seat].hand, taken);
                }
            }
        }
        assert!(
            st.players
                .iter()
                .all(|p| p.hand.len() == h && p.followers.is_empty())
        );
    }
}

#[test]
fn clm_p2_5_winner_takes_ordinary_cards() {
    // CLM-P2.5, CLM-MP2.2
    let mut st = two_p()
        .hand(0, &[se(3), dr(1)])
        .hand(1, &[se(5), dr(2)])
        .done();
    play_trick(&mut st, &[(0, se(3)), (1, se(5))]);
    assert!(same_kinds(&score_of(&st, 1), &[se(3), se(5)]));
    let mut st = Table::new(cfg(Mode::ThreePlayer, Kg, &FREE5_NO_DOP))
        .favour()
        .hand(0, &[gb(3)])
        .hand(1, &[gb(5)])
        .hand(2, &[dr(9)])
        .done();
    play_trick(&mut st, &[(0, gb(3)), (1, gb(5)), (2, dr(9))]);
    assert!(same_kinds(&score_of(&st, 1), &[gb(3), gb(5), dr(9)]));
}

#[test]
fn clm_p2_6_mp2_5_resolution_order_in_the_last_trick() {
    // CLM-P2.6, CLM-MP2.5, CLM-MP2.3, CLM-P2.7, CLM-MPA.8
    let mut st = Table::new(cfg(
        Mode::ThreePlayer,
        Gg,
        &[Dwarves, Trolls, Dragons, Seers, Undead],
    ))
    .favour()
    .last_trick_of_phase()
    .pool(&[tr(4), tr(2)])
    .row(1, &[gn(3)])
    .row(2, &[copy(gn(3), 2)])
    .hand(0, &[gi(3)])
    .hand(1, &[gn(5)])
    .hand(2, &[dw(0)])
    .done();
    let ev = play_trick(&mut st, &[(0, gi(3)), (1, gn(5)), (2, dw(0))]);
    let pos = |pred: &dyn Fn(&ClaimEvent) -> bool| ev.iter().position(pred).expect("event present");
    let ranked = pos(&|e| matches!(e, ClaimEvent::TrickRanked { winner: 0, .. }));
    let to_winner = pos(&|e| {
        *e == ClaimEvent::ToScorePile {
            seat: 0,
            cards: vec![gi(3), tr(4)],
        }
    });
    let dwarves = pos(&|e| {
        *e == ClaimEvent::ToScorePile {
            seat: 2,
            cards: vec![dw(0)],
        }
    });
    let gnomes = pos(&|e| {
        *e == ClaimEvent::ToGnomeRow {
            seat: 0,
            cards: vec![gn(5)],
        }
    });
    let crushed = pos(&|e| {
        matches!(
            e,
            ClaimEvent::GnomeCrushed {
                by: 0,
                victim: 1,
                ..
            }
        )
    });
    let crushed2 = pos(&|e| {
        matches!(
            e,
            ClaimEvent::GnomeCrushed {
                by: 0,
                victim: 2,
                ..
            }
        )
    });
    let sweep = pos(&|e| {
        *e == ClaimEvent::ToScorePile {
            seat: 0,
            cards: vec![tr(2)],
        }
    });
    let rows = pos(&|e| matches!(e, ClaimEvent::GnomeRowScored { seat: 0, .. }));
    let scored = pos(&|e| matches!(e, ClaimEvent::GameScored { .. }));
    assert!(ranked < to_winner && to_winner < dwarves && dwarves < gnomes && gnomes < crushed);
    assert!(crushed < crushed2 && crushed2 < sweep && sweep < rows && rows < scored);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, ClaimEvent::NextLeader { .. })),
        "no next trick"
    );
    assert_eq!(st.phase, Phase::Finished);
}

#[test]
fn clm_mp2_3_and_mpa_8_trolls_unchanged_with_three_players() {
    // CLM-MP2.3, CLM-MPA.8
    let mut st = Table::new(cfg(Mode::ThreePlayer, Gg, &FREE5_NO_DOP))
        .favour()
        .hand(0, &[tr(3)])
        .hand(1, &[tr(8)])
        .hand(2, &[tr(5)])
        .done();
    play_trick(&mut st, &[(0, tr(3)), (1, tr(8)), (2, tr(5))]);
    assert_eq!(score_of(&st, 1), vec![tr(8)]);
    assert!(same_kinds(&st.pool, &[tr(3), tr(5)]));
}

// ---- abilities -----------------------------------------------------------------------------

#[test]
fn clm_ser_7_seer_on_the_last_phase1_trick_sees_the_last_card() {
    // CLM-SER.7
    let mut st = Table::new(base())
        .last_trick_of_phase()
        .revealed(&[gi(1)])
        .deck(&[gi(9)])
        .hand(0, &[se(2)])
        .hand(1, &[se(6)])
        .done();
    play_trick(&mut st, &[(0, se(2)), (1, se(6))]);
    assert_eq!(st.pending, Pending::SeerSight { seat: 1 });
    assert_eq!(st.deck.len(), 1);
    act(&mut st, 1, ClaimAction::SeerPeek);
    assert_eq!(Claim::view(&st, Viewer::Seat(1)).peeked, Some(gi(9)));
    act(&mut st, 1, ClaimAction::SeerTakeTop);
    assert!(st.deck.is_empty());
    assert_eq!(st.phase, Phase::Favour);
}

#[test]
fn clm_ser_8_seers_have_no_ability_in_phase2() {
    // CLM-SER.8
    let mut st = two_p()
        .hand(0, &[se(2), dr(1)])
        .hand(1, &[se(6), dr(2)])
        .done();
    play_trick(&mut st, &[(0, se(2)), (1, se(6))]);
    assert_eq!(st.pending, Pending::PlayCard { seat: 1 });
    assert!(same_kinds(&score_of(&st, 1), &[se(2), se(6)]));
}

#[test]
fn clm_dwf_2_dwarves_have_no_ability_in_phase1() {
    // CLM-DWF.2
    let mut st = Table::new(kg2(&[Dwarves, Trolls, Seers]))
        .revealed(&[tr(9)])
        .deck(&[tr(1), tr(2), tr(3)])
        .hand(0, &[dw(8), gb(1)])
        .hand(1, &[dw(3), gb(2)])
        .done();
    play_trick(&mut st, &[(0, dw(8)), (1, dw(3))]);
    assert_eq!(followers_of(&st, 0), vec![tr(9)]);
    assert!(same_kinds(&st.discard, &[dw(8), dw(3)]));
    assert!(score_of(&st, 0).is_empty() && score_of(&st, 1).is_empty());
}

#[test]
fn clm_und_3_undead_have_no_ability_in_phase2() {
    // CLM-UND.3
    let mut st = Table::new(kg2(&[Undead, Trolls, Seers]))
        .favour()
        .hand(0, &[un(2), gb(1)])
        .hand(1, &[gb(9), gb(2)])
        .done();
    play_trick(&mut st, &[(0, un(2)), (1, gb(9))]);
    assert!(
        same_kinds(&score_of(&st, 0), &[un(2), gb(9)]),
        "ordinary distribution"
    );
}

#[test]
fn clm_gob_1_goblins_have_no_ability() {
    // CLM-GOB.1
    let mut st = Table::new(kg2(&[Undead, Trolls, Seers]))
        .favour()
        .hand(0, &[gb(4), tr(1)])
        .hand(1, &[gb(7), tr(2)])
        .done();
    let ev = play_trick(&mut st, &[(0, gb(4)), (1, gb(7))]);
    assert_eq!(ranking_event(&ev)[0], 1);
    assert!(same_kinds(&score_of(&st, 1), &[gb(4), gb(7)]));
    assert_eq!(next_leader_event(&ev), Some(1));
}

#[test]
fn clm_knt_3_knights_apply_in_phase1_too() {
    // CLM-KNT.3
    let mut st = Table::new(kg2(&[Undead, Trolls, Seers]))
        .revealed(&[tr(9)])
        .deck(&[tr(1), tr(2), tr(3)])
        .hand(0, &[gb(9), tr(4)])
        .hand(1, &[kn(2), tr(5)])
        .done();
    let ev = play_trick(&mut st, &[(0, gb(9)), (1, kn(2))]);
    assert_eq!(ranking_event(&ev)[0], 1);
    assert_eq!(followers_of(&st, 1), vec![tr(9)]);
}

#[test]
fn clm_dop_6_doppelgangers_in_both_phases() {
    // CLM-DOP.6, CLM-DOP.1
    let mut st = Table::new(kg2(&[Doppelgangers, Trolls, Seers]))
        .revealed(&[tr(9)])
        .deck(&[tr(1), tr(2), tr(3)])
        .hand(0, &[se(5), tr(4)])
        .hand(1, &[dp(7), se(1)])
        .done();
    play(&mut st, 0, se(5));
    assert_eq!(
        legal_cards(&st, 1),
        vec![dp(7), se(1)],
        "playable while holding the lead faction"
    );
    let ev = play(&mut st, 1, dp(7));
    assert_eq!(ranking_event(&ev)[0], 1);
    let mut st = kg_favour_table()
        .hand(0, &[se(5), dr(1)])
        .hand(1, &[dp(7), se(1)])
        .done();
    play(&mut st, 0, se(5));
    assert_eq!(legal_cards(&st, 1), vec![dp(7), se(1)]);
    let ev = play(&mut st, 1, dp(7));
    assert_eq!(ranking_event(&ev)[0], 1);
}

#[test]
fn clm_gnm_3_gnomes_in_hand_cannot_be_crushed() {
    // CLM-GNM.3
    let mut st = two_p()
        .hand(0, &[gi(3), se(1)])
        .hand(1, &[gi(1), gn(3)])
        .done();
    play_trick(&mut st, &[(0, gi(3)), (1, gi(1))]);
    assert_eq!(
        st.pending,
        Pending::PlayCard { seat: 0 },
        "no D6: the Gnome 3 is in B's hand"
    );
    assert!(st.players[1].hand.contains(&gn(3)));
}

#[test]
fn clm_gnm_4_gnomes_have_no_ability_in_phase1() {
    // CLM-GNM.4
    let mut st = Table::new(base())
        .revealed(&[se(0)])
        .deck(&filler())
        .hand(0, &[gn(7), se(1)])
        .hand(1, &[gn(1), se(2)])
        .done();
    play_trick(&mut st, &[(0, gn(7)), (1, gn(1))]);
    assert!(row_of(&st, 0).is_empty());
    assert_eq!(followers_of(&st, 0), vec![se(0)]);
    assert!(same_kinds(&st.discard, &[gn(7), gn(1)]));
}

#[test]
fn clm_gnt_3_crushed_gnomes_score_for_nobody() {
    // CLM-GNT.3
    let mut st = two_p()
        .last_trick_of_phase()
        .row(1, &[gn(3), gn(5)])
        .hand(0, &[gi(3)])
        .hand(1, &[gi(1)])
        .done();
    play_trick(&mut st, &[(0, gi(3)), (1, gi(1))]);
    act(&mut st, 0, ClaimAction::CrushGnome(3));
    assert_eq!(st.phase, Phase::Finished);
    assert_eq!(st.discard, vec![gn(3)]);
    assert!(st.players.iter().all(|p| !p.score.contains(&gn(3))));
    assert_eq!(
        vote_of(st.score.as_ref().unwrap(), Gnomes).counts,
        vec![0, 1]
    );
}

#[test]
fn clm_gnt_6_auto_crush_flag_applies_the_maximum() {
    // CLM-GNT.6 (G4 flag auto_crush_2p)
    let mut c = base();
    c.auto_crush_2p = true;
    let mut st = Table::new(c)
        .favour()
        .row(1, &[gn(7), copy(gn(7), 2), copy(gn(7), 3), gn(1)])
        .hand(0, &[gi(7), se(1)])
        .hand(1, &[copy(gi(7), 2), se(2)])
        .done();
    let ev = play_trick(&mut st, &[(0, gi(7)), (1, copy(gi(7), 2))]);
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, ClaimEvent::GnomeCrushed { .. }))
            .count(),
        2,
        "min(2 giants, 3 gnomes)"
    );
    assert!(same_kinds(&row_of(&st, 1), &[gn(7), gn(1)]));
    assert_eq!(st.pending, Pending::PlayCard { seat: 0 });
    // Refusals during D6 name the giant rules.
    let mut st = two_p()
        .row(1, &[gn(7)])
        .hand(0, &[gi(7), se(1)])
        .hand(1, &[gi(1), se(2)])
        .done();
    play_trick(&mut st, &[(0, gi(7)), (1, gi(1))]);
    assert_eq!(refused(&mut st, 0, ClaimAction::CrushGnome(5)), "CLM-GNT.2");
    assert_eq!(refused(&mut st, 0, ClaimAction::CrushGnome(1)), "CLM-GNT.4");
    assert_eq!(
        refused(&mut st, 0, ClaimAction::PlayCard(se(1))),
        "CLM-GNT.6"
    );
}

// ---- multiplayer phase 1 -------------------------------------------------------------------

#[test]
fn clm_mp1_1_two_cards_are_revealed() {
    // CLM-MP1.1
    let st = Claim::setup(&cfg(Mode::FourPlayerTeams, Kg, &FREE5_NO_DOP), 4).unwrap();
    assert_eq!(st.revealed.len(), 2);
    let ev = Claim::setup_events(&st);
    assert!(
        matches!(ev.last(), Some(ClaimEvent::TrickStarted { revealed, .. }) if revealed.len() == 2)
    );
    assert_eq!(st.deck.len(), 34);
}

#[test]
fn clm_mp1_2_mp1_4_everyone_plays_is_ranked_and_receives_face_down() {
    // CLM-MP1.2, CLM-MP1.4
    let mut st = Table::new(cfg(Mode::ThreePlayer, Gg, &FREE5_NO_DOP))
        .revealed(&[tr(6), se(0)])
        .deck(&[tr(1), tr(2), tr(3), tr(4)])
        .hand(0, &[dr(3), se(1)])
        .hand(1, &[dr(5), se(2)])
        .hand(2, &[dr(4), se(3)])
        .done();
    let ev = play_trick(&mut st, &[(0, dr(3)), (1, dr(5)), (2, dr(4))]);
    assert_eq!(ranking_event(&ev), vec![1, 2, 0]);
    act(&mut st, 1, ClaimAction::TakeRevealed(1));
    assert_eq!(followers_of(&st, 1), vec![se(0)]);
    assert_eq!(followers_of(&st, 2), vec![tr(6)]);
    assert_eq!(followers_of(&st, 0), vec![tr(1)]);
    assert_eq!(
        known_followers(&st, Viewer::Seat(0), 0),
        vec![tr(1)],
        "the drawer may look"
    );
    assert!(
        known_followers(&st, Viewer::Seat(1), 0).is_empty(),
        "and keeps it secret"
    );
    assert_eq!(known_followers(&st, Viewer::Seat(0), 1), vec![se(0)]);
}

#[test]
fn clm_mp1_5_undead_go_to_the_first_place() {
    // CLM-MP1.5
    let mut st = Table::new(cfg(Mode::ThreePlayer, Kg, &FREE5_NO_DOP))
        .revealed(&[tr(6), se(0)])
        .deck(&[tr(1), tr(2), tr(3), tr(4)])
        .hand(0, &[un(2)])
        .hand(1, &[un(7)])
        .hand(2, &[un(5)])
        .done();
    play_trick(&mut st, &[(0, un(2)), (1, un(7)), (2, un(5))]);
    act(&mut st, 1, ClaimAction::TakeRevealed(0));
    assert!(same_kinds(&score_of(&st, 1), &[un(2), un(7), un(5)]));
    assert!(st.discard.is_empty());
}

#[test]
fn clm_mpa_2_doppelganger_with_three_players() {
    // CLM-MPA.2, CLM-DOP.3
    let mut st = Table::new(cfg(
        Mode::ThreePlayer,
        Kg,
        &[Dragons, Doppelgangers, Trolls, Seers, Undead],
    ))
    .favour()
    .hand(0, &[dr(2)])
    .hand(1, &[dp(5), dr(9)])
    .hand(2, &[dr(1)])
    .done();
    play(&mut st, 0, dr(2));
    assert_eq!(legal_cards(&st, 1), vec![dp(5), dr(9)]);
    let ev = play_trick(&mut st, &[(1, dp(5)), (2, dr(1))]);
    assert_eq!(ranking_event(&ev), vec![1, 0, 2]);
    assert_eq!(
        next_leader_event(&ev),
        Some(2),
        "the doppelganger is no dragon"
    );
}

#[test]
fn clm_mps_2_three_way_tie_nobody_wins() {
    // CLM-MPS.2 (G6)
    let c = cfg(Mode::ThreePlayer, Kg, &FREE5_NO_DOP);
    let (_, s) = scored(
        c.clone(),
        &[
            cards_of(Dragons, &[9, 1]),
            cards_of(Dragons, &[8, 7]),
            cards_of(Dragons, &[9, 1]),
        ],
    );
    assert_eq!(
        vote_of(&s, Dragons).winner,
        None,
        "best list shared by P0 and P2"
    );
    let (_, s) = scored(
        c,
        &[
            cards_of(Dragons, &[9, 1]),
            cards_of(Dragons, &[9, 2]),
            cards_of(Dragons, &[9, 0]),
        ],
    );
    assert_eq!(vote_of(&s, Dragons).winner, Some(1));
    assert_eq!(vote_of(&s, Dragons).decided_by, "tie_break_depth_2");
}

#[test]
fn clm_mps_3_shared_victory_when_all_criteria_tie() {
    // CLM-MPS.3 (G8)
    let c = cfg(Mode::ThreePlayer, Kg, &FREE5_NO_DOP);
    let (st, s) = scored(
        c,
        &[
            cards_of(Dragons, &[9]),
            cards_of(Trolls, &[9]),
            cards_of(Seers, &[1]),
        ],
    );
    assert_eq!(s.winning_sides, vec![0, 1]);
    assert_eq!(s.decided_by, "shared_victory");
    let o = Claim::outcome(&st).unwrap();
    assert_eq!(
        (o.winners, o.places, o.draw),
        (vec![0, 1], vec![1, 1, 3], false)
    );
    assert!(
        o.reason
            .starts_with("Shared victory: seat 0 and seat 1 tie on faction votes"),
        "{}",
        o.reason
    );
}

// ---- scoring -------------------------------------------------------------------------------

#[test]
fn clm_end_2_sides_count_their_score_piles() {
    // CLM-END.2, CLM-MPS.4
    let (_, s) = scored(
        base(),
        &[cards_of(Seers, &[1, 2, 3]), cards_of(Seers, &[9])],
    );
    assert_eq!(vote_of(&s, Seers).counts, vec![3, 1]);
    let c = cfg(Mode::FourPlayerTeams, Gg, &FREE5_NO_DOP);
    let (_, s) = scored(
        c,
        &[
            cards_of(Seers, &[1]),
            cards_of(Seers, &[9]),
            cards_of(Seers, &[2, 3]),
            vec![],
        ],
    );
    assert_eq!(vote_of(&s, Seers).counts, vec![3, 1], "partners pooled");
    assert_eq!(vote_of(&s, Seers).winner, Some(0));
}

#[test]
fn clm_end_9_breakdown_in_event_view_and_outcome() {
    // CLM-END.9
    let mut st = Claim::setup(&base(), 99).unwrap();
    let ev = run_until(&mut st, 99, |_| false);
    let Some(ClaimEvent::GameScored { score }) = ev.last() else {
        panic!("scored")
    };
    assert_eq!(
        score.votes.iter().map(|v| v.faction).collect::<Vec<_>>(),
        st.factions
    );
    for v in &score.votes {
        assert_eq!(v.counts.len(), 2);
        assert!(
            v.decided_by == "count"
                || v.decided_by == "tied"
                || v.decided_by.starts_with("tie_break_depth_")
        );
        assert_eq!(v.winner.is_none(), v.decided_by == "tied");
    }
    assert_eq!(
        score.vote_totals.iter().sum::<usize>(),
        score.votes.iter().filter(|v| v.winner.is_some()).count()
    );
    assert_eq!(
        Claim::view(&st, Viewer::Spectator).score.as_ref(),
        Some(score)
    );
    let o = Claim::outcome(&st).unwrap();
    assert!(
        ["votes", "cards_in_won_factions", "value_sum", "draw"]
            .contains(&score.decided_by.as_str())
    );
    assert!(!o.reason.is_empty());
}

// ---- hidden information --------------------------------------------------------------------

#[test]
fn clm_hid_3_event_log_redaction() {
    // CLM-HID.3, CLM-HID.1
    let st = Claim::setup(&base(), 5).unwrap();
    let ev = Claim::setup_events(&st);
    let ClaimEvent::Dealt { cards, .. } = Claim::redact_event(&ev[0], Viewer::Seat(0)).unwrap()
    else {
        panic!()
    };
    assert_eq!(cards, st.players[0].hand);
    let ClaimEvent::Dealt { cards, count, .. } =
        Claim::redact_event(&ev[0], Viewer::Seat(1)).unwrap()
    else {
        panic!()
    };
    assert!(cards.is_empty());
    assert_eq!(count, 13);
    let ClaimEvent::Dealt { cards, .. } = Claim::redact_event(&ev[1], Viewer::Spectator).unwrap()
    else {
        panic!()
    };
    assert!(cards.is_empty());
    let draw = ClaimEvent::DrewFromDeck {
        seat: 0,
        card: Some(gn(1)),
        known_to: vec![0, 1],
    };
    assert_eq!(
        Claim::redact_event(&draw, Viewer::Seat(1)),
        Some(draw.clone())
    );
    assert_eq!(
        Claim::redact_event(&draw, Viewer::Spectator),
        Some(ClaimEvent::DrewFromDeck {
            seat: 0,
            card: None,
            known_to: vec![0, 1]
        })
    );
    let peek = ClaimEvent::SeerPeeked {
        seat: 1,
        card: Some(gn(1)),
    };
    assert_eq!(
        Claim::redact_event(&peek, Viewer::Seat(1)),
        Some(peek.clone())
    );
    assert_eq!(
        Claim::redact_event(&peek, Viewer::Seat(0)),
        Some(ClaimEvent::SeerPeeked {
            seat: 1,
            card: None
        })
    );
    let played = ClaimEvent::CardPlayed {
        seat: 0,
        card: gn(1),
    };
    assert_eq!(
        Claim::redact_event(&played, Viewer::Spectator),
        Some(played.clone())
    );
}

// ---- actions -------------------------------------------------------------------------------

#[test]
fn action_ids_and_labels() {
    let cases = [
        (
            ClaimAction::PlayCard(Card::new(Gnomes, 3, 1)),
            "play:gnomes:3:1",
            "Play Gnome 3",
        ),
        (
            ClaimAction::SeerPeek,
            "seer_peek",
            "Look at the top card of the deck (seer)",
        ),
        (
            ClaimAction::SeerDecline,
            "seer_decline",
            "Do not look at the top card (seer)",
        ),
        (
            ClaimAction::SeerTakeTop,
            "seer_take_top",
            "Take the top card of the deck, Giant 9 (seer)",
        ),
        (
            ClaimAction::SeerTakeRevealed,
            "seer_take_revealed",
            "Take the revealed card Troll 7 (seer)",
        ),
        (
            ClaimAction::TakeRevealed(1),
            "take_revealed:1",
            "Take revealed card Seer 0 (slot 2)",
        ),
        (ClaimAction::CrushGnome(7), "crush:7", "Crush a Gnome 7"),
        (
            ClaimAction::FinishCrushing,
            "finish_crushing",
            "Finish crushing",
        ),
    ];
    // Labels name the cards at stake: revealed Troll 7 / Seer 0, deck top Giant 9.
    let st = Table::new(ClaimConfig::new(Mode::ThreePlayer))
        .revealed(&[Card::new(Trolls, 7, 1), Card::new(Seers, 0, 1)])
        .deck(&[Card::new(Giants, 9, 1)])
        .done();
    for (a, id, label) in cases {
        assert_eq!(Claim::action_id(&a), id);
        assert_eq!(Claim::parse_action_id(id), Some(a.clone()));
        assert_eq!(Claim::action_label(&st, &a), label);
    }
    for bad in [
        "play:gnomes:3",
        "play:elves:3:1",
        "crush:10",
        "crush:07",
        "take_revealed:2",
        "peek",
        "",
    ] {
        assert_eq!(Claim::parse_action_id(bad), None, "{bad}");
    }
    assert_eq!(Claim::NAME, "claim");
    assert_eq!(Claim::RULES_VERSION, 1);
}

// ---- what players trip over (issue 15) -----------------------------------------------------

#[test]
fn clm_trk_4_the_refusal_names_doppelgangers_only_where_they_play() {
    // CLM-TRK.4, CLM-DOP.1: base_2p has no doppelgangers, so the refusal does not offer one.
    let mut st = Table::new(base())
        .favour()
        .hand(0, &[tr(2)])
        .hand(1, &[tr(5), se(9)])
        .done();
    assert!(!st.factions.contains(&Faction::Doppelgangers));
    play(&mut st, 0, tr(2));
    let err = Claim::apply(&mut st, 1, &ClaimAction::PlayCard(se(9))).unwrap_err();
    assert_eq!(err.rule, "CLM-TRK.4");
    assert!(!err.message.contains("Doppelganger"), "{}", err.message);
    let mut st = Table::new(kg2(&[Dragons, Doppelgangers, Seers]))
        .favour()
        .hand(0, &[gb(3)])
        .hand(1, &[gb(0), kn(9), dp(4)])
        .done();
    play(&mut st, 0, gb(3));
    let err = Claim::apply(&mut st, 1, &ClaimAction::PlayCard(kn(9))).unwrap_err();
    assert!(
        err.message.contains("(or play a Doppelganger)"),
        "{}",
        err.message
    );
}

#[test]
fn clm_hid_2_cards_taken_face_up_stay_known_in_phase_2() {
    // Section 8, CLM-HID.2: a card an opponent took face up from the revealed slots in phase 1
    // is public; when the follower piles become hands (CLM-P2.1) it stays known until played.
    for config in [base(), cfg(Mode::ThreePlayer, Kg, &FREE5_NO_DOP)] {
        let mut st = Claim::setup(&config, 21).unwrap();
        let mut r = GameRng::from_seed(21);
        let mut public: Vec<Vec<Card>> = Vec::new();
        while st.phase == Phase::Recruiting {
            let v = Claim::view(&st, Viewer::Spectator);
            public = v
                .players
                .iter()
                .map(|p| p.known_followers.clone())
                .collect();
            let seat = Claim::to_act(&st)[0];
            let legal = Claim::legal_actions(&st, seat);
            let a = legal[r.below(legal.len())].clone();
            Claim::apply(&mut st, seat, &a).unwrap();
        }
        let v = Claim::view(&st, Viewer::Spectator);
        assert!(
            public.iter().any(|p| !p.is_empty()),
            "the game took cards face up"
        );
        for (seat, before) in public.iter().enumerate() {
            let known = &v.players[seat].known_hand;
            for c in before {
                assert!(known.contains(c), "seat {seat}: {c:?} forgotten");
            }
            let mut hand = st.players[seat].hand.clone();
            for c in known {
                let i = hand
                    .iter()
                    .position(|h| h == c)
                    .expect("a known card is in the hand");
                hand.remove(i);
            }
        }
        // The owner sees its whole hand; known cards leave the list when played.
        assert!(
            Claim::view(&st, Viewer::Seat(0)).players[0]
                .known_hand
                .is_empty()
        );
        while st.phase == Phase::Favour {
            let seat = Claim::to_act(&st)[0];
            let legal = Claim::legal_actions(&st, seat);
            let a = legal[r.below(legal.len())].clone();
            Claim::apply(&mut st, seat, &a).unwrap();
            for p in &Claim::view(&st, Viewer::Spectator).players {
                let mut hand = st.players[p.seat].hand.clone();
                for c in &p.known_hand {
                    let i = hand.iter().position(|h| h == c).expect("still in the hand");
                    hand.remove(i);
                }
            }
        }
    }
}
