//! The contract every game implements, in the spirit of OpenSpiel's `Game`/`State`.

use serde::{Serialize, de::DeserializeOwned};
use std::fmt::Debug;

/// Seats are numbered `0..N` clockwise.
pub type Seat = usize;

/// Who is looking at a state: a seated player or a spectator (no seat, public view only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    Seat(Seat),
    Spectator,
}

impl Viewer {
    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        }
    }
}

/// An action refused by the rules, naming the violated rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{rule}: {message}")]
pub struct RuleViolation {
    /// The spec's rule ID, e.g. `CLM-TRK.4`.
    pub rule: &'static str,
    pub message: String,
}

impl RuleViolation {
    pub fn new(rule: &'static str, message: impl Into<String>) -> Self {
        RuleViolation {
            rule,
            message: message.into(),
        }
    }
}

/// A config or scenario that cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{rule}: {message}")]
pub struct SetupError {
    /// The rule the config violates (e.g. `CLM-C2P.3`), or `config` for a malformed value.
    pub rule: &'static str,
    pub message: String,
    /// The option the refusal is about, by its name in the game's options (`players`), when
    /// one option is: the API edge reports the error on that field.
    pub field: Option<&'static str>,
}

impl SetupError {
    pub fn new(rule: &'static str, message: impl Into<String>) -> Self {
        SetupError {
            rule,
            message: message.into(),
            field: None,
        }
    }

    /// The same refusal, about the option `field`.
    pub fn on(self, field: &'static str) -> Self {
        SetupError {
            field: Some(field),
            ..self
        }
    }
}

/// The result of a finished game, game-neutral. Game-specific detail (votes, scores) lives in
/// the game's own view.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    /// Place of every seat, 1 = best; tied seats share a place. An automated opponent that is
    /// part of the rules (Emara's Victoria) takes a place too: a solo seat that lost is 2nd.
    pub places: Vec<u32>,
    /// Seats that won (several for a team or a shared victory); empty for a draw or a solo loss.
    /// A shared victory — seats tied after every tie-break whom the rules let all win (Emara,
    /// Panovník, Pantheon, Claim with three players) — lists each tied seat, all at place 1.
    pub winners: Vec<Seat>,
    /// True when the rules end the game tied with nobody winning (Claim with two players or two
    /// teams, every criterion tied); then `winners` is empty and every seat is at place 1. A
    /// shared victory is not a draw.
    pub draw: bool,
    /// Plain-words summary of how the result was decided, e.g. `"3 votes to 2"`; it begins with
    /// "Shared victory:" or "Draw:" for those results.
    pub reason: String,
}

/// One way to play a game that a client may name when it opens one (OpenSpiel's parameter
/// presets), e.g. Pantheon's `three_player`.
#[derive(Clone, Debug, PartialEq)]
pub struct Mode<C> {
    /// The game-neutral name, e.g. `base_2p`; unique within the game.
    pub name: &'static str,
    /// Seats a game of this mode needs (virtual opponents that are part of the rules are not
    /// seats).
    pub seats: usize,
    /// One line in plain English.
    pub description: &'static str,
    /// The config the mode stands for; options may set what the mode leaves open.
    pub config: C,
}

/// One game's rules. Implementations are pure and deterministic.
pub trait Game {
    /// The game type string used by the engine, e.g. `"claim"`.
    const NAME: &'static str;
    /// The game's name for people, e.g. `"Crown of Emara"`.
    const TITLE: &'static str;
    /// Bumped whenever the rules or the state format change in a way old snapshots cannot follow.
    const RULES_VERSION: u32;
    /// Every state, action and event reads back from a compact serde form (structs as
    /// sequences, as MessagePack's compact encoding writes them): true unless one of the types
    /// skips a field when serialising. A store may then keep the game's values compact without
    /// reading each back to check; the service's mapping conformance test restores stored
    /// snapshots and compares every view, so a wrong `true` is caught there.
    const COMPACT_READS_BACK: bool = true;

    type Config: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// An explicit starting position (fixed deck order, given hands, …) instead of a seed.
    type Scenario: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    type State: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    type Action: Clone + Debug + PartialEq + Eq + Serialize + DeserializeOwned;
    type Event: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;
    type View: Clone + Debug + PartialEq + Serialize;

