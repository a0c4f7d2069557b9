//! HTTP/JSON for callers without gRPC: the Connect protocol's unary calls (`POST
//! /tablero.v1.GameService/CreateGame` with `content-type: application/json`, or
//! `application/proto` for binary) and its server streams (`application/connect+json`,
//! `application/connect+proto`), on the same port as gRPC.
//!
//! By the specification: errors carry their HTTP status (`canceled` 499, `deadline_exceeded`
//! 504, …) and their details (the rule ID, the current version) as Connect error JSON;
//! `connect-timeout-ms` bounds the call; an unknown path is 404, a known one with another media
//! type 415 and with GET 405, each with a Connect error body; the body is read under the gRPC
//! path's size and time limits. Compression other than `identity` is answered `unimplemented`,
//! as the specification asks of a server without it.
//!
//! A layer in front of the gRPC services translates each Connect call into the gRPC call it
//! stands for and the answer back, so every layer behind it (caller, rate, limits, metrics) and
//! every check of the services applies unchanged; the metadata (`authorization`, `x-api-key`,
//! `tablero-game-id`) are ordinary headers in both. The JSON is proto3's canonical JSON mapping
//! from `prost-reflect` (field names in lowerCamelCase, enums by name, 64-bit numbers as
//! strings), over the contract's descriptors compiled into the binary.

use crate::rpc::games::bounds::pool;
use crate::rpc::json::{json_to_proto, proto_to_json};
use bytes::{Buf, BufMut, Bytes, BytesMut};
use http::header::{CONTENT_LENGTH, CONTENT_TYPE};
use http::{HeaderMap, HeaderValue, Method, Request, Response, StatusCode};
use http_body::Frame;
use http_body_util::{BodyExt, Full, Limited, StreamBody};
use prost_reflect::{MessageDescriptor, MethodDescriptor};
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use tonic::body::Body;
use tower::{Layer, Service};

/// A Connect request body larger than this is refused before it is parsed (the gRPC limits
/// behind apply to the translated request too).
const MAX_JSON_BYTES: usize = 1 << 20;
const UNARY_JSON: &str = "application/json";
const UNARY_PROTO: &str = "application/proto";
const STREAM_JSON: &str = "application/connect+json";
const STREAM_PROTO: &str = "application/connect+proto";
/// What `connect-timeout-ms` may hold: at most 10 digits (the specification's bound).
const MAX_TIMEOUT_DIGITS: usize = 10;
/// A Connect stream's end message is flagged so.
const END_STREAM: u8 = 0x02;

/// The method a path names: `/tablero.v1.GameService/CreateGame`.
fn method(path: &str) -> Option<MethodDescriptor> {
    let (service, method) = path.strip_prefix('/')?.split_once('/')?;
    pool()
        .get_service_by_name(service)?
        .methods()
        .find(|m| m.name() == method)
}

/// What kind of Connect call a request is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Unary,
    ServerStream,
}

/// How its messages are encoded.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Codec {
    Json,
    Proto,
}

/// What to do with a request.
enum Route {
    /// gRPC or gRPC-Web: the services behind answer it.
    Pass,
    Call(Kind, Codec),
    /// Not a call this server takes: the answer, already made.
    Refuse(Response<Body>),
}

