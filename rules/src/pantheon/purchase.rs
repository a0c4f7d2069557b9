//! PTH-7 purchase (and the Cartago spending of PTH-11.7): offering tokens (PTH-1.5–1.7), stones,
//! placements paid with money.

use super::actions::PantheonAction as A;
use super::events::PantheonEvent as E;
use super::movement;
use super::refused::Refused;
use super::state::*;
use super::types::*;
use crate::Seat;

/// The physical token a level lies on: 0 = "1/2", 1 = "3/4" (PTH-1.7).
fn token_type(level: u8) -> usize {
    if level <= 2 { 0 } else { 1 }
}

/// PTH-1.6, 7.3: buying a new token of `kind` at `level`; returns the cost.
pub fn buy_cost(
    st: &PantheonState,
    seat: Seat,
    kind: OfferingKind,
    level: u8,
    budget: u32,
) -> Result<u32, Refused> {
    if !(1..=4).contains(&level) {
        return Err(Refused::new("PTH-1.5", "levels are 1–4"));
    }
    if st.players[seat].offerings[kind_index(kind)] > 0 {
        return Err(Refused::new(
            "PTH-1.6",
            "you already own a token of this kind (upgrade it instead)",
        ));
    }
    if st.offering_supply[kind_index(kind)][token_type(level)] == 0 {
        return Err(Refused::new("PTH-1.7", "no such token left in the supply"));
    }
    let cost = st.cat().offering_cost(level as u32);
    if cost > budget {
        return Err(Refused::new("PTH-7.2", "not enough money"));
    }
    Ok(cost)
}

/// PTH-7.4: upgrading the owned token of `kind` to `to`; returns the cost difference.
pub fn upgrade_cost(
    st: &PantheonState,
    seat: Seat,
    kind: OfferingKind,
    to: u8,
    budget: u32,
) -> Result<u32, Refused> {
    let from = st.players[seat].offerings[kind_index(kind)];
    if from == 0 {
        return Err(Refused::new("PTH-7.4", "you own no token of this kind"));
    }
    if to <= from || to > 4 {
        return Err(Refused::new(
            "PTH-7.4",
            "an upgrade must raise the level (max 4)",
        ));
    }
    if token_type(from) != token_type(to) && st.offering_supply[kind_index(kind)][1] == 0 {
        return Err(Refused::new("PTH-1.7", "no 3/4 token left in the supply"));
    }
    let cat = st.cat();
    let cost = cat.offering_cost(to as u32) - cat.offering_cost(from as u32);
    if cost > budget {
        return Err(Refused::new("PTH-7.2", "not enough money"));
    }
    Ok(cost)
}

/// Takes a new token from the supply.
pub fn gain_offering(st: &mut PantheonState, seat: Seat, kind: OfferingKind, level: u8) {
    st.offering_supply[kind_index(kind)][token_type(level)] -= 1;
    st.players[seat].offerings[kind_index(kind)] = level;
}

/// PTH-7.4: 1→2 and 3→4 flip the token; otherwise the old token goes to the box and a 3/4
/// token comes from the supply.
pub fn upgrade(st: &mut PantheonState, seat: Seat, kind: OfferingKind, to: u8) {
    let from = st.players[seat].offerings[kind_index(kind)];
    if token_type(from) != token_type(to) {
        st.offering_supply[kind_index(kind)][1] -= 1;
    }
    st.players[seat].offerings[kind_index(kind)] = to;
}

/// PTH-10.8, 11.9, 15.12: a free new L1 token (kind not owned) or +1 level.
pub fn free_offering_ok(st: &PantheonState, seat: Seat, kind: OfferingKind) -> bool {
    let l = st.players[seat].offerings[kind_index(kind)];
    if l == 0 {
        buy_cost(st, seat, kind, 1, u32::MAX).is_ok()
    } else {
        upgrade_cost(st, seat, kind, l + 1, u32::MAX).is_ok()
    }
}

pub fn free_offering(st: &mut PantheonState, seat: Seat, kind: OfferingKind, ev: &mut Vec<E>) {
    let l = st.players[seat].offerings[kind_index(kind)];
    if l == 0 {
        gain_offering(st, seat, kind, 1);
        ev.push(E::OfferingGained {
            seat,
            kind,
            level: 1,
            cost: 0,
        });
    } else {
        upgrade(st, seat, kind, l + 1);
        ev.push(E::OfferingUpgraded {
            seat,
            kind,
            from: l,
            to: l + 1,
            cost: 0,
        });
    }
}

/// PTH-7.5: buying a stone.
pub fn stone_cost(
    st: &PantheonState,
    seat: Seat,
    stone: Stone,
    budget: u32,
) -> Result<u32, Refused> {
    if st.general[seat][stone as usize] == 0 {
        return Err(Refused::new("PTH-7.5", "none left in the general supply"));
    }
    if budget < 1 {
        return Err(Refused::new("PTH-7.2", "not enough money"));
    }
    Ok(1)
}

