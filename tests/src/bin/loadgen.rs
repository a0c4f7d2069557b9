//! `tablero-loadgen`: drives N concurrent Claim games over loopback gRPC against an in-process
//! server on each store, and reports committed moves/s with p50/p99 submit latency, next to the
//! raw Redis round-trip rate for a write of the same snapshot size, measured in the same run.
//!
//! Each store is measured in interleaved rounds of two set-ups, so both see the same machine:
//! `guarded` — the server as deployed: every limit on (connection, body time, in-flight, request
//! time, per-caller rate at a rate this one caller never reaches, watch streams), a store timeout,
//! keyless creation off — and `bare`, the reference: no limit layers at all, hyper's own HTTP/2
//! defaults, no store timeout. In both the driver is a backend whose API key every call carries.
//! It prints the ratio guarded / bare.
//!
//! With `--feed` the pair is `feed` — the guarded server with the change feed on, one webhook
//! endpoint (a sink in this process answering 200) and one WatchChanges reader — against
//! `no-feed`, the same server writing no changes at all; it prints feed / no-feed.
//!
//! `cargo run --release -p tablero-e2e --bin tablero-loadgen -- --games 32 --seconds 15`

use clap::Parser;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tablero_client::{SeatClient, Tablero, pb};
use tablero_service::edge::access::Access;
use tablero_service::edge::keys::{self, KeySource, Keys, Scope};
use tablero_service::server;
use tablero_service::store::memory::MemoryStore;
use tablero_service::store::redis::RedisStore;
use tablero_service::store::{ListFilter, Store};
use tablero_service::telemetry::InstrumentedStore;
use tokio::net::TcpListener;

#[derive(Parser, Debug, Clone)]
#[command(about = "Tablero load generator")]
struct Args {
    /// Concurrent games (one driver task each).
    #[arg(long, default_value_t = 32)]
    games: usize,
    /// Seconds of load per store.
    #[arg(long, default_value_t = 15)]
    seconds: u64,
    /// Stores to measure, comma-separated: memory, redis.
    #[arg(long, default_value = "memory,redis")]
    stores: String,
    /// Redis URL; when unset a private redis-server is started on a free loopback port.
    #[arg(long)]
    redis_url: Option<String>,
    /// Record metrics as `tablero --metrics-listen` does (Prometheus recorder, every store call
    /// timed), to measure what they cost.
    #[arg(long)]
    metrics: bool,
    /// Rounds per store, each one `bare` then one `guarded` run of `--seconds`.
    #[arg(long, default_value_t = 2)]
    rounds: usize,
    /// Compare the change feed with its webhook and reader (`feed`) against no feed
    /// (`no-feed`) instead of guarded against bare.
    #[arg(long)]
    feed: bool,
    /// With --feed: what follows the feed besides the writes appending to it, comma-separated:
    /// `webhook`, `reader` (both by default; `none` for the appends alone).
    #[arg(long, default_value = "webhook,reader")]
    feed_parts: String,
}

/// The two set-ups compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Setup {
    Bare,
    Guarded,
    NoFeed,
    Feed,
}

impl Setup {
    fn name(self) -> &'static str {
        match self {
            Setup::Bare => "bare",
            Setup::Guarded => "guarded",
            Setup::NoFeed => "no-feed",
            Setup::Feed => "feed",
        }
    }
}

/// The server as deployed: every limit on; the rate limiter runs, at a rate this one caller
/// never reaches; creating needs the key.
fn guarded(keys: Arc<Keys>) -> server::Options {
    server::Options {
        rate: tablero_service::transport::rate::RateLimit {
            per_second: 1e7,
            burst: 10_000_000,
            ..tablero_service::transport::rate::RateLimit::default()
        },
        access: Access {
            keys,
            public_create: false,
            ..Access::default()
        },
        ..server::Options::default()
    }
}

