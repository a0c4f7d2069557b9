//! Compiles `tablero/v1/*.proto` with protox (pure Rust): no system protoc is needed.

use prost::Message;
use std::{env, fs, path::PathBuf};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR")?);
    let dir = root.join("tablero/v1");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "proto"))
        .collect();
    files.sort();
    // The directory too, so that a new .proto file triggers a rebuild.
    println!("cargo:rerun-if-changed={}", dir.display());
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
    }
    let fds = protox::compile(&files, [&root])?;
    let out = PathBuf::from(env::var("OUT_DIR")?);
    fs::write(out.join("tablero_descriptor.bin"), fds.encode_to_vec())?;
    tonic_prost_build::configure()
        .build_server(true)
        .build_client(true)
        // Malformed request bodies are the caller's fault: INVALID_ARGUMENT, not INTERNAL.
        .codec_path("crate::codec::Strict")
        // The per-game event oneof: one game's event (Panovník's carries whole cards) is much
        // larger than another's; events are built once each, so boxing would buy nothing.
        .enum_attribute(
            ".tablero.v1.Event.game",
            "#[allow(clippy::large_enum_variant)]",
        )
        .compile_fds(fds.clone())?;
    // The server's side once more, on its own: the same services and messages, except that the
    // two answers carrying a write's update are bytes encoded once (`src/encoded.rs`), so each
    // of a write's watchers and its submitter are sent the same encoding.
    let server = out.join("server");
    fs::create_dir_all(&server)?;
    tonic_prost_build::configure()
        .build_server(true)
        .build_client(false)
        .out_dir(&server)
        .codec_path("crate::codec::Strict")
        .extern_path(".tablero.v1", "crate::v1")
        .extern_path(
            ".tablero.v1.WatchGameResponse",
            "crate::encoded::WatchReply",
        )
        .extern_path(
            ".tablero.v1.SubmitActionResponse",
            "crate::encoded::SubmitReply",
        )
        .compile_fds(fds)?;
    Ok(())
}
