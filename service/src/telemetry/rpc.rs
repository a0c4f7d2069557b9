//! One server span and one latency observation per gRPC call, as a tower layer.
//!
//! The span is named after the method (`tablero.v1.GameService/SubmitAction`), carries the
//! OpenTelemetry RPC attributes, and has empty `game_id`/`seat`/`version`/… fields that the
//! handlers fill in with `Span::current().record(…)`; store calls made inside become its
//! children. It ends when the reply body ends, so a stream's span covers the whole stream.
//!
//! The gRPC status is read where tonic puts it: in the response headers of an error reply
//! (trailers-only), else in the trailers after the body. The metrics are grpc-ecosystem's
//! ([`metric::RPC_STARTED`] when a call comes in; [`metric::RPC_HANDLED`] and
//! [`metric::RPC_HANDLING`] when its status is known, so a stream's sample is its whole life:
//! filter on `grpc_type="unary"` for latency). A call whose client goes away first ends as
//! `Canceled`.
//!
//! It sits inside the gRPC-Web translation, so browser calls are seen as plain gRPC (with
//! trailers), and outside the limits layer, so refused calls are counted too.

use super::methods::{Method, Methods};
use super::{metric, traceparent};
use bytes::Bytes;
use futures::future::BoxFuture;
use http_body::{Body as HttpBody, Frame, SizeHint};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Instant;
use tonic::Status;
use tonic::body::Body;
use tower::{Layer, Service};
use tracing::{Instrument, Span, field};
use tracing_opentelemetry::OpenTelemetrySpanExt;

const CANCELLED: i32 = 1;
const UNKNOWN: i32 = 2;

/// The gRPC status code's canonical name (the `code` metric label).
pub fn code_name(code: i32) -> &'static str {
    match code {
        0 => "OK",
        1 => "CANCELLED",
        3 => "INVALID_ARGUMENT",
        4 => "DEADLINE_EXCEEDED",
        5 => "NOT_FOUND",
        6 => "ALREADY_EXISTS",
        7 => "PERMISSION_DENIED",
        8 => "RESOURCE_EXHAUSTED",
        9 => "FAILED_PRECONDITION",
        10 => "ABORTED",
        11 => "OUT_OF_RANGE",
        12 => "UNIMPLEMENTED",
        13 => "INTERNAL",
        14 => "UNAVAILABLE",
        15 => "DATA_LOSS",
        16 => "UNAUTHENTICATED",
        _ => "UNKNOWN",
    }
}

/// The code's name as grpc-ecosystem's metrics label it (Go's `codes.Code` names).
pub fn code_label(code: i32) -> &'static str {
    match code {
        0 => "OK",
        1 => "Canceled",
        3 => "InvalidArgument",
        4 => "DeadlineExceeded",
        5 => "NotFound",
        6 => "AlreadyExists",
        7 => "PermissionDenied",
        8 => "ResourceExhausted",
        9 => "FailedPrecondition",
        10 => "Aborted",
        11 => "OutOfRange",
        12 => "Unimplemented",
        13 => "Internal",
        14 => "Unavailable",
        15 => "DataLoss",
        16 => "Unauthenticated",
        _ => "Unknown",
    }
}

/// The server's own faults (OpenTelemetry's rule for gRPC server spans): logged as errors and
/// marking the span as failed. A client's bad move or stale version is not one.
fn server_fault(code: i32) -> bool {
    matches!(code, 2 | 4 | 12 | 13 | 14 | 15)
}

fn grpc_status(headers: &http::HeaderMap) -> Option<i32> {
    std::str::from_utf8(headers.get("grpc-status")?.as_bytes())
        .ok()?
        .parse()
        .ok()
}

#[derive(Clone, Copy)]
pub struct RpcLayer {
    methods: &'static Methods,
}

impl RpcLayer {
    pub fn new() -> Self {
        RpcLayer {
            methods: Methods::served(),
        }
    }
}

impl Default for RpcLayer {
    fn default() -> Self {
        Self::new()
    }
}

impl<S> Layer<S> for RpcLayer {
    type Service = Rpc<S>;
    fn layer(&self, inner: S) -> Rpc<S> {
        Rpc {
            inner,
            methods: self.methods,
        }
    }
}

#[derive(Clone)]
pub struct Rpc<S> {
    inner: S,
    methods: &'static Methods,
}

