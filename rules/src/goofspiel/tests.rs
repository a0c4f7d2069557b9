//! Goofspiel's rules by example, its random playouts through the conformance checker, and its
//! bot checks.

use super::*;
use crate::bots::check::play_and_check;
use crate::conformance::{self, Depth, Limits};
use crate::{Game, GameRng};

fn two() -> GoofspielConfig {
    GoofspielConfig { seats: 2, cards: 3 }
}

fn scenario(prizes: &[u8]) -> GoofspielState {
    let s = GoofspielScenario {
        prizes: prizes.to_vec(),
    };
    Goofspiel::setup_scenario(&two(), &s, 1).unwrap()
}

#[test]
fn gsp_1_hands_and_one_prize_up() {
    let st = scenario(&[2, 3, 1]);
    let v = Goofspiel::view(&st, Viewer::Spectator);
    assert_eq!((v.prize, v.prizes_left), (Some(2), 2));
    assert_eq!(v.hands, vec![vec![1, 2, 3]; 2]);
    let bad = GoofspielScenario {
        prizes: vec![1, 1, 2],
    };
    assert_eq!(
        Goofspiel::setup_scenario(&two(), &bad, 1).unwrap_err().rule,
        "GSP-1"
    );
    let too_many = GoofspielConfig { seats: 4, cards: 3 };
    assert_eq!(Goofspiel::seat_count(&too_many).unwrap_err().rule, "GSP-1");
}

#[test]
fn gsp_2_bids_are_sealed_and_final() {
    let mut st = scenario(&[2, 3, 1]);
    let ev = Goofspiel::apply(&mut st, 0, &GoofspielAction::Bid(3)).unwrap();
    assert_eq!(Goofspiel::to_act(&st), vec![1]);
    assert!(Goofspiel::legal_actions(&st, 0).is_empty());
    let again = Goofspiel::apply(&mut st, 0, &GoofspielAction::Bid(1));
    assert_eq!(again.unwrap_err().rule, "GSP-2");
    // The bid is the bidder's alone.
    let theirs = Goofspiel::redact_event(&ev[0], Viewer::Seat(1)).unwrap();
    assert_eq!(Goofspiel::event_summary(&theirs), "Seat 0 bids in secret");
    assert_eq!(Goofspiel::view(&st, Viewer::Seat(1)).my_bid, None);
    assert_eq!(Goofspiel::view(&st, Viewer::Seat(0)).my_bid, Some(3));
    assert_eq!(
        Goofspiel::apply(&mut st, 1, &GoofspielAction::Bid(4))
            .unwrap_err()
            .rule,
        "GSP-2"
    );
}

#[test]
fn gsp_3_the_single_highest_bid_takes_the_prize() {
    let mut st = scenario(&[2, 3, 1]);
    Goofspiel::apply(&mut st, 0, &GoofspielAction::Bid(3)).unwrap();
    let ev = Goofspiel::apply(&mut st, 1, &GoofspielAction::Bid(1)).unwrap();
    assert_eq!(
        Goofspiel::event_summary(&ev[1]),
        "Bids shown: seat 0 3 and seat 1 1; seat 0 takes the prize worth 2"
    );
    assert_eq!(
        Goofspiel::event_summary(&ev[2]),
        "The prize worth 3 is turned up"
    );
    // A shared highest bid: nobody takes it.
    Goofspiel::apply(&mut st, 0, &GoofspielAction::Bid(2)).unwrap();
    let ev = Goofspiel::apply(&mut st, 1, &GoofspielAction::Bid(2)).unwrap();
    assert!(matches!(
        ev[1],
        GoofspielEvent::BidsShown {
            winner: None,
            prize: 3,
            ..
        }
    ));
    assert_eq!(Goofspiel::view(&st, Viewer::Spectator).points, vec![2, 0]);
}

#[test]
fn gsp_4_most_points_win() {
    let mut st = scenario(&[3, 1, 2]);
    for (a, b) in [(3, 1), (1, 2), (2, 3)] {
        Goofspiel::apply(&mut st, 0, &GoofspielAction::Bid(a)).unwrap();
        Goofspiel::apply(&mut st, 1, &GoofspielAction::Bid(b)).unwrap();
    }
    let o = Goofspiel::outcome(&st).unwrap();
    assert_eq!((o.places, o.winners), (vec![1, 1], vec![0, 1]));
    assert_eq!(o.reason, "Shared victory: points 3 to 3");
}

#[test]
fn ids_parse_back_canonically() {
    for c in 1..=MAX_CARDS {
        let a = GoofspielAction::Bid(c);
        assert_eq!(
            Goofspiel::parse_action_id(&Goofspiel::action_id(&a)),
            Some(a)
        );
    }
    assert_eq!(Goofspiel::parse_action_id("bid:03"), None);
    assert_eq!(Goofspiel::parse_action_id("bid:"), None);
}

/// Redaction as a seat may know it: its own bids only.
struct Knowledge;

impl conformance::Knowledge<Goofspiel> for Knowledge {
    fn shown(&mut self, viewer: Viewer, event: Option<&GoofspielEvent>) {
        if let Some(GoofspielEvent::BidSealed { seat, card }) = event {
            assert_eq!(
                card.is_some(),
                viewer == Viewer::Seat(*seat),
                "GSP-2: {viewer:?} is shown seat {seat}'s sealed bid"
            );
        }
    }

    fn check_view(&self, st: &GoofspielState, viewer: Viewer, view: &GoofspielView) {
        assert_eq!(view.my_bid, viewer.seat().and_then(|s| st.bids[s]));
    }
}

struct Harness(GameRng);

impl conformance::Harness<Goofspiel> for Harness {
    const RULE_PREFIX: &'static str = "GSP-";

    fn candidates(
        &mut self,
        st: &GoofspielState,
        _legal: &[Vec<GoofspielAction>],
    ) -> Vec<(Seat, GoofspielAction)> {
        (0..st.hands.len())
            .flat_map(|s| (0..=MAX_CARDS + 1).map(move |c| (s, GoofspielAction::Bid(c))))
            .collect()
    }

    fn choose(
        &mut self,
        _st: &GoofspielState,
        to_act: &[Seat],
        legal: &[Vec<GoofspielAction>],
    ) -> Option<(Seat, GoofspielAction)> {
        let seat = to_act[self.0.below(to_act.len())];
        let l = &legal[seat];
        Some((seat, l[self.0.below(l.len())].clone()))
    }

    fn depth(&mut self, _step: usize) -> Depth {
        Depth::FULL
    }
}

#[test]
fn random_playouts_keep_every_invariant() {
    for mode in Goofspiel::modes() {
        for seed in 0..conformance::games(40) {
            let limits = Limits {
                max_steps: usize::MAX,
                round_trip_at: (seed % 7) as usize,
            };
            let mut h = Harness(GameRng::from_seed(seed));
            let played = conformance::playout::<Goofspiel, _, _>(
                &mode.config,
                seed,
                &mut h,
                &mut Knowledge,
                limits,
            );
            assert!(Goofspiel::is_over(&played.state), "GSP-4: every game ends");
        }
    }
}

#[test]
fn bots_are_honest_and_legal() {
    for mode in Goofspiel::modes() {
        let seen = play_and_check::<Goofspiel>(&mode.config, 0..6, 1);
        assert!(seen.varied > 0, "the determinizer hides the prize order");
    }
}
