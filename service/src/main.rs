//! `tablero`: the server binary. In-memory store by default; `--store redis://…` for Redis,
//! `--store redis+cluster://host:port[,host:port…]` for a Redis Cluster. Logs on stderr, traces
//! over OTLP when `OTEL_EXPORTER_OTLP_ENDPOINT` is set, Prometheus metrics with
//! `--metrics-listen` (see `telemetry`).

use clap::Parser;
use metrics_exporter_prometheus::PrometheusHandle;
use std::sync::Arc;
use std::time::Duration;
use tablero_service::games::Registry;
use tablero_service::lifecycle::Lifecycle;
use tablero_service::limits::Limits;
use tablero_service::rate::RateLimit;
use tablero_service::server;
use tablero_service::store::Store;
use tablero_service::store::memory::MemoryStore;
use tablero_service::store::redis::{CLUSTER_SCHEME, RedisStore};
use tablero_service::streams::StreamLimits;
use tablero_service::telemetry::{self, InstrumentedStore};
use tokio::net::TcpListener;

#[derive(Parser, Debug)]
#[command(
    name = "tablero",
    about = "Tablero game-engine server (gRPC + gRPC-Web)"
)]
struct Args {
    /// Address to listen on (port 0 picks a free port; the bound address is printed).
    #[arg(long, env = "TABLERO_LISTEN", default_value = "127.0.0.1:50051")]
    listen: String,
    /// `memory` (embedded, default), a Redis URL such as `redis://127.0.0.1:6379`, or a Redis
    /// Cluster as `redis+cluster://host:port[,host:port…]` (any reachable nodes of the cluster;
    /// the others are discovered).
    #[arg(long, env = "TABLERO_STORE", default_value = "memory")]
    store: String,
    /// Requests handled at once before RESOURCE_EXHAUSTED.
    #[arg(long, env = "TABLERO_MAX_IN_FLIGHT", default_value_t = 1024)]
    max_in_flight: usize,
    /// Longest time a request may take, in milliseconds.
    #[arg(long, env = "TABLERO_REQUEST_TIME_MS", default_value_t = 10_000)]
    request_time_ms: u64,
    /// Largest request, in bytes.
    #[arg(long, env = "TABLERO_MAX_REQUEST_BYTES", default_value_t = 256 * 1024)]
    max_request_bytes: usize,
    /// How often a watch stream re-reads the store without a change notification, in ms.
    #[arg(long, env = "TABLERO_WATCH_POLL_MS", default_value_t = 2_000)]
    watch_poll_ms: u64,
    /// Seconds a finished game is kept after its last write (0 = until deleted).
    #[arg(long, env = "TABLERO_FINISHED_TTL_SECS", default_value_t = 7 * 24 * 3600)]
    finished_ttl_secs: u64,
    /// Seconds an unfinished game is kept without a write, as abandoned (0 = until deleted).
    /// Plays of a campaign are kept as long as their campaign.
    #[arg(long, env = "TABLERO_ABANDONED_TTL_SECS", default_value_t = 30 * 24 * 3600)]
    abandoned_ttl_secs: u64,
    /// How often this replica clears the listing entries of expired games, in ms.
    #[arg(long, env = "TABLERO_SWEEP_INTERVAL_MS", default_value_t = 60_000)]
    sweep_interval_ms: u64,
    /// Requests a second one caller may make on average (0 = no limit).
    #[arg(long, env = "TABLERO_RATE_PER_CALLER", default_value_t = 1000.0)]
    rate_per_caller: f64,
    /// Requests one caller may make at once after a pause (its bucket's size).
    #[arg(long, env = "TABLERO_RATE_BURST", default_value_t = 2000)]
    rate_burst: u32,
    /// A header that names the caller for the per-caller limits, set by a trusted load balancer
    /// (e.g. `x-forwarded-for`; its last entry counts). Unset: the peer's IP address.
    #[arg(long, env = "TABLERO_CALLER_HEADER")]
    caller_header: Option<String>,
    /// Watch streams open at once on this server (0 = no limit).
    #[arg(long, env = "TABLERO_MAX_WATCH_STREAMS", default_value_t = 10_000)]
    max_watch_streams: usize,
    /// Watch streams one caller may have open at once (0 = no limit).
    #[arg(
        long,
        env = "TABLERO_MAX_WATCH_STREAMS_PER_CALLER",
        default_value_t = 0
    )]
    max_watch_streams_per_caller: usize,
    /// Log as JSON lines instead of text.
    #[arg(long, env = "TABLERO_LOG_JSON")]
    log_json: bool,
    /// Serve Prometheus metrics at `http://<this address>/metrics`, e.g. `0.0.0.0:9464` (off
    /// when unset; port 0 picks a free port, and the bound address is printed).
    #[arg(long, env = "TABLERO_METRICS_LISTEN")]
    metrics_listen: Option<String>,
}

