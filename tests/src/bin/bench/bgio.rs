//! Section `bgio` (not run by default): Tablero's server CPU per move against boardgame.io
//! 0.50.2's, one worker each, interleaved round by round. boardgame.io serves a two-player
//! trick game like Claim's tricks (`tests/bgio/game.js`: hidden hands, follow the led faction,
//! the higher card wins and leads, each player sees only their own hand) from its own server
//! (`tests/bgio/server.js`: Koa, socket.io, in-memory storage); one Node worker
//! (`tests/bgio/drive.js`) creates and joins matches through its lobby API and plays both seats
//! with boardgame.io's clients, each move waiting for the server's state after the last.
//! Tablero: one closed-loop client playing Claim against the random bot (section 1's load with
//! one client), every move counted (the client's submits and the bot's replies, both the
//! server's work). CPU is each server process's own (`/proc/<pid>/stat`).
//!
//! Needs Node and `npm ci` in `tests/bgio` (run here when `node_modules` is missing).

use crate::Args;
use crate::closed::{self, Totals};
use crate::report::{Bound, Summary};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tablero_e2e::{Backend, Server};

/// The target: boardgame.io stays at least this many times costlier per move.
const COSTLIER: f64 = 1.8;

fn harness_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("bgio")
}

/// boardgame.io's server, stopped on drop.
struct Bgio {
    child: Child,
    port: u16,
}

impl Drop for Bgio {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Bgio {
    fn start() -> Bgio {
        let dir = harness_dir();
        if !dir.join("node_modules/boardgame.io").exists() {
            let status = Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(&dir)
                .status()
                .expect("npm must be installed to run the boardgame.io reference");
            assert!(status.success(), "npm ci in {} failed", dir.display());
        }
        let port = tablero_e2e::free_port();
        let child = Command::new("node")
            .arg("server.js")
            .arg(port.to_string())
            .current_dir(&dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("node must be installed to run the boardgame.io reference");
        let bgio = Bgio { child, port };
        for _ in 0..200 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return bgio;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("boardgame.io's server did not listen on {port}");
    }

    /// One worker for `seconds`: (moves, matches) and the server's CPU seconds meanwhile.
    fn drive(&self, seconds: f64) -> (u64, u64, f64) {
        let before = crate::procs::cpu_seconds(self.child.id());
        let out = Command::new("node")
            .arg("drive.js")
            .arg(self.port.to_string())
            .arg(format!("{seconds}"))
            .current_dir(harness_dir())
            .output()
            .expect("run drive.js");
        let cpu = crate::procs::cpu_seconds(self.child.id()) - before;
        assert!(
            out.status.success(),
            "drive.js failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout);
        let number = |name: &str| -> u64 {
            text.split(&format!("\"{name}\":"))
                .nth(1)
                .and_then(|rest| rest.split([',', '}']).next())
                .and_then(|n| n.trim().parse().ok())
                .unwrap_or_else(|| panic!("drive.js printed no {name}: {text}"))
        };
        (number("moves"), number("matches"), cpu)
    }
}

pub async fn run(args: &Args, summary: &mut Summary) {
    println!(
        "\n## boardgame.io 0.50.2 vs Tablero: server CPU per move, one worker\n\n{} interleaved rounds of {} s per server. boardgame.io: its own server and clients (socket.io) on a two-player trick game (tests/bgio). Tablero: one client against the random bot in Claim, memory store; every move counted, the bot's too.",
        args.rounds, args.seconds
    );
    let bgio = Bgio::start();
    let server = Server::launch(Backend::Memory, crate::server_launch(args, &[]));
    let tablero = &closed::tablero_clients(&closed::connections(&server.url(), 1).await);
    let load = move |seconds| closed::claim_players(1, tablero, seconds, 7);
    load(args.warmup_seconds).await;
    bgio.drive(args.warmup_seconds);
    let (mut t, mut moves_t) = (Totals::default(), 0u64);
    let (mut bgio_moves, mut bgio_cpu) = (0u64, 0.0);
    for round in 1..=args.rounds {
        let (moves, matches, cpu) = bgio.drive(args.seconds);
        println!(
            "  round {round}: boardgame.io {moves} moves in {matches} matches, {:.1} µs of server CPU per move",
            cpu * 1e6 / moves.max(1) as f64
        );
        bgio_moves += moves;
        bgio_cpu += cpu;
        let run = closed::measured(server.pid(), load(args.seconds)).await;
        let versions = run.tally.versions;
        println!(
            "  round {round}: tablero {} submits, {versions} moves, {:.1} µs of server CPU per move",
            run.tally.calls,
            run.cpu * 1e6 / versions.max(1) as f64
        );
        moves_t += versions;
        t.add(run);
    }
    let tablero_per_move = t.cpu * 1e6 / moves_t.max(1) as f64;
    let bgio_per_move = bgio_cpu * 1e6 / bgio_moves.max(1) as f64;
    println!(
        "  boardgame.io costs {:.2}× Tablero's CPU per move (target: at least {COSTLIER}×)",
        bgio_per_move / tablero_per_move.max(1e-9)
    );
    summary.ratio(
        "bgio. server CPU per move, one worker (Tablero vs boardgame.io 0.50.2)",
        (tablero_per_move, bgio_per_move),
        " µs",
        Bound::AtMost(1.0 / COSTLIER),
    );
}
