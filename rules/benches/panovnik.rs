//! Panovník benchmarks: random playouts per configuration (games/s) and single rules steps
//! (`legal_actions` + `apply`, steps/s).

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use tablero_rules::panovnik::{Panovnik, PanovnikAction, PanovnikConfig, PanovnikState};
use tablero_rules::{Game, GameRng};

/// (label, real players, virtual opponents).
const CONFIGS: [(&str, u8, u8); 6] = [
    ("1p_v1", 1, 1),
    ("2p", 2, 0),
    ("3p", 3, 0),
    ("4p", 4, 0),
    ("1p_v3", 1, 3),
    ("2p_v2", 2, 2),
];

/// A uniformly random legal action (recolouring finishes with probability 1/3 per step).
fn pick(legal: &[PanovnikAction], r: &mut GameRng) -> PanovnikAction {
    if legal.contains(&PanovnikAction::RecolorDone) && r.below(3) == 0 {
        return PanovnikAction::RecolorDone;
    }
    legal[r.below(legal.len())]
}

/// Plays one game with random legal actions; returns the number of steps.
fn playout(players: u8, virtuals: u8, seed: u64) -> usize {
    let config = PanovnikConfig::with_virtual(players, virtuals);
    let mut st = Panovnik::setup(&config, seed).unwrap();
    let mut r = GameRng::from_seed(seed ^ 0xA5A5);
    let mut steps = 0;
    while let Some(&seat) = Panovnik::to_act(&st).first() {
        let legal = Panovnik::legal_actions(&st, seat);
        let a = pick(&legal, &mut r);
        black_box(Panovnik::apply(&mut st, seat, &a).unwrap());
        steps += 1;
    }
    black_box(Panovnik::outcome(&st));
    steps
}

/// States from random games at random points, to benchmark single steps.
fn mid_game_states(players: u8, virtuals: u8, count: u64) -> Vec<PanovnikState> {
    let config = PanovnikConfig::with_virtual(players, virtuals);
    (0..count)
        .map(|seed| {
            let mut st = Panovnik::setup(&config, seed).unwrap();
            let mut r = GameRng::from_seed(seed);
            let stop = r.below(250);
            for _ in 0..stop {
                let Some(&seat) = Panovnik::to_act(&st).first() else {
                    break;
                };
                let legal = Panovnik::legal_actions(&st, seat);
                let a = pick(&legal, &mut r);
                Panovnik::apply(&mut st, seat, &a).unwrap();
            }
            st
        })
        .filter(|st| !Panovnik::to_act(st).is_empty())
        .collect()
}

fn playouts(c: &mut Criterion) {
    let mut g = c.benchmark_group("panovnik_playout");
    g.measurement_time(Duration::from_secs(5))
        .sample_size(20)
        .throughput(Throughput::Elements(1));
    for (label, n, v) in CONFIGS {
        let mut seed = 0u64;
        g.bench_function(label, |b| {
            b.iter(|| {
                seed += 1;
                playout(n, v, seed)
            })
        });
    }
    g.finish();
}

fn steps(c: &mut Criterion) {
    let mut g = c.benchmark_group("panovnik_step");
    g.measurement_time(Duration::from_secs(5))
        .sample_size(20)
        .throughput(Throughput::Elements(1));
    for (label, n, v) in CONFIGS {
        let states = mid_game_states(n, v, 64);
        let mut i = 0usize;
        g.bench_function(label, |b| {
            b.iter_batched(
                || {
                    i = (i + 1) % states.len();
                    states[i].clone()
                },
                |mut st| {
                    let seat = Panovnik::to_act(&st)[0];
                    let legal = Panovnik::legal_actions(&st, seat);
                    let ev = Panovnik::apply(&mut st, seat, &legal[legal.len() / 2]).unwrap();
                    (st, ev)
                },
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();
}

/// One `mcts` decision at the default level on mid-game states (2 players), knowledge included.
fn mcts_decision(c: &mut Criterion) {
    use tablero_rules::bots::{Kind, Knowledge, Level, decide};
    let mut g = c.benchmark_group("panovnik_mcts");
    g.sample_size(10);
    let states = mid_game_states(2, 0, 8);
    let level = Level::new(Kind::Mcts, 0).unwrap();
    let mut i = 0usize;
    g.bench_function("2p_default", |b| {
        b.iter(|| {
            i = (i + 1) % states.len();
            let st = &states[i];
            let seat = Panovnik::to_act(st)[0];
            let k = Knowledge::<Panovnik>::of(st, seat);
            decide(&k, level, level.budget::<Panovnik>(), i as u64)
        })
    });
    g.finish();
}

criterion_group!(benches, playouts, steps, mcts_decision);
criterion_main!(benches);