fn route(req: &Request<Body>) -> Route {
    let content_type = req
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let base = content_type.split(';').next().unwrap_or_default().trim();
    if base.starts_with("application/grpc") {
        return Route::Pass;
    }
    let Some(method) = method(req.uri().path()) else {
        return Route::Refuse(error_with(
            StatusCode::NOT_FOUND,
            tonic::Code::Unimplemented,
            "no such method: paths are /<package>.<Service>/<Method>",
        ));
    };
    if req.method() != Method::POST {
        let mut refused = error_with(
            StatusCode::METHOD_NOT_ALLOWED,
            tonic::Code::Unimplemented,
            "call with POST",
        );
        refused
            .headers_mut()
            .insert(http::header::ALLOW, HeaderValue::from_static("POST"));
        return Route::Refuse(refused);
    }
    let (kind, codec) = match base {
        UNARY_JSON => (Kind::Unary, Codec::Json),
        UNARY_PROTO => (Kind::Unary, Codec::Proto),
        STREAM_JSON => (Kind::ServerStream, Codec::Json),
        STREAM_PROTO => (Kind::ServerStream, Codec::Proto),
        _ => {
            let accepted = if method.is_server_streaming() {
                "application/connect+json, application/connect+proto"
            } else {
                "application/json, application/proto"
            };
            let mut refused = error_with(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                tonic::Code::Unknown,
                &format!("unsupported content type `{base}`: send {accepted}"),
            );
            refused
                .headers_mut()
                .insert("accept-post", HeaderValue::from_static(accepted));
            return Route::Refuse(refused);
        }
    };
    let encoding = match kind {
        Kind::Unary => "content-encoding",
        Kind::ServerStream => "connect-content-encoding",
    };
    if let Some(e) = req.headers().get(encoding)
        && e.as_bytes() != b"identity"
    {
        let mut refused = error_with(
            code_name(tonic::Code::Unimplemented).1,
            tonic::Code::Unimplemented,
            "this server takes uncompressed bodies only (identity)",
        );
        let accept = match kind {
            Kind::Unary => "accept-encoding",
            Kind::ServerStream => "connect-accept-encoding",
        };
        refused
            .headers_mut()
            .insert(accept, HeaderValue::from_static("identity"));
        return Route::Refuse(refused);
    }
    Route::Call(kind, codec)
}

/// The call's deadline from `connect-timeout-ms`; `Err` when the header is malformed.
fn timeout_of(headers: &HeaderMap) -> Result<Option<std::time::Duration>, ()> {
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
    Ok(Some(std::time::Duration::from_millis(
        text.parse().map_err(|_| ())?,
    )))
}

/// Connect's name of a gRPC status code, and the HTTP status of a unary error with it.
fn code_name(code: tonic::Code) -> (&'static str, StatusCode) {
    use tonic::Code::*;
    match code {
        Ok => ("ok", StatusCode::OK),
        // 499: "client closed request", as the specification has it.
        Cancelled => (
            "canceled",
            StatusCode::from_u16(499).expect("a valid status"),
        ),
        Unknown => ("unknown", StatusCode::INTERNAL_SERVER_ERROR),
        InvalidArgument => ("invalid_argument", StatusCode::BAD_REQUEST),
        DeadlineExceeded => ("deadline_exceeded", StatusCode::GATEWAY_TIMEOUT),
        NotFound => ("not_found", StatusCode::NOT_FOUND),
        AlreadyExists => ("already_exists", StatusCode::CONFLICT),
        PermissionDenied => ("permission_denied", StatusCode::FORBIDDEN),
        ResourceExhausted => ("resource_exhausted", StatusCode::TOO_MANY_REQUESTS),
        FailedPrecondition => ("failed_precondition", StatusCode::BAD_REQUEST),
        Aborted => ("aborted", StatusCode::CONFLICT),
        OutOfRange => ("out_of_range", StatusCode::BAD_REQUEST),
        Unimplemented => ("unimplemented", StatusCode::NOT_IMPLEMENTED),
        Internal => ("internal", StatusCode::INTERNAL_SERVER_ERROR),
        Unavailable => ("unavailable", StatusCode::SERVICE_UNAVAILABLE),
        DataLoss => ("data_loss", StatusCode::INTERNAL_SERVER_ERROR),
        Unauthenticated => ("unauthenticated", StatusCode::UNAUTHORIZED),
    }
}

/// A gRPC status as the service sent it: code, message and details (`grpc-status-details-bin`).
struct Failure {
    code: tonic::Code,
    message: String,
    details: Vec<prost_types::Any>,
}

