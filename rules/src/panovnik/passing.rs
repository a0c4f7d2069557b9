//! Passing in the auction (PNV-6) and the end of a bidding round.

use super::auction;
use super::events::*;
use super::laws;
use super::state::*;
use crate::Seat;

/// PNV-6.7 (D), 5.14: after the round's card resolution, this round's empty hands pass, and in
/// bidding round 3 so does every player who has not won a card (their bid is lost anyway);
/// they take gems in priority order (PNV-6.3).
pub(crate) fn collect_passers(st: &mut PanovnikState, _ev: &mut [PanovnikEvent]) {
    let mut passers = std::mem::take(&mut st.auction.passers);
    if st.auction.bidding_round >= 3 {
        for s in 0..st.n() {
            if st.auction.active[s] {
                st.auction.active[s] = false;
                st.auction.passed[s] = true;
                passers.push(s);
            }
        }
    }
    st.auction.queue = st.by_priority(passers);
    st.stage = Stage::Passing;
}

/// PNV-6.2, 8.4, G2 `pass_bonus_gems`: 3 gems plus 1 per science token in the pyramid plus
/// every pass bonus of a positioned law.
pub(crate) fn pass_entitlement(st: &PanovnikState, seat: Seat) -> u32 {
    let p = &st.players[seat];
    3 + p.sum(|t| t.science) + laws::pass_bonus(p)
}

/// The next passer takes `min(entitlement, supply)` gems (PNV-6.3, 6.4, 6.6, 3.5); when all
/// have, the bidding round ends.
pub(crate) fn next_passer(st: &mut PanovnikState, ev: &mut Vec<PanovnikEvent>) {
    if st.auction.queue.is_empty() {
        end_bidding_round(st, ev);
        return;
    }
    let seat = st.auction.queue.remove(0);
    st.tasks.push_back(Task::PassGems { seat });
}

/// PNV-11.7: virtual gems back to the box (they never left it); the next bidding round is held
/// while a real player is active and fewer than 3 were held (PNV-5.3, 5.15, 12.5).
pub(crate) fn end_bidding_round(st: &mut PanovnikState, ev: &mut Vec<PanovnikEvent>) {
    st.auction.virt_bids.iter_mut().for_each(|b| *b = None);
    let any_active = st.auction.active.iter().any(|&a| a);
    if st.auction.bidding_round < 3 && any_active {
        auction::open_bidding(st, ev);
    } else {
        auction::end_auction(st, ev);
    }
}
