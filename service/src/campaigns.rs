//! The `tablero.v1.CampaignService`: campaigns are stored like games; each play is an ordinary
//! game linked to its campaign, and a finished play is folded into the campaign state.
//!
//! Folding happens right after the write that finishes a play, and again whenever a campaign is
//! read or its next play started ([`Campaigns::reconcile`]), so a crash between the two writes
//! only delays it. A fold is idempotent: a play is marked folded in the same compare-and-swap
//! write that changes the campaign state.
//!
//! Starting a play is one atomic store write that records the play in the campaign and creates
//! its game ([`Store::start_play`]), so concurrent starts through any replicas yield exactly one
//! play and no game without its campaign.
//!
//! A campaign nobody writes to (the campaign, or its current play) for the lifecycle's campaign
//! time is deleted with its plays ([`crate::lifecycle`]); DeleteCampaign deletes them together
//! too ([`crate::lifecycle::delete_campaign`]). A crash part-way leaves the campaign with plays
//! whose games are gone (an unfinished one is dropped on the next read), and deleting again
//! finishes the job.

use crate::api::{Api, NewGameRecord, Placement, authorize_setup, seed_or_random};
use crate::auth;
use crate::caller::Caller;
use crate::clock::now_ms;
use crate::error::ApiError;
use crate::games::campaign::CampaignKind;
use crate::games::{GameKind, Registry};
use crate::keys::Scope;
use crate::record::{
    CampaignRecord, GameStatus, Occupant, PlayRecord, SNAPSHOT_FORMAT, SeatRecord,
};
use crate::store::{NewPlay, QuotaKind, Store};
use crate::validate;
use std::sync::Arc;
use tablero_proto::v1 as pb;
use tablero_proto::v1::campaign_service_server::CampaignService;
use tonic::{Request, Response, Status};
use tracing::Span;

const MAX_WRITE_ATTEMPTS: usize = 8;
const DEFAULT_PAGE: usize = 50;
const MAX_PAGE: usize = 200;

pub struct Campaigns<S> {
    store: Arc<S>,
    games: Arc<Registry>,
    api: Api<S>,
}

impl<S: Store> Campaigns<S> {
    pub fn new(api: Api<S>) -> Self {
        Campaigns {
            store: api.store(),
            games: api.registry(),
            api,
        }
    }

    fn kind_of(&self, game_type: &str) -> Result<(&dyn GameKind, &dyn CampaignKind), ApiError> {
        let kind = self.games.get(game_type).ok_or_else(|| {
            ApiError::invalid(
                "game_type",
                format!("unknown game type `{}`", validate::truncate(game_type)),
            )
        })?;
        let campaigns = kind.campaigns().ok_or_else(|| {
            ApiError::invalid("game_type", format!("{game_type} has no campaigns"))
        })?;
        Ok((kind, campaigns))
    }

    async fn load(&self, id: &str) -> Result<CampaignRecord, ApiError> {
        validate::campaign_id(id)?;
        self.store
            .load_campaign(id)
            .await?
            .ok_or_else(|| ApiError::CampaignNotFound(id.to_string()))
    }

    /// Folds every finished, unfolded play into the campaign and drops plays whose game was
    /// never stored (a crash between the campaign write and the game write); returns the
    /// up-to-date record.
    pub async fn reconcile(&self, id: &str) -> Result<CampaignRecord, ApiError> {
        for _ in 0..MAX_WRITE_ATTEMPTS {
            let mut record = self.load(id).await?;
            let Some(play) = record.current().cloned() else {
                return Ok(record);
            };
            let (_, campaigns) = self.kind_of(&record.game_type)?;
            let expected = record.revision;
            match self.store.load(&play.game_id).await? {
                Some(game) if game.status == GameStatus::Finished => {
                    record.state = campaigns.fold(&record.state, &game.state)?;
                    for p in record
                        .plays
                        .iter_mut()
                        .filter(|p| p.game_id == play.game_id)
                    {
                        p.folded = true;
                    }
                }
                Some(_) => return Ok(record),
                None => record.plays.retain(|p| p.game_id != play.game_id),
            }
            record.revision += 1;
            record.updated_at_ms = now_ms();
            if self.store.commit_campaign(&record, expected).await? {
                tracing::info!(campaign = %record.id, game = %play.game_id, "campaign play folded");
                return Ok(record);
            }
        }
        Err(ApiError::Limit(
            "the campaign is changing too fast; try again".into(),
        ))
    }

