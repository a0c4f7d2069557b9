//! Telemetry end to end, all with real parts: the `tablero` binary exports spans to an OTLP/gRPC
//! trace receiver started by the test, serves Prometheus metrics that the test scrapes over
//! HTTP, and writes JSON log lines the test parses.

use crate::common::*;
use opentelemetry_proto::tonic::trace::v1::Span;
use opentelemetry_proto::tonic::trace::v1::span::SpanKind;
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;
use tablero_e2e::client::Tablero;
use tablero_e2e::otlp::{Received, Receiver, int, text};
use tablero_e2e::{Backend, Launch, Redis, Server, pb};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tonic::{Code, Request};

const GAME_SERVICE: &str = "tablero.v1.GameService";

/// The server spans of one method, e.g. `SubmitAction`.
fn rpc_spans<'a>(spans: &'a [Received], method: &str) -> Vec<&'a Span> {
    let name = format!("{GAME_SERVICE}/{method}");
    spans
        .iter()
        .map(|r| &r.span)
        .filter(|s| s.kind == SpanKind::Server as i32 && s.name == name)
        .collect()
}

/// The names of the direct children of `parent` (same trace, parent span id = its id).
fn children<'a>(spans: &'a [Received], parent: &Span) -> Vec<&'a Span> {
    spans
        .iter()
        .map(|r| &r.span)
        .filter(|s| s.trace_id == parent.trace_id && s.parent_span_id == parent.span_id)
        .collect()
}

