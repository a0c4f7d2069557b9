//! The solo campaign (EMR-16.10–16.12): the first game starts at 40; the start position moves
//! −5 after a win and +2 after a loss; the best result per start position is kept; the
//! campaign result is the lowest start won from (higher score breaks a tie, EMR-16.12).

use super::state::EmaraState;
use super::types::*;
use crate::{RuleViolation, SetupError};

pub(crate) fn new_campaign(config: &CampaignConfig) -> Result<CampaignState, SetupError> {
    if config.start > super::limits::MAX_START_POSITION {
        return Err(SetupError::new("EMR-16.10", "start position above 1000"));
    }
    if config.max_games == Some(0) {
        return Err(SetupError::new(
            "config",
            "a campaign has at least one game",
        ));
    }
    Ok(CampaignState {
        config: config.clone(),
        start: config.start,
        games: Vec::new(),
        best: Vec::new(),
    })
}

fn over(c: &CampaignState) -> bool {
    c.config
        .max_games
        .is_some_and(|m| c.games.len() >= m as usize)
}

/// EMR-16.8, EMR-16.10: the solo campaign config at the current start position.
pub(crate) fn next_game(c: &CampaignState) -> Option<EmaraConfig> {
    if over(c) {
        return None;
    }
    let mut cfg = EmaraConfig::solo(SoloMode::Campaign, c.start);
    cfg.random_layout = c.config.random_layout;
    cfg.full_selection = c.config.full_selection;
    Some(cfg)
}

pub(crate) fn fold(c: &mut CampaignState, st: &EmaraState) -> Result<(), RuleViolation> {
    if over(c) {
        return Err(RuleViolation::new("EMR-16.10", "the campaign is over"));
    }
    let Some(score) = st.score.as_ref() else {
        return Err(RuleViolation::new(
            "EMR-14.1",
            "only a finished game can be folded into the campaign",
        ));
    };
    let expected = next_game(c).expect("not over");
    if st.config != expected {
        return Err(RuleViolation::new(
            "EMR-16.10",
            format!(
                "the game was not started from the campaign's next config (solo campaign from {})",
                c.start
            ),
        ));
    }
    let won = score.solo_won.expect("campaign solo game");
    let result = CampaignGame {
        start: c.start,
        score: score.players[0].final_score,
        victoria_cp: score.victoria_cp.unwrap_or(0),
        won,
    };
    // Best result per start position: a win beats a loss, then the higher score.
    let cand = CampaignBest {
        start: result.start,
        score: result.score,
        won,
    };
    match c.best.iter_mut().find(|b| b.start == cand.start) {
        Some(b) => {
            if (cand.won, cand.score) > (b.won, b.score) {
                *b = cand;
            }
        }
        None => {
            c.best.push(cand);
            c.best.sort_by_key(|b| b.start);
        }
    }
    c.games.push(result);
    // EMR-16.10: −5 after a win, +2 after a loss.
    c.start = if won {
        c.start.saturating_sub(5)
    } else {
        c.start + 2
    };
    Ok(())
}

/// EMR-16.12: the lowest start won from, with the best score there.
pub(crate) fn result(c: &CampaignState) -> Option<CampaignResult> {
    c.best
        .iter()
        .filter(|b| b.won)
        .min_by_key(|b| b.start)
        .map(|b| CampaignResult {
            start: b.start,
            score: b.score,
        })
}

pub(crate) fn view(c: &CampaignState) -> CampaignView {
    CampaignView {
        next_start: (!over(c)).then_some(c.start),
        games: c.games.clone(),
        best: c.best.clone(),
        result: result(c),
        over: over(c),
    }
}
