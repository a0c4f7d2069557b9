//! C-13 (§11.4): a greedy bot plays the shipped kingdom over 200 seeds — the base game and then
//! the three built-in expansions — and the content must hold up: no panic and no endless loop,
//! a base game of 20–31 rounds, every card 71–135 discovered in at least 5 % of the runs, a
//! median base score inside the declared band, and every expansion completed.
//!
//! The bot (spec wording): upgrade the card with the best fame per cost, else produce toward
//! it, else march once, else pass. It also uses the effects that move the kingdom on
//! (discoveries, stickers, ticks, removing enemies) and takes every optional trigger; its other
//! choices (targets, discoveries among several, resources) are random per seed.

use super::*;
use crate::GameRng;
use crate::kingdom_legacy::authoring;
use crate::kingdom_legacy::bot::useful;
use crate::kingdom_legacy::data::{Effect, Stage, Timing};
use KlgAction as A;
use std::collections::{BTreeMap, BTreeSet};

/// The declared band of the median base-game score (C-13).
const MEDIAN_BASE_SCORE: (i32, i32) = (110, 210);
const SEEDS: u64 = 200;

/// `KLG_C13_SEEDS` may lower the seed count while tuning content; the test asserts with 200.
fn seeds() -> u64 {
    std::env::var("KLG_C13_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(SEEDS)
}
/// More actions than any real run needs: a run that reaches it is an endless loop.
const STEP_LIMIT: usize = 400_000;

struct Run {
    base_rounds: u32,
    base_score: i32,
    /// Cards 71–135 that entered the kingdom during the base game.
    discovered: BTreeSet<CardId>,
    /// (expansion card, recorded score) in the order played.
    expansions: Vec<(CardId, i32)>,
}

fn content() -> &'static Content {
    Pack::Shipped.content()
}

fn stage(st: &State, id: CardId) -> &'static Stage {
    content()
        .stage(id, st.orientation(id))
        .expect("a card's stage exists")
}

fn effect(st: &State, id: CardId, effect: &str) -> &'static Effect {
    stage(st, id)
        .effects
        .iter()
        .find(|e| e.id == effect)
        .expect("a listed effect exists")
}

fn value(b: &ResourceBag) -> u32 {
    authoring::bag_value(b)
}

/// Fame gained per half unit of cost by an upgrade (higher is better).
fn upgrade_score(st: &State, id: CardId, index: u8) -> Option<(f64, ResourceBag)> {
    let s = stage(st, id);
    let u = s.upgrades.get(index as usize)?;
    let to = content().stage(id, u.to)?;
    let gain = f64::from(to.fame - s.fame) + 1.0;
    let cost = f64::from(value(&u.cost).max(1));
    Some((gain / cost, u.cost))
}

/// The best upgrade among the cards that can be upgraded (affordable or not).
fn best_target(st: &State) -> Option<(CardId, u8, ResourceBag)> {
    let mut best: Option<(f64, CardId, u8, ResourceBag)> = None;
    let cards = st
        .active
        .iter()
        .filter(|c| st.blocked_by(**c).is_none())
        .chain(st.permanent.iter());
    for &id in cards {
        for i in 0..stage(st, id).upgrades.len() as u8 {
            if let Some((score, cost)) = upgrade_score(st, id, i)
                && best.as_ref().is_none_or(|b| score > b.0)
            {
                best = Some((score, id, i, cost));
            }
        }
    }
    best.map(|(_, id, i, cost)| (id, i, cost))
}

fn main_action(st: &State, legal: &[KlgAction], marched: bool) -> KlgAction {
    let target = best_target(st);
    // 1. effects that move the kingdom on, except on the card about to be upgraded and except
    //    those that end the turn
    for a in legal {
        if let A::UseEffect { card, effect: e } = a {
            let def = effect(st, *card, e);
            let ends = matches!(def.timing, Timing::EndsTurn);
            let discards = matches!(def.timing, Timing::Activated | Timing::Destroy);
            let on_target = target.is_some_and(|t| t.0 == *card) && discards;
            if useful(def) && !ends && !on_target {
                return a.clone();
            }
        }
    }
    // 2. the best affordable upgrade
    let mut best: Option<(f64, &KlgAction)> = None;
    for a in legal {
        if let A::Upgrade { card, index } = a
            && let Some((score, _)) = upgrade_score(st, *card, *index)
            && best.is_none_or(|b| score > b.0)
        {
            best = Some((score, a));
        }
    }
    if let Some((_, a)) = best {
        return a.clone();
    }
    // 3. produce toward the best target
    if let Some((tid, _, cost)) = target {
        let mut missing = ResourceBag::EMPTY;
        for r in Resource::ALL {
            missing.set(r, cost.get(r).saturating_sub(st.resources.get(r)));
        }
        let mut best: Option<(u32, &KlgAction)> = None;
        for a in legal {
            if let A::Produce { card, alts } = a
                && *card != tid
            {
                let s = stage(st, *card);
                let mut helps = 0;
                for (g, alt) in alts.iter().enumerate() {
                    let bag = &s.production[g][*alt as usize];
                    for r in Resource::ALL {
                        helps += bag.get(r).min(missing.get(r))
                            * authoring::bag_value(&ResourceBag::of(r, 1));
                    }
                }
                if helps > 0 && best.is_none_or(|b| helps > b.0) {
                    best = Some((helps, a));
                }
            }
        }
        if let Some((_, a)) = best {
            return a.clone();
        }
    }
    // 4. march once per turn
    if !marched && legal.contains(&A::March) {
        return A::March;
    }
    // 5. a useful effect that ends the turn, else pass
    for a in legal {
        if let A::UseEffect { card, effect: e } = a
            && useful(effect(st, *card, e))
        {
            return a.clone();
        }
    }
    A::Pass
}

