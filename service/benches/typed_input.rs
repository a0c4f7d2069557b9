//! What the generic input guard (`games::bounds`) costs on a typed submit: the guard alone,
//! the game's mapping alone (`action_from_proto`), and the whole `Session::apply_input` of a
//! legal typed action (guard, mapping, rules), on a Panovník and a Pantheon position a few
//! moves in. Run: `CARGO_BUILD_JOBS=1 cargo bench -p tablero-service --bench typed_input`.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tablero_proto::v1 as pb;
use tablero_service::games::{ActionInput, ProtoGame, Registry, Session, bounds};

/// A session of `game` a few random moves in, its seat to act and that seat's last listed
/// typed action.
fn position(game: &str, mode: &str, seats: usize) -> (Box<dyn Session>, usize, pb::Action) {
    let registry = Registry::all();
    let kind = registry.get(game).unwrap();
    let mut session = kind
        .new_game(None, Some(mode), None, seats, 3)
        .unwrap()
        .session;
    for step in 0..12 {
        let seat = session.to_act()[0];
        session
            .apply_chosen_legal(seat, &mut |n| (step * 7) % n)
            .unwrap();
    }
    let seat = session.to_act()[0];
    let action = session.legal_actions(seat).pop().unwrap().action.unwrap();
    (session, seat, action)
}

fn bench<G: ProtoGame>(c: &mut Criterion, game: &str, mode: &str, seats: usize)
where
    G::State: Send + Sync,
{
    let (session, seat, action) = position(game, mode, seats);
    let snapshot = session.snapshot();
    let kind_registry = Registry::all();
    let kind = kind_registry.get(game).unwrap();
    let mut g = c.benchmark_group(format!("typed_input/{game}"));
    g.bench_function("guard", |b| {
        b.iter(|| bounds::action(black_box(&action)).unwrap())
    });
    g.bench_function("mapping", |b| {
        b.iter(|| G::action_from_proto(black_box(&action)).unwrap())
    });
    g.bench_function("apply_input", |b| {
        b.iter_batched(
            || kind.restore(&snapshot).unwrap(),
            |mut s| {
                s.apply_input(seat, &ActionInput::Typed(black_box(&action)))
                    .unwrap()
            },
            BatchSize::SmallInput,
        )
    });
    g.finish();
}

fn benches(c: &mut Criterion) {
    bench::<tablero_rules::panovnik::Panovnik>(c, "panovnik", "two_player", 2);
    bench::<tablero_rules::pantheon::Pantheon>(c, "pantheon", "two_player", 2);
}

criterion_group!(typed_input, benches);
criterion_main!(typed_input);
