//! `tablero`: the server binary. In-memory store by default; `--store redis://…` for Redis,
//! `--store redis+cluster://host:port[,host:port…]` for a Redis Cluster. Logs on stderr, traces
//! over OTLP when `OTEL_EXPORTER_OTLP_ENDPOINT` is set, Prometheus metrics with
//! `--metrics-listen` (see `telemetry`). `tablero keygen` makes an API key; `tablero inspect`
//! prints a game stored in Redis as JSON.

use clap::{Parser, Subcommand};
use metrics_exporter_prometheus::PrometheusHandle;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tablero_service::edge::access::Access;
use tablero_service::edge::keys::{self, KeySource, Keys, Scope};
use tablero_service::heap::Counting;
use tablero_service::rpc::streams::StreamLimits;
use tablero_service::server;
use tablero_service::store::Store;
use tablero_service::store::lifecycle::Lifecycle;
use tablero_service::store::memory::MemoryStore;
use tablero_service::store::redis::{RedisOptions, RedisStore, is_cluster_url};
use tablero_service::telemetry::{self, InstrumentedStore};
use tablero_service::transport::limits::Limits;
use tablero_service::transport::rate::RateLimit;
use tablero_service::transport::{self, tls::TlsFiles};
use tokio::net::TcpListener;

/// Counts what each thread allocates, so that the hot cache weighs its games in real bytes
/// (`tablero_service::heap`); the allocating is jemalloc's (chosen by measurement against
/// mimalloc and glibc's: docs/benchmarks.md, "The allocator").
#[cfg(feature = "jemalloc")]
#[global_allocator]
static ALLOCATOR: Counting<tikv_jemallocator::Jemalloc> =
    Counting::new(tikv_jemallocator::Jemalloc);

#[cfg(all(feature = "mimalloc", not(feature = "jemalloc")))]
#[global_allocator]
static ALLOCATOR: Counting<mimalloc::MiMalloc> = Counting::new(mimalloc::MiMalloc);

#[cfg(not(any(feature = "mimalloc", feature = "jemalloc")))]
#[global_allocator]
static ALLOCATOR: Counting = Counting::new(std::alloc::System);

#[derive(Parser, Debug)]
#[command(
    name = "tablero",
    about = "Tablero game-engine server (gRPC + gRPC-Web)"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    args: Args,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Prints a new API key and the entry for the keys file (the file keeps only its hash).
    Keygen {
        /// The key's name, for logs.
        #[arg(long)]
        name: String,
        /// Comma-separated scopes: create, setup, list, delete, seats, feed, webhooks.
        #[arg(
            long,
            value_delimiter = ',',
            default_value = "create,setup,list,delete"
        )]
        scopes: Vec<String>,
    },
    /// Prints a game stored in Redis as JSON: its record (rules state included) and its log.
    Inspect {
        /// The Redis holding the game: `redis://…`, `rediss://…` or `redis+cluster://…`.
        #[arg(long, env = "TABLERO_STORE")]
        store: String,
        /// A PEM CA bundle to verify a `rediss://` store against.
        #[arg(long, env = "TABLERO_STORE_TLS_CA")]
        store_tls_ca: Option<PathBuf>,
        game_id: String,
    },
}

