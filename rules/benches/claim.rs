//! Claim benchmarks: random playouts per mode (games/s) and single rules steps
//! (`legal_actions` + `apply`, steps/s), and one `mcts` decision at the default level.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use tablero_rules::bots::{Kind, Knowledge, Level, decide};
use tablero_rules::claim::{Claim, ClaimConfig, ClaimState, Mode};
use tablero_rules::{Game, GameRng};

const MODES: [Mode; 4] = [
    Mode::Base2p,
    Mode::Custom2p,
    Mode::ThreePlayer,
    Mode::FourPlayerTeams,
];

/// Random pair/factions (config defaults) and flags drawn from the seed.
fn config(mode: Mode, seed: u64) -> ClaimConfig {
    let mut c = ClaimConfig::new(mode);
    c.auto_crush_2p = seed & 1 == 0;
    c.troll_pool_needs_troll = seed & 2 == 0;
    c.knights_only_win = seed & 4 == 0;
    c
}

/// Plays one game with uniformly random legal actions; returns the number of steps.
fn playout(mode: Mode, seed: u64) -> usize {
    let mut st = Claim::setup(&config(mode, seed), seed).unwrap();
    let mut r = GameRng::from_seed(seed ^ 0xA5A5);
    let mut steps = 0;
    while let Some(&seat) = Claim::to_act(&st).first() {
        let legal = Claim::legal_actions(&st, seat);
        let a = &legal[r.below(legal.len())];
        black_box(Claim::apply(&mut st, seat, a).unwrap());
        steps += 1;
    }
    black_box(Claim::outcome(&st));
    steps
}

/// States from the middle of random games, to benchmark single steps.
fn mid_game_states(mode: Mode, count: u64) -> Vec<ClaimState> {
    (0..count)
        .map(|seed| {
            let mut st = Claim::setup(&config(mode, seed), seed).unwrap();
            let mut r = GameRng::from_seed(seed);
            let stop = r.below(40);
            for _ in 0..stop {
                let seat = Claim::to_act(&st)[0];
                let legal = Claim::legal_actions(&st, seat);
                let a = legal[r.below(legal.len())].clone();
                Claim::apply(&mut st, seat, &a).unwrap();
            }
            st
        })
        .collect()
}

fn playouts(c: &mut Criterion) {
    let mut g = c.benchmark_group("claim_playout");
    g.measurement_time(Duration::from_secs(5))
        .sample_size(20)
        .throughput(Throughput::Elements(1));
    for mode in MODES {
        let mut seed = 0u64;
        g.bench_function(mode.id(), |b| {
            b.iter(|| {
                seed += 1;
                playout(mode, seed)
            })
        });
    }
    g.finish();
}

fn steps(c: &mut Criterion) {
    let mut g = c.benchmark_group("claim_step");
    g.measurement_time(Duration::from_secs(5))
        .sample_size(20)
        .throughput(Throughput::Elements(1));
    for mode in MODES {
        let states = mid_game_states(mode, 64);
        let mut i = 0usize;
        g.bench_function(mode.id(), |b| {
            b.iter_batched(
                || {
                    i = (i + 1) % states.len();
                    states[i].clone()
                },
                |mut st| {
                    let seat = Claim::to_act(&st)[0];
                    let legal = Claim::legal_actions(&st, seat);
                    let ev = Claim::apply(&mut st, seat, &legal[0]).unwrap();
                    (st, ev)
                },
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();
}

/// One `mcts` decision at the default level (`DEFAULT_ITERATIONS`) on mid-game states: the
/// issue's latency target is 50 ms on one core.
fn mcts(c: &mut Criterion) {
    let mut g = c.benchmark_group("claim_mcts");
    g.sample_size(10);
    let level = Level::new(Kind::Mcts, 0).unwrap();
    for mode in MODES {
        let states = mid_game_states(mode, 8);
        let mut i = 0usize;
        g.bench_function(mode.id(), |b| {
            b.iter(|| {
                i = (i + 1) % states.len();
                let st = &states[i];
                let seat = Claim::to_act(st)[0];
                let k = Knowledge::<Claim>::of(st, seat);
                decide(&k, level, level.budget::<Claim>(), i as u64)
            })
        });
    }
    g.finish();
}

criterion_group!(benches, playouts, steps, mcts);
criterion_main!(benches);
