//! One deliverer per endpoint on every replica; the one holding the endpoint's lease delivers.
//! It reads the feed after the endpoint's cursor and POSTs each change the endpoint wants, in
//! feed order, one at a time, by the Standard Webhooks specification ([`super::sign`]): the
//! body is `{"type", "timestamp", "data": <the Change>}`, and `webhook-id` is
//! `<endpoint>:<cursor>`, the same for every attempt.
//!
//! A change that fails is retried on a bounded schedule (waits with ±20 % jitter); when its
//! last attempt fails it is given up (a `gave_up` record in the delivery log) and the cursor
//! moves past it, so one change a receiver keeps refusing does not hold back the rest. A
//! `RetryWebhookDelivery` call queues it again. An endpoint that has failed without a success
//! for `disable_after` is disabled (logged, and shown by `ListWebhookDeliveries`) until a retry
//! is asked for.
//!
//! The cursor moves only after a change is dealt with, and the retry count lives in the store,
//! so a replica that dies mid-schedule leaves the next holder the same change at the same
//! attempt: at least once, and a receiver deduplicates by `webhook-id`.

use super::config::{Endpoint, event_type, kind_name};
use crate::rpc::feed as changes;
use crate::rpc::json::message_json;
use crate::store::clock::now_ms;
use crate::store::feed::{EndpointState, FeedFrom, Lease, state_of};
use crate::store::{Store, StoreError};
use crate::telemetry::metric;
use bytes::Bytes;
use http_body_util::Full;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use prost::Message;
use serde::Serialize;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tablero_proto::v1 as pb;
use tracing::Instrument;

type HttpClient = Client<hyper_rustls::HttpsConnector<HttpConnector>, Full<Bytes>>;

/// How deliveries run.
#[derive(Clone, Debug)]
pub struct Settings {
    /// How long a lease lasts without renewal (a dead holder's endpoint waits this long).
    pub lease: Duration,
    /// How often an idle deliverer looks for changes (and for a free lease).
    pub poll: Duration,
    /// The wait before each retry of a change; when the retry after the last wait fails too,
    /// the change is given up.
    pub retries: Arc<[Duration]>,
    /// An endpoint failing this long without one success is disabled.
    pub disable_after: Duration,
    /// How long one POST may take.
    pub timeout: Duration,
    /// Delivery records kept per endpoint.
    pub log_keep: usize,
}

/// The Standard Webhooks specification's suggested schedule: 5 s, 5 min, 30 min, 2 h, 5 h,
/// 10 h, 10 h after the first attempt (about 28 h, within the feed's 72 h retention).
pub const DEFAULT_RETRIES: &str = "5s,5m,30m,2h,5h,10h,10h";

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lease: Duration::from_secs(10),
            poll: Duration::from_millis(250),
            retries: parse_schedule(DEFAULT_RETRIES)
                .expect("the default schedule parses")
                .into(),
            disable_after: Duration::from_secs(5 * 24 * 3600),
            timeout: Duration::from_secs(10),
            log_keep: 1000,
        }
    }
}

/// Most retries a schedule may have (a typo like `1s` × 10,000 is refused).
const MAX_RETRIES: usize = 50;