#[derive(clap::Args, Debug)]
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
    /// Longest time a client may take to send a request's body, in milliseconds (measured before
    /// the request takes an in-flight place).
    #[arg(long, env = "TABLERO_BODY_TIME_MS", default_value_t = 5_000)]
    body_time_ms: u64,
    /// HTTP/2 streams one connection may have open at once (SETTINGS_MAX_CONCURRENT_STREAMS).
    #[arg(long, env = "TABLERO_MAX_CONCURRENT_STREAMS", default_value_t = 128)]
    max_concurrent_streams: u32,
    /// Seconds a connection with no request in progress stays open.
    #[arg(long, env = "TABLERO_IDLE_TIMEOUT_SECS", default_value_t = 300)]
    idle_timeout_secs: u64,
    /// Seconds after which a connection gets GOAWAY (clients reconnect, rebalancing replicas);
    /// it is closed 30 s later.
    #[arg(long, env = "TABLERO_MAX_CONNECTION_AGE_SECS", default_value_t = 3600)]
    max_connection_age_secs: u64,
    /// Seconds between HTTP/2 keepalive PINGs; a connection that does not answer within 10 s
    /// is closed.
    #[arg(long, env = "TABLERO_KEEPALIVE_SECS", default_value_t = 30)]
    keepalive_secs: u64,
    /// Milliseconds a watch stream's reader may leave a message unread before the stream is
    /// closed with RESOURCE_EXHAUSTED (and, if it still reads nothing, its connection).
    #[arg(long, env = "TABLERO_WATCH_DRAIN_MS", default_value_t = 10_000)]
    watch_drain_ms: u64,
    /// Milliseconds a store call may take before the request fails with UNAVAILABLE.
    #[arg(long, env = "TABLERO_STORE_TIMEOUT_MS", default_value_t = 1_000)]
    store_timeout_ms: u64,
    /// A PEM certificate chain: serve TLS (with --tls-key).
    #[arg(long, env = "TABLERO_TLS_CERT", requires = "tls_key")]
    tls_cert: Option<PathBuf>,
    /// The PEM private key of --tls-cert.
    #[arg(long, env = "TABLERO_TLS_KEY", requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// A PEM CA bundle: require client certificates signed by it (mutual TLS).
    #[arg(long, env = "TABLERO_TLS_CLIENT_CA", requires = "tls_cert")]
    tls_client_ca: Option<PathBuf>,
    /// A PEM CA bundle to verify a `rediss://` store against (a private CA).
    #[arg(long, env = "TABLERO_STORE_TLS_CA")]
    store_tls_ca: Option<PathBuf>,
    /// A TOML file of API keys (`[[key]] name, sha256, scopes`), re-read when it changes.
    #[arg(long, env = "TABLERO_API_KEYS_FILE")]
    api_keys_file: Option<PathBuf>,
    /// API keys as TOML, like the file's contents.
    #[arg(long, env = "TABLERO_API_KEYS", hide_env_values = true)]
    api_keys: Option<String>,
    /// Whether callers without an API key may create games and campaigns (within the quotas).
    /// Takes a boolean as operators write one: true/false, 1/0, yes/no, on/off.
    #[arg(
        long,
        env = "TABLERO_PUBLIC_CREATE",
        default_value_t = true,
        action = clap::ArgAction::Set,
        value_parser = clap::builder::BoolishValueParser::new()
    )]
    public_create: bool,
    /// Unfinished games one caller without an API key may have.
    #[arg(long, env = "TABLERO_GAMES_PER_CALLER", default_value_t = 20)]
    games_per_caller: u32,
    /// Campaigns one caller without an API key may have.
    #[arg(long, env = "TABLERO_CAMPAIGNS_PER_CALLER", default_value_t = 5)]
    campaigns_per_caller: u32,
    /// Unfinished games on the server beyond which callers without an API key create none.
    #[arg(long, env = "TABLERO_MAX_PUBLIC_GAMES", default_value_t = 100_000)]
    max_public_games: u64,
    /// Seconds an idempotency key is remembered.
    #[arg(long, env = "TABLERO_IDEMPOTENCY_TTL_SECS", default_value_t = 24 * 3600)]
    idempotency_ttl_secs: u64,
    /// Seconds a finished game's idempotency keys are remembered after its last move (at most
    /// --idempotency-ttl-secs): a late retry of a finished game's move gets FAILED_PRECONDITION
    /// ("game is over") instead of the first answer after this.
    #[arg(long, env = "TABLERO_FINISHED_IDEMPOTENCY_SECS", default_value_t = 15 * 60)]
    finished_idempotency_secs: u64,
    /// Seconds a campaign is kept without a write (to it or its current play); 0 = until deleted.
    #[arg(long, env = "TABLERO_CAMPAIGN_ABANDONED_TTL_SECS", default_value_t = 90 * 24 * 3600)]
    campaign_abandoned_ttl_secs: u64,
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
    /// How often this replica looks for turn-clock deadlines that passed, in ms (any replica
    /// enforces any game's; each timeout applies once).
    #[arg(long, env = "TABLERO_DEADLINE_POLL_MS", default_value_t = 500)]
    deadline_poll_ms: u64,
    /// How long one greedy or mcts bot move (or a GetHint) may search, in ms: the level's
    /// iterations stop earlier when this runs out, so a write that triggers bot moves stays
    /// this long per move at most.
    #[arg(long, env = "TABLERO_BOT_MOVE_MS", default_value_t = 100)]
    bot_move_ms: u64,
    /// How long one move of a background bot (mcts at its top level) may search, in ms. Such
    /// moves come from any replica's worker just after the write that makes them due; a replica
    /// that dies mid-search delays one by twice this plus 2 s.
    #[arg(long, env = "TABLERO_BOT_BACKGROUND_MS", default_value_t = 1_000)]
    bot_background_ms: u64,
    /// A TOML file of webhook endpoints (name, url, secret(s) or secret_env, kinds, game_type):
    /// each gets the change feed's matching changes POSTed by the Standard Webhooks
    /// specification, at least once.
    #[arg(long, env = "TABLERO_WEBHOOKS")]
    webhooks: Option<String>,
    /// The waits before each retry of a webhook change (comma-separated, each ±20 % jitter);
    /// when the last retry fails the change is given up and the endpoint moves on.
    #[arg(long, env = "TABLERO_WEBHOOK_RETRIES", default_value = tablero_service::webhooks::deliver::DEFAULT_RETRIES)]
    webhook_retries: String,
    /// A webhook endpoint failing this long without one success is disabled (until
    /// RetryWebhookDelivery re-enables it).
    #[arg(long, env = "TABLERO_WEBHOOK_DISABLE_AFTER", default_value = "5d")]
    webhook_disable_after: String,
    /// Seconds a replica holds a webhook endpoint's delivery lease without renewing it (how long
    /// deliveries pause when the replica holding it dies).
    #[arg(long, env = "TABLERO_WEBHOOK_LEASE_SECS", default_value_t = 10)]
    webhook_lease_secs: u64,
    /// The change feed keeps at most this many changes...
    #[arg(long, env = "TABLERO_FEED_MAX_LEN", default_value_t = 1_000_000)]
    feed_max_len: usize,
    /// ...each for at most this many hours (resuming from an older cursor fails with
    /// CURSOR_EXPIRED).
    #[arg(long, env = "TABLERO_FEED_RETENTION_HOURS", default_value_t = 72)]
    feed_retention_hours: u64,
    /// FOR TESTS ONLY: also host the rules' test games (Goofspiel), which have no proto
    /// messages of their own and are played by action id.
    #[arg(long, env = "TABLERO_TEST_GAMES", hide = true)]
    test_games: bool,
    /// FOR TESTS ONLY: a file holding milliseconds to add to the wall clock, re-read every
    /// 50 ms, so tests move the turn clocks of every replica without sleeping.
    #[arg(long, env = "TABLERO_FAKE_CLOCK_FILE")]
    fake_clock_file: Option<std::path::PathBuf>,
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
        default_value_t = 100
    )]
    max_watch_streams_per_caller: usize,
    /// Log as JSON lines instead of text. A bare flag, or a boolean: `--log-json=1`,
    /// `TABLERO_LOG_JSON=1` (true/false, 1/0, yes/no, on/off).
    #[arg(
        long,
        env = "TABLERO_LOG_JSON",
        action = clap::ArgAction::Set,
        num_args = 0..=1,
        require_equals = true,
        default_value = "false",
        default_missing_value = "true",
        value_parser = clap::builder::BoolishValueParser::new()
    )]
    log_json: bool,
    /// Log lines carry the fields of the spans they are in (method, game, seat, version). Off
    /// by default: it formats every call's span fields into text, a sixth of a submit's cost,
    /// whether or not a line is written; traces carry the spans either way. A bare flag, or a
    /// boolean as for --log-json.
    #[arg(
        long,
        env = "TABLERO_LOG_SPANS",
        action = clap::ArgAction::Set,
        num_args = 0..=1,
        require_equals = true,
        default_value = "false",
        default_missing_value = "true",
        value_parser = clap::builder::BoolishValueParser::new()
    )]
    log_spans: bool,
    /// Bytes the games this replica keeps decoded may hold in all (the hot cache: what a game
    /// really holds in memory, counted by the allocator). The process needs this much more than
    /// its baseline; deploy/README.md says how to size the memory limit from it. 0 keeps none.
    #[arg(long, env = "TABLERO_HOT_CACHE_BYTES", default_value_t = tablero_service::engine::DEFAULT_HOT_BYTES)]
    hot_cache_bytes: u64,
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
    let cli = Cli::parse();
    // One TLS provider for the server and the Redis client.
    let _ = tokio_rustls::rustls::crypto::ring::default_provider().install_default();
    match cli.command {
        Some(Command::Keygen { name, scopes }) => return keygen(&name, &scopes),
        Some(Command::Inspect {
            store,
            store_tls_ca,
            game_id,
        }) => return inspect(&store, store_tls_ca, &game_id).await,
        None => {}
    }
    let telemetry = telemetry::init(cli.args.log_json, cli.args.log_spans)?;
    let result = run(cli.args).await;
    // After the drain: the spans of the last requests go out too.
    telemetry.shutdown().await;
    result
}

