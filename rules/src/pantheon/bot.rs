//! What Pantheon's bots need (`crate::bots`): the determinizer, the evaluation and a cheap
//! rollout policy.
//!
//! Hidden from a seat (spec §8, PTH-9.7, PTH-10.4, PTH-14.1): the other players' hands, the
//! draw pile, the nation deck, the god stack, the demigod stack and the other players' demigod
//! tokens taken face down (PTH-10.4), which loot tokens come out of the bag next (its
//! composition is public) and,
//! in the random-bonus game, the other players' unresolved bonus tokens and the unused bonus
//! stack. `redeal` deals each of those pools again among the same places:
//!
//! - action cards: other hands and the draw pile together; a special money card not yet played
//!   (PTH-9.9) was taken openly from the face-up special deck and stays where it is;
//! - demigods: by value group, 1–3 and 4–6 apart (PTH-2.5: the low group lies on top, so
//!   whether a face-down draw came from the low or the high group is public);
//! - god stack, nation deck, bonus tokens: each shuffled on its own;
//! - loot bag: drawn at random positions with the state's generator (PTH-3.3), which is
//!   reseeded, so its order needs no shuffle.
//!
//! Not used: which of another's cards came from the open display (the view does not keep it),
//! and what VP jumps at the first scoring tell of another's demigod sum. Pantheon has no
//! simultaneous step: one seat decides at a time.

use super::data::GodEffect;
use super::flow::pillar_points;
use super::state::{Card, PantheonState, SPECIAL_BASE};
use super::types::Decision;
use super::{Pantheon, PantheonAction};
use crate::bots::{BotGame, place_rewards, score_rewards};
use crate::{Game, GameRng, Seat};

/// A place a hidden action card sits in.
#[derive(Clone, Copy)]
enum CardPlace {
    Hand(Seat, usize),
    Deck(usize),
}

/// A place a hidden demigod token sits in.
#[derive(Clone, Copy)]
enum DemigodPlace {
    Stack(usize),
    Owned(Seat, usize),
}

/// Sorts and shuffles a face-down pile in place.
fn shuffle_pile<T: Ord>(pile: &mut [T], rng: &mut GameRng) {
    pile.sort_unstable();
    rng.shuffle(pile);
}

fn redeal_cards(st: &mut PantheonState, seat: Seat, rng: &mut GameRng) {
    let mut places: Vec<CardPlace> = (0..st.draw_pile.len()).map(CardPlace::Deck).collect();
    for (p, player) in st.players.iter().enumerate() {
        if p == seat {
            continue;
        }
        for (i, &c) in player.hand.iter().enumerate() {
            // PTH-9.9: an unplayed special money card is known to be where it is.
            let open_special = c >= SPECIAL_BASE && !st.special_played[(c - SPECIAL_BASE) as usize];
            if !open_special {
                places.push(CardPlace::Hand(p, i));
            }
        }
    }
    let get = |st: &PantheonState, p: CardPlace| -> Card {
        match p {
            CardPlace::Hand(s, i) => st.players[s].hand[i],
            CardPlace::Deck(i) => st.draw_pile[i],
        }
    };
    let mut pool: Vec<Card> = places.iter().map(|&p| get(st, p)).collect();
    pool.sort_unstable();
    rng.shuffle(&mut pool);
    for (&p, &c) in places.iter().zip(&pool) {
        match p {
            CardPlace::Hand(s, i) => st.players[s].hand[i] = c,
            CardPlace::Deck(i) => st.draw_pile[i] = c,
        }
    }
}

fn redeal_demigods(st: &mut PantheonState, seat: Seat, rng: &mut GameRng) {
    if st.over {
        return;
    }
    for low in [true, false] {
        let group = |v: u32| (v <= 3) == low;
        let mut places: Vec<DemigodPlace> = Vec::new();
        for (i, &v) in st.demigod_stack.iter().enumerate() {
            if group(v) {
                places.push(DemigodPlace::Stack(i));
            }
        }
        for (p, player) in st.players.iter().enumerate() {
            if p == seat {
                continue;
            }
            for (i, &(v, public)) in player.demigods.iter().enumerate() {
                if !public && group(v) {
                    places.push(DemigodPlace::Owned(p, i));
                }
            }
        }
        let values: Vec<u32> = places
            .iter()
            .map(|&p| match p {
                DemigodPlace::Stack(i) => st.demigod_stack[i],
                DemigodPlace::Owned(s, i) => st.players[s].demigods[i].0,
            })
            .collect();
        let mut pool = values;
        pool.sort_unstable();
        rng.shuffle(&mut pool);
        for (&p, &v) in places.iter().zip(&pool) {
            match p {
                DemigodPlace::Stack(i) => st.demigod_stack[i] = v,
                DemigodPlace::Owned(s, i) => st.players[s].demigods[i].0 = v,
            }
        }
    }
}

