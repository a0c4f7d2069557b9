//! The effect interpreter (KLG-8, §11.2 semantics): instructions in printed order (KLG-8.9),
//! costs, the timing consequences applied afterwards (KLG-8.2, KLG-6.14), one-time crossing
//! (KLG-14.5), parchments (KLG-4.6, 4.7), and the answers to the sub-decisions an instruction
//! asks (D8, D10, D11, D12).

use super::cards::{self, By};
use super::data::{
    Action, Cost, Count, Effect, OthersPolicy, PassiveMode, Protection, SelectCount, Selector,
    StageRef, TickPolicy, Timing, TurnHow,
};
use super::events::KlgEvent;
use super::purge;
use super::selectors::{self, stage};
use super::state::*;
use super::types::{CardId, Orientation, Resource, ResourceBag};

/// The sum of an effect's `pay` costs.
pub(crate) fn pay_total(e: &Effect) -> ResourceBag {
    let mut bag = ResourceBag::EMPTY;
    for c in &e.costs {
        if let Cost::Pay(b) = c {
            bag.add(b);
        }
    }
    bag
}

/// KLG-14.4: the number of `tick self` costs.
fn tick_costs(e: &Effect) -> usize {
    e.costs
        .iter()
        .filter(|c| matches!(c, Cost::Tick(_)))
        .count()
}

/// KLG-8.5: an effect whose every instruction is a discovery of cards no longer in the box is
/// exhausted (decided on public serial numbers only, KLG-20.3).
fn exhausted(st: &State, e: &Effect) -> bool {
    !e.actions.is_empty()
        && e.actions.iter().all(|a| match a {
            Action::Discover(ids) => !ids.iter().any(|&i| cards::discoverable(st, i)),
            Action::DiscoverChoice { cards: ids, .. } => {
                !ids.iter().any(|&i| cards::discoverable(st, i))
            }
            _ => false,
        })
}

/// Why an effect cannot be performed now. The message is only written when shown: legal
/// action lists and trigger pools ask this of every effect in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum Unperformable<'a> {
    #[error("effect {0} is crossed out")]
    Crossed(&'a str),
    #[error("effect {0} only discovers cards no longer in the box")]
    Exhausted(&'a str),
    #[error("effect {0} puts a card on the deck, which is empty")]
    EmptyDeck(&'a str),
    #[error("effect {id} costs {cost}")]
    Cost { id: &'a str, cost: ResourceBag },
    #[error("no unticked box left to pay the cost")]
    NoBox,
}

impl Unperformable<'_> {
    /// The rule that makes the effect unperformable.
    pub(crate) fn rule(&self) -> &'static str {
        match self {
            Unperformable::Crossed(_) => "KLG-14.5",
            Unperformable::Exhausted(_) => "KLG-8.5",
            Unperformable::EmptyDeck(_) => "KLG-12.2",
            Unperformable::Cost { .. } => "KLG-6.11",
            Unperformable::NoBox => "KLG-14.4",
        }
    }
}

/// Why an effect printed on `card`'s stage `o` cannot be performed now, if it cannot:
/// crossed out (KLG-14.5), exhausted (KLG-8.5), puts a card on an empty deck (KLG-8.9 as
/// corrected, KLG-12.2), or costs not payable in full (KLG-8.9, KLG-6.11, KLG-14.4).
pub(crate) fn unperformable<'a>(
    st: &State,
    card: CardId,
    o: Orientation,
    e: &'a Effect,
) -> Option<Unperformable<'a>> {
    if e.one_time && st.card(card).is_crossed(o, &e.id) {
        return Some(Unperformable::Crossed(&e.id));
    }
    if exhausted(st, e) {
        return Some(Unperformable::Exhausted(&e.id));
    }
    if st.deck.is_empty()
        && e.actions
            .iter()
            .any(|a| matches!(a, Action::PutOnDeck { .. }))
    {
        return Some(Unperformable::EmptyDeck(&e.id));
    }
    let cost = pay_total(e);
    if !st.resources.covers(&cost) {
        return Some(Unperformable::Cost { id: &e.id, cost });
    }
    let ticks = tick_costs(e);
    if ticks > 0 {
        let free = super::pack_content(st.pack)
            .stage(card, o)
            .map_or(0, |s| s.checkboxes.len())
            .saturating_sub(st.card(card).ticked.get(&o).map_or(0, |t| t.len()));
        if free < ticks {
            return Some(Unperformable::NoBox);
        }
    }
    None
}