/// A webhook receiver that takes everything (answers 200 to every POST); its address.
async fn webhook_sink() -> std::net::SocketAddr {
    use hyper::server::conn::http1;
    use hyper::service::service_fn;
    let listener = TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind the sink");
    let addr = listener.local_addr().expect("sink address");
    tokio::spawn(async move {
        loop {
            let Ok((socket, _)) = listener.accept().await else {
                return;
            };
            tokio::spawn(async move {
                let service = service_fn(|req: hyper::Request<hyper::body::Incoming>| async move {
                    use http_body_util::BodyExt;
                    let _ = req.into_body().collect().await;
                    Ok::<_, hyper::Error>(hyper::Response::new(http_body_util::Full::new(
                        bytes::Bytes::new(),
                    )))
                });
                let _ = http1::Builder::new()
                    .serve_connection(hyper_util::rt::TokioIo::new(socket), service)
                    .await;
            });
        }
    });
    addr
}

struct Report {
    store: &'static str,
    setup: Setup,
    commits: u64,
    secs: f64,
    p50_us: u64,
    p99_us: u64,
    games_finished: u64,
    snapshot_bytes: usize,
}

/// Plays one game after another at one seat set until `until`; returns submit latencies (µs).
async fn drive(tablero: Tablero, until: Instant, seed: u64) -> (Vec<u64>, u64) {
    let mut latencies = Vec::new();
    let mut finished = 0;
    let mut rng = seed | 1;
    while Instant::now() < until {
        let created = tablero
            .create_game(pb::CreateGameRequest {
                game_type: "claim".into(),
                seats: vec![Tablero::human("a"), Tablero::human("b")],
                ..Default::default()
            })
            .await
            .expect("create game");
        let seats: Vec<SeatClient> = created
            .credentials
            .iter()
            .map(|c| tablero.seat(&created.game_id, &c.token))
            .collect();
        let mut version = 0;
        let mut to_act = created
            .view
            .as_ref()
            .map(|v| v.to_act.clone())
            .unwrap_or_default();
        while let Some(&seat) = to_act.first() {
            if Instant::now() >= until {
                return (latencies, finished);
            }
            let me = &seats[seat as usize];
            let legal = me.legal_actions().await.expect("legal actions");
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let choice = &legal.actions[(rng % legal.actions.len() as u64) as usize];
            let started = Instant::now();
            let resp = me
                .submit(pb::SubmitActionRequest {
                    game_id: created.game_id.clone(),
                    expected_version: version,
                    action: Some(pb::submit_action_request::Action::ActionId(
                        choice.id.clone(),
                    )),
                    ..Default::default()
                })
                .await
                .expect("submit");
            latencies.push(started.elapsed().as_micros() as u64);
            let view = resp.view.expect("view");
            version = view.version;
            to_act = view.to_act;
        }
        finished += 1;
    }
    (latencies, finished)
}

/// Every round of both set-ups on one store, interleaved.
async fn measure_store<S: Store>(name: &'static str, store: Arc<S>, args: &Args) -> Vec<Report> {
    let mut reports = Vec::new();
    for _ in 0..args.rounds.max(1) {
        let pair = if args.feed {
            [Setup::NoFeed, Setup::Feed]
        } else {
            [Setup::Bare, Setup::Guarded]
        };
        for setup in pair {
            let report = if setup != Setup::Bare {
                // As deployed: every store call bounded by the store timeout.
                let timed = InstrumentedStore::new(store.clone(), name)
                    .with_timeout(Duration::from_secs(1));
                measure(name, Arc::new(timed), store.clone(), setup, args).await
            } else if args.metrics {
                let instrumented = InstrumentedStore::new(store.clone(), name);
                measure(name, Arc::new(instrumented), store.clone(), setup, args).await
            } else {
                measure(name, store.clone(), store.clone(), setup, args).await
            };
            reports.push(report);
        }
    }
    reports
}

