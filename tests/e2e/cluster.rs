//! Redis Cluster: two server processes on a private 3-master cluster. Games whose ids hash to
//! slots on every master all work; a watch stream on one replica sees every version of moves
//! made through the other (only through pub/sub: the watching replica's polling is off); a
//! stream resumed from version k on the other replica delivers k+1, … with nothing missing.

use crate::common::*;
use futures::StreamExt;
use std::collections::BTreeSet;
use tablero_e2e::{RedisCluster, pb};

/// Reads messages until one's view reaches `version` (or is FINISHED); returns their versions.
async fn read_until(
    stream: &mut tonic::Streaming<pb::WatchGameResponse>,
    version: u64,
    what: &str,
) -> (Vec<u64>, bool) {
    let mut seen = Vec::new();
    loop {
        let m = within(10, what, stream.next())
            .await
            .unwrap_or_else(|| panic!("{what}: the stream ended early"))
            .unwrap_or_else(|e| panic!("{what}: {e:?}"));
        seen.extend(event_versions(&m.events));
        let view = m.view.expect("every message carries the view");
        if finished(&view) {
            return (seen, true);
        }
        if view.version >= version {
            assert_eq!(
                view.version, version,
                "{what}: no version beyond the last move"
            );
            return (seen, false);
        }
    }
}

/// One game: created through `maker`, moved through `mover`, watched (from its start and,
/// resumed, from a later version) through `watcher`.
async fn play_across_replicas(game: Game, watcher: tablero_e2e::client::Tablero, seed: u64) {
    let there = game.on(&watcher);
    let from = game.view().await.version;
    let mut stream = there.spectator().watch(from).await.expect("watch there");
    let (mut seen, _) = read_until(&mut stream, from, "the first message").await;
    let mut lcg = Lcg::new(seed);
    let mut resumed = None;
    for step in 0..6 {
        let (_, resp) = game.step(&mut lcg).await.expect("a human seat acts");
        let v = resp.view.unwrap().version;
        let (more, _) = read_until(&mut stream, v, "a move made on the other replica").await;
        seen.extend(more);
        if step == 2 {
            // Resume on the watching replica from a version already passed.
            let k = (from + v).div_ceil(2).min(v - 1);
            let mut s = there.spectator().watch(k).await.expect("resume there");
            let (got, _) = read_until(&mut s, v, "the resumed stream catches up").await;
            assert_eq!(got, versions_after(k, v), "resumed from {k}: {got:?}");
            resumed = Some((k, s, got));
        }
    }
    let last = game.play_to_end(&mut lcg).await.version;
    let (more, done) = read_until(&mut stream, last, "the rest").await;
    seen.extend(more);
    if !done {
        let (more, done) = read_until(&mut stream, last, "the end").await;
        seen.extend(more);
        assert!(done, "the last message is FINISHED");
    }
    assert_eq!(seen, versions_after(from, last), "every version once");

    let (k, mut s, mut got) = resumed.unwrap();
    loop {
        let (more, done) = read_until(&mut s, last, "the resumed stream to the end").await;
        got.extend(more);
        if done {
            break;
        }
    }
    assert_eq!(
        got,
        versions_after(k, last),
        "resumed from {k}: nothing missing"
    );
    assert_eq!(there.view().await, game.view().await, "both replicas agree");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_replicas_on_a_cluster_see_every_move_on_every_master() {
    let store = Store::redis_cluster();
    let cluster = store.cluster.as_ref().expect("a cluster");
    let first = store.server();
    // Watchers on the second server re-read the store only every 10 minutes: within the test's
    // waits, changes reach it through the cluster's pub/sub alone.
    let second = store.server_with(&["--watch-poll-ms", "600000"]);
    let t1 = first.client().await;
    let t2 = second.client().await;

    // Create games (through both replicas) until every master holds at least two.
    let mut games = Vec::new();
    let mut per_master = [0usize; RedisCluster::MASTERS];
    let mut seed = 900;
    while per_master.iter().any(|n| *n < 2) {
        assert!(
            games.len() < 60,
            "game ids never reached every master: {per_master:?}"
        );
        seed += 1;
        let maker = if seed % 2 == 0 { &t1 } else { &t2 };
        let game = Game::create(
            maker,
            options(pb::ClaimMode::Base2p),
            seats(&[true, false]),
            seed,
        )
        .await;
        let node = cluster
            .node_holding(&format!("tablero:{{{}}}:game", game.id))
            .expect("a game's key lives on a master");
        per_master[node] += 1;
        games.push((game.on(&t1), seed, node));
    }

    // Play them all at once: moves through the first replica, watched on the second.
    let runs = games
        .iter()
        .cloned()
        .map(|(g, seed, _)| tokio::spawn(play_across_replicas(g, t2.clone(), seed)));
    for r in futures::future::join_all(runs).await {
        r.expect("a game's run");
    }

    // Every key of a game lives on its game's master (one slot).
    for (g, _, node) in &games {
        assert_eq!(
            cluster.node_holding(&format!("tablero:{{{}}}:log", g.id)),
            Some(*node),
            "a game's log beside its snapshot"
        );
        let idem = cluster.node_holding(&format!("tablero:{{{}}}:idem", g.id));
        assert!(
            idem.is_none() || idem == Some(*node),
            "idempotency records beside the game"
        );
    }

    // The listing indexes (outside the games' slots) list every game on both replicas.
    let ids: BTreeSet<String> = games.iter().map(|(g, _, _)| g.id.clone()).collect();
    assert_eq!(listed_ids(&t1).await, ids);
    assert_eq!(listed_ids(&t2).await, ids);
    let done = list_all(&t2, "claim", pb::GameStatus::Finished).await;
    assert_eq!(done.len(), ids.len(), "every game listed as finished");
}
