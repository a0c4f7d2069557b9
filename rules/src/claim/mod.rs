//! Claim 2 with the Claim 1 factions (spec `docs/rules/claim.md`, rule prefix `CLM`): base 2-player
//! game, custom 2-player deck, 3 players and 4 players in teams.
//!
//! Modules, one job each: `cards` (data file), `setup` (config, randomness, dealing), `trick`
//! (following suit, ranking, D1), `recruiting` (phase 1), `favour` (phase 2), `scoring` (end of
//! game), `decisions` (legal actions and refusals), `view` and `events` (hidden information),
//! `actions` (ids and labels), `state` (the zones).

mod actions;
mod bot;
mod cards;
mod decisions;
mod events;
mod favour;
pub mod limits;
mod recruiting;
mod scoring;
mod setup;
mod state;
pub mod text;
mod trick;
mod types;
mod view;

#[cfg(test)]
mod tests;

pub use cards::{CARDS_JSON, CardData, CardDataError, card_data, validate_card_data};
pub use state::ClaimState;
pub use types::*;

use crate::{Game, Outcome, RuleViolation, Seat, SetupError, Viewer};

/// The Claim rules.
pub struct Claim;

impl Game for Claim {
    const NAME: &'static str = "claim";
    const TITLE: &'static str = "Claim 2 (with the Claim 1 factions)";
    const RULES_VERSION: u32 = 1;

    type Config = ClaimConfig;
    type Scenario = ClaimScenario;
    type State = ClaimState;
    type Action = ClaimAction;
    type Event = ClaimEvent;
    type View = ClaimView;

    fn modes() -> Vec<crate::Mode<ClaimConfig>> {
        text::modes()
    }

    fn seat_count(config: &ClaimConfig) -> Result<usize, SetupError> {
        setup::seat_count(config)
    }

    fn check_config(config: &ClaimConfig) -> Result<(), SetupError> {
        setup::validate(config)
    }

    fn setup(config: &ClaimConfig, seed: u64) -> Result<ClaimState, SetupError> {
        setup::setup(config, seed)
    }

    fn setup_scenario(
        config: &ClaimConfig,
        scenario: &ClaimScenario,
        seed: u64,
    ) -> Result<ClaimState, SetupError> {
        setup::setup_scenario(config, scenario, seed)
    }

    /// The deals and the first reveal.
    fn setup_events(state: &ClaimState) -> Vec<ClaimEvent> {
        setup::setup_events(state)
    }

    /// Exactly one seat decides at a time (section 9); nobody once the game is over.
    fn to_act(state: &ClaimState) -> Vec<Seat> {
        decisions::pending_seat(&state.pending)
            .into_iter()
            .collect()
    }

    fn legal_actions(state: &ClaimState, seat: Seat) -> Vec<ClaimAction> {
        decisions::legal_actions(state, seat)
    }

    /// Checks first (no change on error), then applies the decision and every automatic step it
    /// triggers (section 9), up to the next decision.
    fn apply(
        state: &mut ClaimState,
        seat: Seat,
        action: &ClaimAction,
    ) -> Result<Vec<ClaimEvent>, RuleViolation> {
        decisions::check(state, seat, action)?;
        let mut ev = Vec::with_capacity(8);
        match *action {
            ClaimAction::PlayCard(card) => trick::play_card(state, seat, card, &mut ev),
            ClaimAction::SeerPeek => recruiting::seer_peek(state, seat, &mut ev),
            ClaimAction::SeerDecline => recruiting::seer_decline(state, seat, &mut ev),
            ClaimAction::SeerTakeTop => recruiting::seer_take_top(state, seat, &mut ev),
            ClaimAction::SeerTakeRevealed => recruiting::seer_take_revealed(state, seat, &mut ev),
            ClaimAction::TakeRevealed(slot) => {
                recruiting::take_revealed_choice(state, slot as usize, &mut ev)
            }
            ClaimAction::CrushGnome(value) => favour::crush_gnome(state, seat, value, &mut ev),
            ClaimAction::FinishCrushing => favour::finish_crushing(state, seat, &mut ev),
        }
        Ok(ev)
    }

    fn view(state: &ClaimState, viewer: Viewer) -> ClaimView {
        view::view(state, viewer)
    }

    fn redact_event(event: &ClaimEvent, viewer: Viewer) -> Option<ClaimEvent> {
        events::redact_event(event, viewer)
    }

    fn outcome(state: &ClaimState) -> Option<Outcome> {
        state.score.as_ref().map(|s| scoring::outcome(state, s))
    }

    fn action_id(action: &ClaimAction) -> String {
        actions::action_id(action)
    }

    fn parse_action_id(id: &str) -> Option<ClaimAction> {
        actions::parse_action_id(id)
    }

    fn event_summary(event: &ClaimEvent) -> String {
        text::event_summary(event)
    }

    fn action_label(state: &ClaimState, action: &ClaimAction) -> String {
        actions::action_label(state, action)
    }
}
