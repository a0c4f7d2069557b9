//! Closed-loop load: `clients` tasks, each sending its next call as soon as the last one is
//! answered, for a fixed time, over the same tonic client stack (a few HTTP/2 connections made
//! by `tonic::transport::Endpoint`) whichever server is measured.

use crate::report::Latencies;
use std::future::Future;
use std::time::{Duration, Instant};
use tablero_client::{SeatClient, Tablero, new_idempotency_key};
use tablero_e2e::load::Rng;
use tablero_e2e::{TEST_API_KEY, pb};
use tonic::transport::{Channel, Endpoint};

/// `n` separate HTTP/2 connections to `url`.
pub async fn connections(url: &str, n: usize) -> Vec<Channel> {
    let mut out = Vec::new();
    for _ in 0..n.max(1) {
        let endpoint = Endpoint::from_shared(url.to_string()).expect("url");
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            match endpoint.connect().await {
                Ok(c) => break out.push(c),
                Err(e) if Instant::now() > deadline => panic!("connect to {url}: {e}"),
                Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
            }
        }
    }
    out
}

/// Tablero clients over `channels`, each a backend carrying the harness's API key (so game
/// creation runs no per-caller quota; a key is checked at creation, not per move).
pub fn tablero_clients(channels: &[Channel]) -> Vec<Tablero> {
    let key: tonic::metadata::AsciiMetadataValue = TEST_API_KEY.parse().expect("an ASCII key");
    channels
        .iter()
        .map(|c| Tablero::over_channel(c.clone(), Some(key.clone())))
        .collect()
}

/// What the clients of one run saw.
#[derive(Default, Debug, Clone)]
pub struct Tally {
    /// Measured calls answered (submits, or health checks).
    pub calls: u64,
    /// Games created, and the one GetView each needs to learn its first legal actions: calls
    /// the server served in the window that are not counted in `calls`.
    pub creates: u64,
    /// Versions the submits moved the games by (the player's move plus the bot's answers).
    pub versions: u64,
    pub latencies: Latencies,
}

impl Tally {
    pub fn merge(&mut self, other: Tally) {
        self.calls += other.calls;
        self.creates += other.creates;
        self.versions += other.versions;
        self.latencies.extend(other.latencies);
    }
}

/// Runs `client(i, until)` for `clients` tasks and merges what they saw.
pub async fn run<F, Fut>(clients: usize, seconds: f64, client: F) -> (Tally, f64)
where
    F: Fn(usize, Instant) -> Fut,
    Fut: Future<Output = Tally> + Send + 'static,
{
    let started = Instant::now();
    let until = started + Duration::from_secs_f64(seconds);
    let tasks: Vec<_> = (0..clients)
        .map(|i| tokio::spawn(client(i, until)))
        .collect();
    let mut tally = Tally::default();
    for t in tasks {
        tally.merge(t.await.expect("a load task"));
    }
    (tally, started.elapsed().as_secs_f64())
}

/// `players` closed-loop players of Claim against the random bot for `seconds`, over `clients`
/// in turn, each with its own seed from `seed` on.
pub fn claim_players(
    players: usize,
    clients: &[Tablero],
    seconds: f64,
    seed: u64,
) -> impl Future<Output = (Tally, f64)> + use<> {
    let clients = clients.to_vec();
    run(players, seconds, move |i, until| {
        play_claim(clients[i % clients.len()].clone(), until, seed + i as u64)
    })
}

/// One player against the random bot in Claim, game after game: every move is one
/// SubmitAction (a random legal action from the last view, with an idempotency key, as the
/// client helpers send it). Only the submits are timed.
pub async fn play_claim(tablero: Tablero, until: Instant, seed: u64) -> Tally {
    let mut rng = Rng::new(seed);
    let mut tally = Tally::default();
    while Instant::now() < until {
        let (seat, mut view) = new_claim_game(&tablero).await;
        tally.creates += 1;
        while Instant::now() < until && !view.legal_actions.is_empty() {
            let started = Instant::now();
            let next = submit_random(&seat, &view, &mut rng).await;
            tally.latencies.0.push(started.elapsed().as_micros() as u64);
            tally.calls += 1;
            tally.versions += next.version.saturating_sub(view.version);
            view = next;
        }
    }
    tally
}

