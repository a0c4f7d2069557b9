//! The metric names, their labels and histogram buckets: one place, so the README, the
//! recorders, the dashboard (deploy/observability/metrics.txt) and the tests agree.
//!
//! RPCs use the grpc-ecosystem names (go-grpc-middleware's Prometheus provider, which
//! grpc-java and grpc-go deployments export too), so existing gRPC dashboards and alerts work
//! unchanged; OpenTelemetry's RPC conventions are followed by the spans instead (see
//! [`super::rpc`]). Every value is this replica's own, so `sum` over replicas is right.

/// Counter of calls begun; labels `grpc_type` (`unary`, `server_stream`, `bidi_stream`),
/// `grpc_service`, `grpc_method`. gRPC, gRPC-Web and Connect calls alike.
pub const RPC_STARTED: &str = "grpc_server_started_total";
/// Counter of calls finished; the labels above and `grpc_code` (`OK`, `InvalidArgument`, …).
pub const RPC_HANDLED: &str = "grpc_server_handled_total";
/// Histogram of seconds from a call's start to its status (a stream's whole life).
pub const RPC_HANDLING: &str = "grpc_server_handling_seconds";
/// Gauge = 1; labels `version` and `revision` (the git commit built, `unknown` outside git).
pub const BUILD_INFO: &str = "tablero_build_info";
/// Gauge of stored games; labels `game_type` and `status` (`active`, `finished`). Store-wide,
/// read at a scrape by the one replica holding the gauges' lease (the others report 0).
pub const GAMES: &str = "tablero_store_games";
/// Gauges of this replica's hot cache: games kept and the bytes they hold.
pub const HOT_GAMES: &str = "tablero_hot_games";
pub const HOT_BYTES: &str = "tablero_hot_bytes";
/// Counter of hot cache lookups; label `result` (`hit`, `miss`).
pub const HOT_LOOKUPS: &str = "tablero_hot_lookups_total";
/// Gauge of open streams on this replica; label `kind` (`watch`, `changes`).
pub const OPEN_STREAMS: &str = "tablero_open_streams";
/// Counter of requests refused by a limit; label `reason` (`rate_limited`,
/// `too_many_in_flight`, `too_large`, `timeout`, `too_many_streams`).
pub const REFUSALS: &str = "tablero_refusals_total";
/// Counter of bot searches; labels `game_type`, `level`.
pub const BOT_SEARCHES: &str = "tablero_bot_searches_total";
/// Histogram of one bot search's seconds; label `game_type`.
pub const BOT_SEARCH: &str = "tablero_bot_search_seconds";
/// Counter of lost compare-and-swap writes; label `kind` (`game`, `campaign`).
pub const CAS_CONFLICTS: &str = "tablero_cas_conflicts_total";
/// Histogram of store call latency in seconds; labels `op` (`load`, `commit`, …) and `store`
/// (`memory`, `redis`).
pub const STORE_DURATION: &str = "tablero_store_duration_seconds";

/// Counter of webhook delivery attempts; labels `endpoint` and `outcome` (`delivered`,
/// `failed`: to be retried, `gave_up`: the schedule's last attempt failed).
pub const WEBHOOK_DELIVERIES: &str = "tablero_webhook_deliveries_total";
/// Gauge: how old the change being delivered is, in seconds (0 when caught up); label
/// `endpoint`. Only the replica holding the endpoint's lease reports a non-zero value.
pub const WEBHOOK_LAG: &str = "tablero_webhook_lag_seconds";
/// Gauge: 1 while the endpoint is disabled for failing; label `endpoint` (lease holder only).
pub const WEBHOOK_DISABLED: &str = "tablero_webhook_endpoint_disabled";

/// Every name above: what deploy/observability/metrics.txt lists for the dashboard and rules.
pub const ALL: &[&str] = &[
    RPC_STARTED,
    RPC_HANDLED,
    RPC_HANDLING,
    BUILD_INFO,
    GAMES,
    HOT_GAMES,
    HOT_BYTES,
    HOT_LOOKUPS,
    OPEN_STREAMS,
    REFUSALS,
    BOT_SEARCHES,
    BOT_SEARCH,
    CAS_CONFLICTS,
    STORE_DURATION,
    WEBHOOK_DELIVERIES,
    WEBHOOK_LAG,
    WEBHOOK_DISABLED,
];

/// Bucket bounds in seconds for both latency histograms: 100 µs (an in-memory store call) to
/// 10 s (the default request time limit), dense in the milliseconds where Redis round trips and
/// whole RPCs fall.
pub const LATENCY_BUCKETS: &[f64] = &[
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
    5.0, 10.0,
];

/// The HELP text of each metric.
pub fn describe() {
    use metrics::Unit;
    metrics::describe_counter!(RPC_STARTED, "RPCs started on the server");
    metrics::describe_counter!(
        RPC_HANDLED,
        "RPCs completed on the server, regardless of success or failure"
    );
    metrics::describe_histogram!(
        RPC_HANDLING,
        Unit::Seconds,
        "Seconds from an RPC's start to its status (a stream's whole life)"
    );
    metrics::describe_gauge!(
        BUILD_INFO,
        "1, labelled with the version and git revision built"
    );
    metrics::describe_gauge!(
        GAMES,
        "Stored games by game type and status (store-wide: one replica reports them, the others 0)"
    );
    metrics::describe_gauge!(HOT_GAMES, "Games in this replica's hot cache");
    metrics::describe_gauge!(HOT_BYTES, Unit::Bytes, "Bytes the hot cache's games hold");
    metrics::describe_counter!(HOT_LOOKUPS, "Hot cache lookups by result (hit, miss)");
    metrics::describe_gauge!(
        OPEN_STREAMS,
        "Open streams on this replica by kind (watch, changes)"
    );
    metrics::describe_counter!(REFUSALS, "Requests refused by a server limit, by reason");
    metrics::describe_counter!(BOT_SEARCHES, "Bot searches by game type and level");
    metrics::describe_histogram!(
        BOT_SEARCH,
        Unit::Seconds,
        "Seconds one bot search took, by game type"
    );
    metrics::describe_counter!(
        CAS_CONFLICTS,
        "Compare-and-swap writes lost to a concurrent writer, by kind (game, campaign)"
    );
    metrics::describe_histogram!(
        STORE_DURATION,
        Unit::Seconds,
        "Store call latency by operation and store"
    );
    metrics::describe_counter!(
        WEBHOOK_DELIVERIES,
        "Webhook delivery attempts by endpoint and outcome (delivered, failed, gave_up)"
    );
    metrics::describe_gauge!(
        WEBHOOK_LAG,
        Unit::Seconds,
        "Age of the change a webhook endpoint is being sent (0 when caught up)"
    );
    metrics::describe_gauge!(
        WEBHOOK_DISABLED,
        "1 while a webhook endpoint is disabled for failing"
    );
}

#[cfg(test)]
mod tests {
    /// The dashboard's and alert rules' list of names is exactly the names recorded here, so a
    /// renamed metric cannot leave a panel or an alert reading nothing.
    #[test]
    fn the_observability_files_name_exactly_these_metrics() {
        let listed = include_str!("../../../deploy/observability/metrics.txt");
        let mut listed: Vec<&str> = listed
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        let mut recorded = super::ALL.to_vec();
        listed.sort_unstable();
        recorded.sort_unstable();
        assert_eq!(listed, recorded);
    }
}
