//! Setup (§3, PTH-2, §10.1) and the first epoch's preparation.

use std::collections::VecDeque;

use super::boards;
use super::events::PantheonEvent as E;
use super::flow;
use super::state::*;
use super::types::*;
use crate::{GameRng, SetupError};

pub fn seat_count(config: &PantheonConfig) -> Result<usize, SetupError> {
    let n = config.players as usize;
    if !(2..=4).contains(&n) {
        return Err(SetupError::new("PTH-1.1", "Pantheon is for 2–4 players").on("players"));
    }
    if let Some(s) = config.start_seat
        && s >= n
    {
        return Err(SetupError::new(
            "config",
            format!("seat {s} does not exist with {n} players"),
        )
        .on("start_seat"));
    }
    Ok(n)
}

fn bad(rule: &'static str, m: impl Into<String>) -> SetupError {
    SetupError::new(rule, m)
}

/// Resolves a top-first id list into catalog indices, stored top = last.
fn by_ids(
    ids: &[String],
    all: &[String],
    rule: &'static str,
    what: &str,
) -> Result<Vec<u8>, SetupError> {
    let mut out = Vec::new();
    for id in ids {
        let i = all
            .iter()
            .position(|x| x == id)
            .ok_or_else(|| bad(rule, format!("unknown {what} `{id}`")))?;
        if out.contains(&(i as u8)) {
            return Err(bad(rule, format!("{what} `{id}` twice")));
        }
        out.push(i as u8);
    }
    out.reverse();
    Ok(out)
}

