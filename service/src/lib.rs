//! The Tablero server: a gRPC game engine for turn-based board games.
//!
//! # Layout
//!
//! The modules are layers; each uses only the ones below it.
//!
//! - [`server`]: assembles and runs everything below (the tower stack, the services, the sweeper,
//!   graceful shutdown).
//! - [`transport`]: accepting connections (HTTP/2 and its limits, TLS) and the request layers
//!   above them ([`transport::limits`], [`transport::rate`], the play page [`transport::web`]).
//! - [`edge`]: who is calling and what they may do: the caller's identity, the bearer token a
//!   request presents, API keys, the creation policy and quotas.
//! - [`rpc`]: the tonic adapters: validate and convert a request, call the engine, map its
//!   [`error::ApiError`] to a status ([`rpc::status`]); WatchGame's stream loop ([`rpc::watch`])
//!   over one shared feed per watched game ([`rpc::feeds`]); WatchChanges' stream over the change
//!   feed ([`rpc::changes`]).
//! - [`webhooks`]: the operator's endpoints, and the deliverers that POST the change feed to
//!   them (a lease per endpoint in the store, at least once, signed).
//! - [`engine`]: open a game, submit an action, play the bots, replay, keep campaigns in step
//!   with their plays, sweep abandoned campaigns, keep games decoded ([`engine::hot`]); no tonic
//!   in it.
//! - [`games`]: the games mapping, rules ↔ proto per game behind one object-safe interface,
//!   written with exhaustive destructuring; `tests/mapping_conformance.rs` checks every hosted
//!   game and mode through it.
//! - [`store`]: where games live (memory or Redis) and what is stored ([`store::record`]), how
//!   long ([`store::lifecycle`]), and the clock records keep.
//! - [`telemetry`]: logs, spans per RPC and store call, metrics (a store wrapper and a layer).
//! - Shared below everything: [`error`] (the engine's error type), [`validate`] (bounds on input
//!   and ids), [`bots`] (the bots' names), [`heap`] (the counting allocator that weighs what the
//!   hot cache holds).
//!
//! One SubmitAction request: [`transport`] accepts the connection and the HTTP/2 stream →
//! the tower layers ([`edge::caller`], [`transport::rate`], [`transport::limits`],
//! [`telemetry::rpc`]) → [`rpc::api`] reads the bearer token ([`edge::auth`]), bounds the ids and
//! the key ([`validate`]) and builds an [`engine::submit::Submission`] → [`engine::submit`] takes
//! the game's decoded copy ([`engine::hot`]; else reads it from the [`store`]), finds the token's seat ([`engine::tokens`]), maps the action to
//! the rules through [`games`], applies it (`tablero-rules`), lets the bots answer
//! ([`engine::bot_moves`]), commits with compare-and-swap (the store appends the log and notifies
//! watchers; a lost swap means the copy was stale: the game is read and the submit made again), folds a finished campaign play ([`engine::campaigns`]) and builds the reply
//! ([`engine::present`]) → [`rpc::api`] returns it, or [`rpc::status`] turns the error into a
//! status.
//!
//! A bot at `mcts`'s top level answers just after that: the write left the game due in the
//! wake-up index ([`engine::deadlines`]), and a poll of any replica takes the turn with a lease,
//! searches and writes the move ([`engine::bot_worker`]).

pub mod bots;
pub mod edge;
pub mod engine;
pub mod error;
pub mod games;
pub mod heap;
pub mod rpc;
pub mod server;
pub mod store;
pub mod telemetry;
pub mod transport;
pub mod validate;
pub mod webhooks;
