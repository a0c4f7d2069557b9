//! What the player sees (§8): every stage of every discovered card outside the box
//! (KLG-20.5), the deck's count, visible top card and contents sorted by id but never its
//! order (KLG-20.2), box cards by serial number only except the expansion cards and cards
//! revealed by a "one of several" choice (KLG-20.1), never the RNG (KLG-20.4).

use super::data::{CardKind, Stage, StickerKind};
use super::scoring;
use super::state::*;
use super::types::{CardId, Orientation, ResourceBag};
use crate::Viewer;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// One visible card with all its stages and its marks.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardView {
    pub id: CardId,
    pub kind: CardKind,
    pub location: Location,
    pub orientation: Orientation,
    /// Every stage of the card, by orientation (KLG-20.5).
    pub stages: BTreeMap<Orientation, Stage>,
    /// The orientations whose stage is hostile (KLG-1.7: its category is the enemy's).
    pub hostile: BTreeSet<Orientation>,
    pub stickers: Vec<StickerMark>,
    pub ticked: BTreeMap<Orientation, BTreeSet<u8>>,
    pub crossed_out: BTreeMap<Orientation, BTreeSet<String>>,
    pub blocked_by: Option<CardId>,
    /// Whether the card will stay in play at the end of this turn (G11).
    pub stays_in_play: bool,
    /// Fame the card would score now (KLG-17.3).
    pub fame: i32,
}

/// The deck: count, visible top card, contents sorted by id (§8).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeckView {
    pub count: usize,
    pub top: Option<CardView>,
    /// Sorted by id, never in deck order (KLG-20.2).
    pub contents: Vec<CardView>,
}

/// A pending trigger as shown.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TriggerView {
    pub id: u32,
    pub card: CardId,
    pub effect: String,
    pub mandatory: bool,
    pub text: String,
}

/// The running purge (KLG-19): the revealed batch, picks so far, selections left.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PurgeView {
    pub expansion: CardId,
    pub n: u8,
    /// Cards still in the purge deck (order hidden).
    pub deck_count: usize,
    pub batch: Vec<CardView>,
    pub leftovers: Vec<CardId>,
    pub set_aside: Vec<CardView>,
    pub fame: i32,
    /// Selections still to make from the deck after the current batch (KLG-19.2: ⌊D/N⌋).
    pub selections_left: usize,
}

/// What the engine asks now.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PendingView {
    /// Plain words: what is asked.
    pub prompt: String,
    /// The open sub-decision, if any (otherwise the pool is to be ordered).
    pub decision: Option<Decision>,
    /// The pending trigger pool (KLG-8.6).
    pub pool: Vec<TriggerView>,
    /// The card whose effect is resolving, if any.
    pub resolving: Option<CardId>,
}

/// The player's view of a sitting.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KlgView {
    pub phase: Phase,
    pub round: u32,
    pub last_round: bool,
    pub base_finished: bool,
    pub card23_discovered: bool,
    pub reset_allowed: bool,
    /// D17: a reset was asked for and awaits its confirmation.
    pub reset_requested: bool,
    pub resources: ResourceBag,
    pub deck: DeckView,
    /// In play order.
    pub active: Vec<CardView>,
    /// Sorted by id.
    pub discard: Vec<CardView>,
    pub permanent: Vec<CardView>,
    pub expansion: Option<CardView>,
    /// Set aside until card 23 (KLG-11.2).
    pub pending_destruction: Vec<CardView>,
    pub destroyed: Vec<CardId>,
    /// Serial numbers of the cards in the box (public, KLG-15.2).
    pub box_ids: Vec<CardId>,
    /// Box cards whose data may be seen: expansion cards (KLG-15.7) and revealed cards
    /// (KLG-15.3).
    pub box_revealed: Vec<CardView>,
    pub pending: Option<PendingView>,
    pub purge: Option<PurgeView>,
    /// The sticker sheet in its printed order (1, 2, …, 13k, …, 16), with what each does and
    /// the copies left (KLG-13).
    pub sticker_supply: Vec<StickerSupply>,
    pub score_track: ScoreTrack,
    pub purge_fame: Vec<PurgeFameEntry>,
    pub expansions: ExpansionsRecord,
    /// Kingdom fame now plus accumulated purge fame (§6 score formula).
    pub current_fame: i32,
    pub kingdom_fame: i32,
    pub ended: Option<SittingEnd>,
}

/// A discovered card with all its stages (KLG-20.5) and marks.
fn card_view(st: &State, id: CardId) -> CardView {
    let content = super::pack_content(st.pack);
    let def = content.card(id).expect("card of the pack");
    let rec = st.card(id);
    CardView {
        id,
        kind: def.kind,
        location: rec.location,
        orientation: rec.orientation,
        stages: def.faces.clone(),
        hostile: def
            .faces
            .iter()
            .filter(|(_, s)| content.is_hostile(s))
            .map(|(o, _)| *o)
            .collect(),
        stickers: rec.stickers.clone(),
        ticked: rec.ticked.clone(),
        crossed_out: rec.crossed_out.clone(),
        blocked_by: st.blocked_by(id),
        stays_in_play: rec.location == Location::Active && super::flow::stays_in_play(st, id),
        fame: scoring::card_fame(st, id),
    }
}

/// One sticker of the sheet: its number, what it does and the copies left.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StickerSupply {
    pub no: String,
    pub kind: StickerKind,
    pub remaining: u32,
}

