//! The games this server hosts, behind one object-safe interface.
//!
//! Each game's rules (the `tablero-rules` crate) know nothing of protobuf; a game module here
//! maps its typed rules values to and from its proto messages ([`ProtoGame`]), and the generic
//! [`Hosted`] adapter turns any such game into a [`Session`] the service can drive.

/// A rules enum without payload ↔ its proto enum: `$to` always, `$from` (unknown and
/// UNSPECIFIED values are INVALID_ARGUMENT on the named field) when asked for. Shared by
/// the per-game mappings below (defined before their `mod` lines so they can use it).
macro_rules! enum_map {
    ($rules:ident => $pb:ident, $to:ident, { $($r:ident => $p:ident),* $(,)? }) => {
        fn $to(x: $rules) -> i32 {
            (match x {
                $($rules::$r => ::tablero_proto::v1::$pb::$p,)*
            }) as i32
        }
    };
    ($rules:ident <=> $pb:ident, $to:ident, $from:ident, $what:literal,
        { $($r:ident => $p:ident),* $(,)? }) => {
        enum_map!($rules => $pb, $to, { $($r => $p),* });

        fn $from(x: i32, field: &'static str) -> Result<$rules, $crate::error::ApiError> {
            match ::tablero_proto::v1::$pb::try_from(x) {
                $(Ok(::tablero_proto::v1::$pb::$p) => Ok($rules::$r),)*
                _ => Err($crate::error::ApiError::invalid(field, format!(concat!("no ", $what, " {}"), x))),
            }
        }
    };
}

pub mod bounds;
pub mod campaign;
pub mod claim;
pub mod emara;
pub mod emara_campaign;
pub mod kingdom_legacy;
pub mod kingdom_legacy_campaign;
pub mod panovnik;
pub mod pantheon;
pub mod wire;

use crate::error::ApiError;
use crate::store::blob::Blob;
use crate::store::record::SetupRecord;
use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::time::Instant;
use tablero_proto::v1 as pb;
use tablero_rules::bots::{self, BotGame, Budget, Knowledge, Level};
use tablero_rules::{Game, Mode, Outcome, Seat, Viewer};

/// How a game's rules values map to its proto messages.
pub trait ProtoGame: BotGame + Send + Sync + 'static
where
    Self::State: Send + Sync,
{
    /// Every state, action and event of the game reads back from MessagePack's compact form
    /// (structs as arrays): none of its types skips a field when serialising. Its moves are then
    /// stored compact without decoding each value again to check ([`Blob::encode`] does, for
    /// the games that say false). The mapping conformance test restores every checked step's
    /// snapshot and compares every view, so a type that breaks this is caught there.
    const COMPACT_READS_BACK: bool = true;

    /// The game type as `ListGameTypes` lists it, from the rules' title and modes.
    fn info() -> pb::GameTypeInfo {
        let bot_kinds = crate::bots::kinds();
        pb::GameTypeInfo {
            game_type: Self::NAME.to_string(),
            title: Self::TITLE.to_string(),
            rules_version: Self::RULES_VERSION,
            modes: Self::modes()
                .iter()
                .map(|m| pb::GameMode {
                    name: m.name.to_string(),
                    seats: wire::u32_of(m.seats),
                })
                .collect(),
            bots: bot_kinds.iter().map(|k| k.name.clone()).collect(),
            bot_kinds,
        }
    }
    /// The config from the game's options and the game-neutral mode name (`None` when unset).
    fn config_from_proto(
        options: Option<&pb::GameOptions>,
        mode: Option<&str>,
    ) -> Result<Self::Config, ApiError> {
        Self::config_from_options(options, mode_named::<Self>(mode)?.as_ref())
    }
    /// The config from the game's options and the mode the client named (`None` when unset).
    /// Options that contradict the mode are INVALID_ARGUMENT.
    fn config_from_options(
        options: Option<&pb::GameOptions>,
        mode: Option<&Mode<Self::Config>>,
    ) -> Result<Self::Config, ApiError>;
    /// `None` when the request carries no scenario for this game.
    fn scenario_from_proto(
        scenario: Option<&pb::Scenario>,
    ) -> Result<Option<Self::Scenario>, ApiError>;
    fn action_from_proto(action: &pb::Action) -> Result<Self::Action, ApiError>;
    fn action_to_proto(action: &Self::Action) -> pb::Action;
    fn view_to_proto(view: Self::View) -> pb::game_view::Game;
    fn event_to_proto(event: Self::Event) -> pb::event::Game;
}

