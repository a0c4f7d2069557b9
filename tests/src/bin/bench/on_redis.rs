//! Section 2: Tablero's SubmitAction on Redis against the Redis calls of one submit made by a
//! plain client (see [`crate::raw_redis`]), at the same concurrency, in interleaved rounds;
//! then the Redis round trips of one submit, counted by Redis itself.

use crate::Args;
use crate::closed::{self, Tally, Totals};
use crate::raw_redis::{RawSubmitter, Sample};
use crate::report::{Bound, Summary};
use redis::aio::ConnectionManager;
use std::future::Future;
use std::time::Instant;
use tablero_client::Tablero;
use tablero_e2e::load::Rng;
use tablero_e2e::{Backend, Redis, Server};

pub async fn run(args: &Args, summary: &mut Summary) {
    println!(
        "\n## 2. SubmitAction on Redis vs the raw Redis calls of one submit\n\n{} closed-loop clients; {} interleaved rounds of {} s. Tablero: as in section 1, on a private redis-server. Reference: one plain redis-rs connection (as the server has) making a submit's calls: HMGET of the record's parts, HGET of the idempotency key, EVALSHA of the server's commit script, with payloads copied from the server's own games.",
        args.clients, args.rounds, args.seconds
    );
    let redis = Redis::start();
    let server = Server::launch(Backend::Redis(redis.url()), crate::server_launch(args, &[]));
    let tablero =
        &closed::tablero_clients(&closed::connections(&server.url(), args.connections).await);
    let mut conn = crate::redis_conn(&redis.url()).await;

    let tablero_load = move |seconds| closed::claim_players(args.clients, tablero, seconds, 100);
    // The warm-up also shows what a submit writes: log entries per submit, submits per game.
    let raw = warmed_raw_submitter(&mut conn, || async {
        tablero_load(args.warmup_seconds.max(0.5)).await.0
    })
    .await;
    raw.check_same_script().await;
    println!(
        "  reference payloads: record (hot part) {} B, {} log entries per submit ({} B), idempotency value {} B, a raw game restarts after {} submits",
        raw.sample().hot.len(),
        raw.sample().entries.len(),
        raw.sample().entries.iter().map(Vec::len).sum::<usize>(),
        raw.sample().idempotency_value.len(),
        raw.sample().moves_per_game
    );
    let raw_load = |seconds: f64| {
        let raw = raw.clone();
        closed::run(args.clients, seconds, move |_, until| {
            let raw = raw.clone();
            async move {
                let mut game = raw.new_game().await;
                let mut tally = Tally::default();
                while Instant::now() < until {
                    let started = Instant::now();
                    raw.submit(&mut game).await;
                    tally.latencies.0.push(started.elapsed().as_micros() as u64);
                    tally.calls += 1;
                    raw.next_game_if_over(&mut game).await;
                }
                tally
            }
        })
    };
    raw_load(args.warmup_seconds / 2.0).await;

    let (mut t, mut r) = (Totals::default(), Totals::default());
    let redis_pid = redis.pid();
    for round in 1..=args.rounds {
        let run = closed::measured(redis_pid, raw_load(args.seconds)).await;
        println!("  round {round}: raw calls {:.0} submits/s", run.rate());
        r.add(run);
        let run = closed::measured(redis_pid, tablero_load(args.seconds)).await;
        println!("  round {round}: tablero {:.0} submits/s", run.rate());
        t.add(run);
    }
    // Here the CPU figures are redis-server's: what each submit costs Redis.
    println!(
        "  {}",
        r.line("reference (raw calls; CPU is redis-server's)")
    );
    println!("  {}", t.line("tablero on Redis (CPU is redis-server's)"));
    summary.ratio(
        &format!(
            "2. submits/s on Redis vs the raw calls of one submit ({} clients)",
            args.clients
        ),
        (t.rate(), r.rate()),
        "/s",
        Bound::AtLeast(0.5),
    );
    summary.absolute(
        "2. submit p50 on Redis (closed loop)",
        (t.latencies.ms(0.5), r.latencies.ms(0.5)),
        " ms",
        2,
        None,
    );
    summary.absolute(
        "2. submit p99 on Redis (closed loop)",
        (t.latencies.ms(0.99), r.latencies.ms(0.99)),
        " ms",
        2,
        None,
    );

    let (tablero_trips, raw_trips) = round_trips(&mut conn, &tablero[0], &raw).await;
    summary.absolute(
        "2. Redis round trips per submit, the game going on (one client alone)",
        (tablero_trips, raw_trips),
        "",
        2,
        Some(Bound::AtMost(1.0)),
    );
}

