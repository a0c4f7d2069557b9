//! The game state: every zone of section 2, the phase machine, the open sealed step, the pending
//! sequential decision, the queue of automatic work and the seeded RNG.

use super::data::{Catalog, Reward};
use super::types::*;
use crate::{GameRng, Seat};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// A card tucked under a pyramid card (PNV-4.11): no position, no tokens, no effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Tucked {
    pub card: u32,
    /// Identity public (tucked from the pyramid or won in the auction); otherwise owner only.
    pub public: bool,
}

/// A positioned pyramid card (PNV-4.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PCard {
    pub card: u32,
    pub level: u8,
    pub x: i32,
    pub tokens: Tokens,
    pub tucked: Vec<Tucked>,
    /// Recolouring gems per segment (PNV-10.3), index = [`Segment::index`].
    pub recolor: [Option<Color>; 4],
}

impl PCard {
    pub fn new(card: u32, level: u8, x: i32) -> PCard {
        PCard {
            card,
            level,
            x,
            tokens: Tokens::default(),
            tucked: Vec::new(),
            recolor: [None; 4],
        }
    }
}

/// One real player's zones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Player {
    /// Gems behind the screen (hidden, PNV-13.1).
    pub screen: Gems,
    /// Attack tokens behind the screen (PNV-8.7).
    pub attack: u32,
    /// Hand cards, characters and laws (hidden).
    pub hand: Vec<u32>,
    pub pyramid: Vec<PCard>,
    /// The two dealt characters while the starting card is chosen (setup step 7).
    pub dealt: Vec<u32>,
}

impl Player {
    pub fn at(&self, level: u8, x: i32) -> Option<usize> {
        self.pyramid
            .iter()
            .position(|c| c.level == level && c.x == x)
    }

    pub fn card_index(&self, card: u32) -> Option<usize> {
        self.pyramid.iter().position(|c| c.card == card)
    }

    /// Sum of a token kind over the positioned cards (PNV-10.15).
    pub fn sum(&self, f: impl Fn(&Tokens) -> u32) -> u32 {
        self.pyramid.iter().map(|c| f(&c.tokens)).sum()
    }

    pub fn hand_laws(&self) -> u32 {
        self.hand.iter().filter(|&&c| Catalog::is_law(c)).count() as u32
    }
}

/// The phase machine (section 4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Stage {
    /// Setup step 7 (sealed).
    StartingChoice,
    /// Setup step 11: starting rewards are being resolved.
    StartingRewards,
    /// Bids are being committed (sealed).
    Bidding,
    /// Attack picks in priority order (`auction.queue`).
    Attacks,
    /// Colour-by-colour resolution; the next auction-card position.
    Colors {
        next: u8,
    },
    /// A sealed negotiation for this colour (PNV-5.10).
    Negotiating {
        color: Color,
    },
    /// Virtual opponents alone on a colour (PNV-11.5, 12.3, 12.4, 12.7).
    VirtualRemovals,
    /// Discards for virtual opponents whose colour held no card (`auction.no_match`).
    NoMatch,
    /// Passers take gems in priority order (`auction.queue`).
    Passing,
    /// Build selections are being committed (sealed).
    BuildSelect,
    /// Selected cards resolve in ascending order number (`build.queue`).
    BuildResolve,
    /// End of game: recolouring (sealed).
    Recolor,
    Finished,
}

/// An open sealed step: who must commit and what each seat chose so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Sealed {
    pub step: SealedStep,
    pub eligible: Vec<bool>,
    pub committed: Vec<bool>,
    pub choices: Vec<Option<SealedChoice>>,
}

impl Sealed {
    pub fn new(step: SealedStep, eligible: Vec<bool>) -> Sealed {
        let n = eligible.len();
        Sealed {
            step,
            eligible,
            committed: vec![false; n],
            choices: vec![None; n],
        }
    }

    pub fn waiting(&self) -> Vec<Seat> {
        (0..self.eligible.len())
            .filter(|&s| self.eligible[s] && !self.committed[s])
            .collect()
    }
}

/// The auction phase's bookkeeping (PNV-5).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Auction {
    /// 1..=3.
    pub bidding_round: u8,
    /// Real players still taking part (neither won nor passed).
    pub active: Vec<bool>,
    pub won: Vec<bool>,
    pub passed: Vec<bool>,
    /// Virtual opponents still taking part.
    pub virt_active: Vec<bool>,
    /// This bidding round's revealed bids.
    pub bids: Vec<Option<Bid>>,
    /// This bidding round's virtual draws (the gems stay counted in the box, PNV-11.7).
    pub virt_bids: Vec<Option<Color>>,
    /// Attackers (stage Attacks) or passers (stage Passing), in priority order.
    pub queue: Vec<Seat>,
    /// Empty-hand passers of this bidding round.
    pub passers: Vec<Seat>,
    /// Virtual opponents whose colour held no card (PNV-11.6, 12.10).
    pub no_match: Vec<u8>,
}

