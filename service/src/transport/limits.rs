//! Server limits (applied by [`crate::transport::guard`]): request size, time to send the
//! request, in-flight requests and time per request. Each refusal is a gRPC RESOURCE_EXHAUSTED status, never a bare HTTP
//! error, so every client sees a proper code.
//!
//! The request body is read whole (it is one protobuf message) under its own short time limit
//! *before* an in-flight place is taken: a client that sends headers and stalls its body holds
//! nothing the others need. Health checks and reflection skip the in-flight limit, so a busy
//! server still answers its orchestrator.

use bytes::Bytes;
use http_body::{Body as HttpBody, Frame, SizeHint};
use http_body_util::BodyExt;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::sync::Semaphore;
use tonic::Status;
use tonic::body::Body;
use tower::Service;

#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Requests handled at once; more are refused at once rather than queued.
    pub max_in_flight: usize,
    /// The longest a unary request may take (a stream only for its opening).
    pub request_time: Duration,
    /// The largest request body in bytes.
    pub max_request_bytes: usize,
    /// The longest a client may take to send its request body.
    pub body_time: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_in_flight: 1024,
            request_time: Duration::from_secs(10),
            max_request_bytes: 256 * 1024,
            body_time: Duration::from_secs(5),
        }
    }
}

/// Calls that never wait behind the limits: the orchestrator's health checks and reflection.
pub fn is_exempt(path: &str) -> bool {
    path.starts_with("/grpc.health.v1.Health/") || path.starts_with("/grpc.reflection.")
}

/// `req`'s body under the size limit, for the calls that skip the rest ([`is_exempt`]).
pub(super) fn size_limited(req: http::Request<Body>, limits: Limits) -> http::Request<Body> {
    req.map(|b| Body::new(LimitedBody::new(b, limits)))
}

/// Calls `inner` with `req` within every limit: the body read whole under its size and time
/// limits, then an in-flight place (refused at once when none is free), then the time limit.
pub(super) async fn call_within<S>(
    mut inner: S,
    req: http::Request<Body>,
    limits: Limits,
    permits: Arc<Semaphore>,
) -> Result<http::Response<Body>, S::Error>
where
    S: Service<http::Request<Body>, Response = http::Response<Body>>,
{
    let (parts, body) = req.into_parts();
    let limited = LimitedBody::new(body, limits);
    let bytes = match tokio::time::timeout(limits.body_time, limited.collect()).await {
        Ok(Ok(collected)) => collected.to_bytes(),
        Ok(Err(status)) => {
            refused("too_large");
            return Ok(status.into_http());
        }
        Err(_) => {
            refused("timeout");
            tracing::warn!(
                limit_ms = limits.body_time.as_millis() as u64,
                "refused a request whose body did not arrive in time"
            );
            return Ok(Status::resource_exhausted(format!(
                "the request body did not arrive within the server's limit of {} ms",
                limits.body_time.as_millis()
            ))
            .into_http());
        }
    };
    let Ok(permit) = permits.try_acquire_owned() else {
        refused("too_many_in_flight");
        tracing::warn!(
            limit = limits.max_in_flight,
            "refused a request: too many in flight"
        );
        return Ok(
            Status::resource_exhausted("server busy: too many requests in flight").into_http(),
        );
    };
    let req = http::Request::from_parts(parts, Body::new(http_body_util::Full::new(bytes)));
    let time = limits.request_time;
    let result = tokio::time::timeout(time, inner.call(req)).await;
    drop(permit);
    match result {
        Ok(r) => r,
        Err(_) => {
            refused("timeout");
            tracing::warn!(
                limit_ms = time.as_millis() as u64,
                "a request ran out of time"
            );
            Ok(Status::resource_exhausted(format!(
                "request took longer than the server's limit of {} ms",
                time.as_millis()
            ))
            .into_http())
        }
    }
}

/// Counts a refusal by its reason (`tablero_refusals_total`).
pub(super) fn refused(reason: &'static str) {
    metrics::counter!(crate::telemetry::metric::REFUSALS, "reason" => reason).increment(1);
}

/// A request body that fails with RESOURCE_EXHAUSTED once it grows past the limit.
struct LimitedBody {
    inner: Body,
    remaining: usize,
    limit: usize,
}

impl LimitedBody {
    fn new(inner: Body, limits: Limits) -> LimitedBody {
        LimitedBody {
            inner,
            remaining: limits.max_request_bytes,
            limit: limits.max_request_bytes,
        }
    }
}

impl HttpBody for LimitedBody {
    type Data = Bytes;
    type Error = Status;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Status>>> {
        let this = &mut *self;
        match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => {
                if let Some(data) = frame.data_ref() {
                    if data.len() > this.remaining {
                        return Poll::Ready(Some(Err(Status::resource_exhausted(format!(
                            "request larger than the server's limit of {} bytes",
                            this.limit
                        )))));
                    }
                    this.remaining -= data.len();
                }
                Poll::Ready(Some(Ok(frame)))
            }
            other => other,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}