/// The shapes of the token and stone operations (PTH-7.3–7.5, Cartago's PTH-11.7) in listing
/// order: per kind and level a purchase, then an upgrade; then each stone. Which are open is
/// for [`buy_cost`], [`upgrade_cost`] and [`stone_cost`] to decide.
pub fn operations(v: &mut Vec<A>, cartago: bool) {
    for kind in OfferingKind::ALL {
        for level in 1..=4u8 {
            v.push(if cartago {
                A::CartagoBuyOffering { kind, level }
            } else {
                A::BuyOffering { kind, level }
            });
            v.push(if cartago {
                A::CartagoUpgradeOffering { kind, level }
            } else {
                A::UpgradeOffering { kind, level }
            });
        }
    }
    for stone in [Stone::Pillar, Stone::Footprint] {
        v.push(if cartago {
            A::CartagoBuyStone { stone }
        } else {
            A::BuyStone { stone }
        });
    }
}

/// PTH-7.11: the cheapest operation a purchase could do (`None`: nothing at all); a purchase
/// may only be opened with a budget that covers it.
pub fn cheapest_operation(st: &PantheonState, seat: Seat) -> Option<u32> {
    let mut best: Option<u32> = None;
    let mut see = |c: u32| best = Some(best.map_or(c, |b| b.min(c)));
    for k in OfferingKind::ALL {
        for l in 1..=4u8 {
            if let Ok(c) = buy_cost(st, seat, k, l, u32::MAX) {
                see(c);
            }
            if let Ok(c) = upgrade_cost(st, seat, k, l, u32::MAX) {
                see(c);
            }
        }
    }
    for s in [Stone::Pillar, Stone::Footprint] {
        if let Ok(c) = stone_cost(st, seat, s, u32::MAX) {
            see(c);
        }
    }
    // A placement costs 1 or 2 (PTH-6.1), so the board is only searched when it could be
    // cheaper than the operations above.
    if best.is_none_or(|b| b > 1)
        && let Some(c) = movement::cheapest_placement(st, seat)
    {
        best = Some(best.map_or(c, |b| b.min(c)));
    }
    best
}

/// Applies one purchase operation (already checked legal); returns its cost.
pub fn apply_operation(st: &mut PantheonState, seat: Seat, a: &A, ev: &mut Vec<E>) -> u32 {
    match a {
        A::BuyOffering { kind, level } | A::CartagoBuyOffering { kind, level } => {
            let cost = st.cat().offering_cost(*level as u32);
            gain_offering(st, seat, *kind, *level);
            ev.push(E::OfferingGained {
                seat,
                kind: *kind,
                level: *level,
                cost,
            });
            cost
        }
        A::UpgradeOffering { kind, level } | A::CartagoUpgradeOffering { kind, level } => {
            let from = st.players[seat].offerings[kind_index(*kind)];
            let cat = st.cat();
            let cost = cat.offering_cost(*level as u32) - cat.offering_cost(from as u32);
            upgrade(st, seat, *kind, *level);
            ev.push(E::OfferingUpgraded {
                seat,
                kind: *kind,
                from,
                to: *level,
                cost,
            });
            cost
        }
        A::BuyStone { stone } | A::CartagoBuyStone { stone } => {
            st.general[seat][*stone as usize] -= 1;
            match stone {
                Stone::Pillar => st.players[seat].pillars += 1,
                Stone::Footprint => st.players[seat].footprints += 1,
            }
            ev.push(E::StonesGained {
                seat,
                pillars: (*stone == Stone::Pillar) as i32,
                footprints: (*stone == Stone::Footprint) as i32,
                cost: 1,
            });
            1
        }
        A::PlaceFootprint { .. } | A::PlacePillar { .. } => movement::place(st, seat, a, ev),
        _ => 0,
    }
}

/// PTH-7.1: the money multisets a player may open a purchase with (counts per value).
pub fn money_choices(st: &PantheonState, seat: Seat) -> Vec<Vec<(u32, u32)>> {
    let mut counts: Vec<(u32, u32)> = Vec::new();
    for &c in &st.players[seat].hand {
        if let CardKind::Money(v) = st.card_kind(c) {
            match counts.iter_mut().find(|(x, _)| *x == v) {
                Some(e) => e.1 += 1,
                None => counts.push((v, 1)),
            }
        }
    }
    counts.sort_unstable();
    let mut out: Vec<Vec<(u32, u32)>> = vec![Vec::new()];
    for &(v, c) in &counts {
        let mut next = Vec::new();
        for base in &out {
            for k in 0..=c {
                let mut b = base.clone();
                if k > 0 {
                    b.push((v, k));
                }
                next.push(b);
            }
        }
        out = next;
    }
    out
}

/// PTH-7.1, 15.2: the budget of a purchase.
pub fn budget_of(st: &PantheonState, seat: Seat, money: &[(u32, u32)]) -> u32 {
    money.iter().map(|(v, c)| v * c).sum::<u32>()
        + st.god_count(seat, super::data::GodEffect::PurchasePlus)
}
