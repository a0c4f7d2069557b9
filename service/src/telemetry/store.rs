//! [`InstrumentedStore`]: any [`Store`] with a span, a latency sample and conflict counting
//! around every call, so the store implementations stay free of telemetry.
//!
//! Each call gets a client span `store.<op>` (`store.load`, `store.commit`, …) with `db.system`
//! set to the store's name; made inside an RPC handler, it is that RPC's child. The spans are at
//! DEBUG: only the trace exporter takes them (and `RUST_LOG=debug`); without one they cost a
//! disabled callsite's check, not a span per store call on every submit. Its latency goes
//! to `tablero_store_duration_seconds{op,store}`, and a lost compare-and-swap (a game commit
//! answering `Conflict`, a campaign commit answering false) to
//! `tablero_cas_conflicts_total{kind}`.
//!
//! It also bounds every call made for a request by the store timeout ([`with_timeout`]): with the
//! store unreachable a request fails fast with UNAVAILABLE instead of waiting on reconnects.
//!
//! [`with_timeout`]: InstrumentedStore::with_timeout

use super::metric;
use crate::store::feed::{FeedFrom, FeedPage, Lease};
use crate::store::record::GameStatus;
use crate::store::record::{CampaignRecord, GameRecord, LogEntry};
use crate::store::{
    Commit, CommitResult, GameCount, Idempotent, ListFilter, NewPlay, PlayerMarks, QuotaKind,
    Store, StoreError,
};
use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::broadcast;
use tracing::{Instrument, Span, field};

/// A store call's span: the name is the span's (and the exported span's) name.
macro_rules! store_span {
    ($name:literal, $system:expr) => {
        tracing::debug_span!(
            $name,
            otel.kind = "client",
            otel.status_code = field::Empty,
            db.system = $system,
            outcome = field::Empty,
            error = field::Empty,
        )
    };
}

pub struct InstrumentedStore<S> {
    inner: Arc<S>,
    /// `memory` or `redis`: the `db.system` attribute and the `store` label.
    system: &'static str,
    /// The longest a call may take (`None` = no limit).
    timeout: Option<Duration>,
}

impl<S: Store> InstrumentedStore<S> {
    pub fn new(inner: Arc<S>, system: &'static str) -> Self {
        InstrumentedStore {
            inner,
            system,
            timeout: None,
        }
    }

    /// Fails a call that takes longer than `timeout` with [`StoreError::TimedOut`] (the sweep,
    /// which is no request's, is exempt).
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// The store underneath, for reads that are not part of a request (metrics scrapes).
    pub fn inner(&self) -> &Arc<S> {
        &self.inner
    }

    /// Runs `call` inside `span`, then records its latency under `op` and marks a failure.
    async fn observe<T>(
        &self,
        op: &'static str,
        span: Span,
        call: impl Future<Output = Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        let start = Instant::now();
        let call = call.instrument(span.clone());
        let result = match self.timeout.filter(|_| op != "sweep") {
            Some(limit) => tokio::time::timeout(limit, call)
                .await
                .unwrap_or(Err(StoreError::TimedOut)),
            None => call.await,
        };
        metrics::histogram!(metric::STORE_DURATION, "op" => op, "store" => self.system)
            .record(start.elapsed().as_secs_f64());
        if let Err(e) = &result {
            span.record("otel.status_code", "error");
            span.record("error", field::display(e));
        }
        result
    }

    fn conflict(span: &Span, kind: &'static str) {
        span.record("outcome", "conflict");
        metrics::counter!(metric::CAS_CONFLICTS, "kind" => kind).increment(1);
    }
}

impl<S: Store> Store for InstrumentedStore<S> {
    async fn create(
        &self,
        record: &GameRecord,
        entries: &[LogEntry],
        feed: &[Vec<u8>],
    ) -> Result<(), StoreError> {
        let span = store_span!("store.create", self.system);
        self.observe("create", span, self.inner.create(record, entries, feed))
            .await
    }

    async fn load(&self, id: &str) -> Result<Option<GameRecord>, StoreError> {
        let span = store_span!("store.load", self.system);
        self.observe("load", span, self.inner.load(id)).await
    }

