//! Virtual opponents (PNV-11 solo, PNV-12 variant; PNV-12.12: the PNV-12 cases apply to every
//! configuration with virtual opponents). They draw gems from the box, never own anything and
//! only take part in the auction.

use super::auction::{bidders_on, remove_card, take_card};
use super::events::*;
use super::state::*;
use super::types::*;
use crate::Seat;

/// PNV-11.3, 12.2, section 10.7: one gem per active virtual opponent, ascending index, drawn
/// uniformly from the box without replacement within the bidding round. The gems stay counted
/// in the box (they go back at the end of the round and never reach the supply, PNV-11.7).
pub(crate) fn draw_virtual_bids(st: &mut PanovnikState) {
    let mut left = st.box_gems;
    for v in 0..st.virtuals() {
        st.auction.virt_bids[v] = None;
        if !st.auction.virt_active[v] || left.total() == 0 {
            continue;
        }
        let mut r = st.rng.below(left.total() as usize) as u32;
        for c in Color::ALL {
            if r < left.get(c) {
                left.take(c, 1);
                st.auction.virt_bids[v] = Some(c);
                break;
            }
            r -= left.get(c);
        }
    }
}

fn leave(st: &mut PanovnikState, v: u8, ev: &mut Vec<PanovnikEvent>) {
    if st.auction.virt_active[v as usize] {
        st.auction.virt_active[v as usize] = false;
        ev.push(PanovnikEvent::VirtualLeft { virtual_index: v });
    }
}

/// Colours with virtual bidders and no real bidder, after all real acquisitions (PNV-11.9):
/// one virtual removes one card, the below one when two lie there, and leaves (PNV-11.5,
/// 12.7); two or more on a single card: it stays and they advance (PNV-12.3); exactly two on two
/// cards: both cards are discarded and both leave (PNV-12.4); three on two cards: all advance
/// (PNV-12.9). Then the no-match discards (PNV-11.6, 12.10).
pub(crate) fn virtual_removals(st: &mut PanovnikState, ev: &mut Vec<PanovnikEvent>) {
    for color in st.auction_colors {
        let (real, virt) = bidders_on(st, color);
        let n = st.display_count(color);
        if !real.is_empty() || virt.is_empty() || n == 0 {
            continue;
        }
        match (virt.len(), n) {
            (1, _) => {
                let slot = if st.display_card(color, Slot::Below).is_some() {
                    Slot::Below
                } else {
                    Slot::Above
                };
                remove_card(
                    st,
                    color,
                    slot,
                    RemovalCause::VirtualTook,
                    Some(virt[0]),
                    ev,
                );
                leave(st, virt[0], ev);
            }
            (2, 2) => {
                for slot in Slot::ALL {
                    remove_card(
                        st,
                        color,
                        slot,
                        RemovalCause::TwoVirtuals,
                        Some(virt[0]),
                        ev,
                    );
                }
                leave(st, virt[0], ev);
                leave(st, virt[1], ev);
            }
            _ => ev.push(PanovnikEvent::ColorContested {
                color,
                seats: Vec::new(),
                virtuals: virt,
            }),
        }
    }
    st.auction.no_match.sort_unstable();
    st.stage = Stage::NoMatch;
}

/// PNV-12.10: the real player first in priority order among all real players chooses.
pub(crate) fn no_match_chooser(st: &PanovnikState) -> Seat {
    st.by_priority((0..st.n()).collect())[0]
}

/// PNV-11.6, 12.10: for the next virtual whose colour held no card, one displayed card is
/// removed (decision 10; automatic when only one card lies out), then the virtual leaves. When
/// all are done, the passers of the round follow (PNV-6.7).
pub(crate) fn next_no_match(st: &mut PanovnikState, ev: &mut Vec<PanovnikEvent>) {
    if st.auction.no_match.is_empty() {
        super::passing::collect_passers(st, ev);
        return;
    }
    let v = st.auction.no_match.remove(0);
    let shown = st.displayed();
    match shown.len() {
        0 => leave(st, v, ev),
        1 => {
            remove_card(
                st,
                shown[0].0,
                shown[0].1,
                RemovalCause::NoMatchVirtual,
                Some(v),
                ev,
            );
            leave(st, v, ev);
        }
        _ => {
            st.decision = Some(Decision::VirtualDiscard {
                seat: no_match_chooser(st),
                virt: v,
            })
        }
    }
}

/// Decision 10 resolved.
pub(crate) fn virtual_discard(
    st: &mut PanovnikState,
    virt: u8,
    color: Color,
    slot: Slot,
    ev: &mut Vec<PanovnikEvent>,
) {
    remove_card(
        st,
        color,
        slot,
        RemovalCause::NoMatchVirtual,
        Some(virt),
        ev,
    );
    leave(st, virt, ev);
}

/// Decision 9 resolved (PNV-12.6): `take_above` gives the real player the above card, the below
/// card is discarded and both leave; `continue` lets both advance.
pub(crate) fn tie_choice(
    st: &mut PanovnikState,
    seat: Seat,
    color: Color,
    virt: u8,
    choice: TieChoice,
    ev: &mut Vec<PanovnikEvent>,
) {
    match choice {
        TieChoice::TakeAbove => {
            take_card(st, seat, color, Slot::Above, TakeHow::TieChoice, ev);
            remove_card(
                st,
                color,
                Slot::Below,
                RemovalCause::TieChoice,
                Some(virt),
                ev,
            );
            leave(st, virt, ev);
        }
        TieChoice::Continue => ev.push(PanovnikEvent::ColorContested {
            color,
            seats: vec![seat],
            virtuals: vec![virt],
        }),
    }
}
