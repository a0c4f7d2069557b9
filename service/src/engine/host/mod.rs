//! Hosting the rules' games: each game of `tablero-rules` behind one object-safe interface the
//! engine drives ([`GameKind`] for a game type, [`Session`] for a live state), with the game's
//! own values (views, actions, events, configs) passed on as [`Value`]s. Nothing here knows the
//! wire: the protocol layer maps a game's values to and from its messages.
//!
//! - [`value`]: a game's own value, type-erased;
//! - [`campaign`]: the campaigns of the games that have them.

pub mod campaign;
pub mod value;

pub use value::Value;

use crate::error::ApiError;
use crate::store::blob::Blob;
use crate::store::record::SetupRecord;
use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::sync::Arc;
use std::time::Instant;
use tablero_rules::bots::{self, BotGame, Budget, Knowledge, Level};
use tablero_rules::{Outcome, Seat, Viewer};

/// A game the engine can host: any game bots can play whose values may cross threads. Its
/// moves are stored compact when its values read back compact (the game's
/// `COMPACT_READS_BACK`), else [`Blob::encode`] checks each.
pub trait HostedGame:
    BotGame<
        Config: Send + Sync + 'static,
        Scenario: Send + Sync + 'static,
        State: Send + Sync + 'static,
        Action: Send + Sync + 'static,
        View: Send + Sync + 'static,
    > + Send
    + Sync
    + 'static
{
}

impl<G> HostedGame for G where
    G: BotGame<
            Config: Send + Sync + 'static,
            Scenario: Send + Sync + 'static,
            State: Send + Sync + 'static,
            Action: Send + Sync + 'static,
            View: Send + Sync + 'static,
        > + Send
        + Sync
        + 'static
{
}

/// An action as a client sent it: its id, or its typed form (the game's own action, read from
/// the wire, with the wire's bytes, which make a retry the same request).
pub enum ActionInput<'a> {
    Id(&'a str),
    Typed { action: &'a Value, wire: &'a [u8] },
}

/// A legal action as a seat is offered it: its id, its label, the action itself.
#[derive(Clone, Debug)]
pub struct Listed {
    pub id: String,
    pub label: String,
    pub action: Value,
}

/// An event as a viewer may see it: its summary and the game's own (redacted) event.
pub type ShownEvent = (String, Value);

/// The serialised result of one applied action, for the log, and its events as each viewer may
/// see them.
pub struct Applied {
    pub action: Blob,
    pub events: Vec<Blob>,
    pub shown: Shown,
}

/// Events as a viewer may see them, from the events as the rules made them: the answer to a
/// move shows its events without decoding them from the log.
pub type Shown = Box<dyn Fn(Viewer) -> Vec<ShownEvent> + Send + Sync>;

/// A game just set up: how to rebuild it, its state, and the setup's own events (version 0).
pub struct NewGame {
    pub setup: SetupRecord,
    pub session: Box<dyn Session>,
    pub events: Vec<Blob>,
}

/// A mode of a game type: its name and seat count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModeInfo {
    pub name: &'static str,
    pub seats: usize,
}

/// A live game state of some game type.
pub trait Session: Send + Sync {
    /// A copy to apply actions to, leaving this one as it is (hot games are shared).
    fn clone_session(&self) -> Box<dyn Session>;
    fn to_act(&self) -> Vec<Seat>;
    /// Whether `seat` may submit now: it is to act, or the rules still list actions for it (a
    /// seat that committed a sealed choice may replace it until the reveal).
    fn may_act(&self, seat: Seat) -> bool;
    fn legal_actions(&self, seat: Seat) -> Vec<Listed>;
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
    ) -> Option<(Listed, u32)>;
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
    /// The game's own view for `viewer`.
    fn view(&self, viewer: Viewer) -> Value;
    fn outcome(&self) -> Option<Outcome>;
    fn snapshot(&self) -> Blob;
}