/// A new Claim game, a human at seat 0 against the random bot, and seat 0's view of it.
pub async fn new_claim_game(tablero: &Tablero) -> (SeatClient, pb::GameView) {
    let created = tablero
        .create_game(pb::CreateGameRequest {
            game_type: "claim".into(),
            seats: vec![Tablero::human("bench"), Tablero::bot()],
            ..Default::default()
        })
        .await
        .expect("create a Claim game");
    let token = created
        .credentials
        .iter()
        .find(|c| c.seat == 0)
        .expect("seat 0's credential")
        .token
        .clone();
    let seat = tablero.seat(&created.game_id, &token);
    let view = seat.view().await.expect("seat 0's view");
    (seat, view)
}

/// Submits a random legal action of `view` at its version; the view after it.
pub async fn submit_random(seat: &SeatClient, view: &pb::GameView, rng: &mut Rng) -> pb::GameView {
    let action = &view.legal_actions[rng.below(view.legal_actions.len())];
    seat.submit(pb::SubmitActionRequest {
        game_id: seat.game_id().to_string(),
        expected_version: view.version,
        idempotency_key: new_idempotency_key(),
        action: Some(pb::submit_action_request::Action::ActionId(
            action.id.clone(),
        )),
        ..Default::default()
    })
    .await
    .expect("submit")
    .view
    .expect("the view after a submit")
}

/// The trivial unary call: `grpc.health.v1.Health/Check` of the whole server.
pub async fn health_checks(channel: Channel, until: Instant) -> Tally {
    use tonic_health::pb::HealthCheckRequest;
    use tonic_health::pb::health_client::HealthClient;
    let mut client = HealthClient::new(channel);
    let mut tally = Tally::default();
    while Instant::now() < until {
        let started = Instant::now();
        client
            .check(HealthCheckRequest {
                service: String::new(),
            })
            .await
            .expect("health check");
        tally.latencies.0.push(started.elapsed().as_micros() as u64);
        tally.calls += 1;
    }
    tally
}

/// One measured run: what the clients saw, how long it took, and the CPU time the server
/// process used meanwhile.
pub struct Run {
    pub tally: Tally,
    pub secs: f64,
    pub cpu: f64,
}

impl Run {
    pub fn rate(&self) -> f64 {
        self.tally.calls as f64 / self.secs
    }
}

/// Runs `load` and reads process `pid`'s CPU time around it.
pub async fn measured<Fut>(pid: u32, load: Fut) -> Run
where
    Fut: Future<Output = (Tally, f64)>,
{
    let before = crate::procs::cpu_seconds(pid);
    let (tally, secs) = load.await;
    let cpu = crate::procs::cpu_seconds(pid) - before;
    Run { tally, secs, cpu }
}

/// The runs of one set-up over every round, summed.
#[derive(Default)]
pub struct Totals {
    pub calls: u64,
    pub creates: u64,
    pub secs: f64,
    pub cpu: f64,
    pub latencies: Latencies,
}

impl Totals {
    pub fn add(&mut self, run: Run) {
        self.calls += run.tally.calls;
        self.creates += run.tally.creates;
        self.secs += run.secs;
        self.cpu += run.cpu;
        self.latencies.extend(run.tally.latencies);
    }

    pub fn rate(&self) -> f64 {
        self.calls as f64 / self.secs.max(1e-9)
    }

    /// Server CPU per measured call, µs.
    pub fn cpu_us(&self) -> f64 {
        self.cpu * 1e6 / self.calls.max(1) as f64
    }

    /// One line of figures.
    pub fn line(&mut self, name: &str) -> String {
        format!(
            "{name}: {} calls in {:.1} s = {:.0}/s, p50 {:.2} ms, p99 {:.2} ms, server CPU {:.2} s = {:.1} µs per call{}",
            self.calls,
            self.secs,
            self.rate(),
            self.latencies.ms(0.5),
            self.latencies.ms(0.99),
            self.cpu,
            self.cpu_us(),
            if self.creates > 0 {
                format!(
                    " (also {} games created, each with one GetView, in the same window)",
                    self.creates
                )
            } else {
                String::new()
            }
        )
    }
}
