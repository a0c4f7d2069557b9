//! What a viewer may see (section 8, CLM-HID.1–.5): own hand and follower pile, the follower cards
//! of others the viewer knows, public zones and counts; never the deck order or the RNG.

use super::decisions::pending_seat;
use super::state::{ClaimState, PUBLIC};
use super::trick::lead_faction;
use super::types::*;
use crate::Viewer;

pub(crate) fn view(st: &ClaimState, viewer: Viewer) -> ClaimView {
    let me = viewer.seat();
    let four = st.config.mode == Mode::FourPlayerTeams;
    let players = st
        .players
        .iter()
        .enumerate()
        .map(|(seat, p)| {
            let owner = me == Some(seat);
            // CLM-HID.1: the owner saw every card entering the pile; others know the revealed cards
            // taken (public) and draws they saw; spectators only the public ones (CLM-HID.2).
            let known_followers = p
                .followers
                .iter()
                .filter(|f| owner || f.known == PUBLIC || me.is_some_and(|v| f.known_to(v)))
                .map(|f| f.card)
                .collect();
            // Phase 2: what others learnt of the pile in phase 1 stays known while in the hand.
            let known_hand = if owner {
                Vec::new()
            } else {
                p.known_in_hand
                    .iter()
                    .filter(|f| f.known == PUBLIC || me.is_some_and(|v| f.known_to(v)))
                    .map(|f| f.card)
                    .collect()
            };
            PlayerView {
                seat,
                team: four.then_some((seat % 2) as u8),
                hand_count: p.hand.len(),
                hand: owner.then(|| p.hand.clone()),
                follower_count: p.followers.len(),
                known_followers,
                known_hand,
                score_pile: p.score.clone(),
                gnome_row: p.row.clone(),
            }
        })
        .collect();
    // The peeked card: only the seer, only while the seer choice is open (CLM-SER.2, CLM-HID.3).
    let peeked = match st.pending {
        Pending::SeerChoice { seat } if me == Some(seat) => st.deck_top(),
        _ => None,
    };
    debug_assert!(pending_seat(&st.pending).is_some() || st.phase == Phase::Finished);
    ClaimView {
        mode: st.config.mode,
        pair: st.pair,
        factions: st.factions.clone(),
        phase: st.phase,
        trick_number: st.trick_number,
        tricks_per_phase: st.h(),
        deck_count: st.deck.len(),
        revealed: st.revealed.clone(),
        leader: st.leader,
        lead_faction: lead_faction(&st.trick),
        trick: st.trick.clone(),
        last_trick: st.last_trick.clone(),
        last_ranking: st.last_ranking.clone(),
        players,
        troll_pool: st.pool.clone(),
        discard: st.discard.clone(),
        pending: st.pending.clone(),
        peeked,
        flags: st.config.clone(),
        score: st.score.clone(),
    }
}
