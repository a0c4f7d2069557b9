//! Tablero's rules: pure, deterministic game logic with no I/O and no async.
//!
//! Every game implements [`Game`]: set up from a config and a seed (or an explicit scenario),
//! report who must act now (possibly several seats at once), list a seat's legal actions,
//! apply one, render the view of a seat or a spectator with hidden information removed, and
//! report the outcome. All randomness comes from a [`GameRng`] stored inside the state, so
//! (config, seed, action log) always replays to the identical state.
//!
//! Rule IDs in the code, its refusals and its tests (`CLM-TRK.4`, `KLG-10.5`, …) are those of
//! the specifications in the repository's `docs/rules/` (`docs/rules/claim.md`,
//! `docs/rules/emara.md`, `docs/rules/panovnik.md`, `docs/rules/pantheon.md`,
//! `docs/rules/kingdom_legacy.md`), the project's own copy, kept in step with this crate.
//!
//! # Layout
//!
//! - `game.rs`: the contract, [`Game`] and [`Campaign`], and the game-neutral types the
//!   service sees ([`Seat`], [`Viewer`], [`Outcome`], [`RuleViolation`], [`SetupError`]).
//! - `rng.rs`: [`GameRng`], the seeded generator that lives in a game state.
//! - One module per game ([`claim`], [`emara`], [`panovnik`], [`pantheon`],
//!   [`kingdom_legacy`]), each a folder of files with one job, listed in its own module docs.
//!   Each has the same backbone: `types` (the public vocabulary), `state` (the zones; serde, so
//!   the service can store it), `setup`, `decisions` (legal actions, refusals naming the rule,
//!   dispatch), the rule files proper (tricks, auctions, effects, …; scoring at the end),
//!   `actions` (stable ids and plain-words labels), `view` and `events` (hidden information).
//!   `data` (`cards` in Claim) loads the game's content from `rules/data/<game>/`, embedded at
//!   compile time and validated at load. A game's tests sit in its `tests/` folder.
//! - `bots/`: the bots (`random`, `greedy`, `mcts`), honest by construction: they decide from a
//!   [`bots::Knowledge`] (the state with everything the seat cannot see dealt into one
//!   canonical order), never from the state. Each game implements [`bots::BotGame`] in its
//!   `bot.rs` (its determinizer and evaluation) and checks it in `tests/bots.rs`.
//! - `registry.rs`: the one list of the games ([`games!`]), tagged with how each is hosted;
//!   everything that goes over every game iterates it. [`goofspiel`] is the small game only the
//!   tests use, the proof that a game plugs in through its folder and that one line.
//! - `text.rs`: the words every game's `text` module shares (lists, plurals).
//! - `conformance.rs` (tests, and the fuzz crate through the `conformance` feature): the one
//!   checker every game's random playouts go through — to-act ⇔ legal actions, legal ⇔
//!   accepted (a refusal names a rule and changes nothing), serde round trips, replay identity
//!   and redaction against the game's own knowledge model.
//! - `rules/golden/`: one seeded playthrough per game and mode as text, diffed by
//!   `tests/golden.rs` (`TABLERO_GOLDEN=record` re-records; a diff asks whether
//!   `RULES_VERSION` must move).
//! - `rules/benches/`: one criterion benchmark per game (random playouts, rules steps).
//!
//! # The path of one action
//!
//! The service drives every game the same way, through [`Game`] only:
//!
//! 1. [`Game::setup`] (or [`Game::setup_scenario`]) builds the state from the config and a
//!    seed, drawing every shuffle from the state's [`GameRng`]; [`Game::setup_events`] reports
//!    the deals.
//! 2. [`Game::to_act`] names the seats that must decide now: one, or several for a sealed
//!    simultaneous step (each seat's choice is kept in the state until the last one reveals
//!    them all).
//! 3. [`Game::legal_actions`] lists what a seat may do, from the game's `decisions` module;
//!    [`Game::action_id`] and [`Game::action_label`] give each a stable id and its words.
//! 4. [`Game::apply`] first checks the action against the same rules (a refusal is a
//!    [`RuleViolation`] naming the rule ID, and leaves the state unchanged), then performs it
//!    and every automatic step it triggers, up to the next decision, returning the events.
//! 5. [`Game::view`] renders the state for a seat or a spectator, and [`Game::redact_event`]
//!    what each viewer may see of each event (or nothing), so hidden cards and the RNG never
//!    leave the crate unredacted.
//! 6. [`Game::outcome`] is `Some` once the game is over. For a [`Campaign`],
//!    [`Campaign::fold`] then carries the finished play into the campaign state and
//!    [`Campaign::next_game`] sets up the next one.

pub mod bots;
pub mod claim;
#[cfg(any(test, feature = "conformance"))]
pub mod conformance;
pub mod emara;
mod game;
pub mod goofspiel;
pub mod kingdom_legacy;
pub mod panovnik;
pub mod pantheon;
pub mod registry;
mod rng;
pub mod text;

pub use game::{Campaign, Game, Mode, Outcome, RuleViolation, Seat, SetupError, Viewer};
pub use rng::GameRng;
