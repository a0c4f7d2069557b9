//! A view is a function of the log (issue 29, part 3), checked by random play over every hosted
//! game and mode, with seat changes (resignations, seats handed to the bot and back, reissued
//! tokens) and timeouts mixed into the moves: for every version the game stood at and every
//! viewer whose credential worked then and still works at the end, the view `GetView` gave
//! then, the view a `WatchGame` stream delivered for that version, and `GetReplayView` of that
//! version afterwards are the same.
//!
//! The views are compared without their `clock` field: a clock is a reading of the time now
//! (its remaining milliseconds and `now_unix_ms`), which differs between two calls a
//! millisecond apart; a replay of an earlier version carries none.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;
use tablero_proto::v1 as pb;
use tablero_rules::GameRng;
use tablero_service::engine::Engine;
use tablero_service::engine::create::Placement;
use tablero_service::engine::host::ActionInput;
use tablero_service::engine::seats::{Change, Requester};
use tablero_service::engine::submit::Submission;
use tablero_service::error::ApiError;
use tablero_service::rpc::convert;
use tablero_service::rpc::feed::ProtoFeed;
use tablero_service::rpc::games::{Wires, registries};
use tablero_service::rpc::watch::{self, WatchStream, Watcher, Watching};
use tablero_service::store::clock::now_ms;
use tablero_service::store::memory::MemoryStore;
use tablero_service::store::record::{Occupant, SeatRecord, TimeControl, TimeoutPolicy};
use tokio_stream::StreamExt;

/// Writes per game (moves, seat changes, timeouts), at most.
const WRITES: usize = 60;
/// Seeds per mode: an untimed game and one whose clocks run out.
const SEEDS: [u64; 2] = [5, 23];

/// Who looks: a seat (through its token) or a spectator.
type ViewerKey = Option<usize>;

struct Play {
    engine: Engine<MemoryStore>,
    watching: Watching,
    id: String,
    /// The current token of each seat that has one.
    tokens: BTreeMap<usize, String>,
    watchers: BTreeMap<ViewerKey, WatchStream>,
    /// `(version, viewer)` → the view GetView gave then.
    viewed: BTreeMap<(u64, ViewerKey), pb::GameView>,
    /// `(version, viewer)` → the view a watch stream delivered for it.
    watched: BTreeMap<(u64, ViewerKey), pb::GameView>,
    what: String,
    wires: Arc<Wires>,
}

fn without_clock(mut view: pb::GameView) -> pb::GameView {
    view.clock = None;
    view
}

fn human(i: usize) -> SeatRecord {
    SeatRecord::new(Occupant::Human, format!("p{i}"))
}

impl Play {
    /// GetView, as its message.
    async fn get_view(&self, token: Option<&str>) -> Result<pb::GameView, ApiError> {
        let view = self.engine.get_view(&self.id, token, false).await?;
        convert::view(&self.wires, view)
    }

    /// GetReplayView, as its message.
    async fn replay(&self, token: Option<&str>, version: u64) -> Result<pb::GameView, ApiError> {
        let view = self
            .engine
            .get_replay_view(&self.id, token, version)
            .await?;
        convert::view(&self.wires, view)
    }

    fn token(&self, viewer: ViewerKey) -> Option<&str> {
        viewer.and_then(|s| self.tokens.get(&s).map(String::as_str))
    }

    /// The viewers whose credential works now.
    async fn viewers(&self) -> Vec<ViewerKey> {
        let mut out = vec![None];
        for seat in self.tokens.keys() {
            if self.get_view(self.token(Some(*seat))).await.is_ok() {
                out.push(Some(*seat));
            }
        }
        out
    }

