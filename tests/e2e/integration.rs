//! The integration a product's backend plays (issue 18, "done when"): games for two users with
//! player refs, created through an API key; the change feed followed and a webhook receiver
//! (a real HTTP server in this process) fed; one player times out (the bot moves for them), the
//! other resigns; the receiver goes down and comes back, the feed's reader reconnects from its
//! cursor, and on Redis a replica is SIGKILLed mid-way. Every change is found exactly as it
//! happened in the feed, and at least once (deduplicable by delivery id, signed) in the
//! webhooks.

use crate::clocks::{TestClock, per_move, until_version};
use crate::common::*;
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use standardwebhooks::Webhook;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tablero_e2e::client::Tablero;
use tablero_e2e::{Launch, Server, free_port, pb};
use tokio::net::TcpListener;
use tokio_stream_shim::next;

/// A Standard Webhooks secret (24 bytes of key).
const SECRET: &str = "whsec_aW50ZWdyYXRpb24tc2VjcmV0LTAxMjM0NTY3";

/// What the receiver got: each delivery id with the bodies that came under it.
#[derive(Default)]
struct Received {
    by_id: BTreeMap<String, Vec<serde_json::Value>>,
    bad_signatures: usize,
}

/// A webhook receiver on a fixed port that can be stopped and started again.
struct Receiver {
    port: u16,
    got: Arc<Mutex<Received>>,
    task: Option<tokio::task::JoinHandle<()>>,
}

impl Receiver {
    async fn start() -> Receiver {
        let mut r = Receiver {
            port: free_port(),
            got: Arc::default(),
            task: None,
        };
        r.up().await;
        r
    }

    async fn up(&mut self) {
        let listener = TcpListener::bind(("127.0.0.1", self.port)).await.unwrap();
        let got = self.got.clone();
        self.task = Some(tokio::spawn(async move {
            // Owned by this task: aborting it closes the open connections too (the sender's
            // pooled keep-alive connection included), so "down" is down.
            let mut connections = tokio::task::JoinSet::new();
            loop {
                let Ok((socket, _)) = listener.accept().await else {
                    return;
                };
                let got = got.clone();
                connections.spawn(async move {
                    let service = service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
                        let got = got.clone();
                        async move {
                            let id = header(&req, "webhook-id");
                            let headers = req.headers().clone();
                            let body = req.into_body().collect().await?.to_bytes();
                            let mut got = got.lock().unwrap();
                            // The specification's own library, as a receiver would use it.
                            if Webhook::new(SECRET)
                                .unwrap()
                                .verify(&body, &headers)
                                .is_err()
                            {
                                got.bad_signatures += 1;
                            }
                            let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
                            got.by_id.entry(id).or_default().push(json["data"].clone());
                            Ok::<_, hyper::Error>(hyper::Response::new(Full::new(Bytes::new())))
                        }
                    });
                    let _ = http1::Builder::new()
                        .serve_connection(TokioIo::new(socket), service)
                        .await;
                });
            }
        }));
    }

    /// Stops accepting (connections refused until [`Receiver::up`]).
    fn down(&mut self) {
        if let Some(t) = self.task.take() {
            t.abort();
        }
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}/hooks", self.port)
    }
}

fn header(req: &hyper::Request<hyper::body::Incoming>, name: &str) -> String {
    req.headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string()
}

/// Reads the feed in the background into a shared list until dropped.
struct FeedReader {
    got: Arc<Mutex<Vec<pb::Change>>>,
    task: tokio::task::JoinHandle<()>,
}

impl FeedReader {
    async fn start(tablero: &Tablero, req: pb::WatchChangesRequest) -> FeedReader {
        let mut stream = tablero.watch_changes(req).await.expect("the change feed");
        let got: Arc<Mutex<Vec<pb::Change>>> = Arc::default();
        let into = got.clone();
        let task = tokio::spawn(async move {
            while let Some(Ok(msg)) = next(&mut stream).await {
                into.lock().unwrap().extend(msg.changes);
            }
        });
        FeedReader { got, task }
    }

