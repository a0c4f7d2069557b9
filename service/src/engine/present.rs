//! Turning stored games into what a caller may see: views, seat lists, redacted events.

use super::acting;
use super::bot_moves::ShownMove;
use crate::bots;
use crate::error::ApiError;
use crate::games::{GameKind, Session};
use crate::store::record::{
    GameRecord, GameStatus, LogEntry, Occupant, SeatChange, SeatRecord, SetupKind,
};
use tablero_proto::v1 as pb;
use tablero_rules::{Outcome, Viewer};

pub fn status_to_proto(s: GameStatus) -> i32 {
    (match s {
        GameStatus::Active => pb::GameStatus::Active,
        GameStatus::Finished => pb::GameStatus::Finished,
    }) as i32
}

fn occupant_to_proto(o: Occupant) -> i32 {
    (match o {
        Occupant::Human => pb::Occupant::Human,
        Occupant::Bot => pb::Occupant::Bot,
        Occupant::Open => pb::Occupant::Open,
    }) as i32
}

fn setup_to_proto(s: SetupKind) -> i32 {
    (match s {
        SetupKind::Random => pb::SetupKind::Random,
        SetupKind::ChosenSeed => pb::SetupKind::ChosenSeed,
        SetupKind::Scenario => pb::SetupKind::Scenario,
    }) as i32
}

pub fn seats(seats: &[SeatRecord], to_act: &[usize]) -> Vec<pb::SeatInfo> {
    seats
        .iter()
        .enumerate()
        .map(|(i, s)| pb::SeatInfo {
            seat: i as u32,
            occupant: occupant_to_proto(s.occupant),
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
pub fn reveal_player_refs(shown: &mut [pb::SeatInfo], seats: &[SeatRecord]) {
    for (info, seat) in shown.iter_mut().zip(seats) {
        if let Some(p) = &seat.player_ref {
            info.player_ref.clone_from(p);
        }
    }
}

pub fn outcome(o: &Outcome) -> pb::Outcome {
    pb::Outcome {
        places: o.places.clone(),
        winners: o.winners.iter().map(|s| *s as u32).collect(),
        draw: o.draw,
        reason: o.reason.clone(),
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
    rules_version: u32,
) -> pb::GameView {
    let to_act = acting::to_act(seats, version, session);
    let outcome = acting::outcome(seats, version, session);
    let legal_actions = match viewer {
        // Not only `to_act`: a seat that committed a sealed choice may still replace it.
        Viewer::Seat(s) if acting::personal(seats, version, session, s) => session.legal_actions(s),
        Viewer::Seat(_) | Viewer::Spectator => Vec::new(),
    };
    pb::GameView {
        legal_actions,
        game_id: record.id.clone(),
        game_type: record.game_type.clone(),
        version,
        status: status_to_proto(if outcome.is_some() {
            GameStatus::Finished
        } else {
            GameStatus::Active
        }),
        seats: self::seats(seats, &to_act),
        to_act: to_act.iter().map(|s| *s as u32).collect(),
        viewer_seat: viewer.seat().map(|s| s as u32),
        outcome: outcome.as_ref().map(self::outcome),
        rules_version,
        setup: setup_to_proto(record.setup.kind()),
        listed: record.listed,
        // The clocks as they stand now: only the current version has them (a replay's clocks
        // would be a reading of a time gone).
        clock: (version == record.version)
            .then_some(record.clock.as_ref())
            .flatten()
            .map(|c| super::turn_clock::to_proto(c, crate::store::clock::now_ms())),
        game: Some(session.view(viewer)),
    }
}

/// The setup's events (version 0, no actor) as `viewer` may see them.
pub fn opening_events(
    kind: &dyn GameKind,
    record: &GameRecord,
    viewer: Viewer,
) -> Result<Vec<pb::Event>, ApiError> {
    Ok(kind
        .events_for(&record.opening_events, viewer)?
        .into_iter()
        .map(|(summary, game)| pb::Event {
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
) -> Result<Vec<pb::Event>, ApiError> {
    let mut out = Vec::new();
    for entry in entries {
        if let Some(change) = entry.seat_change {
            out.push(seat_change(entry.version, entry.seat, change));
            continue;
        }
        for (summary, game) in kind.events_for(&entry.events, viewer)? {
            out.push(pb::Event {
                version: entry.version,
                actor: Some(entry.seat as u32),
                summary,
                seat_change: None,
                game: Some(game),
            });
        }
    }
    Ok(out)
}

/// A seat change as an event: public (who holds a seat is no secret).
fn seat_change(version: u64, seat: usize, change: SeatChange) -> pb::Event {
    let (kind, what) = match change {
        SeatChange::Resigned => (pb::SeatChangeKind::Resigned, "resigned"),
        SeatChange::ReplacedByBot => (
            pb::SeatChangeKind::ReplacedByBot,
            "is played by the server's bot from now on",
        ),
        SeatChange::ReturnedToHuman => (
            pb::SeatChangeKind::ReturnedToHuman,
            "is played by a person again",
        ),
        SeatChange::TokenReissued => (
            pb::SeatChangeKind::TokenReissued,
            "got a new token; the old one no longer works",
        ),
        SeatChange::TimedOut => (pb::SeatChangeKind::TimedOut, "ran out of time"),
    };
    pb::Event {
        version,
        actor: Some(seat as u32),
        summary: format!("Seat {seat} {what}."),
        seat_change: Some(pb::SeatChange {
            seat: seat as u32,
            kind: kind as i32,
        }),
        game: None,
    }
}

/// Moves just made as `viewer` may see their events (no decoding from the log).
pub fn played(played: &[ShownMove], viewer: Viewer) -> Vec<pb::Event> {
    let mut out = Vec::new();
    for p in played {
        for (summary, game) in (p.shown)(viewer) {
            out.push(pb::Event {
                version: p.version,
                actor: Some(p.seat as u32),
                summary,
                seat_change: None,
                game: Some(game),
            });
        }
    }
    out
}

pub fn summary(record: &GameRecord, to_act: &[usize]) -> pb::GameSummary {
    pb::GameSummary {
        game_id: record.id.clone(),
        game_type: record.game_type.clone(),
        status: status_to_proto(record.status),
        version: record.version,
        seats: seats(&record.seats, to_act),
        created_at_unix_ms: record.created_at_ms,
        setup: setup_to_proto(record.setup.kind()),
        listed: record.listed,
    }
}
