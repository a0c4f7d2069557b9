//! The auction phase (PNV-5): bidding rounds, the simultaneous reveal, attack picks in priority
//! order, colour-by-colour resolution with negotiation, and the end of the auction.

use super::building;
use super::events::*;
use super::flow;
use super::setup;
use super::state::*;
use super::types::*;
use super::virtual_opponents;
use crate::Seat;

/// PNV-1.13: a game round starts with its auction phase; PNV-5.3: every real player (and every
/// virtual opponent) takes part in bidding round 1.
pub(crate) fn start_round(st: &mut PanovnikState, ev: &mut Vec<PanovnikEvent>) {
    st.round += 1;
    ev.push(PanovnikEvent::RoundStarted { round: st.round });
    let n = st.n();
    let v = st.virtuals();
    st.auction = Auction {
        bidding_round: 0,
        active: vec![true; n],
        won: vec![false; n],
        passed: vec![false; n],
        virt_active: vec![true; v],
        bids: vec![None; n],
        virt_bids: vec![None; v],
        ..Auction::default()
    };
    open_bidding(st, ev);
}

/// PNV-5.3, 5.13, 12.5: the next bidding round among the active players, held only while at
/// least one real player is active; otherwise the auction ends (PNV-5.15).
pub(crate) fn open_bidding(st: &mut PanovnikState, ev: &mut Vec<PanovnikEvent>) {
    let a = &mut st.auction;
    a.bidding_round += 1;
    a.bids.iter_mut().for_each(|b| *b = None);
    a.virt_bids.iter_mut().for_each(|b| *b = None);
    a.passers.clear();
    a.queue.clear();
    a.no_match.clear();
    let seats: Vec<Seat> = (0..st.n()).filter(|&s| st.auction.active[s]).collect();
    if seats.is_empty() || st.auction.bidding_round > 3 {
        end_auction(st, ev);
        return;
    }
    let virtuals: Vec<u8> = (0..st.virtuals())
        .filter(|&v| st.auction.virt_active[v])
        .map(|v| v as u8)
        .collect();
    ev.push(PanovnikEvent::BiddingRoundStarted {
        bidding_round: st.auction.bidding_round,
        seats: seats.clone(),
        virtuals,
    });
    st.stage = Stage::Bidding;
    flow::open_sealed(st, SealedStep::Bid, &seats, ev);
}

/// PNV-5.6, 5.7, 11.3, 12.2: the simultaneous reveal. Virtual opponents draw from the box;
/// every bid gem goes to the supply, attack tokens to the pool; empty hands pass (PNV-6.1a);
/// attack bidders then pick in priority order (PNV-5.8).
pub(crate) fn reveal_bids(st: &mut PanovnikState, sealed: &Sealed, ev: &mut Vec<PanovnikEvent>) {
    virtual_opponents::draw_virtual_bids(st);
    let mut bids = Vec::new();
    for seat in 0..st.n() {
        if let Some(SealedChoice::Bid(b)) = sealed.choices[seat] {
            st.auction.bids[seat] = Some(b);
            bids.push((seat, b));
        }
    }
    let virtual_bids: Vec<(u8, Color)> = st
        .auction
        .virt_bids
        .iter()
        .enumerate()
        .filter_map(|(v, c)| c.map(|c| (v as u8, c)))
        .collect();
    ev.push(PanovnikEvent::BidsRevealed {
        bids: bids.clone(),
        virtual_bids,
    });
    let mut attackers = Vec::new();
    for (seat, b) in bids {
        match b {
            Bid::Gem(c) => {
                // PNV-5.7 (D): to the supply at once.
                st.players[seat].screen.take(c, 1);
                st.supply.add(c, 1);
            }
            Bid::Attack => {
                st.players[seat].attack -= 1;
                attackers.push(seat);
            }
            Bid::Pass => {
                st.auction.active[seat] = false;
                st.auction.passed[seat] = true;
                st.auction.passers.push(seat);
            }
        }
    }
    st.auction.queue = st.by_priority(attackers);
    st.stage = Stage::Attacks;
}

