//! Phase 2, fight for favour (CLM-P2.*, CLM-MP2.*): distribution with dwarves (CLM-DWF.1,
//! CLM-MPA.4), gnome rows (CLM-GNM.*), trolls and the pool (CLM-TRL.*, G5 flag), giants (CLM-GNT.*
//! with D6 and `auto_crush_2p`; CLM-MPA.5–.7 mandatory in 3–4p) and the last-trick troll sweep.

use super::scoring;
use super::state::ClaimState;
use super::trick;
use super::types::*;
use crate::Seat;

/// CLM-P2.1 / CLM-MP2.1: follower piles become hands; the leader continues across the phase
/// boundary, dragons included (CLM-P2.3, CLM-DRG.4).
pub(crate) fn start_phase(st: &mut ClaimState, ev: &mut Vec<ClaimEvent>) {
    st.phase = Phase::Favour;
    st.trick_number = 1;
    for seat in 0..st.n() {
        let p = &mut st.players[seat];
        p.known_in_hand = p
            .followers
            .iter()
            .filter(|f| f.known != 0)
            .copied()
            .collect();
        p.hand.extend(p.followers.drain(..).map(|f| f.card));
        ev.push(ClaimEvent::FollowersTakenUp {
            seat,
            count: p.hand.len(),
            cards: p.hand.clone(),
        });
    }
    start_trick(st, ev);
}

/// CLM-P2.2: no card is revealed; the leader plays (D1).
fn start_trick(st: &mut ClaimState, ev: &mut Vec<ClaimEvent>) {
    st.pending = Pending::PlayCard { seat: st.leader };
    ev.push(ClaimEvent::TrickStarted {
        phase: Phase::Favour,
        trick_number: st.trick_number,
        leader: st.leader,
        revealed: Vec::new(),
    });
}

/// CLM-P2.6 (a)–(d): winner (already ranked), dwarf recipient, distribution, giants.
pub(crate) fn resolve(st: &mut ClaimState, ev: &mut Vec<ClaimEvent>) {
    let winner = st.ranking[0];
    let dwarf_to = dwarf_recipient(st);
    distribute(st, winner, dwarf_to, ev);
    std::mem::swap(&mut st.trick, &mut st.last_trick);
    st.trick.clear();
    std::mem::swap(&mut st.ranking, &mut st.last_ranking);
    st.ranking.clear();
    giants_crush(st, winner, ev);
}

/// CLM-DWF.1 (2p: the loser) / CLM-MPA.4 (3–4p: the lowest card of any faction; on equal values
/// the later player) receives the played dwarves.
fn dwarf_recipient(st: &ClaimState) -> Seat {
    if st.n() == 2 {
        return st.ranking[1];
    }
    let mut lowest = 0;
    for (i, p) in st.trick.iter().enumerate().skip(1) {
        if p.card.value <= st.trick[lowest].card.value {
            lowest = i;
        }
    }
    st.trick[lowest].seat
}

/// CLM-P2.5 / CLM-MP2.2: the winner takes the played cards, except dwarves (to `dwarf_to`),
/// gnomes (to the winner's own row, CLM-GNM.1, CLM-MP2.4) and trolls (CLM-TRL.1–.5, CLM-MP2.3).
/// Only printed factions count (CLM-DOP.3).
fn distribute(st: &mut ClaimState, winner: Seat, dwarf_to: Seat, ev: &mut Vec<ClaimEvent>) {
    let mut to_winner = Vec::with_capacity(st.n() + 1);
    let mut dwarves = Vec::new();
    let mut gnomes = Vec::new();
    let mut trolls_played = Vec::new();
    for p in &st.trick {
        match p.card.faction {
            Faction::Dwarves => dwarves.push(p.card),
            Faction::Gnomes => gnomes.push(p.card),
            Faction::Trolls => trolls_played.push(p.card),
            _ => to_winner.push(p.card),
        }
    }
    // CLM-TRL.2/.4 (G5): pool trolls are on the table too — with `troll_pool_needs_troll` only
    // when a troll was played in this trick.
    let contested = !st.config.troll_pool_needs_troll || !trolls_played.is_empty();
    st.pool.extend_from_slice(&trolls_played);
    let mut taken = None;
    if contested && !st.pool.is_empty() {
        // CLM-TRL.3: the single highest troll goes to the winner, the rest stays in the pool.
        let best = (0..st.pool.len())
            .max_by_key(|&i| st.pool[i].value)
            .expect("non-empty pool");
        let troll = st.pool.remove(best);
        to_winner.push(troll);
        taken = Some(troll);
    }
    if !to_winner.is_empty() {
        st.players[winner].score.extend_from_slice(&to_winner);
        ev.push(ClaimEvent::ToScorePile {
            seat: winner,
            cards: to_winner,
        });
    }
    if !dwarves.is_empty() {
        st.players[dwarf_to].score.extend_from_slice(&dwarves);
        ev.push(ClaimEvent::ToScorePile {
            seat: dwarf_to,
            cards: dwarves,
        });
    }
    if !gnomes.is_empty() {
        st.players[winner].row.extend_from_slice(&gnomes);
        ev.push(ClaimEvent::ToGnomeRow {
            seat: winner,
            cards: gnomes,
        });
    }
    trolls_played.retain(|c| Some(*c) != taken);
    if !trolls_played.is_empty() {
        ev.push(ClaimEvent::ToTrollPool {
            cards: trolls_played,
        });
    }
}

