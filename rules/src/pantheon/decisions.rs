//! Section 9: who acts, the legal actions of every decision, refusals naming the rule, and the
//! dispatch of accepted actions. The rules are written once, in [`check`]; [`legal_actions`] is
//! the decision's [`candidates`] that `check` accepts, so the list, the single-action check and
//! the refusal's rule ID come from one source and `apply` accepts exactly what is listed.

use std::cell::OnceCell;

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
use super::refused::Refused;
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

/// Section 9: the legal actions of `seat` now: the actions its decision offers
/// ([`candidates`]) that [`check`] accepts.
pub fn legal_actions(st: &PantheonState, seat: Seat) -> Vec<A> {
    let Some(d) = &st.decision else {
        return Vec::new();
    };
    if st.over || d.seat() != seat {
        return Vec::new();
    }
    // What `check` asks below holds here (the game runs, `seat` is to act).
    let cx = Ctx::new(st, seat);
    let mut v = candidates(&cx, d);
    v.retain(|a| rules(&cx, d, a).is_ok());
    v
}

/// What the rules look up alike for every candidate of a listing, computed once, when first
/// needed (a single check computes it for its one action).
struct Ctx<'a> {
    st: &'a PantheonState,
    seat: Seat,
    /// PTH-6.5: the seat's network.
    net: OnceCell<Vec<bool>>,
    /// PTH-7.11: the cheapest operation a purchase could do.
    cheapest: OnceCell<Option<u32>>,
    /// The seat's hand, counted per card kind.
    hand: OnceCell<Vec<(CardKind, u32)>>,
    /// PTH-8: the offering cards and wildcard pieces a sacrifice may use.
    means: OnceCell<gods::Means>,
}

impl<'a> Ctx<'a> {
    fn new(st: &'a PantheonState, seat: Seat) -> Self {
        Ctx {
            st,
            seat,
            net: OnceCell::new(),
            cheapest: OnceCell::new(),
            hand: OnceCell::new(),
            means: OnceCell::new(),
        }
    }

    /// How many cards of kind `k` the seat holds.
    fn in_hand(&self, k: CardKind) -> u32 {
        let hand = self.hand.get_or_init(|| {
            let mut counts: Vec<(CardKind, u32)> = Vec::new();
            for &c in &self.st.players[self.seat].hand {
                let k = self.st.card_kind(c);
                match counts.iter_mut().find(|(x, _)| *x == k) {
                    Some(e) => e.1 += 1,
                    None => counts.push((k, 1)),
                }
            }
            counts
        });
        hand.iter().find(|(x, _)| *x == k).map_or(0, |e| e.1)
    }

    fn means(&self) -> &gods::Means {
        self.means
            .get_or_init(|| gods::Means::of(self.st, self.seat))
    }

    fn net(&self) -> &[bool] {
        self.net.get_or_init(|| self.st.network(self.seat))
    }

    fn cheapest(&self) -> Option<u32> {
        *self
            .cheapest
            .get_or_init(|| purchase::cheapest_operation(self.st, self.seat))
    }
}

