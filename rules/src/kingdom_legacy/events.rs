//! What happened, step by step, and its redaction (§8): a shuffle's order below the top card is
//! never shown (KLG-20.2); box cards appear only by serial number (KLG-20.1).

use super::state::Location;
use super::types::{CardId, Orientation, Resource, ResourceBag};
use crate::Viewer;
use serde::{Deserialize, Serialize};

/// Why cards entered the active zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayCause {
    TurnStart,
    March,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum KlgEvent {
    /// A brand-new kingdom was created (§3.1) or reset (KLG-11.5).
    KingdomCreated {
        reset: bool,
    },
    /// A stored kingdom was taken out of the box (§3.2).
    KingdomResumed {
        round: u32,
    },
    /// Cards were shuffled into the deck. `order` is index 0 = top; redacted to the
    /// ascending ids plus the visible top card (KLG-20.2).
    DeckShuffled {
        order: Vec<CardId>,
        top: Option<CardId>,
    },
    RoundStarted {
        round: u32,
        expansion: Option<CardId>,
    },
    TurnStarted {
        round: u32,
    },
    /// KLG-5.1, 6.15: cards entered the active zone simultaneously.
    CardsPlayed {
        cards: Vec<CardId>,
        cause: PlayCause,
    },
    /// KLG-7.3.
    ResourcesCleared,
    Gained {
        bag: ResourceBag,
    },
    Paid {
        bag: ResourceBag,
    },
    Produced {
        card: CardId,
        gained: ResourceBag,
    },
    Upgraded {
        card: CardId,
        from: Orientation,
        to: Orientation,
        cost: ResourceBag,
    },
    EffectUsed {
        card: CardId,
        effect: String,
    },
    /// A triggered effect entered the pool (KLG-8.6).
    TriggerPending {
        id: u32,
        card: CardId,
        effect: String,
        mandatory: bool,
    },
    TriggerResolved {
        id: u32,
        card: CardId,
        effect: String,
    },
    TriggerDeclined {
        id: u32,
        card: CardId,
        effect: String,
    },
    /// A pooled trigger can no longer be performed (costs, empty deck, KLG-8.9).
    TriggerDropped {
        id: u32,
        card: CardId,
        effect: String,
    },
    /// An instruction that could not be performed was skipped (KLG-8.9).
    InstructionSkipped {
        card: Option<CardId>,
        reason: String,
    },
    CardMoved {
        card: CardId,
        from: Location,
        to: Location,
    },
    /// KLG-1.5, 6.8: a card turned by an effect (not an upgrade).
    CardTurned {
        card: CardId,
        from: Orientation,
        to: Orientation,
    },
    CardBlocked {
        card: CardId,
        by: CardId,
    },
    CardUnblocked {
        card: CardId,
    },
    CardStaysInPlay {
        card: CardId,
    },
    /// KLG-11: `pending` = set aside until card 23 (KLG-11.2).
    CardDestroyed {
        card: CardId,
        pending: bool,
    },
    /// KLG-11.4.
    DestructionsFinalized {
        cards: Vec<CardId>,
    },
    /// KLG-15.3: designated box cards revealed for a choice.
    CardsRevealed {
        cards: Vec<CardId>,
    },
    CardDiscovered {
        card: CardId,
        to: Location,
    },
    ParchmentExecuted {
        card: CardId,
    },
    /// KLG-4.10.
    LastRound,
    StickerApplied {
        card: CardId,
        no: String,
        orientation: Orientation,
    },
    /// KLG-13.2.
    StickerUnavailable {
        no: String,
    },
    ProductionIncreased {
        card: CardId,
        resource: Resource,
    },
    BoxTicked {
        card: CardId,
        orientation: Orientation,
        index: u8,
    },
    EffectCrossedOut {
        card: CardId,
        orientation: Orientation,
        effect: String,
    },
    TurnEnded,
    RoundEnded {
        round: u32,
    },
    /// KLG-17.2.
    BaseScored {
        fame: i32,
        score: i32,
    },
    /// KLG-18.6.
    ExpansionScored {
        expansion: CardId,
        score: i32,
    },
    ExpansionStarted {
        card: CardId,
    },
    /// KLG-18.9.
    ExpansionStageChanged {
        card: CardId,
        to: Orientation,
    },
    /// KLG-19.2: the purge deck was shuffled (order redacted like the deck's).
    PurgeShuffled {
        order: Vec<CardId>,
    },
    PurgeBatch {
        cards: Vec<CardId>,
    },
    PurgePicked {
        card: Option<CardId>,
        fame: i32,
    },
    /// KLG-19.7.
    PurgeFameRecorded {
        expansion: CardId,
        value: i32,
    },
    CampaignReset,
    Suspended {
        round: u32,
    },
    CampaignClosed,
}

/// The event as `viewer` may see it (`Game::redact_event`): shuffles lose their order below
/// the top card (KLG-20.2). Player and spectators see the same (solo game).
pub fn redact_event(event: &KlgEvent, _viewer: Viewer) -> Option<KlgEvent> {
    Some(match event {
        KlgEvent::DeckShuffled { order, top } => {
            let mut sorted = order.clone();
            sorted.sort_unstable();
            KlgEvent::DeckShuffled {
                order: sorted,
                top: *top,
            }
        }
        KlgEvent::PurgeShuffled { order } => {
            let mut sorted = order.clone();
            sorted.sort_unstable();
            KlgEvent::PurgeShuffled { order: sorted }
        }
        other => other.clone(),
    })
}
