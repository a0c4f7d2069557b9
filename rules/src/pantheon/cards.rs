//! PTH-9: the action deck — drawing from the draw pile or the display, refills, reshuffles and
//! the all-discard emergency.

use super::events::PantheonEvent as E;
use super::state::*;
use super::types::*;
use crate::Seat;

/// PTH-9.3: the discard pile shuffled into a new draw pile.
fn reshuffle(st: &mut PantheonState, ev: &mut Vec<E>) {
    if st.discard.is_empty() {
        return;
    }
    let mut pile = std::mem::take(&mut st.discard);
    st.rng.shuffle(&mut pile);
    ev.push(E::Reshuffled {
        cards: pile.len() as u32,
    });
    st.draw_pile = pile;
}

/// PTH-9.4, 9.8, 9.9: every player discards his whole hand, except special money cards not yet
/// played; then the discard pile is reshuffled. The display is untouched.
fn emergency(st: &mut PantheonState, ev: &mut Vec<E>) {
    let mut all = Vec::new();
    for s in 0..st.n() {
        let hand = std::mem::take(&mut st.players[s].hand);
        let (keep, gone): (Vec<Card>, Vec<Card>) = hand
            .into_iter()
            .partition(|&c| c >= SPECIAL_BASE && !st.special_played[(c - SPECIAL_BASE) as usize]);
        st.players[s].hand = keep;
        all.push(gone.iter().map(|&c| st.card_kind(c)).collect());
        st.discard_cards(&gone);
    }
    ev.push(E::HandsDiscarded { cards: all });
    reshuffle(st, ev);
}

/// PTH-9.5: one card from the draw pile into `seat`'s hand (hidden from others, PTH-9.7).
pub fn draw_one(st: &mut PantheonState, seat: Seat, ev: &mut Vec<E>) -> Option<Card> {
    if st.draw_pile.is_empty() {
        reshuffle(st, ev);
    }
    if st.draw_pile.is_empty() {
        emergency(st, ev);
    }
    let c = st.draw_pile.pop()?;
    st.players[seat].hand.push(c);
    ev.push(E::CardDrawn {
        seat,
        source: CardSource::Deck,
        card: Some(st.card_kind(c)),
    });
    Some(c)
}

/// `n` cards from the draw pile, one at a time (the emergency is judged per card, PTH-9.4).
pub fn draw_n(st: &mut PantheonState, seat: Seat, n: u32, ev: &mut Vec<E>) {
    for _ in 0..n {
        draw_one(st, seat, ev);
    }
}

/// PTH-9.2, 9.6: refills a display slot from the draw pile (reshuffling if needed); an
/// unfillable slot stays empty.
pub fn refill(st: &mut PantheonState, slot: usize, ev: &mut Vec<E>) {
    if st.draw_pile.is_empty() {
        reshuffle(st, ev);
    }
    let c = st.draw_pile.pop();
    st.display[slot] = c;
    ev.push(E::DisplayRefilled {
        slot: slot as u8,
        card: c.map(|c| st.card_kind(c)),
    });
}

/// PTH-9.1/9.2: one draw of action IV.
pub fn draw_card(st: &mut PantheonState, seat: Seat, source: CardSource, ev: &mut Vec<E>) {
    match source {
        CardSource::Deck => {
            draw_one(st, seat, ev);
        }
        CardSource::Display(i) => {
            let c = st.display[i as usize].take().expect("legal display slot");
            st.players[seat].hand.push(c);
            ev.push(E::CardDrawn {
                seat,
                source,
                card: Some(st.card_kind(c)),
            });
            refill(st, i as usize, ev);
        }
    }
}

/// PTH-9.1: whether a draw may come from `source` (an empty display slot cannot be drawn).
pub fn is_draw_source(st: &PantheonState, source: CardSource) -> bool {
    match source {
        CardSource::Deck => true,
        CardSource::Display(i) => st.display.get(i as usize).is_some_and(|c| c.is_some()),
    }
}
