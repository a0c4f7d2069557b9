//! Hostile clients against the release server (issue 14): a raw HTTP/2 client
//! (`tablero_e2e::hostile`) stalls request bodies, floods a connection with streams, watches
//! games without ever opening its flow-control window, holds idle sockets, and sends what a
//! client library would not (malformed protobuf, two `authorization` headers, a 20 KB action id);
//! a typed Panovník action carries a gem count of 2^32 − 1.
//!
//! Every test asserts that the server survived (process alive, health SERVING over a separate
//! connection), that other callers are served while the attack runs, and what the server answered.
//! The release binary is used because memory and timing are measured as deployed:
//!
//! ```text
//! cargo build --release -p tablero-service --bin tablero
//! cargo test -p tablero-e2e --test e2e hostile:: -- --nocapture   # prints the figures
//! ```
//!
//! (`$TABLERO_RELEASE_BIN` names another server binary to attack.)

use crate::common::*;
use futures::future::join_all;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use tablero_e2e::client::Tablero;
use tablero_e2e::hostile::{Behaviour, Conn, Report, encode, setting, wait_closed};
use tablero_e2e::{Launch, Server, pb, release_binary};
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;

const WATCH_GAME: &str = "/tablero.v1.GameService/WatchGame";
const GET_VIEW: &str = "/tablero.v1.GameService/GetView";
const CREATE_GAME: &str = "/tablero.v1.GameService/CreateGame";
const SUBMIT_ACTION: &str = "/tablero.v1.GameService/SubmitAction";
const LIST_GAME_TYPES: &str = "/tablero.v1.GameService/ListGameTypes";

/// How long a normal caller may take to create a game and read its view while an attack runs:
/// generous for a loaded 2-core machine, yet far below the 10 s request time a starved server
/// makes callers wait (and a refusal fails at once).
const SERVED_WITHIN: Duration = Duration::from_secs(3);

/// The release server on `store`, with `env` set. It logs errors only (unless
/// `$TABLERO_TEST_LOG` says otherwise): every attack makes it warn thousands of times.
fn release_server(store: &Store, env: &[(&str, &str)]) -> Server {
    let log = std::env::var("TABLERO_TEST_LOG").unwrap_or_else(|_| "error".into());
    Server::launch(
        store.backend.clone(),
        Launch {
            env: env
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .chain([("RUST_LOG".to_string(), log)])
                .collect(),
            binary: Some(release_binary()),
            ..Launch::default()
        },
    )
}

/// The overall health status, asked over a new connection.
async fn health(server: &Server) -> Result<ServingStatus, String> {
    let channel = tonic::transport::Endpoint::from_shared(server.url())
        .map_err(|e| e.to_string())?
        .connect()
        .await
        .map_err(|e| format!("connect: {e}"))?;
    let answer = HealthClient::new(channel)
        .check(HealthCheckRequest {
            service: String::new(),
        })
        .await
        .map_err(|s| format!("{:?}: {}", s.code(), s.message()))?;
    Ok(answer.into_inner().status())
}

/// The process is alive and its health check answers SERVING within [`SERVED_WITHIN`].
async fn assert_serving(server: &mut Server, when: &str) {
    let status = tokio::time::timeout(SERVED_WITHIN, health(server))
        .await
        .unwrap_or_else(|_| Err(format!("no answer within {SERVED_WITHIN:?}")));
    // Asked after the health check, which gives a dying process time to be gone.
    assert!(server.alive(), "{when}: the server process died");
    assert_eq!(
        status,
        Ok(ServingStatus::Serving),
        "{when}: the health check"
    );
}

/// A normal caller on its own connection creates a game and reads its view within
/// [`SERVED_WITHIN`]; how long that took.
async fn assert_served(server: &Server, when: &str) -> Duration {
    let start = Instant::now();
    let served = async {
        // A backend (with the harness's API key), so no keyless quota is what refuses it.
        let tablero = server.client().await;
        let game = create(
            &tablero,
            "claim",
            "",
            vec![Tablero::human("normal"), Tablero::bot()],
        )
        .await
        .map_err(|s| format!("CreateGame: {:?}: {}", s.code(), s.message()))?;
        game.seat(0)
            .view()
            .await
            .map_err(|s| format!("GetView: {:?}: {}", s.code(), s.message()))
    };
    match tokio::time::timeout(SERVED_WITHIN, served).await {
        Ok(Ok(_)) => start.elapsed(),
        Ok(Err(e)) => panic!("{when}: a normal caller was refused: {e}"),
        Err(_) => panic!("{when}: a normal caller got no game and view within {SERVED_WITHIN:?}"),
    }
}

