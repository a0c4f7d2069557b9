//! What a seat may know, as one canonical state, and the determinizations search runs on.

use super::BotGame;
use crate::{GameRng, Seat};

/// The fixed seed of the canonical deal: any fixed value works, as long as it never changes
/// between two calls (the honesty tests compare knowledge of twin states).
const CANONICAL: u64 = 0x7AB1_E80C_A111_0000;

/// What `seat` may know of a game: the state with everything hidden from the seat dealt into
/// one canonical order. Two states the seat cannot tell apart give equal knowledge.
pub struct Knowledge<G: BotGame> {
    seat: Seat,
    state: G::State,
}

impl<G: BotGame> Knowledge<G> {
    /// The seat's knowledge of `state`: nothing the seat cannot see survives this call.
    pub fn of(state: &G::State, seat: Seat) -> Knowledge<G> {
        let mut state = state.clone();
        G::redeal(&mut state, seat, &mut GameRng::from_seed(CANONICAL));
        Knowledge { seat, state }
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The canonical state: its hidden parts are placeholders, not the game's.
    pub fn state(&self) -> &G::State {
        &self.state
    }

    /// One full state consistent with the knowledge, drawn with `rng`.
    pub fn sample(&self, rng: &mut GameRng) -> G::State {
        let mut state = self.state.clone();
        G::redeal(&mut state, self.seat, rng);
        state
    }
}

// By hand: a derive would ask `G` itself (a unit type naming the game) for the traits.
impl<G: BotGame> Clone for Knowledge<G> {
    fn clone(&self) -> Self {
        Knowledge {
            seat: self.seat,
            state: self.state.clone(),
        }
    }
}

impl<G: BotGame> PartialEq for Knowledge<G> {
    fn eq(&self, other: &Self) -> bool {
        self.seat == other.seat && self.state == other.state
    }
}

impl<G: BotGame> std::fmt::Debug for Knowledge<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Knowledge")
            .field("seat", &self.seat)
            .field("state", &self.state)
            .finish()
    }
}
