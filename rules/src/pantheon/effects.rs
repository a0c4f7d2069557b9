//! PTH-10 loot and bonus effects and PTH-15 immediate god effects: the pending-effect queue,
//! automatic versus optional effects (PTH-10.12), their choices and resolution.

use super::cards;
use super::data::{GodEffect, SpaceKind, TokenEffect, TokenEffectKind};
use super::events::PantheonEvent as E;
use super::purchase;
use super::state::*;
use super::types::Decision;
use super::types::*;
use crate::Seat;

/// The effect of a loot or bonus token (PTH-10.1–10.11).
pub fn token_effect(t: &TokenEffect, bonus: bool) -> Effect {
    match t.kind {
        TokenEffectKind::Supplies => Effect::Supplies {
            pillars: t.pillars.unwrap_or(0),
            footprints: t.footprints.unwrap_or(0),
            or: t.mode == Some(super::data::SuppliesMode::Or),
        },
        TokenEffectKind::Demigod if bonus => Effect::DemigodFromStack,
        TokenEffectKind::Demigod => Effect::DemigodFromDisplay,
        TokenEffectKind::GodTile => Effect::GodTile,
        TokenEffectKind::Pillar => Effect::Pillar,
        TokenEffectKind::Offering => Effect::Offering {
            uses: t.uses.unwrap_or(1),
        },
        TokenEffectKind::CardDraw => Effect::CardDraw {
            count: t.count.unwrap_or(1),
        },
        TokenEffectKind::SpecialMoney => Effect::SpecialMoney,
        TokenEffectKind::Steps => Effect::Steps {
            count: t.count.unwrap_or(1),
        },
    }
}

/// PTH-15.9–15.13: the immediate effect of a god tile, if any.
pub fn god_immediate(e: GodEffect) -> Option<Effect> {
    Some(match e {
        GodEffect::GainDemigod => Effect::DemigodFromStack,
        GodEffect::GainStones => Effect::Supplies {
            pillars: 1,
            footprints: 1,
            or: false,
        },
        GodEffect::GainSpecialMoney => Effect::SpecialMoney,
        GodEffect::GainOffering => Effect::Offering { uses: 1 },
        GodEffect::GainCards => Effect::CardDraw { count: 2 },
        _ => return None,
    })
}

pub fn source_view(st: &PantheonState, src: Src) -> EffectSource {
    let cat = st.cat();
    match src {
        Src::Loot(l) => EffectSource::Loot(cat.loot[l as usize].id.clone()),
        Src::Bonus(b) => EffectSource::Bonus(cat.bonus[b as usize].id.clone()),
        Src::God(g) => EffectSource::God(cat.gods[g as usize].id.clone()),
    }
}

/// PTH-8.6, 10.6, 11.3, 15.14: `seat` gains god tile `god`: epoch VP, and its immediate
/// effect is resolved next.
pub fn gain_god(
    st: &mut PantheonState,
    seat: Seat,
    god: u8,
    cards: Vec<CardKind>,
    ev: &mut Vec<E>,
) {
    let vp = st.epoch as u32;
    st.players[seat].gods.push(god);
    st.players[seat].vp += vp;
    let g = &st.cat().gods[god as usize];
    ev.push(E::GodTaken {
        seat,
        god: g.id.clone(),
        vp,
        cards,
    });
    if let Some(effect) = god_immediate(g.effect.kind) {
        st.effects.push_front(Pending {
            seat,
            src: Src::God(god),
            effect,
        });
    }
}

/// PTH-10.13: the loot collected in the closed sequence is queued in the order collected.
pub fn queue_collected(st: &mut PantheonState, seat: Seat) {
    let collected = std::mem::take(&mut st.collected);
    for l in collected {
        let effect = token_effect(&st.cat().loot[l as usize].effect, false);
        st.effects.push_back(Pending {
            seat,
            src: Src::Loot(l),
            effect,
        });
    }
}

