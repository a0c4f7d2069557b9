//! `tablero-bench`: the per-move cost (issues 17 and 30), side by side with references measured
//! in the same run, interleaved, so that a busy machine slows both alike and the ratios hold:
//!
//! 1. SubmitAction on the memory store vs a trivial tonic unary call (calls/s, server CPU per
//!    call), both real child processes under the same closed-loop load;
//! 2. SubmitAction on Redis vs the same Redis calls made by a plain client (throughput,
//!    latency, Redis round trips per submit);
//! 3. an open loop on Redis: a fixed rate of submits over many live games, latency from each
//!    send's scheduled time, vs the raw calls on the same schedule;
//! 4. watch fan-out on Redis over many streams vs the same number of trivial tonic server
//!    streams, and both servers' idle CPU.
//!
//! `--only otlp` adds what exporting traces costs a submit (exporter on vs off), `--only bgio`
//! Tablero's CPU per move against boardgame.io 0.50.2's (`tests/bgio`, needs Node).
//!
//! It ends with a table: metric, Tablero, reference, ratio, target (issue 30's), met or missed.
//! Figures are never asserted: this measures.
//!
//! `cargo build --release -p tablero-service --bin tablero -p tablero-e2e --bin tablero-bench && target/release/tablero-bench`
//! (the sizes: `--open-games 10000 --open-seconds 30 --streams 20000 --watch-interval-ms 500
//! --watch-moves 4`; figures and what each section measures in `docs/benchmarks.md`).

mod bgio;
mod closed;
mod fanout;
mod on_redis;
mod open_loop;
mod otlp;
mod procs;
mod raw_redis;
mod report;
mod unary;

use clap::Parser;
use redis::aio::ConnectionManager;
use tablero_e2e::Launch;

#[derive(Parser, Debug)]
#[command(about = "Tablero's per-move cost against references measured in the same run")]
pub struct Args {
    /// Sections to run, comma-separated: unary, redis, open, watch; otlp and bgio only when named.
    #[arg(long, default_value = "unary,redis,open,watch")]
    only: String,
    /// Closed-loop clients (sections 1 and 2).
    #[arg(long, default_value_t = 64)]
    clients: usize,
    /// HTTP/2 connections the closed-loop clients share, per server.
    #[arg(long, default_value_t = 4)]
    connections: usize,
    /// Interleaved rounds: each runs the reference, then Tablero (sections 1 to 3).
    #[arg(long, default_value_t = 2)]
    rounds: usize,
    /// Seconds per closed-loop run (sections 1 and 2).
    #[arg(long, default_value_t = 5.0)]
    seconds: f64,
    /// Open loop: submits per second.
    #[arg(long, default_value_t = 1000.0)]
    open_rate: f64,
    /// Open loop: live games the submits are spread over (full size 10000).
    #[arg(long, default_value_t = 2000)]
    open_games: usize,
    /// Open loop: seconds per run (full size 30).
    #[arg(long, default_value_t = 10.0)]
    open_seconds: f64,
    /// Watch: open streams (full size 20000).
    #[arg(long, default_value_t = 1000)]
    streams: usize,
    /// Watch: games the streams watch.
    #[arg(long, default_value_t = 10)]
    watch_games: usize,
    /// Watch: moves per game.
    #[arg(long, default_value_t = 10)]
    watch_moves: usize,
    /// Watch: ms between one move and the next (a reference change halfway between).
    #[arg(long, default_value_t = 100)]
    watch_interval_ms: u64,
    /// Watch: seconds of idleness over which the servers' CPU is read.
    #[arg(long, default_value_t = 5.0)]
    idle_seconds: f64,
    /// Seconds of unmeasured load before each section's rounds, and of settling before and
    /// after the watch section's moves.
    #[arg(long, default_value_t = 2.0)]
    warmup_seconds: f64,
    /// RUST_LOG of the Tablero server.
    #[arg(long, default_value = "warn")]
    server_log: String,
}

/// How each section starts the real `tablero` binary (`$TABLERO_BIN`, else the one next to
/// this binary): the harness's API key and no per-caller rate limit, `extra` flags.
pub fn server_launch(args: &Args, extra: &[&str]) -> Launch {
    Launch {
        args: extra.iter().map(|a| a.to_string()).collect(),
        env: vec![("RUST_LOG".into(), args.server_log.clone())],
        ..Launch::default()
    }
}

pub async fn redis_conn(url: &str) -> ConnectionManager {
    redis::Client::open(url)
        .expect("redis url")
        .get_connection_manager()
        .await
        .expect("connect to redis")
}

#[tokio::main]
async fn main() {
    let argv: Vec<String> = std::env::args().collect();
    if argv.get(1).map(String::as_str) == Some(procs::SERVE_REFERENCE) {
        let services = argv.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
        procs::serve_reference(services).await;
        return;
    }
    let args = Args::parse();
    let sections: Vec<&str> = args.only.split(',').map(str::trim).collect();
    println!(
        "tablero-bench: server {}, {} CPUs",
        tablero_e2e::server_binary().display(),
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    let mut summary = report::Summary::default();
    for section in &sections {
        match *section {
            "unary" => unary::run(&args, &mut summary).await,
            "redis" => on_redis::run(&args, &mut summary).await,
            "open" => open_loop::run(&args, &mut summary).await,
            "watch" => fanout::run(&args, &mut summary).await,
            "otlp" => otlp::run(&args, &mut summary).await,
            "bgio" => bgio::run(&args, &mut summary).await,
            other => panic!("unknown section `{other}` (unary, redis, open, watch, otlp, bgio)"),
        }
    }
    summary.print();
}
