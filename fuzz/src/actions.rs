//! `apply_actions`: a fuzzed game (any of the rules' registry), config (one of its modes,
//! tweaked), seed and sequence of steps, applied through the rules crate's `Game` trait. Each step produces an action (a listed one, or one the fuzzer
//! invents: another seat's, a stale one, a tweaked id, raw JSON) and applies it; then:
//! - an action is accepted exactly when `legal_actions` lists it for that seat;
//! - a refused action leaves the state equal to before;
//! - listed action ids round-trip through `parse_action_id`;
//! - a seat is to act exactly when it has legal actions (`tablero_rules::conformance`);
//! - events and views of the new state survive serde and are redacted for every viewer.
//!
//! No panic anywhere (setup with a bad config must be an error, not a crash).

use arbitrary::Arbitrary;
use serde_json::Value;
use tablero_rules::conformance::{self, NoKnowledge};
use tablero_rules::{Game, Seat};

/// How many earlier actions a step may replay (stale actions).
const STALE_POOL: usize = 64;

#[derive(Arbitrary, Debug)]
pub struct Input {
    /// The game, by its place in the rules' registry (modulo the number of games).
    pub game: u8,
    pub config: Config,
    pub seed: u64,
    pub steps: Vec<Step>,
}

/// A config: one of the game's modes, its serialised form then tweaked, so every knob the
/// config has is reachable without the fuzzer knowing any game; out-of-range values are kept
/// so setup's own validation is exercised too.
#[derive(Arbitrary, Debug)]
pub struct Config {
    pub mode: u8,
    pub tweaks: Vec<Tweak>,
}

/// One change to a config's JSON.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub enum Tweak {
    /// The `number`-th number shifted by `delta`.
    Shift { number: u8, delta: i8 },
    /// The `which`-th `true` or `false` flipped.
    Flip { which: u8 },
    /// The `which`-th `null` set to `value`.
    Set { which: u8, value: u8 },
}

/// Where the next action comes from.
#[derive(Arbitrary, Debug)]
pub enum Step {
    /// A listed action of a seat that must act (the `index`-th, modulo the list).
    Legal { seat: u8, index: u16 },
    /// `count` listed actions picked by a small generator: reaches deep states cheaply.
    Playout { count: u8, salt: u32 },
    /// A listed action of one seat, submitted by another.
    OtherSeat { from: u8, to: u8, index: u16 },
    /// An action a step named earlier, submitted again now.
    Stale { seat: u8, index: u8 },
    /// A listed action's id with one of its numbers shifted.
    Tweak {
        seat: u8,
        index: u16,
        number: u8,
        delta: i8,
    },
    /// Any action id.
    Id { seat: u8, id: String },
    /// Any action as the rules' serialised form.
    Json { seat: u8, json: String },
}

/// What a run did, for the seed-corpus generator: whether the config set a game up, and how
/// many actions were accepted.
#[derive(Clone, Copy, Debug, Default)]
pub struct Summary {
    pub set_up: bool,
    pub accepted: usize,
}

/// One game's run, by the registry's order.
type Runner = fn(&Input) -> Summary;

/// Every game of the rules' registry ([`tablero_rules::games!`]).
const GAMES: &[Runner] = {
    macro_rules! each {
        ($($kind:ident $game:path;)*) => { &[$(run_game::<$game> as Runner),*] };
    }
    tablero_rules::games!(each)
};

/// The place in the registry of the game an input plays.
pub fn game_index(input: &Input) -> usize {
    usize::from(input.game) % GAMES.len()
}

/// The number of games in the registry.
pub fn game_count() -> usize {
    GAMES.len()
}

pub fn run(input: &Input) -> Summary {
    GAMES[game_index(input)](input)
}

/// The input's config of `G` (a config that no longer reads as one ends the run) and its game.
fn run_game<G: Game>(input: &Input) -> Summary {
    let modes = G::modes();
    let mode = &modes[usize::from(input.config.mode) % modes.len()];
    let mut config = serde_json::to_value(&mode.config).expect("a config serialises");
    for t in &input.config.tweaks {
        tweak(&mut config, t);
    }
    match serde_json::from_value::<G::Config>(config) {
        Ok(config) => play::<G>(&config, input.seed, &input.steps),
        Err(_) => Summary::default(),
    }
}

/// Applies one tweak to the config's JSON value; nothing when it has no value of that kind.
fn tweak(config: &mut Value, t: &Tweak) {
    let (kind, which): (fn(&Value) -> bool, u8) = match *t {
        Tweak::Shift { number, .. } => (Value::is_number, number),
        Tweak::Flip { which } => (Value::is_boolean, which),
        Tweak::Set { which, .. } => (Value::is_null, which),
    };
    let mut found = Vec::new();
    leaves(config, &mut found);
    found.retain(|v| kind(v));
    let count = found.len();
    let Some(leaf) = found.into_iter().nth(usize::from(which) % count.max(1)) else {
        return;
    };
    *leaf = match (*t, &*leaf) {
        (Tweak::Shift { delta, .. }, v) => {
            let n = v
                .as_i64()
                .unwrap_or_else(|| v.as_f64().unwrap_or(0.0) as i64);
            Value::from(n.saturating_add(i64::from(delta)))
        }
        (Tweak::Flip { .. }, v) => Value::Bool(!v.as_bool().unwrap_or(false)),
        (Tweak::Set { value, .. }, _) => Value::from(value),
    };
}