/// `google.rpc.Status`, the encoding of `grpc-status-details-bin`.
#[derive(Clone, PartialEq, prost::Message)]
struct RpcStatus {
    #[prost(int32, tag = "1")]
    code: i32,
    #[prost(string, tag = "2")]
    message: String,
    #[prost(message, repeated, tag = "3")]
    details: Vec<prost_types::Any>,
}

/// `{"code", "message", "details": [{"type", "value"}]}`, Connect's error body; a detail's
/// type is its message's full name and its value the message's bytes in base64.
fn error_json(failure: &Failure) -> serde_json::Value {
    use base64::Engine;
    let mut json = serde_json::json!({
        "code": code_name(failure.code).0,
        "message": failure.message,
    });
    if !failure.details.is_empty() {
        json["details"] = failure
            .details
            .iter()
            .map(|d| {
                serde_json::json!({
                    "type": d.type_url.rsplit('/').next().unwrap_or_default(),
                    "value": base64::engine::general_purpose::STANDARD_NO_PAD.encode(&d.value),
                })
            })
            .collect();
    }
    json
}

/// A unary error: the code's HTTP status and the error body.
fn unary_failure(failure: &Failure) -> Response<Body> {
    let mut response = error_with(code_name(failure.code).1, failure.code, &failure.message);
    *response.body_mut() = Body::new(Full::new(Bytes::from(error_json(failure).to_string())));
    response
}

fn unary_error(code: tonic::Code, message: &str) -> Response<Body> {
    error_with(code_name(code).1, code, message)
}

/// An error body with an HTTP status of its own (404, 405, 415 are not a code's).
fn error_with(status: StatusCode, code: tonic::Code, message: &str) -> Response<Body> {
    let body = error_json(&Failure {
        code,
        message: message.to_string(),
        details: Vec::new(),
    })
    .to_string();
    Response::builder()
        .status(status)
        .header(CONTENT_TYPE, UNARY_JSON)
        .body(Body::new(Full::new(Bytes::from(body))))
        .expect("a valid response")
}

/// The status a gRPC response carries in `headers` (a trailers-only answer) or its trailers.
fn grpc_status(headers: &HeaderMap) -> Option<Failure> {
    use base64::Engine;
    let code = headers
        .get("grpc-status")?
        .to_str()
        .ok()?
        .parse::<i32>()
        .ok()?;
    let message = headers
        .get("grpc-message")
        .and_then(|m| m.to_str().ok())
        .map(|m| {
            percent_encoding::percent_decode_str(m)
                .decode_utf8_lossy()
                .into_owned()
        })
        .unwrap_or_default();
    // Binary metadata is base64, padded or not.
    let details = headers
        .get("grpc-status-details-bin")
        .and_then(|v| {
            let text = v.as_bytes();
            base64::engine::general_purpose::STANDARD_NO_PAD
                .decode(
                    text.strip_suffix(b"==")
                        .or(text.strip_suffix(b"="))
                        .unwrap_or(text),
                )
                .ok()
        })
        .and_then(|bytes| <RpcStatus as prost::Message>::decode(&bytes[..]).ok())
        .map(|s| s.details)
        .unwrap_or_default();
    Some(Failure {
        code: tonic::Code::from_i32(code),
        message,
        details,
    })
}

/// One length-prefixed message (gRPC's and Connect's envelopes are the same shape).
fn envelope(flags: u8, payload: &[u8]) -> Bytes {
    let mut out = BytesMut::with_capacity(5 + payload.len());
    out.put_u8(flags);
    out.put_u32(payload.len() as u32);
    out.put_slice(payload);
    out.freeze()
}

/// Splits whole envelopes off the front of `buf`: (flags, payload) each.
fn take_envelopes(buf: &mut BytesMut) -> Vec<(u8, Bytes)> {
    let mut out = Vec::new();
    while buf.len() >= 5 {
        let len = u32::from_be_bytes([buf[1], buf[2], buf[3], buf[4]]) as usize;
        if buf.len() < 5 + len {
            break;
        }
        let flags = buf[0];
        buf.advance(5);
        out.push((flags, buf.split_to(len).freeze()));
    }
    out
}

