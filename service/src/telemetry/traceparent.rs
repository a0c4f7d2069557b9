//! W3C trace context on incoming requests: a caller's `traceparent` header makes the RPC span a
//! child of the caller's span, so one trace runs through client and server.

use opentelemetry::Context;
use opentelemetry::propagation::{Extractor, TextMapPropagator};
use opentelemetry::trace::TraceContextExt;
use opentelemetry_sdk::propagation::TraceContextPropagator;

struct Headers<'a>(&'a http::HeaderMap);

impl Extractor for Headers<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(|v| v.to_str().ok())
    }

    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(|k| k.as_str()).collect()
    }
}

/// The caller's span context, when the request carries a valid `traceparent`.
pub fn parent(headers: &http::HeaderMap) -> Option<Context> {
    // Most requests carry none: skip the parse.
    if !headers.contains_key("traceparent") {
        return None;
    }
    let cx = TraceContextPropagator::new().extract(&Headers(headers));
    cx.span().span_context().is_valid().then_some(cx)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(traceparent: &str) -> http::HeaderMap {
        let mut h = http::HeaderMap::new();
        h.insert("traceparent", traceparent.parse().unwrap());
        h
    }

    #[test]
    fn a_valid_traceparent_names_the_callers_span() {
        let cx = parent(&headers(
            "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
        ))
        .expect("a parent");
        let span = cx.span();
        let sc = span.span_context();
        assert_eq!(
            sc.trace_id().to_string(),
            "0af7651916cd43dd8448eb211c80319c"
        );
        assert_eq!(sc.span_id().to_string(), "b7ad6b7169203331");
        assert!(sc.is_remote() && sc.is_sampled());
    }

    #[test]
    fn no_or_a_malformed_traceparent_gives_no_parent() {
        assert!(parent(&http::HeaderMap::new()).is_none());
        assert!(parent(&headers("00-zz-b7ad6b7169203331-01")).is_none());
        assert!(
            parent(&headers(
                "00-00000000000000000000000000000000-b7ad6b7169203331-01"
            ))
            .is_none()
        );
    }
}
