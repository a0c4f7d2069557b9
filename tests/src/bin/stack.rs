//! `tablero-stack`: the test of a running compose stack (`deploy/local/test` runs it against
//! what `deploy/local/up` started). Everything goes through Envoy with the generated client and
//! the stack's API key, while the stack is broken on purpose:
//!
//! 1. players (one task per game, both seats of a two-person Claim game) play games to their end
//!    and start new ones, every move with an idempotency key, retried with the same key on any
//!    failure; a spectator watches every game and resumes from the last version it saw whenever
//!    its stream breaks;
//! 2. a Tablero replica is killed (SIGKILL) and started again; then Redis (a cluster's first
//!    node, started again at once, within the cluster's failover timeout); then every replica is
//!    stopped with SIGTERM (it drains) and started again, one by one;
//! 3. the players finish their games, and the test checks: every acknowledged move is in the
//!    game's history exactly once and the history holds nothing else, no game is lost, every
//!    spectator saw the history exactly (nothing missed, nothing twice), the health services
//!    said what the docs say during the outage, and Prometheus scrapes every replica.
//!
//! It prints the figures: games, moves, restarts, failures the clients saw, recovery times.

use clap::Parser;
use std::collections::BTreeMap;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tablero_client::{SeatClient, Tablero, new_idempotency_key, pb};
use tokio::sync::Mutex;
use tonic::Code;

#[derive(Parser)]
struct Args {
    /// Envoy's address.
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: String,
    /// A file holding the API key (scopes create and list).
    #[arg(long)]
    api_key_file: String,
    /// The compose project whose containers are broken.
    #[arg(long, default_value = "tablero-local")]
    project: String,
    /// Prometheus's address.
    #[arg(long, default_value = "http://127.0.0.1:9090")]
    prometheus: String,
    /// Games played at once.
    #[arg(long, default_value_t = 8)]
    players: usize,
    /// The store is a Redis Cluster (its first node is the one killed).
    #[arg(long)]
    cluster: bool,
}

/// How long a client keeps retrying one call before the test fails.
const GIVE_UP: Duration = Duration::from_secs(120);

/// What the players did, shared with the orchestration.
#[derive(Default)]
struct Tally {
    /// Acknowledged moves: game id → the versions the answers said, in order.
    acked: Mutex<BTreeMap<String, Vec<u64>>>,
    moves: AtomicU64,
    /// Failed calls the clients saw (each retried).
    failures: AtomicU64,
    /// Watch streams that broke and were resumed.
    resumed: AtomicU64,
    /// Watch messages that skipped versions (a stream behind), filled from the history.
    skipped: AtomicU64,
}

/// One game as its player and its spectator know it.
struct Played {
    id: String,
    watched: tokio::task::JoinHandle<Vec<(u64, String)>>,
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let key = std::fs::read_to_string(&args.api_key_file)
        .expect("the API key file")
        .trim()
        .to_string();
    let started = Instant::now();
    let tablero = Arc::new(
        Tablero::connect_with_key(args.url.clone(), &key)
            .await
            .expect("Envoy answers"),
    );
    let tally = Arc::new(Tally::default());
    let stop = Arc::new(AtomicBool::new(false));
    let mut players = Vec::new();
    for p in 0..args.players {
        let (tablero, tally, stop) = (tablero.clone(), tally.clone(), stop.clone());
        players.push(tokio::spawn(async move {
            play(&tablero, &tally, &stop, p as u64).await
        }));
    }
    let mut figures = Vec::new();
    let stack = Stack {
        project: args.project.clone(),
    };

    wait_moves(&tally, 200).await;
    let replicas = stack.containers("tablero");
    assert_eq!(replicas.len(), 3, "three Tablero replicas: {replicas:?}");
    let per_replica_before = served_per_replica(&args.prometheus);

    // A replica killed outright.
    let victim = &replicas[1];
    let t = Instant::now();
    stack.podman(&["kill", "--signal", "KILL", victim]);
    let recovered = wait_every_player_moves(&tally, args.players).await;
    figures.push(format!(
        "a replica killed: every game moved again {:.1} s after the kill",
        recovered.duration_since(t).as_secs_f64()
    ));
    stack.podman(&["start", victim]);
    let healthy = stack
        .wait_healthy(victim, "tablero.v1.GameService", true)
        .await;
    figures.push(format!(
        "  restarted: healthy {:.1} s after its start",
        healthy.as_secs_f64()
    ));

