//! End of game and scoring (EMR-14, section 6): leftover points (EMR-14.2), their free split
//! (D29, EMR-14.3), the final score min(CP, BP) (EMR-14.5), the ranking with its tie-breakers
//! (EMR-14.6–14.10) and the solo result against Victoria (EMR-16.9–16.11).

use super::effects::apply_delta;
use super::state::*;
use super::types::*;
use crate::{Outcome, Seat};

/// EMR-14.2: 2 per ring; 1 per coin, favor token, book and bread; 1 per 2 resources.
pub(crate) fn leftover_points(p: &Player) -> u32 {
    let g = &p.goods;
    2 * g.rings + g.coins + p.favor.len() as u32 + g.books + g.bread + g.resources_total() / 2
}

/// The best split (section 6.2): the smallest `to_cp` that maximises min(CP + x, BP + L − x);
/// the engine's suggestion (any split is legal).
pub fn best_split(cp: u32, bp: u32, l: u32) -> u32 {
    (0..=l)
        .max_by_key(|&x| ((cp + x).min(bp + l - x), std::cmp::Reverse(x)))
        .unwrap_or(0)
}

/// EMR-14.1: after round 6 every player splits its leftover points (D29, all at once).
pub(crate) fn start_final_scoring(st: &mut EmaraState, _ev: &mut [EmaraEvent]) {
    st.phase = Phase::FinalScoring;
    for p in &mut st.players {
        p.leftovers = Some(leftover_points(p));
        p.to_cp = None;
    }
    st.pending = Pending::Leftovers {
        seats: (0..st.n()).collect(),
    };
}

/// D29 (EMR-14.3, EMR-14.4): the points go on the tracks without any BP modifier.
pub(crate) fn allocate(st: &mut EmaraState, seat: Seat, to_cp: u32, ev: &mut Vec<EmaraEvent>) {
    let l = st.players[seat].leftovers.expect("final scoring");
    st.players[seat].to_cp = Some(to_cp);
    ev.push(EmaraEvent::LeftoversAllocated {
        seat,
        to_cp,
        to_bp: l - to_cp,
    });
    let delta = Delta {
        cp: to_cp as i32,
        bp: (l - to_cp) as i32,
        ..Delta::default()
    };
    apply_delta(st, seat, delta, Source::Leftovers, ev);
    if let Pending::Leftovers { seats } = &mut st.pending {
        seats.retain(|&s| s != seat);
        if seats.is_empty() {
            finish(st, ev);
        }
    }
}

/// The ranking key (EMR-14.5, 14.7, 14.8, 14.9), higher is better.
fn key(s: &PlayerScore) -> (u32, u32, u8, u32) {
    (s.final_score, s.other, s.rank_level, s.top_card_cp)
}

pub(crate) fn player_score(seat: Seat, p: &Player) -> PlayerScore {
    PlayerScore {
        seat,
        leftovers: p.leftovers.unwrap_or(0),
        to_cp: p.to_cp.unwrap_or(0),
        cp: p.cp,
        bp: p.bp,
        final_score: p.cp.min(p.bp),
        other: p.cp.max(p.bp),
        rank_level: p.nobility.len() as u8,
        top_card_cp: p.nobility.last().map_or(0, |c| c.cp),
        place: 0,
    }
}

/// Places from the tie-breakers (EMR-14.6–14.10): 1 + the number of strictly better players.
pub(crate) fn rank_players(players: &mut [PlayerScore]) -> String {
    let keys: Vec<_> = players.iter().map(key).collect();
    for (i, p) in players.iter_mut().enumerate() {
        p.place = 1 + keys.iter().filter(|k| **k > keys[i]).count() as u32;
    }
    // How the winner was decided: the first criterion that separates the best from the runner-up.
    let mut sorted = keys.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    if sorted.len() < 2 {
        return "final_score".to_string();
    }
    let (a, b) = (sorted[0], sorted[1]);
    if a.0 != b.0 {
        "final_score"
    } else if a.1 != b.1 {
        "other_marker"
    } else if a.2 != b.2 {
        "noble_rank"
    } else if a.3 != b.3 {
        "noble_card"
    } else {
        "shared"
    }
    .to_string()
}

fn finish(st: &mut EmaraState, ev: &mut Vec<EmaraEvent>) {
    let mut players: Vec<PlayerScore> = st
        .players
        .iter()
        .enumerate()
        .map(|(s, p)| player_score(s, p))
        .collect();
    let mut decided_by = rank_players(&mut players);
    let victoria_cp = st.victoria.as_ref().map(|v| v.cp);
    let solo_won = match (st.config.solo, victoria_cp) {
        (Some(SoloMode::Campaign), Some(v)) => {
            // EMR-16.11: strictly more than Victoria; a tie is a loss.
            decided_by = "solo_campaign".to_string();
            Some(players[0].final_score > v)
        }
        (_, Some(_)) => {
            decided_by = "solo_highscore".to_string();
            None
        }
        _ => None,
    };
    if solo_won == Some(false) {
        players[0].place = 2;
    }
    let score = FinalScore {
        players,
        victoria_cp,
        building_start: st.building_start,
        solo_won,
        decided_by,
    };
    st.score = Some(score.clone());
    st.phase = Phase::Finished;
    st.pending = Pending::None;
    ev.push(EmaraEvent::GameScored { score });
}

/// The neutral outcome. Solo campaign: place 1 and winner after beating Victoria, place 2 and
/// no winner otherwise (Victoria won; not a draw). Solo highscore: the human's result stands.
pub(crate) fn outcome(s: &FinalScore) -> Outcome {
    let places: Vec<u32> = s.players.iter().map(|p| p.place).collect();
    let winners: Vec<Seat> = s
        .players
        .iter()
        .filter(|p| p.place == 1)
        .map(|p| p.seat)
        .collect();
    let reason = match (s.victoria_cp, s.solo_won) {
        (Some(v), Some(true)) => format!(
            "final score {} beats Victoria's {} CP (building start {})",
            s.players[0].final_score, v, s.building_start
        ),
        (Some(v), Some(false)) => format!(
            "Victoria wins: her {} CP against a final score of {} (building start {})",
            v, s.players[0].final_score, s.building_start
        ),
        (Some(v), None) => format!(
            "highscore {} from building start {} (Victoria {} CP)",
            s.players[0].final_score, s.building_start, v
        ),
        _ => {
            let best = s.players.iter().filter(|p| p.place == 1);
            let names: Vec<String> = best
                .map(|p| {
                    format!(
                        "seat {} ({}: {} CP / {} BP)",
                        p.seat, p.final_score, p.cp, p.bp
                    )
                })
                .collect();
            let how = match s.decided_by.as_str() {
                "final_score" => "highest final score",
                "other_marker" => "tie broken by the other marker",
                "noble_rank" => "tie broken by the noble rank",
                "noble_card" => "tie broken by the noble card",
                _ => "",
            };
            if how.is_empty() {
                // EMR-14.10: "hráči se o vítězství rozdělí".
                format!(
                    "Shared victory: {} tie on final score, other marker, noble rank and noble card",
                    names.join(" and ")
                )
            } else {
                format!("{} wins; {how}", names.join(" and "))
            }
        }
    };
    Outcome {
        places,
        winners,
        draw: false,
        reason,
    }
}