    async fn commit(&self, commit: Commit<'_>) -> Result<CommitResult, StoreError> {
        let span = store_span!("store.commit", self.system);
        let result = self
            .observe("commit", span.clone(), self.inner.commit(commit))
            .await;
        match &result {
            Ok(CommitResult::Committed) => {
                span.record("outcome", "committed");
            }
            Ok(CommitResult::Duplicate(_)) => {
                span.record("outcome", "duplicate");
            }
            Ok(CommitResult::Conflict) => Self::conflict(&span, "game"),
            Err(_) => {}
        }
        result
    }

    async fn idempotent_result(
        &self,
        id: &str,
        key: &str,
    ) -> Result<Option<Idempotent>, StoreError> {
        let span = store_span!("store.idempotent_result", self.system);
        self.observe(
            "idempotent_result",
            span,
            self.inner.idempotent_result(id, key),
        )
        .await
    }

    async fn log(&self, id: &str, from: u64, to: u64) -> Result<Vec<LogEntry>, StoreError> {
        let span = store_span!("store.log", self.system);
        self.observe("log", span, self.inner.log(id, from, to))
            .await
    }

    async fn revision(&self, id: &str) -> Result<Option<u64>, StoreError> {
        let span = store_span!("store.revision", self.system);
        self.observe("revision", span, self.inner.revision(id))
            .await
    }

    async fn status(&self, id: &str) -> Result<Option<GameStatus>, StoreError> {
        let span = store_span!("store.status", self.system);
        self.observe("status", span, self.inner.status(id)).await
    }

    async fn list(
        &self,
        filter: ListFilter<'_>,
    ) -> Result<(Vec<GameRecord>, Option<String>), StoreError> {
        let span = store_span!("store.list", self.system);
        self.observe("list", span, self.inner.list(filter)).await
    }

    async fn mark_players(&self, marks: &PlayerMarks<'_>) -> Result<(), StoreError> {
        let span = store_span!("store.mark_players", self.system);
        self.observe("mark_players", span, self.inner.mark_players(marks))
            .await
    }

    async fn unmark_waiting(&self, game_id: &str, players: &[&str]) -> Result<(), StoreError> {
        let span = store_span!("store.unmark_waiting", self.system);
        self.observe(
            "unmark_waiting",
            span,
            self.inner.unmark_waiting(game_id, players),
        )
        .await
    }

    async fn deadline_no_later(&self, id: &str, at_ms: i64) -> Result<(), StoreError> {
        let span = store_span!("store.deadline_no_later", self.system);
        self.observe(
            "deadline_no_later",
            span,
            self.inner.deadline_no_later(id, at_ms),
        )
        .await
    }

    async fn set_deadline(&self, id: &str, at_ms: Option<i64>) -> Result<(), StoreError> {
        let span = store_span!("store.set_deadline", self.system);
        self.observe("set_deadline", span, self.inner.set_deadline(id, at_ms))
            .await
    }

    async fn claim_deadline(
        &self,
        id: &str,
        due_ms: i64,
        until_ms: i64,
    ) -> Result<bool, StoreError> {
        let span = store_span!("store.claim_deadline", self.system);
        self.observe(
            "claim_deadline",
            span,
            self.inner.claim_deadline(id, due_ms, until_ms),
        )
        .await
    }

    async fn due_deadlines(&self, now_ms: i64, limit: usize) -> Result<Vec<String>, StoreError> {
        let span = store_span!("store.due_deadlines", self.system);
        self.observe(
            "due_deadlines",
            span,
            self.inner.due_deadlines(now_ms, limit),
        )
        .await
    }

    async fn active_games(&self) -> Result<u64, StoreError> {
        let span = store_span!("store.active_games", self.system);
        self.observe("active_games", span, self.inner.active_games())
            .await
    }

