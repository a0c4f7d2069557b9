//! The decision table of section 9: which actions a seat may take now (D1–D6) and why any other
//! action is refused. The rules are written once, in `check`; `legal_actions` is the decision's
//! candidates that `check` accepts, so `apply` accepts exactly what `legal_actions` lists.

use super::favour::can_crush;
use super::recruiting::revealed_identical;
use super::state::ClaimState;
use super::trick::{lead_faction, may_play};
use super::types::*;
use crate::{RuleViolation, Seat};

/// The seat the pending decision belongs to.
pub(crate) fn pending_seat(p: &Pending) -> Option<Seat> {
    match *p {
        Pending::PlayCard { seat }
        | Pending::SeerSight { seat }
        | Pending::SeerChoice { seat }
        | Pending::ChooseRevealed { seat }
        | Pending::ChooseRevealedAfterSeer { seat }
        | Pending::Crushing { seat, .. } => Some(seat),
        Pending::None => None,
    }
}

/// Section 9: the legal actions of `seat` now: the actions its decision offers
/// ([`candidates`]) that [`check`] accepts. The list, the single-action check and the
/// refusal's rule ID thus come from one source, the rules in [`check`].
pub(crate) fn legal_actions(st: &ClaimState, seat: Seat) -> Vec<ClaimAction> {
    if pending_seat(&st.pending) != Some(seat) {
        return Vec::new();
    }
    candidates(st, seat)
        .into_iter()
        .filter(|a| check(st, seat, a).is_ok())
        .collect()
}

/// What the pending decision offers before its rules are applied, in the order the legal
/// actions are listed: every card in hand (D1), looking or not (D2), each of the seer's and
/// the revealed slots' choices (D3–D5), every gnome value and the end of crushing (D6).
fn candidates(st: &ClaimState, seat: Seat) -> Vec<ClaimAction> {
    match st.pending {
        Pending::PlayCard { .. } => st.players[seat]
            .hand
            .iter()
            .map(|&c| ClaimAction::PlayCard(c))
            .collect(),
        Pending::SeerSight { .. } => vec![ClaimAction::SeerPeek, ClaimAction::SeerDecline],
        Pending::SeerChoice { .. } => vec![
            ClaimAction::SeerTakeTop,
            ClaimAction::SeerTakeRevealed,
            ClaimAction::TakeRevealed(0),
            ClaimAction::TakeRevealed(1),
        ],
        Pending::ChooseRevealed { .. } | Pending::ChooseRevealedAfterSeer { .. } => {
            vec![ClaimAction::TakeRevealed(0), ClaimAction::TakeRevealed(1)]
        }
        Pending::Crushing { .. } => (0..10u8)
            .map(ClaimAction::CrushGnome)
            .chain([ClaimAction::FinishCrushing])
            .collect(),
        Pending::None => Vec::new(),
    }
}

fn refuse(rule: &'static str, message: impl Into<String>) -> Result<(), RuleViolation> {
    Err(RuleViolation::new(rule, message))
}

/// What the pending decision asks for, in words.
fn awaited(p: &Pending) -> &'static str {
    match p {
        Pending::PlayCard { .. } => "play a card",
        Pending::SeerSight { .. } => "decide whether to look at the top card (seer)",
        Pending::SeerChoice { .. } => "choose the seer's card",
        Pending::ChooseRevealed { .. } | Pending::ChooseRevealedAfterSeer { .. } => {
            "choose a revealed card"
        }
        Pending::Crushing { .. } => "crush gnomes or finish crushing",
        Pending::None => "nothing",
    }
}

