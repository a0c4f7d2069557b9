//! The Tablero server: a gRPC game engine for turn-based board games.
//!
//! Data flows one way: gRPC request → [`api`] (auth, load the snapshot, map proto ↔ rules via
//! [`games`]) → `tablero-rules` (pure `apply`) → [`store`] (compare-and-swap the snapshot, append
//! the log, notify watchers) → reply.

pub mod access;
pub mod api;
pub mod auth;
pub mod bots;
pub mod caller;
pub mod campaigns;
pub mod clock;
pub mod error;
pub mod games;
pub mod keys;
pub mod lifecycle;
pub mod limits;
pub mod present;
pub mod rate;
pub mod record;
pub mod server;
pub mod store;
pub mod streams;
pub mod telemetry;
pub mod transport;
pub mod validate;
pub mod web;
