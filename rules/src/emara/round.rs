//! The round structure (EMR-3): event phase, turn order, end-of-round phase with the event's
//! end-of-round options (D28), Victoria's steps in solo (EMR-16.5–16.7), statue, slots, the
//! deck rebuild after round 3 and the draws; then final scoring after round 6.

use super::data::rulebook_timing;
use super::decisions::round_event_options;
use super::effects::{advance_marker, gain_bp, gain_resource, marker_value};
use super::inline::List;
use super::scoring;
use super::state::*;
use super::types::*;
use crate::Seat;

/// Draws up to `k` cards from the deck into the hand (EMR-2.18, EMR-3.4f).
pub(crate) fn draw_cards(st: &mut EmaraState, seat: Seat, k: usize, ev: &mut Vec<EmaraEvent>) {
    let p = &mut st.players[seat];
    let mut cards = Vec::with_capacity(k);
    for _ in 0..k {
        match p.deck.pop() {
            Some(c) => cards.push(c),
            None => break,
        }
    }
    p.hand.extend(cards.iter().copied());
    ev.push(EmaraEvent::CardsDrawn {
        seat,
        count: cards.len(),
        cards,
    });
}

/// Event phase (EMR-3.2): box the top card, reveal the next, resolve an immediate effect; then
/// the statue holder's first turn.
pub(crate) fn start_round(st: &mut EmaraState, ev: &mut Vec<EmaraEvent>) {
    st.round += 1;
    st.phase = Phase::Turns;
    ev.push(EmaraEvent::RoundStarted { round: st.round });
    if let Some(old) = st.events.pop() {
        st.events_done.push(old);
    }
    st.current_event = st.events.last().copied();
    if let Some(e) = st.current_event {
        ev.push(EmaraEvent::EventRevealed {
            round: st.round,
            event: e,
        });
        // EMR-13.1–13.4: every player takes 1 resource.
        let gift = match e {
            EventCard::ClearTheOldForest => Some(Resource::Wood),
            EventCard::BountifulHarvest => Some(Resource::Grain),
            EventCard::StoneFromDistantShores => Some(Resource::Stone),
            EventCard::FineWoolFineCloth => Some(Resource::Cloth),
            _ => None,
        };
        if let Some(r) = gift {
            let n = st.n();
            for k in 0..n {
                let s = (st.statue as usize + k) % n;
                gain_resource(st, s, r, 1, Source::Event(e), ev);
            }
        }
    }
    st.turn_index = 0;
    begin_turn(st, ev);
}

/// D4 pending for the seat whose turn it is (EMR-3.3).
pub(crate) fn begin_turn(st: &mut EmaraState, ev: &mut Vec<EmaraEvent>) {
    st.turn = Turn::default();
    let seat = st.turn_seat();
    st.pending = Pending::PlayCard { seat };
    ev.push(EmaraEvent::TurnStarted {
        seat,
        round: st.round,
        turn_of_round: st.turn_index / st.n() as u8 + 1,
    });
}

/// After `end_turn`: the next turn, or the end-of-round phase after 3 × N turns (EMR-3.3).
pub(crate) fn next_turn(st: &mut EmaraState, ev: &mut Vec<EmaraEvent>) {
    st.turn_index += 1;
    if st.turn_index as usize == 3 * st.n() {
        st.turn = Turn::default();
        st.phase = Phase::EndOfRound;
        st.round_event_next = 0;
        continue_end_of_round(st, ev);
    } else {
        begin_turn(st, ev);
    }
}

/// Whether the current event asks for an end-of-round decision (EMR-13.5–13.7).
fn end_event(st: &EmaraState) -> Option<EventCard> {
    st.current_event
        .filter(|&e| rulebook_timing(e) == EventTiming::EndOfRound)
}

