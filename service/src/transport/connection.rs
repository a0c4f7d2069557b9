//! One client connection as the rest of the server sees it: how many of its requests are in
//! progress (so an idle connection can be closed), and a way to close it at once (a watch
//! stream whose reader stopped reading holds memory in HTTP/2's buffers until its connection
//! goes). Each request carries its connection's [`Connection`] in its extensions.

use bytes::Bytes;
use http_body::{Body as HttpBody, Frame, SizeHint};
use std::convert::Infallible;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Instant;
use tokio::sync::Notify;
use tonic::body::Body;
use tonic::transport::server::TcpConnectInfo;
use tower::Service;

/// A handle on a connection; clones share it.
#[derive(Clone)]
pub struct Connection(Arc<State>);

struct State {
    /// Requests whose response has not been fully sent (or dropped).
    active: AtomicUsize,
    /// When `active` last fell to zero (or the connection opened).
    idle_since: Mutex<Instant>,
    closing: AtomicBool,
    close: Notify,
}

impl Connection {
    pub(super) fn new() -> Connection {
        Connection(Arc::new(State {
            active: AtomicUsize::new(0),
            idle_since: Mutex::new(Instant::now()),
            closing: AtomicBool::new(false),
            close: Notify::new(),
        }))
    }

    /// Closes the connection now, with every stream on it (no GOAWAY wait).
    pub fn close(&self) {
        self.0.closing.store(true, Ordering::Release);
        self.0.close.notify_one();
    }

    /// Resolves once [`Connection::close`] was called.
    pub(super) async fn closed(&self) {
        if self.0.closing.load(Ordering::Acquire) {
            return;
        }
        self.0.close.notified().await;
    }

    /// How long the connection has had no request in progress (`None` while it has one).
    pub(super) fn idle_for(&self, now: Instant) -> Option<std::time::Duration> {
        if self.0.active.load(Ordering::Acquire) > 0 {
            return None;
        }
        let since = *self.0.idle_since.lock().unwrap_or_else(|e| e.into_inner());
        Some(now.saturating_duration_since(since))
    }

    fn begin(&self) -> Active {
        self.0.active.fetch_add(1, Ordering::AcqRel);
        Active(self.clone())
    }
}

/// One request in progress; dropping it ends it.
struct Active(Connection);

impl Drop for Active {
    fn drop(&mut self) {
        let state = &(self.0).0;
        if state.active.fetch_sub(1, Ordering::AcqRel) == 1 {
            *state.idle_since.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
        }
    }
}

/// The service of one connection: puts the connection and its addresses in each request's
/// extensions and counts the request as active until its response body is done.
#[derive(Clone)]
pub(super) struct Tracked<S> {
    pub inner: S,
    pub connection: Connection,
    pub info: TcpConnectInfo,
}

impl<S, B> Service<http::Request<B>> for Tracked<S>
where
    S: Service<http::Request<Body>, Response = http::Response<Body>, Error = Infallible>
        + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
    B: HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<tonic::codegen::StdError>,
{
    type Response = http::Response<Body>;
    type Error = Infallible;
    type Future = futures::future::BoxFuture<'static, Result<Self::Response, Infallible>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: http::Request<B>) -> Self::Future {
        let active = self.connection.begin();
        let mut req = req.map(Body::new);
        req.extensions_mut().insert(self.connection.clone());
        req.extensions_mut().insert(self.info.clone());
        // The clone is ready only after poll_ready; swap so the ready one serves this call.
        let clone = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, clone);
        Box::pin(async move {
            let response = inner.call(req).await?;
            Ok(response.map(|body| {
                Body::new(Counted {
                    inner: body,
                    _active: active,
                })
            }))
        })
    }
}

/// A response body that keeps its request active until it is done or dropped.
struct Counted {
    inner: Body,
    _active: Active,
}

impl HttpBody for Counted {
    type Data = Bytes;
    type Error = tonic::Status;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, tonic::Status>>> {
        Pin::new(&mut self.inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}
