//! Setup (section 3, PNV-2, section 10): config validation, the supply and the box, starting
//! gems, the character and law decks, the starting-card choice and its deferred rewards.

use super::data::{CHARACTER_COUNT, Catalog, FIRST_LAW, LAW_COUNT};
use super::events::{DisplayCard, PanovnikEvent};
use super::flow;
use super::state::*;
use super::types::*;
use super::types::{SealedChoice, SealedStep};
use crate::{GameRng, SetupError};
use std::collections::VecDeque;

/// PNV-12.1: real players 1–4 and the allowed numbers of virtual opponents (PNV-11.1: at
/// least one in a solo game); PNV-11.12: the solo tie rule only in a solo game.
pub(crate) fn seat_count(config: &PanovnikConfig) -> Result<usize, SetupError> {
    let n = config.players;
    if !(1..=4).contains(&n) {
        return Err(
            SetupError::new("PNV-12.1", format!("{n} real players; Panovník is for 1–4"))
                .on("players"),
        );
    }
    let v = config.virtuals();
    if n == 1 && v == 0 {
        return Err(SetupError::new(
            "PNV-11.1",
            "a solo game needs at least one virtual opponent",
        )
        .on("virtual_opponents"));
    }
    // Real + virtual ≤ 4 (N = 1 → 1..3, N = 2 → 0..2, N = 3 → 0..1, N = 4 → 0).
    if v > 4 - n {
        return Err(SetupError::new(
            "PNV-12.1",
            format!(
                "{n} real players allow at most {} virtual opponents",
                if n == 1 { 3 } else { 4 - n }
            ),
        )
        .on("virtual_opponents"));
    }
    // PNV-11.12: the tie rule is the solo game's.
    if !config.solo_tie_choice && n != 1 {
        return Err(
            SetupError::new("PNV-11.12", "only a solo game has the solo tie rule")
                .on("solo_tie_choice"),
        );
    }
    Ok(n as usize)
}

fn bad(rule: &'static str, msg: impl Into<String>) -> SetupError {
    SetupError::new(rule, msg)
}

/// PNV-2.2: the two returned gems as indices into `[B,B,R,R,G,G,Y,Y]`.
const STARTING_EIGHT: [Color; 8] = [
    Color::Blue,
    Color::Blue,
    Color::Red,
    Color::Red,
    Color::Green,
    Color::Green,
    Color::Yellow,
    Color::Yellow,
];

/// Sets up a game (section 3 steps 1–7, randomness of section 10 in its order); the state
/// waits for the sealed starting-card choice. Returns the setup events.
pub(crate) fn setup_inner(
    config: &PanovnikConfig,
    scenario: Option<&PanovnikScenario>,
    seed: u64,
) -> Result<(PanovnikState, Vec<PanovnikEvent>), SetupError> {
    let n = seat_count(config)?;
    let mut rng = GameRng::from_seed(seed);
    let mut ev = Vec::new();
    let sc = scenario.cloned().unwrap_or_default();

    // Section 10.1: the auction cards (D: a seeded permutation).
    let colors = match sc.auction_colors {
        Some(c) => {
            let mut s = c.to_vec();
            s.sort();
            s.dedup();
            if s.len() != 4 {
                return Err(bad("PNV-1.1", "auction colours must be the four colours"));
            }
            c
        }
        None => {
            let mut c = Color::ALL;
            rng.shuffle(&mut c);
            c
        }
    };
    ev.push(PanovnikEvent::AuctionCardsLaid { colors });

    // PNV-2.1: supply 4 per colour per real player; the rest in the box.
    let mut supply = Gems::each(4 * n as u32);
    let box_gems = Gems::each(16 - 4 * n as u32);
    ev.push(PanovnikEvent::SupplyPrepared { supply });

    // PNV-2.2 / section 10.2: 2 of each colour, then 2 of the 8 returned at random.
    if let Some(r) = &sc.returned_gems
        && r.len() != n
    {
        return Err(bad("PNV-2.2", "one returned pair per real player"));
    }
    let mut players = Vec::with_capacity(n);
    for seat in 0..n {
        supply = supply.minus(&Gems::each(2));
        let mut screen = Gems::each(2);
        ev.push(PanovnikEvent::StartingGemsTaken {
            seat,
            gems: Gems::each(2),
        });
        let returned = match &sc.returned_gems {
            Some(r) => r[seat],
            None => {
                let i = rng.choose_indices(8, 2);
                [STARTING_EIGHT[i[0]], STARTING_EIGHT[i[1]]]
            }
        };
        for c in returned {
            screen.take(c, 1);
            supply.add(c, 1);
        }
        ev.push(PanovnikEvent::StartingGemsReturned {
            seat,
            gems: Some(returned),
        });
        players.push(Player {
            screen,
            attack: 0,
            hand: Vec::new(),
            pyramid: Vec::new(),
            dealt: Vec::new(),
        });
    }

    // Section 10.3/10.4: shuffle the 64 characters, deal 2 each, big deck 48, small the rest.
    let chars: Vec<u32> = match &sc.characters {
        Some(c) => {
            let mut s = c.clone();
            s.sort_unstable();
            if s != (1..=CHARACTER_COUNT).collect::<Vec<_>>() {
                return Err(bad(
                    "PNV-2.3",
                    "the character deck must hold orders 1–64 once",
                ));
            }
            c.clone()
        }
        None => {
            let mut c: Vec<u32> = (1..=CHARACTER_COUNT).collect();
            rng.shuffle(&mut c);
            c
        }
    };
    let mut top = chars.into_iter();
    for (seat, p) in players.iter_mut().enumerate() {
        p.dealt = top.by_ref().take(2).collect();
        ev.push(PanovnikEvent::CharactersDealt {
            seat,
            cards: Some([p.dealt[0], p.dealt[1]]),
        });
    }
    let rest: Vec<u32> = top.collect();
    let mut big_deck: Vec<u32> = rest[..48].to_vec();
    let mut small_deck: Vec<u32> = rest[48..].to_vec();
    big_deck.reverse();
    small_deck.reverse();

    // Section 10.5: the law deck (dealt after the starting choice, setup step 10).
    let mut law_deck: Vec<u32> = match &sc.laws {
        Some(l) => {
            let mut s = l.clone();
            s.sort_unstable();
            if s != (FIRST_LAW..FIRST_LAW + LAW_COUNT).collect::<Vec<_>>() {
                return Err(bad("PNV-2.9", "the law deck must hold orders 65–88 once"));
            }
            l.clone()
        }
        None => {
            let mut l: Vec<u32> = (FIRST_LAW..FIRST_LAW + LAW_COUNT).collect();
            rng.shuffle(&mut l);
            l
        }
    };
    law_deck.reverse();

    let v = config.virtuals() as usize;
    let mut st = PanovnikState {
        config: config.clone(),
        scenario: scenario.cloned(),
        seed,
        rng,
        auction_colors: colors,
        supply,
        box_gems,
        players,
        big_deck,
        small_deck,
        law_deck,
        display: [[None; 2]; 4],
        discard: Vec::new(),
        round: 0,
        final_round: 0,
        stage: Stage::StartingChoice,
        auction: Auction {
            active: vec![false; n],
            won: vec![false; n],
            passed: vec![false; n],
            virt_active: vec![false; v],
            bids: vec![None; n],
            virt_bids: vec![None; v],
            ..Auction::default()
        },
        build: Build {
            passed: vec![false; n],
            ..Build::default()
        },
        sealed: None,
        decision: None,
        tasks: VecDeque::new(),
        scores: None,
    };
    // Setup step 7 / PNV-2.6: the simultaneous sealed starting-card choice.
    let seats: Vec<usize> = (0..n).collect();
    flow::open_sealed(&mut st, SealedStep::StartingCard, &seats, &mut ev);
    Ok((st, ev))
}

