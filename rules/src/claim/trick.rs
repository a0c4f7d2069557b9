//! Trick play common to both phases: following suit (CLM-TRK.4/.5, CLM-DOP.1/.2/.5, CLM-KNT.4),
//! ranking (CLM-TRK.10 with knights and G10), dragons (CLM-DRG.1) and playing a card (D1).

use super::state::ClaimState;
use super::types::*;
use super::{favour, recruiting};
use crate::Seat;

/// CLM-TRK.6: a card counts as lead if it has the lead faction or is a doppelganger.
pub(crate) fn counts_as_lead(card: Card, lead: Faction) -> bool {
    card.faction == lead || card.faction == Faction::Doppelgangers
}

/// CLM-TRK.1/.4/.5: may `card` (in `hand`) be played on a trick whose lead faction is `lead`?
/// The leader plays anything. A follower must play the lead faction if able (CLM-TRK.4), except
/// that a doppelganger may always be played (CLM-DOP.1); a led doppelganger makes doppelgangers
/// the lead faction (CLM-DOP.2). Knights do not relax the obligation (CLM-KNT.4), and holding a
/// doppelganger creates none (CLM-DOP.5).
pub(crate) fn may_play(hand: &[Card], lead: Option<Faction>, card: Card) -> bool {
    match lead {
        None => true,
        Some(lead) => counts_as_lead(card, lead) || !hand.iter().any(|c| c.faction == lead),
    }
}

/// The lead faction of the current trick (CLM-TRK.2).
pub(crate) fn lead_faction(trick: &[PlayedCard]) -> Option<Faction> {
    trick.first().map(|p| p.card.faction)
}

/// CLM-TRK.10 (CLM-MP.6, CLM-KNT.1, CLM-MPA.1, G10): the seats from 1st to last place.
///
/// Tier 2: a knight on a goblin lead (with `knights_only_win`, only the best such knight);
/// tier 1: cards counting as lead; tier 0: the rest. Then value descending, then play order.
pub(crate) fn rank(trick: &[PlayedCard], knights_only_win: bool) -> Vec<Seat> {
    let lead = trick[0].card.faction;
    let goblin_lead = lead == Faction::Goblins;
    // G10 alternative: only the highest knight (earliest on equal value) is lifted.
    let lifted = if goblin_lead && knights_only_win {
        trick
            .iter()
            .enumerate()
            .filter(|(_, p)| p.card.faction == Faction::Knights)
            .max_by(|(i, a), (j, b)| a.card.value.cmp(&b.card.value).then(j.cmp(i)))
            .map(|(i, _)| i)
    } else {
        None
    };
    let tier = |i: usize, c: Card| -> u8 {
        if goblin_lead && c.faction == Faction::Knights {
            if !knights_only_win || lifted == Some(i) {
                2
            } else {
                0
            }
        } else if counts_as_lead(c, lead) {
            1
        } else {
            0
        }
    };
    let mut order: Vec<usize> = (0..trick.len()).collect();
    order.sort_by(|&i, &j| {
        let (a, b) = (trick[i].card, trick[j].card);
        tier(j, b)
            .cmp(&tier(i, a))
            .then(b.value.cmp(&a.value))
            .then(i.cmp(&j))
    });
    order.into_iter().map(|i| trick[i].seat).collect()
}

/// CLM-DRG.1/.3, CLM-TRK.11: the next leader is whoever played the last dragon (printed dragons
/// only, CLM-DOP.3), otherwise the winner. Returns (seat, decided by a dragon).
pub(crate) fn next_leader(trick: &[PlayedCard], winner: Seat) -> (Seat, bool) {
    match trick
        .iter()
        .rev()
        .find(|p| p.card.faction == Faction::Dragons)
    {
        Some(p) => (p.seat, true),
        None => (winner, false),
    }
}

/// D1 (CLM-TRK.1/.3): `seat` plays `card` (already checked legal). When the trick is complete it
/// is ranked (CLM-TRK.10) and resolved by the phase's rules.
pub(crate) fn play_card(st: &mut ClaimState, seat: Seat, card: Card, ev: &mut Vec<ClaimEvent>) {
    let p = &mut st.players[seat];
    let pos = p
        .hand
        .iter()
        .position(|c| *c == card)
        .expect("checked: card in hand");
    p.hand.remove(pos);
    // A known copy leaves the hand first: the rest is still known to be there.
    if let Some(i) = p.known_in_hand.iter().position(|f| f.card == card) {
        p.known_in_hand.remove(i);
    }
    st.trick.push(PlayedCard { seat, card });
    ev.push(ClaimEvent::CardPlayed { seat, card });
    if st.trick.len() < st.n() {
        // CLM-GEN.2: play continues clockwise.
        st.pending = Pending::PlayCard {
            seat: st.next_seat(seat),
        };
        return;
    }
    st.ranking = rank(&st.trick, st.config.knights_only_win);
    ev.push(ClaimEvent::TrickRanked {
        ranking: st.ranking.clone(),
        winner: st.ranking[0],
    });
    match st.phase {
        Phase::Recruiting => recruiting::resolve(st, ev),
        Phase::Favour => favour::resolve(st, ev),
        Phase::Finished => unreachable!("no trick is played after scoring"),
    }
}
