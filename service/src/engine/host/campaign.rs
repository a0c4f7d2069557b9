//! Campaign support for games that have one ([`tablero_rules::Campaign`]), behind an
//! object-safe interface like [`super::GameKind`].

use super::{HostedGame, Value, decoded, encoded};
use crate::error::ApiError;
use crate::store::blob::Blob;
use std::marker::PhantomData;
use tablero_rules::Campaign;

/// One game type's campaigns.
pub trait CampaignKind: Send + Sync {
    /// A new campaign state from a campaign config of this game (its own value).
    fn new_campaign(&self, config: &Value) -> Result<Blob, ApiError>;
    /// The next play's config, serialised; `None` once the campaign is over.
    fn next_game(&self, state: &Blob) -> Result<Option<Blob>, ApiError>;
    /// The campaign state with a finished play folded in.
    fn fold(&self, state: &Blob, finished_game: &Blob) -> Result<Blob, ApiError>;
    /// The campaign's own view, and whether it is over.
    fn view(&self, state: &Blob) -> Result<(Value, bool), ApiError>;
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

impl<G> CampaignKind for CampaignOf<G>
where
    G: HostedGame
        + Campaign<CampaignConfig: Send + Sync + 'static, CampaignView: Send + Sync + 'static>,
{
    fn new_campaign(&self, config: &Value) -> Result<Blob, ApiError> {
        let config = config.get::<G::CampaignConfig>().ok_or_else(|| {
            ApiError::invalid("options", format!("not {} campaign options", G::NAME))
        })?;
        let state =
            G::new_campaign(config).map_err(|e| ApiError::invalid("options", e.to_string()))?;
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

    fn view(&self, state: &Blob) -> Result<(Value, bool), ApiError> {
        let state: G::CampaignState = decoded(state, "campaign")?;
        let over = G::next_game(&state).is_none();
        Ok((Value::of(G::campaign_view(&state)), over))
    }
}
