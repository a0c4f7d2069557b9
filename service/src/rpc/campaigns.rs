//! The `tablero.v1.CampaignService` adapter: read the request's credentials, bound and convert
//! its fields, call the [`Engine`] (campaigns: [`crate::engine::campaigns`]), map its errors to
//! statuses.

use super::api::Api;
use super::convert;
use super::games::Wires;
use crate::edge::access::{Access, authorize_setup};
use crate::edge::auth;
use crate::edge::caller::Caller;
use crate::edge::keys::Scope;
use crate::engine::Engine;
use crate::engine::create::seed_or_random;
use crate::engine::tokens;
use crate::error::ApiError;
use crate::store::{QuotaKind, Store};
use crate::validate;
use std::sync::Arc;
use tablero_proto::server::campaign_service_server::CampaignService;
use tablero_proto::v1 as pb;
use tonic::{Request, Response, Status};
use tracing::Span;

const DEFAULT_PAGE: usize = 50;
const MAX_PAGE: usize = 200;

pub struct Campaigns<S> {
    engine: Engine<S>,
    access: Arc<Access>,
    wires: Arc<Wires>,
}

impl<S: Store> Campaigns<S> {
    /// The campaign service next to `api`: the same engine and the same access policy.
    pub fn new(api: Api<S>) -> Self {
        Campaigns {
            engine: api.engine().clone(),
            access: api.access().clone(),
            wires: api.wires().clone(),
        }
    }
}

#[tonic::async_trait]
impl<S: Store> CampaignService for Campaigns<S> {
    async fn create_campaign(
        &self,
        req: Request<pb::CreateCampaignRequest>,
    ) -> Result<Response<pb::CreateCampaignResponse>, Status> {
        Span::current().record("game_type", req.get_ref().game_type.as_str());
        let key = self.access.keys.of_request(req.metadata())?;
        let caller = req.extensions().get::<Caller>().cloned();
        let req = req.into_inner();
        validate::name("name", &req.name)?;
        let (_, campaigns) = self.engine.campaign_kind(&req.game_type)?;
        let config = self
            .wires
            .of(&req.game_type)?
            .campaign_options(req.options.as_ref())?;
        let state = campaigns.new_campaign(&config)?;
        let id = validate::new_campaign_id()?;
        self.access
            .admit_create(
                self.engine.store().as_ref(),
                key.as_ref(),
                caller.as_ref(),
                QuotaKind::Campaigns,
                &id,
            )
            .await?;
        let created = self
            .engine
            .create_campaign(&req.game_type, req.name, state, id)
            .await?;
        Ok(Response::new(pb::CreateCampaignResponse {
            campaign_id: created.id,
            token: created.token,
            campaign: Some(convert::campaign(&self.wires, created.view)?),
        }))
    }

    async fn get_campaign(
        &self,
        req: Request<pb::GetCampaignRequest>,
    ) -> Result<Response<pb::GetCampaignResponse>, Status> {
        Span::current().record("campaign", req.get_ref().campaign_id.as_str());
        let record = self.engine.reconcile(&req.get_ref().campaign_id).await?;
        Ok(Response::new(pb::GetCampaignResponse {
            campaign: Some(convert::campaign(
                &self.wires,
                self.engine.campaign_view(&record)?,
            )?),
        }))
    }

    async fn list_campaigns(
        &self,
        req: Request<pb::ListCampaignsRequest>,
    ) -> Result<Response<pb::ListCampaignsResponse>, Status> {
        // Campaigns are personal: only a backend may list them all.
        match self.access.keys.of_request(req.metadata())? {
            Some(key) => key.require(Scope::List, "listing campaigns")?,
            None => {
                return Err(ApiError::Unauthenticated(
                    "listing campaigns needs an API key with the `list` scope (x-api-key)".into(),
                )
                .into());
            }
        }
        let req = req.into_inner();
        if !req.game_type.is_empty() {
            self.engine.campaign_kind(&req.game_type)?;
        }
        let (offset, limit) =
            validate::page(&req.page_token, req.page_size, DEFAULT_PAGE, MAX_PAGE)?;
        let game_type = (!req.game_type.is_empty()).then_some(req.game_type.as_str());
        let (campaigns, more) = self.engine.list_campaigns(game_type, offset, limit).await?;
        let next_page_token = if more {
            (offset + limit).to_string()
        } else {
            String::new()
        };
        Ok(Response::new(pb::ListCampaignsResponse {
            campaigns: campaigns
                .into_iter()
                .map(convert::campaign_summary)
                .collect(),
            next_page_token,
        }))
    }

    async fn start_campaign_game(
        &self,
        req: Request<pb::StartCampaignGameRequest>,
    ) -> Result<Response<pb::StartCampaignGameResponse>, Status> {
        Span::current().record("campaign", req.get_ref().campaign_id.as_str());
        let key = self.access.keys.of_request(req.metadata())?;
        let token = auth::bearer(req.metadata())?.ok_or_else(|| {
            ApiError::Unauthenticated("starting a play needs the campaign's token".into())
        })?;
        let req = req.into_inner();
        authorize_setup(key.as_ref(), req.seed.is_some(), "choosing a play's seed")?;
        let seed = seed_or_random(req.seed)?;
        let started = self
            .engine
            .start_play(&req.campaign_id, &token, seed, req.seed.is_some())
            .await?;
        Ok(Response::new(convert::play(&self.wires, started)?))
    }

    async fn delete_campaign(
        &self,
        req: Request<pb::DeleteCampaignRequest>,
    ) -> Result<Response<pb::DeleteCampaignResponse>, Status> {
        Span::current().record("campaign", req.get_ref().campaign_id.as_str());
        let key = self.access.keys.of_request(req.metadata())?;
        let token = auth::bearer(req.metadata())?;
        let id = &req.get_ref().campaign_id;
        let record = self.engine.load_campaign(id).await?;
        match (&token, &key) {
            (Some(token), _) => {
                if !tokens::matches(&record.owner_token_hash, token) {
                    return Err(ApiError::PermissionDenied(
                        "this token does not own the campaign".into(),
                    )
                    .into());
                }
            }
            (None, Some(key)) => {
                key.require(Scope::Delete, "deleting a campaign with an API key")?
            }
            (None, None) => {
                return Err(ApiError::Unauthenticated(
                    "deleting a campaign needs the campaign's token or an API key with the `delete` scope".into(),
                )
                .into());
            }
        }
        let Some(deleted) = self.engine.delete_campaign(id).await? else {
            // Another delete got there first.
            return Err(ApiError::CampaignNotFound(id.clone()).into());
        };
        tracing::info!(plays = deleted.len(), "campaign deleted");
        Ok(Response::new(pb::DeleteCampaignResponse {
            deleted_game_ids: deleted,
        }))
    }
}
