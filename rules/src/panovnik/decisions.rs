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
use std::cell::OnceCell;

/// The seats that must act: the uncommitted seats of the open sealed step, or the one seat of
/// the pending sequential decision (possibly out of turn).
pub(crate) fn to_act(st: &PanovnikState) -> Vec<Seat> {
    if let Some(s) = &st.sealed {
        return s.waiting();
    }
    st.decider().into_iter().collect()
}

/// Every legal action of `seat` now, each exactly once: the candidates of its decision that
/// [`check`] accepts. A seat that already committed to an open sealed step may still replace
/// its choice until the reveal.
pub(crate) fn legal_actions(st: &PanovnikState, seat: Seat) -> Vec<PanovnikAction> {
    let cx = Ctx::new(st, seat);
    candidates(&cx)
        .into_iter()
        .filter(|a| rules(&cx, a).is_ok())
        .collect()
}

/// What the rules look up alike for every candidate of one seat's listing, computed once when
/// first needed (a single check computes it for its one action). Recomputing the pyramid's
/// positions and the recolour draft per candidate took a third of a random playout.
struct Ctx<'a> {
    st: &'a PanovnikState,
    seat: Seat,
    /// PNV-4.2–4.5: the pyramid's open positions, for a character and for a law.
    positions: [OnceCell<Vec<(u8, i32)>>; 2],
    /// PNV-7.7: the unused eternal gems.
    eternal: OnceCell<Gems>,
    /// PNV-10.5: the seat's recolour draft and the gems it leaves behind the screen.
    draft: OnceCell<(Vec<Recolor>, Gems)>,
}

impl<'a> Ctx<'a> {
    fn new(st: &'a PanovnikState, seat: Seat) -> Self {
        Ctx {
            st,
            seat,
            positions: [OnceCell::new(), OnceCell::new()],
            eternal: OnceCell::new(),
            draft: OnceCell::new(),
        }
    }

    fn player(&self) -> &'a Player {
        &self.st.players[self.seat]
    }

    fn positions(&self, card: u32) -> &[(u8, i32)] {
        let law = Catalog::is_law(card);
        self.positions[usize::from(law)]
            .get_or_init(|| pyramid::legal_positions(self.player(), law))
    }

    fn eternal(&self) -> &Gems {
        self.eternal
            .get_or_init(|| building::unused_eternal(self.player()))
    }

    /// PNV-7.16: `card` has a legal paid position.
    fn can_place(&self, card: u32) -> bool {
        building::can_place(self.player(), card, self.positions(card), self.eternal())
    }

    /// PNV-4.2–4.5, 7.5, 7.7, 7.8: a listed placement of `card`.
    fn is_placement(&self, card: u32, at: (u8, i32), eternal_gems: &Gems) -> bool {
        building::is_placement(
            self.player(),
            card,
            at,
            eternal_gems,
            self.positions(card),
            self.eternal(),
        )
    }

    fn draft(&self) -> &(Vec<Recolor>, Gems) {
        self.draft.get_or_init(|| {
            let draft = scoring::draft(self.st, self.seat);
            let left = scoring::gems_left(self.player(), &draft);
            (draft, left)
        })
    }

    /// Decision 20 (PNV-10.3, 10.5): one of the seat's recolour actions.
    fn is_recolor_action(&self, a: &PanovnikAction) -> bool {
        match *a {
            PanovnikAction::Recolor {
                level,
                x,
                segment,
                color,
            } => {
                let (draft, left) = self.draft();
                let r = Recolor {
                    level,
                    x,
                    segment,
                    color,
                };
                scoring::is_recolor_option(self.player(), draft, left, &r)
            }
            PanovnikAction::RecolorClear => !self.draft().0.is_empty(),
            PanovnikAction::RecolorDone => !self.st.committed(self.seat),
            _ => false,
        }
    }
}

