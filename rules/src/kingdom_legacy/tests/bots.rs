//! Kingdom Legacy's bots (`crate::bots`): honest, consistent, legal, and better than chance.

use super::*;
use crate::GameRng;
use crate::bots::check::{Seen, check_state, play_and_check};
use crate::bots::{BotGame, Budget, Kind, Knowledge, Level, decide};

fn fame(st: &State) -> i32 {
    kingdom_fame(st) + purge_fame_total(st)
}

/// Plays `st` on with the rollout policy until `stop` holds or the sitting ends.
fn drive(st: &mut State, rng: &mut GameRng, stop: impl Fn(&State) -> bool) {
    let mut steps = 0;
    while !KingdomLegacy::is_over(st) && !stop(st) {
        let legal = KingdomLegacy::legal_actions(st, 0);
        let i = KingdomLegacy::rollout_pick(st, 0, &legal, rng);
        KingdomLegacy::apply(st, 0, &legal[i]).unwrap();
        steps += 1;
        assert!(steps < 200_000, "the game does not end");
    }
}

#[test]
fn bots_play_legal_honest_moves_in_every_mode() {
    for mode in KingdomLegacy::modes() {
        let seen = play_and_check::<KingdomLegacy>(&mode.config, 0..6, 3);
        assert_eq!(seen.games, 6);
        assert!(seen.checked > 30, "{}: {seen:?}", mode.name);
        assert!(
            seen.varied * 2 > seen.checked,
            "{}: samples rarely vary: {seen:?}",
            mode.name
        );
    }
}

/// KLG-20.2, 20.4: a twin made by hand — two deck cards below the top swapped, the RNG
/// reseeded — is the same game to the player: same knowledge, same decision. Swapping the
/// visible top card (KLG-3.3) with the one below it is not.
#[test]
fn reordering_the_deck_below_its_top_changes_nothing_for_the_player() {
    let mut rng = GameRng::from_seed(4);
    let mut state = KingdomLegacy::setup(&Config::default(), 21).unwrap();
    // A few turns in, so the deck holds more than the starting cards' first draw.
    drive(&mut state, &mut rng, |st| {
        st.base.round_number >= 3 && st.phase == Phase::Main && st.deck.len() >= 4
    });
    assert!(state.deck.len() >= 4, "{:?}", state.phase);
    let mut twin = state.clone();
    twin.deck.swap(1, 3);
    twin.rng = GameRng::from_seed(999);
    assert_ne!(twin, state);
    let a = Knowledge::<KingdomLegacy>::of(&state, 0);
    let b = Knowledge::<KingdomLegacy>::of(&twin, 0);
    assert_eq!(a, b);
    let level = Level::new(Kind::Mcts, 1).unwrap();
    let budget = Budget {
        iterations: 120,
        deadline: None,
    };
    assert_eq!(decide(&a, level, budget, 5), decide(&b, level, budget, 5));
    let mut seen = Seen::default();
    check_state::<KingdomLegacy>(&twin, 0, 3, &mut seen);

    let mut top_swapped = state.clone();
    top_swapped.deck.swap(0, 1);
    assert_ne!(Knowledge::<KingdomLegacy>::of(&top_swapped, 0), a);
}

/// KLG-3.3, §8: samples keep the visible top card, the deck's contents and every other zone;
/// only the order below the top moves.
#[test]
fn samples_keep_the_top_card_and_the_decks_contents() {
    let mut rng = GameRng::from_seed(8);
    let mut state = KingdomLegacy::setup(&Config::default(), 3).unwrap();
    drive(&mut state, &mut rng, |st| {
        st.phase == Phase::Main && st.deck.len() >= 8
    });
    let k = Knowledge::<KingdomLegacy>::of(&state, 0);
    let mut sorted = state.deck.clone();
    sorted.sort_unstable();
    let mut moved = false;
    for _ in 0..10 {
        let s = k.sample(&mut rng);
        assert_eq!(s.deck[0], state.deck[0]);
        let mut d = s.deck.clone();
        d.sort_unstable();
        assert_eq!(d, sorted);
        assert_eq!(s.active, state.active);
        assert_eq!(s.discard, state.discard);
        assert_eq!(s.cards, state.cards);
        moved |= s.deck != state.deck;
    }
    assert!(moved, "the deck below the top never moved");
}

/// §8 "Purge", KLG-19.2: during a purge the revealed batch, the leftovers and the picks are
/// kept; the purge deck keeps its cards in another order.
#[test]
fn samples_keep_the_purge_batch_and_shuffle_its_deck() {
    let mut rng = GameRng::from_seed(2);
    let mut state = KingdomLegacy::setup(&Config::default(), 5).unwrap();
    drive(&mut state, &mut rng, |st| st.phase == Phase::PostGame);
    assert_eq!(state.phase, Phase::PostGame);
    KingdomLegacy::apply(&mut state, 0, &KlgAction::StartExpansion { card: 136 }).unwrap();
    assert_eq!(state.phase, Phase::PurgeSelect);
    let p = state.purge.clone().unwrap();
    assert!(p.deck.len() > 2, "{p:?}");
    let k = Knowledge::<KingdomLegacy>::of(&state, 0);
    let mut sorted = p.deck.clone();
    sorted.sort_unstable();
    let mut moved = false;
    for _ in 0..10 {
        let s = k.sample(&mut rng);
        let q = s.purge.as_ref().unwrap();
        assert_eq!(
            (&q.batch, &q.leftovers, &q.set_aside),
            (&p.batch, &p.leftovers, &p.set_aside)
        );
        let mut d = q.deck.clone();
        d.sort_unstable();
        assert_eq!(d, sorted);
        moved |= q.deck != p.deck;
        assert_eq!(
            KingdomLegacy::legal_actions(&s, 0),
            KingdomLegacy::legal_actions(&state, 0)
        );
    }
    assert!(moved, "the purge deck never moved");
}

/// Plays the first `rounds` rounds (or until the sitting ends) with `kind` at its default
/// level and returns the fame reached.
fn fame_after(kind: Kind, seed: u64, rounds: u32) -> i32 {
    let mut st = KingdomLegacy::setup(&Config::default(), seed).unwrap();
    let level = Level::new(kind, 0).unwrap();
    let mut step = 0u64;
    let done = |st: &State| {
        KingdomLegacy::is_over(st)
            || st.phase == Phase::BetweenRounds && st.base.round_number >= rounds
    };
    while !done(&st) && step < 300 {
        let k = Knowledge::<KingdomLegacy>::of(&st, 0);
        let a = decide(
            &k,
            level,
            level.budget::<KingdomLegacy>(),
            seed * 10_000 + step,
        )
        .unwrap();
        KingdomLegacy::apply(&mut st, 0, &a).unwrap();
        step += 1;
    }
    fame(&st)
}

/// The default `mcts` builds a more famous kingdom than `random` over the first rounds (the
/// arena measures it properly; this only guards against a search that stopped searching).
#[test]
fn mcts_gains_more_fame_than_random() {
    let seeds = 0..2u64;
    let mean = |kind| {
        seeds
            .clone()
            .map(|s| fame_after(kind, 300 + s, 3))
            .sum::<i32>() as f64
            / 2.0
    };
    let (mcts, random) = (mean(Kind::Mcts), mean(Kind::Random));
    assert!(mcts > random, "mcts {mcts} vs random {random}");
}
