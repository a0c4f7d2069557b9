//! The OTLP/gRPC span exporter, switched on by the standard OpenTelemetry variables:
//!
//! - `OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` names the collector
//!   (e.g. `http://127.0.0.1:4317`); without either, nothing is exported;
//! - `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none` turn it off anyway;
//! - `OTEL_SERVICE_NAME` names the service (default `tablero`);
//! - the exporter and the batch processor read the rest themselves (`OTEL_EXPORTER_OTLP_HEADERS`,
//!   `…_TIMEOUT`, `OTEL_BSP_SCHEDULE_DELAY`, `OTEL_BSP_MAX_QUEUE_SIZE`, …).

use super::TelemetryError;
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::trace::SdkTracerProvider;

/// The service name when `OTEL_SERVICE_NAME` is not set.
pub const DEFAULT_SERVICE_NAME: &str = "tablero";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtlpConfig {
    pub service_name: String,
}

impl OtlpConfig {
    /// The configuration the process environment asks for; `None` when traces are not exported.
    pub fn from_env() -> Option<OtlpConfig> {
        Self::from_vars(|name| std::env::var(name).ok())
    }

    /// As [`OtlpConfig::from_env`], reading variables through `var`.
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Option<OtlpConfig> {
        let set = |name: &str| var(name).filter(|v| !v.trim().is_empty());
        if set("OTEL_SDK_DISABLED").is_some_and(|v| v.trim().eq_ignore_ascii_case("true")) {
            return None;
        }
        if set("OTEL_TRACES_EXPORTER").is_some_and(|v| v.trim().eq_ignore_ascii_case("none")) {
            return None;
        }
        set("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT").or_else(|| set("OTEL_EXPORTER_OTLP_ENDPOINT"))?;
        Some(OtlpConfig {
            service_name: set("OTEL_SERVICE_NAME")
                .unwrap_or_else(|| DEFAULT_SERVICE_NAME.to_string()),
        })
    }
}

/// A tracer provider with a batch OTLP/gRPC exporter. The batch processor runs on its own
/// thread, so a slow collector never holds up a request; call `shutdown` to send what is queued.
/// Must be called inside the Tokio runtime (the exporter's channel lives there).
pub fn tracer_provider(config: &OtlpConfig) -> Result<SdkTracerProvider, TelemetryError> {
    let exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_tonic()
        .build()?;
    let resource = Resource::builder()
        .with_service_name(config.service_name.clone())
        .build();
    Ok(SdkTracerProvider::builder()
        .with_batch_exporter(exporter)
        .with_resource(resource)
        .build())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(vars: &[(&str, &str)]) -> Option<OtlpConfig> {
        let vars: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        OtlpConfig::from_vars(|name| vars.get(name).cloned())
    }

    #[test]
    fn nothing_is_exported_without_an_endpoint() {
        assert_eq!(config(&[]), None);
        assert_eq!(config(&[("OTEL_SERVICE_NAME", "x")]), None);
        assert_eq!(config(&[("OTEL_EXPORTER_OTLP_ENDPOINT", " ")]), None);
    }

    #[test]
    fn either_endpoint_variable_turns_export_on() {
        let on = Some(OtlpConfig {
            service_name: "tablero".into(),
        });
        assert_eq!(
            config(&[("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4317")]),
            on
        );
        assert_eq!(
            config(&[("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://c:4317")]),
            on
        );
    }

    #[test]
    fn the_service_name_comes_from_otel_service_name() {
        let c = config(&[
            ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4317"),
            ("OTEL_SERVICE_NAME", "tablero-eu"),
        ]);
        assert_eq!(c.unwrap().service_name, "tablero-eu");
    }

    #[test]
    fn the_sdk_switches_turn_export_off() {
        let endpoint = ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4317");
        assert_eq!(config(&[endpoint, ("OTEL_SDK_DISABLED", "TRUE")]), None);
        assert_eq!(config(&[endpoint, ("OTEL_TRACES_EXPORTER", "none")]), None);
        assert!(config(&[endpoint, ("OTEL_SDK_DISABLED", "false")]).is_some());
        assert!(config(&[endpoint, ("OTEL_TRACES_EXPORTER", "otlp")]).is_some());
    }
}
