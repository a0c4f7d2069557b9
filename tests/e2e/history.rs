//! GetHistory: paging, and the events of setup (the deal and the first reveal).

use crate::common::*;
use pb::claim_event::Kind as E;
use tablero_e2e::client::SeatClient;
use tablero_e2e::pb;

async fn page(client: &SeatClient, game: &Game, from: u64, size: u32) -> pb::GetHistoryResponse {
    let req = client.request(pb::GetHistoryRequest {
        game_id: game.id.clone(),
        from_version: from,
        page_size: size,
    });
    game.tablero
        .raw()
        .get_history(req)
        .await
        .expect("GetHistory")
        .into_inner()
}

async fn history_pages(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let game = Game::create(
        &tablero,
        options(pb::ClaimMode::ThreePlayer),
        seats(&[true, false, false]),
        801,
    )
    .await;
    let mut lcg = Lcg::new(801);
    for _ in 0..8 {
        game.step(&mut lcg).await.unwrap();
    }
    let current = game.view().await.version;
    for client in [game.spectator(), game.seat(0)] {
        let all = Game::history(&client).await;
        assert_eq!(event_versions(&all), versions_after(0, current));
        // Pages of 3 versions put together are the whole history.
        let mut from = 0;
        let mut joined = Vec::new();
        while from < current {
            let p = page(&client, &game, from, 3).await;
            assert_eq!(p.current_version, current);
            assert_eq!(
                p.through_version,
                (from + 3).min(current),
                "a page covers at most page_size versions"
            );
            assert_eq!(
                event_versions(&p.events),
                versions_after(from, p.through_version)
            );
            joined.extend(p.events);
            from = p.through_version;
        }
        assert_eq!(joined, all);
        // From the current version, or beyond it: nothing.
        for from in [current, current + 10] {
            let p = page(&client, &game, from, 0).await;
            assert!(p.events.is_empty(), "no events after v{from}");
            assert_eq!((p.through_version, p.current_version), (current, current));
        }
        // The middle onwards.
        let tail = page(&client, &game, current / 2, 0).await;
        assert_eq!(
            event_versions(&tail.events),
            versions_after(current / 2, current)
        );
    }
}

/// The deal and the first reveal are events of the game too: rules `Claim::setup_events` exists
/// "for the event log of a game just set up", and the contract's `Event.actor` is "unset for
/// automatic steps at creation". A seat's history from the start must therefore show its own
/// deal (its cards), every other seat's deal (a count only) and the first trick's revealed card,
/// with no actor — before any move.
async fn setup_events_are_in_the_history(store: Store) {
    let server = store.server();
    let tablero = server.client().await;
    let game = Game::create(&tablero, options(pb::ClaimMode::Base2p), all_human(2), 802).await;
    let start = game.seat(1).view().await.unwrap();
    assert_eq!(start.version, 0);
    game.step(&mut Lcg::new(802)).await.unwrap();
    let mut watch = game.seat(1).watch(0).await.unwrap();
    let watched = within(10, "the first watch message", watch.message())
        .await
        .unwrap()
        .unwrap()
        .events;
    for (source, events) in [
        ("GetHistory", Game::history(&game.seat(1)).await),
        ("WatchGame", watched),
    ] {
        let setup: Vec<&pb::Event> = events.iter().take_while(|e| e.actor.is_none()).collect();
        let dealt: Vec<&pb::claim_event::Dealt> = setup
            .iter()
            .filter_map(|e| match claim_event(e) {
                E::Dealt(d) => Some(d),
                _ => None,
            })
            .collect();
        let seats: Vec<u32> = dealt.iter().map(|d| d.seat).collect();
        assert_eq!(
            seats,
            vec![0, 1],
            "{source}: seat 1's history from the start begins with both deals (actor unset); it begins with {:?}",
            events.first().map(|e| &e.summary)
        );
        assert_eq!(dealt[0].count, 13);
        assert!(
            dealt[0].cards.is_empty(),
            "{source}: seat 0's deal is hidden from seat 1"
        );
        assert_eq!(
            keys(&dealt[1].cards),
            keys(&claim(&start).players[1].hand),
            "{source}: seat 1 sees its own deal"
        );
        let first_trick = setup.iter().find_map(|e| match claim_event(e) {
            E::TrickStarted(t) => Some(t),
            _ => None,
        });
        let first_trick = first_trick
            .unwrap_or_else(|| panic!("{source}: the first trick's start is in the setup events"));
        assert_eq!((first_trick.trick_number, first_trick.leader), (1, 0));
        assert_eq!(
            first_trick.revealed,
            claim(&start).revealed,
            "{source}: the first revealed card"
        );
    }
}

on_both_stores!(history_pages, setup_events_are_in_the_history);
