//! The driver of automatic steps: epoch preparation (PTH-3), the turn cycle and its end
//! (PTH-4, PTH-15.7), the end of an epoch (PTH-12) and the scorings (PTH-13).

use super::cards;
use super::data::{GodEffect, SpaceKind, TokenEffectKind};
use super::effects;
use super::events::PantheonEvent as E;
use super::nations;
use super::state::*;
use super::types::Decision;
use super::types::*;
use crate::Seat;

/// The preparation steps of an epoch, in order (§4.1.1).
pub fn queue_preparation(st: &mut PantheonState) {
    for t in [
        Task::RevealNation,
        Task::RevealGods,
        Task::PlaceLoot,
        Task::BonusChoice,
        Task::NationEffect,
        Task::PlaceTemple,
        Task::ResolveBonuses,
        Task::StartTurns,
    ] {
        st.tasks.push_back(t);
    }
}

/// Seats in turn order starting at the start seat (PTH-11.1, 10.14).
pub fn order_from_start(st: &PantheonState) -> Vec<Seat> {
    (0..st.n()).map(|k| (st.start_seat + k) % st.n()).collect()
}

/// Pushes per-seat tasks to the front of the queue, keeping their order.
pub fn push_front_all(st: &mut PantheonState, tasks: Vec<Task>) {
    for t in tasks.into_iter().rev() {
        st.tasks.push_front(t);
    }
}

/// Runs automatic steps until a decision is open or the game is over.
pub fn run(st: &mut PantheonState, ev: &mut Vec<E>) {
    while st.decision.is_none() && !st.over {
        let Some(t) = st.tasks.pop_front() else { break };
        exec(st, t, ev);
    }
}

/// PTH-3.3: the satellite numbers used with N players.
pub fn satellite_numbers(n: usize) -> &'static [u8] {
    match n {
        2 => &[1, 2, 5],
        3 => &[1, 2, 3, 5],
        _ => &[1, 2, 3, 4, 5],
    }
}

