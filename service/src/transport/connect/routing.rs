//! Which Connect call a request is: its method (by path), its kind and codec (by media type,
//! or for a GET by its query), and its compression both ways. A request that is no call this
//! server takes gets its answer here: 404, 405, 415, or `unimplemented` for a compression it
//! does not speak.

use super::error::{code_name, error_with};
use super::{STREAM_JSON, STREAM_PROTO, UNARY_JSON, UNARY_PROTO};
use crate::rpc::games::bounds::pool;
use bytes::Bytes;
use http::header::{ACCEPT_ENCODING, CONTENT_ENCODING, CONTENT_TYPE};
use http::{HeaderMap, HeaderValue, Method, Request, Response, StatusCode};
use prost_reflect::MethodDescriptor;
use tonic::body::Body;

/// What kind of Connect call a request is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    Unary,
    ServerStream,
}

/// How its messages are encoded.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Codec {
    Json,
    Proto,
}

/// A Connect call, as its request describes it.
pub(super) struct Call {
    pub method: MethodDescriptor,
    pub kind: Kind,
    pub codec: Codec,
    /// The request's message is gzip.
    pub gzip_in: bool,
    /// The caller takes gzip answers.
    pub gzip_out: bool,
    /// A GET's message, from its query (a POST's is its body).
    pub query_message: Option<Bytes>,
}

/// What to do with a request.
pub(super) enum Route {
    /// gRPC or gRPC-Web: the services behind answer it.
    Pass,
    Call(Call),
    /// Not a call this server takes: the answer, already made.
    Refuse(Response<Body>),
}

/// The method a path names: `/tablero.v1.GameService/CreateGame`.
pub(super) fn method(path: &str) -> Option<MethodDescriptor> {
    let (service, method) = path.strip_prefix('/')?.split_once('/')?;
    pool()
        .get_service_by_name(service)?
        .methods()
        .find(|m| m.name() == method)
}

/// A method the contract marks `idempotency_level = NO_SIDE_EFFECTS` (a read), which Connect
/// also takes as a GET.
pub(super) fn side_effect_free(method: &MethodDescriptor) -> bool {
    const NO_SIDE_EFFECTS: i32 = 1;
    matches!(
        method
            .options()
            .get_field_by_name("idempotency_level")
            .as_deref(),
        Some(prost_reflect::Value::EnumNumber(NO_SIDE_EFFECTS))
    )
}

pub(super) fn route(req: &Request<Body>) -> Route {
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
    // A unary read is also a GET.
    let gettable = !method.is_server_streaming() && side_effect_free(&method);
    match *req.method() {
        Method::POST => post(req.headers(), base, method),
        Method::GET if gettable => get(req, method),
        _ => {
            let allow = if gettable { "GET, POST" } else { "POST" };
            let mut refused = error_with(
                StatusCode::METHOD_NOT_ALLOWED,
                tonic::Code::Unimplemented,
                &format!("call {} with {allow}", method.name()),
            );
            refused
                .headers_mut()
                .insert(http::header::ALLOW, HeaderValue::from_static(allow));
            Route::Refuse(refused)
        }
    }
}

/// A POST: the media type says the kind and codec, the headers the compression.
fn post(headers: &HeaderMap, base: &str, method: MethodDescriptor) -> Route {
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
    if let Some(v) = headers.get("connect-protocol-version")
        && v.as_bytes() != b"1"
    {
        return Route::Refuse(super::error::unary_error(
            tonic::Code::InvalidArgument,
            "connect-protocol-version must be 1",
        ));
    }
    let (content_encoding, accept_encoding) = match kind {
        Kind::Unary => (CONTENT_ENCODING.as_str(), ACCEPT_ENCODING.as_str()),
        Kind::ServerStream => ("connect-content-encoding", "connect-accept-encoding"),
    };
    let gzip_in = match compression(headers.get(content_encoding).map(|v| v.as_bytes())) {
        Ok(gzip) => gzip,
        Err(()) => return Route::Refuse(unsupported_compression(accept_encoding)),
    };
    Route::Call(Call {
        method,
        kind,
        codec,
        gzip_in,
        gzip_out: takes_gzip(headers.get(accept_encoding)),
        query_message: None,
    })
}

/// A GET's base64: URL-safe, padded or not (the specification allows both).
const URL_SAFE_ANY_PADDING: base64::engine::GeneralPurpose = base64::engine::GeneralPurpose::new(
    &base64::alphabet::URL_SAFE,
    base64::engine::GeneralPurposeConfig::new()
        .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent),
);

