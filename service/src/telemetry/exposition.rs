//! The Prometheus endpoint: `GET /metrics` on its own port (`--metrics-listen`), in the text
//! exposition format.
//!
//! The `tablero_store_games` gauge is read from the store when a scrape arrives, so it is exact
//! at scrape time and costs nothing between scrapes. It counts the whole store, so only the
//! replica holding the gauges' lease reports it (the others report 0): a `sum` over replicas is
//! the store's count. Everything else is this replica's, recorded as it happens.

use super::{TelemetryError, metric};
use crate::store::Store;
use crate::store::record::GameStatus;
use bytes::Bytes;
use http::{Method, Request, Response, StatusCode, header};
use http_body_util::Full;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;

/// How often histogram samples are folded into their buckets between scrapes (bounds the
/// memory they hold when nobody scrapes).
const UPKEEP_EVERY: Duration = Duration::from_secs(5);

/// Installs the process-wide Prometheus recorder; from now on every metric is kept. Call inside
/// the Tokio runtime (it starts the upkeep task).
pub fn install() -> Result<PrometheusHandle, TelemetryError> {
    let handle = PrometheusBuilder::new()
        .set_buckets(metric::LATENCY_BUCKETS)?
        .install_recorder()?;
    metric::describe();
    metrics::gauge!(
        metric::BUILD_INFO,
        "version" => env!("CARGO_PKG_VERSION"),
        // Set by the build (the Dockerfile and deploy/local pass the git commit).
        "revision" => option_env!("TABLERO_REVISION").unwrap_or("unknown"),
    )
    .set(1.0);
    let upkeep = handle.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(UPKEEP_EVERY);
        loop {
            every.tick().await;
            upkeep.run_upkeep();
        }
    });
    Ok(handle)
}

/// Serves `/metrics` on `listener` for as long as the process runs. `game_types` are the types
/// the games gauge reports (zeros included).
pub async fn serve<S: Store>(
    listener: TcpListener,
    handle: PrometheusHandle,
    store: Arc<S>,
    game_types: Vec<&'static str>,
) {
    let holder = {
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes).expect("the OS random source");
        hex::encode(bytes)
    };
    let scrape = Arc::new(Scrape {
        handle,
        store,
        game_types,
        holder,
    });
    loop {
        let conn = match listener.accept().await {
            Ok((conn, _)) => conn,
            Err(e) => {
                // Out of file descriptors and the like: wait rather than spin.
                tracing::warn!(error = %e, "metrics listener: accept failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let scrape = scrape.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |req| {
                let scrape = scrape.clone();
                async move { Ok::<_, Infallible>(scrape.answer(req).await) }
            });
            let io = hyper_util::rt::TokioIo::new(conn);
            if let Err(e) = hyper::server::conn::http1::Builder::new()
                .serve_connection(io, service)
                .await
            {
                tracing::debug!(error = %e, "metrics connection ended with an error");
            }
        });
    }
}

struct Scrape<S> {
    handle: PrometheusHandle,
    store: Arc<S>,
    game_types: Vec<&'static str>,
    /// Who this replica is, for the gauges' lease.
    holder: String,
}

/// The lease of the store-wide gauges (in the webhook leases' namespace; endpoint names cannot
/// start with `:`). Longer than a scrape interval, so one replica keeps it while it lives.
const GAUGES_LEASE: &str = ":gauges";
const GAUGES_LEASE_MS: u64 = 60_000;

impl<S: Store> Scrape<S> {
    async fn answer<B>(&self, req: Request<B>) -> Response<Full<Bytes>> {
        if req.uri().path() != "/metrics" {
            return plain(StatusCode::NOT_FOUND, "not found: try /metrics\n");
        }
        if req.method() != Method::GET {
            return plain(StatusCode::METHOD_NOT_ALLOWED, "use GET\n");
        }
        self.count_games().await;
        Response::builder()
            .header(
                header::CONTENT_TYPE,
                "text/plain; version=0.0.4; charset=utf-8",
            )
            .body(Full::new(Bytes::from(self.handle.render())))
            .expect("static response parts are valid")
    }

    /// Sets the games gauge from the store if this replica holds the gauges' lease, else to 0;
    /// on failure the last values stay (and it is logged).
    async fn count_games(&self) {
        let lease = crate::store::feed::Lease {
            name: GAUGES_LEASE,
            holder: &self.holder,
            ttl_ms: GAUGES_LEASE_MS,
        };
        match self.store.lease(lease).await {
            Ok(true) => {}
            Ok(false) => {
                for game_type in &self.game_types {
                    for status in [GameStatus::Active, GameStatus::Finished] {
                        metrics::gauge!(
                            metric::GAMES,
                            "game_type" => *game_type,
                            "status" => status.as_str(),
                        )
                        .set(0.0);
                    }
                }
                return;
            }
            Err(e) => {
                tracing::warn!(error = %e, "taking the gauges' lease failed");
                return;
            }
        }
        match self.store.count_games(&self.game_types).await {
            Ok(counts) => {
                for c in counts {
                    metrics::gauge!(
                        metric::GAMES,
                        "game_type" => c.game_type,
                        "status" => c.status.as_str(),
                    )
                    .set(c.games as f64);
                }
            }
            Err(e) => tracing::warn!(error = %e, "counting games for the metrics failed"),
        }
    }
}

fn plain(status: StatusCode, text: &'static str) -> Response<Full<Bytes>> {
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, "text/plain; charset=utf-8")
        .body(Full::new(Bytes::from_static(text.as_bytes())))
        .expect("static response parts are valid")
}