/// §3 and §10.1 in order; returns the state (waiting for the first decision) and the events.
pub fn setup_inner(
    config: &PantheonConfig,
    scenario: Option<&PantheonScenario>,
    seed: u64,
) -> Result<(PantheonState, Vec<E>), SetupError> {
    let n = seat_count(config)?;
    let sc = scenario.cloned().unwrap_or_default();
    if let Some(b) = &sc.board {
        boards::parse(b).map_err(|e| bad("config", format!("board: {e}")))?;
    }
    let cat = super::data::Catalog::shipped();
    let mut rng = GameRng::from_seed(seed);
    let mut ev = Vec::new();

    // §10.1(a): start seat.
    let start = match config.start_seat {
        Some(s) => s,
        None => rng.below(n),
    };
    // (b) bonus tokens.
    let bonus_ids: Vec<String> = cat.bonus.iter().map(|b| b.id.clone()).collect();
    let bonus_stack = match &sc.bonus {
        Some(ids) => by_ids(ids, &bonus_ids, "PTH-2.1", "bonus token")?,
        None => {
            let mut v: Vec<u8> = (0..cat.bonus.len() as u8).collect();
            rng.shuffle(&mut v);
            v
        }
    };
    // (c) god tiles.
    let god_ids: Vec<String> = cat.gods.iter().map(|g| g.id.clone()).collect();
    let god_stack = match &sc.gods {
        Some(ids) => by_ids(ids, &god_ids, "PTH-2.1", "god")?,
        None => {
            let mut v: Vec<u8> = (0..cat.gods.len() as u8).collect();
            rng.shuffle(&mut v);
            v
        }
    };
    // (d) demigods: 4–6 below, 1–3 on top (PTH-2.5); top = last.
    let demigod_stack = match &sc.demigods {
        Some(v) => v.iter().rev().copied().collect(),
        None => {
            let mut high: Vec<u32> = cat.demigods.iter().copied().filter(|&v| v >= 4).collect();
            let mut low: Vec<u32> = cat.demigods.iter().copied().filter(|&v| v <= 3).collect();
            rng.shuffle(&mut high);
            rng.shuffle(&mut low);
            high.extend(low);
            high
        }
    };
    // (e) nations.
    let nation_deck = match &sc.nations {
        Some(v) => {
            let mut d = v.clone();
            let mut rest: Vec<Nation> =
                Nation::ALL.into_iter().filter(|x| !d.contains(x)).collect();
            let mut seen = d.clone();
            seen.sort();
            seen.dedup();
            if seen.len() != d.len() {
                return Err(bad("PTH-11.11", "a nation appears twice"));
            }
            rng.shuffle(&mut rest);
            d.extend(rest);
            d.reverse();
            d
        }
        None => {
            let mut d = Nation::ALL.to_vec();
            rng.shuffle(&mut d);
            d
        }
    };
    // (f) action cards: display, then 5 cards each from the start seat (PTH-2.3).
    let card_ids: Vec<String> = cat
        .action_cards
        .cards
        .iter()
        .map(|c| c.id.clone())
        .collect();
    let mut draw_pile: Vec<Card> = match &sc.action_cards {
        Some(ids) => {
            let v = by_ids(ids, &card_ids, "PTH-2.1", "action card")?;
            if v.len() != card_ids.len() {
                return Err(bad("PTH-2.1", "the scenario must order all action cards"));
            }
            v
        }
        None => {
            let mut v: Vec<Card> = (0..card_ids.len() as u8).collect();
            rng.shuffle(&mut v);
            v
        }
    };
    let mut display = [None; 4];
    for slot in &mut display {
        *slot = draw_pile.pop();
    }
    let (pillars, footprints) = if config.start_material_by_player_count {
        match n {
            2 => (5, 6),
            3 => (4, 5),
            _ => (3, 4),
        }
    } else {
        (3, 4)
    };
    let mut players: Vec<Player> = (0..n)
        .map(|_| Player {
            vp: 0,
            hand: Vec::new(),
            pillars,
            footprints,
            offerings: [0; 4],
            gods: Vec::new(),
            extra_turn_used: false,
            demigods: Vec::new(),
            loot: Vec::new(),
            bonus: None,
            bonus_resolved: false,
            step_bonus: 0,
        })
        .collect();
    for k in 0..n {
        let s = (start + k) % n;
        for _ in 0..5 {
            if let Some(c) = draw_pile.pop() {
                players[s].hand.push(c);
            }
        }
    }
    // (g) random bonus tokens (PTH-14.1: none with the choice variant).
    let mut bonus_stack = bonus_stack;
    let mut bonus_pool = Vec::new();
    if config.bonus_choice {
        bonus_pool = bonus_stack.iter().rev().copied().collect();
        bonus_stack.clear();
    } else {
        for k in 0..n {
            let s = (start + k) % n;
            players[s].bonus = bonus_stack.pop();
        }
    }
    // Loot bag: scenario order (next = last) or the whole mix.
    let loot_ids: Vec<String> = cat.loot.iter().map(|l| l.id.clone()).collect();
    let loot_bag = match &sc.loot {
        Some(ids) => by_ids(ids, &loot_ids, "PTH-2.1", "loot token")?,
        None => (0..cat.loot.len() as u8).collect(),
    };
    let board = boards::board_for(sc.board.as_deref());
    let special_deck: Vec<Card> = (0..cat.action_cards.special_money.len() as u8)
        .rev()
        .map(|i| SPECIAL_BASE + i)
        .collect();

    let hands: Vec<Vec<CardKind>> = players
        .iter()
        .map(|p| p.hand.iter().map(|&c| card_kind(cat, c)).collect())
        .collect();
    let mut st = PantheonState {
        config: config.clone(),
        seed,
        scenario: scenario.cloned(),
        board_src: sc.board.clone(),
        rng,
        epoch: 0,
        track: Vec::new(),
        nation_deck,
        god_stack,
        god_display: Vec::new(),
        gods_displayed: 0,
        demigod_stack,
        demigod_display: Vec::new(),
        loot_bag,
        loot_board: Vec::new(),
        loot_placed: 0,
        bonus_stack,
        bonus_pool,
        offering_supply: [[4, 4]; 4],
        draw_pile,
        display,
        discard: Vec::new(),
        special_deck,
        special_played: [false; 7],
        stones: vec![Occ::default(); board.spaces.len()],
        general: vec![[12 - pillars, 12 - footprints]; n],
        temple: None,
        start_seat: start,
        turn_seat: start,
        turns_this_epoch: 0,
        played: Vec::new(),
        collected: Vec::new(),
        ops: 0,
        players,
        decision: None,
        tasks: VecDeque::new(),
        effects: VecDeque::new(),
        over: false,
    };
    ev.push(E::SetupDone {
        start_seat: start,
        display: st
            .display
            .iter()
            .map(|c| c.map(|c| st.card_kind(c)))
            .collect(),
        special_money: st
            .special_deck
            .iter()
            .rev()
            .map(|&c| st.special_value(c))
            .collect(),
    });
    for (seat, cards) in hands.into_iter().enumerate() {
        ev.push(E::HandDealt {
            seat,
            count: cards.len() as u32,
            cards: Some(cards),
        });
    }
    for seat in 0..n {
        if let Some(b) = st.players[seat].bonus {
            ev.push(E::BonusDealt {
                seat,
                bonus: Some(cat.bonus[b as usize].id.clone()),
            });
        }
    }
    flow::queue_preparation(&mut st);
    flow::run(&mut st, &mut ev);
    Ok((st, ev))
}

fn card_kind(cat: &super::data::Catalog, c: Card) -> CardKind {
    if c >= SPECIAL_BASE {
        CardKind::Money(cat.action_cards.special_money[(c - SPECIAL_BASE) as usize])
    } else {
        cat.action_cards.cards[c as usize].kind
    }
}
