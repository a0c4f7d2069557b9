//! Rust client for Tablero.
//!
//! The wire code is generated from `proto/` (see [`pb`]); this crate adds the boilerplate every
//! user would otherwise repeat: attaching a seat token, submitting with the current version and
//! retrying on ABORTED, and reading the rule ID or current version out of an error.
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use tablero_client::{Tablero, pb};
//! let tablero = Tablero::connect("http://127.0.0.1:50051").await?;
//! let created = tablero.create_game(pb::CreateGameRequest {
//!     game_type: "claim".into(),
//!     seats: vec![Tablero::human("me"), Tablero::bot()],
//!     ..Default::default()
//! }).await?;
//! let me = tablero.seat(&created.game_id, &created.credentials[0].token);
//! let actions = me.legal_actions().await?;
//! me.submit_id(&actions.actions[0].id).await?;
//! # Ok(()) }
//! ```

pub use tablero_proto::v1 as pb;

use pb::campaign_service_client::CampaignServiceClient;
use pb::game_service_client::GameServiceClient;
use tonic::metadata::{AsciiMetadataValue, MetadataValue};
use tonic::service::Interceptor;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::{Channel, Endpoint};
use tonic::{Code, Request, Status, Streaming};
use tonic_types::StatusExt;

/// The metadata key that carries a backend's API key.
pub const API_KEY_HEADER: &str = "x-api-key";

/// The metadata key that names the game a call is about: a load balancer hashes on it, so a
/// game's calls reach the replica that keeps the game decoded (`deploy/k8s/components/edge/envoy.yaml`).
pub const GAME_ID_HEADER: &str = "tablero-game-id";

/// Adds the backend's API key (`x-api-key`) to every call, when the connection has one.
#[derive(Clone, Default)]
pub struct ApiKey(Option<AsciiMetadataValue>);

impl Interceptor for ApiKey {
    fn call(&mut self, mut req: Request<()>) -> Result<Request<()>, Status> {
        if let Some(key) = &self.0
            && !req.metadata().contains_key(API_KEY_HEADER)
        {
            req.metadata_mut().insert(API_KEY_HEADER, key.clone());
        }
        Ok(req)
    }
}

/// The channel of every call: the connection, with the API key added when there is one.
pub type Transport = InterceptedService<Channel, ApiKey>;

/// A connection to a Tablero server.
#[derive(Clone)]
pub struct Tablero {
    client: GameServiceClient<Transport>,
    campaigns: CampaignServiceClient<Transport>,
}

