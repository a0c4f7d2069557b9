//! What the tests that call the RPC handlers directly share: the handlers on a fresh memory
//! store, a two-seat Claim game of two people, and requests carrying a seat's token.

use std::sync::Arc;
use std::time::Duration;
use tablero_proto::server::game_service_server::GameService;
use tablero_proto::v1 as pb;
use tablero_service::rpc::api::Api;
use tablero_service::store::memory::MemoryStore;
use tonic::Request;

/// `message` as a request, with `token` as its bearer credential when there is one.
pub fn with_token<T>(message: T, token: Option<&str>) -> Request<T> {
    let mut request = Request::new(message);
    if let Some(token) = token {
        request.metadata_mut().insert(
            "authorization",
            format!("Bearer {token}").parse().expect("a header value"),
        );
    }
    request
}

/// The handlers on a memory store, and the sender that keeps the server running.
pub fn api() -> (Api<MemoryStore>, tokio::sync::watch::Sender<bool>) {
    let (stop, shutdown) = tokio::sync::watch::channel(false);
    let api = Api::new(
        Arc::new(MemoryStore::new()),
        shutdown,
        Duration::from_secs(5),
    );
    (api, stop)
}

/// A new two-seat Claim game of two people: its id and the seats' tokens, in seat order.
pub async fn claim_game(api: &Api<MemoryStore>) -> (String, Vec<String>) {
    let human = |name: &str| pb::SeatSpec {
        occupant: pb::Occupant::Human as i32,
        name: name.into(),
        ..Default::default()
    };
    let created = api
        .create_game(Request::new(pb::CreateGameRequest {
            game_type: "claim".into(),
            mode: "base_2p".into(),
            seats: vec![human("ana"), human("ben")],
            ..Default::default()
        }))
        .await
        .expect("created")
        .into_inner();
    let tokens = created.credentials.into_iter().map(|c| c.token).collect();
    (created.game_id, tokens)
}
