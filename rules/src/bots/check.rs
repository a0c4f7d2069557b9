//! The checks every game's bot tests go through, on states reached by bots playing whole
//! seeded games (so the states are those bots meet):
//!
//! - *samples are consistent*: every determinization leaves the seat's view and its legal
//!   moves as they are (its own hand, every revealed card, every count);
//! - *samples vary*: somewhere in the games, a determinization differs from the knowledge it
//!   came from (a determinizer that changes nothing hides nothing, and would let the search
//!   play on the real hidden cards if a knowledge kept them);
//! - *honesty*: a twin of the state, dealt again where the seat cannot see, gives the same
//!   knowledge and the same decision of every kind with the same seed;
//! - *legality*: every decision of every kind is accepted by the real state (the games are
//!   played on the real state with the bots' moves).

use super::BotGame;
use super::{Budget, Kind, Knowledge, Level, decide};
use crate::{GameRng, Viewer};

/// A small budget for tests: the checks are about honesty and legality, not strength.
const TEST_BUDGET: Budget = Budget {
    iterations: 12,
    deadline: None,
};

/// What the checks saw, for the caller to assert on.
#[derive(Debug, Default)]
pub struct Seen {
    pub games: usize,
    pub decisions: usize,
    pub checked: usize,
    /// Checked states where a sample differed from the knowledge.
    pub varied: usize,
}

/// Plays `games` seeded games of `config` with every seat's moves chosen by the bot kinds in
/// turn, checking every `every`-th decision as the module docs say.
pub fn play_and_check<G: BotGame>(
    config: &G::Config,
    seeds: std::ops::Range<u64>,
    every: usize,
) -> Seen {
    let mut seen = Seen::default();
    for seed in seeds {
        let mut state = G::setup(config, seed).expect("setup");
        let mut step = 0usize;
        let mut rng = GameRng::from_seed(seed ^ 0xB075);
        while !G::is_over(&state) {
            let to_act = G::to_act(&state);
            assert!(
                !to_act.is_empty(),
                "seed {seed}: nobody to act in an unfinished game"
            );
            let seat = to_act[rng.below(to_act.len())];
            if step.is_multiple_of(every) {
                check_state::<G>(&state, seat, seed ^ step as u64, &mut seen);
            }
            let kind = Kind::ALL[step % Kind::ALL.len()];
            let level = Level::new(kind, 1).expect("level 1");
            let knowledge = Knowledge::<G>::of(&state, seat);
            let action = decide(&knowledge, level, TEST_BUDGET, seed ^ (step as u64) << 20)
                .expect("a seat to act has a move");
            G::apply(&mut state, seat, &action).unwrap_or_else(|e| {
                panic!(
                    "seed {seed} step {step}: {kind:?} bot chose an illegal move {action:?}: {e}"
                )
            });
            seen.decisions += 1;
            step += 1;
            assert!(step < 100_000, "seed {seed}: the game does not end");
        }
        seen.games += 1;
    }
    seen
}

/// The consistency and honesty checks at one state for one seat.
pub fn check_state<G: BotGame>(state: &G::State, seat: usize, seed: u64, seen: &mut Seen) {
    let view = G::view(state, Viewer::Seat(seat));
    let legal = G::legal_actions(state, seat);
    let knowledge = Knowledge::<G>::of(state, seat);
    assert_eq!(
        G::view(knowledge.state(), Viewer::Seat(seat)),
        view,
        "knowledge changed the seat's view"
    );
    let mut rng = GameRng::from_seed(seed);
    let mut varied = false;
    for _ in 0..3 {
        let sample = knowledge.sample(&mut rng);
        assert_eq!(
            G::view(&sample, Viewer::Seat(seat)),
            view,
            "a sample changed the seat's view"
        );
        assert_eq!(
            G::legal_actions(&sample, seat),
            legal,
            "a sample changed the seat's moves"
        );
        varied |= &sample != knowledge.state();
    }
    // The twin: the same game as the seat sees it, everything else dealt again.
    let mut twin = state.clone();
    G::redeal(
        &mut twin,
        seat,
        &mut GameRng::from_seed(seed.rotate_left(17) ^ 0x7117),
    );
    assert_eq!(
        Knowledge::<G>::of(&twin, seat),
        knowledge,
        "knowledge depends on what the seat cannot see"
    );
    for kind in Kind::ALL {
        let level = Level::new(kind, 1).expect("level 1");
        let a = decide(&knowledge, level, TEST_BUDGET, seed);
        let b = decide(&Knowledge::<G>::of(&twin, seat), level, TEST_BUDGET, seed);
        assert_eq!(
            a, b,
            "{kind:?}: the decision depends on what the seat cannot see"
        );
    }
    seen.checked += 1;
    seen.varied += usize::from(varied);
}

/// The honesty check on a twin made by hand (a game's own test swaps hidden items itself, so it
/// does not rely on the redeal it checks): `seat` cannot tell `state` and `twin` apart — same
/// knowledge, same `mcts` decision with the same seed, and the twin passes the state checks —
/// while `other`, who can see what was swapped, can.
pub fn check_twin<G: BotGame>(
    state: &G::State,
    twin: &G::State,
    seat: usize,
    other: usize,
    iterations: u32,
) {
    assert_ne!(twin, state, "the twin differs somewhere");
    let a = Knowledge::<G>::of(state, seat);
    let b = Knowledge::<G>::of(twin, seat);
    assert_eq!(a, b, "the seat's knowledge depends on what it cannot see");
    let level = Level::new(Kind::Mcts, 1).expect("level 1");
    let budget = Budget {
        iterations,
        deadline: None,
    };
    assert_eq!(decide(&a, level, budget, 5), decide(&b, level, budget, 5));
    assert_ne!(
        Knowledge::<G>::of(state, other),
        Knowledge::<G>::of(twin, other),
        "the other seat sees the swap"
    );
    check_state::<G>(twin, seat, 3, &mut Seen::default());
}
