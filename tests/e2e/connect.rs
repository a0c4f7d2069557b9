//! HTTP/JSON over the Connect protocol (issue 18, part 5), from a plain HTTP/1.1 client: the
//! same services on the same port, proto3 JSON in and out, errors as Connect JSON with their
//! HTTP status, a watch as a `connect+json` stream.

use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use tablero_e2e::{Backend, Server};

/// One POST over HTTP/1.1 (`Connection: close`); the status code, the content type and the
/// body (de-chunked).
fn post(
    addr: SocketAddr,
    path: &str,
    content_type: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> (u16, String, Vec<u8>) {
    let (status, head, body) = exchange(addr, "POST", path, content_type, headers, body);
    let content_type = head
        .lines()
        .find_map(|l| l.strip_prefix("content-type: "))
        .unwrap_or("")
        .to_string();
    (status, content_type, body)
}

/// One request; the status, the header block (lower case) and the body (de-chunked).
fn exchange(
    addr: SocketAddr,
    method: &str,
    path: &str,
    content_type: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> (u16, String, Vec<u8>) {
    let mut s = TcpStream::connect(addr).unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\ncontent-type: {content_type}\r\ncontent-length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body).unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a header block");
    let head = String::from_utf8_lossy(&raw[..split]).to_lowercase();
    let status: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
    let mut body = raw[split + 4..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        body = dechunk(&body);
    }
    (status, head, body)
}

fn dechunk(mut raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let line_end = raw.windows(2).position(|w| w == b"\r\n").unwrap();
        let size = usize::from_str_radix(std::str::from_utf8(&raw[..line_end]).unwrap().trim(), 16)
            .unwrap();
        raw = &raw[line_end + 2..];
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&raw[..size]);
        raw = &raw[size + 2..];
    }
}

fn unary(addr: SocketAddr, method: &str, headers: &[(&str, &str)], body: Value) -> (u16, Value) {
    let (status, content_type, body) = post(
        addr,
        &format!("/tablero.v1.GameService/{method}"),
        "application/json",
        headers,
        body.to_string().as_bytes(),
    );
    assert_eq!(content_type, "application/json");
    (status, serde_json::from_slice(&body).unwrap())
}