fn exec(st: &mut PantheonState, t: Task, ev: &mut Vec<E>) {
    let n = st.n();
    match t {
        Task::RevealNation => {
            // PTH-3.1.
            st.epoch += 1;
            let nation = st.nation_deck.pop().expect("6 of 8 nations");
            st.track.push(nation);
            ev.push(E::NationRevealed {
                epoch: st.epoch,
                nation,
            });
        }
        Task::RevealGods => {
            // PTH-3.2.
            st.god_display.clear();
            for _ in 0..=n {
                if let Some(g) = st.god_stack.pop() {
                    st.god_display.push(Some(g));
                }
            }
            st.gods_displayed = st.god_display.len() as u32;
            let cat = st.cat();
            ev.push(E::GodsRevealed {
                gods: st
                    .god_display
                    .iter()
                    .flatten()
                    .map(|&g| cat.gods[g as usize].id.clone())
                    .collect(),
            });
        }
        Task::PlaceLoot => place_loot(st, ev),
        Task::BonusChoice => {
            // PTH-14.2, 14.3: last player first, counter-clockwise, start player last.
            if st.epoch == 1 && st.config.bonus_choice {
                let mut order = order_from_start(st);
                order.reverse();
                let asks = order
                    .into_iter()
                    .map(|seat| Task::Ask(Decision::ChooseBonus { seat }))
                    .collect();
                push_front_all(st, asks);
            }
        }
        Task::NationEffect => nations::effect(st, ev),
        Task::PlaceTemple => {
            // PTH-3.6 (a fixture without the nation's main space uses its first main space).
            let nation = *st.track.last().expect("a nation");
            let board = st.board();
            let t = board
                .main_of(nation)
                .or_else(|| board.spaces.iter().position(|s| s.kind == SpaceKind::Main));
            st.temple = t;
            if let Some(t) = t {
                ev.push(E::TemplePlaced {
                    space: st.space_id(t),
                });
            }
        }
        Task::ResolveBonuses => {
            // PTH-3.7, 10.14, 14.4.
            if st.epoch == 1 {
                if !st.bonus_pool.is_empty() {
                    let cat = st.cat();
                    let bonuses = st
                        .bonus_pool
                        .drain(..)
                        .map(|b| cat.bonus[b as usize].id.clone())
                        .collect();
                    ev.push(E::BonusesBoxed { bonuses });
                }
                let tasks = order_from_start(st)
                    .into_iter()
                    .map(Task::ResolveBonus)
                    .collect();
                push_front_all(st, tasks);
            }
        }
        Task::ResolveBonus(seat) => {
            let p = &mut st.players[seat];
            if let (Some(b), false) = (p.bonus, p.bonus_resolved) {
                p.bonus_resolved = true;
                let tok = &st.cat().bonus[b as usize];
                ev.push(E::BonusResolved {
                    seat,
                    bonus: tok.id.clone(),
                });
                st.effects.push_back(Pending {
                    seat,
                    src: Src::Bonus(b),
                    effect: effects::token_effect(&tok.effect, true),
                });
                st.tasks.push_front(Task::ResolveEffects);
            }
        }
        Task::StartTurns => {
            // PTH-4.1.
            st.turns_this_epoch = 0;
            let s = st.start_seat;
            next_turn(st, s, ev);
        }
        Task::Ask(d) => st.decision = Some(d),
        Task::Germania(seat) => {
            // PTH-11.4.
            let h = st.players[seat].hand.len() as u32;
            if h > 7 {
                st.decision = Some(Decision::DiscardToSeven {
                    seat,
                    excess: h - 7,
                });
            } else if h < 7 {
                cards::draw_n(st, seat, 7 - h, ev);
            }
        }
        Task::ResolveEffects => {
            effects::run_effects(st, ev);
        }
        Task::Follow { active, k } => {
            // PTH-5.6: the other players clockwise from the active player's left.
            if (k as usize) < n {
                st.decision = Some(Decision::Follow {
                    seat: (active + k as usize) % n,
                    active,
                });
            }
        }
        Task::TurnEnd => turn_end(st, ev),
        Task::EpochEnd => epoch_end(st, ev),
    }
}

/// PTH-3.3, 3.4, §10.2.
fn place_loot(st: &mut PantheonState, ev: &mut Vec<E>) {
    let nation = *st.track.last().expect("a nation");
    let board = st.board();
    let spaces: Vec<usize> = satellite_numbers(st.n())
        .iter()
        .filter_map(|&no| board.satellite(nation, no))
        .collect();
    let fixed = st.scenario.as_ref().is_some_and(|s| s.loot.is_some());
    let k = spaces.len().min(st.loot_bag.len());
    let mut drawn = Vec::with_capacity(k);
    for _ in 0..k {
        if fixed {
            drawn.push(st.loot_bag.pop().expect("k ≤ bag"));
        } else {
            let i = st.rng.below(st.loot_bag.len());
            drawn.push(st.loot_bag.remove(i));
        }
    }
    if !fixed {
        st.rng.shuffle(&mut drawn);
    }
    st.loot_board.clear();
    st.loot_placed = drawn.len() as u32;
    let cat = st.cat();
    for (&space, &l) in spaces.iter().zip(&drawn) {
        st.loot_board.push((space, l));
        ev.push(E::LootPlaced {
            space: st.space_id(space),
            loot: cat.loot[l as usize].id.clone(),
        });
    }
    // PTH-3.4.
    for &l in &drawn {
        if cat.loot[l as usize].effect.kind == TokenEffectKind::Demigod
            && let Some(v) = st.demigod_stack.pop()
        {
            st.demigod_display.push(v);
            ev.push(E::DemigodDisplayed { value: v });
        }
    }
}

/// Opens the turn of `seat` (PTH-4.1, 4.2).
pub fn next_turn(st: &mut PantheonState, seat: Seat, ev: &mut Vec<E>) {
    st.turn_seat = seat;
    st.decision = Some(Decision::ChooseAction { seat });
    ev.push(E::TurnStarted {
        seat,
        epoch: st.epoch,
    });
}

