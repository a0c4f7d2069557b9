//! Campaigns are stored like games; each play is an ordinary game linked to its campaign, and a
//! finished play is folded into the campaign state.
//!
//! Folding happens right after the write that finishes a play, and again whenever a campaign is
//! read or its next play started ([`Engine::reconcile`]), so a crash between the two writes
//! only delays it. A fold is idempotent: a play is marked folded in the same compare-and-swap
//! write that changes the campaign state.
//!
//! Starting a play is one atomic store write that records the play in the campaign and creates
//! its game ([`Store::start_play`]), so concurrent starts through any replicas yield exactly one
//! play and no game without its campaign.
//!
//! A campaign nobody writes to (the campaign, or its current play) for the lifecycle's campaign
//! time is deleted with its plays ([`super::sweep`]); DeleteCampaign deletes them together
//! too ([`super::sweep::delete_campaign`]). A crash part-way leaves the campaign with plays
//! whose games are gone (an unfinished one is dropped on the next read), and deleting again
//! finishes the job.

use super::changes;
use super::commit::Stored;
use super::create::{NewGameRecord, Placement, issue_seat_tokens};
use super::transition::{Kind, Transition};
use super::view::{CampaignSummary, CampaignView, Play};
use super::{Engine, MAX_WRITE_ATTEMPTS, tokens};
use crate::engine::host::GameKind;
use crate::engine::host::campaign::CampaignKind;
use crate::error::ApiError;
use crate::store::Store;
use crate::store::clock::now_ms;
use crate::store::record::{
    CampaignRecord, GameStatus, Occupant, PlayRecord, SNAPSHOT_FORMAT, SeatRecord,
};
use crate::validate;
use tablero_rules::Viewer;

/// A new campaign: its owner's token and its view.
pub struct CreatedCampaign {
    pub id: String,
    pub token: String,
    pub view: CampaignView,
}

impl<S: Store> Engine<S> {
    /// The game kind and campaign kind of a game type a request names.
    pub fn campaign_kind(
        &self,
        game_type: &str,
    ) -> Result<(&dyn GameKind, &dyn CampaignKind), ApiError> {
        let kind = self.kind(game_type)?;
        let campaigns = kind.campaigns().ok_or_else(|| {
            ApiError::invalid("game_type", format!("{game_type} has no campaigns"))
        })?;
        Ok((kind, campaigns))
    }

    pub async fn load_campaign(&self, id: &str) -> Result<CampaignRecord, ApiError> {
        validate::campaign_id(id)?;
        self.store
            .load_campaign(id)
            .await?
            .ok_or_else(|| ApiError::CampaignNotFound(id.to_string()))
    }

    /// Stores a new campaign of `game_type` named `name` with the first state `state` (from
    /// [`CampaignKind::new_campaign`]) under `id`.
    pub async fn create_campaign(
        &self,
        game_type: &str,
        name: String,
        state: crate::store::blob::Blob,
        id: String,
    ) -> Result<CreatedCampaign, ApiError> {
        let (kind, _) = self.campaign_kind(game_type)?;
        let (token, hash) = tokens::new_token()?;
        let now = now_ms();
        let record = CampaignRecord {
            format: SNAPSHOT_FORMAT,
            id,
            game_type: game_type.to_string(),
            rules_version: kind.rules_version(),
            created_at_ms: now,
            name,
            owner_token_hash: hash,
            revision: 0,
            plays: Vec::new(),
            state,
            updated_at_ms: now,
        };
        self.store.create_campaign(&record).await?;
        tracing::info!(campaign = %record.id, "campaign created");
        Ok(CreatedCampaign {
            view: self.campaign_view(&record)?,
            id: record.id,
            token,
        })
    }

