//! Bots that play from what their seat may know: `random`, `greedy` and `mcts` (determinized
//! information-set Monte Carlo tree search), over the rules' own `legal_actions` and `apply`.
//!
//! # Honest by construction
//!
//! A bot never reads a game state. It reads a [`Knowledge`]: the state with everything its seat
//! cannot see dealt again into one canonical order ([`BotGame::redeal`] with a fixed seed), so
//! two states the seat cannot tell apart give the same knowledge, and so the same decision for
//! the same seed. Search then runs on *determinizations*: the knowledge dealt again at random
//! (unseen cards shuffled into the places the seat cannot see, other seats' sealed choices drawn
//! again, the state's own generator reseeded), each consistent with what the seat has seen
//! ([`Game::view`] of the seat is unchanged by a redeal; every game's tests check both).
//!
//! # Layout
//!
//! - `mod.rs`: [`BotGame`], what a game supplies (its determinizer and its evaluation), and
//!   [`Kind`], [`Level`], [`decide`], the one entry point.
//! - `knowledge.rs`: [`Knowledge`], the canonical information set, and its samples.
//! - `reward.rs`: places and scores as rewards in `0..=1`.
//! - `greedy.rs`: one move ahead, by the game's evaluation, over a few determinizations.
//! - `ismcts.rs`: the search (UCB1 with availability counts; simultaneous steps decoupled, so no
//!   seat's statistics depend on another's sealed choice in the same step).
//! - `check.rs` (tests): the checks every game's bot tests go through — knowledge is canonical,
//!   samples keep the seat's view, decisions are legal and reproducible.

mod greedy;
mod ismcts;
mod knowledge;
mod reward;

#[cfg(test)]
pub(crate) mod check;

pub use ismcts::{Budget, SearchStats};
pub use knowledge::Knowledge;
pub use reward::{place_rewards, score_rewards};

use crate::{Game, GameRng, Seat};
use std::time::Instant;

/// What a game supplies so bots can play it.
pub trait BotGame: Game {
    /// Deals again everything `seat` cannot see and leaves everything it can see in place:
    /// the hidden items (other hands, face-down piles, deck orders) are gathered in one
    /// canonical order (so the result does not depend on where they were), shuffled with `rng`
    /// and put back into the same places; other seats' sealed choices of the current step are
    /// drawn again from their legal actions; the state's own generator is reseeded from `rng`.
    /// `Game::view(state, Viewer::Seat(seat))` must be unchanged.
    fn redeal(state: &mut Self::State, seat: Seat, rng: &mut GameRng);

    /// Number of seats (the length of every reward vector).
    fn seat_total(state: &Self::State) -> usize;

    /// Every seat's prospects in `0..=1` (1: surely first), from the state as it stands: the
    /// score of a finished game, an estimate of an unfinished one. Greedy bots maximise it one
    /// move ahead; the search scores rollouts cut short by it.
    fn evaluate(state: &Self::State) -> Vec<f64>;

    /// Whether bots consider `action` at all: a game may leave out moves that are the
    /// player's own business rather than play (Kingdom Legacy's reset and suspend). When it
    /// leaves out every legal move, all of them are considered.
    fn considered(_state: &Self::State, _action: &Self::Action) -> bool {
        true
    }

    /// A seat's score in a finished game in the game's own points (e.g. Kingdom Legacy's
    /// fame), for the arena's tables; `None` where the places say it all.
    fn final_score(_state: &Self::State, _seat: Seat) -> Option<f64> {
        None
    }

    /// The iterations of the `mcts` bot at the default level: chosen so a decision stays within
    /// the game's latency target on one core (see `docs/bots.md`).
    const DEFAULT_ITERATIONS: u32 = 400;

    /// Moves a rollout plays before the evaluation scores it.
    const ROLLOUT_DEPTH: usize = 400;

