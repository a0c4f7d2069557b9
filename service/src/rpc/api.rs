//! The `tablero.v1.GameService` adapter: read the request's credentials, bound and convert its
//! fields, call the [`Engine`], map its errors to statuses. The watch stream's loop is
//! [`super::watch`].

use super::changes::{self, ChangesStream};
use super::convert;
use super::feed::ChangeFilter;
use super::games::{Wires, registries};
use super::streams::{StreamLimits, StreamSlots};
use super::watch::{self, WatchStream, Watching};
use crate::bots;
use crate::edge::Connection;
use crate::edge::access::{Access, authorize_player_ref, authorize_setup};
use crate::edge::auth;
use crate::edge::caller::Caller;
use crate::edge::keys::ApiKey;
use crate::edge::keys::Scope;
use crate::engine::Engine;
use crate::engine::create::{Joiner, Placement, seed_or_random};
use crate::engine::host::{ActionInput, Hosts};
use crate::engine::hot::WATCH_CHUNK_VERSIONS;
use crate::engine::present::reveal_player_refs;
use crate::engine::seats::{Change, Changed, Requester};
use crate::engine::submit::Submission;
use crate::engine::tokens;
use crate::error::ApiError;
use crate::store::feed::{FeedFrom, MAX_REDELIVERIES, state_of};
use crate::store::record::{GameStatus, Occupant, SeatRecord};
use crate::store::{ListFilter, PlayerFilter, QuotaKind, Store, StoreError};
use crate::validate;
use prost::Message;
use std::sync::Arc;
use std::time::Duration;
use tablero_proto::encoded::{SubmitReply, Update};
use tablero_proto::server::game_service_server::GameService;
use tablero_proto::v1 as pb;
use tablero_rules::bots::{Kind, Level};
use tonic::{Request, Response, Status};
use tracing::Span;

const DEFAULT_PAGE: usize = 50;
const MAX_PAGE: usize = 200;
const MAX_DELIVERY_PAGE: usize = 500;

/// The key's `scope`, or UNAUTHENTICATED without a key.
fn require_key(key: Option<&ApiKey>, scope: Scope, what: &str) -> Result<(), ApiError> {
    match key {
        Some(k) => k.require(scope, what),
        None => Err(ApiError::Unauthenticated(format!(
            "{what} needs an API key with the `{}` scope (x-api-key)",
            scope.as_str()
        ))),
    }
}

pub struct Api<S> {
    engine: Engine<S>,
    /// API keys and who may create what.
    access: Arc<Access>,
    /// How watch streams run: polling, draining, their places, shutdown.
    watching: Watching,
    /// Each hosted game's mapping to and from its messages.
    wires: Arc<Wires>,
    /// The operator's webhook endpoints (for their delivery logs).
    webhooks: Arc<Vec<WebhookEndpoint>>,
}

/// A webhook endpoint as `ListWebhookDeliveries` shows it.
#[derive(Clone, Debug)]
pub struct WebhookEndpoint {
    pub name: String,
    pub url: String,
    pub kinds: Vec<pb::ChangeKind>,
}

// Manual: a derive would demand `S: Clone`, but only the `Arc`s are cloned.
impl<S> Clone for Api<S> {
    fn clone(&self) -> Self {
        Api {
            engine: self.engine.clone(),
            access: self.access.clone(),
            watching: self.watching.clone(),
            wires: self.wires.clone(),
            webhooks: self.webhooks.clone(),
        }
    }
}

impl<S: Store> Api<S> {
    /// The operator's endpoint called `name`, or INVALID_ARGUMENT.
    fn webhook_endpoint(&self, name: &str) -> Result<&WebhookEndpoint, ApiError> {
        self.webhooks
            .iter()
            .find(|e| e.name == name)
            .ok_or_else(|| {
                ApiError::invalid(
                    "endpoint",
                    format!("no webhook endpoint `{}`", validate::truncate(name)),
                )
            })
    }

