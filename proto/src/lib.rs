//! The generated Rust code of the Tablero contract (`tablero.v1`): messages, the tonic client
//! and the tonic server trait.

pub mod codec;

pub mod v1 {
    tonic::include_proto!("tablero.v1");

    /// The encoded descriptor set, for gRPC reflection.
    pub const FILE_DESCRIPTOR_SET: &[u8] =
        tonic::include_file_descriptor_set!("tablero_descriptor");
}
