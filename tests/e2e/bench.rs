//! `tablero-bench` runs every section end to end at tiny sizes (a few seconds) and prints each
//! one and the summary with a verdict on every target. Its figures are not checked: a test
//! never asserts performance.

use std::process::Command;

#[test]
fn the_benchmark_runs_every_section_and_prints_every_target() {
    let out = Command::new(env!("CARGO_BIN_EXE_tablero-bench"))
        .args([
            "--clients",
            "4",
            "--connections",
            "1",
            "--rounds",
            "1",
            "--seconds",
            "0.3",
            "--open-rate",
            "50",
            "--open-games",
            "20",
            "--open-seconds",
            "0.5",
            "--streams",
            "20",
            "--watch-games",
            "2",
            "--watch-moves",
            "2",
            "--watch-interval-ms",
            "20",
            "--idle-seconds",
            "0.2",
            "--warmup-seconds",
            "0.5",
        ])
        .output()
        .expect("run tablero-bench");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "tablero-bench failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for heading in ["## 1. ", "## 2. ", "## 3. ", "## 4. ", "## Summary"] {
        assert!(stdout.contains(heading), "no `{heading}` in:\n{stdout}");
    }
    // Issue 30's targets, each with its verdict in the summary table: two in sections 1, 2
    // and 4, one (the p99) in section 3.
    let judged = stdout
        .lines()
        .filter(|l| l.starts_with("| ") && (l.ends_with("| met |") || l.ends_with("| missed |")))
        .count();
    assert_eq!(judged, 7, "targets judged in:\n{stdout}");
}
