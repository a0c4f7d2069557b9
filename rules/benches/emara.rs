//! Crown of Emara benchmarks: random playouts per player count (games/s) and single rules steps
//! (`legal_actions` + `apply`, steps/s), and one `mcts` decision at the default level.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use tablero_rules::bots::{Kind, Knowledge, Level, decide};
use tablero_rules::emara::{Emara, EmaraConfig, EmaraState};
use tablero_rules::{Game, GameRng};

/// Variants drawn from the seed: random layout, full selection.
fn config(players: u8, seed: u64) -> EmaraConfig {
    let mut c = EmaraConfig::new(players);
    c.random_layout = seed & 1 == 0;
    c.full_selection = seed & 2 == 0;
    c
}

/// Plays one game with uniformly random legal actions; returns the number of steps.
fn playout(players: u8, seed: u64) -> usize {
    let mut st = Emara::setup(&config(players, seed), seed).unwrap();
    let mut r = GameRng::from_seed(seed ^ 0xA5A5);
    let mut steps = 0;
    loop {
        let to_act = Emara::to_act(&st);
        let Some(&seat) = to_act.first() else { break };
        let legal = Emara::legal_actions(&st, seat);
        let a = &legal[r.below(legal.len())];
        black_box(Emara::apply(&mut st, seat, a).unwrap());
        steps += 1;
    }
    black_box(Emara::outcome(&st));
    steps
}

/// States from random games at random points, to benchmark single steps.
fn mid_game_states(players: u8, count: u64) -> Vec<EmaraState> {
    (0..count)
        .map(|seed| {
            let mut st = Emara::setup(&config(players, seed), seed).unwrap();
            let mut r = GameRng::from_seed(seed);
            let stop = r.below(200);
            for _ in 0..stop {
                let Some(&seat) = Emara::to_act(&st).first() else {
                    break;
                };
                let legal = Emara::legal_actions(&st, seat);
                let a = legal[r.below(legal.len())];
                Emara::apply(&mut st, seat, &a).unwrap();
            }
            st
        })
        .filter(|st| !Emara::to_act(st).is_empty())
        .collect()
}

fn playouts(c: &mut Criterion) {
    let mut g = c.benchmark_group("emara_playout");
    g.measurement_time(Duration::from_secs(5))
        .sample_size(20)
        .throughput(Throughput::Elements(1));
    for players in 1..=4u8 {
        let mut seed = 0u64;
        g.bench_function(format!("{players}p"), |b| {
            b.iter(|| {
                seed += 1;
                playout(players, seed)
            })
        });
    }
    g.finish();
}

fn steps(c: &mut Criterion) {
    let mut g = c.benchmark_group("emara_step");
    g.measurement_time(Duration::from_secs(5))
        .sample_size(20)
        .throughput(Throughput::Elements(1));
    for players in 1..=4u8 {
        let states = mid_game_states(players, 64);
        let mut i = 0usize;
        g.bench_function(format!("{players}p"), |b| {
            b.iter_batched(
                || {
                    i = (i + 1) % states.len();
                    states[i].clone()
                },
                |mut st| {
                    let seat = Emara::to_act(&st)[0];
                    let legal = Emara::legal_actions(&st, seat);
                    let ev = Emara::apply(&mut st, seat, &legal[legal.len() / 2]).unwrap();
                    (st, ev)
                },
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();
}

/// One `mcts` decision at the default level (`DEFAULT_ITERATIONS`) on mid-game states.
fn mcts(c: &mut Criterion) {
    let mut g = c.benchmark_group("emara_mcts");
    g.sample_size(10);
    let level = Level::new(Kind::Mcts, 0).unwrap();
    for players in [1u8, 2, 4] {
        let states = mid_game_states(players, 4);
        let mut i = 0usize;
        g.bench_function(format!("{players}p"), |b| {
            b.iter(|| {
                i = (i + 1) % states.len();
                let st = &states[i];
                let seat = Emara::to_act(st)[0];
                let k = Knowledge::<Emara>::of(st, seat);
                decide(&k, level, level.budget::<Emara>(), i as u64)
            })
        });
    }
    g.finish();
}

criterion_group!(benches, playouts, steps, mcts);
criterion_main!(benches);