    // The store killed.
    let redis = if args.cluster {
        stack.containers("redis-node-0")
    } else {
        stack.containers("redis")
    };
    let redis = redis.first().expect("the Redis container").clone();
    let t = Instant::now();
    let moved = tally.moves.load(Ordering::SeqCst);
    stack.podman(&["kill", "--signal", "KILL", &redis]);
    if !args.cluster {
        // The docs (deploy/README.md, "Health"): the process lives ("" SERVING), the game
        // service is NOT_SERVING while the store is away.
        for r in &replicas {
            stack.wait_healthy(r, "tablero.v1.GameService", false).await;
            assert!(
                stack.probe(r, ""),
                "{r}: the server's own health stays SERVING"
            );
        }
        figures.push(format!(
            "Redis killed: every replica NOT_SERVING for tablero.v1.GameService {:.1} s after, \"\" SERVING",
            t.elapsed().as_secs_f64()
        ));
    }
    let down = t.elapsed();
    // Only moves in flight at the kill may be acknowledged while the store is away.
    let while_down = tally.moves.load(Ordering::SeqCst) - moved;
    stack.podman(&["start", &redis]);
    for r in &replicas {
        stack.wait_healthy(r, "tablero.v1.GameService", true).await;
    }
    let recovered = wait_every_player_moves(&tally, args.players).await;
    figures.push(format!(
        "Redis down {:.1} s ({} moves acknowledged meanwhile); back: every replica SERVING and every game moved again {:.1} s after the kill",
        down.as_secs_f64(),
        while_down,
        recovered.duration_since(t).as_secs_f64(),
    ));

    // A rolling restart: SIGTERM (a drain), then a start, one replica at a time.
    let failures = tally.failures.load(Ordering::SeqCst);
    let t = Instant::now();
    let mut exits = Vec::new();
    for r in &replicas {
        // SIGTERM, then SIGKILL after 30 s (compose's stop_grace_period).
        let stopping = Instant::now();
        stack.podman(&["stop", "--time", "30", r]);
        exits.push(format!("{:.1} s", stopping.elapsed().as_secs_f64()));
        stack.podman(&["start", r]);
        stack.wait_healthy(r, "tablero.v1.GameService", true).await;
        wait_every_player_moves(&tally, args.players).await;
    }
    figures.push(format!(
        "rolling restart of 3 replicas: {:.1} s, {} failed calls seen by clients meanwhile; SIGTERM to exit: {}",
        t.elapsed().as_secs_f64(),
        tally.failures.load(Ordering::SeqCst) - failures,
        exits.join(", ")
    ));

    // Finish every game and check it.
    stop.store(true, Ordering::SeqCst);
    let mut games = Vec::new();
    for p in players {
        games.extend(p.await.expect("a player"));
    }
    let acked = tally.acked.lock().await.clone();
    let mut moves = 0;
    for game in games {
        let spectator = tablero.spectator(&game.id);
        let view = retry(&tally, || spectator.view()).await;
        assert_eq!(
            view.status,
            pb::GameStatus::Finished as i32,
            "{}: played to its end",
            game.id
        );
        let history = retry(&tally, || spectator.history(0)).await;
        let versions: Vec<u64> = acked.get(&game.id).cloned().unwrap_or_default();
        // Only this test's two seats move: the acknowledged versions are 1, 2, …, the end.
        let expected: Vec<u64> = (1..=view.version).collect();
        assert_eq!(
            versions, expected,
            "{}: every acknowledged move once, none missing",
            game.id
        );
        // Version 0 is the setup's own events.
        let mut logged: Vec<u64> = history
            .iter()
            .map(|e| e.version)
            .filter(|&v| v > 0)
            .collect();
        logged.dedup();
        assert_eq!(
            logged, expected,
            "{}: the history holds each move once",
            game.id
        );
        let seen = game.watched.await.expect("a spectator");
        let history: Vec<(u64, String)> = history
            .into_iter()
            .map(|e| (e.version, e.summary))
            .collect();
        assert_eq!(
            seen, history,
            "{}: the spectator saw the history exactly",
            game.id
        );
        moves += view.version;
    }
    assert_eq!(moves, tally.moves.load(Ordering::SeqCst));
    let scraped = wait_scraped(&args.prometheus, &stack).await;
    let per_replica_after = served_per_replica(&args.prometheus);

    println!(
        "stack test passed in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    println!(
        "games {}, moves {}, failed calls seen by clients {} (all retried), watch streams resumed {}, watch messages that skipped versions {}",
        acked.len(),
        moves,
        tally.failures.load(Ordering::SeqCst),
        tally.resumed.load(Ordering::SeqCst),
        tally.skipped.load(Ordering::SeqCst)
    );
    println!("restarts: 1 replica killed, Redis killed, 3 replicas rolled (5 restarts)");
    for f in figures {
        println!("{f}");
    }
    println!("calls served per replica before the faults (Prometheus): {per_replica_before:?}");
    println!("calls served per replica at the end (Prometheus): {per_replica_after:?}");
    println!("Prometheus scrapes every replica: {scraped:?}");
}