/// The pack's sticker sheet in its order with the copies left; a number the state holds that
/// the sheet does not print (none in the shipped packs) is not shown.
fn sticker_supply(st: &State) -> Vec<StickerSupply> {
    super::pack_content(st.pack)
        .stickers
        .iter()
        .filter_map(|d| {
            st.sticker_supply
                .get(&d.no)
                .map(|&remaining| StickerSupply {
                    no: d.no.clone(),
                    kind: d.kind.clone(),
                    remaining,
                })
        })
        .collect()
}

/// Card views in the given order.
fn cards(st: &State, ids: &[CardId]) -> Vec<CardView> {
    ids.iter().map(|&i| card_view(st, i)).collect()
}

/// Ids in ascending order (never a hidden order, KLG-20.2).
fn sorted(ids: &[CardId]) -> Vec<CardId> {
    let mut v = ids.to_vec();
    v.sort_unstable();
    v
}

/// Plain words for the open decision (§9).
fn prompt(st: &State) -> String {
    match &st.decision {
        Some(Decision::Cards {
            purpose, min, max, ..
        }) => {
            let what = match purpose {
                CardPurpose::Block => "to block",
                CardPurpose::Discard => "to discard",
                CardPurpose::Destroy => "to destroy",
                CardPurpose::Turn(_) => "to turn",
                CardPurpose::PutOnDeck(_) => "to put on the deck",
                CardPurpose::Sticker { .. } => "to receive a sticker",
                CardPurpose::IncreaseProduction => "whose production increases",
                CardPurpose::Tick(_) => "to tick a box on",
                CardPurpose::StayInPlay => "to stay in play",
            };
            if min == max {
                format!("Choose {min} card(s) {what}")
            } else {
                format!("Choose {min} to {max} card(s) {what}")
            }
        }
        Some(Decision::Resource { purpose, .. }) => match purpose {
            ResourcePurpose::GainAny { .. } => "Choose a resource to gain".into(),
            ResourcePurpose::IncreaseProduction { card } => {
                format!("Choose the resource card {card} produces more of")
            }
        },
        Some(Decision::Checkbox { card, .. }) => format!("Choose a box to tick on card {card}"),
        Some(Decision::Discovery { choose, .. }) => format!("Choose {choose} card(s) to discover"),
        Some(Decision::PurgePick { .. }) => "Choose a friendly card to purge".into(),
        Some(Decision::PurgePermanent { .. }) => "Choose a permanent card to purge".into(),
        None => "Choose the next effect to resolve".into(),
    }
}

/// The view of `viewer` (`Game::view`); solo, so every viewer sees the same.
pub fn view(st: &State, _viewer: Viewer) -> KlgView {
    let content = super::pack_content(st.pack);
    let mut deck_sorted = st.deck.clone();
    deck_sorted.sort_unstable();
    let pending = (st.decision.is_some() || !st.pool.is_empty()).then(|| PendingView {
        prompt: prompt(st),
        decision: st.decision.clone(),
        pool: st
            .pool
            .iter()
            .map(|t| TriggerView {
                id: t.id,
                card: t.card,
                effect: t.effect.clone(),
                mandatory: t.mandatory,
                text: content
                    .stage(t.card, t.orientation)
                    .and_then(|s| s.effects.iter().find(|e| e.id == t.effect))
                    .map(|e| e.text.clone())
                    .unwrap_or_default(),
            })
            .collect(),
        resolving: st.stack.last().and_then(|f| f.source),
    });
    let box_ids = st.box_ids();
    let box_revealed: Vec<CardId> = box_ids
        .iter()
        .copied()
        .filter(|&id| {
            st.card(id).revealed_in_box
                || content
                    .card(id)
                    .is_some_and(|c| c.kind == CardKind::Expansion)
        })
        .collect();
    let purge = st.purge.as_ref().map(|p| PurgeView {
        expansion: p.expansion,
        n: p.n,
        deck_count: p.deck.len(),
        batch: cards(st, &p.batch),
        leftovers: sorted(&p.leftovers),
        set_aside: cards(st, &p.set_aside),
        fame: p.fame,
        selections_left: super::purge::selections(p.deck.len(), p.n),
    });
    let kingdom_fame = scoring::kingdom_fame(st);
    KlgView {
        phase: st.phase,
        round: st.round(),
        last_round: st.base.last_round,
        base_finished: st.base.finished,
        card23_discovered: st.card23_discovered,
        reset_allowed: st.reset_allowed(),
        reset_requested: st.reset_requested,
        resources: st.resources,
        deck: DeckView {
            count: st.deck.len(),
            top: st.deck.first().map(|&c| card_view(st, c)),
            contents: cards(st, &deck_sorted),
        },
        active: cards(st, &st.active),
        discard: cards(st, &sorted(&st.discard)),
        permanent: cards(st, &st.permanent),
        expansion: st.expansion.map(|c| card_view(st, c)),
        pending_destruction: cards(st, &st.pending_destruction),
        destroyed: st.destroyed.clone(),
        box_ids,
        box_revealed: cards(st, &box_revealed),
        pending,
        purge,
        sticker_supply: sticker_supply(st),
        score_track: st.score_track.clone(),
        purge_fame: st.purge_fame.clone(),
        expansions: st.expansions.clone(),
        current_fame: kingdom_fame + scoring::purge_fame_total(st),
        kingdom_fame,
        ended: st.ended.clone(),
    }
}
