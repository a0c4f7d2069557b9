//! One conformance test for the proto mapping of every hosted game and mode, through the
//! service's own `GameKind`/`Session` (a game added to the registry is covered without a line
//! here): seeded random games in which
//! - every legal action submitted as its typed proto applies exactly as its id does
//!   (action_to_proto → action_from_proto gives the same action), at every checked step;
//! - a seat's view shows nothing of another seat's player entry that the spectator's view
//!   does not show (beyond its own `known_*` knowledge);
//! - a typed action of another game, or one with an empty oneof, is INVALID_ARGUMENT and
//!   leaves the game unchanged; so are another game's options and scenario at creation;
//! - every logged event renders for every viewer;
//! - the game finishes, replaying its log from the setup gives the identical snapshot, and
//!   the game restored from its snapshot shows every viewer the same view.

use prost::Message;
use prost_reflect::{DescriptorPool, DynamicMessage, ReflectMessage, Value};
use tablero_proto::v1 as pb;
use tablero_rules::{GameRng, Seat, Viewer};
use tablero_service::engine::host::{ActionInput, Applied, GameKind, Hosts, Session};
use tablero_service::error::ApiError;
use tablero_service::rpc::games::{self as games, Wire, Wires, registries};
use tonic::Code;

/// Seeded games per mode.
const SEEDS: [u64; 2] = [3, 41];
/// Steps before a game must be over.
const MAX_STEPS: usize = 20_000;

fn pool() -> DescriptorPool {
    DescriptorPool::decode(tablero_proto::v1::FILE_DESCRIPTOR_SET).expect("descriptors decode")
}

/// A view as a dynamic message (the game's own view message inside `GameView`).
fn dynamic(pool: &DescriptorPool, game: pb::game_view::Game) -> DynamicMessage {
    let bytes = pb::GameView {
        game: Some(game),
        ..Default::default()
    }
    .encode_to_vec();
    let desc = pool
        .get_message_by_name("tablero.v1.GameView")
        .expect("GameView");
    let view = DynamicMessage::decode(desc, bytes.as_slice()).expect("a view decodes");
    let field = view
        .fields()
        .find(|(f, _)| f.containing_oneof().is_some_and(|o| o.name() == "game"))
        .map(|(_, v)| v.clone())
        .expect("the game's view is set");
    match field {
        Value::Message(m) => m,
        v => panic!("the game view is not a message: {v:?}"),
    }
}

/// The entries of the view's `players` list by their `seat` (empty when the view has none).
fn players(view: &DynamicMessage) -> Vec<(u32, DynamicMessage)> {
    let Some(field) = view.descriptor().get_field_by_name("players") else {
        return Vec::new();
    };
    let Value::List(list) = view.get_field(&field).into_owned() else {
        return Vec::new();
    };
    list.into_iter()
        .filter_map(|v| match v {
            Value::Message(m) => {
                let seat = m
                    .get_field_by_name("seat")
                    .and_then(|s| s.as_u32())
                    .expect("a player entry names its seat");
                Some((seat, m))
            }
            _ => None,
        })
        .collect()
}

/// A seat sees no more of another seat's player entry than the spectator does, except in
/// `known_*` lists, which may add what this seat alone learnt (a Claim seer knows the card it
/// peeked at after another seat drew it, CLM-SER.5).
fn check_views(
    pool: &DescriptorPool,
    wire: &dyn Wire,
    session: &dyn Session,
    seats: usize,
    game: &str,
) {
    let spectator = players(&dynamic(
        pool,
        games::view(wire, session, Viewer::Spectator),
    ));
    for s in 0..seats {
        let seen = players(&dynamic(pool, games::view(wire, session, Viewer::Seat(s))));
        assert_eq!(seen.len(), spectator.len(), "{game}: the same players");
        for ((seat, mine), (_, public)) in seen.iter().zip(&spectator) {
            if *seat as Seat == s {
                continue;
            }
            for f in mine.descriptor().fields() {
                let (a, b) = (mine.get_field(&f), public.get_field(&f));
                if a == b {
                    continue;
                }
                let extra_knowledge = f.name().starts_with("known_")
                    && matches!((&*a, &*b), (Value::List(a), Value::List(b))
                        if b.iter().all(|x| a.contains(x)));
                assert!(
                    extra_knowledge,
                    "{game}: seat {s} sees more of seat {seat}'s {} than a spectator",
                    f.name()
                );
            }
        }
    }
}

/// A fresh copy of a session (restored from its snapshot).
fn copy(kind: &dyn GameKind, session: &dyn Session) -> Box<dyn Session> {
    kind.restore(&session.snapshot())
        .expect("a snapshot restores")
}

