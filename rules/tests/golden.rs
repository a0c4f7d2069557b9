//! Golden playthroughs: one seeded game per game (of the registry) and mode, recorded in
//! `rules/golden/<game>/<mode>.txt` (see rules/golden/README.md) and compared line by line, so
//! any change of the rules' behaviour, or of what a player or spectator is shown, shows up as a
//! diff. Re-record with `TABLERO_GOLDEN=record cargo test -p tablero-rules --test golden`.

use serde_json::Value;
use std::fmt::Write as _;
use std::path::PathBuf;
use tablero_rules::{Game, GameRng, Viewer};

/// Steps recorded per game; a longer game stops there (the file says so) without an outcome.
const MAX_STEPS: usize = 150;
/// Legal actions listed by id and label per step; the rest are folded into a digest.
const LISTED: usize = 12;
const SEED: u64 = 16;

/// One line per event: the game's own summary of the event as its viewer sees it.
fn summary<G: Game>(event: &G::Event) -> String {
    G::event_summary(event)
}

/// FNV-1a, 64 bits: a stable digest of the legal actions past the listed ones.
fn digest(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The events each viewer is shown: the spectator's, then a seat's only where they differ.
fn events<G: Game>(out: &mut String, seats: usize, events: &[G::Event]) {
    for e in events {
        let public = G::redact_event(e, Viewer::Spectator).map(|r| summary::<G>(&r));
        let _ = writeln!(
            out,
            "  spectator: {}",
            public.as_deref().unwrap_or("(hidden)")
        );
        for s in 0..seats {
            let seen = G::redact_event(e, Viewer::Seat(s)).map(|r| summary::<G>(&r));
            if seen != public {
                let _ = writeln!(out, "  seat {s}: {}", seen.as_deref().unwrap_or("(hidden)"));
            }
        }
    }
}

/// A view as `path = value` lines (JSON values; a list of plain values, or an empty list or
/// object, is one value), in the view's field order.
fn flatten(value: &Value, path: &mut String, out: &mut Vec<(String, String)>) {
    let len = path.len();
    match value {
        Value::Object(m) if !m.is_empty() => {
            for (k, v) in m {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(k);
                flatten(v, path, out);
                path.truncate(len);
            }
        }
        Value::Array(a) if a.iter().any(|v| v.is_array() || v.is_object()) => {
            for (i, v) in a.iter().enumerate() {
                let _ = write!(path, "[{i}]");
                flatten(v, path, out);
                path.truncate(len);
            }
        }
        leaf => out.push((path.clone(), leaf.to_string())),
    }
}

/// What `viewer` is shown of the state, flattened.
fn view_lines<G: Game>(state: &G::State, viewer: Viewer) -> Vec<(String, String)> {
    let value = serde_json::to_value(G::view(state, viewer)).expect("a view serialises");
    let mut out = Vec::new();
    flatten(&value, &mut String::new(), &mut out);
    out
}

/// The lines of `now` that are new or changed since `before`, as `path: old → new`, then the
/// paths that are gone (`→ ∅`).
fn changes(before: &[(String, String)], now: &[(String, String)]) -> Vec<String> {
    use std::collections::HashMap;
    let old: HashMap<&str, &str> = before
        .iter()
        .map(|(p, v)| (p.as_str(), v.as_str()))
        .collect();
    let new: HashMap<&str, &str> = now.iter().map(|(p, v)| (p.as_str(), v.as_str())).collect();
    if before.is_empty() {
        return now.iter().map(|(p, v)| format!("{p} = {v}")).collect();
    }
    let mut out: Vec<String> = now
        .iter()
        .filter(|(p, v)| old.get(p.as_str()) != Some(&v.as_str()))
        .map(|(p, v)| match old.get(p.as_str()) {
            Some(o) => format!("{p}: {o} → {v}"),
            None => format!("{p}: ∅ → {v}"),
        })
        .collect();
    out.extend(
        before
            .iter()
            .filter(|(p, _)| !new.contains_key(p.as_str()))
            .map(|(p, v)| format!("{p}: {v} → ∅")),
    );
    out
}

/// Every viewer's view: the spectator's changes since its last view, then each seat's changes
/// that the spectator's do not already show. At setup (`before` empty) that is the whole view.
fn views<G: Game>(
    out: &mut String,
    state: &G::State,
    seats: usize,
    before: &mut [Vec<(String, String)>],
) {
    let viewers = std::iter::once(Viewer::Spectator).chain((0..seats).map(Viewer::Seat));
    let mut public: Vec<String> = Vec::new();
    for (i, viewer) in viewers.enumerate() {
        let now = view_lines::<G>(state, viewer);
        let changed = changes(&before[i], &now);
        let shown: Vec<&String> = changed.iter().filter(|c| !public.contains(c)).collect();
        let who = match viewer {
            Viewer::Spectator => "spectator".to_string(),
            Viewer::Seat(s) => format!("seat {s}"),
        };
        if !shown.is_empty() {
            let _ = writeln!(out, "  view of {who}:");
            for c in &shown {
                let _ = writeln!(out, "    {c}");
            }
        }
        if viewer == Viewer::Spectator {
            public = changed;
        }
        before[i] = now;
    }
}

/// The playthrough of one seeded game: per step who acts, the legal actions, the action
/// taken (a seeded random choice of the first seat to act), the events and the views per
/// viewer.
fn record<G: Game>(mode: &str, config: &G::Config) -> String {
    let seats = G::seat_count(config).expect("a valid mode");
    let mut st = G::setup(config, SEED).expect("the mode sets up");
    let mut r = GameRng::from_seed(SEED);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {} {mode}, rules version {}, seed {SEED}, {seats} seats",
        G::NAME,
        G::RULES_VERSION
    );
    let _ = writeln!(out, "setup");
    events::<G>(&mut out, seats, &G::setup_events(&st));
    let mut seen = vec![Vec::new(); seats + 1];
    views::<G>(&mut out, &st, seats, &mut seen);
    for step in 1..=MAX_STEPS {
        let to_act = G::to_act(&st);
        let Some(&seat) = to_act.first() else { break };
        let legal = G::legal_actions(&st, seat);
        let _ = writeln!(out, "step {step}: to act {to_act:?}; seat {seat} may");
        for a in legal.iter().take(LISTED) {
            let _ = writeln!(out, "  {} = {}", G::action_id(a), G::action_label(&st, a));
        }
        if legal.len() > LISTED {
            let rest: String = legal[LISTED..]
                .iter()
                .map(|a| format!("{}={}\n", G::action_id(a), G::action_label(&st, a)))
                .collect();
            let _ = writeln!(
                out,
                "  … {} more, digest {:016x}",
                legal.len() - LISTED,
                digest(&rest)
            );
        }
        let a = &legal[r.below(legal.len())];
        let _ = writeln!(out, "  plays {}", G::action_id(a));
        let evs = G::apply(&mut st, seat, a).expect("a listed action applies");
        events::<G>(&mut out, seats, &evs);
        views::<G>(&mut out, &st, seats, &mut seen);
    }
    match G::outcome(&st) {
        Some(o) => {
            let _ = writeln!(
                out,
                "outcome: places {:?}, winners {:?}, draw {}, {}",
                o.places, o.winners, o.draw, o.reason
            );
        }
        None => {
            let _ = writeln!(out, "stopped after {MAX_STEPS} steps, not over");
        }
    }
    out
}

