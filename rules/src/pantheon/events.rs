//! Events and their redaction (spec §8): hands, drawn deck cards, the dealt bonus token and
//! demigods taken from the stack are shown to their owner only.

use serde::{Deserialize, Serialize};

use super::types::*;
use crate::{Seat, Viewer};

/// What happened, unredacted. `Option` fields are `None` in the copies of viewers who may not
/// see them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum PantheonEvent {
    /// Setup (§3): start seat, the display, the special money deck (top first).
    SetupDone {
        start_seat: Seat,
        display: Vec<Option<CardKind>>,
        special_money: Vec<u32>,
    },
    /// Starting hand (PTH-2.2/2.3): owner only; the count is public.
    HandDealt {
        seat: Seat,
        count: u32,
        cards: Option<Vec<CardKind>>,
    },
    /// Random bonus token (§3 step 10): owner only until resolved.
    BonusDealt { seat: Seat, bonus: Option<String> },
    /// PTH-3.1.
    NationRevealed { epoch: u8, nation: Nation },
    /// PTH-3.2.
    GodsRevealed { gods: Vec<String> },
    /// PTH-3.3.
    LootPlaced { space: String, loot: String },
    /// PTH-3.4.
    DemigodDisplayed { value: u32 },
    /// PTH-14.3.
    BonusChosen { seat: Seat, bonus: String },
    /// PTH-14.4: tokens nobody chose.
    BonusesBoxed { bonuses: Vec<String> },
    /// PTH-11.6: the special money deck, top first.
    SpecialMoneyReordered { special_money: Vec<u32> },
    /// PTH-3.6.
    TemplePlaced { space: String },
    /// PTH-10.14: the bonus token becomes public.
    BonusResolved { seat: Seat, bonus: String },
    /// PTH-4.1.
    TurnStarted { seat: Seat, epoch: u8 },
    /// PTH-5.1–5.3, 5.6(a).
    MovementStarted {
        seat: Seat,
        follower: bool,
        cards: u32,
        steps: u32,
    },
    /// PTH-5.6(b)/(c).
    FollowerDeclined { seat: Seat, drew: bool },
    /// PTH-6.
    StonePlaced {
        seat: Seat,
        space: String,
        stone: Stone,
        cost: u32,
        loot: Option<String>,
    },
    /// PTH-5.5, 7.9, 8.5, 11.4: cards to the discard pile (public).
    CardsDiscarded { seat: Seat, cards: Vec<CardKind> },
    /// PTH-5.5, 7.9: the cards played into a movement or purchase go to the discard pile.
    PlayedCardsDiscarded { seat: Seat, cards: Vec<CardKind> },
    /// PTH-7.1.
    PurchaseStarted {
        seat: Seat,
        cards: Vec<CardKind>,
        budget: u32,
    },
    /// PTH-7.3, 10.8, 11.9: a new token.
    OfferingGained {
        seat: Seat,
        kind: OfferingKind,
        level: u8,
        cost: u32,
    },
    /// PTH-7.4, 10.8, 11.9.
    OfferingUpgraded {
        seat: Seat,
        kind: OfferingKind,
        from: u8,
        to: u8,
        cost: u32,
    },
    /// PTH-7.5, 10.2, 15.10, 11.5: stones general → personal (`count` < 0: back).
    StonesGained {
        seat: Seat,
        pillars: i32,
        footprints: i32,
        cost: u32,
    },
    /// PTH-8, 10.6, 11.2: a god tile gained.
    GodTaken {
        seat: Seat,
        god: String,
        vp: u32,
        cards: Vec<CardKind>,
    },
    /// PTH-11.2: revealed by Gallia.
    GalliaGodRevealed { seat: Seat, god: String },
    /// PTH-11.2: left by Gallia (to the box).
    GodBoxed { god: String },
    /// PTH-9: a card drawn. From the deck its kind is the drawer's only (PTH-9.7).
    CardDrawn {
        seat: Seat,
        source: CardSource,
        card: Option<CardKind>,
    },
    /// PTH-9.2: a display slot refilled (`None`: stays empty, PTH-9.6).
    DisplayRefilled { slot: u8, card: Option<CardKind> },
    /// PTH-9.3/9.4: the discard pile shuffled into a new draw pile.
    Reshuffled { cards: u32 },
    /// PTH-9.4/9.8/9.9: every hand discarded (special money not yet played kept).
    HandsDiscarded { cards: Vec<Vec<CardKind>> },
    /// PTH-10.3/10.4/15.9: `value` hidden from others when taken from the stack.
    DemigodTaken {
        seat: Seat,
        from_display: bool,
        value: Option<u32>,
    },
    /// PTH-10.10.
    SpecialMoneyTaken { seat: Seat, value: u32 },
    /// PTH-10.7.
    BonusPillarPlaced { seat: Seat, space: String },
    /// PTH-10.11.
    StepsGained { seat: Seat, steps: u32 },
    /// PTH-10.12: an optional effect declined, or an effect without possible use (PTH-10.16).
    EffectSkipped { seat: Seat, declined: bool },
    /// PTH-4.4/4.5/15.7.
    TurnEnded { seat: Seat, phase_over: bool },
    /// PTH-15.7.
    ExtraTurnTaken { seat: Seat },
    /// PTH-4.5: 3 VP.
    EpochVp { seat: Seat, vp: u32 },
    /// PTH-4.7.
    TemplePassed { to: Seat },
    /// PTH-12.
    EpochEnded { epoch: u8 },
    /// PTH-13: the per-player sums become public.
    Scored {
        seat: Seat,
        demigods: u32,
        pillars: u32,
        gods: u32,
        total: u32,
    },
    /// PTH-13.6: all demigod values revealed at the end.
    GameOver {
        vp: Vec<u32>,
        demigods: Vec<Vec<u32>>,
        winners: Vec<Seat>,
    },
}

/// The event as `viewer` may see it (§8).
pub fn redact_event(e: &PantheonEvent, viewer: Viewer) -> Option<PantheonEvent> {
    use PantheonEvent as E;
    let own = |s: &Seat| viewer.seat() == Some(*s);
    let mut e = e.clone();
    match &mut e {
        E::HandDealt { seat, cards, .. } if !own(seat) => *cards = None,
        E::BonusDealt { seat, bonus } if !own(seat) => *bonus = None,
        E::CardDrawn {
            seat,
            source: CardSource::Deck,
            card,
        } if !own(seat) => *card = None,
        E::DemigodTaken {
            seat,
            from_display: false,
            value,
        } if !own(seat) => *value = None,
        _ => {}
    }
    Some(e)
}
