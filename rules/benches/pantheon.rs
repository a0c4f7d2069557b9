//! Pantheon benchmarks: random playouts per player count (games/s) and single rules steps
//! (`legal_actions` + `apply`, steps/s), and one `mcts` decision at the default level.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use tablero_rules::bots::{Kind, Knowledge, Level, decide};
use tablero_rules::pantheon::{Pantheon, PantheonAction, PantheonConfig, PantheonState};
use tablero_rules::{Game, GameRng};

/// A uniformly random legal action, with the open placement/purchase ended less eagerly.
fn pick(legal: &[PantheonAction], r: &mut GameRng) -> PantheonAction {
    let non_end: Vec<&PantheonAction> = legal
        .iter()
        .filter(|a| {
            !matches!(
                a,
                PantheonAction::EndPlacement | PantheonAction::EndPurchase
            )
        })
        .collect();
    if !non_end.is_empty() && r.below(4) != 0 {
        return non_end[r.below(non_end.len())].clone();
    }
    legal[r.below(legal.len())].clone()
}

fn config(n: u8) -> PantheonConfig {
    PantheonConfig {
        max_turns_per_epoch: 60,
        ..PantheonConfig::new(n)
    }
}

/// Plays one game with random legal actions; returns the number of steps.
fn playout(n: u8, seed: u64) -> usize {
    let mut st = Pantheon::setup(&config(n), seed).unwrap();
    let mut r = GameRng::from_seed(seed ^ 0xA5A5);
    let mut steps = 0;
    while let Some(&seat) = Pantheon::to_act(&st).first() {
        let legal = Pantheon::legal_actions(&st, seat);
        let a = pick(&legal, &mut r);
        black_box(Pantheon::apply(&mut st, seat, &a).unwrap());
        steps += 1;
    }
    black_box(Pantheon::outcome(&st));
    steps
}

/// States from random games at random points, to benchmark single steps.
fn mid_game_states(n: u8, count: u64) -> Vec<PantheonState> {
    (0..count)
        .map(|seed| {
            let mut st = Pantheon::setup(&config(n), seed).unwrap();
            let mut r = GameRng::from_seed(seed);
            let stop = r.below(400);
            for _ in 0..stop {
                let Some(&seat) = Pantheon::to_act(&st).first() else {
                    break;
                };
                let legal = Pantheon::legal_actions(&st, seat);
                let a = pick(&legal, &mut r);
                Pantheon::apply(&mut st, seat, &a).unwrap();
            }
            st
        })
        .filter(|st| !Pantheon::to_act(st).is_empty())
        .collect()
}

fn playouts(c: &mut Criterion) {
    let mut g = c.benchmark_group("pantheon_playout");
    g.measurement_time(Duration::from_secs(5))
        .sample_size(20)
        .throughput(Throughput::Elements(1));
    for n in 2..=4u8 {
        let mut seed = 0u64;
        g.bench_function(format!("{n}p"), |b| {
            b.iter(|| {
                seed += 1;
                playout(n, seed)
            })
        });
    }
    g.finish();
}

fn steps(c: &mut Criterion) {
    let mut g = c.benchmark_group("pantheon_step");
    g.measurement_time(Duration::from_secs(5))
        .sample_size(20)
        .throughput(Throughput::Elements(1));
    for n in 2..=4u8 {
        let states = mid_game_states(n, 64);
        let mut i = 0usize;
        g.bench_function(format!("{n}p"), |b| {
            b.iter_batched(
                || {
                    i = (i + 1) % states.len();
                    states[i].clone()
                },
                |mut st| {
                    let seat = Pantheon::to_act(&st)[0];
                    let legal = Pantheon::legal_actions(&st, seat);
                    let ev = Pantheon::apply(&mut st, seat, &legal[legal.len() / 2]).unwrap();
                    (st, ev)
                },
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();
}

/// One `mcts` decision at the default level, on mid-game states of 2 and 4 players.
fn mcts_decision(c: &mut Criterion) {
    let mut g = c.benchmark_group("pantheon_mcts");
    g.sample_size(10);
    let level = Level::new(Kind::Mcts, 0).unwrap();
    for n in [2u8, 4] {
        let states = mid_game_states(n, 8);
        let mut i = 0usize;
        g.bench_function(format!("{n}p"), |b| {
            b.iter(|| {
                i = (i + 1) % states.len();
                let st = &states[i];
                let seat = Pantheon::to_act(st)[0];
                let k = Knowledge::<Pantheon>::of(st, seat);
                decide(&k, level, level.budget::<Pantheon>(), i as u64)
            })
        });
    }
    g.finish();
}

criterion_group!(benches, playouts, steps, mcts_decision);
criterion_main!(benches);