/// Every mode of one game.
fn modes_of<G: Game>(all: &mut Vec<(&'static str, String, String)>) {
    for mode in G::modes() {
        let text = record::<G>(mode.name, &mode.config);
        all.push((G::NAME, mode.name.to_string(), text));
    }
}

/// Every game of the registry and mode (the modes the rules offer).
fn playthroughs() -> Vec<(&'static str, String, String)> {
    type Modes = fn(&mut Vec<(&'static str, String, String)>);
    macro_rules! each {
        ($($kind:ident $game:path;)*) => { [$(modes_of::<$game> as Modes),*] };
    }
    let mut all = Vec::new();
    for modes in tablero_rules::games!(each) {
        modes(&mut all);
    }
    all
}

fn path(game: &str, mode: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("golden")
        .join(game)
        .join(format!("{mode}.txt"))
}

#[test]
fn golden_playthroughs_are_unchanged() {
    let recording = std::env::var("TABLERO_GOLDEN").is_ok_and(|v| v == "record");
    let mut failures = Vec::new();
    for (game, mode, text) in playthroughs() {
        let file = path(game, &mode);
        if recording {
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, &text).unwrap();
            continue;
        }
        let Ok(golden) = std::fs::read_to_string(&file) else {
            failures.push(format!("{}: missing", file.display()));
            continue;
        };
        if golden == text {
            continue;
        }
        let (line, want, got) = golden
            .lines()
            .chain(std::iter::repeat("(end of file)"))
            .zip(text.lines().chain(std::iter::repeat("(end of file)")))
            .enumerate()
            .find(|(_, (a, b))| a != b)
            .map(|(i, (a, b))| (i + 1, a, b))
            .expect("differing texts differ in a line");
        failures.push(format!(
            "{}:{line}:\n  golden: {want}\n  now:    {got}",
            file.display()
        ));
    }
    assert!(
        failures.is_empty(),
        "golden playthroughs changed (re-record with TABLERO_GOLDEN=record cargo test -p \
         tablero-rules --test golden, and ask whether RULES_VERSION must move):\n{}",
        failures.join("\n")
    );
}
