//! Turn clocks (issue 18, part 3): a game created with a time control carries each seat's
//! deadline in its views; a deadline that passes applies the game's timeout policy exactly
//! once, by whichever replica gets there first, even when one is SIGKILLed meanwhile. The
//! servers follow a test clock (`--fake-clock-file`), so nothing here sleeps for a deadline.

use crate::common::*;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tablero_e2e::client::{Tablero, new_idempotency_key};
use tablero_e2e::{Launch, Server, pb};
use tonic::Code;

/// A clock offset file shared by a test's servers.
pub(crate) struct TestClock {
    file: PathBuf,
}

impl TestClock {
    pub(crate) fn new(name: &str) -> TestClock {
        let file = std::env::temp_dir().join(format!(
            "tablero-clock-{name}-{}-{}",
            std::process::id(),
            new_idempotency_key()
        ));
        std::fs::write(&file, "0").unwrap();
        TestClock { file }
    }

    /// Moves every server's clock to `ms` past the real one.
    pub(crate) fn set_offset(&self, ms: i64) {
        let tmp = self.file.with_extension("tmp");
        std::fs::write(&tmp, ms.to_string()).unwrap();
        std::fs::rename(&tmp, &self.file).unwrap();
    }

    pub(crate) fn launch(&self) -> Launch {
        Launch {
            args: vec![
                "--fake-clock-file".into(),
                self.file.display().to_string(),
                "--deadline-poll-ms".into(),
                "50".into(),
            ],
            ..Launch::default()
        }
    }
}

impl Drop for TestClock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.file);
    }
}

pub(crate) fn per_move(seconds: u32, policy: pb::TimeoutPolicy) -> pb::TimeControl {
    pb::TimeControl {
        control: Some(pb::time_control::Control::PerMove(pb::PerMoveTimeControl {
            seconds,
        })),
        on_timeout: policy as i32,
    }
}

async fn timed_claim(
    backend: &Tablero,
    control: pb::TimeControl,
    seed: u64,
) -> pb::CreateGameResponse {
    let mut req = create_request(options(pb::ClaimMode::Base2p), all_human(2), seed);
    req.time_control = Some(control);
    backend.create_game(req).await.expect("a timed game")
}

