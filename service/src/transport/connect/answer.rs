//! The gRPC service's answer as a Connect one: a unary message (gzip when the caller takes it
//! and it is worth it) or error, or a stream of enveloped messages ending with the end-of-stream
//! message, which carries the error (with its details) and the trailers. Custom headers go on
//! as headers; a unary answer's trailers as `trailer-` headers.

use super::body::{COMPRESS_MIN_BYTES, COMPRESSED, END_STREAM, envelope, gzip, take_envelopes};
use super::error::{Failure, error_json, failed, grpc_status, unary_error, unary_failure};
use super::routing::{Codec, Kind};
use super::{STREAM_JSON, STREAM_PROTO, UNARY_JSON, UNARY_PROTO};
use crate::rpc::json::proto_to_json;
use bytes::{BufMut, Bytes, BytesMut};
use http::header::{CONTENT_ENCODING, CONTENT_TYPE};
use http::{HeaderMap, HeaderName, HeaderValue, Response};
use http_body::Frame;
use http_body_util::{BodyExt, Full, StreamBody};
use prost_reflect::MessageDescriptor;
use tokio::time::Instant;
use tonic::body::Body;

/// The headers an application set (not gRPC's own nor the framing's), which Connect passes on.
fn custom(headers: &HeaderMap) -> impl Iterator<Item = (&HeaderName, &HeaderValue)> {
    headers.iter().filter(|(name, _)| {
        let name = name.as_str();
        !(name.starts_with("grpc-")
            || matches!(
                name,
                "content-type" | "content-length" | "content-encoding" | "te" | "trailer"
            ))
    })
}

/// `response` with the service's headers, and its trailers as `trailer-` headers.
fn with_metadata(
    mut response: Response<Body>,
    headers: &HeaderMap,
    trailers: Option<&HeaderMap>,
) -> Response<Body> {
    let out = response.headers_mut();
    for (name, value) in custom(headers) {
        out.append(name.clone(), value.clone());
    }
    for (name, value) in trailers.into_iter().flat_map(custom) {
        if let Ok(name) = HeaderName::try_from(format!("trailer-{name}")) {
            out.append(name, value.clone());
        }
    }
    response
}

