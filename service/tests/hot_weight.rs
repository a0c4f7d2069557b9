//! What a live game really costs in memory, in bytes the allocator gives up.
//!
//! `hot_games_weigh_what_they_hold`: for every game type at several points of play (created,
//! after 4 and 20 moves, one move before the end), the mean weight the hot cache gives a hot game
//! is within 25 % of what keeping one takes from the allocator, measured around putting 200
//! copies of it into a cache (with their watch messages: half remembered before the put, half
//! after, which weighs them again in the cache). The engine's own hot game, weighed as its write
//! left it (nothing copied: its session weighed as the copy the write moved on, its record and
//! log entries walked), is within 25 % too, and walking a record or entries finds exactly what
//! building a copy of them leaves allocated.
//!
//! `profile` (ignored; `cargo test --release -p tablero-service --test hot_weight -- --ignored
//! --nocapture`) plays live Claim games through the engine on the memory store and says where
//! their bytes go: the store's copy (record, log, idempotency records, indexes, the change feed)
//! and the hot copy (record, session, log entries, watch message).
//!
//! Measured with the server's allocator's own count of bytes in use, beside the bytes asked for
//! (the counting allocator installed here), on one thread: jemalloc's `stats.allocated` (size
//! classes handed out) by default, glibc's `mallinfo2` (chunks with their headers and rounding)
//! in a build without the `jemalloc` feature.

#[cfg(not(feature = "jemalloc"))]
use std::alloc::System;
use std::sync::{Arc, OnceLock};
use tablero_proto::encoded::Update;
use tablero_rules::Viewer;
use tablero_service::engine::Engine;
use tablero_service::engine::create::Placement;
use tablero_service::engine::host::ActionInput;
use tablero_service::engine::hot::{HotGame, HotGames};
use tablero_service::engine::submit::Submission;
use tablero_service::heap::{self, Counting};
use tablero_service::rpc::convert;
use tablero_service::rpc::feed::ProtoFeed;
use tablero_service::rpc::games::{self, Wires, registries};
use tablero_service::store::Store;
use tablero_service::store::memory::MemoryStore;
use tablero_service::store::record::{Occupant, SeatRecord};
use tablero_service::validate;

// The server's allocator, as the `tablero` binary installs it (the package's features choose).
#[cfg(feature = "jemalloc")]
#[global_allocator]
static ALLOC: Counting<tikv_jemallocator::Jemalloc> = Counting::new(tikv_jemallocator::Jemalloc);

#[cfg(not(feature = "jemalloc"))]
#[global_allocator]
static ALLOC: Counting = Counting::new(System);

/// Bytes in use by the process's heap, as jemalloc counts them (the size classes it handed
/// out: each allocation rounded up to its class).
#[cfg(feature = "jemalloc")]
fn in_use() -> i64 {
    use tikv_jemalloc_ctl::{epoch, stats};
    // What this thread freed may sit in its cache, counted as allocated until the cache gives
    // it back (at a time of its own choosing): give it back now, so that only live allocations
    // are counted.
    // SAFETY: a void mallctl, called as jemalloc documents it (no old or new value).
    let flushed = unsafe {
        tikv_jemalloc_sys::mallctl(
            c"thread.tcache.flush".as_ptr(),
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            0,
        )
    };
    assert_eq!(flushed, 0, "jemalloc's thread.tcache.flush");
    // The statistics are a snapshot taken at each epoch.
    epoch::advance().expect("jemalloc's epoch");
    stats::allocated::read().expect("jemalloc's statistics") as i64
}

/// Bytes in use by the process's heap, as glibc counts them (its arenas and mmapped chunks).
#[cfg(not(feature = "jemalloc"))]
fn in_use() -> i64 {
    // SAFETY: mallinfo2 only reads the allocator's statistics.
    let info = unsafe { libc::mallinfo2() };
    (info.uordblks + info.hblkhd) as i64
}

/// What the counting allocator says this thread holds, and the allocator's count, at one moment.
#[derive(Clone, Copy)]
struct Mark {
    asked: i64,
    allocations: i64,
    real: i64,
}

fn mark() -> Mark {
    let held = heap::thread_held();
    Mark {
        asked: held.bytes as i64,
        allocations: held.allocations as i64,
        real: in_use(),
    }
}

