//! Kingdom Legacy benchmarks on the shipped pack: random base-game playouts (a fresh kingdom to
//! the end of the base game, playouts/s), whole campaigns with 3 expansions (campaigns/s), and
//! single rules steps (`legal_actions` + `apply`, steps/s), and one `mcts` decision at the
//! default level on mid-game states.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use tablero_rules::bots::{Kind, Knowledge, Level, decide};
use tablero_rules::kingdom_legacy::{Config, KingdomLegacy, KlgAction, Pack, Phase, State};
use tablero_rules::{Game, GameRng};

/// A uniformly random legal action, never resetting or suspending; in the main phase a pass
/// half of the time (keeps turns short). After the game: the first `expansions` expansions
/// are started, then the campaign is closed.
fn pick(st: &State, legal: &[KlgAction], r: &mut GameRng, expansions: usize) -> KlgAction {
    match st.phase {
        Phase::PostGame => {
            let start = legal
                .iter()
                .find(|a| matches!(a, KlgAction::StartExpansion { .. }));
            match start {
                Some(a) if st.score_track.expansions.len() < expansions => a.clone(),
                _ => KlgAction::CloseCampaign,
            }
        }
        Phase::BetweenRounds => KlgAction::BeginRound,
        Phase::Main if r.below(2) == 0 => KlgAction::Pass,
        _ => {
            let v: Vec<&KlgAction> = legal
                .iter()
                .filter(|a| !matches!(a, KlgAction::ResetCampaign | KlgAction::Suspend))
                .collect();
            v[r.below(v.len())].clone()
        }
    }
}

/// Plays a fresh kingdom until `done`; returns the number of steps.
fn play(seed: u64, expansions: usize, done: impl Fn(&State) -> bool) -> usize {
    let mut st = KingdomLegacy::setup(&Config::new(Pack::Shipped), seed).unwrap();
    let mut r = GameRng::from_seed(seed ^ 0x4B4C);
    let mut steps = 0;
    while !done(&st) {
        let legal = KingdomLegacy::legal_actions(&st, 0);
        let a = pick(&st, &legal, &mut r, expansions);
        black_box(KingdomLegacy::apply(&mut st, 0, &a).unwrap());
        steps += 1;
    }
    black_box(KingdomLegacy::outcome(&st));
    steps
}

/// States from random campaigns at random points, to benchmark single steps.
fn mid_game_states(count: u64) -> Vec<State> {
    (0..count)
        .map(|seed| {
            let mut st = KingdomLegacy::setup(&Config::new(Pack::Shipped), seed).unwrap();
            let mut r = GameRng::from_seed(seed);
            let stop = r.below(2_000);
            for _ in 0..stop {
                if st.ended.is_some() {
                    break;
                }
                let legal = KingdomLegacy::legal_actions(&st, 0);
                let a = pick(&st, &legal, &mut r, 3);
                KingdomLegacy::apply(&mut st, 0, &a).unwrap();
            }
            st
        })
        .filter(|st| st.ended.is_none())
        .collect()
}

fn playouts(c: &mut Criterion) {
    let mut g = c.benchmark_group("kingdom_legacy");
    g.measurement_time(Duration::from_secs(5))
        .sample_size(10)
        .throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    g.bench_function("base_game_playout", |b| {
        b.iter(|| {
            seed += 1;
            play(seed, 0, |st| st.phase == Phase::PostGame)
        })
    });
    let mut seed = 0u64;
    g.bench_function("campaign_3_expansions", |b| {
        b.iter(|| {
            seed += 1;
            play(seed, 3, |st| st.ended.is_some())
        })
    });
    g.finish();
}

fn steps(c: &mut Criterion) {
    let mut g = c.benchmark_group("kingdom_legacy_step");
    g.measurement_time(Duration::from_secs(5))
        .sample_size(20)
        .throughput(Throughput::Elements(1));
    let states = mid_game_states(64);
    let mut i = 0usize;
    g.bench_function("legal_actions_and_apply", |b| {
        b.iter_batched(
            || {
                i = (i + 1) % states.len();
                states[i].clone()
            },
            |mut st| {
                let legal = KingdomLegacy::legal_actions(&st, 0);
                let ev = KingdomLegacy::apply(&mut st, 0, &legal[legal.len() / 2]).unwrap();
                (st, ev)
            },
            BatchSize::SmallInput,
        )
    });
    g.finish();
}

/// One default-level `mcts` decision on main-phase states of the base game (the assistant's
/// latency, decisions/s).
fn mcts(c: &mut Criterion) {
    let mut g = c.benchmark_group("kingdom_legacy_mcts");
    g.sample_size(10).throughput(Throughput::Elements(1));
    let states: Vec<State> = mid_game_states(24)
        .into_iter()
        .filter(|st| st.phase == Phase::Main && st.expansions.current.is_none())
        .take(4)
        .collect();
    let level = Level::new(Kind::Mcts, 0).unwrap();
    let mut i = 0usize;
    g.bench_function("default_decision", |b| {
        b.iter(|| {
            i = (i + 1) % states.len();
            let k = Knowledge::<KingdomLegacy>::of(&states[i], 0);
            decide(&k, level, level.budget::<KingdomLegacy>(), i as u64)
        })
    });
    g.finish();
}

criterion_group!(benches, playouts, steps, mcts);
criterion_main!(benches);