/// Waits (in real time, a few seconds at most) until the game's version reaches `version`.
pub(crate) async fn until_version(tablero: &Tablero, id: &str, version: u64) -> pb::GameView {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let view = tablero.spectator(id).view().await.unwrap();
        if view.version >= version {
            return view;
        }
        assert!(
            Instant::now() < deadline,
            "game {id} stayed at version {} (waiting for {version})",
            view.version
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn timeouts(events: &[pb::Event]) -> Vec<(u64, u32)> {
    events
        .iter()
        .filter_map(|e| {
            e.seat_change
                .as_ref()
                .filter(|c| c.kind == pb::SeatChangeKind::TimedOut as i32)
                .map(|c| (e.version, c.seat))
        })
        .collect()
}

async fn a_seat_out_of_time_gets_the_bots_move_or_resigns(store: Store) {
    let clock = TestClock::new("policies");
    let server = Server::launch(store.backend.clone(), clock.launch());
    let backend = server.client().await;

    // The bot decides for a seat whose time ran out; the seat stays the person's.
    let created = timed_claim(&backend, per_move(60, pb::TimeoutPolicy::Unspecified), 1).await;
    let id = created.game_id.clone();
    let view = created.view.unwrap();
    let c = view
        .clock
        .clone()
        .expect("a timed game's view has its clocks");
    let seat = view.to_act[0];
    let mine = &c.seats[seat as usize];
    assert!(mine.deadline_unix_ms > 0 && mine.remaining_ms <= 60_000 && mine.remaining_ms > 55_000);
    assert_eq!(c.next_deadline_unix_ms, mine.deadline_unix_ms);
    let other = &c.seats[1 - seat as usize];
    assert_eq!(
        other.deadline_unix_ms, 0,
        "only the seat to act is on the clock"
    );

    clock.set_offset(59_000);
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(
        backend.spectator(&id).view().await.unwrap().version,
        view.version,
        "nothing happens before the deadline"
    );
    clock.set_offset(61_000);
    let after = until_version(&backend, &id, view.version + 2).await;
    let history = backend.spectator(&id).history(view.version).await.unwrap();
    assert_eq!(timeouts(&history), [(view.version + 1, seat)]);
    let moved: Vec<&pb::Event> = history
        .iter()
        .filter(|e| e.version == view.version + 2)
        .collect();
    assert!(
        !moved.is_empty()
            && moved
                .iter()
                .all(|e| e.actor == Some(seat) && e.game.is_some()),
        "the bot's move for the seat follows the timeout"
    );
    assert_eq!(
        after.seats[seat as usize].occupant,
        pb::Occupant::Human as i32
    );
    let next = after.clock.unwrap();
    let now = next.now_unix_ms;
    assert!(
        next.next_deadline_unix_ms >= now + 55_000,
        "the next decision has a fresh deadline"
    );
    // Still exactly one timeout a while later: the deadline moved with the move.
    tokio::time::sleep(Duration::from_millis(400)).await;
    let history = backend.spectator(&id).history(0).await.unwrap();
    assert_eq!(timeouts(&history).len(), 1);

    // With the resign policy the seat resigns: a two-seat game ends. (The clock only moves
    // forward: the first game's next deadline is 60 s after the last jump.)
    let created = timed_claim(&backend, per_move(30, pb::TimeoutPolicy::Resign), 2).await;
    let view = created.view.unwrap();
    let loser = view.to_act[0];
    clock.set_offset(61_000 + 31_000);
    let after = until_version(&backend, &created.game_id, view.version + 1).await;
    assert_eq!(after.status, pb::GameStatus::Finished as i32);
    assert_eq!(after.outcome.unwrap().winners, vec![1 - loser]);
    assert!(after.seats[loser as usize].resigned);
}

async fn a_chess_clock_spends_and_tops_up(store: Store) {
    let clock = TestClock::new("chess");
    let server = Server::launch(store.backend.clone(), clock.launch());
    let backend = server.client().await;
    let control = pb::TimeControl {
        control: Some(pb::time_control::Control::ChessClock(
            pb::ChessClockTimeControl {
                initial_seconds: 100,
                increment_seconds: 5,
            },
        )),
        on_timeout: 0,
    };
    let created = timed_claim(&backend, control, 3).await;
    let game = Game::adopt(&backend, &created);
    let (seat, view) = game.to_act().await.unwrap();
    clock.set_offset(30_000);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let legal = game.seat(seat).legal_actions().await.unwrap();
    let resp = game
        .seat(seat)
        .submit_id_at(view.version, &legal.actions[0].id)
        .await
        .unwrap();
    let after = resp.view.unwrap().clock.unwrap();
    let left = after.seats[seat as usize].remaining_ms;
    // 100 s - ~30 s spent + 5 s increment (the real time the test took counts too).
    assert!((70_000..=75_000).contains(&left), "{left} ms left");
    assert_eq!(after.seats[seat as usize].deadline_unix_ms, 0);
}

async fn bad_time_controls_are_refused(store: Store) {
    let server = store.server();
    let backend = server.client().await;
    let before = listed_ids(&backend).await;
    for (control, what) in [
        (per_move(0, pb::TimeoutPolicy::BotMoves), "zero seconds"),
        (
            per_move(30 * 86_400 + 1, pb::TimeoutPolicy::BotMoves),
            "over 30 days",
        ),
        (
            pb::TimeControl {
                control: None,
                on_timeout: 0,
            },
            "no control",
        ),
        (
            pb::TimeControl {
                on_timeout: 7,
                ..per_move(30, pb::TimeoutPolicy::BotMoves)
            },
            "an unknown policy",
        ),
    ] {
        let mut req = create_request(options(pb::ClaimMode::Base2p), all_human(2), 1);
        req.time_control = Some(control);
        let status = expect_code(backend.create_game(req).await, Code::InvalidArgument, what);
        assert!(
            status.message().contains("time_control"),
            "{}",
            status.message()
        );
    }
    assert_eq!(listed_ids(&backend).await, before, "nothing stored");
}

/// Two replicas enforce the same deadlines: each timeout applies once. Then one is SIGKILLed
/// as the next deadlines fall due, and the other enforces them all.
async fn two_replicas_enforce_each_deadline_once_even_when_one_dies(store: Store) {
    let clock = TestClock::new("replicas");
    let mut a = Server::launch(store.backend.clone(), clock.launch());
    let b = Server::launch(store.backend.clone(), clock.launch());
    let (on_a, on_b) = (a.client().await, b.client().await);
    const GAMES: usize = 12;
    let mut versions = BTreeMap::new();
    for i in 0..GAMES {
        let created = timed_claim(
            &on_a,
            per_move(60, pb::TimeoutPolicy::BotMoves),
            100 + i as u64,
        )
        .await;
        versions.insert(created.game_id.clone(), created.view.unwrap().version);
    }
    // Both replicas alive: each game's deadline falls due on both at once.
    clock.set_offset(61_000);
    for (id, v) in &versions {
        until_version(&on_b, id, v + 2).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    for id in versions.keys() {
        let history = on_b.spectator(id).history(0).await.unwrap();
        assert_eq!(
            timeouts(&history).len(),
            1,
            "game {id}: one timeout, not two"
        );
    }
    // The next deadlines fall due and replica A dies at that moment.
    clock.set_offset(122_000);
    a.kill();
    for (id, v) in &versions {
        until_version(&on_b, id, v + 4).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    for id in versions.keys() {
        let history = on_b.spectator(id).history(0).await.unwrap();
        let t = timeouts(&history);
        assert_eq!(t.len(), 2, "game {id}: one timeout per deadline: {t:?}");
        let versions: Vec<u64> = history.iter().map(|e| e.version).collect();
        assert!(
            versions.windows(2).all(|w| w[0] <= w[1]),
            "game {id}: in order"
        );
    }
    drop(on_a);
}

on_all_stores!(a_seat_out_of_time_gets_the_bots_move_or_resigns);
on_both_stores!(
    a_chess_clock_spends_and_tops_up,
    bad_time_controls_are_refused
);
on_stores!([redis, redis_cluster] two_replicas_enforce_each_deadline_once_even_when_one_dies);
