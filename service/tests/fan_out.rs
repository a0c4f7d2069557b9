//! Watch fan-out from one encoding (issue 30, part 4): a write's message for one viewer coming
//! from one version is encoded once, and every stream that shares that viewer and version sends
//! the same bytes (not equal copies); the seat that made the write is answered with them too.
//! Through the RPC handlers on the memory store, with real watch streams.

mod api_game;

use api_game::with_token;
use std::time::Duration;
use tablero_proto::encoded::Update;
use tablero_proto::server::game_service_server::GameService;
use tablero_proto::v1 as pb;
use tablero_service::rpc::api::Api;
use tablero_service::rpc::watch::WatchStream;
use tablero_service::store::memory::MemoryStore;
use tokio_stream::StreamExt;
use tonic::Request;

async fn watch(api: &Api<MemoryStore>, game_id: &str, token: Option<&str>) -> WatchStream {
    api.watch_game(with_token(
        pb::WatchGameRequest {
            game_id: game_id.into(),
            from_version: 0,
        },
        token,
    ))
    .await
    .expect("watching")
    .into_inner()
}

async fn next(stream: &mut WatchStream) -> Update {
    tokio::time::timeout(Duration::from_secs(10), stream.next())
        .await
        .expect("a message within 10 s")
        .expect("the stream goes on")
        .expect("a message, not an error")
        .0
}

/// Each stream's next message; all of one group must be one encoding.
async fn next_of_all(streams: &mut [WatchStream]) -> Vec<Update> {
    let mut out = Vec::new();
    for s in streams.iter_mut() {
        out.push(next(s).await);
    }
    out
}

fn one_encoding(what: &str, messages: &[Update]) {
    for (i, m) in messages.iter().enumerate().skip(1) {
        assert_eq!(m, &messages[0], "{what}: stream {i} got another message");
        assert!(
            m.shares(&messages[0]),
            "{what}: stream {i} got an equal message encoded again, not the same bytes"
        );
    }
}

#[tokio::test]
async fn watchers_of_one_viewer_and_version_share_one_encoding() {
    let (api, _stop) = api_game::api();
    let (id, tokens) = api_game::claim_game(&api).await;
    let id = id.as_str();
    let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
    let mut spectators = Vec::new();
    let mut seat0 = Vec::new();
    let mut seat1 = Vec::new();
    for _ in 0..4 {
        spectators.push(watch(&api, id, None).await);
        seat0.push(watch(&api, id, Some(tokens[0])).await);
        seat1.push(watch(&api, id, Some(tokens[1])).await);
    }
    // The opening: the setup's events and the view, per viewer.
    let opening = next_of_all(&mut spectators).await;
    one_encoding("spectators' opening", &opening);
    let seat0_opening = next_of_all(&mut seat0).await;
    one_encoding("seat 0's opening", &seat0_opening);
    let seat1_opening = next_of_all(&mut seat1).await;
    one_encoding("seat 1's opening", &seat1_opening);
    // Seats see their own hands: a seat's message is not the spectators'.
    assert_ne!(seat0_opening[0], opening[0]);

    for _ in 0..3 {
        let view = spectator_view(&api, id).await;
        let seat = view.to_act[0] as usize;
        let mine = api
            .get_view(with_token(
                pb::GetViewRequest { game_id: id.into() },
                Some(tokens[seat]),
            ))
            .await
            .expect("the seat's view")
            .into_inner()
            .view
            .expect("a view");
        let answer = api
            .submit_action(with_token(
                pb::SubmitActionRequest {
                    game_id: id.into(),
                    expected_version: mine.version,
                    action: Some(pb::submit_action_request::Action::ActionId(
                        mine.legal_actions[0].id.clone(),
                    )),
                    ..Default::default()
                },
                Some(tokens[seat]),
            ))
            .await
            .expect("accepted")
            .into_inner();
        let watched = next_of_all(&mut spectators).await;
        one_encoding("spectators", &watched);
        let (actor, other) = if seat == 0 {
            (&mut seat0, &mut seat1)
        } else {
            (&mut seat1, &mut seat0)
        };
        let acted = next_of_all(actor).await;
        one_encoding("the acting seat's watchers", &acted);
        one_encoding("the other seat's watchers", &next_of_all(other).await);
        // The submitter's answer is its seat's watch message, from the same bytes.
        assert!(
            answer.0.shares(&acted[0]),
            "the submit's answer was encoded apart from its seat's watch message"
        );
        let answered = answer.decode().expect("an answer");
        let watched = acted[0].decode().expect("a watch message");
        assert_eq!(answered.view, watched.view);
        assert_eq!(answered.events, watched.events);
    }
}

async fn spectator_view(api: &Api<MemoryStore>, id: &str) -> pb::GameView {
    api.get_view(Request::new(pb::GetViewRequest { game_id: id.into() }))
        .await
        .expect("a view")
        .into_inner()
        .view
        .expect("a view")
}