#[test]
fn curl_style_json_plays_a_game_and_watches_it() {
    let server = Server::start(Backend::Memory);
    let addr = server.addr;
    let (status, created) = unary(
        addr,
        "CreateGame",
        &[],
        json!({"gameType": "claim", "mode": "base_2p",
               "seats": [{"occupant": "OCCUPANT_HUMAN", "name": "Ann"}, {"occupant": "OCCUPANT_BOT"}]}),
    );
    assert_eq!(status, 200, "{created}");
    let id = created["gameId"].as_str().unwrap().to_string();
    let token = created["credentials"][0]["token"]
        .as_str()
        .unwrap()
        .to_string();
    let bearer = format!("Bearer {token}");
    let auth = [("authorization", bearer.as_str())];

    let (status, legal) = unary(addr, "ListLegalActions", &auth, json!({"gameId": id}));
    assert_eq!(status, 200);
    // 64-bit numbers are strings in proto3 JSON.
    let version = legal["version"].as_str().unwrap_or("0").to_string();
    let action = legal["actions"][0]["id"].as_str().unwrap().to_string();
    let (status, moved) = unary(
        addr,
        "SubmitAction",
        &auth,
        json!({"gameId": id, "expectedVersion": version, "actionId": action, "idempotencyKey": "k1"}),
    );
    assert_eq!(status, 200, "{moved}");
    assert_eq!(moved["view"]["viewerSeat"], 0);

    // Errors: the gRPC code by its Connect name, with the HTTP status Connect gives it.
    let (status, stale) = unary(
        addr,
        "SubmitAction",
        &auth,
        json!({"gameId": id, "expectedVersion": version, "actionId": action, "idempotencyKey": "k2"}),
    );
    assert_eq!(
        (status, stale["code"].as_str()),
        (409, Some("aborted")),
        "{stale}"
    );
    let (status, bad) = unary(addr, "GetView", &[], json!({"gameId": 7}));
    assert_eq!(
        (status, bad["code"].as_str()),
        (400, Some("invalid_argument")),
        "{bad}"
    );
    let (status, unknown) = unary(
        addr,
        "GetView",
        &[],
        json!({"gameId": "g_000000000000000000000000"}),
    );
    assert_eq!(
        (status, unknown["code"].as_str()),
        (404, Some("not_found")),
        "{unknown}"
    );

    // A watch: enveloped JSON messages, then the end-of-stream message.
    let request = json!({"gameId": id}).to_string();
    let mut env = vec![0u8];
    env.extend_from_slice(&(request.len() as u32).to_be_bytes());
    env.extend_from_slice(request.as_bytes());
    let finished = {
        // A game of two bots ends inside CreateGame: its watch ends at once.
        let (_, bots) = unary(
            addr,
            "CreateGame",
            &[],
            json!({"gameType": "claim", "seats": [{"occupant": "OCCUPANT_BOT"}, {"occupant": "OCCUPANT_BOT"}]}),
        );
        bots["gameId"].as_str().unwrap().to_string()
    };
    let request = json!({"gameId": finished}).to_string();
    env.clear();
    env.push(0);
    env.extend_from_slice(&(request.len() as u32).to_be_bytes());
    env.extend_from_slice(request.as_bytes());
    let (status, content_type, body) = post(
        addr,
        "/tablero.v1.GameService/WatchGame",
        "application/connect+json",
        &[],
        &env,
    );
    assert_eq!(
        (status, content_type.as_str()),
        (200, "application/connect+json")
    );
    let mut rest = &body[..];
    let mut messages = Vec::new();
    while rest.len() >= 5 {
        let len = u32::from_be_bytes([rest[1], rest[2], rest[3], rest[4]]) as usize;
        messages.push((
            rest[0],
            serde_json::from_slice::<Value>(&rest[5..5 + len]).unwrap(),
        ));
        rest = &rest[5 + len..];
    }
    assert!(rest.is_empty());
    let (last_flags, last) = messages.pop().unwrap();
    assert_eq!((last_flags, last), (2, json!({})), "a clean end");
    assert!(!messages.is_empty());
    assert_eq!(
        messages.last().unwrap().1["view"]["status"],
        "GAME_STATUS_FINISHED"
    );
    assert!(
        messages[0].1["events"]
            .as_array()
            .is_some_and(|e| !e.is_empty())
    );
}

/// One request with a `{}` body: the status, the header block and the body's JSON.
fn request(addr: SocketAddr, method: &str, path: &str, content_type: &str) -> (u16, String, Value) {
    let (status, head, body) = exchange(addr, method, path, content_type, &[], b"{}");
    (
        status,
        head,
        serde_json::from_slice(&body).unwrap_or(Value::Null),
    )
}

