//! Plain-text rendering of views, events and outcomes. Every function returns a `String`; only
//! the command modules print.

pub mod campaign;
pub mod claim;
pub mod emara;
pub mod generic;
pub mod kingdom_legacy;
pub mod panovnik;
pub mod pantheon;

use tablero_client::pb;

/// Width of the rules drawn between screens.
pub const WIDTH: usize = 72;

/// The whole screen for a view: Claim, Emara, Panovník, Pantheon and Kingdom Legacy get their
/// tables, any other game the generic dump.
pub fn view(view: &pb::GameView) -> String {
    match &view.game {
        Some(pb::game_view::Game::Claim(claim)) => claim::render(view, claim),
        Some(pb::game_view::Game::Emara(emara)) => emara::render(view, emara),
        Some(pb::game_view::Game::Panovnik(p)) => panovnik::render(view, p),
        Some(pb::game_view::Game::Pantheon(p)) => pantheon::render(view, p),
        Some(pb::game_view::Game::KingdomLegacy(k)) => kingdom_legacy::render(view, k),
        // Game types added to the contract later, or unknown to this build (`None`).
        #[allow(unreachable_patterns)]
        _ => generic::render(view),
    }
}

/// The actions in the order to offer them (numbered from 1). Claim card plays are sorted like
/// the hand and offered once per distinct card; Kingdom Legacy's say which ends the sitting;
/// other games' actions keep the server's order.
pub fn menu(view: &pb::GameView, actions: &[pb::LegalAction]) -> Vec<pb::LegalAction> {
    match &view.game {
        Some(pb::game_view::Game::Claim(claim)) => claim::menu(claim, actions),
        Some(pb::game_view::Game::KingdomLegacy(_)) => kingdom_legacy::menu(actions),
        #[allow(unreachable_patterns)]
        _ => actions.to_vec(),
    }
}

