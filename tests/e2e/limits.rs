//! Server limits (service/src/transport/limits.rs, rate.rs, rpc/streams.rs): oversized
//! requests, too many requests in flight, requests that take too long, a caller over its request
//! rate and one watch stream too many are RESOURCE_EXHAUSTED, and store nothing.
//!
//! A request that never finishes arriving is made by hand: a gRPC-Web POST over HTTP/1.1 whose
//! body stops short of its Content-Length, so the server holds it (and its in-flight permit).

use crate::common::*;
use std::time::{Duration, Instant};
use tablero_e2e::{Backend, Server, pb};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tonic::{Code, Request};

/// The header the limit tests name as the caller's (`--caller-header`).
const CALLER_HEADER: &str = "x-test-caller";

/// A request from the caller named `caller` (through [`CALLER_HEADER`]).
fn from_caller<T>(msg: T, caller: &str) -> Request<T> {
    let mut req = Request::new(msg);
    req.metadata_mut()
        .insert(CALLER_HEADER, caller.parse().expect("a header value"));
    req
}

/// Opens a connection and sends a ListGames gRPC-Web request whose body is `sent` of `declared`
/// bytes (a 5-byte frame header announcing `declared - 5` message bytes, then zeros).
async fn raw_request(server: &Server, declared: usize, sent: usize) -> TcpStream {
    let mut s = TcpStream::connect(server.addr).await.expect("connect");
    let head = format!(
        "POST /tablero.v1.GameService/ListGames HTTP/1.1\r\nHost: {}\r\nContent-Type: application/grpc-web+proto\r\nX-Grpc-Web: 1\r\nContent-Length: {declared}\r\n\r\n",
        server.addr
    );
    let mut body = vec![0u8; declared];
    body[1..5].copy_from_slice(&((declared - 5) as u32).to_be_bytes());
    s.write_all(head.as_bytes()).await.unwrap();
    s.write_all(&body[..sent]).await.unwrap();
    s.flush().await.unwrap();
    s
}

/// Reads the response head (status line and headers), lower-cased.
async fn response_head(s: &mut TcpStream) -> String {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 1024];
    while !buf.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = s.read(&mut chunk).await.expect("read the response");
        assert!(
            n > 0,
            "the server closed the connection without a response: {:?}",
            String::from_utf8_lossy(&buf)
        );
        buf.extend_from_slice(&chunk[..n]);
    }
    String::from_utf8_lossy(&buf).to_lowercase()
}

async fn oversized_requests_are_resource_exhausted(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let mut big = all_human(2);
    big[0].name = "x".repeat(300 * 1024);
    let r = tablero
        .create_game(create_request(options(pb::ClaimMode::Base2p), big, 1))
        .await;
    expect_code(
        r,
        Code::ResourceExhausted,
        "a 300 KB CreateGame with default limits",
    );
    assert!(listed_ids(&tablero).await.is_empty(), "nothing stored");
    // The server still serves.
    tablero
        .create_game(create_request(
            options(pb::ClaimMode::Base2p),
            all_human(2),
            1,
        ))
        .await
        .expect("a normal request");
    let before = listed_ids(&tablero).await;

    let small = store.server_with(&["--max-request-bytes", "4096"]);
    let tablero = small.client().await;
    let mut ten_kb = all_human(2);
    ten_kb[1].name = "y".repeat(10 * 1024);
    let r = tablero
        .create_game(create_request(options(pb::ClaimMode::Base2p), ten_kb, 1))
        .await;
    expect_code(
        r,
        Code::ResourceExhausted,
        "a 10 KB CreateGame with a 4096-byte limit",
    );
    // (On Redis the second server sees the first one's game too.)
    let expected_before = if store.is_redis() { before.len() } else { 0 };
    assert_eq!(
        listed_ids(&tablero).await.len(),
        expected_before,
        "nothing stored"
    );
    // Small requests still pass, and an oversized submit is refused before it is read.
    let game = Game::create(&tablero, options(pb::ClaimMode::Base2p), all_human(2), 2).await;
    let snap = snapshot(&game).await;
    let legal = game.seat(0).legal_actions().await.unwrap();
    let r = game
        .seat(0)
        .submit(pb::SubmitActionRequest {
            game_id: game.id.clone(),
            expected_version: legal.version,
            idempotency_key: "k".repeat(10 * 1024),
            action: Some(action_id(&legal.actions[0].id)),
            seat: None,
        })
        .await;
    expect_code(
        r,
        Code::ResourceExhausted,
        "a 10 KB SubmitAction with a 4096-byte limit",
    );
    assert_same(
        &snap,
        &snapshot(&game).await,
        "the oversized submit stored nothing",
    );
    assert_eq!(listed_ids(&tablero).await.len(), expected_before + 1);
}