/// Pays an effect's costs and starts resolving it: `pay` costs at once, `tick` costs as the
/// first steps, then the instructions in printed order (KLG-8.9).
pub(crate) fn start_effect(
    st: &mut State,
    card: CardId,
    o: Orientation,
    e: &Effect,
    ev: &mut Vec<KlgEvent>,
) {
    let pay = pay_total(e);
    if !pay.is_empty() {
        st.resources.pay(&pay);
        ev.push(KlgEvent::Paid { bag: pay });
    }
    let mut steps: Vec<Step> = (0..tick_costs(e)).map(|_| Step::TickCost).collect();
    steps.extend(e.actions.iter().cloned().map(Step::Act));
    st.stack.push(Frame {
        source: Some(card),
        steps,
        pc: 0,
        finish: Finish::Effect {
            card,
            orientation: o,
            effect: e.id.clone(),
            timing: e.timing,
            one_time: e.one_time,
        },
    });
}

/// KLG-8.9: an instruction that cannot be performed is skipped (and reported).
fn skip(ev: &mut Vec<KlgEvent>, card: Option<CardId>, reason: impl Into<String>) {
    ev.push(KlgEvent::InstructionSkipped {
        card,
        reason: reason.into(),
    });
}

/// Sub-steps of the current instruction run next, before the following instructions (KLG-8.9).
fn insert_steps(st: &mut State, steps: Vec<Step>) {
    let f = st.stack.last_mut().expect("a resolving frame");
    let at = f.pc;
    f.steps.splice(at..at, steps);
}

/// Performs the next step of the innermost frame, or finishes it.
pub(crate) fn step(st: &mut State, ev: &mut Vec<KlgEvent>) {
    let f = st.stack.last_mut().expect("a resolving frame");
    if f.pc >= f.steps.len() {
        let f = st.stack.pop().expect("frame");
        finish(st, f.finish, ev);
        return;
    }
    let s = f.steps[f.pc].clone();
    f.pc += 1;
    let source = f.source;
    match s {
        Step::Act(a) => act(st, source, &a, ev),
        Step::TickCost => {
            let Some(card) = source else { return };
            let options = cards::tickable_boxes(st, card, false);
            if options.is_empty() {
                skip(ev, source, "no unticked box");
                return;
            }
            st.decision = Some(Decision::Checkbox {
                card,
                orientation: st.orientation(card),
                options,
                cost: true,
            });
        }
        Step::TickCard { card, policy } => {
            let options = cards::tickable_boxes(st, card, policy == TickPolicy::InOrder);
            if options.is_empty() {
                skip(ev, source, format!("no unticked box on card {card}"));
                return;
            }
            st.decision = Some(Decision::Checkbox {
                card,
                orientation: st.orientation(card),
                options,
                cost: false,
            });
        }
        Step::IncreaseProductionOf { card } => {
            let options: Vec<Resource> = stage(st, card)
                .map(|s| selectors::produced(s).into_iter().collect())
                .unwrap_or_default();
            if options.is_empty() {
                skip(
                    ev,
                    source,
                    format!("card {card} has no production (KLG-13.6)"),
                );
                return;
            }
            st.decision = Some(Decision::Resource {
                purpose: ResourcePurpose::IncreaseProduction { card },
                options,
            });
        }
    }
}

