//! Bonus actions (EMR-11: raise rank D23, hire a craftsman D24, recruit an advisor D25), the
//! Hire card's hire (EMR-5.8, D8) and the advisors' abilities (EMR-12, D26).

use super::data::data;
use super::effects::{apply_delta, gain_bp, paid};
use super::state::*;
use super::types::*;
use crate::Seat;

pub(crate) fn use_bonus(st: &mut EmaraState, b: Bonus) {
    st.turn.bonus_used |= 1 << b as u8;
}

/// The next rank of a player (EMR-11.2), `None` after Duke.
pub(crate) fn next_rank(st: &EmaraState, seat: Seat) -> Option<Rank> {
    Rank::ALL.get(st.players[seat].nobility.len()).copied()
}

/// D23 (EMR-11.3, EMR-13.12): pay coins and rings, take the top card, gain its CP.
pub(crate) fn raise_rank(st: &mut EmaraState, seat: Seat, ev: &mut Vec<EmaraEvent>) {
    use_bonus(st, Bonus::RaiseRank);
    let rank = next_rank(st, seat).expect("checked");
    let rd = data().rank(rank);
    let cp = st.nobility[rank as usize].pop().expect("checked");
    let card = NobilityCard { rank, cp };
    st.players[seat].nobility.push(card);
    ev.push(EmaraEvent::RankRaised { seat, card });
    let mut delta = Delta {
        coins: -(rd.coins as i32),
        rings: -(rd.rings as i32),
        cp: cp as i32,
        ..Delta::default()
    };
    if st.event_is(EventCard::RespectedAtCourt) {
        delta.cp += 2;
    }
    apply_delta(st, seat, delta, Source::Rank(rank), ev);
}

/// D24 / D8 (EMR-11.7): pay, the leftmost craftsman goes onto the hut, gain its slot's CP.
pub(crate) fn hire_craftsman(
    st: &mut EmaraState,
    seat: Seat,
    loc: Location,
    hut: u8,
    p: Payment,
    ev: &mut Vec<EmaraEvent>,
) {
    let slot = st.players[seat].craftsmen_placed;
    st.players[seat].craftsmen_placed += 1;
    st.huts[loc as usize * 4 + hut as usize] = Some(seat as u8);
    ev.push(EmaraEvent::CraftsmanHired {
        seat,
        location: loc,
        hut,
        slot,
    });
    let mut delta = paid(&p);
    delta.cp += data().craftsman_cp[slot as usize] as i32;
    apply_delta(st, seat, delta, Source::Craftsman, ev);
}

/// The town location and space an advisor lies on.
pub(crate) fn advisor_space(st: &EmaraState, a: Advisor) -> Option<(Location, u8)> {
    for (ti, sp) in st.spaces.iter().enumerate() {
        for (k, s) in sp.iter().enumerate() {
            if *s == Some(a) {
                return Some((Location::TOWN[ti], k as u8));
            }
        }
    }
    None
}

/// D25 / D8 (EMR-11.10–11.12, EMR-12.1–12.4, EMR-12.18): pay, take the card, refill the space
/// from the B deck, gain the card's CP and its immediate effect.
pub(crate) fn recruit_advisor(
    st: &mut EmaraState,
    seat: Seat,
    a: Advisor,
    p: Payment,
    ev: &mut Vec<EmaraEvent>,
) {
    let (loc, space) = advisor_space(st, a).expect("checked");
    let ti = loc as usize - 4;
    st.players[seat].advisors.push(a);
    ev.push(EmaraEvent::AdvisorRecruited {
        seat,
        advisor: a,
        location: loc,
        space,
    });
    // EMR-11.11
    let refill = st.b_deck.pop();
    st.spaces[ti][space as usize] = refill;
    ev.push(EmaraEvent::AdvisorRefilled {
        location: loc,
        space,
        advisor: refill,
        b_top: st.b_deck.last().copied(),
    });
    // EMR-11.12
    let mut delta = paid(&p);
    delta.cp += data().advisor(a).cp as i32;
    match a {
        Advisor::MasterOfCoin => delta.coins += 1,
        Advisor::Archivist => delta.books += 2,
        Advisor::Goldsmith => delta.rings += 1,
        Advisor::Carpenter => delta.bp += gain_bp(st, seat, 10) as i32,
        Advisor::SirGustave | Advisor::SirAntoni => delta.bp += gain_bp(st, seat, 12) as i32,
        _ => {}
    }
    apply_delta(st, seat, delta, Source::Advisor(a), ev);
}

/// D26 (EMR-12.5–12.12): the effect of an ability (checked before).
pub(crate) fn use_ability(
    st: &mut EmaraState,
    seat: Seat,
    action: &EmaraAction,
    ev: &mut Vec<EmaraEvent>,
) {
    let (advisor, delta) = match *action {
        EmaraAction::UseBaker { bread, payment } => {
            let mut d = paid(&payment);
            d.bread += bread as i32;
            (Advisor::Baker, d)
        }
        EmaraAction::UseSchoolmarm(payment) => {
            let mut d = paid(&payment);
            d.books += 1;
            (Advisor::Schoolmarm, d)
        }
        EmaraAction::UseBailiff => (
            Advisor::Bailiff,
            Delta {
                rings: -1,
                bp: gain_bp(st, seat, 5) as i32,
                ..Delta::default()
            },
        ),
        EmaraAction::UseDressmaker(payment) => {
            let mut d = paid(&payment);
            d.cp += 2;
            (Advisor::Dressmaker, d)
        }
        EmaraAction::UseLandlord(payment) => {
            let mut d = paid(&payment);
            d.cp -= 1;
            d.bp += gain_bp(st, seat, 5) as i32;
            (Advisor::Landlord, d)
        }
        EmaraAction::UseMerchant { give, take } => {
            let mut d = paid(&give);
            *super::effects::delta_resource(&mut d, take) += 1;
            (Advisor::Merchant, d)
        }
        EmaraAction::UseChamberlain(swap) => {
            let d = match swap {
                ChamberlainSwap::RingToCoin => Delta {
                    rings: -1,
                    coins: 1,
                    ..Delta::default()
                },
                ChamberlainSwap::CoinToRing => Delta {
                    rings: 1,
                    coins: -1,
                    ..Delta::default()
                },
            };
            (Advisor::Chamberlain, d)
        }
        _ => unreachable!("not an ability"),
    };
    if advisor != Advisor::Chamberlain {
        st.turn.abilities_used |= 1 << advisor as u32;
    }
    ev.push(EmaraEvent::AbilityUsed { seat, advisor });
    apply_delta(st, seat, delta, Source::Advisor(advisor), ev);
}
