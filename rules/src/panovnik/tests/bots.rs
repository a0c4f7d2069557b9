//! Panovník's bots (`crate::bots`): honest, consistent, legal, and stronger than chance.

use super::*;
use crate::bots::check::{check_twin, play_and_check};
use crate::bots::{BotGame, Kind, Knowledge, Level, decide};
use crate::panovnik::types::{SealedChoice, SealedStep};

#[test]
fn bots_play_legal_honest_moves_in_every_mode() {
    for mode in Panovnik::modes() {
        let seen = play_and_check::<Panovnik>(&mode.config, 0..2, 3);
        assert_eq!(seen.games, 2);
        assert!(seen.checked > 50, "{}: {seen:?}", mode.name);
        assert!(
            seen.varied * 2 > seen.checked,
            "{}: samples rarely vary: {seen:?}",
            mode.name
        );
    }
}

/// Plays random moves from `seed` until `stop` says so (or the game ends).
fn play_until(
    config: &PanovnikConfig,
    seed: u64,
    stop: impl Fn(&PanovnikState) -> bool,
) -> Option<PanovnikState> {
    let mut st = Panovnik::setup(config, seed).unwrap();
    let mut rng = GameRng::from_seed(seed);
    while !Panovnik::is_over(&st) {
        if stop(&st) {
            return Some(st);
        }
        let seat = Panovnik::to_act(&st)[0];
        let legal = Panovnik::legal_actions(&st, seat);
        let a = legal[rng.below(legal.len())];
        Panovnik::apply(&mut st, seat, &a).unwrap();
    }
    None
}

/// A 2-player bidding round of round 3 where seat 1 has already committed its sealed bid.
fn bidding_with_a_commit(seed: u64) -> PanovnikState {
    let config = PanovnikConfig::new(2);
    let mut st = play_until(&config, seed, |st| {
        st.round >= 3
            && st
                .sealed
                .as_ref()
                .is_some_and(|s| s.step == SealedStep::Bid && s.waiting() == vec![0, 1])
    })
    .expect("a bidding round in round 3");
    let legal = Panovnik::legal_actions(&st, 1);
    Panovnik::apply(&mut st, 1, &legal[0]).unwrap();
    st
}

/// PNV-13.1, PNV-13.4: a twin made by hand — an opponent's hand card swapped with the top of
/// the big deck, a hand law with the law deck, the opponent's sealed bid replaced — is the same
/// game to seat 0: same knowledge, same decision; the opponent's own knowledge differs.
#[test]
fn hidden_cards_and_a_sealed_bid_change_nothing_for_the_seat() {
    let state = bidding_with_a_commit(7);
    let (seat, other) = (0, 1);
    let mut twin = state.clone();
    let hand = &mut twin.players[other].hand;
    let ci = hand.iter().position(|&c| !Catalog::is_law(c)).unwrap();
    let li = hand.iter().position(|&c| Catalog::is_law(c)).unwrap();
    let top = twin.big_deck.len() - 1;
    std::mem::swap(&mut twin.players[other].hand[ci], &mut twin.big_deck[top]);
    let top = twin.law_deck.len() - 1;
    std::mem::swap(&mut twin.players[other].hand[li], &mut twin.law_deck[top]);
    let sealed = twin.sealed.as_mut().unwrap();
    let bid = sealed.choices[other].clone();
    sealed.choices[other] = Some(SealedChoice::Bid(
        if bid == Some(SealedChoice::Bid(Bid::Pass)) {
            Bid::Attack
        } else {
            Bid::Pass
        },
    ));
    twin.rng = GameRng::from_seed(999);
    check_twin::<Panovnik>(&state, &twin, seat, other, 150);
}

/// PNV-13.1 with three players: who holds which of the other screens' gems is dealt again, but
/// each screen keeps its size and the others hold the same gems in all; the seat's own screen,
/// hand and the public zones stay.
#[test]
fn samples_keep_screen_sizes_own_zones_and_public_cards() {
    let config = PanovnikConfig::new(3);
    let st = play_until(&config, 21, |st| {
        st.round >= 5
            && st
                .sealed
                .as_ref()
                .is_some_and(|s| s.step == SealedStep::Bid)
    })
    .expect("round 5");
    let seat = Panovnik::to_act(&st)[0];
    let k = Knowledge::<Panovnik>::of(&st, seat);
    let mut rng = GameRng::from_seed(4);
    let others: Vec<usize> = (0..3).filter(|&p| p != seat).collect();
    let pooled = |s: &PanovnikState| {
        others
            .iter()
            .fold(Gems::ZERO, |g, &p| g.plus(&s.players[p].screen))
    };
    let mut moved = false;
    for _ in 0..20 {
        let s = k.sample(&mut rng);
        assert_eq!(s.players[seat], st.players[seat]);
        assert_eq!(
            Panovnik::view(&s, Viewer::Seat(seat)),
            Panovnik::view(&st, Viewer::Seat(seat))
        );
        assert_eq!(pooled(&s), pooled(&st));
        for &p in &others {
            assert_eq!(s.players[p].screen.total(), st.players[p].screen.total());
            assert_eq!(s.players[p].hand.len(), st.players[p].hand.len());
            assert_eq!(s.players[p].hand_laws(), st.players[p].hand_laws());
            moved |= s.players[p].screen != st.players[p].screen;
        }
        assert_eq!(s.display, st.display);
        assert_eq!(s.discard, st.discard);
        assert_eq!(s.big_deck.len(), st.big_deck.len());
        assert_eq!(s.small_deck.len(), st.small_deck.len());
        assert_eq!(s.law_deck.len(), st.law_deck.len());
    }
    assert!(moved, "the other screens never changed hands");
}

