//! Pantheon's small public vocabulary: config, scenario, stones, card kinds and the pending
//! effect descriptions, and the decision the game waits for. The service maps these to the
//! protobuf contract.

use crate::Seat;
use serde::{Deserialize, Serialize};

pub use super::data::{CardKind, GodEffect, Nation, OfferingKind, SpaceKind, TokenEffectKind};

/// Game options (spec §7, §11 G14, G15).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PantheonConfig {
    /// 2–4 (PTH-1.1).
    pub players: u8,
    /// The start player; `None` = chosen by the seeded RNG (§3 step 11).
    #[serde(default)]
    pub start_seat: Option<usize>,
    /// The bonus-choice variant (PTH-14).
    #[serde(default)]
    pub bonus_choice: bool,
    /// BSW start material 6/5/4 footprints and 5/4/3 pillars for 2/3/4 players (§11 G14).
    #[serde(default)]
    pub start_material_by_player_count: bool,
    /// §11 G15: after this many turns in an epoch the phase ends at the next turn completion
    /// without the 3 VP; 0 = off.
    #[serde(default)]
    pub max_turns_per_epoch: u32,
}

impl PantheonConfig {
    pub fn new(players: u8) -> PantheonConfig {
        PantheonConfig {
            players,
            start_seat: None,
            bonus_choice: false,
            start_material_by_player_count: false,
            max_turns_per_epoch: 0,
        }
    }
}

/// An explicit starting position. Every field left `None` is drawn from the seed as in §10.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PantheonScenario {
    /// The board: `"f1"` / `"f2"` (the §12 graph fixtures) or a board JSON text; `None` = the
    /// shipped map.
    #[serde(default)]
    pub board: Option<String>,
    /// Nation deck, top first (at most 8, no repeats).
    #[serde(default)]
    pub nations: Option<Vec<Nation>>,
    /// God stack by god id, top first (any subset of the 40, no repeats).
    #[serde(default)]
    pub gods: Option<Vec<String>>,
    /// Action cards by card id, top first, before the display is turned up (all 75).
    #[serde(default)]
    pub action_cards: Option<Vec<String>>,
    /// Loot tokens by id in the order they are drawn from the bag (placed on the allowed
    /// satellites in ascending order, no shuffle).
    #[serde(default)]
    pub loot: Option<Vec<String>>,
    /// Bonus stack by id, top first.
    #[serde(default)]
    pub bonus: Option<Vec<String>>,
    /// Demigod stack values, top first.
    #[serde(default)]
    pub demigods: Option<Vec<u32>>,
}

/// The two stone types (PTH-1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stone {
    Pillar,
    Footprint,
}

impl Stone {
    pub fn id(self) -> &'static str {
        match self {
            Stone::Pillar => "pillar",
            Stone::Footprint => "footprint",
        }
    }
    pub fn from_id(s: &str) -> Option<Stone> {
        match s {
            "pillar" => Some(Stone::Pillar),
            "footprint" => Some(Stone::Footprint),
            _ => None,
        }
    }
}

/// Offering-kind ids as in the spec (`GIFTS`, …).
pub fn kind_id(k: OfferingKind) -> &'static str {
    match k {
        OfferingKind::Gifts => "GIFTS",
        OfferingKind::Priests => "PRIESTS",
        OfferingKind::Dancers => "DANCERS",
        OfferingKind::Temples => "TEMPLES",
    }
}

pub fn kind_from_id(s: &str) -> Option<OfferingKind> {
    OfferingKind::ALL.into_iter().find(|k| kind_id(*k) == s)
}

pub fn kind_index(k: OfferingKind) -> usize {
    k as usize
}

/// Card-kind ids used in action ids: `movement`, `gifts`, `priests`, `dancers`, `temples`,
/// `money1` … `money5`.
pub fn card_kind_id(k: CardKind) -> String {
    match k {
        CardKind::Movement => "movement".into(),
        CardKind::Offering(o) => kind_id(o).to_lowercase(),
        CardKind::Money(v) => format!("money{v}"),
    }
}

pub fn card_kind_from_id(s: &str) -> Option<CardKind> {
    if s == "movement" {
        return Some(CardKind::Movement);
    }
    if let Some(v) = s.strip_prefix("money") {
        return v.parse().ok().map(CardKind::Money);
    }
    kind_from_id(&s.to_uppercase()).map(CardKind::Offering)
}

