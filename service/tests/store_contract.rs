//! The store contract, checked the same way against the in-memory store and a real Redis:
//! create once, compare-and-swap commits, idempotency, log ranges, listing, notifications,
//! expiry (checked key by key in Redis) and deletion.

use std::sync::Arc;
use std::time::Duration;
use tablero_e2e::{Redis, RedisCluster};
use tablero_rules::Viewer;
use tablero_service::store::blob::Blob;
use tablero_service::store::feed::FeedFrom;
use tablero_service::store::lifecycle::Lifecycle;
use tablero_service::store::memory::MemoryStore;
use tablero_service::store::record::{
    CampaignRecord, GameRecord, GameStatus, JSON_FORMAT, LogEntry, Occupant, PlayRecord,
    SNAPSHOT_FORMAT, SeatRecord, SetupRecord,
};
use tablero_service::store::redis::{Conn, RedisStore, cluster_nodes};
use tablero_service::store::{
    Commit, CommitResult, Idempotent, ListFilter, NewPlay, PlayerFilter, PlayerMarks, QuotaKind,
    Store, StoreError,
};

/// What an idempotency key records: `n` tells records apart.
fn idem(n: u8) -> Idempotent {
    Idempotent {
        fingerprint: [n; 16],
        from_version: n as u64,
        to_version: n as u64 + 1,
    }
}

fn raw(s: &str) -> Blob {
    Blob::encode(&serde_json::from_str::<serde_json::Value>(s).unwrap())
}

