//! What a seat or a spectator sees (spec §8), and the pending decision (§9), which holds only
//! public information.

use serde::{Deserialize, Serialize};

use super::data::{Catalog, God, SpaceData, Token, TokenEffect};
use super::state::PantheonState;
use super::types::*;
use crate::{Seat, Viewer};
use std::collections::{BTreeMap, BTreeSet};

/// Stones on one space.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpaceView {
    pub space: String,
    pub stones: Vec<(Seat, Stone)>,
    pub loot: Option<String>,
}

/// A player as the viewer sees him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub vp: u32,
    pub hand_count: u32,
    /// Owner only (PTH §8).
    pub hand: Option<Vec<CardKind>>,
    pub personal_pillars: u32,
    pub personal_footprints: u32,
    pub general_pillars: u32,
    pub general_footprints: u32,
    /// Offering token level per kind (0 = none), in `OfferingKind::ALL` order.
    pub offerings: [u8; 4],
    pub gods: Vec<String>,
    pub extra_turn_used: bool,
    /// Demigod tokens: value, or `None` where the viewer may not see it.
    pub demigods: Vec<Option<u32>>,
    pub loot: Vec<String>,
    /// The bonus token: owner only until resolved (random variant).
    pub bonus: Option<String>,
    pub has_bonus: bool,
    pub bonus_resolved: bool,
    /// Permanent extra steps from step tokens (PTH-10.11).
    pub step_tokens: u32,
}

/// Remaining loot in the bag per effect (public knowledge, §8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LootCount {
    pub effect: TokenEffect,
    pub count: u32,
}

/// The whole view. Written, never read back: its board and faces point into the rules' data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PantheonView {
    pub viewer: Option<Seat>,
    pub epoch: u8,
    pub track: Vec<Nation>,
    pub nation_deck_count: u32,
    pub god_stack_count: u32,
    pub god_display: Vec<Option<String>>,
    pub demigod_stack_count: u32,
    pub demigod_display: Vec<u32>,
    pub loot_bag: Vec<LootCount>,
    /// Face-up bonus tokens still to choose (PTH-14).
    pub bonus_pool: Vec<String>,
    /// Offering supply: [1/2 tokens, 3/4 tokens] per kind.
    pub offering_supply: [[u8; 2]; 4],
    pub draw_pile_count: u32,
    pub display: Vec<Option<CardKind>>,
    pub discard: Vec<CardKind>,
    pub special_money: Vec<u32>,
    pub spaces: Vec<SpaceView>,
    pub temple: Option<String>,
    pub start_seat: Seat,
    pub turn_seat: Seat,
    pub turns_this_epoch: u32,
    /// Cards played into the open movement/purchase (public).
    pub played: Vec<CardKind>,
    /// Loot collected in the open placement sequence.
    pub collected: Vec<String>,
    pub players: Vec<PlayerView>,
    pub decision: Option<Decision>,
    pub over: bool,
    /// The map of the board the game is played on (the shipped map or a scenario's fixture),
    /// every space in order (G1); `spaces` holds what lies on them.
    pub board: &'static [SpaceData],
    /// The printed faces of the gods and tokens this view names (G2, G3).
    pub tiles: Tiles,
}

/// God tiles, loot and bonus tokens by id: what a client draws them from (references into the
/// catalogue, so a view copies none).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tiles {
    pub gods: BTreeMap<&'static str, &'static God>,
    pub loot: BTreeMap<&'static str, &'static Token>,
    pub bonus: BTreeMap<&'static str, &'static Token>,
}

impl Tiles {
    /// The faces of the named ids in `cat`.
    fn of(cat: &'static Catalog, named: &Named) -> Tiles {
        let pick = |all: &'static [Token], ids: &BTreeSet<&str>| {
            all.iter()
                .filter(|t| ids.contains(t.id.as_str()))
                .map(|t| (t.id.as_str(), t))
                .collect()
        };
        Tiles {
            gods: cat
                .gods
                .iter()
                .filter(|g| named.gods.contains(g.id.as_str()))
                .map(|g| (g.id.as_str(), g))
                .collect(),
            loot: pick(&cat.loot, &named.loot),
            bonus: pick(&cat.bonus, &named.bonus),
        }
    }
}

/// The ids of gods and tokens a view names.
#[derive(Default)]
struct Named<'a> {
    gods: BTreeSet<&'a str>,
    loot: BTreeSet<&'a str>,
    bonus: BTreeSet<&'a str>,
}

