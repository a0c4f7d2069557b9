//! HTTP/JSON for callers without gRPC: the Connect protocol's unary calls (`POST
//! /tablero.v1.GameService/CreateGame` with `content-type: application/json`, or
//! `application/proto` for binary; a read also as a GET), and its server streams
//! (`application/connect+json`, `application/connect+proto`), on the same port as gRPC.
//!
//! By the specification: errors carry their HTTP status (`canceled` 499, `deadline_exceeded`
//! 504, …) and their details (the rule ID, the current version) as Connect error JSON;
//! `connect-timeout-ms` bounds the call; gzip both ways (or `identity`); the methods the
//! contract marks `NO_SIDE_EFFECTS` also take Connect GET (`?encoding=json&message=…`); an
//! unknown path is 404, a known one with another media type 415 and with another HTTP method
//! 405, each with a Connect error body; the body is read under the gRPC path's size and time
//! limits.
//!
//! A layer in front of the gRPC services translates each Connect call into the gRPC call it
//! stands for and the answer back, so every layer behind it (caller, rate, limits, metrics) and
//! every check of the services applies unchanged; the metadata (`authorization`, `x-api-key`,
//! `tablero-game-id`) are ordinary headers in both. The JSON is proto3's canonical JSON mapping
//! from `prost-reflect` (field names in lowerCamelCase, enums by name, 64-bit numbers as
//! strings), over the contract's descriptors compiled into the binary.
//!
//! # Layout
//!
//! - [`routing`]: which call a request is (method, kind, codec, compression), or its refusal;
//! - [`body`]: envelopes and gzip;
//! - [`error`]: Connect's codes, statuses and error JSON from a gRPC status;
//! - [`answer`]: the gRPC answer as a Connect one, unary or stream;
//! - here: the layer, and the call translated into gRPC.

mod answer;
mod body;
mod error;
mod routing;

use crate::rpc::json::json_to_proto;
use body::{COMPRESSED, Gunzip, envelope, gunzip, take_envelopes};
use bytes::{Bytes, BytesMut};
use http::header::{CONTENT_LENGTH, CONTENT_TYPE};
use http::{HeaderMap, HeaderValue, Request, Response};
use http_body_util::{BodyExt, Full};
use routing::{Call, Codec, Kind, Route, route};
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::time::Instant;
use tonic::body::Body;
use tower::{Layer, Service};

/// A Connect request body larger than this, or its message decompressed, is refused before it
/// is parsed (the gRPC limits behind apply to the translated request too).
const MAX_MESSAGE_BYTES: usize = 1 << 20;
/// How much of a body too large an HTTP/1.1 caller may still send, read and dropped, before
/// the connection is closed under it.
const MAX_DRAIN_BYTES: usize = 8 << 20;
const UNARY_JSON: &str = "application/json";
const UNARY_PROTO: &str = "application/proto";
const STREAM_JSON: &str = "application/connect+json";
const STREAM_PROTO: &str = "application/connect+proto";
/// What `connect-timeout-ms` may hold: at most 10 digits (the specification's bound).
const MAX_TIMEOUT_DIGITS: usize = 10;

#[derive(Clone, Copy)]
pub struct ConnectLayer {
    /// The gRPC path's time for a request body to arrive (`--body-time-ms`).
    body_time: Duration,
}

impl ConnectLayer {
    pub fn new(body_time: Duration) -> Self {
        ConnectLayer { body_time }
    }
}

impl<S> Layer<S> for ConnectLayer {
    type Service = Connect<S>;
    fn layer(&self, inner: S) -> Connect<S> {
        Connect {
            inner,
            body_time: self.body_time,
        }
    }
}

#[derive(Clone)]
pub struct Connect<S> {
    inner: S,
    body_time: Duration,
}

impl<S> Service<Request<Body>> for Connect<S>
where
    S: Service<Request<Body>, Response = Response<Body>> + Clone + Send + 'static,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
{
    type Response = Response<Body>;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Response<Body>, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request<Body>) -> Self::Future {
        let call = match route(&req) {
            Route::Pass => return Box::pin(self.inner.call(req)),
            Route::Refuse(response) => return Box::pin(async move { Ok(response) }),
            Route::Call(call) => call,
        };
        // The ready inner service serves this call; a clone takes its place.
        let clone = self.inner.clone();
        let inner = std::mem::replace(&mut self.inner, clone);
        Box::pin(translate(inner, req, call, self.body_time))
    }
}

