//! The solo campaign (EMR-16.10–16.12, `Campaign` trait): three games in a row, best results,
//! refusals.

use super::*;
use EmaraAction as A;

/// A real solo game from `cfg`, played at random up to the leftover split; then the human's
/// points are set so that it beats Victoria (`win`) or exactly ties her (a loss, EMR-16.11).
pub(crate) fn finished_campaign_game(cfg: &EmaraConfig, win: bool) -> EmaraState {
    finished_with(cfg, if win { 1 } else { 0 })
}

/// As above with the human's final score = Victoria's CP + `margin`.
pub(crate) fn finished_with(cfg: &EmaraConfig, margin: i64) -> EmaraState {
    let mut st = Emara::setup(cfg, 77).unwrap();
    run_until(&mut st, 5, |s| {
        matches!(s.pending, Pending::Leftovers { .. })
    });
    let v = st.victoria.as_ref().unwrap().cp as i64;
    let target = (v + margin).max(0) as u32;
    st.players[0].cp = target;
    st.players[0].bp = target + 10;
    st.players[0].leftovers = Some(0);
    act(&mut st, 0, A::AllocateLeftovers { to_cp: 0 });
    assert!(Emara::is_over(&st));
    st
}

#[test]
fn emr_16_10_three_games_in_a_row() {
    // EMR-16.10, EMR-16.11, EMR-16.12, TV-05
    let mut c = Emara::new_campaign(&CampaignConfig::default()).unwrap();
    let v = Emara::campaign_view(&c);
    assert_eq!(
        (v.next_start, v.result.clone(), v.over),
        (Some(40), None, false)
    );
    // Game 1 from 40: a win → 35.
    let cfg = Emara::next_game(&c).unwrap();
    assert_eq!(cfg, EmaraConfig::solo(SoloMode::Campaign, 40));
    Emara::fold(&mut c, &finished_campaign_game(&cfg, true)).unwrap();
    assert_eq!(c.start, 35);
    // Game 2 from 35: a tie with Victoria is a loss (EMR-16.11) → 37.
    let cfg = Emara::next_game(&c).unwrap();
    assert_eq!(cfg.building_start, BuildingStart::Custom(35));
    let lost = finished_campaign_game(&cfg, false);
    assert_eq!(lost.score.as_ref().unwrap().solo_won, Some(false));
    assert_eq!(Emara::outcome(&lost).unwrap().places, vec![2]);
    Emara::fold(&mut c, &lost).unwrap();
    assert_eq!(c.start, 37);
    // Game 3 from 37: a win → 32.
    let cfg = Emara::next_game(&c).unwrap();
    assert_eq!(cfg.building_start, BuildingStart::Custom(37));
    let won = finished_campaign_game(&cfg, true);
    assert_eq!(Emara::outcome(&won).unwrap().winners, vec![0]);
    Emara::fold(&mut c, &won).unwrap();
    assert_eq!(c.start, 32);
    let v = Emara::campaign_view(&c);
    assert_eq!(
        v.games.iter().map(|g| (g.start, g.won)).collect::<Vec<_>>(),
        vec![(40, true), (35, false), (37, true)]
    );
    assert_eq!(
        v.best.iter().map(|b| (b.start, b.won)).collect::<Vec<_>>(),
        vec![(35, false), (37, true), (40, true)],
        "best result per start position"
    );
    // EMR-16.12: the lowest start won from.
    assert_eq!(v.result.as_ref().map(|r| r.start), Some(37));
    assert_eq!(v.next_start, Some(32));
}

#[test]
fn emr_16_12_best_result_per_start_is_kept() {
    // EMR-16.12
    let cfg0 = CampaignConfig {
        start: 30,
        ..CampaignConfig::default()
    };
    // A loss from 30 (→ 32), a loss from 32 (→ 34), then wins from 34 with different margins are
    // compared after returning there: emulate by folding two wins from the same start.
    let mut c = Emara::new_campaign(&cfg0).unwrap();
    let cfg = Emara::next_game(&c).unwrap();
    Emara::fold(&mut c, &finished_with(&cfg, 5)).unwrap();
    let first = c.best[0].clone();
    // Rewind the start to 30 to play from the same start again (as the campaign does after
    // a win and two losses, 30 → 25 → 27 → 29 → …).
    c.start = 30;
    Emara::fold(&mut c, &finished_with(&cfg, 2)).unwrap();
    assert_eq!(c.best.len(), 1);
    assert_eq!(
        c.best[0], first,
        "the higher score from the same start is kept"
    );
    c.start = 30;
    Emara::fold(&mut c, &finished_with(&cfg, 9)).unwrap();
    assert!(c.best[0].score > first.score, "a better win replaces it");
    let r = Emara::campaign_view(&c).result.unwrap();
    assert_eq!((r.start, r.score), (30, c.best[0].score));
    // A loss never replaces a win.
    c.start = 30;
    let before = c.best[0].clone();
    Emara::fold(&mut c, &finished_with(&cfg, -3)).unwrap();
    assert_eq!(c.best[0], before);
}

#[test]
fn emr_16_10_fold_refuses_unfinished_and_foreign_games() {
    // EMR-16.10, EMR-14.1
    let mut c = Emara::new_campaign(&CampaignConfig::default()).unwrap();
    let cfg = Emara::next_game(&c).unwrap();
    let running = Emara::setup(&cfg, 1).unwrap();
    let before = c.clone();
    assert_eq!(Emara::fold(&mut c, &running).unwrap_err().rule, "EMR-14.1");
    assert_eq!(c, before, "a refused fold changes nothing");
    // A finished game from another start position (or a multiplayer game) is refused.
    let other = finished_campaign_game(&EmaraConfig::solo(SoloMode::Campaign, 25), true);
    assert_eq!(Emara::fold(&mut c, &other).unwrap_err().rule, "EMR-16.10");
    let high = finished_campaign_game(&EmaraConfig::solo(SoloMode::Highscore, 40), true);
    assert_eq!(Emara::fold(&mut c, &high).unwrap_err().rule, "EMR-16.10");
    assert_eq!(c, before);
}

#[test]
fn emr_16_13_campaign_variants_and_length() {
    // EMR-16.13, EMR-16.8
    let cfg = CampaignConfig {
        start: 40,
        max_games: Some(1),
        random_layout: true,
        full_selection: true,
    };
    let mut c = Emara::new_campaign(&cfg).unwrap();
    let g = Emara::next_game(&c).unwrap();
    assert!(g.random_layout && g.full_selection && g.solo == Some(SoloMode::Campaign));
    Emara::fold(&mut c, &finished_campaign_game(&g, true)).unwrap();
    assert_eq!(Emara::next_game(&c), None, "over after max_games");
    assert!(Emara::campaign_view(&c).over);
    let again = finished_campaign_game(&g, true);
    assert_eq!(Emara::fold(&mut c, &again).unwrap_err().rule, "EMR-16.10");
    assert!(
        Emara::new_campaign(&CampaignConfig {
            max_games: Some(0),
            ..CampaignConfig::default()
        })
        .is_err()
    );
}
