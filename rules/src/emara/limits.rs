//! What a request may name at most: the game's component counts (setup R1–R8) and the
//! building track's highest start, so the API edge bounds its input by the game's numbers.

/// EMR-2.13, EMR-16.10: the highest start position of the building track.
pub const MAX_START_POSITION: u32 = 1000;
/// R4: the 8 A advisors laid out; R5: the 6 of the B deck.
pub const ADVISORS_A: usize = 8;
pub const ADVISORS_B: usize = 6;
/// R6: the event deck; R7: the favor-token stack; R8: a seat's action deck.
pub const EVENTS: usize = 14;
pub const FAVOR_TOKENS: usize = 12;
pub const DECK_CARDS: usize = 9;
/// R1–R3: the 8 locations split over both rings.
pub const LOCATIONS: usize = 8;
/// The most seats a game has (EMR-1.1).
pub const MAX_SEATS: usize = 4;
