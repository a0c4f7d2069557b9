//! Selectors, filters and the continuous (static passive) modifiers: which cards an
//! instruction may target (§11.2 `Selector`, KLG-1.10, KLG-10.10), which cards are protected
//! (KLG-11.7, KLG-19.9) and which stay in play (G11).

use super::data::{
    CardSelector, Filter, Modifier, PassiveMode, Protection, Selector, SelectorZone, Stage,
    StickerKind, Timing,
};
use super::state::{Location, State};
use super::types::{CardId, Resource};
use std::collections::BTreeSet;

/// The active stage of a card (KLG-2.2), if its orientation has one.
pub(crate) fn stage(st: &State, id: CardId) -> Option<&'static Stage> {
    super::pack_content(st.pack).stage(id, st.orientation(id))
}

/// KLG-1.7: hostile iff the active stage's category is the enemy category.
pub(crate) fn is_hostile(st: &State, id: CardId) -> bool {
    stage(st, id).is_some_and(|s| super::pack_content(st.pack).is_hostile(s))
}

/// Review note 16: the resources occurring in at least one production alternative.
pub(crate) fn produced(stage: &Stage) -> BTreeSet<Resource> {
    stage
        .production
        .iter()
        .flatten()
        .flat_map(|bag| bag.kinds().collect::<Vec<_>>())
        .collect()
}

/// Whether `r` is among [`produced`], without collecting them.
fn produces(stage: &Stage, r: Resource) -> bool {
    stage.production.iter().flatten().any(|bag| bag.get(r) > 0)
}

/// KLG-1.10: all given filter fields match the card's active stage.
pub(crate) fn matches(st: &State, id: CardId, f: &Filter) -> bool {
    let Some(s) = stage(st, id) else {
        return false;
    };
    if let Some(cats) = &f.category
        && !cats.contains(&s.category)
    {
        return false;
    }
    if let Some(subs) = &f.subcategory
        && !subs.iter().any(|x| s.subcategories.contains(x))
    {
        return false;
    }
    if let Some(h) = f.hostile
        && super::pack_content(st.pack).is_hostile(s) != h
    {
        return false;
    }
    if let Some(res) = &f.produces
        && !res.iter().any(|&r| produces(s, r))
    {
        return false;
    }
    if let Some(ids) = &f.ids
        && !ids.contains(&id)
    {
        return false;
    }
    true
}

/// KLG-1.9: the kingdom (deck, active zone, discard pile, permanent area). During a purge
/// (KLG-19.2–19.4) the cards being drawn are still "your deck": only the set-aside picks have
/// left the kingdom, so a protection over the kingdom reaches the purge (KLG-19.9).
pub(crate) fn in_kingdom(st: &State, id: CardId) -> bool {
    match st.location(id) {
        Location::Deck | Location::Active | Location::Discard | Location::Permanent => true,
        Location::Purge => st
            .purge
            .as_ref()
            .is_some_and(|p| !p.set_aside.contains(&id)),
        _ => false,
    }
}

/// The cards of a running purge that are still in the kingdom (KLG-1.9, KLG-19.9).
fn purge_drawn(st: &State) -> impl Iterator<Item = CardId> + '_ {
    st.purge
        .iter()
        .flat_map(|p| p.deck.iter().chain(&p.batch).chain(&p.leftovers))
        .copied()
}

/// The cards a card selector may pick, ascending (`count` is not applied): its zones, its
/// filter, blocked cards only with `include_blocked` (KLG-10.10), the source itself only
/// without `exclude_self`.
pub(crate) fn candidates(st: &State, source: Option<CardId>, sel: &CardSelector) -> Vec<CardId> {
    select(st, source, sel, sel.include_blocked)
}