    /// `watch_poll`: how often a watcher re-reads the store even without a notification;
    /// `shutdown` turns true when the server shuts down, and open watch streams then end.
    pub fn new(
        store: Arc<S>,
        shutdown: tokio::sync::watch::Receiver<bool>,
        watch_poll: Duration,
    ) -> Self {
        Self::hosting(store, shutdown, watch_poll, registries())
    }

    /// The same, hosting the games of `registries` ([`super::games::registries_with`]).
    pub fn hosting(
        store: Arc<S>,
        shutdown: tokio::sync::watch::Receiver<bool>,
        watch_poll: Duration,
        (hosts, wires): (Arc<Hosts>, Arc<Wires>),
    ) -> Self {
        Api {
            engine: Engine::new(store, hosts, Arc::new(super::feed::ProtoFeed)),
            access: Arc::new(Access::default()),
            watching: Watching::new(shutdown, watch_poll, wires.clone()),
            wires,
            webhooks: Arc::default(),
        }
    }

    /// Writes append nothing to the change feed (the benchmark's reference only).
    pub fn without_change_feed(mut self) -> Self {
        self.engine = self.engine.without_change_feed();
        self
    }

    /// Keeps decoded games holding at most `bytes` (default `engine::DEFAULT_HOT_BYTES`).
    pub fn with_hot_bytes(mut self, bytes: u64) -> Self {
        self.engine = self.engine.with_hot_bytes(bytes);
        self
    }

    /// The webhook endpoints whose delivery logs ListWebhookDeliveries reads.
    pub fn with_webhooks(mut self, endpoints: Vec<WebhookEndpoint>) -> Self {
        self.webhooks = Arc::new(endpoints);
        self
    }

    /// Caps open watch streams (none by default).
    pub fn with_stream_limits(mut self, limits: StreamLimits) -> Self {
        self.watching.streams = StreamSlots::new(limits);
        self
    }

    /// How long a watch stream's reader may leave a message unread (default 10 s).
    pub fn with_watch_drain(mut self, drain: Duration) -> Self {
        self.watching.drain = drain;
        self
    }

    /// API keys and the creation policy (default: no keys, anyone creates within quotas).
    pub fn with_access(mut self, access: Access) -> Self {
        self.access = Arc::new(access);
        self
    }

    pub(crate) fn access(&self) -> &Arc<Access> {
        &self.access
    }

    pub(crate) fn engine(&self) -> &Engine<S> {
        &self.engine
    }

    pub(crate) fn wires(&self) -> &Arc<Wires> {
        &self.wires
    }

    /// `view` as its message, with every seat's player ref for a backend.
    fn view_out(
        &self,
        mut view: crate::engine::view::GameView,
        reveal: Option<&[SeatRecord]>,
    ) -> Result<pb::GameView, Status> {
        if let Some(seats) = reveal {
            reveal_player_refs(&mut view.seats, seats);
        }
        Ok(convert::view(&self.wires, view)?)
    }
}

fn status_filter(s: i32) -> Result<Option<GameStatus>, ApiError> {
    match pb::GameStatus::try_from(s) {
        Ok(pb::GameStatus::Unspecified) => Ok(None),
        Ok(pb::GameStatus::Active) => Ok(Some(GameStatus::Active)),
        Ok(pb::GameStatus::Finished) => Ok(Some(GameStatus::Finished)),
        Err(_) => Err(ApiError::invalid("status", format!("unknown status {s}"))),
    }
}

