//! The fuzz targets' logic, kept out of `fuzz_targets/` so the seed-corpus generator
//! (`examples/seed_corpus.rs`) drives exactly the same code.
//!
//! - [`requests`]: raw bytes decoded as every request message and handed to the real service
//!   handlers over an in-memory store; a refused request must leave every stored game and
//!   campaign byte-identical, an accepted one must change exactly what it says.
//! - [`actions`]: structured playouts of every game through the rules crate; a refused action
//!   must leave the state unchanged, and an action is accepted exactly when it is listed.

pub mod actions;
pub mod requests;
