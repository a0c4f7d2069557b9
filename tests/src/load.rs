//! A load driver for many games over several replicas, as a client that must not lose a move
//! would play them: every request goes to a randomly chosen replica; a failed submit is sent
//! again (to another random replica) with the same idempotency key until it is answered; some
//! submits are deliberately sent twice at once, some again after their reply (as after a
//! client-side timeout), and some stale writes (an older expected version) are mixed in, which
//! must be refused with ABORTED. Each game records the moves its submits were acknowledged for,
//! so a test can compare them with what the store holds.
//!
//! Used by the fault test (`service/tests/faults.rs`) and the scale benchmark
//! (`tablero-scale`).

use crate::pb;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use tablero_client::{SeatClient, Tablero, new_idempotency_key};
use tonic::{Code, Status};

/// How a game client misbehaves on purpose, as probabilities per submit.
#[derive(Clone, Copy, Debug)]
pub struct Chaos {
    /// The same submit sent to two replicas at once.
    pub duplicate: f64,
    /// The same submit sent again after its reply arrived (a client that timed out).
    pub resend: f64,
    /// A different action at the previous version first (a stale writer): must be ABORTED.
    pub stale: f64,
    /// How long one game keeps retrying one request before the run fails.
    pub give_up_after: Duration,
    /// Client-side bound on one call.
    pub call_timeout: Duration,
}

impl Chaos {
    /// Plain play: every submit once, no stale writes.
    pub const NONE: Chaos = Chaos {
        duplicate: 0.0,
        resend: 0.0,
        stale: 0.0,
        give_up_after: Duration::from_secs(60),
        call_timeout: Duration::from_secs(10),
    };
}

/// What the clients saw, summed over games.
#[derive(Default, Debug, Clone)]
pub struct Stats {
    /// Submits whose reply acknowledged a move (each move counted once).
    pub moves: u64,
    /// Submit RPCs sent, including retries, duplicates, resends and stale writes.
    pub submits: u64,
    /// Requests (of any kind) sent again after a failure.
    pub retries: u64,
    /// Submits sent twice at once or again after their reply.
    pub duplicates: u64,
    /// Stale writes refused with ABORTED, as they must be.
    pub conflicts: u64,
    /// Failed calls by gRPC code (retried ones included).
    pub errors: BTreeMap<String, u64>,
    /// Broken promises: a duplicate that moved the game twice, a stale write accepted, …
    pub violations: Vec<String>,
    /// Submit round trips of acknowledged moves, µs (first attempt to final answer).
    pub latencies_us: Vec<u64>,
}

impl Stats {
    pub fn merge(&mut self, other: Stats) {
        self.moves += other.moves;
        self.submits += other.submits;
        self.retries += other.retries;
        self.duplicates += other.duplicates;
        self.conflicts += other.conflicts;
        for (code, n) in other.errors {
            *self.errors.entry(code).or_default() += n;
        }
        self.violations.extend(other.violations);
        self.latencies_us.extend(other.latencies_us);
    }

    fn error(&mut self, status: &Status) {
        *self
            .errors
            .entry(format!("{:?}", status.code()))
            .or_default() += 1;
    }

    /// The `p`-quantile (0..=1) of the acknowledged submits' latencies, in ms.
    pub fn latency_ms(&mut self, p: f64) -> f64 {
        self.latencies_us.sort_unstable();
        let n = self.latencies_us.len();
        if n == 0 {
            return 0.0;
        }
        self.latencies_us[((n - 1) as f64 * p).round() as usize] as f64 / 1000.0
    }

    /// One line per figure, for a report.
    pub fn report(&mut self) -> String {
        let (p50, p99) = (self.latency_ms(0.5), self.latency_ms(0.99));
        let errors: Vec<String> = self
            .errors
            .iter()
            .map(|(code, n)| format!("{code} {n}"))
            .collect();
        format!(
            "moves acknowledged {}\nsubmit RPCs {}\nretries {}\nduplicate submits {}\nstale writes refused (ABORTED) {}\nerrors by code: {}\nsubmit latency p50 {:.1} ms, p99 {:.1} ms\nviolations {}",
            self.moves,
            self.submits,
            self.retries,
            self.duplicates,
            self.conflicts,
            if errors.is_empty() {
                "none".to_string()
            } else {
                errors.join(", ")
            },
            p50,
            p99,
            self.violations.len()
        )
    }
}

/// Failures a client retries: the replica or the store is down, restarting or overloaded.
pub fn retryable(code: Code) -> bool {
    matches!(
        code,
        Code::Unavailable
            | Code::Unknown
            | Code::Cancelled
            | Code::DeadlineExceeded
            | Code::ResourceExhausted
            | Code::Internal
    )
}

