//! One conformance checker for every [`Game`] (the rules' tests and the fuzz target use it; the
//! `conformance` feature makes it public outside the crate's own tests).
//!
//! [`check_step`] checks one state: legal ⇔ accepted both ways (every listed action applies on
//! a clone, every unlisted candidate is refused naming one of the game's rules and leaves the
//! state unchanged), ids that round-trip and are unique, and that a seat is to act exactly when
//! it has legal actions. [`playout`] drives a whole seeded game through a game's [`Harness`]
//! (its candidates, policy and invariants) and [`Knowledge`] model (what each viewer may know),
//! and adds: serde round trips of the state, actions and events, redaction checked against the
//! knowledge model at every step, and replay identity from (config, seed, actions).

use crate::{Game, Seat, Viewer};
use std::collections::HashSet;

/// What each viewer may know, built by the game's test from the events it was shown.
pub trait Knowledge<G: Game> {
    /// An event of setup or of a step, unredacted, before any viewer is shown it.
    fn observe(&mut self, _event: &G::Event) {}
    /// The event as `viewer` is shown it (`None`: hidden from it): check that it shows nothing
    /// the viewer may not know, then learn from it.
    fn shown(&mut self, viewer: Viewer, event: Option<&G::Event>);
    /// Check that `view` shows nothing `viewer` may not know.
    fn check_view(&self, state: &G::State, viewer: Viewer, view: &G::View);
}

/// No game-specific knowledge: only the generic view and redaction checks run.
pub struct NoKnowledge;

impl<G: Game> Knowledge<G> for NoKnowledge {
    fn shown(&mut self, _viewer: Viewer, _event: Option<&G::Event>) {}
    fn check_view(&self, _state: &G::State, _viewer: Viewer, _view: &G::View) {}
}

/// How thoroughly one step is checked (the playout tests sample to keep their run time).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Depth {
    /// At most this many listed actions per seat are applied on a clone (`usize::MAX`: all;
    /// 0: none). Ids of every listed action are checked whenever this is not 0.
    pub accept: usize,
    /// Whether the harness's refusal candidates are tried.
    pub refuse: bool,
    /// Whether every viewer's view is checked after the step.
    pub views: bool,
}

impl Depth {
    /// Everything at this step.
    pub const FULL: Depth = Depth {
        accept: usize::MAX,
        refuse: true,
        views: true,
    };
    /// Only what runs at every step anyway: to-act, invariants, redaction of the new events.
    pub const LIGHT: Depth = Depth {
        accept: 0,
        refuse: false,
        views: false,
    };

    /// Everything at step `step` of a `full` game and at every `every`th step of the others
    /// (offset by `seed`, so that the games of a run sweep different phases), light between.
    pub fn sampled(full: bool, seed: u64, step: usize, every: usize) -> Depth {
        if full
            || (step as u64)
                .wrapping_add(seed)
                .is_multiple_of(every as u64)
        {
            Depth::FULL
        } else {
            Depth::LIGHT
        }
    }
}

/// What a game's playout test supplies to [`playout`].
pub trait Harness<G: Game> {
    /// Refused actions name a rule of this game: its rule ID prefix, e.g. `"CLM-"`.
    const RULE_PREFIX: &'static str;

    /// `(seat, action)` pairs to try beyond the listed ones: near misses, generic samples.
    /// Listed ones among them are applied on a clone, the others must be refused.
    fn candidates(&mut self, state: &G::State, legal: &[Vec<G::Action>]) -> Vec<(Seat, G::Action)>;

    /// The next move; `None` stops the playout here.
    fn choose(
        &mut self,
        state: &G::State,
        to_act: &[Seat],
        legal: &[Vec<G::Action>],
    ) -> Option<(Seat, G::Action)>;

    /// How thoroughly to check the state before step `step` (0-based).
    fn depth(&mut self, step: usize) -> Depth;

    /// The game's own invariants (conservation, geometry, …), checked before every step and
    /// at the end.
    fn invariants(&mut self, _state: &G::State) {}
}

/// Every seat, then the spectator.
pub fn viewers(seats: usize) -> impl Iterator<Item = Viewer> {
    (0..seats).map(Viewer::Seat).chain([Viewer::Spectator])
}

/// The legal actions of every seat.
pub fn legal_by_seat<G: Game>(state: &G::State, seats: usize) -> Vec<Vec<G::Action>> {
    (0..seats).map(|s| G::legal_actions(state, s)).collect()
}

