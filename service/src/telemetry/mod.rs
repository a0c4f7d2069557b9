//! Telemetry: logs, traces and metrics, each switched on separately.
//!
//! - **Logs** ([`subscriber`]): text or JSON lines on stderr, filtered by `RUST_LOG`.
//! - **Traces** ([`otlp`]): one server span per RPC ([`rpc`]) with a child span per store call
//!   ([`store`]), exported over OTLP/gRPC when the standard `OTEL_*` variables name a collector.
//! - **Metrics** ([`exposition`]): Prometheus text on `--metrics-listen`; the names and labels
//!   are in [`metric`].
//!
//! The RPC layer and the store decorator are on every request's path: they only create spans
//! (free when nobody listens), read clocks and record into the `metrics` facade (a no-op until
//! a recorder is installed).

pub mod exposition;
pub mod methods;
pub mod metric;
pub mod otlp;
pub mod rpc;
pub mod store;
pub mod subscriber;
mod traceparent;

pub use store::InstrumentedStore;
pub use subscriber::{Telemetry, init};

#[derive(Debug, thiserror::Error)]
pub enum TelemetryError {
    #[error("OTLP span exporter: {0}")]
    Otlp(#[from] opentelemetry_otlp::ExporterBuildError),
    #[error("installing the log and trace subscriber: {0}")]
    Subscriber(#[from] tracing_subscriber::util::TryInitError),
    #[error("Prometheus metrics: {0}")]
    Metrics(#[from] metrics_exporter_prometheus::BuildError),
}