/// What a pending effect offers before its rules ([`is_choice`]) are applied: each stone,
/// each pillar space, each kind, or the plain choice.
pub fn candidates(st: &PantheonState, p: &Pending) -> Vec<EffectChoice> {
    match p.effect {
        Effect::Supplies { or: true, .. } => [Stone::Pillar, Stone::Footprint]
            .map(EffectChoice::Stone)
            .to_vec(),
        Effect::Pillar => {
            let board = st.board();
            (0..board.spaces.len())
                .filter(|&i| board.spaces[i].kind == SpaceKind::Pillar)
                .map(|i| EffectChoice::Space(st.space_id(i)))
                .collect()
        }
        Effect::Offering { .. } => OfferingKind::ALL.map(EffectChoice::Kind).to_vec(),
        Effect::CardDraw { .. } | Effect::SpecialMoney => vec![EffectChoice::Plain],
        _ => Vec::new(),
    }
}

/// The choices of a pending effect that needs a decision (empty: nothing possible, PTH-10.16):
/// its [`candidates`] that [`is_choice`] accepts.
pub fn choices(st: &PantheonState, p: &Pending) -> Vec<EffectChoice> {
    let mut v = candidates(st, p);
    v.retain(|c| is_choice(st, p, c));
    v
}

/// Whether `choice` is a choice of the pending effect (the rules of PTH-10.2, 10.7–10.10).
pub fn is_choice(st: &PantheonState, p: &Pending, choice: &EffectChoice) -> bool {
    let seat = p.seat;
    match (p.effect, choice) {
        (Effect::Supplies { or: true, .. }, EffectChoice::Stone(s)) => {
            st.general[seat][*s as usize] > 0
        }
        (Effect::Pillar, EffectChoice::Space(id)) => {
            st.general[seat][0] > 0
                && st.space_index(id).is_some_and(|i| {
                    st.board().spaces[i].kind == SpaceKind::Pillar
                        && st.stones[i].len() < 2
                        && !st.stones[i].contains(&(seat as u8))
                })
        }
        (Effect::Offering { .. }, EffectChoice::Kind(k)) => {
            purchase::free_offering_ok(st, seat, *k)
        }
        (Effect::CardDraw { .. }, EffectChoice::Plain) => true,
        (Effect::SpecialMoney, EffectChoice::Plain) => !st.special_deck.is_empty(),
        _ => false,
    }
}

/// Whether the effect asks its owner (PTH-10.12): optional effects and the `or` supplies.
fn asks(e: Effect) -> bool {
    e.optional() || matches!(e, Effect::Supplies { or: true, .. })
}

/// Applies an automatic effect (PTH-10.2–10.6, 10.11, 15.9, 15.10).
fn apply_auto(st: &mut PantheonState, p: Pending, ev: &mut Vec<E>) {
    let seat = p.seat;
    match p.effect {
        Effect::Supplies {
            pillars,
            footprints,
            ..
        } => gain_stones(st, seat, pillars, footprints, ev),
        Effect::DemigodFromDisplay => {
            // PTH-10.3: the highest displayed value, taken openly.
            if let Some((i, _)) = st
                .demigod_display
                .iter()
                .enumerate()
                .max_by_key(|&(i, v)| (*v, std::cmp::Reverse(i)))
            {
                let v = st.demigod_display.remove(i);
                st.players[seat].demigods.push((v, true));
                ev.push(E::DemigodTaken {
                    seat,
                    from_display: true,
                    value: Some(v),
                });
            } else {
                ev.push(E::EffectSkipped {
                    seat,
                    declined: false,
                });
            }
        }
        Effect::DemigodFromStack => {
            // PTH-10.4: face down, owner only.
            if let Some(v) = st.demigod_stack.pop() {
                st.players[seat].demigods.push((v, false));
                ev.push(E::DemigodTaken {
                    seat,
                    from_display: false,
                    value: Some(v),
                });
            } else {
                ev.push(E::EffectSkipped {
                    seat,
                    declined: false,
                });
            }
        }
        Effect::GodTile => {
            // PTH-10.6.
            if let Some(g) = st.god_stack.pop() {
                gain_god(st, seat, g, Vec::new(), ev);
            } else {
                ev.push(E::EffectSkipped {
                    seat,
                    declined: false,
                });
            }
        }
        Effect::Steps { count } => {
            // PTH-10.11.
            st.players[seat].step_bonus += count;
            ev.push(E::StepsGained { seat, steps: count });
        }
        _ => ev.push(E::EffectSkipped {
            seat,
            declined: false,
        }),
    }
}

