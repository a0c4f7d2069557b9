//! Every game of the registry (`tablero_rules::games!`), every mode: random playouts (games/s),
//! single rules steps (`legal_actions` + `apply` on mid-game states, steps/s) and one `mcts`
//! decision at the default level (the bots' latency). Groups are `<game>_playout`,
//! `<game>_step` and `<game>_mcts`, one bench per mode, so
//! `cargo bench -p tablero-rules --bench games -- pantheon_` runs one game.
//!
//! A random playout picks uniformly among the legal actions bots consider
//! (`BotGame::considered`: Kingdom Legacy's reset and suspend are left out), and stops at
//! `MAX_STEPS` if the game has not ended.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use tablero_rules::bots::{BotGame, Kind, Knowledge, Level, decide};
use tablero_rules::{GameRng, Seat};

/// A playout that has not ended by then stops (Kingdom Legacy's campaigns run long).
const MAX_STEPS: usize = 20_000;

/// One random step: a seat to act and a considered legal action of it; `None` once over.
fn random_step<G: BotGame>(st: &G::State, r: &mut GameRng) -> Option<(Seat, G::Action)> {
    let to_act = G::to_act(st);
    let seat = *to_act.get(r.below(to_act.len().max(1)))?;
    let legal = G::legal_actions(st, seat);
    let considered: Vec<&G::Action> = legal.iter().filter(|a| G::considered(st, a)).collect();
    let a = match considered.is_empty() {
        true => &legal[r.below(legal.len())],
        false => considered[r.below(considered.len())],
    };
    Some((seat, a.clone()))
}

/// Plays one game of `config` at random; returns the number of steps.
fn playout<G: BotGame>(config: &G::Config, seed: u64) -> usize {
    let mut st = G::setup(config, seed).unwrap();
    let mut r = GameRng::from_seed(seed ^ 0xA5A5);
    let mut steps = 0;
    while steps < MAX_STEPS {
        let Some((seat, a)) = random_step::<G>(&st, &mut r) else {
            break;
        };
        black_box(G::apply(&mut st, seat, &a).unwrap());
        steps += 1;
    }
    black_box(G::outcome(&st));
    steps
}

/// States from random games at random points, to benchmark single steps: each the last state
/// still running within a random number of steps (a short game stops before its end).
fn mid_game_states<G: BotGame>(config: &G::Config, count: u64) -> Vec<G::State> {
    (0..count)
        .map(|seed| {
            let mut st = G::setup(config, seed).unwrap();
            let mut running = st.clone();
            let mut r = GameRng::from_seed(seed);
            for _ in 0..r.below(60) {
                let Some((seat, a)) = random_step::<G>(&st, &mut r) else {
                    break;
                };
                G::apply(&mut st, seat, &a).unwrap();
                if G::is_over(&st) {
                    break;
                }
                running = st.clone();
            }
            running
        })
        .collect()
}

fn playouts<G: BotGame>(c: &mut Criterion) {
    let mut g = c.benchmark_group(format!("{}_playout", G::NAME));
    g.measurement_time(Duration::from_secs(5))
        .sample_size(10)
        .throughput(Throughput::Elements(1));
    for mode in G::modes() {
        let mut seed = 0u64;
        g.bench_function(mode.name, |b| {
            b.iter(|| {
                seed += 1;
                playout::<G>(&mode.config, seed)
            })
        });
    }
    g.finish();
}

fn steps<G: BotGame>(c: &mut Criterion) {
    let mut g = c.benchmark_group(format!("{}_step", G::NAME));
    g.measurement_time(Duration::from_secs(5))
        .sample_size(20)
        .throughput(Throughput::Elements(1));
    for mode in G::modes() {
        let states = mid_game_states::<G>(&mode.config, 64);
        let mut i = 0usize;
        g.bench_function(mode.name, |b| {
            b.iter_batched(
                || {
                    i = (i + 1) % states.len();
                    states[i].clone()
                },
                |mut st| {
                    let seat = G::to_act(&st)[0];
                    let legal = G::legal_actions(&st, seat);
                    let ev = G::apply(&mut st, seat, &legal[legal.len() / 2]).unwrap();
                    (st, ev)
                },
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();
}

/// One `mcts` decision at the default level (`DEFAULT_ITERATIONS`) on mid-game states: the
/// latency targets of `docs/bots.md`.
fn mcts<G: BotGame>(c: &mut Criterion) {
    let mut g = c.benchmark_group(format!("{}_mcts", G::NAME));
    g.sample_size(10).throughput(Throughput::Elements(1));
    let level = Level::new(Kind::Mcts, 0).unwrap();
    for mode in G::modes() {
        let states = mid_game_states::<G>(&mode.config, 8);
        let mut i = 0usize;
        g.bench_function(mode.name, |b| {
            b.iter(|| {
                i = (i + 1) % states.len();
                let st = &states[i];
                let seat = G::to_act(st)[0];
                let k = Knowledge::<G>::of(st, seat);
                decide(&k, level, level.budget::<G>(), i as u64)
            })
        });
    }
    g.finish();
}

/// The three benches of every game of the registry.
fn games(c: &mut Criterion) {
    macro_rules! each {
        ($($kind:ident $game:path;)*) => {
            $(
                playouts::<$game>(c);
                steps::<$game>(c);
                mcts::<$game>(c);
            )*
        };
    }
    tablero_rules::games!(each);
}

criterion_group!(benches, games);
criterion_main!(benches);