/// KLG-8.2, KLG-6.14: the timing consequence after the effect's instructions, and the
/// one-time crossing (KLG-14.5); KLG-4.6: a parchment is destroyed after its instructions.
fn finish(st: &mut State, fin: Finish, ev: &mut Vec<KlgEvent>) {
    match fin {
        Finish::Nothing => {}
        Finish::Parchment { card } => {
            ev.push(KlgEvent::ParchmentExecuted { card });
            cards::destroy(st, card, By::Itself, ev);
        }
        Finish::Effect {
            card,
            orientation,
            effect,
            timing,
            one_time,
        } => {
            if one_time {
                st.card_mut(card)
                    .crossed_out
                    .entry(orientation)
                    .or_default()
                    .insert(effect.clone());
                ev.push(KlgEvent::EffectCrossedOut {
                    card,
                    orientation,
                    effect,
                });
            }
            match timing {
                // KLG-9.8: only a card still in the active zone is discarded; KLG-10.5: by
                // its own effect, so its blocks hold.
                Timing::Activated => {
                    if st.location(card) == Location::Active {
                        cards::discard(st, card, By::Itself, ev);
                    }
                }
                // KLG-9.5: a permanent card is not discarded; the turn ends in any case.
                Timing::EndsTurn => {
                    if st.flow == Flow::Turn {
                        st.turn_ending = true;
                    }
                    if st.location(card) == Location::Active {
                        cards::discard(st, card, By::Itself, ev);
                    }
                }
                // KLG-6.14: destroyed wherever it now is; KLG-10.5 (decided, issue 28): by its
                // own effect, so its blocks hold for the rest of the turn.
                Timing::Destroy => {
                    if selectors::in_kingdom(st, card) || st.location(card) == Location::Expansion {
                        cards::destroy(st, card, By::Itself, ev);
                    }
                }
                Timing::Passive { .. } | Timing::Triggered { .. } => {}
            }
        }
    }
}

/// The cards an instruction's selector offers for `purpose` (extra exclusions per purpose:
/// KLG-10.8 blocked or block-protected cards cannot be blocked; KLG-11.7 / 9.9 destroy;
/// KLG-9.2 permanents are never discarded or put on the deck; KLG-13.6 production).
fn purpose_candidates(
    st: &State,
    source: Option<CardId>,
    sel: &super::data::CardSelector,
    purpose: &CardPurpose,
) -> Vec<CardId> {
    let perm_explicit = sel.zones.contains(&super::data::SelectorZone::Permanent);
    selectors::candidates(st, source, sel)
        .into_iter()
        .filter(|&c| match purpose {
            CardPurpose::Block => {
                st.location(c) == Location::Active
                    && !st.blocks.contains_key(&c)
                    && !selectors::protected(st, c, Protection::Block)
            }
            CardPurpose::Destroy => {
                !selectors::protected(st, c, Protection::Destroy)
                    && (st.location(c) != Location::Permanent || perm_explicit)
            }
            CardPurpose::Discard => {
                matches!(st.location(c), Location::Active | Location::Deck)
            }
            CardPurpose::PutOnDeck(_) => {
                matches!(st.location(c), Location::Active | Location::Discard)
            }
            CardPurpose::IncreaseProduction => {
                stage(st, c).is_some_and(|s| !selectors::produced(s).is_empty())
            }
            CardPurpose::Tick(p) => {
                !cards::tickable_boxes(st, c, *p == TickPolicy::InOrder).is_empty()
            }
            CardPurpose::StayInPlay => st.location(c) == Location::Active,
            CardPurpose::Turn(_) | CardPurpose::Sticker { .. } => true,
        })
        .collect()
}

