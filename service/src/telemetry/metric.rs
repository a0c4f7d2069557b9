//! The metric names, their labels and histogram buckets: one place, so the README, the
//! recorders and the tests agree.

/// Histogram of RPC latency in seconds; labels `method` (`tablero.v1.GameService/SubmitAction`)
/// and `code` (the gRPC status name, `OK`, `ABORTED`, …). Unary calls are observed when their
/// status is sent; streams when they open (see [`super::rpc`]).
pub const RPC_DURATION: &str = "tablero_rpc_duration_seconds";
/// Gauge of stored games; labels `game_type` and `status` (`active`, `finished`). Read from the
/// store at each scrape.
pub const GAMES: &str = "tablero_games";
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
    metrics::describe_histogram!(
        RPC_DURATION,
        Unit::Seconds,
        "gRPC request latency by method and status code (streams: time to open)"
    );
    metrics::describe_gauge!(GAMES, "Stored games by game type and status");
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