/// One hosted game type.
pub trait GameKind: Send + Sync {
    fn name(&self) -> &'static str;
    fn title(&self) -> &'static str;
    fn rules_version(&self) -> u32;
    fn modes(&self) -> Vec<ModeInfo>;
    /// Checks the seat count and sets the game up from a config of this game (`config`, and
    /// `scenario` when given, are the game's own values).
    fn new_game(
        &self,
        config: &Value,
        scenario: Option<&Value>,
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
    /// Logged events as `viewer` may see them.
    fn events_for(&self, events: &[Blob], viewer: Viewer) -> Result<Vec<ShownEvent>, ApiError>;
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
fn packed<G: HostedGame, T: serde::Serialize + serde::de::DeserializeOwned + PartialEq>(
    value: &T,
) -> Blob {
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

/// The adapter from a rules game's state to a [`Session`].
pub struct Hosted<G: HostedGame>(G::State);

impl<G: HostedGame> Hosted<G> {
    /// An action as `ListLegalActions` lists it: id, label, the action.
    fn listed(&self, action: &G::Action) -> Listed {
        Listed {
            id: G::action_id(action),
            label: G::action_label(&self.0, action),
            action: Value::of(action.clone()),
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
        let started = Instant::now();
        let knowledge = Knowledge::<G>::of(&self.0, seat);
        let budget = Budget {
            deadline,
            ..level.budget::<G>()
        };
        let decided = bots::decide_counted(&knowledge, level, budget, seed);
        // Hints, bots within a write and background bots all decide here. A random pick is
        // not a search.
        if level.kind != bots::Kind::Random {
            searched(G::NAME, level, started.elapsed());
        }
        decided
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

impl<G: HostedGame> Session for Hosted<G> {
    fn clone_session(&self) -> Box<dyn Session> {
        Box::new(Hosted::<G>(self.0.clone()))
    }

    fn to_act(&self) -> Vec<Seat> {
        G::to_act(&self.0)
    }

    fn may_act(&self, seat: Seat) -> bool {
        G::to_act(&self.0).contains(&seat) || !G::legal_actions(&self.0, seat).is_empty()
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Listed> {
        G::legal_actions(&self.0, seat)
            .iter()
            .map(|a| self.listed(a))
            .collect()
    }

    fn apply_input(&mut self, seat: Seat, input: &ActionInput<'_>) -> Result<Applied, ApiError> {
        let action = match input {
            ActionInput::Id(id) => {
                // Bounded before parsing, even when a handler already checked.
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
            ActionInput::Typed { action, .. } => {
                action.get::<G::Action>().cloned().ok_or_else(|| {
                    ApiError::invalid(
                        "typed",
                        format!("the typed action is not a {} action", G::NAME),
                    )
                })?
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
    ) -> Option<(Listed, u32)> {
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

    fn view(&self, viewer: Viewer) -> Value {
        Value::of(G::view(&self.0, viewer))
    }

    fn outcome(&self) -> Option<Outcome> {
        G::outcome(&self.0)
    }

    fn snapshot(&self) -> Blob {
        packed::<G, _>(&self.0)
    }
}

/// The [`GameKind`] of a rules game, with its campaigns if it has any.
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

impl<G: HostedGame> GameKind for Kind<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn title(&self) -> &'static str {
        G::TITLE
    }

    fn rules_version(&self) -> u32 {
        G::RULES_VERSION
    }

    fn modes(&self) -> Vec<ModeInfo> {
        G::modes()
            .iter()
            .map(|m| ModeInfo {
                name: m.name,
                seats: m.seats,
            })
            .collect()
    }

    fn new_game(
        &self,
        config: &Value,
        scenario: Option<&Value>,
        seats: usize,
        seed: u64,
    ) -> Result<NewGame, ApiError> {
        let config = config
            .get::<G::Config>()
            .ok_or_else(|| ApiError::invalid("options", format!("not a {} config", G::NAME)))?;
        let wanted = G::seat_count(config).map_err(|e| ApiError::setup(G::NAME, e))?;
        if seats != wanted {
            return Err(ApiError::invalid(
                "seats",
                format!(
                    "this {} mode needs exactly {wanted} seats, got {seats}",
                    G::NAME
                ),
            ));
        }
        let scenario = scenario
            .map(|s| {
                s.get::<G::Scenario>().ok_or_else(|| {
                    ApiError::invalid("scenario", format!("not a {} scenario", G::NAME))
                })
            })
            .transpose()?;
        let state = match scenario {
            Some(s) => G::setup_scenario(config, s, seed),
            None => G::setup(config, seed),
        }
        .map_err(|e| match scenario {
            Some(_) => ApiError::invalid("scenario", e.to_string()),
            None => ApiError::setup(G::NAME, e),
        })?;
        let setup = SetupRecord {
            config: encoded(config),
            seed,
            scenario: scenario.map(encoded),
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
        let seats = G::seat_count(&config).map_err(|e| ApiError::setup(G::NAME, e))?;
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

    fn events_for(&self, events: &[Blob], viewer: Viewer) -> Result<Vec<ShownEvent>, ApiError> {
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

/// `events` as `viewer` may see them: redacted and summarised.
fn shown<G: HostedGame>(events: &[G::Event], viewer: Viewer) -> Vec<ShownEvent> {
    events
        .iter()
        .filter_map(|event| G::redact_event(event, viewer))
        .map(|visible| (G::event_summary(&visible), Value::of(visible)))
        .collect()
}

/// The hosted game types by name.
#[derive(Default)]
pub struct Hosts {
    kinds: BTreeMap<&'static str, Box<dyn GameKind>>,
}

impl Hosts {
    /// Hosts `kind`.
    pub fn add(&mut self, kind: impl GameKind + 'static) {
        self.kinds.insert(kind.name(), Box::new(kind));
    }

    pub fn get(&self, game_type: &str) -> Option<&dyn GameKind> {
        self.kinds.get(game_type).map(|k| k.as_ref())
    }

    /// The hosted game types' names.
    pub fn types(&self) -> Vec<&'static str> {
        self.kinds.keys().copied().collect()
    }

    pub fn kinds(&self) -> impl Iterator<Item = &dyn GameKind> {
        self.kinds.values().map(|k| k.as_ref())
    }

    pub fn shared(self) -> Arc<Hosts> {
        Arc::new(self)
    }
}

/// Counts one search of `game_type`'s `level` bot that took `took` (hints included).
fn searched(game_type: &'static str, level: Level, took: std::time::Duration) {
    use crate::telemetry::metric;
    let label = format!("{}-{}", level.kind.name(), level.level);
    metrics::counter!(metric::BOT_SEARCHES, "game_type" => game_type, "level" => label)
        .increment(1);
    metrics::histogram!(metric::BOT_SEARCH, "game_type" => game_type).record(took.as_secs_f64());
}