/// Where a drawn card comes from (PTH-9.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardSource {
    Deck,
    Display(u8),
}

/// The source of a pending effect (PTH-10, PTH-15).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EffectSource {
    /// A loot token (id).
    Loot(String),
    /// A bonus token (id).
    Bonus(String),
    /// A god tile's immediate effect (id).
    God(String),
}

/// A pending effect to resolve (PTH-10, PTH-15 immediate effects).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// PTH-10.2: `or` = choose one of the two.
    Supplies {
        pillars: u32,
        footprints: u32,
        or: bool,
    },
    /// PTH-10.3: the highest demigod of the display (loot).
    DemigodFromDisplay,
    /// PTH-10.4: the top demigod of the stack, face down (bonus, god effect).
    DemigodFromStack,
    /// PTH-10.6.
    GodTile,
    /// PTH-10.7 (bonus only).
    Pillar,
    /// PTH-10.8: `uses` left.
    Offering { uses: u32 },
    /// PTH-10.9.
    CardDraw { count: u32 },
    /// PTH-10.10.
    SpecialMoney,
    /// PTH-10.11.
    Steps { count: u32 },
}

impl Effect {
    /// PTH-10.12: only PILLAR, OFFERING, CARD_DRAW and SPECIAL_MONEY may be declined.
    pub fn optional(self) -> bool {
        matches!(
            self,
            Effect::Pillar
                | Effect::Offering { .. }
                | Effect::CardDraw { .. }
                | Effect::SpecialMoney
        )
    }
}

/// The parameter of `resolve_effect`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EffectChoice {
    /// No parameter (card draw, special money).
    Plain,
    /// PILLAR: the pillar space.
    Space(String),
    /// OFFERING: the kind (new L1 if not owned, else +1 level).
    Kind(OfferingKind),
    /// SUPPLIES with `or`: which stones.
    Stone(Stone),
}

/// The decision the game waits for (§9); everything in it is public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "decision")]
pub enum Decision {
    /// PTH-14.3.
    ChooseBonus { seat: Seat },
    /// PTH-11.2: draw two or reveal.
    GalliaChoice { seat: Seat },
    /// PTH-11.2: take the revealed god with its first group, or leave it.
    GalliaTake { seat: Seat, god: String },
    /// PTH-11.4.
    DiscardToSeven { seat: Seat, excess: u32 },
    /// PTH-11.5.
    Aegyptus { seat: Seat },
    /// PTH-11.7: `budget` virtual money left.
    Cartago { seat: Seat, budget: u32 },
    /// PTH-11.9.
    Iberia { seat: Seat },
    /// PTH-11.10.
    Roma { seat: Seat },
    /// PTH-10, PTH-15: a pending effect of `seat`.
    Effect {
        seat: Seat,
        source: EffectSource,
        effect: Effect,
    },
    /// PTH-4.2: the active player's action.
    ChooseAction { seat: Seat },
    /// PTH-5.4: steps left in a movement (active player or follower).
    Placement {
        seat: Seat,
        follower: bool,
        steps: u32,
    },
    /// PTH-7: money left and operations done.
    Purchase { seat: Seat, budget: u32, ops: u32 },
    /// PTH-9.1: cards still to draw.
    DrawCards { seat: Seat, remaining: u32 },
    /// PTH-5.6: the follower option of `seat` in `active`'s movement.
    Follow { seat: Seat, active: Seat },
    /// PTH-15.7.
    ExtraTurn { seat: Seat },
}

impl Decision {
    pub fn seat(&self) -> Seat {
        use Decision as D;
        match self {
            D::ChooseBonus { seat }
            | D::GalliaChoice { seat }
            | D::GalliaTake { seat, .. }
            | D::DiscardToSeven { seat, .. }
            | D::Aegyptus { seat }
            | D::Cartago { seat, .. }
            | D::Iberia { seat }
            | D::Roma { seat }
            | D::Effect { seat, .. }
            | D::ChooseAction { seat }
            | D::Placement { seat, .. }
            | D::Purchase { seat, .. }
            | D::DrawCards { seat, .. }
            | D::Follow { seat, .. }
            | D::ExtraTurn { seat } => *seat,
        }
    }
}
