//! Every rule ID the specifications define is named by a test, and no test names an ID they do
//! not define. The specifications are `docs/rules/*.md`, where a rule is defined in bold
//! (`**CLM-TRK.4**`); a test names an ID anywhere in test code: a file under a `tests/` folder,
//! a file whose name contains `test`, or a `.rs` file from its first `#[cfg(test)]` on. A
//! clause of a rule (`PNV-5.9c`, clause (c) of PNV-5.9) names that rule.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const PREFIXES: [&str; 5] = ["CLM", "EMR", "PNV", "PTH", "KLG"];
/// Where test code lives in the repository (generated and installed trees are left out).
const SCANNED: [&str; 6] = ["rules", "service", "tests", "clients", "fuzz", "deploy"];
const SKIPPED: [&str; 9] = [
    "target",
    "node_modules",
    "dist",
    "build",
    "gen",
    ".tools",
    ".venv",
    "venv",
    "__pycache__",
];
const EXTENSIONS: [&str; 7] = ["rs", "py", "ts", "go", "java", "mjs", "txt"];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("rules/ is in the repository")
        .to_path_buf()
}

/// The rule IDs in `text`, each with the offset it starts at: a prefix, `-`, a section of
/// digits and capitals, one or more `.<digits>`, and an optional clause letter.
fn ids(text: &str) -> Vec<(usize, String)> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(rel) = text[at..].find('-') {
        let dash = at + rel;
        at = dash + 1;
        if dash < 3 || !PREFIXES.iter().any(|p| text[..dash].ends_with(p)) {
            continue;
        }
        let start = dash - 3;
        if start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_') {
            continue;
        }
        let mut end = dash + 1;
        while end < bytes.len() && (bytes[end].is_ascii_digit() || bytes[end].is_ascii_uppercase())
        {
            end += 1;
        }
        if end == dash + 1 {
            continue;
        }
        let mut numbered = false;
        while end + 1 < bytes.len() && bytes[end] == b'.' && bytes[end + 1].is_ascii_digit() {
            end += 1;
            while end < bytes.len() && bytes[end].is_ascii_digit() {
                end += 1;
            }
            numbered = true;
        }
        if !numbered {
            continue;
        }
        if end < bytes.len() && bytes[end].is_ascii_lowercase() {
            end += 1;
        }
        if end < bytes.len() && (bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_') {
            continue; // part of a longer word
        }
        found.push((start, text[start..end].to_string()));
        at = end;
    }
    found
}

/// The rule an ID names: itself, or for a clause (`PNV-5.9c`) its rule (`PNV-5.9`).
fn rule_of(id: &str) -> &str {
    id.strip_suffix(|c: char| c.is_ascii_lowercase())
        .unwrap_or(id)
}

/// Every rule the specifications define, by the file defining it.
fn defined() -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let dir = repo().join("docs/rules");
    for entry in std::fs::read_dir(&dir).expect("docs/rules") {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        for (start, id) in ids(&text) {
            let bold = text[..start].ends_with("**") && text[start + id.len()..].starts_with("**");
            if bold {
                out.insert(id, name.clone());
            }
        }
    }
    out
}

/// The test code of `path`, if it holds any.
fn test_code(path: &Path) -> Option<String> {
    let ext = path.extension()?.to_str()?;
    if !EXTENSIONS.contains(&ext) {
        return None;
    }
    let text = std::fs::read_to_string(path).ok()?;
    let rel = path.strip_prefix(repo()).ok()?;
    let in_tests = rel.components().any(|c| c.as_os_str() == "tests");
    let named = path
        .file_name()?
        .to_string_lossy()
        .to_lowercase()
        .contains("test");
    if in_tests || named {
        return Some(text);
    }
    if ext == "rs" {
        return text.find("#[cfg(test)]").map(|at| text[at..].to_string());
    }
    None
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().to_string();
        if path.is_dir() {
            if !SKIPPED.contains(&name.as_str()) && !name.starts_with('.') {
                walk(&path, out);
            }
        } else {
            out.push(path);
        }
    }
}

/// Every ID named in test code, with one file naming it.
fn named_by_tests() -> BTreeMap<String, PathBuf> {
    let mut files = Vec::new();
    for top in SCANNED {
        walk(&repo().join(top), &mut files);
    }
    let mut out = BTreeMap::new();
    for path in files {
        if let Some(code) = test_code(&path) {
            for (_, id) in ids(&code) {
                out.entry(id).or_insert_with(|| path.clone());
            }
        }
    }
    out
}

#[test]
fn every_rule_id_has_a_test_and_every_test_names_a_real_rule() {
    let defined = defined();
    assert!(
        PREFIXES
            .iter()
            .all(|p| defined.keys().filter(|id| id.starts_with(p)).count() > 100),
        "each game's specification defines its rules in bold"
    );
    let named = named_by_tests();
    let tested: BTreeSet<&str> = named.keys().map(|id| rule_of(id)).collect();
    let untested: Vec<String> = defined
        .iter()
        .filter(|(id, _)| !tested.contains(id.as_str()))
        .map(|(id, file)| format!("{id} ({file})"))
        .collect();
    let unknown: Vec<String> = named
        .iter()
        .filter(|(id, _)| !defined.contains_key(rule_of(id)))
        .map(|(id, path)| {
            let rel = path.strip_prefix(repo()).unwrap_or(path);
            format!("{id} ({})", rel.display())
        })
        .collect();
    assert!(
        untested.is_empty() && unknown.is_empty(),
        "{} rules no test names: {}\n{} IDs tests name that no specification defines: {}",
        untested.len(),
        untested.join(", "),
        unknown.len(),
        unknown.join(", ")
    );
}

#[test]
fn ids_are_read_whole_and_clauses_name_their_rule() {
    // Made-up IDs are written with `@`, so that the scan above does not take them for named.
    let sample =
        "CLM-TRK.4, (PNV-5.9c) **EMR-3.4** xCLM@1.2 PTH@A.1 KLG@12.3.4 CLM-TRK.4_x EMR-3.4e.";
    let found: Vec<String> = ids(&sample.replace('@', "-"))
        .into_iter()
        .map(|(_, id)| id)
        .collect();
    let expected = "CLM-TRK.4 PNV-5.9c EMR-3.4 PTH@A.1 KLG@12.3.4 EMR-3.4e".replace('@', "-");
    assert_eq!(found, expected.split(' ').collect::<Vec<_>>());
    assert_eq!(rule_of("PNV-5.9c"), "PNV-5.9");
    assert_eq!(rule_of("CLM-TRK.4"), "CLM-TRK.4");
}