impl Mark {
    /// Per game since `before`: (bytes asked for, allocations, bytes in use by the allocator).
    fn per(self, before: Mark, n: usize) -> (f64, f64, f64) {
        let n = n as f64;
        (
            (self.asked - before.asked) as f64 / n,
            (self.allocations - before.allocations) as f64 / n,
            (self.real - before.real) as f64 / n,
        )
    }
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    }
}

/// A game played through the engine: its id and each seat's token.
struct Played {
    id: String,
    tokens: Vec<String>,
}

async fn create<S: Store>(
    engine: &Engine<S>,
    game_type: &str,
    mode: &str,
    seats: usize,
    seed: u64,
) -> Played {
    let kind = engine.kind(game_type).unwrap();
    let wire = wires().get(game_type).unwrap();
    let new = games::new_game(kind, wire, None, Some(mode), None, seats, seed).unwrap();
    let mut records: Vec<SeatRecord> = (0..seats)
        .map(|s| SeatRecord::new(Occupant::Human, format!("player {s}")))
        .collect();
    let placement = Placement {
        game_type: game_type.into(),
        id: validate::new_game_id().unwrap(),
        campaign: None,
        listed: false,
        time_control: None,
    };
    let created = engine
        .create_game(kind, new, &mut records, placement)
        .await
        .unwrap();
    Played {
        id: created.record.id,
        tokens: created.credentials.into_iter().map(|c| c.token).collect(),
    }
}

/// One random legal move of the first seat to act, with an idempotency key as the client
/// helpers send (unless `keyed` is false); false when nobody acts.
async fn step<S: Store>(engine: &Engine<S>, game: &Played, rng: &mut Rng, keyed: bool) -> bool {
    let (hot, _) = engine.open_hot(&game.id).await.unwrap();
    if hot.record.status != tablero_service::store::record::GameStatus::Active {
        return false;
    }
    let Some(&seat) = hot.session.to_act().first() else {
        return false;
    };
    let mut legal = hot.session.legal_actions(seat);
    // Kingdom Legacy's sitting would end at the first `suspend` picked: play on instead while
    // there is anything else to do.
    let ending = ["suspend", "close_campaign", "reset_campaign"];
    if legal.iter().any(|a| !ending.contains(&a.id.as_str())) {
        legal.retain(|a| !ending.contains(&a.id.as_str()));
    }
    let pick = &legal[rng.below(legal.len())];
    let key = if keyed {
        format!("{:032x}", rng.below(usize::MAX))
    } else {
        String::new()
    };
    let (update, written) = engine
        .submit(
            &Submission {
                game_id: &game.id,
                seat: Some(seat as u32),
                expected_version: hot.record.version,
                idempotency_key: &key,
                input: ActionInput::Id(&pick.id),
            },
            Some(&game.tokens[seat]),
        )
        .await
        .unwrap();
    // As the RPC layer does: the answer, encoded, is kept as the seat's watch message of this
    // write.
    if let Some(written) = written {
        let converted = convert::update(wires(), update).unwrap();
        written
            .remember(
                Viewer::Seat(seat),
                hot.record.version,
                false,
                || Ok::<_, ()>(Update::encode(&converted)),
                Update::len,
            )
            .unwrap();
    }
    true
}

/// The games' mappings, made once (they are not what is measured).
fn wires() -> &'static Wires {
    static WIRES: OnceLock<Arc<Wires>> = OnceLock::new();
    WIRES.get_or_init(|| registries().1)
}

fn engine(hot_bytes: u64) -> Engine<MemoryStore> {
    let (hosts, _) = registries();
    Engine::new(Arc::new(MemoryStore::new()), hosts, Arc::new(ProtoFeed)).with_hot_bytes(hot_bytes)
}

/// `n` live Claim games of `moves` moves each on `engine`.
async fn live_claim_games<S: Store>(
    engine: &Engine<S>,
    n: usize,
    moves: usize,
    keyed: bool,
) -> Vec<Played> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut games = Vec::with_capacity(n);
    for i in 0..n {
        let game = create(engine, "claim", "base_2p", 2, i as u64).await;
        for _ in 0..moves {
            step(engine, &game, &mut rng, keyed).await;
        }
        games.push(game);
    }
    games
}

