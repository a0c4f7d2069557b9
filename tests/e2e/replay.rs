//! GetReplayView at version v equals what GetView returned at version v, for seats and
//! spectators; versions beyond the current one are INVALID_ARGUMENT.

use crate::common::*;
use std::collections::BTreeMap;
use tablero_e2e::pb;
use tonic::Code;

/// Plays `game` to the end, recording GetView at every version the test sees, for every held
/// seat and the spectator; then replays each recorded version.
async fn record_and_replay(game: &Game, seed: u64) {
    let mut recorded: BTreeMap<(Option<u32>, u64), pb::GameView> = BTreeMap::new();
    let mut lcg = Lcg::new(seed);
    loop {
        let spectator = game.view().await;
        recorded.insert((None, spectator.version), spectator.clone());
        for s in game.tokens.keys() {
            let v = game.seat(*s).view().await.unwrap();
            assert_eq!(v.version, spectator.version);
            recorded.insert((Some(*s), v.version), v);
        }
        if game.step(&mut lcg).await.is_none() {
            break;
        }
    }
    let last = game.view().await.version;
    let versions: std::collections::BTreeSet<u64> = recorded.keys().map(|(_, v)| *v).collect();
    assert!(versions.len() > 20, "many versions recorded");
    for ((viewer, version), want) in &recorded {
        let client = match viewer {
            None => game.spectator(),
            Some(s) => game.seat(*s),
        };
        let got = client
            .replay_view(*version)
            .await
            .unwrap_or_else(|s| panic!("replay v{version}: {s:?}"));
        assert!(
            got == *want,
            "GetReplayView({version}) as {viewer:?} differs from GetView at v{version}:\n got {got:?}\nwant {want:?}"
        );
    }
    for viewer in [None]
        .into_iter()
        .chain(game.tokens.keys().map(|s| Some(*s)))
    {
        let client = match viewer {
            None => game.spectator(),
            Some(s) => game.seat(s),
        };
        for beyond in [last + 1, last + 100, u64::MAX] {
            expect_code(
                client.replay_view(beyond).await,
                Code::InvalidArgument,
                &format!("replay v{beyond}"),
            );
        }
    }
}

async fn replay_matches_recorded_views_with_bots(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let game = Game::create(
        &tablero,
        options(pb::ClaimMode::Custom2p),
        seats(&[false, true]),
        401,
    )
    .await;
    record_and_replay(&game, 401).await;
}

async fn replay_matches_recorded_views_every_version(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let game = Game::create(
        &tablero,
        options(pb::ClaimMode::ThreePlayer),
        all_human(3),
        402,
    )
    .await;
    record_and_replay(&game, 402).await;
    // Without bots every version was seen, from 0 to the end.
    let last = game.view().await.version;
    let zero = game.spectator().replay_view(0).await.unwrap();
    assert_eq!(
        zero,
        game.created.view.clone().unwrap(),
        "version 0 is the game as created"
    );
    assert_eq!(zero.version, 0);
    assert!(last > 50);
}

on_both_stores!(
    replay_matches_recorded_views_with_bots,
    replay_matches_recorded_views_every_version
);
