//! Any game type this client has no table for: the engine-level view (seats, who acts) and a
//! debug dump of the game-specific message. Enough to play from the legal-action labels.

use super::{finished, header, seat_label};
use std::fmt::Write;
use tablero_client::pb;

pub fn render(view: &pb::GameView) -> String {
    let mut out = String::new();
    let title = if view.game_type.is_empty() {
        "game"
    } else {
        view.game_type.as_str()
    };
    let _ = writeln!(out, "{}", header(view, title));
    match view.viewer_seat {
        Some(me) => {
            let _ = writeln!(out, "You are {}.", seat_label(view, me));
        }
        None => {
            let _ = writeln!(out, "You are watching (public information only).");
        }
    }
    let _ = writeln!(out, "Seats:");
    for s in &view.seats {
        let occupant = match pb::Occupant::try_from(s.occupant).unwrap_or_default() {
            pb::Occupant::Human => "human".to_string(),
            pb::Occupant::Bot => format!(
                "bot ({})",
                if s.bot.is_empty() {
                    "default"
                } else {
                    s.bot.as_str()
                }
            ),
            pb::Occupant::Open => "open: anyone may join".to_string(),
            pb::Occupant::Unspecified => "?".to_string(),
        };
        let turn = if s.to_act && !finished(view) {
            "  ◀ to act"
        } else {
            ""
        };
        let _ = writeln!(out, "  {:<24} {occupant}{turn}", seat_label(view, s.seat));
    }
    if !finished(view) {
        let _ = writeln!(out, "To act: {}", super::to_act(view));
    }
    match &view.game {
        Some(game) => {
            let _ = writeln!(out, "Game state:\n{game:#?}");
        }
        None => {
            let _ = writeln!(
                out,
                "Game state: (this client does not know this game type's view; play from the action labels)"
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::tests::two_seats;

    #[test]
    fn an_unknown_game_shows_seats_and_who_acts() {
        let mut view = two_seats(Some(1));
        view.game_type = "mystery".into();
        let text = render(&view);
        assert!(text.starts_with("─── mystery · game g1 · v4 "), "{text}");
        assert!(text.contains("You are seat 1 (bot, you)."), "{text}");
        assert!(text.contains("seat 0 (ana)"), "{text}");
        assert!(text.contains("◀ to act"), "{text}");
        assert!(text.contains("To act: seat 0 (ana)"), "{text}");
    }
}
