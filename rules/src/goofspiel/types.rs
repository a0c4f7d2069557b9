//! Goofspiel's vocabulary: its config, scenario, actions, events and view.

use crate::{Seat, SetupError};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most cards in a suit (a deck of playing cards has 13).
pub const MAX_CARDS: u8 = 13;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GoofspielConfig {
    /// 2 or 3.
    pub seats: u8,
    /// Cards per suit, `1..=MAX_CARDS`.
    pub cards: u8,
}

impl GoofspielConfig {
    /// GSP-1: two or three seats, one to thirteen cards.
    pub fn check(&self) -> Result<(), SetupError> {
        if !(2..=3).contains(&self.seats) {
            return Err(SetupError::new(
                "GSP-1",
                format!("{} seats (2 or 3)", self.seats),
            ));
        }
        if !(1..=MAX_CARDS).contains(&self.cards) {
            return Err(SetupError::new(
                "GSP-1",
                format!("{} cards a suit (1 to {MAX_CARDS})", self.cards),
            ));
        }
        Ok(())
    }
}

/// A fixed prize order (top first) instead of a shuffled one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GoofspielScenario {
    pub prizes: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GoofspielAction {
    /// GSP-2: bid this card of the hand.
    Bid(u8),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GoofspielEvent {
    /// GSP-1, GSP-3: the next prize is turned up.
    PrizeTurnedUp { prize: u8 },
    /// GSP-2: a seat sealed its bid; the card is shown to that seat only.
    BidSealed { seat: Seat, card: Option<u8> },
    /// GSP-3: the bids shown, by seat, and who took the prize (nobody on a shared highest bid).
    BidsShown {
        bids: Vec<u8>,
        prize: u8,
        winner: Option<Seat>,
    },
}

impl fmt::Display for GoofspielEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoofspielEvent::PrizeTurnedUp { prize } => {
                write!(f, "The prize worth {prize} is turned up")
            }
            GoofspielEvent::BidSealed {
                seat,
                card: Some(c),
            } => {
                write!(f, "Seat {seat} bids {c} in secret")
            }
            GoofspielEvent::BidSealed { seat, card: None } => {
                write!(f, "Seat {seat} bids in secret")
            }
            GoofspielEvent::BidsShown {
                bids,
                prize,
                winner,
            } => {
                let shown: Vec<String> = bids
                    .iter()
                    .enumerate()
                    .map(|(s, b)| format!("seat {s} {b}"))
                    .collect();
                write!(f, "Bids shown: {}; ", crate::text::and_list(&shown))?;
                match winner {
                    Some(s) => write!(f, "seat {s} takes the prize worth {prize}"),
                    None => write!(
                        f,
                        "the highest bid is shared, nobody takes the prize worth {prize}"
                    ),
                }
            }
        }
    }
}

/// What a viewer sees: everything but the prize order and the other seats' sealed bids.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GoofspielView {
    /// The prize turned up; `None` once the game is over.
    pub prize: Option<u8>,
    pub prizes_left: usize,
    /// Every seat's cards left (public: each bid is shown once spent).
    pub hands: Vec<Vec<u8>>,
    pub points: Vec<u32>,
    /// Which seats have sealed their bid for this prize.
    pub committed: Vec<bool>,
    /// The viewer's own sealed bid.
    pub my_bid: Option<u8>,
}