    /// After a write: every viewer's GetView, and its watch stream's message for the version
    /// (a stream whose token stopped working is opened again with the seat's current token).
    async fn look(&mut self) {
        let current = self
            .get_view(None)
            .await
            .expect("a spectator's view")
            .version;
        for viewer in self.viewers().await {
            let view = self
                .get_view(self.token(viewer))
                .await
                .unwrap_or_else(|e| panic!("{}: {viewer:?}: {e}", self.what));
            assert_eq!(view.version, current);
            self.viewed.insert((current, viewer), without_clock(view));
            let mut stream = match self.watchers.remove(&viewer) {
                Some(s) => s,
                None => self.watch(viewer, current).await,
            };
            let delivered = loop {
                let next = tokio::time::timeout(Duration::from_secs(10), stream.next())
                    .await
                    .unwrap_or_else(|_| panic!("{}: {viewer:?} watched nothing", self.what));
                match next {
                    Some(Ok(msg)) => {
                        let view = msg
                            .decode()
                            .expect("a watch message is a WatchGameResponse")
                            .view
                            .expect("a watch message carries the view");
                        if view.version == current {
                            break Some(view);
                        }
                    }
                    // A finished game's stream ends after its last message.
                    None => break None,
                    // Opened with a token that stopped working (reissued, or its seat the
                    // bot's for a while): the seat watches again with the token it has now.
                    Some(Err(status)) if status.code() == tonic::Code::Unauthenticated => {
                        stream = self.watch(viewer, current).await;
                    }
                    Some(Err(status)) => {
                        panic!("{}: {viewer:?}'s watch ended: {status:?}", self.what)
                    }
                }
            };
            if let Some(view) = delivered {
                self.watched.insert((current, viewer), without_clock(view));
                self.watchers.insert(viewer, stream);
            }
        }
    }

    /// A watch stream of `viewer` from `from`.
    async fn watch(&self, viewer: ViewerKey, from: u64) -> WatchStream {
        watch::start(
            self.engine.clone(),
            self.watching.clone(),
            Watcher {
                game_id: &self.id,
                from_version: from,
                token: self.token(viewer),
                caller: None,
                connection: None,
            },
        )
        .await
        .unwrap_or_else(|e| panic!("{}: watch {viewer:?}: {e}", self.what))
    }

    /// One random write: mostly a move of a person to act, sometimes a seat change or a
    /// timeout. False once nothing can be written.
    async fn step(&mut self, rng: &mut GameRng, timed: bool) -> bool {
        let spectator = self.get_view(None).await.unwrap();
        if spectator.status == pb::GameStatus::Finished as i32 {
            return false;
        }
        let seats = &spectator.seats;
        let persons: Vec<usize> = seats
            .iter()
            .filter(|s| s.occupant == pb::Occupant::Human as i32 && !s.resigned)
            .map(|s| s.seat as usize)
            .collect();
        let roll = rng.below(30);
        // A seat change or a timeout, one time in six (a resignation, which may end the game,
        // one time in thirty).
        if roll < 5 {
            let change = match roll {
                0 => persons.first().map(|&s| {
                    (
                        Requester::Token {
                            token: self.tokens[&s].clone(),
                            seat: None,
                        },
                        Change::Resign,
                    )
                }),
                1 => persons.last().map(|&s| {
                    (
                        Requester::Backend { seat: s as u32 },
                        Change::ToBot("random".into(), 1),
                    )
                }),
                2 => seats
                    .iter()
                    .find(|s| s.occupant == pb::Occupant::Bot as i32 && !s.resigned)
                    .map(|s| (Requester::Backend { seat: s.seat }, Change::ToHuman)),
                3 => persons
                    .get(rng.below(persons.len().max(1)))
                    .map(|&s| (Requester::Backend { seat: s as u32 }, Change::ReissueToken)),
                _ if timed => spectator
                    .to_act
                    .iter()
                    .find(|s| persons.contains(&(**s as usize)))
                    .map(|&s| {
                        (
                            Requester::Clock {
                                seat: s,
                                // Far past any deadline: what the wake-up poll would find.
                                now: now_ms() + 40 * 86_400_000,
                            },
                            Change::TimeOut,
                        )
                    }),
                _ => None,
            };
            if let Some((requester, change)) = change {
                let changed = self
                    .engine
                    .change_seat(&self.id, &requester, change)
                    .await
                    .unwrap_or_else(|e| panic!("{}: a seat change: {e}", self.what));
                if let Some(c) = changed.credential {
                    self.tokens.insert(c.seat, c.token);
                }
                return true;
            }
        }
        for seat in spectator.to_act.iter().map(|s| *s as usize) {
            let Some(token) = self.tokens.get(&seat).cloned() else {
                continue;
            };
            let Ok(view) = self.get_view(Some(&token)).await else {
                continue;
            };
            if view.legal_actions.is_empty() {
                continue;
            }
            let pick = view.legal_actions[rng.below(view.legal_actions.len())]
                .id
                .clone();
            let submission = Submission {
                game_id: &self.id,
                seat: None,
                expected_version: view.version,
                idempotency_key: "",
                input: ActionInput::Id(&pick),
            };
            self.engine
                .submit(&submission, Some(&token))
                .await
                .unwrap_or_else(|e| panic!("{}: {pick}: {e}", self.what));
            return true;
        }
        false
    }