    /// The modes a client may name, in the order they are listed; never empty.
    fn modes() -> Vec<Mode<Self::Config>>;

    /// Number of seats the config calls for (validates the config's seat-related parts).
    fn seat_count(config: &Self::Config) -> Result<usize, SetupError>;

    /// Whether the config can start a game, without setting one up: the API edge asks this
    /// before it creates anything, and validates nothing of the config the game does not.
    fn check_config(config: &Self::Config) -> Result<(), SetupError> {
        Self::seat_count(config).map(drop)
    }

    /// A new game from a config and a seed; all randomness is drawn from the seed.
    fn setup(config: &Self::Config, seed: u64) -> Result<Self::State, SetupError>;

    /// A new game from an explicit scenario; `seed` feeds any randomness the scenario leaves open.
    fn setup_scenario(
        config: &Self::Config,
        scenario: &Self::Scenario,
        seed: u64,
    ) -> Result<Self::State, SetupError>;

    /// The events of setup itself (deals, first reveals), unredacted; the log's version 0.
    fn setup_events(_state: &Self::State) -> Vec<Self::Event> {
        Vec::new()
    }

    /// The seats that must act now (several for a simultaneous step); empty when the game is over.
    fn to_act(state: &Self::State) -> Vec<Seat>;

    /// The legal actions of `seat` now (empty if it need not act, unless
    /// [`Game::may_act_out_of_turn`]).
    fn legal_actions(state: &Self::State, seat: Seat) -> Vec<Self::Action>;

    /// Whether `seat`, not to act, may still act: a seat that committed a sealed choice may
    /// replace it until the reveal (Panovník). No seat by default; the conformance checker
    /// holds every other seat to "to act ⇔ has legal actions".
    fn may_act_out_of_turn(_state: &Self::State, _seat: Seat) -> bool {
        false
    }

    /// Applies `action` for `seat`. Accepts exactly the actions `legal_actions` lists; on error
    /// the state is left unchanged. Returns the events the action caused, unredacted.
    fn apply(
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, RuleViolation>;

    /// What `viewer` may see of the state.
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;

    /// The event as `viewer` may see it (hidden card identities removed); `None` hides it fully.
    fn redact_event(event: &Self::Event, viewer: Viewer) -> Option<Self::Event>;

    /// The result once the game is over.
    fn outcome(state: &Self::State) -> Option<Outcome>;

    /// A stable identifier of the action, unique among the legal actions of one seat at one
    /// moment, e.g. `play:gnomes:3:1`. `parse_action_id` inverts it.
    fn action_id(action: &Self::Action) -> String;
    fn parse_action_id(id: &str) -> Option<Self::Action>;

    /// A short human-readable label for the seat that may take the action, e.g. `Play Gnome 3`.
    fn action_label(state: &Self::State, action: &Self::Action) -> String;

    /// A one-line English summary of an event as a viewer sees it (already redacted by
    /// [`Game::redact_event`]), e.g. `Seat 1 plays Gnome 3`.
    fn event_summary(event: &Self::Event) -> String;

    /// Whether the game is over.
    fn is_over(state: &Self::State) -> bool {
        Self::outcome(state).is_some()
    }
}

/// A game played as a campaign: a series of plays whose results carry over (Emara's solo
/// campaign, Kingdom Legacy's kingdom). Pure like [`Game`]: the service stores the campaign
/// state, starts each play from [`Campaign::next_game`] and folds every finished play back with
/// [`Campaign::fold`].
pub trait Campaign: Game {
    type CampaignConfig: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    type CampaignState: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// What a player may see of the campaign (it is never hidden from its owner).
    type CampaignView: Clone + Debug + PartialEq + Serialize;

    fn new_campaign(config: &Self::CampaignConfig) -> Result<Self::CampaignState, SetupError>;

    /// The config of the campaign's next play; `None` once the campaign is over.
    fn next_game(campaign: &Self::CampaignState) -> Option<Self::Config>;

    /// Folds a finished play (started from `next_game`) into the campaign. Refuses a state
    /// that is not over.
    fn fold(
        campaign: &mut Self::CampaignState,
        finished: &Self::State,
    ) -> Result<(), RuleViolation>;

    fn campaign_view(campaign: &Self::CampaignState) -> Self::CampaignView;
}
