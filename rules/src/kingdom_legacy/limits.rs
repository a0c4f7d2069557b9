//! What a request may name at most, derived from the packs' card data (R-1, KLG-3.1), so the
//! API edge bounds its input by the game's own numbers and new data moves them with it.

use super::data::Pack;
use std::sync::OnceLock;

/// KLG-3.1: the starting kingdom is the cards 1–10.
pub const STARTING_CARDS: std::ops::RangeInclusive<u16> = 1..=10;

/// The largest numbers any pack's data has.
#[derive(Debug)]
pub struct Limits {
    /// Card ids in the box (serial numbers `0..cards`).
    pub cards: usize,
    /// The starting deck.
    pub starting_deck: usize,
    /// The most production groups a stage lists: one alternative is named per group.
    pub production_groups: usize,
    /// The highest index on a card: of an alternative in a group, an upgrade or a checkbox.
    pub max_index: u32,
}

/// Both packs' limits, computed once.
pub fn limits() -> &'static Limits {
    static LIMITS: OnceLock<Limits> = OnceLock::new();
    LIMITS.get_or_init(|| {
        let packs = [Pack::Shipped, Pack::TestLibrary].map(Pack::content);
        let stages = || {
            packs
                .iter()
                .flat_map(|c| c.cards.iter().flatten())
                .flat_map(|c| c.faces.values())
        };
        let widest = stages()
            .flat_map(|s| {
                s.production
                    .iter()
                    .map(Vec::len)
                    .chain([s.upgrades.len(), s.checkboxes.len()])
            })
            .max()
            .unwrap_or(0);
        Limits {
            cards: packs.iter().map(|c| c.cards.len()).max().unwrap_or(0),
            starting_deck: STARTING_CARDS.count(),
            production_groups: stages().map(|s| s.production.len()).max().unwrap_or(0),
            max_index: widest.saturating_sub(1) as u32,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every stage of every pack fits the limits, and the box is its 140 serial numbers.
    #[test]
    fn every_stage_fits_the_limits() {
        let l = limits();
        assert_eq!((l.cards, l.starting_deck), (140, 10));
        for pack in [Pack::Shipped, Pack::TestLibrary] {
            for stage in pack
                .content()
                .cards
                .iter()
                .flatten()
                .flat_map(|c| c.faces.values())
            {
                assert!(stage.production.len() <= l.production_groups);
                let most = stage.production.iter().map(Vec::len).max().unwrap_or(0);
                for n in [most, stage.upgrades.len(), stage.checkboxes.len()] {
                    assert!(n <= l.max_index as usize + 1, "{stage:?}");
                }
            }
        }
    }
}