fn seat_specs(specs: &[pb::SeatSpec]) -> Result<Vec<SeatRecord>, ApiError> {
    if specs.is_empty() || specs.len() > validate::MAX_SEATS {
        return Err(ApiError::invalid(
            "seats",
            format!("give 1 to {} seats", validate::MAX_SEATS),
        ));
    }
    specs
        .iter()
        .map(|s| {
            validate::name("seats.name", &s.name)?;
            let occupant = match pb::Occupant::try_from(s.occupant) {
                Ok(pb::Occupant::Human) => Occupant::Human,
                Ok(pb::Occupant::Bot) => Occupant::Bot,
                Ok(pb::Occupant::Open) => Occupant::Open,
                _ => {
                    return Err(ApiError::invalid(
                        "seats.occupant",
                        "each seat needs an occupant: human, bot or open",
                    ));
                }
            };
            let (bot, bot_level) = if occupant == Occupant::Bot {
                bots::parse("seats.bot", "seats.bot_level", &s.bot, s.bot_level)?
            } else if !s.bot.is_empty() || s.bot_level != 0 {
                return Err(ApiError::invalid(
                    "seats.bot",
                    "only a bot seat names a bot and its level",
                ));
            } else {
                (String::new(), 0)
            };
            Ok(SeatRecord {
                occupant,
                name: s.name.clone(),
                bot,
                bot_level,
                token_hash: None,
                player_ref: validate::player_ref("seats.player_ref", &s.player_ref)?,
                player_ref_public: s.player_ref_public,
                resigned_at: None,
                joined_at: None,
            })
        })
        .collect()
}

impl<S: Store> Api<S> {
    /// Applies a seat change: what the caller may see after it (a backend sees the player
    /// refs).
    async fn change_seat(
        &self,
        game_id: &str,
        requester: Requester,
        change: Change,
        backend: bool,
    ) -> Result<Changed, Status> {
        validate::game_id(game_id)?;
        let mut changed = self.engine.change_seat(game_id, &requester, change).await?;
        if backend {
            reveal_player_refs(&mut changed.view.seats, &changed.seats);
        }
        tracing::info!(version = changed.view.version, "seat changed");
        Ok(changed)
    }

    /// A seat change's answer as its messages: the view, the events, a new credential.
    fn changed_out(
        &self,
        changed: Changed,
    ) -> Result<(pb::GameView, Vec<pb::Event>, Option<pb::SeatCredential>), Status> {
        let Changed {
            view,
            events,
            credential,
            seats: _,
        } = changed;
        let game_type = view.game_type.clone();
        Ok((
            convert::view(&self.wires, view)?,
            convert::events(&self.wires, &game_type, events)?,
            credential.map(convert::credential),
        ))
    }
}

#[tonic::async_trait]
impl<S: Store> GameService for Api<S> {
    async fn list_game_types(
        &self,
        _req: Request<pb::ListGameTypesRequest>,
    ) -> Result<Response<pb::ListGameTypesResponse>, Status> {
        Ok(Response::new(pb::ListGameTypesResponse {
            game_types: self.wires.infos(),
        }))
    }

    async fn create_game(
        &self,
        req: Request<pb::CreateGameRequest>,
    ) -> Result<Response<pb::CreateGameResponse>, Status> {
        Span::current().record("game_type", req.get_ref().game_type.as_str());
        let key = self.access.keys.of_request(req.metadata())?;
        let caller = req.extensions().get::<Caller>().cloned();
        let req = req.into_inner();
        let kind = self.engine.kind(&req.game_type)?;
        let wire = self.wires.of(&req.game_type)?;
        validate::short_word("mode", &req.mode)?;
        authorize_setup(
            key.as_ref(),
            req.seed.is_some() || req.scenario.is_some(),
            "choosing a game's seed or scenario",
        )?;
        let mut seats = seat_specs(&req.seats)?;
        let time_control = convert::time_control(req.time_control.as_ref())?;
        authorize_player_ref(key.as_ref(), seats.iter().any(|s| s.player_ref.is_some()))?;
        let seed = seed_or_random(req.seed)?;
        let mode = (!req.mode.is_empty()).then_some(req.mode.as_str());
        let mut new = super::games::new_game(
            kind,
            wire,
            req.options.as_ref(),
            mode,
            req.scenario.as_ref(),
            seats.len(),
            seed,
        )?;
        new.setup.seed_chosen = req.seed.is_some();
        let id = validate::new_game_id()?;
        self.access
            .admit_create(
                self.engine.store().as_ref(),
                key.as_ref(),
                caller.as_ref(),
                QuotaKind::Games,
                &id,
            )
            .await?;
        let created = self
            .engine
            .create_game(
                kind,
                new,
                &mut seats,
                Placement {
                    game_type: req.game_type.clone(),
                    id,
                    campaign: None,
                    listed: req.listed,
                    time_control,
                },
            )
            .await?;
        Span::current()
            .record("game_id", created.record.id.as_str())
            .record("version", created.record.version);
        tracing::info!(
            seats = created.record.seats.len(),
            key = key.as_ref().map(|k| &*k.name),
            "game created"
        );
        let view = self.view_out(
            created.view,
            key.is_some().then_some(&created.record.seats[..]),
        )?;
        Ok(Response::new(pb::CreateGameResponse {
            game_id: created.record.id,
            credentials: created
                .credentials
                .into_iter()
                .map(convert::credential)
                .collect(),
            view: Some(view),
            creator_token: created.creator_token.unwrap_or_default(),
        }))
    }

