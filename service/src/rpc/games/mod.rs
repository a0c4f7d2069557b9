//! The games this server hosts, behind one object-safe interface by game type ([`Wire`]): the
//! games of the rules' registry (`tablero_rules::games!`), hosted by [`crate::engine::host`],
//! each read and shown through its proto mapping ([`ProtoGame`], in `tablero_proto::games`,
//! beside the messages), after the generic input guard ([`bounds`]). [`registries_with`] hosts
//! them all, for the engine and for the wire.

pub mod bounds;
#[cfg(test)]
mod tests;

use crate::engine::host::campaign::CampaignOf;
use crate::engine::host::{GameKind, HostedGame, Hosts, Kind, NewGame, Session, Value};
use crate::error::ApiError;
use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::sync::Arc;
use tablero_proto::games::campaign::ProtoCampaign;
use tablero_proto::games::{ProtoGame, mode_named};
use tablero_proto::v1 as pb;
use tablero_rules::{Game, Seat, Viewer};

/// The game type as `ListGameTypes` lists it, from the rules' title and modes.
fn info<G: Game>() -> pb::GameTypeInfo {
    let bot_kinds = bot_kinds();
    pb::GameTypeInfo {
        game_type: G::NAME.to_string(),
        title: G::TITLE.to_string(),
        rules_version: G::RULES_VERSION,
        modes: G::modes()
            .iter()
            .map(|m| pb::GameMode {
                name: m.name.to_string(),
                seats: tablero_proto::games::wire::u32_of(m.seats),
            })
            .collect(),
        bots: bot_kinds.iter().map(|k| k.name.clone()).collect(),
        bot_kinds,
    }
}

/// The kinds with their levels, as `ListGameTypes` lists them.
pub fn bot_kinds() -> Vec<pb::BotKind> {
    tablero_rules::bots::Kind::ALL
        .into_iter()
        .map(|k| pb::BotKind {
            name: k.name().to_string(),
            description: match k {
                tablero_rules::bots::Kind::Random => "a uniformly random legal move",
                tablero_rules::bots::Kind::Greedy => "the move that looks best one step ahead",
                tablero_rules::bots::Kind::Mcts => {
                    "information-set Monte Carlo tree search from the seat's own view; higher levels search longer; the top level moves from a background worker, just after the write that makes its turn"
                }
            }
            .to_string(),
            max_level: *k.levels().end(),
            default_level: k.default_level(),
        })
        .collect()
}

/// One hosted game type's mapping, by its type name.
pub trait Wire: Send + Sync {
    /// The game type as `ListGameTypes` lists it.
    fn info(&self) -> pb::GameTypeInfo;
    /// Whether the game has proto messages of its own (typed actions, views, events); a game
    /// without them ([`Untyped`]) is played by action id and shown by the generic fields.
    fn typed(&self) -> bool {
        true
    }
    /// Whether the typed action is this game's.
    fn owns(&self, action: &pb::Action) -> bool;
    /// The game's config from a request's options and mode, bounded and checked.
    fn config(
        &self,
        options: Option<&pb::GameOptions>,
        mode: Option<&str>,
    ) -> Result<Value, ApiError>;
    /// The game's scenario from a request, if it carries one for this game.
    fn scenario(&self, scenario: Option<&pb::Scenario>) -> Result<Option<Value>, ApiError>;
    /// A typed action of this game, bounded and checked.
    fn action(&self, action: &pb::Action) -> Result<Value, ApiError>;
    fn action_to_proto(&self, action: &Value) -> Option<pb::Action>;
    fn view_to_proto(&self, view: Value) -> Option<pb::game_view::Game>;
    fn event_to_proto(&self, event: Value) -> Option<pb::event::Game>;
    /// The campaign config from a request's options; a game without campaigns refuses.
    fn campaign_options(&self, _options: Option<&pb::CampaignOptions>) -> Result<Value, ApiError> {
        Err(ApiError::invalid(
            "game_type",
            format!("{} has no campaigns", self.info().game_type),
        ))
    }
    fn campaign_view_to_proto(&self, _view: Value) -> Option<pb::campaign_view::Game> {
        None
    }
}

/// The [`Wire`] of a [`ProtoGame`].
struct Wired<G>(PhantomData<fn() -> G>);

impl<G: ProtoGame + HostedGame> Wired<G> {
    fn new() -> Self {
        Wired(PhantomData)
    }
}

impl<G: ProtoGame + HostedGame> Wire for Wired<G> {
    fn info(&self) -> pb::GameTypeInfo {
        info::<G>()
    }

    fn owns(&self, action: &pb::Action) -> bool {
        G::owns(action)
    }

    fn config(
        &self,
        options: Option<&pb::GameOptions>,
        mode: Option<&str>,
    ) -> Result<Value, ApiError> {
        if let Some(o) = options {
            bounds::game_options(o)?;
        }
        Ok(Value::of(G::config_from_proto(options, mode)?))
    }

