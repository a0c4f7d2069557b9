//! PTH-5 movement (active player and followers) and PTH-6 placement of stones.

use super::actions::PantheonAction as A;
use super::data::{GodEffect, SpaceKind};
use super::effects;
use super::events::PantheonEvent as E;
use super::state::*;
use super::types::Decision;
use super::types::*;
use crate::{RuleViolation, Seat};

/// PTH-6: calls `f` with every space (in board order) where `seat` can place a stone with at
/// most `budget` steps/money, the stone it takes and its cost, until `f` answers true (stop).
/// `net` gives the network of `seat` ([`PantheonState::network`]), asked for only when needed.
fn open_spaces<N: AsRef<[bool]>>(
    st: &PantheonState,
    seat: Seat,
    budget: u32,
    net: impl FnOnce() -> N,
    mut f: impl FnMut(usize, Stone, u32) -> bool,
) {
    if budget == 0 || st.temple.is_none() {
        return;
    }
    let p = &st.players[seat];
    if p.pillars == 0 && p.footprints == 0 {
        return;
    }
    let net = net();
    let net = net.as_ref();
    let board = st.board();
    // Only spaces next to the temple or to a network stone can be connected (PTH-6.6, 6.7).
    let mut cand = vec![false; board.spaces.len()];
    if let Some(t) = st.temple {
        for &j in &board.neighbours[t] {
            cand[j] = true;
        }
    }
    for (i, &inside) in net.iter().enumerate() {
        if inside {
            for &j in &board.neighbours[i] {
                cand[j] = true;
            }
        }
    }
    let cheap_sharing = st.god_count(seat, GodEffect::CheapSharing) > 0;
    for i in (0..board.spaces.len()).filter(|&i| cand[i]) {
        let stone = if board.spaces[i].kind == SpaceKind::Pillar {
            Stone::Pillar
        } else {
            Stone::Footprint
        };
        if let Ok(cost) = st.placement_cost_on(board, seat, i, stone, net, cheap_sharing)
            && cost <= budget
            && f(i, stone, cost)
        {
            return;
        }
    }
}

/// PTH-6: every placement open to `seat` with at most `budget` steps/money, onto `v`; `net`
/// gives the network of `seat`, asked for only when needed.
pub fn placements<'n>(
    st: &PantheonState,
    seat: Seat,
    budget: u32,
    net: impl FnOnce() -> &'n [bool],
    v: &mut Vec<A>,
) {
    let board = st.board();
    open_spaces(st, seat, budget, net, |i, stone, _| {
        let id = board.spaces[i].id.clone();
        match stone {
            Stone::Pillar => v.push(A::PlacePillar { space: id }),
            Stone::Footprint => {
                if st.loot_board.iter().any(|(s, _)| *s == i) {
                    v.push(A::PlaceFootprint {
                        space: id.clone(),
                        take_loot: true,
                    });
                }
                v.push(A::PlaceFootprint {
                    space: id,
                    take_loot: false,
                });
            }
        }
        false
    });
}

/// The cost of the cheapest placement open to `seat` (1 or 2, PTH-6.1), if any.
pub fn cheapest_placement(st: &PantheonState, seat: Seat) -> Option<u32> {
    let mut best = None;
    open_spaces(
        st,
        seat,
        2,
        || st.network(seat),
        |_, _, cost| {
            best = Some(best.map_or(cost, |b: u32| b.min(cost)));
            cost <= 1
        },
    );
    best
}

/// PTH-6: checks one placement action against `budget`; returns its cost or the broken rule.
/// `net` is the network of `seat`.
pub fn check_place(
    st: &PantheonState,
    seat: Seat,
    a: &A,
    budget: u32,
    net: &[bool],
) -> Result<u32, RuleViolation> {
    let (id, stone, take) = match a {
        A::PlaceFootprint { space, take_loot } => (space, Stone::Footprint, *take_loot),
        A::PlacePillar { space } => (space, Stone::Pillar, false),
        _ => return Err(st.not_now("PTH-6")),
    };
    let Some(i) = st.space_index(id) else {
        return Err(RuleViolation::new("PTH-6.3", format!("no space `{id}`")));
    };
    if st.temple.is_none() {
        return Err(RuleViolation::new(
            "PTH-11.8",
            "no stone can be placed before the temple stands",
        ));
    }
    let cost = st.placement_cost(seat, i, stone, net)?;
    if take && !st.loot_board.iter().any(|(s, _)| *s == i) {
        return Err(RuleViolation::new(
            "PTH-6.11",
            "no loot token on that space",
        ));
    }
    if cost > budget {
        return Err(RuleViolation::new(
            "PTH-6.1",
            format!("the placement costs {cost}, only {budget} left"),
        ));
    }
    Ok(cost)
}

/// Places a stone (checked legal); returns the cost (PTH-6.1, 6.10–6.12).
pub fn place(st: &mut PantheonState, seat: Seat, a: &A, ev: &mut Vec<E>) -> u32 {
    let (id, stone, take) = match a {
        A::PlaceFootprint { space, take_loot } => (space.clone(), Stone::Footprint, *take_loot),
        A::PlacePillar { space } => (space.clone(), Stone::Pillar, false),
        _ => unreachable!("not a placement"),
    };
    let i = st.space_index(&id).expect("checked space");
    let cost = st.legal_placement_cost(seat, i);
    debug_assert_eq!(
        Ok(cost),
        st.placement_cost(seat, i, stone, &st.network(seat)),
        "placement checked legal"
    );
    st.put_stone(seat, i, stone);
    let mut loot = None;
    if take && let Some(k) = st.loot_board.iter().position(|(s, _)| *s == i) {
        // PTH-6.11: the loot token into the collector's supply, resolved later (PTH-10.13).
        let (_, l) = st.loot_board.remove(k);
        st.players[seat].loot.push(l);
        st.collected.push(l);
        loot = Some(st.cat().loot[l as usize].id.clone());
    }
    ev.push(E::StonePlaced {
        seat,
        space: id,
        stone,
        cost,
        loot,
    });
    cost
}

/// PTH-5.1–5.3, 5.6(a): opens a movement with `n` movement cards.
pub fn start(st: &mut PantheonState, seat: Seat, n: u32, follower: bool, ev: &mut Vec<E>) {
    let cards = st.take_from_hand(seat, CardKind::Movement, n);
    st.played = cards;
    st.collected.clear();
    let steps = if follower { 0 } else { 1 } + 2 * n + st.step_bonus(seat, follower);
    ev.push(E::MovementStarted {
        seat,
        follower,
        cards: n,
        steps,
    });
    st.decision = Some(Decision::Placement {
        seat,
        follower,
        steps,
    });
}

/// PTH-5.5, 5.8: the sequence ends: played cards to the discard pile, then the collected loot
/// is resolved (unspent steps lapse, PTH-5.4).
pub fn end(st: &mut PantheonState, seat: Seat, ev: &mut Vec<E>) {
    let played = std::mem::take(&mut st.played);
    if !played.is_empty() {
        ev.push(E::PlayedCardsDiscarded {
            seat,
            cards: played.iter().map(|&c| st.card_kind(c)).collect(),
        });
    }
    st.discard_cards(&played);
    effects::queue_collected(st, seat);
    st.decision = None;
    st.tasks.push_front(Task::ResolveEffects);
}