/// Creates a game with a random seed (no test here needs a particular deal).
async fn create(
    tablero: &Tablero,
    game_type: &str,
    mode: &str,
    seats: Vec<pb::SeatSpec>,
) -> Result<Game, tonic::Status> {
    let n = seats.len();
    let created = tablero
        .create_game(pb::CreateGameRequest {
            game_type: game_type.into(),
            mode: mode.into(),
            seats,
            ..Default::default()
        })
        .await?;
    Ok(Game {
        tablero: tablero.clone(),
        id: created.game_id.clone(),
        n,
        mode: pb::ClaimMode::Unspecified,
        tokens: created
            .credentials
            .iter()
            .map(|c| (c.seat, c.token.clone()))
            .collect(),
        created,
    })
}

/// Plays one random legal action for each human seat that must act; false once the game is
/// over (or nobody human can act).
async fn play_round(game: &Game, lcg: &mut Lcg) -> bool {
    let view = game.view().await;
    if finished(&view) {
        return false;
    }
    let mut moved = false;
    for seat in view.to_act.iter().filter(|s| game.tokens.contains_key(s)) {
        let client = game.seat(*seat);
        let legal = client.legal_actions().await.expect("ListLegalActions");
        if legal.actions.is_empty() {
            continue;
        }
        let id = &legal.actions[lcg.below(legal.actions.len())].id;
        if client.submit_id_at(legal.version, id).await.is_ok() {
            moved = true;
        }
    }
    moved
}

fn bearer(token: &str) -> String {
    format!("Bearer {token}")
}

/// [`outcomes`] over several connections.
fn all_outcomes(conns: &[Conn]) -> BTreeMap<String, usize> {
    let mut all = BTreeMap::new();
    for c in conns {
        for (k, n) in outcomes(&c.report()) {
            *all.entry(k).or_insert(0) += n;
        }
    }
    all
}

/// What became of each stream, counted: `open`, `RST_STREAM <code>`, `grpc-status <n>`,
/// `refused by GOAWAY`, `connection closed`.
fn outcomes(report: &Report) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for (id, s) in &report.streams {
        let what = if let Some(c) = s.reset {
            format!("RST_STREAM {c}")
        } else if let Some(status) = s.grpc_status().filter(|_| s.ended()) {
            let message = s.grpc_message().unwrap_or_default();
            format!("grpc-status {status} {message:.60}")
        } else if report.refused(*id) {
            "refused by GOAWAY".into()
        } else if report.end_of(*id).is_some() {
            "connection closed".into()
        } else {
            "open".into()
        };
        *out.entry(what).or_insert(0) += 1;
    }
    out
}

// 1. Stalled bodies.

/// In-flight requests the server allows in the stalled-body test, and how long it waits for a
/// request body.
const IN_FLIGHT: usize = 64;
const BODY_TIME: Duration = Duration::from_millis(1000);
/// Streams one connection opens when the server sets no limit (the issue's attack).
const FLOOD: usize = 1_100;

