//! Section 9: who acts, the legal actions of every decision, refusals naming the rule, and the
//! dispatch of accepted actions.

use super::actions::PantheonAction as A;
use super::cards;
use super::data::GodEffect;
use super::effects;
use super::events::PantheonEvent as E;
use super::flow;
use super::gods;
use super::movement;
use super::nations;
use super::purchase;
use super::state::*;
use super::types::Decision as D;
use super::types::*;
use crate::{RuleViolation, Seat};

pub fn to_act(st: &PantheonState) -> Vec<Seat> {
    match (&st.decision, st.over) {
        (Some(d), false) => vec![d.seat()],
        _ => Vec::new(),
    }
}

/// Follower step total for `n` cards (PTH-5.6, 10.11, 15.1, 15.6).
fn follower_steps(st: &PantheonState, seat: Seat, n: u32) -> u32 {
    2 * n + st.step_bonus(seat, true)
}

pub fn legal_actions(st: &PantheonState, seat: Seat) -> Vec<A> {
    let Some(d) = &st.decision else {
        return Vec::new();
    };
    if st.over || d.seat() != seat {
        return Vec::new();
    }
    let cat = st.cat();
    // A turn's choice, a placement or a purchase can list dozens of actions; growing the list
    // step by step would copy it several times.
    let mut v = Vec::with_capacity(match d {
        D::ChooseAction { .. } | D::Placement { .. } | D::Purchase { .. } => 64,
        _ => 8,
    });
    match d {
        D::ChooseBonus { .. } => {
            for &b in &st.bonus_pool {
                v.push(A::ChooseBonusToken {
                    bonus: cat.bonus[b as usize].id.clone(),
                });
            }
        }
        D::GalliaChoice { .. } => {
            v.push(A::GalliaDrawTwo);
            if !st.god_stack.is_empty() {
                v.push(A::GalliaRevealGod);
            }
        }
        D::GalliaTake { god, .. } => {
            let g = god_index(st, god);
            for kind in gods::gallia_kinds(st, seat, g) {
                v.push(A::GalliaTakeGod { kind });
            }
            v.push(A::GalliaDeclineGod);
        }
        D::DiscardToSeven { excess, .. } => {
            for cards in nations::discard_choices(st, seat, *excess) {
                v.push(A::DiscardToSeven { cards });
            }
        }
        D::Aegyptus { .. } => {
            let (lo, hi) = nations::aegyptus_range(st, seat);
            for x in lo..=hi {
                v.push(A::AegyptusExchange { x });
            }
        }
        D::Cartago { budget, .. } => {
            v.extend(purchase::operations(st, seat, *budget, true));
            v.push(A::CartagoDone);
        }
        D::Iberia { .. } => v.extend(nations::iberia_actions(st, seat)),
        D::Roma { .. } => {
            v.push(A::RomaDrawTwo);
            v.push(A::RomaPass);
        }
        D::Effect { effect, .. } => {
            let p = st.effects.front().expect("pending effect");
            for choice in effects::choices(st, p) {
                v.push(A::ResolveEffect { choice });
            }
            if effect.optional() {
                v.push(A::DeclineEffect);
            }
        }
        D::ChooseAction { .. } => {
            // I movement (PTH-5.1–5.2).
            let m = st.hand_count(seat, CardKind::Movement);
            for n in 0..=m {
                v.push(A::StartMovement { n });
            }
            // II purchase (PTH-7.1, 7.11).
            let cheapest = purchase::cheapest_operation(st, seat);
            for money in purchase::money_choices(st, seat) {
                let b = purchase::budget_of(st, seat, &money);
                if cheapest.is_some_and(|c| c <= b) {
                    v.push(A::StartPurchase { money });
                }
            }
            // III take a god (PTH-8.1, 8.9).
            for (slot, g) in st.god_display.iter().enumerate() {
                if let Some(g) = g {
                    let groups = &cat.gods[*g as usize].requirement;
                    gods::for_each_assignment(st, seat, groups, |kinds, wildcards| {
                        v.push(A::TakeGod {
                            slot: slot as u8,
                            kinds: kinds.to_vec(),
                            wildcards: wildcards.to_vec(),
                        })
                    });
                }
            }
            // IV draw (PTH-9.1), always legal (PTH-4.2).
            for source in cards::draw_sources(st) {
                v.push(A::DrawCard { source });
            }
        }
        D::Placement { steps, .. } => {
            v.extend(movement::placements(st, seat, *steps));
            v.push(A::EndPlacement);
        }
        D::Purchase { budget, ops, .. } => {
            v.extend(purchase::operations(st, seat, *budget, false));
            if *ops > 0 {
                v.push(A::EndPurchase);
            }
        }
        D::DrawCards { .. } => {
            for source in cards::draw_sources(st) {
                v.push(A::DrawCard { source });
            }
        }
        D::Follow { .. } => {
            let m = st.hand_count(seat, CardKind::Movement);
            for n in 0..=m {
                if follower_steps(st, seat, n) >= 1 {
                    v.push(A::FollowMove { n });
                }
            }
            v.push(A::FollowDraw);
            v.push(A::FollowPass);
        }
        D::ExtraTurn { .. } => {
            v.push(A::TakeExtraTurn);
            v.push(A::DeclineExtraTurn);
        }
    }
    v
}

