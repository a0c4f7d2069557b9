//! Tests of the Pantheon rules: the test vectors of §12 (`tv`), further rule tests (`rules`),
//! the data files (`data`), random playouts with property checks (`playouts`), plus a table
//! builder that sets up precise mid-game positions on the real engine.

mod bots;
mod data;
mod playouts;
mod rules;
mod tv;

use super::state::*;
use super::*;
use crate::{Game, Seat};

/// Seats in the §12 fixtures.
pub const RED: Seat = 0;
pub const GREEN: Seat = 1;
pub const YELLOW: Seat = 2;

/// A mid-game table on a real setup: every hand emptied into the draw pile, no loot, no gods
/// on display, no stones, no pending decision. Builder methods put exactly the needed pieces in
/// place; a finisher opens the step under test.
pub struct Table(pub PantheonState);

impl Table {
    /// `n` players on `board` (`None` = shipped map, or `"f1"`, `"f2"`), start seat 0, epoch 1,
    /// the temple on the board's first main space.
    pub fn with(config: PantheonConfig, board: Option<&str>) -> Table {
        let mut config = config;
        config.start_seat = Some(config.start_seat.unwrap_or(0));
        let scenario = PantheonScenario {
            board: board.map(str::to_string),
            nations: Some(vec![
                Nation::Roma,
                Nation::Gallia,
                Nation::Persia,
                Nation::Iberia,
                Nation::Cartago,
                Nation::Aegyptus,
                Nation::Germania,
                Nation::Graecia,
            ]),
            ..Default::default()
        };
        let mut st = Pantheon::setup_scenario(&config, &scenario, 1).expect("valid setup");
        st.decision = None;
        st.tasks.clear();
        st.effects.clear();
        for (_, l) in std::mem::take(&mut st.loot_board) {
            st.loot_bag.push(l);
        }
        st.loot_placed = 0;
        for g in std::mem::take(&mut st.god_display).into_iter().flatten() {
            st.god_stack.push(g);
        }
        st.gods_displayed = 0;
        st.demigod_stack
            .extend(std::mem::take(&mut st.demigod_display));
        for p in &mut st.players {
            st.draw_pile.append(&mut p.hand);
            p.bonus_resolved = true;
        }
        for s in &mut st.stones {
            *s = Occ::default();
        }
        let board = st.board();
        st.temple = board.spaces.iter().position(|s| s.kind == SpaceKind::Main);
        Table(st)
    }

    pub fn new(n: u8) -> Table {
        Self::with(PantheonConfig::new(n), None)
    }

    /// Fixture F1 with Red, Green, Yellow (3 players), 6 footprints and 3 pillars each.
    pub fn f1() -> Table {
        let mut t = Self::with(PantheonConfig::new(3), Some("f1"));
        for s in 0..3 {
            t = t.supply(s, 3, 6);
        }
        t
    }

    pub fn f2() -> Table {
        let mut t = Self::with(PantheonConfig::new(3), Some("f2"));
        for s in 0..3 {
            t = t.supply(s, 3, 6);
        }
        t
    }

    /// Gives `seat` cards of these kinds (taken from the draw pile / discard).
    pub fn hand(mut self, seat: Seat, kinds: &[CardKind]) -> Table {
        for &k in kinds {
            let st = &mut self.0;
            if let CardKind::Money(v) = k
                && v >= 2
            {
                let i = st
                    .special_deck
                    .iter()
                    .position(|&c| st.special_value(c) == v)
                    .expect("special money left");
                let c = st.special_deck.remove(i);
                st.players[seat].hand.push(c);
                continue;
            }
            let i = st
                .draw_pile
                .iter()
                .position(|&c| st.card_kind(c) == k)
                .expect("card of that kind in the draw pile");
            let c = st.draw_pile.remove(i);
            st.players[seat].hand.push(c);
        }
        self
    }

    /// Sets the personal supply exactly; the general supply keeps the colour at 12 of each
    /// (stones on the board counted).
    pub fn supply(mut self, seat: Seat, pillars: u32, footprints: u32) -> Table {
        self.0.players[seat].pillars = pillars;
        self.0.players[seat].footprints = footprints;
        self.rebalance(seat);
        self
    }

    fn rebalance(&mut self, seat: Seat) {
        let st = &mut self.0;
        let mut board = [0u32; 2];
        for (i, s) in st.stones.iter().enumerate() {
            if s.contains(&(seat as u8)) {
                board[st.stone_type(i) as usize] += 1;
            }
        }
        let p = &st.players[seat];
        st.general[seat] = [
            12u32.saturating_sub(p.pillars + board[0]),
            12u32.saturating_sub(p.footprints + board[1]),
        ];
    }