/// Reveals 4 big-deck cards into the below slots, left to right (PNV-2.8, 5.16); PNV-5.17: when
/// these were the last 4, the next round is the last.
pub(crate) fn refill_display(st: &mut PanovnikState, ev: &mut Vec<PanovnikEvent>) {
    if st.big_deck.is_empty() {
        return;
    }
    let mut cards = Vec::new();
    for i in 0..4 {
        let color = st.auction_colors[i];
        if let Some(card) = st.big_deck.pop() {
            st.display[color.index()][Slot::Below.index()] = Some(card);
            cards.push(DisplayCard {
                color,
                slot: Slot::Below,
                card,
            });
        }
    }
    ev.push(PanovnikEvent::DisplayRefilled { cards });
    if st.big_deck.is_empty() {
        st.final_round = st.round + 1;
        ev.push(PanovnikEvent::LastRound {
            round: st.round + 1,
        });
    }
}

/// Setup steps 7–11 after the sealed choice (PNV-2.4–2.9, 2.6): starting cards at (1,0) at no
/// cost, the other card to hand, decks formed, display revealed, 3 laws each, then the starting
/// rewards in ascending order number of the starting cards.
pub(crate) fn reveal_starting(
    st: &mut PanovnikState,
    sealed: &Sealed,
    ev: &mut Vec<PanovnikEvent>,
) {
    let mut cards = Vec::new();
    for (seat, choice) in sealed.choices.iter().enumerate() {
        let Some(SealedChoice::StartingCard(card)) = *choice else {
            unreachable!("every seat chose a starting card")
        };
        let p = &mut st.players[seat];
        p.hand = p.dealt.iter().copied().filter(|&c| c != card).collect();
        p.dealt.clear();
        // PNV-2.4 (D): placed at no cost, even if the row-1 gem is not held (TV-53).
        p.pyramid.push(PCard::new(card, 1, 0));
        cards.push(card);
    }
    ev.push(PanovnikEvent::StartingCardsRevealed {
        cards: cards.clone(),
    });
    ev.push(PanovnikEvent::DecksFormed {
        big: st.big_deck.len() as u32,
        small: st.small_deck.len() as u32,
        law: st.law_deck.len() as u32,
    });
    refill_display(st, ev);
    for seat in 0..st.n() {
        let laws: Vec<u32> = (0..3).filter_map(|_| st.law_deck.pop()).collect();
        st.players[seat].hand.extend(&laws);
        ev.push(PanovnikEvent::LawsDealt {
            seat,
            count: laws.len() as u32,
            cards: Some(laws),
        });
    }
    // PNV-2.5, 2.6: level-1 rewards, ascending order number of the starting cards.
    let mut order: Vec<(u32, usize)> = cards.iter().enumerate().map(|(s, &c)| (c, s)).collect();
    order.sort_unstable();
    let cat = Catalog::shipped();
    for (card, seat) in order {
        let reward = cat.character(card).expect("character").rows[0]
            .reward
            .clone();
        st.tasks.push_back(Task::Reward {
            seat,
            host: card,
            reward,
        });
    }
    st.stage = Stage::StartingRewards;
}
