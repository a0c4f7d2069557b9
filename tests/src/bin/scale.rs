//! `tablero-scale`: the scale-out figures of `docs/benchmarks.md`, measured on real `tablero`
//! processes (the build next to this binary) over loopback, on a private Redis and a private
//! 3-master Redis Cluster:
//!
//! 1. committed moves/s and submit p50/p99 with 1, 2 and 3 replicas, on one Redis and on the
//!    cluster (clients pick a random replica per request);
//! 2. watch fan-out: from sending a move to its arrival on each of many open watch streams,
//!    spread over three replicas;
//! 3. memory for many live games (`--live-games`, 100,000 Claim games of `--live-moves` 4 moves
//!    by default): the server's resident set on the embedded store and on Redis (before, after,
//!    peak; `--hot-cache-bytes` sets the servers' budget), and Redis's `used_memory`;
//! 4. snapshot and log sizes per game type and mode, over whole random games;
//! 5. stored bytes of a finished game per game type (everything Redis holds for it: record, log,
//!    idempotency keys), played to the end by clients that send every move with an idempotency
//!    key, as the client helpers do. Run it against an older server binary (`TABLERO_BIN=…`)
//!    to compare;
//! 6. `lean` (issue 17's storage targets): the snapshot a move rewrites, a live (20 moves) and a
//!    finished Claim game and a finished 4-player Pantheon game on Redis (MEMORY USAGE of every
//!    key), and the same games as the embedded store holds them (its own accounting, beside the
//!    JSON text the store held before format 2).
//!
//! `cargo build --release -p tablero-service -p tablero-e2e && target/release/tablero-scale`

use clap::Parser;
use futures::StreamExt;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tablero_e2e::load::{self, Chaos, Fleet, Rng, Stats};
use tablero_e2e::{Backend, Launch, Redis, RedisCluster, Server, pb};
use tokio::sync::Mutex;

#[derive(Parser, Debug)]
#[command(about = "Tablero scale-out benchmarks (real server processes, loopback)")]
struct Args {
    /// Concurrent games for the throughput runs.
    #[arg(long, default_value_t = 64)]
    games: usize,
    /// Seconds per throughput run.
    #[arg(long, default_value_t = 10)]
    seconds: u64,
    /// Open watch streams for the fan-out run.
    #[arg(long, default_value_t = 1_000)]
    streams: usize,
    /// Live games for the memory run.
    #[arg(long, default_value_t = 100_000)]
    live_games: usize,
    /// Moves per live game in the memory run.
    #[arg(long, default_value_t = 4)]
    live_moves: usize,
    /// The servers' hot cache budget in the memory run (`--hot-cache-bytes`; unset: the
    /// server's default, and no flag is passed, so older servers run too).
    #[arg(long)]
    hot_cache_bytes: Option<u64>,
    /// Which stores the memory run measures, comma-separated: memory, redis.
    #[arg(long, default_value = "memory,redis")]
    stores: String,
    /// Which parts to run, comma-separated: throughput, fanout, memory, snapshots, stored, lean.
    #[arg(long, default_value = "throughput,fanout,memory,snapshots,stored")]
    only: String,
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let parts: Vec<&str> = args.only.split(',').map(str::trim).collect();
    println!(
        "tablero-scale: server {}",
        tablero_e2e::server_binary().display()
    );
    if parts.contains(&"throughput") {
        throughput(&args).await;
    }
    if parts.contains(&"fanout") {
        fanout(&args).await;
    }
    if parts.contains(&"memory") {
        memory(&args).await;
    }
    if parts.contains(&"snapshots") {
        snapshots().await;
    }
    if parts.contains(&"stored") {
        stored().await;
    }
    if parts.contains(&"lean") {
        lean().await;
    }
}

fn start_replicas(backend: &Backend, n: usize) -> Vec<Server> {
    (0..n)
        .map(|_| Server::start_logging(backend.clone(), "error"))
        .collect()
}

