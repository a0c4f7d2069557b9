//! Crown of Emara (Czech: Koruna Emará), spec `docs/rules/emara.md`, rule prefix `EMR`: 1–4
//! players, solo against the automaton Victoria (EMR-16), both variants (random layout, full
//! selection, EMR-15) and the solo campaign.
//!
//! Modules, one job each: `data` (the component data files, G1–G7), `setup` (config, randomness,
//! starting positions, D2/D3), `round` (event phase, turn order, end of round, Victoria),
//! `turn` (card play, card actions, movement, shared gains and markers), `locations` (location
//! actions), `favor` (favor tokens), `bonus` (bonus actions and advisor abilities), `payment`
//! (resource payments, coin joker, discounts), `scoring` (end of game), `decisions` (legal
//! actions and refusals), `view` and `events` (hidden information), `actions` (ids and labels),
//! `campaign` (the solo campaign), `state` (the zones).

mod actions;
mod bonus;
mod bot;
mod campaign;
mod data;
mod decisions;
mod effects;
mod events;
mod favor;
mod inline;
pub mod limits;
mod locations;
mod payment;
mod round;
mod scoring;
mod setup;
mod state;
pub mod text;
mod turn;
mod types;
mod view;

#[cfg(test)]
mod tests;

pub use data::{
    ADVISORS_JSON, AdvisorData, DataError, DataFiles, EVENTS_JSON, EmaraData, EventData,
    FAVOR_TOKENS_JSON, HUTS_JSON, MARKERS_JSON, MarkerData, NOBILITY_JSON, PLAYER_BOARD_JSON,
    RankData, data, validate_data,
};
pub use scoring::best_split;
pub use state::EmaraState;
pub use types::*;

use crate::{Campaign, Game, Outcome, RuleViolation, Seat, SetupError, Viewer};

/// The Crown of Emara rules.
pub struct Emara;

impl Game for Emara {
    const NAME: &'static str = "emara";
    const TITLE: &'static str = "Crown of Emara";
    /// 2: coin exchanges that change nothing are no longer legal actions (issue 15).
    const RULES_VERSION: u32 = 2;

    type Config = EmaraConfig;
    type Scenario = EmaraScenario;
    type State = EmaraState;
    type Action = EmaraAction;
    type Event = EmaraEvent;
    type View = EmaraView;

    fn modes() -> Vec<crate::Mode<EmaraConfig>> {
        text::modes()
    }

    fn seat_count(config: &EmaraConfig) -> Result<usize, SetupError> {
        setup::seat_count(config)
    }

    fn setup(config: &EmaraConfig, seed: u64) -> Result<EmaraState, SetupError> {
        setup::setup_inner(config, None, seed).map(|(st, _)| st)
    }

    fn setup_scenario(
        config: &EmaraConfig,
        scenario: &EmaraScenario,
        seed: u64,
    ) -> Result<EmaraState, SetupError> {
        setup::setup_inner(config, Some(scenario), seed).map(|(st, _)| st)
    }

    /// Layout, advisors, the setup event card, start player, building start, councilors,
    /// decks and hands, and (unless the random layout asks for D2/D3 first) round 1's event.
    fn setup_events(state: &EmaraState) -> Vec<EmaraEvent> {
        setup::setup_inner(&state.config, state.scenario.as_deref(), state.seed)
            .map(|(_, ev)| ev)
            .unwrap_or_default()
    }

    /// One seat decides at a time, except the leftover split after round 6 (D29), which every
    /// seat may submit at once; nobody once the game is over.
    fn to_act(state: &EmaraState) -> Vec<Seat> {
        decisions::pending_seats(&state.pending)
    }

    fn legal_actions(state: &EmaraState, seat: Seat) -> Vec<EmaraAction> {
        decisions::legal_actions(state, seat)
    }