/// A GET of a read: `?connect=v1&encoding=json&message=…`, the message percent-encoded, or in
/// URL-safe base64 with `base64=1`, gzip with `compression=gzip`.
fn get(req: &Request<Body>, method: MethodDescriptor) -> Route {
    use base64::Engine;
    let (mut encoding, mut message, mut base64, mut compressed, mut version) =
        (None, None, false, None, None);
    for pair in req.uri().query().unwrap_or_default().split('&') {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value = query_decode(value);
        match key {
            "encoding" => encoding = Some(value),
            "message" => message = Some(value),
            "base64" => base64 = value == b"1",
            "compression" => compressed = Some(value),
            "connect" => version = Some(value),
            _ => {}
        }
    }
    let invalid = |message: &str| {
        Route::Refuse(super::error::unary_error(
            tonic::Code::InvalidArgument,
            message,
        ))
    };
    if version.is_some_and(|v| v != b"v1") {
        return invalid("the query's connect must be v1");
    }
    let codec = match encoding.as_deref() {
        Some(b"json") => Codec::Json,
        Some(b"proto") => Codec::Proto,
        _ => {
            return Route::Refuse(error_with(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                tonic::Code::Unknown,
                "a GET names its encoding in the query: encoding=json or encoding=proto",
            ));
        }
    };
    let gzip_in = match compression(compressed.as_deref()) {
        Ok(gzip) => gzip,
        Err(()) => return Route::Refuse(unsupported_compression(ACCEPT_ENCODING.as_str())),
    };
    let Some(message) = message else {
        return invalid("a GET carries its request in the query's message");
    };
    let message = if base64 {
        match URL_SAFE_ANY_PADDING.decode(&message) {
            Ok(bytes) => bytes,
            Err(e) => return invalid(&format!("the query's message is not URL-safe base64: {e}")),
        }
    } else {
        message
    };
    Route::Call(Call {
        method,
        kind: Kind::Unary,
        codec,
        gzip_in,
        gzip_out: takes_gzip(req.headers().get(ACCEPT_ENCODING)),
        query_message: Some(message.into()),
    })
}

/// A query value's bytes: `+` is a space, `%XX` a byte.
fn query_decode(value: &str) -> Vec<u8> {
    let spaced = value.replace('+', " ");
    percent_encoding::percent_decode_str(&spaced).collect()
}

/// Whether a message's encoding is gzip (`Ok(false)`: none or `identity`); `Err` for any other.
fn compression(encoding: Option<&[u8]>) -> Result<bool, ()> {
    match encoding {
        None | Some(b"identity") => Ok(false),
        Some(b"gzip") => Ok(true),
        Some(_) => Err(()),
    }
}

/// Whether an accept-encoding list names gzip (with no `q=0`).
fn takes_gzip(accept: Option<&HeaderValue>) -> bool {
    let Some(list) = accept.and_then(|v| v.to_str().ok()) else {
        return false;
    };
    list.split(',').any(|item| {
        let mut parts = item.split(';').map(str::trim);
        parts.next() == Some("gzip") && parts.all(|p| p.replace(' ', "") != "q=0")
    })
}

/// `unimplemented` for a compression this server does not speak, with what it does.
fn unsupported_compression(accept_header: &'static str) -> Response<Body> {
    let mut refused = error_with(
        code_name(tonic::Code::Unimplemented).1,
        tonic::Code::Unimplemented,
        "this server takes gzip or identity",
    );
    refused
        .headers_mut()
        .insert(accept_header, HeaderValue::from_static("gzip, identity"));
    refused
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn the_reads_and_only_the_reads_are_side_effect_free() {
        let free: Vec<String> = pool()
            .services()
            .flat_map(|s| s.methods().collect::<Vec<_>>())
            .filter(side_effect_free)
            .map(|m| m.name().to_string())
            .collect();
        for read in [
            "GetView",
            "ListLegalActions",
            "GetHint",
            "ListGames",
            "GetCampaign",
        ] {
            assert!(free.iter().any(|m| m == read), "{read} is a read: {free:?}");
        }
        for write in [
            "CreateGame",
            "SubmitAction",
            "ResignSeat",
            "RetryWebhookDelivery",
        ] {
            assert!(!free.iter().any(|m| m == write), "{write} writes");
        }
    }

    #[test]
    fn accept_encoding_lists_are_read_by_token() {
        let takes = |s: &'static str| takes_gzip(Some(&HeaderValue::from_static(s)));
        assert!(takes("gzip"));
        assert!(takes("br, gzip;q=0.5"));
        assert!(!takes("gzip;q=0"));
        assert!(!takes("xgzip, br"));
        assert!(!takes_gzip(None));
        assert_eq!(compression(Some(b"br")), Err(()));
        assert_eq!(query_decode("%7B%22a%22%3A1%7D+x"), b"{\"a\":1} x");
    }
}