/// Resolves a selector for `purpose`: `this` and `all` act at once, a count asks the player
/// (D8) — even with a single candidate — and no candidate skips the instruction (KLG-8.9).
fn select(
    st: &mut State,
    source: Option<CardId>,
    sel: &Selector,
    purpose: CardPurpose,
    ev: &mut Vec<KlgEvent>,
) {
    match sel {
        Selector::This { .. } => {
            let Some(card) = source else { return };
            let ok = match purpose {
                CardPurpose::Block => false,
                CardPurpose::Destroy => {
                    selectors::in_kingdom(st, card)
                        && !selectors::protected(st, card, Protection::Destroy)
                }
                CardPurpose::Discard => st.location(card) == Location::Active,
                CardPurpose::PutOnDeck(_) => {
                    matches!(st.location(card), Location::Active | Location::Discard)
                }
                CardPurpose::StayInPlay => st.location(card) == Location::Active,
                _ => selectors::in_kingdom(st, card) || st.location(card) == Location::Expansion,
            };
            if ok {
                perform(st, source, &purpose, &[card], ev);
            } else {
                skip(ev, source, "the card cannot be targeted now");
            }
        }
        Selector::Cards(cs) => {
            let cands = purpose_candidates(st, source, cs, &purpose);
            if cands.is_empty() {
                skip(ev, source, "no legal target");
                return;
            }
            match cs.count {
                SelectCount::All => perform(st, source, &purpose, &cands, ev),
                SelectCount::Exactly(k) => {
                    let n = (k as usize).min(cands.len()) as u8;
                    st.decision = Some(Decision::Cards {
                        purpose,
                        candidates: cands,
                        min: n,
                        max: n,
                    });
                }
                SelectCount::UpTo(k) => {
                    let n = (k as usize).min(cands.len()) as u8;
                    st.decision = Some(Decision::Cards {
                        purpose,
                        candidates: cands,
                        min: 0,
                        max: n,
                    });
                }
            }
        }
    }
}

/// Performs a card instruction on its chosen targets (ascending).
pub(crate) fn perform(
    st: &mut State,
    source: Option<CardId>,
    purpose: &CardPurpose,
    targets: &[CardId],
    ev: &mut Vec<KlgEvent>,
) {
    match purpose {
        CardPurpose::Block => {
            // KLG-10.1: the blocker is the card whose effect this is; it must be in play.
            match source {
                Some(b) if st.location(b) == Location::Active => {
                    for &t in targets {
                        cards::block(st, t, b, ev);
                    }
                }
                _ => skip(ev, source, "the blocking card is not in play"),
            }
        }
        CardPurpose::Discard => {
            for &t in targets {
                cards::discard(st, t, By::effect_of(source, t), ev);
            }
        }
        CardPurpose::Destroy => {
            for &t in targets {
                cards::destroy(st, t, By::effect_of(source, t), ev);
            }
        }
        CardPurpose::Turn(how) => {
            for &t in targets {
                let o = st.orientation(t);
                let to = match how {
                    TurnHow::Rotate => o.rotated(),
                    TurnHow::Flip => o.flipped(),
                    TurnHow::To(x) => *x,
                };
                cards::turn_card(st, t, to, By::effect_of(source, t), ev);
            }
        }
        CardPurpose::PutOnDeck(pos) => {
            for &t in targets {
                // KLG-8.9 [P]: skipped if the deck became empty meanwhile (KLG-12.3).
                if st.deck.is_empty() {
                    skip(ev, source, "the deck is empty (KLG-12.2)");
                    continue;
                }
                cards::put_on_deck(st, t, *pos, By::effect_of(source, t), ev);
            }
        }
        CardPurpose::Sticker { no, stage: at } => {
            for &t in targets {
                let o = match at {
                    StageRef::Active => st.orientation(t),
                    StageRef::At(o) => *o,
                };
                cards::apply_sticker(st, t, no, o, ev);
            }
        }
        CardPurpose::IncreaseProduction => {
            insert_steps(
                st,
                targets
                    .iter()
                    .map(|&card| Step::IncreaseProductionOf { card })
                    .collect(),
            );
        }
        CardPurpose::Tick(policy) => {
            insert_steps(
                st,
                targets
                    .iter()
                    .map(|&card| Step::TickCard {
                        card,
                        policy: *policy,
                    })
                    .collect(),
            );
        }
        CardPurpose::StayInPlay => {
            for &t in targets {
                st.stays_in_play.insert(t);
                ev.push(KlgEvent::CardStaysInPlay { card: t });
            }
        }
    }
}

/// KLG-7.2: resources gained by an effect.
fn gain(st: &mut State, bag: ResourceBag, ev: &mut Vec<KlgEvent>) {
    if !bag.is_empty() {
        st.resources.add(&bag);
        ev.push(KlgEvent::Gained { bag });
    }
}

