//! Panovník (Viceroy), spec `docs/rules/panovnik.md`, rule prefix `PNV`: 1–4 real players, virtual
//! opponents (solo and the variant, PNV-11, PNV-12), 12 rounds of a sealed-bid auction and a sealed
//! three-step building phase, pyramids of character and law cards, end-game recolouring and the
//! seven scoring steps.
//!
//! Every simultaneous step (starting card, bids, negotiation claims, build selections,
//! recolouring) is a sealed commit: each seat's choice is stored in the state, shown only to
//! that seat, replaceable until the last missing commit, whose `apply` reveals all choices at
//! once (`flow`).
//!
//! Modules, one job each: `types`, `actions`, `events`, `view` (the public vocabulary, hidden
//! information of section 8), `data` (the card files), `state` (zones and the phase machine),
//! `flow` (the driver and sealed steps), `setup` (section 3, PNV-2), `pyramid` (PNV-4 geometry),
//! `auction` (PNV-5), `virtual_opponents` (PNV-11, PNV-12), `passing` (PNV-6), `building`
//! (PNV-7), `rewards` (PNV-8), `laws` (PNV-9), `scoring` (PNV-10), `decisions` (section 9:
//! legal actions, refusals, dispatch).

mod actions;
mod auction;
mod bot;
mod building;
pub mod data;
mod decisions;
mod events;
mod flow;
mod laws;
mod passing;
mod pyramid;
mod rewards;
mod scoring;
mod setup;
mod state;
pub mod text;
mod types;
mod view;
mod virtual_opponents;

#[cfg(test)]
mod tests;

pub use actions::PanovnikAction;
pub use data::{CardFace, Catalog};
pub use events::*;
pub use state::PanovnikState;
pub use types::*;
pub use view::*;

use crate::{Game, Outcome, RuleViolation, Seat, SetupError, Viewer};

/// The Panovník rules.
pub struct Panovnik;

impl Game for Panovnik {
    const NAME: &'static str = "panovnik";
    const TITLE: &'static str = "Panovník (Viceroy)";
    /// 2: an "any colour" eternal gem may be any colour the player can obtain (PNV-8.9, issue
    /// 15), which changes the legal actions of stored games.
    const RULES_VERSION: u32 = 2;

    type Config = PanovnikConfig;
    type Scenario = PanovnikScenario;
    type State = PanovnikState;
    type Action = PanovnikAction;
    type Event = PanovnikEvent;
    type View = PanovnikView;

    fn modes() -> Vec<crate::Mode<PanovnikConfig>> {
        text::modes()
    }

    fn seat_count(config: &PanovnikConfig) -> Result<usize, SetupError> {
        setup::seat_count(config)
    }

    fn setup(config: &PanovnikConfig, seed: u64) -> Result<PanovnikState, SetupError> {
        setup::setup_inner(config, None, seed).map(|(st, _)| st)
    }

    fn setup_scenario(
        config: &PanovnikConfig,
        scenario: &PanovnikScenario,
        seed: u64,
    ) -> Result<PanovnikState, SetupError> {
        setup::setup_inner(config, Some(scenario), seed).map(|(st, _)| st)
    }

    /// Auction cards, supply, starting gems (the returned pair for its owner only), the dealt
    /// characters (owner only) and the opening of the sealed starting-card choice.
    fn setup_events(state: &PanovnikState) -> Vec<PanovnikEvent> {
        setup::setup_inner(&state.config, state.scenario.as_ref(), state.seed)
            .map(|(_, ev)| ev)
            .unwrap_or_default()
    }

    /// The seats that still have to commit to the open sealed step, or the one seat of the
    /// pending sequential decision; nobody once the game is over.
    fn to_act(state: &PanovnikState) -> Vec<Seat> {
        decisions::to_act(state)
    }

    /// A seat that committed its sealed choice may replace it until the reveal.
    fn may_act_out_of_turn(state: &PanovnikState, seat: Seat) -> bool {
        state.committed(seat)
    }

    fn legal_actions(state: &PanovnikState, seat: Seat) -> Vec<PanovnikAction> {
        decisions::legal_actions(state, seat)
    }

    /// Accepts exactly the listed actions (state unchanged otherwise), then runs every
    /// automatic step up to the next decision.
    fn apply(
        state: &mut PanovnikState,
        seat: Seat,
        action: &PanovnikAction,
    ) -> Result<Vec<PanovnikEvent>, RuleViolation> {
        decisions::apply(state, seat, action)
    }

    fn view(state: &PanovnikState, viewer: Viewer) -> PanovnikView {
        view::view(state, viewer)
    }

    fn redact_event(event: &PanovnikEvent, viewer: Viewer) -> Option<PanovnikEvent> {
        events::redact_event(event, viewer)
    }

    fn outcome(state: &PanovnikState) -> Option<Outcome> {
        scoring::outcome(state)
    }

    fn action_id(action: &PanovnikAction) -> String {
        actions::action_id(action)
    }

    fn parse_action_id(id: &str) -> Option<PanovnikAction> {
        actions::parse_action_id(id)
    }

    fn event_summary(event: &PanovnikEvent) -> String {
        text::event_summary(event)
    }

    fn action_label(state: &PanovnikState, action: &PanovnikAction) -> String {
        actions::action_label(state, action)
    }
}