/// The building phase's bookkeeping (PNV-7).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Build {
    /// 1..=3.
    pub step: u8,
    pub passed: Vec<bool>,
    /// Selected cards still to resolve, ascending order number.
    pub queue: Vec<(u32, Seat)>,
}

/// A pending sequential decision of one seat (section 9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Decision {
    /// 2, 11: taken one gem at a time; `picked` are the gems chosen so far (still in the
    /// supply until the choice is complete).
    ChooseGems {
        seat: Seat,
        n: u32,
        reason: GemReason,
        #[serde(default)]
        picked: Gems,
    },
    /// 3.
    DrawCard { seat: Seat, remaining: u32 },
    /// 4.
    EternalFromScreen { seat: Seat, host: u32, color: Color },
    /// 21.
    ChooseColor { seat: Seat, host: u32 },
    /// 6.
    AttackPick { seat: Seat },
    /// 7.
    AuctionPick { seat: Seat, color: Color },
    /// 9.
    VirtualTie { seat: Seat, color: Color, virt: u8 },
    /// 10.
    VirtualDiscard { seat: Seat, virt: u8 },
    /// 13.
    PlaceCard { seat: Seat, card: u32 },
    /// 14.
    Level5 { seat: Seat, card: u32 },
    /// 15 (`choose_one` law, or a `choice` reward), tokens go on `host`.
    LawOption {
        seat: Seat,
        host: u32,
        options: Vec<Reward>,
    },
    /// 16.
    TuckFree { seat: Seat, law: u32 },
    /// 17: stored one gem at a time; `stored` are the gems chosen so far (still behind the
    /// screen until the choice is done).
    StoreGems {
        seat: Seat,
        law: u32,
        max: u32,
        #[serde(default)]
        stored: Gems,
    },
    /// 18; `left` = how many more may be tucked (`None` = no limit).
    TuckFromHand {
        seat: Seat,
        law: u32,
        left: Option<u32>,
    },
    /// 19.
    TuckGained {
        seat: Seat,
        card: u32,
        law: u32,
        public: bool,
    },
}

impl Decision {
    pub fn seat(&self) -> Seat {
        use Decision as D;
        match *self {
            D::ChooseGems { seat, .. }
            | D::DrawCard { seat, .. }
            | D::EternalFromScreen { seat, .. }
            | D::ChooseColor { seat, .. }
            | D::AttackPick { seat }
            | D::AuctionPick { seat, .. }
            | D::VirtualTie { seat, .. }
            | D::VirtualDiscard { seat, .. }
            | D::PlaceCard { seat, .. }
            | D::Level5 { seat, .. }
            | D::LawOption { seat, .. }
            | D::TuckFree { seat, .. }
            | D::StoreGems { seat, .. }
            | D::TuckFromHand { seat, .. }
            | D::TuckGained { seat, .. } => seat,
        }
    }
}

/// Automatic work waiting to run (rewards and effects resolve in order, PNV-8.10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Task {
    /// Resolve a reward; its tokens go on `host` (PNV-8.11).
    Reward {
        seat: Seat,
        host: u32,
        reward: Reward,
    },
    /// Take `n` gems from the supply (PNV-8.1, 6.2, 3.5).
    Gems {
        seat: Seat,
        n: u32,
        reason: GemReason,
    },
    /// Draw `n` cards (PNV-8.3).
    Draw { seat: Seat, n: u32 },
    /// An eternal gem on `host` (PNV-8.9).
    Eternal {
        seat: Seat,
        host: u32,
        color: EternalColor,
    },
    /// A placed law's on-play effect (PNV-9.1).
    LawEffect { seat: Seat, law: u32 },
    /// A card was just gained: offer `tuck_gained_cards` (decision 19).
    Gained { seat: Seat, card: u32, public: bool },
    /// A passer takes gems (PNV-6.2).
    PassGems { seat: Seat },
}

