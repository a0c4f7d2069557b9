//! A turn (EMR-4): playing the card (D4), the card actions (EMR-5, D5–D9), the movement (EMR-6,
//! D10), ending the turn (D27).

use super::data::data;
use super::effects::{apply_delta, gain_resource, paid};
use super::locations;
use super::payment::pay;
use super::round;
use super::state::*;
use super::types::*;
use crate::Seat;

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
