//! The process-wide `tracing` subscriber: log lines on stderr (text, or JSON with `--log-json`)
//! filtered by `RUST_LOG` (default `info`), plus the OpenTelemetry layer when traces are
//! exported. The two filter separately: `RUST_LOG=warn` quietens the log without thinning the
//! traces, which always carry the info-level RPC and store spans.
//!
//! The log takes events only unless asked for spans too (`--log-spans`): the fmt layer formats a
//! span's fields into text as the span is made and recorded, for every call, whether or not a
//! line is ever written; without it (and without trace export) spans cost nothing.

use super::TelemetryError;
use super::otlp::{self, OtlpConfig};
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing::Metadata;
use tracing::subscriber::Interest;
use tracing_subscriber::filter::{EnvFilter, LevelFilter, Targets};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::layer::{Context, Filter};
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{Layer, fmt};

/// What [`init`] started; [`Telemetry::shutdown`] sends the spans still queued.
#[must_use = "call shutdown() when the server stops, or queued spans are lost"]
pub struct Telemetry {
    provider: Option<SdkTracerProvider>,
}

impl Telemetry {
    /// Whether spans go to an OTLP collector.
    pub fn exports_traces(&self) -> bool {
        self.provider.is_some()
    }

    /// Exports the queued spans and stops the exporter. The flush blocks (the batch processor
    /// runs on its own thread and talks to the collector through this runtime), so it waits on a
    /// blocking thread while the runtime keeps serving the export.
    pub async fn shutdown(self) {
        let Some(provider) = self.provider else {
            return;
        };
        match tokio::task::spawn_blocking(move || provider.shutdown()).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::warn!(error = %e, "flushing traces at shutdown failed"),
            Err(e) => tracing::warn!(error = %e, "flushing traces at shutdown panicked"),
        }
    }
}

/// The log's filter of spans: events only, unless spans are asked for. Decided once per
/// callsite (`callsite_enabled`), so a callsite nobody takes costs no check per call.
struct EventsOnly {
    spans: bool,
}

impl EventsOnly {
    fn takes(&self, meta: &Metadata<'_>) -> bool {
        self.spans || meta.is_event()
    }
}

impl<S> Filter<S> for EventsOnly {
    fn enabled(&self, meta: &Metadata<'_>, _: &Context<'_, S>) -> bool {
        self.takes(meta)
    }

    fn callsite_enabled(&self, meta: &'static Metadata<'static>) -> Interest {
        if self.takes(meta) {
            Interest::always()
        } else {
            Interest::never()
        }
    }
}

/// Installs the global subscriber. Call once, inside the Tokio runtime, before anything logs.
pub fn init(log_json: bool, log_spans: bool) -> Result<Telemetry, TelemetryError> {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let log = if log_json {
        fmt::layer().json().with_writer(std::io::stderr).boxed()
    } else {
        fmt::layer()
            .with_writer(std::io::stderr)
            // Colour only on a terminal: log files and collectors get plain text.
            .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
            .boxed()
    }
    .with_filter(filter)
    .with_filter(EventsOnly { spans: log_spans });

    let config = OtlpConfig::from_env();
    let provider = config.as_ref().map(otlp::tracer_provider).transpose()?;
    // The exporter takes every call's span (INFO) and the store calls' child spans (DEBUG in
    // their module, so that without an exporter nobody makes them).
    let traces = provider.as_ref().map(|p| {
        tracing_opentelemetry::layer()
            .with_tracer(p.tracer("tablero"))
            .with_filter(
                Targets::new()
                    .with_default(LevelFilter::INFO)
                    .with_target("tablero_service::telemetry::store", LevelFilter::DEBUG),
            )
    });
    // Without an exporter the traces layer is left out, not added as `None`: an absent
    // `Option` layer enables every callsite, so each call's spans would be made (and their
    // fields recorded) for nobody.
    match traces {
        Some(traces) => tracing_subscriber::registry()
            .with(log)
            .with(traces)
            .try_init()?,
        None => tracing_subscriber::registry().with(log).try_init()?,
    }
    if let Some(config) = config {
        tracing::info!(service = %config.service_name, "exporting traces over OTLP");
    }
    Ok(Telemetry { provider })
}
