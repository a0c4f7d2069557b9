//! Section 4: watch fan-out on Redis. `streams` spectator WatchGame streams spread over a few
//! games (at most 100 streams per HTTP/2 connection: the server allows 128), and a writer that
//! moves one game at a time; the latency of a delivery runs from the commit (when this
//! benchmark's own Redis subscriber hears the commit's PUBLISH on the game's change channel)
//! to the stream's receipt. The reference: as many `grpc.health.v1.Health/Watch` streams on the
//! trivial tonic server, over as many services as games, and one status change at a time (from
//! writing the change to the server to each stream's receipt), interleaved with the moves.
//! Then the idle CPU of both servers, with every stream still open and nothing moving.

use crate::Args;
use crate::closed;
use crate::procs::{self, Reference};
use crate::report::{Bound, Latencies, Summary};
use futures::StreamExt;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tablero_e2e::load::Rng;
use tablero_e2e::{Backend, Redis, Server};
use tokio::sync::mpsc::UnboundedSender;

/// Streams per HTTP/2 connection (the server's limit is 128 concurrent streams).
const STREAMS_PER_CONNECTION: usize = 100;

/// The longest wait for the deliveries to end before the idle CPU is read.
const DRAIN_LIMIT: Duration = Duration::from_secs(120);

/// (game, version or change number, when it arrived).
type Arrival = (usize, u64, Instant);