/// What decision `d` offers before its rules are applied, in the order the legal actions are
/// listed: the shapes of its actions, bounded by the state (tokens in the pool, cards in hand,
/// display slots, the stones a supply could give). Placements, discards and god assignments
/// come from generators that already prune what cannot work (listing every space next to the
/// network made random playouts about twice as slow); `check` still decides.
fn candidates(cx: &Ctx, d: &D) -> Vec<A> {
    let (st, seat) = (cx.st, cx.seat);
    let cat = st.cat();
    // A turn's choice, a placement or a purchase can offer dozens of actions; growing the list
    // step by step would copy it several times.
    let mut v = Vec::with_capacity(match d {
        D::ChooseAction { .. } | D::Placement { .. } | D::Purchase { .. } | D::Cartago { .. } => 64,
        _ => 8,
    });
    match d {
        D::ChooseBonus { .. } => v.extend(st.bonus_pool.iter().map(|&b| A::ChooseBonusToken {
            bonus: cat.bonus[b as usize].id.clone(),
        })),
        D::GalliaChoice { .. } => v.extend([A::GalliaDrawTwo, A::GalliaRevealGod]),
        D::GalliaTake { .. } => {
            v.extend(OfferingKind::ALL.map(|kind| A::GalliaTakeGod { kind }));
            v.push(A::GalliaDeclineGod);
        }
        D::DiscardToSeven { excess, .. } => v.extend(
            nations::discard_choices(st, seat, *excess)
                .into_iter()
                .map(|cards| A::DiscardToSeven { cards }),
        ),
        D::Aegyptus { .. } => {
            // From giving every pillar to giving every footprint of the personal supply.
            let p = &st.players[seat];
            v.extend(
                (-(p.pillars as i32)..=p.footprints as i32).map(|x| A::AegyptusExchange { x }),
            );
        }
        D::Cartago { .. } => {
            purchase::operations(&mut v, true);
            v.push(A::CartagoDone);
        }
        D::Iberia { .. } => {
            for kind in OfferingKind::ALL {
                v.push(A::IberiaTakeOffering { kind });
                v.push(A::IberiaUpgrade { kind });
            }
            v.push(A::IberiaPass);
        }
        D::Roma { .. } => v.extend([A::RomaDrawTwo, A::RomaPass]),
        D::Effect { .. } => {
            let p = st.effects.front().expect("pending effect");
            v.extend(
                effects::candidates(st, p)
                    .into_iter()
                    .map(|choice| A::ResolveEffect { choice }),
            );
            v.push(A::DeclineEffect);
        }
        D::ChooseAction { .. } => {
            // I movement (PTH-5.1–5.2).
            let m = cx.in_hand(CardKind::Movement);
            v.extend((0..=m).map(|n| A::StartMovement { n }));
            // II purchase (PTH-7.1).
            v.extend(
                purchase::money_choices(st, seat)
                    .into_iter()
                    .map(|money| A::StartPurchase { money }),
            );
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
            // IV draw (PTH-9.1), always possible (PTH-4.2).
            draws(&mut v);
        }
        D::Placement { steps, .. } => {
            movement::placements(st, seat, *steps, || cx.net(), &mut v);
            v.push(A::EndPlacement);
        }
        D::Purchase { budget, .. } => {
            purchase::operations(&mut v, false);
            movement::placements(st, seat, *budget, || cx.net(), &mut v);
            v.push(A::EndPurchase);
        }
        D::DrawCards { .. } => draws(&mut v),
        D::Follow { .. } => {
            let m = cx.in_hand(CardKind::Movement);
            v.extend((0..=m).map(|n| A::FollowMove { n }));
            v.extend([A::FollowDraw, A::FollowPass]);
        }
        D::ExtraTurn { .. } => v.extend([A::TakeExtraTurn, A::DeclineExtraTurn]),
    }
    v
}

/// PTH-9.1: a draw from each display slot, then from the draw pile.
fn draws(v: &mut Vec<A>) {
    v.extend((0..4).map(|i| A::DrawCard {
        source: CardSource::Display(i),
    }));
    v.push(A::DrawCard {
        source: CardSource::Deck,
    });
}

fn god_index(st: &PantheonState, id: &str) -> u8 {
    st.cat()
        .gods
        .iter()
        .position(|g| g.id == id)
        .expect("known god") as u8
}

/// Why [`rules`] refuses an action. Most rules have a fixed text, a [`Refused`] that costs
/// nothing to make: `legal_actions` drops the refusals of many candidates, and only [`check`]
/// turns one into a [`RuleViolation`].
#[derive(Debug)]
enum Refusal {
    Fixed(Refused),
    Violation(RuleViolation),
}

impl From<Refused> for Refusal {
    fn from(r: Refused) -> Self {
        Refusal::Fixed(r)
    }
}

impl From<RuleViolation> for Refusal {
    fn from(v: RuleViolation) -> Self {
        Refusal::Violation(v)
    }
}

impl From<Refusal> for RuleViolation {
    fn from(r: Refusal) -> Self {
        match r {
            Refusal::Fixed(r) => r.into(),
            Refusal::Violation(v) => v,
        }
    }
}

fn refuse(rule: &'static str, message: &'static str) -> Result<(), Refusal> {
    Err(Refusal::Fixed(Refused::new(rule, message)))
}

/// `Ok` if the rule holds, else its refusal.
fn require(holds: bool, rule: &'static str, message: &'static str) -> Result<(), Refusal> {
    if holds { Ok(()) } else { refuse(rule, message) }
}