fn redeal_bonus(st: &mut PantheonState, seat: Seat, rng: &mut GameRng) {
    // PTH-14.1: in the choice variant every bonus token is open.
    if st.config.bonus_choice {
        return;
    }
    let mut pool: Vec<u8> = st.bonus_stack.clone();
    let hidden: Vec<Seat> = (0..st.n())
        .filter(|&p| p != seat && !st.players[p].bonus_resolved && st.players[p].bonus.is_some())
        .collect();
    pool.extend(
        hidden
            .iter()
            .map(|&p| st.players[p].bonus.expect("has one")),
    );
    pool.sort_unstable();
    rng.shuffle(&mut pool);
    let (held, stack) = pool.split_at(hidden.len());
    for (&p, &b) in hidden.iter().zip(held) {
        st.players[p].bonus = Some(b);
    }
    st.bonus_stack = stack.to_vec();
}

/// The points the seat's pillars score at one scoring, with part of its personal pillars
/// counted as if placed (they are worth little until they stand).
fn pillar_prospect(st: &PantheonState, seat: Seat, epochs_left: f64) -> f64 {
    let on_board = st.pillars_on_board(seat);
    let now = pillar_points(st, on_board) as f64;
    // More pillars will stand by the next scoring; a personal pillar is a likely one.
    let likely = (st.players[seat].pillars as f64 * 0.5 + epochs_left * 0.6).min(12.0);
    let later = pillar_points(st, (on_board + likely as u32).min(12)) as f64;
    now + 0.4 * (later - now)
}

/// One seat's expected final VP, roughly: VP so far, the scorings still to come (demigods,
/// pillars, SCORING_VP gods), and the means to score later (offering tokens and cards towards
/// gods, permanent god effects, stones).
fn prospect(st: &PantheonState, seat: Seat) -> f64 {
    let p = &st.players[seat];
    let scorings = if st.epoch <= 3 { 2.0 } else { 1.0 };
    let epochs_left = 6.0 - st.epoch as f64;
    let demigods: u32 = p.demigods.iter().map(|d| d.0).sum();
    let scoring_gods = st.god_count(seat, GodEffect::ScoringVp) as f64;
    let mut v = p.vp as f64;
    v += scorings * (demigods as f64 + 2.0 * scoring_gods);
    v += scorings * pillar_prospect(st, seat, epochs_left);
    // Means: worth more with more of the game left.
    let means = 0.35 + 0.13 * epochs_left;
    let levels: f64 = p.offerings.iter().map(|&l| l as f64).sum();
    let cards = p.hand.len() as f64;
    let permanent = p
        .gods
        .iter()
        .filter(|&&g| {
            !matches!(
                st.cat().gods[g as usize].effect.kind,
                GodEffect::GainDemigod
                    | GodEffect::GainStones
                    | GodEffect::GainSpecialMoney
                    | GodEffect::GainOffering
                    | GodEffect::GainCards
                    | GodEffect::ScoringVp
            )
        })
        .count() as f64;
    // The open movement or purchase: its played cards are being spent, not lost, and the loot
    // it collected resolves at its end (so one placement ahead is not judged by a thinner hand).
    let (played, collected) = match st.decision {
        Some(Decision::Placement { seat: s, .. } | Decision::Purchase { seat: s, .. })
            if s == seat =>
        {
            (st.played.len() as f64, st.collected.len() as f64)
        }
        _ => (0.0, 0.0),
    };
    v += collected;
    v += means
        * (0.8 * levels + 0.25 * (cards + played) + 1.5 * permanent + 1.0 * p.step_bonus as f64);
    v += means * 0.3 * (p.pillars as f64 + 0.3 * p.footprints as f64);
    v
}

/// Index of the first action of `legal` matching `f`.
fn first(legal: &[PantheonAction], f: impl Fn(&PantheonAction) -> bool) -> Option<usize> {
    legal.iter().position(f)
}

/// A random action among those matching `f`.
fn any(
    legal: &[PantheonAction],
    rng: &mut GameRng,
    f: impl Fn(&PantheonAction) -> bool,
) -> Option<usize> {
    let m: Vec<usize> = (0..legal.len()).filter(|&i| f(&legal[i])).collect();
    (!m.is_empty()).then(|| m[rng.below(m.len())])
}