/// Moves a displayed card to a player's hand (PNV-5.11, 5.12); the player leaves the auction.
pub(crate) fn take_card(
    st: &mut PanovnikState,
    seat: Seat,
    color: Color,
    slot: Slot,
    how: TakeHow,
    ev: &mut Vec<PanovnikEvent>,
) {
    let card = st.display[color.index()][slot.index()]
        .take()
        .expect("a displayed card");
    st.players[seat].hand.push(card);
    st.auction.won[seat] = true;
    st.auction.active[seat] = false;
    ev.push(PanovnikEvent::CardTaken {
        seat,
        card,
        color,
        slot,
        how,
    });
    st.tasks.push_back(Task::Gained {
        seat,
        card,
        public: true,
    });
}

/// Removes a displayed card from the game (discard pile).
pub(crate) fn remove_card(
    st: &mut PanovnikState,
    color: Color,
    slot: Slot,
    cause: RemovalCause,
    virtual_index: Option<u8>,
    ev: &mut Vec<PanovnikEvent>,
) {
    if let Some(card) = st.display[color.index()][slot.index()].take() {
        st.discard.push(card);
        ev.push(PanovnikEvent::CardRemoved {
            card,
            color,
            slot,
            cause,
            virtual_index,
        });
    }
}

/// PNV-5.8, 3.1: the next attack bidder in priority order picks any displayed card (decision 6;
/// taken at once when only one card lies out). An attacker finding the display empty spends the
/// token and advances like a gem bidder whose colour is empty (PNV-5.9e).
pub(crate) fn next_attack(st: &mut PanovnikState, ev: &mut Vec<PanovnikEvent>) {
    if st.auction.queue.is_empty() {
        st.stage = Stage::Colors { next: 0 };
        return;
    }
    let seat = st.auction.queue.remove(0);
    let shown = st.displayed();
    match shown.len() {
        0 => ev.push(PanovnikEvent::AttackMissed { seat }),
        1 => take_card(st, seat, shown[0].0, shown[0].1, TakeHow::Attack, ev),
        _ => st.decision = Some(Decision::AttackPick { seat }),
    }
}

/// The real gem bidders and the virtual opponents on a colour in this bidding round.
pub(crate) fn bidders_on(st: &PanovnikState, color: Color) -> (Vec<Seat>, Vec<u8>) {
    let real = (0..st.n())
        .filter(|&s| st.auction.bids[s] == Some(Bid::Gem(color)))
        .collect();
    let virt = (0..st.virtuals())
        .filter(|&v| st.auction.virt_active[v] && st.auction.virt_bids[v] == Some(color))
        .map(|v| v as u8)
        .collect();
    (real, virt)
}

