//! The proto mapping of the campaigns of the games that have one ([`tablero_rules::Campaign`]).

use super::Invalid;
use super::ProtoGame;
use crate::v1 as pb;
use tablero_rules::Campaign;

/// How a campaign game's campaign values map to proto messages.
pub trait ProtoCampaign:
    ProtoGame + Campaign<CampaignConfig: Send + Sync + 'static, CampaignView: Send + Sync + 'static>
{
    fn campaign_options_from_proto(
        options: Option<&pb::CampaignOptions>,
    ) -> Result<Self::CampaignConfig, Invalid>;
    fn campaign_view_to_proto(view: Self::CampaignView) -> pb::campaign_view::Game;
}
