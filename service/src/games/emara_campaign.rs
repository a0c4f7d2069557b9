//! Crown of Emara's solo campaign ↔ `emara_campaign.proto`.

use super::campaign::ProtoCampaign;
use crate::error::ApiError;
use tablero_proto::v1 as pb;
use tablero_rules::emara::{CampaignConfig, CampaignView, Emara};

impl ProtoCampaign for Emara {
    fn campaign_options_from_proto(
        options: Option<&pb::CampaignOptions>,
    ) -> Result<CampaignConfig, ApiError> {
        let o = match options.and_then(|o| o.game.as_ref()) {
            Some(pb::campaign_options::Game::Emara(o)) => *o,
            None => pb::EmaraCampaignOptions::default(),
            Some(_) => {
                return Err(ApiError::invalid(
                    "options",
                    "not Crown of Emara campaign options (set options.emara)",
                ));
            }
        };
        let defaults = CampaignConfig::default();
        Ok(CampaignConfig {
            start: o.start.unwrap_or(defaults.start),
            max_games: o.max_games,
            random_layout: o.random_layout,
            full_selection: o.full_selection,
        })
    }

    fn campaign_view_to_proto(v: CampaignView) -> pb::campaign_view::Game {
        pb::campaign_view::Game::Emara(pb::EmaraCampaignView {
            next_start: v.next_start,
            games: v
                .games
                .iter()
                .map(|g| pb::EmaraCampaignGame {
                    start: g.start,
                    score: g.score,
                    victoria_cp: g.victoria_cp,
                    won: g.won,
                })
                .collect(),
            best: v
                .best
                .iter()
                .map(|b| pb::EmaraCampaignBest {
                    start: b.start,
                    score: b.score,
                    won: b.won,
                })
                .collect(),
            result: v.result.map(|r| pb::EmaraCampaignResult {
                start: r.start,
                score: r.score,
            }),
            over: v.over,
        })
    }
}
