//! Assembling and running the server: the game service plus health, reflection, gRPC-Web with
//! CORS, the browser play page, limits (per connection, per request, per caller, open watch
//! streams), API keys and quotas, a span and latency sample per RPC, readiness that follows the
//! store, the sweeper of expired games and abandoned campaigns, and graceful shutdown.

use crate::edge::access::Access;
use crate::rpc::Api;
use crate::rpc::Campaigns;
use crate::rpc::streams::StreamLimits;
use crate::store::Store;
use crate::store::lifecycle::Lifecycle;
use crate::telemetry::rpc::RpcLayer;
use crate::transport;
use crate::transport::guard::GuardLayer;
use crate::transport::limits::Limits;
use crate::transport::rate::RateLimit;
use http::HeaderName;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tablero_proto::server::campaign_service_server::CampaignServiceServer;
use tablero_proto::server::game_service_server::GameServiceServer;
use tablero_proto::v1::FILE_DESCRIPTOR_SET;
use tokio::net::TcpListener;
use tonic::service::Routes;
use tower_http::cors::{AllowOrigin, CorsLayer};

/// Browsers must be allowed to read gRPC's status trailers, or every error looks like
/// "missing trailer" in a gRPC-Web client.
fn cors() -> CorsLayer {
    let expose = [
        "grpc-status",
        "grpc-message",
        "grpc-status-details-bin",
        crate::rpc::status::RULE_ID_METADATA,
        crate::rpc::status::CURRENT_VERSION_METADATA,
    ]
    .map(HeaderName::from_static);
    CorsLayer::new()
        .allow_origin(AllowOrigin::mirror_request())
        .allow_methods([http::Method::POST, http::Method::OPTIONS])
        .allow_headers(tower_http::cors::Any)
        .expose_headers(expose)
        .max_age(Duration::from_secs(3600))
}

/// How the server runs, beyond where it stores games (and how long: the store's lifecycle).
#[derive(Clone, Debug)]
pub struct Options {
    pub limits: Limits,
    /// How often a watch stream re-reads the store without a change notification.
    pub watch_poll: Duration,
    /// Requests per caller.
    pub rate: RateLimit,
    /// A header naming the caller, set by a trusted load balancer; else the peer address.
    pub caller_header: Option<HeaderName>,
    /// Open watch streams.
    pub streams: StreamLimits,
    /// How often this replica clears what expired games and abandoned campaigns left behind.
    pub sweep_interval: Duration,
    /// How long games, campaigns and idempotency keys are kept (for the sweeper; the store
    /// applies it to writes).
    pub lifecycle: Lifecycle,
    /// How long a watch stream's reader may leave a message unread.
    pub watch_drain: Duration,
    /// API keys and the creation policy.
    pub access: Access,
    /// Connections: HTTP/2 limits, timeouts, TLS.
    pub transport: transport::Settings,
    /// How often readiness asks the store whether it answers.
    pub readiness_interval: Duration,
    /// How often this replica looks for turn-clock deadlines that passed.
    pub deadline_poll: Duration,
    /// The operator's webhook endpoints, and how deliveries to them run.
    pub webhooks: Vec<crate::webhooks::config::Endpoint>,
    pub webhook_settings: crate::webhooks::deliver::Settings,
    /// Writes append their changes to the change feed (off only for `tablero-loadgen`'s
    /// reference runs).
    pub change_feed: bool,
    /// No limit layers at all (caller, rate, request limits): only for `tablero-loadgen`'s
    /// reference runs, to measure what the limits cost.
    pub unguarded: bool,
    /// Bytes the decoded games this replica keeps may hold (`engine::hot`).
    pub hot_bytes: u64,
    /// Host the rules' `test` games too (only for the tests: `--test-games`).
    pub test_games: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            limits: Limits::default(),
            watch_poll: Duration::from_secs(2),
            rate: RateLimit::default(),
            caller_header: None,
            streams: StreamLimits {
                max: 10_000,
                max_per_caller: 100,
            },
            sweep_interval: Duration::from_secs(60),
            deadline_poll: Duration::from_millis(500),
            webhooks: Vec::new(),
            webhook_settings: Default::default(),
            change_feed: true,
            lifecycle: Lifecycle::default(),
            watch_drain: Duration::from_secs(10),
            access: Access::default(),
            transport: transport::Settings::default(),
            readiness_interval: Duration::from_secs(1),
            unguarded: false,
            hot_bytes: crate::engine::DEFAULT_HOT_BYTES,
            test_games: false,
        }
    }
}

/// The service names readiness reports on: NOT_SERVING while the store does not answer. The
/// empty name (the process as a whole, for liveness) stays SERVING.
pub const READINESS_SERVICES: [&str; 2] = ["tablero.v1.GameService", "tablero.v1.CampaignService"];

