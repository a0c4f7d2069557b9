//! HTTP/JSON for callers without gRPC: the Connect protocol's unary calls (`POST
//! /tablero.v1.GameService/CreateGame` with `content-type: application/json`) and its server
//! streams (`application/connect+json`), on the same port as gRPC.
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
const STREAM_JSON: &str = "application/connect+json";
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

/// What kind of Connect call a request is, if it is one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Unary,
    ServerStream,
}

fn kind_of(req: &Request<Body>) -> Option<Kind> {
    if req.method() != Method::POST {
        return None;
    }
    let content_type = req.headers().get(CONTENT_TYPE)?.to_str().ok()?;
    let base = content_type.split(';').next()?.trim();
    match base {
        UNARY_JSON => Some(Kind::Unary),
        STREAM_JSON => Some(Kind::ServerStream),
        _ => None,
    }
}

/// Connect's name of a gRPC status code, and the HTTP status of a unary error with it.
fn code_name(code: tonic::Code) -> (&'static str, StatusCode) {
    use tonic::Code::*;
    match code {
        Ok => ("ok", StatusCode::OK),
        Cancelled => ("canceled", StatusCode::REQUEST_TIMEOUT),
        Unknown => ("unknown", StatusCode::INTERNAL_SERVER_ERROR),
        InvalidArgument => ("invalid_argument", StatusCode::BAD_REQUEST),
        DeadlineExceeded => ("deadline_exceeded", StatusCode::REQUEST_TIMEOUT),
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

/// `{"code": "...", "message": "..."}`, Connect's error body.
fn error_json(code: tonic::Code, message: &str) -> serde_json::Value {
    serde_json::json!({ "code": code_name(code).0, "message": message })
}

fn unary_error(code: tonic::Code, message: &str) -> Response<Body> {
    let body = error_json(code, message).to_string();
    Response::builder()
        .status(code_name(code).1)
        .header(CONTENT_TYPE, UNARY_JSON)
        .body(Body::new(Full::new(Bytes::from(body))))
        .expect("a valid response")
}

/// The status a gRPC response carries in `headers` (a trailers-only answer) or its trailers.
fn grpc_status(headers: &HeaderMap) -> Option<(tonic::Code, String)> {
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
    Some((tonic::Code::from_i32(code), message))
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

#[derive(Clone, Copy, Default)]
pub struct ConnectLayer;

impl<S> Layer<S> for ConnectLayer {
    type Service = Connect<S>;
    fn layer(&self, inner: S) -> Connect<S> {
        Connect { inner }
    }
}

#[derive(Clone)]
pub struct Connect<S> {
    inner: S,
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
        let Some(kind) = kind_of(&req) else {
            return Box::pin(self.inner.call(req));
        };
        // The ready inner service serves this call; a clone takes its place.
        let clone = self.inner.clone();
        let inner = std::mem::replace(&mut self.inner, clone);
        Box::pin(translate(inner, req, kind))
    }
}

/// A Connect call through the gRPC service `inner`.
async fn translate<S>(
    mut inner: S,
    req: Request<Body>,
    kind: Kind,
) -> Result<Response<Body>, S::Error>
where
    S: Service<Request<Body>, Response = Response<Body>>,
{
    let Some(method) = method(req.uri().path()) else {
        return Ok(unary_error(tonic::Code::Unimplemented, "no such method"));
    };
    match (kind, method.is_server_streaming()) {
        (Kind::Unary, true) => {
            return Ok(unary_error(
                tonic::Code::InvalidArgument,
                "a streaming method: send application/connect+json",
            ));
        }
        (Kind::ServerStream, false) => {
            return Ok(unary_error(
                tonic::Code::InvalidArgument,
                "a unary method: send application/json",
            ));
        }
        _ => {}
    }
    let (mut parts, body) = req.into_parts();
    let body = match Limited::new(body, MAX_JSON_BYTES).collect().await {
        Ok(b) => b.to_bytes(),
        Err(_) => {
            return Ok(unary_error(
                tonic::Code::ResourceExhausted,
                "request body too large or unreadable",
            ));
        }
    };
    // A streaming request's one message comes in an envelope.
    let json = match kind {
        Kind::Unary => body,
        Kind::ServerStream => {
            let mut buf = BytesMut::from(&body[..]);
            match take_envelopes(&mut buf).pop() {
                Some((0, payload)) if buf.is_empty() => payload,
                _ => {
                    return Ok(unary_error(
                        tonic::Code::InvalidArgument,
                        "send one enveloped JSON message",
                    ));
                }
            }
        }
    };
    let proto = match json_to_proto(method.input(), &json) {
        Ok(p) => p,
        Err(e) => {
            return Ok(unary_error(
                tonic::Code::InvalidArgument,
                &format!("the JSON is not a {}: {e}", method.input().full_name()),
            ));
        }
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
    let response = inner.call(grpc).await?;
    Ok(match kind {
        Kind::Unary => unary_answer(response, method.output()).await,
        Kind::ServerStream => stream_answer(response, method.output()),
    })
}

/// A unary gRPC answer as a Connect one.
async fn unary_answer(response: Response<Body>, output: MessageDescriptor) -> Response<Body> {
    if let Some((code, message)) = grpc_status(response.headers())
        && code != tonic::Code::Ok
    {
        return unary_error(code, &message);
    }
    let collected = match response.into_body().collect().await {
        Ok(c) => c,
        Err(e) => return unary_error(tonic::Code::Internal, &e.to_string()),
    };
    if let Some((code, message)) = collected.trailers().and_then(grpc_status)
        && code != tonic::Code::Ok
    {
        return unary_error(code, &message);
    }
    let mut buf = BytesMut::from(&collected.to_bytes()[..]);
    let Some((_, payload)) = take_envelopes(&mut buf).into_iter().next() else {
        return unary_error(tonic::Code::Internal, "the service answered nothing");
    };
    match proto_to_json(output, &payload) {
        Ok(json) => Response::builder()
            .header(CONTENT_TYPE, UNARY_JSON)
            .body(Body::new(Full::new(Bytes::from(json))))
            .expect("a valid response"),
        Err(e) => unary_error(tonic::Code::Internal, &e),
    }
}

/// A gRPC server stream as a Connect one: each message re-encoded as JSON, the trailers as
/// the end-of-stream message.
fn stream_answer(response: Response<Body>, output: MessageDescriptor) -> Response<Body> {
    let early = grpc_status(response.headers());
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<Frame<Bytes>, tonic::Status>>(4);
    let mut body = response.into_body();
    tokio::spawn(async move {
        let end = |status: Option<(tonic::Code, String)>| {
            let json = match status {
                Some((code, message)) if code != tonic::Code::Ok => {
                    serde_json::json!({ "error": error_json(code, &message) })
                }
                _ => serde_json::json!({}),
            };
            Frame::data(envelope(END_STREAM, json.to_string().as_bytes()))
        };
        if early.as_ref().is_some_and(|(c, _)| *c != tonic::Code::Ok) {
            let _ = tx.send(Ok(end(early))).await;
            return;
        }
        let mut buf = BytesMut::new();
        loop {
            let frame = match body.frame().await {
                Some(Ok(f)) => f,
                Some(Err(e)) => {
                    let _ = tx
                        .send(Ok(end(Some((e.code(), e.message().to_string())))))
                        .await;
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
                        let out = match proto_to_json(output.clone(), &payload) {
                            Ok(json) => Frame::data(envelope(0, &json)),
                            Err(e) => end(Some((tonic::Code::Internal, e))),
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
    Response::builder()
        .header(CONTENT_TYPE, STREAM_JSON)
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
