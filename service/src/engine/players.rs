//! The player listings: which games a backend's players (`player_ref` on seats) are in, and
//! which of them wait for those players. The store's indexes are marked before a write and
//! cleared after it, so a crash leaves a mark too many and never one too few; a listing checks
//! each game it finds against the game itself.

use crate::store::record::{GameRecord, SeatRecord};
use tablero_rules::Seat;

/// The players seated in `seats`, each once.
pub fn players(seats: &[SeatRecord]) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for p in seats.iter().filter_map(|s| s.player_ref.as_deref()) {
        if !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// The players of the seats in `to_act`, each once.
pub fn waiting<'a>(seats: &'a [SeatRecord], to_act: &[Seat]) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for seat in to_act {
        if let Some(p) = seats.get(*seat).and_then(|s| s.player_ref.as_deref())
            && !out.contains(&p)
        {
            out.push(p);
        }
    }
    out
}

/// Whether any seat has a player: only such games touch the player indexes.
pub fn has_players(seats: &[SeatRecord]) -> bool {
    seats.iter().any(|s| s.player_ref.is_some())
}

/// Whether `player` sits at one of the seats in `to_act` (or at any seat when `to_act` is
/// `None`).
pub fn seated(record: &GameRecord, player: &str, to_act: Option<&[Seat]>) -> bool {
    record.seats.iter().enumerate().any(|(i, s)| {
        s.player_ref.as_deref() == Some(player) && to_act.is_none_or(|t| t.contains(&i))
    })
}