/// Resolves at SIGTERM or Ctrl-C. The handlers are installed now, not at the first poll: a
/// stop that arrives before the server polls for it (right after the address is announced)
/// must still drain and flush rather than kill the process.
fn shutdown_signal() -> impl Future<Output = ()> + Send {
    #[cfg(unix)]
    let stop = {
        use tokio::signal::unix::{SignalKind, signal};
        let mut term = signal(SignalKind::terminate()).expect("SIGTERM handler");
        let mut interrupt = signal(SignalKind::interrupt()).expect("SIGINT handler");
        async move {
            tokio::select! { _ = term.recv() => {}, _ = interrupt.recv() => {} }
        }
    };
    #[cfg(not(unix))]
    let stop = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    async move {
        stop.await;
        tracing::info!("shutting down: draining in-flight requests");
    }
}

/// The metrics endpoint, when `--metrics-listen` asks for one.
struct MetricsEndpoint {
    listener: TcpListener,
    handle: PrometheusHandle,
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let args = Args::parse();
    let telemetry = telemetry::init(args.log_json)?;
    let result = run(args).await;
    // After the drain: the spans of the last requests go out too.
    telemetry.shutdown().await;
    result
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let limits = Limits {
        max_in_flight: args.max_in_flight,
        request_time: Duration::from_millis(args.request_time_ms),
        max_request_bytes: args.max_request_bytes,
    };
    if !(args.rate_per_caller >= 0.0 && args.rate_per_caller.is_finite()) {
        return Err("--rate-per-caller must be a number of requests a second, 0 or more".into());
    }
    if args.rate_per_caller > 0.0 && args.rate_burst == 0 {
        return Err("--rate-burst must be at least 1 when --rate-per-caller is set".into());
    }
    let caller_header = args
        .caller_header
        .as_deref()
        .map(|h| http::HeaderName::from_bytes(h.trim().to_ascii_lowercase().as_bytes()))
        .transpose()
        .map_err(|e| format!("--caller-header is not a header name: {e}"))?;
    let options = server::Options {
        limits,
        watch_poll: Duration::from_millis(args.watch_poll_ms),
        rate: RateLimit {
            per_second: args.rate_per_caller,
            burst: args.rate_burst,
            ..RateLimit::default()
        },
        caller_header,
        streams: StreamLimits {
            max: args.max_watch_streams,
            max_per_caller: args.max_watch_streams_per_caller,
        },
        sweep_interval: Duration::from_millis(args.sweep_interval_ms.max(1)),
    };
    let lifecycle = Lifecycle::from_secs(args.finished_ttl_secs, args.abandoned_ttl_secs);
    let listener = TcpListener::bind(&args.listen).await?;
    let addr = listener.local_addr()?;
    let shutdown = shutdown_signal();
    let metrics = match &args.metrics_listen {
        Some(at) => Some(MetricsEndpoint {
            listener: TcpListener::bind(at).await?,
            handle: telemetry::exposition::install()?,
        }),
        None => None,
    };
    // Tests and scripts read this line to find the port.
    println!(
        "tablero listening on {addr} (store: {})",
        if args.store == "memory" {
            "memory"
        } else if args.store.starts_with(CLUSTER_SCHEME) {
            "redis cluster"
        } else {
            "redis"
        }
    );
    tracing::info!(%addr, "listening");
    if let Some(m) = &metrics {
        let metrics_addr = m.listener.local_addr()?;
        // Second line, only with --metrics-listen: where to scrape.
        println!("tablero metrics on http://{metrics_addr}/metrics");
        tracing::info!(%metrics_addr, "serving metrics");
    }
    if args.store == "memory" {
        serve(
            MemoryStore::new().with_lifecycle(lifecycle),
            "memory",
            listener,
            options,
            metrics,
            shutdown,
        )
        .await
    } else if args.store.starts_with("redis://")
        || args.store.starts_with("rediss://")
        || args.store.starts_with(CLUSTER_SCHEME)
    {
        let store = RedisStore::connect(&args.store)
            .await?
            .with_lifecycle(lifecycle);
        serve(store, "redis", listener, options, metrics, shutdown).await
    } else {
        Err(format!(
            "--store must be `memory`, a redis:// URL or a redis+cluster:// URL, not `{}`",
            args.store
        )
        .into())
    }
}

/// Serves `store` (every call instrumented, named `system` in spans and metrics) until a
/// shutdown signal, with the metrics endpoint beside it.
async fn serve<S: Store>(
    store: S,
    system: &'static str,
    listener: TcpListener,
    options: server::Options,
    metrics: Option<MetricsEndpoint>,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let store = Arc::new(InstrumentedStore::new(Arc::new(store), system));
    if let Some(MetricsEndpoint { listener, handle }) = metrics {
        tokio::spawn(telemetry::exposition::serve(
            listener,
            handle,
            store.inner().clone(),
            Registry::all().types(),
        ));
    }
    server::serve(store, listener, options, shutdown).await
}
