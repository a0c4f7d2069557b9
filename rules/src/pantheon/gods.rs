//! PTH-8 taking a god tile (sacrifice groups, tokens first, kind assignment) with the
//! OFFERING_WILDCARD pieces of PTH-15.5.

use super::data::GodEffect;
use super::effects;
use super::events::PantheonEvent as E;
use super::state::*;
use super::types::*;
use crate::Seat;

/// Cards of each group still needed after the token (PTH-8.3, 8.4); a god has at most one
/// group per offering kind, so the first `groups.len().min(4)` entries are used.
fn needs(st: &PantheonState, seat: Seat, groups: &[u32], kinds: &[OfferingKind]) -> [u32; 4] {
    let mut need = [0; 4];
    for ((n, &c), &k) in need.iter_mut().zip(groups).zip(kinds) {
        *n = c.saturating_sub(st.players[seat].offerings[kind_index(k)] as u32);
    }
    need
}

/// Calls `f` with every way to put `left` wildcard pieces on groups `g..` with at most
/// `need[g]` each (group indices ascending; more pieces on earlier groups first).
fn spread(need: &[u32], g: usize, left: u32, cur: &mut Vec<u8>, f: &mut dyn FnMut(&[u8])) {
    if left == 0 {
        f(cur);
        return;
    }
    if g >= need.len() {
        return;
    }
    for k in (0..=need[g].min(left)).rev() {
        for _ in 0..k {
            cur.push(g as u8);
        }
        spread(need, g + 1, left - k, cur, f);
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

/// The number of wildcard pieces an assignment uses: exactly min(owned, total need), each on a
/// group where it replaces a card (PTH-15.5; pieces are never wasted).
fn wildcards_used(owned: u32, need: &[u32]) -> u32 {
    owned.min(need.iter().sum())
}

/// Calls `f` with the wildcard spreads of an assignment (see [`wildcards_used`]).
fn spreads(owned: u32, need: &[u32], f: &mut dyn FnMut(&[u8])) {
    spread(need, 0, wildcards_used(owned, need), &mut Vec::new(), f);
}

/// Whether tokens, hand cards and wildcard pieces could cover the god's total at all.
fn enough_supply(
    st: &PantheonState,
    seat: Seat,
    groups: &[u32],
    hand: &[u32; 4],
    wildcards: u32,
) -> bool {
    let total: u32 = groups.iter().sum();
    let supply: u32 = st.players[seat]
        .offerings
        .iter()
        .map(|&l| l as u32)
        .sum::<u32>()
        + hand.iter().sum::<u32>()
        + wildcards;
    supply >= total
}

/// PTH-8.2, 8.9: calls `f` with every satisfiable injective group→kind assignment and each of
/// its wildcard spreads, kinds in `OfferingKind::ALL` order group by group, spreads with more
/// pieces on earlier groups first.
///
/// A group served by kind k is short of `need - hand[k]` cards, which only wildcard pieces can
/// make up; branches whose shortfall already exceeds the pieces owned are cut, and only the
/// spreads that cover every shortfall are generated, so nothing is built to be thrown away.
pub fn for_each_assignment(
    st: &PantheonState,
    seat: Seat,
    groups: &[u32],
    mut f: impl FnMut(&[OfferingKind], &[u8]),
) {
    let hand = hand_offerings(st, seat);
    let owned = wildcards_owned(st, seat);
    // A god has at most one group per kind (PTH-8.2): more groups than kinds have no assignment.
    if groups.len() > OfferingKind::ALL.len() || !enough_supply(st, seat, groups, &hand, owned) {
        return;
    }
    let search = Search {
        groups,
        tokens: st.players[seat].offerings,
        hand,
        owned,
    };
    let mut kinds = [OfferingKind::Gifts; 4];
    let mut pieces = Vec::new();
    search.assign(0, 0, &mut kinds, &mut pieces, &mut f);
}

/// The fixed inputs of [`for_each_assignment`]'s search.
struct Search<'a> {
    groups: &'a [u32],
    tokens: [u8; 4],
    hand: [u32; 4],
    owned: u32,
}

impl Search<'_> {
    /// Cards group `g` still needs when served by `k` after its token (PTH-8.3, 8.4).
    fn need(&self, g: usize, k: OfferingKind) -> u32 {
        self.groups[g].saturating_sub(self.tokens[kind_index(k)] as u32)
    }

    /// Chooses the kind of group `g`; `short` = the shortfall of groups `..g`.
    fn assign(
        &self,
        g: usize,
        short: u32,
        kinds: &mut [OfferingKind; 4],
        pieces: &mut Vec<u8>,
        f: &mut impl FnMut(&[OfferingKind], &[u8]),
    ) {
        let len = self.groups.len();
        if g == len {
            let kinds = &kinds[..len];
            let mut need = [0; 4];
            let mut least = [0; 4];
            for (i, &k) in kinds.iter().enumerate() {
                need[i] = self.need(i, k);
                least[i] = need[i].saturating_sub(self.hand[kind_index(k)]);
            }
            let used = wildcards_used(self.owned, &need[..len]);
            if short <= used {
                spread_covering(&need[..len], &least[..len], 0, used, pieces, &mut |w| {
                    f(kinds, w)
                });
            }
            return;
        }
        for k in OfferingKind::ALL {
            if kinds[..g].contains(&k) {
                continue;
            }
            let s = short + self.need(g, k).saturating_sub(self.hand[kind_index(k)]);
            if s > self.owned {
                continue;
            }
            kinds[g] = k;
            self.assign(g + 1, s, kinds, pieces, f);
        }
    }
}