/// Plays games one after another until `stop`, then finishes the one in hand.
async fn play(
    tablero: &Tablero,
    tally: &Arc<Tally>,
    stop: &AtomicBool,
    player: u64,
) -> Vec<Played> {
    let mut played = Vec::new();
    let mut seed = player * 1_000 + 1;
    while !stop.load(Ordering::SeqCst) {
        let created = retry(tally, || {
            tablero.create_game(pb::CreateGameRequest {
                game_type: "claim".into(),
                mode: "base_2p".into(),
                seats: vec![Tablero::human("north"), Tablero::human("south")],
                seed: Some(seed),
                ..Default::default()
            })
        })
        .await;
        seed += 1;
        let seats: Vec<SeatClient> = created
            .credentials
            .iter()
            .map(|c| tablero.seat(&created.game_id, &c.token))
            .collect();
        let watched = tokio::spawn(watch(tablero.spectator(&created.game_id), tally.clone()));
        let mut rng = seed;
        loop {
            let (view, seat) = {
                let view = retry(tally, || seats[0].view()).await;
                if view.status == pb::GameStatus::Finished as i32 {
                    break;
                }
                let Some(&seat) = view.to_act.first() else {
                    break;
                };
                (view, seat as usize)
            };
            let legal = retry(tally, || seats[seat].legal_actions()).await;
            assert_eq!(legal.version, view.version, "nobody else moves");
            rng = rng
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let pick = &legal.actions[(rng >> 33) as usize % legal.actions.len()];
            let key = new_idempotency_key();
            let answer = retry(tally, || {
                seats[seat].submit(pb::SubmitActionRequest {
                    game_id: created.game_id.clone(),
                    expected_version: legal.version,
                    idempotency_key: key.clone(),
                    action: Some(pb::submit_action_request::Action::ActionId(pick.id.clone())),
                    ..Default::default()
                })
            })
            .await;
            let version = answer.view.expect("a view").version;
            tally
                .acked
                .lock()
                .await
                .entry(created.game_id.clone())
                .or_default()
                .push(version);
            tally
                .moves
                .fetch_add(version - legal.version, Ordering::SeqCst);
        }
        played.push(Played {
            id: created.game_id,
            watched,
        });
    }
    played
}

/// A spectator's whole stream of events, resumed from the last version it saw whenever it
/// breaks, until the game is over.
async fn watch(spectator: SeatClient, tally: Arc<Tally>) -> Vec<(u64, String)> {
    let mut seen = Vec::new();
    let mut from = 0;
    let deadline = Instant::now() + Duration::from_secs(1_800);
    loop {
        assert!(Instant::now() < deadline, "a watch never saw its game end");
        let mut stream = match spectator.watch(from).await {
            Ok(s) => s,
            Err(_) => {
                tally.failures.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            }
        };
        loop {
            match stream.message().await {
                Ok(Some(m)) => {
                    // A stream that fell behind gets the latest view and skips versions (by
                    // design): the spectator reads what it skipped from the history.
                    let next = m
                        .events
                        .first()
                        .map(|e| e.version)
                        .or(m.view.as_ref().map(|v| v.version + 1))
                        .unwrap_or(from + 1);
                    if next > from + 1 {
                        tally.skipped.fetch_add(1, Ordering::SeqCst);
                        let history = retry(&tally, || spectator.history(from)).await;
                        seen.extend(
                            history
                                .into_iter()
                                .filter(|e| e.version > from && e.version < next)
                                .map(|e| (e.version, e.summary)),
                        );
                    }
                    seen.extend(m.events.into_iter().map(|e| (e.version, e.summary)));
                    if let Some(view) = m.view {
                        from = view.version;
                        if view.status == pb::GameStatus::Finished as i32 {
                            return seen;
                        }
                    }
                }
                Ok(None) | Err(_) => {
                    tally.resumed.fetch_add(1, Ordering::SeqCst);
                    break;
                }
            }
        }
    }
}

