//! Crown of Emara's bots (`crate::bots`): honest, consistent, legal, and stronger than chance.

use super::*;
use crate::bots::check::{check_twin, play_and_check};
use crate::bots::{Kind, Knowledge, Level, decide};

#[test]
fn bots_play_legal_honest_moves_in_every_mode() {
    for mode in Emara::modes() {
        let seen = play_and_check::<Emara>(&mode.config, 0..2, 9);
        assert_eq!(seen.games, 2);
        assert!(seen.checked > 20, "{}: {seen:?}", mode.name);
        assert!(
            seen.varied * 2 > seen.checked,
            "{}: samples rarely vary: {seen:?}",
            mode.name
        );
    }
}

/// Plays random moves until `stop` holds; `None` if the game ended first.
fn random_until(
    config: &EmaraConfig,
    seed: u64,
    stop: impl Fn(&EmaraState) -> bool,
) -> Option<EmaraState> {
    let mut st = Emara::setup(config, seed).unwrap();
    let mut r = GameRng::from_seed(seed);
    while !stop(&st) {
        let seat = *Emara::to_act(&st).first()?;
        let legal = Emara::legal_actions(&st, seat);
        Emara::apply(&mut st, seat, &legal[r.below(legal.len())]).unwrap();
    }
    Some(st)
}

/// Section 8 (EMR-2.18 hand and deck order, EMR-2.11 event deck, EMR-10.2 favor stack): a twin
/// made by hand — an opponent's hand card swapped with one of its deck cards, the seat's own
/// deck and the event deck below the top reordered, two favor-stack tokens swapped — is the
/// same game to the seat: same knowledge, same decision; the opponent's knowledge differs.
#[test]
fn hidden_cards_and_tokens_moved_by_hand_change_nothing_for_the_seat() {
    let config = EmaraConfig::new(2);
    let st = random_until(&config, 7, |st| {
        matches!(st.pending, Pending::Turn { .. })
            && st.players.iter().all(|p| p.deck.len() >= 2)
            && st.favor_stack.len() >= 2
            && st.events.len() >= 3
    })
    .expect("a turn in round 1");
    let seat = Emara::to_act(&st)[0];
    let other = 1 - seat;
    let mut twin = st.clone();
    let o = &mut twin.players[other];
    let swap_in = o.deck.iter().position(|c| *c != o.hand[0]).unwrap();
    let hand_card = o.hand[0];
    o.hand[0] = o.deck[swap_in];
    o.deck[swap_in] = hand_card;
    twin.players[seat].deck.reverse();
    twin.events.swap(0, 1);
    let top = twin.favor_stack.len() - 1;
    let below = (0..top)
        .find(|&i| twin.favor_stack[i] != twin.favor_stack[top])
        .unwrap();
    twin.favor_stack.swap(below, top);
    twin.rng = GameRng::from_seed(999);
    check_twin::<Emara>(&st, &twin, seat, other, 150);
}

/// G22, EMR-10.2: while a player chooses among its 3 drawn tokens, they are its knowledge
/// (samples keep them) and hidden from the others (their samples deal them again); tokens a
/// seat discarded itself stay where they lie; every player's hand ∪ deck keeps its cards
/// (EMR-2.18), the seat's hand and the visible tops of the event and B decks stay.
#[test]
fn samples_keep_what_the_seat_knows() {
    let config = EmaraConfig::new(3);
    let mut checked = 0;
    let mut others_varied = 0;
    for seed in 0..60 {
        let Some(st) = random_until(&config, seed, |st| {
            matches!(st.pending, Pending::KeepFavorToken { .. }) && st.favor_stack.len() >= 3
        }) else {
            continue;
        };
        let Pending::KeepFavorToken { seat: drawer } = st.pending else {
            unreachable!()
        };
        let mut rng = GameRng::from_seed(seed);
        for seat in 0..st.n() {
            let k = Knowledge::<Emara>::of(&st, seat);
            for _ in 0..4 {
                let s = k.sample(&mut rng);
                if seat == drawer {
                    assert_eq!(s.favor_drawn, st.favor_drawn, "the drawer's tokens");
                } else {
                    others_varied += usize::from(s.favor_drawn != st.favor_drawn);
                }
                for (i, (t, mask)) in st.favor_discard.iter().enumerate() {
                    assert_eq!(s.favor_discard[i].1, *mask, "masks stay in place");
                    if *mask == state::PUBLIC || mask & (1 << seat) != 0 {
                        assert_eq!(s.favor_discard[i].0, *t, "a known discard moved");
                    }
                }
                assert_eq!(s.players[seat].hand, st.players[seat].hand);
                for (p, q) in s.players.iter().zip(&st.players) {
                    let mut a: Vec<_> = p.hand.iter().chain(p.deck.iter()).copied().collect();
                    let mut b: Vec<_> = q.hand.iter().chain(q.deck.iter()).copied().collect();
                    a.sort();
                    b.sort();
                    assert_eq!(a, b, "a player's cards changed");
                    assert_eq!(p.hand.len(), q.hand.len());
                }
                assert_eq!(s.events.last(), st.events.last());
                assert_eq!(s.b_deck.last(), st.b_deck.last());
            }
        }
        checked += 1;
        if checked == 8 {
            break;
        }
    }
    assert!(checked >= 5, "few favor draws: {checked}");
    assert!(
        others_varied > 0,
        "other seats' samples never dealt the drawn tokens again"
    );
}

/// Plays `games` seeded games of `config`, seat `g % seats` by `mine` at level 1, the others by
/// `other`; returns that seat's rewards (finished games).
fn rewards(config: &EmaraConfig, games: u64, mine: Kind, other: Kind) -> Vec<f64> {
    (0..games)
        .map(|g| {
            let mut st = Emara::setup(config, 300 + g).unwrap();
            let me = (g % st.n() as u64) as usize;
            let mut step = 0u64;
            while let Some(&seat) = Emara::to_act(&st).first() {
                let kind = if seat == me { mine } else { other };
                let level = Level::new(kind, 1).unwrap();
                let k = Knowledge::<Emara>::of(&st, seat);
                let a = decide(&k, level, level.budget::<Emara>(), g * 10_000 + step).unwrap();
                Emara::apply(&mut st, seat, &a).unwrap();
                step += 1;
            }
            <Emara as crate::bots::BotGame>::evaluate(&st)[me]
        })
        .collect()
}

/// `mcts` wins most 2-player games against `random`, and does better than `random` against
/// Victoria in solo (the arena measures strength properly; this guards against a search that
/// stopped searching).
#[test]
fn mcts_beats_random() {
    let two = rewards(&EmaraConfig::new(2), 8, Kind::Mcts, Kind::Random);
    // A win rewards at least 0.9 (its place), a loss at most 0.1 (the margin).
    let wins = two.iter().filter(|r| **r >= 0.9).count();
    assert!(wins >= 7, "mcts won {wins} of 8: {two:?}");
    let solo = rewards(&EmaraConfig::new(1), 3, Kind::Mcts, Kind::Random);
    let random = rewards(&EmaraConfig::new(1), 3, Kind::Random, Kind::Random);
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    assert!(
        mean(&solo) > mean(&random),
        "solo: {solo:?} against {random:?}"
    );
}