/// [`spread`] restricted to the spreads that put at least `least[g]` pieces on each group g
/// (the same spreads in the same order as filtering [`spread`]'s output).
fn spread_covering(
    need: &[u32],
    least: &[u32],
    g: usize,
    left: u32,
    cur: &mut Vec<u8>,
    f: &mut dyn FnMut(&[u8]),
) {
    if g == need.len() {
        if left == 0 {
            f(cur);
        }
        return;
    }
    // The later groups must still get their least pieces.
    let later: u32 = least[g + 1..].iter().sum();
    let hi = need[g].min(left);
    if left < later {
        return;
    }
    for k in (least[g]..=hi.min(left - later)).rev() {
        for _ in 0..k {
            cur.push(g as u8);
        }
        spread_covering(need, least, g + 1, left - k, cur, f);
        for _ in 0..k {
            cur.pop();
        }
    }
}

/// What a seat could pay a sacrifice with besides its tokens: offering cards in hand per kind
/// and wildcard pieces (PTH-8.3–8.5, 15.5), counted once for many checks.
#[derive(Clone, Copy, Debug)]
pub struct Means {
    hand: [u32; 4],
    wildcards: u32,
}

impl Means {
    pub fn of(st: &PantheonState, seat: Seat) -> Means {
        Means {
            hand: hand_offerings(st, seat),
            wildcards: wildcards_owned(st, seat),
        }
    }
}

/// Whether (`kinds`, `wildcards`) is an assignment [`for_each_assignment`] offers for
/// `groups`, without listing them: one kind per group, all different; the wildcard pieces, by
/// ascending group, exactly as many as are used and none on a group beyond its need; the hand
/// covers the rest. `means` is [`Means::of`] the seat.
pub fn is_assignment(
    st: &PantheonState,
    seat: Seat,
    means: &Means,
    groups: &[u32],
    kinds: &[OfferingKind],
    wildcards: &[u8],
) -> bool {
    let hand = means.hand;
    if kinds.len() != groups.len()
        || kinds.len() > OfferingKind::ALL.len()
        || kinds
            .iter()
            .enumerate()
            .any(|(i, k)| kinds[..i].contains(k))
        || !enough_supply(st, seat, groups, &hand, means.wildcards)
    {
        return false;
    }
    let need = needs(st, seat, groups, kinds);
    let need = &need[..kinds.len()];
    if wildcards.len() as u64 != wildcards_used(means.wildcards, need) as u64
        || !wildcards.windows(2).all(|w| w[0] <= w[1])
        || wildcards.iter().any(|&g| g as usize >= need.len())
    {
        return false;
    }
    let fits = (0..need.len())
        .all(|g| wildcards.iter().filter(|&&x| x as usize == g).count() as u64 <= need[g] as u64);
    fits && covered(&hand, kinds, need, wildcards)
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

/// PTH-11.2: whether `kind` can satisfy the first group of `god`.
pub fn gallia_kind_ok(st: &PantheonState, seat: Seat, god: u8, kind: OfferingKind) -> bool {
    let first = st.cat().gods[god as usize].requirement[0];
    !assignments_first(st, seat, first, kind).is_empty()
}

fn assignments_first(st: &PantheonState, seat: Seat, first: u32, k: OfferingKind) -> Vec<Vec<u8>> {
    let need = needs(st, seat, &[first], &[k]);
    let need = &need[..1];
    let hand = hand_offerings(st, seat);
    let mut out = Vec::new();
    spreads(wildcards_owned(st, seat), need, &mut |w| {
        if covered(&hand, &[k], need, w) {
            out.push(w.to_vec());
        }
    });
    out
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