async fn measure<S: Store, R: Store>(
    name: &'static str,
    store: Arc<S>,
    readiness: Arc<R>,
    setup: Setup,
    args: &Args,
) -> Report {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let server_store = store.clone();
    let (key, entry) =
        keys::generate("loadgen", &[Scope::Create, Scope::List, Scope::Feed]).expect("key");
    let keys = Keys::load(KeySource {
        file: None,
        inline: Some(entry),
    })
    .expect("keys");
    let options = match setup {
        // The driver creates a game per ~60 moves, far more than a keyless caller's quota; with
        // the key it runs no quota in either set-up (a key is looked up at creation only, never
        // per move), so the comparison is of what every request pays.
        Setup::Bare => server::Options {
            unguarded: true,
            access: Access {
                keys: keys.clone(),
                ..Access::default()
            },
            rate: tablero_service::transport::rate::RateLimit::OFF,
            // hyper's own defaults: no stream limit, its send buffer, no connection limits.
            transport: tablero_service::transport::Settings {
                max_concurrent_streams: u32::MAX,
                max_send_buf: 400 * 1024,
                idle_timeout: Duration::from_secs(86_400),
                max_connection_age: Duration::from_secs(86_400),
                ..Default::default()
            },
            ..server::Options::default()
        },
        Setup::NoFeed | Setup::Feed => {
            let feed = setup == Setup::Feed;
            let webhooks = if feed && args.feed_parts.contains("webhook") {
                let sink = webhook_sink().await;
                let file = format!(
                    "[[endpoint]]\nname = \"sink\"\nurl = \"http://{sink}/\"\nsecret = \"loadgen-secret-0123456789\"\n"
                );
                tablero_service::webhooks::config::parse(
                    &file,
                    &tablero_service::rpc::games::registries().0,
                    |_| None,
                )
                .expect("the sink's endpoint")
            } else {
                Vec::new()
            };
            server::Options {
                change_feed: feed,
                webhooks,
                ..guarded(keys)
            }
        }
        Setup::Guarded => guarded(keys),
    };
    let server = tokio::spawn(async move {
        server::serve(server_store, readiness, listener, options, async {
            let _ = stop_rx.await;
        })
        .await
        .expect("server");
    });
    let url = format!("http://{addr}");
    let tablero = Tablero::connect_with_key(url, &key).await.expect("connect");
    // A backend following the feed as the games are played.
    let reader = (setup == Setup::Feed && args.feed_parts.contains("reader")).then(|| {
        let tablero = tablero.clone();
        tokio::spawn(async move {
            let mut stream = tablero
                .watch_changes(pb::WatchChangesRequest::default())
                .await
                .expect("the change feed");
            let mut n = 0u64;
            while let Ok(Some(msg)) = stream.message().await {
                n += msg.changes.len() as u64;
            }
            n
        })
    });
    let started = Instant::now();
    let until = started + Duration::from_secs(args.seconds);
    let tasks: Vec<_> = (0..args.games)
        .map(|i| tokio::spawn(drive(tablero.clone(), until, 1000 + i as u64)))
        .collect();
    let mut all = Vec::new();
    let mut finished = 0;
    for t in tasks {
        let (l, f) = t.await.expect("driver");
        all.extend(l);
        finished += f;
    }
    let secs = started.elapsed().as_secs_f64();
    all.sort_unstable();
    let pct = |p: f64| {
        all.get(((all.len() as f64 - 1.0) * p) as usize)
            .copied()
            .unwrap_or(0)
    };
    // A typical snapshot: the mean encoded record size of some stored games.
    let (records, _) = store
        .list(ListFilter {
            game_type: None,
            status: None,
            listed_only: false,
            player: None,
            page_token: None,
            limit: 50,
        })
        .await
        .expect("list");
    let snapshot_bytes =
        records.iter().map(|r| r.encode_hot().len()).sum::<usize>() / records.len().max(1);
    let _ = stop_tx.send(());
    let _ = server.await;
    if let Some(reader) = reader {
        reader.abort();
    }
    Report {
        store: name,
        setup,
        commits: all.len() as u64,
        secs,
        p50_us: pct(0.50),
        p99_us: pct(0.99),
        games_finished: finished,
        snapshot_bytes,
    }
}

/// Raw Redis writes of `bytes`-sized values from `concurrency` tasks for `seconds`: ops/s.
async fn raw_redis_rate(
    store: Arc<RedisStore>,
    bytes: usize,
    concurrency: usize,
    seconds: u64,
) -> f64 {
    let payload = Arc::new("x".repeat(bytes));
    let until = Instant::now() + Duration::from_secs(seconds);
    let started = Instant::now();
    let tasks: Vec<_> = (0..concurrency)
        .map(|i| {
            let (store, payload) = (store.clone(), payload.clone());
            tokio::spawn(async move {
                let key = format!("tablero:loadgen:raw:{i}");
                let mut n = 0u64;
                while Instant::now() < until {
                    store
                        .raw_roundtrip(&key, &payload)
                        .await
                        .expect("raw redis write");
                    n += 1;
                }
                n
            })
        })
        .collect();
    let mut total = 0;
    for t in tasks {
        total += t.await.expect("raw task");
    }
    total as f64 / started.elapsed().as_secs_f64()
}

