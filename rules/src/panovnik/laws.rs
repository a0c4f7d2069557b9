//! Law cards (PNV-9, G2): on-play actions, permanent effects and end-game scoring.

use super::data::{Catalog, EndScore, LawAction, Passive};
use super::events::*;
use super::pyramid;
use super::state::*;
use super::types::*;
use crate::Seat;

/// The positioned (not tucked) laws of a pyramid (PNV-9.2, 9.7).
fn positioned_laws(p: &Player) -> impl Iterator<Item = (usize, &super::data::Law)> {
    let cat = Catalog::shipped();
    p.pyramid
        .iter()
        .enumerate()
        .filter(|(_, c)| Catalog::is_law(c.card))
        .map(move |(i, c)| (i, cat.law(c.card).expect("law")))
}

/// G2 `pass_bonus_gems`: extra gems when passing (PNV-6.2).
pub(crate) fn pass_bonus(p: &Player) -> u32 {
    positioned_laws(p)
        .map(|(_, l)| match l.passive {
            Some(Passive::PassBonusGems { n }) => n,
            _ => 0,
        })
        .sum()
}

/// G2 `tuck_gained_cards`: the law gained cards may be tucked under (the lowest order number
/// if several).
pub(crate) fn tuck_gained_law(p: &Player) -> Option<u32> {
    positioned_laws(p)
        .filter(|(_, l)| l.passive == Some(Passive::TuckGainedCards))
        .map(|(_, l)| l.order)
        .min()
}

/// PNV-9.5: the free cards that the Tuck-free law may take (every free card but the law).
pub(crate) fn tuck_free_options(p: &Player, law: u32) -> Vec<usize> {
    pyramid::free_cards(p)
        .into_iter()
        .filter(|&i| p.pyramid[i].card != law)
        .collect()
}

/// PNV-9.1, 7.9: a placed law's on-play action (G2 `on_play`).
pub(crate) fn on_play(st: &mut PanovnikState, seat: Seat, law: u32, ev: &mut Vec<PanovnikEvent>) {
    let Some(action) = Catalog::shipped().law(law).expect("law").on_play.clone() else {
        return;
    };
    let p = &st.players[seat];
    match action {
        LawAction::ChooseOne { options } => {
            st.decision = Some(Decision::LawOption {
                seat,
                host: law,
                options,
            })
        }
        LawAction::Gain { reward } => st.tasks.push_front(Task::Reward {
            seat,
            host: law,
            reward,
        }),
        LawAction::TuckFreeCard => {
            // PNV-9.3, 9.5: mandatory when another free card exists.
            let options = tuck_free_options(p, law);
            match options.as_slice() {
                [] => {}
                [i] => tuck_free(st, seat, law, *i, ev),
                _ => st.decision = Some(Decision::TuckFree { seat, law }),
            }
        }
        LawAction::StoreGems { max } => {
            // PNV-9.6 (D): 0..=min(max, held).
            if max > 0 && p.screen.total() > 0 {
                st.decision = Some(Decision::StoreGems {
                    seat,
                    law,
                    max,
                    stored: Gems::ZERO,
                });
            }
        }
        LawAction::TuckFromHand { max } => {
            if !p.hand.is_empty() && max != Some(0) {
                st.decision = Some(Decision::TuckFromHand {
                    seat,
                    law,
                    left: max,
                });
            }
        }
    }
}

/// PNV-9.3, 9.8, 4.11, 4.13: the free card `idx` goes under the law; its tokens (eternal gems
/// and stored gems included) move onto the law; its position stays empty.
pub(crate) fn tuck_free(
    st: &mut PanovnikState,
    seat: Seat,
    law: u32,
    idx: usize,
    ev: &mut Vec<PanovnikEvent>,
) {
    let p = &mut st.players[seat];
    let gone = p.pyramid.remove(idx);
    let li = p.card_index(law).expect("the law is positioned");
    let host = &mut p.pyramid[li];
    host.tokens.absorb(gone.tokens);
    host.tucked.push(Tucked {
        card: gone.card,
        public: true,
    });
    ev.push(PanovnikEvent::CardTucked {
        seat,
        under: law,
        card: Some(gone.card),
        from: TuckFrom::Pyramid,
        public: true,
    });
}

/// Decision 17 resolved: the gems leave the screen onto the law (PNV-9.6).
pub(crate) fn store_gems(
    st: &mut PanovnikState,
    seat: Seat,
    law: u32,
    gems: Gems,
    ev: &mut Vec<PanovnikEvent>,
) {
    let p = &mut st.players[seat];
    p.screen = p.screen.minus(&gems);
    let li = p.card_index(law).expect("law");
    p.pyramid[li].tokens.stored = p.pyramid[li].tokens.stored.plus(&gems);
    ev.push(PanovnikEvent::GemsStored { seat, law, gems });
}

/// Decision 18/19: a hand card goes face down under the law (owner-only identity unless public).
pub(crate) fn tuck_from_hand(
    st: &mut PanovnikState,
    seat: Seat,
    law: u32,
    card: u32,
    from: TuckFrom,
    public: bool,
    ev: &mut Vec<PanovnikEvent>,
) {
    let p = &mut st.players[seat];
    p.hand.retain(|&c| c != card);
    let li = p.card_index(law).expect("law");
    p.pyramid[li].tucked.push(Tucked { card, public });
    ev.push(PanovnikEvent::CardTucked {
        seat,
        under: law,
        card: Some(card),
        from,
        public,
    });
}

/// PNV-9.9, 10.9, G2 `end_scoring`: a positioned law's end-game points. `circles` is the
/// number of monochrome circles after recolouring.
pub(crate) fn law_points(p: &Player, idx: usize, circles: u32) -> u32 {
    let c = &p.pyramid[idx];
    let Some(law) = Catalog::shipped().law(c.card) else {
        return 0;
    };
    let Some(score) = &law.end_scoring else {
        return 0;
    };
    let eternal: u32 = p.sum(|t| t.eternal.len() as u32);
    match *score {
        EndScore::ByOwnLevel { points } => points[(c.level as usize - 1).min(3)],
        EndScore::PerStoredGem { points } => points * c.tokens.stored.total(),
        EndScore::PerTuckedCard { points } => points * c.tucked.len() as u32,
        EndScore::PerAdjacentCharacter { points } => {
            points
                * pyramid::neighbours(p, idx)
                    .into_iter()
                    .filter(|&j| !Catalog::is_law(p.pyramid[j].card))
                    .count() as u32
        }
        EndScore::PerPyramidCard {
            points,
            include_tucked,
        } => {
            let mut n = p.pyramid.len() as u32;
            if include_tucked {
                n += p.pyramid.iter().map(|c| c.tucked.len() as u32).sum::<u32>();
            }
            points * n
        }
        EndScore::PerSet { points } => {
            points
                * p.sum(|t| t.defense)
                    .min(p.sum(|t| t.science))
                    .min(p.sum(|t| t.magic))
        }
        EndScore::PerMonochromeCircleAndEternalGem { points } => points * (circles + eternal),
    }
}
