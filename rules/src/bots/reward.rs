//! Results as rewards in `0..=1`, one per seat.

use crate::Outcome;

/// A finished game's places as rewards: first 1, last 0, evenly between; tied seats share a
/// place. A solo seat (one seat) gets 1 for a win and 0 otherwise.
pub fn place_rewards(outcome: &Outcome) -> Vec<f64> {
    let n = outcome.places.len();
    if n <= 1 {
        return outcome
            .places
            .iter()
            .map(|&p| if p == 1 { 1.0 } else { 0.0 })
            .collect();
    }
    outcome
        .places
        .iter()
        .map(|&p| ((n as f64 - p as f64) / (n as f64 - 1.0)).clamp(0.0, 1.0))
        .collect()
}

/// Scores of an unfinished game as prospects: each seat's share of a logistic on its lead over
/// the best other seat, `scale` points of lead being a clear advantage. One seat: its score
/// against `scale` as the bar.
pub fn score_rewards(scores: &[f64], scale: f64) -> Vec<f64> {
    let logistic = |x: f64| 1.0 / (1.0 + (-x / scale.max(1e-9)).exp());
    if scores.len() == 1 {
        return vec![logistic(scores[0] - scale)];
    }
    (0..scores.len())
        .map(|i| {
            let best_other = scores
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, s)| *s)
                .fold(f64::NEG_INFINITY, f64::max);
            logistic(scores[i] - best_other)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_map_first_to_one_and_last_to_zero() {
        let o = Outcome {
            places: vec![2, 1, 3],
            winners: vec![1],
            draw: false,
            reason: String::new(),
        };
        assert_eq!(place_rewards(&o), vec![0.5, 1.0, 0.0]);
        let solo_loss = Outcome {
            places: vec![2],
            winners: vec![],
            draw: false,
            reason: String::new(),
        };
        assert_eq!(place_rewards(&solo_loss), vec![0.0]);
    }

    #[test]
    fn a_lead_is_worth_more_than_half() {
        let r = score_rewards(&[10.0, 4.0], 5.0);
        assert!(r[0] > 0.5 && r[1] < 0.5 && (r[0] + r[1] - 1.0).abs() < 1e-9);
    }
}