/// What the seat's open sealed step or pending decision offers before its rules are applied,
/// in the order the legal actions are listed.
fn candidates(cx: &Ctx) -> Vec<PanovnikAction> {
    use PanovnikAction as A;
    let (st, seat) = (cx.st, cx.seat);
    if seat >= st.n() {
        return Vec::new();
    }
    if let Some(s) = &st.sealed {
        if !s.eligible[seat] {
            return Vec::new();
        }
        let p = &st.players[seat];
        return match s.step {
            SealedStep::StartingCard => p
                .dealt
                .iter()
                .map(|&card| A::ChooseStartingCard { card })
                .collect(),
            SealedStep::Bid => st
                .auction_colors
                .iter()
                .map(|&color| A::BidGem { color })
                .chain([A::BidAttack, A::BidPass])
                .collect(),
            SealedStep::Negotiation => Claim::ALL
                .into_iter()
                .map(|choice| A::NegotiateClaim { choice })
                .collect(),
            SealedStep::BuildSelection => p
                .hand
                .iter()
                .map(|&card| A::BuildSelect { card })
                .chain([A::BuildPass])
                .collect(),
            SealedStep::Recolor => scoring::recolor_actions(st, seat),
        };
    }
    match &st.decision {
        Some(d) if d.seat() == seat => decision_candidates(cx, d),
        _ => Vec::new(),
    }
}

fn decision_candidates(cx: &Ctx, d: &Decision) -> Vec<PanovnikAction> {
    let st = cx.st;
    use Decision as D;
    use PanovnikAction as A;
    match d {
        D::ChooseGems { .. } => Color::ALL
            .into_iter()
            .map(|color| A::TakeGem { color })
            .collect(),
        D::DrawCard { .. } => vec![
            A::DrawCard { deck: Deck::Small },
            A::DrawCard { deck: Deck::Law },
        ],
        D::EternalFromScreen { .. } => vec![
            A::EternalGemFromScreen { accept: true },
            A::EternalGemFromScreen { accept: false },
        ],
        D::ChooseColor { .. } => Color::ALL
            .into_iter()
            .map(|color| A::ChooseColor { color })
            .collect(),
        D::AttackPick { .. } | D::VirtualDiscard { .. } => {
            let attack = matches!(d, D::AttackPick { .. });
            st.displayed()
                .into_iter()
                .map(|(color, slot, _)| match attack {
                    true => A::AttackPick { color, slot },
                    false => A::VirtualDiscard { color, slot },
                })
                .collect()
        }
        D::AuctionPick { .. } => Slot::ALL
            .into_iter()
            .map(|slot| A::AuctionPick { slot })
            .collect(),
        D::VirtualTie { .. } => TieChoice::ALL
            .into_iter()
            .map(|choice| A::VirtualTieChoice { choice })
            .collect(),
        // Every legal position with every split of the cost between eternal gems and the
        // screen: far fewer than all (level, x, gems) triples.
        D::PlaceCard { card, .. } => {
            building::placements(cx.player(), *card, cx.positions(*card), cx.eternal())
        }
        D::Level5 { .. } => Level5Choice::ALL
            .into_iter()
            .map(|choice| A::ChooseLevel5Reward { choice })
            .collect(),
        D::LawOption { options, .. } => (0..options.len())
            .map(|i| A::LawChooseOption { index: i as u8 })
            .collect(),
        D::TuckFree { seat, .. } => st.players[*seat]
            .pyramid
            .iter()
            .map(|c| A::TuckFreeCard {
                level: c.level,
                x: c.x,
            })
            .collect(),
        D::StoreGems { .. } => Color::ALL
            .into_iter()
            .map(|color| A::StoreGem { color })
            .chain([A::StoreGemsDone])
            .collect(),
        D::TuckFromHand { seat, .. } => st.players[*seat]
            .hand
            .iter()
            .map(|&card| A::TuckFromHand { card })
            .chain([A::TuckFromHandDone])
            .collect(),
        D::TuckGained { .. } => vec![
            A::TuckGainedCard { accept: true },
            A::TuckGainedCard { accept: false },
        ],
    }
}

/// Whether `seat` may take `a` now; the error names the rule it breaks. The one statement of
/// the rules of section 9: [`legal_actions`] lists what it accepts.
pub(crate) fn check(
    st: &PanovnikState,
    seat: Seat,
    a: &PanovnikAction,
) -> Result<(), RuleViolation> {
    rules(&Ctx::new(st, seat), a)
}

/// The rules of section 9 for `a` of the context's seat (a seat of the game).
fn rules(cx: &Ctx, a: &PanovnikAction) -> Result<(), RuleViolation> {
    let (st, seat) = (cx.st, cx.seat);
    if seat >= st.n() {
        return Err(RuleViolation::new(
            "PNV-12.1",
            format!("there is no seat {seat}"),
        ));
    }
    if st.is_over() {
        return Err(RuleViolation::new("PNV-10.1", "the game is over"));
    }
    let refused = |rule| Err(refusal(st, seat, a, rule));
    let ok_if = |cond: bool, rule| if cond { Ok(()) } else { refused(rule) };
    if let Some(s) = &st.sealed {
        if !s.eligible[seat] {
            return refused(rule_of(a));
        }
        return check_sealed(cx, s.step, a, ok_if);
    }
    match &st.decision {
        Some(d) if d.seat() == seat => check_decision(cx, d, a, ok_if),
        _ => refused(rule_of(a)),
    }
}

