//! Who must act, the legal actions of every decision point (section 9), refusals naming the
//! rule, and the dispatch of an accepted action.

use super::actions::PanovnikAction;
use super::auction;
use super::building;
use super::data::Catalog;
use super::events::*;
use super::flow;
use super::laws;
use super::pyramid;
use super::rewards;
use super::scoring;
use super::state::*;
use super::types::*;
use super::virtual_opponents;
use crate::{RuleViolation, Seat};

/// The seats that must act: the uncommitted seats of the open sealed step, or the one seat of
/// the pending sequential decision (possibly out of turn).
pub(crate) fn to_act(st: &PanovnikState) -> Vec<Seat> {
    if let Some(s) = &st.sealed {
        return s.waiting();
    }
    st.decider().into_iter().collect()
}

/// Every legal action of `seat` now, each exactly once. A seat that already committed to an
/// open sealed step may still replace its choice until the reveal.
pub(crate) fn legal_actions(st: &PanovnikState, seat: Seat) -> Vec<PanovnikAction> {
    use PanovnikAction as A;
    if seat >= st.n() {
        return Vec::new();
    }
    if let Some(s) = &st.sealed {
        if !s.eligible[seat] {
            return Vec::new();
        }
        return match s.step {
            SealedStep::StartingCard => st.players[seat]
                .dealt
                .iter()
                .map(|&card| A::ChooseStartingCard { card })
                .collect(),
            SealedStep::Bid => auction::legal_bids(st, seat)
                .into_iter()
                .map(|b| match b {
                    Bid::Gem(color) => A::BidGem { color },
                    Bid::Attack => A::BidAttack,
                    Bid::Pass => A::BidPass,
                })
                .collect(),
            SealedStep::Negotiation => Claim::ALL
                .into_iter()
                .map(|choice| A::NegotiateClaim { choice })
                .collect(),
            SealedStep::BuildSelection => {
                let mut v: Vec<A> = building::selectable(st, seat)
                    .into_iter()
                    .map(|card| A::BuildSelect { card })
                    .collect();
                v.push(A::BuildPass);
                v
            }
            SealedStep::Recolor => scoring::recolor_actions(st, seat),
        };
    }
    let Some(d) = &st.decision else {
        return Vec::new();
    };
    if d.seat() != seat {
        return Vec::new();
    }
    decision_actions(st, d)
}

fn decision_actions(st: &PanovnikState, d: &Decision) -> Vec<PanovnikAction> {
    use Decision as D;
    use PanovnikAction as A;
    match d {
        D::ChooseGems { picked, .. } => rewards::gem_choices(st, picked)
            .into_iter()
            .map(|color| A::TakeGem { color })
            .collect(),
        D::DrawCard { .. } => rewards::drawable(st)
            .into_iter()
            .map(|deck| A::DrawCard { deck })
            .collect(),
        D::EternalFromScreen { .. } => vec![
            A::EternalGemFromScreen { accept: true },
            A::EternalGemFromScreen { accept: false },
        ],
        D::ChooseColor { seat, .. } => rewards::eternal_any_options(st, *seat)
            .into_iter()
            .map(|color| A::ChooseColor { color })
            .collect(),
        D::AttackPick { .. } | D::VirtualDiscard { .. } => {
            let attack = matches!(d, D::AttackPick { .. });
            st.displayed()
                .into_iter()
                .map(|(color, slot, _)| {
                    if attack {
                        A::AttackPick { color, slot }
                    } else {
                        A::VirtualDiscard { color, slot }
                    }
                })
                .collect()
        }
        D::AuctionPick { color, .. } => Slot::ALL
            .into_iter()
            .filter(|&s| st.display_card(*color, s).is_some())
            .map(|slot| A::AuctionPick { slot })
            .collect(),
        D::VirtualTie { .. } => TieChoice::ALL
            .into_iter()
            .map(|choice| A::VirtualTieChoice { choice })
            .collect(),
        D::PlaceCard { seat, card } => building::placements(st, *seat, *card),
        D::Level5 { .. } => Level5Choice::ALL
            .into_iter()
            .map(|choice| A::ChooseLevel5Reward { choice })
            .collect(),
        D::LawOption { options, .. } => (0..options.len())
            .map(|i| A::LawChooseOption { index: i as u8 })
            .collect(),
        D::TuckFree { seat, law } => {
            let p = &st.players[*seat];
            laws::tuck_free_options(p, *law)
                .into_iter()
                .map(|i| A::TuckFreeCard {
                    level: p.pyramid[i].level,
                    x: p.pyramid[i].x,
                })
                .collect()
        }
        D::StoreGems {
            seat, max, stored, ..
        } => {
            let screen = st.players[*seat].screen;
            let mut v: Vec<PanovnikAction> = if stored.total() < (*max).min(screen.total()) {
                Color::ALL
                    .into_iter()
                    .filter(|&c| screen.get(c) > stored.get(c))
                    .map(|color| A::StoreGem { color })
                    .collect()
            } else {
                Vec::new()
            };
            v.push(A::StoreGemsDone);
            v
        }
        D::TuckFromHand { seat, left, .. } => {
            let mut v: Vec<A> = if *left == Some(0) {
                Vec::new()
            } else {
                st.players[*seat]
                    .hand
                    .iter()
                    .map(|&card| A::TuckFromHand { card })
                    .collect()
            };
            v.push(A::TuckFromHandDone);
            v
        }
        D::TuckGained { .. } => vec![
            A::TuckGainedCard { accept: true },
            A::TuckGainedCard { accept: false },
        ],
    }
}

