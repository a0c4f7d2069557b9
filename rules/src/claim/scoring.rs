//! End of game (CLM-END.*, CLM-MPS.*): gnome rows to score piles, faction votes with their
//! tie-breakers, the game winner with G8 tie-breakers, and the generic [`Outcome`].

use super::state::ClaimState;
use super::types::*;
use crate::{Outcome, Seat};

/// CLM-END.1/CLM-GNM.2: gnome rows join the score piles; then the game is scored (CLM-END.9).
pub(crate) fn finish_game(st: &mut ClaimState, ev: &mut Vec<ClaimEvent>) {
    for seat in 0..st.n() {
        let p = &mut st.players[seat];
        if !p.row.is_empty() {
            let cards = std::mem::take(&mut p.row);
            p.score.extend_from_slice(&cards);
            ev.push(ClaimEvent::GnomeRowScored { seat, cards });
        }
    }
    let score = score(st);
    st.phase = Phase::Finished;
    st.pending = Pending::None;
    st.score = Some(score.clone());
    ev.push(ClaimEvent::GameScored { score });
}

/// CLM-END.2, CLM-MPS.4: a side is a seat, or in `four_player_teams` a team of partners.
pub(crate) fn sides(mode: Mode) -> Vec<Vec<Seat>> {
    match mode {
        Mode::FourPlayerTeams => vec![vec![0, 2], vec![1, 3]],
        m => (0..m.players()).map(|s| vec![s]).collect(),
    }
}

/// The vote of one faction among sides holding these value lists (sorted descending).
/// CLM-END.3 / CLM-MPS.1: most cards wins. CLM-END.4 / CLM-MPS.2 (G6): among the tied leaders the
/// higher highest card, then second-highest, …; CLM-END.5 (G7): identical lists, nobody.
fn vote(lists: &[Vec<u8>]) -> (Option<usize>, String) {
    let most = lists.iter().map(Vec::len).max().unwrap_or(0);
    let leaders: Vec<usize> = (0..lists.len())
        .filter(|&s| lists[s].len() == most)
        .collect();
    if leaders.len() == 1 {
        return (Some(leaders[0]), "count".to_string());
    }
    // Equal lengths, so the lexicographic order is the card-by-card comparison.
    let best = leaders.iter().map(|&s| &lists[s]).max().expect("leaders");
    let holders: Vec<usize> = leaders
        .iter()
        .copied()
        .filter(|&s| &lists[s] == best)
        .collect();
    if holders.len() > 1 {
        return (None, "tied".to_string());
    }
    let winner = holders[0];
    // Depth k: the k-th highest card separated the winner from the last of the tied leaders.
    let depth = leaders
        .iter()
        .filter(|&&s| s != winner)
        .map(|&s| {
            lists[s]
                .iter()
                .zip(best)
                .position(|(a, b)| a != b)
                .map_or(0, |i| i + 1)
        })
        .max()
        .unwrap_or(1);
    (Some(winner), format!("tie_break_depth_{depth}"))
}

/// CLM-END.2–.9, CLM-MPS.1–.6: the full scoring breakdown of the (finished) state's score piles.
pub(crate) fn score(st: &ClaimState) -> ClaimScore {
    let sides = sides(st.config.mode);
    let mut votes = Vec::with_capacity(st.factions.len());
    let mut vote_totals = vec![0usize; sides.len()];
    let mut cards_in_won = vec![0usize; sides.len()];
    let mut value_sums = vec![0u32; sides.len()];
    for &faction in &st.factions {
        let lists: Vec<Vec<u8>> = sides
            .iter()
            .map(|side| {
                let mut values: Vec<u8> = side
                    .iter()
                    .flat_map(|&s| st.players[s].score.iter())
                    .filter(|c| c.faction == faction)
                    .map(|c| c.value)
                    .collect();
                values.sort_unstable_by(|a, b| b.cmp(a));
                values
            })
            .collect();
        let (winner, decided_by) = vote(&lists);
        if let Some(w) = winner {
            // CLM-END.6–.8: votes, then cards in won factions, then their value sum.
            vote_totals[w] += 1;
            cards_in_won[w] += lists[w].len();
            value_sums[w] += lists[w].iter().map(|&v| u32::from(v)).sum::<u32>();
        }
        votes.push(FactionVote {
            faction,
            counts: lists.iter().map(Vec::len).collect(),
            winner,
            decided_by,
        });
    }
    let (winning_sides, decided_by) = decide(&vote_totals, &cards_in_won, &value_sums);
    ClaimScore {
        sides,
        votes,
        vote_totals,
        cards_in_won,
        value_sums,
        winning_sides,
        decided_by,
    }
}

