//! Card operations on the zones: moving (KLG-1.2: never changes orientation), discarding,
//! unblocking (KLG-10.5, 10.6), turning (KLG-1.5, 1.11, 9.6, 9.7), destroying (KLG-11),
//! deck manipulation (KLG-12), stickers (KLG-13), boxes (KLG-14) and discovery (KLG-15).

use super::data::{CardKind, DeckPosition, StickerKind};
use super::events::KlgEvent;
use super::selectors;
use super::state::{Location, State, StickerMark};
use super::types::{CardId, Orientation, Resource};

/// Keeps the permanent / set-aside / destroyed lists in id order (§7.1 zones are sets).
fn insert_sorted(v: &mut Vec<CardId>, id: CardId) {
    if let Err(pos) = v.binary_search(&id) {
        v.insert(pos, id);
    }
}

/// Who moves or changes a card: the one fact that decides whether a blocker's blocks end when
/// it leaves or turns (KLG-10.5, 10.6). Every card operation below takes it, so discarding,
/// turning, upgrading, destroying, purging and putting on the deck all decide it here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum By {
    /// The card's own text: one of its effects (and the discard or destruction its timing
    /// makes, KLG-9.8, 6.14), its production or its upgrade. A blocker moved this way keeps
    /// its blocks for the rest of the turn, and its blocked cards leave with it at the end of
    /// the turn (KLG-10.4, 10.5: only *another* effect frees them).
    Itself,
    /// Another card's effect, or the game's own procedure (end of turn, round end, purge,
    /// expansion): a blocker moved this way frees its blocked cards at once (KLG-10.5, 10.6),
    /// which stay in play, unblocked, without a trigger (KLG-10.9).
    Other,
}

impl By {
    /// Who moves `target` when the effect of `source` acts on it.
    pub(crate) fn effect_of(source: Option<CardId>, target: CardId) -> By {
        if source == Some(target) {
            By::Itself
        } else {
            By::Other
        }
    }
}

/// Takes a card out of its zone list. A card leaving the active zone loses any block on it;
/// a blocker that moves ends the blocks it imposes unless it moves by its own text
/// ([`By`], KLG-10.5).
fn take(st: &mut State, id: CardId, by: By, ev: &mut Vec<KlgEvent>) {
    let loc = st.location(id);
    match loc {
        Location::Deck => st.deck.retain(|&c| c != id),
        Location::Active => {
            st.active.retain(|&c| c != id);
            st.blocks.remove(&id);
            st.stays_in_play.remove(&id);
        }
        Location::Discard => st.discard.retain(|&c| c != id),
        Location::Permanent => st.permanent.retain(|&c| c != id),
        Location::Expansion => {
            if st.expansion == Some(id) {
                st.expansion = None;
            }
        }
        Location::PendingDestruction => st.pending_destruction.retain(|&c| c != id),
        Location::Destroyed => st.destroyed.retain(|&c| c != id),
        Location::Purge => {
            if let Some(p) = st.purge.as_mut() {
                p.deck.retain(|&c| c != id);
                p.batch.retain(|&c| c != id);
                p.leftovers.retain(|&c| c != id);
                p.set_aside.retain(|&c| c != id);
            }
        }
        Location::Box => {}
    }
    if by == By::Itself {
        return;
    }
    let freed: Vec<CardId> = st
        .blocks
        .iter()
        .filter(|(_, b)| **b == id)
        .map(|(c, _)| *c)
        .collect();
    for c in freed {
        st.blocks.remove(&c);
        ev.push(KlgEvent::CardUnblocked { card: c });
    }
}

