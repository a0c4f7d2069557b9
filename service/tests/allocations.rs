//! What one SubmitAction asks of the allocator, counted by the counting allocator the server
//! installs (`heap.rs`, around the server's allocator): the RPC handler and the engine on the
//! memory store, called in this thread (a current-thread runtime, so the store's and the
//! watchers' work is counted too), for the moves of a two-seat Claim game, each sent with an
//! idempotency key as the client helpers do. HTTP/2, hyper and the tower layers are not in it
//! (they run in the server's connection tasks; `tablero-bench` measures the whole call).
//!
//! The median must stay within [`BUDGET`]: a change that adds allocations to every submit fails
//! here, and the figure in `docs/benchmarks.md` comes from this test's output (`--nocapture`).

mod api_game;

use api_game::with_token;
use tablero_proto::server::game_service_server::GameService;
use tablero_proto::v1 as pb;
use tablero_service::heap::{self, Counting};
use tonic::Request;

#[cfg(feature = "jemalloc")]
#[global_allocator]
static ALLOC: Counting<tikv_jemallocator::Jemalloc> = Counting::new(tikv_jemallocator::Jemalloc);

#[cfg(not(feature = "jemalloc"))]
#[global_allocator]
static ALLOC: Counting = Counting::new(std::alloc::System);

/// Allocations (and reallocations) per submit, median over a game, at most.
const BUDGET: u64 = 170;

#[tokio::test(flavor = "current_thread")]
async fn a_submit_makes_few_allocations() {
    assert!(heap::installed());
    let (api, _stop) = api_game::api();
    let (game_id, tokens) = api_game::claim_game(&api).await;
    let mut counts = Vec::new();
    for n in 0..200 {
        let spectator = api
            .get_view(Request::new(pb::GetViewRequest {
                game_id: game_id.clone(),
            }))
            .await
            .expect("a view")
            .into_inner()
            .view
            .expect("a view");
        let Some(&seat) = spectator.to_act.first() else {
            break;
        };
        let token = &tokens[seat as usize];
        let view = api
            .get_view(with_token(
                pb::GetViewRequest {
                    game_id: game_id.clone(),
                },
                Some(token),
            ))
            .await
            .expect("the seat's view")
            .into_inner()
            .view
            .expect("a view");
        let action = view.legal_actions[n % view.legal_actions.len()].id.clone();
        let request = with_token(
            pb::SubmitActionRequest {
                game_id: game_id.clone(),
                expected_version: view.version,
                idempotency_key: format!("key-{n:08}"),
                action: Some(pb::submit_action_request::Action::ActionId(action)),
                ..Default::default()
            },
            Some(token),
        );
        let before = heap::thread_allocations_made();
        let answer = api.submit_action(request).await.expect("accepted");
        drop(answer);
        counts.push(heap::thread_allocations_made() - before);
    }
    assert!(
        counts.len() > 20,
        "the game ended after {} moves",
        counts.len()
    );
    counts.sort_unstable();
    let median = counts[counts.len() / 2];
    println!(
        "allocations per submit over {} Claim moves: min {}, median {median}, max {}",
        counts.len(),
        counts[0],
        counts[counts.len() - 1]
    );
    assert!(
        median <= BUDGET,
        "a submit makes {median} allocations (median), more than its budget of {BUDGET}"
    );
}
