//! Section `otlp` (not run by default): what exporting traces costs a submit. The same Tablero
//! load as section 1 against two servers on the memory store, interleaved round by round: one
//! as deployed without a collector, one exporting its spans over OTLP/gRPC
//! (`OTEL_EXPORTER_OTLP_ENDPOINT`, the batch exporter's defaults) to a receiver in this process
//! that counts what it gets and keeps nothing, and a third exporting a tenth of its traces
//! (`OTEL_TRACES_SAMPLER=parentbased_traceidratio`, `OTEL_TRACES_SAMPLER_ARG=0.1`). Reports the
//! servers' submits/s and CPU per submit, and the spans received (so a run whose exporter sent
//! nothing shows it).

use crate::Args;
use crate::closed::{self, Totals};
use crate::report::Summary;
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
    TraceService, TraceServiceServer,
};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use tablero_e2e::{Backend, Server};
use tonic::{Request, Response, Status};

/// An OTLP/gRPC trace receiver that counts spans.
#[derive(Clone, Default)]
struct Counter(Arc<AtomicU64>);

#[tonic::async_trait]
impl TraceService for Counter {
    async fn export(
        &self,
        request: Request<ExportTraceServiceRequest>,
    ) -> Result<Response<ExportTraceServiceResponse>, Status> {
        let spans: usize = request
            .get_ref()
            .resource_spans
            .iter()
            .flat_map(|r| &r.scope_spans)
            .map(|s| s.spans.len())
            .sum();
        self.0.fetch_add(spans as u64, Ordering::Relaxed);
        Ok(Response::new(ExportTraceServiceResponse {
            partial_success: None,
        }))
    }
}

async fn start_receiver() -> (Counter, String) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind the OTLP receiver");
    let addr = listener.local_addr().expect("its address");
    let counter = Counter::default();
    let service = TraceServiceServer::new(counter.clone());
    tokio::spawn(async move {
        tonic::transport::Server::builder()
            .add_service(service)
            .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener))
            .await
            .expect("the OTLP receiver");
    });
    (counter, format!("http://{addr}"))
}

pub async fn run(args: &Args, summary: &mut Summary) {
    println!(
        "\n## OTLP: SubmitAction with the trace exporter on vs off (memory store)\n\n{} closed-loop clients over {} HTTP/2 connections each; {} interleaved rounds of {} s per server. Both servers as in section 1; one exports its spans to an OTLP/gRPC receiver in this process.",
        args.clients, args.connections, args.rounds, args.seconds
    );
    let (received, endpoint) = start_receiver().await;
    let plain = Server::launch(Backend::Memory, crate::server_launch(args, &[]));
    let mut launch = crate::server_launch(args, &[]);
    launch
        .env
        .push(("OTEL_EXPORTER_OTLP_ENDPOINT".into(), endpoint));
    let exporting = Server::launch(Backend::Memory, launch.clone());
    // The same, sampling a tenth of the traces (the SDK reads the standard variables).
    launch.env.extend([
        (
            "OTEL_TRACES_SAMPLER".into(),
            "parentbased_traceidratio".into(),
        ),
        ("OTEL_TRACES_SAMPLER_ARG".into(), "0.1".into()),
    ]);
    let sampling = Server::launch(Backend::Memory, launch);
    let plain_clients =
        &closed::tablero_clients(&closed::connections(&plain.url(), args.connections).await);
    let exporting_clients =
        &closed::tablero_clients(&closed::connections(&exporting.url(), args.connections).await);
    let plain_load = move |seconds: f64| {
        closed::run(args.clients, seconds, move |i, until| {
            closed::play_claim(
                plain_clients[i % plain_clients.len()].clone(),
                until,
                1 + i as u64,
            )
        })
    };
    let exporting_load = move |seconds: f64| {
        closed::run(args.clients, seconds, move |i, until| {
            closed::play_claim(
                exporting_clients[i % exporting_clients.len()].clone(),
                until,
                1 + i as u64,
            )
        })
    };
    let sampling_clients =
        &closed::tablero_clients(&closed::connections(&sampling.url(), args.connections).await);
    let sampling_load = move |seconds: f64| {
        closed::run(args.clients, seconds, move |i, until| {
            closed::play_claim(
                sampling_clients[i % sampling_clients.len()].clone(),
                until,
                1 + i as u64,
            )
        })
    };
    plain_load(args.warmup_seconds / 3.0).await;
    exporting_load(args.warmup_seconds / 3.0).await;
    sampling_load(args.warmup_seconds / 3.0).await;
    let before = received.0.load(Ordering::Relaxed);
    let (mut off, mut on, mut sampled) = (Totals::default(), Totals::default(), Totals::default());
    for round in 1..=args.rounds {
        let run = closed::measured(plain.pid(), plain_load(args.seconds)).await;
        println!("  round {round}: no exporter {:.0} submits/s", run.rate());
        off.add(run);
        let run = closed::measured(exporting.pid(), exporting_load(args.seconds)).await;
        println!("  round {round}: exporter on {:.0} submits/s", run.rate());
        on.add(run);
        let run = closed::measured(sampling.pid(), sampling_load(args.seconds)).await;
        println!(
            "  round {round}: exporter on, 10 % sampled {:.0} submits/s",
            run.rate()
        );
        sampled.add(run);
    }
    // The batch exporter sends every 5 s: wait for what the last round queued.
    tokio::time::sleep(std::time::Duration::from_secs(6)).await;
    let spans = received.0.load(Ordering::Relaxed) - before;
    println!("  {}", off.line("no exporter"));
    println!("  {}", on.line("exporter on"));
    println!("  {}", sampled.line("exporter on, 10 % sampled"));
    println!(
        "  spans received during the rounds: {spans} ({:.2} per submit of the two exporting servers)",
        spans as f64 / (on.calls + sampled.calls).max(1) as f64
    );
    summary.absolute(
        "otlp. submits/s, exporter on vs off (memory)",
        (on.rate(), off.rate()),
        "/s",
        0,
        None,
    );
    summary.absolute(
        "otlp. server CPU per submit, exporter on vs off (memory)",
        (on.cpu_us(), off.cpu_us()),
        " µs",
        1,
        None,
    );
    summary.absolute(
        "otlp. server CPU per submit, 10 % of traces sampled vs off (memory)",
        (sampled.cpu_us(), off.cpu_us()),
        " µs",
        1,
        None,
    );
}