    async fn join_game(
        &self,
        req: Request<pb::JoinGameRequest>,
    ) -> Result<Response<pb::JoinGameResponse>, Status> {
        Span::current().record("game_id", req.get_ref().game_id.as_str());
        let key = self.access.keys.of_request(req.metadata())?;
        let req = req.into_inner();
        validate::game_id(&req.game_id)?;
        validate::name("name", &req.name)?;
        let player_ref = validate::player_ref("player_ref", &req.player_ref)?;
        authorize_player_ref(key.as_ref(), player_ref.is_some())?;
        let joiner = Joiner {
            name: &req.name,
            player_ref: player_ref.as_deref(),
            player_ref_public: req.player_ref_public,
        };
        let joined = self.engine.join(&req.game_id, joiner, req.seat).await?;
        let view = self.view_out(joined.view, key.is_some().then_some(&joined.seats[..]))?;
        Ok(Response::new(pb::JoinGameResponse {
            credential: Some(convert::credential(joined.credential)),
            view: Some(view),
        }))
    }

    async fn get_view(
        &self,
        req: Request<pb::GetViewRequest>,
    ) -> Result<Response<pb::GetViewResponse>, Status> {
        Span::current().record("game_id", req.get_ref().game_id.as_str());
        let key = self.access.keys.of_request(req.metadata())?;
        let token = auth::bearer(req.metadata())?;
        let view = self
            .engine
            .get_view(&req.get_ref().game_id, token.as_deref(), key.is_some())
            .await?;
        Ok(Response::new(pb::GetViewResponse {
            view: Some(convert::view(&self.wires, view)?),
        }))
    }

    async fn list_legal_actions(
        &self,
        req: Request<pb::ListLegalActionsRequest>,
    ) -> Result<Response<pb::ListLegalActionsResponse>, Status> {
        Span::current().record("game_id", req.get_ref().game_id.as_str());
        let token = auth::bearer(req.metadata())?;
        let (game_type, listed) = self
            .engine
            .legal_actions(&req.get_ref().game_id, token.as_deref())
            .await?;
        Ok(Response::new(convert::legal_actions(
            &self.wires,
            &game_type,
            listed,
        )?))
    }

    async fn get_hint(
        &self,
        req: Request<pb::GetHintRequest>,
    ) -> Result<Response<pb::GetHintResponse>, Status> {
        Span::current().record("game_id", req.get_ref().game_id.as_str());
        let token = auth::bearer(req.metadata())?;
        let level = req.get_ref().level;
        let Some(level) = Level::new(Kind::Mcts, level) else {
            return Err(ApiError::invalid(
                "level",
                format!(
                    "mcts has levels 1 to {} (0 for its default)",
                    Kind::Mcts.levels().end()
                ),
            )
            .into());
        };
        let (game_type, hint) = self
            .engine
            .hint(&req.get_ref().game_id, token.as_deref(), level)
            .await?;
        Ok(Response::new(convert::hint(&self.wires, &game_type, hint)?))
    }