/// The call's deadline from `connect-timeout-ms`; `Err` when the header is malformed.
fn timeout_of(headers: &HeaderMap) -> Result<Option<Duration>, ()> {
    let Some(value) = headers.get("connect-timeout-ms") else {
        return Ok(None);
    };
    let text = value.to_str().map_err(|_| ())?;
    if text.is_empty()
        || text.len() > MAX_TIMEOUT_DIGITS
        || !text.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(());
    }
    Ok(Some(Duration::from_millis(text.parse().map_err(|_| ())?)))
}

/// A Connect call through the gRPC service `inner`.
async fn translate<S>(
    mut inner: S,
    req: Request<Body>,
    mut call: Call,
    body_time: Duration,
) -> Result<Response<Body>, S::Error>
where
    S: Service<Request<Body>, Response = Response<Body>>,
{
    let (kind, codec) = (call.kind, call.codec);
    let refuse = |code, message: &str| Ok(answer::refusal(kind, codec, code, message));
    match (kind, call.method.is_server_streaming()) {
        (Kind::Unary, true) => {
            return refuse(
                tonic::Code::InvalidArgument,
                "a streaming method: send application/connect+json or application/connect+proto",
            );
        }
        (Kind::ServerStream, false) => {
            return refuse(
                tonic::Code::InvalidArgument,
                "a unary method: send application/json or application/proto",
            );
        }
        _ => {}
    }
    let Ok(timeout) = timeout_of(req.headers()) else {
        return refuse(
            tonic::Code::InvalidArgument,
            "connect-timeout-ms is 1 to 10 digits of milliseconds",
        );
    };
    let deadline = timeout.map(|t| Instant::now() + t);
    let (mut parts, body) = req.into_parts();
    let message = match call.query_message.take() {
        Some(message) => message,
        None => match read_body(
            body,
            body_time,
            deadline,
            parts.version < http::Version::HTTP_2,
        )
        .await
        {
            Ok(body) => body,
            Err((code, message)) => {
                let mut refused = answer::refusal(kind, codec, code, &message);
                // The rest of the body is still on an HTTP/1.1 connection: say it closes, so
                // the client does not send its next request into it.
                if parts.version < http::Version::HTTP_2 {
                    refused
                        .headers_mut()
                        .insert(http::header::CONNECTION, HeaderValue::from_static("close"));
                }
                return Ok(refused);
            }
        },
    };
    let message = match unwrap_message(&call, message) {
        Ok(message) => message,
        Err((code, message)) => return refuse(code, &message),
    };
    let proto = match codec {
        Codec::Proto => message.to_vec(),
        Codec::Json => match json_to_proto(call.method.input(), &message) {
            Ok(p) => p,
            Err(e) => {
                return refuse(
                    tonic::Code::InvalidArgument,
                    &format!("the JSON is not a {}: {e}", call.method.input().full_name()),
                );
            }
        },
    };
    parts.method = http::Method::POST;
    parts
        .headers
        .insert(CONTENT_TYPE, HeaderValue::from_static("application/grpc"));
    parts
        .headers
        .insert("te", HeaderValue::from_static("trailers"));
    parts.headers.remove(CONTENT_LENGTH);
    // The Connect headers are this layer's; the gRPC call has its own encoding (none).
    for name in [
        "content-encoding",
        "accept-encoding",
        "connect-content-encoding",
        "connect-accept-encoding",
        "connect-timeout-ms",
    ] {
        parts.headers.remove(name);
    }
    // gRPC is HTTP/2 (tonic-web does the same for HTTP/1.1 callers).
    parts.version = http::Version::HTTP_2;
    let grpc = Request::from_parts(parts, Body::new(Full::new(envelope(0, &proto))));
    let expired = || {
        answer::refusal(
            kind,
            codec,
            tonic::Code::DeadlineExceeded,
            "the call did not finish within connect-timeout-ms",
        )
    };
    let pending = inner.call(grpc);
    let response = match deadline {
        Some(d) => match tokio::time::timeout_at(d, pending).await {
            Ok(r) => r?,
            Err(_) => return Ok(expired()),
        },
        None => pending.await?,
    };
    let output = call.method.output();
    Ok(match kind {
        Kind::Unary => {
            let answer = answer::unary(response, output, codec, call.gzip_out);
            match deadline {
                Some(d) => tokio::time::timeout_at(d, answer)
                    .await
                    .unwrap_or_else(|_| expired()),
                None => answer.await,
            }
        }
        Kind::ServerStream => answer::stream(response, output, codec, call.gzip_out, deadline),
    })
}

