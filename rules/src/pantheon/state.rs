//! The game state: zones, stones, the decision and the task queue of automatic steps.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::data::{Board, Catalog, GodEffect, SpaceKind};
use super::refused::Refused;
use super::types::*;

use crate::{GameRng, RuleViolation, Seat};

/// Card index: `0..75` = the action cards of `action_cards.json` in file order, `75..82` = the
/// special money cards in their sorted order (2,2,3,3,4,4,5).
pub type Card = u8;
pub const SPECIAL_BASE: Card = 75;

/// The stones on one space: up to two seats (PTH-6.2), in placement order; the stone type
/// follows the space kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Occ([Option<u8>; 2]);

impl Occ {
    pub fn contains(&self, seat: &u8) -> bool {
        self.0[0] == Some(*seat) || self.0[1] == Some(*seat)
    }
    pub fn len(&self) -> usize {
        self.0.iter().flatten().count()
    }
    pub fn is_empty(&self) -> bool {
        self.0[0].is_none()
    }
    pub fn push(&mut self, seat: u8) {
        let slot = self
            .0
            .iter_mut()
            .find(|x| x.is_none())
            .expect("PTH-6.2 capacity");
        *slot = Some(seat);
    }
    pub fn seats(&self) -> Vec<u8> {
        self.0.iter().flatten().copied().collect()
    }
}

/// Where a pending effect came from (internal indices).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Src {
    Loot(u8),
    Bonus(u8),
    God(u8),
}

/// An effect waiting to be resolved by `seat` (PTH-10.13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub seat: Seat,
    pub src: Src,
    pub effect: Effect,
}

/// The automatic steps still to run, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    RevealNation,
    RevealGods,
    PlaceLoot,
    BonusChoice,
    NationEffect,
    PlaceTemple,
    ResolveBonuses,
    StartTurns,
    Ask(Decision),
    Germania(Seat),
    ResolveBonus(Seat),
    ResolveEffects,
    Follow { active: Seat, k: u8 },
    TurnEnd,
    EpochEnd,
}

/// One player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub vp: u32,
    pub hand: Vec<Card>,
    /// Personal supply.
    pub pillars: u32,
    pub footprints: u32,
    /// Offering token level per kind (0 = none).
    pub offerings: [u8; 4],
    pub gods: Vec<u8>,
    pub extra_turn_used: bool,
    /// (value, seen by all).
    pub demigods: Vec<(u32, bool)>,
    pub loot: Vec<u8>,
    pub bonus: Option<u8>,
    pub bonus_resolved: bool,
    /// Steps from STEPS loot/bonus tokens (PTH-10.11).
    pub step_bonus: u32,
}

/// The whole state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PantheonState {
    pub config: PantheonConfig,
    pub seed: u64,
    pub scenario: Option<PantheonScenario>,
    /// `None` = shipped map; else a fixture name or board JSON.
    pub board_src: Option<String>,
    pub rng: GameRng,
    pub epoch: u8,
    pub track: Vec<Nation>,
    /// Top = last.
    pub nation_deck: Vec<Nation>,
    pub god_stack: Vec<u8>,
    pub god_display: Vec<Option<u8>>,
    /// God tiles revealed into this epoch's display (PTH-4.4).
    pub gods_displayed: u32,
    pub demigod_stack: Vec<u32>,
    pub demigod_display: Vec<u32>,
    pub loot_bag: Vec<u8>,
    pub loot_board: Vec<(usize, u8)>,
    pub loot_placed: u32,
    pub bonus_stack: Vec<u8>,
    pub bonus_pool: Vec<u8>,
    /// Offering supply per kind: [1/2 tokens, 3/4 tokens] (PTH-1.7).
    pub offering_supply: [[u8; 2]; 4],
    pub draw_pile: Vec<Card>,
    pub display: [Option<Card>; 4],
    pub discard: Vec<Card>,
    /// Top = last.
    pub special_deck: Vec<Card>,
    /// Special money cards already played once (PTH-9.9).
    pub special_played: [bool; 7],
    /// Seats with a stone per space (the stone type follows the space kind).
    pub stones: Vec<Occ>,
    /// General supply per colour: [pillars, footprints].
    pub general: Vec<[u32; 2]>,
    pub temple: Option<usize>,
    pub start_seat: Seat,
    pub turn_seat: Seat,
    pub turns_this_epoch: u32,
    /// Cards played into the open movement/purchase.
    pub played: Vec<Card>,
    /// Loot collected in the open placement sequence (PTH-10.13).
    pub collected: Vec<u8>,
    /// Operations done in the open purchase (PTH-7.11).
    pub ops: u32,
    pub players: Vec<Player>,
    pub decision: Option<Decision>,
    pub tasks: VecDeque<Task>,
    pub effects: VecDeque<Pending>,
    pub over: bool,
}

