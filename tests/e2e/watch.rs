//! WatchGame: every change exactly once, in order, for seats and spectators; resuming from a
//! version; and (on Redis) a watcher on another server process seeing moves made elsewhere.

use crate::common::*;
use futures::StreamExt;
use std::collections::BTreeSet;
use tablero_e2e::client::SeatClient;
use tablero_e2e::{Server, pb};
use tonic::Code;

/// Reads messages until one carries a FINISHED view; checks the stream then ends.
async fn collect_until_finished(client: SeatClient, from: u64) -> Vec<pb::WatchGameResponse> {
    let stream = client.watch(from).await.expect("WatchGame");
    drain(stream, Vec::new()).await
}

async fn drain(
    mut stream: tonic::Streaming<pb::WatchGameResponse>,
    mut out: Vec<pb::WatchGameResponse>,
) -> Vec<pb::WatchGameResponse> {
    while !out
        .last()
        .is_some_and(|m| finished(m.view.as_ref().expect("every message carries the view")))
    {
        let msg = stream
            .next()
            .await
            .expect("the stream stays open until the game is over")
            .expect("a message");
        out.push(msg);
    }
    let end = within(10, "the stream closes after the end", stream.next()).await;
    assert!(end.is_none(), "no message after the FINISHED one: {end:?}");
    out
}

/// The messages' versions cover `from+1..=last` (from 0: the setup's 0 too) exactly once, in order, and each message's view
/// is at its last event's version.
fn check_coverage(
    msgs: &[pb::WatchGameResponse],
    from: u64,
    last: u64,
    viewer: Option<u32>,
    what: &str,
) {
    let mut seen = Vec::new();
    for m in msgs {
        let view = m.view.as_ref().unwrap();
        assert_eq!(view.viewer_seat, viewer, "{what}: the watcher's own view");
        let versions = event_versions(&m.events);
        if let Some(max) = versions.last() {
            assert_eq!(
                *max, view.version,
                "{what}: a message's events run up to its view's version"
            );
        }
        seen.extend(versions);
    }
    let distinct: BTreeSet<u64> = seen.iter().copied().collect();
    assert_eq!(
        distinct.len(),
        seen.len(),
        "{what}: no version delivered twice: {seen:?}"
    );
    assert_eq!(
        seen,
        versions_after(from, last),
        "{what}: every version after {from} exactly once"
    );
    assert!(
        finished(msgs.last().unwrap().view.as_ref().unwrap()),
        "{what}: the last view is FINISHED"
    );
}

async fn watchers_from_zero_see_every_change(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let game = Game::create(
        &tablero,
        options(pb::ClaimMode::ThreePlayer),
        seats(&[false, true, false]),
        301,
    )
    .await;
    let opening = game.view().await.version;
    assert!(opening >= 1, "the bot in seat 0 led during CreateGame");
    // Both watchers get the opening bot moves first, before anything else happens.
    let mut watchers = Vec::new();
    for client in [game.seat(1), game.spectator()] {
        let mut stream = client.watch(0).await.expect("WatchGame");
        let hello = within(10, "the first message", stream.next())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            event_versions(&hello.events),
            versions_after(0, opening),
            "the opening moves"
        );
        assert_eq!(hello.view.as_ref().unwrap().version, opening);
        watchers.push(tokio::spawn(drain(stream, vec![hello])));
    }
    let as_spectator = watchers.pop().unwrap();
    let as_seat = watchers.pop().unwrap();
    let mut lcg = Lcg::new(301);
    let mut responses = Vec::new();
    while let Some((_, resp)) = game.step(&mut lcg).await {
        responses.push(resp);
    }
    let last = game.view().await.version;
    let seat_msgs = within(30, "the seat's watcher", as_seat).await.unwrap();
    let spec_msgs = within(30, "the spectator's watcher", as_spectator)
        .await
        .unwrap();
    check_coverage(&seat_msgs, 0, last, Some(1), "seat 1");
    check_coverage(&spec_msgs, 0, last, None, "spectator");
    // The seat's stream shows what the seat's history shows, event for event.
    let seat_events: Vec<pb::Event> = seat_msgs.iter().flat_map(|m| m.events.clone()).collect();
    assert_eq!(
        seat_events,
        Game::history(&game.seat(1)).await,
        "seat 1's stream == seat 1's history"
    );
    let spec_events: Vec<pb::Event> = spec_msgs.iter().flat_map(|m| m.events.clone()).collect();
    assert_eq!(
        spec_events,
        Game::history(&game.spectator()).await,
        "the spectator's stream == its history"
    );
    // And the final views are the GetView ones.
    assert_eq!(
        seat_msgs.last().unwrap().view.as_ref(),
        Some(&game.seat(1).view().await.unwrap())
    );
    assert_eq!(
        spec_msgs.last().unwrap().view.as_ref(),
        Some(&game.view().await)
    );
    assert!(
        spec_msgs.len() > 1,
        "changes arrived while the game was played"
    );
}

