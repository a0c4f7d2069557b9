//! Assembling and running the server: the game service plus health, reflection, gRPC-Web with
//! CORS, the browser play page, limits (per request, per caller, open watch streams), a span
//! and latency sample per RPC, the expired-game sweeper and graceful shutdown.

use crate::api::Api;
use crate::caller::CallerLayer;
use crate::campaigns::Campaigns;
use crate::limits::{Limits, LimitsLayer};
use crate::rate::{RateLimit, RateLimitLayer};
use crate::store::Store;
use crate::streams::StreamLimits;
use crate::telemetry::rpc::RpcLayer;
use http::HeaderName;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tablero_proto::v1::FILE_DESCRIPTOR_SET;
use tablero_proto::v1::campaign_service_server::CampaignServiceServer;
use tablero_proto::v1::game_service_server::GameServiceServer;
use tokio::net::TcpListener;
use tokio_stream::wrappers::TcpListenerStream;
use tower_http::cors::{AllowOrigin, CorsLayer};

/// Browsers must be allowed to read gRPC's status trailers, or every error looks like
/// "missing trailer" in a gRPC-Web client.
fn cors() -> CorsLayer {
    let expose = [
        "grpc-status",
        "grpc-message",
        "grpc-status-details-bin",
        crate::error::RULE_ID_METADATA,
        crate::error::CURRENT_VERSION_METADATA,
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
    /// How often this replica clears what expired games left behind.
    pub sweep_interval: Duration,
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
                max_per_caller: 0,
            },
            sweep_interval: Duration::from_secs(60),
        }
    }
}

/// Accepted connections with Nagle's algorithm off: small gRPC replies must not wait ~40 ms
/// for a delayed ACK.
fn incoming(
    listener: TcpListener,
) -> impl tokio_stream::Stream<Item = std::io::Result<tokio::net::TcpStream>> {
    use tokio_stream::StreamExt;
    TcpListenerStream::new(listener).map(|conn| {
        let conn = conn?;
        conn.set_nodelay(true)?;
        Ok(conn)
    })
}

/// Serves on `listener` until `shutdown` resolves, then drains in-flight requests.
pub async fn serve<S: Store>(
    store: Arc<S>,
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
    } = options;
    let (stopping, shutdown_seen) = tokio::sync::watch::channel(false);
    let sweeper = tokio::spawn(crate::lifecycle::sweep_forever(
        store.clone(),
        sweep_interval,
    ));
    let api = Api::new(store, shutdown_seen, watch_poll).with_stream_limits(streams);
    let campaign_service = CampaignServiceServer::new(Campaigns::new(api.clone()))
        .max_decoding_message_size(limits.max_request_bytes * 2);
    let shutdown = async move {
        shutdown.await;
        let _ = stopping.send(true);
    };
    let (health, health_service) = tonic_health::server::health_reporter();
    health.set_serving::<GameServiceServer<Api<S>>>().await;
    health
        .set_serving::<CampaignServiceServer<Campaigns<S>>>()
        .await;
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

    // Outermost first. The rate limit comes before the in-flight limit, so a caller over its
    // rate never takes an in-flight place from the others.
    let served = tonic::transport::Server::builder()
        .accept_http1(true)
        .layer(cors())
        .layer(crate::web::WebPageLayer)
        .layer(tonic_web::GrpcWebLayer::new())
        // Inside gRPC-Web (sees plain gRPC trailers), outside the limits (counts refusals).
        .layer(RpcLayer::new())
        .layer(CallerLayer::new(caller_header))
        .layer(RateLimitLayer::new(rate))
        .layer(LimitsLayer::new(limits))
        .add_service(health_service)
        .add_service(reflection)
        .add_service(reflection_alpha)
        .add_service(game_service)
        .add_service(campaign_service)
        .serve_with_incoming_shutdown(incoming(listener), shutdown)
        .await;
    sweeper.abort();
    served?;
    Ok(())
}
