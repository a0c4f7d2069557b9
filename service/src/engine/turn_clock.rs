//! Turn clocks: who is on the clock, when each deadline falls, what a write does to the clocks.
//! Pure arithmetic on [`ClockRecord`]; the engine calls [`tick`] with every write of a timed
//! game and [`crate::engine::deadlines`] enforces what falls due.
//!
//! A seat is on the clock while it is a person's seat that must act (bots answer at once, an
//! open seat waits for a player). A decision begins when the seat comes on the clock, or again
//! after the seat acted and must act once more; it ends when the seat acts or leaves the
//! clock. A chess clock spends the decision's time from the seat's bank and adds the increment
//! after a move.

use super::view::{ClockView, SeatClock};
use crate::store::record::{ClockRecord, TimeControl, TimeoutPolicy};
use tablero_rules::Seat;

const DAY_MS: i64 = 86_400_000;

/// A new game's clocks: nobody on the clock yet ([`tick`] starts the first decisions).
pub fn new_clock(control: TimeControl, on_timeout: TimeoutPolicy, seats: usize) -> ClockRecord {
    let bank = match control {
        TimeControl::ChessClock { initial_ms, .. } => initial_ms,
        _ => 0,
    };
    ClockRecord {
        control,
        on_timeout,
        remaining_ms: vec![bank; seats],
        started_ms: vec![None; seats],
    }
}

/// A write at `now`: `acted` made a decision, `before` were on the clock before it and `after`
/// are after it. A decision that ended spends its time (a chess clock's bank, topped up by the
/// increment when the seat acted); a decision that began starts now.
pub fn tick(clock: &mut ClockRecord, before: &[Seat], after: &[Seat], acted: &[Seat], now: i64) {
    for seat in 0..clock.started_ms.len() {
        let acted_now = acted.contains(&seat);
        let ended = before.contains(&seat) && (acted_now || !after.contains(&seat));
        let started = if ended {
            clock.started_ms[seat].take()
        } else {
            None
        };
        if let (Some(started), TimeControl::ChessClock { increment_ms, .. }) =
            (started, clock.control)
        {
            let spent = (now - started).max(0);
            let left = (clock.remaining_ms[seat] - spent).max(0);
            clock.remaining_ms[seat] = if acted_now { left + increment_ms } else { left };
        }
        if after.contains(&seat) && clock.started_ms[seat].is_none() {
            clock.started_ms[seat] = Some(now);
        }
    }
}

/// When `seat`'s current decision must be made; `None` while it is not on the clock.
pub fn deadline(clock: &ClockRecord, seat: Seat) -> Option<i64> {
    let started = (*clock.started_ms.get(seat)?)?;
    Some(match clock.control {
        TimeControl::PerMove { ms } => started + ms,
        TimeControl::ChessClock { .. } => started + clock.remaining_ms[seat],
        TimeControl::Daily { days } => started + days as i64 * DAY_MS,
    })
}

/// The earliest deadline of any seat.
pub fn next_deadline(clock: &ClockRecord) -> Option<i64> {
    (0..clock.started_ms.len())
        .filter_map(|s| deadline(clock, s))
        .min()
}

/// The seats whose deadline has passed at `now`, earliest first.
pub fn due(clock: &ClockRecord, now: i64) -> Vec<Seat> {
    let mut due: Vec<(i64, Seat)> = (0..clock.started_ms.len())
        .filter_map(|s| deadline(clock, s).map(|d| (d, s)))
        .filter(|(d, _)| *d <= now)
        .collect();
    due.sort();
    due.into_iter().map(|(_, s)| s).collect()
}

/// The clocks as a view shows them at `now`: each seat's deadline and time left.
pub fn view(clock: &ClockRecord, now: i64) -> ClockView {
    let seats = (0..clock.started_ms.len())
        .map(|seat| {
            let deadline = deadline(clock, seat);
            let remaining_ms = match (clock.control, deadline) {
                (_, Some(d)) => (d - now).max(0),
                (TimeControl::ChessClock { .. }, None) => clock.remaining_ms[seat],
                (_, None) => 0,
            };
            SeatClock {
                seat,
                deadline_ms: deadline,
                remaining_ms,
            }
        })
        .collect();
    ClockView {
        control: clock.control,
        on_timeout: clock.on_timeout,
        seats,
        next_deadline_ms: next_deadline(clock),
        now_ms: now,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess(initial_ms: i64, increment_ms: i64) -> ClockRecord {
        new_clock(
            TimeControl::ChessClock {
                initial_ms,
                increment_ms,
            },
            TimeoutPolicy::BotMoves,
            2,
        )
    }

    #[test]
    fn a_chess_clock_spends_the_decision_and_adds_the_increment() {
        let mut c = chess(60_000, 2_000);
        tick(&mut c, &[], &[0], &[], 1_000);
        assert_eq!(deadline(&c, 0), Some(61_000));
        assert_eq!(deadline(&c, 1), None);
        // Seat 0 moves after 10 s; seat 1 is on the clock.
        tick(&mut c, &[0], &[1], &[0], 11_000);
        assert_eq!(c.remaining_ms, vec![52_000, 60_000]);
        assert_eq!(next_deadline(&c), Some(71_000));
        assert_eq!(due(&c, 70_999), Vec::<Seat>::new());
        assert_eq!(due(&c, 71_000), vec![1]);
    }

    #[test]
    fn acting_again_starts_a_new_decision() {
        let mut c = new_clock(TimeControl::PerMove { ms: 5_000 }, TimeoutPolicy::Resign, 2);
        tick(&mut c, &[], &[0], &[], 0);
        tick(&mut c, &[0], &[0], &[0], 4_000);
        assert_eq!(
            deadline(&c, 0),
            Some(9_000),
            "the new decision has its own deadline"
        );
        // Leaving the clock without acting (the seat went to a bot) ends the decision.
        tick(&mut c, &[0], &[], &[], 6_000);
        assert_eq!(next_deadline(&c), None);
    }

    #[test]
    fn sealed_choices_have_a_deadline_per_seat() {
        let mut c = new_clock(TimeControl::Daily { days: 1 }, TimeoutPolicy::BotMoves, 3);
        tick(&mut c, &[], &[0, 1, 2], &[], 0);
        // Seat 1 commits its choice; the others still decide.
        tick(&mut c, &[0, 1, 2], &[0, 2], &[1], 1_000);
        assert_eq!(due(&c, DAY_MS), vec![0, 2]);
        assert_eq!(deadline(&c, 1), None);
    }

    #[test]
    fn a_spent_bank_is_due_at_once_and_never_negative() {
        let mut c = chess(1_000, 0);
        tick(&mut c, &[], &[0], &[], 0);
        tick(&mut c, &[0], &[1], &[0], 5_000);
        assert_eq!(c.remaining_ms[0], 0);
        tick(&mut c, &[1], &[0], &[1], 5_500);
        assert_eq!(due(&c, 5_500), vec![0]);
    }
}