fn god_index(st: &PantheonState, id: &str) -> u8 {
    st.cat()
        .gods
        .iter()
        .position(|g| g.id == id)
        .expect("known god") as u8
}

/// Whether `a` is among [`legal_actions`], decided for this one action without listing them.
fn is_legal(st: &PantheonState, seat: Seat, d: &D, a: &A) -> bool {
    match (d, a) {
        (D::ChooseBonus { .. }, A::ChooseBonusToken { bonus }) => {
            let cat = st.cat();
            st.bonus_pool
                .iter()
                .any(|&b| cat.bonus[b as usize].id == *bonus)
        }
        (D::GalliaChoice { .. }, A::GalliaDrawTwo) => true,
        (D::GalliaChoice { .. }, A::GalliaRevealGod) => !st.god_stack.is_empty(),
        (D::GalliaTake { god, .. }, A::GalliaTakeGod { kind }) => {
            gods::gallia_kinds(st, seat, god_index(st, god)).contains(kind)
        }
        (D::GalliaTake { .. }, A::GalliaDeclineGod) => true,
        (D::DiscardToSeven { excess, .. }, A::DiscardToSeven { cards }) => {
            nations::is_discard_choice(st, seat, *excess, cards)
        }
        (D::Aegyptus { .. }, A::AegyptusExchange { x }) => {
            let (lo, hi) = nations::aegyptus_range(st, seat);
            (lo..=hi).contains(x)
        }
        (D::Cartago { budget, .. }, A::CartagoBuyOffering { kind, level }) => {
            purchase::buy_cost(st, seat, *kind, *level, *budget).is_ok()
        }
        (D::Cartago { budget, .. }, A::CartagoUpgradeOffering { kind, level }) => {
            (1..=4).contains(level)
                && purchase::upgrade_cost(st, seat, *kind, *level, *budget).is_ok()
        }
        (D::Cartago { budget, .. }, A::CartagoBuyStone { stone }) => {
            purchase::stone_cost(st, seat, *stone, *budget).is_ok()
        }
        (D::Cartago { .. }, A::CartagoDone) => true,
        (D::Iberia { .. }, A::IberiaTakeOffering { kind }) => {
            st.players[seat].offerings[kind_index(*kind)] == 0
                && purchase::free_offering_ok(st, seat, *kind)
        }
        (D::Iberia { .. }, A::IberiaUpgrade { kind }) => {
            st.players[seat].offerings[kind_index(*kind)] != 0
                && purchase::free_offering_ok(st, seat, *kind)
        }
        (D::Iberia { .. }, A::IberiaPass) => true,
        (D::Roma { .. }, A::RomaDrawTwo | A::RomaPass) => true,
        (D::Effect { .. }, A::ResolveEffect { choice }) => {
            let p = st.effects.front().expect("pending effect");
            effects::is_choice(st, p, choice)
        }
        (D::Effect { effect, .. }, A::DeclineEffect) => effect.optional(),
        (D::ChooseAction { .. }, A::StartMovement { n }) => {
            *n <= st.hand_count(seat, CardKind::Movement)
        }
        (D::ChooseAction { .. }, A::StartPurchase { money }) => {
            let canonical = money.windows(2).all(|w| w[0].0 < w[1].0)
                && money
                    .iter()
                    .all(|&(v, c)| c >= 1 && c <= st.hand_count(seat, CardKind::Money(v)));
            canonical
                && purchase::cheapest_operation(st, seat)
                    .is_some_and(|c| c <= purchase::budget_of(st, seat, money))
        }
        (
            D::ChooseAction { .. },
            A::TakeGod {
                slot,
                kinds,
                wildcards,
            },
        ) => match st.god_display.get(*slot as usize).copied().flatten() {
            Some(g) => {
                let groups = &st.cat().gods[g as usize].requirement;
                gods::is_assignment(st, seat, groups, kinds, wildcards)
            }
            None => false,
        },
        (D::ChooseAction { .. } | D::DrawCards { .. }, A::DrawCard { source }) => {
            cards::is_draw_source(st, *source)
        }
        (D::Placement { steps, .. }, A::PlaceFootprint { .. } | A::PlacePillar { .. }) => {
            movement::check_place(st, seat, a, *steps).is_ok()
        }
        (D::Purchase { budget, .. }, A::PlaceFootprint { .. } | A::PlacePillar { .. }) => {
            movement::check_place(st, seat, a, *budget).is_ok()
        }
        (D::Placement { .. }, A::EndPlacement) => true,
        (D::Purchase { ops, .. }, A::EndPurchase) => *ops > 0,
        (D::Purchase { budget, .. }, A::BuyOffering { kind, level }) => {
            purchase::buy_cost(st, seat, *kind, *level, *budget).is_ok()
        }
        (D::Purchase { budget, .. }, A::UpgradeOffering { kind, level }) => {
            (1..=4).contains(level)
                && purchase::upgrade_cost(st, seat, *kind, *level, *budget).is_ok()
        }
        (D::Purchase { budget, .. }, A::BuyStone { stone }) => {
            purchase::stone_cost(st, seat, *stone, *budget).is_ok()
        }
        (D::Follow { .. }, A::FollowMove { n }) => {
            *n <= st.hand_count(seat, CardKind::Movement) && follower_steps(st, seat, *n) >= 1
        }
        (D::Follow { .. }, A::FollowDraw | A::FollowPass) => true,
        (D::ExtraTurn { .. }, A::TakeExtraTurn | A::DeclineExtraTurn) => true,
        _ => false,
    }
}

