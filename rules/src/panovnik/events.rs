//! The events of a game and their redaction (section 8, PNV-13). A commit to a sealed step
//! shows its choice only to the committing seat; the reveal is public. Dealt, drawn and returned
//! items are shown to their owner only; everything taken from or paid into the public supply is
//! public.

use super::types::*;
use crate::{Seat, Viewer};
use serde::{Deserialize, Serialize};

/// How a player got a displayed card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TakeHow {
    /// PNV-5.8.
    Attack,
    /// PNV-5.9a.
    SoleBidder,
    /// PNV-5.10.
    Agreement,
    /// PNV-12.6 `take_above`.
    TieChoice,
}

/// Why a displayed card left the display without going to a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RemovalCause {
    /// A virtual opponent alone on its colour took it (PNV-11.5, 12.7).
    VirtualTook,
    /// Two virtual opponents on a two-card colour (PNV-12.4).
    TwoVirtuals,
    /// The below card after a `take_above` tie choice (PNV-12.6).
    TieChoice,
    /// Chosen by a real player for a virtual whose colour held no card (PNV-11.6, 12.10).
    NoMatchVirtual,
    /// An above card at the end of the auction (PNV-5.16).
    EndOfAuction,
}

/// Where a tucked card came from (PNV-4.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TuckFrom {
    /// A free card of the pyramid (Tuck-free law): its identity is public.
    Pyramid,
    /// From the hand (`tuck_from_hand`): hidden.
    Hand,
    /// A gained card (`tuck_gained_cards`): hidden unless it was won in the auction.
    Gained,
}

/// A card in a display slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DisplayCard {
    pub color: Color,
    pub slot: Slot,
    pub card: u32,
}