    fn changes(&self) -> Vec<pb::Change> {
        self.got.lock().unwrap().clone()
    }

    fn stop(self) -> Vec<pb::Change> {
        self.task.abort();
        self.changes()
    }
}

fn kind(c: &pb::Change) -> pb::ChangeKind {
    pb::ChangeKind::try_from(c.kind).unwrap()
}

/// A base_2p Claim game of the two users `user-1-a` and `user-2-a`.
fn their_game(seed: u64) -> pb::CreateGameRequest {
    create_request(
        options(pb::ClaimMode::Base2p),
        vec![
            Tablero::player("ann", "user-1-a"),
            Tablero::player("bob", "user-2-a"),
        ],
        seed,
    )
}

/// Plays `moves` human moves in game `id` with the seat tokens `creds`.
async fn play(tablero: &Tablero, id: &str, creds: &[pb::SeatCredential], moves: usize) {
    for _ in 0..moves {
        let view = tablero.spectator(id).view().await.unwrap();
        if finished(&view) {
            return;
        }
        let seat = view.to_act[0] as usize;
        let me = tablero.seat(id, &creds[seat].token);
        let legal = me.legal_actions().await.unwrap();
        me.submit_id_at(legal.version, &legal.actions[0].id)
            .await
            .unwrap();
    }
}

