//! The fault test: three `tablero` processes share one Redis (and, in the second test, a
//! 3-master Redis Cluster). A thousand Claim games are played at once by clients that pick a
//! random replica for every request, send failed submits again with the same idempotency key,
//! send some submits twice at once or again after their reply, and mix in stale writes. While
//! they play, one replica is killed with SIGKILL and started again, and Redis (one cluster
//! master) is killed and started again from its append-only file.
//!
//! Then, reading the store directly: every game's log holds exactly the moves its client was
//! acknowledged for, in order, once each (nothing lost, nothing applied twice); the log replays
//! to exactly the stored snapshot; and every game is played on to its end.
//!
//! Run by `tests/run` on its own, with its figures printed:
//! `cargo test -p tablero-service --test faults -- --nocapture --test-threads 1`
//! (needs `cargo build --release -p tablero-service --bin tablero` first, and redis-server on
//! PATH).

use std::time::{Duration, Instant};
use tablero_e2e::load::{self, Chaos, Fleet, PlayedGame, Rng, Stats};
use tablero_e2e::{Backend, Launch, Redis, RedisCluster, Server, release_binary};
use tablero_service::engine::host::{ActionInput, Hosts, Stored};
use tablero_service::store::Store;
use tablero_service::store::record::GameStatus;
use tablero_service::store::redis::RedisStore;

const GAMES: usize = 1_000;
const REPLICAS: usize = 3;
/// How long the games are played while the faults happen; afterwards each is played to its end.
const FAULT_PHASE: Duration = Duration::from_secs(20);
const KILL_REPLICA_AT: Duration = Duration::from_secs(4);
const RESTART_REDIS_AT: Duration = Duration::from_secs(11);

const CHAOS: Chaos = Chaos {
    duplicate: 0.03,
    resend: 0.03,
    stale: 0.03,
    give_up_after: Duration::from_secs(60),
    call_timeout: Duration::from_secs(10),
};

/// The store under the replicas, with a way to restart it.
enum Redises {
    Single(Redis),
    Cluster(RedisCluster),
}

impl Redises {
    fn backend(&self) -> Backend {
        match self {
            Redises::Single(r) => Backend::Redis(r.url()),
            Redises::Cluster(c) => Backend::RedisCluster(c.url()),
        }
    }

    fn url(&self) -> String {
        match self {
            Redises::Single(r) => r.url(),
            Redises::Cluster(c) => c.url(),
        }
    }

