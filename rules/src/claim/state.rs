//! The game state: every zone of section 2/CLM-GEN.3, the pending decision and the seeded RNG.

use super::types::*;
use crate::{GameRng, Seat};
use serde::{Deserialize, Serialize};

/// `Follower::known` value for a card everybody knows, spectators included (taken face up from the
/// revealed slots, section 8).
pub(crate) const PUBLIC: u8 = 0xFF;

/// A card in a follower pile together with who knows its identity (section 8): bit `s` = seat `s`
/// knows it; [`PUBLIC`] = everybody.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Follower {
    pub card: Card,
    pub known: u8,
}

impl Follower {
    pub fn known_to(&self, seat: Seat) -> bool {
        self.known & (1 << seat) != 0
    }
}

/// One player's private and public zones (CLM-GEN.3).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Zones {
    /// Secret hand, in the order received (phase 1: dealt; phase 2: follower pile order).
    pub hand: Vec<Card>,
    /// Face-down follower pile (phase 1 only).
    pub followers: Vec<Follower>,
    /// Phase 2: the hand cards that came from the follower pile with others knowing them
    /// (taken face up, or seen), until played — public knowledge stays public (section 8).
    #[serde(default)]
    pub known_in_hand: Vec<Follower>,
    /// Face-up score pile.
    pub score: Vec<Card>,
    /// Face-up gnome row (CLM-GNM.1).
    pub row: Vec<Card>,
}

/// The complete state of one Claim game. Serialisable; contains the seeded RNG, so it must never
/// be shown to a player as is (CLM-HID.5) — use `Claim::view`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimState {
    /// The creation options as given (flags are read from here).
    pub(crate) config: ClaimConfig,
    pub(crate) pair: Pair,
    /// Factions in play, canonical order.
    pub(crate) factions: Vec<Faction>,
    pub(crate) rng: GameRng,
    pub(crate) phase: Phase,
    /// 1-based trick number within the phase.
    pub(crate) trick_number: usize,
    /// Face-down draw deck, stored bottom first: the TOP card is the LAST element.
    pub(crate) deck: Vec<Card>,
    /// Revealed card(s) of the current phase-1 trick, by slot.
    pub(crate) revealed: Vec<Card>,
    /// Leader of the current trick.
    pub(crate) leader: Seat,
    /// Cards played into the current trick, in play order.
    pub(crate) trick: Vec<PlayedCard>,
    /// Ranking of the current trick while its phase-1 rewards are being decided.
    pub(crate) ranking: Vec<Seat>,
    pub(crate) last_trick: Vec<PlayedCard>,
    pub(crate) last_ranking: Vec<Seat>,
    pub(crate) players: Vec<Zones>,
    pub(crate) pool: Vec<Card>,
    pub(crate) discard: Vec<Card>,
    pub(crate) pending: Pending,
    /// D6: crushes left per gnome value (giants of that value in the trick not yet used).
    pub(crate) crush_left: [u8; 10],
    pub(crate) score: Option<ClaimScore>,
}

impl ClaimState {
    pub fn mode(&self) -> Mode {
        self.config.mode
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn pending(&self) -> &Pending {
        &self.pending
    }

    /// Number of seats N.
    pub(crate) fn n(&self) -> usize {
        self.players.len()
    }

    /// Hand size H = tricks per phase.
    pub(crate) fn h(&self) -> usize {
        self.config.mode.hand_size()
    }

    pub(crate) fn next_seat(&self, seat: Seat) -> Seat {
        (seat + 1) % self.n()
    }

    /// The deck's top card, if any.
    pub(crate) fn deck_top(&self) -> Option<Card> {
        self.deck.last().copied()
    }

    /// The card `seat` played into the current trick.
    pub(crate) fn played_by(&self, seat: Seat) -> Option<Card> {
        self.trick.iter().find(|p| p.seat == seat).map(|p| p.card)
    }

    /// Whether two seats are opponents (CLM-MP.1: partners sit opposite in `four_player_teams`).
    pub(crate) fn opponents(&self, a: Seat, b: Seat) -> bool {
        if a == b {
            return false;
        }
        self.config.mode != Mode::FourPlayerTeams || a % 2 != b % 2
    }

    /// CLM-GEN.7: the number of cards in all zones together (must equal the mode's deck size).
    pub fn card_total(&self) -> usize {
        self.deck.len()
            + self.revealed.len()
            + self.trick.len()
            + self.pool.len()
            + self.discard.len()
            + self
                .players
                .iter()
                .map(|p| p.hand.len() + p.followers.len() + p.score.len() + p.row.len())
                .sum::<usize>()
    }

    /// Every card of the game, in no particular order (for conservation tests, CLM-GEN.7).
    pub fn all_cards(&self) -> Vec<Card> {
        let mut all = Vec::with_capacity(self.config.mode.deck_size());
        all.extend(&self.deck);
        all.extend(&self.revealed);
        all.extend(self.trick.iter().map(|p| p.card));
        all.extend(&self.pool);
        all.extend(&self.discard);
        for p in &self.players {
            all.extend(&p.hand);
            all.extend(p.followers.iter().map(|f| f.card));
            all.extend(&p.score);
            all.extend(&p.row);
        }
        all
    }
}