/// Moves a card to the end of a zone (the deck: to its top or bottom), keeping its
/// orientation (KLG-1.2).
pub(crate) fn move_card(st: &mut State, id: CardId, to: Location, by: By, ev: &mut Vec<KlgEvent>) {
    let from = st.location(id);
    take(st, id, by, ev);
    match to {
        Location::Deck => st.deck.push(id),
        Location::Active => st.active.push(id),
        Location::Discard => st.discard.push(id),
        Location::Permanent => insert_sorted(&mut st.permanent, id),
        Location::Expansion => st.expansion = Some(id),
        Location::PendingDestruction => insert_sorted(&mut st.pending_destruction, id),
        Location::Destroyed => insert_sorted(&mut st.destroyed, id),
        Location::Purge | Location::Box => {}
    }
    st.card_mut(id).location = to;
    ev.push(KlgEvent::CardMoved { card: id, from, to });
}

/// KLG-9.6: where a card goes instead of the discard pile — the permanent area if its active
/// stage is permanent.
pub(crate) fn discard_destination(st: &State, id: CardId) -> Location {
    if selectors::stage(st, id).is_some_and(|s| s.permanent) {
        Location::Permanent
    } else {
        Location::Discard
    }
}

/// Discards a card (from the active zone or the deck); permanent stages go to the permanent
/// area (KLG-9.2, 9.6). A card already in the discard pile stays.
pub(crate) fn discard(st: &mut State, id: CardId, by: By, ev: &mut Vec<KlgEvent>) {
    let to = discard_destination(st, id);
    if st.location(id) != to {
        move_card(st, id, to, by, ev);
    }
}

/// KLG-11.1, 11.2: destroyed, or set aside while card 23 is in the box.
pub(crate) fn destroy(st: &mut State, id: CardId, by: By, ev: &mut Vec<KlgEvent>) {
    let loc = st.location(id);
    if matches!(loc, Location::Destroyed | Location::PendingDestruction) {
        return;
    }
    let pending = !st.card23_discovered;
    let to = if pending {
        Location::PendingDestruction
    } else {
        Location::Destroyed
    };
    move_card(st, id, to, by, ev);
    ev.push(KlgEvent::CardDestroyed { card: id, pending });
}

/// KLG-11.4: every set-aside card becomes destroyed for good.
pub(crate) fn finalize_destructions(st: &mut State, ev: &mut Vec<KlgEvent>) {
    let cards = std::mem::take(&mut st.pending_destruction);
    if cards.is_empty() {
        return;
    }
    for &c in &cards {
        st.card_mut(c).location = Location::Destroyed;
        insert_sorted(&mut st.destroyed, c);
    }
    ev.push(KlgEvent::DestructionsFinalized { cards });
}

/// Turns a card to `to` by an effect or an upgrade; then KLG-1.5 / 1.11 / 9.6 / 9.7: a turned
/// card in the deck, active zone or permanent area goes to the discard pile, or to the
/// permanent area if the new stage is permanent; a card in the discard pile stays there.
pub(crate) fn turn_card(
    st: &mut State,
    id: CardId,
    to: Orientation,
    by: By,
    ev: &mut Vec<KlgEvent>,
) {
    let from = st.orientation(id);
    if from == to {
        return;
    }
    st.card_mut(id).orientation = to;
    ev.push(KlgEvent::CardTurned { card: id, from, to });
    let loc = st.location(id);
    if matches!(
        loc,
        Location::Deck | Location::Active | Location::Permanent | Location::Discard
    ) {
        discard(st, id, by, ev);
    }
}

/// KLG-10.1: `blocker` is placed on `target`.
pub(crate) fn block(st: &mut State, target: CardId, blocker: CardId, ev: &mut Vec<KlgEvent>) {
    st.blocks.insert(target, blocker);
    ev.push(KlgEvent::CardBlocked {
        card: target,
        by: blocker,
    });
}

/// KLG-12.1, 12.4: put a card on top of or at the bottom of the deck, keeping its orientation.
pub(crate) fn put_on_deck(
    st: &mut State,
    id: CardId,
    pos: DeckPosition,
    by: By,
    ev: &mut Vec<KlgEvent>,
) {
    move_card(st, id, Location::Deck, by, ev);
    if pos == DeckPosition::Top {
        st.deck.pop();
        st.deck.insert(0, id);
    }
}