/// The mode of `G` a client named (`None` when it named none).
pub fn mode_named<G: Game + ?Sized>(
    name: Option<&str>,
) -> Result<Option<Mode<G::Config>>, ApiError> {
    let Some(name) = name else {
        return Ok(None);
    };
    let modes = G::modes();
    let names = modes.iter().map(|m| m.name).collect::<Vec<_>>().join(", ");
    match modes.into_iter().find(|m| m.name == name) {
        Some(m) => Ok(Some(m)),
        None => Err(ApiError::invalid(
            "mode",
            format!(
                "{} has no mode `{}` ({names})",
                G::NAME,
                crate::validate::truncate(name)
            ),
        )),
    }
}

/// An action as a client sent it.
pub enum ActionInput<'a> {
    Id(&'a str),
    Typed(&'a pb::Action),
}

/// The serialised result of one applied action, for the log, and its events as each viewer may
/// see them.
pub struct Applied {
    pub action: Blob,
    pub events: Vec<Blob>,
    pub shown: Shown,
}

/// Events as a viewer may see them (`(summary, typed event)` each), from the events as the rules
/// made them: the answer to a move shows its events without decoding them from the log.
pub type Shown = Box<dyn Fn(Viewer) -> Vec<(String, pb::event::Game)> + Send + Sync>;

/// A game just set up: how to rebuild it, its state, and the setup's own events (version 0).
pub struct NewGame {
    pub setup: SetupRecord,
    pub session: Box<dyn Session>,
    pub events: Vec<Blob>,
}

/// A live game state of some game type.
pub trait Session: Send + Sync {
    /// A copy to apply actions to, leaving this one as it is (hot games are shared).
    fn clone_session(&self) -> Box<dyn Session>;
    fn to_act(&self) -> Vec<Seat>;
    /// Whether `seat` may submit now: it is to act, or the rules still list actions for it (a
    /// seat that committed a sealed choice may replace it until the reveal).
    fn may_act(&self, seat: Seat) -> bool;
    fn legal_actions(&self, seat: Seat) -> Vec<pb::LegalAction>;
    fn apply_input(&mut self, seat: Seat, input: &ActionInput<'_>) -> Result<Applied, ApiError>;
    /// Applies the legal action of `seat` at the index `choose` picks from the number of legal
    /// actions (bots choose by index); the list is computed once.
    fn apply_chosen_legal(
        &mut self,
        seat: Seat,
        choose: &mut dyn FnMut(usize) -> usize,
    ) -> Result<Applied, ApiError>;
    /// The move `level`'s bot would play for `seat`, decided from the seat's own knowledge only
    /// (`tablero_rules::bots::Knowledge`), with the search iterations run; `None` when the
    /// seat has nothing to do. The search stops at the level's iterations or at `deadline`.
    fn bot_choice(
        &self,
        seat: Seat,
        level: Level,
        seed: u64,
        deadline: Option<Instant>,
    ) -> Option<(pb::LegalAction, u32)>;
    /// Applies [`Session::bot_choice`]'s move.
    fn apply_bot(
        &mut self,
        seat: Seat,
        level: Level,
        seed: u64,
        deadline: Option<Instant>,
    ) -> Result<Applied, ApiError>;
    /// Re-applies a logged action (replays).
    fn apply_logged(&mut self, seat: Seat, action: &Blob) -> Result<(), ApiError>;
    fn view(&self, viewer: Viewer) -> pb::game_view::Game;
    fn outcome(&self) -> Option<Outcome>;
    fn snapshot(&self) -> Blob;
}

/// One hosted game type.
pub trait GameKind: Send + Sync {
    fn info(&self) -> pb::GameTypeInfo;
    fn rules_version(&self) -> u32;
    /// Validates the options, checks the seat count and sets the game up.
    fn new_game(
        &self,
        options: Option<&pb::GameOptions>,
        mode: Option<&str>,
        scenario: Option<&pb::Scenario>,
        seats: usize,
        seed: u64,
    ) -> Result<NewGame, ApiError>;
    /// A new game from a config the rules made (a campaign's next play), with its seat count.
    fn new_game_from_config(&self, config: &Blob, seed: u64) -> Result<(NewGame, usize), ApiError>;
    /// The game's campaigns, if it has any.
    fn campaigns(&self) -> Option<&dyn campaign::CampaignKind>;
    /// Version 0 of a stored game, rebuilt from its setup (replays start here).
    fn rebuild(&self, setup: &SetupRecord) -> Result<Box<dyn Session>, ApiError>;
    /// A stored snapshot.
    fn restore(&self, state: &Blob) -> Result<Box<dyn Session>, ApiError>;
    /// Logged events as `viewer` may see them: `(summary, typed event)` per visible event.
    fn events_for(
        &self,
        events: &[Blob],
        viewer: Viewer,
    ) -> Result<Vec<(String, pb::event::Game)>, ApiError>;
    /// A stored value as JSON, read through its type (inspection).
    fn json_of(&self, what: Stored, value: &Blob) -> Result<serde_json::Value, ApiError>;
}

/// The kinds of rules values a stored game holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    Config,
    Scenario,
    State,
    Action,
    Event,
}

pub(crate) fn encoded<T: serde::Serialize + serde::de::DeserializeOwned + PartialEq>(
    value: &T,
) -> Blob {
    Blob::encode(value)
}

/// A state, action or event of `G` in the store's encoding, on the path of every move: compact
/// without the read-back check when `G` says its values always read back compact.
fn packed<G: ProtoGame, T: serde::Serialize + serde::de::DeserializeOwned + PartialEq>(
    value: &T,
) -> Blob
where
    G::State: Send + Sync,
{
    if G::COMPACT_READS_BACK {
        Blob::compact(value)
    } else {
        Blob::encode(value)
    }
}

/// The value as JSON, read as a `T`.
fn json_as<T: serde::Serialize + serde::de::DeserializeOwned>(
    value: &Blob,
    what: &str,
) -> Result<serde_json::Value, ApiError> {
    let typed: T = decoded(value, what)?;
    serde_json::to_value(&typed).map_err(|e| ApiError::Internal(format!("{what} as JSON: {e}")))
}

pub(crate) fn decoded<T: serde::de::DeserializeOwned>(
    raw: &Blob,
    what: &str,
) -> Result<T, ApiError> {
    raw.decode()
        .map_err(|e| ApiError::Storage(format!("stored {what} unreadable: {e}")))
}

/// The adapter from a [`ProtoGame`] state to a [`Session`].
pub struct Hosted<G: ProtoGame>(G::State)
where
    G::State: Send + Sync;

impl<G: ProtoGame> Hosted<G>
where
    G::State: Send + Sync,
{
    /// An action as `ListLegalActions` lists it: id, typed action, label.
    fn listed(&self, action: &G::Action) -> pb::LegalAction {
        pb::LegalAction {
            id: G::action_id(action),
            action: Some(G::action_to_proto(action)),
            label: G::action_label(&self.0, action),
        }
    }

    /// A bot's decision for `seat`: the search sees only the seat's knowledge, never the
    /// state itself.
    fn decide(
        &self,
        seat: Seat,
        level: Level,
        seed: u64,
        deadline: Option<Instant>,
    ) -> Option<(G::Action, u32)> {
        let knowledge = Knowledge::<G>::of(&self.0, seat);
        let budget = Budget {
            deadline,
            ..level.budget::<G>()
        };
        bots::decide_counted(&knowledge, level, budget, seed)
    }

    fn applied(&mut self, seat: Seat, action: &G::Action) -> Result<Applied, ApiError> {
        let events = G::apply(&mut self.0, seat, action)?;
        Ok(Applied {
            action: packed::<G, _>(action),
            events: events.iter().map(packed::<G, _>).collect(),
            shown: Box::new(move |viewer| shown::<G>(&events, viewer)),
        })
    }
}

impl<G: ProtoGame> Session for Hosted<G>
where
    G::State: Send + Sync,
{
    fn clone_session(&self) -> Box<dyn Session> {
        Box::new(Hosted::<G>(self.0.clone()))
    }

    fn to_act(&self) -> Vec<Seat> {
        G::to_act(&self.0)
    }

    fn may_act(&self, seat: Seat) -> bool {
        G::to_act(&self.0).contains(&seat) || !G::legal_actions(&self.0, seat).is_empty()
    }

    fn legal_actions(&self, seat: Seat) -> Vec<pb::LegalAction> {
        G::legal_actions(&self.0, seat)
            .iter()
            .map(|a| self.listed(a))
            .collect()
    }

    fn apply_input(&mut self, seat: Seat, input: &ActionInput<'_>) -> Result<Applied, ApiError> {
        // Bounded before parsing or mapping, even when a handler already checked.
        let action = match input {
            ActionInput::Id(id) => {
                crate::validate::action_id(id)?;
                G::parse_action_id(id).ok_or_else(|| {
                    ApiError::invalid(
                        "action_id",
                        format!(
                            "`{}` is not an action of {}",
                            crate::validate::truncate(id),
                            G::NAME
                        ),
                    )
                })?
            }
            ActionInput::Typed(a) => {
                bounds::action(a)?;
                G::action_from_proto(a)?
            }
        };
        self.applied(seat, &action)
    }

    fn apply_chosen_legal(
        &mut self,
        seat: Seat,
        choose: &mut dyn FnMut(usize) -> usize,
    ) -> Result<Applied, ApiError> {
        let legal = G::legal_actions(&self.0, seat);
        if legal.is_empty() {
            return Err(ApiError::Internal(format!(
                "seat {seat} must act but has no legal action"
            )));
        }
        let action = &legal[choose(legal.len()).min(legal.len() - 1)];
        self.applied(seat, action)
    }

    fn bot_choice(
        &self,
        seat: Seat,
        level: Level,
        seed: u64,
        deadline: Option<Instant>,
    ) -> Option<(pb::LegalAction, u32)> {
        let (action, iterations) = self.decide(seat, level, seed, deadline)?;
        Some((self.listed(&action), iterations))
    }

    fn apply_bot(
        &mut self,
        seat: Seat,
        level: Level,
        seed: u64,
        deadline: Option<Instant>,
    ) -> Result<Applied, ApiError> {
        let (action, _) = self.decide(seat, level, seed, deadline).ok_or_else(|| {
            ApiError::Internal(format!("seat {seat} must act but has no legal action"))
        })?;
        self.applied(seat, &action)
    }

    fn apply_logged(&mut self, seat: Seat, action: &Blob) -> Result<(), ApiError> {
        let action: G::Action = decoded(action, "action")?;
        G::apply(&mut self.0, seat, &action)
            .map(|_| ())
            .map_err(|v| ApiError::Storage(format!("logged action no longer applies: {v}")))
    }

    fn view(&self, viewer: Viewer) -> pb::game_view::Game {
        G::view_to_proto(G::view(&self.0, viewer))
    }

    fn outcome(&self) -> Option<Outcome> {
        G::outcome(&self.0)
    }

    fn snapshot(&self) -> Blob {
        packed::<G, _>(&self.0)
    }
}

/// The [`GameKind`] of a [`ProtoGame`], with its campaigns if it has any.
pub struct Kind<G> {
    campaigns: Option<Box<dyn campaign::CampaignKind>>,
    game: PhantomData<fn() -> G>,
}

impl<G> Default for Kind<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G> Kind<G> {
    pub fn new() -> Self {
        Kind {
            campaigns: None,
            game: PhantomData,
        }
    }

    pub fn with_campaigns(campaigns: impl campaign::CampaignKind + 'static) -> Self {
        Kind {
            campaigns: Some(Box::new(campaigns)),
            game: PhantomData,
        }
    }
}

impl<G: ProtoGame> GameKind for Kind<G>
where
    G::State: Send + Sync,
{
    fn info(&self) -> pb::GameTypeInfo {
        G::info()
    }

    fn rules_version(&self) -> u32 {
        G::RULES_VERSION
    }

    fn new_game(
        &self,
        options: Option<&pb::GameOptions>,
        mode: Option<&str>,
        scenario: Option<&pb::Scenario>,
        seats: usize,
        seed: u64,
    ) -> Result<NewGame, ApiError> {
        if let Some(o) = options {
            bounds::game_options(o)?;
        }
        if let Some(s) = scenario {
            bounds::scenario(s)?;
        }
        let config = G::config_from_proto(options, mode)?;
        let wanted = G::seat_count(&config)?;
        if seats != wanted {
            return Err(ApiError::invalid(
                "seats",
                format!(
                    "this {} mode needs exactly {wanted} seats, got {seats}",
                    G::NAME
                ),
            ));
        }
        let scenario = G::scenario_from_proto(scenario)?;
        let state = match &scenario {
            Some(s) => G::setup_scenario(&config, s, seed),
            None => G::setup(&config, seed),
        }
        .map_err(|e| {
            ApiError::invalid(
                if scenario.is_some() {
                    "scenario"
                } else {
                    "options"
                },
                e.to_string(),
            )
        })?;
        let setup = SetupRecord {
            config: encoded(&config),
            seed,
            scenario: scenario.as_ref().map(encoded),
            seed_chosen: false,
        };
        let events = G::setup_events(&state).iter().map(encoded).collect();
        Ok(NewGame {
            setup,
            session: Box::new(Hosted::<G>(state)),
            events,
        })
    }

    fn new_game_from_config(&self, config: &Blob, seed: u64) -> Result<(NewGame, usize), ApiError> {
        let config: G::Config = decoded(config, "campaign play config")?;
        let seats = G::seat_count(&config)?;
        let state = G::setup(&config, seed)
            .map_err(|e| ApiError::Internal(format!("campaign play setup: {e}")))?;
        let setup = SetupRecord {
            config: encoded(&config),
            seed,
            scenario: None,
            seed_chosen: false,
        };
        let events = G::setup_events(&state).iter().map(encoded).collect();
        Ok((
            NewGame {
                setup,
                session: Box::new(Hosted::<G>(state)),
                events,
            },
            seats,
        ))
    }

    fn campaigns(&self) -> Option<&dyn campaign::CampaignKind> {
        self.campaigns.as_deref()
    }

    fn rebuild(&self, setup: &SetupRecord) -> Result<Box<dyn Session>, ApiError> {
        let config: G::Config = decoded(&setup.config, "config")?;
        let state = match &setup.scenario {
            Some(raw) => G::setup_scenario(&config, &decoded(raw, "scenario")?, setup.seed),
            None => G::setup(&config, setup.seed),
        }
        .map_err(|e| ApiError::Storage(format!("stored setup no longer valid: {e}")))?;
        Ok(Box::new(Hosted::<G>(state)))
    }

    fn restore(&self, state: &Blob) -> Result<Box<dyn Session>, ApiError> {
        Ok(Box::new(Hosted::<G>(decoded(state, "state")?)))
    }

    fn events_for(
        &self,
        events: &[Blob],
        viewer: Viewer,
    ) -> Result<Vec<(String, pb::event::Game)>, ApiError> {
        let events = events
            .iter()
            .map(|raw| decoded::<G::Event>(raw, "event"))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(shown::<G>(&events, viewer))
    }

    fn json_of(&self, what: Stored, value: &Blob) -> Result<serde_json::Value, ApiError> {
        match what {
            Stored::Config => json_as::<G::Config>(value, "config"),
            Stored::Scenario => json_as::<G::Scenario>(value, "scenario"),
            Stored::State => json_as::<G::State>(value, "state"),
            Stored::Action => json_as::<G::Action>(value, "action"),
            Stored::Event => json_as::<G::Event>(value, "event"),
        }
    }
}

/// `events` as `viewer` may see them: redacted, summarised, mapped.
fn shown<G: ProtoGame>(events: &[G::Event], viewer: Viewer) -> Vec<(String, pb::event::Game)>
where
    G::State: Send + Sync,
{
    events
        .iter()
        .filter_map(|event| G::redact_event(event, viewer))
        .map(|visible| (G::event_summary(&visible), G::event_to_proto(visible)))
        .collect()
}

/// The hosted game types by name.
pub struct Registry {
    kinds: BTreeMap<&'static str, Box<dyn GameKind>>,
}

impl Registry {
    /// Every game this build hosts.
    pub fn all() -> Registry {
        let mut kinds: BTreeMap<&'static str, Box<dyn GameKind>> = BTreeMap::new();
        kinds.insert(
            tablero_rules::claim::Claim::NAME,
            Box::new(Kind::<tablero_rules::claim::Claim>::new()),
        );
        kinds.insert(
            tablero_rules::emara::Emara::NAME,
            Box::new(Kind::<tablero_rules::emara::Emara>::with_campaigns(
                campaign::CampaignOf::<tablero_rules::emara::Emara>::new(),
            )),
        );
        kinds.insert(
            tablero_rules::kingdom_legacy::KingdomLegacy::NAME,
            Box::new(
                Kind::<tablero_rules::kingdom_legacy::KingdomLegacy>::with_campaigns(
                    campaign::CampaignOf::<tablero_rules::kingdom_legacy::KingdomLegacy>::new(),
                ),
            ),
        );
        kinds.insert(
            tablero_rules::panovnik::Panovnik::NAME,
            Box::new(Kind::<tablero_rules::panovnik::Panovnik>::new()),
        );
        kinds.insert(
            tablero_rules::pantheon::Pantheon::NAME,
            Box::new(Kind::<tablero_rules::pantheon::Pantheon>::new()),
        );
        Registry { kinds }
    }

    pub fn get(&self, game_type: &str) -> Option<&dyn GameKind> {
        self.kinds.get(game_type).map(|k| k.as_ref())
    }

    /// The hosted game types' names.
    pub fn types(&self) -> Vec<&'static str> {
        self.kinds.keys().copied().collect()
    }

    pub fn infos(&self) -> Vec<pb::GameTypeInfo> {
        self.kinds.values().map(|k| k.info()).collect()
    }
}
