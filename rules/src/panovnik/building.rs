//! The building phase (PNV-7): sealed selections, resolution in ascending order number,
//! positions, cumulative costs, eternal-gem discounts, the circle gem and the card's reward or
//! law effect.

use super::actions::PanovnikAction;
use super::data::Catalog;
use super::events::*;
use super::flow;
use super::pyramid;
use super::scoring;
use super::state::*;
use super::types::*;
use crate::Seat;

/// PNV-7.4: the gems owed to place a character on `level`: the cost gems of rows 1..L (L ≤ 4);
/// on level 5 rows 1..4 plus the row-4 gem once more. Laws cost nothing (PNV-7.9).
pub(crate) fn cost(card: u32, level: u8) -> Gems {
    let mut g = Gems::ZERO;
    if Catalog::is_law(card) {
        return g;
    }
    let c = Catalog::shipped().character(card).expect("character");
    for row in c.rows.iter().take(level.min(4) as usize) {
        g.add(row.cost, 1);
    }
    if level == 5 {
        g.add(c.rows[3].cost, 1);
    }
    g
}

/// PNV-7.7: the unused eternal gems of a pyramid, per colour.
pub(crate) fn unused_eternal(p: &Player) -> Gems {
    let mut g = Gems::ZERO;
    for c in &p.pyramid {
        for e in &c.tokens.eternal {
            if !e.used {
                g.add(e.color, 1);
            }
        }
    }
    g
}

/// Decision 13: every legal position (PNV-4.2–4.5, the pyramid's open `positions` for the
/// card's type) with every discount from the `eternal` unused gems that is applied to an owed
/// colour only (PNV-7.8) and leaves a payable rest (PNV-7.5).
pub(crate) fn placements(
    p: &Player,
    card: u32,
    positions: &[(u8, i32)],
    eternal: &Gems,
) -> Vec<PanovnikAction> {
    let mut out = Vec::new();
    for &(level, x) in positions {
        let owed = cost(card, level);
        let mut cap = Gems::ZERO;
        for c in Color::ALL {
            cap.set(c, owed.get(c).min(eternal.get(c)));
        }
        for b in 0..=cap.b {
            for r in 0..=cap.r {
                for g in 0..=cap.g {
                    for y in 0..=cap.y {
                        let d = Gems::new(b, r, g, y);
                        if owed.minus(&d).fits_in(&p.screen) {
                            out.push(PanovnikAction::PlaceCard {
                                level,
                                x,
                                eternal_gems: d,
                            });
                        }
                    }
                }
            }
        }
    }
    out
}

/// PNV-7.16 (D): a card may be selected only with at least one legal paid position, given
/// the pyramid's open `positions` for the card's type and its `eternal` unused gems.
pub(crate) fn can_place(p: &Player, card: u32, positions: &[(u8, i32)], eternal: &Gems) -> bool {
    positions.iter().any(|&(level, _)| {
        let owed = cost(card, level);
        Color::ALL
            .iter()
            .all(|&c| owed.get(c).saturating_sub(eternal.get(c)) <= p.screen.get(c))
    })
}

/// Whether `PlaceCard { level, x, eternal_gems }` is among [`placements`] of `card`, without
/// listing them: one of the open `positions`, eternal gems within what the card owes and the
/// unused `eternal` gems hold, the rest payable from behind the screen.
pub(crate) fn is_placement(
    p: &Player,
    card: u32,
    (level, x): (u8, i32),
    eternal_gems: &Gems,
    positions: &[(u8, i32)],
    eternal: &Gems,
) -> bool {
    if !positions.contains(&(level, x)) {
        return false;
    }
    let owed = cost(card, level);
    Color::ALL
        .iter()
        .all(|&c| eternal_gems.get(c) <= owed.get(c).min(eternal.get(c)))
        && owed.minus(eternal_gems).fits_in(&p.screen)
}

/// PNV-7.1, PNV-7.7: a building phase starts; every eternal gem is available again.
pub(crate) fn start_building(st: &mut PanovnikState, ev: &mut Vec<PanovnikEvent>) {
    for p in &mut st.players {
        for c in &mut p.pyramid {
            for e in &mut c.tokens.eternal {
                e.used = false;
            }
        }
    }
    st.build = Build {
        step: 0,
        passed: vec![false; st.n()],
        queue: Vec::new(),
    };
    open_build_step(st, ev);
}

/// PNV-7.2, 7.15: the next build step for the players who have not passed; the phase ends
/// after 3 steps or when everybody has passed.
pub(crate) fn open_build_step(st: &mut PanovnikState, ev: &mut Vec<PanovnikEvent>) {
    st.build.step += 1;
    let seats: Vec<Seat> = (0..st.n()).filter(|&s| !st.build.passed[s]).collect();
    if st.build.step > 3 || seats.is_empty() {
        end_building(st, ev);
        return;
    }
    ev.push(PanovnikEvent::BuildStepStarted {
        step: st.build.step,
        seats: seats.clone(),
    });
    st.stage = Stage::BuildSelect;
    flow::open_sealed(st, SealedStep::BuildSelection, &seats, ev);
}