/// Whether `seat` may take `action` now; the error names the violated rule.
pub(crate) fn check(
    st: &ClaimState,
    seat: Seat,
    action: &ClaimAction,
) -> Result<(), RuleViolation> {
    let Some(to_act) = pending_seat(&st.pending) else {
        return refuse("CLM-GEN.5", "the game is over");
    };
    if seat >= st.n() {
        return refuse("CLM-GEN.2", format!("there is no seat {seat}"));
    }
    if seat != to_act {
        return refuse(
            "CLM-GEN.2",
            format!("not your turn: seat {to_act} must {}", awaited(&st.pending)),
        );
    }
    let two = st.n() == 2;
    match (&st.pending, action) {
        (Pending::PlayCard { .. }, ClaimAction::PlayCard(card)) => {
            let hand = &st.players[seat].hand;
            if !hand.contains(card) {
                let rule = if st.phase == Phase::Recruiting
                    && st.players[seat].followers.iter().any(|f| f.card == *card)
                {
                    "CLM-P1.8"
                } else {
                    "CLM-TRK.3"
                };
                return refuse(rule, format!("{} is not in your hand", card.label()));
            }
            let lead = lead_faction(&st.trick);
            if !may_play(hand, lead, *card) {
                let lead = lead.expect("the leader may play anything");
                // CLM-DOP.1: the Doppelganger escape exists only where the faction is in play.
                let or_dop = if st.factions.contains(&Faction::Doppelgangers) {
                    " (or play a Doppelganger)"
                } else {
                    ""
                };
                return refuse(
                    "CLM-TRK.4",
                    format!(
                        "you hold a {} and must follow suit{or_dop}",
                        lead.singular()
                    ),
                );
            }
            Ok(())
        }
        (Pending::PlayCard { .. }, _) => refuse("CLM-TRK.3", "you must play a card from your hand"),
        (Pending::SeerSight { .. }, ClaimAction::SeerPeek | ClaimAction::SeerDecline) => Ok(()),
        (Pending::SeerSight { .. }, _) => refuse(
            "CLM-SER.2",
            "first decide whether to look at the top card of the deck",
        ),
        (Pending::SeerChoice { .. }, ClaimAction::SeerTakeTop) => Ok(()),
        (Pending::SeerChoice { .. }, ClaimAction::SeerTakeRevealed) if two => Ok(()),
        (Pending::SeerChoice { .. }, ClaimAction::SeerTakeRevealed) => refuse(
            "CLM-MPA.3",
            "with 3–4 players choose a revealed slot (take_revealed)",
        ),
        (Pending::SeerChoice { .. }, ClaimAction::TakeRevealed(_)) if two => refuse(
            "CLM-SER.3",
            "with 2 players take the revealed card (seer_take_revealed)",
        ),
        (Pending::SeerChoice { .. }, ClaimAction::TakeRevealed(slot)) => check_slot(st, *slot),
        (Pending::SeerChoice { .. }, _) => refuse(
            "CLM-SER.3",
            "take the top card of the deck or a revealed card",
        ),
        (
            Pending::ChooseRevealed { .. } | Pending::ChooseRevealedAfterSeer { .. },
            ClaimAction::TakeRevealed(slot),
        ) => check_slot(st, *slot),
        (Pending::ChooseRevealed { .. }, _) => {
            refuse("CLM-MP1.3", "choose one of the revealed cards")
        }
        (Pending::ChooseRevealedAfterSeer { .. }, _) => {
            refuse("CLM-MPA.3", "choose one of the revealed cards")
        }
        (Pending::Crushing { .. }, ClaimAction::FinishCrushing) => Ok(()),
        (Pending::Crushing { victim, .. }, ClaimAction::CrushGnome(value)) => {
            if *value > 9 || st.crush_left[*value as usize] == 0 {
                refuse(
                    "CLM-GNT.2",
                    format!("no giant of value {value} is left to crush with"),
                )
            } else if !can_crush(st, *victim, *value) {
                refuse(
                    "CLM-GNT.4",
                    format!("seat {victim} has no Gnome {value} in the gnome row"),
                )
            } else {
                Ok(())
            }
        }
        (Pending::Crushing { .. }, _) => refuse("CLM-GNT.6", "crush a gnome or finish crushing"),
        (Pending::None, _) => unreachable!("handled above"),
    }
}

/// CLM-MP1.3: slot 0 or 1; CLM-MP1.6: only slot 0 when both revealed cards are identical.
fn check_slot(st: &ClaimState, slot: u8) -> Result<(), RuleViolation> {
    if slot > 1 {
        refuse("CLM-MP1.3", format!("there is no revealed slot {slot}"))
    } else if slot == 1 && revealed_identical(st) {
        refuse(
            "CLM-MP1.6",
            "both revealed cards are identical: take slot 0",
        )
    } else {
        Ok(())
    }
}
