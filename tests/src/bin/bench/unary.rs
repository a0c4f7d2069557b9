//! Section 1: Tablero's SubmitAction on the memory store against the trivial unary call of a
//! trivial tonic server (`grpc.health.v1.Health/Check` of `tonic-health`), both real child
//! processes, under the same load: the same number of closed-loop clients over the same
//! number of HTTP/2 connections, in interleaved rounds. Reports calls/s and the server
//! process's CPU time per call.

use crate::Args;
use crate::closed::{self, Totals};
use crate::procs::Reference;
use crate::report::{Bound, Summary};
use tablero_e2e::{Backend, Server};

pub async fn run(args: &Args, summary: &mut Summary) {
    println!(
        "\n## 1. SubmitAction (memory store) vs a trivial unary call\n\n{} closed-loop clients over {} HTTP/2 connections each; {} interleaved rounds of {} s per server. Tablero: a player against the random bot in Claim, one SubmitAction per move (idempotency key set). Reference: tonic-health Check on a tonic server with nothing else.",
        args.clients, args.connections, args.rounds, args.seconds
    );
    let server = Server::launch(Backend::Memory, crate::server_launch(args, &[]));
    let reference = Reference::start(1);
    let tablero =
        &closed::tablero_clients(&closed::connections(&server.url(), args.connections).await);
    let health = &closed::connections(&reference.url, args.connections).await;

    let tablero_load = move |seconds| closed::claim_players(args.clients, tablero, seconds, 1);
    let health_load = move |seconds: f64| {
        closed::run(args.clients, seconds, move |i, until| {
            closed::health_checks(health[i % health.len()].clone(), until)
        })
    };
    // Warm both up (connections, allocators, caches) outside the measurement.
    health_load(args.warmup_seconds / 2.0).await;
    tablero_load(args.warmup_seconds / 2.0).await;

    let (mut t, mut r) = (Totals::default(), Totals::default());
    for round in 1..=args.rounds {
        let run = closed::measured(reference.pid(), health_load(args.seconds)).await;
        println!("  round {round}: reference {:.0} calls/s", run.rate());
        r.add(run);
        let run = closed::measured(server.pid(), tablero_load(args.seconds)).await;
        println!("  round {round}: tablero {:.0} submits/s", run.rate());
        t.add(run);
    }
    println!("  {}", r.line("reference (health Check)"));
    println!("  {}", t.line("tablero (SubmitAction)"));
    summary.ratio(
        &format!(
            "1. submits/s vs health Check calls/s (memory, {} clients)",
            args.clients
        ),
        (t.rate(), r.rate()),
        "/s",
        Bound::AtLeast(0.35),
    );
    summary.ratio(
        "1. server CPU per call (memory)",
        (t.cpu_us(), r.cpu_us()),
        " µs",
        Bound::AtMost(3.0),
    );
}
