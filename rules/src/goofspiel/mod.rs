//! Goofspiel, the game of pure strategy: a small game used only by the tests and by
//! `docs/adding-a-game.md`, the proof that a game plays through the server from its folder and
//! one line of [`crate::registry`]. It has no `.proto` of its own: clients play it by action id,
//! and its view reaches them as the generic fields (who acts, the legal actions, the outcome).
//!
//! Rules (prefix `GSP`, not a rulebook of ours, so not in `docs/rules/`):
//!
//! - **GSP-1** Each seat holds the cards `1..=N` of one suit; the prize deck (`1..=N` of another)
//!   is shuffled face down and its top card turned up.
//! - **GSP-2** Every seat bids one card of its hand in secret, at the same time; a sealed bid is
//!   final.
//! - **GSP-3** When all have bid, the bids are shown and spent. The single highest bid takes the
//!   prize (its value in points); when the highest bid is shared, nobody takes it. The next prize
//!   is turned up.
//! - **GSP-4** After the last prize, the most points win; equal points share the place.
//!
//! Files: `types.rs` (config, actions, events, view), `play.rs` (setup and the four rules),
//! `bot.rs` (what a bot may not see, dealt again).

mod bot;
mod play;
mod types;

#[cfg(test)]
mod tests;

pub use play::GoofspielState;
pub use types::*;

use crate::{Game, Mode, Outcome, RuleViolation, Seat, SetupError, Viewer};

/// The Goofspiel rules.
pub struct Goofspiel;

impl Game for Goofspiel {
    const NAME: &'static str = "goofspiel";
    const TITLE: &'static str = "Goofspiel (test game)";
    const RULES_VERSION: u32 = 1;

    type Config = GoofspielConfig;
    type Scenario = GoofspielScenario;
    type State = GoofspielState;
    type Action = GoofspielAction;
    type Event = GoofspielEvent;
    type View = GoofspielView;

    fn modes() -> Vec<Mode<GoofspielConfig>> {
        vec![
            Mode {
                name: "two_player",
                seats: 2,
                description: "two players, five cards each",
                config: GoofspielConfig { seats: 2, cards: 5 },
            },
            Mode {
                name: "three_player",
                seats: 3,
                description: "three players, four cards each",
                config: GoofspielConfig { seats: 3, cards: 4 },
            },
        ]
    }

    fn seat_count(config: &GoofspielConfig) -> Result<usize, SetupError> {
        config.check()?;
        Ok(config.seats.into())
    }

    fn setup(config: &GoofspielConfig, seed: u64) -> Result<GoofspielState, SetupError> {
        play::setup(config, None, seed)
    }

    fn setup_scenario(
        config: &GoofspielConfig,
        scenario: &GoofspielScenario,
        seed: u64,
    ) -> Result<GoofspielState, SetupError> {
        play::setup(config, Some(&scenario.prizes), seed)
    }

    fn setup_events(state: &GoofspielState) -> Vec<GoofspielEvent> {
        state
            .prize
            .map(|prize| GoofspielEvent::PrizeTurnedUp { prize })
            .into_iter()
            .collect()
    }

    fn to_act(state: &GoofspielState) -> Vec<Seat> {
        play::to_act(state)
    }

    fn legal_actions(state: &GoofspielState, seat: Seat) -> Vec<GoofspielAction> {
        play::legal_bids(state, seat)
    }

    fn apply(
        state: &mut GoofspielState,
        seat: Seat,
        action: &GoofspielAction,
    ) -> Result<Vec<GoofspielEvent>, RuleViolation> {
        play::bid(state, seat, action)
    }

    fn view(state: &GoofspielState, viewer: Viewer) -> GoofspielView {
        play::view(state, viewer)
    }

    fn redact_event(event: &GoofspielEvent, viewer: Viewer) -> Option<GoofspielEvent> {
        Some(match *event {
            GoofspielEvent::BidSealed { seat, .. } if viewer != Viewer::Seat(seat) => {
                GoofspielEvent::BidSealed { seat, card: None }
            }
            ref e => e.clone(),
        })
    }

    fn outcome(state: &GoofspielState) -> Option<Outcome> {
        play::outcome(state)
    }

    fn action_id(action: &GoofspielAction) -> String {
        let GoofspielAction::Bid(card) = action;
        format!("bid:{card}")
    }

    fn parse_action_id(id: &str) -> Option<GoofspielAction> {
        let card = id.strip_prefix("bid:")?;
        // Only the canonical spelling parses, so an id names one action.
        let n: u8 = card.parse().ok()?;
        (n.to_string() == card).then_some(GoofspielAction::Bid(n))
    }

    fn action_label(state: &GoofspielState, action: &GoofspielAction) -> String {
        let GoofspielAction::Bid(card) = action;
        match state.prize {
            Some(prize) => format!("Bid {card} for the prize worth {prize}"),
            None => format!("Bid {card}"),
        }
    }

    fn event_summary(event: &GoofspielEvent) -> String {
        event.to_string()
    }
}
