//! Action ids and labels (section 9 action names): `play:gnomes:3:1`, `seer_peek`,
//! `seer_decline`, `seer_take_top`, `seer_take_revealed`, `take_revealed:0`, `crush:7`,
//! `finish_crushing`.

use super::state::ClaimState;
use super::types::*;

pub(crate) fn action_id(action: &ClaimAction) -> String {
    match action {
        ClaimAction::PlayCard(c) => format!("play:{}", c.id()),
        ClaimAction::SeerPeek => "seer_peek".to_string(),
        ClaimAction::SeerDecline => "seer_decline".to_string(),
        ClaimAction::SeerTakeTop => "seer_take_top".to_string(),
        ClaimAction::SeerTakeRevealed => "seer_take_revealed".to_string(),
        ClaimAction::TakeRevealed(slot) => format!("take_revealed:{slot}"),
        ClaimAction::CrushGnome(v) => format!("crush:{v}"),
        ClaimAction::FinishCrushing => "finish_crushing".to_string(),
    }
}

/// Inverts [`action_id`]; only canonical ids are accepted.
pub(crate) fn parse_action_id(id: &str) -> Option<ClaimAction> {
    let action = match id {
        "seer_peek" => ClaimAction::SeerPeek,
        "seer_decline" => ClaimAction::SeerDecline,
        "seer_take_top" => ClaimAction::SeerTakeTop,
        "seer_take_revealed" => ClaimAction::SeerTakeRevealed,
        "finish_crushing" => ClaimAction::FinishCrushing,
        _ => {
            let (kind, rest) = id.split_once(':')?;
            match kind {
                "play" => ClaimAction::PlayCard(Card::parse(rest)?),
                "take_revealed" => ClaimAction::TakeRevealed(rest.parse().ok().filter(|s| *s < 2)?),
                "crush" => ClaimAction::CrushGnome(rest.parse().ok().filter(|v| *v < 10)?),
                _ => return None,
            }
        }
    };
    (action_id(&action) == id).then_some(action)
}

/// Labels name the card at stake where the acting seat can see it: the revealed cards are face
/// up, and the deck top is offered (`SeerTakeTop`) only to the seer who has just peeked at it.
pub(crate) fn action_label(st: &ClaimState, action: &ClaimAction) -> String {
    let revealed = |slot: usize| {
        st.revealed
            .get(slot)
            .map(|c| format!(" {}", c.label()))
            .unwrap_or_default()
    };
    match action {
        ClaimAction::PlayCard(c) => format!("Play {}", c.label()),
        ClaimAction::SeerPeek => "Look at the top card of the deck (seer)".to_string(),
        ClaimAction::SeerDecline => "Do not look at the top card (seer)".to_string(),
        ClaimAction::SeerTakeTop => match st.deck_top() {
            Some(c) => format!("Take the top card of the deck, {} (seer)", c.label()),
            None => "Take the top card of the deck (seer)".to_string(),
        },
        ClaimAction::SeerTakeRevealed => format!("Take the revealed card{} (seer)", revealed(0)),
        ClaimAction::TakeRevealed(slot) => {
            format!(
                "Take revealed card{} (slot {})",
                revealed(*slot as usize),
                slot + 1
            )
        }
        ClaimAction::CrushGnome(v) => format!("Crush a Gnome {v}"),
        ClaimAction::FinishCrushing => "Finish crushing".to_string(),
    }
}
