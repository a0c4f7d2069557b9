//! What a request may name at most, from the shipped data (PTH-1): the API edge bounds its
//! input by these, so no number of the game is written down outside it.

use super::data::Catalog;
use std::sync::OnceLock;

/// The game's real maxima (the fixture boards are smaller).
#[derive(Debug)]
pub struct Limits {
    /// The longest id of a space, god, loot or bonus token or action card.
    pub id_bytes: usize,
    /// Every card of the action deck and the special money (PTH-1.4).
    pub cards: usize,
    pub gods: usize,
    pub loot: usize,
    pub bonus: usize,
    pub demigods: usize,
    pub demigod_value: u32,
    /// The most sacrifice groups of a god, and the most pieces a sacrifice takes (PTH-8).
    pub god_groups: usize,
    pub god_pieces: usize,
}

/// The shipped data's limits, computed once.
pub fn limits() -> &'static Limits {
    static LIMITS: OnceLock<Limits> = OnceLock::new();
    LIMITS.get_or_init(|| {
        let c = Catalog::shipped();
        let ids = c
            .board
            .spaces
            .iter()
            .map(|s| s.id.len())
            .chain(c.gods.iter().map(|g| g.id.len()))
            .chain(c.loot.iter().chain(&c.bonus).map(|t| t.id.len()))
            .chain(c.action_cards.cards.iter().map(|a| a.id.len()));
        let requirements = || c.gods.iter().map(|g| &g.requirement);
        Limits {
            id_bytes: ids.max().unwrap_or(0),
            cards: c.action_cards.cards.len() + c.action_cards.special_money.len(),
            gods: c.gods.len(),
            loot: c.loot.len(),
            bonus: c.bonus.len(),
            demigods: c.demigods.len(),
            demigod_value: c.demigods.iter().copied().max().unwrap_or(0),
            god_groups: requirements().map(Vec::len).max().unwrap_or(0),
            god_pieces: requirements()
                .map(|r| r.iter().sum::<u32>() as usize)
                .max()
                .unwrap_or(0),
        }
    })
}

/// PTH-1.3: each player's general supply starts with 12 pillars and 12 footprints.
pub const SUPPLY_PIECES: u32 = 12;
/// Nations in the game (PTH-1.2).
pub const NATIONS: usize = 8;
/// Money card values: 1 and the special values 2–5.
pub const MONEY_VALUES: usize = 5;
