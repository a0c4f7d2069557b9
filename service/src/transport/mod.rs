//! The connection layer: accepts TCP (optionally TLS) connections and serves each with hyper
//! (HTTP/2 for gRPC, HTTP/1.1 for gRPC-Web and the play page) under limits that hold when a
//! client misbehaves:
//!
//! - at most [`Settings::max_concurrent_streams`] streams per HTTP/2 connection (advertised in
//!   SETTINGS; more are refused by the protocol);
//! - at most [`Settings::max_send_buf`] bytes buffered per stream for a slow reader;
//! - HTTP/2 keepalive PINGs, and a connection that does not answer them is closed;
//! - a connection with no request in progress for [`Settings::idle_timeout`] is closed (a silent
//!   TCP socket, a preface and nothing else, a client that only answers PINGs);
//! - a connection older than [`Settings::max_connection_age`] gets GOAWAY, then is closed after
//!   [`Settings::max_connection_age_grace`] (so long-lived connections rebalance over replicas);
//! - a TLS handshake must finish within [`Settings::handshake_timeout`].
//!
//! On shutdown it stops accepting, sends GOAWAY on every connection and waits for the requests
//! in flight (at most [`Settings::drain_timeout`]).
//!
//! It is written here rather than taken from `tonic::transport::Server` because that server
//! offers no idle timeout, no per-stream send buffer bound and no way for a request to close its
//! own connection.
//!
//! Above the connections sit the request layers: [`guard`] (the caller, its rate from [`rate`],
//! and the [`limits`]: body time, requests in flight, request time) and [`web`] (the browser
//! play page).

pub mod connect;
mod connection;
pub mod guard;
pub mod limits;
pub mod rate;
pub mod tls;
pub mod web;

pub use crate::edge::Connection;

use connection::Tracked;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::service::TowerToHyperService;
use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::task::JoinSet;
use tokio_rustls::{TlsAcceptor, rustls};
use tonic::body::Body;
use tonic::transport::server::TcpConnectInfo;
use tower::Service;

/// How connections are served.
#[derive(Clone, Debug)]
pub struct Settings {
    pub max_concurrent_streams: u32,
    pub max_send_buf: usize,
    pub keepalive_interval: Duration,
    pub keepalive_timeout: Duration,
    pub idle_timeout: Duration,
    pub max_connection_age: Duration,
    pub max_connection_age_grace: Duration,
    pub handshake_timeout: Duration,
    pub drain_timeout: Duration,
    /// Serve TLS with this configuration.
    pub tls: Option<Arc<rustls::ServerConfig>>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            max_concurrent_streams: 128,
            // h2 hands a stream send capacity from the connection's window even while the
            // stream's own window is closed, and buffers what it is given up to this much: a
            // reader that never opens its window pins at most this (plus one message).
            max_send_buf: 8 * 1024,
            keepalive_interval: Duration::from_secs(30),
            keepalive_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(300),
            max_connection_age: Duration::from_secs(3600),
            max_connection_age_grace: Duration::from_secs(30),
            handshake_timeout: Duration::from_secs(10),
            drain_timeout: Duration::from_secs(30),
            tls: None,
        }
    }
}

/// The HTTP server of every connection.
fn builder(settings: &Settings) -> auto::Builder<TokioExecutor> {
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder
        .http2()
        .timer(TokioTimer::new())
        .max_concurrent_streams(settings.max_concurrent_streams)
        .max_send_buf_size(settings.max_send_buf)
        .keep_alive_interval(settings.keepalive_interval)
        .keep_alive_timeout(settings.keepalive_timeout);
    // hyper enforces its HTTP/1 header read timeout only with a timer.
    builder.http1().timer(TokioTimer::new());
    builder
}

