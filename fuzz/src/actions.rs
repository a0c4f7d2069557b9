//! `apply_actions`: a fuzzed game type, config, seed and sequence of steps, applied through the
//! rules crate's `Game` trait. Each step produces an action (a listed one, or one the fuzzer
//! invents: another seat's, a stale one, a tweaked id, raw JSON) and applies it; then:
//! - an action is accepted exactly when `legal_actions` lists it for that seat;
//! - a refused action leaves the state equal to before;
//! - listed action ids round-trip through `parse_action_id`;
//! - a seat is to act exactly when it has legal actions (`tablero_rules::conformance`);
//! - events and views of the new state survive serde and are redacted for every viewer.
//!
//! No panic anywhere (setup with a bad config must be an error, not a crash).

use arbitrary::Arbitrary;
use tablero_rules::conformance::{self, NoKnowledge};
use tablero_rules::{Game, Seat};

/// How many earlier actions a step may replay (stale actions).
const STALE_POOL: usize = 64;

#[derive(Arbitrary, Debug)]
pub struct Input {
    pub game: GameConfig,
    pub seed: u64,
    pub steps: Vec<Step>,
}

/// A game type with the config knobs the fuzzer may turn; out-of-range values are kept so
/// setup's own validation is exercised too.
#[derive(Arbitrary, Debug)]
pub enum GameConfig {
    Claim {
        mode: u8,
        pair: u8,
        factions: Option<Vec<u8>>,
        first_leader: Option<u8>,
        auto_crush_2p: bool,
        troll_pool_needs_troll: bool,
        knights_only_win: bool,
    },
    Emara {
        players: u8,
        random_layout: bool,
        full_selection: bool,
        building_start: Option<Option<u32>>,
        start_player: Option<u8>,
        campaign: bool,
    },
    Panovnik {
        players: u8,
        virtual_opponents: Option<u8>,
        solo_tie_choice: bool,
    },
    Pantheon {
        players: u8,
        start_seat: Option<u8>,
        bonus_choice: bool,
        start_material_by_player_count: bool,
        max_turns_per_epoch: u8,
    },
    KingdomLegacy {
        test_library: bool,
        allow_permanent_upgrade: bool,
    },
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

pub fn run(input: &Input) -> Summary {
    use tablero_rules::{claim, emara, kingdom_legacy, panovnik, pantheon};
    match &input.game {
        GameConfig::Claim {
            mode,
            pair,
            factions,
            first_leader,
            auto_crush_2p,
            troll_pool_needs_troll,
            knights_only_win,
        } => {
            let modes = [
                claim::Mode::Base2p,
                claim::Mode::Custom2p,
                claim::Mode::ThreePlayer,
                claim::Mode::FourPlayerTeams,
            ];
            let mut config = claim::ClaimConfig::new(modes[*mode as usize % modes.len()]);
            config.pair = match pair % 4 {
                0 => None,
                1 => Some(claim::PairChoice::Kg),
                2 => Some(claim::PairChoice::Gg),
                _ => Some(claim::PairChoice::Random),
            };
            config.factions = factions.as_ref().map(|list| {
                if list.is_empty() {
                    claim::FactionChoice::Random
                } else {
                    let free = claim::Faction::FREE;
                    claim::FactionChoice::List(
                        list.iter()
                            .map(|i| free[*i as usize % free.len()])
                            .collect(),
                    )
                }
            });
            config.first_leader = match first_leader {
                Some(seat) => claim::FirstLeader::Seat(*seat as Seat % 6),
                None => claim::FirstLeader::Random,
            };
            config.auto_crush_2p = *auto_crush_2p;
            config.troll_pool_needs_troll = *troll_pool_needs_troll;
            config.knights_only_win = *knights_only_win;
            play::<claim::Claim>(&config, input.seed, &input.steps, never::<claim::Claim>)
        }
        GameConfig::Emara {
            players,
            random_layout,
            full_selection,
            building_start,
            start_player,
            campaign,
        } => {
            let mut config = emara::EmaraConfig::new(players % 6);
            config.random_layout = *random_layout;
            config.full_selection = *full_selection;
            config.building_start = match building_start {
                None => emara::BuildingStart::EventCard,
                Some(None) => emara::BuildingStart::FirstGame,
                Some(Some(v)) => emara::BuildingStart::Custom(*v),
            };
            config.start_player = match start_player {
                Some(seat) => emara::StartPlayer::Seat(*seat as Seat % 6),
                None => emara::StartPlayer::Random,
            };
            if config.players == 1 && *campaign {
                config.solo = Some(emara::SoloMode::Campaign);
            }
            play::<emara::Emara>(&config, input.seed, &input.steps, never::<emara::Emara>)
        }
        GameConfig::Panovnik {
            players,
            virtual_opponents,
            solo_tie_choice,
        } => {
            let mut config = panovnik::PanovnikConfig::new(players % 6);
            config.virtual_opponents = virtual_opponents.map(|v| v % 5);
            config.solo_tie_choice = *solo_tie_choice;
            play::<panovnik::Panovnik>(
                &config,
                input.seed,
                &input.steps,
                conformance::panovnik_committed,
            )
        }
        GameConfig::Pantheon {
            players,
            start_seat,
            bonus_choice,
            start_material_by_player_count,
            max_turns_per_epoch,
        } => {
            let mut config = pantheon::PantheonConfig::new(players % 6);
            config.start_seat = start_seat.map(|s| s as usize % 6);
            config.bonus_choice = *bonus_choice;
            config.start_material_by_player_count = *start_material_by_player_count;
            config.max_turns_per_epoch = u32::from(*max_turns_per_epoch);
            play::<pantheon::Pantheon>(
                &config,
                input.seed,
                &input.steps,
                never::<pantheon::Pantheon>,
            )
        }
        GameConfig::KingdomLegacy {
            test_library,
            allow_permanent_upgrade,
        } => {
            let pack = if *test_library {
                kingdom_legacy::Pack::TestLibrary
            } else {
                kingdom_legacy::Pack::Shipped
            };
            let mut config = kingdom_legacy::Config::new(pack);
            config.allow_permanent_upgrade = *allow_permanent_upgrade;
            play::<kingdom_legacy::KingdomLegacy>(
                &config,
                input.seed,
                &input.steps,
                never::<kingdom_legacy::KingdomLegacy>,
            )
        }
    }
}

/// Which seats not to act may still have legal actions (see `conformance::check_to_act`).
type OutOfTurn<G> = fn(&<G as Game>::State, Seat) -> bool;

/// No seat but those to act has legal actions.
fn never<G: Game>(_: &G::State, _: Seat) -> bool {
    false
}

/// Sets the game up (a refused config ends the run) and applies every step.
fn play<G: Game>(
    config: &G::Config,
    seed: u64,
    steps: &[Step],
    out_of_turn: OutOfTurn<G>,
) -> Summary {
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
                    summary.accepted += usize::from(check_apply::<G>(
                        &mut state,
                        seats,
                        (seat, &action),
                        out_of_turn,
                    ));
                }
            }
            _ => {
                if let Some((seat, action)) = action_of::<G>(&state, seats, step, &mut stale) {
                    summary.accepted += usize::from(check_apply::<G>(
                        &mut state,
                        seats,
                        (seat, &action),
                        out_of_turn,
                    ));
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
    out_of_turn: OutOfTurn<G>,
) -> bool {
    conformance::check_to_act::<G>(
        state,
        &conformance::legal_by_seat::<G>(state, seats),
        out_of_turn,
    );
    let Some(events) = conformance::check_apply::<G>(state, seat, action) else {
        return false;
    };
    conformance::check_to_act::<G>(
        state,
        &conformance::legal_by_seat::<G>(state, seats),
        out_of_turn,
    );
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
