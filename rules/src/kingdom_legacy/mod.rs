//! Kingdom Legacy: Feudal Kingdom, spec `docs/rules/kingdom_legacy.md`, rule prefix `KLG`: a solo
//! legacy game whose kingdom carries over from play to play.
//!
//! One engine game is one *sitting* (design note): it starts from a brand-new kingdom (§3.1) or
//! from a stored [`KingdomRecord`] (§3.2, §7.1) and ends when the kingdom is stored between
//! rounds (`suspend`, KLG-16) or the campaign is closed. The [`Campaign`] impl carries the
//! record from sitting to sitting.
//!
//! Modules, one job each: `types`, `data` (the card language and packs), `validate` and
//! `authoring` (content checks), `state` (zones, record, resolution machinery), `actions`,
//! `events`, `view` (hidden information, §8), `setup` (§3, resume, reset KLG-11.5, the record),
//! `flow` (the driver: turns, rounds, discovery, last round, §4–§5), `turn` (produce, upgrade,
//! use effect, march, pass, KLG-6), `effects` (the instruction interpreter, KLG-8),
//! `triggers` (the pending pool, KLG-8.6), `selectors` (selectors, filters, modifiers),
//! `cards` (zone moves, block, destroy, turn, stickers, ticks, discovery: KLG-9–15),
//! `scoring` (§6), `purge` (expansions and purge, KLG-18/19), `decisions` (§9: legal actions,
//! refusals, dispatch), `campaign`.

pub mod actions;
pub mod authoring;
mod bot;
mod campaign;
mod card_table;
mod cards;
pub mod data;
mod decisions;
mod effects;
pub mod events;
mod flow;
pub mod limits;
mod pack;
mod purge;
mod scoring;
mod selectors;
mod setup;
pub mod state;
pub mod text;
mod triggers;
mod turn;
pub mod types;
pub mod validate;
pub mod view;

#[cfg(test)]
mod tests;

pub use actions::KlgAction;
pub use campaign::{CampaignConfig, CampaignState, CampaignView, SittingSummary};
pub use card_table::CardTable;
pub use data::{Content, DataError, Pack, PackFiles};
pub use events::{KlgEvent, PlayCause};
pub use scoring::{card_fame, kingdom_fame, purge_fame_total};
pub use state::*;
pub use types::*;
pub use view::*;

use crate::{Campaign, Game, Outcome, RuleViolation, Seat, SetupError, Viewer};

/// The Kingdom Legacy rules.
pub struct KingdomLegacy;

impl State {
    /// The persistent record of §7.1 (valid at a round boundary, KLG-16.4).
    pub fn record(&self) -> KingdomRecord {
        setup::record(self)
    }
}

impl Game for KingdomLegacy {
    const NAME: &'static str = "kingdom_legacy";
    const TITLE: &'static str = "Kingdom Legacy: Feudal Kingdom";
    /// 2: the rules faults of issue 15 (KLG-10.5, 10.10, 13.5, 19.9) change how stored games
    /// replay.
    const RULES_VERSION: u32 = 2;
    /// A card filter skips its unset fields when serialised: compact, a filter on a
    /// subcategory alone would read back as one on a category.
    const COMPACT_READS_BACK: bool = false;

    type Config = Config;
    type Scenario = Scenario;
    type State = State;
    type Action = KlgAction;
    type Event = KlgEvent;
    type View = KlgView;

    /// KLG-1.1: always one seat.
    fn modes() -> Vec<crate::Mode<Config>> {
        text::modes()
    }

    fn seat_count(config: &Config) -> Result<usize, SetupError> {
        setup::check_config(config)?;
        Ok(1)
    }

    fn setup(config: &Config, seed: u64) -> Result<State, SetupError> {
        setup::setup(config, None, seed).map(|(st, _)| st)
    }

    fn setup_scenario(
        config: &Config,
        scenario: &Scenario,
        seed: u64,
    ) -> Result<State, SetupError> {
        setup::setup(config, Some(scenario), seed).map(|(st, _)| st)
    }

    fn setup_events(state: &State) -> Vec<KlgEvent> {
        setup::opening_events(state)
    }

    fn to_act(state: &State) -> Vec<Seat> {
        if state.ended.is_some() {
            Vec::new()
        } else {
            vec![0]
        }
    }

    fn legal_actions(state: &State, seat: Seat) -> Vec<KlgAction> {
        if seat != 0 {
            return Vec::new();
        }
        decisions::legal_actions(state)
    }

    /// Accepts exactly the listed actions (state unchanged otherwise), then runs every
    /// automatic step up to the next decision.
    fn apply(
        state: &mut State,
        seat: Seat,
        action: &KlgAction,
    ) -> Result<Vec<KlgEvent>, RuleViolation> {
        if seat != 0 {
            return Err(RuleViolation::new(
                "KLG-1.1",
                "the game has a single seat (seat 0)",
            ));
        }
        decisions::apply(state, action)
    }

    fn view(state: &State, viewer: Viewer) -> KlgView {
        view::view(state, viewer)
    }

    fn redact_event(event: &KlgEvent, viewer: Viewer) -> Option<KlgEvent> {
        events::redact_event(event, viewer)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        scoring::outcome(state)
    }

    fn action_id(action: &KlgAction) -> String {
        actions::action_id(action)
    }

    fn parse_action_id(id: &str) -> Option<KlgAction> {
        actions::parse_action_id(id)
    }

    fn event_summary(event: &KlgEvent) -> String {
        text::event_summary(event)
    }

    fn action_label(state: &State, action: &KlgAction) -> String {
        actions::action_label(state, action)
    }
}

impl Campaign for KingdomLegacy {
    type CampaignConfig = CampaignConfig;
    type CampaignState = CampaignState;
    type CampaignView = CampaignView;

    fn new_campaign(config: &CampaignConfig) -> Result<CampaignState, SetupError> {
        campaign::new_campaign(config)
    }

    fn next_game(campaign: &CampaignState) -> Option<Config> {
        campaign::next_game(campaign)
    }

    fn fold(campaign: &mut CampaignState, finished: &State) -> Result<(), RuleViolation> {
        campaign::fold(campaign, finished)
    }

    fn campaign_view(campaign: &CampaignState) -> CampaignView {
        campaign::view(campaign)
    }
}

/// The content of a pack. Tests may substitute crafted content for the current thread
/// (vectors that need cards the §12 test library lacks).
pub(crate) fn pack_content(pack: Pack) -> &'static Content {
    #[cfg(test)]
    if let Some(c) = tests::content_override() {
        return c;
    }
    pack.content()
}