/// Every variant of `Action`'s oneof with an empty inner oneof.
fn empty_actions() -> Vec<pb::action::Game> {
    use pb::action::Game as G;
    vec![
        G::Claim(Default::default()),
        G::Emara(Default::default()),
        G::Panovnik(Default::default()),
        G::Pantheon(Default::default()),
        G::KingdomLegacy(Default::default()),
    ]
}

/// A typed action as a submit gives it to the engine: read by the mapping of the game it names,
/// then applied (the engine refuses another game's action).
fn apply_typed(
    wires: &Wires,
    session: &mut dyn Session,
    seat: Seat,
    action: &pb::Action,
) -> Result<Applied, ApiError> {
    let (value, wire) = games::typed(wires, action)?;
    session.apply_input(
        seat,
        &ActionInput::Typed {
            action: &value,
            wire: &wire,
        },
    )
}

/// Malformed typed actions are INVALID_ARGUMENT and change nothing: no oneof, another game's
/// action (its first legal action, where the other game is `other`), an empty inner oneof.
fn check_malformed(
    kind: &dyn GameKind,
    wires: &Wires,
    session: &dyn Session,
    seat: Seat,
    others: &[pb::Action],
    game: &str,
) {
    let before = session.snapshot();
    let mut bad = vec![pb::Action { game: None }];
    bad.extend(others.iter().cloned());
    bad.extend(
        empty_actions()
            .into_iter()
            .map(|g| pb::Action { game: Some(g) }),
    );
    for action in &bad {
        let mut s = copy(kind, session);
        let Err(e) = apply_typed(wires, s.as_mut(), seat, action) else {
            panic!("{game}: malformed {action:?} accepted");
        };
        assert_eq!(
            tonic::Status::from(e).code(),
            Code::InvalidArgument,
            "{game}: {action:?}"
        );
        assert_eq!(s.snapshot(), before, "{game}: refused, yet changed");
    }
}

/// Every listed action applies as its typed proto exactly as by its id.
fn check_round_trip(
    kind: &dyn GameKind,
    wires: &Wires,
    session: &dyn Session,
    seat: Seat,
    game: &str,
) {
    let wire = wires.get(kind.name()).expect("its mapping");
    for la in games::legal_actions(wire, session, seat) {
        let typed = la
            .action
            .as_ref()
            .expect("a legal action carries its typed form");
        let mut by_typed = copy(kind, session);
        let a = apply_typed(wires, by_typed.as_mut(), seat, typed)
            .unwrap_or_else(|e| panic!("{game}: typed `{}` refused: {e}", la.id));
        let mut by_id = copy(kind, session);
        let b = by_id
            .apply_input(seat, &ActionInput::Id(&la.id))
            .unwrap_or_else(|e| panic!("{game}: `{}` refused: {e}", la.id));
        assert_eq!(a.action, b.action, "{game}: `{}` typed ≠ id", la.id);
        assert_eq!(by_typed.snapshot(), by_id.snapshot());
        assert!(!la.label.is_empty(), "{game}: `{}` has no label", la.id);
    }
}

/// The first legal action of every other game (wrong-game actions for this one).
fn foreign_actions(hosts: &Hosts, wires: &Wires, game: &str) -> Vec<pb::Action> {
    let mut out = Vec::new();
    for other in hosts.types().into_iter().filter(|t| *t != game) {
        let kind = hosts.get(other).unwrap();
        let wire = wires.get(other).unwrap();
        let mode = kind.modes()[0].clone();
        let new = games::new_game(kind, wire, None, Some(mode.name), None, mode.seats, 1)
            .expect("the first mode sets up");
        let seat = new.session.to_act()[0];
        let la = games::legal_actions(wire, new.session.as_ref(), seat).remove(0);
        out.push(la.action.expect("typed"));
    }
    out
}

