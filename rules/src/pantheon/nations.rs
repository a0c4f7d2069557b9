//! PTH-11 nation effects, resolved in preparation (PTH-3.5) one player at a time from the start
//! player (PTH-11.1).

use super::cards;
use super::events::PantheonEvent as E;
use super::flow::{order_from_start, push_front_all};
use super::state::*;
use super::types::Decision;
use super::types::*;
use crate::Seat;
use std::ops::RangeInclusive;

/// PTH-11.1–11.10: queues the active nation's effect.
pub fn effect(st: &mut PantheonState, ev: &mut Vec<E>) {
    let nation = *st.track.last().expect("a nation");
    let order = order_from_start(st);
    let tasks: Vec<Task> = match nation {
        Nation::Gallia => order
            .into_iter()
            .map(|seat| Task::Ask(Decision::GalliaChoice { seat }))
            .collect(),
        Nation::Germania | Nation::Graecia => order.into_iter().map(Task::Germania).collect(),
        Nation::Aegyptus => order
            .into_iter()
            .map(|seat| Task::Ask(Decision::Aegyptus { seat }))
            .collect(),
        Nation::Persia => {
            // PTH-11.6: highest value on top (top = last), for the rest of the game.
            let mut deck = std::mem::take(&mut st.special_deck);
            deck.sort_by_key(|&c| (st.special_value(c), std::cmp::Reverse(c)));
            st.special_deck = deck;
            ev.push(E::SpecialMoneyReordered {
                special_money: st
                    .special_deck
                    .iter()
                    .rev()
                    .map(|&c| st.special_value(c))
                    .collect(),
            });
            Vec::new()
        }
        Nation::Cartago => order
            .into_iter()
            .map(|seat| Task::Ask(Decision::Cartago { seat, budget: 2 }))
            .collect(),
        Nation::Iberia => order
            .into_iter()
            .map(|seat| Task::Ask(Decision::Iberia { seat }))
            .collect(),
        Nation::Roma => order
            .into_iter()
            .map(|seat| Task::Ask(Decision::Roma { seat }))
            .collect(),
    };
    push_front_all(st, tasks);
}

/// PTH-11.5: the exchange range.
pub fn aegyptus_range(st: &PantheonState, seat: Seat) -> RangeInclusive<i32> {
    let p = &st.players[seat];
    let g = st.general[seat];
    let lo = -(p.pillars.min(g[1]) as i32);
    let hi = p.footprints.min(g[0]) as i32;
    lo..=hi
}

pub fn aegyptus(st: &mut PantheonState, seat: Seat, x: i32, ev: &mut Vec<E>) {
    let p = &mut st.players[seat];
    let g = &mut st.general[seat];
    if x > 0 {
        let x = x as u32;
        p.footprints -= x;
        g[1] += x;
        g[0] -= x;
        p.pillars += x;
    } else {
        let y = (-x) as u32;
        p.pillars -= y;
        g[0] += y;
        g[1] -= y;
        p.footprints += y;
    }
    ev.push(E::StonesGained {
        seat,
        pillars: x,
        footprints: -x,
        cost: 0,
    });
}

/// PTH-11.4: the multisets of `excess` cards a player may discard (counts per kind).
pub fn discard_choices(st: &PantheonState, seat: Seat, excess: u32) -> Vec<Vec<(CardKind, u32)>> {
    let mut counts: Vec<(CardKind, u32)> = Vec::new();
    for &c in &st.players[seat].hand {
        let k = st.card_kind(c);
        match counts.iter_mut().find(|(x, _)| *x == k) {
            Some(e) => e.1 += 1,
            None => counts.push((k, 1)),
        }
    }
    counts.sort();
    let mut out = Vec::new();
    fn rec(
        counts: &[(CardKind, u32)],
        i: usize,
        left: u32,
        cur: &mut Vec<(CardKind, u32)>,
        out: &mut Vec<Vec<(CardKind, u32)>>,
    ) {
        if left == 0 {
            out.push(cur.clone());
            return;
        }
        if i >= counts.len() {
            return;
        }
        let rest: u32 = counts[i + 1..].iter().map(|c| c.1).sum();
        let (k, c) = counts[i];
        for take in (0..=c.min(left)).rev() {
            if left - take > rest {
                continue;
            }
            if take > 0 {
                cur.push((k, take));
            }
            rec(counts, i + 1, left - take, cur, out);
            if take > 0 {
                cur.pop();
            }
        }
    }
    rec(&counts, 0, excess, &mut Vec::new(), &mut out);
    out
}

/// Whether `cards` is among [`discard_choices`], without listing them: kinds ascending, each
/// at least once and at most as often as in hand (`in_hand` counts a kind), `excess` cards in
/// all.
pub fn is_discard_choice(
    excess: u32,
    cards: &[(CardKind, u32)],
    in_hand: impl Fn(CardKind) -> u32,
) -> bool {
    cards.windows(2).all(|w| w[0].0 < w[1].0)
        && cards.iter().all(|&(k, c)| c >= 1 && c <= in_hand(k))
        && cards.iter().map(|&(_, c)| c as u64).sum::<u64>() == excess as u64
}

pub fn discard(st: &mut PantheonState, seat: Seat, cards: &[(CardKind, u32)], ev: &mut Vec<E>) {
    let mut gone = Vec::new();
    for &(k, c) in cards {
        gone.extend(st.take_from_hand(seat, k, c));
    }
    ev.push(E::CardsDiscarded {
        seat,
        cards: gone.iter().map(|&c| st.card_kind(c)).collect(),
    });
    st.discard_cards(&gone);
}

/// PTH-11.10 / PTH-11.2(a): two cards from the draw pile.
pub fn draw_two(st: &mut PantheonState, seat: Seat, ev: &mut Vec<E>) {
    cards::draw_n(st, seat, 2, ev);
}
