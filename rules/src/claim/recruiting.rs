//! Phase 1, recruiting followers: reveal (CLM-P1.2, CLM-MP1.1), rewards (CLM-P1.4–.6, CLM-MP1.3,
//! CLM-MP1.6), seers (CLM-SER.*, CLM-MPA.3, decisions D2/D3/D3'/D4/D5), undead (CLM-UND.1,
//! CLM-MP1.5), clean-up (CLM-P1.7) and the next leader (CLM-DRG.1).

use super::state::{ClaimState, Follower, PUBLIC};
use super::types::*;
use super::{favour, trick};
use crate::Seat;

/// CLM-P1.2 / CLM-MP1.1: turn the top card (2p) or the top two cards (3–4p) face up; the leader
/// then plays (D1).
pub(crate) fn start_trick(st: &mut ClaimState, ev: &mut Vec<ClaimEvent>) {
    let k = if st.n() == 2 { 1 } else { 2 };
    st.revealed.clear();
    for _ in 0..k {
        // CLM-P1.10 / CLM-MP1.7: every trick takes exactly N cards, so the deck suffices.
        let card = st
            .deck
            .pop()
            .expect("CLM-P1.10: the deck never runs out in phase 1");
        st.revealed.push(card);
    }
    st.pending = Pending::PlayCard { seat: st.leader };
    ev.push(ClaimEvent::TrickStarted {
        phase: Phase::Recruiting,
        trick_number: st.trick_number,
        leader: st.leader,
        revealed: st.revealed.clone(),
    });
}

/// After ranking: a winning seer may look at the deck (CLM-SER.1, CLM-MPA.3: only the winner's
/// own printed seer, CLM-DOP.3); otherwise the rewards are handed out.
pub(crate) fn resolve(st: &mut ClaimState, ev: &mut Vec<ClaimEvent>) {
    let winner = st.ranking[0];
    if st.played_by(winner).map(|c| c.faction) == Some(Faction::Seers) {
        st.pending = Pending::SeerSight { seat: winner };
    } else {
        reward_without_seer(st, ev);
    }
}

/// CLM-MP1.6 (G16): two identical revealed cards make every slot choice moot.
pub(crate) fn revealed_identical(st: &ClaimState) -> bool {
    st.revealed.len() == 2 && st.revealed[0].same_kind(&st.revealed[1])
}

/// CLM-P1.4–.6 (2p: winner takes the revealed card, then the loser draws) and CLM-MP1.3 (3–4p: the
/// 1st place chooses a slot, D4, unless identical). Also used after CLM-SER.6 (seer declined).
fn reward_without_seer(st: &mut ClaimState, ev: &mut Vec<ClaimEvent>) {
    if st.n() == 2 {
        let (winner, loser) = (st.ranking[0], st.ranking[1]);
        take_revealed(st, winner, 0, ev);
        draw(st, loser, None, ev);
        finish_trick(st, ev);
    } else if revealed_identical(st) {
        places_take_slots(st, 0, ev);
    } else {
        st.pending = Pending::ChooseRevealed {
            seat: st.ranking[0],
        };
    }
}

/// CLM-MP1.3: the 1st place took `slot`, the 2nd place gets the other, 3rd and 4th draw.
fn places_take_slots(st: &mut ClaimState, slot: usize, ev: &mut Vec<ClaimEvent>) {
    take_revealed(st, st.ranking[0], slot, ev);
    take_revealed(st, st.ranking[1], 1 - slot, ev);
    for place in 2..st.n() {
        draw(st, st.ranking[place], None, ev);
    }
    finish_trick(st, ev);
}

/// A revealed card goes face down into `seat`'s follower pile; everyone saw it (section 8).
fn take_revealed(st: &mut ClaimState, seat: Seat, slot: usize, ev: &mut Vec<ClaimEvent>) {
    let card = st.revealed[slot];
    st.players[seat].followers.push(Follower {
        card,
        known: PUBLIC,
    });
    ev.push(ClaimEvent::TookRevealed {
        seat,
        slot: slot as u8,
        card,
    });
}

/// CLM-P1.5 / CLM-MP1.4: `seat` draws the top card unseen by others; `seer` also knows it when
/// it is the card the seer looked at (CLM-SER.5, CLM-MPA.3).
fn draw(st: &mut ClaimState, seat: Seat, seer: Option<Seat>, ev: &mut Vec<ClaimEvent>) {
    let card = st
        .deck
        .pop()
        .expect("CLM-P1.10: the deck never runs out in phase 1");
    let mut known = 1u8 << seat;
    let mut known_to = vec![seat];
    if let Some(s) = seer {
        known |= 1 << s;
        known_to.push(s);
        known_to.sort_unstable();
    }
    st.players[seat].followers.push(Follower { card, known });
    ev.push(ClaimEvent::DrewFromDeck {
        seat,
        card: Some(card),
        known_to,
    });
}

