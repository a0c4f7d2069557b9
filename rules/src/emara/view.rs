//! What a viewer may see (section 8): everything public; the own hand and the favor tokens the
//! viewer has just drawn; discard-pile tokens the viewer knows (G22). Never deck orders, the
//! favor stack, the boxed A advisors, the event deck below its top card, or the RNG.

use super::data::data;
use super::effects::marker_side;
use super::effects::marker_value;
use super::state::*;
use super::types::*;
use crate::Viewer;

pub(crate) fn spaces_view(st: &EmaraState) -> Vec<AdvisorSpaceView> {
    let mut out = Vec::with_capacity(8);
    for (ti, sp) in st.spaces.iter().enumerate() {
        for (k, a) in sp.iter().enumerate() {
            out.push(AdvisorSpaceView {
                location: Location::TOWN[ti],
                space: k as u8,
                advisor: *a,
            });
        }
    }
    out
}

pub(crate) fn turn_view(st: &EmaraState) -> Option<TurnView> {
    if st.phase != Phase::Turns {
        return None;
    }
    let t = &st.turn;
    let bonuses_used = [
        Bonus::RaiseRank,
        Bonus::HireCraftsman,
        Bonus::RecruitAdvisor,
    ]
    .into_iter()
    .filter(|&b| t.bonus_used(b))
    .collect();
    let abilities_used = Advisor::ALL
        .into_iter()
        .filter(|&a| t.ability_used(a))
        .collect();
    let visit = t.visit.map(|v| VisitView {
        location: v.location,
        origin: v.origin,
        used: [
            SubAction::Donation,
            SubAction::Gift,
            SubAction::BookForBp,
            SubAction::BuyCoins,
            SubAction::SellBooks,
            SubAction::Stone,
            SubAction::Bread,
            SubAction::Wood,
            SubAction::Harvest,
        ]
        .into_iter()
        .filter(|&s| v.used(s))
        .collect(),
    });
    Some(TurnView {
        seat: st.turn_seat(),
        turn_of_round: st.turn_index / st.n() as u8 + 1,
        card: t.card,
        slot: t.slot.map(|s| s + 1),
        card_action_done: t.card_done,
        movement_done: t.move_done,
        bonuses_used,
        abilities_used,
        visit,
    })
}

pub(crate) fn view(st: &EmaraState, viewer: Viewer) -> EmaraView {
    let me = viewer.seat();
    let d = data();
    let n = st.n();
    let huts = Location::COUNTRYSIDE
        .iter()
        .flat_map(|&loc| {
            (0..4u8).map(move |i| HutView {
                location: loc,
                index: i,
                cost: d.hut_cost(loc, i),
                occupant: st.huts[loc as usize * 4 + i as usize].map(|s| s as usize),
            })
        })
        .collect();
    let markers = Marker::ALL
        .iter()
        .map(|&m| MarkerView {
            marker: m,
            value: marker_value(st, m),
            index: st.markers[m.index()].index,
            side: marker_side(n, m).to_vec(),
            board_value: d.marker(m).board_value,
        })
        .collect();
    let nobility = Rank::ALL
        .iter()
        .map(|&r| NobilityStackView {
            rank: r,
            coins: d.rank(r).coins,
            rings: d.rank(r).rings,
            cards: st.nobility[r as usize].iter().rev().copied().collect(),
        })
        .collect();
    let players = st
        .players
        .iter()
        .enumerate()
        .map(|(seat, p)| {
            let mut craftsmen = Vec::new();
            for loc in Location::COUNTRYSIDE {
                for i in 0..4u8 {
                    if st.huts[loc as usize * 4 + i as usize] == Some(seat as u8) {
                        craftsmen.push((loc, i));
                    }
                }
            }
            PlayerView {
                seat,
                cp: p.cp,
                bp: p.bp,
                goods: p.goods,
                councilors: [
                    st.councilor_at(seat, Ring::A),
                    st.councilor_at(seat, Ring::B),
                ],
                slots: p.slots,
                hand_count: p.hand.len(),
                hand: (me == Some(seat)).then(|| p.hand.to_vec()),
                deck_count: p.deck.len(),
                craftsmen_on_board: 4 - p.craftsmen_placed,
                craftsmen,
                advisors: p.advisors.to_vec(),
                favor_tokens: p.favor.to_vec(),
                nobility: p.nobility.to_vec(),
                statue: st.statue as usize == seat,
                leftovers: p.leftovers,
                leftovers_to_cp: p.to_cp,
                leftovers_suggested_to_cp: match (p.leftovers, p.to_cp) {
                    (Some(l), None) => Some(super::scoring::best_split(p.cp, p.bp, l)),
                    _ => None,
                },
            }
        })
        .collect();
    let favor_discard_known = st
        .favor_discard
        .iter()
        .filter(|(_, mask)| *mask == PUBLIC || me.is_some_and(|s| mask & (1 << s) != 0))
        .map(|(t, _)| *t)
        .collect();
    let favor_drawn = match st.pending {
        Pending::KeepFavorToken { seat } if me == Some(seat) => Some(st.favor_drawn.to_vec()),
        _ => None,
    };
    EmaraView {
        config: st.config.clone(),
        phase: st.phase,
        round: st.round,
        rings: st.rings,
        huts,
        advisor_spaces: spaces_view(st),
        advisors_b_top: st.b_deck.last().copied(),
        advisors_b_count: st.b_deck.len(),
        markers,
        nobility,
        current_event: st.current_event,
        event_top: st.events.last().copied(),
        event_deck_count: st.events.len(),
        events_done: st.events_done.to_vec(),
        favor_stack_count: st.favor_stack.len(),
        favor_discard_count: st.favor_discard.len(),
        favor_discard_known,
        favor_drawn,
        statue: st.statue as usize,
        players,
        victoria: st.victoria.as_ref().map(|v| VictoriaView {
            cp: v.cp,
            nobility: v.nobility.to_vec(),
        }),
        pending: st.pending.clone(),
        turn: turn_view(st),
        building_start: st.building_start,
        score: st.score.clone(),
    }
}