/// Parses a retry schedule: comma-separated durations (`250ms,5s,5m,2h`).
pub fn parse_schedule(text: &str) -> Result<Vec<Duration>, String> {
    let waits = text
        .split(',')
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .map(|w| humantime::parse_duration(w).map_err(|e| format!("`{w}`: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    if waits.len() > MAX_RETRIES {
        return Err(format!("at most {MAX_RETRIES} retries"));
    }
    Ok(waits)
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
            settings: settings.clone(),
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
    /// The last change of the page dealt with (delivered, given up, or not wanted).
    through: Option<String>,
    state: EndpointState,
}

/// What became of one change.
enum Sent {
    Delivered,
    /// Its last attempt failed: the endpoint moves on.
    GaveUp,
    /// The lease was lost, the server is stopping, or the endpoint was disabled.
    Stopped,
}

/// Whether a change is one of the feed's, in order, or one asked for again.
#[derive(Clone, Copy)]
enum Why {
    Feed,
    Requested,
}

impl<S: Store> Deliverer<S> {
    async fn run(self, mut shutdown: tokio::sync::watch::Receiver<bool>) {
        let name = self.endpoint.name.clone();
        metrics::gauge!(metric::WEBHOOK_LAG, "endpoint" => name.clone()).set(0.0);
        metrics::gauge!(metric::WEBHOOK_DISABLED, "endpoint" => name.clone()).set(0.0);
        while !*shutdown.borrow() {
            // A root span per round: the store calls in it have a parent that ends.
            let span = tracing::info_span!(parent: None, "webhooks.deliver", endpoint = %name);
            let worked = match self.round(&shutdown).instrument(span).await {
                Ok(worked) => worked,
                Err(e) => {
                    tracing::warn!(endpoint = %name, error = %e, "webhook delivery round failed");
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

    /// Delivers what was asked for again, then what the feed holds after the endpoint's
    /// cursor; whether there was any.
    async fn round(
        &self,
        shutdown: &tokio::sync::watch::Receiver<bool>,
    ) -> Result<bool, StoreError> {
        let name = &self.endpoint.name;
        if !self.hold_lease().await? {
            // The holder reports the endpoint's gauges; the others report nothing to add.
            metrics::gauge!(metric::WEBHOOK_LAG, "endpoint" => name.clone()).set(0.0);
            metrics::gauge!(metric::WEBHOOK_DISABLED, "endpoint" => name.clone()).set(0.0);
            return Ok(false);
        }
        let mut progress = Progress {
            renewed: Instant::now(),
            log: Vec::new(),
            through: None,
            state: state_of(&*self.store, name).await?,
        };
        let requested = self.store.redeliveries(name).await?;
        if !requested.is_empty() && progress.state.disabled_at_ms.is_some() {
            tracing::info!(endpoint = %name, "webhook endpoint re-enabled by a retry request");
            progress.state = EndpointState::default();
            self.store
                .set_webhook_state(name, &progress.state.encode())
                .await?;
        }
        metrics::gauge!(metric::WEBHOOK_DISABLED, "endpoint" => name.clone()).set(
            if progress.state.disabled_at_ms.is_some() {
                1.0
            } else {
                0.0
            },
        );
        if progress.state.disabled_at_ms.is_some() {
            return Ok(false);
        }
        for cursor in &requested {
            if !cursor.is_empty()
                && let Sent::Stopped = self.redeliver(cursor, shutdown, &mut progress).await?
            {
                self.save(&mut progress).await?;
                return Ok(false);
            }
            self.store.finish_redelivery(name, cursor).await?;
        }
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
        let worked = !page.entries.is_empty() || !requested.is_empty();
        for entry in page.entries {
            let cursor = entry.cursor.clone();
            let change = changes::decode(entry).map_err(|e| StoreError::Other(e.to_string()))?;
            if self.endpoint.filter.matches(&change)
                && let Sent::Stopped = self
                    .send(&change, Why::Feed, shutdown, &mut progress)
                    .await?
            {
                self.save(&mut progress).await?;
                return Ok(false);
            }
            progress.through = Some(cursor);
        }
        self.save(&mut progress).await?;
        metrics::gauge!(metric::WEBHOOK_LAG, "endpoint" => name.clone()).set(0.0);
        Ok(worked)
    }

    /// Sends the change at `cursor` again, if the feed still holds it.
    async fn redeliver(
        &self,
        cursor: &str,
        shutdown: &tokio::sync::watch::Receiver<bool>,
        progress: &mut Progress,
    ) -> Result<Sent, StoreError> {
        let page = match self.store.feed_read(FeedFrom::At(cursor), 1).await {
            Ok(page) => page,
            Err(StoreError::BadCursor) => Default::default(),
            Err(e) => return Err(e),
        };
        let Some(entry) = page
            .entries
            .into_iter()
            .next()
            .filter(|e| e.cursor == cursor)
        else {
            progress.log.push(
                pb::WebhookDelivery {
                    endpoint: self.endpoint.name.clone(),
                    delivery_id: delivery_id(&self.endpoint.name, cursor),
                    cursor: cursor.to_string(),
                    error: "asked to retry a change the feed no longer holds".into(),
                    at_unix_ms: now_ms(),
                    ..Default::default()
                }
                .encode_to_vec(),
            );
            return Ok(Sent::GaveUp);
        };
        let change = changes::decode(entry).map_err(|e| StoreError::Other(e.to_string()))?;
        if !self.endpoint.filter.matches(&change) {
            // A retry sends only what the endpoint takes (its kinds and game type).
            progress.log.push(
                pb::WebhookDelivery {
                    endpoint: self.endpoint.name.clone(),
                    delivery_id: delivery_id(&self.endpoint.name, cursor),
                    cursor: cursor.to_string(),
                    kind: change.kind,
                    game_id: change.game_id.clone(),
                    error: "asked to retry a change this endpoint does not take".into(),
                    at_unix_ms: now_ms(),
                    requested: true,
                    ..Default::default()
                }
                .encode_to_vec(),
            );
            return Ok(Sent::GaveUp);
        }
        self.send(&change, Why::Requested, shutdown, progress).await
    }

    /// Writes what a round did so far: its delivery records, the endpoint's state, and the
    /// cursor past the changes dealt with (once per page, or before waiting to retry: a crash
    /// in between sends those changes again, under the same ids).
    async fn save(&self, progress: &mut Progress) -> Result<(), StoreError> {
        let name = &self.endpoint.name;
        let log = std::mem::take(&mut progress.log);
        self.store
            .log_deliveries(name, &log, self.settings.log_keep)
            .await?;
        self.store
            .set_webhook_state(name, &progress.state.encode())
            .await?;
        if let Some(through) = progress.through.take() {
            self.store.set_webhook_cursor(name, &through).await?;
        }
        Ok(())
    }

    /// Renews the lease when a third of it has passed; whether this replica still holds it.
    async fn keep_lease(&self, progress: &mut Progress) -> Result<bool, StoreError> {
        if progress.renewed.elapsed() > self.settings.lease / 3 {
            if !self.hold_lease().await? {
                return Ok(false);
            }
            progress.renewed = Instant::now();
        }
        Ok(true)
    }

    /// Waits `wait`, renewing the lease meanwhile; false when the lease was lost or the server
    /// is stopping.
    async fn wait_holding(
        &self,
        wait: Duration,
        shutdown: &tokio::sync::watch::Receiver<bool>,
        progress: &mut Progress,
    ) -> Result<bool, StoreError> {
        let until = tokio::time::Instant::now() + wait;
        let mut shutdown = shutdown.clone();
        loop {
            let now = tokio::time::Instant::now();
            if now >= until {
                return Ok(true);
            }
            let slice = (until - now).min(self.settings.lease / 3);
            tokio::select! {
                _ = tokio::time::sleep(slice) => {}
                _ = shutdown.changed() => return Ok(false),
            }
            if *shutdown.borrow() || !self.keep_lease(progress).await? {
                return Ok(false);
            }
        }
    }

    /// POSTs `change` until the endpoint takes it (2xx) or its schedule runs out.
    async fn send(
        &self,
        change: &pb::Change,
        why: Why,
        shutdown: &tokio::sync::watch::Receiver<bool>,
        progress: &mut Progress,
    ) -> Result<Sent, StoreError> {
        let name = &self.endpoint.name;
        let body = Bytes::from(envelope(change).map_err(StoreError::Other)?);
        let id = delivery_id(name, &change.cursor);
        let kind = pb::ChangeKind::try_from(change.kind)
            .map(kind_name)
            .unwrap_or_default();
        // Go on with a schedule a previous holder began (only for the feed's own order).
        let mut attempt = match (&progress.state.retrying, why) {
            (Some((cursor, done)), Why::Feed) if *cursor == change.cursor => done + 1,
            _ => 1,
        };
        loop {
            if *shutdown.borrow() || !self.keep_lease(progress).await? {
                return Ok(Sent::Stopped);
            }
            let at = now_ms();
            let lag = (at - change.at_unix_ms).max(0) as f64 / 1000.0;
            metrics::gauge!(metric::WEBHOOK_LAG, "endpoint" => name.clone()).set(lag);
            let (http_status, error) = self.post(&body, &id, &kind).await;
            let delivered = (200..300).contains(&http_status);
            let gave_up = !delivered && attempt as usize > self.settings.retries.len();
            let outcome = match (delivered, gave_up) {
                (true, _) => "delivered",
                (false, true) => "gave_up",
                (false, false) => "failed",
            };
            metrics::counter!(metric::WEBHOOK_DELIVERIES, "endpoint" => name.clone(), "outcome" => outcome)
                .increment(1);
            progress.log.push(
                pb::WebhookDelivery {
                    endpoint: name.clone(),
                    delivery_id: id.clone(),
                    cursor: change.cursor.clone(),
                    kind: change.kind,
                    game_id: change.game_id.clone(),
                    attempt,
                    http_status: u32::from(http_status),
                    delivered,
                    error,
                    at_unix_ms: at,
                    gave_up,
                    requested: matches!(why, Why::Requested),
                }
                .encode_to_vec(),
            );
            let state = &mut progress.state;
            if delivered {
                state.failing_since_ms = None;
                state.retrying = None;
                return Ok(Sent::Delivered);
            }
            let since = *state.failing_since_ms.get_or_insert(at);
            if at - since >= self.settings.disable_after.as_millis() as i64 {
                tracing::error!(endpoint = %name, failing_since_ms = since, "webhook endpoint disabled: every delivery failed for the disable-after time; RetryWebhookDelivery re-enables it");
                state.disabled_at_ms = Some(at);
                // The change is not given up: it goes first when the endpoint is re-enabled.
                state.retrying = None;
                metrics::gauge!(metric::WEBHOOK_DISABLED, "endpoint" => name.clone()).set(1.0);
                return Ok(Sent::Stopped);
            }
            if gave_up {
                tracing::warn!(endpoint = %name, delivery_id = %id, attempts = attempt, "webhook change given up after its last retry");
                state.retrying = None;
                return Ok(Sent::GaveUp);
            }
            if let Why::Feed = why {
                state.retrying = Some((change.cursor.clone(), attempt));
            }
            // The operator sees the failure now, not when the endpoint recovers.
            self.save(progress).await?;
            let wait = jitter(self.settings.retries[attempt as usize - 1]);
            if !self.wait_holding(wait, shutdown, progress).await? {
                return Ok(Sent::Stopped);
            }
            attempt += 1;
        }
    }

    /// One POST: the HTTP status (0 when none came) and why it failed.
    async fn post(&self, body: &Bytes, id: &str, kind: &str) -> (u16, String) {
        // The specification's timestamp is real time in seconds (the receiver compares it with
        // its own clock), not the store's clock.
        let timestamp = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        let request = http::Request::post(self.endpoint.url.clone())
            .header(http::header::CONTENT_TYPE, "application/json")
            .header(http::header::USER_AGENT, "tablero-webhooks/2")
            .header("webhook-id", id)
            .header("webhook-timestamp", timestamp.to_string())
            .header(
                "webhook-signature",
                self.endpoint.secrets.signature(id, timestamp, body),
            )
            // Routing without parsing the body; not signed, so decide nothing on it alone.
            .header("tablero-event", kind)
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

/// The `webhook-id` of a change to an endpoint.
pub fn delivery_id(endpoint: &str, cursor: &str) -> String {
    format!("{endpoint}:{cursor}")
}

/// The body: the specification's envelope around the change's proto3 JSON.
fn envelope(change: &pb::Change) -> Result<Vec<u8>, String> {
    #[derive(Serialize)]
    struct Envelope<'a> {
        r#type: &'static str,
        timestamp: String,
        data: &'a serde_json::value::RawValue,
    }
    let data = message_json("tablero.v1.Change", &change.encode_to_vec())?;
    let data = String::from_utf8(data).map_err(|e| e.to_string())?;
    let data = serde_json::value::RawValue::from_string(data).map_err(|e| e.to_string())?;
    let at = UNIX_EPOCH + Duration::from_millis(change.at_unix_ms.max(0) as u64);
    serde_json::to_vec(&Envelope {
        r#type: pb::ChangeKind::try_from(change.kind).map_or("change.unspecified", event_type),
        timestamp: humantime::format_rfc3339_millis(at).to_string(),
        data: &data,
    })
    .map_err(|e| e.to_string())
}

/// `wait` moved by up to 20 % either way, so endpoints that failed together do not all retry
/// at the same instant.
fn jitter(wait: Duration) -> Duration {
    let mut bytes = [0u8; 4];
    getrandom::fill(&mut bytes).expect("the OS random source");
    let unit = f64::from(u32::from_le_bytes(bytes)) / f64::from(u32::MAX);
    wait.mul_f64(0.8 + 0.4 * unit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedules_parse_and_are_bounded() {
        assert_eq!(
            parse_schedule("250ms, 5s,5m,2h").unwrap(),
            [
                Duration::from_millis(250),
                Duration::from_secs(5),
                Duration::from_secs(300),
                Duration::from_secs(7200)
            ]
        );
        assert!(parse_schedule("").unwrap().is_empty());
        assert!(parse_schedule("5 parsecs").is_err());
        assert!(parse_schedule(&vec!["1s"; MAX_RETRIES + 1].join(",")).is_err());
        let total: Duration = Settings::default().retries.iter().sum();
        assert!(
            total < Duration::from_secs(72 * 3600),
            "within the feed's retention"
        );
    }

    #[test]
    fn jitter_stays_within_a_fifth() {
        let wait = Duration::from_secs(100);
        let waits: Vec<Duration> = (0..200).map(|_| jitter(wait)).collect();
        assert!(
            waits
                .iter()
                .all(|w| (80.0..=120.0).contains(&w.as_secs_f64()))
        );
        // Not one fixed value.
        assert!(waits.iter().any(|w| *w != waits[0]));
    }

    #[test]
    fn the_body_is_the_specifications_envelope() {
        let change = pb::Change {
            cursor: "m7".into(),
            kind: pb::ChangeKind::GameFinished as i32,
            game_id: "g1".into(),
            game_type: "claim".into(),
            version: 9,
            at_unix_ms: 1_700_000_000_123,
            ..Default::default()
        };
        let body: serde_json::Value = serde_json::from_slice(&envelope(&change).unwrap()).unwrap();
        assert_eq!(body["type"], "game.finished");
        assert_eq!(body["timestamp"], "2023-11-14T22:13:20.123Z");
        assert_eq!(body["data"]["gameId"], "g1");
        assert_eq!(body["data"]["kind"], "CHANGE_KIND_GAME_FINISHED");
    }
}