/// The complete state of one Panovník game. Serialisable; contains the seeded RNG and hidden
/// zones, so it must never be shown to a player as is — use `Panovnik::view`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PanovnikState {
    pub(crate) config: PanovnikConfig,
    pub(crate) scenario: Option<PanovnikScenario>,
    pub(crate) seed: u64,
    pub(crate) rng: GameRng,
    /// Auction cards from left to right.
    pub(crate) auction_colors: [Color; 4],
    pub(crate) supply: Gems,
    /// Gems in the box (PNV-2.1); virtual draws never leave it (PNV-11.7).
    pub(crate) box_gems: Gems,
    pub(crate) players: Vec<Player>,
    /// Decks, TOP LAST.
    pub(crate) big_deck: Vec<u32>,
    pub(crate) small_deck: Vec<u32>,
    pub(crate) law_deck: Vec<u32>,
    /// Display per colour index: `[above, below]`.
    pub(crate) display: [[Option<u32>; 2]; 4],
    /// Discarded and removed cards, face up (section 8).
    pub(crate) discard: Vec<u32>,
    /// 1..=12; 0 during setup.
    pub(crate) round: u8,
    /// PNV-5.17: the number of the last round once the big deck ran out (0 before).
    pub(crate) final_round: u8,
    pub(crate) stage: Stage,
    pub(crate) auction: Auction,
    pub(crate) build: Build,
    pub(crate) sealed: Option<Sealed>,
    pub(crate) decision: Option<Decision>,
    pub(crate) tasks: VecDeque<Task>,
    /// Final per-seat scores once the game is over.
    pub(crate) scores: Option<Vec<ScoreBreakdown>>,
}

impl PanovnikState {
    pub(crate) fn n(&self) -> usize {
        self.players.len()
    }

    pub(crate) fn virtuals(&self) -> usize {
        self.config.virtuals() as usize
    }

    /// PNV-3.1, 3.2: the lowest order number among a player's positioned cards.
    pub(crate) fn priority_key(&self, seat: Seat) -> u32 {
        self.players[seat]
            .pyramid
            .iter()
            .map(|c| c.card)
            .min()
            .unwrap_or(u32::MAX)
    }

    /// PNV-3.1: seats sorted by priority (seat index breaks the impossible tie).
    pub(crate) fn by_priority(&self, mut seats: Vec<Seat>) -> Vec<Seat> {
        seats.sort_by_key(|&s| (self.priority_key(s), s));
        seats
    }

    pub(crate) fn display_card(&self, color: Color, slot: Slot) -> Option<u32> {
        self.display[color.index()][slot.index()]
    }

    pub(crate) fn display_count(&self, color: Color) -> usize {
        self.display[color.index()].iter().flatten().count()
    }

    /// Every displayed card as (colour, slot, card), in auction-card order.
    pub(crate) fn displayed(&self) -> Vec<(Color, Slot, u32)> {
        let mut v = Vec::new();
        for &c in &self.auction_colors {
            for s in Slot::ALL {
                if let Some(card) = self.display_card(c, s) {
                    v.push((c, s, card));
                }
            }
        }
        v
    }

    pub(crate) fn decider(&self) -> Option<Seat> {
        self.decision.as_ref().map(Decision::seat)
    }

    pub(crate) fn auction_pick_color(&self) -> Option<Color> {
        match self.decision {
            Some(Decision::AuctionPick { color, .. }) => Some(color),
            _ => None,
        }
    }

    /// The colour two bidders negotiate over (PNV-5.10).
    pub(crate) fn negotiation_color(&self) -> Option<Color> {
        match self.stage {
            Stage::Negotiating { color } => Some(color),
            _ => None,
        }
    }

    /// The colour of an open real–virtual tie (decision 9).
    pub(crate) fn tie_color(&self) -> Option<Color> {
        match self.decision {
            Some(Decision::VirtualTie { color, .. }) => Some(color),
            _ => None,
        }
    }

    pub(crate) fn placing_card(&self) -> Option<u32> {
        match self.decision {
            Some(Decision::PlaceCard { card, .. }) => Some(card),
            _ => None,
        }
    }

    pub(crate) fn law_option(&self, i: usize) -> Option<Reward> {
        match &self.decision {
            Some(Decision::LawOption { options, .. }) => options.get(i).cloned(),
            _ => None,
        }
    }

    pub(crate) fn card_at_decider(&self, level: u8, x: i32) -> Option<u32> {
        let p = &self.players[self.decider()?];
        p.at(level, x).map(|i| p.pyramid[i].card)
    }

    #[cfg(test)]
    /// Gem conservation check helper: supply + screens + gems on cards, per colour.
    pub(crate) fn gems_in_play(&self) -> Gems {
        let mut g = self.supply;
        for p in &self.players {
            g = g.plus(&p.screen);
            for c in &p.pyramid {
                g = g.plus(&c.tokens.stored);
                for e in &c.tokens.eternal {
                    g.add(e.color, 1);
                }
                for r in c.recolor.iter().flatten() {
                    g.add(*r, 1);
                }
            }
        }
        g
    }

    pub(crate) fn is_over(&self) -> bool {
        self.stage == Stage::Finished
    }

    /// Whether `seat` has committed its choice in the open sealed step (it may still replace
    /// it until the reveal).
    pub(crate) fn committed(&self, seat: Seat) -> bool {
        self.sealed.as_ref().is_some_and(|s| s.committed[seat])
    }
}
