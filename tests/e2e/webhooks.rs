//! Webhooks by the Standard Webhooks specification, end to end (issue 32): a receiver in this
//! process verifies every delivery with the specification's own library, under each of the two
//! secrets of a rotation; a change the receiver keeps refusing is given up after the retry
//! schedule and the endpoint moves on; RetryWebhookDelivery sends it again under the same id;
//! an endpoint failing past --webhook-disable-after is disabled until a retry re-enables it.

use crate::common::*;
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use standardwebhooks::Webhook;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tablero_e2e::{Launch, Server, free_port, pb};
use tokio::net::TcpListener;

/// The rotation: the new secret first, then the one it replaces (24 and 32 bytes of key).
const NEW: &str = "whsec_bmV3LXNlY3JldC1mb3ItdGhlLXdlYmhvb2tz";
const OLD: &str = "whsec_b2xkLXNlY3JldC10aGF0LWlzLWJlaW5nLXJvdGF0ZWQh";

/// One POST the receiver got.
#[derive(Clone, Debug)]
struct Got {
    id: String,
    body: serde_json::Value,
    /// Verified with each secret alone.
    new_ok: bool,
    old_ok: bool,
    signatures: usize,
    answered: u16,
}

#[derive(Default)]
struct Rules {
    /// Games whose changes get 400.
    refuse_games: HashSet<String>,
    refuse_all: bool,
}

struct Receiver {
    port: u16,
    got: Arc<Mutex<Vec<Got>>>,
    rules: Arc<Mutex<Rules>>,
    _task: tokio::task::JoinHandle<()>,
}

impl Receiver {
    async fn start() -> Receiver {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let got: Arc<Mutex<Vec<Got>>> = Arc::default();
        let rules: Arc<Mutex<Rules>> = Arc::default();
        let (g, r) = (got.clone(), rules.clone());
        let task = tokio::spawn(async move {
            loop {
                let Ok((socket, _)) = listener.accept().await else {
                    return;
                };
                let (got, rules) = (g.clone(), r.clone());
                tokio::spawn(async move {
                    let service = service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
                        let (got, rules) = (got.clone(), rules.clone());
                        async move {
                            let headers = req.headers().clone();
                            let body = req.into_body().collect().await?.to_bytes();
                            let verifies = |secret: &str| {
                                Webhook::new(secret)
                                    .unwrap()
                                    .verify(&body, &headers)
                                    .is_ok()
                            };
                            let json: serde_json::Value =
                                serde_json::from_slice(&body).unwrap_or_default();
                            let game = json["data"]["gameId"].as_str().unwrap_or_default();
                            let refuse = {
                                let rules = rules.lock().unwrap();
                                rules.refuse_all || rules.refuse_games.contains(game)
                            };
                            let answered = if refuse { 400 } else { 204 };
                            got.lock().unwrap().push(Got {
                                id: text(&headers, "webhook-id"),
                                new_ok: verifies(NEW),
                                old_ok: verifies(OLD),
                                signatures: text(&headers, "webhook-signature").split(' ').count(),
                                body: json,
                                answered,
                            });
                            let mut response = hyper::Response::new(Full::new(Bytes::new()));
                            *response.status_mut() = hyper::StatusCode::from_u16(answered).unwrap();
                            Ok::<_, hyper::Error>(response)
                        }
                    });
                    let _ = http1::Builder::new()
                        .serve_connection(TokioIo::new(socket), service)
                        .await;
                });
            }
        });
        Receiver {
            port,
            got,
            rules,
            _task: task,
        }
    }

    fn got(&self) -> Vec<Got> {
        self.got.lock().unwrap().clone()
    }

    /// What came for game `id`'s creation.
    fn creation_of(&self, id: &str) -> Vec<Got> {
        self.got()
            .into_iter()
            .filter(|g| g.body["data"]["gameId"] == id && g.body["type"] == "game.created")
            .collect()
    }
}

fn text(headers: &hyper::HeaderMap, name: &str) -> String {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string()
}

