//! Connect's errors: the code names and their HTTP statuses, the error JSON with its details,
//! and the gRPC status (code, message, `grpc-status-details-bin`) they are made from.

use bytes::Bytes;
use http::header::CONTENT_TYPE;
use http::{HeaderMap, Response, StatusCode};
use http_body_util::Full;
use tonic::body::Body;

/// Connect's name of a gRPC status code, and the HTTP status of a unary error with it.
pub(super) fn code_name(code: tonic::Code) -> (&'static str, StatusCode) {
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
pub(super) struct Failure {
    pub code: tonic::Code,
    pub message: String,
    pub details: Vec<prost_types::Any>,
}

impl Failure {
    pub fn new(code: tonic::Code, message: impl Into<String>) -> Self {
        Failure {
            code,
            message: message.into(),
            details: Vec::new(),
        }
    }
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
pub(super) fn error_json(failure: &Failure) -> serde_json::Value {
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
pub(super) fn unary_failure(failure: &Failure) -> Response<Body> {
    with_status(code_name(failure.code).1, failure)
}

pub(super) fn unary_error(code: tonic::Code, message: &str) -> Response<Body> {
    unary_failure(&Failure::new(code, message))
}

/// An error body with an HTTP status of its own (404, 405, 415 are not a code's).
pub(super) fn error_with(status: StatusCode, code: tonic::Code, message: &str) -> Response<Body> {
    with_status(status, &Failure::new(code, message))
}

fn with_status(status: StatusCode, failure: &Failure) -> Response<Body> {
    Response::builder()
        .status(status)
        .header(CONTENT_TYPE, super::UNARY_JSON)
        .body(Body::new(Full::new(Bytes::from(
            error_json(failure).to_string(),
        ))))
        .expect("a valid response")
}

/// The status a gRPC response carries in `headers` (a trailers-only answer) or its trailers.
pub(super) fn grpc_status(headers: &HeaderMap) -> Option<Failure> {
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

/// The status if it is an error.
pub(super) fn failed(headers: &HeaderMap) -> Option<Failure> {
    grpc_status(headers).filter(|f| f.code != tonic::Code::Ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Connect specification's table of codes and the HTTP status of a unary error.
    #[test]
    fn every_code_has_the_specifications_name_and_http_status() {
        use tonic::Code::*;
        let table = [
            (Cancelled, "canceled", 499),
            (Unknown, "unknown", 500),
            (InvalidArgument, "invalid_argument", 400),
            (DeadlineExceeded, "deadline_exceeded", 504),
            (NotFound, "not_found", 404),
            (AlreadyExists, "already_exists", 409),
            (PermissionDenied, "permission_denied", 403),
            (ResourceExhausted, "resource_exhausted", 429),
            (FailedPrecondition, "failed_precondition", 400),
            (Aborted, "aborted", 409),
            (OutOfRange, "out_of_range", 400),
            (Unimplemented, "unimplemented", 501),
            (Internal, "internal", 500),
            (Unavailable, "unavailable", 503),
            (DataLoss, "data_loss", 500),
            (Unauthenticated, "unauthenticated", 401),
        ];
        for (code, name, status) in table {
            assert_eq!(
                code_name(code),
                (name, StatusCode::from_u16(status).unwrap())
            );
        }
    }

    #[test]
    fn details_are_read_from_the_status_and_written_unpadded() {
        use base64::Engine;
        use prost::Message;
        let status = RpcStatus {
            code: 9,
            message: "x".into(),
            details: vec![prost_types::Any {
                type_url: "type.googleapis.com/google.rpc.ErrorInfo".into(),
                value: vec![1, 2, 3, 4],
            }],
        };
        let mut headers = HeaderMap::new();
        headers.insert("grpc-status", "9".parse().unwrap());
        headers.insert("grpc-message", "not%20now".parse().unwrap());
        let padded = base64::engine::general_purpose::STANDARD.encode(status.encode_to_vec());
        headers.insert("grpc-status-details-bin", padded.parse().unwrap());
        let failure = failed(&headers).expect("an error");
        let json = error_json(&failure);
        assert_eq!(json["code"], "failed_precondition");
        assert_eq!(json["message"], "not now");
        assert_eq!(json["details"][0]["type"], "google.rpc.ErrorInfo");
        assert_eq!(json["details"][0]["value"], "AQIDBA");
        headers.insert("grpc-status", "0".parse().unwrap());
        assert!(failed(&headers).is_none());
    }
}
