//! The campaign (design note): a kingdom is played over many sittings; each sitting is one
//! engine game that starts from the stored record (§3.2) and ends with `suspend` or
//! `close_campaign`. `fold` keeps the sitting's final record (§7.1) and a summary.

use super::data::Pack;
use super::scoring;
use super::state::*;
use super::types::CardId;
use crate::{RuleViolation, SetupError};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignConfig {
    #[serde(default)]
    pub pack: Pack,
    #[serde(default = "yes")]
    pub allow_permanent_upgrade: bool,
}

fn yes() -> bool {
    true
}

/// What one sitting did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SittingSummary {
    /// Rounds finished during the sitting (base and expansion rounds).
    pub rounds_played: u32,
    /// Kingdom fame plus purge fame at the end of the sitting.
    pub fame: i32,
    /// Score-counter entries written during the sitting: the base score, if written now.
    pub base_score: Option<i32>,
    /// Expansion entries written during the sitting.
    pub expansion_scores: Vec<ExpansionScore>,
    /// Whether the kingdom was reset during the sitting (KLG-11.5).
    pub reset: bool,
    pub closed: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignState {
    pub config: CampaignConfig,
    /// `None` until the first sitting is folded.
    pub record: Option<KingdomRecord>,
    pub sittings: Vec<SittingSummary>,
}

/// What the player sees of the campaign (never the RNG, KLG-20.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CampaignView {
    pub pack: Pack,
    pub started: bool,
    /// Base score and the final fame recorded per expansion play (KLG-17.2, 18.6).
    pub score_track: ScoreTrack,
    pub purge_fame: Vec<PurgeFameEntry>,
    /// Finished base rounds.
    pub base_rounds: u32,
    pub last_round: bool,
    pub base_finished: bool,
    pub expansions_played: Vec<CardId>,
    pub current_expansion: Option<CurrentExpansion>,
    /// Cards in the kingdom (KLG-1.9).
    pub kingdom_size: usize,
    pub card23_discovered: bool,
    pub reset_allowed: bool,
    pub closed: bool,
    pub sittings: Vec<SittingSummary>,
}

/// A campaign of a pack with starting cards (KLG-3.1); no record until the first sitting.
pub(crate) fn new_campaign(config: &CampaignConfig) -> Result<CampaignState, SetupError> {
    let content = super::pack_content(config.pack);
    if !(1..=10).any(|id| content.card(id).is_some()) {
        return Err(SetupError::new(
            "KLG-3.1",
            "the pack has no starting cards 1–10 (is the card data authored?)",
        ));
    }
    Ok(CampaignState {
        config: config.clone(),
        record: None,
        sittings: Vec::new(),
    })
}

/// §4.1 step 4: the campaign is closed.
fn closed(c: &CampaignState) -> bool {
    c.record
        .as_ref()
        .is_some_and(|r| r.phase == RecordPhase::Closed)
}

/// The config of the next sitting; `None` once the campaign is closed.
pub(crate) fn next_game(c: &CampaignState) -> Option<Config> {
    if closed(c) {
        return None;
    }
    Some(Config {
        pack: c.config.pack,
        record: c.record.clone(),
        allow_permanent_upgrade: c.config.allow_permanent_upgrade,
    })
}

/// Rounds finished in the kingdom's life: base rounds plus expansion rounds (a finished
/// expansion counts all its rounds, KLG-18.4).
fn rounds_done(r: Option<&KingdomRecord>) -> u32 {
    let Some(r) = r else { return 0 };
    let content = super::pack_content(r.pack);
    let played: u32 = r
        .expansions
        .played
        .iter()
        .map(|&id| {
            content
                .card(id)
                .and_then(|d| d.expansion.as_ref())
                .map_or(4, |e| e.rounds as u32)
        })
        .sum();
    let current = r
        .expansions
        .current
        .as_ref()
        .map_or(0, |c| c.rounds_done as u32);
    r.base.round_number + played + current
}

/// Folds a finished sitting (design note): keeps its record and appends a summary.
pub(crate) fn fold(c: &mut CampaignState, st: &State) -> Result<(), RuleViolation> {
    if closed(c) {
        return Err(RuleViolation::new("KLG-18.7", "the campaign is closed"));
    }
    if st.ended.is_none() {
        return Err(RuleViolation::new(
            "KLG-16.1",
            "only a sitting that was stored or closed can be folded into the campaign",
        ));
    }
    if st.pack != c.config.pack {
        return Err(RuleViolation::new(
            "KLG-16.4",
            "the sitting was played with another card pack",
        ));
    }
    let record = st.record();
    let before = c.record.as_ref();
    let reset = before.is_some_and(|b| b.base.round_number > record.base.round_number)
        || (before.is_some_and(|b| b.card23_discovered) && !record.card23_discovered);
    let prev_rounds = if reset { 0 } else { rounds_done(before) };
    let rounds_now = rounds_done(Some(&record));
    let base_before = before.and_then(|b| b.score_track.base);
    let n_before = if reset {
        0
    } else {
        before.map_or(0, |b| b.score_track.expansions.len())
    };
    let summary = SittingSummary {
        rounds_played: rounds_now.saturating_sub(prev_rounds),
        fame: scoring::kingdom_fame(st) + scoring::purge_fame_total(st),
        base_score: if base_before.is_none() || reset {
            record.score_track.base
        } else {
            None
        },
        expansion_scores: record
            .score_track
            .expansions
            .iter()
            .skip(n_before)
            .cloned()
            .collect(),
        reset,
        closed: record.phase == RecordPhase::Closed,
    };
    c.record = Some(record);
    c.sittings.push(summary);
    Ok(())
}

/// The campaign as its owner sees it (KLG-17.2, 18.6, 19.11; never the RNG, KLG-20.4).
pub(crate) fn view(c: &CampaignState) -> CampaignView {
    let r = c.record.as_ref();
    CampaignView {
        pack: c.config.pack,
        started: r.is_some(),
        score_track: r.map(|r| r.score_track.clone()).unwrap_or_default(),
        purge_fame: r.map(|r| r.purge_fame.clone()).unwrap_or_default(),
        base_rounds: r.map_or(0, |r| r.base.round_number),
        last_round: r.is_some_and(|r| r.base.last_round),
        base_finished: r.is_some_and(|r| r.base.finished),
        expansions_played: r.map(|r| r.expansions.played.clone()).unwrap_or_default(),
        current_expansion: r.and_then(|r| r.expansions.current.clone()),
        kingdom_size: r.map_or(0, |r| {
            r.cards
                .values()
                .filter(|c| matches!(c.location, Location::Discard | Location::Permanent))
                .count()
        }),
        card23_discovered: r.is_some_and(|r| r.card23_discovered),
        reset_allowed: r.is_none_or(|r| !r.card23_discovered && r.phase != RecordPhase::Closed),
        closed: closed(c),
        sittings: c.sittings.clone(),
    }
}