/// 1. Committed moves/s and submit latency with 1, 2, 3 replicas.
async fn throughput(args: &Args) {
    println!(
        "\n## Throughput: {} concurrent two-seat Claim games, {} s per run, every move = ListLegalActions + SubmitAction on random replicas",
        args.games, args.seconds
    );
    println!(
        "| store | replicas | committed moves/s | submit p50 ms | submit p99 ms |\n|---|---|---|---|---|"
    );
    let redis = Redis::start();
    let cluster = RedisCluster::start();
    for (name, backend) in [
        ("one Redis", Backend::Redis(redis.url())),
        ("3-master cluster", Backend::RedisCluster(cluster.url())),
    ] {
        for replicas in 1..=3 {
            let servers = start_replicas(&backend, replicas);
            let urls: Vec<String> = servers.iter().map(Server::url).collect();
            let fleet = Fleet::connect(&urls).await;
            let until = Instant::now() + Duration::from_secs(args.seconds);
            let started = Instant::now();
            let tasks: Vec<_> = (0..args.games)
                .map(|i| {
                    let fleet = fleet.clone();
                    tokio::spawn(async move {
                        let mut rng = Rng::new(i as u64 + 1);
                        let mut stats = Stats::default();
                        let mut seed = 10_000 * i as u64;
                        while Instant::now() < until {
                            seed += 1;
                            let mut game = load::create_claim(&fleet, seed, &mut rng, &mut stats)
                                .await
                                .expect("create");
                            load::play(
                                &fleet,
                                &mut game,
                                Some(until),
                                &mut rng,
                                &Chaos::NONE,
                                &mut stats,
                            )
                            .await
                            .expect("play");
                        }
                        stats
                    })
                })
                .collect();
            let mut stats = Stats::default();
            for t in tasks {
                stats.merge(t.await.expect("player"));
            }
            let secs = started.elapsed().as_secs_f64();
            println!(
                "| {name} | {replicas} | {:.0} | {:.2} | {:.2} |",
                stats.moves as f64 / secs,
                stats.latency_ms(0.5),
                stats.latency_ms(0.99)
            );
            drop(servers);
        }
    }
}

/// When each stream received each (game, version).
type Arrivals = BTreeMap<(usize, u64), Vec<Instant>>;