struct LocalRedis(std::process::Child, std::path::PathBuf);

impl Drop for LocalRedis {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
        let _ = std::fs::remove_dir_all(&self.1);
    }
}

fn start_redis() -> (String, LocalRedis) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("free port")
        .port();
    let dir = std::env::temp_dir().join(format!("tablero-loadgen-redis-{port}"));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let child = std::process::Command::new("redis-server")
        .args([
            "--port",
            &port.to_string(),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
        ])
        .arg("--dir")
        .arg(&dir)
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("redis-server on PATH (apt-get install -y redis-server)");
    std::thread::sleep(Duration::from_millis(300));
    (format!("redis://127.0.0.1:{port}"), LocalRedis(child, dir))
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    if args.metrics {
        tablero_service::telemetry::exposition::install().expect("install the metrics recorder");
    }
    let mut reports = Vec::new();
    let mut raw = None;
    for store in args.stores.split(',').map(str::trim) {
        match store {
            "memory" => {
                reports.extend(measure_store("memory", Arc::new(MemoryStore::new()), &args).await)
            }
            "redis" => {
                let (url, guard) = match &args.redis_url {
                    Some(u) => (u.clone(), None),
                    None => {
                        let (u, g) = start_redis();
                        (u, Some(g))
                    }
                };
                let store = Arc::new(RedisStore::connect(&url).await.expect("connect to redis"));
                let measured = measure_store("redis", store.clone(), &args).await;
                let bytes = measured.first().map_or(0, |r| r.snapshot_bytes);
                let rate = raw_redis_rate(store, bytes, args.games, args.seconds.div_ceil(2)).await;
                raw = Some((rate, bytes));
                reports.extend(measured);
                drop(guard);
            }
            other => panic!("unknown store `{other}` (memory, redis)"),
        }
    }
    println!(
        "Claim base_2p, {} concurrent games, {} s per store, all seats human (1 commit per move){}",
        args.games,
        args.seconds,
        if args.metrics { ", metrics on" } else { "" }
    );
    println!(
        "{:<8} {:<8} {:>14} {:>10} {:>10} {:>12} {:>14}",
        "store", "setup", "commits/s", "p50 ms", "p99 ms", "games done", "snapshot B"
    );
    for r in &reports {
        println!(
            "{:<8} {:<8} {:>14.0} {:>10.2} {:>10.2} {:>12} {:>14}",
            r.store,
            r.setup.name(),
            r.commits as f64 / r.secs,
            r.p50_us as f64 / 1000.0,
            r.p99_us as f64 / 1000.0,
            r.games_finished,
            r.snapshot_bytes
        );
    }
    let (reference, measured) = if args.feed {
        (Setup::NoFeed, Setup::Feed)
    } else {
        (Setup::Bare, Setup::Guarded)
    };
    for store in ["memory", "redis"] {
        let rate = |setup: Setup| {
            let (commits, secs) = reports
                .iter()
                .filter(|r| r.store == store && r.setup == setup)
                .fold((0, 0.0), |(c, s), r| (c + r.commits, s + r.secs));
            (secs > 0.0).then(|| commits as f64 / secs)
        };
        if let (Some(bare), Some(guarded)) = (rate(reference), rate(measured)) {
            println!(
                "{store}: {} / {} = {:.3} ({guarded:.0} / {bare:.0} commits/s over {} interleaved rounds)",
                measured.name(),
                reference.name(),
                guarded / bare,
                args.rounds.max(1)
            );
        }
    }
    let redis_commits = {
        let (commits, secs) = reports
            .iter()
            .filter(|r| r.store == "redis" && r.setup == measured)
            .fold((0, 0.0), |(c, s), r| (c + r.commits, s + r.secs));
        (secs > 0.0).then(|| commits as f64 / secs)
    };
    if let (Some((rate, bytes)), Some(commits)) = (raw, redis_commits) {
        println!(
            "raw redis SET of {bytes} B from {} tasks: {rate:.0} ops/s; Tablero redis commits / raw writes = {:.3} (1 : {:.1})",
            args.games,
            commits / rate,
            rate / commits
        );
    }
}
