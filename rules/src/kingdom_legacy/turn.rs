//! The turn actions of KLG-6: produce (6.1–6.5), upgrade (6.6–6.11), use an effect
//! (6.12–6.14), march (6.15, 6.16) and pass (6.17). Each `check_*` returns the refusal with
//! its rule ID; each `do_*` assumes the check passed.

use super::cards::{self, By};
use super::data::{Effect, StickerKind};
use super::effects;
use super::events::{KlgEvent, PlayCause};
use super::flow;
use super::selectors::stage;
use super::state::*;
use super::types::{CardId, ResourceBag};
use crate::RuleViolation;

/// A refusal naming its rule.
fn refuse(rule: &'static str, msg: impl Into<String>) -> RuleViolation {
    RuleViolation::new(rule, msg)
}

/// KLG-5.2: turn actions only while the turn awaits an action.
fn main_phase(st: &State) -> Result<(), RuleViolation> {
    if st.phase != Phase::Main {
        return Err(refuse(
            "KLG-5.2",
            "turn actions are only possible while the turn awaits an action",
        ));
    }
    Ok(())
}

/// KLG-6.4, 13.5, 13.8: what producing with these alternatives gains (one alternative per
/// group). A production sticker of X is one more X for the card (KLG-13.5: "o 1 jednotku
/// navíc"), once, if the chosen production yields X at all — not once per group.
pub(crate) fn produce_gain(st: &State, card: CardId, alts: &[u8]) -> Option<ResourceBag> {
    let s = stage(st, card)?;
    if s.production.is_empty() || alts.len() != s.production.len() {
        return None;
    }
    let content = super::pack_content(st.pack);
    let rec = st.card(card);
    let bonus: Vec<_> = rec
        .stickers
        .iter()
        .filter(|m| m.orientation == rec.orientation)
        .filter_map(|m| match content.sticker(&m.no).map(|d| &d.kind) {
            Some(StickerKind::Production { resource }) => Some(*resource),
            _ => None,
        })
        .collect();
    let mut base = ResourceBag::EMPTY;
    for (group, &i) in s.production.iter().zip(alts) {
        base.add(group.get(i as usize)?);
    }
    let mut total = base;
    for r in bonus {
        if base.get(r) > 0 {
            total.add(&ResourceBag::of(r, 1));
        }
    }
    Some(total)
}

/// Every alternative combination of a card's production, in index order (D1).
pub(crate) fn production_choices(st: &State, card: CardId) -> Vec<Vec<u8>> {
    let Some(s) = stage(st, card) else {
        return Vec::new();
    };
    if s.production.is_empty() {
        return Vec::new();
    }
    // Counted like an odometer, the last group fastest.
    let total: usize = s.production.iter().map(Vec::len).product();
    let mut out = Vec::with_capacity(total);
    let mut cur = vec![0u8; s.production.len()];
    for _ in 0..total {
        out.push(cur.clone());
        for (digit, group) in cur.iter_mut().zip(&s.production).rev() {
            *digit += 1;
            if (*digit as usize) < group.len() {
                break;
            }
            *digit = 0;
        }
    }
    out
}

/// KLG-6.1, 6.2, 6.4, 6.5, 2.7, 10.2.
pub(crate) fn check_produce(
    st: &State,
    card: CardId,
    alts: &[u8],
) -> Result<ResourceBag, RuleViolation> {
    main_phase(st)?;
    if !st.cards.contains_key(&card) || st.location(card) != Location::Active {
        return Err(refuse(
            "KLG-6.1",
            format!("card {card} is not in the active zone"),
        ));
    }
    if st.blocks.contains_key(&card) {
        return Err(refuse("KLG-10.2", format!("card {card} is blocked")));
    }
    if stage(st, card).is_none_or(|s| s.production.is_empty()) {
        return Err(refuse("KLG-2.7", format!("card {card} has no production")));
    }
    produce_gain(st, card, alts).ok_or_else(|| {
        refuse(
            "KLG-6.4",
            "choose exactly one listed alternative per production group",
        )
    })
}