/// PTH-10.2, 10.16: stones from the general supply, as far as available.
pub fn gain_stones(
    st: &mut PantheonState,
    seat: Seat,
    pillars: u32,
    footprints: u32,
    ev: &mut Vec<E>,
) {
    let p = pillars.min(st.general[seat][0]);
    let f = footprints.min(st.general[seat][1]);
    st.general[seat][0] -= p;
    st.general[seat][1] -= f;
    st.players[seat].pillars += p;
    st.players[seat].footprints += f;
    ev.push(E::StonesGained {
        seat,
        pillars: p as i32,
        footprints: f as i32,
        cost: 0,
    });
}

/// Runs the effect queue until it is empty or an effect needs its owner's decision.
/// Returns true when a decision was opened.
pub fn run_effects(st: &mut PantheonState, ev: &mut Vec<E>) -> bool {
    while let Some(&p) = st.effects.front() {
        if asks(p.effect) {
            if choices(st, &p).is_empty() {
                st.effects.pop_front();
                ev.push(E::EffectSkipped {
                    seat: p.seat,
                    declined: false,
                });
                continue;
            }
            st.decision = Some(Decision::Effect {
                seat: p.seat,
                source: source_view(st, p.src),
                effect: p.effect,
            });
            return true;
        }
        st.effects.pop_front();
        apply_auto(st, p, ev);
    }
    false
}

/// Resolves the front effect with `choice` (already checked legal).
pub fn resolve(st: &mut PantheonState, choice: &EffectChoice, ev: &mut Vec<E>) {
    let p = st.effects.pop_front().expect("a pending effect");
    let seat = p.seat;
    match (p.effect, choice) {
        (
            Effect::Supplies {
                pillars,
                footprints,
                ..
            },
            EffectChoice::Stone(s),
        ) => match s {
            Stone::Pillar => gain_stones(st, seat, pillars, 0, ev),
            Stone::Footprint => gain_stones(st, seat, 0, footprints, ev),
        },
        (Effect::Pillar, EffectChoice::Space(id)) => {
            // PTH-10.7: from the general supply, ignoring connection.
            let i = st.space_index(id).expect("legal space");
            st.general[seat][0] -= 1;
            st.stones[i].push(seat as u8);
            ev.push(E::BonusPillarPlaced {
                seat,
                space: id.clone(),
            });
        }
        (Effect::Offering { uses }, EffectChoice::Kind(k)) => {
            purchase::free_offering(st, seat, *k, ev);
            if uses > 1 {
                st.effects.push_front(Pending {
                    effect: Effect::Offering { uses: uses - 1 },
                    ..p
                });
            }
        }
        (Effect::CardDraw { count }, _) => cards::draw_n(st, seat, count, ev),
        (Effect::SpecialMoney, _) => {
            // PTH-10.10.
            let c = st.special_deck.pop().expect("checked");
            st.players[seat].hand.push(c);
            ev.push(E::SpecialMoneyTaken {
                seat,
                value: st.special_value(c),
            });
        }
        _ => {}
    }
}

/// PTH-10.12: declines the front (optional) effect.
pub fn decline(st: &mut PantheonState, ev: &mut Vec<E>) {
    let p = st.effects.pop_front().expect("a pending effect");
    ev.push(E::EffectSkipped {
        seat: p.seat,
        declined: true,
    });
}
