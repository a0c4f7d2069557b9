//! Who sat where at an earlier version: a view of version `v` shows the seats as they were at
//! `v`, not as they are now (a replay must not show a later resignation, or a seat the bot took
//! over later as a bot's). Every seat change is a log entry that keeps the seat as it was
//! before it, so the seats at `v` are the current ones with the later changes undone; a join
//! is no move, so a seat taken after `v` shows open.

use crate::store::record::{LogEntry, Occupant, SeatRecord};

/// The seats at `version`, from the `current` ones and the log entries after `version` (any
/// others are ignored).
pub fn seats_at(current: &[SeatRecord], version: u64, later: &[LogEntry]) -> Vec<SeatRecord> {
    let mut seats = current.to_vec();
    for entry in later.iter().rev().filter(|e| e.version > version) {
        if let (Some(_), Some(before), Some(seat)) = (
            entry.seat_change,
            &entry.seat_before,
            seats.get_mut(entry.seat),
        ) {
            *seat = before.clone();
        }
    }
    for seat in seats
        .iter_mut()
        .filter(|s| s.joined_at.is_some_and(|at| at > version))
    {
        *seat = open();
    }
    seats
}

/// A seat nobody has taken.
fn open() -> SeatRecord {
    SeatRecord::new(Occupant::Open, String::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::record::SeatChange;

    fn human(name: &str) -> SeatRecord {
        SeatRecord {
            occupant: Occupant::Human,
            name: name.into(),
            ..open()
        }
    }

    #[test]
    fn later_changes_are_undone_and_later_joins_are_open() {
        let ada = human("Ada");
        let mut bob = human("Bob");
        bob.joined_at = Some(2);
        let mut bot = ada.clone();
        bot.occupant = Occupant::Bot;
        bot.bot = "random".into();
        let mut resigned = bob.clone();
        resigned.resigned_at = Some(5);
        let current = vec![bot.clone(), resigned.clone()];
        let log = vec![
            LogEntry::seat_change(4, 0, SeatChange::ReplacedByBot, Some(ada.clone())),
            LogEntry::seat_change(5, 1, SeatChange::Resigned, Some(bob.clone())),
        ];
        assert_eq!(seats_at(&current, 5, &log), current);
        assert_eq!(seats_at(&current, 4, &log), vec![bot, bob.clone()]);
        assert_eq!(seats_at(&current, 3, &log), vec![ada.clone(), bob]);
        assert_eq!(seats_at(&current, 1, &log), vec![ada, open()]);
    }
}