    /// The rollout policy: which of `actions` (never empty) `seat` plays in a simulated game.
    /// Uniform by default; a game may bias it towards sensible moves cheaply.
    fn rollout_pick(
        _state: &Self::State,
        _seat: Seat,
        actions: &[Self::Action],
        rng: &mut GameRng,
    ) -> usize {
        rng.below(actions.len())
    }
}

/// A bot kind, as `SeatSpec.bot` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A uniformly random legal move.
    Random,
    /// The move with the best evaluation one step ahead.
    Greedy,
    /// Information-set Monte Carlo tree search.
    Mcts,
}

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::Random, Kind::Greedy, Kind::Mcts];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Random => "random",
            Kind::Greedy => "greedy",
            Kind::Mcts => "mcts",
        }
    }

    pub fn named(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The levels the kind offers (1 = weakest); the default is [`Kind::default_level`].
    pub fn levels(self) -> std::ops::RangeInclusive<u32> {
        match self {
            Kind::Random | Kind::Greedy => 1..=1,
            Kind::Mcts => 1..=3,
        }
    }

    pub fn default_level(self) -> u32 {
        match self {
            Kind::Random | Kind::Greedy => 1,
            Kind::Mcts => 2,
        }
    }
}

/// A bot kind at one of its levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Level {
    pub kind: Kind,
    pub level: u32,
}

impl Level {
    /// `level` 0 stands for the kind's default; `None` when the kind has no such level.
    pub fn new(kind: Kind, level: u32) -> Option<Level> {
        let level = if level == 0 {
            kind.default_level()
        } else {
            level
        };
        kind.levels()
            .contains(&level)
            .then_some(Level { kind, level })
    }

    /// The search budget of this level for game `G`: level 1 a quarter of the default
    /// iterations, level 3 four times them.
    pub fn budget<G: BotGame>(self) -> Budget {
        let base = G::DEFAULT_ITERATIONS;
        let iterations = match self.level {
            1 => (base / 4).max(1),
            2 => base,
            _ => base.saturating_mul(4),
        };
        Budget {
            iterations,
            deadline: None,
        }
    }
}

/// The action `level` plays for the knowledge's seat, reproducible from `seed` (a deadline
/// in `budget` may stop a search early, and then only the iterations done count). `None` when
/// the seat has nothing to do.
pub fn decide<G: BotGame>(
    knowledge: &Knowledge<G>,
    level: Level,
    budget: Budget,
    seed: u64,
) -> Option<G::Action> {
    decide_counted(knowledge, level, budget, seed).map(|(action, _)| action)
}

/// [`decide`], with the search iterations it ran (0 for a bot that does not search, or a seat
/// with one move).
pub fn decide_counted<G: BotGame>(
    knowledge: &Knowledge<G>,
    level: Level,
    budget: Budget,
    seed: u64,
) -> Option<(G::Action, u32)> {
    let seat = knowledge.seat();
    let mut legal = considered::<G>(knowledge.state(), seat);
    if legal.len() <= 1 {
        return legal.pop().map(|a| (a, 0));
    }
    let mut rng = GameRng::from_seed(seed);
    let (pick, iterations) = match level.kind {
        Kind::Random => (rng.below(legal.len()), 0),
        Kind::Greedy => (greedy::pick(knowledge, &legal, &mut rng), 0),
        Kind::Mcts => {
            let stats = ismcts::search(knowledge, &legal, budget, &mut rng);
            (stats.best, stats.iterations)
        }
    };
    Some((legal.swap_remove(pick), iterations))
}

/// The legal moves of `seat` bots consider ([`BotGame::considered`]).
fn considered<G: BotGame>(state: &G::State, seat: Seat) -> Vec<G::Action> {
    let legal = G::legal_actions(state, seat);
    if legal.iter().all(|a| G::considered(state, a)) {
        return legal;
    }
    let kept: Vec<G::Action> = legal
        .iter()
        .filter(|a| G::considered(state, a))
        .cloned()
        .collect();
    if kept.is_empty() { legal } else { kept }
}

/// Whether a deadline has passed (checked between iterations, never inside the rules).
fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}
