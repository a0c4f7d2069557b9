//! Kingdom Legacy's own playouts on the shipped pack, by a scripted player (passing half of the
//! time, never resetting): a fresh kingdom to the end of the base game (playouts/s) and whole
//! campaigns with 3 expansions (campaigns/s). Its rules steps and `mcts` decisions, and its
//! uniform random playouts, are in `games.rs` with every other game's.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
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

criterion_group!(benches, playouts);
criterion_main!(benches);