/// [`candidates`], with or without the blocked cards in play.
fn select(
    st: &State,
    source: Option<CardId>,
    sel: &CardSelector,
    include_blocked: bool,
) -> Vec<CardId> {
    // The zones' cards, ascending and each once (a sorted vector: cheaper than a set here).
    let mut out = Vec::new();
    let unblocked = |id: &CardId| include_blocked || !st.blocks.contains_key(id);
    for zone in &sel.zones {
        match zone {
            SelectorZone::Active => out.extend(st.active.iter().copied().filter(unblocked)),
            SelectorZone::Permanent => out.extend(st.permanent.iter().copied()),
            SelectorZone::Discard => out.extend(st.discard.iter().copied()),
            SelectorZone::Kingdom => {
                out.extend(st.deck.iter().copied());
                out.extend(st.active.iter().copied().filter(unblocked));
                out.extend(st.discard.iter().copied());
                out.extend(st.permanent.iter().copied());
                out.extend(purge_drawn(st));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out.retain(|&id| !(sel.exclude_self && Some(id) == source) && matches(st, id, &sel.filter));
    out
}

/// KLG-10.3, 10.10 (revised in review): the cards a count or a condition over cards ranges
/// over — a blocked card is still in play, so it is included whatever `include_blocked` says
/// (that flag only widens the cards an instruction may act on).
pub(crate) fn counted(st: &State, source: Option<CardId>, sel: &CardSelector) -> Vec<CardId> {
    select(st, source, sel, true)
}

/// The cards a modifier applies to (`this` = its source; a card selector without its count,
/// blocked cards included: they are in play, KLG-10.3).
pub(crate) fn modifier_targets(st: &State, source: CardId, sel: &Selector) -> Vec<CardId> {
    match sel {
        Selector::This { .. } => vec![source],
        Selector::Cards(cs) => counted(st, Some(source), cs),
    }
}

/// KLG-8.7, 8.11, 9.3, 10.2: the cards whose effects work now — non-blocked active cards,
/// permanent cards and the expansion card.
pub(crate) fn effect_sources(st: &State) -> Vec<CardId> {
    let mut v: Vec<CardId> = st
        .active
        .iter()
        .copied()
        .filter(|c| !st.blocks.contains_key(c))
        .collect();
    v.extend(st.permanent.iter().copied());
    v.extend(st.expansion);
    v
}

/// The static modifiers in force (KLG-8.11), with their source; an iterator, as turn ends ask
/// this once per card in play.
fn static_modifiers(st: &State) -> impl Iterator<Item = (CardId, &'static Modifier)> + '_ {
    let sources = st
        .active
        .iter()
        .filter(|c| !st.blocks.contains_key(c))
        .chain(&st.permanent)
        .chain(&st.expansion)
        .copied();
    sources.flat_map(move |src| {
        stage(st, src)
            .into_iter()
            .flat_map(|s| &s.effects)
            .filter(move |e| {
                e.timing
                    == (Timing::Passive {
                        mode: PassiveMode::Static,
                    })
                    && !st.card(src).is_crossed(st.orientation(src), &e.id)
            })
            .flat_map(move |e| e.modifiers.iter().map(move |m| (src, m)))
    })
}

/// KLG-11.7, KLG-19.9: whether the card is protected against `p` by its own stage or by a
/// `protect` modifier in force.
pub(crate) fn protected(st: &State, id: CardId, p: Protection) -> bool {
    if stage(st, id).is_some_and(|s| s.protect.contains(&p)) {
        return true;
    }
    static_modifiers(st).any(|(src, m)| match m {
        Modifier::Protect { target, against } => {
            against.contains(&p) && modifier_targets(st, src, target).contains(&id)
        }
        Modifier::StaysInPlay(_) => false,
    })
}

/// G11: whether a (non-blocked) active card stays in play at the end of this turn: marked by
/// a `stay_in_play` instruction, a "stays in play" sticker on its active stage, or a
/// `stays_in_play` modifier in force.
pub(crate) fn stays_by_itself(st: &State, id: CardId) -> bool {
    marked_to_stay(st, id)
        || static_modifiers(st).any(|(src, m)| match m {
            Modifier::StaysInPlay(sel) => modifier_targets(st, src, sel).contains(&id),
            Modifier::Protect { .. } => false,
        })
}

/// [`stays_by_itself`] with the modifiers' cards given ([`kept_by_modifiers`]), for asking
/// about every card in play at once.
pub(crate) fn stays_by_itself_among(st: &State, id: CardId, kept: &[CardId]) -> bool {
    marked_to_stay(st, id) || kept.contains(&id)
}

/// G11: the cards the `stays_in_play` modifiers in force keep in play.
pub(crate) fn kept_by_modifiers(st: &State) -> Vec<CardId> {
    let mut kept = Vec::new();
    for (src, m) in static_modifiers(st) {
        if let Modifier::StaysInPlay(sel) = m {
            kept.extend(modifier_targets(st, src, sel));
        }
    }
    kept
}

/// G11: a `stay_in_play` instruction's mark or a "stays in play" sticker on the active stage.
fn marked_to_stay(st: &State, id: CardId) -> bool {
    if st.stays_in_play.contains(&id) {
        return true;
    }
    let content = super::pack_content(st.pack);
    let rec = st.card(id);
    rec.stickers.iter().any(|m| {
        m.orientation == rec.orientation
            && content
                .sticker(&m.no)
                .is_some_and(|d| d.kind == StickerKind::StaysInPlay)
    })
}