/// KLG-6.1: discard the card, gain its production.
pub(crate) fn do_produce(st: &mut State, card: CardId, gain: ResourceBag, ev: &mut Vec<KlgEvent>) {
    cards::discard(st, card, By::Itself, ev);
    st.resources.add(&gain);
    ev.push(KlgEvent::Produced { card, gained: gain });
}

/// Why an upgrade or an effect is refused. The message is only written when shown: the
/// legal action list asks this of every upgrade and effect in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum TurnRefusal<'a> {
    #[error("turn actions are only possible while the turn awaits an action")]
    NotMainPhase,
    #[error("upgrading permanent cards is switched off")]
    PermanentUpgradeOff,
    #[error("card {0} is neither in the active zone nor permanent")]
    NotUpgradable(CardId),
    #[error("card {0} is blocked")]
    UpgradeBlocked(CardId),
    #[error("card {card} shows no upgrade {index}")]
    NoUpgrade { card: CardId, index: u8 },
    #[error("the upgrade costs {cost}, you hold {held}")]
    UpgradeCost {
        cost: ResourceBag,
        held: ResourceBag,
    },
    #[error("card {0} is blocked")]
    Blocked(CardId),
    #[error("card {0} is not in play, permanent or the expansion card")]
    NotInPlay(CardId),
    #[error("card {card} shows no effect {id}")]
    NoEffect { card: CardId, id: &'a str },
    #[error("effect {0} is not used as an action (static or triggered)")]
    NotAnAction(&'a str),
    #[error(transparent)]
    Unperformable(effects::Unperformable<'a>),
}

impl TurnRefusal<'_> {
    /// The rule the refused action breaks.
    pub(crate) fn rule(&self) -> &'static str {
        match self {
            TurnRefusal::NotMainPhase => "KLG-5.2",
            TurnRefusal::PermanentUpgradeOff => "KLG-6.10",
            TurnRefusal::NotUpgradable(_) | TurnRefusal::NoUpgrade { .. } => "KLG-6.6",
            TurnRefusal::UpgradeBlocked(_) => "KLG-6.7",
            TurnRefusal::UpgradeCost { .. } => "KLG-6.11",
            TurnRefusal::Blocked(_) => "KLG-10.2",
            TurnRefusal::NotInPlay(_) | TurnRefusal::NoEffect { .. } => "KLG-6.12",
            TurnRefusal::NotAnAction(_) => "KLG-8.2",
            TurnRefusal::Unperformable(u) => u.rule(),
        }
    }
}

impl From<TurnRefusal<'_>> for RuleViolation {
    fn from(r: TurnRefusal<'_>) -> Self {
        RuleViolation::new(r.rule(), r.to_string())
    }
}

/// KLG-6.6, 6.7, 6.10, 6.11.
pub(crate) fn check_upgrade(
    st: &State,
    card: CardId,
    index: u8,
) -> Result<(), TurnRefusal<'static>> {
    if st.phase != Phase::Main {
        return Err(TurnRefusal::NotMainPhase);
    }
    let loc = st.cards.get(&card).map(|c| c.location);
    match loc {
        Some(Location::Active) => {}
        Some(Location::Permanent) if st.allow_permanent_upgrade => {}
        Some(Location::Permanent) => return Err(TurnRefusal::PermanentUpgradeOff),
        _ => return Err(TurnRefusal::NotUpgradable(card)),
    }
    if st.blocks.contains_key(&card) {
        return Err(TurnRefusal::UpgradeBlocked(card));
    }
    let Some(up) = stage(st, card).and_then(|s| s.upgrades.get(index as usize)) else {
        return Err(TurnRefusal::NoUpgrade { card, index });
    };
    if !st.resources.covers(&up.cost) {
        return Err(TurnRefusal::UpgradeCost {
            cost: up.cost,
            held: st.resources,
        });
    }
    Ok(())
}

