//! What a request may name at most, derived from the modes (section 2 and R3), so the API
//! edge bounds its input by the game's own numbers and a new mode moves them with it.

use super::types::Mode;
use std::sync::OnceLock;

/// The largest numbers any mode has.
#[derive(Debug)]
pub struct Limits {
    /// The most free factions a mode takes (R3: custom_2p 3, three or four players 5).
    pub free_factions: usize,
    /// The most seats (four_player_teams).
    pub seats: usize,
    /// The largest deck (three or four players).
    pub deck: usize,
}

/// The modes' maxima, computed once.
pub fn limits() -> &'static Limits {
    static LIMITS: OnceLock<Limits> = OnceLock::new();
    LIMITS.get_or_init(|| {
        let most = |f: fn(Mode) -> usize| Mode::ALL.into_iter().map(f).max().unwrap_or(0);
        Limits {
            free_factions: most(Mode::free_faction_count),
            seats: most(Mode::players),
            deck: most(Mode::deck_size),
        }
    })
}

/// CLM-MP1.1: at most two cards are turned up per trick.
pub const REVEALED_SLOTS: u32 = 2;

#[cfg(test)]
mod tests {
    use super::*;

    /// The limits are the modes' largest numbers: the four-player game's.
    #[test]
    fn limits_are_the_largest_modes_numbers() {
        let l = limits();
        let four = Mode::FourPlayerTeams;
        assert_eq!(
            (l.free_factions, l.seats, l.deck),
            (four.free_faction_count(), four.players(), four.deck_size())
        );
        assert!(Mode::ALL.iter().all(|m| m.deck_size() <= l.deck));
    }
}