/// A small deterministic generator (xorshift64*), so a run is repeatable from its seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    pub fn chance(&mut self, p: f64) -> bool {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 > 1.0 - p
    }
}

/// One client per replica; channels reconnect on their own when a replica comes back on the
/// same address.
#[derive(Clone)]
pub struct Fleet {
    pub replicas: Vec<Tablero>,
}

impl Fleet {
    pub async fn connect(urls: &[String]) -> Fleet {
        let mut replicas = Vec::new();
        // The load is a backend's: it chooses seeds and creates far more games than a
        // keyless caller's quota allows.
        for url in urls {
            replicas.push(
                Tablero::connect_with_key(url.clone(), crate::TEST_API_KEY)
                    .await
                    .unwrap_or_else(|e| panic!("connect to {url}: {e}")),
            );
        }
        Fleet { replicas }
    }

    fn pick(&self, rng: &mut Rng) -> &Tablero {
        &self.replicas[rng.below(self.replicas.len())]
    }
}

/// One game as its players' client knows it.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    pub id: String,
    /// Seat tokens, by seat.
    pub tokens: Vec<String>,
    /// The version the client last saw.
    pub version: u64,
    pub to_act: Vec<u32>,
    pub finished: bool,
    /// Acknowledged moves in order: (seat, action id), move k made version k + 1.
    pub moves: Vec<(u32, String)>,
}

/// Retries `call` on random replicas until it answers or fails with a code not worth retrying;
/// counts each failure.
async fn with_retries<T, F, Fut>(
    fleet: &Fleet,
    rng: &mut Rng,
    chaos: &Chaos,
    stats: &mut Stats,
    what: &str,
    mut call: F,
) -> Result<T, Status>
where
    F: FnMut(Tablero) -> Fut,
    Fut: std::future::Future<Output = Result<T, Status>>,
{
    let started = Instant::now();
    let mut backoff = Duration::from_millis(20);
    loop {
        let replica = fleet.pick(rng).clone();
        let outcome = match tokio::time::timeout(chaos.call_timeout, call(replica)).await {
            Ok(r) => r,
            Err(_) => Err(Status::deadline_exceeded("client-side timeout")),
        };
        match outcome {
            Ok(v) => return Ok(v),
            Err(s) if retryable(s.code()) => {
                stats.error(&s);
                if started.elapsed() > chaos.give_up_after {
                    return Err(Status::new(
                        s.code(),
                        format!(
                            "{what}: still failing after {:?}: {}",
                            chaos.give_up_after,
                            s.message()
                        ),
                    ));
                }
                stats.retries += 1;
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(Duration::from_millis(500));
            }
            Err(s) => {
                stats.error(&s);
                return Err(s);
            }
        }
    }
}

/// Creates a two-seat Claim game (both seats human, so every acknowledged submit is exactly one
/// logged move).
pub async fn create_claim(
    fleet: &Fleet,
    seed: u64,
    rng: &mut Rng,
    stats: &mut Stats,
) -> Result<PlayedGame, Status> {
    let chaos = Chaos::NONE;
    let created = with_retries(fleet, rng, &chaos, stats, "create", |t| async move {
        t.create_game(pb::CreateGameRequest {
            game_type: "claim".into(),
            seats: vec![Tablero::human("a"), Tablero::human("b")],
            seed: Some(seed),
            ..Default::default()
        })
        .await
    })
    .await?;
    let view = created.view.unwrap_or_default();
    Ok(PlayedGame {
        id: created.game_id,
        tokens: created.credentials.into_iter().map(|c| c.token).collect(),
        version: view.version,
        to_act: view.to_act,
        finished: view.status == pb::GameStatus::Finished as i32,
        moves: Vec::new(),
    })
}

fn seat(t: &Tablero, game: &PlayedGame, s: u32) -> SeatClient {
    t.seat(&game.id, &game.tokens[s as usize])
}

fn submit_request(game: &PlayedGame, version: u64, key: &str, id: &str) -> pb::SubmitActionRequest {
    pb::SubmitActionRequest {
        game_id: game.id.clone(),
        expected_version: version,
        idempotency_key: key.to_string(),
        action: Some(pb::submit_action_request::Action::ActionId(id.to_string())),
        ..Default::default()
    }
}