async fn resuming_from_a_version_delivers_only_later_events(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let game = Game::create(&tablero, options(pb::ClaimMode::Base2p), all_human(2), 302).await;
    let mut lcg = Lcg::new(302);
    for _ in 0..10 {
        game.step(&mut lcg).await.unwrap();
    }
    // While the game runs: the first message holds versions 7..=10, the next only the new move.
    let mut stream = game.seat(0).watch(6).await.unwrap();
    let first = within(10, "the first message", stream.next())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(event_versions(&first.events), vec![7, 8, 9, 10]);
    assert_eq!(first.view.as_ref().unwrap().version, 10);
    game.step(&mut lcg).await.unwrap();
    let second = within(10, "the next change", stream.next())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(event_versions(&second.events), vec![11]);
    assert_eq!(second.view.as_ref().unwrap().version, 11);
    drop(stream);
    // At the current version: a first message without events, then the next change.
    let mut stream = game.spectator().watch(11).await.unwrap();
    let first = within(10, "the first message", stream.next())
        .await
        .unwrap()
        .unwrap();
    assert!(
        first.events.is_empty(),
        "nothing after the current version yet"
    );
    assert_eq!(first.view.as_ref().unwrap().version, 11);
    game.step(&mut lcg).await.unwrap();
    let second = within(10, "the next change", stream.next())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(event_versions(&second.events), vec![12]);
    drop(stream);

    let last = game.play_to_end(&mut lcg).await.version;
    // After the end: resuming from the middle delivers exactly the rest, then closes.
    for (from, viewer) in [(last / 2, None), (last - 1, Some(1)), (0, Some(0))] {
        let client = match viewer {
            None => game.spectator(),
            Some(s) => game.seat(s),
        };
        let msgs = within(10, "resume", collect_until_finished(client, from)).await;
        assert_eq!(msgs.len(), 1, "a finished game: one message");
        check_coverage(&msgs, from, last, viewer, &format!("resume from {from}"));
    }
    let msgs = within(
        10,
        "resume at the end",
        collect_until_finished(game.spectator(), last),
    )
    .await;
    assert!(msgs.len() == 1 && msgs[0].events.is_empty());
    // Beyond the current version.
    let r = game.spectator().watch(last + 1).await;
    match r {
        Err(s) => assert_eq!(s.code(), Code::InvalidArgument, "{s:?}"),
        Ok(mut s) => {
            let m = within(10, "watch beyond", s.next())
                .await
                .expect("an error");
            expect_code(m, Code::InvalidArgument, "watch beyond the current version");
        }
    }
}

/// Two server processes on one store: a watcher on the second sees the moves made through the
/// first (any replica serves any game). On memory each process has its own games, so the
/// second does not know the game at all.
async fn a_watcher_on_another_server_sees_the_moves(store: Store) {
    // Watchers on the second server re-read the store only every 10 minutes, so within the
    // test's waits a change can only arrive through Redis pub/sub from the first server.
    let first = store.server();
    let second: Server = store.server_with(&["--watch-poll-ms", "600000"]);
    let t1 = first.client().await;
    let t2 = second.client().await;
    let game = Game::create(
        &t1,
        options(pb::ClaimMode::Base2p),
        seats(&[true, false]),
        303,
    )
    .await;
    let elsewhere = game.on(&t2);
    if !store.is_redis() {
        expect_code(
            elsewhere.spectator().view().await,
            Code::NotFound,
            "another memory process",
        );
        return;
    }
    let from = game.view().await.version;
    let mut stream = elsewhere
        .spectator()
        .watch(from)
        .await
        .expect("watch on the second server");
    let hello = within(10, "the first message", stream.next())
        .await
        .unwrap()
        .unwrap();
    let mut seen = event_versions(&hello.events);
    assert_eq!(
        seen,
        versions_after(from, from),
        "nothing but the setup yet"
    );
    let mut lcg = Lcg::new(303);
    // Move through the first server; each change shows up on the second.
    for _ in 0..6 {
        let (_, resp) = game.step(&mut lcg).await.unwrap();
        let v = resp.view.unwrap().version;
        let mut got = 0;
        while got < v {
            let m = within(10, "the change on the second server", stream.next())
                .await
                .unwrap()
                .unwrap();
            seen.extend(event_versions(&m.events));
            got = m.view.unwrap().version;
        }
        assert_eq!(got, v);
    }
    let last = game.play_to_end(&mut lcg).await.version;
    loop {
        let m = within(10, "the rest on the second server", stream.next())
            .await
            .unwrap()
            .unwrap();
        seen.extend(event_versions(&m.events));
        if finished(m.view.as_ref().unwrap()) {
            break;
        }
    }
    assert_eq!(
        seen,
        versions_after(from, last),
        "every version once, across replicas"
    );
    assert_eq!(
        elsewhere.view().await,
        game.view().await,
        "both replicas serve the same game"
    );
}

on_all_stores!(
    watchers_from_zero_see_every_change,
    resuming_from_a_version_delivers_only_later_events,
    a_watcher_on_another_server_sees_the_moves,
);