/// Whether `seat` may take `a` now; the error names the violated rule.
pub fn check(st: &PantheonState, seat: Seat, a: &A) -> Result<(), RuleViolation> {
    if st.over {
        return Err(RuleViolation::new("PTH-12.4", "the game is over"));
    }
    let Some(d) = &st.decision else {
        return Err(RuleViolation::new("PTH-4.1", "nobody is to act"));
    };
    if d.seat() != seat {
        return Err(RuleViolation::new(
            "PTH-4.1",
            format!("seat {} is to act, not seat {seat}", d.seat()),
        ));
    }
    rules(&Ctx::new(st, seat), d, a).map_err(RuleViolation::from)
}

/// The rules of decision `d` (open, and `cx.seat` its seat) for action `a`.
fn rules(cx: &Ctx, d: &D, a: &A) -> Result<(), Refusal> {
    let (st, seat) = (cx.st, cx.seat);
    let owned = |kind: OfferingKind| st.players[seat].offerings[kind_index(kind)] != 0;
    match (d, a) {
        (D::ChooseBonus { .. }, A::ChooseBonusToken { bonus })
            if st
                .bonus_pool
                .iter()
                .any(|&b| st.cat().bonus[b as usize].id == *bonus) =>
        {
            Ok(())
        }
        (D::ChooseBonus { .. }, _) => refuse("PTH-14.3", "choose a face-up bonus token"),
        (D::GalliaChoice { .. }, A::GalliaDrawTwo) => Ok(()),
        (D::GalliaChoice { .. }, A::GalliaRevealGod) if !st.god_stack.is_empty() => Ok(()),
        (D::GalliaTake { god, .. }, A::GalliaTakeGod { kind }) => require(
            gods::gallia_kind_ok(st, seat, god_index(st, god), *kind),
            "PTH-11.2",
            "the first group cannot be sacrificed with that kind",
        ),
        (D::GalliaTake { .. }, A::GalliaDeclineGod) => Ok(()),
        (D::GalliaChoice { .. } | D::GalliaTake { .. }, _) => {
            refuse("PTH-11.2", "not a Gallia option")
        }
        (D::DiscardToSeven { excess, .. }, A::DiscardToSeven { cards })
            if nations::is_discard_choice(*excess, cards, |k| cx.in_hand(k)) =>
        {
            Ok(())
        }
        (D::DiscardToSeven { .. }, _) => refuse(
            "PTH-11.4",
            "discard exactly the excess over 7 from your hand",
        ),
        (D::Aegyptus { .. }, A::AegyptusExchange { x })
            if nations::aegyptus_range(st, seat).contains(x) =>
        {
            Ok(())
        }
        (D::Aegyptus { .. }, _) => refuse("PTH-11.5", "exchange within both supplies"),
        (D::Purchase { budget, .. }, A::BuyOffering { kind, level })
        | (D::Cartago { budget, .. }, A::CartagoBuyOffering { kind, level }) => {
            purchase::buy_cost(st, seat, *kind, *level, *budget)?;
            Ok(())
        }
        (D::Purchase { budget, .. }, A::UpgradeOffering { kind, level })
        | (D::Cartago { budget, .. }, A::CartagoUpgradeOffering { kind, level }) => {
            purchase::upgrade_cost(st, seat, *kind, *level, *budget)?;
            Ok(())
        }
        (D::Purchase { budget, .. }, A::BuyStone { stone })
        | (D::Cartago { budget, .. }, A::CartagoBuyStone { stone }) => {
            purchase::stone_cost(st, seat, *stone, *budget)?;
            Ok(())
        }
        (D::Cartago { .. }, A::CartagoDone) => Ok(()),
        (D::Cartago { .. }, A::PlaceFootprint { .. } | A::PlacePillar { .. }) => refuse(
            "PTH-11.8",
            "no stone can be placed during Cartago (the temple is not yet on the board)",
        ),
        (D::Cartago { .. }, _) => refuse(
            "PTH-11.7",
            "Cartago: only the 2 virtual money, no cards or god advantages",
        ),
        (D::Iberia { .. }, A::IberiaTakeOffering { kind }) => require(
            !owned(*kind) && purchase::free_offering_ok(st, seat, *kind),
            "PTH-11.9",
            "Iberia: a new token only of a kind you do not own (PTH-1.6)",
        ),
        (D::Iberia { .. }, A::IberiaUpgrade { kind })
            if owned(*kind) && purchase::free_offering_ok(st, seat, *kind) =>
        {
            Ok(())
        }
        (D::Iberia { .. }, A::IberiaPass) => Ok(()),
        (D::Iberia { .. }, _) => refuse("PTH-11.9", "not an Iberia option"),
        (D::Roma { .. }, A::RomaDrawTwo | A::RomaPass) => Ok(()),
        (D::Roma { .. }, _) => refuse("PTH-11.10", "draw two or pass"),
        (D::Effect { .. }, A::ResolveEffect { choice })
            if effects::is_choice(st, st.effects.front().expect("pending effect"), choice) =>
        {
            Ok(())
        }
        (D::Effect { effect, .. }, A::DeclineEffect) => require(
            effect.optional(),
            "PTH-10.12",
            "this effect applies automatically and cannot be declined",
        ),
        (D::Effect { .. }, _) => refuse("PTH-10", "not a choice of this effect"),
        (D::ChooseAction { .. }, A::StartMovement { n }) => require(
            *n <= cx.in_hand(CardKind::Movement),
            "PTH-5.2",
            "not that many movement cards in hand",
        ),
        (D::ChooseAction { .. }, A::StartPurchase { money }) => {
            // One entry per value, ascending, each count in hand (the form money_choices lists).
            let in_hand = money.windows(2).all(|w| w[0].0 < w[1].0)
                && money
                    .iter()
                    .all(|&(v, c)| c >= 1 && c <= cx.in_hand(CardKind::Money(v)));
            require(
                in_hand
                    && cx
                        .cheapest()
                        .is_some_and(|c| c <= purchase::budget_of(st, seat, money)),
                "PTH-7.1",
                "those money cards are not in hand, or nothing could be bought (PTH-7.11)",
            )
        }
        (
            D::ChooseAction { .. },
            A::TakeGod {
                slot,
                kinds,
                wildcards,
            },
        ) => {
            let groups = st
                .god_display
                .get(*slot as usize)
                .copied()
                .flatten()
                .map(|g| &st.cat().gods[g as usize].requirement);
            require(
                groups.is_some_and(|groups| {
                    gods::is_assignment(st, seat, cx.means(), groups, kinds, wildcards)
                }),
                "PTH-8.9",
                "the sacrifice cannot be made with that assignment",
            )
        }
        (D::ChooseAction { .. } | D::DrawCards { .. }, A::DrawCard { source }) => require(
            cards::is_draw_source(st, *source),
            "PTH-9.1",
            "that display slot is empty",
        ),
        (D::ChooseAction { .. }, _) => refuse("PTH-4.2", "choose one of the four actions"),
        (D::DrawCards { .. }, _) => refuse("PTH-9.1", "draw the remaining cards"),
        (
            D::Placement { steps: budget, .. } | D::Purchase { budget, .. },
            A::PlaceFootprint { .. } | A::PlacePillar { .. },
        ) => {
            movement::check_place(st, seat, a, *budget, cx.net())?;
            Ok(())
        }
        (D::Placement { .. }, A::EndPlacement) => Ok(()),
        (D::Placement { .. }, _) => refuse("PTH-5.4", "place stones or end the placement"),
        (D::Purchase { ops, .. }, A::EndPurchase) => require(
            *ops > 0,
            "PTH-7.11",
            "a purchase needs at least one operation",
        ),
        (D::Purchase { .. }, _) => refuse("PTH-7.2", "not a purchase operation"),
        (D::Follow { .. }, A::FollowMove { n }) => require(
            *n <= cx.in_hand(CardKind::Movement) && follower_steps(st, seat, *n) >= 1,
            "PTH-5.6",
            "a follower needs the cards and at least 1 step",
        ),
        (D::Follow { .. }, A::FollowDraw | A::FollowPass) => Ok(()),
        (D::Follow { .. }, _) => refuse("PTH-5.6", "choose a follower option"),
        (D::ExtraTurn { .. }, A::TakeExtraTurn | A::DeclineExtraTurn) => Ok(()),
        (D::ExtraTurn { .. }, _) => refuse("PTH-15.7", "take or decline the extra turn"),
    }
}

pub fn apply(st: &mut PantheonState, seat: Seat, a: &A) -> Result<Vec<E>, RuleViolation> {
    check(st, seat, a)?;
    debug_assert!(
        legal_actions(st, seat).contains(a),
        "{a:?} is accepted but not among the candidates"
    );
    let d = st.decision.clone().expect("checked");
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
