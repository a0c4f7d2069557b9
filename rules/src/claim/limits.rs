//! What a request may name at most, from the modes' components (section 2 and R3), so the
//! API edge bounds its input by the game's numbers.

/// The free factions of a game (custom_2p: 3, three or four players: 5; R3).
pub const MAX_FREE_FACTIONS: usize = 5;
/// The most seats (four_player_teams).
pub const MAX_SEATS: u32 = 4;
/// The largest deck (three or four players).
pub const MAX_DECK: usize = 72;
/// CLM-MP1.1: at most two cards are turned up per trick.
pub const REVEALED_SLOTS: u32 = 2;
