//! The shared effects every part of the game uses: gains of goods and points, BP gain events
//! with their modifiers (EMR-1.7), rotating markers (EMR-9).

use super::data::data;
use super::state::*;
use super::types::*;
use crate::Seat;

pub(crate) fn gain_resource(
    st: &mut EmaraState,
    seat: Seat,
    r: Resource,
    n: u32,
    source: Source,
    ev: &mut Vec<EmaraEvent>,
) {
    *st.players[seat].goods.resource_mut(r) += n;
    let mut delta = Delta::default();
    *delta_resource(&mut delta, r) += n as i32;
    ev.push(EmaraEvent::Changed {
        seat,
        delta,
        source,
    });
}

pub(crate) fn delta_resource(d: &mut Delta, r: Resource) -> &mut i32 {
    match r {
        Resource::Wood => &mut d.wood,
        Resource::Cloth => &mut d.cloth,
        Resource::Grain => &mut d.grain,
        Resource::Stone => &mut d.stone,
    }
}

/// The delta of paying `p`.
pub(crate) fn paid(p: &Payment) -> Delta {
    Delta {
        wood: -(p.wood as i32),
        cloth: -(p.cloth as i32),
        grain: -(p.grain as i32),
        stone: -(p.stone as i32),
        coins: -(p.coins as i32),
        ..Delta::default()
    }
}

/// EMR-1.7: the BP one BP gain event of `base` gives now: Toolmaker +2 (EMR-12.17), "A long
/// summer" +2 (EMR-13.9), "An early winter" −1 (EMR-13.8); never below 0. Not for final scoring.
pub(crate) fn gain_bp(st: &EmaraState, seat: Seat, base: u32) -> u32 {
    let mut v = base as i32;
    if st.players[seat].has(Advisor::Toolmaker) {
        v += 2;
    }
    if st.event_is(EventCard::ALongSummer) {
        v += 2;
    }
    if st.event_is(EventCard::AnEarlyWinter) {
        v -= 1;
    }
    v.max(0) as u32
}

/// Applies a delta of goods and points to a player and logs it (the goods part must have been
/// checked to be affordable).
pub(crate) fn apply_delta(
    st: &mut EmaraState,
    seat: Seat,
    delta: Delta,
    source: Source,
    ev: &mut Vec<EmaraEvent>,
) {
    let p = &mut st.players[seat];
    let add = |x: &mut u32, d: i32| *x = (*x as i64 + d as i64) as u32;
    add(&mut p.goods.wood, delta.wood);
    add(&mut p.goods.cloth, delta.cloth);
    add(&mut p.goods.grain, delta.grain);
    add(&mut p.goods.stone, delta.stone);
    add(&mut p.goods.bread, delta.bread);
    add(&mut p.goods.books, delta.books);
    add(&mut p.goods.rings, delta.rings);
    add(&mut p.goods.coins, delta.coins);
    add(&mut p.cp, delta.cp);
    add(&mut p.bp, delta.bp);
    ev.push(EmaraEvent::Changed {
        seat,
        delta,
        source,
    });
}

/// The marker side used (EMR-2.4, EMR-2.5, EMR-2.7, EMR-16.2): true = 4-player side.
pub(crate) fn four_player_side(n: usize, m: Marker) -> bool {
    match m {
        Marker::Bread | Marker::Stone => n == 4 || n == 1,
        _ => n == 4,
    }
}

/// The active side's values.
pub(crate) fn marker_side(n: usize, m: Marker) -> &'static [u32] {
    let d = data().marker(m);
    if four_player_side(n, m) {
        &d.side_4
    } else {
        &d.side_2_3
    }
}

/// EMR-9.1, EMR-9.3, EMR-9.6: the value a use reads now.
pub(crate) fn marker_value(st: &EmaraState, m: Marker) -> u32 {
    match st.markers[m.index()].index {
        Some(i) => marker_side(st.n(), m)[i as usize],
        None => data().marker(m).board_value,
    }
}

/// EMR-9.2, EMR-9.4: advance once; past the last value the marker is removed.
pub(crate) fn advance_marker(st: &mut EmaraState, m: Marker, ev: &mut Vec<EmaraEvent>) {
    let used_value = marker_value(st, m);
    let side_len = marker_side(st.n(), m).len();
    let ms = &mut st.markers[m.index()];
    if let Some(i) = ms.index {
        ms.index = if (i as usize) + 1 < side_len {
            Some(i + 1)
        } else {
            None
        };
    }
    let next_index = st.markers[m.index()].index;
    ev.push(EmaraEvent::MarkerAdvanced {
        marker: m,
        used_value,
        next_index,
        next_value: marker_value(st, m),
    });
}