fn play(hosts: &Hosts, wires: &Wires, game: &str, mode: &pb::GameMode, seed: u64) {
    let pool = pool();
    let kind = hosts.get(game).unwrap();
    let wire = wires.get(game).unwrap();
    let seats = mode.seats as usize;
    let label = format!("{game} {} seed {seed}", mode.name);
    let new = games::new_game(kind, wire, None, Some(&mode.name), None, seats, seed)
        .unwrap_or_else(|e| panic!("{label}: {e}"));
    let mut session = new.session;
    let others = foreign_actions(hosts, wires, game);
    let mut log = Vec::new();
    let mut r = GameRng::from_seed(seed);
    for v in (0..seats).map(Viewer::Seat).chain([Viewer::Spectator]) {
        kind.events_for(&new.events, v)
            .expect("setup events render");
    }
    for step in 0..MAX_STEPS {
        let to_act = session.to_act();
        let Some(&first) = to_act.first() else { break };
        // Thorough checks at the first steps and a sample later, to keep the run short.
        if step < 40 || r.below(16) == 0 {
            check_views(&pool, wire, session.as_ref(), seats, &label);
            for &s in &to_act {
                check_round_trip(kind, wires, session.as_ref(), s, &label);
            }
            check_malformed(kind, wires, session.as_ref(), first, &others, &label);
        }
        let seat = to_act[r.below(to_act.len())];
        let applied = session
            .apply_chosen_legal(seat, &mut |n| r.below(n))
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        for v in (0..seats).map(Viewer::Seat).chain([Viewer::Spectator]) {
            for (summary, _) in kind.events_for(&applied.events, v).expect("events render") {
                assert!(!summary.is_empty(), "{label}: an event without a summary");
            }
        }
        log.push((seat, applied.action));
    }
    assert!(
        session.to_act().is_empty(),
        "{label}: not over after {MAX_STEPS} steps"
    );
    let outcome = session.outcome().expect("a finished game has an outcome");
    assert_eq!(outcome.places.len(), seats, "{label}");
    check_views(&pool, wire, session.as_ref(), seats, &label);
    let mut replay = kind.rebuild(&new.setup).expect("the setup rebuilds");
    for (seat, action) in &log {
        replay
            .apply_logged(*seat, action)
            .unwrap_or_else(|e| panic!("{label}: replay: {e}"));
    }
    assert_eq!(
        replay.snapshot(),
        session.snapshot(),
        "{label}: the replay differs"
    );
    let restored = copy(kind, session.as_ref());
    for v in (0..seats).map(Viewer::Seat).chain([Viewer::Spectator]) {
        assert_eq!(
            games::view(wire, restored.as_ref(), v),
            games::view(wire, session.as_ref(), v),
            "{label}: restored view"
        );
    }
}

/// Options and a scenario of every other game are INVALID_ARGUMENT on `options` and
/// `scenario`.
fn check_foreign_setup(kind: &dyn GameKind, wire: &dyn Wire, game: &str, mode: &pb::GameMode) {
    let (name, seats) = (Some(mode.name.as_str()), mode.seats as usize);
    use pb::{game_options::Game as O, scenario::Game as S};
    let games = ["claim", "emara", "panovnik", "pantheon", "kingdom_legacy"];
    let options = [
        O::Claim(Default::default()),
        O::Emara(Default::default()),
        O::Panovnik(Default::default()),
        O::Pantheon(Default::default()),
        O::KingdomLegacy(Default::default()),
    ];
    let scenarios = [
        S::Claim(Default::default()),
        S::Emara(Default::default()),
        S::Panovnik(Default::default()),
        S::Pantheon(Default::default()),
        S::KingdomLegacy(Default::default()),
    ];
    let field = |r: Result<_, ApiError>| match r {
        Err(ApiError::Invalid { field, .. }) => field.into_owned(),
        Err(e) => panic!("{game}: {e}"),
        Ok(_) => panic!("{game}: another game's setup accepted"),
    };
    for ((other, o), s) in games.iter().zip(options).zip(scenarios) {
        if *other == game {
            continue;
        }
        let o = pb::GameOptions { game: Some(o) };
        let s = pb::Scenario { game: Some(s) };
        assert_eq!(
            field(games::new_game(kind, wire, Some(&o), name, None, seats, 1)),
            "options"
        );
        assert_eq!(
            field(games::new_game(kind, wire, None, name, Some(&s), seats, 1)),
            "scenario"
        );
    }
}

/// Every hosted game in every mode it offers.
fn every_mode_of(game: &str) {
    let (hosts, wires) = registries();
    let kind = hosts.get(game).expect("hosted");
    let wire = wires.get(game).expect("mapped");
    let modes = wire.info().modes;
    assert!(!modes.is_empty(), "{game} offers a mode");
    check_foreign_setup(kind, wire, game, &modes[0]);
    for mode in &modes {
        for seed in SEEDS {
            play(&hosts, &wires, game, mode, seed);
        }
    }
}

#[test]
fn every_hosted_game_is_covered() {
    let mut types = registries().0.types();
    types.sort_unstable();
    assert_eq!(
        types,
        ["claim", "emara", "kingdom_legacy", "panovnik", "pantheon"],
        "a new game needs its test function below"
    );
}

#[test]
fn claim_mapping_conforms() {
    every_mode_of("claim");
}

#[test]
fn emara_mapping_conforms() {
    every_mode_of("emara");
}

#[test]
fn panovnik_mapping_conforms() {
    every_mode_of("panovnik");
}

#[test]
fn pantheon_mapping_conforms() {
    every_mode_of("pantheon");
}

#[test]
fn kingdom_legacy_mapping_conforms() {
    every_mode_of("kingdom_legacy");
}