/// Whether `a` is among [`legal_actions`] of `seat`, decided for this one action without
/// listing them.
fn is_legal(st: &PanovnikState, seat: Seat, a: &PanovnikAction) -> bool {
    use PanovnikAction as A;
    if seat >= st.n() {
        return false;
    }
    if let Some(s) = &st.sealed {
        if !s.eligible[seat] {
            return false;
        }
        let p = &st.players[seat];
        return match (s.step, a) {
            (SealedStep::StartingCard, A::ChooseStartingCard { card }) => p.dealt.contains(card),
            (SealedStep::Bid, A::BidGem { color }) => {
                st.auction_colors.contains(color)
                    && p.screen.get(*color) > 0
                    && st.display_count(*color) > 0
            }
            (SealedStep::Bid, A::BidAttack) => p.attack > 0,
            (SealedStep::Bid, A::BidPass) => true,
            (SealedStep::Negotiation, A::NegotiateClaim { choice }) => Claim::ALL.contains(choice),
            (SealedStep::BuildSelection, A::BuildSelect { card }) => {
                p.hand.contains(card) && building::can_place(st, seat, *card)
            }
            (SealedStep::BuildSelection, A::BuildPass) => true,
            (SealedStep::Recolor, _) => scoring::is_recolor_action(st, seat, a),
            _ => false,
        };
    }
    let Some(d) = &st.decision else {
        return false;
    };
    if d.seat() != seat {
        return false;
    }
    is_decision_action(st, d, a)
}