fn pick(rng: &mut GameRng, options: &[KlgAction]) -> KlgAction {
    options[rng.below(options.len())].clone()
}

fn choose(st: &State, legal: &[KlgAction], rng: &mut GameRng, marched: bool) -> KlgAction {
    let of = |f: &dyn Fn(&KlgAction) -> bool| -> Vec<KlgAction> {
        legal.iter().filter(|a| f(a)).cloned().collect()
    };
    match st.phase {
        Phase::Main => main_action(st, legal, marched),
        Phase::BetweenRounds => A::BeginRound,
        Phase::PostGame => {
            let next = (136..=138)
                .map(|card| A::StartExpansion { card })
                .find(|a| legal.contains(a));
            next.unwrap_or(A::CloseCampaign)
        }
        Phase::Pending | Phase::PurgeSelect => {
            // take every trigger (optional ones too)
            if let Some(a) = legal.iter().find(|a| matches!(a, A::ChooseTrigger { .. })) {
                return a.clone();
            }
            let picks = of(&|a| {
                matches!(
                    a,
                    A::PurgePick { card: Some(_) } | A::PurgePickPermanent { card: Some(_) }
                )
            });
            if !picks.is_empty() {
                return pick(rng, &picks);
            }
            let options = of(&|a| *a != A::ResetCampaign);
            assert!(!options.is_empty(), "no choice in {:?}", st.decision);
            pick(rng, &options)
        }
        Phase::Closed => unreachable!("a closed campaign has no action"),
    }
}

fn play(seed: u64) -> Run {
    let mut st = KingdomLegacy::setup(&Config::new(Pack::Shipped), seed).expect("setup");
    let mut rng = GameRng::from_seed(seed ^ 0x5eed_0b07);
    let mut marched = false;
    let mut discovered = BTreeSet::new();
    let mut base: Option<(u32, i32)> = None;
    for _ in 0..STEP_LIMIT {
        if st.ended.is_some() {
            let (base_rounds, base_score) = base.expect("the base game was scored");
            let expansions = st
                .score_track
                .expansions
                .iter()
                .map(|e| (e.expansion_id, e.score))
                .collect();
            return Run {
                base_rounds,
                base_score,
                discovered,
                expansions,
            };
        }
        if base.is_none() {
            for id in 71..=135 {
                if matches!(
                    st.location(id),
                    Location::Deck | Location::Active | Location::Discard | Location::Permanent
                ) {
                    discovered.insert(id);
                }
            }
            if st.phase == Phase::PostGame {
                let score = st.score_track.base.expect("base score recorded");
                base = Some((st.base.round_number, score));
            }
        }
        let legal = legal(&st);
        assert!(
            !legal.is_empty(),
            "seed {seed}: no legal action in {:?}",
            st.phase
        );
        let a = choose(&st, &legal, &mut rng, marched);
        if a == A::March {
            marched = true;
        }
        let events = KingdomLegacy::apply(&mut st, 0, &a)
            .unwrap_or_else(|e| panic!("seed {seed}: {a:?} refused: {e}"));
        if events
            .iter()
            .any(|e| matches!(e, events::KlgEvent::TurnStarted { .. }))
        {
            marched = false;
        }
    }
    panic!("seed {seed}: no end after {STEP_LIMIT} actions (endless loop?)");
}

fn median(v: &mut [i32]) -> i32 {
    v.sort_unstable();
    v[v.len() / 2]
}

/// C-13 simulation (KLG-4.9, 4.11, 17, 18): the shipped kingdom under a greedy bot.
#[test]
fn c13_simulation() {
    let n = seeds();
    let runs: Vec<Run> = (0..n).map(play).collect();
    let mut scores: Vec<i32> = runs.iter().map(|r| r.base_score).collect();
    let rounds: Vec<u32> = runs.iter().map(|r| r.base_rounds).collect();
    let mut seen: BTreeMap<CardId, usize> = BTreeMap::new();
    for r in &runs {
        for id in &r.discovered {
            *seen.entry(*id).or_default() += 1;
        }
    }
    let med = median(&mut scores);
    println!(
        "C-13: base rounds {}–{}, base score min {} median {med} max {}",
        rounds.iter().min().unwrap(),
        rounds.iter().max().unwrap(),
        scores[0],
        scores[scores.len() - 1]
    );
    for (i, id) in (136..=138).enumerate() {
        let mut xs: Vec<i32> = runs
            .iter()
            .filter_map(|r| r.expansions.get(i).filter(|e| e.0 == id).map(|e| e.1))
            .collect();
        if !xs.is_empty() {
            println!("C-13: expansion {id} score median {}", median(&mut xs));
        }
    }
    let rare: Vec<(CardId, usize)> = (71..=135)
        .map(|id| (id, seen.get(&id).copied().unwrap_or(0)))
        .collect();
    println!("C-13: discoveries per card 71–135 over {n} runs: {rare:?}");
    for r in &runs {
        assert!(
            (20..=31).contains(&r.base_rounds),
            "base game of {} rounds",
            r.base_rounds
        );
        let played: Vec<CardId> = r.expansions.iter().map(|e| e.0).collect();
        assert_eq!(played, vec![136, 137, 138], "every expansion completes");
    }
    for (id, k) in rare {
        assert!(
            k * 100 >= 5 * n as usize,
            "card {id} discovered in {k} of {n} runs (< 5 %)"
        );
    }
    assert!(
        (MEDIAN_BASE_SCORE.0..=MEDIAN_BASE_SCORE.1).contains(&med),
        "median base score {med} outside {MEDIAN_BASE_SCORE:?}"
    );
}