impl<'a> Named<'a> {
    /// The god display, each player's gods, loot and bonus token, the bonus pool, the loot on
    /// the board and collected, and the open decision's source.
    fn in_view(v: &'a PantheonView) -> Named<'a> {
        let mut n = Named::default();
        n.gods
            .extend(v.god_display.iter().flatten().map(String::as_str));
        for p in &v.players {
            n.gods.extend(p.gods.iter().map(String::as_str));
            n.loot.extend(p.loot.iter().map(String::as_str));
            n.bonus.extend(p.bonus.as_deref());
        }
        n.bonus.extend(v.bonus_pool.iter().map(String::as_str));
        n.loot
            .extend(v.spaces.iter().filter_map(|s| s.loot.as_deref()));
        n.loot.extend(v.collected.iter().map(String::as_str));
        match &v.decision {
            Some(Decision::GalliaTake { god, .. }) => {
                n.gods.insert(god);
            }
            Some(Decision::Effect { source, .. }) => {
                let (ids, id) = match source {
                    EffectSource::Loot(id) => (&mut n.loot, id),
                    EffectSource::Bonus(id) => (&mut n.bonus, id),
                    EffectSource::God(id) => (&mut n.gods, id),
                };
                ids.insert(id);
            }
            _ => {}
        }
        n
    }
}

/// Builds the view of `viewer`.
pub fn view(st: &PantheonState, viewer: Viewer) -> PantheonView {
    let cat = st.cat();
    let board = st.board();
    let me = viewer.seat();
    let mut spaces = Vec::new();
    for (i, s) in board.spaces.iter().enumerate() {
        let loot = st
            .loot_board
            .iter()
            .find(|(sp, _)| *sp == i)
            .map(|(_, l)| cat.loot[*l as usize].id.clone());
        let stones: Vec<(Seat, Stone)> = st.stones[i]
            .seats()
            .into_iter()
            .map(|p| (p as Seat, st.stone_type(i)))
            .collect();
        if !stones.is_empty() || loot.is_some() {
            spaces.push(SpaceView {
                space: s.id.clone(),
                stones,
                loot,
            });
        }
    }
    let mut loot_bag: Vec<LootCount> = Vec::new();
    for &l in &st.loot_bag {
        let e = cat.loot[l as usize].effect;
        match loot_bag.iter_mut().find(|c| c.effect == e) {
            Some(c) => c.count += 1,
            None => loot_bag.push(LootCount {
                effect: e,
                count: 1,
            }),
        }
    }
    let players = st
        .players
        .iter()
        .enumerate()
        .map(|(s, p)| {
            let own = me == Some(s);
            let mut hand: Vec<CardKind> = p.hand.iter().map(|&c| st.card_kind(c)).collect();
            hand.sort();
            PlayerView {
                seat: s,
                vp: p.vp,
                hand_count: p.hand.len() as u32,
                hand: own.then_some(hand),
                personal_pillars: p.pillars,
                personal_footprints: p.footprints,
                general_pillars: st.general[s][0],
                general_footprints: st.general[s][1],
                offerings: p.offerings,
                gods: p
                    .gods
                    .iter()
                    .map(|&g| cat.gods[g as usize].id.clone())
                    .collect(),
                extra_turn_used: p.extra_turn_used,
                demigods: p
                    .demigods
                    .iter()
                    .map(|&(v, public)| (own || public || st.over).then_some(v))
                    .collect(),
                loot: p
                    .loot
                    .iter()
                    .map(|&l| cat.loot[l as usize].id.clone())
                    .collect(),
                bonus: p
                    .bonus
                    .filter(|_| own || p.bonus_resolved || st.config.bonus_choice)
                    .map(|b| cat.bonus[b as usize].id.clone()),
                has_bonus: p.bonus.is_some(),
                bonus_resolved: p.bonus_resolved,
                step_tokens: p.step_bonus,
            }
        })
        .collect();
    let mut v = PantheonView {
        viewer: me,
        epoch: st.epoch,
        track: st.track.clone(),
        nation_deck_count: st.nation_deck.len() as u32,
        god_stack_count: st.god_stack.len() as u32,
        god_display: st
            .god_display
            .iter()
            .map(|g| g.map(|g| cat.gods[g as usize].id.clone()))
            .collect(),
        demigod_stack_count: st.demigod_stack.len() as u32,
        demigod_display: st.demigod_display.clone(),
        loot_bag,
        bonus_pool: st
            .bonus_pool
            .iter()
            .map(|&b| cat.bonus[b as usize].id.clone())
            .collect(),
        offering_supply: st.offering_supply,
        draw_pile_count: st.draw_pile.len() as u32,
        display: st
            .display
            .iter()
            .map(|c| c.map(|c| st.card_kind(c)))
            .collect(),
        discard: st.discard.iter().map(|&c| st.card_kind(c)).collect(),
        special_money: st
            .special_deck
            .iter()
            .rev()
            .map(|&c| st.special_value(c))
            .collect(),
        spaces,
        temple: st.temple.map(|t| board.spaces[t].id.clone()),
        start_seat: st.start_seat,
        turn_seat: st.turn_seat,
        turns_this_epoch: st.turns_this_epoch,
        played: st.played.iter().map(|&c| st.card_kind(c)).collect(),
        collected: st
            .collected
            .iter()
            .map(|&l| cat.loot[l as usize].id.clone())
            .collect(),
        players,
        decision: st.decision.clone(),
        over: st.over,
        board: &board.spaces,
        tiles: Tiles::default(),
    };
    v.tiles = Tiles::of(cat, &Named::in_view(&v));
    v
}
