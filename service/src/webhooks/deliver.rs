//! One deliverer per endpoint on every replica; the one holding the endpoint's lease delivers.
//! It reads the feed after the endpoint's cursor, POSTs each change the endpoint wants (in feed
//! order, one at a time), retries a change with exponential backoff until the endpoint answers
//! 2xx, and only then moves the cursor past it. So a replica that dies mid-delivery leaves the
//! cursor before the change, and the next holder sends it again under the same delivery id
//! (`<endpoint>:<cursor>`): at least once, and a receiver deduplicates by that id.

use super::config::{Endpoint, kind_name};
use super::sign::signature;
use crate::rpc::feed as changes;
use crate::rpc::json::message_json;
use crate::store::clock::now_ms;
use crate::store::feed::{FeedFrom, Lease};
use crate::store::{Store, StoreError};
use bytes::Bytes;
use http_body_util::Full;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use prost::Message;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tablero_proto::v1 as pb;
use tracing::Instrument;

type HttpClient = Client<hyper_rustls::HttpsConnector<HttpConnector>, Full<Bytes>>;

/// How deliveries run.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// How long a lease lasts without renewal (a dead holder's endpoint waits this long).
    pub lease: Duration,
    /// How often an idle deliverer looks for changes (and for a free lease).
    pub poll: Duration,
    /// The first retry's wait; each next one doubles, up to `max_backoff`.
    pub first_backoff: Duration,
    pub max_backoff: Duration,
    /// How long one POST may take.
    pub timeout: Duration,
    /// Delivery records kept per endpoint.
    pub log_keep: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lease: Duration::from_secs(10),
            poll: Duration::from_millis(250),
            first_backoff: Duration::from_millis(250),
            max_backoff: Duration::from_secs(30),
            timeout: Duration::from_secs(10),
            log_keep: 1000,
        }
    }
}

/// Changes read from the feed at once.
const PAGE: usize = 100;

fn client() -> HttpClient {
    let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
    let https = hyper_rustls::HttpsConnectorBuilder::new()
        .with_provider_and_webpki_roots(provider)
        .expect("the ring provider supports the default protocol versions")
        .https_or_http()
        .enable_http1()
        .build();
    Client::builder(TokioExecutor::new()).build(https)
}

/// Starts a deliverer per endpoint; each ends when `shutdown` turns true.
pub fn spawn_all<S: Store>(
    store: Arc<S>,
    endpoints: Vec<Endpoint>,
    settings: Settings,
    shutdown: tokio::sync::watch::Receiver<bool>,
) {
    if endpoints.is_empty() {
        return;
    }
    let client = client();
    // Who holds a lease: this process, for as long as it runs.
    let holder = {
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes).expect("the OS random source");
        hex::encode(bytes)
    };
    for endpoint in endpoints {
        let d = Deliverer {
            store: store.clone(),
            endpoint,
            holder: holder.clone(),
            client: client.clone(),
            settings,
        };
        tokio::spawn(d.run(shutdown.clone()));
    }
}

struct Deliverer<S> {
    store: Arc<S>,
    endpoint: Endpoint,
    holder: String,
    client: HttpClient,
    settings: Settings,
}

/// What a round has done and not yet written.
struct Progress {
    /// When the lease was last renewed.
    renewed: Instant,
    /// Delivery records not yet in the log.
    log: Vec<Vec<u8>>,
    /// The last change of the page dealt with (delivered, or not wanted).
    through: Option<String>,
}

/// What became of one change.
enum Sent {
    Delivered,
    /// The lease was lost (or the server is stopping): another replica goes on.
    Stopped,
}

impl<S: Store> Deliverer<S> {
    async fn run(self, mut shutdown: tokio::sync::watch::Receiver<bool>) {
        while !*shutdown.borrow() {
            // A root span per round: the store calls in it have a parent that ends.
            let span = tracing::info_span!(parent: None, "webhooks.deliver", endpoint = %self.endpoint.name);
            let worked = match self.round(&shutdown).instrument(span).await {
                Ok(worked) => worked,
                Err(e) => {
                    tracing::warn!(endpoint = %self.endpoint.name, error = %e, "webhook delivery round failed");
                    false
                }
            };
            if !worked {
                tokio::select! {
                    _ = tokio::time::sleep(self.settings.poll) => {}
                    _ = shutdown.changed() => {}
                }
            }
        }
    }

    async fn hold_lease(&self) -> Result<bool, StoreError> {
        self.store
            .lease(Lease {
                name: &self.endpoint.name,
                holder: &self.holder,
                ttl_ms: self.settings.lease.as_millis() as u64,
            })
            .await
    }