/// KLG-13.2, 13.3, 13.9: applies sticker `no` to the card's stage `o` if a copy is left;
/// returns whether it was applied.
pub(crate) fn apply_sticker(
    st: &mut State,
    id: CardId,
    no: &str,
    o: Orientation,
    ev: &mut Vec<KlgEvent>,
) -> bool {
    let left = st.sticker_supply.get(no).copied().unwrap_or(0);
    if left == 0 {
        ev.push(KlgEvent::StickerUnavailable { no: no.to_string() });
        return false;
    }
    st.sticker_supply.insert(no.to_string(), left - 1);
    st.card_mut(id).stickers.push(StickerMark {
        no: no.to_string(),
        orientation: o,
    });
    ev.push(KlgEvent::StickerApplied {
        card: id,
        no: no.to_string(),
        orientation: o,
    });
    true
}

/// KLG-13.9: the production sticker of a resource in the catalogue.
pub(crate) fn production_sticker(st: &State, r: Resource) -> Option<String> {
    super::pack_content(st.pack)
        .stickers
        .iter()
        .find(|s| s.kind == StickerKind::Production { resource: r })
        .map(|s| s.no.clone())
}

/// KLG-14.3: the unticked boxes of the card's active stage that may be ticked now (only the
/// leftmost if the stage or the instruction says "in order").
pub(crate) fn tickable_boxes(st: &State, id: CardId, in_order: bool) -> Vec<u8> {
    let Some(s) = selectors::stage(st, id) else {
        return Vec::new();
    };
    let ticked = st.card(id).ticked_on(st.orientation(id));
    let free: Vec<u8> = (0..s.checkboxes.len() as u8)
        .filter(|i| !ticked.contains(i))
        .collect();
    if in_order || s.in_order_boxes {
        free.into_iter().take(1).collect()
    } else {
        free
    }
}

/// KLG-14.1: ticks box `index` of the card's active stage; the caller gains its symbol.
pub(crate) fn tick(st: &mut State, id: CardId, index: u8, ev: &mut Vec<KlgEvent>) {
    let o = st.orientation(id);
    st.card_mut(id).ticked.entry(o).or_default().insert(index);
    ev.push(KlgEvent::BoxTicked {
        card: id,
        orientation: o,
        index,
    });
}

/// Whether the card can be discovered now: in the box and not an expansion or inert card
/// (KLG-15.7).
pub(crate) fn discoverable(st: &State, id: CardId) -> bool {
    st.cards
        .get(&id)
        .is_some_and(|c| c.location == Location::Box)
        && super::pack_content(st.pack)
            .card(id)
            .is_some_and(|d| matches!(d.kind, CardKind::Normal | CardKind::Parchment))
}

/// KLG-15.1, 15.5, 9.6, 11.4, 4.10: takes a card out of the box into the discard pile (the
/// permanent area for a permanent stage). Discovering card 23 finalizes the set-aside cards;
/// discovering card 70 makes this the last round. Returns whether it was a parchment (the
/// caller executes it, KLG-4.6, 4.7).
pub(crate) fn discover(st: &mut State, id: CardId, ev: &mut Vec<KlgEvent>) -> bool {
    let to = discard_destination(st, id);
    // From the box: it blocks nothing yet.
    move_card(st, id, to, By::Other, ev);
    st.card_mut(id).revealed_in_box = false;
    ev.push(KlgEvent::CardDiscovered { card: id, to });
    if id == 23 && !st.card23_discovered {
        st.card23_discovered = true;
        finalize_destructions(st, ev);
    }
    if id == 70 && !st.base.last_round && !st.base.finished {
        st.base.last_round = true;
        ev.push(KlgEvent::LastRound);
    }
    super::pack_content(st.pack)
        .card(id)
        .is_some_and(|d| d.kind == CardKind::Parchment)
}
