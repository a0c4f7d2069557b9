//! Pantheon, spec `docs/rules/pantheon.md`, rule prefix `PTH`: 2–4 players, six epochs of a rising
//! nation (PTH-3, PTH-11), player turns with four actions (movement PTH-5/6, purchase PTH-7, take a
//! god PTH-8, draw PTH-9), loot/bonus/god effects (PTH-10, PTH-15), end of epoch and scorings
//! (PTH-12, PTH-13) and the bonus-choice variant (PTH-14).
//!
//! Modules, one job each: `types`, `actions`, `events`, `view` (the public vocabulary and the
//! hidden information of §8), `data` (the component files), `boards` (shipped map or graph
//! fixtures), `state` (zones, stones, network, placement rules), `setup` (§3, PTH-2), `flow`
//! (preparation PTH-3, turn end PTH-4, epoch end PTH-12, scoring PTH-13), `movement` (PTH-5,
//! PTH-6), `purchase` (PTH-7, Cartago), `gods` (PTH-8, PTH-15.5), `cards` (PTH-9), `effects`
//! (PTH-10, PTH-15), `nations` (PTH-11), `decisions` (§9: legal actions, refusals, dispatch),
//! `limits` (what a request may name at most, from the data).

mod actions;
pub mod boards;
mod bot;
mod cards;
pub mod data;
mod decisions;
mod effects;
mod events;
mod flow;
mod gods;
pub mod limits;
mod movement;
mod nations;
mod purchase;
mod refused;
mod setup;
mod state;
pub mod text;
mod types;
mod view;

#[cfg(test)]
mod tests;

pub use actions::PantheonAction;
pub use data::Catalog;
pub use events::*;
pub use state::{Card, Occ, PantheonState, Player};
pub use types::*;
pub use view::*;

use crate::{Game, Outcome, RuleViolation, Seat, SetupError, Viewer};

/// The Pantheon rules.
pub struct Pantheon;

impl Game for Pantheon {
    const NAME: &'static str = "pantheon";
    const TITLE: &'static str = "Pantheon";
    const RULES_VERSION: u32 = 1;

    type Config = PantheonConfig;
    type Scenario = PantheonScenario;
    type State = PantheonState;
    type Action = PantheonAction;
    type Event = PantheonEvent;
    type View = PantheonView;

    fn modes() -> Vec<crate::Mode<PantheonConfig>> {
        text::modes()
    }

    fn seat_count(config: &PantheonConfig) -> Result<usize, SetupError> {
        setup::seat_count(config)
    }

    fn setup(config: &PantheonConfig, seed: u64) -> Result<PantheonState, SetupError> {
        setup::setup_inner(config, None, seed).map(|(st, _)| st)
    }

    fn setup_scenario(
        config: &PantheonConfig,
        scenario: &PantheonScenario,
        seed: u64,
    ) -> Result<PantheonState, SetupError> {
        setup::setup_inner(config, Some(scenario), seed).map(|(st, _)| st)
    }

    /// Setup and the first epoch's preparation up to the first decision: the display, the
    /// dealt hands and bonus tokens (owner only), nation, gods, loot, demigods, temple.
    fn setup_events(state: &PantheonState) -> Vec<PantheonEvent> {
        setup::setup_inner(&state.config, state.scenario.as_ref(), state.seed)
            .map(|(_, ev)| ev)
            .unwrap_or_default()
    }

    fn to_act(state: &PantheonState) -> Vec<Seat> {
        decisions::to_act(state)
    }

    fn legal_actions(state: &PantheonState, seat: Seat) -> Vec<PantheonAction> {
        decisions::legal_actions(state, seat)
    }

    /// Accepts exactly the listed actions (state unchanged otherwise), then runs every
    /// automatic step up to the next decision.
    fn apply(
        state: &mut PantheonState,
        seat: Seat,
        action: &PantheonAction,
    ) -> Result<Vec<PantheonEvent>, RuleViolation> {
        decisions::apply(state, seat, action)
    }

    fn view(state: &PantheonState, viewer: Viewer) -> PantheonView {
        view::view(state, viewer)
    }

    fn redact_event(event: &PantheonEvent, viewer: Viewer) -> Option<PantheonEvent> {
        events::redact_event(event, viewer)
    }

    /// PTH-13.6: most VP; ties broken by the number of demigod tokens; still tied: all win.
    fn outcome(state: &PantheonState) -> Option<Outcome> {
        if !state.over {
            return None;
        }
        let (places, winners) = flow::standings(state);
        let vp: Vec<String> = state.players.iter().map(|p| p.vp.to_string()).collect();
        let reason = if winners.len() > 1 {
            let seats: Vec<String> = winners.iter().map(|s| format!("seat {s}")).collect();
            format!(
                "Shared victory: {} tie on VP and demigod tokens ({} VP)",
                seats.join(" and "),
                vp.join(" / ")
            )
        } else {
            format!("{} VP", vp.join(" / "))
        };
        Some(Outcome {
            places,
            winners,
            draw: false,
            reason,
        })
    }

    fn action_id(action: &PantheonAction) -> String {
        actions::action_id(action)
    }

    fn parse_action_id(id: &str) -> Option<PantheonAction> {
        actions::parse_action_id(id)
    }

    fn event_summary(event: &PantheonEvent) -> String {
        text::event_summary(event)
    }

    fn action_label(state: &PantheonState, action: &PantheonAction) -> String {
        actions::action_label(state, action)
    }
}