/// A server with one endpoint (`hooks`, games created) signing with both secrets.
fn server_for(store: &Store, receiver: &Receiver, retries: &str, disable_after: &str) -> Server {
    let file = std::env::temp_dir().join(format!(
        "tablero-webhooks-{}-{}.toml",
        std::process::id(),
        free_port()
    ));
    std::fs::write(
        &file,
        format!(
            "[[endpoint]]\nname = \"hooks\"\nurl = \"http://127.0.0.1:{}/in\"\nsecrets = [\"{NEW}\", \"{OLD}\"]\nkinds = [\"game_created\"]\n",
            receiver.port
        ),
    )
    .unwrap();
    let args = [
        "--webhooks",
        file.to_str().unwrap(),
        "--webhook-retries",
        retries,
        "--webhook-disable-after",
        disable_after,
    ];
    Server::launch(
        store.backend.clone(),
        Launch {
            args: args.map(String::from).to_vec(),
            ..Launch::default()
        },
    )
}

async fn new_game(tablero: &tablero_e2e::client::Tablero, seed: u64) -> String {
    tablero
        .create_game(create_request(
            options(pb::ClaimMode::Base2p),
            seats(&[true, true]),
            seed,
        ))
        .await
        .unwrap()
        .game_id
}

async fn until<T>(what: &str, mut check: impl AsyncFnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Some(t) = check().await {
            return t;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn a_refused_change_is_given_up_and_retried_on_request(store: Store) {
    let receiver = Receiver::start().await;
    let server = server_for(&store, &receiver, "50ms,50ms", "1h");
    let tablero = server.client().await;
    // Game 1's creation is refused from its first attempt: everything is until it is named.
    receiver.rules.lock().unwrap().refuse_all = true;
    let g1 = new_game(&tablero, 2).await;
    receiver
        .rules
        .lock()
        .unwrap()
        .refuse_games
        .insert(g1.clone());
    receiver.rules.lock().unwrap().refuse_all = false;
    // Three attempts (the first and two retries), then the endpoint moves on to the next.
    let g2 = new_game(&tablero, 3).await;
    until("the next game's creation delivered", async || {
        receiver
            .creation_of(&g2)
            .iter()
            .any(|g| g.answered == 204)
            .then_some(())
    })
    .await;
    let attempts = receiver.creation_of(&g1);
    assert_eq!(
        attempts.len(),
        3,
        "the first attempt and two retries: {attempts:?}"
    );
    assert!(attempts.iter().all(|a| a.answered == 400));
    let id = attempts[0].id.clone();
    assert!(
        attempts.iter().all(|a| a.id == id),
        "one webhook-id for every attempt"
    );
    let log = tablero.webhook_deliveries("hooks").await.unwrap();
    let of_g1: Vec<&pb::WebhookDelivery> =
        log.deliveries.iter().filter(|d| d.game_id == g1).collect();
    assert_eq!(of_g1.len(), 3);
    assert!(
        of_g1
            .iter()
            .any(|d| d.gave_up && d.attempt == 3 && d.http_status == 400)
    );
    assert_eq!(of_g1.iter().filter(|d| d.gave_up).count(), 1);
    assert!(!log.endpoints[0].disabled);

    // Every delivery verifies with the specification's library under each secret, carries both
    // signatures, and its id names its cursor.
    for g in receiver.got() {
        assert!(
            g.new_ok && g.old_ok,
            "a delivery that does not verify: {g:?}"
        );
        assert_eq!(g.signatures, 2);
        assert_eq!(
            g.id,
            format!("hooks:{}", g.body["data"]["cursor"].as_str().unwrap())
        );
        assert!(g.body["timestamp"].as_str().unwrap().ends_with('Z'));
    }

    // The receiver mends; asked for again, the change is delivered under the same id, marked
    // as requested.
    receiver.rules.lock().unwrap().refuse_games.clear();
    tablero.retry_webhook_delivery("hooks", &id).await.unwrap();
    until("the retried change delivered", async || {
        receiver
            .creation_of(&g1)
            .iter()
            .any(|g| g.answered == 204 && g.id == id)
            .then_some(())
    })
    .await;
    let log = tablero.webhook_deliveries("hooks").await.unwrap();
    assert!(
        log.deliveries
            .iter()
            .any(|d| d.delivery_id == id && d.requested && d.delivered)
    );

    // A change the endpoint does not take (a seat to act; it takes creations) is not sent,
    // though asked for.
    let created = tablero
        .create_game(create_request(
            options(pb::ClaimMode::Base2p),
            seats(&[true, true]),
            9,
        ))
        .await
        .unwrap();
    let view = tablero.spectator(&created.game_id).view().await.unwrap();
    let seat = view.to_act[0] as usize;
    let me = tablero.seat(&created.game_id, &created.credentials[seat].token);
    let legal = me.legal_actions().await.unwrap();
    me.submit_id_at(legal.version, &legal.actions[0].id)
        .await
        .unwrap();
    let mut feed = tablero
        .watch_changes(pb::WatchChangesRequest {
            from_start: true,
            kinds: vec![pb::ChangeKind::SeatToAct as i32],
            ..Default::default()
        })
        .await
        .unwrap();
    let to_act = feed.message().await.unwrap().expect("a seat-to-act change");
    let cursor = to_act.changes[0].cursor.clone();
    drop(feed);
    let before = receiver.got().len();
    tablero
        .retry_webhook_delivery("hooks", &format!("hooks:{cursor}"))
        .await
        .unwrap();
    until("the refused retry logged", async || {
        let log = tablero.webhook_deliveries("hooks").await.unwrap();
        log.deliveries
            .iter()
            .any(|d| d.requested && d.error.contains("does not take"))
            .then_some(())
    })
    .await;
    // Only the new game's creation came meanwhile.
    assert!(
        receiver.got()[before..]
            .iter()
            .all(|g| g.body["type"] == "game.created"),
        "a seat-to-act change was sent"
    );

    // Bad requests change nothing.
    for (endpoint, delivery, code) in [
        ("nope", "", tonic::Code::InvalidArgument),
        ("hooks", "other:m1", tonic::Code::InvalidArgument),
        ("hooks", "hooks:", tonic::Code::InvalidArgument),
        ("hooks", "hooks:not-a-cursor", tonic::Code::InvalidArgument),
    ] {
        expect_code(
            tablero.retry_webhook_delivery(endpoint, delivery).await,
            code,
            &format!("retrying {endpoint} {delivery}"),
        );
    }
    expect_code(
        server
            .client_without_key()
            .await
            .retry_webhook_delivery("hooks", &id)
            .await,
        tonic::Code::Unauthenticated,
        "a retry without an API key",
    );
}

async fn an_endpoint_failing_too_long_is_disabled_until_a_retry(store: Store) {
    let receiver = Receiver::start().await;
    receiver.rules.lock().unwrap().refuse_all = true;
    // Retries every 200 ms for 10 s; disabled after 1 s of failing.
    let retries = vec!["200ms"; 50].join(",");
    let server = server_for(&store, &receiver, &retries, "1s");
    let tablero = server.client().await;
    let g1 = new_game(&tablero, 4).await;
    until("the endpoint disabled", async || {
        let log = tablero.webhook_deliveries("hooks").await.unwrap();
        log.endpoints[0].disabled.then_some(())
    })
    .await;
    let log = tablero.webhook_deliveries("hooks").await.unwrap();
    assert!(log.endpoints[0].failing_since_unix_ms > 0);
    // Disabled: nothing more is sent, though a new change waits.
    let g2 = new_game(&tablero, 5).await;
    let before = receiver.got().len();
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(
        receiver.got().len(),
        before,
        "a disabled endpoint is sent nothing"
    );
    // The receiver mends; a retry request re-enables the endpoint, which goes on with the
    // change it was on, then the next.
    receiver.rules.lock().unwrap().refuse_all = false;
    tablero.retry_webhook_delivery("hooks", "").await.unwrap();
    for g in [&g1, &g2] {
        until("both creations delivered", async || {
            receiver
                .creation_of(g)
                .iter()
                .any(|d| d.answered == 204)
                .then_some(())
        })
        .await;
    }
    let log = tablero.webhook_deliveries("hooks").await.unwrap();
    assert!(!log.endpoints[0].disabled);
    assert_eq!(log.endpoints[0].failing_since_unix_ms, 0);
}

on_both_stores!(
    a_refused_change_is_given_up_and_retried_on_request,
    an_endpoint_failing_too_long_is_disabled_until_a_retry
);