/// A seat is to act exactly when it has legal actions, except where the game lets a seat
/// not to act keep actions ([`Game::may_act_out_of_turn`]); the game is over exactly when
/// nobody is to act; a seat that does not exist has none.
pub fn check_to_act<G: Game>(state: &G::State, legal: &[Vec<G::Action>]) {
    let seats = legal.len();
    let to_act = G::to_act(state);
    let unique: HashSet<Seat> = to_act.iter().copied().collect();
    assert_eq!(unique.len(), to_act.len(), "to_act lists a seat twice");
    for (seat, listed) in legal.iter().enumerate() {
        if to_act.contains(&seat) {
            assert!(
                !listed.is_empty(),
                "seat {seat} is to act but has no action"
            );
        } else if !listed.is_empty() {
            assert!(
                G::may_act_out_of_turn(state, seat),
                "seat {seat} is not to act but has legal actions"
            );
        }
    }
    assert!(to_act.iter().all(|&s| s < seats), "to_act names no seat");
    assert!(
        G::legal_actions(state, seats).is_empty(),
        "a seat past the last"
    );
    assert_eq!(to_act.is_empty(), G::is_over(state), "over ⇔ nobody to act");
}

/// Ids of the listed actions are unique per seat and round-trip; up to `accept` listed
/// actions per seat (spread over the list) are accepted on a clone with a non-empty label.
pub fn check_listed<G: Game>(state: &G::State, legal: &[Vec<G::Action>], accept: usize) {
    for (seat, listed) in legal.iter().enumerate() {
        let mut ids = HashSet::new();
        for a in listed {
            let id = G::action_id(a);
            assert_eq!(G::parse_action_id(&id).as_ref(), Some(a), "id `{id}`");
            assert!(ids.insert(id), "seat {seat}: duplicate action id");
        }
        let step = (listed.len() / accept.max(1)).max(1);
        for a in listed.iter().step_by(step).take(accept) {
            let mut copy = state.clone();
            G::apply(&mut copy, seat, a)
                .unwrap_or_else(|e| panic!("seat {seat}: listed {a:?} refused: {e}"));
            assert!(!G::action_label(state, a).is_empty(), "empty label {a:?}");
        }
    }
}

/// Every candidate is accepted (on a clone) when listed for its seat and refused otherwise,
/// naming a rule that starts with `rule_prefix` and leaving the state unchanged. Each seat's
/// first listed action is also tried by every other seat and by a seat past the last.
pub fn check_refusals<G: Game>(
    state: &G::State,
    legal: &[Vec<G::Action>],
    candidates: &[(Seat, G::Action)],
    rule_prefix: &str,
) {
    let seats = legal.len();
    let crossed = legal
        .iter()
        .filter_map(|l| l.first())
        .flat_map(|a| (0..=seats).map(move |s| (s, a.clone())));
    let mut work = state.clone();
    for (seat, a) in candidates.iter().cloned().chain(crossed) {
        let listed = legal.get(seat).is_some_and(|l| l.contains(&a));
        if listed {
            let mut copy = state.clone();
            G::apply(&mut copy, seat, &a)
                .unwrap_or_else(|e| panic!("seat {seat}: listed {a:?} refused: {e}"));
            continue;
        }
        match G::apply(&mut work, seat, &a) {
            Ok(_) => panic!("seat {seat}: unlisted {a:?} accepted"),
            Err(e) => assert!(
                e.rule.starts_with(rule_prefix),
                "seat {seat}: {a:?} refused without a {rule_prefix} rule: {e}"
            ),
        }
        assert!(
            work == *state,
            "seat {seat}: the refused {a:?} changed the state"
        );
    }
}

/// One step's legality checks at `depth`: to-act, listed, refusals.
pub fn check_step<G: Game, H: Harness<G>>(
    harness: &mut H,
    state: &G::State,
    legal: &[Vec<G::Action>],
    depth: Depth,
) {
    check_to_act::<G>(state, legal);
    if depth.accept > 0 {
        check_listed::<G>(state, legal, depth.accept);
    }
    if depth.refuse {
        let candidates = harness.candidates(state, legal);
        check_refusals::<G>(state, legal, &candidates, H::RULE_PREFIX);
    }
}

/// `action` applied as the contract of [`Game::apply`] says: accepted exactly when listed for
/// `seat`, a refusal leaves the state unchanged, a listed id round-trips.
pub fn check_apply<G: Game>(
    state: &mut G::State,
    seat: Seat,
    action: &G::Action,
) -> Option<Vec<G::Event>> {
    let listed = G::legal_actions(state, seat).contains(action);
    if listed {
        let id = G::action_id(action);
        assert_eq!(G::parse_action_id(&id).as_ref(), Some(action), "id `{id}`");
        assert!(!G::action_label(state, action).is_empty(), "empty label");
    }
    let before = state.clone();
    match G::apply(state, seat, action) {
        Ok(events) => {
            assert!(listed, "seat {seat}: unlisted {action:?} accepted");
            Some(events)
        }
        Err(e) => {
            assert!(!listed, "seat {seat}: listed {action:?} refused: {e}");
            assert!(
                *state == before,
                "seat {seat}: the refused {action:?} ({e}) changed the state"
            );
            None
        }
    }
}

/// A value survives a serde JSON round trip unchanged.
pub fn check_serde<T>(value: &T, what: &str)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let json = serde_json::to_string(value).unwrap_or_else(|e| panic!("{what}: {e}"));
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{what}: {e}: {json}"));
    assert_eq!(&back, value, "{what} after a serde round trip");
}