/// PNV-13.4: other seats' sealed build selections are drawn again (and stay legal), the seat's
/// own stays; a revealed selection waiting to be placed (PNV-7.3) stays in its owner's hand.
#[test]
fn sealed_selections_are_drawn_again_and_revealed_ones_stay() {
    let config = PanovnikConfig::new(2);
    let mut redrawn = false;
    let mut pinned_seen = false;
    for seed in 0..40 {
        let Some(mut st) = play_until(&config, seed, |st| {
            st.sealed
                .as_ref()
                .is_some_and(|s| s.step == SealedStep::BuildSelection && s.waiting().len() == 2)
                && st.round >= 2
        }) else {
            continue;
        };
        // Seat 1 selects a card if it can; seat 0 is the seat that searches.
        let legal = Panovnik::legal_actions(&st, 1);
        Panovnik::apply(&mut st, 1, &legal[0]).unwrap();
        let k = Knowledge::<Panovnik>::of(&st, 0);
        let mut rng = GameRng::from_seed(seed);
        for _ in 0..10 {
            let s = k.sample(&mut rng);
            let sealed = s.sealed.as_ref().unwrap();
            assert!(sealed.committed[1]);
            let choice = sealed.choices[1].clone().unwrap();
            redrawn |= choice != st.sealed.as_ref().unwrap().choices[1].clone().unwrap();
            if let SealedChoice::Build(Some(card)) = choice {
                assert!(s.players[1].hand.contains(&card));
            }
        }
        // Seat 0 commits too: the reveal queues both selections; they stay in the hands.
        let legal = Panovnik::legal_actions(&st, 0);
        Panovnik::apply(&mut st, 0, &legal[0]).unwrap();
        if let Some(Decision::PlaceCard { seat, card }) = st.decision.clone() {
            let mut queued: Vec<(u32, usize)> = st.build.queue.clone();
            queued.push((card, seat));
            for viewer in 0..2 {
                let k = Knowledge::<Panovnik>::of(&st, viewer);
                for _ in 0..5 {
                    let s = k.sample(&mut rng);
                    for &(c, p) in &queued {
                        assert!(s.players[p].hand.contains(&c), "seed {seed}");
                        pinned_seen |= p != viewer;
                    }
                }
            }
        }
        if redrawn && pinned_seen {
            return;
        }
    }
    panic!("redrawn {redrawn}, revealed selection of another seat seen {pinned_seen}");
}

/// The default `mcts` wins most 2-player games against `random` (the arena measures it
/// properly; this only guards against a search that stopped searching).
#[test]
fn mcts_beats_random_at_two_players() {
    let mut wins = 0;
    let games = 8;
    for seed in 0..games {
        let mut st = Panovnik::setup(&PanovnikConfig::new(2), 100 + seed).unwrap();
        let mcts_seat = (seed % 2) as usize;
        let mut step = 0u64;
        while !Panovnik::is_over(&st) {
            let seat = Panovnik::to_act(&st)[0];
            let kind = if seat == mcts_seat {
                Kind::Mcts
            } else {
                Kind::Random
            };
            let level = Level::new(kind, 1).unwrap();
            let k = Knowledge::<Panovnik>::of(&st, seat);
            let a = decide(&k, level, level.budget::<Panovnik>(), seed * 1000 + step).unwrap();
            Panovnik::apply(&mut st, seat, &a).unwrap();
            step += 1;
        }
        wins += usize::from(Panovnik::outcome(&st).unwrap().winners == vec![mcts_seat]);
    }
    assert!(wins >= 6, "mcts won {wins} of {games}");
}

#[test]
fn evaluation_is_in_range_and_finished_games_score_places() {
    let st = play_until(&PanovnikConfig::new(2), 3, |_| false);
    assert!(st.is_none());
    let mut st = Panovnik::setup(&PanovnikConfig::new(3), 3).unwrap();
    let mut rng = GameRng::from_seed(3);
    while !Panovnik::is_over(&st) {
        let v = Panovnik::evaluate(&st);
        assert_eq!(v.len(), 3);
        assert!(v.iter().all(|x| (0.0..=1.0).contains(x)), "{v:?}");
        let seat = Panovnik::to_act(&st)[0];
        let legal = Panovnik::legal_actions(&st, seat);
        let a = legal[rng.below(legal.len())];
        Panovnik::apply(&mut st, seat, &a).unwrap();
    }
    let v = Panovnik::evaluate(&st);
    let o = Panovnik::outcome(&st).unwrap();
    for (x, place) in v.iter().zip(&o.places) {
        assert_eq!(*x >= 0.99, *place == 1);
    }
}
