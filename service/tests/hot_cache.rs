//! The hot cache without the counting allocator (as in any program that does not install it:
//! the library's tests, an embedding): a game is weighed by its stored bytes, never as nothing
//! (a cache of weightless games would be unbounded), and the cache stays within its budget.
//! With the allocator installed, `hot_weight.rs` checks the weights against glibc's count.

use prost::Message;
use std::sync::Arc;
use tablero_proto::v1 as pb;
use tablero_rules::Viewer;
use tablero_service::engine::hot::{HotGame, HotGames, STORED_FACTOR};
use tablero_service::heap;
use tablero_service::rpc::games::{self, registries};
use tablero_service::store::record::{GameRecord, GameStatus, SNAPSHOT_FORMAT};

/// A Claim game at its start, as a hot game (with its state, as the engine hands it over).
fn claim(id: &str) -> HotGame {
    let (hosts, wires) = registries();
    let kind = hosts.get("claim").unwrap();
    let wire = wires.get("claim").unwrap();
    let new = games::new_game(kind, wire, None, Some("base_2p"), None, 2, 7).unwrap();
    let record = GameRecord {
        format: SNAPSHOT_FORMAT,
        id: id.into(),
        game_type: "claim".into(),
        rules_version: 1,
        created_at_ms: 0,
        seats: Vec::new(),
        setup: new.setup,
        opening_events: new.events,
        version: 0,
        revision: 1,
        status: GameStatus::Active,
        state: new.session.snapshot(),
        campaign: None,
        creator_token_hash: None,
        listed: false,
        updated_at_ms: 0,
        clock: None,
    };
    HotGame::new(record, new.session, None, None)
}

#[test]
fn without_the_counting_allocator_games_weigh_their_stored_bytes() {
    assert!(!heap::installed());
    let game = claim("g_1");
    let stored = game.session.snapshot().len() as u64;
    assert!(game.record.state.is_empty(), "the session is the state");
    assert!(game.weight() >= STORED_FACTOR as u64 * stored);

    let cache = HotGames::new(1 << 30);
    let game = cache.put(Arc::new(game));
    let before = cache.weight();
    let message = pb::WatchGameResponse {
        events: Vec::new(),
        view: Some(pb::GameView {
            game_id: "g_1".into(),
            ..Default::default()
        }),
    };
    let encoded = message.encoded_len() as u64;
    game.remember(
        Viewer::Spectator,
        0,
        false,
        || Ok::<_, ()>(message),
        |m| m.encoded_len(),
    )
    .unwrap();
    // Kept after the put, the message is weighed in the cache too.
    assert!(cache.weight() >= before + STORED_FACTOR as u64 * encoded);
    let kept = game.message::<pb::WatchGameResponse>(Viewer::Spectator, 0, false);
    assert_eq!(kept.expect("kept").view.as_ref().unwrap().game_id, "g_1");
    cache.forget("g_1");
    assert_eq!(cache.weight(), 0);
}

#[test]
fn the_cache_keeps_what_its_budget_holds() {
    let one = claim("g_0").weight();
    let cache = HotGames::new(20 * one);
    for i in 0..200 {
        cache.put(Arc::new(claim(&format!("g_{i}"))));
    }
    assert!(cache.weight() <= 20 * one);
    assert!(!cache.is_empty() && cache.len() < 200);
}
