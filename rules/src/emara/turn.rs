//! A turn (EMR-4): playing the card (D4), the card actions (EMR-5, D5–D9), the movement (EMR-6,
//! D10), ending the turn (D27); and the shared effects every part of the game uses: gains, BP
//! gain events with their modifiers (EMR-1.7), rotating markers (EMR-9).

use super::data::data;
use super::locations;
use super::payment::pay;
use super::round;
use super::setup::marker_side;
use super::state::*;
use super::types::*;
use crate::Seat;

// ---- shared effects ------------------------------------------------------------------------

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

// ---- the turn ------------------------------------------------------------------------------

/// D4 (EMR-4.1, EMR-4.2): the card goes to the slot; resource and ring cards resolve at once
/// (D5, EMR-5.1–5.5).
pub(crate) fn play_card(
    st: &mut EmaraState,
    seat: Seat,
    card: ActionCard,
    slot: u8,
    ev: &mut Vec<EmaraEvent>,
) {
    let p = &mut st.players[seat];
    let i = p.hand.iter().position(|&c| c == card).expect("checked");
    p.hand.remove(i);
    p.slots[slot as usize - 1] = Some(card);
    st.turn.card = Some(card);
    st.turn.slot = Some(slot - 1);
    ev.push(EmaraEvent::CardPlayed { seat, card, slot });
    st.pending = Pending::Turn { seat };
    let src = Source::Card(card);
    match card {
        ActionCard::Wood => gain_resource(st, seat, Resource::Wood, 1, src, ev),
        ActionCard::Stone => gain_resource(st, seat, Resource::Stone, 1, src, ev),
        ActionCard::Cloth => gain_resource(st, seat, Resource::Cloth, 1, src, ev),
        ActionCard::Grain => gain_resource(st, seat, Resource::Grain, 1, src, ev),
        ActionCard::SignetRing => apply_delta(
            st,
            seat,
            Delta {
                rings: 1,
                ..Delta::default()
            },
            src,
            ev,
        ),
        _ => return,
    }
    st.turn.card_done = true;
}

/// D6 (EMR-5.6): 1 unit → 1 coin, 3 units → 2 coins.
pub(crate) fn card_coins(st: &mut EmaraState, seat: Seat, p: Payment, ev: &mut Vec<EmaraEvent>) {
    let mut delta = paid(&p);
    delta.coins += if p.units() == 3 { 2 } else { 1 };
    pay(&mut st.players[seat].goods, &p);
    st.players[seat].goods.coins += if p.units() == 3 { 2 } else { 1 };
    ev.push(EmaraEvent::Changed {
        seat,
        delta,
        source: Source::Card(ActionCard::Coins),
    });
    st.turn.card_done = true;
}

/// D6/D8/D9 declined (EMR-4.5, G12).
pub(crate) fn decline_card(st: &mut EmaraState, seat: Seat, ev: &mut Vec<EmaraEvent>) {
    st.turn.card_done = true;
    if let Some(card) = st.turn.card {
        ev.push(EmaraEvent::CardActionDeclined { seat, card });
    }
}

/// Moves a councilor `steps` clockwise (EMR-6.1, EMR-6.2) and opens the destination's location
/// action (EMR-6.4).
fn move_councilor(
    st: &mut EmaraState,
    seat: Seat,
    ring: Ring,
    steps: u8,
    origin: VisitOrigin,
    ev: &mut Vec<EmaraEvent>,
) {
    let from = st.councilor_at(seat, ring);
    let p = &mut st.players[seat].councilors[ring as usize];
    *p = (*p + steps) % 4;
    let to = st.councilor_at(seat, ring);
    ev.push(EmaraEvent::CouncilorMoved {
        seat,
        ring,
        from,
        to,
        steps,
    });
    locations::start_visit(st, seat, to, origin, ev);
}

/// D7 (EMR-5.7): the mandatory 1-step move; its location action belongs to the card action.
pub(crate) fn card_step(st: &mut EmaraState, seat: Seat, ring: Ring, ev: &mut Vec<EmaraEvent>) {
    st.turn.visit_is_card = true;
    move_councilor(st, seat, ring, 1, VisitOrigin::StepCard, ev);
}

/// D9 (EMR-5.9): the action of a town location without moving.
pub(crate) fn card_city(st: &mut EmaraState, seat: Seat, loc: Location, ev: &mut Vec<EmaraEvent>) {
    st.turn.visit_is_card = true;
    locations::start_visit(st, seat, loc, VisitOrigin::CityCard, ev);
}

/// D10 (EMR-6.1): move by the slot's value.
pub(crate) fn movement(st: &mut EmaraState, seat: Seat, ring: Ring, ev: &mut Vec<EmaraEvent>) {
    let steps = data().slot_moves[st.turn.slot.expect("card played") as usize];
    st.turn.visit_is_card = false;
    move_councilor(st, seat, ring, steps, VisitOrigin::Movement, ev);
}

/// D27 (EMR-4.7).
pub(crate) fn end_turn(st: &mut EmaraState, seat: Seat, ev: &mut Vec<EmaraEvent>) {
    ev.push(EmaraEvent::TurnEnded { seat });
    round::next_turn(st, ev);
}
