//! The game state: every zone of section 2, the turn bookkeeping, the pending decision and the
//! seeded RNG.

use super::inline::List;
use super::types::*;
use crate::{GameRng, Seat};
use serde::{Deserialize, Serialize};

/// A rotating marker (EMR-9.1): the index on its active side, `None` once removed (EMR-9.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct MarkerState {
    pub index: Option<u8>,
}

/// One player's zones.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Player {
    pub goods: Goods,
    pub cp: u32,
    pub bp: u32,
    /// Councilor positions in ring A and ring B (0..4 clockwise).
    pub councilors: [u8; 2],
    /// Slots with movement 1, 2, 3.
    pub slots: [Option<ActionCard>; 3],
    pub hand: List<ActionCard, 9>,
    /// Face-down deck, TOP card LAST.
    pub deck: List<ActionCard, 9>,
    /// Craftsmen already placed (the next one comes from board slot `craftsmen_placed`).
    pub craftsmen_placed: u8,
    pub advisors: List<Advisor, 22>,
    pub favor: List<FavorToken, 12>,
    pub nobility: List<NobilityCard, 5>,
    pub leftovers: Option<u32>,
    pub to_cp: Option<u32>,
}

impl Player {
    pub fn has(&self, a: Advisor) -> bool {
        self.advisors.contains(&a)
    }
}

/// An open location action (EMR-6.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Visit {
    pub location: Location,
    pub origin: VisitOrigin,
    /// Bit per [`SubAction`] used.
    pub used: u16,
}

impl Visit {
    pub fn used(&self, s: SubAction) -> bool {
        self.used & (1 << s as u16) != 0
    }
}

/// The current turn's bookkeeping (EMR-4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Turn {
    pub card: Option<ActionCard>,
    /// Slot index 0..3 (movement value = index + 1).
    pub slot: Option<u8>,
    pub card_done: bool,
    pub move_done: bool,
    /// Bit per [`Bonus`].
    pub bonus_used: u8,
    /// Bit per [`Advisor`] (once-per-turn abilities).
    pub abilities_used: u32,
    pub visit: Option<Visit>,
    /// The visit belongs to the card action (Step, City) rather than the movement.
    pub visit_is_card: bool,
}

impl Turn {
    pub fn bonus_used(&self, b: Bonus) -> bool {
        self.bonus_used & (1 << b as u8) != 0
    }
    pub fn ability_used(&self, a: Advisor) -> bool {
        self.abilities_used & (1 << a as u32) != 0
    }
}

/// Victoria, the solo automaton (EMR-16.1).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Victoria {
    pub cp: u32,
    pub nobility: List<NobilityCard, 5>,
}

/// The complete state of one Crown of Emara game. Serialisable; contains the seeded RNG and
/// hidden zones, so it must never be shown to a player as is — use `Emara::view`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmaraState {
    pub(crate) config: EmaraConfig,
    pub(crate) rng: GameRng,
    pub(crate) phase: Phase,
    /// 1..=6; 0 before round 1.
    pub(crate) round: u8,
    pub(crate) rings: [[Location; 4]; 2],
    /// Occupant of each hut: index = countryside location (0..4) × 4 + hut index.
    pub(crate) huts: [Option<u8>; 16],
    /// Advisor spaces per town location (castle, cathedral, construction site, market).
    pub(crate) spaces: [[Option<Advisor>; 2]; 4],
    /// B deck, TOP LAST.
    pub(crate) b_deck: List<Advisor, 6>,
    /// A advisors returned to the box (hidden from everybody).
    pub(crate) boxed_a: List<Advisor, 8>,
    pub(crate) markers: [MarkerState; 10],
    /// Nobility stacks by rank, TOP LAST (highest CP on top, EMR-2.10).
    pub(crate) nobility: [List<u32, 4>; 5],
    /// Event deck, TOP LAST.
    pub(crate) events: List<EventCard, 14>,
    /// Cards moved to the box (the setup card first).
    pub(crate) events_done: List<EventCard, 14>,
    pub(crate) current_event: Option<EventCard>,
    /// Favor-token stack, TOP LAST.
    pub(crate) favor_stack: List<FavorToken, 12>,
    /// Face-down discard pile with, per token, a bitmask of the seats that know it (G22;
    /// `PUBLIC` = everybody, redeemed tokens were face up).
    pub(crate) favor_discard: List<(FavorToken, u8), 12>,
    /// Tokens drawn and not yet resolved (D13), private to the drawer.
    pub(crate) favor_drawn: List<FavorToken, 3>,
    pub(crate) statue: u8,
    pub(crate) start_player: u8,
    pub(crate) building_start: u32,
    pub(crate) players: Vec<Player>,
    pub(crate) victoria: Option<Victoria>,
    /// 0..3N within the round.
    pub(crate) turn_index: u8,
    pub(crate) turn: Turn,
    /// End of round: next seat offset (from the statue holder) to resolve the event for.
    pub(crate) round_event_next: u8,
    pub(crate) pending: Pending,
    /// Scenario decks for the rebuild after round 3 (R8).
    pub(crate) decks_round_4: Option<Vec<Vec<ActionCard>>>,
    pub(crate) score: Option<FinalScore>,
    /// The seed and scenario the game was set up from (to replay `setup_events`).
    pub(crate) seed: u64,
    pub(crate) scenario: Option<Box<EmaraScenario>>,
}

/// `favor_discard` knowledge mask: everybody knows the token.
pub(crate) const PUBLIC: u8 = 0xFF;

impl EmaraState {
    pub fn config(&self) -> &EmaraConfig {
        &self.config
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn round(&self) -> u8 {
        self.round
    }

    pub fn pending(&self) -> &Pending {
        &self.pending
    }

    /// Number of seats.
    pub(crate) fn n(&self) -> usize {
        self.players.len()
    }

    pub(crate) fn solo(&self) -> bool {
        self.players.len() == 1
    }

    /// The location a councilor stands on.
    pub(crate) fn councilor_at(&self, seat: Seat, ring: Ring) -> Location {
        self.rings[ring as usize][self.players[seat].councilors[ring as usize] as usize]
    }

    /// Where a location lies: (ring, position).
    pub(crate) fn position_of(&self, loc: Location) -> (Ring, u8) {
        for ring in Ring::ALL {
            if let Some(p) = self.rings[ring as usize].iter().position(|&l| l == loc) {
                return (ring, p as u8);
            }
        }
        unreachable!("every location lies in a ring")
    }

    /// Whether one of `seat`'s councilors stands on `loc`.
    pub(crate) fn councilor_on(&self, seat: Seat, loc: Location) -> bool {
        Ring::ALL.iter().any(|&r| self.councilor_at(seat, r) == loc)
    }

    /// The seat whose turn it is (turn phase).
    pub(crate) fn turn_seat(&self) -> Seat {
        (self.statue as usize + self.turn_index as usize) % self.n()
    }

    pub(crate) fn event_is(&self, e: EventCard) -> bool {
        self.current_event == Some(e)
    }

    /// Number of own craftsmen on a countryside location.
    pub(crate) fn own_craftsmen_on(&self, seat: Seat, loc: Location) -> u8 {
        let base = loc as usize * 4;
        self.huts[base..base + 4]
            .iter()
            .filter(|o| **o == Some(seat as u8))
            .count() as u8
    }
}