/// Whether `a` is among [`decision_actions`] of `d`, decided for this one action.
fn is_decision_action(st: &PanovnikState, d: &Decision, a: &PanovnikAction) -> bool {
    use Decision as D;
    use PanovnikAction as A;
    match (d, a) {
        (D::ChooseGems { picked, .. }, A::TakeGem { color }) => {
            st.supply.get(*color) > picked.get(*color)
        }
        (D::DrawCard { .. }, A::DrawCard { deck }) => match deck {
            Deck::Small => !st.small_deck.is_empty(),
            Deck::Law => !st.law_deck.is_empty(),
        },
        (D::EternalFromScreen { .. }, A::EternalGemFromScreen { .. }) => true,
        (D::ChooseColor { seat, .. }, A::ChooseColor { color }) => {
            st.supply.get(*color) > 0 || st.players[*seat].screen.get(*color) > 0
        }
        (D::AttackPick { .. }, A::AttackPick { color, slot })
        | (D::VirtualDiscard { .. }, A::VirtualDiscard { color, slot }) => {
            st.auction_colors.contains(color) && st.display_card(*color, *slot).is_some()
        }
        (D::AuctionPick { color, .. }, A::AuctionPick { slot }) => {
            st.display_card(*color, *slot).is_some()
        }
        (D::VirtualTie { .. }, A::VirtualTieChoice { choice }) => TieChoice::ALL.contains(choice),
        (
            D::PlaceCard { seat, card },
            A::PlaceCard {
                level,
                x,
                eternal_gems,
            },
        ) => building::is_placement(st, *seat, *card, *level, *x, eternal_gems),
        (D::Level5 { .. }, A::ChooseLevel5Reward { choice }) => Level5Choice::ALL.contains(choice),
        (D::LawOption { options, .. }, A::LawChooseOption { index }) => {
            (*index as usize) < options.len()
        }
        (D::TuckFree { seat, law }, A::TuckFreeCard { level, x }) => {
            let p = &st.players[*seat];
            laws::tuck_free_options(p, *law)
                .into_iter()
                .any(|i| p.pyramid[i].level == *level && p.pyramid[i].x == *x)
        }
        (
            D::StoreGems {
                seat, max, stored, ..
            },
            A::StoreGem { color },
        ) => {
            let screen = st.players[*seat].screen;
            stored.total() < (*max).min(screen.total()) && screen.get(*color) > stored.get(*color)
        }
        (D::StoreGems { .. }, A::StoreGemsDone) => true,
        (D::TuckFromHand { seat, left, .. }, A::TuckFromHand { card }) => {
            *left != Some(0) && st.players[*seat].hand.contains(card)
        }
        (D::TuckFromHand { .. }, A::TuckFromHandDone) => true,
        (D::TuckGained { .. }, A::TuckGainedCard { .. }) => true,
        _ => false,
    }
}

/// The rule an unlisted placement of `card` breaks, checked in the order a player thinks of
/// them: the pyramid's shape (PNV-4.2–4.5), then the eternal gems named (PNV-7.7, 7.8), then
/// the cost (PNV-7.5).
fn placement_refusal(
    st: &PanovnikState,
    seat: Seat,
    card: u32,
    level: u8,
    x: i32,
    eternal: &Gems,
) -> &'static str {
    let law = Catalog::is_law(card);
    if level > 5 {
        return "PNV-4.4";
    }
    if level == 5 && law {
        return "PNV-4.5";
    }
    let p = &st.players[seat];
    if !pyramid::legal_positions(p, law).contains(&(level, x)) {
        return if level <= 1 { "PNV-4.2" } else { "PNV-4.3" };
    }
    if !eternal.fits_in(&building::unused_eternal(p)) {
        return "PNV-7.7";
    }
    if !eternal.fits_in(&building::cost(card, level)) {
        return "PNV-7.8";
    }
    "PNV-7.5"
}