/// PTH-4.4–4.8, 15.7, §11 G15: a turn is complete.
fn turn_end(st: &mut PantheonState, ev: &mut Vec<E>) {
    let seat = st.turn_seat;
    let n = st.n();
    st.turns_this_epoch += 1;
    let loot_done = st.loot_placed > 0 && st.loot_board.is_empty();
    let gods_done = st.gods_displayed > 0 && st.god_display.iter().all(|g| g.is_none());
    let forced =
        st.config.max_turns_per_epoch > 0 && st.turns_this_epoch >= st.config.max_turns_per_epoch;
    let over = loot_done || gods_done || forced;
    ev.push(E::TurnEnded {
        seat,
        phase_over: over,
    });
    if over {
        if loot_done || gods_done {
            // PTH-4.5: the player on turn (the big footprint holder, PTH-4.6) scores 3 VP.
            st.players[seat].vp += 3;
            ev.push(E::EpochVp { seat, vp: 3 });
        }
        // PTH-4.7.
        st.start_seat = (seat + 1) % n;
        ev.push(E::TemplePassed { to: st.start_seat });
        st.tasks.push_front(Task::EpochEnd);
    } else if st.god_count(seat, GodEffect::ExtraTurn) > 0 && !st.players[seat].extra_turn_used {
        st.decision = Some(Decision::ExtraTurn { seat });
    } else {
        next_turn(st, (seat + 1) % n, ev);
    }
}

/// PTH-12: footprints home, leftovers to the box, usage markers reset, scorings.
fn epoch_end(st: &mut PantheonState, ev: &mut Vec<E>) {
    for i in 0..st.stones.len() {
        if st.stone_type(i) == Stone::Footprint {
            for s in std::mem::take(&mut st.stones[i]).seats() {
                st.players[s as usize].footprints += 1;
            }
        }
    }
    st.temple = None;
    st.god_display.clear();
    st.gods_displayed = 0;
    st.demigod_display.clear();
    st.loot_board.clear();
    st.loot_placed = 0;
    for p in &mut st.players {
        p.extra_turn_used = false;
    }
    ev.push(E::EpochEnded { epoch: st.epoch });
    if st.epoch == 3 || st.epoch == 6 {
        scoring(st, ev);
    }
    if st.epoch >= 6 {
        st.over = true;
        st.decision = None;
        st.tasks.clear();
        let (_, winners) = standings(st);
        ev.push(E::GameOver {
            vp: st.players.iter().map(|p| p.vp).collect(),
            demigods: st
                .players
                .iter()
                .map(|p| p.demigods.iter().map(|d| d.0).collect())
                .collect(),
            winners,
        });
    } else {
        queue_preparation(st);
    }
}

/// PTH-13.5: v(p) from the pillar table.
pub fn pillar_points(st: &PantheonState, p: u32) -> u32 {
    p * st.cat().per_pillar(p)
}

/// PTH-13.1–13.5, 13.7.
pub fn scoring(st: &mut PantheonState, ev: &mut Vec<E>) {
    for seat in 0..st.n() {
        let demigods: u32 = st.players[seat].demigods.iter().map(|d| d.0).sum();
        let pillars = pillar_points(st, st.pillars_on_board(seat));
        let gods = 2 * st.god_count(seat, GodEffect::ScoringVp);
        st.players[seat].vp += demigods + pillars + gods;
        ev.push(E::Scored {
            seat,
            demigods,
            pillars,
            gods,
            total: st.players[seat].vp,
        });
    }
}

/// PTH-13.6: places (1 = best) and winners.
pub fn standings(st: &PantheonState) -> (Vec<u32>, Vec<Seat>) {
    let key = |s: usize| (st.players[s].vp, st.players[s].demigods.len());
    let places: Vec<u32> = (0..st.n())
        .map(|s| 1 + (0..st.n()).filter(|&o| key(o) > key(s)).count() as u32)
        .collect();
    let winners = (0..st.n()).filter(|&s| places[s] == 1).collect();
    (places, winners)
}