/// Calls `f` until it answers, counting each failure; the test fails after [`GIVE_UP`].
async fn retry<T, F, Fut>(tally: &Tally, mut f: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, tonic::Status>>,
{
    let start = Instant::now();
    loop {
        match f().await {
            Ok(v) => return v,
            Err(s) if matches!(s.code(), Code::InvalidArgument | Code::PermissionDenied) => {
                panic!("a call the stack should accept was refused: {s}")
            }
            Err(s) => {
                tally.failures.fetch_add(1, Ordering::SeqCst);
                assert!(start.elapsed() < GIVE_UP, "gave up after {GIVE_UP:?}: {s}");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    }
}

async fn wait_moves(tally: &Tally, n: u64) {
    let start = Instant::now();
    while tally.moves.load(Ordering::SeqCst) < n {
        assert!(start.elapsed() < GIVE_UP, "the games do not move");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits until every game in play has an acknowledged move it did not have when this began;
/// the moment it did.
async fn wait_every_player_moves(tally: &Tally, players: usize) -> Instant {
    let before: BTreeMap<String, usize> = tally
        .acked
        .lock()
        .await
        .iter()
        .map(|(id, v)| (id.clone(), v.len()))
        .collect();
    let start = Instant::now();
    loop {
        {
            let now = tally.acked.lock().await;
            // A game moved on if it has more acknowledgements, or is new since.
            let moved = now
                .iter()
                .filter(|(id, v)| before.get(*id).is_none_or(|&n| v.len() > n))
                .count();
            if moved >= players {
                return Instant::now();
            }
        }
        assert!(
            start.elapsed() < GIVE_UP,
            "the games did not all move again"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The compose project's containers, through podman.
struct Stack {
    project: String,
}

impl Stack {
    fn podman(&self, args: &[&str]) -> String {
        let out = Command::new("podman").args(args).output().expect("podman");
        assert!(
            out.status.success(),
            "podman {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn containers(&self, service: &str) -> Vec<String> {
        let mut names: Vec<String> = self
            .podman(&[
                "ps",
                "--filter",
                &format!("label=com.docker.compose.project={}", self.project),
                "--filter",
                &format!("label=com.docker.compose.service={service}"),
                "--format",
                "{{.Names}}",
            ])
            .lines()
            .map(str::to_string)
            .collect();
        names.sort();
        names
    }

    /// The replica's own health probe (the image's HEALTHCHECK command) for `service`.
    fn probe(&self, container: &str, service: &str) -> bool {
        Command::new("podman")
            .args([
                "exec",
                container,
                "/usr/local/bin/tablero-probe",
                "--service",
                service,
                "--timeout-ms",
                "2000",
            ])
            .output()
            .is_ok_and(|o| o.status.success())
    }

    /// Waits until `container`'s probe of `service` says `serving`; how long it took.
    async fn wait_healthy(&self, container: &str, service: &str, serving: bool) -> Duration {
        let start = Instant::now();
        while self.probe(container, service) != serving {
            assert!(
                start.elapsed() < GIVE_UP,
                "{container}: {service} never became {}",
                if serving { "SERVING" } else { "NOT_SERVING" }
            );
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
        start.elapsed()
    }

    /// The replicas' addresses on the compose network.
    fn replica_ips(&self) -> Vec<String> {
        let mut ips: Vec<String> = self
            .containers("tablero")
            .iter()
            .map(|c| {
                self.podman(&[
                    "inspect",
                    "--format",
                    "{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}",
                    c,
                ])
                .trim()
                .to_string()
            })
            .collect();
        ips.sort();
        ips
    }
}

fn prometheus(base: &str, path: &str) -> serde_json::Value {
    let out = Command::new("curl")
        .args(["-sf", "--max-time", "5", &format!("{base}{path}")])
        .output()
        .expect("curl");
    assert!(out.status.success(), "Prometheus answers {path}");
    serde_json::from_slice(&out.stdout).expect("Prometheus's JSON")
}

/// Calls each replica served, as Prometheus last scraped them: instance → count.
fn served_per_replica(base: &str) -> BTreeMap<String, u64> {
    let answer = prometheus(
        base,
        "/api/v1/query?query=sum%20by%20(instance)%20(grpc_server_handled_total)",
    );
    answer["data"]["result"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            let instance = r["metric"]["instance"].as_str().unwrap_or("?").to_string();
            let value = r["value"][1]
                .as_str()
                .and_then(|v| v.parse::<f64>().ok())
                .unwrap_or(0.0);
            (instance, value as u64)
        })
        .collect()
}

/// Waits until Prometheus scrapes every replica as it now is (its address on the network) and
/// finds it up; the targets.
async fn wait_scraped(base: &str, stack: &Stack) -> Vec<String> {
    let start = Instant::now();
    loop {
        let ips = stack.replica_ips();
        let targets = prometheus(base, "/api/v1/targets?state=active");
        let mut up: Vec<String> = targets["data"]["activeTargets"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|t| t["labels"]["job"] == "tablero" && t["health"] == "up")
            .filter_map(|t| t["labels"]["instance"].as_str())
            .map(|i| i.split(':').next().unwrap_or(i).to_string())
            .collect();
        up.sort();
        if up == ips {
            return up;
        }
        assert!(
            start.elapsed() < Duration::from_secs(90),
            "Prometheus scrapes {up:?}, the replicas are {ips:?}"
        );
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}