fn keygen(name: &str, scopes: &[String]) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let scopes = scopes
        .iter()
        .map(|s| {
            Scope::named(s.trim()).ok_or_else(|| {
                let known: Vec<&str> = Scope::ALL.iter().map(|s| s.as_str()).collect();
                format!("unknown scope `{}` ({})", s.trim(), known.join(", "))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let (key, entry) = keys::generate(name, &scopes)?;
    eprintln!("The key (give it to the backend; it is shown only now):");
    println!("{key}");
    eprintln!("\nThe entry for the keys file (TABLERO_API_KEYS_FILE / TABLERO_API_KEYS):\n{entry}");
    Ok(())
}

/// `tablero inspect`: the game as JSON on stdout; an error when there is none.
async fn inspect(
    url: &str,
    tls_ca: Option<PathBuf>,
    id: &str,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    if !(url.starts_with("redis://") || url.starts_with("rediss://") || is_cluster_url(url)) {
        return Err(format!(
            "--store must be a Redis URL (the memory store lives inside its server), not `{}`",
            tablero_service::validate::truncate(url)
        )
        .into());
    }
    let options = RedisOptions { tls_ca };
    let store = RedisStore::connect_with(url, &options).await?;
    match tablero_service::engine::inspect::game(
        &store,
        &tablero_service::rpc::games::registries().0,
        id,
    )
    .await?
    {
        Some(game) => {
            println!("{}", serde_json::to_string_pretty(&game)?);
            Ok(())
        }
        None => Err(format!(
            "no game `{}` in this store",
            tablero_service::validate::truncate(id)
        )
        .into()),
    }
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let limits = Limits {
        max_in_flight: args.max_in_flight,
        request_time: Duration::from_millis(args.request_time_ms),
        max_request_bytes: args.max_request_bytes,
        body_time: Duration::from_millis(args.body_time_ms.max(1)),
    };
    if !(args.rate_per_caller >= 0.0 && args.rate_per_caller.is_finite()) {
        return Err("--rate-per-caller must be a number of requests a second, 0 or more".into());
    }
    if args.rate_per_caller > 0.0 && args.rate_burst == 0 {
        return Err("--rate-burst must be at least 1 when --rate-per-caller is set".into());
    }
    if args.max_concurrent_streams == 0 {
        return Err("--max-concurrent-streams must be at least 1".into());
    }
    let caller_header = args
        .caller_header
        .as_deref()
        .map(|h| http::HeaderName::from_bytes(h.trim().to_ascii_lowercase().as_bytes()))
        .transpose()
        .map_err(|e| format!("--caller-header is not a header name: {e}"))?;
    let keys = Keys::load(KeySource {
        file: args.api_keys_file.clone(),
        inline: args.api_keys.clone(),
    })?;
    let tls = match (&args.tls_cert, &args.tls_key) {
        (Some(cert), Some(key)) => Some(transport::tls::server_config(&TlsFiles {
            cert: cert.clone(),
            key: key.clone(),
            client_ca: args.tls_client_ca.clone(),
        })?),
        _ => None,
    };
    let lifecycle = Lifecycle::from_secs(args.finished_ttl_secs, args.abandoned_ttl_secs)
        .with_campaign_secs(args.campaign_abandoned_ttl_secs)
        .with_idempotency_secs(args.idempotency_ttl_secs)
        .with_finished_idempotency_secs(args.finished_idempotency_secs)
        .with_feed(
            args.feed_max_len,
            args.feed_retention_hours.saturating_mul(3600),
        );
    let webhooks = match &args.webhooks {
        Some(path) => tablero_service::webhooks::config::load(
            path,
            &tablero_service::rpc::games::registries().0,
        )?,
        None => Vec::new(),
    };
    tablero_service::bots::set_move_budget(Duration::from_millis(
        args.bot_move_ms.clamp(1, 60_000),
    ));
    tablero_service::bots::set_background_budget(Duration::from_millis(
        args.bot_background_ms.clamp(1, 600_000),
    ));
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
        lifecycle,
        watch_drain: Duration::from_millis(args.watch_drain_ms.max(1)),
        access: Access {
            keys: keys.clone(),
            public_create: args.public_create,
            games_per_caller: args.games_per_caller,
            campaigns_per_caller: args.campaigns_per_caller,
            max_public_games: args.max_public_games,
        },
        transport: transport::Settings {
            max_concurrent_streams: args.max_concurrent_streams,
            keepalive_interval: Duration::from_secs(args.keepalive_secs.max(1)),
            idle_timeout: Duration::from_secs(args.idle_timeout_secs.max(1)),
            max_connection_age: Duration::from_secs(args.max_connection_age_secs.max(1)),
            tls,
            ..transport::Settings::default()
        },
        readiness_interval: Duration::from_secs(1),
        deadline_poll: Duration::from_millis(args.deadline_poll_ms.max(10)),
        webhooks,
        webhook_settings: tablero_service::webhooks::deliver::Settings {
            retries: tablero_service::webhooks::deliver::parse_schedule(&args.webhook_retries)
                .map_err(|e| format!("--webhook-retries: {e}"))?
                .into(),
            disable_after: humantime::parse_duration(&args.webhook_disable_after)
                .map_err(|e| format!("--webhook-disable-after: {e}"))?,
            lease: Duration::from_secs(args.webhook_lease_secs.max(1)),
            ..Default::default()
        },
        change_feed: true,
        unguarded: false,
        hot_bytes: args.hot_cache_bytes,
        test_games: args.test_games,
    };
    if let Some(file) = &args.fake_clock_file {
        tracing::warn!(file = %file.display(), "the clock follows a test's offset file: never in production");
        tokio::spawn(tablero_service::store::clock::follow_offset_file(
            file.clone(),
        ));
    }
    let store_timeout = Duration::from_millis(args.store_timeout_ms.max(1));
    let shutdown = shutdown_signal();
    let metrics = match &args.metrics_listen {
        Some(at) => Some(MetricsEndpoint {
            listener: TcpListener::bind(at).await?,
            handle: telemetry::exposition::install()?,
        }),
        None => None,
    };
    let store_kind = if args.store == "memory" {
        "memory"
    } else if is_cluster_url(&args.store) {
        "redis cluster"
    } else if args.store.starts_with("redis://") || args.store.starts_with("rediss://") {
        "redis"
    } else {
        return Err(format!(
            "--store must be `memory`, a redis:// or rediss:// URL, or a redis+cluster:// or rediss+cluster:// URL, not `{}`",
            tablero_service::validate::truncate(&args.store)
        )
        .into());
    };
    let setup = Setup {
        addr: args.listen.clone(),
        store_kind,
        keys: keys.set().len(),
        options,
        metrics,
        store_timeout,
    };
    if args.store == "memory" {
        serve(
            MemoryStore::new().with_lifecycle(lifecycle),
            "memory",
            setup,
            shutdown,
        )
        .await
    } else {
        let redis = RedisOptions {
            tls_ca: args.store_tls_ca.clone(),
        };
        // The store must answer before the server says it listens; until then, keep trying.
        let Some(store) = connect_redis(&args.store, &redis, shutdown_signal()).await else {
            return Ok(());
        };
        serve(store.with_lifecycle(lifecycle), "redis", setup, shutdown).await
    }
}

/// Connects to Redis, retrying with backoff (100 ms doubling to 5 s) until it answers or the
/// process is asked to stop (`None`).
async fn connect_redis(
    url: &str,
    options: &RedisOptions,
    stop: impl Future<Output = ()>,
) -> Option<RedisStore> {
    tokio::pin!(stop);
    let mut wait = Duration::from_millis(100);
    loop {
        match RedisStore::connect_with(url, options).await {
            Ok(store) => return Some(store),
            Err(e) => {
                tracing::warn!(error = %e, retry_ms = wait.as_millis() as u64, "the store does not answer yet; retrying");
            }
        }
        tokio::select! {
            _ = &mut stop => return None,
            _ = tokio::time::sleep(wait) => {}
        }
        wait = (wait * 2).min(Duration::from_secs(5));
    }
}

/// What `serve` needs besides the store.
struct Setup {
    addr: String,
    store_kind: &'static str,
    keys: usize,
    options: server::Options,
    metrics: Option<MetricsEndpoint>,
    store_timeout: Duration,
}

/// Serves `store` (every call instrumented, named `system` in spans and metrics) until a
/// shutdown signal, with the metrics endpoint beside it.
async fn serve<S: Store>(
    store: S,
    system: &'static str,
    setup: Setup,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let Setup {
        addr,
        store_kind,
        keys,
        options,
        metrics,
        store_timeout,
    } = setup;
    let inner = Arc::new(store);
    let store = Arc::new(InstrumentedStore::new(inner.clone(), system).with_timeout(store_timeout));
    let listener = TcpListener::bind(&addr).await?;
    let addr = listener.local_addr()?;
    // Tests and scripts read this line to find the port.
    println!("tablero listening on {addr} (store: {store_kind})");
    tracing::info!(
        %addr,
        api_keys = keys,
        public_create = options.access.public_create,
        tls = options.transport.tls.is_some(),
        "listening"
    );
    if let Some(MetricsEndpoint { listener, handle }) = metrics {
        let metrics_addr = listener.local_addr()?;
        // Second line, only with --metrics-listen: where to scrape.
        println!("tablero metrics on http://{metrics_addr}/metrics");
        tracing::info!(%metrics_addr, "serving metrics");
        tokio::spawn(telemetry::exposition::serve(
            listener,
            handle,
            inner.clone(),
            tablero_service::rpc::games::registries().0.types(),
        ));
    }
    server::serve(store, inner, listener, options, shutdown).await
}

#[cfg(test)]
mod tests {
    use super::{Cli, Command};
    use clap::{CommandFactory, FromArgMatches, Parser};

    /// Parses a command line with the environment ignored (every `env =` reset), so the
    /// tests do not depend on the TABLERO_* variables of whoever runs them.
    fn parse(argv: &[&str]) -> Result<Cli, clap::Error> {
        let command = Cli::command().mut_args(|a| a.env(None));
        let mut matches = command.try_get_matches_from(argv)?;
        Cli::from_arg_matches_mut(&mut matches)
    }

    #[test]
    fn boolean_flags_take_what_operators_write() {
        let defaults = parse(&["tablero"]).unwrap().args;
        assert!(!defaults.log_json && !defaults.log_spans && defaults.public_create);
        // A bare flag still switches it on.
        let bare = parse(&["tablero", "--log-json", "--log-spans"])
            .unwrap()
            .args;
        assert!(bare.log_json && bare.log_spans);
        for (value, expected) in [
            ("1", true),
            ("0", false),
            ("true", true),
            ("false", false),
            ("yes", true),
            ("no", false),
            ("on", true),
            ("off", false),
            ("TRUE", true),
            ("Off", false),
        ] {
            let args = parse(&[
                "tablero",
                &format!("--log-json={value}"),
                &format!("--log-spans={value}"),
                &format!("--public-create={value}"),
            ])
            .unwrap_or_else(|e| panic!("{value}: {e}"))
            .args;
            assert_eq!(
                (args.log_json, args.log_spans, args.public_create),
                (expected, expected, expected),
                "{value}"
            );
        }
        // --public-create takes its value after a space, as before.
        assert!(
            !parse(&["tablero", "--public-create", "false"])
                .unwrap()
                .args
                .public_create
        );
        assert!(
            parse(&["tablero", "--public-create", "1"])
                .unwrap()
                .args
                .public_create
        );
        for bad in [
            "--log-json=maybe",
            "--log-spans=2",
            "--public-create=sometimes",
        ] {
            assert!(parse(&["tablero", bad]).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_bare_flag_does_not_take_the_subcommand_as_its_value() {
        let cli = parse(&["tablero", "--log-json", "keygen", "--name", "k"]).unwrap();
        assert!(cli.args.log_json);
        assert!(matches!(cli.command, Some(Command::Keygen { .. })));
    }

    #[test]
    fn help_renders() {
        let help = Cli::command().render_long_help().to_string();
        for flag in ["--log-json", "--log-spans", "--public-create"] {
            assert!(help.contains(flag), "{flag} missing from:\n{help}");
        }
    }

    /// Marks the child process of `environment_values_are_booleans_too`.
    const CHILD: &str = "TABLERO_MAIN_TEST_CHILD";

    /// In the child only: parses no arguments, so the settings come from the environment its
    /// parent gave it (clap reads it while parsing), and prints what they came out as.
    #[test]
    fn print_settings_from_the_environment() {
        if std::env::var_os(CHILD).is_none() {
            return;
        }
        match Cli::try_parse_from(["tablero"]) {
            Ok(cli) => println!(
                "settings: log_json={} log_spans={} public_create={}",
                cli.args.log_json, cli.args.log_spans, cli.args.public_create
            ),
            Err(e) => println!("settings: error: {e}"),
        }
    }

    /// The environment as deployments write it (TABLERO_LOG_JSON=1): read in a child process
    /// (this test binary, running the test above), so no test here changes its own environment.
    #[test]
    fn environment_values_are_booleans_too() {
        let run = |value: &str| -> String {
            let mut child = std::process::Command::new(std::env::current_exe().unwrap());
            child.args([
                "--exact",
                "tests::print_settings_from_the_environment",
                "--nocapture",
                "--test-threads=1",
            ]);
            for (name, _) in std::env::vars_os() {
                if name.to_string_lossy().starts_with("TABLERO_") {
                    child.env_remove(name);
                }
            }
            child
                .env(CHILD, "1")
                .env("TABLERO_LOG_JSON", value)
                .env("TABLERO_LOG_SPANS", value)
                .env("TABLERO_PUBLIC_CREATE", value);
            let out = child.output().unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout);
            stdout
                .lines()
                .find_map(|l| l.split_once("settings: ").map(|(_, s)| s))
                .unwrap_or_else(|| panic!("no settings line from the child: {stdout}"))
                .to_string()
        };
        for (value, expected) in [
            ("1", true),
            ("0", false),
            ("true", true),
            ("false", false),
            ("yes", true),
            ("no", false),
            ("on", true),
            ("off", false),
        ] {
            assert_eq!(
                run(value),
                format!("log_json={expected} log_spans={expected} public_create={expected}"),
                "{value}"
            );
        }
        let refused = run("maybe");
        assert!(
            refused.starts_with("error:") && refused.contains("maybe"),
            "{refused}"
        );
    }
}