    /// The unfinished play again, with fresh tokens for its human seats (the old ones stop
    /// working): a campaign must never be stranded by a lost seat token.
    async fn resume(
        &self,
        campaign: &CampaignRecord,
        game_id: &str,
    ) -> Result<pb::StartCampaignGameResponse, ApiError> {
        for _ in 0..MAX_WRITE_ATTEMPTS {
            let (mut game, kind, session) = self.api.open(game_id).await?;
            let expected = game.revision;
            let mut credentials = Vec::new();
            for (i, seat) in game.seats.iter_mut().enumerate() {
                if seat.occupant == Occupant::Human {
                    let (token, hash) = auth::new_token()?;
                    seat.token_hash = Some(hash);
                    credentials.push(pb::SeatCredential {
                        seat: i as u32,
                        token,
                    });
                }
            }
            game.revision += 1;
            game.updated_at_ms = now_ms();
            let commit = crate::store::Commit {
                record: &game,
                expected_revision: expected,
                entries: &[],
                idempotency: None,
                previous_status: game.status,
            };
            if self.store.commit(commit).await? == crate::store::CommitResult::Committed {
                tracing::info!(campaign = %campaign.id, game = %game_id, "campaign play resumed with fresh seat tokens");
                let view = crate::present::view(
                    &game,
                    session.as_ref(),
                    game.version,
                    tablero_rules::Viewer::Spectator,
                    kind.rules_version(),
                );
                return Ok(pb::StartCampaignGameResponse {
                    game_id: game.id.clone(),
                    credentials,
                    view: Some(view),
                    campaign: Some(self.view(campaign)?),
                });
            }
        }
        Err(ApiError::Limit(
            "the play is changing too fast; try again".into(),
        ))
    }

    fn view(&self, record: &CampaignRecord) -> Result<pb::CampaignView, ApiError> {
        let (_, campaigns) = self.kind_of(&record.game_type)?;
        let (game, over) = campaigns.view(&record.state)?;
        Ok(pb::CampaignView {
            campaign_id: record.id.clone(),
            game_type: record.game_type.clone(),
            name: record.name.clone(),
            plays: record
                .plays
                .iter()
                .map(|p| pb::CampaignPlay {
                    game_id: p.game_id.clone(),
                    folded: p.folded,
                })
                .collect(),
            current_game_id: record
                .current()
                .map(|p| p.game_id.clone())
                .unwrap_or_default(),
            over,
            created_at_unix_ms: record.created_at_ms,
            game: Some(game),
        })
    }
}

#[tonic::async_trait]
impl<S: Store> CampaignService for Campaigns<S> {
    async fn create_campaign(
        &self,
        req: Request<pb::CreateCampaignRequest>,
    ) -> Result<Response<pb::CreateCampaignResponse>, Status> {
        Span::current().record("game_type", req.get_ref().game_type.as_str());
        let key = self.api.access().keys.of_request(req.metadata())?;
        let caller = req.extensions().get::<Caller>().cloned();
        let req = req.into_inner();
        validate::name("name", &req.name)?;
        let (kind, campaigns) = self.kind_of(&req.game_type)?;
        let state = campaigns.new_campaign(req.options.as_ref())?;
        let id = validate::new_campaign_id()?;
        self.api
            .access()
            .admit_create(
                self.store.as_ref(),
                key.as_ref(),
                caller.as_ref(),
                QuotaKind::Campaigns,
                &id,
            )
            .await?;
        let (token, hash) = auth::new_token()?;
        let now = now_ms();
        let record = CampaignRecord {
            format: SNAPSHOT_FORMAT,
            id,
            game_type: req.game_type.clone(),
            rules_version: kind.rules_version(),
            created_at_ms: now,
            name: req.name,
            owner_token_hash: hash,
            revision: 0,
            plays: Vec::new(),
            state,
            updated_at_ms: now,
        };
        self.store
            .create_campaign(&record)
            .await
            .map_err(ApiError::from)?;
        tracing::info!(campaign = %record.id, "campaign created");
        Ok(Response::new(pb::CreateCampaignResponse {
            campaign_id: record.id.clone(),
            token,
            campaign: Some(self.view(&record)?),
        }))
    }

    async fn get_campaign(
        &self,
        req: Request<pb::GetCampaignRequest>,
    ) -> Result<Response<pb::GetCampaignResponse>, Status> {
        Span::current().record("campaign", req.get_ref().campaign_id.as_str());
        let record = self.reconcile(&req.get_ref().campaign_id).await?;
        Ok(Response::new(pb::GetCampaignResponse {
            campaign: Some(self.view(&record)?),
        }))
    }