    async fn submit_action(
        &self,
        req: Request<pb::SubmitActionRequest>,
    ) -> Result<Response<SubmitReply>, Status> {
        Span::current()
            .record("game_id", req.get_ref().game_id.as_str())
            .record("version", req.get_ref().expected_version);
        let token = auth::bearer(req.metadata())?;
        let req = req.into_inner();
        validate::game_id(&req.game_id)?;
        validate::idempotency_key(&req.idempotency_key)?;
        // A typed action is read by the mapping of the game it names; the engine checks it is
        // the game's. Its bytes make a retry the same request.
        let typed = match &req.action {
            Some(pb::submit_action_request::Action::Typed(a)) => {
                Some(super::games::typed(&self.wires, a)?)
            }
            _ => None,
        };
        let input = match (&req.action, &typed) {
            (Some(pb::submit_action_request::Action::ActionId(id)), _) => ActionInput::Id(id),
            (_, Some((action, wire))) => ActionInput::Typed { action, wire },
            _ => return Err(ApiError::invalid("action", "give action_id or typed").into()),
        };
        let submission = Submission {
            game_id: &req.game_id,
            seat: req.seat,
            expected_version: req.expected_version,
            idempotency_key: &req.idempotency_key,
            input,
        };
        let (update, game) = self.engine.submit(&submission, token.as_deref()).await?;
        let seat = update.view.viewer_seat;
        let moved = update.view.version.saturating_sub(req.expected_version);
        // The answer is the seat's watch message for this write: built and encoded once, kept
        // for the seat's watchers, and written out from the same bytes.
        let message = match (game, seat) {
            (Some(game), Some(seat)) if moved <= WATCH_CHUNK_VERSIONS => {
                // Converted outside `remember`, which weighs only the encoded bytes it keeps.
                let converted = convert::update(&self.wires, update)?;
                let kept = game.remember(
                    tablero_rules::Viewer::Seat(seat),
                    req.expected_version,
                    false,
                    || Ok::<_, Status>(Update::encode(&converted)),
                    Update::len,
                )?;
                (*kept).clone()
            }
            _ => Update::encode(&convert::update(&self.wires, update)?),
        };
        Ok(Response::new(SubmitReply(message)))
    }

    type WatchGameStream = WatchStream;
    type WatchChangesStream = ChangesStream;

    async fn watch_changes(
        &self,
        req: Request<pb::WatchChangesRequest>,
    ) -> Result<Response<ChangesStream>, Status> {
        let key = self.access.keys.of_request(req.metadata())?;
        require_key(key.as_ref(), Scope::Feed, "following the change feed")?;
        let key = key.ok_or_else(|| ApiError::Internal("the key was just required".into()))?;
        let caller = req.extensions().get::<Caller>().cloned();
        let pb::WatchChangesRequest {
            cursor,
            from_start,
            game_type,
            player_ref,
            kinds,
        } = req.into_inner();
        changes::cursor(&cursor)?;
        let filter =
            ChangeFilter::of_request(self.engine.hosts(), &game_type, &player_ref, &kinds)?;
        let stream = changes::start(
            self.engine.store().clone(),
            self.watching.clone(),
            (!cursor.is_empty()).then_some(cursor),
            from_start,
            filter,
            caller.as_ref(),
            changes::Credential {
                keys: self.access.keys.clone(),
                key,
            },
        )
        .await?;
        Ok(Response::new(stream))
    }