/// The open sealed step's choices (decisions 1, 4, 6, 12, 20).
fn check_sealed(
    cx: &Ctx,
    step: SealedStep,
    a: &PanovnikAction,
    ok_if: impl Fn(bool, &'static str) -> Result<(), RuleViolation>,
) -> Result<(), RuleViolation> {
    use PanovnikAction as A;
    let st = cx.st;
    let p = cx.player();
    match (step, a) {
        // PNV-2.4: one of the dealt cards.
        (SealedStep::StartingCard, A::ChooseStartingCard { card }) => {
            ok_if(p.dealt.contains(card), "PNV-2.4")
        }
        // PNV-5.4: a gem of an auctioned colour from behind the screen; PNV-5.5: only on a
        // colour with cards on display.
        (SealedStep::Bid, A::BidGem { color }) => {
            ok_if(st.display_count(*color) > 0, "PNV-5.5")?;
            ok_if(
                st.auction_colors.contains(color) && p.screen.get(*color) > 0,
                "PNV-5.4",
            )
        }
        (SealedStep::Bid, A::BidAttack) => ok_if(p.attack > 0, "PNV-5.4"),
        (SealedStep::Bid, A::BidPass) => Ok(()),
        (SealedStep::Negotiation, A::NegotiateClaim { .. }) => Ok(()),
        // PNV-7.2: a hand card that has a payable legal position, or pass.
        (SealedStep::BuildSelection, A::BuildSelect { card }) => {
            ok_if(p.hand.contains(card) && cx.can_place(*card), "PNV-7.2")
        }
        (SealedStep::BuildSelection, A::BuildPass) => Ok(()),
        (SealedStep::Recolor, _) => ok_if(cx.is_recolor_action(a), rule_of(a)),
        _ => ok_if(false, rule_of(a)),
    }
}

/// The pending sequential decision's choices.
fn check_decision(
    cx: &Ctx,
    d: &Decision,
    a: &PanovnikAction,
    ok_if: impl Fn(bool, &'static str) -> Result<(), RuleViolation>,
) -> Result<(), RuleViolation> {
    let st = cx.st;
    use Decision as D;
    use PanovnikAction as A;
    match (d, a) {
        // PNV-3.5: a colour the supply still has beyond the gems already picked.
        (D::ChooseGems { picked, .. }, A::TakeGem { color }) => {
            ok_if(rewards::gem_available(st, picked, *color), "PNV-3.5")
        }
        // PNV-8.3: a deck that is not empty.
        (D::DrawCard { .. }, A::DrawCard { deck }) => {
            ok_if(rewards::can_draw(st, *deck), "PNV-8.3")
        }
        (D::EternalFromScreen { .. }, A::EternalGemFromScreen { .. }) => Ok(()),
        // PNV-8.9: a colour in the supply or behind the screen.
        (D::ChooseColor { seat, .. }, A::ChooseColor { color }) => ok_if(
            rewards::eternal_color_available(st, *seat, *color),
            "PNV-8.9",
        ),
        // PNV-5.8, 12.10: a displayed card of an auctioned colour.
        (D::AttackPick { .. }, A::AttackPick { color, slot }) => ok_if(
            st.auction_colors.contains(color) && st.display_card(*color, *slot).is_some(),
            "PNV-5.8",
        ),
        (D::VirtualDiscard { .. }, A::VirtualDiscard { color, slot }) => ok_if(
            st.auction_colors.contains(color) && st.display_card(*color, *slot).is_some(),
            "PNV-12.10",
        ),
        // PNV-5.9: a displayed card of the won colour.
        (D::AuctionPick { color, .. }, A::AuctionPick { slot }) => {
            ok_if(st.display_card(*color, *slot).is_some(), "PNV-5.9")
        }
        (D::VirtualTie { .. }, A::VirtualTieChoice { .. }) => Ok(()),
        (
            D::PlaceCard { seat, card },
            A::PlaceCard {
                level,
                x,
                eternal_gems,
            },
        ) => match cx.is_placement(*card, (*level, *x), eternal_gems) {
            true => Ok(()),
            false => ok_if(
                false,
                placement_refusal(st, *seat, *card, *level, *x, eternal_gems),
            ),
        },
        (D::Level5 { .. }, A::ChooseLevel5Reward { .. }) => Ok(()),
        // PNV-9.1: one of the law's options.
        (D::LawOption { options, .. }, A::LawChooseOption { index }) => {
            ok_if((*index as usize) < options.len(), "PNV-9.1")
        }
        // PNV-4.12: a free card of the pyramid other than the law itself.
        (D::TuckFree { seat, law }, A::TuckFreeCard { level, x }) => {
            let p = &st.players[*seat];
            ok_if(
                laws::tuck_free_options(p, *law)
                    .into_iter()
                    .any(|i| p.pyramid[i].level == *level && p.pyramid[i].x == *x),
                "PNV-4.12",
            )
        }
        // PNV-9.6: up to the law's maximum, gems that are behind the screen.
        (
            D::StoreGems {
                seat, max, stored, ..
            },
            A::StoreGem { color },
        ) => {
            let screen = st.players[*seat].screen;
            ok_if(
                stored.total() < (*max).min(screen.total())
                    && screen.get(*color) > stored.get(*color),
                "PNV-9.6",
            )
        }
        (D::StoreGems { .. }, A::StoreGemsDone) => Ok(()),
        // PNV-4.11: hand cards while tucks are left.
        (D::TuckFromHand { seat, left, .. }, A::TuckFromHand { card }) => ok_if(
            *left != Some(0) && st.players[*seat].hand.contains(card),
            "PNV-4.11",
        ),
        (D::TuckFromHand { .. }, A::TuckFromHandDone) => Ok(()),
        (D::TuckGained { .. }, A::TuckGainedCard { .. }) => Ok(()),
        // Not an answer to this decision: PNV-7.3 names the placement asked after a selection.
        (_, A::PlaceCard { .. }) => ok_if(false, "PNV-7.3"),
        _ => ok_if(false, rule_of(a)),
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

/// The rule that governs an action of this kind: what a refusal names when the action answers
/// no open step or decision of the seat.
fn rule_of(a: &PanovnikAction) -> &'static str {
    use PanovnikAction as A;
    match a {
        A::ChooseStartingCard { .. } => "PNV-2.4",
        A::BidGem { .. } | A::BidAttack | A::BidPass => "PNV-5.4",
        A::AttackPick { .. } => "PNV-5.8",
        A::AuctionPick { .. } => "PNV-5.9",
        A::NegotiateClaim { .. } => "PNV-5.10",
        A::VirtualTieChoice { .. } => "PNV-12.6",
        A::VirtualDiscard { .. } => "PNV-12.10",
        A::ChooseGems { .. } | A::TakeGem { .. } => "PNV-3.5",
        A::DrawCard { .. } => "PNV-8.3",
        A::EternalGemFromScreen { .. } | A::ChooseColor { .. } => "PNV-8.9",
        A::BuildSelect { .. } | A::BuildPass => "PNV-7.2",
        A::PlaceCard { .. } => "PNV-7.3",
        A::ChooseLevel5Reward { .. } => "PNV-7.13",
        A::LawChooseOption { .. } => "PNV-9.1",
        A::TuckFreeCard { .. } => "PNV-4.12",
        A::StoreGems { .. } | A::StoreGem { .. } | A::StoreGemsDone => "PNV-9.6",
        A::TuckFromHand { .. } | A::TuckFromHandDone | A::TuckGainedCard { .. } => "PNV-4.11",
        A::Recolor { .. } | A::RecolorClear | A::RecolorDone => "PNV-10.5",
    }
}

/// A refusal of `a` under `rule`, saying whether the seat has anything to decide at all.
fn refusal(
    st: &PanovnikState,
    seat: Seat,
    a: &PanovnikAction,
    rule: &'static str,
) -> RuleViolation {
    let who = if to_act(st).contains(&seat) {
        "not a legal choice now"
    } else {
        "this seat has nothing to decide now"
    };
    RuleViolation::new(rule, format!("{who}: {}", super::actions::action_id(a)))
}

/// Checks the action by [`check`] (so `apply` accepts exactly what is listed) and applies it,
/// then runs the game on to the next decision.
pub(crate) fn apply(
    st: &mut PanovnikState,
    seat: Seat,
    action: &PanovnikAction,
) -> Result<Vec<PanovnikEvent>, RuleViolation> {
    check(st, seat, action)?;
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