    /// Checks first (no change on error), then applies the decision and every automatic step it
    /// triggers (event phases, Victoria, end of round, scoring), up to the next decision.
    fn apply(
        state: &mut EmaraState,
        seat: Seat,
        action: &EmaraAction,
    ) -> Result<Vec<EmaraEvent>, RuleViolation> {
        decisions::check(state, seat, action)?;
        let st = state;
        let mut ev = Vec::with_capacity(8);
        use EmaraAction as A;
        match *action {
            A::RelocateStartCouncilor { from, to } => setup::relocate(st, from, to, &mut ev),
            A::ChooseStartingResource(r) => setup::choose_resource(st, seat, r, &mut ev),
            A::PlayCard { card, slot } => turn::play_card(st, seat, card, slot, &mut ev),
            A::CardCoins(p) => turn::card_coins(st, seat, p, &mut ev),
            A::DeclineCardAction => turn::decline_card(st, seat, &mut ev),
            A::CardStep(ring) => turn::card_step(st, seat, ring, &mut ev),
            A::CardHire(h) => {
                match h {
                    Hire::Craftsman {
                        location,
                        hut,
                        payment,
                    } => bonus::hire_craftsman(st, seat, location, hut, payment, &mut ev),
                    Hire::Advisor { advisor, payment } => {
                        bonus::recruit_advisor(st, seat, advisor, payment, &mut ev)
                    }
                }
                st.turn.card_done = true;
            }
            A::CardCity(loc) => turn::card_city(st, seat, loc, &mut ev),
            A::Move(ring) => turn::movement(st, seat, ring, &mut ev),
            A::Harvest(h) => locations::harvest(st, seat, h, &mut ev),
            A::CathedralDonate { resource, payment } => {
                locations::donate(st, seat, resource, payment, &mut ev)
            }
            A::KeepFavorToken(t) => favor::keep(st, seat, t, &mut ev),
            A::CastleGift { resource, payment } => {
                locations::gift(st, seat, resource, payment, &mut ev)
            }
            A::CastleBookForBp => locations::castle_book(st, seat, &mut ev),
            A::MarketBuyCoins(p) => locations::market_coins(st, seat, p, &mut ev),
            A::MarketSellBooks(n) => locations::sell_books(st, seat, n, &mut ev),
            A::BuildStone(p) => locations::build_stone(st, seat, p, &mut ev),
            A::BuildBread(n) => locations::build_bread(st, seat, n, &mut ev),
            A::BuildWood(p) => locations::build_wood(st, seat, p, &mut ev),
            A::FinishLocationAction => locations::finish_visit(st, seat, &mut ev),
            A::RedeemFavorToken(t) => favor::redeem(st, seat, t, &mut ev),
            A::RaiseRank => bonus::raise_rank(st, seat, &mut ev),
            A::HireCraftsman {
                location,
                hut,
                payment,
            } => {
                bonus::use_bonus(st, Bonus::HireCraftsman);
                bonus::hire_craftsman(st, seat, location, hut, payment, &mut ev)
            }
            A::RecruitAdvisor { advisor, payment } => {
                bonus::use_bonus(st, Bonus::RecruitAdvisor);
                bonus::recruit_advisor(st, seat, advisor, payment, &mut ev)
            }
            A::UseBaker { .. }
            | A::UseSchoolmarm(_)
            | A::UseBailiff
            | A::UseDressmaker(_)
            | A::UseLandlord(_)
            | A::UseMerchant { .. }
            | A::UseChamberlain(_) => bonus::use_ability(st, seat, action, &mut ev),
            A::EndTurn => turn::end_turn(st, seat, &mut ev),
            A::ResolveRoundEvent { option, payment } => {
                round::resolve_round_event(st, seat, option, payment, &mut ev)
            }
            A::AllocateLeftovers { to_cp } => scoring::allocate(st, seat, to_cp, &mut ev),
        }
        Ok(ev)
    }

    fn view(state: &EmaraState, viewer: Viewer) -> EmaraView {
        view::view(state, viewer)
    }

    fn redact_event(event: &EmaraEvent, viewer: Viewer) -> Option<EmaraEvent> {
        events::redact_event(event, viewer)
    }

    fn outcome(state: &EmaraState) -> Option<Outcome> {
        state.score.as_ref().map(scoring::outcome)
    }

    fn action_id(action: &EmaraAction) -> String {
        actions::action_id(action)
    }

    fn parse_action_id(id: &str) -> Option<EmaraAction> {
        actions::parse_action_id(id)
    }

    fn event_summary(event: &EmaraEvent) -> String {
        text::event_summary(event)
    }

    fn action_label(state: &EmaraState, action: &EmaraAction) -> String {
        actions::action_label(state, action)
    }
}

impl Campaign for Emara {
    type CampaignConfig = CampaignConfig;
    type CampaignState = CampaignState;
    type CampaignView = CampaignView;

    fn new_campaign(config: &CampaignConfig) -> Result<CampaignState, SetupError> {
        campaign::new_campaign(config)
    }

    fn next_game(campaign: &CampaignState) -> Option<EmaraConfig> {
        campaign::next_game(campaign)
    }

    fn fold(campaign: &mut CampaignState, finished: &EmaraState) -> Result<(), RuleViolation> {
        campaign::fold(campaign, finished)
    }

    fn campaign_view(campaign: &CampaignState) -> CampaignView {
        campaign::view(campaign)
    }
}