/// A unary gRPC answer as a Connect one.
pub(super) async fn unary(
    response: Response<Body>,
    output: MessageDescriptor,
    codec: Codec,
    gzip_out: bool,
) -> Response<Body> {
    let (parts, body) = response.into_parts();
    let headers = parts.headers;
    if let Some(failure) = failed(&headers) {
        // A trailers-only answer: its headers are the trailers.
        return with_metadata(unary_failure(&failure), &HeaderMap::new(), Some(&headers));
    }
    let collected = match body.collect().await {
        Ok(c) => c,
        Err(e) => return unary_error(tonic::Code::Internal, &e.to_string()),
    };
    let trailers = collected.trailers().cloned();
    if let Some(failure) = trailers.as_ref().and_then(failed) {
        return with_metadata(unary_failure(&failure), &headers, trailers.as_ref());
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
    let mut answer = Response::builder().header(CONTENT_TYPE, content_type);
    let body = if gzip_out && body.len() >= COMPRESS_MIN_BYTES {
        answer = answer.header(CONTENT_ENCODING, "gzip");
        gzip(&body)
    } else {
        body
    };
    let answer = answer
        .body(Body::new(Full::new(body)))
        .expect("a valid response");
    with_metadata(answer, &headers, trailers.as_ref())
}

/// The end-of-stream message: `{"error": …, "metadata": {name: [values]}}`.
fn end_message(failure: Option<Failure>, trailers: Option<&HeaderMap>) -> Bytes {
    let mut json = serde_json::json!({});
    if let Some(failure) = failure.filter(|f| f.code != tonic::Code::Ok) {
        json["error"] = error_json(&failure);
    }
    let mut metadata = serde_json::Map::new();
    for (name, value) in trailers.into_iter().flat_map(custom) {
        let values = metadata
            .entry(name.as_str())
            .or_insert_with(|| serde_json::Value::Array(Vec::new()));
        if let (serde_json::Value::Array(values), Ok(value)) = (values, value.to_str()) {
            values.push(value.into());
        }
    }
    if !metadata.is_empty() {
        json["metadata"] = metadata.into();
    }
    envelope(END_STREAM, json.to_string().as_bytes())
}

fn stream_response(codec: Codec, gzip_out: bool, body: Body) -> Response<Body> {
    let content_type = match codec {
        Codec::Json => STREAM_JSON,
        Codec::Proto => STREAM_PROTO,
    };
    let mut response = Response::builder().header(CONTENT_TYPE, content_type);
    if gzip_out {
        response = response.header("connect-content-encoding", "gzip");
    }
    response.body(body).expect("a valid response")
}

/// A refusal before the call: for a unary call the error with its HTTP status, for a stream a
/// 200 whose only message is the end with the error (what Connect clients read from a stream).
pub(super) fn refusal(
    kind: Kind,
    codec: Codec,
    code: tonic::Code,
    message: &str,
) -> Response<Body> {
    match kind {
        Kind::Unary => unary_error(code, message),
        Kind::ServerStream => stream_response(
            codec,
            false,
            Body::new(Full::new(end_message(
                Some(Failure::new(code, message)),
                None,
            ))),
        ),
    }
}

/// A gRPC server stream as a Connect one: each message re-encoded (JSON) or passed on
/// (proto), gzip when the caller takes it and the message is worth it, the trailers as the
/// end-of-stream message. At the deadline the stream ends with `deadline_exceeded`.
pub(super) fn stream(
    response: Response<Body>,
    output: MessageDescriptor,
    codec: Codec,
    gzip_out: bool,
    deadline: Option<Instant>,
) -> Response<Body> {
    let (parts, mut body) = response.into_parts();
    let early = grpc_status(&parts.headers).filter(|f| f.code != tonic::Code::Ok);
    // A trailers-only answer: its headers are the trailers, for the end-of-stream message.
    let (headers, early_trailers) = match early {
        Some(_) => (HeaderMap::new(), Some(parts.headers)),
        None => (parts.headers, None),
    };
    // Every frame of a Connect stream is data: enveloped messages, then the end message.
    let (tx, rx) = tokio::sync::mpsc::channel::<Bytes>(4);
    let encode = move |payload: &[u8]| -> Result<Bytes, Failure> {
        let bytes = match codec {
            Codec::Proto => Bytes::copy_from_slice(payload),
            Codec::Json => Bytes::from(
                proto_to_json(output.clone(), payload)
                    .map_err(|e| Failure::new(tonic::Code::Internal, e))?,
            ),
        };
        Ok(if gzip_out && bytes.len() >= COMPRESS_MIN_BYTES {
            envelope(COMPRESSED, &gzip(&bytes))
        } else {
            envelope(0, &bytes)
        })
    };
    tokio::spawn(async move {
        if early.is_some() {
            let _ = tx.send(end_message(early, early_trailers.as_ref())).await;
            return;
        }
        let mut buf = BytesMut::new();
        loop {
            let next = match deadline {
                Some(d) => match tokio::time::timeout_at(d, body.frame()).await {
                    Ok(next) => next,
                    Err(_) => {
                        let expired = Failure::new(
                            tonic::Code::DeadlineExceeded,
                            "the stream reached its connect-timeout-ms",
                        );
                        let _ = tx.send(end_message(Some(expired), None)).await;
                        return;
                    }
                },
                None => body.frame().await,
            };
            let frame = match next {
                Some(Ok(f)) => f,
                Some(Err(e)) => {
                    let failure = Failure::new(e.code(), e.message());
                    let _ = tx.send(end_message(Some(failure), None)).await;
                    return;
                }
                None => {
                    let _ = tx.send(end_message(None, None)).await;
                    return;
                }
            };
            let frame = match frame.into_data() {
                Ok(mut data) => {
                    buf.put(&mut data);
                    for (_, payload) in take_envelopes(&mut buf) {
                        let (out, last) = match encode(&payload) {
                            Ok(message) => (message, false),
                            Err(failure) => (end_message(Some(failure), None), true),
                        };
                        if tx.send(out).await.is_err() || last {
                            return; // the reader left, or the stream ended
                        }
                    }
                    continue;
                }
                Err(frame) => frame,
            };
            if let Ok(trailers) = frame.into_trailers() {
                let _ = tx
                    .send(end_message(grpc_status(&trailers), Some(&trailers)))
                    .await;
                return;
            }
        }
    });
    let stream =
        tokio_stream::StreamExt::map(tokio_stream::wrappers::ReceiverStream::new(rx), |b| {
            Ok::<_, tonic::Status>(Frame::data(b))
        });
    let response = stream_response(codec, gzip_out, Body::new(StreamBody::new(stream)));
    with_metadata(response, &headers, None)
}
