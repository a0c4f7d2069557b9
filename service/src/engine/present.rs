//! Turning stored games into what a caller may see: views, seat lists, redacted events.

use super::acting;
use super::bot_moves::ShownMove;
use super::host::{GameKind, Session};
use super::turn_clock;
use super::view::{Event, GameSummary, GameView, SeatView};
use crate::bots;
use crate::error::ApiError;
use crate::store::record::{GameRecord, GameStatus, LogEntry, Occupant, SeatRecord};
use tablero_rules::Viewer;

/// The seats as every viewer sees them, `to_act` marked.
pub fn seats(seats: &[SeatRecord], to_act: &[usize]) -> Vec<SeatView> {
    seats
        .iter()
        .enumerate()
        .map(|(i, s)| SeatView {
            seat: i,
            occupant: s.occupant,
            name: s.name.clone(),
            bot: s.bot.clone(),
            bot_level: if s.occupant == Occupant::Bot {
                bots::level_of(&s.bot, s.bot_level).level
            } else {
                0
            },
            to_act: to_act.contains(&i),
            resigned: s.resigned_at.is_some(),
            // Everybody sees a public ref; API keys see every ref (`reveal_player_refs`).
            player_ref: match (&s.player_ref, s.player_ref_public) {
                (Some(p), true) => p.clone(),
                _ => String::new(),
            },
        })
        .collect()
}

/// Fills in every seat's player_ref, for a caller with an API key (the backend that set them).
pub fn reveal_player_refs(shown: &mut [SeatView], seats: &[SeatRecord]) {
    for (info, seat) in shown.iter_mut().zip(seats) {
        if let Some(p) = &seat.player_ref {
            info.player_ref.clone_from(p);
        }
    }
}

/// The caller's view of `session`, which is `record` at `version` with `seats` sat as they
/// were at that version ([`super::roster`]): a function of the game's log, the same for a view
/// taken then, a watcher's message then and a replay of that version now.
pub fn view(
    record: &GameRecord,
    seats: &[SeatRecord],
    session: &dyn Session,
    version: u64,
    viewer: Viewer,
) -> GameView {
    let to_act = acting::to_act(seats, version, session);
    let outcome = acting::outcome(seats, version, session);
    let legal_actions = match viewer {
        // Not only `to_act`: a seat that committed a sealed choice may still replace it.
        Viewer::Seat(s) if acting::personal(seats, version, session, s) => session.legal_actions(s),
        Viewer::Seat(_) | Viewer::Spectator => Vec::new(),
    };
    GameView {
        legal_actions,
        game_id: record.id.clone(),
        game_type: record.game_type.clone(),
        version,
        status: if outcome.is_some() {
            GameStatus::Finished
        } else {
            GameStatus::Active
        },
        seats: self::seats(seats, &to_act),
        to_act,
        viewer_seat: viewer.seat(),
        outcome,
        rules_version: record.rules_version,
        setup: record.setup.kind(),
        listed: record.listed,
        // The clocks as they stand now: only the current version has them (a replay's clocks
        // would be a reading of a time gone).
        clock: (version == record.version)
            .then_some(record.clock.as_ref())
            .flatten()
            .map(|c| turn_clock::view(c, crate::store::clock::now_ms())),
        game: session.view(viewer),
    }
}

/// The setup's events (version 0, no actor) as `viewer` may see them.
pub fn opening_events(
    kind: &dyn GameKind,
    record: &GameRecord,
    viewer: Viewer,
) -> Result<Vec<Event>, ApiError> {
    Ok(kind
        .events_for(&record.opening_events, viewer)?
        .into_iter()
        .map(|(summary, game)| Event {
            version: 0,
            actor: None,
            summary,
            seat_change: None,
            game: Some(game),
        })
        .collect())
}

/// Log entries as `viewer` may see them.
pub fn events(
    kind: &dyn GameKind,
    entries: &[LogEntry],
    viewer: Viewer,
) -> Result<Vec<Event>, ApiError> {
    let mut out = Vec::new();
    for entry in entries {
        if let Some(change) = entry.seat_change {
            // A seat change is public: who holds a seat is no secret.
            out.push(Event {
                version: entry.version,
                actor: Some(entry.seat),
                summary: seat_change_summary(entry.seat, change),
                seat_change: Some(change),
                game: None,
            });
            continue;
        }
        for (summary, game) in kind.events_for(&entry.events, viewer)? {
            out.push(Event {
                version: entry.version,
                actor: Some(entry.seat),
                summary,
                seat_change: None,
                game: Some(game),
            });
        }
    }
    Ok(out)
}

/// What a seat change says, for people.
fn seat_change_summary(seat: usize, change: crate::store::record::SeatChange) -> String {
    use crate::store::record::SeatChange as C;
    let what = match change {
        C::Resigned => "resigned",
        C::ReplacedByBot => "is played by the server's bot from now on",
        C::ReturnedToHuman => "is played by a person again",
        C::TokenReissued => "got a new token; the old one no longer works",
        C::TimedOut => "ran out of time",
    };
    format!("Seat {seat} {what}.")
}

/// Moves just made as `viewer` may see their events (no decoding from the log).
pub fn played(played: &[ShownMove], viewer: Viewer) -> Vec<Event> {
    let mut out = Vec::new();
    for p in played {
        for (summary, game) in (p.shown)(viewer) {
            out.push(Event {
                version: p.version,
                actor: Some(p.seat),
                summary,
                seat_change: None,
                game: Some(game),
            });
        }
    }
    out
}

pub fn summary(record: &GameRecord, to_act: &[usize]) -> GameSummary {
    GameSummary {
        game_id: record.id.clone(),
        game_type: record.game_type.clone(),
        status: record.status,
        version: record.version,
        seats: seats(&record.seats, to_act),
        created_at_ms: record.created_at_ms,
        setup: record.setup.kind(),
        listed: record.listed,
    }
}