    async fn list_campaigns(
        &self,
        req: Request<pb::ListCampaignsRequest>,
    ) -> Result<Response<pb::ListCampaignsResponse>, Status> {
        // Campaigns are personal: only a backend may list them all.
        match self.api.access().keys.of_request(req.metadata())? {
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
            self.kind_of(&req.game_type)?;
        }
        let (offset, limit) =
            validate::page(&req.page_token, req.page_size, DEFAULT_PAGE, MAX_PAGE)?;
        let game_type = (!req.game_type.is_empty()).then_some(req.game_type.as_str());
        let (records, more) = self
            .store
            .list_campaigns(game_type, offset, limit)
            .await
            .map_err(ApiError::from)?;
        let mut summaries = Vec::with_capacity(records.len());
        for r in &records {
            let over = match self.kind_of(&r.game_type) {
                Ok((_, campaigns)) => campaigns.next_game(&r.state)?.is_none(),
                Err(_) => false,
            };
            summaries.push(pb::CampaignSummary {
                campaign_id: r.id.clone(),
                game_type: r.game_type.clone(),
                name: r.name.clone(),
                plays: r.plays.len() as u32,
                over,
                created_at_unix_ms: r.created_at_ms,
            });
        }
        let next_page_token = if more {
            (offset + limit).to_string()
        } else {
            String::new()
        };
        Ok(Response::new(pb::ListCampaignsResponse {
            campaigns: summaries,
            next_page_token,
        }))
    }

    async fn start_campaign_game(
        &self,
        req: Request<pb::StartCampaignGameRequest>,
    ) -> Result<Response<pb::StartCampaignGameResponse>, Status> {
        Span::current().record("campaign", req.get_ref().campaign_id.as_str());
        let key = self.api.access().keys.of_request(req.metadata())?;
        let token = auth::bearer(req.metadata())?.ok_or_else(|| {
            ApiError::Unauthenticated("starting a play needs the campaign's token".into())
        })?;
        let req = req.into_inner();
        authorize_setup(key.as_ref(), req.seed.is_some(), "choosing a play's seed")?;
        let seed = seed_or_random(req.seed)?;
        for _ in 0..MAX_WRITE_ATTEMPTS {
            let mut record = self.reconcile(&req.campaign_id).await?;
            if !auth::matches(&record.owner_token_hash, &token) {
                return Err(ApiError::PermissionDenied(
                    "this token does not own the campaign".into(),
                )
                .into());
            }
            if let Some(play) = record.current().cloned() {
                let resumed = self.resume(&record, &play.game_id).await?;
                return Ok(Response::new(resumed));
            }
            let (kind, campaigns) = self.kind_of(&record.game_type)?;
            let Some(config) = campaigns.next_game(&record.state)? else {
                return Err(ApiError::CampaignBusy("the campaign is over".into()).into());
            };
            let (mut new, seat_count) = kind.new_game_from_config(&config, seed)?;
            new.setup.seed_chosen = req.seed.is_some();
            let mut seats = vec![
                SeatRecord {
                    occupant: Occupant::Human,
                    name: record.name.clone(),
                    bot: String::new(),
                    token_hash: None
                };
                seat_count
            ];
            // In the campaign's slot: the campaign write and the game's creation are one script.
            let game_id = crate::store::slot::play_id_for(&record.id)?;
            let NewGameRecord { game, entries } = self.api.new_game_record(
                kind,
                new,
                &mut seats,
                Placement {
                    game_type: record.game_type.clone(),
                    id: game_id.clone(),
                    campaign: Some(record.id.clone()),
                    listed: false,
                },
            )?;
            let expected_revision = record.revision;
            record.plays.push(PlayRecord {
                game_id,
                folded: false,
            });
            record.revision += 1;
            record.updated_at_ms = now_ms();
            let started = self
                .store
                .start_play(NewPlay {
                    campaign: &record,
                    expected_revision,
                    game: &game.record,
                    entries: &entries,
                })
                .await
                .map_err(ApiError::from)?;
            if !started {
                // Another start (or a fold) got there first: read again; that play resumes.
                continue;
            }
            tracing::info!(campaign = %record.id, game = %game.record.id, "campaign play started");
            let campaign = self.view(&record)?;
            return Ok(Response::new(pb::StartCampaignGameResponse {
                game_id: game.record.id,
                credentials: game.credentials,
                view: Some(game.view),
                campaign: Some(campaign),
            }));
        }
        Err(ApiError::Limit("the campaign is changing too fast; try again".into()).into())
    }

    async fn delete_campaign(
        &self,
        req: Request<pb::DeleteCampaignRequest>,
    ) -> Result<Response<pb::DeleteCampaignResponse>, Status> {
        Span::current().record("campaign", req.get_ref().campaign_id.as_str());
        let key = self.api.access().keys.of_request(req.metadata())?;
        let token = auth::bearer(req.metadata())?;
        let id = &req.get_ref().campaign_id;
        let record = self.load(id).await?;
        match (&token, &key) {
            (Some(token), _) => {
                if !auth::matches(&record.owner_token_hash, token) {
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
        let Some(deleted) = crate::lifecycle::delete_campaign(self.store.as_ref(), id)
            .await
            .map_err(ApiError::from)?
        else {
            // Another delete got there first.
            return Err(ApiError::CampaignNotFound(id.clone()).into());
        };
        tracing::info!(plays = deleted.len(), "campaign deleted");
        Ok(Response::new(pb::DeleteCampaignResponse {
            deleted_game_ids: deleted,
        }))
    }
}