#[derive(Clone, Copy)]
pub struct ConnectLayer {
    /// The gRPC path's time for a request body to arrive (`--body-time-ms`).
    body_time: std::time::Duration,
}

impl ConnectLayer {
    pub fn new(body_time: std::time::Duration) -> Self {
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
    body_time: std::time::Duration,
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
        let (kind, codec) = match route(&req) {
            Route::Pass => return Box::pin(self.inner.call(req)),
            Route::Refuse(response) => return Box::pin(async move { Ok(response) }),
            Route::Call(kind, codec) => (kind, codec),
        };
        // The ready inner service serves this call; a clone takes its place.
        let clone = self.inner.clone();
        let inner = std::mem::replace(&mut self.inner, clone);
        Box::pin(translate(inner, req, kind, codec, self.body_time))
    }
}

/// A Connect call through the gRPC service `inner`.
async fn translate<S>(
    mut inner: S,
    req: Request<Body>,
    kind: Kind,
    codec: Codec,
    body_time: std::time::Duration,
) -> Result<Response<Body>, S::Error>
where
    S: Service<Request<Body>, Response = Response<Body>>,
{
    let method = method(req.uri().path()).expect("routed calls name a method");
    match (kind, method.is_server_streaming()) {
        (Kind::Unary, true) => {
            return Ok(unary_error(
                tonic::Code::InvalidArgument,
                "a streaming method: send application/connect+json or application/connect+proto",
            ));
        }
        (Kind::ServerStream, false) => {
            return Ok(unary_error(
                tonic::Code::InvalidArgument,
                "a unary method: send application/json or application/proto",
            ));
        }
        _ => {}
    }
    let Ok(timeout) = timeout_of(req.headers()) else {
        return Ok(unary_error(
            tonic::Code::InvalidArgument,
            "connect-timeout-ms is 1 to 10 digits of milliseconds",
        ));
    };
    let deadline = timeout.map(|t| tokio::time::Instant::now() + t);
    let (mut parts, body) = req.into_parts();
    // The body arrives within the gRPC path's time, and within the deadline.
    let body_deadline = tokio::time::Instant::now() + body_time;
    let body_deadline = deadline.map_or(body_deadline, |d| d.min(body_deadline));
    let body =
        match tokio::time::timeout_at(body_deadline, Limited::new(body, MAX_JSON_BYTES).collect())
            .await
        {
            Ok(Ok(b)) => b.to_bytes(),
            Ok(Err(_)) => {
                super::limits::refused("too_large");
                return Ok(unary_error(
                    tonic::Code::ResourceExhausted,
                    &format!("request body larger than {MAX_JSON_BYTES} bytes, or unreadable"),
                ));
            }
            Err(_) if deadline.is_some_and(|d| d <= tokio::time::Instant::now()) => {
                return Ok(unary_error(
                    tonic::Code::DeadlineExceeded,
                    "the request body did not arrive within connect-timeout-ms",
                ));
            }
            Err(_) => {
                super::limits::refused("timeout");
                return Ok(unary_error(
                    tonic::Code::ResourceExhausted,
                    &format!(
                        "the request body did not arrive within the server's limit of {} ms",
                        body_time.as_millis()
                    ),
                ));
            }
        };
    // A streaming request's one message comes in an envelope.
    let message = match kind {
        Kind::Unary => body,
        Kind::ServerStream => {
            let mut buf = BytesMut::from(&body[..]);
            match take_envelopes(&mut buf).pop() {
                Some((0, payload)) if buf.is_empty() => payload,
                _ => {
                    return Ok(unary_error(
                        tonic::Code::InvalidArgument,
                        "send one enveloped message, uncompressed",
                    ));
                }
            }
        }
    };
    let proto = match codec {
        Codec::Proto => message.to_vec(),
        Codec::Json => match json_to_proto(method.input(), &message) {
            Ok(p) => p,
            Err(e) => {
                return Ok(unary_error(
                    tonic::Code::InvalidArgument,
                    &format!("the JSON is not a {}: {e}", method.input().full_name()),
                ));
            }
        },
    };
    parts
        .headers
        .insert(CONTENT_TYPE, HeaderValue::from_static("application/grpc"));
    parts
        .headers
        .insert("te", HeaderValue::from_static("trailers"));
    parts.headers.remove(CONTENT_LENGTH);
    // gRPC is HTTP/2 (tonic-web does the same for HTTP/1.1 callers).
    parts.version = http::Version::HTTP_2;
    let grpc = Request::from_parts(parts, Body::new(Full::new(envelope(0, &proto))));
    let call = inner.call(grpc);
    let response = match deadline {
        Some(d) => match tokio::time::timeout_at(d, call).await {
            Ok(r) => r?,
            Err(_) => {
                return Ok(unary_error(
                    tonic::Code::DeadlineExceeded,
                    "the call did not finish within connect-timeout-ms",
                ));
            }
        },
        None => call.await?,
    };
    Ok(match kind {
        Kind::Unary => match deadline {
            Some(d) => tokio::time::timeout_at(d, unary_answer(response, method.output(), codec))
                .await
                .unwrap_or_else(|_| {
                    unary_error(
                        tonic::Code::DeadlineExceeded,
                        "the call did not finish within connect-timeout-ms",
                    )
                }),
            None => unary_answer(response, method.output(), codec).await,
        },
        Kind::ServerStream => stream_answer(response, method.output(), codec, deadline),
    })
}

