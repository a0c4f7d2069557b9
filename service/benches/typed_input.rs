//! What the generic input guard (`rpc::games::bounds`) costs on a typed submit: the guard
//! alone, the game's mapping alone (`action_from_proto`), and the whole typed input of a legal
//! action (guard, mapping, `Session::apply_input` with the rules), on a Panovník and a Pantheon
//! position a few moves in. Run: `CARGO_BUILD_JOBS=1 cargo bench -p tablero-service --bench typed_input`.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use prost::Message;
use std::hint::black_box;
use tablero_proto::games::ProtoGame;
use tablero_proto::v1 as pb;
use tablero_service::engine::host::{ActionInput, Session};
use tablero_service::rpc::games::{bounds, registries};

/// A session of `game` a few random moves in, its seat to act and that seat's last listed
/// typed action.
fn position(game: &str, mode: &str, seats: usize) -> (Box<dyn Session>, usize, pb::Action) {
    let (hosts, wires) = registries();
    let kind = hosts.get(game).unwrap();
    let wire = wires.get(game).unwrap();
    let config = wire.config(None, Some(mode)).unwrap();
    let mut session = kind.new_game(&config, None, seats, 3).unwrap().session;
    for step in 0..12 {
        let seat = session.to_act()[0];
        session
            .apply_chosen_legal(seat, &mut |n| (step * 7) % n)
            .unwrap();
    }
    let seat = session.to_act()[0];
    let listed = session.legal_actions(seat).pop().unwrap();
    let action = wire.action_to_proto(&listed.action).unwrap();
    (session, seat, action)
}

fn bench<G: ProtoGame>(c: &mut Criterion, game: &str, mode: &str, seats: usize) {
    let (session, seat, action) = position(game, mode, seats);
    let snapshot = session.snapshot();
    let (hosts, wires) = registries();
    let kind = hosts.get(game).unwrap();
    let wire = wires.get(game).unwrap();
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
                let typed = wire.action(black_box(&action)).unwrap();
                let bytes = action.encode_to_vec();
                s.apply_input(
                    seat,
                    &ActionInput::Typed {
                        action: &typed,
                        wire: &bytes,
                    },
                )
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
