//! An OTLP/gRPC trace receiver: the collector side of the protocol, on a loopback port. It
//! counts every span it gets, and keeps them when asked (the telemetry tests read them; the
//! benchmark only counts).

use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
    TraceService, TraceServiceServer,
};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use opentelemetry_proto::tonic::common::v1::{KeyValue, any_value};
use opentelemetry_proto::tonic::trace::v1::Span;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tonic::{Request, Response, Status};

/// A span as received, with the `service.name` of the resource that sent it.
#[derive(Clone, Debug)]
pub struct Received {
    pub service: String,
    pub span: Span,
}

#[derive(Clone)]
pub struct Receiver {
    spans: Arc<Mutex<Vec<Received>>>,
    count: Arc<AtomicU64>,
    keep: bool,
}

#[tonic::async_trait]
impl TraceService for Receiver {
    async fn export(
        &self,
        request: Request<ExportTraceServiceRequest>,
    ) -> Result<Response<ExportTraceServiceResponse>, Status> {
        let mut kept = Vec::new();
        let mut count = 0;
        for resource_spans in request.into_inner().resource_spans {
            let service = resource_spans
                .resource
                .as_ref()
                .and_then(|r| text(&r.attributes, "service.name"))
                .unwrap_or_default();
            for scope in resource_spans.scope_spans {
                count += scope.spans.len() as u64;
                if self.keep {
                    kept.extend(scope.spans.into_iter().map(|span| Received {
                        service: service.clone(),
                        span,
                    }));
                }
            }
        }
        self.count.fetch_add(count, Ordering::Relaxed);
        self.spans.lock().unwrap().extend(kept);
        Ok(Response::new(ExportTraceServiceResponse {
            partial_success: None,
        }))
    }
}

impl Receiver {
    /// Starts the receiver on a free loopback port, keeping the spans it gets when `keep`;
    /// returns its `http://` endpoint.
    pub async fn start(keep: bool) -> (Receiver, String) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind the OTLP receiver");
        let addr = listener.local_addr().expect("the receiver's address");
        let receiver = Receiver {
            spans: Arc::default(),
            count: Arc::default(),
            keep,
        };
        let service = TraceServiceServer::new(receiver.clone());
        tokio::spawn(async move {
            tonic::transport::Server::builder()
                .add_service(service)
                .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener))
                .await
                .expect("the OTLP receiver runs");
        });
        (receiver, format!("http://{addr}"))
    }

    /// The spans kept so far.
    pub fn spans(&self) -> Vec<Received> {
        self.spans.lock().unwrap().clone()
    }

    /// The spans received so far, kept or not.
    pub fn count(&self) -> u64 {
        self.count.load(Ordering::Relaxed)
    }

    /// Waits until `done` holds for the spans kept (at most 30 s, then fails).
    pub async fn wait_for(&self, what: &str, done: impl Fn(&[Received]) -> bool) -> Vec<Received> {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let spans = self.spans();
            if done(&spans) {
                return spans;
            }
            assert!(
                Instant::now() < deadline,
                "{what}: not received within 30 s; got {:?}",
                spans.iter().map(|s| &s.span.name).collect::<Vec<_>>()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// The value of attribute `key`.
pub fn attr<'a>(attributes: &'a [KeyValue], key: &str) -> Option<&'a any_value::Value> {
    attributes
        .iter()
        .find(|kv| kv.key == key)
        .and_then(|kv| kv.value.as_ref())
        .and_then(|v| v.value.as_ref())
}

/// The string value of attribute `key`.
pub fn text(attributes: &[KeyValue], key: &str) -> Option<String> {
    match attr(attributes, key)? {
        any_value::Value::StringValue(s) => Some(s.clone()),
        _ => None,
    }
}

/// The integer value of attribute `key`.
pub fn int(attributes: &[KeyValue], key: &str) -> Option<i64> {
    match attr(attributes, key)? {
        any_value::Value::IntValue(i) => Some(*i),
        _ => None,
    }
}
