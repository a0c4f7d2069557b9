//! The server's layers, as `src/lib.rs` lists them, held against the code: each module uses only
//! the modules below it, and the engine and the store know nothing of the wire (no protobuf
//! type; `rpc/`, `webhooks/` and `transport/` convert to and from it). Read from the sources
//! themselves (every `crate::…` path outside comments), so a new import that runs upward, or a
//! `pb::` type in the engine, fails here rather than in review.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Top to bottom: a module may use only the modules after it.
const LAYERS: [&str; 12] = [
    "server",
    "transport",
    "webhooks",
    "rpc",
    "edge",
    "engine",
    "telemetry",
    "bots",
    "validate",
    "error",
    "store",
    "heap",
];

/// Modules that must not see the wire.
const WIRE_FREE: [&str; 3] = ["engine", "store", "heap"];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source directory") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a source file belongs to (`None` for the crate root and binaries).
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).ok()?;
    let first = rel.components().next()?.as_os_str().to_str()?.to_string();
    let name = first.trim_end_matches(".rs").to_string();
    (!matches!(name.as_str(), "lib" | "main" | "bin")).then_some(name)
}

/// The code of a file without its comments (line comments; doc comments are line comments).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every `crate::<module>` a file's code names.
fn uses(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        // `$crate::` in a macro names the crate too.
        let after = &rest[i + "crate::".len()..];
        let name: String = after
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            out.push(name);
        }
        rest = after;
    }
    out
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn every_module_uses_only_the_layers_below_it() {
    let src = src();
    let mut files = Vec::new();
    sources(&src, &mut files);
    let rank: BTreeMap<&str, usize> = LAYERS.iter().enumerate().map(|(i, m)| (*m, i)).collect();
    let mut upward = Vec::new();
    let mut checked = 0;
    for file in &files {
        let Some(module) = module_of(&src, file) else {
            continue;
        };
        let own = *rank
            .get(module.as_str())
            .unwrap_or_else(|| panic!("{module} ({}) is in no layer of LAYERS", file.display()));
        let text = std::fs::read_to_string(file).expect("readable");
        for used in uses(&code(&text)) {
            if used == module {
                continue;
            }
            let theirs = *rank
                .get(used.as_str())
                .unwrap_or_else(|| panic!("{} uses crate::{used}, in no layer", file.display()));
            checked += 1;
            if theirs <= own {
                upward.push(format!(
                    "{} ({module}) uses crate::{used}",
                    file.strip_prefix(&src).unwrap().display()
                ));
            }
        }
    }
    assert!(
        checked > 100,
        "only {checked} imports found: is the parser right?"
    );
    upward.sort();
    upward.dedup();
    assert!(
        upward.is_empty(),
        "imports that run upward:\n{}",
        upward.join("\n")
    );
}

#[test]
fn the_engine_and_the_store_know_nothing_of_the_wire() {
    let src = src();
    let mut offending = Vec::new();
    for module in WIRE_FREE {
        let mut files = Vec::new();
        let file = src.join(format!("{module}.rs"));
        if file.is_file() {
            files.push(file);
        } else {
            sources(&src.join(module), &mut files);
        }
        assert!(!files.is_empty(), "no sources in {module}");
        for file in files {
            let text = code(&std::fs::read_to_string(&file).expect("readable"));
            for wire in ["tablero_proto", "pb::", "tonic::", "prost::"] {
                if text.contains(wire) {
                    offending.push(format!(
                        "{} names `{wire}`",
                        file.strip_prefix(&src).unwrap().display()
                    ));
                }
            }
        }
    }
    assert!(offending.is_empty(), "{}", offending.join("\n"));
}

#[test]
fn the_checks_see_what_they_look_for() {
    // A check that cannot fail is no check: the parser finds an upward import and a wire type.
    let sample = "use crate::rpc::Api; // crate::server in a comment\nlet x: pb::GameView;";
    assert_eq!(uses(&code(sample)), ["rpc"]);
    assert!(code(sample).contains("pb::"));
    assert!(!code("/// pb::GameView").contains("pb::"));
}
