//! Scoring (§6): a card's fame (KLG-17.3, 13.7, 14.6), the kingdom's fame, purge fame
//! (KLG-17.4, 19.8) and the sitting's outcome (KLG-1.1, 17.5).

use super::data::StickerKind;
use super::selectors;
use super::state::*;
use super::types::CardId;
use crate::Outcome;

/// KLG-17.3: the fame printed on the active stage, plus fame stickers on that stage
/// (KLG-13.7), plus the fame of its ticked boxes (KLG-14.6).
pub fn card_fame(st: &State, id: CardId) -> i32 {
    let content = super::pack_content(st.pack);
    let rec = st.card(id);
    let o = rec.orientation;
    let Some(stage) = content.stage(id, o) else {
        return 0;
    };
    let stickers: i32 = rec
        .stickers
        .iter()
        .filter(|m| m.orientation == o)
        .filter_map(|m| match content.sticker(&m.no).map(|d| &d.kind) {
            Some(StickerKind::Fame { amount }) => Some(*amount),
            _ => None,
        })
        .sum();
    let boxes: i32 = rec
        .ticked_on(o)
        .iter()
        .filter_map(|&i| stage.checkboxes.get(i as usize))
        .map(|b| b.fame)
        .sum();
    stage.fame + stickers + boxes
}

/// KLG-17.3, 17.6: the fame of every kingdom card (deck, active zone, discard, permanent).
pub fn kingdom_fame(st: &State) -> i32 {
    st.cards
        .keys()
        .filter(|&&id| selectors::in_kingdom(st, id))
        .map(|&id| card_fame(st, id))
        .sum()
}

/// KLG-19.8, 19.11: the accumulated purge fame.
pub fn purge_fame_total(st: &State) -> i32 {
    st.purge_fame.iter().map(|e| e.value).sum()
}

/// KLG-1.1, 17.5: a sitting ends when the kingdom is stored or the campaign closed; the game
/// cannot be lost, the only seat takes first place.
pub(crate) fn outcome(st: &State) -> Option<Outcome> {
    let end = st.ended.as_ref()?;
    let reason = match end {
        SittingEnd::Suspended => {
            let fame = kingdom_fame(st) + purge_fame_total(st);
            match (&st.expansions.current, st.phase) {
                (_, Phase::PostGame) => format!(
                    "kingdom stored after the game end (fame {fame}, base score {})",
                    st.score_track
                        .base
                        .map_or_else(|| "none".to_string(), |b| b.to_string())
                ),
                (Some(c), _) => format!(
                    "kingdom stored after round {} of expansion {} (fame {fame})",
                    c.rounds_done, c.id
                ),
                (None, _) => format!(
                    "kingdom stored after round {} (fame {fame})",
                    st.base.round_number
                ),
            }
        }
        SittingEnd::Closed => {
            let exps: Vec<String> = st
                .score_track
                .expansions
                .iter()
                .map(|e| e.score.to_string())
                .collect();
            let base = st
                .score_track
                .base
                .map_or_else(|| "none".to_string(), |b| b.to_string());
            if exps.is_empty() {
                format!("campaign closed: base {base}")
            } else {
                format!(
                    "campaign closed: base {base}, expansions {}",
                    exps.join(", ")
                )
            }
        }
    };
    Some(Outcome {
        places: vec![1],
        winners: vec![0],
        draw: false,
        reason,
    })
}