/// Serves `service` on `listener` until `shutdown` resolves, then drains.
pub async fn serve<S>(
    listener: TcpListener,
    service: S,
    settings: Settings,
    shutdown: impl Future<Output = ()> + Send,
) -> std::io::Result<()>
where
    S: Service<http::Request<Body>, Response = http::Response<Body>, Error = Infallible>
        + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
{
    let settings = Arc::new(settings);
    let http = Arc::new(builder(&settings));
    let tls = settings.tls.clone().map(TlsAcceptor::from);
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let mut connections = JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            _ = &mut shutdown => break,
            accepted = listener.accept() => accepted,
            // Reap finished connection tasks as they end, so the set stays small.
            Some(_) = connections.join_next(), if !connections.is_empty() => continue,
        };
        let (tcp, peer) = match accepted {
            Ok(a) => a,
            Err(e) => {
                // Out of file descriptors and the like: wait a moment rather than spin.
                tracing::warn!(error = %e, "accepting a connection failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        // Small gRPC replies must not wait ~40 ms for a delayed ACK.
        let _ = tcp.set_nodelay(true);
        let info = TcpConnectInfo {
            local_addr: tcp.local_addr().ok(),
            remote_addr: Some(peer),
        };
        let service = service.clone();
        let (settings, http, tls, stop) =
            (settings.clone(), http.clone(), tls.clone(), stop_rx.clone());
        connections.spawn(async move {
            let connection = Connection::new();
            let tracked = Tracked {
                inner: service,
                connection: connection.clone(),
                info,
            };
            match tls {
                Some(acceptor) => {
                    let Ok(Ok(stream)) =
                        tokio::time::timeout(settings.handshake_timeout, acceptor.accept(tcp))
                            .await
                    else {
                        return;
                    };
                    run(stream, tracked, connection, &settings, &http, stop).await;
                }
                None => run(tcp, tracked, connection, &settings, &http, stop).await,
            }
        });
    }
    // Stop accepting (closes the socket), then let every connection finish what it has.
    drop(listener);
    let _ = stop_tx.send(true);
    let drained = tokio::time::timeout(settings.drain_timeout, async {
        while connections.join_next().await.is_some() {}
    })
    .await;
    if drained.is_err() {
        tracing::warn!(
            left = connections.len(),
            "connections still open after the drain time; closing them"
        );
        connections.abort_all();
    }
    Ok(())
}

/// Serves one connection until it ends, is idle, too old, closed by a request, or the server
/// stops.
async fn run<IO, S>(
    io: IO,
    service: Tracked<S>,
    connection: Connection,
    settings: &Settings,
    http: &auto::Builder<TokioExecutor>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) where
    IO: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
    S: Service<http::Request<Body>, Response = http::Response<Body>, Error = Infallible>
        + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
{
    let conn = http.serve_connection(TokioIo::new(io), TowerToHyperService::new(service));
    tokio::pin!(conn);
    let opened = Instant::now();
    // Checked a few times per idle timeout: closing up to a quarter late is fine.
    let mut idle_check =
        tokio::time::interval((settings.idle_timeout / 4).max(Duration::from_millis(50)));
    idle_check.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let aged = tokio::time::sleep(settings.max_connection_age);
    tokio::pin!(aged);
    // Once GOAWAY is sent: when to stop waiting for the streams still open.
    let mut force_at: Option<tokio::time::Instant> = None;
    loop {
        let stopping = async {
            // The guard `wait_for` returns is not Send: drop it inside this block.
            let _ = stop.wait_for(|stopping| *stopping).await;
        };
        let force = async {
            match force_at {
                Some(at) => tokio::time::sleep_until(at).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            result = conn.as_mut() => {
                if let Err(e) = result {
                    tracing::debug!(error = %e, "connection ended with an error");
                }
                return;
            }
            _ = connection.closed() => return,
            _ = force => {
                tracing::debug!("connection closed after its grace period");
                return;
            }
            _ = &mut aged, if force_at.is_none() => {
                conn.as_mut().graceful_shutdown();
                force_at = Some(tokio::time::Instant::now() + settings.max_connection_age_grace);
            }
            _ = idle_check.tick(), if force_at.is_none() => {
                let now = Instant::now();
                if connection.idle_for(now).is_some_and(|idle| idle >= settings.idle_timeout) {
                    tracing::debug!(age_s = (now - opened).as_secs(), "closing an idle connection");
                    conn.as_mut().graceful_shutdown();
                    // Nothing is in flight: a moment for GOAWAY to go out, then close.
                    force_at = Some(tokio::time::Instant::now() + Duration::from_secs(1));
                }
            }
            _ = stopping, if force_at.is_none() => {
                conn.as_mut().graceful_shutdown();
                force_at = Some(tokio::time::Instant::now() + settings.drain_timeout);
            }
        }
    }
}