    /// At the end: each recorded view is the watcher's of that version and the replay's.
    async fn check(&self) {
        let now_valid = self.viewers().await;
        let mut checked = 0;
        for ((version, viewer), viewed) in &self.viewed {
            if let Some(watched) = self.watched.get(&(*version, *viewer)) {
                assert_eq!(
                    watched, viewed,
                    "{}: {viewer:?} at {version}: watched ≠ viewed",
                    self.what
                );
            }
            if !now_valid.contains(viewer) {
                continue;
            }
            let replayed = self
                .replay(self.token(*viewer), *version)
                .await
                .unwrap_or_else(|e| panic!("{}: replay {version}: {e}", self.what));
            assert_eq!(
                &without_clock(replayed),
                viewed,
                "{}: {viewer:?} at {version}: replayed ≠ viewed",
                self.what
            );
            checked += 1;
        }
        assert!(checked > 0, "{}: nothing compared", self.what);
        eprintln!(
            "{}: {} views, {} watched, {checked} replayed and compared",
            self.what,
            self.viewed.len(),
            self.watched.len()
        );
    }
}

async fn every_mode_of(game_type: &str) {
    let (hosts, wires) = registries();
    let kind = hosts.get(game_type).expect("a hosted game");
    let wire = wires.get(game_type).expect("its mapping");
    let modes = kind.modes();
    let (_stop, shutdown) = tokio::sync::watch::channel(false);
    for mode in &modes {
        for (i, seed) in SEEDS.into_iter().enumerate() {
            let engine = Engine::new(
                Arc::new(MemoryStore::new()),
                hosts.clone(),
                Arc::new(ProtoFeed),
            );
            let timed = i == 1;
            let config = wire.config(None, Some(mode.name)).unwrap();
            let new = kind.new_game(&config, None, mode.seats, seed).unwrap();
            let mut seats: Vec<SeatRecord> = (0..mode.seats).map(human).collect();
            let policy = if seed % 2 == 0 {
                TimeoutPolicy::Resign
            } else {
                TimeoutPolicy::BotMoves
            };
            let created = engine
                .create_game(
                    kind,
                    new,
                    &mut seats,
                    Placement {
                        game_type: game_type.into(),
                        id: tablero_service::validate::new_game_id().unwrap(),
                        campaign: None,
                        listed: false,
                        time_control: timed
                            .then_some((TimeControl::PerMove { ms: 60_000 }, policy)),
                    },
                )
                .await
                .unwrap();
            let mut play = Play {
                engine: engine.clone(),
                watching: Watching::new(
                    shutdown.clone(),
                    Duration::from_millis(200),
                    wires.clone(),
                ),
                wires: wires.clone(),
                id: created.record.id.clone(),
                tokens: created
                    .credentials
                    .iter()
                    .map(|c| (c.seat, c.token.clone()))
                    .collect(),
                watchers: BTreeMap::new(),
                viewed: BTreeMap::new(),
                watched: BTreeMap::new(),
                what: format!("{game_type} {} seed {seed}", mode.name),
            };
            let mut rng = GameRng::from_seed(seed);
            play.look().await;
            for _ in 0..WRITES {
                if !play.step(&mut rng, timed).await {
                    break;
                }
                play.look().await;
            }
            play.check().await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn claim_views_are_functions_of_the_log() {
    every_mode_of("claim").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn emara_views_are_functions_of_the_log() {
    every_mode_of("emara").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn panovnik_views_are_functions_of_the_log() {
    every_mode_of("panovnik").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pantheon_views_are_functions_of_the_log() {
    every_mode_of("pantheon").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kingdom_legacy_views_are_functions_of_the_log() {
    every_mode_of("kingdom_legacy").await;
}

#[test]
fn every_hosted_game_is_covered() {
    let covered = ["claim", "emara", "kingdom_legacy", "panovnik", "pantheon"];
    assert_eq!(registries().0.types(), covered);
}