impl BotGame for Pantheon {
    fn redeal(st: &mut PantheonState, seat: Seat, rng: &mut GameRng) {
        redeal_cards(st, seat, rng);
        shuffle_pile(&mut st.nation_deck, rng);
        shuffle_pile(&mut st.god_stack, rng);
        redeal_demigods(st, seat, rng);
        // The loot bag is left as it is: tokens are drawn from it at random positions with the
        // state's generator (reseeded below), and the view lists its kinds in bag order.
        redeal_bonus(st, seat, rng);
        st.rng = GameRng::from_seed(rng.next_u64());
    }

    fn seat_total(st: &PantheonState) -> usize {
        st.n()
    }

    /// Each seat's rough expected final VP ([`prospect`]) through a logistic on the lead over
    /// the best other seat; a finished game scores its places.
    fn evaluate(st: &PantheonState) -> Vec<f64> {
        if let Some(outcome) = Pantheon::outcome(st) {
            return place_rewards(&outcome);
        }
        let scores: Vec<f64> = (0..st.n()).map(|s| prospect(st, s)).collect();
        score_rewards(&scores, 8.0)
    }

    /// A sensible move most of the time, a random one sometimes: take a god when one is
    /// affordable, move with every movement card, place pillars and take loot before other
    /// placements, spend a purchase before ending it, resolve rather than decline effects.
    fn rollout_pick(
        st: &PantheonState,
        _seat: Seat,
        legal: &[PantheonAction],
        rng: &mut GameRng,
    ) -> usize {
        use PantheonAction as A;
        if rng.below(5) == 0 {
            return rng.below(legal.len());
        }
        let pick = match st.decision {
            Some(Decision::ChooseAction { .. }) => {
                any(legal, rng, |a| matches!(a, A::TakeGod { .. }))
                    .or_else(|| {
                        // The most movement cards, if any.
                        legal
                            .iter()
                            .enumerate()
                            .filter_map(|(i, a)| match a {
                                A::StartMovement { n } if *n > 0 => Some((*n, i)),
                                _ => None,
                            })
                            .max()
                            .map(|(_, i)| i)
                    })
                    .or_else(|| {
                        (rng.below(2) == 0)
                            .then(|| any(legal, rng, |a| matches!(a, A::StartPurchase { .. })))
                            .flatten()
                    })
                    .or_else(|| first(legal, |a| matches!(a, A::DrawCard { .. })))
            }
            Some(Decision::Placement { .. }) => {
                any(legal, rng, |a| matches!(a, A::PlacePillar { .. }))
                    .or_else(|| {
                        any(legal, rng, |a| {
                            matches!(
                                a,
                                A::PlaceFootprint {
                                    take_loot: true,
                                    ..
                                }
                            )
                        })
                    })
                    .or_else(|| {
                        any(legal, rng, |a| {
                            matches!(
                                a,
                                A::PlaceFootprint {
                                    take_loot: false,
                                    ..
                                }
                            )
                        })
                    })
            }
            Some(Decision::Purchase { .. }) | Some(Decision::Cartago { .. }) => {
                any(legal, rng, |a| {
                    !matches!(a, A::EndPurchase | A::CartagoDone)
                })
            }
            Some(Decision::Follow { .. }) => legal
                .iter()
                .enumerate()
                .filter_map(|(i, a)| match a {
                    A::FollowMove { n } => Some((*n, i)),
                    _ => None,
                })
                .max()
                .map(|(_, i)| i)
                .or_else(|| first(legal, |a| matches!(a, A::FollowDraw))),
            Some(Decision::Effect { .. }) => {
                any(legal, rng, |a| matches!(a, A::ResolveEffect { .. }))
            }
            Some(Decision::GalliaTake { .. }) => {
                any(legal, rng, |a| matches!(a, A::GalliaTakeGod { .. }))
            }
            Some(Decision::Iberia { .. }) => any(legal, rng, |a| !matches!(a, A::IberiaPass)),
            Some(Decision::Roma { .. }) => first(legal, |a| matches!(a, A::RomaDrawTwo)),
            Some(Decision::ExtraTurn { .. }) => first(legal, |a| matches!(a, A::TakeExtraTurn)),
            _ => None,
        };
        pick.unwrap_or_else(|| rng.below(legal.len()))
    }

    const DEFAULT_ITERATIONS: u32 = 200;
    const ROLLOUT_DEPTH: usize = 12;
}
