//! The edge: who is calling and what they may do, before the engine is asked anything.
//!
//! - [`caller`]: who the caller is (a trusted header, else the peer address), for per-caller
//!   limits;
//! - [`auth`]: the seat token a request presents (`authorization: Bearer`);
//! - [`keys`]: API keys for backends (`x-api-key`), with scopes, reloaded from a file;
//! - [`access`]: who may create games and campaigns, and the quotas of those without a key;
//! - [`connection`]: the caller's connection, to close it at once.

pub mod access;
pub mod auth;
pub mod caller;
pub mod connection;
pub mod keys;

pub use connection::Connection;
