//! The store contract, checked the same way against the in-memory store and a real Redis:
//! create once, compare-and-swap commits, idempotency, log ranges, listing, notifications.

use serde_json::value::RawValue;
use std::sync::Arc;
use std::time::Duration;
use tablero_e2e::{Redis, RedisCluster};
use tablero_service::record::{GameRecord, GameStatus, LogEntry, SNAPSHOT_FORMAT, SetupRecord};
use tablero_service::store::memory::MemoryStore;
use tablero_service::store::redis::RedisStore;
use tablero_service::store::{Commit, CommitResult, ListFilter, Store, StoreError};

fn raw(s: &str) -> Box<RawValue> {
    RawValue::from_string(s.to_string()).unwrap()
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
        },
        opening_events: Vec::new(),
        version: 0,
        revision: 0,
        status: GameStatus::Active,
        state: raw(r#"{"n":0}"#),
        campaign: None,
    }
}

fn entry(version: u64) -> LogEntry {
    LogEntry {
        version,
        seat: 0,
        action: raw(&format!(r#"{{"a":{version}}}"#)),
        events: vec![raw("[]")],
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

async fn contract<S: Store>(store: Arc<S>) {
    // Create once; a second create of the same id is refused.
    let r0 = record("g_000000000000000000000001", "claim", 10);
    store.create(&r0, &[]).await.unwrap();
    assert!(matches!(
        store.create(&r0, &[]).await,
        Err(StoreError::AlreadyExists(_))
    ));
    assert_eq!(
        store.load(&r0.id).await.unwrap().unwrap().state.get(),
        r0.state.get()
    );
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
        idempotency: Some(("0:k1", b"first")),
        previous_status: GameStatus::Active,
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
        idempotency: Some(("0:k2", b"second")),
        previous_status: GameStatus::Active,
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
        idempotency: Some(("0:k1", b"again")),
        previous_status: GameStatus::Active,
    };
    assert_eq!(
        store.commit(c).await.unwrap(),
        CommitResult::Duplicate(b"first".to_vec())
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
        store.log(&r0.id, 0, 3).await.unwrap()[1].action.get(),
        r#"{"a":2}"#
    );

    // Listing: newest first, filtered, paged.
    for i in 2..=5 {
        let r = record(
            &format!("g_00000000000000000000000{i}"),
            if i % 2 == 0 { "claim" } else { "other" },
            10 + i,
        );
        store.create(&r, &[]).await.unwrap();
    }
    let ids = |page: Vec<GameRecord>| page.into_iter().map(|r| r.id).collect::<Vec<_>>();
    let (all, more) = store
        .list(ListFilter {
            game_type: None,
            status: None,
            offset: 0,
            limit: 3,
        })
        .await
        .unwrap();
    assert!(more);
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
            offset: 3,
            limit: 3,
        })
        .await
        .unwrap();
    assert!(!more);
    assert_eq!(
        ids(rest),
        ["g_000000000000000000000002", "g_000000000000000000000001"]
    );
    let (claim_active, _) = store
        .list(ListFilter {
            game_type: Some("claim"),
            status: Some(GameStatus::Active),
            offset: 0,
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
            offset: 0,
            limit: 10,
        })
        .await
        .unwrap();
    assert_eq!(ids(finished), ["g_000000000000000000000001"]);
}

/// Many writers race on one game: exactly one wins each revision, and the log has no gaps.
async fn racing_writers<S: Store>(store: Arc<S>) {
    let r0 = record("g_0000000000000000000000aa", "claim", 1);
    store.create(&r0, &[]).await.unwrap();
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

#[tokio::test]
async fn memory_store_keeps_the_contract() {
    contract(Arc::new(MemoryStore::new())).await;
}

#[tokio::test]
async fn redis_store_keeps_the_contract() {
    let redis = Redis::start();
    contract(Arc::new(RedisStore::connect(&redis.url()).await.unwrap())).await;
}

#[tokio::test]
async fn redis_cluster_store_keeps_the_contract() {
    let cluster = RedisCluster::start();
    contract(Arc::new(RedisStore::connect(&cluster.url()).await.unwrap())).await;
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
    let mut r = record("g_0000000000000000000000bb", "claim", 1);
    r.format = SNAPSHOT_FORMAT + 1;
    store.create(&r, &[]).await.unwrap();
    let err = store.load(&r.id).await.unwrap_err();
    assert!(err.to_string().contains("not supported"), "{err}");
}
