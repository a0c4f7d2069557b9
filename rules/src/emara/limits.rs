//! What a request may name at most, derived from the component data (setup R1–R8) and the
//! modes, so the API edge bounds its input by the game's own numbers.

use super::data::data;
use super::types::{ActionCard, Advisor, AdvisorDeck, Location};
use crate::Game;
use std::sync::OnceLock;

/// EMR-2.13, EMR-16.10: the highest start position of the building track.
pub const MAX_START_POSITION: u32 = 1000;
/// R4 (EMR-2.8): two A advisors on each town location.
pub const A_ROW: usize = 2 * Location::TOWN.len();

/// The largest numbers a scenario or option may name.
#[derive(Debug)]
pub struct Limits {
    /// R1–R3: the locations split over both rings.
    pub locations: usize,
    /// R4: the A advisors laid out.
    pub advisors_a: usize,
    /// R5: the B deck.
    pub advisors_b: usize,
    /// R6: the event deck.
    pub events: usize,
    /// R7: the favor-token stack.
    pub favor_tokens: usize,
    /// R8: a seat's action deck.
    pub deck_cards: usize,
    /// The most seats a mode has (EMR-1.1).
    pub seats: usize,
}

/// The shipped data's and the modes' limits, computed once.
pub fn limits() -> &'static Limits {
    static LIMITS: OnceLock<Limits> = OnceLock::new();
    LIMITS.get_or_init(|| {
        let d = data();
        Limits {
            locations: Location::ALL.len(),
            advisors_a: A_ROW,
            advisors_b: Advisor::ALL
                .iter()
                .filter(|a| a.deck() == AdvisorDeck::B)
                .count(),
            events: d.events.len(),
            favor_tokens: d.favor_tokens.len(),
            deck_cards: ActionCard::ALL.len(),
            seats: super::Emara::modes()
                .iter()
                .map(|m| m.seats)
                .max()
                .unwrap_or(0),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The box of the rulebook (section 2): 8 locations, 8 A advisors laid out of a 6-card B
    /// deck, 14 events, 12 favor tokens, 9 action cards a seat, up to 4 seats.
    #[test]
    fn limits_are_the_boxs_counts() {
        let l = limits();
        assert_eq!(
            (
                l.locations,
                l.advisors_a,
                l.advisors_b,
                l.events,
                l.favor_tokens,
                l.deck_cards,
                l.seats
            ),
            (8, 8, 6, 14, 12, 9, 4)
        );
    }
}