fn names(spans: &[&Span]) -> Vec<String> {
    let mut n: Vec<String> = spans.iter().map(|s| s.name.clone()).collect();
    n.sort();
    n
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The OTLP variables pointing the server at `endpoint`, with a short batch delay.
fn otel_env(endpoint: &str, schedule_delay_ms: u64) -> Vec<(String, String)> {
    [
        ("OTEL_EXPORTER_OTLP_ENDPOINT", endpoint.to_string()),
        ("OTEL_BSP_SCHEDULE_DELAY", schedule_delay_ms.to_string()),
        ("OTEL_SERVICE_NAME", "tablero-e2e".to_string()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}

/// A Claim game, one human against a bot, so the human is always to act.
async fn human_vs_bot(tablero: &Tablero, seed: u64) -> Game {
    Game::create(
        tablero,
        options(pb::ClaimMode::Base2p),
        seats(&[true, false]),
        seed,
    )
    .await
}

/// One legal action of seat 0 and the version it is legal at.
async fn first_legal(game: &Game) -> (u64, String) {
    let legal = game
        .seat(0)
        .legal_actions()
        .await
        .expect("ListLegalActions");
    (legal.version, legal.actions[0].id.clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rpc_and_store_spans_reach_an_otlp_collector() {
    let (receiver, endpoint) = Receiver::start(true).await;
    let redis = Redis::start();
    let server = Server::launch(
        Backend::Redis(redis.url()),
        Launch {
            env: otel_env(&endpoint, 100),
            ..Launch::default()
        },
    );
    let tablero = server.client().await;

    let game = human_vs_bot(&tablero, 7).await;
    let (version, action) = first_legal(&game).await;
    game.submit(0, version, action_id(&action))
        .await
        .expect("a legal move");
    expect_code(
        game.submit(0, version, action_id(&action)).await,
        Code::Aborted,
        "the same move at the old version",
    );
    // A caller's trace context: the server's span joins the caller's trace.
    let caller_trace = "4bf92f3577b34da6a3ce929d0e0e4736";
    let caller_span = "00f067aa0ba902b7";
    let mut req = Request::new(pb::GetViewRequest {
        game_id: game.id.clone(),
    });
    req.metadata_mut().insert(
        "traceparent",
        format!("00-{caller_trace}-{caller_span}-01")
            .parse()
            .unwrap(),
    );
    tablero.raw().get_view(req).await.expect("GetView");

    let spans = receiver
        .wait_for("the spans of five calls", |spans| {
            rpc_spans(spans, "CreateGame").len() == 1
                && rpc_spans(spans, "ListLegalActions").len() == 1
                && rpc_spans(spans, "SubmitAction").len() == 2
                && rpc_spans(spans, "GetView").len() == 1
        })
        .await;
    assert!(
        spans.iter().all(|s| s.service == "tablero-e2e"),
        "OTEL_SERVICE_NAME names the service"
    );

    // Every server span: the RPC attributes, the game it was about.
    let rpcs: Vec<&Span> = spans
        .iter()
        .map(|r| &r.span)
        .filter(|s| s.kind == SpanKind::Server as i32)
        .collect();
    assert_eq!(rpcs.len(), 5, "exactly one server span per call: {rpcs:?}");
    for span in &rpcs {
        let a = &span.attributes;
        let method = span.name.rsplit('/').next().unwrap();
        assert_eq!(text(a, "rpc.system").as_deref(), Some("grpc"), "{span:?}");
        assert_eq!(text(a, "rpc.service").as_deref(), Some(GAME_SERVICE));
        assert_eq!(text(a, "rpc.method").as_deref(), Some(method));
        assert_eq!(text(a, "game_id").as_deref(), Some(game.id.as_str()));
    }
    let create = rpc_spans(&spans, "CreateGame")[0];
    assert_eq!(int(&create.attributes, "rpc.grpc.status_code"), Some(0));
    assert_eq!(
        text(&create.attributes, "game_type").as_deref(),
        Some("claim")
    );
    assert_eq!(names(&children(&spans, create)), ["store.create"]);

    let submits = rpc_spans(&spans, "SubmitAction");
    let code = |s: &Span| int(&s.attributes, "rpc.grpc.status_code");
    let accepted = submits.iter().find(|s| code(s) == Some(0)).expect("OK");
    let refused = submits
        .iter()
        .find(|s| code(s) == Some(Code::Aborted as i64))
        .expect("ABORTED");
    assert_eq!(
        names(&children(&spans, accepted)),
        ["store.commit"],
        "an accepted move on a game this replica keeps decoded commits without reading first"
    );
    assert_eq!(
        names(&children(&spans, refused)),
        ["store.idempotent_result", "store.load"],
        "a stale move is checked against the stored game and refused before any write"
    );
    for child in children(&spans, accepted) {
        assert_eq!(child.kind, SpanKind::Client as i32);
        assert_eq!(
            text(&child.attributes, "db.system").as_deref(),
            Some("redis")
        );
    }
    let commit = children(&spans, accepted)
        .into_iter()
        .find(|s| s.name == "store.commit")
        .unwrap();
    assert_eq!(
        text(&commit.attributes, "outcome").as_deref(),
        Some("committed")
    );

    // No store call outside a call: every store span is the child of a server span (but the
    // background jobs': the periodic sweep's, with a `lifecycle.sweep` root span of its own,
    // and the turn clocks' poll, with `turn_clock.poll`).
    let sweeps: Vec<_> = spans
        .iter()
        .filter(|s| s.span.name == "lifecycle.sweep" || s.span.name == "turn_clock.poll")
        .map(|s| (s.span.trace_id.clone(), s.span.span_id.clone()))
        .collect();
    for s in spans.iter().filter(|s| {
        s.span.name.starts_with("store.")
            && !sweeps.contains(&(s.span.trace_id.clone(), s.span.parent_span_id.clone()))
    }) {
        assert!(
            rpcs.iter()
                .any(|r| r.trace_id == s.span.trace_id && r.span_id == s.span.parent_span_id),
            "{} has no RPC parent",
            s.span.name
        );
    }

    let view = rpc_spans(&spans, "GetView")[0];
    assert_eq!(hex(&view.trace_id), caller_trace, "the caller's trace");
    assert_eq!(hex(&view.parent_span_id), caller_span, "the caller's span");
    assert_ne!(
        hex(&create.trace_id),
        caller_trace,
        "calls without a traceparent start their own trace"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn queued_spans_are_sent_at_graceful_shutdown() {
    let (receiver, endpoint) = Receiver::start(true).await;
    // A batch delay of an hour: only the flush at shutdown can send the span.
    let mut server = Server::launch(
        Backend::Memory,
        Launch {
            env: otel_env(&endpoint, 3_600_000),
            ..Launch::default()
        },
    );
    let tablero = server.client().await;
    let game = human_vs_bot(&tablero, 3).await;
    let status = server.terminate();
    assert!(status.success(), "a graceful stop exits 0: {status:?}");
    let spans = receiver
        .wait_for("the CreateGame span", |spans| {
            rpc_spans(spans, "CreateGame").len() == 1
        })
        .await;
    let create = rpc_spans(&spans, "CreateGame")[0];
    assert_eq!(
        text(&create.attributes, "game_id").as_deref(),
        Some(game.id.as_str())
    );
    let store = children(&spans, create);
    assert_eq!(names(&store), ["store.create"]);
    assert_eq!(
        text(&store[0].attributes, "db.system").as_deref(),
        Some("memory")
    );
}

// ---------------------------------------------------------------------------------------------
// Prometheus metrics, scraped over plain HTTP.

/// One scrape: every sample, by metric name and label set.
struct Scrape {
    samples: Vec<(String, BTreeMap<String, String>, f64)>,
    text: String,
}

impl Scrape {
    async fn from(addr: SocketAddr) -> Scrape {
        let mut conn = tokio::net::TcpStream::connect(addr)
            .await
            .expect("connect to the metrics port");
        conn.write_all(b"GET /metrics HTTP/1.1\r\nHost: tablero\r\nConnection: close\r\n\r\n")
            .await
            .unwrap();
        let mut reply = String::new();
        conn.read_to_string(&mut reply).await.unwrap();
        let (head, body) = reply.split_once("\r\n\r\n").expect("an HTTP reply");
        assert!(head.starts_with("HTTP/1.1 200"), "scrape failed: {head}");
        assert!(
            head.to_ascii_lowercase()
                .contains("content-type: text/plain; version=0.0.4"),
            "the Prometheus text format: {head}"
        );
        let samples = body
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(parse_sample)
            .collect();
        Scrape {
            samples,
            text: body.to_string(),
        }
    }

    /// The sample with exactly these labels.
    fn get(&self, name: &str, labels: &[(&str, &str)]) -> Option<f64> {
        let want: BTreeMap<String, String> = labels
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        self.samples
            .iter()
            .find(|(n, l, _)| n == name && *l == want)
            .map(|(_, _, v)| *v)
    }

    /// The first sample of `name` whose labels include `labels`.
    fn having(&self, name: &str, labels: &[(&str, &str)]) -> Option<f64> {
        self.samples
            .iter()
            .find(|(n, l, _)| {
                n == name
                    && labels
                        .iter()
                        .all(|(k, v)| l.get(*k).map(String::as_str) == Some(*v))
            })
            .map(|(_, _, v)| *v)
    }

    #[track_caller]
    fn value(&self, name: &str, labels: &[(&str, &str)]) -> f64 {
        self.get(name, labels)
            .unwrap_or_else(|| panic!("no {name}{labels:?} in the scrape:\n{}", self.text))
    }
}

/// `name{a="x",b="y"} 3` (our label values hold no quotes or commas).
fn parse_sample(line: &str) -> (String, BTreeMap<String, String>, f64) {
    let (series, value) = line.rsplit_once(' ').expect("a sample line");
    let value: f64 = value.parse().expect("a sample value");
    let (name, labels) = match series.split_once('{') {
        Some((name, rest)) => {
            let labels = rest
                .trim_end_matches('}')
                .split("\",")
                .filter(|p| !p.is_empty())
                .map(|pair| {
                    let (k, v) = pair.split_once("=\"").expect("key=\"value\"");
                    (k.to_string(), v.trim_end_matches('"').to_string())
                })
                .collect();
            (name, labels)
        }
        None => (series, BTreeMap::new()),
    };
    (name.to_string(), labels, value)
}

/// grpc-ecosystem's names and labels.
const HANDLED: &str = "grpc_server_handled_total";
const HANDLING: &str = "grpc_server_handling_seconds";
const SERVICE: &str = "tablero.v1.GameService";
const CREATE: &str = "CreateGame";
const SUBMIT: &str = "SubmitAction";

/// Racing submitters per round.
const RACERS: usize = 8;

/// `RACERS` callers, each on its own connection, submit the same move at the same version at
/// once: one wins, the others get ABORTED (some only after losing the compare-and-swap).
/// Returns how many were refused.
async fn race(game: &Game, racers: &[Tablero]) -> usize {
    let (seat, view) = game.to_act().await.expect("the game runs");
    let legal = game.seat(seat).legal_actions().await.unwrap();
    let action = legal.actions[0].id.clone();
    let start = Arc::new(tokio::sync::Barrier::new(racers.len()));
    let tasks: Vec<_> = racers
        .iter()
        .map(|t| {
            let game = game.on(t);
            let action = action.clone();
            let start = start.clone();
            tokio::spawn(async move {
                start.wait().await;
                game.submit(seat, view.version, action_id(&action)).await
            })
        })
        .collect();
    let mut won = 0;
    let mut refused = 0;
    for t in tasks {
        match t.await.unwrap() {
            Ok(_) => won += 1,
            Err(s) if s.code() == Code::Aborted => refused += 1,
            Err(s) => panic!("a racer failed: {s:?}"),
        }
    }
    assert_eq!(won, 1, "exactly one racer wins");
    refused
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn prometheus_metrics_are_scraped_over_http() {
    let redis = Redis::start();
    let server = Server::start_with(
        Backend::Redis(redis.url()),
        &["--metrics-listen", "127.0.0.1:0"],
    );
    let metrics = server.metrics_addr.expect("the metrics address is printed");
    let tablero = server.client().await;

    let before = Scrape::from(metrics).await;
    for (game_type, status) in [("claim", "active"), ("emara", "finished")] {
        assert_eq!(
            before.value(
                "tablero_store_games",
                &[("game_type", game_type), ("status", status)]
            ),
            0.0,
            "every type and status is reported, zeros too"
        );
    }

    // One game played to the end, one refused create, one stale move.
    let mut created = 0;
    let finished = human_vs_bot(&tablero, 11).await;
    created += 1;
    finished.play_to_end(&mut Lcg::new(11)).await;
    expect_code(
        tablero
            .create_game(pb::CreateGameRequest {
                game_type: "no such game".into(),
                seats: vec![Tablero::human("me")],
                ..Default::default()
            })
            .await,
        Code::InvalidArgument,
        "an unknown game type",
    );
    let mut aborted = 0;
    let racing = Game::create(&tablero, options(pb::ClaimMode::Base2p), all_human(2), 12).await;
    created += 1;
    expect_code(
        racing.submit(0, 99, action_id("x")).await,
        Code::Aborted,
        "a move at a version the game is not at",
    );
    aborted += 1;

    // Racing writers until one loses at the compare-and-swap itself (most are refused by the
    // version check before they write, which is not a conflict).
    let mut racers = Vec::new();
    for _ in 0..RACERS {
        racers.push(server.client().await);
    }
    let mut conflicts = 0.0;
    for _ in 0..20 {
        aborted += race(&racing, &racers).await;
        conflicts = Scrape::from(metrics)
            .await
            .get("tablero_cas_conflicts_total", &[("kind", "game")])
            .unwrap_or(0.0);
        if conflicts > 0.0 {
            break;
        }
    }
    assert!(
        conflicts > 0.0,
        "20 rounds of {RACERS} racing writers lost no compare-and-swap"
    );

    let active = list_all(&tablero, "claim", pb::GameStatus::Active).await;
    let done = list_all(&tablero, "claim", pb::GameStatus::Finished).await;
    assert_eq!((active.len(), done.len()), (1, 1));
    let after = Scrape::from(metrics).await;

    // Calls by method and code: the counts are the calls made.
    let count = |method: &str, code: &str| {
        after.value(
            HANDLED,
            &[
                ("grpc_type", "unary"),
                ("grpc_service", SERVICE),
                ("grpc_method", method),
                ("grpc_code", code),
            ],
        )
    };
    assert_eq!(count(CREATE, "OK"), created as f64);
    assert_eq!(count(CREATE, "InvalidArgument"), 1.0);
    assert_eq!(count(SUBMIT, "Aborted"), aborted as f64);
    assert!(count(SUBMIT, "OK") > 1.0);
    let unary = |method: &'static str| {
        [
            ("grpc_type", "unary"),
            ("grpc_service", SERVICE),
            ("grpc_method", method),
        ]
    };
    assert_eq!(
        after.value("grpc_server_started_total", &unary(CREATE)),
        created as f64 + 1.0,
        "every call started is counted, refused ones too"
    );
    let inf = after.value(
        &format!("{HANDLING}_bucket"),
        &[unary(CREATE).as_slice(), &[("le", "+Inf")]].concat(),
    );
    assert_eq!(
        inf,
        created as f64 + 1.0,
        "the +Inf bucket holds every call"
    );
    assert!(
        after
            .get(
                &format!("{HANDLING}_bucket"),
                &[unary(CREATE).as_slice(), &[("le", "0.001")]].concat(),
            )
            .is_some(),
        "millisecond buckets"
    );
    assert_eq!(
        after.having(
            "tablero_build_info",
            &[("version", env!("CARGO_PKG_VERSION"))]
        ),
        Some(1.0)
    );
    // This replica's hot cache holds the games it played.
    assert!(after.value("tablero_hot_games", &[]) >= 1.0);
    assert!(after.value("tablero_hot_bytes", &[]) > 0.0);
    assert!(after.value("tablero_hot_lookups_total", &[("result", "hit")]) > 0.0);

    // Games by type and status, as the listing has them.
    let games = |status: &str| {
        after.value(
            "tablero_store_games",
            &[("game_type", "claim"), ("status", status)],
        )
    };
    assert_eq!(games("active"), active.len() as f64);
    assert_eq!(games("finished"), done.len() as f64);
    assert_eq!(
        after.value(
            "tablero_store_games",
            &[("game_type", "emara"), ("status", "active")]
        ),
        0.0
    );

    // A second replica on the same store reports the store-wide count as 0, so a sum over
    // replicas is the store's count, not twice it.
    let second = Server::start_with(
        Backend::Redis(redis.url()),
        &["--metrics-listen", "127.0.0.1:0"],
    );
    let other = Scrape::from(second.metrics_addr.unwrap()).await;
    assert_eq!(
        other.value(
            "tablero_store_games",
            &[("game_type", "claim"), ("status", "finished")]
        ),
        0.0
    );
    assert_eq!(
        Scrape::from(metrics).await.value(
            "tablero_store_games",
            &[("game_type", "claim"), ("status", "finished")]
        ),
        done.len() as f64,
        "the first replica keeps the gauges' lease"
    );

    assert!(after.value("tablero_cas_conflicts_total", &[("kind", "game")]) >= 1.0);
    for op in ["create", "load", "commit", "idempotent_result", "list"] {
        assert!(
            after.value(
                "tablero_store_duration_seconds_count",
                &[("op", op), ("store", "redis")]
            ) > 0.0,
            "store latency of {op}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// JSON logs.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_logs_carry_the_rpc_span_fields() {
    let log = std::env::temp_dir().join(format!("tablero-json-log-{}.log", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let mut server = Server::launch(
        Backend::Memory,
        Launch {
            args: vec!["--log-json".into(), "--log-spans".into()],
            // The commit line is a debug line (one per move is too many for production).
            env: vec![(
                "RUST_LOG".into(),
                "info,tablero_service::engine::submit=debug".into(),
            )],
            log_file: Some(log.clone()),
            ..Launch::default()
        },
    );
    let tablero = server.client().await;
    let game = human_vs_bot(&tablero, 5).await;
    let (version, action) = first_legal(&game).await;
    let moved = game
        .submit(0, version, action_id(&action))
        .await
        .expect("a legal move");
    let now = moved.view.unwrap().version;
    assert!(server.terminate().success());

    let text = std::fs::read_to_string(&log).expect("the server's log");
    let _ = std::fs::remove_file(&log);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not a JSON line ({e}): {l}")))
        .collect();
    let find = |message: &str| {
        lines
            .iter()
            .find(|l| l["fields"]["message"] == message)
            .unwrap_or_else(|| panic!("no `{message}` line in:\n{text}"))
    };
    assert!(
        lines
            .iter()
            .all(|l| l["level"].is_string() && l["timestamp"].is_string())
    );

    let created = find("game created");
    let span = &created["span"];
    assert_eq!(span["rpc.method"], "CreateGame", "{created}");
    assert_eq!(span["rpc.service"], GAME_SERVICE);
    assert_eq!(span["game_type"], "claim");
    assert_eq!(span["game_id"], game.id.as_str());

    let committed = find("action committed");
    let span = &committed["span"];
    assert_eq!(span["rpc.method"], "SubmitAction", "{committed}");
    assert_eq!(span["game_id"], game.id.as_str());
    assert_eq!(span["seat"], 0);
    assert_eq!(span["version"], now);
    find("shutting down: draining in-flight requests");
}