    async fn list_webhook_deliveries(
        &self,
        req: Request<pb::ListWebhookDeliveriesRequest>,
    ) -> Result<Response<pb::ListWebhookDeliveriesResponse>, Status> {
        let key = self.access.keys.of_request(req.metadata())?;
        require_key(key.as_ref(), Scope::Webhooks, "reading webhook deliveries")?;
        let pb::ListWebhookDeliveriesRequest {
            endpoint,
            page_size,
        } = req.into_inner();
        if !endpoint.is_empty() {
            self.webhook_endpoint(&endpoint)?;
        }
        let limit = validate::page_size(page_size, DEFAULT_PAGE, MAX_DELIVERY_PAGE);
        let store = self.engine.store();
        let mut endpoints = Vec::new();
        let mut deliveries = Vec::new();
        for e in self
            .webhooks
            .iter()
            .filter(|e| endpoint.is_empty() || e.name == endpoint)
        {
            let state = state_of(&**store, &e.name).await.map_err(ApiError::from)?;
            endpoints.push(pb::WebhookEndpoint {
                name: e.name.clone(),
                url: e.url.clone(),
                kinds: e.kinds.iter().map(|k| *k as i32).collect(),
                delivered_cursor: store
                    .webhook_cursor(&e.name)
                    .await
                    .map_err(ApiError::from)?
                    .unwrap_or_default(),
                disabled: state.disabled_at_ms.is_some(),
                failing_since_unix_ms: state.failing_since_ms.unwrap_or_default(),
            });
            for record in store
                .deliveries(&e.name, limit)
                .await
                .map_err(ApiError::from)?
            {
                deliveries.push(
                    pb::WebhookDelivery::decode(record.as_slice()).map_err(|err| {
                        ApiError::Storage(format!("a delivery record is unreadable: {err}"))
                    })?,
                );
            }
        }
        deliveries.sort_by_key(|d| std::cmp::Reverse(d.at_unix_ms));
        deliveries.truncate(limit);
        Ok(Response::new(pb::ListWebhookDeliveriesResponse {
            endpoints,
            deliveries,
        }))
    }

    async fn retry_webhook_delivery(
        &self,
        req: Request<pb::RetryWebhookDeliveryRequest>,
    ) -> Result<Response<pb::RetryWebhookDeliveryResponse>, Status> {
        let key = self.access.keys.of_request(req.metadata())?;
        require_key(key.as_ref(), Scope::Webhooks, "retrying a webhook delivery")?;
        let pb::RetryWebhookDeliveryRequest {
            endpoint,
            delivery_id,
        } = req.into_inner();
        self.webhook_endpoint(&endpoint)?;
        let cursor = if delivery_id.is_empty() {
            String::new()
        } else {
            let cursor = delivery_id
                .strip_prefix(endpoint.as_str())
                .and_then(|rest| rest.strip_prefix(':'))
                .filter(|c| !c.is_empty() && c.len() <= 64)
                .ok_or_else(|| {
                    ApiError::invalid(
                        "delivery_id",
                        format!(
                            "`{}` is not one of endpoint `{endpoint}`'s delivery ids (`{endpoint}:<cursor>`)",
                            validate::truncate(&delivery_id)
                        ),
                    )
                })?;
            // Refused now if the feed no longer holds it, rather than logged later.
            let page = match self.engine.store().feed_read(FeedFrom::At(cursor), 1).await {
                Ok(page) => page,
                Err(StoreError::BadCursor) => {
                    return Err(ApiError::invalid(
                        "delivery_id",
                        format!("the feed never had cursor `{}`", validate::truncate(cursor)),
                    )
                    .into());
                }
                Err(e) => return Err(ApiError::from(e).into()),
            };
            if page.entries.first().is_none_or(|e| e.cursor != cursor) {
                return Err(ApiError::CursorExpired(cursor.to_string()).into());
            }
            cursor.to_string()
        };
        // The endpoint's lease holder takes it on its next round (an empty cursor only
        // re-enables the endpoint).
        self.engine
            .store()
            .request_redelivery(&endpoint, &cursor, MAX_REDELIVERIES)
            .await
            .map_err(ApiError::from)?;
        Ok(Response::new(pb::RetryWebhookDeliveryResponse {}))
    }

    async fn watch_game(
        &self,
        req: Request<pb::WatchGameRequest>,
    ) -> Result<Response<WatchStream>, Status> {
        Span::current()
            .record("game_id", req.get_ref().game_id.as_str())
            .record("from", req.get_ref().from_version);
        let token = auth::bearer(req.metadata())?;
        let caller = req.extensions().get::<Caller>().cloned();
        let connection = req.extensions().get::<Connection>().cloned();
        let req = req.into_inner();
        validate::game_id(&req.game_id)?;
        let stream = watch::start(
            self.engine.clone(),
            self.watching.clone(),
            watch::Watcher {
                game_id: &req.game_id,
                from_version: req.from_version,
                token: token.as_deref(),
                caller: caller.as_ref(),
                connection,
            },
        )
        .await?;
        Ok(Response::new(stream))
    }