/// The heap a closure's result holds (bytes asked for, allocations), measured as it is built.
fn held<T>(f: impl FnOnce() -> T) -> (T, heap::Held) {
    let (value, held) = heap::measure(f);
    (value, held.expect("the counting allocator is installed"))
}

#[tokio::test(flavor = "current_thread")]
#[ignore = "a measurement: run with --ignored --nocapture"]
async fn profile() {
    const GAMES: usize = 5_000;
    const MOVES: usize = 4;
    println!("Where a live Claim game's bytes go ({GAMES} games of {MOVES} moves, memory store)");
    println!(
        "| part | bytes asked for | allocations | allocator's bytes in use |\n|---|---|---|---|"
    );
    let row = |what: &str, (asked, allocations, real): (f64, f64, f64)| {
        println!("| {what} | {asked:.0} | {allocations:.1} | {real:.0} |");
    };
    // The store alone: no hot copies.
    let cold = engine(0);
    let start = mark();
    let games = live_claim_games(&cold, GAMES, MOVES, true).await;
    row("store only (hot cache off), all", mark().per(start, GAMES));
    for (what, engine, keyed) in [
        ("  the same without idempotency keys", engine(0), false),
        (
            "  the same without the change feed",
            engine(0).without_change_feed(),
            true,
        ),
    ] {
        let start = mark();
        let played = live_claim_games(&engine, GAMES, MOVES, keyed).await;
        row(what, mark().per(start, GAMES));
        drop(played);
    }
    let store = cold.store();
    let (mut record, mut log) = (heap::Held::default(), heap::Held::default());
    for g in &games {
        let (r, held_r) = held(|| futures::executor::block_on(store.load(&g.id)));
        record.bytes += held_r.bytes;
        record.allocations += held_r.allocations;
        let version = r.unwrap().unwrap().version;
        let (_, held_l) = held(|| futures::executor::block_on(store.log(&g.id, 0, version)));
        log.bytes += held_l.bytes;
        log.allocations += held_l.allocations;
    }
    let per = |h: heap::Held| {
        (
            h.bytes as f64 / GAMES as f64,
            h.allocations as f64 / GAMES as f64,
            f64::NAN,
        )
    };
    row(
        "  a read of the record (the decoded copy it returns)",
        per(record),
    );
    let (mut hot, mut seats, mut cold, mut entries) = (0, 0, 0, 0);
    for g in &games {
        let r = store.load(&g.id).await.unwrap().unwrap();
        let parts = r.encode();
        hot += parts.hot.len();
        seats += parts.seats.len();
        cold += parts.cold.len();
        entries += store
            .log(&g.id, 0, r.version)
            .await
            .unwrap()
            .iter()
            .map(|e| e.encode().len())
            .sum::<usize>();
    }
    println!(
        "encoded, per game: hot part {} B, seats {} B, cold part {} B, log entries {} B",
        hot / GAMES,
        seats / GAMES,
        cold / GAMES,
        entries / GAMES
    );
    row(
        "  a read of the log (the decoded entries it returns)",
        per(log),
    );
    drop(games);

    // Every game hot as well.
    let warm = engine(1 << 30);
    let start = mark();
    let games = live_claim_games(&warm, GAMES, MOVES, true).await;
    row(
        "store and hot copy (every game hot), all",
        mark().per(start, GAMES),
    );
    let mut parts = [heap::Held::default(); 4];
    for g in &games {
        let revision = warm.store().revision(&g.id).await.unwrap().unwrap();
        let hot: Arc<HotGame> = warm.hot_at(&g.id, revision).expect("hot");
        let measured = [
            held(|| hot.record.clone()).1,
            held(|| hot.session.clone_session()).1,
            held(|| hot.last_write.clone()).1,
            held(|| {
                let (from, entries) = hot.last_write.as_ref().unwrap();
                let seat = entries[0].seat;
                hot.message::<Update>(Viewer::Seat(seat), *from, false)
                    .map(|m| deep_copy(&m))
            })
            .1,
        ];
        for (part, m) in parts.iter_mut().zip(measured) {
            part.bytes += m.bytes;
            part.allocations += m.allocations;
        }
    }
    for (what, part) in [
        "  hot: the record (a copy of it)",
        "  hot: the session (a copy of it)",
        "  hot: the last write's log entries (a copy)",
        "  hot: the submit's watch message (a copy)",
    ]
    .iter()
    .zip(parts)
    {
        row(what, per(part));
    }
}

