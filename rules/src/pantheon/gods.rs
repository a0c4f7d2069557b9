//! PTH-8 taking a god tile (sacrifice groups, tokens first, kind assignment) with the
//! OFFERING_WILDCARD pieces of PTH-15.5.

use super::data::GodEffect;
use super::effects;
use super::events::PantheonEvent as E;
use super::state::*;
use super::types::*;
use crate::Seat;

/// Cards of each group still needed after the token (PTH-8.3, 8.4).
fn needs(st: &PantheonState, seat: Seat, groups: &[u32], kinds: &[OfferingKind]) -> Vec<u32> {
    groups
        .iter()
        .zip(kinds)
        .map(|(&c, &k)| c.saturating_sub(st.players[seat].offerings[kind_index(k)] as u32))
        .collect()
}

/// All ways to put `left` wildcard pieces on groups `g..` with at most `need[g]` each.
fn spread(need: &[u32], g: usize, left: u32, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
    if left == 0 {
        out.push(cur.clone());
        return;
    }
    if g >= need.len() {
        return;
    }
    for k in (0..=need[g].min(left)).rev() {
        for _ in 0..k {
            cur.push(g as u8);
        }
        spread(need, g + 1, left - k, cur, out);
        for _ in 0..k {
            cur.pop();
        }
    }
}

/// PTH-15.5: wildcard pieces available (one per OFFERING_WILDCARD copy).
fn wildcards_owned(st: &PantheonState, seat: Seat) -> u32 {
    st.god_count(seat, GodEffect::OfferingWildcard)
}

/// Offering cards in hand per kind.
fn hand_offerings(st: &PantheonState, seat: Seat) -> [u32; 4] {
    let mut h = [0; 4];
    for &c in &st.players[seat].hand {
        if let CardKind::Offering(k) = st.card_kind(c) {
            h[kind_index(k)] += 1;
        }
    }
    h
}

/// Whether the hand covers `need` minus the wildcard pieces.
fn covered(hand: &[u32; 4], kinds: &[OfferingKind], need: &[u32], wild: &[u8]) -> bool {
    kinds.iter().enumerate().all(|(g, &k)| {
        let w = wild.iter().filter(|&&x| x as usize == g).count() as u32;
        hand[kind_index(k)] >= need[g] - w
    })
}

/// The wildcard spreads of an assignment: exactly min(owned, total need) pieces, each on a
/// group where it replaces a card (PTH-15.5; pieces are never wasted).
fn spreads(st: &PantheonState, seat: Seat, need: &[u32]) -> Vec<Vec<u8>> {
    let used = wildcards_owned(st, seat).min(need.iter().sum());
    let mut out = Vec::new();
    spread(need, 0, used, &mut Vec::new(), &mut out);
    out
}

/// PTH-8.2, 8.9: every satisfiable injective group→kind assignment with its wildcard spreads.
pub fn assignments(
    st: &PantheonState,
    seat: Seat,
    groups: &[u32],
) -> Vec<(Vec<OfferingKind>, Vec<u8>)> {
    let mut out = Vec::new();
    let hand = hand_offerings(st, seat);
    // Quick bound: tokens + cards + wildcards must cover the total.
    let total: u32 = groups.iter().sum();
    let supply: u32 = st.players[seat]
        .offerings
        .iter()
        .map(|&l| l as u32)
        .sum::<u32>()
        + hand.iter().sum::<u32>()
        + wildcards_owned(st, seat);
    if supply < total {
        return out;
    }
    let mut perm = Vec::new();
    permute(groups.len(), &mut perm, &mut |kinds: &[OfferingKind]| {
        let need = needs(st, seat, groups, kinds);
        for w in spreads(st, seat, &need) {
            if covered(&hand, kinds, &need, &w) {
                out.push((kinds.to_vec(), w));
            }
        }
    });
    out
}

