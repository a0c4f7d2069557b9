//! Tablero's rules: pure, deterministic game logic with no I/O and no async.
//!
//! Every game implements [`Game`]: set up from a config and a seed (or an explicit scenario),
//! report who must act now (possibly several seats at once), list a seat's legal actions,
//! apply one, render the view of a seat or a spectator with hidden information removed, and
//! report the outcome. All randomness comes from a [`GameRng`] stored inside the state, so
//! (config, seed, action log) always replays to the identical state.

pub mod claim;
pub mod emara;
mod game;
pub mod kingdom_legacy;
pub mod panovnik;
pub mod pantheon;
mod rng;
pub mod text;

pub use game::{Campaign, Game, Mode, Outcome, RuleViolation, Seat, SetupError, Viewer};
pub use rng::GameRng;
