//! Pantheon's bots (`crate::bots`): honest, consistent, legal, and stronger than chance.

use super::*;
use crate::GameRng;
use crate::bots::check::{Seen, check_state, check_twin, play_and_check};
use crate::bots::{Kind, Knowledge, Level, decide};

#[test]
fn bots_play_legal_honest_moves_in_every_mode() {
    for mode in Pantheon::modes() {
        let seen = play_and_check::<Pantheon>(&mode.config, 0..2, 9);
        assert_eq!(seen.games, 2);
        assert!(seen.checked > 40, "{}: {seen:?}", mode.name);
        assert!(
            seen.varied * 4 > seen.checked * 3,
            "{}: samples rarely vary: {seen:?}",
            mode.name
        );
    }
}

/// The bonus-choice variant (PTH-14) has no hidden bonus token; the checks hold there too.
#[test]
fn bots_play_legal_honest_moves_with_bonus_choice() {
    let config = PantheonConfig {
        bonus_choice: true,
        ..PantheonConfig::new(3)
    };
    let seen = play_and_check::<Pantheon>(&config, 7..8, 9);
    assert!(seen.checked > 20, "{seen:?}");
}

/// §8, PTH-9.7: a twin made by hand — an opponent's hand card swapped with a draw-pile card of
/// another kind, the god stack and nation deck reordered — is the same game to the seat: same
/// knowledge, same decision; the opponent's own knowledge differs.
#[test]
fn hidden_cards_and_stacks_of_a_twin_change_nothing_for_the_seat() {
    let state = Pantheon::setup(&PantheonConfig::new(2), 11).unwrap();
    let seat = Pantheon::to_act(&state)[0];
    let other = 1 - seat;
    let mut twin = state.clone();
    let kind = twin.card_kind(twin.players[other].hand[0]);
    let j = (0..twin.draw_pile.len())
        .find(|&j| twin.card_kind(twin.draw_pile[j]) != kind)
        .expect("a card of another kind");
    std::mem::swap(&mut twin.players[other].hand[0], &mut twin.draw_pile[j]);
    twin.god_stack.reverse();
    twin.nation_deck.rotate_left(1);
    twin.rng = GameRng::from_seed(999);
    check_twin::<Pantheon>(&state, &twin, seat, other, 60);
}

/// PTH-10.4, PTH-2.5, PTH-9.9, PTH-14.1: samples keep what the seat knows — its own face-down
/// demigod, an opponent's unplayed special money card, its own bonus token — and deal the rest
/// again only within what is public: an opponent's face-down demigod stays in its value group
/// (1–3 or 4–6) and the stack keeps the low group above the high one.
#[test]
fn samples_keep_demigod_groups_special_money_and_own_bonus() {
    let mut st = Pantheon::setup(&PantheonConfig::new(3), 5).unwrap();
    let seat = Pantheon::to_act(&st)[0];
    let other = (seat + 1) % 3;
    // Face-down demigods from the stack's top (the low group): one each.
    let mine = st.demigod_stack.pop().unwrap();
    st.players[seat].demigods.push((mine, false));
    let theirs = st.demigod_stack.pop().unwrap();
    st.players[other].demigods.push((theirs, false));
    // The opponent took the top special money card openly.
    let special = st.special_deck.pop().unwrap();
    st.players[other].hand.push(special);
    // Bonus tokens not yet resolved (random variant).
    for p in &mut st.players {
        p.bonus_resolved = false;
    }
    let my_bonus = st.players[seat].bonus;
    let k = Knowledge::<Pantheon>::of(&st, seat);
    let mut rng = GameRng::from_seed(1);
    let (mut demigod_varied, mut bonus_varied) = (false, false);
    for _ in 0..40 {
        let s = k.sample(&mut rng);
        assert_eq!(s.players[seat].demigods, vec![(mine, false)]);
        let (v, public) = s.players[other].demigods[0];
        assert!(!public && v <= 3, "the low group stays low: {v}");
        demigod_varied |= v != theirs;
        assert!(s.players[other].hand.contains(&special));
        assert_eq!(s.players[seat].bonus, my_bonus);
        bonus_varied |= s.players[other].bonus != st.players[other].bonus;
        let first_high = s.demigod_stack.iter().position(|&v| v <= 3).unwrap();
        assert!(s.demigod_stack[..first_high].iter().all(|&v| v >= 4));
        assert!(s.demigod_stack[first_high..].iter().all(|&v| v <= 3));
    }
    assert!(demigod_varied && bonus_varied);
    let mut seen = Seen::default();
    check_state::<Pantheon>(&st, seat, 9, &mut seen);
}

/// The default `mcts` wins most 2-player games against `random` (the arena measures it
/// properly; this only guards against a search that stopped searching).
#[test]
fn mcts_beats_random_at_two_players() {
    let mut wins = 0;
    let games = 8;
    for seed in 0..games {
        let mut st = Pantheon::setup(&PantheonConfig::new(2), 100 + seed).unwrap();
        let mcts_seat = (seed % 2) as usize;
        let mut step = 0u64;
        while !Pantheon::is_over(&st) {
            let seat = Pantheon::to_act(&st)[0];
            let kind = if seat == mcts_seat {
                Kind::Mcts
            } else {
                Kind::Random
            };
            let level = Level::new(kind, 1).unwrap();
            let k = Knowledge::<Pantheon>::of(&st, seat);
            let a = decide(&k, level, level.budget::<Pantheon>(), seed * 1000 + step).unwrap();
            Pantheon::apply(&mut st, seat, &a).unwrap();
            step += 1;
            assert!(step < 20_000, "the game does not end");
        }
        wins += usize::from(Pantheon::outcome(&st).unwrap().winners == vec![mcts_seat]);
    }
    assert!(wins >= 7, "mcts won {wins} of {games}");
}