    /// A stone of `seat` on `space` (type from the space), not from the personal supply.
    pub fn stone(mut self, seat: Seat, space: &str) -> Table {
        let i = self.0.space_index(space).expect("space");
        self.0.stones[i].push(seat as u8);
        self.rebalance(seat);
        self
    }

    /// A loot token (by id) on `space`.
    pub fn loot(mut self, space: &str, loot: &str) -> Table {
        let i = self.0.space_index(space).expect("space");
        let l = loot_index(loot);
        self.0.loot_bag.retain(|&x| x != l);
        self.0.loot_board.push((i, l));
        self.0.loot_placed += 1;
        self
    }

    pub fn offering(mut self, seat: Seat, kind: OfferingKind, level: u8) -> Table {
        let t = if level <= 2 { 0 } else { 1 };
        self.0.offering_supply[kind as usize][t] -= 1;
        self.0.players[seat].offerings[kind as usize] = level;
        self
    }

    /// God tiles (by id) in the display.
    pub fn display_gods(mut self, ids: &[&str]) -> Table {
        for id in ids {
            let g = god_index(id);
            self.0.god_stack.retain(|&x| x != g);
            self.0.god_display.push(Some(g));
        }
        self.0.gods_displayed = self.0.god_display.len() as u32;
        self
    }

    /// God tiles (by id) owned by `seat`.
    pub fn owns_god(mut self, seat: Seat, id: &str) -> Table {
        let g = god_index(id);
        self.0.god_stack.retain(|&x| x != g);
        self.0.players[seat].gods.push(g);
        self
    }

    pub fn epoch(mut self, e: u8) -> Table {
        self.0.epoch = e;
        self
    }

    /// Opens the turn of `seat`.
    pub fn turn(self, seat: Seat) -> PantheonState {
        let mut st = self.0;
        st.start_seat = seat;
        st.turn_seat = seat;
        st.decision = Some(Decision::ChooseAction { seat });
        st
    }

    pub fn state(self) -> PantheonState {
        self.0
    }
}

pub fn loot_index(id: &str) -> u8 {
    Catalog::shipped()
        .loot
        .iter()
        .position(|l| l.id == id)
        .expect("loot id") as u8
}

pub fn god_index(id: &str) -> u8 {
    Catalog::shipped()
        .gods
        .iter()
        .position(|g| g.id == id)
        .expect("god id") as u8
}

/// The first loot id whose effect is of this kind (and `count`/`uses` if given).
pub fn loot_with(kind: TokenEffectKind, n: Option<u32>) -> String {
    Catalog::shipped()
        .loot
        .iter()
        .find(|l| {
            l.effect.kind == kind && (n.is_none() || l.effect.count == n || l.effect.uses == n)
        })
        .expect("loot of that kind")
        .id
        .clone()
}

/// Applies an action by id, panicking with the refusal.
pub fn act(st: &mut PantheonState, seat: Seat, id: &str) -> Vec<PantheonEvent> {
    let a = Pantheon::parse_action_id(id).unwrap_or_else(|| panic!("bad id {id}"));
    Pantheon::apply(st, seat, &a).unwrap_or_else(|e| panic!("{id} refused: {e}"))
}

/// The refusal of an action by id (the state must stay unchanged).
pub fn refuse(st: &mut PantheonState, seat: Seat, id: &str) -> RuleViolation {
    let a = Pantheon::parse_action_id(id).unwrap_or_else(|| panic!("bad id {id}"));
    let before = st.clone();
    let e = Pantheon::apply(st, seat, &a).expect_err(id);
    assert_eq!(*st, before, "a refused action left the state unchanged");
    e
}

pub fn ids(st: &PantheonState, seat: Seat) -> Vec<String> {
    Pantheon::legal_actions(st, seat)
        .iter()
        .map(Pantheon::action_id)
        .collect()
}

pub fn hand_kinds(st: &PantheonState, seat: Seat) -> Vec<CardKind> {
    let mut v: Vec<CardKind> = st.players[seat]
        .hand
        .iter()
        .map(|&c| st.card_kind(c))
        .collect();
    v.sort();
    v
}

pub fn on(st: &PantheonState, space: &str) -> Vec<u8> {
    st.stones[st.space_index(space).unwrap()].seats()
}

pub const MOV: CardKind = CardKind::Movement;
pub const M1: CardKind = CardKind::Money(1);
pub fn off(k: OfferingKind) -> CardKind {
    CardKind::Offering(k)
}
pub use super::data::OfferingKind as K;