    async fn count_games<'a>(
        &self,
        game_types: &[&'a str],
    ) -> Result<Vec<GameCount<'a>>, StoreError> {
        let span = store_span!("store.count_games", self.system);
        self.observe("count_games", span, self.inner.count_games(game_types))
            .await
    }

    async fn create_campaign(&self, record: &CampaignRecord) -> Result<(), StoreError> {
        let span = store_span!("store.create_campaign", self.system);
        self.observe("create_campaign", span, self.inner.create_campaign(record))
            .await
    }

    async fn load_campaign(&self, id: &str) -> Result<Option<CampaignRecord>, StoreError> {
        let span = store_span!("store.load_campaign", self.system);
        self.observe("load_campaign", span, self.inner.load_campaign(id))
            .await
    }

    async fn start_play(&self, play: NewPlay<'_>) -> Result<bool, StoreError> {
        let span = store_span!("store.start_play", self.system);
        let result = self
            .observe("start_play", span.clone(), self.inner.start_play(play))
            .await;
        match result {
            Ok(true) => {
                span.record("outcome", "committed");
            }
            Ok(false) => Self::conflict(&span, "campaign"),
            Err(_) => {}
        }
        result
    }

    async fn commit_campaign(
        &self,
        record: &CampaignRecord,
        expected_revision: u64,
        feed: &[Vec<u8>],
    ) -> Result<bool, StoreError> {
        let span = store_span!("store.commit_campaign", self.system);
        let result = self
            .observe(
                "commit_campaign",
                span.clone(),
                self.inner.commit_campaign(record, expected_revision, feed),
            )
            .await;
        match result {
            Ok(true) => {
                span.record("outcome", "committed");
            }
            Ok(false) => Self::conflict(&span, "campaign"),
            Err(_) => {}
        }
        result
    }

    async fn list_campaigns(
        &self,
        game_type: Option<&str>,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<CampaignRecord>, bool), StoreError> {
        let span = store_span!("store.list_campaigns", self.system);
        self.observe(
            "list_campaigns",
            span,
            self.inner.list_campaigns(game_type, offset, limit),
        )
        .await
    }

    async fn delete(&self, id: &str) -> Result<bool, StoreError> {
        let span = store_span!("store.delete", self.system);
        self.observe("delete", span, self.inner.delete(id)).await
    }

    async fn delete_campaign(&self, id: &str) -> Result<Option<CampaignRecord>, StoreError> {
        let span = store_span!("store.delete_campaign", self.system);
        self.observe("delete_campaign", span, self.inner.delete_campaign(id))
            .await
    }

    async fn sweep(&self) -> Result<usize, StoreError> {
        let span = store_span!("store.sweep", self.system);
        self.observe("sweep", span, self.inner.sweep()).await
    }

    async fn due_campaigns(&self, now_ms: i64, limit: usize) -> Result<Vec<String>, StoreError> {
        let span = store_span!("store.due_campaigns", self.system);
        self.observe(
            "due_campaigns",
            span,
            self.inner.due_campaigns(now_ms, limit),
        )
        .await
    }

    async fn reschedule_campaign(&self, id: &str, at_ms: i64) -> Result<(), StoreError> {
        let span = store_span!("store.reschedule_campaign", self.system);
        self.observe(
            "reschedule_campaign",
            span,
            self.inner.reschedule_campaign(id, at_ms),
        )
        .await
    }

    async fn quota_claim(
        &self,
        kind: QuotaKind,
        owner: &str,
        id: &str,
        limit: u32,
    ) -> Result<bool, StoreError> {
        let span = store_span!("store.quota_claim", self.system);
        self.observe(
            "quota_claim",
            span,
            self.inner.quota_claim(kind, owner, id, limit),
        )
        .await
    }

    async fn quota_members(&self, kind: QuotaKind, owner: &str) -> Result<Vec<String>, StoreError> {
        let span = store_span!("store.quota_members", self.system);
        self.observe("quota_members", span, self.inner.quota_members(kind, owner))
            .await
    }

    async fn quota_release(
        &self,
        kind: QuotaKind,
        owner: &str,
        ids: &[String],
    ) -> Result<(), StoreError> {
        let span = store_span!("store.quota_release", self.system);
        self.observe(
            "quota_release",
            span,
            self.inner.quota_release(kind, owner, ids),
        )
        .await
    }

    async fn ping(&self) -> Result<(), StoreError> {
        let span = store_span!("store.ping", self.system);
        self.observe("ping", span, self.inner.ping()).await
    }

    async fn subscribe(&self, id: &str) -> Result<broadcast::Receiver<u64>, StoreError> {
        let span = store_span!("store.subscribe", self.system);
        self.observe("subscribe", span, self.inner.subscribe(id))
            .await
    }

    async fn feed_read(&self, from: FeedFrom<'_>, limit: usize) -> Result<FeedPage, StoreError> {
        let span = store_span!("store.feed_read", self.system);
        self.observe("feed_read", span, self.inner.feed_read(from, limit))
            .await
    }

    async fn feed_head(&self) -> Result<String, StoreError> {
        let span = store_span!("store.feed_head", self.system);
        self.observe("feed_head", span, self.inner.feed_head())
            .await
    }

    fn feed_signal(&self) -> Option<std::sync::Arc<tokio::sync::Notify>> {
        self.inner.feed_signal()
    }

    async fn lease(&self, lease: Lease<'_>) -> Result<bool, StoreError> {
        let span = store_span!("store.lease", self.system);
        self.observe("lease", span, self.inner.lease(lease)).await
    }

    async fn webhook_cursor(&self, endpoint: &str) -> Result<Option<String>, StoreError> {
        let span = store_span!("store.webhook_cursor", self.system);
        self.observe("webhook_cursor", span, self.inner.webhook_cursor(endpoint))
            .await
    }

    async fn set_webhook_cursor(&self, endpoint: &str, cursor: &str) -> Result<(), StoreError> {
        let span = store_span!("store.set_webhook_cursor", self.system);
        self.observe(
            "set_webhook_cursor",
            span,
            self.inner.set_webhook_cursor(endpoint, cursor),
        )
        .await
    }

    async fn log_deliveries(
        &self,
        endpoint: &str,
        records: &[Vec<u8>],
        keep: usize,
    ) -> Result<(), StoreError> {
        let span = store_span!("store.log_deliveries", self.system);
        self.observe(
            "log_deliveries",
            span,
            self.inner.log_deliveries(endpoint, records, keep),
        )
        .await
    }

    async fn deliveries(&self, endpoint: &str, limit: usize) -> Result<Vec<Vec<u8>>, StoreError> {
        let span = store_span!("store.deliveries", self.system);
        self.observe("deliveries", span, self.inner.deliveries(endpoint, limit))
            .await
    }

    async fn webhook_state(&self, endpoint: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let span = store_span!("store.webhook_state", self.system);
        self.observe("webhook_state", span, self.inner.webhook_state(endpoint))
            .await
    }

    async fn set_webhook_state(&self, endpoint: &str, state: &[u8]) -> Result<(), StoreError> {
        let span = store_span!("store.set_webhook_state", self.system);
        self.observe(
            "set_webhook_state",
            span,
            self.inner.set_webhook_state(endpoint, state),
        )
        .await
    }

    async fn request_redelivery(
        &self,
        endpoint: &str,
        cursor: &str,
        keep: usize,
    ) -> Result<(), StoreError> {
        let span = store_span!("store.request_redelivery", self.system);
        self.observe(
            "request_redelivery",
            span,
            self.inner.request_redelivery(endpoint, cursor, keep),
        )
        .await
    }

    async fn redeliveries(&self, endpoint: &str) -> Result<Vec<String>, StoreError> {
        let span = store_span!("store.redeliveries", self.system);
        self.observe("redeliveries", span, self.inner.redeliveries(endpoint))
            .await
    }

    async fn finish_redelivery(&self, endpoint: &str, cursor: &str) -> Result<(), StoreError> {
        let span = store_span!("store.finish_redelivery", self.system);
        self.observe(
            "finish_redelivery",
            span,
            self.inner.finish_redelivery(endpoint, cursor),
        )
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::blob::Blob;
    use crate::store::memory::MemoryStore;
    use crate::store::record::{SNAPSHOT_FORMAT, SetupRecord};
    use metrics_exporter_prometheus::PrometheusBuilder;

    fn raw(s: &str) -> Blob {
        Blob::from_json(s).unwrap()
    }

    fn game() -> GameRecord {
        GameRecord {
            format: SNAPSHOT_FORMAT,
            id: "g_000000000000000000000001".into(),
            game_type: "claim".into(),
            rules_version: 1,
            created_at_ms: 1,
            seats: Vec::new(),
            setup: SetupRecord {
                config: raw("{}"),
                seed: 1,
                scenario: None,
                seed_chosen: false,
            },
            opening_events: Vec::new(),
            version: 0,
            revision: 0,
            status: GameStatus::Active,
            state: raw("{}"),
            campaign: None,
            creator_token_hash: None,
            listed: false,
            updated_at_ms: 1,
            clock: None,
        }
    }

    fn campaign() -> CampaignRecord {
        CampaignRecord {
            format: SNAPSHOT_FORMAT,
            id: "c_000000000000000000000001".into(),
            game_type: "emara".into(),
            rules_version: 1,
            created_at_ms: 1,
            name: "c".into(),
            owner_token_hash: String::new(),
            revision: 0,
            plays: Vec::new(),
            state: raw("{}"),
            updated_at_ms: 1,
        }
    }

    /// The real Prometheus recorder, installed for this thread only, around real store calls.
    #[test]
    fn latency_and_lost_compare_and_swaps_are_counted() {
        let recorder = PrometheusBuilder::new()
            .set_buckets(metric::LATENCY_BUCKETS)
            .unwrap()
            .build_recorder();
        let handle = recorder.handle();
        let store = InstrumentedStore::new(Arc::new(MemoryStore::new()), "memory");
        metrics::with_local_recorder(&recorder, || {
            futures::executor::block_on(async {
                let r0 = game();
                store.create(&r0, &[], &[]).await.unwrap();
                let mut r1 = r0.clone();
                r1.revision = 1;
                let commit = |expected_revision| Commit {
                    record: &r1,
                    expected_revision,
                    entries: &[],
                    idempotency: None,
                    previous_status: GameStatus::Active,
                    seats_changed: false,
                    feed: &[],
                };
                assert_eq!(
                    store.commit(commit(0)).await.unwrap(),
                    CommitResult::Committed
                );
                // The same write again: the stored revision moved on.
                assert_eq!(
                    store.commit(commit(0)).await.unwrap(),
                    CommitResult::Conflict
                );
                assert!(store.load(&r0.id).await.unwrap().is_some());

                let c0 = campaign();
                store.create_campaign(&c0).await.unwrap();
                let mut c1 = c0.clone();
                c1.revision = 1;
                assert!(store.commit_campaign(&c1, 0, &[]).await.unwrap());
                assert!(!store.commit_campaign(&c1, 0, &[]).await.unwrap());
                assert!(!store.commit_campaign(&c1, 0, &[]).await.unwrap());
            })
        });
        let text = handle.render();
        for line in [
            r#"tablero_cas_conflicts_total{kind="game"} 1"#,
            r#"tablero_cas_conflicts_total{kind="campaign"} 2"#,
            r#"tablero_store_duration_seconds_count{op="commit",store="memory"} 2"#,
            r#"tablero_store_duration_seconds_count{op="create",store="memory"} 1"#,
            r#"tablero_store_duration_seconds_count{op="load",store="memory"} 1"#,
            r#"tablero_store_duration_seconds_count{op="commit_campaign",store="memory"} 3"#,
            r#"tablero_store_duration_seconds_bucket{op="load",store="memory",le="+Inf"} 1"#,
        ] {
            assert!(
                text.lines().any(|l| l == line),
                "missing `{line}` in:\n{text}"
            );
        }
    }

    #[test]
    fn games_are_counted_by_type_and_status() {
        let store = InstrumentedStore::new(Arc::new(MemoryStore::new()), "memory");
        futures::executor::block_on(async {
            let mut g = game();
            store.create(&g, &[], &[]).await.unwrap();
            g.id = "g_000000000000000000000002".into();
            g.status = GameStatus::Finished;
            store.create(&g, &[], &[]).await.unwrap();
            let counts = store.count_games(&["claim", "emara"]).await.unwrap();
            let got: Vec<(&str, GameStatus, u64)> = counts
                .iter()
                .map(|c| (c.game_type, c.status, c.games))
                .collect();
            assert_eq!(
                got,
                [
                    ("claim", GameStatus::Active, 1),
                    ("claim", GameStatus::Finished, 1),
                    ("emara", GameStatus::Active, 0),
                    ("emara", GameStatus::Finished, 0),
                ]
            );
        });
    }
}
