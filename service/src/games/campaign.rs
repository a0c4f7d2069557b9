//! Campaign support for games that have one ([`tablero_rules::Campaign`]), behind an
//! object-safe interface like [`super::GameKind`].

use super::{ProtoGame, decoded, encoded};
use crate::error::ApiError;
use crate::store::blob::Blob;
use std::marker::PhantomData;
use tablero_proto::v1 as pb;
use tablero_rules::Campaign;

/// How a campaign game's campaign values map to proto messages.
pub trait ProtoCampaign: ProtoGame + Campaign
where
    Self::State: Send + Sync,
{
    fn campaign_options_from_proto(
        options: Option<&pb::CampaignOptions>,
    ) -> Result<Self::CampaignConfig, ApiError>;
    fn campaign_view_to_proto(view: Self::CampaignView) -> pb::campaign_view::Game;
}

/// One game type's campaigns.
pub trait CampaignKind: Send + Sync {
    /// A new campaign state from the request's options.
    fn new_campaign(&self, options: Option<&pb::CampaignOptions>) -> Result<Blob, ApiError>;
    /// The next play's config, serialised; `None` once the campaign is over.
    fn next_game(&self, state: &Blob) -> Result<Option<Blob>, ApiError>;
    /// The campaign state with a finished play folded in.
    fn fold(&self, state: &Blob, finished_game: &Blob) -> Result<Blob, ApiError>;
    fn view(&self, state: &Blob) -> Result<(pb::campaign_view::Game, bool), ApiError>;
}

pub struct CampaignOf<G>(PhantomData<fn() -> G>);

impl<G> CampaignOf<G> {
    pub fn new() -> Self {
        CampaignOf(PhantomData)
    }
}

impl<G> Default for CampaignOf<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: ProtoCampaign> CampaignKind for CampaignOf<G>
where
    G::State: Send + Sync,
{
    fn new_campaign(&self, options: Option<&pb::CampaignOptions>) -> Result<Blob, ApiError> {
        if let Some(o) = options {
            super::bounds::campaign_options(o)?;
        }
        let config = G::campaign_options_from_proto(options)?;
        let state =
            G::new_campaign(&config).map_err(|e| ApiError::invalid("options", e.to_string()))?;
        Ok(encoded(&state))
    }

    fn next_game(&self, state: &Blob) -> Result<Option<Blob>, ApiError> {
        let state: G::CampaignState = decoded(state, "campaign")?;
        Ok(G::next_game(&state).map(|c| encoded(&c)))
    }

    fn fold(&self, state: &Blob, finished_game: &Blob) -> Result<Blob, ApiError> {
        let mut campaign: G::CampaignState = decoded(state, "campaign")?;
        let game: G::State = decoded(finished_game, "state")?;
        G::fold(&mut campaign, &game)?;
        Ok(encoded(&campaign))
    }

    fn view(&self, state: &Blob) -> Result<(pb::campaign_view::Game, bool), ApiError> {
        let state: G::CampaignState = decoded(state, "campaign")?;
        let over = G::next_game(&state).is_none();
        Ok((G::campaign_view_to_proto(G::campaign_view(&state)), over))
    }
}
