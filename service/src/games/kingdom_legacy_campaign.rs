//! Kingdom Legacy's campaign (the kingdom across sittings) ↔ `kingdom_legacy.proto`.

use super::campaign::ProtoCampaign;
use super::kingdom_legacy::{pack_from, pack_to};
use crate::error::ApiError;
use tablero_proto::v1 as pb;
use tablero_rules::kingdom_legacy::{CampaignConfig, CampaignView, ExpansionScore, KingdomLegacy};

fn expansion_scores(s: &[ExpansionScore]) -> Vec<pb::KingdomLegacyExpansionScore> {
    s.iter()
        .map(|e| pb::KingdomLegacyExpansionScore {
            expansion: e.expansion_id.into(),
            score: e.score,
        })
        .collect()
}

impl ProtoCampaign for KingdomLegacy {
    fn campaign_options_from_proto(
        options: Option<&pb::CampaignOptions>,
    ) -> Result<CampaignConfig, ApiError> {
        let o = match options.and_then(|o| o.game.as_ref()) {
            None => pb::KingdomLegacyCampaignOptions::default(),
            Some(pb::campaign_options::Game::KingdomLegacy(o)) => *o,
            Some(_) => {
                return Err(ApiError::invalid(
                    "options",
                    "not Kingdom Legacy campaign options (set options.kingdom_legacy)",
                ));
            }
        };
        Ok(CampaignConfig {
            pack: pack_from(o.pack, "options.kingdom_legacy.pack")?,
            allow_permanent_upgrade: o.allow_permanent_upgrade.unwrap_or(true),
        })
    }

    fn campaign_view_to_proto(v: CampaignView) -> pb::campaign_view::Game {
        pb::campaign_view::Game::KingdomLegacy(pb::KingdomLegacyCampaignView {
            pack: pack_to(v.pack),
            started: v.started,
            score_track: Some(pb::KingdomLegacyScoreTrack {
                base: v.score_track.base,
                expansions: expansion_scores(&v.score_track.expansions),
            }),
            purge_fame: v
                .purge_fame
                .iter()
                .map(|p| pb::KingdomLegacyPurgeFame {
                    expansion: p.expansion_id.into(),
                    value: p.value,
                })
                .collect(),
            base_rounds: v.base_rounds,
            last_round: v.last_round,
            base_finished: v.base_finished,
            expansions_played: v.expansions_played.iter().map(|&c| c.into()).collect(),
            current_expansion: v.current_expansion.as_ref().map(|c| {
                pb::KingdomLegacyCurrentExpansion {
                    card: c.id.into(),
                    rounds_done: c.rounds_done.into(),
                }
            }),
            kingdom_size: u32::try_from(v.kingdom_size).unwrap_or(u32::MAX),
            card23_discovered: v.card23_discovered,
            reset_allowed: v.reset_allowed,
            closed: v.closed,
            sittings: v
                .sittings
                .iter()
                .map(|s| pb::KingdomLegacySitting {
                    rounds_played: s.rounds_played,
                    fame: s.fame,
                    base_score: s.base_score,
                    expansion_scores: expansion_scores(&s.expansion_scores),
                    reset: s.reset,
                    closed: s.closed,
                })
                .collect(),
        })
    }
}