/// Makes one move in `game` (a random legal action of the first seat to act) and records it;
/// false when the game is over.
pub async fn step(
    fleet: &Fleet,
    game: &mut PlayedGame,
    rng: &mut Rng,
    chaos: &Chaos,
    stats: &mut Stats,
) -> Result<bool, Status> {
    let Some(&actor) = game.to_act.first() else {
        game.finished = true;
        return Ok(false);
    };
    let legal = with_retries(fleet, rng, chaos, stats, "legal actions", |t| {
        let client = seat(&t, game, actor);
        async move { client.legal_actions().await }
    })
    .await?;
    if legal.version != game.version {
        stats.violations.push(format!(
            "{}: legal actions at version {} but the client's last acknowledged version is {}",
            game.id, legal.version, game.version
        ));
        game.version = legal.version;
    }
    let choice = legal.actions[rng.below(legal.actions.len())].id.clone();
    let version = game.version;

    if version > 0 && chaos.stale > 0.0 && rng.chance(chaos.stale) {
        // Someone acting on an old view: whichever replica gets it must refuse it.
        let stale = submit_request(game, version - 1, &new_idempotency_key(), &choice);
        stats.submits += 1;
        let client = seat(fleet.pick(rng), game, actor);
        match tokio::time::timeout(chaos.call_timeout, client.submit(stale)).await {
            Ok(Err(s)) if s.code() == Code::Aborted => stats.conflicts += 1,
            Ok(Err(s)) => stats.error(&s),
            Ok(Ok(_)) => stats.violations.push(format!(
                "{}: a submit at stale version {} was accepted",
                game.id,
                version - 1
            )),
            Err(_) => stats.error(&Status::deadline_exceeded("client-side timeout")),
        }
    }

    let key = new_idempotency_key();
    let req = submit_request(game, version, &key, &choice);
    let started = Instant::now();
    let send = |t: Tablero, req: pb::SubmitActionRequest| {
        let client = seat(&t, game, actor);
        async move { client.submit(req).await }
    };
    let mut replies = Vec::new();
    if chaos.duplicate > 0.0 && rng.chance(chaos.duplicate) {
        stats.duplicates += 1;
        let (mut rng_a, mut rng_b) = (Rng::new(rng.next_u64()), Rng::new(rng.next_u64()));
        let (mut stats_a, mut stats_b) = (Stats::default(), Stats::default());
        let (a, b) = tokio::join!(
            with_retries(
                fleet,
                &mut rng_a,
                chaos,
                &mut stats_a,
                "duplicate submit",
                |t| { send(t, req.clone()) }
            ),
            with_retries(
                fleet,
                &mut rng_b,
                chaos,
                &mut stats_b,
                "duplicate submit",
                |t| { send(t, req.clone()) }
            ),
        );
        stats_a.submits += 1 + stats_a.retries;
        stats_b.submits += 1 + stats_b.retries;
        stats.merge(stats_a);
        stats.merge(stats_b);
        replies.push(a?);
        replies.push(b?);
    } else {
        let mut own = Stats::default();
        let r = with_retries(fleet, rng, chaos, &mut own, "submit", |t| {
            send(t, req.clone())
        })
        .await;
        own.submits += 1 + own.retries;
        stats.merge(own);
        replies.push(r?);
    }
    stats
        .latencies_us
        .push(started.elapsed().as_micros() as u64);
    if chaos.resend > 0.0 && rng.chance(chaos.resend) {
        stats.duplicates += 1;
        let mut own = Stats::default();
        let r = with_retries(fleet, rng, chaos, &mut own, "resent submit", |t| {
            send(t, req.clone())
        })
        .await;
        own.submits += 1 + own.retries;
        stats.merge(own);
        replies.push(r?);
    }

    let versions: Vec<u64> = replies
        .iter()
        .map(|r| r.view.as_ref().map_or(0, |v| v.version))
        .collect();
    if versions.iter().any(|v| *v != version + 1) {
        stats.violations.push(format!(
            "{}: one move from version {version} answered with versions {versions:?}",
            game.id
        ));
    }
    let view = replies.swap_remove(0).view.unwrap_or_default();
    stats.moves += 1;
    game.moves.push((actor, choice));
    game.version = view.version;
    game.to_act = view.to_act;
    game.finished = view.status == pb::GameStatus::Finished as i32;
    Ok(!game.finished)
}

/// Plays `game` until it ends or `until` passes.
pub async fn play(
    fleet: &Fleet,
    game: &mut PlayedGame,
    until: Option<Instant>,
    rng: &mut Rng,
    chaos: &Chaos,
    stats: &mut Stats,
) -> Result<(), Status> {
    while !game.finished && until.is_none_or(|u| Instant::now() < u) {
        step(fleet, game, rng, chaos, stats).await?;
    }
    Ok(())
}