    /// Folds every finished, unfolded play into the campaign and drops plays whose game was
    /// never stored (a crash between the campaign write and the game write); returns the
    /// up-to-date record.
    pub async fn reconcile(&self, id: &str) -> Result<CampaignRecord, ApiError> {
        for _ in 0..MAX_WRITE_ATTEMPTS {
            let mut record = self.load_campaign(id).await?;
            let Some(play) = record.current().cloned() else {
                return Ok(record);
            };
            let (_, campaigns) = self.campaign_kind(&record.game_type)?;
            let expected = record.revision;
            let mut feed = Vec::new();
            match self.store.load(&play.game_id).await? {
                Some(game) if game.status == GameStatus::Finished => {
                    if let Some(codec) = &self.feed {
                        feed = changes::of_fold(&record, &game, codec.as_ref());
                    }
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
            if self.store.commit_campaign(&record, expected, &feed).await? {
                tracing::info!(campaign = %record.id, game = %play.game_id, "campaign play folded");
                return Ok(record);
            }
        }
        Err(ApiError::Limit(
            "the campaign is changing too fast; try again".into(),
        ))
    }

    /// Starts the campaign's next play (or resumes the unfinished one) for the owner's `token`,
    /// with `seed`, which the caller chose when `seed_chosen`.
    pub async fn start_play(
        &self,
        campaign_id: &str,
        token: &str,
        seed: u64,
        seed_chosen: bool,
    ) -> Result<Play, ApiError> {
        for _ in 0..MAX_WRITE_ATTEMPTS {
            let mut record = self.reconcile(campaign_id).await?;
            if !tokens::matches(&record.owner_token_hash, token) {
                return Err(ApiError::PermissionDenied(
                    "this token does not own the campaign".into(),
                ));
            }
            if let Some(play) = record.current().cloned() {
                return self.resume(&record, &play.game_id).await;
            }
            let (kind, campaigns) = self.campaign_kind(&record.game_type)?;
            let Some(config) = campaigns.next_game(&record.state)? else {
                return Err(ApiError::CampaignBusy("the campaign is over".into()));
            };
            let (mut new, seat_count) = kind.new_game_from_config(&config, seed)?;
            new.setup.seed_chosen = seed_chosen;
            let mut seats = vec![SeatRecord::new(Occupant::Human, record.name.clone()); seat_count];
            // In the campaign's slot: the campaign write and the game's creation are one script.
            let game_id = validate::new_play_id(&record.id)?;
            let NewGameRecord {
                game,
                entries,
                session,
            } = self.new_game_record(
                kind,
                new,
                &mut seats,
                Placement {
                    game_type: record.game_type.clone(),
                    id: game_id.clone(),
                    campaign: Some(record.id.clone()),
                    listed: false,
                    time_control: None,
                },
            )?;
            let expected_revision = record.revision;
            record.plays.push(PlayRecord {
                game_id,
                folded: false,
            });
            record.revision += 1;
            record.updated_at_ms = now_ms();
            let view_of = self.campaign_view(&record)?;
            let kind = Kind::Play {
                campaign: Box::new(record),
                expected_revision,
            };
            let t = Transition::new(
                kind,
                game.record.clone(),
                session,
                entries,
                true,
                self.feed.as_deref(),
            );
            let Stored::Written(_) = self.commit(t).await? else {
                // Another start (or a fold) got there first: read again; that play resumes.
                continue;
            };
            tracing::info!(campaign = %campaign_id, game = %game.record.id, "campaign play started");
            return Ok(Play {
                game_id: game.record.id,
                credentials: game.credentials,
                view: game.view,
                campaign: view_of,
            });
        }
        Err(ApiError::Limit(
            "the campaign is changing too fast; try again".into(),
        ))
    }

    /// The unfinished play again, with fresh tokens for its human seats (the old ones stop
    /// working): a campaign must never be stranded by a lost seat token.
    async fn resume(&self, campaign: &CampaignRecord, game_id: &str) -> Result<Play, ApiError> {
        // New tokens change nothing a backend follows: the feed is left out.
        let (game, credentials) = self
            .write_seats(game_id, None, |record| issue_seat_tokens(&mut record.seats))
            .await?;
        tracing::info!(campaign = %campaign.id, game = %game_id, "campaign play resumed with fresh seat tokens");
        let view = self.view(&game.record, game.session.as_ref(), Viewer::Spectator);
        Ok(Play {
            game_id: game.record.id.clone(),
            credentials,
            view,
            campaign: self.campaign_view(campaign)?,
        })
    }

    pub fn campaign_view(&self, record: &CampaignRecord) -> Result<CampaignView, ApiError> {
        let (_, campaigns) = self.campaign_kind(&record.game_type)?;
        let (game, over) = campaigns.view(&record.state)?;
        Ok(CampaignView {
            campaign_id: record.id.clone(),
            game_type: record.game_type.clone(),
            name: record.name.clone(),
            plays: record
                .plays
                .iter()
                .map(|p| (p.game_id.clone(), p.folded))
                .collect(),
            current_game_id: record.current().map(|p| p.game_id.clone()),
            over,
            created_at_ms: record.created_at_ms,
            game,
        })
    }

    /// A page of campaigns (newest first, optionally of one game type) and whether more follow.
    pub async fn list_campaigns(
        &self,
        game_type: Option<&str>,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<CampaignSummary>, bool), ApiError> {
        let (records, more) = self.store.list_campaigns(game_type, offset, limit).await?;
        let mut summaries = Vec::with_capacity(records.len());
        for r in &records {
            let over = match self.campaign_kind(&r.game_type) {
                Ok((_, campaigns)) => campaigns.next_game(&r.state)?.is_none(),
                Err(_) => false,
            };
            summaries.push(CampaignSummary {
                campaign_id: r.id.clone(),
                game_type: r.game_type.clone(),
                name: r.name.clone(),
                plays: r.plays.len(),
                over,
                created_at_ms: r.created_at_ms,
            });
        }
        Ok((summaries, more))
    }

    /// Deletes a campaign with its plays; the deleted plays' ids, or `None` when another delete
    /// got there first.
    pub async fn delete_campaign(&self, id: &str) -> Result<Option<Vec<String>>, ApiError> {
        Ok(super::sweep::delete_campaign(self.store.as_ref(), id).await?)
    }
}
