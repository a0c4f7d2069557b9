//! Location actions (EMR-6.4, EMR-7, EMR-8): the countryside harvest (D11) and the town
//! sub-actions (D12, D14–D20), each at most once per visit (EMR-8.10), and finishing the
//! location action (D21).

use super::effects::{advance_marker, apply_delta, delta_resource, gain_bp, marker_value, paid};
use super::favor;
use super::state::*;
use super::types::*;
use crate::Seat;

/// EMR-6.4: a location action opens at the destination (or the City card's location).
pub(crate) fn start_visit(
    st: &mut EmaraState,
    seat: Seat,
    location: Location,
    origin: VisitOrigin,
    ev: &mut Vec<EmaraEvent>,
) {
    st.turn.visit = Some(Visit {
        location,
        origin,
        used: 0,
    });
    st.pending = Pending::LocationAction { seat, location };
    ev.push(EmaraEvent::VisitStarted {
        seat,
        location,
        origin,
    });
}

fn mark(st: &mut EmaraState, s: SubAction) {
    if let Some(v) = st.turn.visit.as_mut() {
        v.used |= 1 << s as u16;
    }
}

/// D21: the location action (and with it the movement or card action) is complete.
pub(crate) fn finish_visit(st: &mut EmaraState, seat: Seat, ev: &mut Vec<EmaraEvent>) {
    let v = st.turn.visit.take().expect("a visit");
    if st.turn.visit_is_card {
        st.turn.card_done = true;
    } else {
        st.turn.move_done = true;
    }
    st.turn.visit_is_card = false;
    st.pending = Pending::Turn { seat };
    ev.push(EmaraEvent::VisitFinished {
        seat,
        location: v.location,
    });
}

/// D11 (EMR-7.1, EMR-7.2, G25): 1 resource, then one choice per own craftsman. The location
/// action ends with it.
pub(crate) fn harvest(st: &mut EmaraState, seat: Seat, h: HarvestChoice, ev: &mut Vec<EmaraEvent>) {
    let loc = st.turn.visit.expect("visit").location;
    let r = loc.produces().expect("countryside");
    let mut delta = Delta::default();
    *delta_resource(&mut delta, r) += 1 + h.extra as i32;
    delta.grain -= h.bread_for_grain as i32;
    delta.coins -= h.bread_for_coin as i32;
    delta.bread += h.bread_for_grain as i32 + h.bread_for_coin as i32;
    apply_delta(st, seat, delta, Source::Harvest, ev);
    mark(st, SubAction::Harvest);
    finish_visit(st, seat, ev);
}

/// D12 (EMR-8.1, EMR-8.2, EMR-12.16, EMR-13.11): pay the donation marker's value, 1 book
/// (+1 Abbess), +3 CP in "A pious donation", then a favor token (draw 3, keep 1).
pub(crate) fn donate(
    st: &mut EmaraState,
    seat: Seat,
    r: Resource,
    p: Payment,
    ev: &mut Vec<EmaraEvent>,
) {
    mark(st, SubAction::Donation);
    advance_marker(st, Marker::Donation(r), ev);
    let mut delta = paid(&p);
    delta.books += 1;
    if st.players[seat].has(Advisor::Abbess) {
        delta.books += 1;
    }
    if st.event_is(EventCard::APiousDonation) {
        delta.cp += 3;
    }
    apply_delta(st, seat, delta, Source::Donation, ev);
    favor::draw(st, seat, ev);
}

/// D14 (EMR-8.3, EMR-12.14, EMR-13.13): pay the gift marker's value, 1 ring.
pub(crate) fn gift(
    st: &mut EmaraState,
    seat: Seat,
    r: Resource,
    p: Payment,
    ev: &mut Vec<EmaraEvent>,
) {
    mark(st, SubAction::Gift);
    advance_marker(st, Marker::Gift(r), ev);
    let mut delta = paid(&p);
    delta.rings += 1;
    if st.players[seat].has(Advisor::Mayoress) {
        delta.cp += 2;
    }
    if st.event_is(EventCard::AGiftFromThePeople) {
        delta.cp += 3;
    }
    apply_delta(st, seat, delta, Source::Gift, ev);
}

/// D15 (EMR-8.4): 1 book → 5 BP (a BP gain event).
pub(crate) fn castle_book(st: &mut EmaraState, seat: Seat, ev: &mut Vec<EmaraEvent>) {
    mark(st, SubAction::BookForBp);
    let delta = Delta {
        books: -1,
        bp: gain_bp(st, seat, 5) as i32,
        ..Delta::default()
    };
    apply_delta(st, seat, delta, Source::CastleBook, ev);
}

/// D16 (EMR-8.5, EMR-13.10): n units → n coins.
pub(crate) fn market_coins(st: &mut EmaraState, seat: Seat, p: Payment, ev: &mut Vec<EmaraEvent>) {
    mark(st, SubAction::BuyCoins);
    let mut delta = paid(&p);
    delta.coins += p.units() as i32;
    apply_delta(st, seat, delta, Source::MarketCoins, ev);
}

/// EMR-8.6: CP for 1–5 books.
pub(crate) const BOOK_TABLE: [u32; 5] = [3, 6, 10, 15, 21];

/// D17 (EMR-8.6).
pub(crate) fn sell_books(st: &mut EmaraState, seat: Seat, n: u8, ev: &mut Vec<EmaraEvent>) {
    mark(st, SubAction::SellBooks);
    let delta = Delta {
        books: -(n as i32),
        cp: BOOK_TABLE[n as usize - 1] as i32,
        ..Delta::default()
    };
    apply_delta(st, seat, delta, Source::MarketBooks, ev);
}

/// D18 (EMR-8.7): 1 stone → 5 BP (a BP gain event) + the stone marker's CP.
pub(crate) fn build_stone(st: &mut EmaraState, seat: Seat, p: Payment, ev: &mut Vec<EmaraEvent>) {
    mark(st, SubAction::Stone);
    let cp = marker_value(st, Marker::Stone);
    advance_marker(st, Marker::Stone, ev);
    let mut delta = paid(&p);
    delta.bp += gain_bp(st, seat, 5) as i32;
    delta.cp += cp as i32;
    apply_delta(st, seat, delta, Source::BuildStone, ev);
}

/// D19 (EMR-8.8, EMR-9.4): n bread → n × the bread marker's CP; the marker advances once.
pub(crate) fn build_bread(st: &mut EmaraState, seat: Seat, n: u8, ev: &mut Vec<EmaraEvent>) {
    mark(st, SubAction::Bread);
    let v = marker_value(st, Marker::Bread);
    advance_marker(st, Marker::Bread, ev);
    let delta = Delta {
        bread: -(n as i32),
        cp: (n as u32 * v) as i32,
        ..Delta::default()
    };
    apply_delta(st, seat, delta, Source::BuildBread, ev);
}

/// D20 (EMR-8.9): 1 wood → 5 BP or 3 wood → 10 BP, one BP gain event.
pub(crate) fn build_wood(st: &mut EmaraState, seat: Seat, p: Payment, ev: &mut Vec<EmaraEvent>) {
    mark(st, SubAction::Wood);
    let base = if p.units() == 3 { 10 } else { 5 };
    let mut delta = paid(&p);
    delta.bp += gain_bp(st, seat, base) as i32;
    apply_delta(st, seat, delta, Source::BuildWood, ev);
}