/// The rule an unlisted action breaks.
fn refusal(st: &PanovnikState, seat: Seat, a: &PanovnikAction) -> RuleViolation {
    use PanovnikAction as A;
    if seat >= st.n() {
        return RuleViolation::new("PNV-12.1", format!("there is no seat {seat}"));
    }
    if st.is_over() {
        return RuleViolation::new("PNV-10.1", "the game is over");
    }
    let rule = match a {
        A::ChooseStartingCard { .. } => "PNV-2.4",
        A::BidGem { color } => {
            if st
                .sealed
                .as_ref()
                .is_some_and(|s| s.step == SealedStep::Bid)
                && st.display_count(*color) == 0
            {
                "PNV-5.5"
            } else {
                "PNV-5.4"
            }
        }
        A::BidAttack | A::BidPass => "PNV-5.4",
        A::AttackPick { .. } => "PNV-5.8",
        A::AuctionPick { .. } => "PNV-5.9",
        A::NegotiateClaim { .. } => "PNV-5.10",
        A::VirtualTieChoice { .. } => "PNV-12.6",
        A::VirtualDiscard { .. } => "PNV-12.10",
        A::ChooseGems { .. } | A::TakeGem { .. } => "PNV-3.5",
        A::DrawCard { .. } => "PNV-8.3",
        A::EternalGemFromScreen { .. } => "PNV-8.9",
        A::BuildSelect { .. } | A::BuildPass => "PNV-7.2",
        A::PlaceCard {
            level,
            x,
            eternal_gems,
        } => match st.decision {
            Some(Decision::PlaceCard { seat: s, card }) if s == seat => {
                placement_refusal(st, seat, card, *level, *x, eternal_gems)
            }
            _ => "PNV-7.3",
        },
        A::ChooseLevel5Reward { .. } => "PNV-7.13",
        A::LawChooseOption { .. } => "PNV-9.1",
        A::ChooseColor { .. } => "PNV-8.9",
        A::TuckFreeCard { .. } => "PNV-4.12",
        A::StoreGems { .. } | A::StoreGem { .. } | A::StoreGemsDone => "PNV-9.6",
        A::TuckFromHand { .. } | A::TuckFromHandDone => "PNV-4.11",
        A::TuckGainedCard { .. } => "PNV-4.11",
        A::Recolor { .. } | A::RecolorClear | A::RecolorDone => "PNV-10.5",
    };
    let who = if to_act(st).contains(&seat) {
        "not a legal choice now"
    } else {
        "this seat has nothing to decide now"
    };
    RuleViolation::new(rule, format!("{who}: {}", super::actions::action_id(a)))
}

/// Checks the action against the listed ones (so `apply` accepts exactly them) and applies it,
/// then runs the game on to the next decision.
pub(crate) fn apply(
    st: &mut PanovnikState,
    seat: Seat,
    action: &PanovnikAction,
) -> Result<Vec<PanovnikEvent>, RuleViolation> {
    let legal = is_legal(st, seat, action);
    debug_assert_eq!(
        legal,
        legal_actions(st, seat).contains(action),
        "the direct check of {action:?} disagrees with the legal action list"
    );
    if !legal {
        return Err(refusal(st, seat, action));
    }
    let mut ev = Vec::new();
    dispatch(st, seat, *action, &mut ev);
    flow::advance(st, &mut ev);
    Ok(ev)
}

fn dispatch(
    st: &mut PanovnikState,
    seat: Seat,
    action: PanovnikAction,
    ev: &mut Vec<PanovnikEvent>,
) {
    use PanovnikAction as A;
    match action {
        A::ChooseStartingCard { card } => {
            flow::commit(st, seat, SealedChoice::StartingCard(card), ev)
        }
        A::BidGem { color } => flow::commit(st, seat, SealedChoice::Bid(Bid::Gem(color)), ev),
        A::BidAttack => flow::commit(st, seat, SealedChoice::Bid(Bid::Attack), ev),
        A::BidPass => flow::commit(st, seat, SealedChoice::Bid(Bid::Pass), ev),
        A::NegotiateClaim { choice } => flow::commit(st, seat, SealedChoice::Claim(choice), ev),
        A::BuildSelect { card } => flow::commit(st, seat, SealedChoice::Build(Some(card)), ev),
        A::BuildPass => flow::commit(st, seat, SealedChoice::Build(None), ev),
        A::Recolor {
            level,
            x,
            segment,
            color,
        } => {
            let mut d = scoring::draft(st, seat);
            d.push(Recolor {
                level,
                x,
                segment,
                color,
            });
            d.sort();
            scoring::set_draft(st, seat, d, ev);
        }
        A::RecolorClear => scoring::set_draft(st, seat, Vec::new(), ev),
        A::RecolorDone => {
            let d = scoring::draft(st, seat);
            flow::commit(st, seat, SealedChoice::Recolor(d), ev)
        }
        _ => {
            let d = st.decision.take().expect("a pending decision");
            resolve_decision(st, seat, d, action, ev);
        }
    }
}