pub async fn run(args: &Args, summary: &mut Summary) {
    let streams = args.streams;
    let games = args.watch_games.clamp(1, streams.max(1));
    let (soft, hard) = procs::raise_fd_limit();
    let connections = streams.div_ceil(STREAMS_PER_CONNECTION);
    println!(
        "\n## 4. Watch fan-out on Redis: {streams} streams over {games} games\n\n{connections} HTTP/2 connections per server; {} moves (one game at a time, {} ms apart), each followed by one reference status change; open-file limit {soft} (hard {hard}).",
        args.watch_moves * games,
        args.watch_interval_ms
    );
    // Each stream's connection is a descriptor here and one in the server: both sets of
    // streams are open at once.
    if (soft as usize) < 2 * connections + 256 {
        println!(
            "  warning: the open-file limit {soft} may be too low for {} connections",
            2 * connections
        );
    }
    let redis = Redis::start();
    let limit = streams.to_string();
    let server = Server::launch(
        Backend::Redis(redis.url()),
        crate::server_launch(
            args,
            &[
                "--max-watch-streams",
                &limit,
                "--max-watch-streams-per-caller",
                &limit,
            ],
        ),
    );
    let mut reference = Reference::start(games);
    let writer = closed::tablero_clients(&closed::connections(&server.url(), 1).await);
    let mut played = Vec::new();
    for _ in 0..games {
        played.push(closed::new_claim_game(&writer[0]).await);
    }

    // This benchmark's own subscriber: when each game's commits are published.
    let published: Arc<Mutex<HashMap<String, Vec<Instant>>>> = Arc::default();
    let mut pubsub = redis::Client::open(redis.url())
        .expect("redis url")
        .get_async_pubsub()
        .await
        .expect("redis pubsub");
    for (seat, _) in &played {
        pubsub
            .subscribe(format!("tablero:changes:{}", seat.game_id()))
            .await
            .expect("SUBSCRIBE");
    }
    let listener = {
        let published = published.clone();
        tokio::spawn(async move {
            let mut messages = pubsub.into_on_message();
            while let Some(m) = messages.next().await {
                let at = Instant::now();
                let id = m
                    .get_channel_name()
                    .trim_start_matches("tablero:changes:")
                    .to_string();
                published
                    .lock()
                    .expect("lock")
                    .entry(id)
                    .or_default()
                    .push(at);
            }
        })
    };

    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<(bool, Arrival)>();
    let opened = Instant::now();
    let spectators =
        closed::tablero_clients(&closed::connections(&server.url(), connections).await);
    let health = closed::connections(&reference.url, connections).await;
    let mut readers = Vec::new();
    let open: Vec<_> = futures::stream::iter(0..streams)
        .map(|s| {
            let g = s % games;
            let spectator = spectators[s / STREAMS_PER_CONNECTION].spectator(played[g].0.game_id());
            let from = played[g].1.version;
            let channel = health[s / STREAMS_PER_CONNECTION].clone();
            let tx = tx.clone();
            async move {
                let tablero = spectator.watch(from).await.expect("WatchGame");
                let reference = tonic_health::pb::health_client::HealthClient::new(channel)
                    .watch(tonic_health::pb::HealthCheckRequest {
                        service: format!("bench{g}"),
                    })
                    .await
                    .expect("Health/Watch")
                    .into_inner();
                (g, tablero, reference, tx)
            }
        })
        .buffer_unordered(256)
        .collect()
        .await;
    for (g, tablero, reference, tx) in open {
        readers.push(tokio::spawn(read_tablero(g, tablero, tx.clone())));
        readers.push(tokio::spawn(read_reference(g, reference, tx)));
    }
    drop(tx);
    println!(
        "  {} streams open on each server in {:.1} s",
        streams,
        opened.elapsed().as_secs_f64()
    );
    tokio::time::sleep(Duration::from_secs_f64(args.warmup_seconds)).await;

    // The moves, each followed by a reference change on the same game's service.
    let interval = Duration::from_millis(args.watch_interval_ms);
    let mut rng = Rng::new(4);
    let mut versions: HashMap<usize, Vec<u64>> = HashMap::new();
    let mut flips: HashMap<usize, Vec<Instant>> = HashMap::new();
    for _ in 0..args.watch_moves {
        for (g, (seat, view)) in played.iter_mut().enumerate() {
            if view.legal_actions.is_empty() {
                continue;
            }
            *view = closed::submit_random(seat, view, &mut rng).await;
            versions.entry(g).or_default().push(view.version);
            tokio::time::sleep(interval / 2).await;
            flips.entry(g).or_default().push(Instant::now());
            reference.flip(g);
            tokio::time::sleep(interval / 2).await;
        }
    }
    // Every delivery made: nothing has arrived for the settling time (a server that fell
    // behind is still sending, and that is not idleness).
    let settle = Duration::from_secs_f64(args.warmup_seconds);
    let waited = Instant::now();
    let (mut seen, mut quiet_since) = (rx.len(), Instant::now());
    while quiet_since.elapsed() < settle && waited.elapsed() < DRAIN_LIMIT {
        tokio::time::sleep(Duration::from_millis(100)).await;
        if rx.len() != seen {
            (seen, quiet_since) = (rx.len(), Instant::now());
        }
    }
    println!(
        "  deliveries done {:.1} s after the last move{}",
        (waited.elapsed().saturating_sub(settle)).as_secs_f64(),
        if waited.elapsed() >= DRAIN_LIMIT {
            " (still arriving: gave up waiting)"
        } else {
            ""
        }
    );

    // Idle: every stream open, nothing moving.
    let idle = Duration::from_secs_f64(args.idle_seconds);
    let (t0, r0) = (
        procs::cpu_seconds(server.pid()),
        procs::cpu_seconds(reference.pid()),
    );
    let idle_started = Instant::now();
    tokio::time::sleep(idle).await;
    let idle_secs = idle_started.elapsed().as_secs_f64();
    let t_idle = (procs::cpu_seconds(server.pid()) - t0) / idle_secs;
    let r_idle = (procs::cpu_seconds(reference.pid()) - r0) / idle_secs;

    for r in &readers {
        r.abort();
    }
    listener.abort();
    let published = published.lock().expect("lock").clone();
    // The k-th publish on a game's channel is the writer's k-th commit there (nothing else
    // writes those games while they are watched).
    let mut committed: HashMap<(usize, u64), Instant> = HashMap::new();
    for (g, (seat, _)) in played.iter().enumerate() {
        let times = published.get(seat.game_id()).cloned().unwrap_or_default();
        for (v, at) in versions.get(&g).into_iter().flatten().zip(times) {
            committed.insert((g, *v), at);
        }
    }
    let (mut t, mut r) = (Latencies::default(), Latencies::default());
    while let Ok((is_tablero, (g, n, at))) = rx.try_recv() {
        let from = if is_tablero {
            committed.get(&(g, n)).copied()
        } else {
            // Change n (1-based) of service g; message 0 is the status when the stream opened.
            n.checked_sub(1)
                .and_then(|k| flips.get(&g).and_then(|f| f.get(k as usize)).copied())
        };
        if let Some(from) = from {
            let us = at.saturating_duration_since(from).as_micros() as u64;
            let into = if is_tablero { &mut t } else { &mut r };
            into.0.push(us);
        }
    }
    let expected: usize = (0..streams)
        .map(|s| versions.get(&(s % games)).map_or(0, Vec::len))
        .sum();
    println!(
        "  tablero: {} of {expected} deliveries timed ({} commits heard on Redis; a stream that falls behind gets the latest view, skipping versions), p50 {:.2} ms, p99 {:.2} ms; idle CPU {:.3} cores",
        t.len(),
        committed.len(),
        t.ms(0.5),
        t.ms(0.99),
        t_idle
    );
    println!(
        "  reference (health Watch): {} of {expected} deliveries, p50 {:.2} ms, p99 {:.2} ms; idle CPU {:.3} cores",
        r.len(),
        r.ms(0.5),
        r.ms(0.99),
        r_idle
    );
    summary.absolute(
        &format!("4. watch fan-out p50, commit to receipt ({streams} streams)"),
        (t.ms(0.5), r.ms(0.5)),
        " ms",
        2,
        None,
    );
    summary.ratio(
        &format!("4. watch fan-out p99, commit to receipt ({streams} streams)"),
        (t.ms(0.99), r.ms(0.99)),
        " ms",
        Bound::AtMost(1.3),
    );
    summary.absolute(
        &format!("4. idle server CPU with {streams} streams open"),
        (t_idle, r_idle),
        " cores",
        3,
        Some(Bound::AtMost(0.05)),
    );
}

async fn read_tablero(
    g: usize,
    mut stream: tonic::Streaming<tablero_e2e::pb::WatchGameResponse>,
    tx: UnboundedSender<(bool, Arrival)>,
) {
    while let Some(Ok(m)) = stream.next().await {
        let at = Instant::now();
        let v = m.view.map_or(0, |v| v.version);
        let _ = tx.send((true, (g, v, at)));
    }
}

async fn read_reference(
    g: usize,
    mut stream: tonic::Streaming<tonic_health::pb::HealthCheckResponse>,
    tx: UnboundedSender<(bool, Arrival)>,
) {
    let mut n = 0;
    while let Some(Ok(_)) = stream.next().await {
        let _ = tx.send((false, (g, n, Instant::now())));
        n += 1;
    }
}