/// Keeps the health of [`READINESS_SERVICES`] in step with the store: pinged every `every`
/// (bounded by `timeout`), SERVING when it answers, NOT_SERVING when it does not, without a
/// restart either way.
async fn follow_store<S: Store>(
    store: Arc<S>,
    health: tonic_health::server::HealthReporter,
    every: Duration,
    timeout: Duration,
) {
    let mut ready = None;
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        let answered = matches!(
            tokio::time::timeout(timeout, store.ping()).await,
            Ok(Ok(()))
        );
        if ready == Some(answered) {
            continue;
        }
        let status = if answered {
            tonic_health::ServingStatus::Serving
        } else {
            tonic_health::ServingStatus::NotServing
        };
        for service in READINESS_SERVICES {
            health.set_service_status(service, status).await;
        }
        if ready.is_some() {
            if answered {
                tracing::info!("the store answers again: ready");
            } else {
                tracing::warn!("the store does not answer: not ready");
            }
        }
        ready = Some(answered);
    }
}

/// Serves on `listener` until `shutdown` resolves, then drains in-flight requests. `readiness`
/// is the store readiness pings (the uninstrumented store, so pings make no spans).
pub async fn serve<S: Store, R: Store>(
    store: Arc<S>,
    readiness: Arc<R>,
    listener: TcpListener,
    options: Options,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let Options {
        limits,
        watch_poll,
        rate,
        caller_header,
        streams,
        sweep_interval,
        lifecycle,
        watch_drain,
        access,
        transport,
        readiness_interval,
        deadline_poll,
        webhooks,
        webhook_settings,
        change_feed,
        unguarded,
        hot_bytes,
        test_games,
    } = options;
    let (stopping, shutdown_seen) = tokio::sync::watch::channel(false);
    let sweeper = tokio::spawn(crate::engine::sweep::sweep_forever(
        store.clone(),
        lifecycle,
        sweep_interval,
    ));
    let key_reloader = tokio::spawn(crate::edge::keys::reload_forever(access.keys.clone()));
    crate::webhooks::deliver::spawn_all(
        store.clone(),
        webhooks.clone(),
        webhook_settings,
        shutdown_seen.clone(),
    );
    let games = crate::rpc::games::registries_with(test_games);
    let mut api = Api::hosting(store, shutdown_seen, watch_poll, games)
        .with_stream_limits(streams)
        .with_watch_drain(watch_drain)
        .with_access(access)
        .with_webhooks(
            webhooks
                .iter()
                .map(|e| crate::rpc::api::WebhookEndpoint {
                    name: e.name.clone(),
                    url: e.url.to_string(),
                    kinds: e.filter.kinds.clone(),
                })
                .collect(),
        )
        .with_hot_bytes(hot_bytes);
    if !change_feed {
        api = api.without_change_feed();
    }
    let deadline_poller = tokio::spawn(crate::engine::deadlines::run(
        api.engine().clone(),
        deadline_poll,
        stopping.subscribe(),
    ));
    let campaign_service = CampaignServiceServer::new(Campaigns::new(api.clone()))
        .max_decoding_message_size(limits.max_request_bytes * 2);
    let shutdown = async move {
        shutdown.await;
        let _ = stopping.send(true);
    };
    let (health, health_service) = tonic_health::server::health_reporter();
    // Not ready until the store has answered once.
    for service in READINESS_SERVICES {
        health
            .set_service_status(service, tonic_health::ServingStatus::NotServing)
            .await;
    }
    let readiness_task = tokio::spawn(follow_store(
        readiness,
        health,
        readiness_interval,
        readiness_interval.max(Duration::from_millis(500)),
    ));
    let reflection = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .build_v1()?;
    let reflection_alpha = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .build_v1alpha()?;
    let game_service = GameServiceServer::new(api)
        // Above the limits layer's own bound, so oversized requests meet that clearer error.
        .max_decoding_message_size(limits.max_request_bytes * 2);
    let routes = Routes::new(health_service)
        .add_service(reflection)
        .add_service(reflection_alpha)
        .add_service(game_service)
        .add_service(campaign_service)
        .prepare();

    if unguarded {
        let service = tower::ServiceBuilder::new()
            .map_response(|r: http::Response<_>| r.map(tonic::body::Body::new))
            .layer(cors())
            .layer(crate::transport::web::WebPageLayer)
            .layer(crate::transport::connect::ConnectLayer::new(
                limits.body_time,
            ))
            .layer(tonic_web::GrpcWebLayer::new())
            .layer(RpcLayer::new())
            .service(routes);
        let served = transport::serve(listener, service, transport, shutdown).await;
        sweeper.abort();
        key_reloader.abort();
        deadline_poller.abort();
        readiness_task.abort();
        return Ok(served?);
    }
    // Outermost first. The guard checks the rate before the in-flight limit, so a caller over
    // its rate never takes an in-flight place from the others.
    let service = tower::ServiceBuilder::new()
        .map_response(|r: http::Response<_>| r.map(tonic::body::Body::new))
        .layer(cors())
        .layer(crate::transport::web::WebPageLayer)
        .layer(crate::transport::connect::ConnectLayer::new(
            limits.body_time,
        ))
        .layer(tonic_web::GrpcWebLayer::new())
        // Inside gRPC-Web (sees plain gRPC trailers), outside the limits (counts refusals).
        .layer(RpcLayer::new())
        .layer(GuardLayer::new(caller_header, rate, limits))
        .service(routes);
    let served = transport::serve(listener, service, transport, shutdown).await;
    sweeper.abort();
    key_reloader.abort();
    deadline_poller.abort();
    readiness_task.abort();
    served?;
    Ok(())
}