/// A hot game to copy, and the key of the watch message its write kept (if it kept one).
struct Point {
    what: String,
    game: Arc<HotGame>,
    message: Option<(Viewer, u64)>,
}

/// The hot copy of game `id` now, named `what`.
async fn hot_now(engine: &Engine<MemoryStore>, id: &str, what: String) -> Point {
    let revision = engine.store().revision(id).await.unwrap().unwrap();
    let game = engine.hot_at(id, revision).expect("hot");
    let message = game.last_write.as_ref().and_then(|(from, entries)| {
        let seat = entries.first()?.seat;
        game.message::<Update>(Viewer::Seat(seat), *from, false)
            .map(|_| (Viewer::Seat(seat), *from))
    });
    Point {
        what,
        game,
        message,
    }
}

/// Plays one random game of `game_type` through the engine and keeps its hot copy after 0, 4 and
/// 20 moves and one move before the end (or before `MAX_MOVES`).
async fn points(game_type: &str, mode: &str, seats: usize) -> Vec<Point> {
    const MAX_MOVES: usize = 1_000;
    let engine = engine(1 << 30);
    let game = create(&engine, game_type, mode, seats, 42).await;
    let what = |moves: usize| format!("{game_type} {mode}, {moves} moves");
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut kept = vec![hot_now(&engine, &game.id, what(0)).await];
    // The game before its last move and after it (the hot copies stay whole while held).
    let (mut before_last, mut last) = (None, None);
    let mut moves = 0;
    while moves < MAX_MOVES && step(&engine, &game, &mut rng, true).await {
        moves += 1;
        let now = hot_now(&engine, &game.id, what(moves)).await;
        if moves == 4 || moves == 20 {
            kept.push(hot_now(&engine, &game.id, what(moves)).await);
        }
        before_last = last.replace(now);
    }
    if let Some(mut point) = before_last {
        point.what = format!("{} (the end at {moves})", point.what);
        kept.push(point);
    }
    kept
}

/// The stored bytes of what `point`'s hot game holds: its state, its write's log entries and its
/// message (encoded), what the cache would weigh without the counting allocator.
fn stored_bytes(point: &Point) -> usize {
    let game = &point.game;
    let entries: usize = game.last_write.as_ref().map_or(0, |(_, entries)| {
        entries.iter().map(|e| e.encode().len()).sum()
    });
    let message = point.message.map_or(0, |(viewer, from)| {
        game.message::<Update>(viewer, from, false)
            .map_or(0, |m| m.len())
    });
    game.session.snapshot().len() + entries + message
}

/// A copy of `point`'s hot game under a new id, as the engine builds one, with its message (to
/// copy again where it is remembered: what is built there is what is weighed).
type Kept = (Viewer, u64, Arc<Update>);

/// A copy of a kept message in bytes of its own (cloning an `Update` shares its bytes).
fn deep_copy(update: &Update) -> Update {
    Update::encode(&update.decode().expect("a kept message decodes"))
}

fn copy(point: &Point, id: String) -> (HotGame, Option<Kept>) {
    let template = &point.game;
    let mut record = template.record.clone();
    record.id = id;
    // As a write does: the session's copy is weighed as it is made.
    let (session, held) = heap::measure(|| template.session.clone_session());
    let game = HotGame::new(record, session, held, template.last_write.clone());
    let message = point.message.and_then(|(viewer, from)| {
        let m = template.message::<Update>(viewer, from, false)?;
        Some((viewer, from, m))
    });
    (game, message)
}