    async fn get_history(
        &self,
        req: Request<pb::GetHistoryRequest>,
    ) -> Result<Response<pb::GetHistoryResponse>, Status> {
        Span::current().record("game_id", req.get_ref().game_id.as_str());
        let token = auth::bearer(req.metadata())?;
        let pb::GetHistoryRequest {
            game_id,
            from_version,
            page_size,
        } = req.into_inner();
        let (game_type, history) = self
            .engine
            .history(&game_id, token.as_deref(), from_version, page_size)
            .await?;
        Ok(Response::new(convert::history(
            &self.wires,
            &game_type,
            history,
        )?))
    }

    async fn get_replay_view(
        &self,
        req: Request<pb::GetReplayViewRequest>,
    ) -> Result<Response<pb::GetReplayViewResponse>, Status> {
        Span::current()
            .record("game_id", req.get_ref().game_id.as_str())
            .record("version", req.get_ref().version);
        let token = auth::bearer(req.metadata())?;
        let pb::GetReplayViewRequest { game_id, version } = req.into_inner();
        let view = self
            .engine
            .get_replay_view(&game_id, token.as_deref(), version)
            .await?;
        Ok(Response::new(pb::GetReplayViewResponse {
            view: Some(convert::view(&self.wires, view)?),
        }))
    }

    async fn list_games(
        &self,
        req: Request<pb::ListGamesRequest>,
    ) -> Result<Response<pb::ListGamesResponse>, Status> {
        let key = self.access.keys.of_request(req.metadata())?;
        let req = req.into_inner();
        if !req.game_type.is_empty() {
            self.engine.kind(&req.game_type)?;
        }
        let limit = validate::page_size(req.page_size, DEFAULT_PAGE, MAX_PAGE);
        validate::page_token(&req.page_token)?;
        // Unlisted games are reachable by id only, unless a backend may list everything.
        let everything = key.as_ref().is_some_and(|k| k.allows(Scope::List));
        let player_ref = validate::player_ref("player_ref", &req.player_ref)?;
        let player = match &player_ref {
            Some(p) => {
                require_key(key.as_ref(), Scope::List, "listing a player's games")?;
                Some(PlayerFilter {
                    player_ref: p,
                    waiting: req.to_act,
                })
            }
            None if req.to_act => {
                return Err(ApiError::invalid(
                    "to_act",
                    "lists the games waiting for a player: give player_ref too",
                )
                .into());
            }
            None => None,
        };
        let filter = ListFilter {
            game_type: (!req.game_type.is_empty()).then_some(req.game_type.as_str()),
            status: status_filter(req.status)?,
            listed_only: !everything,
            player,
            page_token: (!req.page_token.is_empty()).then_some(req.page_token.as_str()),
            limit,
        };
        // A backend sees its players' refs.
        let (games, next) = self.engine.list_games(filter, key.is_some()).await?;
        Ok(Response::new(pb::ListGamesResponse {
            games: games.into_iter().map(convert::summary).collect(),
            next_page_token: next.unwrap_or_default(),
        }))
    }

    async fn resign_seat(
        &self,
        req: Request<pb::ResignSeatRequest>,
    ) -> Result<Response<pb::ResignSeatResponse>, Status> {
        Span::current().record("game_id", req.get_ref().game_id.as_str());
        let key = self.access.keys.of_request(req.metadata())?;
        let token = auth::bearer(req.metadata())?;
        let req = req.into_inner();
        // A seat's token resigns its own seat; a backend names the seat.
        let requester = match (token, req.seat) {
            (Some(token), seat) => Requester::Token { token, seat },
            (None, seat) => {
                require_key(
                    key.as_ref(),
                    Scope::Seats,
                    "resigning a seat without its token",
                )?;
                let seat = seat.ok_or_else(|| {
                    ApiError::invalid("seat", "a backend names the seat that resigns")
                })?;
                Requester::Backend { seat }
            }
        };
        let backend = matches!(requester, Requester::Backend { .. });
        let changed = self
            .change_seat(&req.game_id, requester, Change::Resign, backend)
            .await?;
        let (view, events, _) = self.changed_out(changed)?;
        Ok(Response::new(pb::ResignSeatResponse {
            view: Some(view),
            events,
        }))
    }