#[test]
fn errors_paths_media_types_and_deadlines_follow_the_connect_specification() {
    use base64::Engine;
    use prost::Message;
    let server = Server::start(Backend::Memory);
    let addr = server.addr;
    let (_, created) = unary(
        addr,
        "CreateGame",
        &[],
        json!({"gameType": "claim", "mode": "base_2p",
               "seats": [{"occupant": "OCCUPANT_HUMAN"}, {"occupant": "OCCUPANT_HUMAN"}]}),
    );
    let id = created["gameId"].as_str().unwrap().to_string();
    let bearer = format!(
        "Bearer {}",
        created["credentials"][0]["token"].as_str().unwrap()
    );
    let auth = [("authorization", bearer.as_str())];

    // The details of an error travel in the Connect error: a stale version says the current.
    let (status, stale) = unary(
        addr,
        "SubmitAction",
        &auth,
        json!({"gameId": id, "expectedVersion": "99", "actionId": "x"}),
    );
    assert_eq!((status, stale["code"].as_str()), (409, Some("aborted")));
    let details = stale["details"].as_array().expect("details");
    let info = details
        .iter()
        .find(|d| d["type"] == "google.rpc.ErrorInfo")
        .expect("an ErrorInfo");
    let bytes = base64::engine::general_purpose::STANDARD_NO_PAD
        .decode(info["value"].as_str().unwrap())
        .unwrap();
    let text = String::from_utf8_lossy(&bytes);
    assert!(
        text.contains("VERSION_CONFLICT") && text.contains("current_version"),
        "{text}"
    );

    // Paths and media types: 404, 415 and 405, each with a Connect error body.
    let (status, _, body) = request(
        addr,
        "POST",
        "/tablero.v1.GameService/Nope",
        "application/json",
    );
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("unimplemented"))
    );
    let (status, _, body) = request(addr, "GET", "/nope", "");
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("unimplemented"))
    );
    let (status, head, body) = request(
        addr,
        "POST",
        "/tablero.v1.GameService/GetView",
        "text/plain",
    );
    assert_eq!(status, 415, "{head}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("application/json")
    );
    assert!(head.contains("accept-post: application/json, application/proto"));
    // A write is POST only; a read is also a GET, which names its encoding in the query.
    let (status, head, _) = request(addr, "GET", "/tablero.v1.GameService/SubmitAction", "");
    assert_eq!(status, 405);
    assert!(head.contains("allow: post\r\n"), "{head}");
    let (status, head, _) = request(addr, "PUT", "/tablero.v1.GameService/GetView", "");
    assert_eq!(status, 405);
    assert!(head.contains("allow: get, post"), "{head}");
    let (status, _, body) = request(addr, "GET", "/tablero.v1.GameService/GetView", "");
    assert_eq!(
        (status, body["code"].as_str()),
        (415, Some("unknown")),
        "a GET without encoding=json or proto"
    );
    let query = format!(
        "/tablero.v1.GameService/GetView?connect=v1&encoding=json&message=%7B%22gameId%22%3A%22{id}%22%7D"
    );
    let (status, _, body) = exchange(addr, "GET", &query, "", &auth, b"");
    let body: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(
        (status, body["view"]["viewerSeat"].as_i64()),
        (200, Some(0))
    );
    // Compression the server does not take: unimplemented, and it says what it takes.
    let (status, _, body) = post(
        addr,
        "/tablero.v1.GameService/GetView",
        "application/json",
        &[("content-encoding", "br")],
        b"{}",
    );
    assert_eq!(
        (
            status,
            serde_json::from_slice::<Value>(&body).unwrap()["code"].as_str()
        ),
        (501, Some("unimplemented"))
    );

    // Binary: application/proto in and out.
    let request_bytes = tablero_e2e::pb::GetViewRequest {
        game_id: id.clone(),
    }
    .encode_to_vec();
    let (status, content_type, body) = post(
        addr,
        "/tablero.v1.GameService/GetView",
        "application/proto",
        &auth,
        &request_bytes,
    );
    assert_eq!((status, content_type.as_str()), (200, "application/proto"));
    let view = tablero_e2e::pb::GetViewResponse::decode(&body[..]).unwrap();
    assert_eq!(view.view.unwrap().viewer_seat, Some(0));

    // connect-timeout-ms: malformed is refused; a watch that outlives it ends with
    // deadline_exceeded in its end-of-stream message.
    let (status, malformed) = unary(
        addr,
        "GetView",
        &[("connect-timeout-ms", "soon")],
        json!({"gameId": id}),
    );
    assert_eq!(
        (status, malformed["code"].as_str()),
        (400, Some("invalid_argument"))
    );
    let watch = json!({"gameId": id}).to_string();
    let mut env = vec![0u8];
    env.extend_from_slice(&(watch.len() as u32).to_be_bytes());
    env.extend_from_slice(watch.as_bytes());
    let started = std::time::Instant::now();
    let (status, _, body) = post(
        addr,
        "/tablero.v1.GameService/WatchGame",
        "application/connect+json",
        &[("connect-timeout-ms", "500")],
        &env,
    );
    assert_eq!(status, 200);
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    let mut rest = &body[..];
    let mut last = (0u8, Value::Null);
    while rest.len() >= 5 {
        let len = u32::from_be_bytes([rest[1], rest[2], rest[3], rest[4]]) as usize;
        last = (rest[0], serde_json::from_slice(&rest[5..5 + len]).unwrap());
        rest = &rest[5 + len..];
    }
    assert_eq!(last.0, 2, "an end-of-stream message");
    assert_eq!(last.1["error"]["code"], "deadline_exceeded");
}
