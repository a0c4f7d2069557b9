//! Crown of Emara's solo campaign ↔ `emara_campaign.proto`.

use super::Invalid;
use super::campaign::ProtoCampaign;
use crate::v1 as pb;
use tablero_rules::emara::{
    CampaignBest, CampaignConfig, CampaignGame, CampaignResult, CampaignView, Emara,
};

impl ProtoCampaign for Emara {
    fn campaign_options_from_proto(
        options: Option<&pb::CampaignOptions>,
    ) -> Result<CampaignConfig, Invalid> {
        let o = match options.and_then(|o| o.game.as_ref()) {
            Some(pb::campaign_options::Game::Emara(o)) => *o,
            None => pb::EmaraCampaignOptions::default(),
            Some(_) => {
                return Err(Invalid::new(
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
        let CampaignView {
            next_start,
            games,
            best,
            result,
            over,
        } = v;
        pb::campaign_view::Game::Emara(pb::EmaraCampaignView {
            next_start,
            games: games
                .into_iter()
                .map(|g| {
                    let CampaignGame {
                        start,
                        score,
                        victoria_cp,
                        won,
                    } = g;
                    pb::EmaraCampaignGame {
                        start,
                        score,
                        victoria_cp,
                        won,
                    }
                })
                .collect(),
            best: best
                .into_iter()
                .map(|CampaignBest { start, score, won }| pb::EmaraCampaignBest {
                    start,
                    score,
                    won,
                })
                .collect(),
            result: result
                .map(|CampaignResult { start, score }| pb::EmaraCampaignResult { start, score }),
            over,
        })
    }
}
