//! Goofspiel's state, setup and rules, one function per rule.

use super::types::{GoofspielAction, GoofspielConfig, GoofspielEvent, GoofspielView};
use crate::{GameRng, Outcome, RuleViolation, Seat, SetupError, Viewer};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GoofspielState {
    pub(super) hands: Vec<Vec<u8>>,
    /// Face down, top last.
    pub(super) prizes: Vec<u8>,
    /// Turned up; `None` once the game is over.
    pub(super) prize: Option<u8>,
    /// Sealed bids of the current prize.
    pub(super) bids: Vec<Option<u8>>,
    pub(super) points: Vec<u32>,
    pub(super) rng: GameRng,
}

/// GSP-1: hands `1..=N`, the prize deck shuffled (or in the scenario's order), its top turned up.
pub fn setup(
    config: &GoofspielConfig,
    order: Option<&[u8]>,
    seed: u64,
) -> Result<GoofspielState, SetupError> {
    config.check()?;
    let suit: Vec<u8> = (1..=config.cards).collect();
    let mut rng = GameRng::from_seed(seed);
    let mut prizes = match order {
        Some(order) => {
            let mut sorted = order.to_vec();
            sorted.sort_unstable();
            if sorted != suit {
                return Err(SetupError::new(
                    "GSP-1",
                    format!("the prizes must be 1 to {} once each", config.cards),
                ));
            }
            order.iter().rev().copied().collect()
        }
        None => {
            let mut p = suit.clone();
            rng.shuffle(&mut p);
            p
        }
    };
    let seats = usize::from(config.seats);
    let prize = prizes.pop();
    Ok(GoofspielState {
        hands: vec![suit; seats],
        prizes,
        prize,
        bids: vec![None; seats],
        points: vec![0; seats],
        rng,
    })
}

/// GSP-2: every seat that has not bid yet on the prize turned up.
pub fn to_act(st: &GoofspielState) -> Vec<Seat> {
    if st.prize.is_none() {
        return Vec::new();
    }
    (0..st.bids.len())
        .filter(|&s| st.bids[s].is_none())
        .collect()
}

/// GSP-2: the bids of `seat` now: the cards of its hand (the candidates) that [`check`]
/// accepts, so the list and the refusals have one source.
pub fn legal_bids(st: &GoofspielState, seat: Seat) -> Vec<GoofspielAction> {
    let Some(hand) = st.hands.get(seat) else {
        return Vec::new();
    };
    hand.iter()
        .map(|&c| GoofspielAction::Bid(c))
        .filter(|a| check(st, seat, a).is_ok())
        .collect()
}

/// GSP-2: a seat bids once per prize, a card of its hand.
fn check(st: &GoofspielState, seat: Seat, action: &GoofspielAction) -> Result<(), RuleViolation> {
    let GoofspielAction::Bid(card) = *action;
    if !to_act(st).contains(&seat) {
        return Err(RuleViolation::new(
            "GSP-2",
            format!("seat {seat} has no bid to make"),
        ));
    }
    if !st.hands[seat].contains(&card) {
        return Err(RuleViolation::new(
            "GSP-2",
            format!("card {card} is not in seat {seat}'s hand"),
        ));
    }
    Ok(())
}

/// GSP-2: seals the bid; GSP-3 once every seat has bid.
pub fn bid(
    st: &mut GoofspielState,
    seat: Seat,
    action: &GoofspielAction,
) -> Result<Vec<GoofspielEvent>, RuleViolation> {
    check(st, seat, action)?;
    let GoofspielAction::Bid(card) = *action;
    st.bids[seat] = Some(card);
    let mut events = vec![GoofspielEvent::BidSealed {
        seat,
        card: Some(card),
    }];
    if st.bids.iter().all(Option::is_some) {
        events.extend(show_bids(st));
    }
    Ok(events)
}

/// GSP-3: the bids are shown and spent; a single highest bid takes the prize; the next is
/// turned up.
fn show_bids(st: &mut GoofspielState) -> Vec<GoofspielEvent> {
    let bids: Vec<u8> = st
        .bids
        .iter()
        .map(|b| b.expect("every seat has bid"))
        .collect();
    let prize = st.prize.expect("a prize is up while seats bid");
    let high = *bids.iter().max().expect("two or more seats");
    let mut highest = (0..bids.len()).filter(|&s| bids[s] == high);
    let winner = match (highest.next(), highest.next()) {
        (Some(s), None) => Some(s),
        _ => None,
    };
    if let Some(s) = winner {
        st.points[s] += u32::from(prize);
    }
    for (hand, b) in st.hands.iter_mut().zip(&bids) {
        hand.retain(|c| c != b);
    }
    st.bids.iter_mut().for_each(|b| *b = None);
    st.prize = st.prizes.pop();
    let mut events = vec![GoofspielEvent::BidsShown {
        bids,
        prize,
        winner,
    }];
    events.extend(
        st.prize
            .map(|prize| GoofspielEvent::PrizeTurnedUp { prize }),
    );
    events
}

/// GSP-4: places by points once the prizes are gone.
pub fn outcome(st: &GoofspielState) -> Option<Outcome> {
    if st.prize.is_some() {
        return None;
    }
    let places: Vec<u32> = st
        .points
        .iter()
        .map(|p| 1 + st.points.iter().filter(|q| *q > p).count() as u32)
        .collect();
    let best = *st.points.iter().max()?;
    let winners: Vec<Seat> = (0..st.points.len())
        .filter(|&s| st.points[s] == best)
        .collect();
    let points: Vec<String> = st.points.iter().map(u32::to_string).collect();
    let shared = winners.len() > 1;
    Some(Outcome {
        draw: false,
        reason: format!(
            "{}points {}",
            if shared { "Shared victory: " } else { "" },
            points.join(" to ")
        ),
        places,
        winners,
    })
}

/// Everything but the face-down prizes and the other seats' sealed bids.
pub fn view(st: &GoofspielState, viewer: Viewer) -> GoofspielView {
    GoofspielView {
        prize: st.prize,
        prizes_left: st.prizes.len(),
        hands: st.hands.clone(),
        points: st.points.clone(),
        committed: st.bids.iter().map(Option::is_some).collect(),
        my_bid: viewer.seat().and_then(|s| st.bids[s]),
    }
}