/// Every number, boolean and null of `v`, in document order.
fn leaves<'a>(v: &'a mut Value, out: &mut Vec<&'a mut Value>) {
    match v {
        Value::Array(items) => items.iter_mut().for_each(|x| leaves(x, out)),
        Value::Object(fields) => fields.values_mut().for_each(|x| leaves(x, out)),
        Value::String(_) => {}
        leaf => out.push(leaf),
    }
}

/// Sets the game up (a refused config ends the run) and applies every step.
fn play<G: Game>(config: &G::Config, seed: u64, steps: &[Step]) -> Summary {
    let mut summary = Summary::default();
    let Ok(seats) = G::seat_count(config) else {
        return summary;
    };
    let Ok(mut state) = G::setup(config, seed) else {
        return summary;
    };
    summary.set_up = true;
    if seats == 0 {
        return summary;
    }
    let mut stale: Vec<(Seat, G::Action)> = Vec::new();
    for step in steps {
        match step {
            Step::Playout { count, salt } => {
                let mut pick = u64::from(*salt) | 1;
                for _ in 0..*count {
                    pick = pick
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    let Some((seat, action)) = listed::<G>(&state, 0, (pick >> 33) as usize) else {
                        break;
                    };
                    summary.accepted +=
                        usize::from(check_apply::<G>(&mut state, seats, (seat, &action)));
                }
            }
            _ => {
                if let Some((seat, action)) = action_of::<G>(&state, seats, step, &mut stale) {
                    summary.accepted +=
                        usize::from(check_apply::<G>(&mut state, seats, (seat, &action)));
                }
            }
        }
    }
    summary
}

/// The seat and action a step names; `None` when it names none (nothing listed, an id that
/// does not parse, JSON that is no action).
fn action_of<G: Game>(
    state: &G::State,
    seats: usize,
    step: &Step,
    stale: &mut Vec<(Seat, G::Action)>,
) -> Option<(Seat, G::Action)> {
    let seat_of = |s: &u8| *s as Seat % seats;
    let chosen = match step {
        Step::Playout { .. } => None,
        Step::Legal { seat, index } => listed::<G>(state, *seat as usize, *index as usize),
        Step::OtherSeat { from, to, index } => {
            let legal = G::legal_actions(state, seat_of(from));
            let action = legal.get(*index as usize % legal.len().max(1))?.clone();
            Some((seat_of(to), action))
        }
        Step::Stale { seat, index } => {
            let (_, action) = stale.get(*index as usize % stale.len().max(1))?.clone();
            Some((seat_of(seat), action))
        }
        Step::Tweak {
            seat,
            index,
            number,
            delta,
        } => {
            let legal = G::legal_actions(state, seat_of(seat));
            let action = legal.get(*index as usize % legal.len().max(1))?;
            let id = shift_number(&G::action_id(action), *number as usize, *delta)?;
            Some((seat_of(seat), G::parse_action_id(&id)?))
        }
        Step::Id { seat, id } => Some((seat_of(seat), G::parse_action_id(id)?)),
        Step::Json { seat, json } => Some((seat_of(seat), serde_json::from_str(json).ok()?)),
    };
    if let Some((seat, action)) = &chosen
        && stale.len() < STALE_POOL
    {
        stale.push((*seat, action.clone()));
    }
    chosen
}

/// The `index`-th listed action of the `which`-th seat that must act now.
fn listed<G: Game>(state: &G::State, which: usize, index: usize) -> Option<(Seat, G::Action)> {
    let to_act = G::to_act(state);
    let seat = *to_act.get(which % to_act.len().max(1))?;
    let legal = G::legal_actions(state, seat);
    let action = legal.get(index % legal.len().max(1))?.clone();
    Some((seat, action))
}

/// Applies one action through the rules crate's conformance checker: accepted exactly when
/// listed (a refusal leaves the state unchanged), to-act ⇔ legal actions before and after,
/// events and views serde-clean and redacted for every viewer; whether it was accepted.
fn check_apply<G: Game>(
    state: &mut G::State,
    seats: usize,
    (seat, action): (Seat, &G::Action),
) -> bool {
    conformance::check_to_act::<G>(state, &conformance::legal_by_seat::<G>(state, seats));
    let Some(events) = conformance::check_apply::<G>(state, seat, action) else {
        return false;
    };
    conformance::check_to_act::<G>(state, &conformance::legal_by_seat::<G>(state, seats));
    conformance::show_events::<G>(&mut NoKnowledge, seats, &events, true);
    conformance::check_views::<G>(&NoKnowledge, state, seats);
    let _ = G::outcome(state);
    true
}

/// `id` with its `n`-th run of digits (modulo the number of runs) shifted by `delta`.
fn shift_number(id: &str, n: usize, delta: i8) -> Option<String> {
    let mut runs = Vec::new();
    let mut start = None;
    for (i, c) in id.char_indices().chain([(id.len(), ' ')]) {
        match (c.is_ascii_digit(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                runs.push(s..i);
                start = None;
            }
            _ => {}
        }
    }
    let range = runs.get(n % runs.len().max(1))?.clone();
    let value: i128 = id[range.clone()].parse().ok()?;
    let shifted = value + i128::from(delta);
    Some(format!(
        "{}{shifted}{}",
        &id[..range.start],
        &id[range.end..]
    ))
}