impl<S> Service<http::Request<Body>> for Rpc<S>
where
    S: Service<http::Request<Body>, Response = http::Response<Body>>,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
{
    type Response = http::Response<Body>;
    type Error = S::Error;
    type Future = BoxFuture<'static, Result<Self::Response, Self::Error>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: http::Request<Body>) -> Self::Future {
        let method = self.methods.get(req.uri().path());
        let span = tracing::info_span!(
            "rpc",
            otel.name = method.name,
            otel.kind = "server",
            otel.status_code = field::Empty,
            rpc.system = "grpc",
            rpc.service = method.service,
            rpc.method = method.method,
            rpc.grpc.status_code = field::Empty,
            game_type = field::Empty,
            game_id = field::Empty,
            campaign = field::Empty,
            seat = field::Empty,
            version = field::Empty,
            from = field::Empty,
        );
        if let Some(cx) = traceparent::parent(req.headers()) {
            // Fails only when no OpenTelemetry layer is installed: then there is no trace to join.
            let _ = span.set_parent(cx);
        }
        metrics::counter!(
            metric::RPC_STARTED,
            "grpc_type" => method.kind,
            "grpc_service" => method.service,
            "grpc_method" => method.method,
        )
        .increment(1);
        let call = Call {
            method,
            start: Instant::now(),
            span: span.clone(),
            observed: false,
            finished: false,
        };
        // Inside the span: what the inner layers log while taking the call (a refusal) is the
        // call's.
        let future = span.in_scope(|| self.inner.call(req));
        Box::pin(async move {
            let response = future.instrument(span).await?;
            Ok(call.attach(response))
        })
    }
}

/// One call in progress: when it started, its span, and what was already recorded.
struct Call {
    method: &'static Method,
    start: Instant,
    span: Span,
    /// The latency histogram has its sample.
    observed: bool,
    /// The span has its status.
    finished: bool,
}

impl Call {
    /// Records what the reply's head shows and hands the body on, watched for the status.
    fn attach(mut self, response: http::Response<Body>) -> http::Response<Body> {
        if let Some(code) = grpc_status(response.headers()) {
            // Trailers-only: the status is all there is; the span ends here.
            self.finish(code, Some(response.headers()));
            return response;
        }
        response.map(|inner| Body::new(TracedBody { inner, call: self }))
    }

    fn observe(&mut self, code: i32) {
        if std::mem::replace(&mut self.observed, true) {
            return;
        }
        let m = self.method;
        metrics::counter!(
            metric::RPC_HANDLED,
            "grpc_type" => m.kind,
            "grpc_service" => m.service,
            "grpc_method" => m.method,
            "grpc_code" => code_label(code),
        )
        .increment(1);
        metrics::histogram!(
            metric::RPC_HANDLING,
            "grpc_type" => m.kind,
            "grpc_service" => m.service,
            "grpc_method" => m.method,
        )
        .record(self.start.elapsed().as_secs_f64());
    }

    fn finish(&mut self, code: i32, meta: Option<&http::HeaderMap>) {
        if std::mem::replace(&mut self.finished, true) {
            return;
        }
        self.observe(code);
        self.span.record("rpc.grpc.status_code", code);
        let name = code_name(code);
        if server_fault(code) {
            self.span.record("otel.status_code", "error");
            // gRPC percent-encodes the message on the wire; log it as the handler wrote it.
            let message = meta
                .and_then(|m| m.get("grpc-message"))
                .and_then(|v| v.to_str().ok())
                .map(|v| percent_encoding::percent_decode_str(v).decode_utf8_lossy())
                .unwrap_or_default();
            tracing::error!(parent: &self.span, rpc = self.method.name, code = name, message = %message, "rpc failed");
        } else {
            tracing::debug!(
                parent: &self.span,
                code = name,
                elapsed_us = self.start.elapsed().as_micros() as u64,
                "rpc finished"
            );
        }
    }
}

impl Drop for Call {
    /// The client went away (or the body broke off) before a status was sent.
    fn drop(&mut self) {
        self.finish(CANCELLED, None);
    }
}

/// The reply body, passed through unchanged; its trailers carry the call's status.
struct TracedBody {
    inner: Body,
    call: Call,
}

impl HttpBody for TracedBody {
    type Data = Bytes;
    type Error = Status;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Status>>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.inner).poll_frame(cx);
        match &polled {
            Poll::Ready(Some(Ok(frame))) => {
                if let Some(trailers) = frame.trailers_ref() {
                    let code = grpc_status(trailers).unwrap_or(UNKNOWN);
                    this.call.finish(code, Some(trailers));
                }
            }
            Poll::Ready(Some(Err(status))) => this.call.finish(status.code() as i32, None),
            // A gRPC reply always ends in trailers; one that does not has no known status.
            Poll::Ready(None) => this.call.finish(UNKNOWN, None),
            Poll::Pending => {}
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_have_their_canonical_names() {
        assert_eq!(code_name(tonic::Code::Ok as i32), "OK");
        assert_eq!(code_name(tonic::Code::Aborted as i32), "ABORTED");
        assert_eq!(
            code_name(tonic::Code::Unauthenticated as i32),
            "UNAUTHENTICATED"
        );
        assert_eq!(code_name(tonic::Code::Unknown as i32), "UNKNOWN");
        assert_eq!(code_name(99), "UNKNOWN");
    }

    #[test]
    fn the_status_is_read_from_headers_or_trailers() {
        let mut h = http::HeaderMap::new();
        assert_eq!(grpc_status(&h), None);
        h.insert("grpc-status", "10".parse().unwrap());
        assert_eq!(grpc_status(&h), Some(10));
        h.insert("grpc-status", "x".parse().unwrap());
        assert_eq!(grpc_status(&h), None);
    }
}