/// A unary gRPC answer as a Connect one.
async fn unary_answer(
    response: Response<Body>,
    output: MessageDescriptor,
    codec: Codec,
) -> Response<Body> {
    if let Some(failure) = grpc_status(response.headers())
        && failure.code != tonic::Code::Ok
    {
        return unary_failure(&failure);
    }
    let collected = match response.into_body().collect().await {
        Ok(c) => c,
        Err(e) => return unary_error(tonic::Code::Internal, &e.to_string()),
    };
    if let Some(failure) = collected.trailers().and_then(grpc_status)
        && failure.code != tonic::Code::Ok
    {
        return unary_failure(&failure);
    }
    let mut buf = BytesMut::from(&collected.to_bytes()[..]);
    let Some((_, payload)) = take_envelopes(&mut buf).into_iter().next() else {
        return unary_error(tonic::Code::Internal, "the service answered nothing");
    };
    let (content_type, body) = match codec {
        Codec::Proto => (UNARY_PROTO, payload),
        Codec::Json => match proto_to_json(output, &payload) {
            Ok(json) => (UNARY_JSON, Bytes::from(json)),
            Err(e) => return unary_error(tonic::Code::Internal, &e),
        },
    };
    Response::builder()
        .header(CONTENT_TYPE, content_type)
        .body(Body::new(Full::new(body)))
        .expect("a valid response")
}