    /// SIGKILL and start again from the append-only file (one master of a cluster).
    fn kill_and_restart(&mut self) -> &'static str {
        match self {
            Redises::Single(r) => {
                r.kill_and_restart();
                "redis-server"
            }
            Redises::Cluster(c) => {
                c.kill_and_restart_node(1);
                "cluster master 2 of 3"
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn three_replicas_on_one_redis_lose_and_repeat_nothing_under_faults() {
    run("one Redis", Redises::Single(Redis::start_persistent())).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn three_replicas_on_a_redis_cluster_lose_and_repeat_nothing_under_faults() {
    run(
        "a 3-master Redis Cluster",
        Redises::Cluster(RedisCluster::start_persistent()),
    )
    .await;
}

async fn run(label: &str, mut redis: Redises) {
    let started = Instant::now();
    // The release server, as deployed: a debug build spent most of this test's time playing
    // the games to their ends.
    let launch = Launch {
        // The failures the faults cause are counted by the clients; the servers stay quiet.
        env: vec![(
            "RUST_LOG".into(),
            "warn,tablero_service::telemetry::rpc=off".into(),
        )],
        binary: Some(release_binary()),
        ..Launch::default()
    };
    let mut servers: Vec<Server> = (0..REPLICAS)
        .map(|_| Server::launch(redis.backend(), launch.clone()))
        .collect();
    let urls: Vec<String> = servers.iter().map(Server::url).collect();
    let fleet = Fleet::connect(&urls).await;

    // Every game exists before the faults start.
    let mut stats = Stats::default();
    let mut games = Vec::with_capacity(GAMES);
    let created: Vec<_> = (0..GAMES)
        .map(|i| {
            let fleet = fleet.clone();
            tokio::spawn(async move {
                let mut rng = Rng::new(i as u64);
                let mut stats = Stats::default();
                let game = load::create_claim(&fleet, 7_000 + i as u64, &mut rng, &mut stats).await;
                (game, stats)
            })
        })
        .collect();
    for task in created {
        let (game, s) = task.await.expect("creating task");
        stats.merge(s);
        games.push(game.expect("create a game"));
    }

    // Phase 1: everyone plays while a replica and then Redis die and come back.
    let fault_phase = Instant::now();
    let until = fault_phase + FAULT_PHASE;
    let players = spawn_players(&fleet, games, Some(until), CHAOS, 1);
    let mut faults = Vec::new();
    tokio::time::sleep_until((fault_phase + KILL_REPLICA_AT).into()).await;
    let t = fault_phase.elapsed();
    tokio::task::block_in_place(|| servers[1].kill_and_restart_in_place());
    faults.push(format!(
        "replica 2 of 3 SIGKILLed at {:.1} s and restarted on its address ({:.2} s down)",
        t.as_secs_f64(),
        (fault_phase.elapsed() - t).as_secs_f64()
    ));
    tokio::time::sleep_until((fault_phase + RESTART_REDIS_AT).into()).await;
    let t = fault_phase.elapsed();
    let which = tokio::task::block_in_place(|| redis.kill_and_restart());
    faults.push(format!(
        "{which} SIGKILLed at {:.1} s and restarted from its append-only file ({:.2} s down)",
        t.as_secs_f64(),
        (fault_phase.elapsed() - t).as_secs_f64()
    ));
    let games = collect(players, &mut stats).await;
    let fault_secs = fault_phase.elapsed().as_secs_f64();
    let moves_in_fault_phase = stats.moves;

    // Phase 2: every game is still playable to its end.
    let finish_phase = Instant::now();
    let players = spawn_players(&fleet, games, None, CHAOS, 2);
    let games = collect(players, &mut stats).await;
    let finish_secs = finish_phase.elapsed().as_secs_f64();

    // The store, read directly, against what the clients were acknowledged.
    let store = RedisStore::connect(&redis.url())
        .await
        .expect("connect to the store");
    let (registry, _) = tablero_service::rpc::games::registries();
    let (mut lost, mut repeated, mut problems) = (0, 0, Vec::new());
    for game in &games {
        let (l, r, p) = check_game(&store, &registry, game).await;
        lost += l;
        repeated += r;
        problems.extend(p);
    }

    let report = stats.report();
    println!(
        "\n== fault test: {REPLICAS} replicas on {label}, {GAMES} concurrent Claim games\n\
         faults: {}\n\
         phase 1 (faults): {fault_secs:.1} s, {moves_in_fault_phase} moves ({:.0} moves/s)\n\
         phase 2 (every game to its end): {finish_secs:.1} s, {} moves\n\
         {report}\n\
         games finished {} of {GAMES}; moves lost {lost}; moves applied twice {repeated}; \
         stored games that differ from their acknowledged moves or do not replay to their \
         snapshot: {}\n\
         total {:.1} s",
        faults.join("; "),
        moves_in_fault_phase as f64 / fault_secs,
        stats.moves - moves_in_fault_phase,
        games.iter().filter(|g| g.finished).count(),
        problems.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(
        stats.violations.is_empty(),
        "broken promises:\n{}",
        stats.violations.join("\n")
    );
    assert_eq!((lost, repeated), (0, 0), "moves lost / applied twice");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(games.iter().all(|g| g.finished), "every game ends");
    assert!(
        stats.retries > 0 && !stats.errors.is_empty(),
        "the faults were felt by the clients (else this test tested nothing)"
    );
    assert!(stats.duplicates > 0 && stats.conflicts > 0);
}

/// A game's player: the game as its client saw it, what happened, and whether it could go on.
type Player = tokio::task::JoinHandle<(PlayedGame, Stats, Result<(), tonic::Status>)>;

fn spawn_players(
    fleet: &Fleet,
    games: Vec<PlayedGame>,
    until: Option<Instant>,
    chaos: Chaos,
    phase: u64,
) -> Vec<Player> {
    games
        .into_iter()
        .enumerate()
        .map(|(i, mut game)| {
            let fleet = fleet.clone();
            tokio::spawn(async move {
                let mut rng = Rng::new(phase * 1_000_003 + i as u64);
                let mut stats = Stats::default();
                let r = load::play(&fleet, &mut game, until, &mut rng, &chaos, &mut stats).await;
                (game, stats, r)
            })
        })
        .collect()
}

async fn collect(players: Vec<Player>, stats: &mut Stats) -> Vec<PlayedGame> {
    let mut games = Vec::with_capacity(players.len());
    for p in players {
        let (game, s, r) = p.await.expect("player task");
        stats.merge(s);
        if let Err(e) = r {
            panic!("game {} could not go on: {e:?}", game.id);
        }
        games.push(game);
    }
    games
}

/// Compares one stored game with its client's acknowledged moves: (moves lost, moves applied
/// twice or never acknowledged, other problems).
async fn check_game(
    store: &RedisStore,
    registry: &Hosts,
    game: &PlayedGame,
) -> (usize, usize, Vec<String>) {
    let id = &game.id;
    let Some(record) = store.load(id).await.expect("load") else {
        return (game.moves.len(), 0, vec![format!("{id}: the game is gone")]);
    };
    let log = store.log(id, 0, record.version).await.expect("log");
    let acked = game.moves.len();
    let lost = acked.saturating_sub(log.len());
    let repeated = log.len().saturating_sub(acked);
    let mut problems = Vec::new();
    if record.version as usize != log.len() {
        problems.push(format!(
            "{id}: version {} but {} log entries",
            record.version,
            log.len()
        ));
    }
    if record.status != GameStatus::Finished {
        problems.push(format!("{id}: not finished"));
    }

    // Entry k is move k: same seat, same action (the one the client's id names in the state
    // before it), and the log replays to exactly the stored snapshot.
    let kind = registry.get(&record.game_type).expect("a hosted game type");
    let mut from_log = kind.rebuild(&record.setup).expect("rebuild");
    let mut from_client = kind.rebuild(&record.setup).expect("rebuild");
    for (k, (entry, (seat, action_id))) in log.iter().zip(&game.moves).enumerate() {
        if entry.version != k as u64 + 1 || entry.seat != *seat as usize {
            problems.push(format!(
                "{id}: log entry {k} is version {} by seat {}, the acknowledged move {k} was seat {seat}'s",
                entry.version, entry.seat
            ));
            break;
        }
        match from_client.apply_input(entry.seat, &ActionInput::Id(action_id)) {
            Ok(applied) if applied.action == entry.action => {}
            Ok(applied) => {
                problems.push(format!(
                    "{id}: log entry {k} is {:?} but the acknowledged move was {:?}",
                    kind.json_of(Stored::Action, &entry.action),
                    kind.json_of(Stored::Action, &applied.action)
                ));
                break;
            }
            Err(e) => {
                problems.push(format!(
                    "{id}: acknowledged move {k} ({action_id}) does not replay: {e}"
                ));
                break;
            }
        }
        if let Err(e) = from_log.apply_logged(entry.seat, &entry.action) {
            problems.push(format!("{id}: log entry {k} does not replay: {e}"));
            break;
        }
    }
    if problems.is_empty() && from_log.snapshot() != record.state {
        problems.push(format!(
            "{id}: the log does not replay to the stored snapshot"
        ));
    }
    (lost, repeated, problems)
}