    fn scenario(&self, scenario: Option<&pb::Scenario>) -> Result<Option<Value>, ApiError> {
        if let Some(s) = scenario {
            bounds::scenario(s)?;
        }
        Ok(G::scenario_from_proto(scenario)?.map(Value::of))
    }

    fn action(&self, action: &pb::Action) -> Result<Value, ApiError> {
        bounds::action(action)?;
        Ok(Value::of(G::action_from_proto(action)?))
    }

    fn action_to_proto(&self, action: &Value) -> Option<pb::Action> {
        action.get::<G::Action>().map(G::action_to_proto)
    }

    fn view_to_proto(&self, view: Value) -> Option<pb::game_view::Game> {
        view.take::<G::View>().map(G::view_to_proto)
    }

    fn event_to_proto(&self, event: Value) -> Option<pb::event::Game> {
        event.take::<G::Event>().map(G::event_to_proto)
    }
}

/// The [`Wire`] of a [`ProtoCampaign`]: its game's, and its campaigns'.
struct WiredCampaign<G>(Wired<G>);

impl<G: ProtoCampaign + HostedGame> Wire for WiredCampaign<G> {
    fn info(&self) -> pb::GameTypeInfo {
        self.0.info()
    }

    fn owns(&self, action: &pb::Action) -> bool {
        self.0.owns(action)
    }

    fn config(
        &self,
        options: Option<&pb::GameOptions>,
        mode: Option<&str>,
    ) -> Result<Value, ApiError> {
        self.0.config(options, mode)
    }

    fn scenario(&self, scenario: Option<&pb::Scenario>) -> Result<Option<Value>, ApiError> {
        self.0.scenario(scenario)
    }

    fn action(&self, action: &pb::Action) -> Result<Value, ApiError> {
        self.0.action(action)
    }

    fn action_to_proto(&self, action: &Value) -> Option<pb::Action> {
        self.0.action_to_proto(action)
    }

    fn view_to_proto(&self, view: Value) -> Option<pb::game_view::Game> {
        self.0.view_to_proto(view)
    }

    fn event_to_proto(&self, event: Value) -> Option<pb::event::Game> {
        self.0.event_to_proto(event)
    }

    fn campaign_options(&self, options: Option<&pb::CampaignOptions>) -> Result<Value, ApiError> {
        if let Some(o) = options {
            bounds::campaign_options(o)?;
        }
        Ok(Value::of(G::campaign_options_from_proto(options)?))
    }

    fn campaign_view_to_proto(&self, view: Value) -> Option<pb::campaign_view::Game> {
        view.take::<G::CampaignView>()
            .map(G::campaign_view_to_proto)
    }
}

/// The [`Wire`] of a game without proto messages of its own (a registry `test` game): its
/// modes are its only config, it is played by action id, and its views and events reach
/// clients as the generic fields and summaries.
struct Untyped<G>(PhantomData<fn() -> G>);

impl<G: HostedGame> Wire for Untyped<G> {
    fn info(&self) -> pb::GameTypeInfo {
        info::<G>()
    }

    fn typed(&self) -> bool {
        false
    }

    fn owns(&self, _: &pb::Action) -> bool {
        false
    }

    fn config(
        &self,
        options: Option<&pb::GameOptions>,
        mode: Option<&str>,
    ) -> Result<Value, ApiError> {
        if options.is_some_and(|o| o.game.is_some()) {
            return Err(ApiError::invalid(
                "options",
                format!("{} takes no options: name one of its modes", G::NAME),
            ));
        }
        let mode = match mode_named::<G>(mode)? {
            Some(m) => m,
            None => G::modes().swap_remove(0),
        };
        Ok(Value::of(mode.config))
    }

    fn scenario(&self, scenario: Option<&pb::Scenario>) -> Result<Option<Value>, ApiError> {
        match scenario.and_then(|s| s.game.as_ref()) {
            None => Ok(None),
            Some(_) => Err(ApiError::invalid(
                "scenario",
                format!("{} has no scenarios on the wire", G::NAME),
            )),
        }
    }

    fn action(&self, _: &pb::Action) -> Result<Value, ApiError> {
        Err(ApiError::invalid(
            "typed",
            format!("{} has no typed actions: send an action id", G::NAME),
        ))
    }

    fn action_to_proto(&self, _: &Value) -> Option<pb::Action> {
        None
    }

    fn view_to_proto(&self, _: Value) -> Option<pb::game_view::Game> {
        None
    }

    fn event_to_proto(&self, _: Value) -> Option<pb::event::Game> {
        None
    }
}

/// The hosted game types' mappings by name.
#[derive(Default)]
pub struct Wires {
    wires: BTreeMap<&'static str, Box<dyn Wire>>,
}