/// The rule a refused action breaks.
fn refusal(st: &PantheonState, seat: Seat, d: &D, a: &A) -> RuleViolation {
    use RuleViolation as R;
    match (d, a) {
        (D::Placement { steps, .. }, A::PlaceFootprint { .. } | A::PlacePillar { .. }) => {
            movement::check_place(st, seat, a, *steps)
                .err()
                .unwrap_or_else(|| R::new("PTH-6.12", "placement refused"))
        }
        (D::Purchase { budget, .. }, A::PlaceFootprint { .. } | A::PlacePillar { .. }) => {
            movement::check_place(st, seat, a, *budget)
                .err()
                .unwrap_or_else(|| R::new("PTH-7.6", "placement refused"))
        }
        (D::Purchase { budget, .. }, A::BuyOffering { kind, level })
        | (D::Cartago { budget, .. }, A::CartagoBuyOffering { kind, level }) => {
            purchase::buy_cost(st, seat, *kind, *level, *budget)
                .err()
                .map(RuleViolation::from)
                .unwrap_or_else(|| R::new("PTH-7.3", "refused"))
        }
        (D::Purchase { budget, .. }, A::UpgradeOffering { kind, level })
        | (D::Cartago { budget, .. }, A::CartagoUpgradeOffering { kind, level }) => {
            purchase::upgrade_cost(st, seat, *kind, *level, *budget)
                .err()
                .map(RuleViolation::from)
                .unwrap_or_else(|| R::new("PTH-7.4", "refused"))
        }
        (D::Purchase { budget, .. }, A::BuyStone { stone })
        | (D::Cartago { budget, .. }, A::CartagoBuyStone { stone }) => {
            purchase::stone_cost(st, seat, *stone, *budget)
                .err()
                .map(RuleViolation::from)
                .unwrap_or_else(|| R::new("PTH-7.5", "refused"))
        }
        (D::Purchase { .. }, A::EndPurchase) => {
            R::new("PTH-7.11", "a purchase needs at least one operation")
        }
        (D::Cartago { .. }, A::PlaceFootprint { .. } | A::PlacePillar { .. }) => R::new(
            "PTH-11.8",
            "no stone can be placed during Cartago (the temple is not yet on the board)",
        ),
        (D::Cartago { .. }, _) => R::new(
            "PTH-11.7",
            "Cartago: only the 2 virtual money, no cards or god advantages",
        ),
        (D::Iberia { .. }, A::IberiaTakeOffering { .. }) => R::new(
            "PTH-11.9",
            "Iberia: a new token only of a kind you do not own (PTH-1.6)",
        ),
        (D::Iberia { .. }, _) => R::new("PTH-11.9", "not an Iberia option"),
        (D::ChooseAction { .. }, A::StartMovement { .. }) => {
            R::new("PTH-5.2", "not that many movement cards in hand")
        }
        (D::ChooseAction { .. }, A::StartPurchase { .. }) => R::new(
            "PTH-7.1",
            "those money cards are not in hand, or nothing could be bought (PTH-7.11)",
        ),
        (D::ChooseAction { .. }, A::TakeGod { .. }) => R::new(
            "PTH-8.9",
            "the sacrifice cannot be made with that assignment",
        ),
        (D::ChooseAction { .. } | D::DrawCards { .. }, A::DrawCard { .. }) => {
            R::new("PTH-9.1", "that display slot is empty")
        }
        (D::ChooseAction { .. }, _) => R::new("PTH-4.2", "choose one of the four actions"),
        (D::Follow { .. }, A::FollowMove { .. }) => {
            R::new("PTH-5.6", "a follower needs the cards and at least 1 step")
        }
        (D::Follow { .. }, _) => R::new("PTH-5.6", "choose a follower option"),
        (D::Placement { .. }, _) => R::new("PTH-5.4", "place stones or end the placement"),
        (D::Purchase { .. }, _) => R::new("PTH-7.2", "not a purchase operation"),
        (D::GalliaTake { .. }, A::GalliaTakeGod { .. }) => R::new(
            "PTH-11.2",
            "the first group cannot be sacrificed with that kind",
        ),
        (D::GalliaChoice { .. } | D::GalliaTake { .. }, _) => {
            R::new("PTH-11.2", "not a Gallia option")
        }
        (D::DiscardToSeven { .. }, _) => R::new(
            "PTH-11.4",
            "discard exactly the excess over 7 from your hand",
        ),
        (D::Aegyptus { .. }, _) => R::new("PTH-11.5", "exchange within both supplies"),
        (D::Roma { .. }, _) => R::new("PTH-11.10", "draw two or pass"),
        (D::ChooseBonus { .. }, _) => R::new("PTH-14.3", "choose a face-up bonus token"),
        (D::Effect { effect, .. }, A::DeclineEffect) if !effect.optional() => R::new(
            "PTH-10.12",
            "this effect applies automatically and cannot be declined",
        ),
        (D::Effect { .. }, _) => R::new("PTH-10", "not a choice of this effect"),
        (D::ExtraTurn { .. }, _) => R::new("PTH-15.7", "take or decline the extra turn"),
        (D::DrawCards { .. }, _) => R::new("PTH-9.1", "draw the remaining cards"),
    }
}