/// PNV-7.3: all selections revealed; passers are out for the phase; cards resolve in ascending
/// order number (PNV-3.4).
pub(crate) fn reveal_selections(
    st: &mut PanovnikState,
    sealed: &Sealed,
    ev: &mut Vec<PanovnikEvent>,
) {
    let mut selections = Vec::new();
    let mut queue = Vec::new();
    for seat in 0..st.n() {
        if !sealed.eligible[seat] {
            continue;
        }
        match sealed.choices[seat] {
            Some(SealedChoice::Build(Some(card))) => {
                selections.push((seat, Some(card)));
                queue.push((card, seat));
            }
            _ => {
                selections.push((seat, None));
                st.build.passed[seat] = true;
            }
        }
    }
    ev.push(PanovnikEvent::SelectionsRevealed { selections });
    queue.sort_unstable();
    st.build.queue = queue;
    st.stage = Stage::BuildResolve;
}

/// The next selected card: decision 13 (taken at once when exactly one choice exists), or back
/// to hand without a legal paid position (PNV-7.16).
pub(crate) fn next_selection(st: &mut PanovnikState, ev: &mut Vec<PanovnikEvent>) {
    if st.build.queue.is_empty() {
        open_build_step(st, ev);
        return;
    }
    let (card, seat) = st.build.queue.remove(0);
    let p = &st.players[seat];
    let positions = pyramid::legal_positions(p, Catalog::is_law(card));
    let options = placements(p, card, &positions, &unused_eternal(p));
    match options.as_slice() {
        [] => ev.push(PanovnikEvent::CardReturned { seat, card }),
        [
            PanovnikAction::PlaceCard {
                level,
                x,
                eternal_gems,
            },
        ] => place(st, seat, card, *level, *x, *eternal_gems, ev),
        _ => st.decision = Some(Decision::PlaceCard { seat, card }),
    }
}

/// PNV-7.4–7.14 in the order of PNV-7.11: pay (eternal gems marked used), place, circle gem,
/// then the reward of the level's row (PNV-7.12), the level-5 choice (PNV-7.13) or the law's
/// effect (PNV-7.9).
pub(crate) fn place(
    st: &mut PanovnikState,
    seat: Seat,
    card: u32,
    level: u8,
    x: i32,
    eternal_gems: Gems,
    ev: &mut Vec<PanovnikEvent>,
) {
    let paid = cost(card, level).minus(&eternal_gems);
    {
        let p = &mut st.players[seat];
        p.hand.retain(|&c| c != card);
        p.screen = p.screen.minus(&paid);
        let mut left = eternal_gems;
        for pc in &mut p.pyramid {
            for e in &mut pc.tokens.eternal {
                if !e.used && left.get(e.color) > 0 {
                    e.used = true;
                    left.take(e.color, 1);
                }
            }
        }
        p.pyramid.push(PCard::new(card, level, x));
    }
    st.supply = st.supply.plus(&paid);
    ev.push(PanovnikEvent::CardPlaced {
        seat,
        card,
        level,
        x,
        paid,
        eternal_gems,
    });
    // PNV-7.10: a closed monochrome circle yields one gem of its colour if available.
    let p = &st.players[seat];
    let idx = p.pyramid.len() - 1;
    if let Some(color) = pyramid::monochrome(p, idx) {
        let gem = st.supply.get(color) > 0;
        if gem {
            st.supply.take(color, 1);
            st.players[seat].screen.add(color, 1);
        }
        ev.push(PanovnikEvent::MonochromeCircle {
            seat,
            level,
            x,
            color,
            gem,
        });
    }
    if Catalog::is_law(card) {
        st.tasks.push_back(Task::LawEffect { seat, law: card });
    } else if level == 5 {
        st.decision = Some(Decision::Level5 { seat, card });
    } else {
        let reward = Catalog::shipped().character(card).expect("character").rows
            [level as usize - 1]
            .reward
            .clone();
        st.tasks.push_back(Task::Reward {
            seat,
            host: card,
            reward,
        });
    }
}

/// Decision 14 resolved (PNV-7.13, 7.14).
pub(crate) fn level5(
    st: &mut PanovnikState,
    seat: Seat,
    card: u32,
    choice: Level5Choice,
    ev: &mut Vec<PanovnikEvent>,
) {
    ev.push(PanovnikEvent::Level5Chosen { seat, card, choice });
    let c = Catalog::shipped().character(card).expect("character");
    let rewards: Vec<Reward> = match choice {
        Level5Choice::Rows123 => c.rows[..3].iter().map(|r| r.reward.clone()).collect(),
        Level5Choice::Power15 => vec![Reward::Power(15)],
    };
    for (i, reward) in rewards.into_iter().enumerate() {
        st.tasks.insert(
            i,
            Task::Reward {
                seat,
                host: card,
                reward,
            },
        );
    }
}

/// PNV-7.15, 10.1: the phase is over; the next round, or the end of the game after the last
/// (the round whose display took the last big-deck cards, PNV-5.17).
pub(crate) fn end_building(st: &mut PanovnikState, ev: &mut Vec<PanovnikEvent>) {
    if st.final_round != 0 && st.round >= st.final_round {
        scoring::end_game(st, ev);
    } else {
        super::auction::start_round(st, ev);
    }
}