/// PNV-5.9 for the colour at auction position `next` (with the virtual cases PNV-11.4, 12.6,
/// 12.8, 12.9, 12.13 when real players are on it; virtual-only colours follow later in
/// [`virtual_opponents::virtual_removals`]):
/// (a) one bidder wins (decision 7 when two cards lie there); (b) several on one card advance;
/// (c) two real bidders on two cards negotiate (PNV-5.10); (d) three or more on two cards
/// advance; (e) no card left after attacks: the bidders advance and each virtual there causes a
/// discard (PNV-11.6, 12.10). One real player and one virtual on two cards: decision 9 (PNV-12.6,
/// or PNV-11.4 literally when `solo_tie_choice` is off in a solo game, PNV-11.12).
pub(crate) fn resolve_color(st: &mut PanovnikState, next: u8, ev: &mut Vec<PanovnikEvent>) {
    if next as usize >= 4 {
        st.stage = Stage::VirtualRemovals;
        return;
    }
    st.stage = Stage::Colors { next: next + 1 };
    let color = st.auction_colors[next as usize];
    let (real, virt) = bidders_on(st, color);
    if real.is_empty() && virt.is_empty() {
        return;
    }
    let n = st.display_count(color);
    if n == 0 {
        // PNV-5.9e.
        if !real.is_empty() {
            ev.push(PanovnikEvent::ColorContested {
                color,
                seats: real,
                virtuals: Vec::new(),
            });
        }
        st.auction.no_match.extend(virt);
        return;
    }
    if real.is_empty() {
        return;
    }
    let k = real.len() + virt.len();
    if k == 1 {
        // PNV-5.9a.
        let seat = real[0];
        if n == 1 {
            let slot = if st.display_card(color, Slot::Below).is_some() {
                Slot::Below
            } else {
                Slot::Above
            };
            take_card(st, seat, color, slot, TakeHow::SoleBidder, ev);
        } else {
            st.decision = Some(Decision::AuctionPick { seat, color });
        }
    } else if real.len() == 2 && virt.is_empty() && n == 2 {
        // PNV-5.9c, 5.10.
        let seats = [real[0], real[1]];
        ev.push(PanovnikEvent::NegotiationOpened { color, seats });
        st.stage = Stage::Negotiating { color };
        flow::open_sealed(st, SealedStep::Negotiation, &seats, ev);
    } else if real.len() == 1
        && virt.len() == 1
        && n == 2
        && (st.n() > 1 || st.config.solo_tie_choice)
    {
        // PNV-12.6, 11.12.
        st.decision = Some(Decision::VirtualTie {
            seat: real[0],
            color,
            virt: virt[0],
        });
    } else {
        // PNV-5.9b, 5.9d, 11.4, 12.4 (a real bidder present), 12.8, 12.9, 12.13.
        ev.push(PanovnikEvent::ColorContested {
            color,
            seats: real,
            virtuals: virt,
        });
    }
}

/// PNV-5.10: agreement exactly when one claimed `above` and the other `below`; otherwise both
/// advance.
pub(crate) fn reveal_negotiation(
    st: &mut PanovnikState,
    sealed: &Sealed,
    ev: &mut Vec<PanovnikEvent>,
) {
    let Stage::Negotiating { color } = st.stage else {
        unreachable!("negotiation outside its stage")
    };
    let seats: Vec<Seat> = (0..st.n()).filter(|&s| sealed.eligible[s]).collect();
    let claim = |s: Seat| match sealed.choices[s] {
        Some(SealedChoice::Claim(c)) => c,
        _ => unreachable!("both claimed"),
    };
    let (a, b) = (seats[0], seats[1]);
    let (ca, cb) = (claim(a), claim(b));
    let agreed = matches!(
        (ca, cb),
        (Claim::Above, Claim::Below) | (Claim::Below, Claim::Above)
    );
    ev.push(PanovnikEvent::NegotiationRevealed {
        color,
        claims: [(a, ca), (b, cb)],
        agreed,
    });
    if agreed {
        for (s, c) in [(a, ca), (b, cb)] {
            let slot = if c == Claim::Above {
                Slot::Above
            } else {
                Slot::Below
            };
            take_card(st, s, color, slot, TakeHow::Agreement, ev);
        }
    } else {
        ev.push(PanovnikEvent::ColorContested {
            color,
            seats: vec![a, b],
            virtuals: Vec::new(),
        });
    }
    let pos = st
        .auction_colors
        .iter()
        .position(|&c| c == color)
        .expect("colour") as u8;
    st.stage = Stage::Colors { next: pos + 1 };
}

/// PNV-5.15, 5.16, 5.17: above cards discarded, below cards moved up, 4 new cards revealed
/// (none after the last round's auction); then the building phase.
pub(crate) fn end_auction(st: &mut PanovnikState, ev: &mut Vec<PanovnikEvent>) {
    let mut discarded = Vec::new();
    for &c in &st.auction_colors.clone() {
        let i = c.index();
        if let Some(card) = st.display[i][Slot::Above.index()].take() {
            discarded.push(card);
            st.discard.push(card);
        }
        st.display[i][Slot::Above.index()] = st.display[i][Slot::Below.index()].take();
    }
    ev.push(PanovnikEvent::AuctionEnded { discarded });
    setup::refill_display(st, ev);
    building::start_building(st, ev);
}