/// Keeps as many header-only CreateGame streams open as the server allows (on enough
/// connections to hold every in-flight permit twice over) for a few seconds, replacing each one
/// the server ends, while a normal caller creates games and the health check is asked. Then
/// every stalled stream must have been ended by the server within a few body times.
async fn stalled_bodies_hold_no_permits(store: Store) {
    let in_flight = IN_FLIGHT.to_string();
    let body_ms = BODY_TIME.as_millis().to_string();
    let mut server = release_server(
        &store,
        &[
            ("TABLERO_MAX_IN_FLIGHT", &in_flight),
            ("TABLERO_BODY_TIME_MS", &body_ms),
        ],
    );
    assert_served(&server, "before the attack").await;

    let first = Conn::connect(server.addr, Behaviour::default())
        .await
        .expect("connect");
    let advertised = first
        .server_settings(Duration::from_secs(5))
        .await
        .expect("the server sends its SETTINGS")
        .iter()
        .find(|(id, _)| *id == setting::MAX_CONCURRENT_STREAMS)
        .map(|(_, v)| *v as usize);
    let per_conn = advertised.unwrap_or(FLOOD).min(FLOOD);
    let mut conns = vec![first];
    while conns.len() * per_conn < 2 * IN_FLIGHT {
        conns.push(
            Conn::connect(server.addr, Behaviour::default())
                .await
                .expect("connect"),
        );
    }

    let attack_for = Duration::from_secs(4);
    let attack = async {
        let until = Instant::now() + attack_for;
        while Instant::now() < until {
            for c in conns.iter_mut() {
                let open = c.report().open_streams();
                for _ in open..per_conn {
                    c.stall(CREATE_GAME, &[]);
                }
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    };
    let checks = async {
        let mut slowest = Duration::ZERO;
        for i in 0..3 {
            tokio::time::sleep(Duration::from_millis(800)).await;
            let when = format!("stalled bodies, check {i}");
            assert_serving(&mut server, &when).await;
            slowest = slowest.max(assert_served(&server, &when).await);
        }
        slowest
    };
    let ((), slowest) = tokio::join!(attack, checks);

    // A stream the server did not end within this long held its place (and perhaps a permit)
    // for a stalled body.
    let held_at_most = 5 * BODY_TIME;
    let mut opened = 0;
    let mut late = Vec::new();
    for c in &conns {
        c.wait_until(held_at_most + Duration::from_secs(1), |r| {
            r.open_streams() == 0
        })
        .await;
        let r = c.report();
        for (id, s) in &r.streams {
            opened += 1;
            let held = r.end_of(*id).map(|end| end - s.opened_at);
            if held.is_none_or(|h| h > held_at_most) {
                late.push(held);
            }
        }
    }
    let summary = all_outcomes(&conns);
    eprintln!(
        "stalled bodies: {} connection(s), {per_conn} streams each (server advertises {advertised:?}), \
         {opened} streams opened in {attack_for:?}; outcomes {summary:?}; slowest normal caller {slowest:?}",
        conns.len()
    );
    assert!(
        late.is_empty(),
        "{} of {opened} stalled streams were held longer than {held_at_most:?} (None: never ended): {:?}",
        late.len(),
        &late[..late.len().min(5)]
    );
    assert_serving(&mut server, "after the stalled bodies").await;
}

on_stores!([memory, redis] stalled_bodies_hold_no_permits);

// 2. Stream flood.

/// The per-connection stream limit the flood test sets.
const MAX_STREAMS: usize = 100;

/// One connection opens [`FLOOD`] WatchGame streams at once (each as its own caller, so no
/// watch cap is what stops them): the server must advertise its stream limit, take on at most
/// that many, refuse the rest (REFUSED_STREAM, or GOAWAY), and keep serving others.
async fn stream_flood_is_refused(store: Store) {
    let limit = MAX_STREAMS.to_string();
    let mut server = release_server(
        &store,
        &[
            ("TABLERO_MAX_CONCURRENT_STREAMS", &limit),
            ("TABLERO_CALLER_HEADER", "x-forwarded-for"),
        ],
    );
    let tablero = server.client().await;
    let game = create(&tablero, "claim", "", all_human(2))
        .await
        .expect("CreateGame");
    let watch = encode(&pb::WatchGameRequest {
        game_id: game.id.clone(),
        from_version: 0,
    });

    let mut conn = Conn::connect(server.addr, Behaviour::default())
        .await
        .expect("connect");
    let settings = conn.server_settings(Duration::from_secs(5)).await;
    let mut ids = Vec::new();
    for i in 0..FLOOD {
        let caller = format!("198.18.{}.{}", i / 256, i % 256);
        ids.push(conn.request(WATCH_GAME, &[("x-forwarded-for", &caller)], &watch));
    }
    // The server may close the connection before it has read the whole flood (with GOAWAY).
    let sent = conn.flush().await;
    let settled = conn
        .wait_until(Duration::from_secs(10), |r| {
            r.closed.is_some()
                || r.streams
                    .iter()
                    .all(|(id, s)| s.responded() || r.end_of(*id).is_some())
        })
        .await;

    // The flood's streams stay open (the game goes on) while others are served.
    assert_serving(&mut server, "during the stream flood").await;
    let slowest = assert_served(&server, "during the stream flood").await;

    let r = conn.report().clone();
    // Taken on: answered, or within what a GOAWAY says the server processed (then dropped with
    // the connection it closed).
    let processed = |id: u32| r.goaway.as_ref().is_some_and(|g| id <= g.last_stream);
    let taken: Vec<u32> = ids
        .iter()
        .copied()
        .filter(|id| !r.refused(*id) && (r.streams[id].responded() || processed(*id)))
        .collect();
    // Neither taken on nor refused: dropped without a word.
    let unanswered = ids.len() - taken.len() - ids.iter().filter(|id| r.refused(**id)).count();
    eprintln!(
        "stream flood: SETTINGS {settings:?}; {} streams sent ({sent:?}), {} taken on, {} refused, \
         {unanswered} neither; outcomes {:?}; goaway {:?}; slowest normal caller {slowest:?}",
        ids.len(),
        taken.len(),
        ids.iter().filter(|id| r.refused(**id)).count(),
        outcomes(&r),
        r.goaway
    );
    assert_eq!(
        r.setting(setting::MAX_CONCURRENT_STREAMS),
        Some(MAX_STREAMS as u32),
        "the server advertises SETTINGS_MAX_CONCURRENT_STREAMS"
    );
    assert!(
        settled,
        "the server neither answered nor refused every stream within 10 s"
    );
    assert!(
        taken.len() <= MAX_STREAMS,
        "{} streams taken on one connection, over its limit of {MAX_STREAMS}",
        taken.len()
    );
    // A server that closes the flooding connection refuses what it did not take on; its GOAWAY
    // may be lost to the TCP reset that closing with an unread flood causes, so a closed
    // connection counts as the refusal of every stream not taken on.
    if r.closed.is_none() {
        assert_eq!(
            unanswered, 0,
            "every stream is taken on, or refused (REFUSED_STREAM, or GOAWAY below it)"
        );
    }
    assert_serving(&mut server, "after the stream flood").await;
}

on_stores!([memory] stream_flood_is_refused);

// 3. Zero-window watchers.

/// Watch streams of the zero-window attack, over this many connections (each its own caller).
const WATCHERS: usize = 2_000;
const WATCH_CONNS: usize = 20;
/// How long the server lets a watcher go without draining its stream.
const DRAIN: Duration = Duration::from_millis(2_000);
/// The watched games: this type and mode, one human seat (played by the test) against bots. A
/// four-player Pantheon view is 7–10 KB, so a server that queues messages for a watcher that
/// does not read (16 of them, today) holds well over the pod limit for 2,000 watchers.
const WATCHED: (&str, &str, usize) = ("pantheon", "four_player", 4);
const WATCHED_GAMES: usize = 4;
/// The pod's memory limit is 256 MiB; the attack must leave a quarter of it for the callers the
/// pod is there to serve (and the allocator's slack), so the server stays under three quarters.
const RSS_BOUND: u64 = 192 << 20;
/// How much higher a second wave of watchers may peak than the first (the allocator's slack, and
/// the games' own growth as they are played).
const RSS_SLACK: u64 = 16 << 20;

const MIB: f64 = (1 << 20) as f64;

/// Watchers that never open their flow-control window, on games a normal caller keeps playing:
/// the server's memory stays bounded, each watcher is closed within a few drain times and its
/// memory given back, and other callers are served throughout.
async fn zero_window_watchers_are_closed(store: Store) {
    let drain_ms = DRAIN.as_millis().to_string();
    let per_conn = WATCHERS / WATCH_CONNS;
    let streams = per_conn.to_string();
    let mut server = release_server(
        &store,
        &[
            ("TABLERO_CALLER_HEADER", "x-forwarded-for"),
            ("TABLERO_MAX_WATCH_STREAMS", "5000"),
            ("TABLERO_WATCH_DRAIN_MS", &drain_ms),
            ("TABLERO_MAX_CONCURRENT_STREAMS", &streams),
        ],
    );
    assert_served(&server, "before the watchers").await;
    let rss = |server: &Server| server.resident_bytes().expect("the server's VmRSS");
    let before = rss(&server);
    let first = zero_window_wave(&mut server, 0).await;
    // A second wave on fresh games as well: memory the first one freed is used again, so the
    // second peaks no higher (what a leak, or memory held past its stream, would break).
    let second = zero_window_wave(&mut server, 1).await;
    let after = rss(&server);
    eprintln!(
        "zero-window watchers ({}): RSS before {:.1} MiB; first wave {}; second wave {}; after {:.1} MiB (bound {:.0} MiB)",
        if store.is_redis() { "redis" } else { "memory" },
        before as f64 / MIB,
        first.describe(),
        second.describe(),
        after as f64 / MIB,
        RSS_BOUND as f64 / MIB
    );
    for wave in [&first, &second] {
        assert!(
            wave.peak <= RSS_BOUND,
            "RSS peaked at {:.1} MiB, over the bound of {:.0} MiB",
            wave.peak as f64 / MIB,
            RSS_BOUND as f64 / MIB
        );
        assert_eq!(
            wave.late,
            0,
            "{} of {WATCHERS} watchers that never drained were not closed within {:?}",
            wave.late,
            4 * DRAIN
        );
    }
    assert!(
        second.peak <= first.peak + RSS_SLACK,
        "the first wave's memory was not given back for reuse: peaks {:.1} then {:.1} MiB",
        first.peak as f64 / MIB,
        second.peak as f64 / MIB
    );
    assert_serving(&mut server, "after the zero-window watchers").await;
}

/// What one wave of zero-window watchers did.
struct Wave {
    opened: u64,
    peak: u64,
    moves: usize,
    ended_after: Duration,
    late: usize,
    outcomes: BTreeMap<String, usize>,
    slowest: Duration,
}

impl Wave {
    fn describe(&self) -> String {
        format!(
            "{} moves in {:?}, outcomes {:?}, RSS with the watchers open {:.1} MiB, peak {:.1} MiB, slowest normal caller {:?}",
            self.moves,
            self.ended_after,
            self.outcomes,
            self.opened as f64 / MIB,
            self.peak as f64 / MIB,
            self.slowest
        )
    }
}

/// Opens [`WATCHERS`] zero-window watch streams on new games (each connection its own caller)
/// and plays the games until every watcher is closed (or RSS passes the bound: the attack then
/// succeeded, stop before it takes the machine's memory too).
async fn zero_window_wave(server: &mut Server, wave: usize) -> Wave {
    let tablero = server.client().await;
    let (game_type, mode, seats) = WATCHED;
    let mut games = Vec::new();
    for _ in 0..WATCHED_GAMES {
        let mut specs = vec![Tablero::human("player")];
        specs.extend((1..seats).map(|_| Tablero::bot()));
        games.push(
            create(&tablero, game_type, mode, specs)
                .await
                .expect("CreateGame"),
        );
    }
    let games = &games;
    let per_conn = WATCHERS / WATCH_CONNS;
    let rss = |server: &Server| server.resident_bytes().expect("the server's VmRSS");
    let mut conns = Vec::new();
    for i in 0..WATCH_CONNS {
        let mut c = Conn::connect(server.addr, Behaviour::zero_window())
            .await
            .expect("connect");
        let caller = format!("203.0.{}.{i}", 113 + wave);
        watch_as(&mut c, &games[i % games.len()].id, &caller, per_conn);
        // One connection's watchers at a time: 2,000 openings at once would meet the in-flight
        // limit, which is not what this test is about.
        c.wait_until(Duration::from_secs(10), |r| {
            r.streams.values().all(|s| s.responded() || s.ended())
        })
        .await;
        conns.push(c);
    }
    let start = Instant::now();
    let opened = rss(server);
    // Refused: a trailers-only answer (a cap) or REFUSED_STREAM. A watcher closed with its
    // connection for not reading counts as taken on: that is the defence under test.
    let refused: usize = conns
        .iter()
        .map(|c| {
            let r = c.report();
            r.streams
                .iter()
                .filter(|(id, s)| {
                    r.refused(**id) || s.headers.iter().any(|(k, _)| k == "grpc-status")
                })
                .count()
        })
        .sum();
    assert_eq!(
        refused,
        0,
        "no cap should stop the watchers; outcomes {:?}",
        all_outcomes(&conns)
    );
    // Each watcher must be closed this long after it was opened.
    let closed_within = 4 * DRAIN;
    let all_closed = || conns.iter().all(|c| c.report().open_streams() == 0);
    let deadline = start + closed_within + Duration::from_secs(1);
    let mut peak = opened;
    let mut moves = 0;
    let mut slowest = Duration::ZERO;
    let mut lcg = Lcg::new(14 + wave as u64);
    let mut next_check = Instant::now();
    while Instant::now() < deadline && !all_closed() && peak <= RSS_BOUND {
        for g in games {
            if play_round(g, &mut lcg).await {
                moves += 1;
            }
            peak = peak.max(rss(server));
        }
        if Instant::now() >= next_check {
            assert_serving(server, "during the zero-window watchers").await;
            slowest = slowest.max(assert_served(server, "during the zero-window watchers").await);
            next_check = Instant::now() + Duration::from_secs(1);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let ended_after = start.elapsed();
    let mut late = 0;
    for c in &conns {
        let r = c.report();
        late += r
            .streams
            .iter()
            .filter(|(id, s)| {
                r.end_of(**id)
                    .is_none_or(|end| end - s.opened_at > closed_within)
            })
            .count();
    }
    Wave {
        opened,
        peak,
        moves,
        ended_after,
        late,
        outcomes: all_outcomes(&conns),
        slowest,
    }
}

on_stores!([memory, redis] zero_window_watchers_are_closed);

// 4. Idle sockets and old connections.

/// The idle timeout and connection age the idle-socket tests set, and how long past them the
/// server may take to close a connection.
const IDLE_SECS: u64 = 2;
const CLOSED_WITHIN: Duration = Duration::from_secs(3 * IDLE_SECS + 2);

fn idle_server(store: &Store) -> Server {
    release_server(
        store,
        &[("TABLERO_IDLE_TIMEOUT_SECS", &IDLE_SECS.to_string())],
    )
}

/// (a) TCP connections that never send a byte are closed.
async fn silent_tcp_sockets_are_closed(store: Store) {
    let mut server = idle_server(&store);
    let mut sockets = Vec::new();
    for _ in 0..5 {
        sockets.push(
            tokio::net::TcpStream::connect(server.addr)
                .await
                .expect("connect"),
        );
    }
    let start = Instant::now();
    assert_serving(&mut server, "with the silent sockets open").await;
    assert_served(&server, "with the silent sockets open").await;
    let closed = join_all(sockets.iter_mut().map(|s| wait_closed(s, CLOSED_WITHIN))).await;
    eprintln!(
        "silent sockets: {:?}",
        closed
            .iter()
            .map(|c| c.as_ref().map(|c| (c.at() - start, c.clone())))
            .collect::<Vec<_>>()
    );
    assert!(
        closed.iter().all(Option::is_some),
        "{} of {} silent sockets still open after {CLOSED_WITHIN:?}",
        closed.iter().filter(|c| c.is_none()).count(),
        closed.len()
    );
    assert_serving(&mut server, "after the silent sockets").await;
    assert_served(&server, "after the silent sockets").await;
}

on_stores!([memory] silent_tcp_sockets_are_closed);

/// How the connections of `conns` ended, each at most [`CLOSED_WITHIN`] after `start`.
async fn wait_all_closed(conns: &[Conn], start: Instant, what: &str) {
    for c in conns {
        let left = CLOSED_WITHIN.saturating_sub(start.elapsed());
        c.wait_until(left, |r| r.closed.is_some()).await;
    }
    let ends: Vec<_> = conns
        .iter()
        .map(|c| {
            let r = c.report();
            (
                r.closed.as_ref().map(|c| c.at() - start),
                r.goaway.as_ref().map(|g| (g.at - start, g.code)),
                r.pings_received,
                r.ping_acks,
            )
        })
        .collect();
    eprintln!("{what}: (closed after, GOAWAY after and code, server PINGs, acks of ours) {ends:?}");
    assert!(
        ends.iter().all(|e| e.0.is_some()),
        "{what}: {} of {} connections still open after {CLOSED_WITHIN:?}",
        ends.iter().filter(|e| e.0.is_none()).count(),
        ends.len()
    );
}

/// (b) HTTP/2 connections that send the preface and SETTINGS, then nothing (not even PING
/// acks), are closed.
async fn idle_http2_connections_are_closed(store: Store) {
    let mut server = idle_server(&store);
    let quiet = Behaviour {
        answer_pings: false,
        ..Behaviour::default()
    };
    let mut conns = Vec::new();
    for _ in 0..5 {
        conns.push(Conn::connect(server.addr, quiet).await.expect("connect"));
    }
    let start = Instant::now();
    assert_serving(&mut server, "with the idle connections open").await;
    assert_served(&server, "with the idle connections open").await;
    wait_all_closed(&conns, start, "idle HTTP/2 connections").await;
    assert_serving(&mut server, "after the idle connections").await;
    assert_served(&server, "after the idle connections").await;
}

on_stores!([memory] idle_http2_connections_are_closed);

/// (c) A connection that answers the server's PINGs and sends its own, but opens no stream, is
/// idle all the same.
async fn pinging_connections_without_streams_are_closed(store: Store) {
    let mut server = idle_server(&store);
    let conn = Conn::connect(server.addr, Behaviour::default())
        .await
        .expect("connect");
    let start = Instant::now();
    let mut n = 0u64;
    while start.elapsed() < CLOSED_WITHIN && conn.report().closed.is_none() {
        conn.ping(n.to_be_bytes());
        n += 1;
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    assert!(
        conn.report().ping_acks > 0,
        "the server answered none of {n} PINGs: the connection was not alive to begin with"
    );
    wait_all_closed(std::slice::from_ref(&conn), start, "pinging connection").await;
    assert_serving(&mut server, "after the pinging connection").await;
    assert_served(&server, "after the pinging connection").await;
}

on_stores!([memory] pinging_connections_without_streams_are_closed);

/// (d) A connection kept busy with calls past the maximum connection age gets GOAWAY.
async fn old_busy_connections_get_goaway(store: Store) {
    let mut server = release_server(
        &store,
        &[("TABLERO_MAX_CONNECTION_AGE_SECS", &IDLE_SECS.to_string())],
    );
    let mut conn = Conn::connect(server.addr, Behaviour::default())
        .await
        .expect("connect");
    let start = Instant::now();
    let mut calls = 0;
    while start.elapsed() < CLOSED_WITHIN && conn.report().goaway.is_none() {
        let answer = conn
            .call(LIST_GAME_TYPES, &[], &[], Duration::from_secs(2))
            .await;
        // A call racing the GOAWAY may be refused; every other one is served.
        assert!(
            answer.grpc_status() == Some(0) || conn.report().goaway.is_some(),
            "a call on the young connection is served: {answer:?}"
        );
        calls += 1;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let goaway = conn.report().goaway.clone();
    eprintln!(
        "busy connection: {calls} calls; GOAWAY {:?} after {:?}",
        goaway,
        goaway.as_ref().map(|g| g.at - start)
    );
    assert!(
        goaway.is_some(),
        "no GOAWAY within {CLOSED_WITHIN:?} on a connection older than {IDLE_SECS} s"
    );
    assert_serving(&mut server, "after the old connection").await;
    assert_served(&server, "after the old connection").await;
}

on_stores!([memory] old_busy_connections_get_goaway);

// 5. The per-caller watch cap.

/// Opens `n` WatchGame streams of `game_id` on `conn` as `caller`; their ids.
fn watch_as(conn: &mut Conn, game_id: &str, caller: &str, n: usize) -> Vec<u32> {
    let watch = encode(&pb::WatchGameRequest {
        game_id: game_id.into(),
        from_version: 0,
    });
    (0..n)
        .map(|_| conn.request(WATCH_GAME, &[("x-forwarded-for", caller)], &watch))
        .collect()
}

/// Whether each of `ids` got its first message, or ended; waits at most `timeout`.
async fn first_messages(conn: &Conn, ids: &[u32], timeout: Duration) {
    conn.wait_until(timeout, |r| {
        ids.iter()
            .all(|id| r.streams[id].data_bytes > 0 || r.end_of(*id).is_some())
    })
    .await;
}

/// With no watch-cap setting, one caller's 101st open WatchGame is RESOURCE_EXHAUSTED while
/// another caller still gets a stream.
async fn per_caller_watch_cap_is_on_by_default(store: Store) {
    let mut server = release_server(&store, &[("TABLERO_CALLER_HEADER", "x-forwarded-for")]);
    let tablero = server.client().await;
    let game = create(&tablero, "claim", "", all_human(2))
        .await
        .expect("CreateGame");
    let greedy = "192.0.2.10";
    // Two connections, so the per-connection stream limit is not what stops the caller.
    let mut conns = Vec::new();
    for _ in 0..2 {
        let mut c = Conn::connect(server.addr, Behaviour::default())
            .await
            .expect("connect");
        let ids = watch_as(&mut c, &game.id, greedy, 50);
        first_messages(&c, &ids, Duration::from_secs(10)).await;
        let r = c.report();
        let open = ids
            .iter()
            .filter(|id| r.streams[id].data_bytes > 0 && r.end_of(**id).is_none())
            .count();
        assert_eq!(
            open,
            50,
            "the caller's first 100 watchers are served: {:?}",
            outcomes(&r)
        );
        drop(r);
        conns.push(c);
    }
    let mut third = Conn::connect(server.addr, Behaviour::default())
        .await
        .expect("connect");
    let one_more = third
        .call(
            WATCH_GAME,
            &[("x-forwarded-for", greedy)],
            &encode(&pb::WatchGameRequest {
                game_id: game.id.clone(),
                from_version: 0,
            }),
            Duration::from_secs(3),
        )
        .await;
    let mut other = Conn::connect(server.addr, Behaviour::default())
        .await
        .expect("connect");
    let theirs = watch_as(&mut other, &game.id, "192.0.2.20", 1);
    first_messages(&other, &theirs, Duration::from_secs(5)).await;
    let their_stream = other.report().streams[&theirs[0]].clone();
    eprintln!(
        "watch cap: the 101st stream {:?} {:?} ({} data bytes); another caller's {} data bytes, ended {}",
        one_more.grpc_status(),
        one_more.grpc_message(),
        one_more.data_bytes,
        their_stream.data_bytes,
        their_stream.ended()
    );
    assert_eq!(
        one_more.grpc_status(),
        Some(8),
        "one caller's 101st watch stream is RESOURCE_EXHAUSTED"
    );
    assert!(
        their_stream.data_bytes > 0 && !their_stream.ended(),
        "another caller still gets a watch stream: {their_stream:?}"
    );
    assert_serving(&mut server, "with the watch cap reached").await;
    assert_served(&server, "with the watch cap reached").await;
}

on_stores!([memory] per_caller_watch_cap_is_on_by_default);

// 6–9. Hostile requests.

/// A request whose body is not protobuf for the method is INVALID_ARGUMENT (the client's
/// fault), not INTERNAL.
async fn malformed_protobuf_is_invalid_argument(store: Store) {
    let mut server = release_server(&store, &[]);
    let mut conn = Conn::connect(server.addr, Behaviour::default())
        .await
        .expect("connect");
    let within = Duration::from_secs(5);
    // The raw path is sound: a well-formed GetView of an unknown game is NOT_FOUND.
    let well_formed = encode(&pb::GetViewRequest {
        game_id: format!("g_{}", "0".repeat(24)),
    });
    let answer = conn.call(GET_VIEW, &[], &well_formed, within).await;
    assert_eq!(answer.grpc_status(), Some(5), "{answer:?}");
    let malformed: [(&str, &[u8]); 3] = [
        (
            "a string field longer than the message",
            &[0x0a, 0x64, b'a', b'b'],
        ),
        ("wire type 7", &[0x0f, 0x01]),
        (
            "a varint that never ends",
            &[
                0x10, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            ],
        ),
    ];
    for (what, body) in malformed {
        for path in [GET_VIEW, CREATE_GAME] {
            let answer = conn.call(path, &[], body, within).await;
            assert_eq!(
                answer.grpc_status(),
                Some(3),
                "{path} with {what}: INVALID_ARGUMENT, not {:?} ({:?})",
                answer.grpc_status(),
                answer.grpc_message()
            );
        }
    }
    assert_serving(&mut server, "after malformed protobuf").await;
    assert_served(&server, "after malformed protobuf").await;
}

on_stores!([memory] malformed_protobuf_is_invalid_argument);

/// Two `authorization` headers are UNAUTHENTICATED, whichever tokens they carry.
async fn two_authorization_headers_are_refused(store: Store) {
    let mut server = release_server(&store, &[]);
    let tablero = server.client().await;
    let game = create(&tablero, "claim", "", all_human(2))
        .await
        .expect("CreateGame");
    let (t0, t1) = (bearer(&game.tokens[&0]), bearer(&game.tokens[&1]));
    let body = encode(&pb::GetViewRequest {
        game_id: game.id.clone(),
    });
    let mut conn = Conn::connect(server.addr, Behaviour::default())
        .await
        .expect("connect");
    let within = Duration::from_secs(5);
    // One header is a seat's view (the raw path is sound).
    let one = conn
        .call(GET_VIEW, &[("authorization", &t0)], &body, within)
        .await;
    assert_eq!(one.grpc_status(), Some(0), "{one:?}");
    for (a, b) in [(&t0, &t1), (&t1, &t0), (&t0, &t0)] {
        let two = conn
            .call(
                GET_VIEW,
                &[("authorization", a), ("authorization", b)],
                &body,
                within,
            )
            .await;
        assert_eq!(
            two.grpc_status(),
            Some(16),
            "two authorization headers: UNAUTHENTICATED, not {:?} ({:?})",
            two.grpc_status(),
            two.grpc_message()
        );
    }
    assert_serving(&mut server, "after two authorization headers").await;
    assert_served(&server, "after two authorization headers").await;
}

on_stores!([memory] two_authorization_headers_are_refused);

/// A 20 KB action id is INVALID_ARGUMENT with a short message (never echoed whole), and changes
/// nothing.
async fn huge_action_id_is_refused_briefly(store: Store) {
    let mut server = release_server(&store, &[]);
    let tablero = server.client().await;
    let game = create(
        &tablero,
        "claim",
        "",
        vec![Tablero::human("me"), Tablero::bot()],
    )
    .await
    .expect("CreateGame");
    let before = snapshot(&game).await;
    let body = encode(&pb::SubmitActionRequest {
        game_id: game.id.clone(),
        expected_version: before.spectator.version,
        idempotency_key: "huge-action-id".into(),
        action: Some(action_id(&"x".repeat(20 * 1024))),
        seat: None,
    });
    let mut conn = Conn::connect(server.addr, Behaviour::default())
        .await
        .expect("connect");
    let token = bearer(&game.tokens[&0]);
    let answer = conn
        .call(
            SUBMIT_ACTION,
            &[("authorization", &token)],
            &body,
            Duration::from_secs(5),
        )
        .await;
    let message = answer.grpc_message().unwrap_or_default();
    eprintln!(
        "huge action id: grpc-status {:?}, grpc-message of {} bytes",
        answer.grpc_status(),
        message.len()
    );
    assert_eq!(
        answer.grpc_status(),
        Some(3),
        "INVALID_ARGUMENT: {:.300}",
        message
    );
    assert!(
        message.len() < 300,
        "the message is not echoed whole: {} bytes",
        message.len()
    );
    assert_same(&before, &snapshot(&game).await, "a huge action id");
    assert_serving(&mut server, "after a huge action id").await;
    assert_served(&server, "after a huge action id").await;
}

on_stores!([memory] huge_action_id_is_refused_briefly);

/// The issue's crash: a seat holder's typed Panovník place_card with eternal_gems.blue = 2^32 − 1
/// is INVALID_ARGUMENT; the server lives on and the game is unchanged.
async fn panovnik_huge_gem_count_is_refused(store: Store) {
    let mut server = release_server(&store, &[]);
    let tablero = server.client().await;
    let game = create(&tablero, "panovnik", "solo", vec![Tablero::human("me")])
        .await
        .expect("CreateGame");
    let before = snapshot(&game).await;
    let place = pb::panovnik_action::PlaceCard {
        level: 1,
        x: 0,
        eternal_gems: Some(pb::PanovnikGems {
            blue: u32::MAX,
            ..Default::default()
        }),
    };
    let typed = pb::submit_action_request::Action::Typed(pb::Action {
        game: Some(pb::action::Game::Panovnik(pb::PanovnikAction {
            kind: Some(pb::panovnik_action::Kind::PlaceCard(place)),
        })),
    });
    let r = game.submit(0, before.spectator.version, typed).await;
    eprintln!("huge gem count: {:?}", r.as_ref().map(|_| "accepted"));
    assert_serving(&mut server, "after a huge gem count").await;
    expect_code(
        r,
        tonic::Code::InvalidArgument,
        "place_card with 2^32 - 1 blue gems",
    );
    // Before the normal caller below creates a game of its own.
    assert_same(&before, &snapshot(&game).await, "a huge gem count");
    assert_served(&server, "after a huge gem count").await;
}

on_stores!([memory] panovnik_huge_gem_count_is_refused);