/// EMR-3.4 (a)–(f), then the next round or final scoring.
pub(crate) fn continue_end_of_round(st: &mut EmaraState, ev: &mut Vec<EmaraEvent>) {
    let n = st.n();
    // (a) the event's end-of-round options, from the statue holder clockwise. A player with
    // nothing to pay has only "decline" and is skipped.
    if let Some(e) = end_event(st) {
        while (st.round_event_next as usize) < n {
            let seat = (st.statue as usize + st.round_event_next as usize) % n;
            if round_event_options(st, seat, e).len() > 1 {
                st.pending = Pending::RoundEvent { seat, event: e };
                return;
            }
            st.round_event_next += 1;
        }
    }
    // (b) Victoria (EMR-16.5–16.7), rounds 2–6.
    if st.solo() && st.round >= 2 {
        victoria(st, ev);
    }
    // (c) statue (EMR-3.4c; solo: no function, EMR-16.4).
    st.statue = ((st.statue as usize + 1) % n) as u8;
    ev.push(EmaraEvent::StatuePassed {
        to: st.statue as usize,
    });
    // (d) slots.
    for p in &mut st.players {
        p.slots = [None; 3];
    }
    ev.push(EmaraEvent::SlotsCleared);
    // (e) after round 3: all 9 cards back (EMR-3.4e, EMR-3.6, G13; EMR-15.5).
    if st.round == 3 {
        for s in 0..n {
            let p = &mut st.players[s];
            p.hand.clear();
            p.deck.clear();
            if st.config.full_selection {
                p.hand = List::from_slice(&ActionCard::ALL);
                ev.push(EmaraEvent::HandTakenUp {
                    seat: s,
                    cards: p.hand.to_vec(),
                });
            } else {
                p.deck = match &st.decks_round_4 {
                    Some(ds) => ds[s].iter().rev().copied().collect(),
                    None => {
                        let mut d = List::from_slice(&ActionCard::ALL);
                        st.rng.shuffle(&mut d);
                        d
                    }
                };
                ev.push(EmaraEvent::DeckShuffled { seat: s, count: 9 });
            }
        }
    }
    // (f) draws, except after round 6.
    if st.round < 6 {
        if !st.config.full_selection {
            for s in 0..n {
                draw_cards(st, s, 3, ev);
            }
        }
        start_round(st, ev);
    } else {
        scoring::start_final_scoring(st, ev);
    }
}

/// D28: resolve the chosen option, then continue the end-of-round phase.
pub(crate) fn resolve_round_event(
    st: &mut EmaraState,
    seat: Seat,
    option: RoundEventOption,
    payment: Payment,
    ev: &mut Vec<EmaraEvent>,
) {
    let e = st.current_event.expect("an end-of-round event");
    let mut delta = Delta::default();
    {
        let g = &mut st.players[seat].goods;
        super::payment::pay(g, &payment);
        delta.grain -= payment.grain as i32;
        delta.coins -= payment.coins as i32;
        match option {
            RoundEventOption::Ring => {
                g.rings -= 1;
                delta.rings -= 1;
            }
            RoundEventOption::Coin => {
                g.coins -= 1;
                delta.coins -= 1;
            }
            RoundEventOption::Book => {
                g.books -= 1;
                delta.books -= 1;
            }
            _ => {}
        }
    }
    ev.push(EmaraEvent::RoundEventResolved {
        seat,
        event: e,
        option,
    });
    match (e, option) {
        (_, RoundEventOption::Decline) => {}
        // EMR-13.5
        (EventCard::TheGreatFamine, RoundEventOption::OneGrain) => delta.cp += 3,
        (EventCard::TheGreatFamine, _) => delta.cp += 5,
        // EMR-13.6
        (EventCard::AlmsForThePoor, _) => delta.cp += 4,
        // EMR-13.7: a BP gain event.
        (EventCard::NewLoreInOldBooks, _) => delta.bp += gain_bp(st, seat, 5) as i32,
        _ => {}
    }
    let p = &mut st.players[seat];
    p.cp += delta.cp as u32;
    p.bp += delta.bp as u32;
    if delta != Delta::default() {
        ev.push(EmaraEvent::Changed {
            seat,
            delta,
            source: Source::Event(e),
        });
    }
    st.round_event_next += 1;
    continue_end_of_round(st, ev);
}

/// EMR-16.5, EMR-16.6: Victoria builds (stone + bread values, both markers advance), then takes
/// her next noble card (rounds 2–5). Event bonuses do not apply to her (EMR-16.7, G17).
fn victoria(st: &mut EmaraState, ev: &mut Vec<EmaraEvent>) {
    let stone = marker_value(st, Marker::Stone);
    let bread = marker_value(st, Marker::Bread);
    advance_marker(st, Marker::Stone, ev);
    advance_marker(st, Marker::Bread, ev);
    let v = st.victoria.as_mut().expect("solo");
    v.cp += stone + bread;
    ev.push(EmaraEvent::VictoriaBuilt {
        stone,
        bread,
        cp: stone + bread,
    });
    let rank = match st.round {
        2 => Some(Rank::Baron),
        3 => Some(Rank::Count),
        4 => Some(Rank::Prince),
        5 => Some(Rank::Marquess),
        _ => None,
    };
    if let Some(rank) = rank
        && let Some(cp) = st.nobility[rank as usize].pop()
    {
        let card = NobilityCard { rank, cp };
        let v = st.victoria.as_mut().expect("solo");
        v.cp += cp;
        v.nobility.push(card);
        ev.push(EmaraEvent::VictoriaRank { card });
    }
}
