//! The Tablero server: a gRPC game engine for turn-based board games.
//!
//! # Layout
//!
//! The modules are layers, top to bottom; each uses only the ones below it
//! (`tests/layers.rs` holds the code to this list, and keeps the wire out of the engine and the
//! store).
//!
//! - [`server`]: assembles and runs everything below (the tower stack, the services, the sweeper,
//!   graceful shutdown).
//! - [`transport`]: accepting connections (HTTP/2 and its limits, TLS), the request layers
//!   ([`transport::limits`], [`transport::rate`]), Connect ([`transport::connect`]) and the play
//!   page ([`transport::web`]).
//! - [`webhooks`]: the operator's endpoints, and the deliverers that POST the change feed to
//!   them (a lease per endpoint in the store, at least once, signed).
//! - [`rpc`]: the protocol: the tonic adapters (read a request's credentials, bound and convert
//!   its fields, call the engine, convert its answer), the hosted games of the rules' registry
//!   behind one interface ([`rpc::games`]; each game's proto mapping is `tablero_proto::games`)
//!   and the mapping of the engine's answers ([`rpc::convert`]), the change feed's messages
//!   ([`rpc::feed`]), WatchGame's stream loop ([`rpc::watch`]) over one shared feed per watched
//!   game ([`rpc::feeds`]), WatchChanges ([`rpc::changes`]), statuses ([`rpc::status`]).
//! - [`edge`]: who is calling and what they may do: the caller's identity and connection, the
//!   bearer token a request presents, API keys, the creation policy and quotas.
//! - [`engine`]: every write through one pipeline ([`engine::transition`] →
//!   [`engine::commit`]), who acts ([`engine::acting`]), the reads ([`engine::reads`]), views of
//!   a version ([`engine::present`], [`engine::roster`]), the rules' games hosted behind one
//!   interface ([`engine::host`]), campaigns, the wake-up index, background bots, hot games
//!   ([`engine::hot`]); in its own types ([`engine::view`]), no protobuf.
//! - [`telemetry`]: logs, spans per RPC and store call, metrics (a store wrapper and a layer).
//! - Shared: [`bots`] (the bots' names and budgets), [`validate`] (bounds on input and ids),
//!   [`error`] (the engine's error type), [`heap`] (the counting allocator that weighs what the
//!   hot cache holds).
//! - [`store`]: where games live (memory or Redis) and what is stored ([`store::record`]), how
//!   long ([`store::lifecycle`]), and the clock records keep.
//!
//! One SubmitAction request: [`transport`] accepts the connection and the HTTP/2 stream → the
//! tower layers ([`edge::caller`], [`transport::rate`], [`transport::limits`],
//! [`telemetry::rpc`]) → [`rpc::api`] reads the bearer token ([`edge::auth`]), bounds the ids and
//! the key ([`validate`]), reads a typed action through its game's mapping ([`rpc::games`]) and
//! builds an [`engine::submit::Submission`] → [`engine::submit`] hands [`engine::commit`]'s write
//! loop a plan: on the game as read (the hot copy, [`engine::hot`]; else the [`store`]), find the
//! token's seat ([`engine::tokens`]), check the move ([`engine::acting`]), apply it
//! (`tablero-rules`, through [`engine::host`]), let the bots answer ([`engine::bot_moves`]), and
//! build the [`engine::transition::Transition`]; [`engine::commit`] stores it with
//! compare-and-swap (the store appends the log and the feed and notifies watchers; a lost swap
//! plans again on the game as stored now), then clears the player marks, settles the wake-up
//! index, keeps the game hot and folds a finished campaign play → the answer is built
//! ([`engine::present`]) and [`rpc::convert`] turns it into the reply, or [`rpc::status`] turns
//! the error into a status.
//!
//! A bot at `mcts`'s top level answers just after that: the write left the game due in the
//! wake-up index ([`engine::deadlines`]), and a poll of any replica takes the turn with a lease,
//! searches and writes the move through the same pipeline ([`engine::bot_worker`]).

pub mod bots;
pub mod edge;
pub mod engine;
pub mod error;
pub mod heap;
pub mod rpc;
pub mod server;
pub mod store;
pub mod telemetry;
pub mod transport;
pub mod validate;
pub mod webhooks;