/// KLG-15, KLG-4.5, 4.7: discovers the listed cards still in the box in the given order, then
/// executes the parchments among them in that order.
pub(crate) fn discover_cards(st: &mut State, ids: &[CardId], ev: &mut Vec<KlgEvent>) {
    let mut parchments = Vec::new();
    for &id in ids {
        if cards::discoverable(st, id) && cards::discover(st, id, ev) {
            parchments.push(id);
        }
    }
    // The stack is last-in first-out: push in reverse so the first parchment runs first.
    for &p in parchments.iter().rev() {
        let on_discover = super::pack_content(st.pack)
            .card(p)
            .map(|d| d.on_discover.clone())
            .unwrap_or_default();
        st.stack.push(Frame {
            source: Some(p),
            steps: on_discover.into_iter().map(Step::Act).collect(),
            pc: 0,
            finish: Finish::Parchment { card: p },
        });
    }
}

/// Performs one printed instruction (§11.2 semantics).
fn act(st: &mut State, source: Option<CardId>, a: &Action, ev: &mut Vec<KlgEvent>) {
    match a {
        Action::Gain(bag) => gain(st, *bag, ev),
        Action::GainAny(n) => {
            if *n > 0 {
                st.decision = Some(Decision::Resource {
                    purpose: ResourcePurpose::GainAny { remaining: n - 1 },
                    options: Resource::ALL.to_vec(),
                });
            }
        }
        Action::GainPer { bag, per } => {
            let n = match per {
                Count::Cards(Selector::This { .. }) => 1,
                Count::Cards(Selector::Cards(cs)) => {
                    let all = selectors::counted(st, source, cs).len();
                    match cs.count {
                        SelectCount::All => all,
                        SelectCount::Exactly(k) | SelectCount::UpTo(k) => all.min(k as usize),
                    }
                }
                Count::TickedBoxes(_) => {
                    source.map_or(0, |c| st.card(c).ticked_on(st.orientation(c)).len())
                }
            } as u32;
            let mut total = ResourceBag::EMPTY;
            for r in Resource::ALL {
                total.set(r, bag.get(r) * n);
            }
            gain(st, total, ev);
        }
        Action::Discover(ids) => {
            if !ids.iter().any(|&i| cards::discoverable(st, i)) {
                skip(ev, source, "no listed card is in the box");
            }
            discover_cards(st, ids, ev);
        }
        Action::DiscoverChoice {
            cards: ids,
            choose,
            others,
        } => {
            let avail: Vec<CardId> = {
                let mut v: Vec<CardId> = ids
                    .iter()
                    .copied()
                    .filter(|&i| cards::discoverable(st, i))
                    .collect();
                v.sort_unstable();
                v.dedup();
                v
            };
            if avail.is_empty() || *choose == 0 {
                skip(ev, source, "no designated card is in the box (KLG-15.4)");
                return;
            }
            // KLG-15.3: all designated cards are revealed before the choice.
            for &c in &avail {
                st.card_mut(c).revealed_in_box = true;
            }
            ev.push(KlgEvent::CardsRevealed {
                cards: avail.clone(),
            });
            let n = (*choose as usize).min(avail.len()) as u8;
            st.decision = Some(Decision::Discovery {
                cards: avail,
                choose: n,
                others: *others,
            });
        }
        Action::Turn { target, how } => select(st, source, target, CardPurpose::Turn(*how), ev),
        Action::Block(sel) => select(st, source, sel, CardPurpose::Block, ev),
        Action::Discard(sel) => select(st, source, sel, CardPurpose::Discard, ev),
        Action::Destroy(sel) => select(st, source, sel, CardPurpose::Destroy, ev),
        Action::PutOnDeck { target, position } => {
            if st.deck.is_empty() {
                skip(ev, source, "the deck is empty (KLG-12.2)");
                return;
            }
            select(st, source, target, CardPurpose::PutOnDeck(*position), ev)
        }
        Action::Sticker {
            no,
            target,
            stage: at,
        } => select(
            st,
            source,
            target,
            CardPurpose::Sticker {
                no: no.clone(),
                stage: *at,
            },
            ev,
        ),
        Action::IncreaseProduction(sel) => {
            select(st, source, sel, CardPurpose::IncreaseProduction, ev)
        }
        Action::Tick { target, policy } => {
            select(st, source, target, CardPurpose::Tick(*policy), ev)
        }
        Action::StayInPlay(sel) => select(st, source, sel, CardPurpose::StayInPlay, ev),
        Action::EndTurn => {
            if st.flow == Flow::Turn {
                st.turn_ending = true;
            }
        }
        Action::Purge(n) => purge::start_card_purge(st, source, *n, 0, ev),
        Action::PurgePermanent(n) => purge::start_card_purge(st, source, 0, *n, ev),
    }
}