fn permute(len: usize, cur: &mut Vec<OfferingKind>, f: &mut dyn FnMut(&[OfferingKind])) {
    if cur.len() == len {
        f(cur);
        return;
    }
    for k in OfferingKind::ALL {
        if !cur.contains(&k) {
            cur.push(k);
            permute(len, cur, f);
            cur.pop();
        }
    }
}

/// PTH-8.3–8.5: discards the cards of an assignment; returns their kinds.
fn pay(
    st: &mut PantheonState,
    seat: Seat,
    groups: &[u32],
    kinds: &[OfferingKind],
    wild: &[u8],
    ev: &mut Vec<E>,
) -> Vec<CardKind> {
    let need = needs(st, seat, groups, kinds);
    let mut paid = Vec::new();
    for (g, &k) in kinds.iter().enumerate() {
        let w = wild.iter().filter(|&&x| x as usize == g).count() as u32;
        paid.extend(st.take_from_hand(seat, CardKind::Offering(k), need[g] - w));
    }
    let kinds_paid: Vec<CardKind> = paid.iter().map(|&c| st.card_kind(c)).collect();
    if !paid.is_empty() {
        ev.push(E::CardsDiscarded {
            seat,
            cards: kinds_paid.clone(),
        });
    }
    st.discard_cards(&paid);
    kinds_paid
}

/// PTH-8.3–8.5: how many offering cards of each kind taking the god in display `slot` with this
/// assignment discards (empty if no god lies there).
pub fn cards_to_discard(
    st: &PantheonState,
    seat: Seat,
    slot: usize,
    kinds: &[OfferingKind],
    wild: &[u8],
) -> Vec<(OfferingKind, u32)> {
    let Some(god) = st.god_display.get(slot).copied().flatten() else {
        return Vec::new();
    };
    let groups = &st.cat().gods[god as usize].requirement;
    let need = needs(st, seat, groups, kinds);
    kinds
        .iter()
        .enumerate()
        .map(|(g, &k)| {
            let w = wild.iter().filter(|&&x| x as usize == g).count() as u32;
            (k, need.get(g).map_or(0, |n| n.saturating_sub(w)))
        })
        .collect()
}

/// PTH-8.1–8.8: takes the god in display `slot`.
pub fn take(
    st: &mut PantheonState,
    seat: Seat,
    slot: usize,
    kinds: &[OfferingKind],
    wild: &[u8],
    ev: &mut Vec<E>,
) {
    let god = st.god_display[slot].take().expect("legal slot");
    let groups = st.cat().gods[god as usize].requirement.clone();
    let cards = pay(st, seat, &groups, kinds, wild, ev);
    effects::gain_god(st, seat, god, cards, ev);
}

/// PTH-11.2: the kinds that satisfy the first group of `god`.
pub fn gallia_kinds(st: &PantheonState, seat: Seat, god: u8) -> Vec<OfferingKind> {
    let first = st.cat().gods[god as usize].requirement[0];
    OfferingKind::ALL
        .into_iter()
        .filter(|&k| !assignments_first(st, seat, first, k).is_empty())
        .collect()
}

fn assignments_first(st: &PantheonState, seat: Seat, first: u32, k: OfferingKind) -> Vec<Vec<u8>> {
    let need = needs(st, seat, &[first], &[k]);
    let hand = hand_offerings(st, seat);
    spreads(st, seat, &need)
        .into_iter()
        .filter(|w| covered(&hand, &[k], &need, w))
        .collect()
}

/// PTH-11.2, 11.3: takes the Gallia god with its first group served by `kind`.
pub fn gallia_take(
    st: &mut PantheonState,
    seat: Seat,
    god: u8,
    kind: OfferingKind,
    ev: &mut Vec<E>,
) {
    let first = st.cat().gods[god as usize].requirement[0];
    let w = assignments_first(st, seat, first, kind)
        .into_iter()
        .next()
        .expect("checked");
    let cards = pay(st, seat, &[first], &[kind], &w, ev);
    effects::gain_god(st, seat, god, cards, ev);
}
