//! The arena's smoke run (issue 19, part 4): `tablero-arena` plays every game and mode with a
//! tiny search budget and prints a row for each pairing. The strength figures come from the
//! full run (README), not from here.

use std::process::Command;
use tablero_rules::Game;

#[test]
fn the_arena_plays_every_game_and_mode() {
    let out = Command::new(env!("CARGO_BIN_EXE_tablero-arena"))
        .args(["--games", "2", "--iterations", "8"])
        .output()
        .expect("tablero-arena runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows = |game: &str, mode: &str| {
        stdout
            .lines()
            .filter(|l| l.starts_with(&format!("| {game} | {mode} |")))
            .count()
    };
    fn modes<G: Game>() -> Vec<(&'static str, &'static str, usize)> {
        G::modes()
            .iter()
            .map(|m| (G::NAME, m.name, m.seats))
            .collect()
    }
    // Every game of the registry but the test-only ones, which the arena leaves out unless
    // named.
    macro_rules! each {
        ($($kind:ident $game:path;)*) => { [$((stringify!($kind), modes::<$game>())),*] };
    }
    let all: Vec<_> = tablero_rules::games!(each)
        .into_iter()
        .filter(|(kind, _)| *kind != "test")
        .flat_map(|(_, modes)| modes)
        .collect();
    for (game, mode, _) in &all {
        // Three pairings (2 players), three kinds' places (3–4), three kinds alone (solo).
        assert_eq!(rows(game, mode), 3, "{game} {mode}:\n{stdout}");
    }
    assert!(stdout.contains("mcts vs random") && stdout.contains("% wins"));
}