// ---------------------------------------------------------------------------------------------
// Answers to sub-decisions
// ---------------------------------------------------------------------------------------------

/// The card whose instructions are resolving.
fn source(st: &State) -> Option<CardId> {
    st.stack.last().and_then(|f| f.source)
}

/// D8: the chosen cards (validated by the caller).
pub(crate) fn answer_cards(st: &mut State, ids: &[CardId], ev: &mut Vec<KlgEvent>) {
    let Some(Decision::Cards { purpose, .. }) = st.decision.take() else {
        return;
    };
    let src = source(st);
    perform(st, src, &purpose, ids, ev);
}

/// D10: one unit of `gain_any`, or the resource of an increased production (KLG-13.5, 13.9).
pub(crate) fn answer_resource(st: &mut State, kind: Resource, ev: &mut Vec<KlgEvent>) {
    let Some(Decision::Resource { purpose, .. }) = st.decision.take() else {
        return;
    };
    match purpose {
        ResourcePurpose::GainAny { remaining } => {
            gain(st, ResourceBag::of(kind, 1), ev);
            if remaining > 0 {
                st.decision = Some(Decision::Resource {
                    purpose: ResourcePurpose::GainAny {
                        remaining: remaining - 1,
                    },
                    options: Resource::ALL.to_vec(),
                });
            }
        }
        ResourcePurpose::IncreaseProduction { card } => match cards::production_sticker(st, kind) {
            Some(no) => {
                let o = st.orientation(card);
                if cards::apply_sticker(st, card, &no, o, ev) {
                    ev.push(KlgEvent::ProductionIncreased {
                        card,
                        resource: kind,
                    });
                }
            }
            None => ev.push(KlgEvent::StickerUnavailable {
                no: format!("production {}", kind.as_str()),
            }),
        },
    }
}

/// D11 (KLG-14.1): tick the box, gain its resource symbol, perform its instructions.
pub(crate) fn answer_checkbox(st: &mut State, index: u8, ev: &mut Vec<KlgEvent>) {
    let Some(Decision::Checkbox {
        card, orientation, ..
    }) = st.decision.take()
    else {
        return;
    };
    cards::tick(st, card, index, ev);
    let bx = super::pack_content(st.pack)
        .stage(card, orientation)
        .and_then(|s| s.checkboxes.get(index as usize))
        .cloned()
        .unwrap_or_default();
    gain(st, bx.gain, ev);
    if !bx.on_tick.is_empty() {
        st.stack.push(Frame {
            source: Some(card),
            steps: bx.on_tick.into_iter().map(Step::Act).collect(),
            pc: 0,
            finish: Finish::Nothing,
        });
    }
}

/// D12 (KLG-15.3, 15.4): discover the chosen cards; the others stay (revealed) or are
/// destroyed, as the instruction says.
pub(crate) fn answer_discovery(st: &mut State, ids: &[CardId], ev: &mut Vec<KlgEvent>) {
    let Some(Decision::Discovery {
        cards: offered,
        others,
        ..
    }) = st.decision.take()
    else {
        return;
    };
    if others == OthersPolicy::Destroy {
        for &c in offered.iter().filter(|c| !ids.contains(c)) {
            st.card_mut(c).revealed_in_box = false;
            cards::destroy(st, c, By::Other, ev);
        }
    }
    discover_cards(st, ids, ev);
}

/// Whether a timing may be used as an action (KLG-6.12, D3).
pub(crate) fn usable_timing(t: &Timing) -> bool {
    matches!(
        t,
        Timing::Passive {
            mode: PassiveMode::Repeatable
        } | Timing::Activated
            | Timing::EndsTurn
            | Timing::Destroy
    )
}