/// KLG-6.6, 1.5, 1.6, 9.6: pay, turn as the arrow shows, discard (or keep a permanent stage
/// in the permanent area), and the turn ends.
pub(crate) fn do_upgrade(st: &mut State, card: CardId, index: u8, ev: &mut Vec<KlgEvent>) {
    let up = stage(st, card)
        .and_then(|s| s.upgrades.get(index as usize))
        .cloned()
        .expect("checked upgrade");
    st.resources.pay(&up.cost);
    let from = st.orientation(card);
    ev.push(KlgEvent::Upgraded {
        card,
        from,
        to: up.to,
        cost: up.cost,
    });
    // KLG-10.5 (decided, issue 28): an upgrade is the card's own, not another effect.
    cards::turn_card(st, card, up.to, By::Itself, ev);
    // Turning to the same orientation (never in valid data) still leaves play.
    if st.location(card) == Location::Active {
        cards::discard(st, card, By::Itself, ev);
    }
    st.turn_ending = true;
}

/// The effect `effect` of `card`'s active stage.
fn effect<'a>(st: &'a State, card: CardId, effect: &str) -> Option<&'a Effect> {
    stage(st, card).and_then(|s| s.effects.iter().find(|e| e.id == effect))
}

/// KLG-6.12, 8.2, 8.5, 8.9, 10.2, 12.2, 14.5 (D3).
pub(crate) fn check_use_effect<'a>(
    st: &'a State,
    card: CardId,
    id: &'a str,
) -> Result<(), TurnRefusal<'a>> {
    check_effect_card(st, card)?;
    let Some(e) = effect(st, card, id) else {
        return Err(TurnRefusal::NoEffect { card, id });
    };
    check_effect_of(st, card, e)
}

/// KLG-6.12, 10.2: the part of [`check_use_effect`] about the card: the turn awaits an action
/// and the card is unblocked in the active zone, permanent or the expansion card.
pub(crate) fn check_effect_card(st: &State, card: CardId) -> Result<(), TurnRefusal<'static>> {
    if st.phase != Phase::Main {
        return Err(TurnRefusal::NotMainPhase);
    }
    match st.cards.get(&card).map(|c| c.location) {
        Some(Location::Active) => {
            if st.blocks.contains_key(&card) {
                return Err(TurnRefusal::Blocked(card));
            }
        }
        Some(Location::Permanent) | Some(Location::Expansion) => {}
        _ => return Err(TurnRefusal::NotInPlay(card)),
    }
    Ok(())
}

/// KLG-8.2, 8.5, 8.9, 12.2, 14.5: the part of [`check_use_effect`] about the effect `e`
/// printed on `card`'s active stage.
pub(crate) fn check_effect_of<'a>(
    st: &'a State,
    card: CardId,
    e: &'a Effect,
) -> Result<(), TurnRefusal<'a>> {
    if !effects::usable_timing(&e.timing) {
        return Err(TurnRefusal::NotAnAction(&e.id));
    }
    if let Some(why) = effects::unperformable(st, card, st.orientation(card), e) {
        return Err(TurnRefusal::Unperformable(why));
    }
    Ok(())
}

/// KLG-6.12: pay, perform, then the timing consequence (in `effects`).
pub(crate) fn do_use_effect(st: &mut State, card: CardId, id: &str, ev: &mut Vec<KlgEvent>) {
    let o = st.orientation(card);
    let e = super::pack_content(st.pack)
        .stage(card, o)
        .and_then(|s| s.effects.iter().find(|e| e.id == id))
        .expect("checked effect");
    ev.push(KlgEvent::EffectUsed {
        card,
        effect: id.to_string(),
    });
    effects::start_effect(st, card, o, e, ev);
}

/// KLG-6.16.
pub(crate) fn check_march(st: &State) -> Result<(), RuleViolation> {
    main_phase(st)?;
    if st.deck.is_empty() {
        return Err(refuse("KLG-6.16", "the deck is empty"));
    }
    Ok(())
}

/// KLG-6.15: play the next 2 cards.
pub(crate) fn do_march(st: &mut State, ev: &mut Vec<KlgEvent>) {
    flow::play_cards(st, 2, PlayCause::March, ev);
}

/// KLG-6.17.
pub(crate) fn check_pass(st: &State) -> Result<(), RuleViolation> {
    main_phase(st)
}

/// KLG-6.17, 5.5: the turn ends.
pub(crate) fn do_pass(st: &mut State) {
    st.turn_ending = true;
}