/// The reference client, with payloads from what the warm-up (`warm_up`, run again until Redis
/// holds a game to copy them from: on a loaded machine one round may leave none) stored.
pub async fn warmed_raw_submitter<Fut: Future<Output = Tally>>(
    conn: &mut ConnectionManager,
    mut warm_up: impl FnMut() -> Fut,
) -> RawSubmitter {
    const ROUNDS: usize = 20;
    let mut warm = Tally::default();
    for _ in 0..ROUNDS {
        warm.merge(warm_up().await);
        let per_submit = (warm.versions as f64 / warm.calls.max(1) as f64)
            .round()
            .max(1.0) as usize;
        let per_game = warm.calls / warm.creates.max(1);
        if let Some(sample) = Sample::find(conn, per_submit, per_game).await {
            return RawSubmitter::new(conn.clone(), sample);
        }
    }
    panic!(
        "no active game with an idempotency key and a submit's log entries in Redis after {ROUNDS} warm-ups: has the server's key layout changed?"
    )
}

/// Round trips Redis served per submit, with nothing else running: Redis's own count of socket
/// reads (`total_reads_processed`) around each of a few sequential submits, less the read of
/// the INFO that takes the count. A pipeline is one read. Tablero's moves that end a game are
/// counted apart: they also move the game between listing indexes, which live in other hash
/// slots than the game (a cluster cannot write them in one script).
async fn round_trips(
    conn: &mut ConnectionManager,
    tablero: &Tablero,
    raw: &RawSubmitter,
) -> (f64, f64) {
    const SUBMITS: u64 = 50;
    let mut rng = Rng::new(7);
    let (mut seat, mut view) = closed::new_claim_game(tablero).await;
    let (mut going_on, mut going_on_reads) = (0u64, 0u64);
    let (mut ending, mut ending_reads) = (0u64, 0u64);
    for _ in 0..SUBMITS {
        if view.legal_actions.is_empty() {
            (seat, view) = closed::new_claim_game(tablero).await;
        }
        let before = reads(conn).await;
        view = closed::submit_random(&seat, &view, &mut rng).await;
        let trips = reads(conn).await - before - 1;
        if view.legal_actions.is_empty() {
            ending += 1;
            ending_reads += trips;
        } else {
            going_on += 1;
            going_on_reads += trips;
        }
    }
    let mut game = raw.new_game().await;
    let mut raw_reads = 0;
    for _ in 0..SUBMITS {
        raw.next_game_if_over(&mut game).await;
        let before = reads(conn).await;
        raw.submit(&mut game).await;
        raw_reads += reads(conn).await - before - 1;
    }
    let per = |n: u64, of: u64| n as f64 / of.max(1) as f64;
    println!(
        "  round trips per submit, one client alone (Redis total_reads_processed, {SUBMITS} submits each): tablero {:.2} ({going_on} moves the game goes on after), {:.2} ({ending} moves that end it); raw calls {:.2}",
        per(going_on_reads, going_on),
        per(ending_reads, ending),
        per(raw_reads, SUBMITS)
    );
    (per(going_on_reads, going_on), per(raw_reads, SUBMITS))
}

async fn reads(conn: &mut ConnectionManager) -> u64 {
    let info: String = redis::cmd("INFO")
        .arg("stats")
        .query_async(conn)
        .await
        .expect("INFO stats");
    info.lines()
        .find_map(|l| l.strip_prefix("total_reads_processed:"))
        .and_then(|v| v.trim().parse().ok())
        .expect("total_reads_processed in INFO stats")
}