/// Every viewer is shown the events (redacted for it) and the knowledge model checks them;
/// with `serde`, every event and its redactions survive serde.
pub fn show_events<G: Game>(
    knowledge: &mut impl Knowledge<G>,
    seats: usize,
    events: &[G::Event],
    serde: bool,
) {
    for e in events {
        if serde {
            check_serde(e, "event");
        }
        knowledge.observe(e);
        for v in viewers(seats) {
            let redacted = G::redact_event(e, v);
            if let (true, Some(r)) = (serde, &redacted) {
                check_serde(r, "redacted event");
            }
            knowledge.shown(v, redacted.as_ref());
        }
    }
}

/// Every viewer's view is checked by the knowledge model; none carries the RNG or the seed.
pub fn check_views<G: Game>(knowledge: &impl Knowledge<G>, state: &G::State, seats: usize) {
    for v in viewers(seats) {
        let view = G::view(state, v);
        knowledge.check_view(state, v, &view);
        let json = serde_json::to_string(&view).expect("views serialise");
        assert!(!json.contains("rng"), "{v:?}'s view carries the RNG");
        assert!(!json.contains("\"seed"), "{v:?}'s view carries the seed");
    }
}

/// Where a [`playout`] stops and when it takes its serde round trip.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Steps before the playout stops (a game still running then is not an error).
    pub max_steps: usize,
    /// The step at which the state goes through serde and a twin continues from it.
    pub round_trip_at: usize,
}

/// The end of a [`playout`].
pub struct Played<G: Game> {
    pub state: G::State,
    pub log: Vec<(Seat, G::Action)>,
}

/// Plays one seeded game with every check: [`check_step`] at the harness's depth, the
/// invariants, redaction against the knowledge model, serde of state, actions and events, a
/// twin continued from a serde round trip, and at the end replay identity (and, when the game
/// is over, a consistent outcome with nobody to act).
pub fn playout<G: Game, H: Harness<G>, K: Knowledge<G>>(
    config: &G::Config,
    seed: u64,
    harness: &mut H,
    knowledge: &mut K,
    limits: Limits,
) -> Played<G> {
    let seats = G::seat_count(config).expect("a valid config");
    let mut state = G::setup(config, seed).expect("a valid config sets up");
    show_events::<G>(knowledge, seats, &G::setup_events(&state), true);
    check_views::<G>(knowledge, &state, seats);
    let mut log: Vec<(Seat, G::Action)> = Vec::new();
    let mut twin: Option<G::State> = None;
    while log.len() < limits.max_steps {
        let legal = legal_by_seat::<G>(&state, seats);
        let depth = harness.depth(log.len());
        harness.invariants(&state);
        check_step::<G, H>(harness, &state, &legal, depth);
        if log.len() == limits.round_trip_at {
            check_serde(&state, "state");
            twin = Some(serde_json::from_str(&serde_json::to_string(&state).unwrap()).unwrap());
        }
        let to_act = G::to_act(&state);
        if to_act.is_empty() {
            break;
        }
        let Some((seat, action)) = harness.choose(&state, &to_act, &legal) else {
            break;
        };
        let events = G::apply(&mut state, seat, &action)
            .unwrap_or_else(|e| panic!("seat {seat}: chosen {action:?} refused: {e}"));
        if let Some(t) = twin.as_mut() {
            let again = G::apply(t, seat, &action).expect("the twin accepts it too");
            assert!(again == events, "the twin's events differ");
        }
        if depth.views {
            check_serde(&action, "action");
        }
        log.push((seat, action));
        show_events::<G>(knowledge, seats, &events, depth.views);
        if depth.views {
            check_views::<G>(knowledge, &state, seats);
        }
    }
    harness.invariants(&state);
    check_views::<G>(knowledge, &state, seats);
    if G::is_over(&state) {
        let o = G::outcome(&state).expect("an outcome");
        assert_eq!(o.places.len(), seats, "a place per seat");
        assert!(!o.reason.is_empty());
        assert!(
            o.winners.iter().all(|&w| o.places[w] == 1),
            "winners are first"
        );
        assert!(legal_by_seat::<G>(&state, seats).iter().all(Vec::is_empty));
    }
    let mut replay = G::setup(config, seed).unwrap();
    for (seat, a) in &log {
        G::apply(&mut replay, *seat, a).expect("the replay accepts every logged action");
    }
    assert!(
        replay == state,
        "replay from (config, seed, actions) differs"
    );
    assert_eq!(
        serde_json::to_string(&replay).unwrap(),
        serde_json::to_string(&state).unwrap(),
        "replayed state serialises differently"
    );
    if let Some(t) = twin {
        assert!(t == state, "the serde twin diverged");
    }
    Played { state, log }
}

/// The number of seeded games a playout test runs: `default`, or fewer when the
/// `PLAYOUT_GAMES` environment variable asks for a quick local run.
pub fn games(default: u64) -> u64 {
    std::env::var("PLAYOUT_GAMES")
        .ok()
        .and_then(|g| g.parse::<u64>().ok())
        .map_or(default, |g| g.min(default))
}