/// D2 `seer_peek` (CLM-SER.2): only the seer sees the top card.
pub(crate) fn seer_peek(st: &mut ClaimState, seat: Seat, ev: &mut Vec<ClaimEvent>) {
    let top = st
        .deck_top()
        .expect("CLM-SER.7: the deck holds a card when a seer wins");
    ev.push(ClaimEvent::SeerPeeked {
        seat,
        card: Some(top),
    });
    st.pending = Pending::SeerChoice { seat };
}

/// D2 `seer_decline` (CLM-SER.6): rewards as if no seer had won.
pub(crate) fn seer_decline(st: &mut ClaimState, seat: Seat, ev: &mut Vec<ClaimEvent>) {
    ev.push(ClaimEvent::SeerDeclined { seat });
    reward_without_seer(st, ev);
}

/// D3/D3' `seer_take_top`: the seer takes the card they looked at. 2p: the loser takes the
/// revealed card (CLM-SER.4). 3–4p (CLM-MPA.3): the 2nd place chooses a revealed slot (D5, auto
/// when identical, CLM-MP1.6), the 3rd takes the other, the 4th draws.
pub(crate) fn seer_take_top(st: &mut ClaimState, seat: Seat, ev: &mut Vec<ClaimEvent>) {
    draw(st, seat, None, ev);
    if st.n() == 2 {
        take_revealed(st, st.ranking[1], 0, ev);
        finish_trick(st, ev);
    } else if revealed_identical(st) {
        after_seer_took_top(st, 0, ev);
    } else {
        st.pending = Pending::ChooseRevealedAfterSeer {
            seat: st.ranking[1],
        };
    }
}

/// CLM-MPA.3 after `seer_take_top`: 2nd place took `slot`, 3rd the other, 4th draws.
fn after_seer_took_top(st: &mut ClaimState, slot: usize, ev: &mut Vec<ClaimEvent>) {
    take_revealed(st, st.ranking[1], slot, ev);
    take_revealed(st, st.ranking[2], 1 - slot, ev);
    for place in 3..st.n() {
        draw(st, st.ranking[place], None, ev);
    }
    finish_trick(st, ev);
}

/// D3 `seer_take_revealed` (2p, CLM-SER.5): the loser draws the card the seer saw.
pub(crate) fn seer_take_revealed(st: &mut ClaimState, seat: Seat, ev: &mut Vec<ClaimEvent>) {
    take_revealed(st, seat, 0, ev);
    draw(st, st.ranking[1], Some(seat), ev);
    finish_trick(st, ev);
}

/// `take_revealed{slot}` in D3' (seer took a revealed card, CLM-MPA.3), D4 (CLM-MP1.3) or D5.
pub(crate) fn take_revealed_choice(st: &mut ClaimState, slot: usize, ev: &mut Vec<ClaimEvent>) {
    match st.pending {
        Pending::SeerChoice { seat } => {
            // CLM-MPA.3: 2nd takes the other slot, 3rd draws the card the seer saw, 4th the next.
            take_revealed(st, seat, slot, ev);
            take_revealed(st, st.ranking[1], 1 - slot, ev);
            draw(st, st.ranking[2], Some(seat), ev);
            for place in 3..st.n() {
                draw(st, st.ranking[place], None, ev);
            }
            finish_trick(st, ev);
        }
        Pending::ChooseRevealed { .. } => places_take_slots(st, slot, ev),
        Pending::ChooseRevealedAfterSeer { .. } => after_seer_took_top(st, slot, ev),
        _ => unreachable!("checked: a revealed-card choice is pending"),
    }
}

/// Clean-up and next trick: played undead to the winner's score pile (CLM-UND.1, CLM-MP1.5), all
/// other played cards discarded (CLM-P1.7, CLM-P1.9, CLM-TRL.8, CLM-GNT.7), next leader
/// (CLM-DRG.1), then the next trick or phase 2 (CLM-P1.10, CLM-P2.3).
fn finish_trick(st: &mut ClaimState, ev: &mut Vec<ClaimEvent>) {
    st.revealed.clear();
    let winner = st.ranking[0];
    let mut undead = Vec::new();
    let mut gone = Vec::with_capacity(st.n());
    for p in &st.trick {
        if p.card.faction == Faction::Undead {
            undead.push(p.card);
        } else {
            gone.push(p.card);
        }
    }
    if !undead.is_empty() {
        st.players[winner].score.extend_from_slice(&undead);
        ev.push(ClaimEvent::ToScorePile {
            seat: winner,
            cards: undead,
        });
    }
    if !gone.is_empty() {
        st.discard.extend_from_slice(&gone);
        ev.push(ClaimEvent::Discarded { cards: gone });
    }
    let (next, by_dragon) = trick::next_leader(&st.trick, winner);
    ev.push(ClaimEvent::NextLeader {
        seat: next,
        by_dragon,
    });
    st.leader = next;
    std::mem::swap(&mut st.trick, &mut st.last_trick);
    st.trick.clear();
    std::mem::swap(&mut st.ranking, &mut st.last_ranking);
    st.ranking.clear();
    if st.trick_number == st.h() {
        favour::start_phase(st, ev);
    } else {
        st.trick_number += 1;
        start_trick(st, ev);
    }
}