/// 2. Watch fan-out: many open streams on a few games across three replicas.
async fn fanout(args: &Args) {
    const GAMES: usize = 10;
    const MOVES: u64 = 20;
    let redis = Redis::start();
    let backend = Backend::Redis(redis.url());
    let servers = start_replicas(&backend, 3);
    let urls: Vec<String> = servers.iter().map(Server::url).collect();
    let fleet = Fleet::connect(&urls).await;
    let mut rng = Rng::new(99);
    let mut stats = Stats::default();
    let mut games = Vec::new();
    for g in 0..GAMES {
        games.push(
            load::create_claim(&fleet, 500 + g as u64, &mut rng, &mut stats)
                .await
                .expect("create"),
        );
    }
    let arrivals: Arc<Mutex<Arrivals>> = Arc::default();
    let mut readers = Vec::new();
    for s in 0..args.streams {
        let g = s % GAMES;
        let replica = fleet.replicas[s % fleet.replicas.len()].clone();
        let mut stream = replica
            .spectator(&games[g].id)
            .watch(games[g].version)
            .await
            .expect("watch");
        let last = games[g].version + MOVES;
        let arrivals = arrivals.clone();
        readers.push(tokio::spawn(async move {
            while let Some(Ok(m)) = stream.next().await {
                let at = Instant::now();
                let v = m.view.map_or(0, |v| v.version);
                arrivals.lock().await.entry((g, v)).or_default().push(at);
                if v >= last {
                    break;
                }
            }
        }));
    }
    // Let every stream deliver its first message before moving.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let mut sent = BTreeMap::new();
    let mover = Fleet {
        replicas: vec![fleet.replicas[0].clone()],
    };
    for _ in 0..MOVES {
        for (g, game) in games.iter_mut().enumerate() {
            let at = Instant::now();
            load::step(&mover, game, &mut rng, &Chaos::NONE, &mut stats)
                .await
                .expect("move");
            sent.insert((g, game.version), at);
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    for r in readers {
        let _ = tokio::time::timeout(Duration::from_secs(30), r).await;
    }
    let arrivals = arrivals.lock().await;
    let mut delays: Vec<u64> = Vec::new();
    let mut missing = 0;
    for (key, at) in &sent {
        let got = arrivals.get(key).map_or(&[][..], Vec::as_slice);
        missing += args.streams / GAMES - got.len().min(args.streams / GAMES);
        delays.extend(got.iter().map(|a| a.duration_since(*at).as_micros() as u64));
    }
    delays.sort_unstable();
    let q = |p: f64| delays[((delays.len() - 1) as f64 * p).round() as usize] as f64 / 1000.0;
    println!(
        "\n## Watch fan-out: {} open streams (spectators) on {GAMES} games over 3 replicas on one Redis; {} moves made through one replica",
        args.streams,
        sent.len()
    );
    println!(
        "| deliveries | from sending a move to its arrival: p50 ms | p99 ms | max ms | missing |\n|---|---|---|---|---|\n| {} | {:.2} | {:.2} | {:.2} | {missing} |",
        delays.len(),
        q(0.5),
        q(0.99),
        q(1.0)
    );
}

/// Resident memory of a server and of Redis, before and after `n` live games.
async fn memory(args: &Args) {
    let n = args.live_games;
    let moves = args.live_moves;
    let budget = match args.hot_cache_bytes {
        Some(b) => format!("{:.1} MB (--hot-cache-bytes {b})", mb(b)),
        None => "the server's default".to_string(),
    };
    println!(
        "\n## Memory for {n} live games (two-seat Claim, {moves} moves each, every move sent with an idempotency key; hot cache budget: {budget}; resident set size of the server process, Redis `used_memory`; MB = 10^6 bytes, KB = 10^3)"
    );
    println!(
        "| store | server RSS before MB | after MB | peak MB | per live game: server KB | Redis KB |\n|---|---|---|---|---|---|"
    );
    let redis = Redis::start();
    let stores: Vec<&str> = args.stores.split(',').map(str::trim).collect();
    for (name, backend) in [
        ("embedded (memory)", Backend::Memory),
        ("one Redis", Backend::Redis(redis.url())),
    ] {
        let key = match backend {
            Backend::Memory => "memory",
            _ => "redis",
        };
        if !stores.contains(&key) {
            continue;
        }
        let mut launch = Launch {
            env: vec![("RUST_LOG".into(), "error".into())],
            ..Launch::default()
        };
        if let Some(bytes) = args.hot_cache_bytes {
            launch.args = vec!["--hot-cache-bytes".into(), bytes.to_string()];
        }
        let server = Server::launch(backend.clone(), launch);
        let fleet = Fleet::connect(&[server.url()]).await;
        // One game first, so the allocator and caches are warm before the baseline.
        warm_up(&fleet).await;
        let before = server.resident_bytes().unwrap_or(0);
        let redis_before = redis_used_memory(&redis);
        let started = Instant::now();
        const TASKS: usize = 32;
        let per_task = n.div_ceil(TASKS);
        let tasks: Vec<_> = (0..TASKS)
            .map(|t| {
                let fleet = fleet.clone();
                tokio::spawn(async move {
                    let mut rng = Rng::new(t as u64 + 7);
                    let mut stats = Stats::default();
                    for i in 0..per_task {
                        if t * per_task + i >= n {
                            break;
                        }
                        let mut game = load::create_claim(
                            &fleet,
                            (t * per_task + i) as u64,
                            &mut rng,
                            &mut stats,
                        )
                        .await
                        .expect("create");
                        for _ in 0..moves {
                            load::step(&fleet, &mut game, &mut rng, &Chaos::NONE, &mut stats)
                                .await
                                .expect("move");
                        }
                    }
                })
            })
            .collect();
        for t in tasks {
            t.await.expect("creator");
        }
        let after = server.resident_bytes().unwrap_or(0);
        let peak = server.peak_resident_bytes().unwrap_or(0);
        let redis_after = redis_used_memory(&redis);
        let per_game_kb = |bytes: u64| bytes as f64 / n as f64 / 1000.0;
        let redis_delta = match backend {
            Backend::Memory => "—".to_string(),
            _ => format!(
                "{:.2}",
                per_game_kb(redis_after.saturating_sub(redis_before))
            ),
        };
        println!(
            "| {name} | {:.1} | {:.1} | {:.1} | {:.2} | {redis_delta} |",
            mb(before),
            mb(after),
            mb(peak),
            per_game_kb(after.saturating_sub(before)),
        );
        eprintln!(
            "memory: {name}: {n} games in {:.0} s",
            started.elapsed().as_secs_f64()
        );
        if !matches!(backend, Backend::Memory) {
            redis_by_kind(&redis, n);
        }
    }
}

/// What Redis holds, by kind of key (a game's keys by their suffix, shared keys by name), as
/// `MEMORY USAGE` counts them: where a live game's bytes are.
fn redis_by_kind(redis: &Redis, games: usize) {
    let mut conn = redis_conn(redis);
    let mut kinds: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    // The record's fields, and the log's entries, in a sample of games: their own bytes.
    const FIELDS: [&str; 7] = ["h", "p", "c", "v", "t", "s", "d"];
    let mut fields = [0u64; FIELDS.len() + 1];
    let mut sampled = 0u64;
    let mut cursor = 0u64;
    loop {
        let (next, keys): (u64, Vec<String>) = redis::cmd("SCAN")
            .arg(cursor)
            .arg("COUNT")
            .arg(1000)
            .query(&mut conn)
            .expect("SCAN");
        let mut pipe = redis::pipe();
        for key in &keys {
            pipe.cmd("MEMORY")
                .arg("USAGE")
                .arg(key)
                .arg("SAMPLES")
                .arg(0);
        }
        let sizes: Vec<Option<u64>> = pipe.query(&mut conn).expect("MEMORY USAGE");
        for (key, size) in keys.iter().zip(sizes) {
            if key.ends_with("}:game") && sampled < 200 {
                sampled += 1;
                for (i, field) in FIELDS.iter().enumerate() {
                    let len: u64 = redis::cmd("HSTRLEN")
                        .arg(key)
                        .arg(field)
                        .query(&mut conn)
                        .expect("HSTRLEN");
                    fields[i] += len;
                }
                let log: Vec<Vec<u8>> = redis::cmd("LRANGE")
                    .arg(key.replace("}:game", "}:log"))
                    .arg(0)
                    .arg(-1)
                    .query(&mut conn)
                    .expect("LRANGE");
                fields[FIELDS.len()] += log.iter().map(|e| e.len() as u64).sum::<u64>();
            }
            // `tablero:{<id>}:log` is a game's; anything else is shared.
            let kind = match (key.find('{'), key.find('}')) {
                (Some(a), Some(b)) if a < b => format!("{}{{game}}{}", &key[..a], &key[b + 1..]),
                _ => key.clone(),
            };
            let entry = kinds.entry(kind).or_default();
            entry.0 += 1;
            entry.1 += size.unwrap_or(0);
        }
        cursor = next;
        if cursor == 0 {
            break;
        }
    }
    println!("\n| Redis key | keys | bytes per live game |\n|---|---|---|");
    let mut total = 0;
    for (kind, (keys, bytes)) in &kinds {
        total += bytes;
        if *bytes as f64 / games as f64 >= 1.0 {
            println!(
                "| `{kind}` | {keys} | {:.0} |",
                *bytes as f64 / games as f64
            );
        }
    }
    println!(
        "| all keys (`MEMORY USAGE`; `used_memory` also counts Redis's own tables) | | {:.0} |",
        total as f64 / games as f64
    );
    if sampled > 0 {
        let mean = |b: u64| b as f64 / sampled as f64;
        let parts: Vec<String> = FIELDS
            .iter()
            .zip(fields)
            .filter(|(_, b)| *b > 0)
            .map(|(f, b)| format!("`{f}` {:.0}", mean(b)))
            .collect();
        println!(
            "\nA game's own bytes (mean of {sampled}): record fields {}; log entries {:.0} in all",
            parts.join(", "),
            mean(fields[FIELDS.len()])
        );
    }
}

/// Bytes in MB (10^6).
fn mb(bytes: u64) -> f64 {
    bytes as f64 / 1e6
}

async fn warm_up(fleet: &Fleet) {
    let mut rng = Rng::new(1);
    let mut stats = Stats::default();
    let mut game = load::create_claim(fleet, 1, &mut rng, &mut stats)
        .await
        .expect("create");
    load::play(fleet, &mut game, None, &mut rng, &Chaos::NONE, &mut stats)
        .await
        .expect("play");
}

fn redis_conn(redis: &Redis) -> redis::Connection {
    redis::Client::open(redis.url())
        .and_then(|c| c.get_connection())
        .expect("connect to redis")
}

fn redis_used_memory(redis: &Redis) -> u64 {
    let info: String = redis::cmd("INFO")
        .arg("memory")
        .query(&mut redis_conn(redis))
        .expect("INFO memory");
    info.lines()
        .find_map(|l| l.strip_prefix("used_memory:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0)
}

/// 4. Snapshot (the stored record) and log sizes over one random game of every type and mode.
async fn snapshots() {
    println!(
        "\n## Snapshot sizes: one random game per game type and mode, every seat human (bytes of the stored record a move rewrites; log = Redis MEMORY USAGE of the game's log / moves)"
    );
    println!(
        "| game | mode | moves | snapshot at start B | largest B | at end B | log B/move |\n|---|---|---|---|---|---|---|"
    );
    let redis = Redis::start();
    let server = Server::start_logging(Backend::Redis(redis.url()), "error");
    let tablero = server.client().await;
    let mut conn = redis_conn(&redis);
    // What a move rewrites: the hot part (the whole JSON record before format 2).
    let size = |conn: &mut redis::Connection, id: &str| -> u64 { record_bytes(conn, id).0 };
    let types = tablero.game_types().await.expect("game types");
    for info in types {
        for mode in &info.modes {
            let created = tablero
                .create_game(pb::CreateGameRequest {
                    game_type: info.game_type.clone(),
                    mode: mode.name.clone(),
                    seats: (0..mode.seats)
                        .map(|s| tablero_e2e::client::Tablero::human(&format!("p{s}")))
                        .collect(),
                    seed: Some(42),
                    ..Default::default()
                })
                .await;
            let created = match created {
                Ok(c) => c,
                Err(e) => {
                    println!(
                        "| {} | {} | not a standalone game: {} | | | | |",
                        info.game_type,
                        mode.name,
                        e.message()
                    );
                    continue;
                }
            };
            let id = created.game_id.clone();
            let seats: Vec<_> = created
                .credentials
                .iter()
                .map(|c| tablero.seat(&id, &c.token))
                .collect();
            let start = size(&mut conn, &id);
            let mut largest = start;
            let mut view = created.view.unwrap_or_default();
            let mut rng = Rng::new(3);
            let mut moves = 0u64;
            while view.status != pb::GameStatus::Finished as i32 && moves < 5_000 {
                let Some(&s) = view.to_act.first() else { break };
                let legal = seats[s as usize].legal_actions().await.expect("legal");
                let pick = &legal.actions[rng.below(legal.actions.len())];
                view = seats[s as usize]
                    .submit_id_at(legal.version, &pick.id)
                    .await
                    .expect("submit")
                    .view
                    .unwrap_or_default();
                moves += 1;
                largest = largest.max(size(&mut conn, &id));
            }
            let end = size(&mut conn, &id);
            let log: u64 = redis::cmd("MEMORY")
                .arg("USAGE")
                .arg(format!("tablero:{{{id}}}:log"))
                .query(&mut conn)
                .unwrap_or(0);
            println!(
                "| {} | {} | {moves}{} | {start} | {largest} | {end} | {} |",
                info.game_type,
                mode.name,
                if view.status == pb::GameStatus::Finished as i32 {
                    ""
                } else {
                    " (unfinished)"
                },
                log / moves.max(1)
            );
        }
    }
}

/// Part 5: everything Redis holds for one finished game of each type (the largest mode), summed
/// over its keys with `MEMORY USAGE`, and the idempotency keys' part of it.
async fn stored() {
    println!(
        "\n## Stored bytes of a finished game (Redis MEMORY USAGE of every key of the game; each move sent with an idempotency key)"
    );
    println!(
        "| game | mode | moves | stored KB | of which idempotency KB |\n|---|---|---|---|---|"
    );
    let redis = Redis::start();
    let server = Server::start_logging(Backend::Redis(redis.url()), "error");
    let tablero = server.client().await;
    let mut conn = redis_conn(&redis);
    for (game_type, mode) in [
        ("claim", "base_2p"),
        ("emara", "four_player"),
        ("kingdom_legacy", "solo"),
        ("panovnik", "four_player"),
        ("pantheon", "four_player"),
    ] {
        let seats = tablero
            .game_types()
            .await
            .expect("game types")
            .into_iter()
            .find(|t| t.game_type == game_type)
            .and_then(|t| t.modes.into_iter().find(|m| m.name == mode))
            .map_or(1, |m| m.seats);
        let (id, players, mut view) = humans_game(&tablero, game_type, mode, seats).await;
        let mut rng = Rng::new(5);
        let mut moves = 0u64;
        while view.status != pb::GameStatus::Finished as i32 && moves < 20_000 {
            let Some(next) = random_move(&players, &view, &mut rng).await else {
                break;
            };
            view = next;
            moves += 1;
        }
        let (total, idempotency) = game_memory(&mut conn, &id);
        let kb = |b: u64| b as f64 / 1024.0;
        println!(
            "| {game_type} | {mode} | {moves}{} | {:.1} | {:.1} |",
            if view.status == pb::GameStatus::Finished as i32 {
                ""
            } else {
                " (suspended: one sitting)"
            },
            kb(total),
            kb(idempotency)
        );
    }
}

/// A new game of `game_type` in `mode` with `seats` human seats (seed 42): its id, each seat's
/// client and the first view.
async fn humans_game(
    tablero: &tablero_e2e::client::Tablero,
    game_type: &str,
    mode: &str,
    seats: u32,
) -> (String, Vec<tablero_e2e::client::SeatClient>, pb::GameView) {
    let created = tablero
        .create_game(pb::CreateGameRequest {
            game_type: game_type.into(),
            mode: mode.into(),
            seats: (0..seats)
                .map(|s| tablero_e2e::client::Tablero::human(&format!("p{s}")))
                .collect(),
            seed: Some(42),
            ..Default::default()
        })
        .await
        .expect("create");
    let id = created.game_id.clone();
    let players = created
        .credentials
        .iter()
        .map(|c| tablero.seat(&id, &c.token))
        .collect();
    (id, players, created.view.unwrap_or_default())
}

/// A random legal move of the seat to act; the view after it, or `None` when nobody acts.
async fn random_move(
    players: &[tablero_e2e::client::SeatClient],
    view: &pb::GameView,
    rng: &mut Rng,
) -> Option<pb::GameView> {
    let &s = view.to_act.first()?;
    let legal = players[s as usize].legal_actions().await.expect("legal");
    let pick = &legal.actions[rng.below(legal.actions.len())];
    Some(
        players[s as usize]
            .submit_id_at(legal.version, &pick.id)
            .await
            .expect("submit")
            .view
            .unwrap_or_default(),
    )
}

/// Bytes of every key of game `id` (Redis `MEMORY USAGE`), and of its idempotency keys.
fn game_memory(conn: &mut redis::Connection, id: &str) -> (u64, u64) {
    let keys: Vec<String> = redis::cmd("KEYS")
        .arg(format!("tablero:{{{id}}}:*"))
        .query(conn)
        .expect("KEYS");
    let mut total = 0;
    let mut idempotency = 0;
    for key in &keys {
        let bytes: u64 = redis::cmd("MEMORY")
            .arg("USAGE")
            .arg(key)
            .arg("SAMPLES")
            .arg(0)
            .query(conn)
            .unwrap_or(0);
        total += bytes;
        if key.ends_with(":idem") {
            idempotency += bytes;
        }
    }
    (total, idempotency)
}

/// The hash fields of a game's record: what a move rewrites (`h`, or the whole JSON record `d`
/// before format 2) and the whole record.
fn record_bytes(conn: &mut redis::Connection, id: &str) -> (u64, u64) {
    let len = |conn: &mut redis::Connection, field: &str| -> u64 {
        redis::cmd("HSTRLEN")
            .arg(format!("tablero:{{{id}}}:game"))
            .arg(field)
            .query(conn)
            .unwrap_or(0)
    };
    let json = len(conn, "d");
    if json > 0 {
        return (json, json);
    }
    let hot = len(conn, "h");
    (hot, hot + len(conn, "p") + len(conn, "c"))
}

/// The same game as the embedded store holds it: read from Redis (either format), stored in a
/// memory store, counted by it; and the JSON text the memory store held before format 2 (the
/// record and the log entries as JSON, as `tablero inspect` prints them). Idempotency records
/// are not carried over: the memory store adds about 100 bytes per move with a key, for a day.
async fn memory_store_bytes(url: &str, id: &str) -> (usize, usize) {
    use tablero_service::store::Store;
    use tablero_service::store::memory::MemoryStore;
    use tablero_service::store::redis::RedisStore;
    let redis = RedisStore::connect(url).await.expect("connect");
    let record = redis.load(id).await.expect("load").expect("the game");
    let log = redis.log(id, 0, record.version).await.expect("log");
    let memory = MemoryStore::new();
    memory.create(&record, &log, &[]).await.expect("create");
    let held = memory.held_bytes(id).expect("held");
    let shown = tablero_service::engine::inspect::game(
        &memory,
        &tablero_service::rpc::games::registries().0,
        id,
    )
    .await
    .expect("inspect")
    .expect("the game");
    let json = shown["record"].to_string().len()
        + shown["log"]
            .as_array()
            .expect("log")
            .iter()
            .map(|e| e.to_string().len())
            .sum::<usize>();
    (held, json)
}

/// 6. Issue 17's storage figures.
async fn lean() {
    println!(
        "\n## Lean snapshots: Claim base_2p and Pantheon four_player, seed 42, every move sent with an idempotency key"
    );
    println!(
        "| game | when | moves | record a move rewrites B | whole record B | Redis KB (all keys) | of which idempotency KB | memory store KB | as JSON KB |\n|---|---|---|---|---|---|---|---|---|"
    );
    let redis = Redis::start();
    // A finished game's idempotency keys go this long after its last move (default 15 min).
    const FINISHED_KEYS_SECS: u64 = 2;
    let server = Server::launch(
        Backend::Redis(redis.url()),
        Launch {
            args: vec![
                "--finished-idempotency-secs".into(),
                FINISHED_KEYS_SECS.to_string(),
            ],
            env: vec![("RUST_LOG".into(), "error".into())],
            ..Launch::default()
        },
    );
    let tablero = server.client().await;
    let mut conn = redis_conn(&redis);
    for (game_type, mode, seats, live_at) in [
        ("claim", "base_2p", 2, Some(20)),
        ("pantheon", "four_player", 4, None),
    ] {
        let (id, players, mut view) = humans_game(&tablero, game_type, mode, seats).await;
        let mut rng = Rng::new(5);
        let mut moves = 0u64;
        let kb = |b: u64| b as f64 / 1024.0;
        let row = |conn: &mut redis::Connection, when: &str, moves: u64, memory: (usize, usize)| {
            let (hot, whole) = record_bytes(conn, &id);
            let (total, idempotency) = game_memory(conn, &id);
            println!(
                "| {game_type} | {when} | {moves} | {hot} | {whole} | {:.1} | {:.1} | {:.1} | {:.1} |",
                kb(total),
                kb(idempotency),
                kb(memory.0 as u64),
                kb(memory.1 as u64)
            );
        };
        row(
            &mut conn,
            "created",
            0,
            memory_store_bytes(&redis.url(), &id).await,
        );
        while view.status != pb::GameStatus::Finished as i32 && moves < 20_000 {
            let Some(next) = random_move(&players, &view, &mut rng).await else {
                break;
            };
            view = next;
            moves += 1;
            if Some(moves) == live_at {
                row(
                    &mut conn,
                    "live",
                    moves,
                    memory_store_bytes(&redis.url(), &id).await,
                );
            }
        }
        row(
            &mut conn,
            "finished",
            moves,
            memory_store_bytes(&redis.url(), &id).await,
        );
        tokio::time::sleep(Duration::from_millis(FINISHED_KEYS_SECS * 1000 + 500)).await;
        row(
            &mut conn,
            "finished, keys' window past",
            moves,
            memory_store_bytes(&redis.url(), &id).await,
        );
    }
}
