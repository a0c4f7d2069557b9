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
use tablero_e2e::otlp::Receiver;
use tablero_e2e::{Backend, Server};

pub async fn run(args: &Args, summary: &mut Summary) {
    println!(
        "\n## OTLP: SubmitAction with the trace exporter on vs off (memory store)\n\n{} closed-loop clients over {} HTTP/2 connections each; {} interleaved rounds of {} s per server. Both servers as in section 1; one exports its spans to an OTLP/gRPC receiver in this process.",
        args.clients, args.connections, args.rounds, args.seconds
    );
    let (received, endpoint) = Receiver::start(false).await;
    let exporting = vec![("OTEL_EXPORTER_OTLP_ENDPOINT", endpoint.as_str())];
    // The same, sampling a tenth of the traces (the SDK reads the standard variables).
    let mut sampling = exporting.clone();
    sampling.extend([
        ("OTEL_TRACES_SAMPLER", "parentbased_traceidratio"),
        ("OTEL_TRACES_SAMPLER_ARG", "0.1"),
    ]);
    let setups = [
        ("no exporter", Vec::new()),
        ("exporter on", exporting),
        ("exporter on, 10 % sampled", sampling),
    ];
    let mut servers = Vec::new();
    for (name, env) in setups {
        let mut launch = crate::server_launch(args, &[]);
        launch
            .env
            .extend(env.iter().map(|(k, v)| (k.to_string(), v.to_string())));
        let server = Server::launch(Backend::Memory, launch);
        let clients =
            closed::tablero_clients(&closed::connections(&server.url(), args.connections).await);
        servers.push((name, server, clients));
    }
    let load = |clients, seconds| closed::claim_players(args.clients, clients, seconds, 1);
    for (_, _, clients) in &servers {
        load(clients, args.warmup_seconds / 3.0).await;
    }
    let before = received.count();
    let mut totals: Vec<Totals> = servers.iter().map(|_| Totals::default()).collect();
    for round in 1..=args.rounds {
        for ((name, server, clients), total) in servers.iter().zip(&mut totals) {
            let run = closed::measured(server.pid(), load(clients, args.seconds)).await;
            println!("  round {round}: {name} {:.0} submits/s", run.rate());
            total.add(run);
        }
    }
    // The batch exporter sends every 5 s: wait for what the last round queued.
    tokio::time::sleep(std::time::Duration::from_secs(6)).await;
    let spans = received.count() - before;
    for ((name, _, _), total) in servers.iter().zip(&mut totals) {
        println!("  {}", total.line(name));
    }
    let [off, on, sampled] = &totals[..] else {
        unreachable!("three setups")
    };
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
