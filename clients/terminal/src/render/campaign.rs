//! Campaigns: the plays, their results, the best result per start position, what comes next.

use super::rule;
use std::fmt::Write;
use tablero_client::pb;

fn kingdom(c: &pb::CampaignView) -> Option<&pb::KingdomLegacyCampaignView> {
    match &c.game {
        Some(pb::campaign_view::Game::KingdomLegacy(k)) => Some(k),
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

/// What one play of the campaign's game is called: a Kingdom Legacy `sitting`, else `play`.
pub fn play_word(game_type: &str) -> &'static str {
    if game_type == "kingdom_legacy" {
        "sitting"
    } else {
        "play"
    }
}

fn emara(c: &pb::CampaignView) -> Option<&pb::EmaraCampaignView> {
    match &c.game {
        Some(pb::campaign_view::Game::Emara(e)) => Some(e),
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

/// ` (start position 38)` for an Emara campaign with a next play; empty otherwise.
pub fn start_words(c: &pb::CampaignView) -> String {
    match emara(c).and_then(|e| e.next_start) {
        Some(start) => format!(" (start position {start})"),
        None => String::new(),
    }
}

/// `  Next play: start position 40 (your building start; …)\n`, or that it is over.
pub fn next_line(c: &pb::CampaignView) -> String {
    let word = play_word(&c.game_type);
    if c.over {
        return format!("  The campaign is over: no further {word} can start.\n");
    }
    if !c.current_game_id.is_empty() {
        return format!(
            "  Current {word}: game {} (unfinished)\n",
            c.current_game_id
        );
    }
    if let Some(k) = kingdom(c) {
        return if k.started {
            "  Next sitting: continues the stored kingdom\n".to_string()
        } else {
            "  Next sitting: founds the kingdom (round 1)\n".to_string()
        };
    }
    match emara(c).and_then(|e| e.next_start) {
        Some(start) => {
            format!("  Next play: start position {start} (your building start; lower is harder)\n")
        }
        None => "  Next play: ready to start\n".to_string(),
    }
}

/// `2025-03-01 14:05 UTC` from Unix milliseconds (0 = unknown).
pub fn utc(ms: i64) -> String {
    if ms <= 0 {
        return "?".to_string();
    }
    let secs = ms / 1000;
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        rest / 3600,
        rest % 3600 / 60
    )
}

/// One line per play: `  1. g_…  folded    start 40 · you 31 vs Victoria 27 · won`.
fn plays(c: &pb::CampaignView, out: &mut String) {
    let games = emara(c).map(|e| e.games.as_slice()).unwrap_or_default();
    let sittings = kingdom(c)
        .map(|k| k.sittings.as_slice())
        .unwrap_or_default();
    let mut folded_seen = 0;
    for (i, p) in c.plays.iter().enumerate() {
        let state = if p.folded {
            "folded"
        } else if p.game_id == c.current_game_id {
            "playing"
        } else {
            "open"
        };
        let mut line = format!("  {:>2}. {}  {state:<8}", i + 1, p.game_id);
        if p.folded {
            if let Some(g) = games.get(folded_seen) {
                let _ = write!(
                    line,
                    "start {:>2} · you {} vs Victoria {} · {}",
                    g.start,
                    g.score,
                    g.victoria_cp,
                    if g.won { "won" } else { "lost" }
                );
            }
            if let Some(s) = sittings.get(folded_seen) {
                line.push_str(&super::kingdom_legacy::sitting_words(s));
            }
            folded_seen += 1;
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

fn emara_results(e: &pb::EmaraCampaignView, out: &mut String) {
    if !e.best.is_empty() {
        let _ = writeln!(out, "Best result per start position:");
        let mut best = e.best.clone();
        best.sort_by_key(|b| b.start);
        for b in &best {
            let _ = writeln!(
                out,
                "  start {:>2}: {} ({})",
                b.start,
                b.score,
                if b.won { "won" } else { "lost" }
            );
        }
    }
    match &e.result {
        Some(r) if e.games.iter().any(|g| g.won) => {
            let _ = writeln!(
                out,
                "Campaign result: won from start {} with a final score of {} (EMR-16.12)",
                r.start, r.score
            );
        }
        _ if !e.games.is_empty() => {
            let _ = writeln!(out, "Campaign result: no win yet");
        }
        _ => {}
    }
}

/// The whole campaign.
pub fn render(c: &pb::CampaignView) -> String {
    let mut out = String::new();
    let title = if c.name.is_empty() {
        format!("campaign {}", c.campaign_id)
    } else {
        format!("campaign “{}” · {}", c.name, c.campaign_id)
    };
    let _ = writeln!(out, "{}", rule(&format!("{title} · {}", c.game_type)));
    let _ = writeln!(out, "Created {}", utc(c.created_at_unix_ms));
    let folded = c.plays.iter().filter(|p| p.folded).count();
    let word = play_word(&c.game_type);
    let length = if c.plays.is_empty() {
        format!("No {word}s yet.")
    } else {
        let mut w = word.to_string();
        w[..1].make_ascii_uppercase();
        format!(
            "{w}s: {} ({folded} folded into the campaign)",
            c.plays.len()
        )
    };
    let _ = writeln!(out, "{length}");
    plays(c, &mut out);
    if let Some(e) = emara(c) {
        emara_results(e, &mut out);
    }
    if let Some(k) = kingdom(c) {
        super::kingdom_legacy::campaign(k, &mut out);
    }
    out.push_str(next_line(c).trim_start());
    out
}

/// `campaign list`: one line per campaign.
pub fn list(campaigns: &[pb::CampaignSummary]) -> String {
    if campaigns.is_empty() {
        return "No campaigns.\n".to_string();
    }
    let mut out = String::new();
    for c in campaigns {
        let name = if c.name.is_empty() {
            String::new()
        } else {
            format!("“{}”  ", c.name)
        };
        let _ = writeln!(
            out,
            "{}  {:<8} {name}{} play{}  {}  created {}",
            c.campaign_id,
            c.game_type,
            c.plays,
            if c.plays == 1 { "" } else { "s" },
            if c.over { "over" } else { "open" },
            utc(c.created_at_unix_ms)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn campaign() -> pb::CampaignView {
        pb::CampaignView {
            campaign_id: "c_1".into(),
            game_type: "emara".into(),
            name: "Ada".into(),
            plays: vec![
                pb::CampaignPlay {
                    game_id: "g_a".into(),
                    folded: true,
                },
                pb::CampaignPlay {
                    game_id: "g_b".into(),
                    folded: true,
                },
                pb::CampaignPlay {
                    game_id: "g_c".into(),
                    folded: false,
                },
            ],
            current_game_id: "g_c".into(),
            over: false,
            created_at_unix_ms: 1_700_000_000_000,
            game: Some(pb::campaign_view::Game::Emara(pb::EmaraCampaignView {
                next_start: Some(37),
                games: vec![
                    pb::EmaraCampaignGame {
                        start: 40,
                        score: 31,
                        victoria_cp: 27,
                        won: true,
                    },
                    pb::EmaraCampaignGame {
                        start: 35,
                        score: 20,
                        victoria_cp: 33,
                        won: false,
                    },
                ],
                best: vec![
                    pb::EmaraCampaignBest {
                        start: 40,
                        score: 31,
                        won: true,
                    },
                    pb::EmaraCampaignBest {
                        start: 35,
                        score: 20,
                        won: false,
                    },
                ],
                result: Some(pb::EmaraCampaignResult {
                    start: 40,
                    score: 31,
                }),
                over: false,
            })),
        }
    }

    #[test]
    fn a_campaign_shows_its_plays_results_and_current_play() {
        let text = render(&campaign());
        assert!(
            text.starts_with("─── campaign “Ada” · c_1 · emara "),
            "{text}"
        );
        assert!(text.contains("Created 2023-11-14 22:13 UTC"), "{text}");
        assert!(
            text.contains("Plays: 3 (2 folded into the campaign)"),
            "{text}"
        );
        assert!(
            text.contains("   1. g_a  folded  start 40 · you 31 vs Victoria 27 · won"),
            "{text}"
        );
        assert!(
            text.contains("   2. g_b  folded  start 35 · you 20 vs Victoria 33 · lost"),
            "{text}"
        );
        assert!(text.contains("   3. g_c  playing\n"), "{text}");
        assert!(
            text.contains("  start 35: 20 (lost)\n  start 40: 31 (won)"),
            "{text}"
        );
        assert!(
            text.contains("Campaign result: won from start 40"),
            "{text}"
        );
        assert!(
            text.contains("Current play: game g_c (unfinished)"),
            "{text}"
        );
    }

    #[test]
    fn the_next_start_and_the_end() {
        let mut c = campaign();
        c.current_game_id.clear();
        assert!(render(&c).contains("Next play: start position 37"));
        assert_eq!(start_words(&c), " (start position 37)");
        c.over = true;
        let text = render(&c);
        assert!(text.contains("The campaign is over"), "{text}");
    }

    #[test]
    fn campaigns_are_listed_one_per_line() {
        let text = list(&[pb::CampaignSummary {
            campaign_id: "c_1".into(),
            game_type: "emara".into(),
            name: "Ada".into(),
            plays: 1,
            over: false,
            created_at_unix_ms: 0,
        }]);
        assert_eq!(text, "c_1  emara    “Ada”  1 play  open  created ?\n");
        assert_eq!(list(&[]), "No campaigns.\n");
    }
}