async fn waits_for<T>(what: &str, mut check: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(t) = check() {
            return t;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn a_backend_follows_its_games_through_feed_and_webhooks(store: Store) {
    let mut receiver = Receiver::start().await;
    let hooks = std::env::temp_dir().join(format!(
        "tablero-hooks-{}-{}.toml",
        std::process::id(),
        free_port()
    ));
    std::fs::write(
        &hooks,
        format!(
            "[[endpoint]]\nname = \"backend\"\nurl = \"{}\"\nsecret = \"{SECRET}\"\n",
            receiver.url()
        ),
    )
    .unwrap();
    let clock = TestClock::new("integration");
    let launch = || {
        let mut l: Launch = clock.launch();
        l.args.extend(
            [
                "--webhooks",
                hooks.to_str().unwrap(),
                "--webhook-retries",
                // Retried for about 25 s: longer than the receiver is down.
                "50ms,100ms,200ms,500ms,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,2s,2s",
                "--webhook-lease-secs",
                "2",
            ]
            .map(String::from),
        );
        l
    };
    let mut a = Server::launch(store.backend.clone(), launch());
    let backend = a.client().await;
    // Replica A takes the endpoint's lease: it delivers the first game's creation.
    let warm_up = backend.create_game(their_game(6)).await.unwrap();
    waits_for("replica A's first delivery", || {
        let got = receiver.got.lock().unwrap();
        got.by_id
            .values()
            .flatten()
            .any(|b| b["gameId"] == warm_up.game_id)
            .then_some(())
    })
    .await;
    // On Redis a second replica shares the games, the feed and the deliveries; it waits for
    // the lease, which A holds until it dies.
    let b = store
        .is_redis()
        .then(|| Server::launch(store.backend.clone(), launch()));
    let feed = FeedReader::start(
        &backend,
        pb::WatchChangesRequest {
            from_start: true,
            ..Default::default()
        },
    )
    .await;

    // Two games of the same two users: the first timed, the second not.
    let mut timed = their_game(7);
    timed.time_control = Some(per_move(60, pb::TimeoutPolicy::BotMoves));
    let g1 = backend.create_game(timed).await.unwrap();
    let g2 = backend.create_game(their_game(8)).await.unwrap();
    play(&backend, &g2.game_id, &g2.credentials, 3).await;

    // The first game's seat to act runs out of time: the bot moves for it.
    let v1 = g1.view.as_ref().unwrap().version;
    clock.set_offset(61_000);
    until_version(&backend, &g1.game_id, v1 + 2).await;

    // The reader has seen the timeout; then the receiver goes down and the reader drops. The
    // games go on.
    waits_for("the timeout in the feed", || {
        feed.changes()
            .iter()
            .any(|c| kind(c) == pb::ChangeKind::DeadlinePassed)
            .then_some(())
    })
    .await;
    receiver.down();
    let first_half = feed.stop();
    let resume_from = first_half.last().expect("changes so far").cursor.clone();
    play(&backend, &g1.game_id, &g1.credentials, 2).await;
    // A delivery meets the closed port (and is logged as failed) before anything else happens.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let log = backend.webhook_deliveries("backend").await.unwrap();
        if log
            .deliveries
            .iter()
            .any(|d| !d.delivered && d.http_status == 0)
        {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "no failed delivery while the receiver was down"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // On Redis replica A, which holds the lease and is retrying a delivery, dies; B takes the
    // lease once it lapses and delivers from A's cursor. A then starts again, and the backend
    // goes on through it. (On the memory store the only replica holds the games: it is not
    // restarted.)
    let backend = match &b {
        Some(b) => {
            a.kill();
            play(&b.client().await, &g2.game_id, &g2.credentials, 1).await;
            a.kill_and_restart_in_place();
            a.client().await
        }
        None => {
            play(&backend, &g2.game_id, &g2.credentials, 1).await;
            backend
        }
    };
    play(&backend, &g2.game_id, &g2.credentials, 1).await;
    // The second user resigns the second game through the backend.
    let g2_seat_of_user_2 = 1;
    backend
        .resign_seat(&g2.game_id, g2_seat_of_user_2)
        .await
        .unwrap();

    // The reader resumes from its last cursor; the receiver comes back.
    let feed = FeedReader::start(
        &backend,
        pb::WatchChangesRequest {
            cursor: resume_from,
            ..Default::default()
        },
    )
    .await;
    receiver.up().await;

    // What happened, from each game's own history.
    let mut expected: Vec<(String, u64, pb::ChangeKind)> = Vec::new();
    for g in [&g1, &g2] {
        let history = backend.spectator(&g.game_id).history(0).await.unwrap();
        let view = backend.spectator(&g.game_id).view().await.unwrap();
        expected.push((g.game_id.clone(), 0, pb::ChangeKind::GameCreated));
        for e in history
            .iter()
            .filter_map(|e| e.seat_change.as_ref().map(|c| (e.version, c)))
        {
            let k = if e.1.kind == pb::SeatChangeKind::TimedOut as i32 {
                pb::ChangeKind::DeadlinePassed
            } else {
                pb::ChangeKind::SeatChanged
            };
            expected.push((g.game_id.clone(), e.0, k));
        }
        if finished(&view) {
            expected.push((
                g.game_id.clone(),
                view.version,
                pb::ChangeKind::GameFinished,
            ));
        }
    }

    let changes: Vec<pb::Change> = waits_for("the feed to hold the resignation's end", || {
        let mut all = first_half.clone();
        all.extend(feed.changes());
        all.iter()
            .any(|c| c.game_id == g2.game_id && kind(c) == pb::ChangeKind::GameFinished)
            .then_some(all)
    })
    .await;
    feed.stop();

    // The feed: each change once, cursors in order, each game's changes in version order.
    let mut cursors: Vec<&str> = changes.iter().map(|c| c.cursor.as_str()).collect();
    cursors.dedup();
    assert_eq!(cursors.len(), changes.len(), "no change twice in the feed");
    for g in [&g1, &g2] {
        let mine: Vec<&pb::Change> = changes.iter().filter(|c| c.game_id == g.game_id).collect();
        assert!(
            mine.windows(2).all(|w| w[0].version <= w[1].version),
            "game {}: in order",
            g.game_id
        );
        assert_eq!(kind(mine[0]), pb::ChangeKind::GameCreated);
        for c in &mine {
            assert_eq!(
                c.player_refs,
                ["user-1-a", "user-2-a"],
                "players on every change"
            );
        }
    }
    // Every seat change, timeout and end is there with its version; nothing else of those kinds.
    let mut seen: Vec<(String, u64, pb::ChangeKind)> = changes
        .iter()
        .filter(|c| kind(c) != pb::ChangeKind::SeatToAct)
        .filter(|c| c.game_id == g1.game_id || c.game_id == g2.game_id)
        .map(|c| {
            let v = if kind(c) == pb::ChangeKind::GameCreated {
                0
            } else {
                c.version
            };
            (c.game_id.clone(), v, kind(c))
        })
        .collect();
    seen.sort();
    expected.sort();
    assert_eq!(seen, expected);
    let timeout = changes
        .iter()
        .find(|c| kind(c) == pb::ChangeKind::DeadlinePassed)
        .unwrap();
    assert_eq!(timeout.game_id, g1.game_id);
    let resigned = changes
        .iter()
        .find(|c| kind(c) == pb::ChangeKind::SeatChanged)
        .unwrap();
    assert_eq!(resigned.seat_change, pb::SeatChangeKind::Resigned as i32);
    assert_eq!(resigned.seats[0].player_ref, "user-2-a");
    let end = changes
        .iter()
        .find(|c| c.game_id == g2.game_id && kind(c) == pb::ChangeKind::GameFinished)
        .unwrap();
    assert_eq!(end.outcome.as_ref().unwrap().winners, [0]);
    // Every move of the untimed game tells whose turn it is next.
    let history = backend.spectator(&g2.game_id).history(0).await.unwrap();
    let moved: Vec<u64> = history
        .iter()
        .filter(|e| e.seat_change.is_none() && e.version > 0)
        .map(|e| e.version)
        .collect();
    let to_act: Vec<u64> = changes
        .iter()
        .filter(|c| c.game_id == g2.game_id && kind(c) == pb::ChangeKind::SeatToAct)
        .map(|c| c.version)
        .collect();
    for v in &moved {
        assert!(
            to_act.contains(v) || *v == history.last().unwrap().version,
            "a SEAT_TO_ACT after move {v}: {to_act:?}"
        );
    }

    // The webhooks: every change of the feed, at least once, under its cursor's delivery id,
    // signed; a repeat carries the same change.
    let got = waits_for("every change delivered to the webhook", || {
        let got = receiver.got.lock().unwrap();
        changes
            .iter()
            .all(|c| got.by_id.contains_key(&format!("backend:{}", c.cursor)))
            .then(|| (got.by_id.clone(), got.bad_signatures))
    })
    .await;
    assert_eq!(got.1, 0, "every delivery signed with the endpoint's secret");
    for c in &changes {
        let bodies = &got.0[&format!("backend:{}", c.cursor)];
        for body in bodies {
            assert_eq!(body["gameId"], c.game_id);
            assert_eq!(body["cursor"], c.cursor);
            assert_eq!(body["kind"], kind(c).as_str_name());
        }
    }
    // The delivery log says the same.
    let log = backend.webhook_deliveries("backend").await.unwrap();
    assert_eq!(log.endpoints.len(), 1);
    assert!(log.deliveries.iter().any(|d| d.delivered));
    assert!(
        log.deliveries
            .iter()
            .any(|d| !d.delivered && d.attempt == 1)
    );

    // Refusals: no key, a key without the scope is covered by the scopes test; a bad cursor.
    let anonymous = a_client_without_key(&b, &a).await;
    expect_code(
        anonymous
            .watch_changes(pb::WatchChangesRequest::default())
            .await,
        tonic::Code::Unauthenticated,
        "a feed without an API key",
    );
    expect_code(
        backend
            .watch_changes(pb::WatchChangesRequest {
                cursor: "m99999999".into(),
                ..Default::default()
            })
            .await,
        tonic::Code::InvalidArgument,
        "a cursor the feed never handed out",
    );
    let _ = std::fs::remove_file(&hooks);
}

async fn a_client_without_key(b: &Option<Server>, a: &Server) -> Tablero {
    match b {
        Some(b) => b.client_without_key().await,
        None => a.client_without_key().await,
    }
}

on_all_stores!(a_backend_follows_its_games_through_feed_and_webhooks);

/// A stream's next item without pulling in another crate's StreamExt.
mod tokio_stream_shim {
    pub async fn next<S: futures::Stream + Unpin>(s: &mut S) -> Option<S::Item> {
        futures::StreamExt::next(s).await
    }
}