#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    #[error("connect: {0}")]
    Connect(#[from] tonic::transport::Error),
    #[error(transparent)]
    Status(#[from] Status),
}

impl Tablero {
    /// A connection as a player or spectator (no API key).
    pub async fn connect(url: impl Into<String>) -> Result<Tablero, ClientError> {
        Self::connect_as(url, None).await
    }

    /// A connection as a backend: every call carries `api_key` as `x-api-key`.
    pub async fn connect_with_key(
        url: impl Into<String>,
        api_key: &str,
    ) -> Result<Tablero, ClientError> {
        Self::connect_as(url, Some(api_key)).await
    }

    async fn connect_as(
        url: impl Into<String>,
        api_key: Option<&str>,
    ) -> Result<Tablero, ClientError> {
        let channel = Endpoint::from_shared(url.into())?.connect().await?;
        let key = match api_key {
            Some(k) => Some(MetadataValue::try_from(k).map_err(|_| {
                ClientError::Status(Status::invalid_argument("an API key is printable ASCII"))
            })?),
            None => None,
        };
        Ok(Self::over_channel(channel, key))
    }

    /// A client over a channel made elsewhere (TLS settings, a custom endpoint), with the API
    /// key every call should carry, if any.
    pub fn over_channel(channel: Channel, key: Option<AsciiMetadataValue>) -> Tablero {
        let key = ApiKey(key);
        Tablero {
            client: GameServiceClient::with_interceptor(channel.clone(), key.clone()),
            campaigns: CampaignServiceClient::with_interceptor(channel, key),
        }
    }

    /// The generated client, for anything the helpers do not cover.
    pub fn raw(&self) -> GameServiceClient<Transport> {
        self.client.clone()
    }

    /// The generated campaign client.
    pub fn campaigns(&self) -> CampaignServiceClient<Transport> {
        self.campaigns.clone()
    }

    /// A request carrying `authorization: Bearer <token>` (e.g. a campaign owner's token).
    pub fn with_token<T>(msg: T, token: &str) -> Request<T> {
        let mut req = Request::new(msg);
        if let Ok(v) = format!("Bearer {token}").parse() {
            req.metadata_mut().insert("authorization", v);
        }
        req
    }

    pub fn human(name: &str) -> pb::SeatSpec {
        pb::SeatSpec {
            occupant: pb::Occupant::Human as i32,
            name: name.into(),
            bot: String::new(),
            bot_level: 0,
            player_ref: String::new(),
            player_ref_public: false,
        }
    }

    /// A human seat for the backend's user `player_ref` (needs an API key on the request).
    pub fn player(name: &str, player_ref: &str) -> pb::SeatSpec {
        pb::SeatSpec {
            player_ref: player_ref.into(),
            ..Self::human(name)
        }
    }

    pub fn bot() -> pb::SeatSpec {
        pb::SeatSpec {
            occupant: pb::Occupant::Bot as i32,
            name: "bot".into(),
            bot: "random".into(),
            bot_level: 0,
            player_ref: String::new(),
            player_ref_public: false,
        }
    }

    /// A seat for the server's bot of `kind` ("random", "greedy", "mcts") at `level` (0: the
    /// kind's default).
    pub fn bot_of(kind: &str, level: u32) -> pb::SeatSpec {
        pb::SeatSpec {
            bot: kind.into(),
            bot_level: level,
            ..Tablero::bot()
        }
    }

    pub fn open_seat() -> pb::SeatSpec {
        pb::SeatSpec {
            occupant: pb::Occupant::Open as i32,
            name: String::new(),
            bot: String::new(),
            bot_level: 0,
            player_ref: String::new(),
            player_ref_public: false,
        }
    }

    pub async fn create_game(
        &self,
        req: pb::CreateGameRequest,
    ) -> Result<pb::CreateGameResponse, Status> {
        Ok(self.raw().create_game(req).await?.into_inner())
    }

    pub async fn join_game(
        &self,
        game_id: &str,
        seat: Option<u32>,
        name: &str,
    ) -> Result<pb::JoinGameResponse, Status> {
        let req = pb::JoinGameRequest {
            game_id: game_id.into(),
            seat,
            name: name.into(),
            player_ref: String::new(),
            player_ref_public: false,
        };
        Ok(self.raw().join_game(req).await?.into_inner())
    }

    /// Deletes a game: `creator_token` is CreateGameResponse.creator_token.
    pub async fn delete_game(&self, game_id: &str, creator_token: &str) -> Result<(), Status> {
        let req = pb::DeleteGameRequest {
            game_id: game_id.into(),
        };
        self.raw()
            .delete_game(Self::with_token(req, creator_token))
            .await?;
        Ok(())
    }

    /// Deletes a campaign and its plays (`owner_token` is CreateCampaignResponse.token); returns
    /// the ids of the plays deleted.
    pub async fn delete_campaign(
        &self,
        campaign_id: &str,
        owner_token: &str,
    ) -> Result<Vec<String>, Status> {
        let req = pb::DeleteCampaignRequest {
            campaign_id: campaign_id.into(),
        };
        Ok(self
            .campaigns()
            .delete_campaign(Self::with_token(req, owner_token))
            .await?
            .into_inner()
            .deleted_game_ids)
    }

    pub async fn game_types(&self) -> Result<Vec<pb::GameTypeInfo>, Status> {
        Ok(self
            .raw()
            .list_game_types(pb::ListGameTypesRequest {})
            .await?
            .into_inner()
            .game_types)
    }

    /// Acting as (and seeing what is visible to) the seat whose token this is.
    pub fn seat(&self, game_id: &str, token: &str) -> SeatClient {
        SeatClient {
            client: self.client.clone(),
            game_id: game_id.into(),
            token: Some(token.into()),
        }
    }

    /// Hands `seat` to the server's bot (`pb::Occupant::Bot`) or back to its person
    /// (`pb::Occupant::Human`); needs an API key with the `seats` scope.
    pub async fn replace_seat(
        &self,
        game_id: &str,
        seat: u32,
        occupant: pb::Occupant,
    ) -> Result<pb::ReplaceSeatResponse, Status> {
        let req = self.spectator(game_id).request(pb::ReplaceSeatRequest {
            game_id: game_id.into(),
            seat,
            occupant: occupant as i32,
            bot: String::new(),
            bot_level: 0,
        });
        Ok(self.raw().replace_seat(req).await?.into_inner())
    }

    /// A new token for `seat` (in the response's credential); the old one stops working. Needs
    /// an API key with the `seats` scope.
    pub async fn reissue_seat_token(
        &self,
        game_id: &str,
        seat: u32,
    ) -> Result<pb::ReissueSeatTokenResponse, Status> {
        let req = self
            .spectator(game_id)
            .request(pb::ReissueSeatTokenRequest {
                game_id: game_id.into(),
                seat,
            });
        Ok(self.raw().reissue_seat_token(req).await?.into_inner())
    }

    /// Resigns `seat` for its player, as a backend (API key with the `seats` scope).
    pub async fn resign_seat(
        &self,
        game_id: &str,
        seat: u32,
    ) -> Result<pb::ResignSeatResponse, Status> {
        let req = self.spectator(game_id).request(pb::ResignSeatRequest {
            game_id: game_id.into(),
            seat: Some(seat),
        });
        Ok(self.raw().resign_seat(req).await?.into_inner())
    }

    /// Every game of one of the backend's players, newest first (all pages), or only those
    /// waiting for the player when `to_act`. Needs an API key with the `list` scope.
    pub async fn player_games(
        &self,
        player_ref: &str,
        to_act: bool,
    ) -> Result<Vec<pb::GameSummary>, Status> {
        let mut games = Vec::new();
        let mut page_token = String::new();
        loop {
            let page = self
                .raw()
                .list_games(pb::ListGamesRequest {
                    player_ref: player_ref.into(),
                    to_act,
                    page_token: page_token.clone(),
                    ..Default::default()
                })
                .await?
                .into_inner();
            games.extend(page.games);
            if page.next_page_token.is_empty() {
                return Ok(games);
            }
            page_token = page.next_page_token;
        }
    }

    /// The change feed as the filter in `req` says, from its cursor (API key with the `feed`
    /// scope). To resume after a broken stream, send the last change's cursor again.
    pub async fn watch_changes(
        &self,
        req: pb::WatchChangesRequest,
    ) -> Result<tonic::Streaming<pb::WatchChangesResponse>, Status> {
        Ok(self.raw().watch_changes(req).await?.into_inner())
    }

    /// The webhook endpoints and their latest deliveries (API key with the `webhooks` scope);
    /// `endpoint` empty = all.
    pub async fn webhook_deliveries(
        &self,
        endpoint: &str,
    ) -> Result<pb::ListWebhookDeliveriesResponse, Status> {
        let req = pb::ListWebhookDeliveriesRequest {
            endpoint: endpoint.into(),
            page_size: 500,
        };
        Ok(self.raw().list_webhook_deliveries(req).await?.into_inner())
    }

    /// Sends a webhook change again under its delivery id, and re-enables a disabled endpoint
    /// (API key with the `webhooks` scope); an empty `delivery_id` only re-enables.
    pub async fn retry_webhook_delivery(
        &self,
        endpoint: &str,
        delivery_id: &str,
    ) -> Result<(), Status> {
        let req = pb::RetryWebhookDeliveryRequest {
            endpoint: endpoint.into(),
            delivery_id: delivery_id.into(),
        };
        self.raw().retry_webhook_delivery(req).await?;
        Ok(())
    }

    /// Seeing the game as a spectator (public information only).
    pub fn spectator(&self, game_id: &str) -> SeatClient {
        SeatClient {
            client: self.client.clone(),
            game_id: game_id.into(),
            token: None,
        }
    }
}

/// One caller's handle on one game.
#[derive(Clone)]
pub struct SeatClient {
    client: GameServiceClient<Transport>,
    game_id: String,
    token: Option<String>,
}

impl SeatClient {
    pub fn game_id(&self) -> &str {
        &self.game_id
    }

    /// The same game seen as a spectator: what a person follows the game with once their
    /// seat's token stopped working (they resigned, or the server's bot plays their seat).
    pub fn as_spectator(&self) -> SeatClient {
        SeatClient {
            client: self.client.clone(),
            game_id: self.game_id.clone(),
            token: None,
        }
    }

    /// Wraps a message with this caller's `authorization: Bearer` metadata and the game id
    /// (`tablero-game-id`, for routing).
    pub fn request<T>(&self, msg: T) -> Request<T> {
        let mut req = Request::new(msg);
        if let Ok(v) = self.game_id.parse() {
            req.metadata_mut().insert(GAME_ID_HEADER, v);
        }
        if let Some(token) = &self.token
            && let Ok(v) = format!("Bearer {token}").parse()
        {
            req.metadata_mut().insert("authorization", v);
        }
        req
    }

    pub async fn view(&self) -> Result<pb::GameView, Status> {
        let req = self.request(pb::GetViewRequest {
            game_id: self.game_id.clone(),
        });
        Ok(self
            .client
            .clone()
            .get_view(req)
            .await?
            .into_inner()
            .view
            .unwrap_or_default())
    }

    pub async fn legal_actions(&self) -> Result<pb::ListLegalActionsResponse, Status> {
        let req = self.request(pb::ListLegalActionsRequest {
            game_id: self.game_id.clone(),
        });
        Ok(self
            .client
            .clone()
            .list_legal_actions(req)
            .await?
            .into_inner())
    }

    /// The move the `mcts` bot would play for this seat, searched from the seat's own view
    /// (`level` 0: the default level).
    pub async fn hint(&self, level: u32) -> Result<pb::GetHintResponse, Status> {
        let req = self.request(pb::GetHintRequest {
            game_id: self.game_id.clone(),
            level,
        });
        Ok(self.client.clone().get_hint(req).await?.into_inner())
    }

    /// Submits exactly as given (no retry).
    pub async fn submit(
        &self,
        req: pb::SubmitActionRequest,
    ) -> Result<pb::SubmitActionResponse, Status> {
        Ok(self
            .client
            .clone()
            .submit_action(self.request(req))
            .await?
            .into_inner())
    }

    /// Submits a legal action id at the current version. On ABORTED (someone else moved first) it
    /// re-reads the version and tries again, up to 5 times, with one idempotency key throughout
    /// so that a retry after a lost reply never applies the action twice.
    pub async fn submit_id(&self, action_id: &str) -> Result<pb::SubmitActionResponse, Status> {
        let version = self.legal_actions().await?.version;
        self.submit_id_at(version, action_id).await
    }

    /// As [`SeatClient::submit_id`], starting from a version the caller already knows (e.g. from
    /// the view it chose the action in), saving one round trip.
    pub async fn submit_id_at(
        &self,
        version: u64,
        action_id: &str,
    ) -> Result<pb::SubmitActionResponse, Status> {
        let key = new_idempotency_key();
        let mut version = version;
        let mut attempts = 0;
        loop {
            let req = pb::SubmitActionRequest {
                game_id: self.game_id.clone(),
                expected_version: version,
                idempotency_key: key.clone(),
                action: Some(pb::submit_action_request::Action::ActionId(
                    action_id.into(),
                )),
                ..Default::default()
            };
            match self.submit(req).await {
                Err(s) if s.code() == Code::Aborted && attempts < 5 => {
                    attempts += 1;
                    version = current_version(&s).unwrap_or(version);
                }
                other => return other,
            }
        }
    }

    /// This caller's seat resigns (see `ResignSeat` for what that means in each game).
    pub async fn resign(&self) -> Result<pb::ResignSeatResponse, Status> {
        let req = self.request(pb::ResignSeatRequest {
            game_id: self.game_id.clone(),
            seat: None,
        });
        Ok(self.client.clone().resign_seat(req).await?.into_inner())
    }

    /// A stream of every change after `from_version`, as this caller may see it.
    pub async fn watch(
        &self,
        from_version: u64,
    ) -> Result<Streaming<pb::WatchGameResponse>, Status> {
        let req = self.request(pb::WatchGameRequest {
            game_id: self.game_id.clone(),
            from_version,
        });
        Ok(self.client.clone().watch_game(req).await?.into_inner())
    }

    /// Every event after `from_version`, following pages to the end.
    pub async fn history(&self, from_version: u64) -> Result<Vec<pb::Event>, Status> {
        let mut events = Vec::new();
        let mut from = from_version;
        loop {
            let req = self.request(pb::GetHistoryRequest {
                game_id: self.game_id.clone(),
                from_version: from,
                page_size: 0,
            });
            let page = self.client.clone().get_history(req).await?.into_inner();
            events.extend(page.events);
            if page.through_version >= page.current_version {
                return Ok(events);
            }
            from = page.through_version;
        }
    }

    pub async fn replay_view(&self, version: u64) -> Result<pb::GameView, Status> {
        let req = self.request(pb::GetReplayViewRequest {
            game_id: self.game_id.clone(),
            version,
        });
        Ok(self
            .client
            .clone()
            .get_replay_view(req)
            .await?
            .into_inner()
            .view
            .unwrap_or_default())
    }
}

/// The violated rule ID of a FAILED_PRECONDITION, e.g. `CLM-TRK.4`.
pub fn rule_id(status: &Status) -> Option<String> {
    status
        .get_details_error_info()
        .and_then(|info| info.metadata.get("rule_id").cloned())
}

/// The game's current version carried by an ABORTED.
pub fn current_version(status: &Status) -> Option<u64> {
    status.get_details_error_info().and_then(|info| {
        info.metadata
            .get("current_version")
            .and_then(|v| v.parse().ok())
    })
}

/// A fresh random idempotency key.
pub fn new_idempotency_key() -> String {
    let mut b = [0u8; 16];
    // Falls back to the clock only if the OS has no randomness, which would be a broken host.
    if getrandom::fill(&mut b).is_err() {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        b[..16].copy_from_slice(&t.as_nanos().to_le_bytes());
    }
    hex::encode(b)
}