    async fn replace_seat(
        &self,
        req: Request<pb::ReplaceSeatRequest>,
    ) -> Result<Response<pb::ReplaceSeatResponse>, Status> {
        Span::current().record("game_id", req.get_ref().game_id.as_str());
        let key = self.access.keys.of_request(req.metadata())?;
        require_key(
            key.as_ref(),
            Scope::Seats,
            "handing a seat to a bot or back",
        )?;
        let req = req.into_inner();
        let change = match pb::Occupant::try_from(req.occupant) {
            Ok(pb::Occupant::Bot) => {
                let (kind, level) = bots::parse("bot", "bot_level", &req.bot, req.bot_level)?;
                Change::ToBot(kind, level)
            }
            Ok(pb::Occupant::Human) if req.bot.is_empty() && req.bot_level == 0 => Change::ToHuman,
            Ok(pb::Occupant::Human) => {
                return Err(ApiError::invalid("bot", "a person's seat names no bot").into());
            }
            _ => {
                return Err(ApiError::invalid(
                    "occupant",
                    "a seat goes to OCCUPANT_BOT or back to OCCUPANT_HUMAN",
                )
                .into());
            }
        };
        let requester = Requester::Backend { seat: req.seat };
        let changed = self
            .change_seat(&req.game_id, requester, change, true)
            .await?;
        let (view, events, credential) = self.changed_out(changed)?;
        Ok(Response::new(pb::ReplaceSeatResponse {
            view: Some(view),
            events,
            credential,
        }))
    }

    async fn reissue_seat_token(
        &self,
        req: Request<pb::ReissueSeatTokenRequest>,
    ) -> Result<Response<pb::ReissueSeatTokenResponse>, Status> {
        Span::current().record("game_id", req.get_ref().game_id.as_str());
        let key = self.access.keys.of_request(req.metadata())?;
        require_key(key.as_ref(), Scope::Seats, "reissuing a seat's token")?;
        let req = req.into_inner();
        let requester = Requester::Backend { seat: req.seat };
        let changed = self
            .change_seat(&req.game_id, requester, Change::ReissueToken, true)
            .await?;
        let (view, events, credential) = self.changed_out(changed)?;
        Ok(Response::new(pb::ReissueSeatTokenResponse {
            view: Some(view),
            events,
            credential,
        }))
    }

    async fn delete_game(
        &self,
        req: Request<pb::DeleteGameRequest>,
    ) -> Result<Response<pb::DeleteGameResponse>, Status> {
        Span::current().record("game_id", req.get_ref().game_id.as_str());
        let key = self.access.keys.of_request(req.metadata())?;
        let token = auth::bearer(req.metadata())?;
        let id = &req.get_ref().game_id;
        validate::game_id(id)?;
        let may_delete_any = match &key {
            Some(k) if token.is_none() => {
                k.require(Scope::Delete, "deleting a game with an API key")?;
                true
            }
            _ => false,
        };
        let record = self.engine.load(id).await?;
        if let Some(campaign) = record.campaign {
            return Err(ApiError::CampaignPlay {
                game: record.id,
                campaign,
            }
            .into());
        }
        if !may_delete_any {
            let token = token.ok_or_else(|| {
                ApiError::Unauthenticated(
                    "deleting a game needs its creator token (authorization: Bearer <token>) or an API key with the `delete` scope".into(),
                )
            })?;
            tokens::creator(&record, &token)?;
        }
        // The creator never changes, so the check above still holds; a delete that lost a race
        // with another delete (or the game's expiry) finds nothing.
        if !self.engine.delete_game(id).await? {
            return Err(ApiError::GameNotFound(id.clone()).into());
        }
        tracing::info!("game deleted");
        Ok(Response::new(pb::DeleteGameResponse {}))
    }
}
