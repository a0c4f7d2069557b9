//! Balance of the shipped cards. Over many seeded games (2–4 real players, a greedy policy for
//! most seats and the random policy for the rest) every character and law must be placed in
//! pyramids a reasonable number of times, and no card may be degenerate.
//!
//! Statistic: for each card, the *holder delta* = mean relative final score of the player-games
//! in which the card ended in the player's pyramid minus the mean relative score of the other
//! player-games, where a relative score is the score minus the mean score of that game. Bounds:
//! every card placed in at least `MIN_PLACED` of the games, every holder delta within
//! `±MAX_DELTA` points. The negative check injects a deliberately broken card (a level-1
//! reward of 60 power points on one character) into the same records — every player-game that
//! placed it on level 1 scores 60 more — and the statistic must flag it.

use super::*;
use std::collections::HashMap;

const GAMES: u64 = 1_200;
/// Minimum share of games in which each card is placed (in somebody's pyramid at the end).
const MIN_PLACED: f64 = 0.15;
/// Maximum |holder delta| in points.
const MAX_DELTA: f64 = 20.0;

/// One player-game: relative score and the pyramid cards with their levels.
struct Record {
    score: f64,
    cards: Vec<(u32, u8)>,
}

fn play(n: u8, seed: u64) -> Vec<Record> {
    let mut st = Panovnik::setup(&PanovnikConfig::new(n), seed).unwrap();
    let mut r = GameRng::from_seed(seed ^ 0xBA1A);
    let random_seat = (seed % (n as u64 * 2)) as usize; // sometimes no random seat at all
    while let Some(&seat) = Panovnik::to_act(&st).first() {
        let legal = Panovnik::legal_actions(&st, seat);
        let a = if seat == random_seat {
            pick_random(&legal, &mut r)
        } else {
            greedy(&legal, &mut r)
        };
        Panovnik::apply(&mut st, seat, &a).unwrap();
    }
    let scores = st.scores.as_ref().unwrap();
    let mean = scores.iter().map(|s| s.total as f64).sum::<f64>() / n as f64;
    (0..n as usize)
        .map(|s| Record {
            score: scores[s].total as f64 - mean,
            cards: st.players[s]
                .pyramid
                .iter()
                .map(|c| (c.card, c.level))
                .collect(),
        })
        .collect()
}

fn records() -> (Vec<Vec<Record>>, u64) {
    let mut games = Vec::new();
    for seed in 0..GAMES {
        games.push(play(2 + (seed % 3) as u8, seed));
    }
    (games, GAMES)
}

/// Per card: (games placed, holder delta).
fn stats(games: &[Vec<Record>], broken: Option<u32>) -> HashMap<u32, (u64, f64)> {
    let mut out = HashMap::new();
    for card in 1..=88u32 {
        let (mut placed, mut hs, mut hn, mut os, mut on) = (0u64, 0.0, 0.0, 0.0, 0.0);
        for g in games {
            // With the broken card, its level-1 holder gets 60 more and the game mean shifts.
            let bonus: Vec<f64> = g
                .iter()
                .map(|rec| match broken {
                    Some(b) if rec.cards.contains(&(b, 1)) => 60.0,
                    _ => 0.0,
                })
                .collect();
            let shift = bonus.iter().sum::<f64>() / g.len() as f64;
            let mut any = false;
            for (rec, b) in g.iter().zip(&bonus) {
                let s = rec.score + b - shift;
                if rec.cards.iter().any(|&(c, _)| c == card) {
                    any = true;
                    hs += s;
                    hn += 1.0;
                } else {
                    os += s;
                    on += 1.0;
                }
            }
            placed += any as u64;
        }
        let delta = if hn > 0.0 && on > 0.0 {
            hs / hn - os / on
        } else {
            f64::INFINITY
        };
        out.insert(card, (placed, delta));
    }
    out
}

fn violations(s: &HashMap<u32, (u64, f64)>, games: u64) -> Vec<String> {
    let mut v = Vec::new();
    for card in 1..=88u32 {
        let (placed, delta) = s[&card];
        if (placed as f64) < MIN_PLACED * games as f64 {
            v.push(format!(
                "card {card} placed in only {placed} of {games} games"
            ));
        }
        if delta.abs() > MAX_DELTA {
            v.push(format!("card {card} holder delta {delta:+.1}"));
        }
    }
    v
}

#[test]
fn shipped_cards_are_balanced_and_a_broken_card_is_caught() {
    // G1, G2 (section 11): placement counts and holder deltas of all 88 cards.
    let (games, n) = records();
    let s = stats(&games, None);
    let mut worst: Vec<(u32, f64)> = s.iter().map(|(&c, &(_, d))| (c, d)).collect();
    worst.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()));
    let least = s.values().map(|&(p, _)| p).min().unwrap();
    eprintln!(
        "balance: least placed {least}/{n} games; largest |holder delta| {:?}",
        &worst[..5]
    );
    let v = violations(&s, n);
    assert!(v.is_empty(), "shipped data out of bounds: {v:?}");
    // The negative check: the character placed most often on level 1, with a 60-PP reward.
    let mut level1: HashMap<u32, u32> = HashMap::new();
    for g in &games {
        for rec in g {
            for &(c, l) in &rec.cards {
                if l == 1 && c <= 64 {
                    *level1.entry(c).or_default() += 1;
                }
            }
        }
    }
    let broken = (1..=64u32)
        .max_by_key(|c| level1.get(c).copied().unwrap_or(0))
        .unwrap();
    let b = stats(&games, Some(broken));
    let v = violations(&b, n);
    assert!(
        v.iter()
            .any(|m| m.starts_with(&format!("card {broken} holder delta"))),
        "a 60-PP level-1 reward on card {broken} must be flagged: {v:?}"
    );
}
