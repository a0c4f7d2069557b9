//! Section 3: an open loop on Redis. Submits are sent on a fixed schedule (`rate` per second,
//! spread over `games` live games, each next send going to the next idle game) whatever the
//! server's answers do, and each latency is measured from the send's scheduled time, so a
//! server that falls behind shows it (no coordinated omission). The reference is the raw Redis
//! calls of one submit on the same schedule over as many raw games.

use crate::Args;
use crate::closed;
use crate::on_redis::warmed_raw_submitter;
use crate::raw_redis::RawGame;
use crate::report::{Bound, Latencies, Summary};
use futures::StreamExt;
use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tablero_client::{SeatClient, Tablero};
use tablero_e2e::load::Rng;
use tablero_e2e::{Backend, Redis, Server, pb};
use tokio::sync::{Mutex, OwnedMutexGuard};

/// One live game of the open loop, as its player's client holds it.
struct Live {
    tablero: Tablero,
    seat: SeatClient,
    view: pb::GameView,
    rng: Rng,
}

/// What one open-loop run saw.
struct OpenRun {
    latencies: Latencies,
    /// Sends due that found every game still busy with its last submit (skipped).
    no_idle_game: u64,
    secs: f64,
}

pub async fn run(args: &Args, summary: &mut Summary) {
    println!(
        "\n## 3. Open loop on Redis: {} submits/s over {} live games\n\n{} interleaved rounds of {} s; latency from each send's scheduled time. Reference: the raw Redis calls of one submit on the same schedule over {} raw games.",
        args.open_rate, args.open_games, args.rounds, args.open_seconds, args.open_games
    );
    let redis = Redis::start();
    let server = Server::launch(Backend::Redis(redis.url()), crate::server_launch(args, &[]));
    let tablero =
        closed::tablero_clients(&closed::connections(&server.url(), args.connections).await);
    let mut conn = crate::redis_conn(&redis.url()).await;
    let raw = warmed_raw_submitter(&mut conn, || async {
        closed::run(8, args.warmup_seconds.max(0.5), |i, until| {
            closed::play_claim(tablero[i % tablero.len()].clone(), until, 500 + i as u64)
        })
        .await
        .0
    })
    .await;
    raw.check_same_script().await;

    let started = Instant::now();
    let live: Vec<Arc<Mutex<Live>>> = futures::stream::iter(0..args.open_games)
        .map(|i| {
            let tablero = tablero[i % tablero.len()].clone();
            async move {
                let (seat, view) = closed::new_claim_game(&tablero).await;
                Arc::new(Mutex::new(Live {
                    tablero,
                    seat,
                    view,
                    rng: Rng::new(10_000 + i as u64),
                }))
            }
        })
        .buffer_unordered(64)
        .collect()
        .await;
    let raw_games: Vec<Arc<Mutex<RawGame>>> = futures::stream::iter(0..args.open_games)
        .map(|_| {
            let raw = raw.clone();
            async move { Arc::new(Mutex::new(raw.new_game().await)) }
        })
        .buffer_unordered(64)
        .collect()
        .await;
    println!(
        "  {} live Claim games and as many raw games stored in {:.1} s",
        args.open_games,
        started.elapsed().as_secs_f64()
    );

    let (mut t, mut r) = (Latencies::default(), Latencies::default());
    let (mut t_skipped, mut r_skipped) = (0, 0);
    for round in 1..=args.rounds {
        let raw = raw.clone();
        let mut run = open_loop(
            &raw_games,
            args.open_rate,
            args.open_seconds,
            move |mut game| {
                let raw = raw.clone();
                async move {
                    raw.submit(&mut game).await;
                    let done = Instant::now();
                    raw.next_game_if_over(&mut game).await;
                    done
                }
            },
        )
        .await;
        run.print(round, "raw calls");
        r_skipped += run.no_idle_game;
        r.extend(run.latencies);
        let mut run = open_loop(
            &live,
            args.open_rate,
            args.open_seconds,
            |mut game| async move {
                let g = &mut *game;
                g.view = closed::submit_random(&g.seat, &g.view, &mut g.rng).await;
                let done = Instant::now();
                // A finished game is replaced by a new one, outside the timed submit.
                if g.view.legal_actions.is_empty() {
                    (g.seat, g.view) = closed::new_claim_game(&g.tablero).await;
                }
                done
            },
        )
        .await;
        run.print(round, "tablero");
        t_skipped += run.no_idle_game;
        t.extend(run.latencies);
    }
    if t_skipped + r_skipped > 0 {
        println!(
            "  warning: {t_skipped} tablero and {r_skipped} raw sends found no idle game (more games, or a lower rate)"
        );
    }
    let label = format!("{}/s over {} games", args.open_rate, args.open_games);
    summary.absolute(
        &format!("3. open-loop submit p50 on Redis ({label})"),
        (t.ms(0.5), r.ms(0.5)),
        " ms",
        2,
        None,
    );
    summary.ratio(
        &format!("3. open-loop submit p99 on Redis ({label})"),
        (t.ms(0.99), r.ms(0.99)),
        " ms",
        Bound::AtMost(1.2),
    );
}

/// Sends `rate` per second for `seconds`: each due send takes the next idle game (round robin)
/// and runs `fire` on it, which returns when its answer arrived.
impl OpenRun {
    fn print(&mut self, round: usize, who: &str) {
        println!(
            "  round {round}: {who} {} sent in {:.1} s, p50 {:.2} ms, p99 {:.2} ms, {} skipped (no idle game)",
            self.latencies.len(),
            self.secs,
            self.latencies.ms(0.5),
            self.latencies.ms(0.99),
            self.no_idle_game
        );
    }
}

async fn open_loop<S, F, Fut>(games: &[Arc<Mutex<S>>], rate: f64, seconds: f64, fire: F) -> OpenRun
where
    S: Send + 'static,
    F: Fn(OwnedMutexGuard<S>) -> Fut,
    Fut: Future<Output = Instant> + Send + 'static,
{
    let total = (rate * seconds).round() as u64;
    let period = 1.0 / rate.max(1e-3);
    let start = Instant::now() + Duration::from_millis(20);
    // The schedule is kept by an OS thread (nanosleep, finer than the runtime's 1 ms timer); a
    // send it hands over late is still timed from when it was due.
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<Instant>();
    let ticker = std::thread::spawn(move || {
        for k in 0..total {
            let due = start + Duration::from_secs_f64(period * k as f64);
            let now = Instant::now();
            if due > now {
                std::thread::sleep(due - now);
            }
            if tx.send(due).is_err() {
                break;
            }
        }
    });
    let mut next = 0;
    let mut no_idle_game = 0;
    let mut sends = Vec::with_capacity(total as usize);
    while let Some(due) = rx.recv().await {
        let mut idle = None;
        for _ in 0..games.len() {
            let game = games[next % games.len()].clone();
            next += 1;
            if let Ok(guard) = game.try_lock_owned() {
                idle = Some(guard);
                break;
            }
        }
        let Some(guard) = idle else {
            no_idle_game += 1;
            continue;
        };
        let answered = fire(guard);
        sends.push(tokio::spawn(async move {
            answered.await.duration_since(due).as_micros() as u64
        }));
    }
    ticker.join().expect("the schedule thread");
    let mut latencies = Latencies::default();
    for s in sends {
        latencies.0.push(s.await.expect("a send"));
    }
    OpenRun {
        latencies,
        no_idle_game,
        secs: start.elapsed().as_secs_f64(),
    }
}