pub fn apply(st: &mut PantheonState, seat: Seat, a: &A) -> Result<Vec<E>, RuleViolation> {
    if st.over {
        return Err(RuleViolation::new("PTH-12.4", "the game is over"));
    }
    let Some(d) = st.decision.clone() else {
        return Err(RuleViolation::new("PTH-4.1", "nobody is to act"));
    };
    if d.seat() != seat {
        return Err(RuleViolation::new(
            "PTH-4.1",
            format!("seat {} is to act, not seat {seat}", d.seat()),
        ));
    }
    let legal = is_legal(st, seat, &d, a);
    debug_assert_eq!(
        legal,
        legal_actions(st, seat).contains(a),
        "the direct check of {a:?} disagrees with the legal action list"
    );
    if !legal {
        return Err(refusal(st, seat, &d, a));
    }
    let mut ev = Vec::new();
    dispatch(st, seat, &d, a, &mut ev);
    flow::run(st, &mut ev);
    Ok(ev)
}

fn dispatch(st: &mut PantheonState, seat: Seat, d: &D, a: &A, ev: &mut Vec<E>) {
    let cat = st.cat();
    st.decision = None;
    match a {
        A::ChooseBonusToken { bonus } => {
            let i = st
                .bonus_pool
                .iter()
                .position(|&b| cat.bonus[b as usize].id == *bonus)
                .expect("legal");
            let b = st.bonus_pool.remove(i);
            st.players[seat].bonus = Some(b);
            ev.push(E::BonusChosen {
                seat,
                bonus: bonus.clone(),
            });
        }
        A::GalliaDrawTwo => nations::draw_two(st, seat, ev),
        A::GalliaRevealGod => {
            let g = st.god_stack.pop().expect("legal");
            let god = cat.gods[g as usize].id.clone();
            ev.push(E::GalliaGodRevealed {
                seat,
                god: god.clone(),
            });
            st.decision = Some(D::GalliaTake { seat, god });
        }
        A::GalliaTakeGod { kind } => {
            let D::GalliaTake { god, .. } = d else {
                unreachable!()
            };
            let g = god_index(st, god);
            gods::gallia_take(st, seat, g, *kind, ev);
            st.tasks.push_front(Task::ResolveEffects);
        }
        A::GalliaDeclineGod => {
            let D::GalliaTake { god, .. } = d else {
                unreachable!()
            };
            ev.push(E::GodBoxed { god: god.clone() });
        }
        A::DiscardToSeven { cards } => nations::discard(st, seat, cards, ev),
        A::AegyptusExchange { x } => nations::aegyptus(st, seat, *x, ev),
        A::CartagoBuyOffering { .. }
        | A::CartagoUpgradeOffering { .. }
        | A::CartagoBuyStone { .. } => {
            let D::Cartago { budget, .. } = d else {
                unreachable!()
            };
            let cost = purchase::apply_operation(st, seat, a, ev);
            st.decision = Some(D::Cartago {
                seat,
                budget: budget - cost,
            });
        }
        A::CartagoDone => {}
        A::IberiaTakeOffering { kind } | A::IberiaUpgrade { kind } => {
            purchase::free_offering(st, seat, *kind, ev)
        }
        A::IberiaPass | A::RomaPass => {}
        A::RomaDrawTwo => nations::draw_two(st, seat, ev),
        A::ResolveEffect { choice } => {
            effects::resolve(st, choice, ev);
            st.tasks.push_front(Task::ResolveEffects);
        }
        A::DeclineEffect => {
            effects::decline(st, ev);
            st.tasks.push_front(Task::ResolveEffects);
        }
        A::StartMovement { n } => {
            st.tasks.push_front(Task::TurnEnd);
            st.tasks.push_front(Task::Follow { active: seat, k: 1 });
            movement::start(st, seat, *n, false, ev);
        }
        A::StartPurchase { money } => {
            st.tasks.push_front(Task::TurnEnd);
            let mut played = Vec::new();
            for &(v, c) in money {
                played.extend(st.take_from_hand(seat, CardKind::Money(v), c));
            }
            let budget = purchase::budget_of(st, seat, money);
            ev.push(E::PurchaseStarted {
                seat,
                cards: played.iter().map(|&c| st.card_kind(c)).collect(),
                budget,
            });
            st.played = played;
            st.collected.clear();
            st.ops = 0;
            st.decision = Some(D::Purchase {
                seat,
                budget,
                ops: 0,
            });
        }
        A::TakeGod {
            slot,
            kinds,
            wildcards,
        } => {
            st.tasks.push_front(Task::TurnEnd);
            gods::take(st, seat, *slot as usize, kinds, wildcards, ev);
            st.tasks.push_front(Task::ResolveEffects);
        }
        A::DrawCard { source } => {
            let remaining = match d {
                D::ChooseAction { .. } => {
                    st.tasks.push_front(Task::TurnEnd);
                    2 + st.god_count(seat, GodEffect::DrawPlus)
                }
                D::DrawCards { remaining, .. } => remaining - 1,
                _ => unreachable!(),
            };
            cards::draw_card(st, seat, *source, ev);
            if remaining > 0 {
                st.decision = Some(D::DrawCards { seat, remaining });
            }
        }
        A::PlaceFootprint { .. } | A::PlacePillar { .. } => match d {
            D::Placement {
                follower, steps, ..
            } => {
                let cost = movement::place(st, seat, a, ev);
                st.decision = Some(D::Placement {
                    seat,
                    follower: *follower,
                    steps: steps - cost,
                });
            }
            D::Purchase { budget, ops, .. } => {
                let cost = movement::place(st, seat, a, ev);
                st.ops += 1;
                st.decision = Some(D::Purchase {
                    seat,
                    budget: budget - cost,
                    ops: ops + 1,
                });
            }
            _ => unreachable!(),
        },
        A::EndPlacement => movement::end(st, seat, ev),
        A::BuyOffering { .. } | A::UpgradeOffering { .. } | A::BuyStone { .. } => {
            let D::Purchase { budget, ops, .. } = d else {
                unreachable!()
            };
            let cost = purchase::apply_operation(st, seat, a, ev);
            st.ops += 1;
            st.decision = Some(D::Purchase {
                seat,
                budget: budget - cost,
                ops: ops + 1,
            });
        }
        A::EndPurchase => {
            // PTH-7.8–7.10.
            let played = std::mem::take(&mut st.played);
            if !played.is_empty() {
                ev.push(E::PlayedCardsDiscarded {
                    seat,
                    cards: played.iter().map(|&c| st.card_kind(c)).collect(),
                });
            }
            st.discard_cards(&played);
            effects::queue_collected(st, seat);
            st.tasks.push_front(Task::ResolveEffects);
        }
        A::FollowMove { n } => {
            let D::Follow { active, .. } = d else {
                unreachable!()
            };
            push_next_follower(st, *active, seat);
            movement::start(st, seat, *n, true, ev);
        }
        A::FollowDraw => {
            let D::Follow { active, .. } = d else {
                unreachable!()
            };
            push_next_follower(st, *active, seat);
            ev.push(E::FollowerDeclined { seat, drew: true });
            // PTH-5.6(b), 15.6.
            let n = if st.god_count(seat, GodEffect::FollowBonus) > 0 {
                2
            } else {
                1
            };
            cards::draw_n(st, seat, n, ev);
        }
        A::FollowPass => {
            let D::Follow { active, .. } = d else {
                unreachable!()
            };
            push_next_follower(st, *active, seat);
            ev.push(E::FollowerDeclined { seat, drew: false });
        }
        A::TakeExtraTurn => {
            st.players[seat].extra_turn_used = true;
            ev.push(E::ExtraTurnTaken { seat });
            flow::next_turn(st, seat, ev);
        }
        A::DeclineExtraTurn => {
            let next = (seat + 1) % st.n();
            flow::next_turn(st, next, ev);
        }
    }
}

/// PTH-5.6, 5.8: the next follower acts after this one has finished.
fn push_next_follower(st: &mut PantheonState, active: Seat, seat: Seat) {
    let n = st.n();
    let k = (seat + n - active) % n;
    st.tasks.push_front(Task::Follow {
        active,
        k: (k + 1) as u8,
    });
}