/// The request body, read within the gRPC path's time (and the call's deadline) and size.
async fn read_body(
    body: Body,
    body_time: Duration,
    deadline: Option<Instant>,
    drain: bool,
) -> Result<Bytes, (tonic::Code, String)> {
    let limit = Instant::now() + body_time;
    let limit = deadline.map_or(limit, |d| d.min(limit));
    match tokio::time::timeout_at(limit, collect_at_most(body, MAX_MESSAGE_BYTES, drain)).await {
        Ok(Ok(b)) => Ok(b),
        Ok(Err(e)) => {
            super::limits::refused("too_large");
            Err((tonic::Code::ResourceExhausted, e.to_string()))
        }
        Err(_) if deadline.is_some_and(|d| d <= Instant::now()) => Err((
            tonic::Code::DeadlineExceeded,
            "the request body did not arrive within connect-timeout-ms".into(),
        )),
        Err(_) => {
            super::limits::refused("timeout");
            Err((
                tonic::Code::ResourceExhausted,
                format!(
                    "the request body did not arrive within the server's limit of {} ms",
                    body_time.as_millis()
                ),
            ))
        }
    }
}

/// Why a request body was not read.
#[derive(Debug, thiserror::Error)]
enum Unread {
    #[error("request body larger than {0} bytes")]
    TooLarge(usize),
    #[error("the request body is unreadable: {0}")]
    Broken(tonic::Status),
}

/// At most `max` bytes of `body`. With `drain` (an HTTP/1.1 caller) the rest of a body too
/// large is read and dropped, up to [`MAX_DRAIN_BYTES`], so the caller, still writing it,
/// reads the refusal instead of a broken pipe; memory holds `max` bytes at most either way.
async fn collect_at_most(mut body: Body, max: usize, drain: bool) -> Result<Bytes, Unread> {
    let mut kept = BytesMut::new();
    let mut seen = 0usize;
    while let Some(frame) = body.frame().await {
        let Ok(data) = frame.map_err(Unread::Broken)?.into_data() else {
            continue; // trailers
        };
        seen = seen.saturating_add(data.len());
        if seen <= max {
            kept.extend_from_slice(&data);
        } else if !drain || seen > MAX_DRAIN_BYTES {
            return Err(Unread::TooLarge(max));
        }
    }
    if seen > max {
        return Err(Unread::TooLarge(max));
    }
    Ok(kept.freeze())
}

/// The request's one message: out of its envelope (a stream's), decompressed when gzip.
fn unwrap_message(call: &Call, body: Bytes) -> Result<Bytes, (tonic::Code, String)> {
    let (compressed, message) = match call.kind {
        Kind::Unary => (call.gzip_in, body),
        Kind::ServerStream => {
            let mut buf = BytesMut::from(&body[..]);
            match take_envelopes(&mut buf).pop() {
                Some((flags, payload)) if buf.is_empty() && flags & !COMPRESSED == 0 => {
                    if flags == COMPRESSED && !call.gzip_in {
                        return Err((
                            tonic::Code::InvalidArgument,
                            "a compressed message without connect-content-encoding".into(),
                        ));
                    }
                    (flags == COMPRESSED, payload)
                }
                _ => {
                    return Err((
                        tonic::Code::InvalidArgument,
                        "send one enveloped message".into(),
                    ));
                }
            }
        }
    };
    if !compressed {
        return Ok(message);
    }
    gunzip(&message, MAX_MESSAGE_BYTES).map_err(|e| match e {
        Gunzip::TooLarge(_) => {
            super::limits::refused("too_large");
            (tonic::Code::ResourceExhausted, e.to_string())
        }
        Gunzip::Corrupt(_) => (tonic::Code::InvalidArgument, e.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rpc::json::proto_to_json;
    use prost::Message;

    #[test]
    fn json_round_trips_through_protobuf_with_proto3_names() {
        let m = routing::method("/tablero.v1.GameService/ListGames").unwrap();
        let proto = json_to_proto(
            m.input(),
            br#"{"gameType":"claim","pageSize":5,"toAct":false}"#,
        )
        .unwrap();
        let decoded = tablero_proto::v1::ListGamesRequest::decode(&proto[..]).unwrap();
        assert_eq!(
            (decoded.game_type.as_str(), decoded.page_size),
            ("claim", 5)
        );
        assert!(json_to_proto(m.input(), br#"{"noSuchField":1}"#).is_err());
        assert!(json_to_proto(m.input(), br#"{"pageSize":5} trailing"#).is_err());
        let out = proto_to_json(m.input(), &proto).unwrap();
        assert_eq!(out, br#"{"gameType":"claim","pageSize":5}"#);
    }
}
