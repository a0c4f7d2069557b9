//! Kingdom Legacy's campaign (the kingdom across sittings) ↔ `kingdom_legacy.proto`.

use super::Invalid;
use super::campaign::ProtoCampaign;
use super::kingdom_legacy::{pack_from, pack_to};
use crate::v1 as pb;
use tablero_rules::kingdom_legacy::{
    CampaignConfig, CampaignView, CurrentExpansion, ExpansionScore, KingdomLegacy, PurgeFameEntry,
    ScoreTrack, SittingSummary,
};

fn expansion_scores(s: &[ExpansionScore]) -> Vec<pb::KingdomLegacyExpansionScore> {
    s.iter()
        .map(|e| {
            let ExpansionScore {
                expansion_id,
                score,
            } = *e;
            pb::KingdomLegacyExpansionScore {
                expansion: expansion_id.into(),
                score,
            }
        })
        .collect()
}

impl ProtoCampaign for KingdomLegacy {
    fn campaign_options_from_proto(
        options: Option<&pb::CampaignOptions>,
    ) -> Result<CampaignConfig, Invalid> {
        let o = match options.and_then(|o| o.game.as_ref()) {
            None => pb::KingdomLegacyCampaignOptions::default(),
            Some(pb::campaign_options::Game::KingdomLegacy(o)) => *o,
            Some(_) => {
                return Err(Invalid::new(
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
        let CampaignView {
            pack,
            started,
            score_track: ScoreTrack { base, expansions },
            purge_fame,
            base_rounds,
            last_round,
            base_finished,
            expansions_played,
            current_expansion,
            kingdom_size,
            card23_discovered,
            reset_allowed,
            closed,
            sittings,
        } = v;
        pb::campaign_view::Game::KingdomLegacy(pb::KingdomLegacyCampaignView {
            pack: pack_to(pack),
            started,
            score_track: Some(pb::KingdomLegacyScoreTrack {
                base,
                expansions: expansion_scores(&expansions),
            }),
            purge_fame: purge_fame
                .into_iter()
                .map(|p| {
                    let PurgeFameEntry {
                        expansion_id,
                        value,
                    } = p;
                    pb::KingdomLegacyPurgeFame {
                        expansion: expansion_id.into(),
                        value,
                    }
                })
                .collect(),
            base_rounds,
            last_round,
            base_finished,
            expansions_played: expansions_played.iter().map(|&c| c.into()).collect(),
            current_expansion: current_expansion.map(|CurrentExpansion { id, rounds_done }| {
                pb::KingdomLegacyCurrentExpansion {
                    card: id.into(),
                    rounds_done: rounds_done.into(),
                }
            }),
            kingdom_size: u32::try_from(kingdom_size).unwrap_or(u32::MAX),
            card23_discovered,
            reset_allowed,
            closed,
            sittings: sittings
                .into_iter()
                .map(|s| {
                    let SittingSummary {
                        rounds_played,
                        fame,
                        base_score,
                        expansion_scores: scores,
                        reset,
                        closed,
                    } = s;
                    pb::KingdomLegacySitting {
                        rounds_played,
                        fame,
                        base_score,
                        expansion_scores: expansion_scores(&scores),
                        reset,
                        closed,
                    }
                })
                .collect(),
        })
    }
}