fn record(id: &str, game_type: &str, created: i64) -> GameRecord {
    GameRecord {
        format: SNAPSHOT_FORMAT,
        id: id.to_string(),
        game_type: game_type.to_string(),
        rules_version: 1,
        created_at_ms: created,
        seats: Vec::new(),
        setup: SetupRecord {
            config: raw("{}"),
            seed: 1,
            scenario: None,
            seed_chosen: false,
        },
        opening_events: Vec::new(),
        version: 0,
        revision: 0,
        status: GameStatus::Active,
        state: raw(r#"{"n":0}"#),
        campaign: None,
        creator_token_hash: None,
        listed: false,
        updated_at_ms: created,
        clock: None,
    }
}

fn entry(version: u64) -> LogEntry {
    LogEntry {
        version,
        seat: 0,
        action: raw(&format!(r#"{{"a":{version}}}"#)),
        events: vec![raw("[]")],
        seat_change: None,
        seat_before: None,
    }
}

/// The next record: one more action, one more write.
fn advanced(r: &GameRecord) -> GameRecord {
    let mut n = r.clone();
    n.version += 1;
    n.revision += 1;
    n.state = raw(&format!(r#"{{"n":{}}}"#, n.version));
    n
}

/// Commits the move that finishes a game just created (at revision 0); returns the record.
async fn finish_new<S: Store>(store: &S, r: &GameRecord) -> GameRecord {
    let mut finished = advanced(r);
    finished.status = GameStatus::Finished;
    let c = Commit {
        record: &finished,
        expected_revision: 0,
        entries: &[entry(1)],
        idempotency: None,
        previous_status: GameStatus::Active,
        seats_changed: false,
        feed: &[],
    };
    assert_eq!(store.commit(c).await.unwrap(), CommitResult::Committed);
    finished
}

async fn contract<S: Store>(store: Arc<S>) {
    // Create once; a second create of the same id is refused.
    let r0 = record("g_000000000000000000000001", "claim", 10);
    store.create(&r0, &[], &[]).await.unwrap();
    assert!(matches!(
        store.create(&r0, &[], &[]).await,
        Err(StoreError::AlreadyExists(_))
    ));
    assert_eq!(store.load(&r0.id).await.unwrap().unwrap().state, r0.state);
    assert!(
        store
            .load("g_00000000000000000000ffff")
            .await
            .unwrap()
            .is_none()
    );

    let mut changes = store.subscribe(&r0.id).await.unwrap();

    // A commit at the right revision lands, with its log entry and idempotency record.
    let r1 = advanced(&r0);
    let c = Commit {
        record: &r1,
        expected_revision: 0,
        entries: &[entry(1)],
        idempotency: Some(("0:k1", idem(1))),
        previous_status: GameStatus::Active,
        seats_changed: false,
        feed: &[],
    };
    assert_eq!(store.commit(c).await.unwrap(), CommitResult::Committed);
    let seen = tokio::time::timeout(Duration::from_secs(5), changes.recv())
        .await
        .expect("a notification")
        .unwrap();
    assert_eq!(seen, 1, "the notification carries the new revision");

    // A writer that read revision 0 loses: nothing of it is stored.
    let stale = advanced(&r0);
    let c = Commit {
        record: &stale,
        expected_revision: 0,
        entries: &[entry(1)],
        idempotency: Some(("0:k2", idem(2))),
        previous_status: GameStatus::Active,
        seats_changed: false,
        feed: &[],
    };
    assert_eq!(store.commit(c).await.unwrap(), CommitResult::Conflict);
    assert_eq!(store.idempotent_result(&r0.id, "0:k2").await.unwrap(), None);
    assert_eq!(store.log(&r0.id, 0, 10).await.unwrap().len(), 1);

    // Reusing an idempotency key returns the first result, even at a later revision.
    let r2 = advanced(&r1);
    let c = Commit {
        record: &r2,
        expected_revision: 1,
        entries: &[entry(2)],
        idempotency: Some(("0:k1", idem(3))),
        previous_status: GameStatus::Active,
        seats_changed: false,
        feed: &[],
    };
    assert_eq!(
        store.commit(c).await.unwrap(),
        CommitResult::Duplicate(idem(1))
    );
    assert_eq!(store.load(&r0.id).await.unwrap().unwrap().version, 1);

    // Finishing moves the game between the status listings.
    let mut r2 = advanced(&r1);
    r2.status = GameStatus::Finished;
    let c = Commit {
        record: &r2,
        expected_revision: 1,
        entries: &[entry(2), entry(3)],
        idempotency: None,
        previous_status: GameStatus::Active,
        seats_changed: false,
        feed: &[],
    };
    assert_eq!(store.commit(c).await.unwrap(), CommitResult::Committed);

    // Log ranges: (from, to].
    let versions = |es: Vec<LogEntry>| es.iter().map(|e| e.version).collect::<Vec<_>>();
    assert_eq!(
        versions(store.log(&r0.id, 0, 3).await.unwrap()),
        vec![1, 2, 3]
    );
    assert_eq!(versions(store.log(&r0.id, 1, 2).await.unwrap()), vec![2]);
    assert_eq!(
        versions(store.log(&r0.id, 3, 3).await.unwrap()),
        Vec::<u64>::new()
    );
    assert_eq!(
        store.log(&r0.id, 0, 3).await.unwrap()[1].action,
        raw(r#"{"a":2}"#)
    );

    // Listing: newest first, filtered, paged.
    for i in 2..=5 {
        let r = record(
            &format!("g_00000000000000000000000{i}"),
            if i % 2 == 0 { "claim" } else { "other" },
            10 + i,
        );
        store.create(&r, &[], &[]).await.unwrap();
    }
    let ids = |page: Vec<GameRecord>| page.into_iter().map(|r| r.id).collect::<Vec<_>>();
    let (all, more) = store
        .list(ListFilter {
            game_type: None,
            status: None,
            listed_only: false,
            player: None,
            page_token: None,
            limit: 3,
        })
        .await
        .unwrap();
    let next = more.expect("a next page");
    assert_eq!(
        ids(all),
        [
            "g_000000000000000000000005",
            "g_000000000000000000000004",
            "g_000000000000000000000003"
        ]
    );
    let (rest, more) = store
        .list(ListFilter {
            game_type: None,
            status: None,
            listed_only: false,
            player: None,
            page_token: Some(&next),
            limit: 3,
        })
        .await
        .unwrap();
    assert_eq!(more, None);
    assert!(matches!(
        store
            .list(ListFilter {
                game_type: None,
                status: None,
                listed_only: false,
                player: None,
                page_token: Some("not-a-token"),
                limit: 3,
            })
            .await,
        Err(StoreError::BadPageToken)
    ));
    assert_eq!(
        ids(rest),
        ["g_000000000000000000000002", "g_000000000000000000000001"]
    );
    let (claim_active, _) = store
        .list(ListFilter {
            game_type: Some("claim"),
            status: Some(GameStatus::Active),
            listed_only: false,
            player: None,
            page_token: None,
            limit: 10,
        })
        .await
        .unwrap();
    assert_eq!(
        ids(claim_active),
        ["g_000000000000000000000004", "g_000000000000000000000002"]
    );
    let (finished, _) = store
        .list(ListFilter {
            game_type: None,
            status: Some(GameStatus::Finished),
            listed_only: false,
            player: None,
            page_token: None,
            limit: 10,
        })
        .await
        .unwrap();
    assert_eq!(ids(finished), ["g_000000000000000000000001"]);

    // Counts by type and status, as the listing shows them; zeros for a type with no games.
    let counts: Vec<(&str, GameStatus, u64)> = store
        .count_games(&["claim", "other", "none"])
        .await
        .unwrap()
        .into_iter()
        .map(|c| (c.game_type, c.status, c.games))
        .collect();
    assert_eq!(
        counts,
        [
            ("claim", GameStatus::Active, 2),
            ("claim", GameStatus::Finished, 1),
            ("other", GameStatus::Active, 2),
            ("other", GameStatus::Finished, 0),
            ("none", GameStatus::Active, 0),
            ("none", GameStatus::Finished, 0),
        ]
    );
}

/// The wake-up index: entries only move earlier before a write, are set after it, are due by
/// time, and a due entry is taken (moved ahead by a lease) by one of the replicas racing for it.
async fn wake_up_index<S: Store>(store: Arc<S>) {
    let (a, b) = ("g_0000000000000000000000w1", "g_0000000000000000000000w2");
    store.set_deadline(a, Some(500)).await.unwrap();
    store.deadline_no_later(a, 900).await.unwrap();
    store.deadline_no_later(b, 300).await.unwrap();
    assert_eq!(store.due_deadlines(400, 10).await.unwrap(), [b]);
    assert_eq!(store.due_deadlines(500, 10).await.unwrap(), [b, a]);
    assert_eq!(
        store.due_deadlines(500, 1).await.unwrap(),
        [b],
        "earliest first"
    );

    // Not due yet, or gone: nothing is taken.
    assert!(!store.claim_deadline(a, 499, 10_000).await.unwrap());
    assert!(
        !store
            .claim_deadline("g_0000000000000000000000w9", 10_000, 20_000)
            .await
            .unwrap()
    );
    // Replicas race for a due entry: one takes it, and it is not due until its lease ends.
    let racers = (0..8).map(|_| {
        let store = store.clone();
        tokio::spawn(async move { store.claim_deadline(a, 600, 5_000).await.unwrap() })
    });
    let mut took = 0;
    for racer in racers {
        took += racer.await.unwrap() as usize;
    }
    assert_eq!(took, 1, "one replica takes the turn");
    assert_eq!(store.due_deadlines(4_999, 10).await.unwrap(), [b]);
    assert_eq!(store.due_deadlines(5_000, 10).await.unwrap(), [b, a]);
    // Once the lease is over, another replica takes it.
    assert!(store.claim_deadline(a, 5_000, 9_000).await.unwrap());

    store.set_deadline(a, None).await.unwrap();
    store.set_deadline(b, None).await.unwrap();
    assert!(store.due_deadlines(i64::MAX, 10).await.unwrap().is_empty());
}

/// Many writers race on one game: exactly one wins each revision, and the log has no gaps.
async fn racing_writers<S: Store>(store: Arc<S>) {
    let r0 = record("g_0000000000000000000000aa", "claim", 1);
    store.create(&r0, &[], &[]).await.unwrap();
    let mut tasks = Vec::new();
    for _ in 0..16 {
        let store = store.clone();
        let id = r0.id.clone();
        tasks.push(tokio::spawn(async move {
            let mut wins = 0;
            for _ in 0..40 {
                let current = store.load(&id).await.unwrap().unwrap();
                let next = advanced(&current);
                let c = Commit {
                    record: &next,
                    expected_revision: current.revision,
                    entries: &[entry(next.version)],
                    idempotency: None,
                    previous_status: GameStatus::Active,
                    seats_changed: false,
                    feed: &[],
                };
                if store.commit(c).await.unwrap() == CommitResult::Committed {
                    wins += 1;
                }
            }
            wins
        }));
    }
    let mut wins = 0;
    for t in tasks {
        wins += t.await.unwrap();
    }
    let last = store.load(&r0.id).await.unwrap().unwrap();
    assert_eq!(last.version, wins, "every win is one version, none lost");
    let log = store.log(&r0.id, 0, last.version).await.unwrap();
    assert_eq!(
        log.iter().map(|e| e.version).collect::<Vec<_>>(),
        (1..=wins).collect::<Vec<_>>()
    );
}

/// A direct connection to the Redis behind a store, to look at its keys; `None` for memory.
struct Keys(Option<Conn>);

impl Keys {
    async fn of(url: &str) -> Keys {
        let conn = match cluster_nodes(url) {
            Some(nodes) => Conn::cluster(nodes, None).await.unwrap(),
            None => Conn::single(&redis::Client::open(url).unwrap())
                .await
                .unwrap(),
        };
        Keys(Some(conn))
    }

    /// PTTL of each key: -2 no such key, -1 kept until deleted, else ms left. `None` on memory.
    async fn ttls(&self, keys: &[String]) -> Option<Vec<i64>> {
        let mut conn = self.0.clone()?;
        let mut out = Vec::new();
        for k in keys {
            out.push(redis::AsyncCommands::pttl(&mut conn, k).await.unwrap());
        }
        Some(out)
    }

    /// Shortens what is left of each key's time to live to `ms` (as if time had passed).
    async fn age_to(&self, keys: &[String], ms: i64) {
        let mut conn = self.0.clone().expect("a redis store");
        for k in keys {
            let _: bool = redis::AsyncCommands::pexpire(&mut conn, k, ms)
                .await
                .unwrap();
        }
    }

    /// Puts `id` in the listing indexes an earlier version also kept, as it would have.
    async fn index_as_before(&self, game_type: &str, id: &str) {
        let Some(mut conn) = self.0.clone() else {
            return;
        };
        for k in legacy_indexes(game_type) {
            let _: () = redis::AsyncCommands::zadd(&mut conn, &k, id, 1)
                .await
                .unwrap();
        }
    }

    /// The listing and expiry indexes that hold `id` (by their documented names).
    async fn indexes_holding(&self, game_type: &str, id: &str) -> Option<Vec<String>> {
        let mut conn = self.0.clone()?;
        let mut keys = Vec::new();
        for prefix in ["tablero:idx", "tablero:lidx"] {
            for s in ["active", "finished"] {
                keys.push(format!("{prefix}:t:{game_type}:s:{s}"));
            }
        }
        keys.extend(legacy_indexes(game_type));
        let mut holding = Vec::new();
        for k in keys {
            let score: Option<f64> = redis::AsyncCommands::zscore(&mut conn, &k, id)
                .await
                .unwrap();
            if score.is_some() {
                holding.push(k);
            }
        }
        let exp: Option<f64> =
            redis::AsyncCommands::zscore(&mut conn, "tablero:exp", format!("{game_type}/{id}"))
                .await
                .unwrap();
        if exp.is_some() {
            holding.push("tablero:exp".into());
        }
        Some(holding)
    }
}

/// The listing indexes before one per (type, status): every game, by type, by status.
fn legacy_indexes(game_type: &str) -> Vec<String> {
    ["tablero:idx", "tablero:lidx"]
        .iter()
        .flat_map(|p| {
            [
                format!("{p}:all"),
                format!("{p}:t:{game_type}"),
                format!("{p}:s:active"),
                format!("{p}:s:finished"),
            ]
        })
        .collect()
}

fn game_keys(id: &str) -> Vec<String> {
    ["game", "log", "idem"]
        .iter()
        .map(|k| format!("tablero:{{{id}}}:{k}"))
        .collect()
}

fn campaign(id: &str, plays: &[&str]) -> CampaignRecord {
    CampaignRecord {
        format: SNAPSHOT_FORMAT,
        id: id.to_string(),
        game_type: "emara".into(),
        rules_version: 1,
        created_at_ms: 1,
        name: "c".into(),
        owner_token_hash: "00".into(),
        revision: 0,
        plays: plays
            .iter()
            .map(|g| PlayRecord {
                game_id: g.to_string(),
                folded: false,
            })
            .collect(),
        state: raw("{}"),
        updated_at_ms: 1,
    }
}

async fn ids_listed<S: Store>(store: &S, status: Option<GameStatus>) -> Vec<String> {
    let filter = ListFilter {
        game_type: None,
        status,
        listed_only: false,
        player: None,
        page_token: None,
        limit: 100,
    };
    let (page, _) = store.list(filter).await.unwrap();
    page.into_iter().map(|r| r.id).collect()
}

/// Waits (at most 20 s) until the game reads as gone.
async fn until_gone<S: Store>(store: &S, id: &str) {
    for _ in 0..400 {
        if store.load(id).await.unwrap().is_none() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("game {id} never expired");
}

/// With a store whose lifecycle is 1 s for finished games and an hour for abandoned ones: every
/// write sets the time on every key of the game; a finished game goes with all it had, and the
/// sweep takes it out of the listing; plays of a campaign and campaigns never expire.
async fn expiry<S: Store>(store: Arc<S>, keys: Keys) {
    let hour = 3_600_000;
    let a0 = record("g_0000000000000000000000e1", "claim", 1);
    store.create(&a0, &[], &[]).await.unwrap();
    let mut play = record("g_0000000000000000000000e2", "emara", 2);
    play.campaign = Some("c_0000000000000000000000e3".into());
    store.create(&play, &[], &[]).await.unwrap();
    let c = campaign("c_0000000000000000000000e3", &[&play.id]);
    store.create_campaign(&c).await.unwrap();
    if let Some(ttls) = keys.ttls(&game_keys(&a0.id)[..1]).await {
        assert!(
            0 < ttls[0] && ttls[0] <= hour,
            "a new game is kept an hour: {ttls:?}"
        );
        // As if most of the hour had passed…
        keys.age_to(&game_keys(&a0.id)[..1], 5_000).await;
    }

    // …a write starts the abandoned time again, on every key the game has.
    let a1 = advanced(&a0);
    let c1 = Commit {
        record: &a1,
        expected_revision: 0,
        entries: &[entry(1)],
        idempotency: Some(("0:k", idem(9))),
        previous_status: GameStatus::Active,
        seats_changed: false,
        feed: &[],
    };
    assert_eq!(store.commit(c1).await.unwrap(), CommitResult::Committed);
    if let Some(ttls) = keys.ttls(&game_keys(&a0.id)).await {
        assert!(
            ttls.iter().all(|t| 5_000 < *t && *t <= hour),
            "every key of a written game is kept the abandoned time again: {ttls:?}"
        );
    }

    // Finishing: every key is kept the finished time.
    let mut a2 = advanced(&a1);
    a2.status = GameStatus::Finished;
    let c2 = Commit {
        record: &a2,
        expected_revision: 1,
        entries: &[entry(2)],
        idempotency: None,
        previous_status: GameStatus::Active,
        seats_changed: false,
        feed: &[],
    };
    assert_eq!(store.commit(c2).await.unwrap(), CommitResult::Committed);
    assert_eq!(
        ids_listed(&*store, Some(GameStatus::Finished)).await,
        std::slice::from_ref(&a0.id)
    );
    if let Some(ttls) = keys.ttls(&game_keys(&a0.id)).await {
        assert!(
            ttls.iter().all(|t| 0 < *t && *t <= 1_000),
            "every key of a finished game is kept the finished time: {ttls:?}"
        );
        let mut kept = game_keys(&play.id)[..1].to_vec();
        kept.push(format!("tablero:{{{}}}:campaign", c.id));
        assert_eq!(
            keys.ttls(&kept).await.unwrap(),
            [-1, -1],
            "a play of a campaign and the campaign have no expiry"
        );
    }

    until_gone(&*store, &a0.id).await;
    if let Some(ttls) = keys.ttls(&game_keys(&a0.id)).await {
        assert_eq!(ttls, [-2, -2, -2], "no key of the game is left");
    }
    assert!(store.log(&a0.id, 0, 10).await.unwrap().is_empty());
    assert_eq!(store.idempotent_result(&a0.id, "0:k").await.unwrap(), None);
    let late = advanced(&a2);
    let c3 = Commit {
        record: &late,
        expected_revision: 2,
        entries: &[entry(3)],
        idempotency: None,
        previous_status: GameStatus::Finished,
        seats_changed: false,
        feed: &[],
    };
    assert!(matches!(
        store.commit(c3).await,
        Err(StoreError::GameGone(_))
    ));

    // The sweep takes what the expired game left in the listing, once.
    assert_eq!(store.sweep().await.unwrap(), 1, "one game expired");
    assert_eq!(
        store.sweep().await.unwrap(),
        0,
        "sweeping again finds nothing"
    );
    for status in [None, Some(GameStatus::Active), Some(GameStatus::Finished)] {
        assert!(!ids_listed(&*store, status).await.contains(&a0.id));
    }
    if let Some(holding) = keys.indexes_holding("claim", &a0.id).await {
        assert!(holding.is_empty(), "still indexed in {holding:?}");
    }
    assert!(store.load(&play.id).await.unwrap().is_some());
    assert!(store.load_campaign(&c.id).await.unwrap().is_some());
    assert_eq!(
        ids_listed(&*store, None).await,
        std::slice::from_ref(&play.id)
    );
}

/// With abandoned games kept 1 s and finished ones until deleted: an untouched game expires; a
/// game that finishes stays.
async fn abandoned<S: Store>(store: Arc<S>, keys: Keys) {
    let idle = record("g_0000000000000000000000f1", "claim", 1);
    store.create(&idle, &[], &[]).await.unwrap();
    let done = record("g_0000000000000000000000f2", "claim", 2);
    store.create(&done, &[], &[]).await.unwrap();
    finish_new(&*store, &done).await;
    if let Some(ttls) = keys.ttls(&game_keys(&done.id)[..2]).await {
        assert_eq!(ttls, [-1, -1], "a finished game is kept until deleted");
    }
    until_gone(&*store, &idle.id).await;
    assert_eq!(store.sweep().await.unwrap(), 1);
    assert_eq!(
        ids_listed(&*store, None).await,
        std::slice::from_ref(&done.id)
    );
    if let Some(holding) = keys.indexes_holding("claim", &idle.id).await {
        assert!(holding.is_empty(), "still indexed in {holding:?}");
    }
    // The finished game left the expiry index too: nothing more to sweep.
    assert_eq!(store.sweep().await.unwrap(), 0);
    if let Some(holding) = keys.indexes_holding("claim", &done.id).await {
        assert!(!holding.contains(&"tablero:exp".to_string()), "{holding:?}");
    }
}

/// Deleting a game takes every key and listing entry at once and wakes its watchers; a writer
/// then finds the game gone. Deleting a campaign returns it as it was.
async fn deletion<S: Store>(store: Arc<S>, keys: Keys) {
    let g0 = record("g_0000000000000000000000d1", "claim", 1);
    store.create(&g0, &[], &[]).await.unwrap();
    let g1 = advanced(&g0);
    let c = Commit {
        record: &g1,
        expected_revision: 0,
        entries: &[entry(1)],
        idempotency: Some(("0:k", idem(9))),
        previous_status: GameStatus::Active,
        seats_changed: false,
        feed: &[],
    };
    assert_eq!(store.commit(c).await.unwrap(), CommitResult::Committed);
    let other = record("g_0000000000000000000000d2", "claim", 2);
    store.create(&other, &[], &[]).await.unwrap();
    let mut changes = store.subscribe(&g0.id).await.unwrap();
    // Written by an earlier version too: its indexes drain as its games leave.
    keys.index_as_before("claim", &g0.id).await;

    assert!(store.delete(&g0.id).await.unwrap());
    tokio::time::timeout(Duration::from_secs(5), changes.recv())
        .await
        .expect("watchers hear of the delete")
        .unwrap();
    assert!(store.load(&g0.id).await.unwrap().is_none());
    assert!(store.log(&g0.id, 0, 10).await.unwrap().is_empty());
    assert_eq!(store.idempotent_result(&g0.id, "0:k").await.unwrap(), None);
    let listed = ids_listed(&*store, None).await;
    assert!(
        !listed.contains(&g0.id) && listed.contains(&other.id),
        "{listed:?}"
    );
    let g2 = advanced(&g1);
    let c = Commit {
        record: &g2,
        expected_revision: 1,
        entries: &[entry(2)],
        idempotency: None,
        previous_status: GameStatus::Active,
        seats_changed: false,
        feed: &[],
    };
    assert!(matches!(
        store.commit(c).await,
        Err(StoreError::GameGone(_))
    ));
    assert!(!store.delete(&g0.id).await.unwrap(), "deleted once only");
    if let Some(ttls) = keys.ttls(&game_keys(&g0.id)).await {
        assert_eq!(ttls, [-2, -2, -2], "no key of the game is left");
    }
    if let Some(holding) = keys.indexes_holding("claim", &g0.id).await {
        assert!(holding.is_empty(), "still indexed in {holding:?}");
    }
    assert!(store.load(&other.id).await.unwrap().is_some());

    let c0 = campaign("c_0000000000000000000000d3", &[&other.id]);
    store.create_campaign(&c0).await.unwrap();
    let deleted = store
        .delete_campaign(&c0.id)
        .await
        .unwrap()
        .expect("deleted");
    assert_eq!(deleted.plays, c0.plays);
    assert!(store.load_campaign(&c0.id).await.unwrap().is_none());
    let (listed, _) = store.list_campaigns(None, 0, 10).await.unwrap();
    assert!(listed.iter().all(|c| c.id != c0.id));
    assert!(store.delete_campaign(&c0.id).await.unwrap().is_none());
    let mut c1 = c0.clone();
    c1.revision = 1;
    assert!(
        !store.commit_campaign(&c1, 0, &[]).await.unwrap(),
        "a deleted campaign takes no write"
    );
}

fn finished_in_a_second() -> Lifecycle {
    Lifecycle {
        finished_ttl: Some(Duration::from_secs(1)),
        abandoned_ttl: Some(Duration::from_secs(3600)),
        campaign_ttl: None,
        ..Lifecycle::default()
    }
}

fn abandoned_in_a_second() -> Lifecycle {
    Lifecycle {
        finished_ttl: None,
        abandoned_ttl: Some(Duration::from_secs(1)),
        campaign_ttl: None,
        ..Lifecycle::default()
    }
}

async fn redis_store(url: &str, lifecycle: Lifecycle) -> Arc<RedisStore> {
    Arc::new(
        RedisStore::connect(url)
            .await
            .unwrap()
            .with_lifecycle(lifecycle),
    )
}

#[tokio::test]
async fn memory_store_expires_and_deletes() {
    let memory = |l| Arc::new(MemoryStore::new().with_lifecycle(l));
    expiry(memory(finished_in_a_second()), Keys(None)).await;
    abandoned(memory(abandoned_in_a_second()), Keys(None)).await;
    deletion(memory(Lifecycle::default()), Keys(None)).await;
}

#[tokio::test]
async fn redis_store_expires_and_deletes() {
    // A fresh Redis for each lifecycle, so each scenario's listing holds only its own games.
    let redis = Redis::start();
    expiry_then_deletion(&redis.url()).await;
    let redis = Redis::start();
    let url = redis.url();
    abandoned(
        redis_store(&url, abandoned_in_a_second()).await,
        Keys::of(&url).await,
    )
    .await;
}

#[tokio::test]
async fn redis_cluster_store_expires_and_deletes() {
    let cluster = RedisCluster::start();
    // One cluster for both: the games' ids differ, and each scenario reads only its own.
    expiry_then_deletion(&cluster.url()).await;
}

/// The finished-game expiry and the deletion scenarios on the Redis (or cluster) at `url`.
async fn expiry_then_deletion(url: &str) {
    expiry(
        redis_store(url, finished_in_a_second()).await,
        Keys::of(url).await,
    )
    .await;
    deletion(
        redis_store(url, Lifecycle::default()).await,
        Keys::of(url).await,
    )
    .await;
}

#[tokio::test]
async fn memory_store_keeps_the_contract() {
    contract(Arc::new(MemoryStore::new())).await;
    wake_up_index(Arc::new(MemoryStore::new())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn redis_store_keeps_the_contract() {
    let redis = Redis::start();
    contract(Arc::new(RedisStore::connect(&redis.url()).await.unwrap())).await;
    wake_up_index(Arc::new(RedisStore::connect(&redis.url()).await.unwrap())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn redis_cluster_store_keeps_the_contract() {
    let cluster = RedisCluster::start();
    contract(Arc::new(RedisStore::connect(&cluster.url()).await.unwrap())).await;
    wake_up_index(Arc::new(RedisStore::connect(&cluster.url()).await.unwrap())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn redis_cluster_store_racing_writers_lose_nothing() {
    let cluster = RedisCluster::start();
    racing_writers(Arc::new(RedisStore::connect(&cluster.url()).await.unwrap())).await;
}

#[tokio::test]
async fn cluster_urls_name_every_node() {
    use tablero_service::store::redis::cluster_nodes;
    assert_eq!(cluster_nodes("redis://a:1"), None);
    assert_eq!(
        cluster_nodes("redis+cluster://127.0.0.1:7001,127.0.0.1:7002/"),
        Some(vec![
            "redis://127.0.0.1:7001".to_string(),
            "redis://127.0.0.1:7002".to_string()
        ])
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn memory_store_racing_writers_lose_nothing() {
    racing_writers(Arc::new(MemoryStore::new())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn redis_store_racing_writers_lose_nothing() {
    let redis = Redis::start();
    racing_writers(Arc::new(RedisStore::connect(&redis.url()).await.unwrap())).await;
}

#[tokio::test]
async fn redis_store_refuses_a_snapshot_format_it_does_not_know() {
    let redis = Redis::start();
    let store = RedisStore::connect(&redis.url()).await.unwrap();
    let mut conn = Keys::of(&redis.url()).await.0.unwrap();
    // A JSON record of a format after 1, and a binary one of a format after 2.
    let r = record("g_0000000000000000000000bb", "claim", 1);
    let json = serde_json::to_string(&GameRecord {
        format: SNAPSHOT_FORMAT + 1,
        ..r.clone()
    })
    .unwrap();
    let mut hot = r.encode_hot();
    hot[0] = SNAPSHOT_FORMAT as u8 + 1;
    let parts = r.encode();
    for (id, fields) in [
        ("g_0000000000000000000000bb", vec![("d", json.into_bytes())]),
        (
            "g_0000000000000000000000bc",
            vec![
                ("t", b"claim".to_vec()),
                ("h", hot),
                ("p", parts.seats),
                ("c", parts.cold),
            ],
        ),
    ] {
        let _: () = redis::cmd("HSET")
            .arg(format!("tablero:{{{id}}}:game"))
            .arg(fields)
            .query_async(&mut conn)
            .await
            .unwrap();
        let err = store.load(id).await.unwrap_err();
        assert!(err.to_string().contains("not supported"), "{err}");
    }
}

/// What issue 14 added to the contract: idempotency keys forgotten after their window (and only
/// the key's small record kept), the listed-games listing, a play started atomically with its
/// campaign write (on a cluster: one slot), quotas, and the campaigns' abandonment schedule.
async fn guards<S: Store>(store: Arc<S>) {
    let now = tablero_service::store::clock::now_ms();
    // Idempotency: remembered, then forgotten after the window (1 s here); the key is free again.
    let g = record("g_0000000000000000000000c1", "claim", now);
    store.create(&g, &[], &[]).await.unwrap();
    assert_eq!(store.status(&g.id).await.unwrap(), Some(GameStatus::Active));
    assert_eq!(
        store.status("g_0000000000000000000000c9").await.unwrap(),
        None
    );
    let g1 = advanced(&g);
    fn commit(r: &GameRecord, rev: u64, key: Idempotent) -> Commit<'_> {
        Commit {
            record: r,
            expected_revision: rev,
            entries: &[],
            idempotency: Some(("0:k", key)),
            previous_status: GameStatus::Active,
            seats_changed: false,
            feed: &[],
        }
    }
    assert_eq!(
        store.commit(commit(&g1, 0, idem(1))).await.unwrap(),
        CommitResult::Committed
    );
    assert_eq!(
        store.idempotent_result(&g.id, "0:k").await.unwrap(),
        Some(idem(1))
    );
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(store.idempotent_result(&g.id, "0:k").await.unwrap(), None);
    let g2 = advanced(&g1);
    assert_eq!(
        store.commit(commit(&g2, 1, idem(2))).await.unwrap(),
        CommitResult::Committed,
        "a forgotten key serves a new request"
    );

    // Listed games: the listing for callers without a key shows only them.
    let mut listed = record("g_0000000000000000000000c2", "claim", now + 1);
    listed.listed = true;
    store.create(&listed, &[], &[]).await.unwrap();
    let (page, _) = store
        .list(ListFilter {
            game_type: Some("claim"),
            status: Some(GameStatus::Active),
            listed_only: true,
            player: None,
            page_token: None,
            limit: 10,
        })
        .await
        .unwrap();
    assert_eq!(
        page.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(),
        [listed.id.as_str()]
    );

    // A play: the campaign write and the game's creation are one step; a stale start writes
    // neither.
    let mut c0 = campaign("c_0000000000000000000000c3", &[]);
    c0.created_at_ms = now;
    c0.updated_at_ms = now;
    store.create_campaign(&c0).await.unwrap();
    let play_id = tablero_service::validate::new_play_id(&c0.id).unwrap();
    let mut c1 = c0.clone();
    c1.revision = 1;
    c1.plays.push(PlayRecord {
        game_id: play_id.clone(),
        folded: false,
    });
    let mut play = record(&play_id, "emara", now + 2);
    play.campaign = Some(c0.id.clone());
    let started = store
        .start_play(NewPlay {
            campaign: &c1,
            expected_revision: 0,
            game: &play,
            entries: &[entry(1)],
            feed: &[],
        })
        .await
        .unwrap();
    assert!(started);
    assert_eq!(
        store
            .load_campaign(&c0.id)
            .await
            .unwrap()
            .unwrap()
            .plays
            .len(),
        1
    );
    assert_eq!(store.log(&play_id, 0, 5).await.unwrap().len(), 1);
    let other_id = tablero_service::validate::new_play_id(&c0.id).unwrap();
    let mut other = record(&other_id, "emara", now + 3);
    other.campaign = Some(c0.id.clone());
    let mut stale = c1.clone();
    stale.plays[0].game_id = other_id.clone();
    assert!(
        !store
            .start_play(NewPlay {
                campaign: &stale,
                expected_revision: 0,
                game: &other,
                entries: &[],
                feed: &[],
            })
            .await
            .unwrap()
    );
    assert!(store.load(&other_id).await.unwrap().is_none(), "no orphan");
    assert_eq!(
        store.load_campaign(&c0.id).await.unwrap().unwrap().plays[0].game_id,
        play_id
    );

    // Quotas: a full set takes no more until a member is released.
    for id in ["a", "b"] {
        assert!(
            store
                .quota_claim(QuotaKind::Games, "caller", id, 2)
                .await
                .unwrap()
        );
    }
    assert!(
        store
            .quota_claim(QuotaKind::Games, "caller", "a", 2)
            .await
            .unwrap(),
        "a member"
    );
    assert!(
        !store
            .quota_claim(QuotaKind::Games, "caller", "c", 2)
            .await
            .unwrap()
    );
    assert!(
        store
            .quota_claim(QuotaKind::Campaigns, "caller", "c", 2)
            .await
            .unwrap(),
        "kinds are apart"
    );
    let mut members = store
        .quota_members(QuotaKind::Games, "caller")
        .await
        .unwrap();
    members.sort();
    assert_eq!(members, ["a", "b"]);
    store
        .quota_release(QuotaKind::Games, "caller", &["a".to_string()])
        .await
        .unwrap();
    assert!(
        store
            .quota_claim(QuotaKind::Games, "caller", "c", 2)
            .await
            .unwrap()
    );
    assert!(
        store
            .quota_claim(QuotaKind::Games, "other", "x", 1)
            .await
            .unwrap(),
        "per owner"
    );

    // Campaigns come due when their time without writes has passed (1 s here).
    assert!(
        !store
            .due_campaigns(now, 100)
            .await
            .unwrap()
            .contains(&c0.id)
    );
    let later = now + 10_000;
    assert!(
        store
            .due_campaigns(later, 100)
            .await
            .unwrap()
            .contains(&c0.id)
    );
    store.reschedule_campaign(&c0.id, later + 1).await.unwrap();
    assert!(
        !store
            .due_campaigns(later, 100)
            .await
            .unwrap()
            .contains(&c0.id)
    );
    store.delete_campaign(&c0.id).await.unwrap();
    assert!(
        !store
            .due_campaigns(later + 5, 100)
            .await
            .unwrap()
            .contains(&c0.id)
    );
    store.ping().await.unwrap();
}

/// Keys forgotten after 1 s; campaigns due 1 s after their last write.
fn short_guards() -> Lifecycle {
    Lifecycle::default()
        .with_idempotency_secs(1)
        .with_campaign_secs(1)
}

#[tokio::test]
async fn memory_store_keeps_the_guards() {
    guards(Arc::new(MemoryStore::new().with_lifecycle(short_guards()))).await;
}

#[tokio::test]
async fn redis_store_keeps_the_guards() {
    let redis = Redis::start();
    guards(redis_store(&redis.url(), short_guards()).await).await;
    // The idempotency keys go one window after the game's last write (a finished game takes no
    // more writes to forget them), while the game stays.
    let keys = Keys::of(&redis.url()).await;
    let id = "g_0000000000000000000000c1";
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let ttls = keys.ttls(&game_keys(id)).await.unwrap();
    assert_eq!(&ttls[2..], [-2], "idempotency keys gone: {ttls:?}");
    assert!(ttls[0] > 0, "the game is still there: {ttls:?}");
}

/// Commits the move after `g` under idempotency key `key`; the record after it.
async fn commit_keyed<S: Store>(store: &S, g: &GameRecord, key: &str) -> GameRecord {
    let next = advanced(g);
    let result = store
        .commit(Commit {
            record: &next,
            expected_revision: g.revision,
            entries: &[],
            idempotency: Some((key, idem(g.version as u8))),
            previous_status: GameStatus::Active,
            seats_changed: false,
            feed: &[],
        })
        .await
        .unwrap();
    assert_eq!(result, CommitResult::Committed);
    next
}

/// A long game keeps about a window's idempotency keys, not all it ever recorded: every 32nd key
/// a game records, its commit forgets those past their time (one hash, each value with its
/// time; a key past it already counts as absent).
#[tokio::test]
async fn redis_store_forgets_idempotency_keys_past_their_time() {
    let redis = Redis::start();
    let store = redis_store(&redis.url(), short_guards()).await;
    let mut conn = Keys::of(&redis.url()).await.0.unwrap();
    let now = tablero_service::store::clock::now_ms();
    let mut g = record("g_00000000000000000000idem", "claim", now);
    store.create(&g, &[], &[]).await.unwrap();
    let idem_key = format!("tablero:{{{}}}:idem", g.id);
    for i in 0..31 {
        g = commit_keyed(store.as_ref(), &g, &format!("0:old-{i}")).await;
    }
    let held: usize = redis::AsyncCommands::hlen(&mut conn, &idem_key)
        .await
        .unwrap();
    assert_eq!(held, 31);
    tokio::time::sleep(Duration::from_millis(1200)).await;
    // Past their time: absent to a retry, though still held until the 32nd key.
    assert_eq!(
        store.idempotent_result(&g.id, "0:old-3").await.unwrap(),
        None
    );
    g = commit_keyed(store.as_ref(), &g, "0:new-0").await;
    let held: usize = redis::AsyncCommands::hlen(&mut conn, &idem_key)
        .await
        .unwrap();
    assert_eq!(held, 1, "the 32nd key forgets the 31 past their time");
    assert_eq!(
        store.idempotent_result(&g.id, "0:new-0").await.unwrap(),
        Some(idem(31))
    );
    // Only the one hash: no sorted set of times beside it.
    let idemx: bool =
        redis::AsyncCommands::exists(&mut conn, format!("tablero:{{{}}}:idemx", g.id))
            .await
            .unwrap();
    assert!(!idemx);
}

#[tokio::test]
async fn redis_cluster_store_keeps_the_guards() {
    let cluster = RedisCluster::start();
    guards(redis_store(&cluster.url(), short_guards()).await).await;
}

/// A finished game's idempotency keys, the earlier moves' included, go one short window after
/// its finishing move (1 s here), while an unfinished game's stay their whole window (an hour).
async fn finished_games_forget_keys_sooner<S: Store>(store: Arc<S>) {
    let now = tablero_service::store::clock::now_ms();
    let finishing = record("g_0000000000000000000000d1", "claim", now);
    let going_on = record("g_0000000000000000000000d2", "claim", now);
    fn commit<'a>(r: &'a GameRecord, key: &'a str, previous: GameStatus) -> Commit<'a> {
        Commit {
            record: r,
            expected_revision: r.revision - 1,
            entries: &[],
            idempotency: Some((key, idem(r.version as u8))),
            previous_status: previous,
            seats_changed: false,
            feed: &[],
        }
    }
    for g in [&finishing, &going_on] {
        store.create(g, &[], &[]).await.unwrap();
        let g1 = advanced(g);
        assert_eq!(
            store
                .commit(commit(&g1, "0:a", GameStatus::Active))
                .await
                .unwrap(),
            CommitResult::Committed
        );
        let mut g2 = advanced(&g1);
        if g.id == finishing.id {
            g2.status = GameStatus::Finished;
        }
        assert_eq!(
            store
                .commit(commit(&g2, "0:b", GameStatus::Active))
                .await
                .unwrap(),
            CommitResult::Committed
        );
        for key in ["0:a", "0:b"] {
            assert!(store.idempotent_result(&g.id, key).await.unwrap().is_some());
        }
    }
    tokio::time::sleep(Duration::from_millis(1300)).await;
    store.sweep().await.unwrap();
    for key in ["0:a", "0:b"] {
        assert_eq!(
            store.idempotent_result(&finishing.id, key).await.unwrap(),
            None,
            "{key} of the finished game"
        );
        assert!(
            store
                .idempotent_result(&going_on.id, key)
                .await
                .unwrap()
                .is_some(),
            "{key} of the game going on"
        );
    }
    assert_eq!(
        store.status(&finishing.id).await.unwrap(),
        Some(GameStatus::Finished),
        "the finished game itself stays"
    );
}

/// Keys remembered an hour, a finished game's 1 s after its last move.
fn short_finished_keys() -> Lifecycle {
    Lifecycle::default()
        .with_idempotency_secs(3600)
        .with_finished_idempotency_secs(1)
}

#[tokio::test]
async fn memory_store_forgets_a_finished_games_keys_sooner() {
    finished_games_forget_keys_sooner(Arc::new(
        MemoryStore::new().with_lifecycle(short_finished_keys()),
    ))
    .await;
}

#[tokio::test]
async fn redis_store_forgets_a_finished_games_keys_sooner() {
    let redis = Redis::start();
    finished_games_forget_keys_sooner(redis_store(&redis.url(), short_finished_keys()).await).await;
}

#[tokio::test]
async fn redis_cluster_store_forgets_a_finished_games_keys_sooner() {
    let cluster = RedisCluster::start();
    finished_games_forget_keys_sooner(redis_store(&cluster.url(), short_finished_keys()).await)
        .await;
}

/// A game with one human seat per player, each with that player_ref.
fn played_by(id: &str, created: i64, players: &[&str]) -> GameRecord {
    let mut r = record(id, "claim", created);
    r.seats = players
        .iter()
        .map(|p| SeatRecord {
            occupant: Occupant::Human,
            name: p.to_string(),
            bot: String::new(),
            bot_level: 0,
            token_hash: None,
            player_ref: Some(p.to_string()),
            player_ref_public: false,
            resigned_at: None,
            joined_at: None,
        })
        .collect();
    r
}

/// A player's listing, page by page (`limit` per page): the ids in order.
async fn player_ids<S: Store>(
    store: &S,
    player_ref: &str,
    waiting: bool,
    status: Option<GameStatus>,
    limit: usize,
) -> Vec<String> {
    let mut ids = Vec::new();
    let mut token: Option<String> = None;
    for _ in 0..20 {
        let (page, next) = store
            .list(ListFilter {
                game_type: None,
                status,
                listed_only: true,
                player: Some(PlayerFilter {
                    player_ref,
                    waiting,
                }),
                page_token: token.as_deref(),
                limit,
            })
            .await
            .unwrap();
        assert!(page.len() <= limit);
        ids.extend(page.into_iter().map(|r| r.id));
        match next {
            Some(t) => token = Some(t),
            None => return ids,
        }
    }
    panic!("a player's listing did not end");
}

/// The player indexes: a player's games newest first (listed or not) in pages, the games
/// waiting for them, marks cleared, games that are gone dropped.
async fn player_indexes<S: Store>(store: Arc<S>) {
    let ids = [
        "g_0000000000000000000000p1",
        "g_0000000000000000000000p2",
        "g_0000000000000000000000p3",
    ];
    let games = [
        played_by(ids[0], 10, &["alice", "bob"]),
        played_by(ids[1], 20, &["alice"]),
        played_by(ids[2], 30, &["bob", "alice"]),
    ];
    for (g, waiting) in games.iter().zip([["alice"], ["alice"], ["bob"]]) {
        let players: Vec<&str> = g
            .seats
            .iter()
            .filter_map(|s| s.player_ref.as_deref())
            .collect();
        store
            .mark_players(&PlayerMarks {
                game_id: &g.id,
                created_at_ms: g.created_at_ms,
                players: &players,
                waiting: &waiting,
            })
            .await
            .unwrap();
        store.create(g, &[], &[]).await.unwrap();
    }
    let newest_first = vec![ids[2].to_string(), ids[1].to_string(), ids[0].to_string()];
    for limit in [1, 2, 50] {
        assert_eq!(
            player_ids(store.as_ref(), "alice", false, None, limit).await,
            newest_first,
            "alice's games, {limit} per page"
        );
    }
    assert_eq!(
        player_ids(store.as_ref(), "alice", true, None, 1).await,
        vec![ids[1].to_string(), ids[0].to_string()]
    );
    assert_eq!(
        player_ids(store.as_ref(), "bob", true, None, 50).await,
        vec![ids[2].to_string()]
    );
    assert!(
        player_ids(store.as_ref(), "carol", false, None, 50)
            .await
            .is_empty()
    );

    // The first game moves on: it waits for bob now, no longer for alice.
    store
        .mark_players(&PlayerMarks {
            game_id: ids[0],
            created_at_ms: 10,
            players: &[],
            waiting: &["bob"],
        })
        .await
        .unwrap();
    let mut next = advanced(&games[0]);
    next.status = GameStatus::Finished;
    let commit = Commit {
        record: &next,
        expected_revision: 0,
        entries: &[entry(1)],
        idempotency: None,
        previous_status: GameStatus::Active,
        seats_changed: false,
        feed: &[],
    };
    assert_eq!(store.commit(commit).await.unwrap(), CommitResult::Committed);
    store.unmark_waiting(ids[0], &["alice"]).await.unwrap();
    assert_eq!(
        player_ids(store.as_ref(), "alice", true, None, 50).await,
        vec![ids[1].to_string()]
    );
    assert_eq!(
        player_ids(store.as_ref(), "bob", true, None, 50).await,
        vec![ids[2].to_string(), ids[0].to_string()]
    );
    // The status filter applies to a player's games too.
    assert_eq!(
        player_ids(
            store.as_ref(),
            "alice",
            false,
            Some(GameStatus::Finished),
            50
        )
        .await,
        vec![ids[0].to_string()]
    );

    // A deleted game leaves the listings; a mark for a game never stored lists nothing.
    assert!(store.delete(ids[2]).await.unwrap());
    store
        .mark_players(&PlayerMarks {
            game_id: "g_0000000000000000000000p9",
            created_at_ms: 40,
            players: &["alice"],
            waiting: &["alice"],
        })
        .await
        .unwrap();
    assert_eq!(
        player_ids(store.as_ref(), "alice", false, None, 1).await,
        vec![ids[1].to_string(), ids[0].to_string()]
    );
    assert_eq!(
        player_ids(store.as_ref(), "bob", true, None, 50).await,
        vec![ids[0].to_string()]
    );
}

#[tokio::test]
async fn memory_store_keeps_player_indexes() {
    player_indexes(Arc::new(MemoryStore::new())).await;
}

#[tokio::test]
async fn redis_store_keeps_player_indexes() {
    let redis = Redis::start();
    player_indexes(redis_store(&redis.url(), Lifecycle::default()).await).await;
}

#[tokio::test]
async fn redis_cluster_store_keeps_player_indexes() {
    let cluster = RedisCluster::start();
    player_indexes(redis_store(&cluster.url(), Lifecycle::default()).await).await;
}

/// A real Claim game as format 1 stored it, one move in: the record as one JSON text (rules
/// values embedded as JSON, `format: 1`) and its log entry as JSON.
fn format_1_claim_game(id: &str) -> (String, String) {
    use tablero_service::engine::host::Stored;
    let (registry, wires) = tablero_service::rpc::games::registries();
    let kind = registry.get("claim").unwrap();
    // Each rules value as format 1 held it: its JSON text.
    let json = |what, value: &Blob| {
        Blob::from_json(&kind.json_of(what, value).unwrap().to_string()).unwrap()
    };
    let config = wires
        .get("claim")
        .unwrap()
        .config(None, Some("base_2p"))
        .unwrap();
    let new = kind.new_game(&config, None, 2, 42).unwrap();
    let mut session = new.session;
    let seat = session.to_act()[0];
    let applied = session.apply_chosen_legal(seat, &mut |_| 0).unwrap();
    let seat_record = |n: &str| SeatRecord {
        occupant: Occupant::Human,
        name: n.into(),
        bot: String::new(),
        bot_level: 0,
        token_hash: Some("ab".repeat(32)),
        player_ref: None,
        player_ref_public: false,
        resigned_at: None,
        joined_at: None,
    };
    let record = GameRecord {
        format: JSON_FORMAT,
        seats: vec![seat_record("ann"), seat_record("bob")],
        setup: SetupRecord {
            config: json(Stored::Config, &new.setup.config),
            ..new.setup
        },
        opening_events: new.events.iter().map(|e| json(Stored::Event, e)).collect(),
        version: 1,
        revision: 1,
        state: json(Stored::State, &session.snapshot()),
        ..record(id, "claim", 5)
    };
    let entry = LogEntry {
        version: 1,
        seat,
        action: json(Stored::Action, &applied.action),
        events: applied
            .events
            .iter()
            .map(|e| json(Stored::Event, e))
            .collect(),
        seat_change: None,
        seat_before: None,
    };
    // Exactly format 1's layout: serde_json of the record, values as JSON.
    let text = serde_json::to_string(&record).unwrap();
    assert!(text.starts_with(r#"{"format":1,"#), "{text}");
    assert!(text.contains(r#""state":{"#), "the state is embedded JSON");
    (text, serde_json::to_string(&entry).unwrap())
}

/// Reads a format-1 game, checks it against its own log (setup + logged actions rebuild the
/// stored state), plays a move on it and reads it again; the inspection shows it all as JSON.
/// Returns the game's record as re-read.
async fn migrates<S: Store>(store: &S, id: &str) -> GameRecord {
    use tablero_service::engine::host::Stored;
    let (registry, _) = tablero_service::rpc::games::registries();
    let kind = registry.get("claim").unwrap();
    let replayed = |record: &GameRecord, log: &[LogEntry]| {
        let mut session = kind.rebuild(&record.setup).unwrap();
        for e in log {
            session.apply_logged(e.seat, &e.action).unwrap();
        }
        // As JSON: a format-1 state is still its JSON text, a replayed one MessagePack.
        kind.json_of(Stored::State, &session.snapshot()).unwrap()
    };

    let record = store.load(id).await.unwrap().expect("the format-1 game");
    assert_eq!(record.format, JSON_FORMAT);
    assert_eq!(record.seats.len(), 2);
    let log = store.log(id, 0, 10).await.unwrap();
    assert_eq!(log.len(), 1);
    assert!(record.state.is_json() && log[0].action.is_json());
    assert_eq!(
        replayed(&record, &log),
        kind.json_of(Stored::State, &record.state).unwrap()
    );
    kind.events_for(&log[0].events, Viewer::Spectator).unwrap();

    // Play on: the commit of a record read as format 1 stores it as format 2.
    let mut session = kind.restore(&record.state).unwrap();
    let seat = session.to_act()[0];
    let applied = session.apply_chosen_legal(seat, &mut |n| n - 1).unwrap();
    let mut next = record.clone();
    next.version = 2;
    next.revision = 2;
    next.state = session.snapshot();
    let entry = LogEntry {
        version: 2,
        seat,
        action: applied.action,
        events: applied.events,
        seat_change: None,
        seat_before: None,
    };
    let c = Commit {
        record: &next,
        expected_revision: 1,
        entries: std::slice::from_ref(&entry),
        idempotency: Some(("1:k", idem(9))),
        previous_status: GameStatus::Active,
        seats_changed: false,
        feed: &[],
    };
    assert_eq!(store.commit(c).await.unwrap(), CommitResult::Committed);

    let again = store.load(id).await.unwrap().unwrap();
    assert_eq!(again.state, next.state);
    assert_eq!((again.version, again.revision), (2, 2));
    assert_eq!(again.seats, record.seats);
    assert_eq!(again.setup.config, record.setup.config);
    assert_eq!(again.opening_events, record.opening_events);
    assert_eq!(again.created_at_ms, 5);
    let log = store.log(id, 0, 10).await.unwrap();
    assert_eq!(log.len(), 2, "one JSON entry, one binary entry");
    assert_eq!(
        replayed(&again, &log),
        kind.json_of(Stored::State, &again.state).unwrap()
    );
    assert!(!again.state.is_json() && !log[1].action.is_json());

    let shown = tablero_service::engine::inspect::game(store, &registry, id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(shown["record"]["id"], id);
    assert!(shown["record"]["state"].is_object(), "{shown}");
    assert_eq!(shown["log"].as_array().unwrap().len(), 2);
    assert_eq!(
        shown["log"][1]["action"],
        kind.json_of(Stored::Action, &entry.action).unwrap()
    );
    assert!(shown["log"][0]["action"].is_object() || shown["log"][0]["action"].is_string());
    again
}

#[tokio::test]
async fn memory_store_reads_format_1_games_and_plays_on() {
    let store = MemoryStore::new();
    let id = "g_0000000000000000000000f1";
    let (record, entry) = format_1_claim_game(id);
    store
        .create(
            &GameRecord::decode_json(&record).unwrap(),
            &[LogEntry::decode(entry.as_bytes()).unwrap()],
            &[],
        )
        .await
        .unwrap();
    migrates(&store, id).await;
}

#[tokio::test]
async fn redis_store_reads_format_1_games_and_stores_them_as_format_2() {
    let redis = Redis::start();
    let store = RedisStore::connect(&redis.url()).await.unwrap();
    let mut conn = Keys::of(&redis.url()).await.0.unwrap();
    let id = "g_0000000000000000000000f1";
    let (record, entry) = format_1_claim_game(id);
    // Stored raw, as a format-1 server left it.
    let game = format!("tablero:{{{id}}}:game");
    let _: () = redis::cmd("HSET")
        .arg(&game)
        .arg(&["v", "1", "t", "claim", "s", "active", "d", &record])
        .query_async(&mut conn)
        .await
        .unwrap();
    let _: () = redis::cmd("RPUSH")
        .arg(format!("tablero:{{{id}}}:log"))
        .arg(&entry)
        .query_async(&mut conn)
        .await
        .unwrap();

    let again = migrates(&store, id).await;
    assert_eq!(again.format, SNAPSHOT_FORMAT);
    let fields: Vec<String> = redis::cmd("HKEYS")
        .arg(&game)
        .query_async(&mut conn)
        .await
        .unwrap();
    let mut fields: Vec<&str> = fields.iter().map(String::as_str).collect();
    fields.sort_unstable();
    assert_eq!(
        fields,
        ["c", "h", "p", "s", "t", "v"],
        "the JSON record is gone"
    );
}

/// The change feed: a write's changes are appended exactly when the write is stored (a
/// conflicting or duplicate commit appends nothing), in order, paged by cursor; a cursor the feed
/// never handed out is refused; a cursor that fell out of the retention says so. Webhook state:
/// a lease has one holder until it lapses, cursors and delivery logs are kept.
async fn change_feed<S: Store>(store: Arc<S>) {
    let head = store.feed_head().await.unwrap();
    let after = |c: &str| c.to_string();
    let change = |n: u8| vec![n; 3];
    let g = record("g_00000000000000000000fee1", "claim", 1);
    store.create(&g, &[], &[change(1)]).await.unwrap();
    let g1 = advanced(&g);
    let commit = |r, expected, feed| Commit {
        record: r,
        expected_revision: expected,
        entries: &[],
        idempotency: Some(("k1", idem(1))),
        previous_status: GameStatus::Active,
        seats_changed: false,
        feed,
    };
    let two = [change(2), change(3)];
    assert_eq!(
        store.commit(commit(&g1, 0, &two)).await.unwrap(),
        CommitResult::Committed
    );
    // A lost compare-and-swap and a duplicate append nothing.
    let lost = [change(9)];
    assert_eq!(
        store.commit(commit(&g1, 0, &lost)).await.unwrap(),
        CommitResult::Duplicate(idem(1))
    );
    let mut stale = commit(&g1, 0, &lost);
    stale.idempotency = None;
    assert_eq!(store.commit(stale).await.unwrap(), CommitResult::Conflict);
    let page = store
        .feed_read(FeedFrom::After(&after(&head)), 10)
        .await
        .unwrap();
    let got: Vec<Vec<u8>> = page.entries.iter().map(|e| e.change.clone()).collect();
    assert_eq!(got, [change(1), change(2), change(3)]);
    assert!(!page.expired);
    // Paging by cursor: after the first, the other two; after the last, none.
    let first = page.entries[0].cursor.clone();
    let last = page.entries[2].cursor.clone();
    let rest = store.feed_read(FeedFrom::After(&first), 10).await.unwrap();
    assert_eq!(rest.entries, page.entries[1..]);
    assert!(
        store
            .feed_read(FeedFrom::After(&last), 10)
            .await
            .unwrap()
            .entries
            .is_empty()
    );
    assert_eq!(store.feed_head().await.unwrap(), last);
    let from_start = store.feed_read(FeedFrom::Start, 2).await.unwrap();
    assert_eq!(from_start.entries.len(), 2);
    assert!(matches!(
        store.feed_read(FeedFrom::After("not-a-cursor"), 10).await,
        Err(StoreError::BadCursor)
    ));
    // Leases: one holder at a time, renewable by it, free once lapsed.
    let lease = |holder, ttl_ms| tablero_service::store::feed::Lease {
        name: "hooks",
        holder,
        ttl_ms,
    };
    assert!(store.lease(lease("a", 300)).await.unwrap());
    assert!(!store.lease(lease("b", 300)).await.unwrap());
    assert!(store.lease(lease("a", 300)).await.unwrap());
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    assert!(store.lease(lease("b", 300)).await.unwrap());
    assert_eq!(store.webhook_cursor("hooks").await.unwrap(), None);
    store.set_webhook_cursor("hooks", &last).await.unwrap();
    assert_eq!(
        store.webhook_cursor("hooks").await.unwrap(),
        Some(last.clone())
    );
    store
        .log_deliveries("hooks", &[vec![0u8], vec![1]], 3)
        .await
        .unwrap();
    store
        .log_deliveries("hooks", &[vec![2u8], vec![3], vec![4]], 3)
        .await
        .unwrap();
    assert_eq!(
        store.deliveries("hooks", 10).await.unwrap(),
        [vec![4u8], vec![3], vec![2]]
    );
    // Reading at a cursor: that change first.
    let at = store.feed_read(FeedFrom::At(&first), 1).await.unwrap();
    assert_eq!(at.entries, page.entries[..1]);
    assert!(!at.expired);
    // An endpoint's state, and retry requests: oldest first, the latest `keep` kept, one
    // removed per finish.
    assert_eq!(store.webhook_state("hooks").await.unwrap(), None);
    store.set_webhook_state("hooks", &[1, 2]).await.unwrap();
    assert_eq!(
        store.webhook_state("hooks").await.unwrap(),
        Some(vec![1u8, 2])
    );
    assert!(store.redeliveries("hooks").await.unwrap().is_empty());
    for c in ["c1", "c2", "c3", "c2"] {
        store.request_redelivery("hooks", c, 3).await.unwrap();
    }
    assert_eq!(
        store.redeliveries("hooks").await.unwrap(),
        ["c2", "c3", "c2"]
    );
    store.finish_redelivery("hooks", "c2").await.unwrap();
    assert_eq!(store.redeliveries("hooks").await.unwrap(), ["c3", "c2"]);
    store.finish_redelivery("hooks", "nope").await.unwrap();
    assert_eq!(store.redeliveries("hooks").await.unwrap(), ["c3", "c2"]);
    assert!(store.redeliveries("other").await.unwrap().is_empty());
}

/// A feed kept to 2 changes: an old cursor says the feed moved past it.
async fn change_feed_retention<S: Store>(store: Arc<S>) {
    let g = record("g_00000000000000000000fee2", "claim", 1);
    store.create(&g, &[], &[vec![1]]).await.unwrap();
    let first = store.feed_head().await.unwrap();
    let mut r = g.clone();
    for n in 0..200u8 {
        let next = advanced(&r);
        let c = Commit {
            record: &next,
            expected_revision: r.revision,
            entries: &[],
            idempotency: None,
            previous_status: GameStatus::Active,
            seats_changed: false,
            feed: &[vec![n]],
        };
        assert_eq!(store.commit(c).await.unwrap(), CommitResult::Committed);
        r = next;
    }
    let page = store.feed_read(FeedFrom::After(&first), 500).await.unwrap();
    assert!(
        page.expired,
        "a cursor 200 changes back in a feed of about 2"
    );
    assert!(page.entries.len() < 200);
    // The first change is gone: reading at it says so.
    assert!(
        store
            .feed_read(FeedFrom::At(&first), 1)
            .await
            .unwrap()
            .expired
    );
    let head = store.feed_head().await.unwrap();
    assert!(
        !store
            .feed_read(FeedFrom::After(&head), 5)
            .await
            .unwrap()
            .expired
    );
}

fn tiny_feed() -> Lifecycle {
    Lifecycle::default().with_feed(2, 3600)
}

#[tokio::test]
async fn memory_store_keeps_the_change_feed() {
    change_feed(Arc::new(MemoryStore::new())).await;
    change_feed_retention(Arc::new(MemoryStore::new().with_lifecycle(tiny_feed()))).await;
}

#[tokio::test]
async fn redis_store_keeps_the_change_feed() {
    let redis = Redis::start();
    change_feed(redis_store(&redis.url(), Lifecycle::default()).await).await;
    let other = Redis::start();
    change_feed_retention(redis_store(&other.url(), tiny_feed()).await).await;
}

#[tokio::test]
async fn redis_cluster_store_keeps_the_change_feed() {
    let cluster = RedisCluster::start();
    change_feed(redis_store(&cluster.url(), Lifecycle::default()).await).await;
    let other = RedisCluster::start();
    change_feed_retention(redis_store(&other.url(), tiny_feed()).await).await;
}

/// On a cluster a write's changes go to its game's outbox and are relayed to the feed after it.
/// A writer that died in between left the outbox full and its mark behind: a sweep relays the
/// changes, once (a second sweep adds nothing).
#[tokio::test]
async fn redis_cluster_sweep_relays_what_a_dead_writer_left() {
    let cluster = RedisCluster::start();
    let store = redis_store(&cluster.url(), Lifecycle::default()).await;
    let Keys(Some(mut conn)) = Keys::of(&cluster.url()).await else {
        unreachable!("a redis store")
    };
    let id = "g_00000000000000000000dead";
    // What the dead writer's script wrote, and the mark it made 40 s before.
    for n in [7u8, 8] {
        let _: String = redis::cmd("XADD")
            .arg(format!("tablero:{{{id}}}:out"))
            .arg("*")
            .arg("e")
            .arg(vec![n])
            .query_async(&mut conn)
            .await
            .unwrap();
    }
    let marked = tablero_service::store::clock::now_ms() - 40_000;
    let _: () = redis::AsyncCommands::zadd(
        &mut conn,
        "tablero:feedpending",
        format!("{id}/0123456789abcdef"),
        marked,
    )
    .await
    .unwrap();
    // A fresh mark (a writer still at work) is left alone.
    let _: () = redis::AsyncCommands::zadd(
        &mut conn,
        "tablero:feedpending",
        "g_00000000000000000000busy/00",
        tablero_service::store::clock::now_ms(),
    )
    .await
    .unwrap();
    store.sweep().await.unwrap();
    store.sweep().await.unwrap();
    let page = store.feed_read(FeedFrom::Start, 10).await.unwrap();
    let got: Vec<Vec<u8>> = page.entries.into_iter().map(|e| e.change).collect();
    assert_eq!(got, [vec![7u8], vec![8]], "relayed once, in order");
    let left: Vec<String> = redis::AsyncCommands::zrange(&mut conn, "tablero:feedpending", 0, -1)
        .await
        .unwrap();
    assert_eq!(left, ["g_00000000000000000000busy/00"]);
    let outbox: usize = redis::cmd("XLEN")
        .arg(format!("tablero:{{{id}}}:out"))
        .query_async(&mut conn)
        .await
        .unwrap();
    assert_eq!(outbox, 0, "the outbox is emptied");
}

/// Every page of a listing, `limit` games at a time; `between` runs after each page.
async fn every_page<S: Store>(
    store: &S,
    game_type: Option<&str>,
    status: Option<GameStatus>,
    limit: usize,
    mut between: impl AsyncFnMut(usize),
) -> Vec<String> {
    let mut seen = Vec::new();
    let mut token: Option<String> = None;
    for page in 0.. {
        let (games, next) = store
            .list(ListFilter {
                game_type,
                status,
                listed_only: false,
                player: None,
                page_token: token.as_deref(),
                limit,
            })
            .await
            .unwrap();
        assert!(games.len() <= limit);
        seen.extend(games.into_iter().map(|g| g.id));
        between(page).await;
        match next {
            Some(t) => token = Some(t),
            None => return seen,
        }
    }
    unreachable!()
}

/// Listings across types and statuses, games created in the same millisecond, and games
/// created while a client pages: every game that was there when paging began is listed once,
/// newest first (ties by id, highest first), whatever the page size.
async fn paging<S: Store>(store: Arc<S>) {
    let mut expected = Vec::new();
    for i in 0..12u32 {
        let id = format!("g_{:024}", 900 + i);
        // Three games per millisecond, of three types; every third one finished.
        let mut r = record(
            &id,
            ["claim", "emara", "other"][i as usize % 3],
            5_000 + (i / 3) as i64,
        );
        store.create(&r, &[], &[]).await.unwrap();
        if i % 3 == 1 {
            r = finish_new(&*store, &r).await;
        }
        expected.push((r.created_at_ms, r.id.clone(), r.game_type.clone(), r.status));
    }
    expected.sort_by(|a, b| (b.0, &b.1).cmp(&(a.0, &a.1)));
    let want = |t: Option<&str>, s: Option<GameStatus>| -> Vec<String> {
        expected
            .iter()
            .filter(|e| t.is_none_or(|t| t == e.2) && s.is_none_or(|s| s == e.3))
            .map(|e| e.1.clone())
            .collect()
    };
    for limit in [1, 2, 5, 12, 20] {
        for (t, s) in [
            (None, None),
            (Some("claim"), None),
            (None, Some(GameStatus::Finished)),
            (Some("emara"), Some(GameStatus::Active)),
        ] {
            let seen = every_page(&*store, t, s, limit, async |_| {}).await;
            assert_eq!(
                seen,
                want(t, s),
                "type {t:?}, status {s:?}, pages of {limit}"
            );
        }
    }
    // Newer games created between pages come before the cursor: they do not shift the pages.
    let before = want(None, None);
    let store2 = store.clone();
    let seen = every_page(&*store, None, None, 2, async move |page| {
        let r = record(
            &format!("g_{:024}", 990 + page),
            "claim",
            9_000 + page as i64,
        );
        store2.create(&r, &[], &[]).await.unwrap();
    })
    .await;
    let old: Vec<String> = seen.into_iter().filter(|id| before.contains(id)).collect();
    assert_eq!(old, before);
}

#[tokio::test]
async fn memory_store_pages_listings_stably() {
    paging(Arc::new(MemoryStore::new())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn redis_store_pages_listings_stably() {
    let redis = Redis::start();
    paging(Arc::new(RedisStore::connect(&redis.url()).await.unwrap())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn redis_cluster_store_pages_listings_stably() {
    let cluster = RedisCluster::start();
    paging(Arc::new(RedisStore::connect(&cluster.url()).await.unwrap())).await;
}