/// Everything that happens, unredacted. [`Game::redact_event`](crate::Game::redact_event)
/// removes hidden parts per viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PanovnikEvent {
    /// Setup step 1: the auction cards from left to right.
    AuctionCardsLaid {
        colors: [Color; 4],
    },
    /// PNV-2.1: the supply (the box composition stays hidden).
    SupplyPrepared {
        supply: Gems,
    },
    /// PNV-2.2: two gems of each colour behind the screen.
    StartingGemsTaken {
        seat: Seat,
        gems: Gems,
    },
    /// PNV-2.2: the two gems returned at random (owner only; the supply total is public).
    StartingGemsReturned {
        seat: Seat,
        gems: Option<[Color; 2]>,
    },
    /// PNV-2.3: the two dealt characters (owner only).
    CharactersDealt {
        seat: Seat,
        cards: Option<[u32; 2]>,
    },
    /// A sealed step opens for these seats.
    StepOpened {
        step: SealedStep,
        seats: Vec<Seat>,
    },
    /// A seat committed (or replaced) its sealed choice; others see only that it committed.
    ChoiceCommitted {
        seat: Seat,
        step: SealedStep,
        choice: Option<SealedChoice>,
    },
    /// Decision 20 in progress: the seat's draft changed (owner only sees the draft).
    RecolorDrafted {
        seat: Seat,
        draft: Option<Vec<Recolor>>,
    },
    /// PNV-2.4: every seat's starting card (the kept card stays hidden).
    StartingCardsRevealed {
        cards: Vec<u32>,
    },
    /// PNV-2.7: deck sizes.
    DecksFormed {
        big: u32,
        small: u32,
        law: u32,
    },
    /// PNV-2.9: three laws dealt (owner only).
    LawsDealt {
        seat: Seat,
        count: u32,
        cards: Option<Vec<u32>>,
    },
    /// PNV-2.8, 5.16: cards revealed into below slots.
    DisplayRefilled {
        cards: Vec<DisplayCard>,
    },
    /// PNV-5.17: this game round is the last.
    LastRound {
        round: u8,
    },
    RoundStarted {
        round: u8,
    },
    /// PNV-5.3: a bidding round with its participants.
    BiddingRoundStarted {
        bidding_round: u8,
        seats: Vec<Seat>,
        virtuals: Vec<u8>,
    },
    /// PNV-5.6, 11.3, 12.2: all bids, the virtual gems drawn from the box.
    BidsRevealed {
        bids: Vec<(Seat, Bid)>,
        virtual_bids: Vec<(u8, Color)>,
    },
    /// A player took a displayed card into hand (PNV-5.11).
    CardTaken {
        seat: Seat,
        card: u32,
        color: Color,
        slot: Slot,
        how: TakeHow,
    },
    /// An attack bidder found the display empty: the token is spent, they advance.
    AttackMissed {
        seat: Seat,
    },
    /// PNV-5.9b/c/d/e, 12.3, 12.8, 12.9, 12.13: nobody on this colour gets a card; the real
    /// players and virtual opponents listed advance.
    ColorContested {
        color: Color,
        seats: Vec<Seat>,
        virtuals: Vec<u8>,
    },
    /// PNV-5.10: a negotiation opens between two bidders.
    NegotiationOpened {
        color: Color,
        seats: [Seat; 2],
    },
    /// PNV-5.10: both claims; `agreed` when one claimed above and the other below.
    NegotiationRevealed {
        color: Color,
        claims: [(Seat, Claim); 2],
        agreed: bool,
    },
    /// A displayed card left the game (discard pile).
    CardRemoved {
        card: u32,
        color: Color,
        slot: Slot,
        cause: RemovalCause,
        /// The virtual opponent concerned, if any.
        virtual_index: Option<u8>,
    },
    /// A virtual opponent leaves this auction phase.
    VirtualLeft {
        virtual_index: u8,
    },
    /// PNV-6.1: a player passes and is entitled to this many gems.
    Passed {
        seat: Seat,
        entitled: u32,
    },
    /// Gems from the supply behind a screen (public colours).
    GemsTaken {
        seat: Seat,
        gems: Gems,
        reason: GemReason,
    },
    /// PNV-5.16: above cards discarded, below cards moved up.
    AuctionEnded {
        discarded: Vec<u32>,
    },
    /// PNV-7.2: a build step opens.
    BuildStepStarted {
        step: u8,
        seats: Vec<Seat>,
    },
    /// PNV-7.3: every selection (`None` = pass).
    SelectionsRevealed {
        selections: Vec<(Seat, Option<u32>)>,
    },
    /// PNV-7.16: no legal paid position at resolution; the card stays in hand.
    CardReturned {
        seat: Seat,
        card: u32,
    },
    /// PNV-7.4–7.9: a card enters the pyramid; `paid` went to the supply.
    CardPlaced {
        seat: Seat,
        card: u32,
        level: u8,
        x: i32,
        paid: Gems,
        eternal_gems: Gems,
    },
    /// PNV-7.10: a monochrome circle closed; `gem` when the supply had one.
    MonochromeCircle {
        seat: Seat,
        level: u8,
        x: i32,
        color: Color,
        gem: bool,
    },
    /// PNV-7.13: the level-5 reward choice.
    Level5Chosen {
        seat: Seat,
        card: u32,
        choice: Level5Choice,
    },
    /// PNV-8.2, 8.4–8.6, 8.8: tokens put on a pyramid card.
    TokensPlaced {
        seat: Seat,
        card: u32,
        reward: Reward,
    },
    /// PNV-8.7: attack tokens behind the screen.
    AttackGained {
        seat: Seat,
        n: u32,
    },
    /// PNV-8.9: an eternal gem on a card, from the supply or the screen.
    EternalGemPlaced {
        seat: Seat,
        card: u32,
        color: Color,
        from_screen: bool,
    },
    /// PNV-8.9: the eternal gem is lost.
    EternalGemLost {
        seat: Seat,
        card: u32,
    },
    /// PNV-8.3: a card drawn (identity for the owner only).
    CardDrawn {
        seat: Seat,
        deck: Deck,
        card: Option<u32>,
    },
    /// PNV-8.3: both decks empty, the draw is lost.
    DrawLost {
        seat: Seat,
    },
    /// Decision 15.
    LawOptionChosen {
        seat: Seat,
        law: u32,
        index: u8,
    },
    /// PNV-4.11: a card tucked under `under` (identity hidden unless it is public).
    CardTucked {
        seat: Seat,
        under: u32,
        card: Option<u32>,
        from: TuckFrom,
        public: bool,
    },
    /// PNV-9.6: gems moved from the screen onto a law.
    GemsStored {
        seat: Seat,
        law: u32,
        gems: Gems,
    },
    /// PNV-10.2: screens removed, hands discarded.
    ScreensRevealed {
        screens: Vec<Gems>,
        attack: Vec<u32>,
        hands_discarded: Vec<u32>,
    },
    /// PNV-10.3, 10.5: every seat's recolouring, revealed together.
    RecolorsRevealed {
        recolors: Vec<Vec<Recolor>>,
    },
    /// PNV-10.6: the final scores.
    GameScored {
        scores: Vec<ScoreBreakdown>,
    },
}

/// The event as `viewer` may see it.
pub(crate) fn redact_event(event: &PanovnikEvent, viewer: Viewer) -> Option<PanovnikEvent> {
    use PanovnikEvent as E;
    let me = viewer.seat();
    let mine = |s: &Seat| me == Some(*s);
    let out = match event {
        E::StartingGemsReturned { seat, .. } if !mine(seat) => E::StartingGemsReturned {
            seat: *seat,
            gems: None,
        },
        E::CharactersDealt { seat, .. } if !mine(seat) => E::CharactersDealt {
            seat: *seat,
            cards: None,
        },
        E::ChoiceCommitted { seat, step, .. } if !mine(seat) => E::ChoiceCommitted {
            seat: *seat,
            step: *step,
            choice: None,
        },
        E::RecolorDrafted { seat, .. } if !mine(seat) => E::RecolorDrafted {
            seat: *seat,
            draft: None,
        },
        E::LawsDealt { seat, count, .. } if !mine(seat) => E::LawsDealt {
            seat: *seat,
            count: *count,
            cards: None,
        },
        E::CardDrawn { seat, deck, .. } if !mine(seat) => E::CardDrawn {
            seat: *seat,
            deck: *deck,
            card: None,
        },
        E::CardTucked {
            seat,
            under,
            from,
            public: false,
            ..
        } if !mine(seat) => E::CardTucked {
            seat: *seat,
            under: *under,
            card: None,
            from: *from,
            public: false,
        },
        other => other.clone(),
    };
    Some(out)
}