/// A gRPC server stream as a Connect one: each message re-encoded (JSON) or passed on
/// (proto), the trailers as the end-of-stream message, which carries the error (with its
/// details) when there is one. At the deadline the stream ends with `deadline_exceeded`.
fn stream_answer(
    response: Response<Body>,
    output: MessageDescriptor,
    codec: Codec,
    deadline: Option<tokio::time::Instant>,
) -> Response<Body> {
    let early = grpc_status(response.headers());
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<Frame<Bytes>, tonic::Status>>(4);
    let mut body = response.into_body();
    tokio::spawn(async move {
        let end = |status: Option<Failure>| {
            let json = match status {
                Some(failure) if failure.code != tonic::Code::Ok => {
                    serde_json::json!({ "error": error_json(&failure) })
                }
                _ => serde_json::json!({}),
            };
            Frame::data(envelope(END_STREAM, json.to_string().as_bytes()))
        };
        if early.as_ref().is_some_and(|f| f.code != tonic::Code::Ok) {
            let _ = tx.send(Ok(end(early))).await;
            return;
        }
        let expired = || Failure {
            code: tonic::Code::DeadlineExceeded,
            message: "the stream reached its connect-timeout-ms".into(),
            details: Vec::new(),
        };
        let mut buf = BytesMut::new();
        loop {
            let next = match deadline {
                Some(d) => match tokio::time::timeout_at(d, body.frame()).await {
                    Ok(next) => next,
                    Err(_) => {
                        let _ = tx.send(Ok(end(Some(expired())))).await;
                        return;
                    }
                },
                None => body.frame().await,
            };
            let frame = match next {
                Some(Ok(f)) => f,
                Some(Err(e)) => {
                    let failure = Failure {
                        code: e.code(),
                        message: e.message().to_string(),
                        details: Vec::new(),
                    };
                    let _ = tx.send(Ok(end(Some(failure)))).await;
                    return;
                }
                None => {
                    let _ = tx.send(Ok(end(None))).await;
                    return;
                }
            };
            let frame = match frame.into_data() {
                Ok(mut data) => {
                    buf.put(&mut data);
                    for (_, payload) in take_envelopes(&mut buf) {
                        let out = match codec {
                            Codec::Proto => Frame::data(envelope(0, &payload)),
                            Codec::Json => match proto_to_json(output.clone(), &payload) {
                                Ok(json) => Frame::data(envelope(0, &json)),
                                Err(e) => end(Some(Failure {
                                    code: tonic::Code::Internal,
                                    message: e,
                                    details: Vec::new(),
                                })),
                            },
                        };
                        if tx.send(Ok(out)).await.is_err() {
                            return; // the reader left
                        }
                    }
                    continue;
                }
                Err(frame) => frame,
            };
            if let Ok(trailers) = frame.into_trailers() {
                let _ = tx.send(Ok(end(grpc_status(&trailers)))).await;
                return;
            }
        }
    });
    let stream = tokio_stream::wrappers::ReceiverStream::new(rx);
    let content_type = match codec {
        Codec::Json => STREAM_JSON,
        Codec::Proto => STREAM_PROTO,
    };
    Response::builder()
        .header(CONTENT_TYPE, content_type)
        .body(Body::new(StreamBody::new(stream)))
        .expect("a valid response")
}

#[cfg(test)]
mod tests {
    use super::*;
    use prost::Message;

    #[test]
    fn every_method_of_the_contract_is_found_by_its_path() {
        let m = method("/tablero.v1.GameService/CreateGame").unwrap();
        assert_eq!(m.input().full_name(), "tablero.v1.CreateGameRequest");
        assert!(
            method("/tablero.v1.GameService/WatchGame")
                .unwrap()
                .is_server_streaming()
        );
        assert!(method("/tablero.v1.CampaignService/GetCampaign").is_some());
        assert!(method("/tablero.v1.GameService/Nope").is_none());
        assert!(method("/nope").is_none());
    }

    #[test]
    fn json_round_trips_through_protobuf_with_proto3_names() {
        let m = method("/tablero.v1.GameService/ListGames").unwrap();
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

    #[test]
    fn envelopes_split_only_whole_messages() {
        let mut buf = BytesMut::new();
        buf.put(envelope(0, b"abc"));
        buf.put(envelope(END_STREAM, b"{}"));
        buf.put(&b"\x00\x00\x00"[..]);
        let got = take_envelopes(&mut buf);
        assert_eq!(got.len(), 2);
        assert_eq!((got[0].0, &got[0].1[..]), (0, &b"abc"[..]));
        assert_eq!(got[1].0, END_STREAM);
        assert_eq!(buf.len(), 3, "a partial envelope waits for the rest");
    }
}
