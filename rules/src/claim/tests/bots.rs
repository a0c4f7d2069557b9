//! Claim's bots (`crate::bots`): honest, consistent, legal, and stronger than chance.

use super::*;
use crate::GameRng;
use crate::bots::check::{check_twin, play_and_check};
use crate::bots::{Kind, Knowledge, Level, decide};

#[test]
fn bots_play_legal_honest_moves_in_every_mode() {
    for mode in Mode::ALL {
        let seen = play_and_check::<Claim>(&ClaimConfig::new(mode), 0..6, 3);
        assert_eq!(seen.games, 6);
        assert!(seen.checked > 50, "{mode:?}: {seen:?}");
        assert!(
            seen.varied * 2 > seen.checked,
            "{mode:?}: samples rarely vary: {seen:?}"
        );
    }
}

/// CLM-HID.1: a twin made by hand — an opponent's hand card swapped with a deck card — is the
/// same game to the seat: same knowledge, same decision; the opponent's own knowledge differs.
#[test]
fn swapping_an_opponents_card_with_the_deck_changes_nothing_for_the_seat() {
    let state = Claim::setup(&ClaimConfig::new(Mode::Base2p), 11).unwrap();
    let seat = Claim::to_act(&state)[0];
    let other = 1 - seat;
    let mut twin = state.clone();
    let top = twin.deck.len() - 1;
    std::mem::swap(&mut twin.players[other].hand[0], &mut twin.deck[top]);
    twin.rng = GameRng::from_seed(999);
    check_twin::<Claim>(&state, &twin, seat, other, 200);
}

/// CLM-SER.2: the seer's peeked card is knowledge while its choice is open: samples keep it.
#[test]
fn the_peeked_card_stays_where_the_seer_saw_it() {
    for seed in 0..400 {
        let mut st = Claim::setup(&ClaimConfig::new(Mode::Base2p), seed).unwrap();
        let mut rng = GameRng::from_seed(seed);
        while !Claim::is_over(&st) {
            let seat = Claim::to_act(&st)[0];
            if let Pending::SeerChoice { seat: seer } = st.pending {
                let k = Knowledge::<Claim>::of(&st, seer);
                for _ in 0..5 {
                    assert_eq!(k.sample(&mut rng).deck.last(), st.deck.last());
                }
                return;
            }
            let legal = Claim::legal_actions(&st, seat);
            let a = legal
                .iter()
                .find(|a| **a == ClaimAction::SeerPeek)
                .cloned()
                .unwrap_or_else(|| legal[rng.below(legal.len())].clone());
            Claim::apply(&mut st, seat, &a).unwrap();
        }
    }
    panic!("no seer peek in 400 games");
}

/// The default `mcts` wins most 2-player games against `random` (the arena measures it
/// properly; this only guards against a search that stopped searching).
#[test]
fn mcts_beats_random_at_two_players() {
    let mut wins = 0;
    let games = 20;
    for seed in 0..games {
        let mut st = Claim::setup(&ClaimConfig::new(Mode::Base2p), 100 + seed).unwrap();
        let mcts_seat = (seed % 2) as usize;
        let mut step = 0u64;
        while !Claim::is_over(&st) {
            let seat = Claim::to_act(&st)[0];
            let kind = if seat == mcts_seat {
                Kind::Mcts
            } else {
                Kind::Random
            };
            let level = Level::new(kind, 1).unwrap();
            let k = Knowledge::<Claim>::of(&st, seat);
            let a = decide(&k, level, level.budget::<Claim>(), seed * 1000 + step).unwrap();
            Claim::apply(&mut st, seat, &a).unwrap();
            step += 1;
        }
        wins += usize::from(Claim::outcome(&st).unwrap().winners == vec![mcts_seat]);
    }
    assert!(wins >= 15, "mcts won {wins} of {games}");
}