/// The game's final score table, once it is scored (printed at the end of a `--brief` game,
/// whose screens are not shown).
pub fn final_score(view: &pb::GameView) -> Option<String> {
    match &view.game {
        Some(pb::game_view::Game::Claim(c)) => {
            c.score.as_ref().map(|s| claim::score_table(view, s))
        }
        Some(pb::game_view::Game::Emara(e)) => {
            e.score.as_ref().map(|s| emara::score_table(view, e, s))
        }
        Some(pb::game_view::Game::Panovnik(p)) if !p.scores.is_empty() => {
            Some(panovnik::score_table(view, p))
        }
        Some(pb::game_view::Game::Pantheon(p)) => pantheon::final_table(view, p),
        Some(pb::game_view::Game::KingdomLegacy(k)) => kingdom_legacy::final_table(view, k),
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

/// `a claim`, `an emara`: the indefinite article for a word.
pub fn a_or_an(word: &str) -> String {
    let vowel = word
        .chars()
        .next()
        .is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {word}", if vowel { "an" } else { "a" })
}

/// `─── title ────…` padded to [`WIDTH`].
pub fn rule(title: &str) -> String {
    let used = title.chars().count() + 5;
    format!("─── {title} {}", "─".repeat(WIDTH.saturating_sub(used)))
}

/// The first line of every screen: game type, id, version, status, and the turn clocks of a
/// timed game.
pub fn header(view: &pb::GameView, title: &str) -> String {
    let status = if finished(view) { " · finished" } else { "" };
    rule(&format!(
        "{title} · game {} · v{}{status}{}",
        view.game_id,
        view.version,
        clocks(view)
    ))
}

/// ` · ⏱ seat 1 0:42` for each seat on the clock (time left as of the view).
pub fn clocks(view: &pb::GameView) -> String {
    let Some(clock) = &view.clock else {
        return String::new();
    };
    let on: Vec<String> = clock
        .seats
        .iter()
        .filter(|s| s.deadline_unix_ms > 0)
        .map(|s| {
            let secs = s.remaining_ms.max(0) / 1000;
            format!("seat {} {}:{:02}", s.seat, secs / 60, secs % 60)
        })
        .collect();
    if on.is_empty() {
        String::new()
    } else {
        format!(" · ⏱ {}", on.join(", "))
    }
}

pub fn finished(view: &pb::GameView) -> bool {
    view.status == pb::GameStatus::Finished as i32
}

/// `seat 1 (bot)`, `seat 0 (ana, you)`, `seat 2 (open)`.
pub fn seat_label(view: &pb::GameView, seat: u32) -> String {
    let mut parts = Vec::new();
    if let Some(info) = view.seats.iter().find(|s| s.seat == seat) {
        let occupant = pb::Occupant::try_from(info.occupant).unwrap_or_default();
        match occupant {
            pb::Occupant::Open => parts.push("open".to_string()),
            pb::Occupant::Bot => {
                let name = if info.name.is_empty() {
                    "bot"
                } else {
                    info.name.as_str()
                };
                if name.contains("bot") {
                    parts.push(name.to_string());
                } else {
                    parts.push(format!("{name}, bot"));
                }
            }
            _ if !info.name.is_empty() => parts.push(info.name.clone()),
            _ => {}
        }
    }
    if view.viewer_seat == Some(seat) {
        parts.push("you".to_string());
    }
    if parts.is_empty() {
        format!("seat {seat}")
    } else {
        format!("seat {seat} ({})", parts.join(", "))
    }
}

/// `seat 1 (bot)` or `you` when it is the viewer.
pub fn who(view: &pb::GameView, seat: u32) -> String {
    if view.viewer_seat == Some(seat) {
        "you".to_string()
    } else {
        seat_label(view, seat)
    }
}

/// The seats that must act now, in words.
pub fn to_act(view: &pb::GameView) -> String {
    if finished(view) {
        return "nobody (the game is over)".to_string();
    }
    if view.to_act.is_empty() {
        return "nobody".to_string();
    }
    view.to_act
        .iter()
        .map(|s| seat_label(view, *s))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One event line: `  v12  Seat 1 plays Dragon 5`.
pub fn event(e: &pb::Event) -> String {
    format!("  v{:<4} {}", e.version, e.summary)
}

/// The events block printed after a screen; empty when there is nothing new.
pub fn events(title: &str, events: &[pb::Event]) -> String {
    if events.is_empty() {
        return String::new();
    }
    let mut out = format!("{title}\n");
    for e in events {
        out.push_str(&event(e));
        out.push('\n');
    }
    out
}

fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The end-of-game block. Its last line always starts with `Reason:`.
pub fn outcome(view: &pb::GameView) -> String {
    let Some(o) = &view.outcome else {
        return "GAME OVER\n  Reason: (the server sent no outcome)\n".to_string();
    };
    let mut out = String::from("GAME OVER\n");
    let names = |seats: &[u32]| {
        seats
            .iter()
            .map(|s| seat_label(view, *s))
            .collect::<Vec<_>>()
            .join(" and ")
    };
    if o.draw {
        out.push_str("  Result: a draw\n");
    } else if o.winners.is_empty() {
        // E.g. a solo game lost to an automaton, which has no seat.
        out.push_str("  Result: no seat won\n");
    } else if o.winners.len() == 1 {
        out.push_str(&format!("  Winner: {}\n", names(&o.winners)));
    } else {
        out.push_str(&format!("  Winners: {}\n", names(&o.winners)));
    }
    if let Some(me) = view.viewer_seat {
        let verdict = if o.winners.contains(&me) {
            "you won"
        } else if o.draw {
            "nobody won"
        } else {
            "you lost"
        };
        out.push_str(&format!("  For you: {verdict}\n"));
    }
    let mut by_place: Vec<(u32, u32)> = o
        .places
        .iter()
        .enumerate()
        .map(|(s, p)| (*p, s as u32))
        .collect();
    by_place.sort();
    let places: Vec<String> = by_place
        .iter()
        .map(|(p, s)| format!("{} {}", ordinal(*p), seat_label(view, *s)))
        .collect();
    out.push_str(&format!("  Places: {}\n", places.join(" · ")));
    out.push_str(&format!("  Reason: {}\n", o.reason));
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn a_timed_game_shows_the_time_left_of_each_seat_on_the_clock() {
        let mut view = two_seats(Some(0));
        assert_eq!(clocks(&view), "");
        view.clock = Some(pb::GameClock {
            seats: vec![
                pb::SeatClock {
                    seat: 0,
                    deadline_unix_ms: 1_000_000,
                    remaining_ms: 102_500,
                },
                pb::SeatClock {
                    seat: 1,
                    deadline_unix_ms: 0,
                    remaining_ms: 0,
                },
            ],
            ..Default::default()
        });
        assert_eq!(clocks(&view), " · ⏱ seat 0 1:42");
        assert!(header(&view, "Claim").contains("v4 · ⏱ seat 0 1:42"));
    }

    pub(crate) fn two_seats(viewer: Option<u32>) -> pb::GameView {
        pb::GameView {
            game_id: "g1".into(),
            game_type: "claim".into(),
            version: 4,
            status: pb::GameStatus::Active as i32,
            seats: vec![
                pb::SeatInfo {
                    seat: 0,
                    occupant: pb::Occupant::Human as i32,
                    name: "ana".into(),
                    bot: String::new(),
                    bot_level: 0,
                    to_act: true,
                    player_ref: String::new(),
                    resigned: false,
                },
                pb::SeatInfo {
                    seat: 1,
                    occupant: pb::Occupant::Bot as i32,
                    name: "bot".into(),
                    bot: "random".into(),
                    bot_level: 1,
                    to_act: false,
                    player_ref: String::new(),
                    resigned: false,
                },
            ],
            to_act: vec![0],
            viewer_seat: viewer,
            ..Default::default()
        }
    }

    #[test]
    fn seat_labels_name_the_occupant_and_the_viewer() {
        let v = two_seats(Some(0));
        assert_eq!(seat_label(&v, 0), "seat 0 (ana, you)");
        assert_eq!(seat_label(&v, 1), "seat 1 (bot)");
        assert_eq!(to_act(&v), "seat 0 (ana, you)");
    }

    #[test]
    fn the_outcome_ends_with_the_reason() {
        let mut v = two_seats(Some(0));
        v.status = pb::GameStatus::Finished as i32;
        v.outcome = Some(pb::Outcome {
            places: vec![2, 1],
            winners: vec![1],
            draw: false,
            reason: "seat 1 wins on faction votes (3–2)".into(),
        });
        let text = outcome(&v);
        assert!(text.contains("Winner: seat 1 (bot)"), "{text}");
        assert!(text.contains("For you: you lost"), "{text}");
        assert!(
            text.contains("Places: 1st seat 1 (bot) · 2nd seat 0 (ana, you)"),
            "{text}"
        );
        assert!(
            text.trim_end()
                .lines()
                .last()
                .unwrap()
                .trim_start()
                .starts_with("Reason: seat 1 wins")
        );
    }
}
