//! What the engine answers, in its own types: a game as a caller may see it, its events, the
//! answers of its calls. The protocol layer ([`crate::rpc`]) turns each into its message; the
//! game's own parts stay the game's values ([`Value`]).

use super::host::{Listed, Value};
use crate::store::record::{
    GameStatus, Occupant, SeatChange, SetupKind, TimeControl, TimeoutPolicy,
};
use tablero_rules::{Outcome, Seat};

/// A game as one viewer sees it at one version.
#[derive(Clone, Debug)]
pub struct GameView {
    pub game_id: String,
    pub game_type: String,
    pub version: u64,
    pub status: GameStatus,
    pub seats: Vec<SeatView>,
    pub to_act: Vec<Seat>,
    /// `None` for a spectator.
    pub viewer_seat: Option<Seat>,
    pub outcome: Option<Outcome>,
    pub rules_version: u32,
    /// What the viewer's seat may do (nothing for a spectator).
    pub legal_actions: Vec<Listed>,
    pub setup: SetupKind,
    pub listed: bool,
    /// The turn clocks as they stand now (only a view of the current version of a timed game).
    pub clock: Option<ClockView>,
    /// The game's own view.
    pub game: Value,
}

/// One seat as every viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    pub seat: Seat,
    pub occupant: Occupant,
    pub name: String,
    pub bot: String,
    /// The bot's level (0 unless the seat is a bot's).
    pub bot_level: u32,
    pub to_act: bool,
    pub resigned: bool,
    /// The backend's id of the seat's player, where the viewer may see it (else empty).
    pub player_ref: String,
}

/// A timed game's clocks, read at `now_ms`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockView {
    pub control: TimeControl,
    pub on_timeout: TimeoutPolicy,
    pub seats: Vec<SeatClock>,
    pub next_deadline_ms: Option<i64>,
    pub now_ms: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatClock {
    pub seat: Seat,
    pub deadline_ms: Option<i64>,
    pub remaining_ms: i64,
}

/// One event as a viewer may see it: a move's (with the game's own event) or a seat change.
#[derive(Clone, Debug)]
pub struct Event {
    pub version: u64,
    /// The seat that moved or changed; `None` for the setup's events.
    pub actor: Option<Seat>,
    pub summary: String,
    pub seat_change: Option<SeatChange>,
    pub game: Option<Value>,
}

/// A seat's secret token, handed out once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Credential {
    pub seat: Seat,
    pub token: String,
}

/// What a watcher (or the seat that moved) receives for one write: the events since the
/// version it had, and the view after them.
#[derive(Clone, Debug)]
pub struct Update {
    pub events: Vec<Event>,
    pub view: GameView,
}

/// A seat's legal actions at a version.
#[derive(Clone, Debug)]
pub struct LegalActions {
    pub version: u64,
    pub seat: Option<Seat>,
    pub actions: Vec<Listed>,
}

/// The `mcts` move for a seat.
#[derive(Clone, Debug)]
pub struct Hint {
    pub version: u64,
    pub seat: Seat,
    pub action: Listed,
    pub iterations: u32,
}

/// A page of a game's history.
#[derive(Clone, Debug)]
pub struct History {
    pub events: Vec<Event>,
    pub through_version: u64,
    pub current_version: u64,
}

/// One game in a listing.
#[derive(Clone, Debug)]
pub struct GameSummary {
    pub game_id: String,
    pub game_type: String,
    pub status: GameStatus,
    pub version: u64,
    pub seats: Vec<SeatView>,
    pub created_at_ms: i64,
    pub setup: SetupKind,
    pub listed: bool,
}

/// A new game: its id, the human seats' tokens, the creator's token, the spectator's view.
#[derive(Clone, Debug)]
pub struct Created {
    pub game_id: String,
    pub credentials: Vec<Credential>,
    pub creator_token: Option<String>,
    pub view: GameView,
}

/// A campaign as its owner sees it.
#[derive(Clone, Debug)]
pub struct CampaignView {
    pub campaign_id: String,
    pub game_type: String,
    pub name: String,
    /// Each play's game id and whether its result is folded in.
    pub plays: Vec<(String, bool)>,
    pub current_game_id: Option<String>,
    pub over: bool,
    pub created_at_ms: i64,
    /// The campaign's own view.
    pub game: Value,
}

/// One campaign in a listing.
#[derive(Clone, Debug)]
pub struct CampaignSummary {
    pub campaign_id: String,
    pub game_type: String,
    pub name: String,
    pub plays: usize,
    pub over: bool,
    pub created_at_ms: i64,
}

/// A campaign's play, started or resumed: its game, the seats' fresh tokens, the views.
#[derive(Clone, Debug)]
pub struct Play {
    pub game_id: String,
    pub credentials: Vec<Credential>,
    pub view: GameView,
    pub campaign: CampaignView,
}
