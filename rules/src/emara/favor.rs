//! Favor tokens (EMR-10): drawing 3 and keeping 1 (D13), redeeming at the token's location
//! (D22), the discard pile and the immediate reshuffle (EMR-10.3, EMR-10.8, G14, G22, G26).

use super::effects::{apply_delta, gain_bp};
use super::inline::List;
use super::state::*;
use super::types::*;
use crate::Seat;

/// EMR-10.8: if the stack is empty and the discard pile is not, the pile is shuffled at once
/// into the new stack (R7).
fn reshuffle_if_empty(st: &mut EmaraState, ev: &mut Vec<EmaraEvent>) {
    if st.favor_stack.is_empty() && !st.favor_discard.is_empty() {
        let mut tokens: List<FavorToken, 12> = st.favor_discard.iter().map(|(t, _)| *t).collect();
        st.favor_discard.clear();
        st.rng.shuffle(&mut tokens);
        st.favor_stack = tokens;
        ev.push(EmaraEvent::FavorReshuffled {
            count: st.favor_stack.len(),
        });
    }
}

/// EMR-10.2, EMR-10.3: draw up to 3, one at a time; D13 follows if anything was drawn.
pub(crate) fn draw(st: &mut EmaraState, seat: Seat, ev: &mut Vec<EmaraEvent>) {
    let mut drawn = Vec::with_capacity(3);
    for _ in 0..3 {
        let Some(t) = st.favor_stack.pop() else { break };
        drawn.push(t);
        reshuffle_if_empty(st, ev);
    }
    ev.push(EmaraEvent::FavorDrawn {
        seat,
        count: drawn.len(),
        tokens: drawn.clone(),
    });
    if !drawn.is_empty() {
        st.favor_drawn = List::from_slice(&drawn);
        st.pending = Pending::KeepFavorToken { seat };
    }
}

/// D13: keep one face up; the others go face down on the discard pile, known to the drawer
/// only (G22); then the reshuffle check (EMR-10.8).
pub(crate) fn keep(st: &mut EmaraState, seat: Seat, token: FavorToken, ev: &mut Vec<EmaraEvent>) {
    let drawn = std::mem::take(&mut st.favor_drawn);
    st.players[seat].favor.push(token);
    ev.push(EmaraEvent::FavorKept { seat, token });
    let rest: Vec<FavorToken> = drawn.iter().copied().filter(|&t| t != token).collect();
    if !rest.is_empty() {
        for &t in &rest {
            st.favor_discard.push((t, 1 << seat));
        }
        ev.push(EmaraEvent::FavorDiscarded {
            seat,
            count: rest.len(),
            tokens: rest,
        });
        reshuffle_if_empty(st, ev);
    }
    let loc = st.turn.visit.expect("inside the cathedral action").location;
    st.pending = Pending::LocationAction {
        seat,
        location: loc,
    };
}

/// D22 (EMR-10.4–10.6): discard one own token of the visited town location for its reward.
pub(crate) fn redeem(st: &mut EmaraState, seat: Seat, token: FavorToken, ev: &mut Vec<EmaraEvent>) {
    let p = &mut st.players[seat];
    let i = p.favor.iter().position(|&t| t == token).expect("checked");
    p.favor.remove(i);
    ev.push(EmaraEvent::FavorRedeemed { seat, token });
    let delta = match token.reward {
        FavorReward::Cp3 => Delta {
            cp: 3,
            ..Delta::default()
        },
        FavorReward::Bp3 => Delta {
            bp: gain_bp(st, seat, 3) as i32,
            ..Delta::default()
        },
        FavorReward::Book => Delta {
            books: 1,
            ..Delta::default()
        },
        FavorReward::SignetRing => Delta {
            rings: 1,
            ..Delta::default()
        },
        FavorReward::Coin => Delta {
            coins: 1,
            ..Delta::default()
        },
    };
    apply_delta(st, seat, delta, Source::Favor(token), ev);
    st.favor_discard.push((token, PUBLIC));
    reshuffle_if_empty(st, ev);
}