/// CLM-END.6–.8, CLM-MPS.3, CLM-MPS.6 (G8): narrow the candidates by votes, then cards in won
/// factions, then value sum; one left wins; several left share the victory; all left = draw.
fn decide(votes: &[usize], cards: &[usize], sums: &[u32]) -> (Vec<usize>, String) {
    let mut candidates: Vec<usize> = (0..votes.len()).collect();
    let criteria: [(&str, &dyn Fn(usize) -> u64); 3] = [
        ("votes", &|s| votes[s] as u64),
        ("cards_in_won_factions", &|s| cards[s] as u64),
        ("value_sum", &|s| u64::from(sums[s])),
    ];
    for (name, key) in criteria {
        let best = candidates
            .iter()
            .map(|&s| key(s))
            .max()
            .expect("candidates");
        candidates.retain(|&s| key(s) == best);
        if candidates.len() == 1 {
            return (candidates, name.to_string());
        }
    }
    if candidates.len() == votes.len() {
        (Vec::new(), "draw".to_string())
    } else {
        (candidates, "shared_victory".to_string())
    }
}

fn side_name(score: &ClaimScore, side: usize) -> String {
    let seats = &score.sides[side];
    if seats.len() == 1 {
        format!("seat {}", seats[0])
    } else {
        let team = if side == 0 { 'A' } else { 'B' };
        format!("team {team} (seats {}+{})", seats[0], seats[1])
    }
}

/// Per-side totals joined for a reason, e.g. `3–2`.
fn totals(v: &[impl ToString]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join("–")
}

/// The generic outcome: places by (votes, cards in won factions, value sum), 1 = best, equal keys
/// share a place; winners are the seats of the winning sides.
pub(crate) fn outcome(st: &ClaimState, score: &ClaimScore) -> Outcome {
    let key = |s: usize| {
        (
            score.vote_totals[s],
            score.cards_in_won[s],
            score.value_sums[s],
        )
    };
    let n_sides = score.sides.len();
    let mut places = vec![0u32; st.n()];
    for side in 0..n_sides {
        let better = (0..n_sides).filter(|&o| key(o) > key(side)).count();
        for &seat in &score.sides[side] {
            places[seat] = better as u32 + 1;
        }
    }
    let mut winners: Vec<Seat> = score
        .winning_sides
        .iter()
        .flat_map(|&s| score.sides[s].iter().copied())
        .collect();
    winners.sort_unstable();
    let names: Vec<String> = score
        .winning_sides
        .iter()
        .map(|&s| side_name(score, s))
        .collect();
    let reason = match score.decided_by.as_str() {
        "votes" => format!(
            "{} wins on faction votes ({})",
            names[0],
            totals(&score.vote_totals)
        ),
        "cards_in_won_factions" => format!(
            "faction votes tied ({}); {} wins on cards in won factions ({})",
            totals(&score.vote_totals),
            names[0],
            totals(&score.cards_in_won)
        ),
        "value_sum" => format!(
            "faction votes ({}) and cards in won factions ({}) tied; {} wins on the value sum ({})",
            totals(&score.vote_totals),
            totals(&score.cards_in_won),
            names[0],
            totals(&score.value_sums)
        ),
        "shared_victory" => format!(
            "Shared victory: {} tie on faction votes ({}), cards in won factions ({}) and value sums ({})",
            names.join(" and "),
            totals(&score.vote_totals),
            totals(&score.cards_in_won),
            totals(&score.value_sums)
        ),
        _ => format!(
            "Draw: faction votes ({}), cards in won factions ({}) and value sums ({}) all tied",
            totals(&score.vote_totals),
            totals(&score.cards_in_won),
            totals(&score.value_sums)
        ),
    };
    Outcome {
        places,
        draw: winners.is_empty(),
        winners,
        reason,
    }
}
