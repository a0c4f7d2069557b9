//! Golden playthroughs: one seeded game per game and mode, recorded in `rules/golden/<game>/
//! <mode>.txt` (see rules/golden/README.md) and compared line by line, so any change of the
//! rules' behaviour shows up as a diff. Re-record with
//! `TABLERO_GOLDEN=record cargo test -p tablero-rules --test golden`.

use std::fmt::Write as _;
use std::path::PathBuf;
use tablero_rules::claim::{Claim, ClaimConfig, Mode};
use tablero_rules::emara::{Emara, EmaraConfig};
use tablero_rules::kingdom_legacy::{Config as KlgConfig, KingdomLegacy, Pack};
use tablero_rules::panovnik::{Panovnik, PanovnikConfig};
use tablero_rules::pantheon::{Pantheon, PantheonConfig};
use tablero_rules::{Game, GameRng, Viewer};

/// Steps recorded per game; a longer game stops there (the file says so) without an outcome.
const MAX_STEPS: usize = 150;
/// Legal actions listed by id and label per step; the rest are folded into a digest.
const LISTED: usize = 12;
const SEED: u64 = 16;

/// One line per event: the event as its viewer sees it. Today its serde JSON; it becomes the
/// game's own summary once the rules crate has one.
fn summary<G: Game>(event: &G::Event) -> String {
    serde_json::to_string(event).expect("events serialise")
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

/// The playthrough of one seeded game: per step who acts, the legal actions, the action
/// taken (a seeded random choice of the first seat to act) and the events per viewer.
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

/// Every game and mode with its config (the modes the service offers).
fn playthroughs() -> Vec<(&'static str, String, String)> {
    let mut all = Vec::new();
    for mode in [
        Mode::Base2p,
        Mode::Custom2p,
        Mode::ThreePlayer,
        Mode::FourPlayerTeams,
    ] {
        let text = record::<Claim>(mode.id(), &ClaimConfig::new(mode));
        all.push((Claim::NAME, mode.id().to_string(), text));
    }
    for (mode, n) in [
        ("solo", 1),
        ("two_player", 2),
        ("three_player", 3),
        ("four_player", 4),
    ] {
        let text = record::<Emara>(mode, &EmaraConfig::new(n));
        all.push((Emara::NAME, mode.to_string(), text));
    }
    for (mode, n, v) in [
        ("solo", 1, 1),
        ("solo_two_virtual", 1, 2),
        ("solo_three_virtual", 1, 3),
        ("two_player", 2, 0),
        ("two_player_one_virtual", 2, 1),
        ("two_player_two_virtual", 2, 2),
        ("three_player", 3, 0),
        ("three_player_one_virtual", 3, 1),
        ("four_player", 4, 0),
    ] {
        let text = record::<Panovnik>(mode, &PanovnikConfig::with_virtual(n, v));
        all.push((Panovnik::NAME, mode.to_string(), text));
    }
    for (mode, n) in [("two_player", 2), ("three_player", 3), ("four_player", 4)] {
        let text = record::<Pantheon>(mode, &PantheonConfig::new(n));
        all.push((Pantheon::NAME, mode.to_string(), text));
    }
    let text = record::<KingdomLegacy>("solo", &KlgConfig::new(Pack::Shipped));
    all.push((KingdomLegacy::NAME, "solo".to_string(), text));
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