fn resolve_decision(
    st: &mut PanovnikState,
    seat: Seat,
    d: Decision,
    action: PanovnikAction,
    ev: &mut Vec<PanovnikEvent>,
) {
    use Decision as D;
    use PanovnikAction as A;
    match (d, action) {
        (
            D::ChooseGems {
                n, reason, picked, ..
            },
            A::TakeGem { color },
        ) => rewards::pick_gem(st, seat, n, reason, picked, color, ev),
        (D::DrawCard { remaining, .. }, A::DrawCard { deck }) => {
            rewards::draw_from(st, seat, deck, remaining, ev)
        }
        (D::EternalFromScreen { host, color, .. }, A::EternalGemFromScreen { accept }) => {
            if accept {
                st.players[seat].screen.take(color, 1);
                rewards::put_eternal(st, seat, host, color, true, ev);
            } else {
                ev.push(PanovnikEvent::EternalGemLost { seat, card: host });
            }
        }
        (D::ChooseColor { host, .. }, A::ChooseColor { color }) => {
            rewards::eternal_color(st, seat, host, color, ev)
        }
        (D::AttackPick { .. }, A::AttackPick { color, slot }) => {
            auction::take_card(st, seat, color, slot, TakeHow::Attack, ev)
        }
        (D::AuctionPick { color, .. }, A::AuctionPick { slot }) => {
            auction::take_card(st, seat, color, slot, TakeHow::SoleBidder, ev)
        }
        (D::VirtualTie { color, virt, .. }, A::VirtualTieChoice { choice }) => {
            virtual_opponents::tie_choice(st, seat, color, virt, choice, ev)
        }
        (D::VirtualDiscard { virt, .. }, A::VirtualDiscard { color, slot }) => {
            virtual_opponents::virtual_discard(st, virt, color, slot, ev)
        }
        (
            D::PlaceCard { card, .. },
            A::PlaceCard {
                level,
                x,
                eternal_gems,
            },
        ) => building::place(st, seat, card, level, x, eternal_gems, ev),
        (D::Level5 { card, .. }, A::ChooseLevel5Reward { choice }) => {
            building::level5(st, seat, card, choice, ev)
        }
        (D::LawOption { host, options, .. }, A::LawChooseOption { index }) => {
            ev.push(PanovnikEvent::LawOptionChosen {
                seat,
                law: host,
                index,
            });
            st.tasks.push_front(Task::Reward {
                seat,
                host,
                reward: options[index as usize].clone(),
            });
        }
        (D::TuckFree { law, .. }, A::TuckFreeCard { level, x }) => {
            let i = st.players[seat].at(level, x).expect("listed position");
            laws::tuck_free(st, seat, law, i, ev)
        }
        (
            D::StoreGems {
                law,
                max,
                mut stored,
                ..
            },
            A::StoreGem { color },
        ) => {
            stored.add(color, 1);
            if stored.total() >= max.min(st.players[seat].screen.total()) {
                laws::store_gems(st, seat, law, stored, ev)
            } else {
                st.decision = Some(D::StoreGems {
                    seat,
                    law,
                    max,
                    stored,
                });
            }
        }
        (D::StoreGems { law, stored, .. }, A::StoreGemsDone) => {
            laws::store_gems(st, seat, law, stored, ev)
        }
        (D::TuckFromHand { law, left, .. }, A::TuckFromHand { card }) => {
            laws::tuck_from_hand(st, seat, law, card, TuckFrom::Hand, false, ev);
            let left = left.map(|l| l - 1);
            if !st.players[seat].hand.is_empty() && left != Some(0) {
                st.decision = Some(D::TuckFromHand { seat, law, left });
            }
        }
        (D::TuckFromHand { .. }, A::TuckFromHandDone) => {}
        (
            D::TuckGained {
                card, law, public, ..
            },
            A::TuckGainedCard { accept },
        ) => {
            if accept {
                laws::tuck_from_hand(st, seat, law, card, TuckFrom::Gained, public, ev);
            }
        }
        (d, a) => unreachable!("listed action {a:?} does not fit {d:?}"),
    }
}