/// Giants of each value in the last trick (printed giants only, CLM-DOP.3).
fn giant_capacity(trick: &[PlayedCard]) -> [u8; 10] {
    let mut cap = [0u8; 10];
    for p in trick.iter().filter(|p| p.card.faction == Faction::Giants) {
        cap[p.card.value as usize] += 1;
    }
    cap
}

/// Whether a D6 crush is still possible: capacity left for a value the victim has in their row.
pub(crate) fn can_crush(st: &ClaimState, victim: Seat, value: u8) -> bool {
    (value as usize) < 10
        && st.crush_left[value as usize] > 0
        && st.players[victim].row.iter().any(|c| c.value == value)
}

fn any_crush(st: &ClaimState, victim: Seat) -> bool {
    (0..10).any(|v| can_crush(st, victim, v))
}

/// CLM-GNT.3: a crushed gnome (the first of that value in the row) leaves the game.
fn crush(st: &mut ClaimState, by: Seat, victim: Seat, value: u8, ev: &mut Vec<ClaimEvent>) -> bool {
    let row = &mut st.players[victim].row;
    match row.iter().position(|c| c.value == value) {
        Some(pos) => {
            let card = row.remove(pos);
            st.discard.push(card);
            ev.push(ClaimEvent::GnomeCrushed { by, victim, card });
            true
        }
        None => false,
    }
}

/// CLM-P2.6 (d). 2p (CLM-GNT.1–.6): each giant lets the winner crush one opponent gnome of the same
/// value, optionally (D6), or the maximum at once with `auto_crush_2p` (G4). 3–4p (CLM-MPA.5–.7):
/// each giant crushes one such gnome in every opponent's row, mandatorily; never the winner's or the
/// partner's gnomes (CLM-GNT.5, CLM-MPA.6).
fn giants_crush(st: &mut ClaimState, winner: Seat, ev: &mut Vec<ClaimEvent>) {
    let cap = giant_capacity(&st.last_trick);
    if cap.iter().all(|&c| c == 0) {
        return finish_trick(st, ev);
    }
    if st.n() == 2 {
        let victim = 1 - winner;
        st.crush_left = cap;
        if !any_crush(st, victim) {
            // CLM-GNT.4: no matching gnome, the giants have no effect; D6 is not offered.
            st.crush_left = [0; 10];
        } else if st.config.auto_crush_2p {
            for v in 0..10u8 {
                while can_crush(st, victim, v) {
                    crush(st, winner, victim, v, ev);
                    st.crush_left[v as usize] -= 1;
                }
            }
            st.crush_left = [0; 10];
        } else {
            st.pending = Pending::Crushing {
                seat: winner,
                victim,
            };
            return;
        }
    } else {
        for victim in 0..st.n() {
            if !st.opponents(winner, victim) {
                continue;
            }
            for (v, &count) in cap.iter().enumerate() {
                for _ in 0..count {
                    crush(st, winner, victim, v as u8, ev);
                }
            }
        }
    }
    finish_trick(st, ev);
}

/// D6 `crush_gnome{value}` (CLM-GNT.6); D6 ends by itself when no crush remains possible.
pub(crate) fn crush_gnome(st: &mut ClaimState, seat: Seat, value: u8, ev: &mut Vec<ClaimEvent>) {
    let Pending::Crushing { victim, .. } = st.pending else {
        unreachable!("checked: D6 pending")
    };
    crush(st, seat, victim, value, ev);
    st.crush_left[value as usize] -= 1;
    if !any_crush(st, victim) {
        finish_crushing(st, seat, ev);
    }
}

/// D6 `finish_crushing`: the remaining giants have no effect.
pub(crate) fn finish_crushing(st: &mut ClaimState, seat: Seat, ev: &mut Vec<ClaimEvent>) {
    st.crush_left = [0; 10];
    ev.push(ClaimEvent::CrushingFinished { seat });
    finish_trick(st, ev);
}

/// CLM-P2.6 (e)–(f): after the last trick its winner sweeps the troll pool (CLM-TRL.6) and the
/// game is scored (CLM-P2.7); otherwise the next leader (CLM-DRG.1) opens the next trick.
fn finish_trick(st: &mut ClaimState, ev: &mut Vec<ClaimEvent>) {
    let winner = st.last_ranking[0];
    if st.trick_number == st.h() {
        if !st.pool.is_empty() {
            let trolls = std::mem::take(&mut st.pool);
            st.players[winner].score.extend_from_slice(&trolls);
            ev.push(ClaimEvent::ToScorePile {
                seat: winner,
                cards: trolls,
            });
        }
        // CLM-DRG.4: a dragon in the last trick has no effect.
        scoring::finish_game(st, ev);
        return;
    }
    let (next, by_dragon) = trick::next_leader(&st.last_trick, winner);
    ev.push(ClaimEvent::NextLeader {
        seat: next,
        by_dragon,
    });
    st.leader = next;
    st.trick_number += 1;
    start_trick(st, ev);
}
