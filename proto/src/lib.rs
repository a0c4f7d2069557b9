//! The generated Rust code of the Tablero contract (`tablero.v1`): messages, the tonic client
//! and the tonic server trait.
//!
//! # Layout
//!
//! - `v1`: the messages, the clients and the servers as `tonic-prost-build` makes them.
//! - [`server`]: the servers once more, answering `SubmitAction` and `WatchGame` with bytes
//!   encoded once ([`encoded`]); the Tablero server implements these.
//! - [`codec`]: the codec of both.
//! - `games` (feature `rules`): the proto mapping of each hosted game, to and from the rules'
//!   types (`tablero-rules`), one module per game.

pub mod codec;
pub mod encoded;
#[cfg(feature = "rules")]
pub mod games;

pub mod v1 {
    tonic::include_proto!("tablero.v1");

    /// The encoded descriptor set, for gRPC reflection.
    pub const FILE_DESCRIPTOR_SET: &[u8] =
        tonic::include_file_descriptor_set!("tablero_descriptor");
}

/// The services as the Tablero server implements them: `v1`'s, except that `SubmitAction` and
/// `WatchGame` answer with [`encoded`] updates.
pub mod server {
    include!(concat!(env!("OUT_DIR"), "/server/tablero.v1.rs"));
}
