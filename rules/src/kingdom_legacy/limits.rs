//! What a request may name at most, from the box (R-1, the card data), so the API edge
//! bounds its input by the game's numbers.

/// Cards in the box, serial numbers 0–139 (the test library's are a subset).
pub const CARDS: usize = 140;
/// The most production groups a card face has (data: 2), the most alternatives in a group
/// (2), upgrades (2) or checkboxes (4) it lists: an index from the wire is below this.
/// Eight leaves room for stickers and upgrades the data adds without letting a list grow.
pub const MAX_INDEX: u32 = 7;
/// the starting deck is the cards 1–10.
pub const STARTING_DECK: usize = 10;