impl PantheonState {
    pub fn n(&self) -> usize {
        self.players.len()
    }

    pub fn cat(&self) -> &'static Catalog {
        Catalog::shipped()
    }

    pub fn board(&self) -> &'static Board {
        super::boards::board_for(self.board_src.as_deref())
    }

    pub fn space_index(&self, id: &str) -> Option<usize> {
        self.board().find(id)
    }

    pub fn space_id(&self, i: usize) -> String {
        self.board().spaces[i].id.clone()
    }

    /// A space's name, or its id.
    pub fn space_label(&self, id: &str) -> String {
        match self.board().find(id) {
            Some(i) => {
                let s = &self.board().spaces[i];
                match &s.name {
                    Some(n) => format!("{n} ({id})"),
                    None => id.to_string(),
                }
            }
            None => id.to_string(),
        }
    }

    pub fn special_value(&self, c: Card) -> u32 {
        self.cat().action_cards.special_money[(c - SPECIAL_BASE) as usize]
    }

    pub fn card_kind(&self, c: Card) -> CardKind {
        if c >= SPECIAL_BASE {
            CardKind::Money(self.special_value(c))
        } else {
            self.cat().action_cards.cards[c as usize].kind
        }
    }

    /// The stone type a space takes (PTH-6.3, 6.4).
    pub fn stone_type(&self, space: usize) -> Stone {
        if self.board().spaces[space].kind == SpaceKind::Pillar {
            Stone::Pillar
        } else {
            Stone::Footprint
        }
    }

    pub fn god_count(&self, seat: Seat, e: GodEffect) -> u32 {
        let cat = self.cat();
        self.players[seat]
            .gods
            .iter()
            .filter(|&&g| cat.gods[g as usize].effect.kind == e)
            .count() as u32
    }

    /// Permanent extra steps of a movement (PTH-5.3, 10.11, 15.1, 15.6).
    pub fn step_bonus(&self, seat: Seat, follower: bool) -> u32 {
        self.players[seat].step_bonus
            + self.god_count(seat, GodEffect::StepsPlus)
            + if follower {
                self.god_count(seat, GodEffect::FollowBonus)
            } else {
                0
            }
    }

    pub fn hand_count(&self, seat: Seat, k: CardKind) -> u32 {
        self.players[seat]
            .hand
            .iter()
            .filter(|&&c| self.card_kind(c) == k)
            .count() as u32
    }

    /// Removes `count` cards of kind `k` from the hand, lowest card index first.
    pub fn take_from_hand(&mut self, seat: Seat, k: CardKind, count: u32) -> Vec<Card> {
        let mut hand = std::mem::take(&mut self.players[seat].hand);
        hand.sort_unstable();
        let mut taken = Vec::new();
        hand.retain(|&c| {
            if taken.len() < count as usize && self.card_kind(c) == k {
                taken.push(c);
                false
            } else {
                true
            }
        });
        self.players[seat].hand = hand;
        taken
    }

    /// Cards onto the face-up discard pile (PTH-1.8: special money becomes ordinary).
    pub fn discard_cards(&mut self, cards: &[Card]) {
        for &c in cards {
            if c >= SPECIAL_BASE {
                self.special_played[(c - SPECIAL_BASE) as usize] = true;
            }
            self.discard.push(c);
        }
    }

    /// PTH-6.5: the player's network, as a flag per space.
    pub fn network(&self, seat: Seat) -> Vec<bool> {
        let board = self.board();
        let mut net = vec![false; board.spaces.len()];
        let Some(t) = self.temple else { return net };
        let own = |i: usize| self.stones[i].contains(&(seat as u8));
        let mut queue: Vec<usize> = board.neighbours[t]
            .iter()
            .copied()
            .filter(|&i| own(i))
            .collect();
        for &i in &queue {
            net[i] = true;
        }
        while let Some(i) = queue.pop() {
            for &j in &board.neighbours[i] {
                if !net[j] && own(j) {
                    net[j] = true;
                    queue.push(j);
                }
            }
        }
        net
    }

    /// PTH-6.1–6.7, 6.10: the cost of placing a stone on `space`, or the rule it breaks.
    /// `net` is [`Self::network`] of `seat`.
    pub fn placement_cost(
        &self,
        seat: Seat,
        space: usize,
        stone: Stone,
        net: &[bool],
    ) -> Result<u32, Refused> {
        let cheap_sharing = self.god_count(seat, GodEffect::CheapSharing) > 0;
        self.placement_cost_on(self.board(), seat, space, stone, net, cheap_sharing)
    }

    /// [`Self::placement_cost`] with the board and whether `seat` shares spaces cheaply
    /// (PTH-15.3) looked up once by a caller that checks many spaces.
    pub(crate) fn placement_cost_on(
        &self,
        board: &Board,
        seat: Seat,
        space: usize,
        stone: Stone,
        net: &[bool],
        cheap_sharing: bool,
    ) -> Result<u32, Refused> {
        let kind = board.spaces[space].kind;
        let p = &self.players[seat];
        match stone {
            Stone::Footprint => {
                if kind == SpaceKind::Pillar {
                    return Err(Refused::new(
                        "PTH-6.3",
                        "footprints may not go on pillar spaces",
                    ));
                }
                if self.temple == Some(space) {
                    return Err(Refused::new(
                        "PTH-6.3",
                        "the temple's space takes no footprint",
                    ));
                }
                if p.footprints == 0 {
                    return Err(Refused::new(
                        "PTH-6.10",
                        "no footprint in the personal supply",
                    ));
                }
            }
            Stone::Pillar => {
                if kind != SpaceKind::Pillar {
                    return Err(Refused::new("PTH-6.4", "pillars go on pillar spaces only"));
                }
                if p.pillars == 0 {
                    return Err(Refused::new("PTH-6.10", "no pillar in the personal supply"));
                }
            }
        }
        let here = &self.stones[space];
        if here.contains(&(seat as u8)) {
            return Err(Refused::new(
                "PTH-6.2",
                "the space already holds your stone",
            ));
        }
        if here.len() >= 2 {
            return Err(Refused::new("PTH-6.2", "the space is full"));
        }
        let connected = match stone {
            Stone::Footprint => {
                self.temple.is_some_and(|t| board.adjacent(t, space))
                    || board.neighbours[space].iter().any(|&j| net[j])
            }
            Stone::Pillar => board.neighbours[space]
                .iter()
                .any(|&j| net[j] && board.spaces[j].kind != SpaceKind::Pillar),
        };
        if !connected {
            return Err(match stone {
                Stone::Footprint => Refused::new(
                    "PTH-6.6",
                    "a footprint must be next to the temple or to your connected stones",
                ),
                Stone::Pillar => Refused::new(
                    "PTH-6.7",
                    "a pillar must be next to one of your connected footprints",
                ),
            });
        }
        Ok(sharing_cost(here, cheap_sharing))
    }

    /// The cost of a placement on `space` already known to be legal (PTH-6.1, PTH-15.3).
    pub fn legal_placement_cost(&self, seat: Seat, space: usize) -> u32 {
        sharing_cost(
            &self.stones[space],
            self.god_count(seat, GodEffect::CheapSharing) > 0,
        )
    }

    /// Puts a stone from the personal supply on the board.
    pub fn put_stone(&mut self, seat: Seat, space: usize, stone: Stone) {
        let p = &mut self.players[seat];
        match stone {
            Stone::Pillar => p.pillars -= 1,
            Stone::Footprint => p.footprints -= 1,
        }
        self.stones[space].push(seat as u8);
    }

    pub fn pillars_on_board(&self, seat: Seat) -> u32 {
        self.stones
            .iter()
            .enumerate()
            .filter(|(i, s)| s.contains(&(seat as u8)) && self.stone_type(*i) == Stone::Pillar)
            .count() as u32
    }

    /// A rule violation for an action offered at the wrong moment.
    pub fn not_now(&self, rule: &'static str) -> RuleViolation {
        RuleViolation::new(rule, "this action is not available now")
    }
}

/// PTH-6.1, PTH-15.3: 1 step or coin on an empty space (or for a cheap sharer), else 2.
fn sharing_cost(here: &Occ, cheap_sharing: bool) -> u32 {
    if here.is_empty() || cheap_sharing {
        1
    } else {
        2
    }
}