impl Wires {
    pub fn get(&self, game_type: &str) -> Option<&dyn Wire> {
        self.wires.get(game_type).map(|w| w.as_ref())
    }

    /// The mapping a request names: INVALID_ARGUMENT for a game type this server does not host.
    pub fn of(&self, game_type: &str) -> Result<&dyn Wire, ApiError> {
        self.get(game_type).ok_or_else(|| {
            ApiError::invalid(
                "game_type",
                format!(
                    "unknown game type `{}`",
                    crate::validate::truncate(game_type)
                ),
            )
        })
    }

    pub fn infos(&self) -> Vec<pb::GameTypeInfo> {
        self.wires.values().map(|w| w.info()).collect()
    }

    /// The mapping of the game a typed action belongs to (its oneof names the game).
    pub fn of_action(&self, action: &pb::Action) -> Result<&dyn Wire, ApiError> {
        self.wires
            .values()
            .find(|w| w.owns(action))
            .map(|w| w.as_ref())
            .ok_or_else(|| {
                ApiError::invalid(
                    "typed",
                    "the typed action names no game this server hosts (set one of its fields)",
                )
            })
    }
}

/// A typed action read by the mapping of the game it names, with its bytes: the engine's input
/// (it checks the action is its game's; the bytes make a retry the same request).
pub fn typed(wires: &Wires, action: &pb::Action) -> Result<(Value, Vec<u8>), ApiError> {
    use prost::Message;
    let value = wires.of_action(action)?.action(action)?;
    Ok((value, action.encode_to_vec()))
}

/// A new game of `kind` from a request's options, mode and scenario, read by its mapping.
pub fn new_game(
    kind: &dyn GameKind,
    wire: &dyn Wire,
    options: Option<&pb::GameOptions>,
    mode: Option<&str>,
    scenario: Option<&pb::Scenario>,
    seats: usize,
    seed: u64,
) -> Result<NewGame, ApiError> {
    let config = wire.config(options, mode)?;
    let scenario = wire.scenario(scenario)?;
    kind.new_game(&config, scenario.as_ref(), seats, seed)
}

/// A session's legal actions for `seat` as the wire lists them.
pub fn legal_actions(wire: &dyn Wire, session: &dyn Session, seat: Seat) -> Vec<pb::LegalAction> {
    session
        .legal_actions(seat)
        .into_iter()
        .map(|l| pb::LegalAction {
            action: wire.action_to_proto(&l.action),
            id: l.id,
            label: l.label,
        })
        .collect()
}

/// A session's view for `viewer` as its message.
pub fn view(wire: &dyn Wire, session: &dyn Session, viewer: Viewer) -> pb::game_view::Game {
    wire.view_to_proto(session.view(viewer))
        .expect("a game's view is its own")
}

/// The engine's hosts and the wire's mappings of the games a server hosts.
#[derive(Default)]
pub struct Registry {
    hosts: Hosts,
    wires: Wires,
}

impl Registry {
    /// A game with proto messages of its own (registry kind `game`).
    fn game<G: ProtoGame + HostedGame>(&mut self) {
        self.hosts.add(Kind::<G>::new());
        self.wires
            .wires
            .insert(G::NAME, Box::new(Wired::<G>::new()));
    }

    /// The same, played as campaigns too (registry kind `campaign`).
    fn campaign<G: ProtoCampaign + HostedGame>(&mut self) {
        self.hosts
            .add(Kind::<G>::with_campaigns(CampaignOf::<G>::new()));
        self.wires
            .wires
            .insert(G::NAME, Box::new(WiredCampaign(Wired::<G>::new())));
    }

    /// A game the tests use only, without proto messages (registry kind `test`).
    fn untyped<G: HostedGame>(&mut self) {
        self.hosts.add(Kind::<G>::new());
        self.wires
            .wires
            .insert(G::NAME, Box::new(Untyped::<G>(PhantomData)));
    }
}

/// The games of the rules' registry ([`tablero_rules::games!`]) a production server hosts:
/// the engine's hosts and the wire's mappings.
pub fn registries() -> (Arc<Hosts>, Arc<Wires>) {
    registries_with(false)
}

/// The same, with the registry's `test` games too when `test_games` (`--test-games`).
pub fn registries_with(test_games: bool) -> (Arc<Hosts>, Arc<Wires>) {
    let mut r = Registry::default();
    macro_rules! host {
        ($($kind:ident $game:path;)*) => { $( host!(@ $kind $game); )* };
        (@ game $game:path) => { r.game::<$game>() };
        (@ campaign $game:path) => { r.campaign::<$game>() };
        (@ test $game:path) => {
            if test_games {
                r.untyped::<$game>()
            }
        };
    }
    tablero_rules::games!(host);
    (Arc::new(r.hosts), Arc::new(r.wires))
}