/// Requests being served hold the in-flight places; one more is refused at once, and nothing of
/// it is stored. Made slow by pausing Redis (the server's store calls wait), so on Redis only.
async fn too_many_in_flight_are_refused(store: Store) {
    let Backend::Redis(url) = store.backend.clone() else {
        unreachable!("run on Redis only")
    };
    let server = store.server_with(&["--max-in-flight", "2", "--store-timeout-ms", "20000"]);
    let tablero = server.client().await;
    let game = Game::create(&tablero, options(pb::ClaimMode::Base2p), all_human(2), 1).await;
    pause_redis(&url, 3000).await;
    let slow: Vec<_> = (0..2)
        .map(|_| {
            let spectator = game.spectator();
            // A request just answered may hold its place a moment longer (the server releases
            // it when the response's body is done): try again until this one is in.
            tokio::spawn(async move {
                loop {
                    match spectator.view().await {
                        Err(s) if s.code() == Code::ResourceExhausted => {
                            tokio::time::sleep(Duration::from_millis(10)).await
                        }
                        other => return other,
                    }
                }
            })
        })
        .collect();
    // Both are in the handler, waiting for Redis: a third is refused as busy.
    let deadline = Instant::now() + Duration::from_secs(2);
    let refused = loop {
        match tablero.game_types().await {
            Err(s) if s.code() == Code::ResourceExhausted => break s,
            r if Instant::now() > deadline => {
                panic!("a third request in flight was never refused: {r:?}")
            }
            _ => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    };
    assert!(refused.message().contains("in flight"), "{refused:?}");
    expect_code(
        tablero
            .create_game(create_request(
                options(pb::ClaimMode::Base2p),
                all_human(2),
                2,
            ))
            .await,
        Code::ResourceExhausted,
        "CreateGame while the server is full",
    );
    // Health checks do not wait behind the limits: the orchestrator still hears the process.
    let health = tablero_e2e::health_status(&server, "").await;
    assert_eq!(health, "SERVING");
    // Once Redis answers, the slow ones finish and requests pass again.
    for s in slow {
        s.await
            .unwrap()
            .expect("a paused request is served once Redis answers");
    }
    within(10, "requests pass again", async {
        while tablero.game_types().await.is_err() {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await;
    assert_eq!(
        listed_ids(&tablero).await.len(),
        1,
        "the refused CreateGame stored nothing"
    );
}

/// Requests whose body never finishes arriving hold no in-flight place: with both places
/// "taken" by stalled bodies, other requests are still served, and each stalled request is
/// refused once the body time has passed.
async fn stalled_bodies_hold_no_in_flight_place(store: Store) {
    let server = store.server_with(&["--max-in-flight", "2", "--body-time-ms", "1000"]);
    let tablero = server.client().await;
    // A complete hand-made request works (the raw path is sound).
    let mut ok = raw_request(&server, 5, 5).await;
    let head = within(10, "a complete raw request", response_head(&mut ok)).await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(!head.contains("grpc-status: 8"), "{head}");
    drop(ok);
    let t = Instant::now();
    let mut stalled = Vec::new();
    for _ in 0..5 {
        stalled.push(raw_request(&server, 100, 10).await);
    }
    for _ in 0..5 {
        within(2, "a request while bodies stall", tablero.game_types())
            .await
            .expect("served while five bodies stall");
    }
    for s in stalled.iter_mut() {
        let head = within(10, "the stalled request's answer", response_head(s)).await;
        assert!(
            head.contains("grpc-status: 8"),
            "RESOURCE_EXHAUSTED (8) for a body that did not arrive in time: {head}"
        );
    }
    assert!(
        t.elapsed() >= Duration::from_millis(900),
        "refused only after the body time ({:?})",
        t.elapsed()
    );
}

/// A request that takes longer than the request time is refused with RESOURCE_EXHAUSTED (made
/// slow by pausing Redis, so on Redis only); a watch stream outlives the limit.
async fn slow_requests_time_out(store: Store) {
    let Backend::Redis(url) = store.backend.clone() else {
        unreachable!("run on Redis only")
    };
    let server = store.server_with(&["--request-time-ms", "1000", "--store-timeout-ms", "20000"]);
    let tablero = server.client().await;
    let game = Game::create(&tablero, options(pb::ClaimMode::Base2p), all_human(2), 3).await;
    pause_redis(&url, 2500).await;
    let t = Instant::now();
    let slow = within(10, "the slow request's answer", game.spectator().view()).await;
    let took = t.elapsed();
    expect_code(
        slow,
        Code::ResourceExhausted,
        "a request over the time limit",
    );
    assert!(
        took >= Duration::from_millis(900),
        "answered only after the limit ({took:?})"
    );
    tokio::time::sleep(Duration::from_millis(1800)).await;
    // Normal requests are well within the limit.
    game.step(&mut Lcg::new(3)).await.expect("a normal move");
    // A watch stream outlives the limit: the limit applies to its opening only.
    let mut stream = game.spectator().watch(1).await.unwrap();
    let first = within(10, "the first message", stream.message())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(first.view.unwrap().version, 1);
    tokio::time::sleep(Duration::from_millis(600)).await;
    game.step(&mut Lcg::new(4)).await.expect("another move");
    let next = within(10, "a change after the limit", stream.message())
        .await
        .expect("the stream is still open")
        .unwrap();
    assert_eq!(next.view.unwrap().version, 2);
}

async fn callers_over_their_rate_are_refused_then_served_again(store: Store) {
    // One request per 5 s after a burst of 3: the loop below outruns it by far.
    let server = store.server_with(&[
        "--rate-per-caller",
        "0.2",
        "--rate-burst",
        "3",
        "--caller-header",
        CALLER_HEADER,
    ]);
    let tablero = server.client().await;
    let mut served = 0;
    let refused = loop {
        match tablero.game_types().await {
            Ok(_) => served += 1,
            Err(s) if s.code() == Code::ResourceExhausted => break s,
            Err(s) => panic!("only ever refused as over the rate: {s:?}"),
        }
        assert!(served < 30, "a caller far over its rate was never refused");
    };
    assert!(served >= 3, "the burst is served first ({served})");
    assert!(
        refused.message().contains("too many requests"),
        "{refused:?}"
    );
    let create = tablero
        .create_game(create_request(
            options(pb::ClaimMode::Base2p),
            all_human(2),
            1,
        ))
        .await;
    expect_code(create, Code::ResourceExhausted, "CreateGame over the rate");
    // Another caller (named by the trusted header) has its own allowance, and sees that the
    // refused CreateGame stored nothing.
    let listed = tablero
        .raw()
        .list_games(from_caller(pb::ListGamesRequest::default(), "another"))
        .await
        .expect("another caller is served")
        .into_inner();
    assert!(listed.games.is_empty(), "nothing stored: {listed:?}");
    // After a pause the first caller is served again.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        match tablero.game_types().await {
            Ok(_) => break,
            Err(s) if s.code() == Code::ResourceExhausted => {
                assert!(Instant::now() < deadline, "never served again");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            Err(s) => panic!("{s:?}"),
        }
    }
}

/// Opens a spectator's watch stream as `caller` and reads its first message.
async fn open_watch(
    game: &Game,
    caller: &str,
) -> Result<tonic::Streaming<pb::WatchGameResponse>, tonic::Status> {
    let req = from_caller(
        pb::WatchGameRequest {
            game_id: game.id.clone(),
            from_version: 0,
        },
        caller,
    );
    let mut stream = game.tablero.raw().watch_game(req).await?.into_inner();
    within(10, "the first message", stream.message())
        .await?
        .expect("a first message");
    Ok(stream)
}

async fn watch_streams_are_capped_and_closing_one_frees_it(store: Store) {
    let server = store.server_with(&[
        "--max-watch-streams",
        "2",
        "--max-watch-streams-per-caller",
        "1",
        "--caller-header",
        CALLER_HEADER,
    ]);
    let tablero = server.client().await;
    let game = Game::create(&tablero, options(pb::ClaimMode::Base2p), all_human(2), 4).await;
    let a = open_watch(&game, "a").await.expect("a's first stream");
    let s = expect_code(
        open_watch(&game, "a").await,
        Code::ResourceExhausted,
        "a second stream of one caller",
    );
    assert!(s.message().contains("this caller"), "{s:?}");
    let _b = open_watch(&game, "b").await.expect("b's stream");
    let s = expect_code(
        open_watch(&game, "c").await,
        Code::ResourceExhausted,
        "a third stream on the server",
    );
    assert!(s.message().contains("the server"), "{s:?}");
    // Requests other than watching are not limited by it.
    game.step(&mut Lcg::new(4)).await.expect("a move");
    // Closing a stream frees its place (once the server notices the client went away).
    drop(a);
    let deadline = Instant::now() + Duration::from_secs(20);
    let _c = loop {
        match open_watch(&game, "c").await {
            Ok(stream) => break stream,
            Err(s) if s.code() == Code::ResourceExhausted => {
                assert!(
                    Instant::now() < deadline,
                    "the closed stream's place never came back"
                );
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(s) => panic!("{s:?}"),
        }
    };
    expect_code(
        open_watch(&game, "a").await,
        Code::ResourceExhausted,
        "the server is full again",
    );
}

on_both_stores!(
    oversized_requests_are_resource_exhausted,
    stalled_bodies_hold_no_in_flight_place,
    callers_over_their_rate_are_refused_then_served_again,
    watch_streams_are_capped_and_closing_one_frees_it
);
// Slow requests are made by pausing Redis.
on_stores!([redis] too_many_in_flight_are_refused);
on_stores!([redis] slow_requests_time_out);