    /// Delivers what the feed holds after the endpoint's cursor; whether there was any.
    async fn round(
        &self,
        shutdown: &tokio::sync::watch::Receiver<bool>,
    ) -> Result<bool, StoreError> {
        if !self.hold_lease().await? {
            return Ok(false);
        }
        let name = &self.endpoint.name;
        let cursor = match self.store.webhook_cursor(name).await? {
            Some(c) => c,
            None => {
                // A new endpoint starts with the changes after its first start.
                let head = self.store.feed_head().await?;
                self.store.set_webhook_cursor(name, &head).await?;
                head
            }
        };
        let page = match self.store.feed_read(FeedFrom::After(&cursor), PAGE).await {
            Ok(page) => page,
            // The feed was emptied (a new Redis): start again from what it holds.
            Err(StoreError::BadCursor) => self.store.feed_read(FeedFrom::Start, PAGE).await?,
            Err(e) => return Err(e),
        };
        let mut progress = Progress {
            renewed: Instant::now(),
            log: Vec::new(),
            through: None,
        };
        if page.expired {
            tracing::error!(endpoint = %name, %cursor, "changes after the endpoint's cursor left the feed before delivery");
            progress.log.push(
                pb::WebhookDelivery {
                    endpoint: name.clone(),
                    cursor: cursor.clone(),
                    error: "changes after this cursor left the feed's retention before delivery"
                        .into(),
                    at_unix_ms: now_ms(),
                    ..Default::default()
                }
                .encode_to_vec(),
            );
        }
        let worked = !page.entries.is_empty();
        for entry in page.entries {
            let cursor = entry.cursor.clone();
            let change = changes::decode(entry).map_err(|e| StoreError::Other(e.to_string()))?;
            if self.endpoint.filter.matches(&change)
                && let Sent::Stopped = self.send(&change, shutdown, &mut progress).await?
            {
                self.save(&mut progress).await?;
                return Ok(false);
            }
            progress.through = Some(cursor);
        }
        self.save(&mut progress).await?;
        Ok(worked)
    }

    /// Writes what a round did so far: its delivery records, and the cursor past the changes
    /// delivered (once per page, or before waiting to retry: a crash in between sends those
    /// changes again, under the same delivery ids).
    async fn save(&self, progress: &mut Progress) -> Result<(), StoreError> {
        let name = &self.endpoint.name;
        let log = std::mem::take(&mut progress.log);
        self.store
            .log_deliveries(name, &log, self.settings.log_keep)
            .await?;
        if let Some(through) = progress.through.take() {
            self.store.set_webhook_cursor(name, &through).await?;
        }
        Ok(())
    }

    /// POSTs `change` until the endpoint takes it (2xx).
    async fn send(
        &self,
        change: &pb::Change,
        shutdown: &tokio::sync::watch::Receiver<bool>,
        progress: &mut Progress,
    ) -> Result<Sent, StoreError> {
        let body = message_json("tablero.v1.Change", &change.encode_to_vec())
            .map_err(StoreError::Other)?;
        let body = Bytes::from(body);
        let delivery_id = format!("{}:{}", self.endpoint.name, change.cursor);
        let kind = pb::ChangeKind::try_from(change.kind)
            .map(kind_name)
            .unwrap_or_default();
        let mut wait = self.settings.first_backoff;
        for attempt in 1u32.. {
            if *shutdown.borrow() {
                return Ok(Sent::Stopped);
            }
            // Renewed well before it lapses, and before every retry: a replica that lost it
            // stops before sending again.
            if attempt > 1 || progress.renewed.elapsed() > self.settings.lease / 3 {
                if !self.hold_lease().await? {
                    return Ok(Sent::Stopped);
                }
                progress.renewed = Instant::now();
            }
            let at = now_ms();
            let (http_status, error) = self.post(&body, &delivery_id, &kind, at).await;
            let delivered = (200..300).contains(&http_status);
            progress.log.push(
                pb::WebhookDelivery {
                    endpoint: self.endpoint.name.clone(),
                    delivery_id: delivery_id.clone(),
                    cursor: change.cursor.clone(),
                    kind: change.kind,
                    game_id: change.game_id.clone(),
                    attempt,
                    http_status: u32::from(http_status),
                    delivered,
                    error,
                    at_unix_ms: at,
                }
                .encode_to_vec(),
            );
            if delivered {
                return Ok(Sent::Delivered);
            }
            // The operator sees the failure now, not when the endpoint recovers.
            self.save(progress).await?;
            tokio::time::sleep(wait).await;
            wait = (wait * 2).min(self.settings.max_backoff);
        }
        unreachable!("attempts are unbounded")
    }

    /// One POST: the HTTP status (0 when none came) and why it failed.
    async fn post(&self, body: &Bytes, delivery_id: &str, kind: &str, at: i64) -> (u16, String) {
        let request = http::Request::post(self.endpoint.url.clone())
            .header(http::header::CONTENT_TYPE, "application/json")
            .header(http::header::USER_AGENT, "tablero-webhooks/1")
            .header("tablero-delivery", delivery_id)
            .header("tablero-event", kind)
            .header(
                "tablero-signature",
                signature(&self.endpoint.secret, at, body),
            )
            .body(Full::new(body.clone()));
        let request = match request {
            Ok(r) => r,
            Err(e) => return (0, e.to_string()),
        };
        match tokio::time::timeout(self.settings.timeout, self.client.request(request)).await {
            Ok(Ok(response)) => {
                let status = response.status();
                let error = if status.is_success() {
                    String::new()
                } else {
                    format!("the endpoint answered {status}")
                };
                (status.as_u16(), error)
            }
            Ok(Err(e)) => (0, format!("request failed: {e}")),
            Err(_) => (0, "no answer within the timeout".into()),
        }
    }
}