#[tokio::test(flavor = "current_thread")]
async fn hot_games_weigh_what_they_hold() {
    const COPIES: usize = 200;
    // One test, not several: the allocator's count is the whole process's, so nothing else may
    // run beside the measurement.
    walking_a_full_record_finds_what_it_holds().await;
    let mut results = Vec::new();
    for (game_type, mode, seats) in [
        ("claim", "base_2p", 2),
        ("emara", "two_player", 2),
        ("panovnik", "two_player", 2),
        ("pantheon", "two_player", 2),
        ("kingdom_legacy", "solo", 1),
    ] {
        for point in points(game_type, mode, seats).await {
            walking_finds_what_building_left(&point);
            let ids: Vec<String> = (0..COPIES)
                .map(|_| validate::new_game_id().unwrap())
                .collect();
            let cache = HotGames::new(1 << 34);
            let before = mark();
            let keep = |game: &HotGame, message: Option<Kept>| {
                if let Some((viewer, from, m)) = message {
                    game.remember(
                        viewer,
                        from,
                        false,
                        || Ok::<_, ()>(deep_copy(&m)),
                        Update::len,
                    )
                    .unwrap();
                }
            };
            for (i, id) in ids.iter().enumerate() {
                let (game, message) = copy(&point, id.clone());
                if i % 2 == 0 {
                    keep(&game, message);
                    cache.put(Arc::new(game));
                } else {
                    let game = cache.put(Arc::new(game));
                    keep(&game, message);
                }
            }
            let (asked, allocations, real) = mark().per(before, COPIES);
            assert_eq!(cache.len(), COPIES, "{}: nothing evicted", point.what);
            let weight = cache.weight() as f64 / COPIES as f64;
            let stored = stored_bytes(&point);
            // The engine's own hot game, weighed as its write left it (its session as the
            // copy it moved on from), beside what a copy of it takes.
            let engine = point.game.weight() as f64;
            results.push((point.what, weight, engine, real, asked, allocations, stored));
            // What the cache counted in, it counts out (a message kept after the put included).
            for id in &ids {
                cache.forget(id);
            }
            assert_eq!(cache.weight(), 0);
        }
    }
    println!(
        "| hot game | weight B | the engine's weight B | allocator's bytes in use B | weight / in use | engine's / in use | bytes asked for | allocations | stored B | in use / stored |\n|---|---|---|---|---|---|---|---|---|---|"
    );
    for (what, weight, engine, real, asked, allocations, stored) in &results {
        println!(
            "| {what} | {weight:.0} | {engine:.0} | {real:.0} | {:.3} | {:.3} | {asked:.0} | {allocations:.1} | {stored} | {:.1} |",
            weight / real,
            engine / real,
            real / *stored as f64
        );
    }
    for (what, weight, engine, real, ..) in &results {
        assert!(
            (weight / real - 1.0).abs() <= 0.25,
            "{what}: weighed {weight:.0} B, holds {real:.0} B"
        );
        assert!(
            (engine / real - 1.0).abs() <= 0.25,
            "{what}: the engine weighed it {engine:.0} B, a copy holds {real:.0} B"
        );
    }
}

/// Walking a record or a write's log entries ([`heap::Holds`]) finds exactly what building a
/// copy of them leaves allocated: the hot cache weighs them by walking instead of copying.
fn walking_finds_what_building_left(point: &Point) {
    use tablero_service::heap::Holds;
    let (record, built) = held(|| point.game.record.clone());
    assert_eq!(record.held(), built, "{}: the record", point.what);
    let (entries, built) = held(|| point.game.last_write.clone());
    assert_eq!(entries.held(), built, "{}: the log entries", point.what);
}

/// The same for a record with every optional part: a campaign, a creator, a clock, seats with
/// tokens and player references, and its state.
async fn walking_a_full_record_finds_what_it_holds() {
    use tablero_service::heap::Holds;
    use tablero_service::store::record::{ClockRecord, TimeControl, TimeoutPolicy};
    let engine = engine(1 << 30);
    let game = create(&engine, "claim", "base_2p", 2, 7).await;
    let (hot, _) = engine.open_hot(&game.id).await.unwrap();
    let mut full = hot.record.clone();
    full.state = hot.session.snapshot();
    full.campaign = Some("campaign-1".into());
    full.seats[0].player_ref = Some("player-1".into());
    full.clock = Some(ClockRecord {
        control: TimeControl::PerMove { ms: 1000 },
        on_timeout: TimeoutPolicy::Resign,
        remaining_ms: vec![1000, 1000],
        started_ms: vec![Some(1), None],
    });
    let (copy, built) = held(|| full.clone());
    assert_eq!(copy.held(), built, "a record with every part");
    assert!(copy.held().allocations > hot.record.held().allocations + 3);
}
