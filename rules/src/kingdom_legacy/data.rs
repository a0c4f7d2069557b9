//! The card language (spec §11.2, core DSL plus the extensions listed below) and the content
//! packs written in it: `resources.json`, `categories.json`, `stickers.json` and `cards.json`
//! under `data/kingdom_legacy/` (the shipped, original kingdom) and the spec's test library
//! (§12) under `data/kingdom_legacy/test_library/`. Every pack is checked structurally at load
//! (ids, orientations, arrows, references, sticker numbers); the shipped pack is also checked
//! against the authoring constraints C-1…C-14 (`authoring`); `pack` loads and checks a pack.
//! Errors name file, card and field.

use super::types::{CardId, Orientation, Resource, ResourceBag};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

// ---------------------------------------------------------------------------------------------
// Pack files
// ---------------------------------------------------------------------------------------------

/// `resources.json`: display names of the six resources (G4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResourceDef {
    pub id: Resource,
    pub name: String,
}

/// `categories.json` (G3): the banner colours; `hostile` marks the enemy category (KLG-1.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CategoryDef {
    pub id: String,
    pub name: String,
    pub colour: String,
    #[serde(default)]
    pub hostile: bool,
    #[serde(default)]
    pub subcategories: Vec<String>,
}

/// What a sticker does (§11.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum StickerKind {
    /// +1 of a resource to the stage's production (KLG-13.5).
    Production { resource: Resource },
    /// Fame on a stage.
    Fame { amount: i32 },
    /// The stage stays in play at the end of every turn.
    StaysInPlay,
    /// Engine-only: the score-counter slot marker ("13k", KLG-18.6).
    ScoreMarker,
    /// Engine-only: the purge-fame value (sticker 16, KLG-19.7).
    PurgeFame,
    /// Reserved for expansion content (KLG-13.4): 9, 12, 14, 15.
    Reserved,
}

/// `stickers.json`: one entry per sticker number. `no` is a string because of "13k".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StickerDef {
    pub no: String,
    pub kind: StickerKind,
    pub copies: u32,
}

// ---------------------------------------------------------------------------------------------
// Cards (§11.2)
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardKind {
    Normal,
    /// Executed and destroyed when discovered (KLG-4.6).
    Parchment,
    /// An expansion card 136–138 (KLG-18).
    Expansion,
    /// Never used in play (ids 0 and 139).
    Inert,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardDef {
    pub id: CardId,
    pub kind: CardKind,
    /// The stage read upright in each used orientation (KLG-2.3).
    pub faces: BTreeMap<Orientation, Stage>,
    /// Parchments only: performed when discovered, then the card is destroyed (KLG-4.6).
    #[serde(default)]
    pub on_discover: Vec<Action>,
    #[serde(default)]
    pub expansion: Option<ExpansionDef>,
}

/// An expansion card's procedure (KLG-18.9, C-5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExpansionDef {
    #[serde(default = "twelve")]
    pub purge_n: u8,
    #[serde(default = "one")]
    pub purge_permanent: u8,
    #[serde(default = "four")]
    pub rounds: u8,
    /// The stage active in expansion round k (index k − 1).
    pub round_stage: Vec<Orientation>,
}

fn twelve() -> u8 {
    12
}
fn one() -> u8 {
    1
}
fn four() -> u8 {
    4
}

/// Against what a stage is protected ("cannot be …").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Protection {
    Destroy,
    Purge,
    Block,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arrow {
    /// ↓ rotate 180°.
    Rotate,
    /// → flip to the other side.
    Flip,
}

/// One printed upgrade: pay `cost`, turn the card as `arrow` shows, to `to` (KLG-2.5, KLG-6.6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Upgrade {
    pub arrow: Arrow,
    pub to: Orientation,
    #[serde(default)]
    pub cost: ResourceBag,
}

/// A small square box (KLG-14.1): ticking it gains `gain`, performs `on_tick`, and counts
/// `fame` at scoring while its stage is active.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkbox {
    #[serde(default)]
    pub gain: ResourceBag,
    #[serde(default)]
    pub fame: i32,
    #[serde(default)]
    pub on_tick: Vec<Action>,
}

/// One stage of a card (KLG-2.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stage {
    pub name: String,
    pub category: String,
    #[serde(default)]
    pub subcategories: Vec<String>,
    #[serde(default)]
    pub permanent: bool,
    #[serde(default)]
    pub fame: i32,
    /// Production groups; each group is a list of alternatives ("/"), KLG-6.4.
    #[serde(default)]
    pub production: Vec<Vec<ResourceBag>>,
    #[serde(default)]
    pub upgrades: Vec<Upgrade>,
    #[serde(default)]
    pub effects: Vec<Effect>,
    #[serde(default)]
    pub checkboxes: Vec<Checkbox>,
    /// Boxes are ticked leftmost first (KLG-14.3).
    #[serde(default)]
    pub in_order_boxes: bool,
    #[serde(default)]
    pub protect: Vec<Protection>,
    /// Display only; never interpreted.
    #[serde(default)]
    pub text: String,
}

/// An effect and its timing (KLG-8.1, KLG-8.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effect {
    /// Stable within the stage; the key for crossing out (KLG-14.5).
    pub id: String,
    pub timing: Timing,
    /// Crossed out after it is performed (KLG-14.5).
    #[serde(default)]
    pub one_time: bool,
    #[serde(default)]
    pub costs: Vec<Cost>,
    #[serde(default)]
    pub actions: Vec<Action>,
    /// Passive static effects only.
    #[serde(default)]
    pub modifiers: Vec<Modifier>,
    #[serde(default)]
    pub text: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PassiveMode {
    /// Works continuously (modifiers).
    Static,
    /// May be used any number of times while its costs can be paid (KLG-8.10).
    Repeatable,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Timing {
    Passive {
        mode: PassiveMode,
    },
    /// On activation: discard the card afterwards.
    Activated,
    /// Ends the turn; discard unless permanent (KLG-9.5).
    EndsTurn,
    /// Destroy the card afterwards.
    Destroy,
    Triggered {
        mandatory: bool,
        when: Trigger,
    },
}

/// The moments a triggered effect names (KLG-8.6, core set of §11.2 "DSL scope").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "on", rename_all = "snake_case")]
pub enum Trigger {
    /// This card entered the active zone (KLG-5.3).
    AfterPlayed,
    EndOfTurn,
    RoundStart,
    EndOfRound,
}

/// A cost: all must be payable to use an effect (KLG-8.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cost {
    Pay(ResourceBag),
    /// Tick an unticked box on this card's active stage (TV-19).
    Tick(SelfRef),
}

/// The only value of `"tick": "self"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SelfRef {
    #[serde(rename = "self")]
    This,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeckPosition {
    Top,
    Bottom,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OthersPolicy {
    Stay,
    Destroy,
}

/// How a `turn` action turns its target: by arrow, or to a given orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnHow {
    Rotate,
    Flip,
    To(Orientation),
}

/// Which stage a sticker goes on (KLG-13.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StageRef {
    Active,
    At(Orientation),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TickPolicy {
    /// The player picks an unticked box (KLG-14.3).
    Choice,
    /// The leftmost unticked box.
    InOrder,
}

/// An instruction, performed in printed order (KLG-8.9). Each variant is one JSON object with
/// one key naming it, e.g. `{"gain": {"gold": 1}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Gain(ResourceBag),
    /// n units, the kind of each chosen by the player (D10 asked n times).
    GainAny(u8),
    /// `bag` once per counted thing.
    GainPer {
        bag: ResourceBag,
        per: Count,
    },
    /// Each listed card, if still in the box (KLG-15).
    Discover(Vec<CardId>),
    /// Reveal the listed box cards and discover `choose` of them (KLG-15.3, 15.4).
    DiscoverChoice {
        cards: Vec<CardId>,
        choose: u8,
        others: OthersPolicy,
    },
    /// Turn cards by an effect (KLG-6.8: not an upgrade; KLG-1.5 discards them).
    Turn {
        target: Selector,
        how: TurnHow,
    },
    Block(Selector),
    Discard(Selector),
    Destroy(Selector),
    PutOnDeck {
        target: Selector,
        position: DeckPosition,
    },
    Sticker {
        /// The sticker number in `stickers.json`.
        no: String,
        target: Selector,
        #[serde(default = "active_stage")]
        stage: StageRef,
    },
    /// The player picks one produced resource per target (KLG-13.5).
    IncreaseProduction(Selector),
    Tick {
        target: Selector,
        policy: TickPolicy,
    },
    /// The targets stay in play at this turn's end (G11).
    StayInPlay(Selector),
    EndTurn,
    /// Expansion cards only (KLG-19.2).
    Purge(u8),
    PurgePermanent(u8),
}

fn active_stage() -> StageRef {
    StageRef::Active
}

/// Where a selector looks (§11.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SelectorZone {
    Active,
    Permanent,
    Discard,
    /// Every kingdom card (KLG-1.9).
    Kingdom,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SelectCount {
    Exactly(u8),
    UpTo(u8),
    All,
}

/// Which cards an instruction applies to; the player chooses (D8) unless `this` or `all`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Selector {
    This { this: bool },
    Cards(CardSelector),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardSelector {
    pub zones: Vec<SelectorZone>,
    #[serde(default)]
    pub filter: Filter,
    pub count: SelectCount,
    /// KLG-10.10: blocked cards are excluded unless this is set.
    #[serde(default)]
    pub include_blocked: bool,
    #[serde(default = "yes")]
    pub exclude_self: bool,
}

fn yes() -> bool {
    true
}

/// Conditions on a card's active stage (KLG-1.10); all given fields must match.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Filter {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subcategory: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hostile: Option<bool>,
    /// X occurs in at least one production alternative (review note 16).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub produces: Option<Vec<Resource>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ids: Option<Vec<CardId>>,
}

/// What `gain_per` counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Count {
    Cards(Selector),
    TickedBoxes(SelfRef),
}

/// A static passive's continuous effect (KLG-8.11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Modifier {
    /// The selected cards stay in play at each end of turn (G11).
    StaysInPlay(Selector),
    /// The selected cards cannot be destroyed / purged / blocked.
    Protect {
        target: Selector,
        against: Vec<Protection>,
    },
}

// ---------------------------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------------------------

/// A pack file that breaks the schema or a constraint.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}: card/entry `{entry}`, field `{field}`: {message}")]
pub struct DataError {
    /// e.g. `cards.json`
    pub file: &'static str,
    /// The card id (`"23"`), `"23 F180"` for a stage, or the entry's id; `(file)` for the file.
    pub entry: String,
    /// e.g. `faces.F180.upgrades[0].to`
    pub field: String,
    pub message: String,
}

impl DataError {
    pub fn new(
        file: &'static str,
        entry: impl Into<String>,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        DataError {
            file,
            entry: entry.into(),
            field: field.into(),
            message: message.into(),
        }
    }
}

/// The texts of one pack's four files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackFiles {
    pub resources: String,
    pub categories: String,
    pub stickers: String,
    pub cards: String,
}

impl PackFiles {
    /// The shipped, original kingdom.
    pub fn shipped() -> PackFiles {
        PackFiles {
            resources: include_str!("../../data/kingdom_legacy/resources.json").into(),
            categories: include_str!("../../data/kingdom_legacy/categories.json").into(),
            stickers: include_str!("../../data/kingdom_legacy/stickers.json").into(),
            cards: include_str!("../../data/kingdom_legacy/cards.json").into(),
        }
    }

    /// The spec's test library (§12): exempt from the authoring constraints C-2…C-14.
    pub fn test_library() -> PackFiles {
        PackFiles {
            resources: include_str!("../../data/kingdom_legacy/resources.json").into(),
            categories: include_str!("../../data/kingdom_legacy/categories.json").into(),
            stickers: include_str!("../../data/kingdom_legacy/stickers.json").into(),
            cards: include_str!("../../data/kingdom_legacy/test_library/cards.json").into(),
        }
    }
}

/// Which content a kingdom is played with. Stored in the state, so the state stays small.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pack {
    /// The shipped, original kingdom.
    #[default]
    Shipped,
    /// The spec's §12 test library.
    TestLibrary,
}

impl Pack {
    /// The loaded, validated content; panics only if the compiled-in data is broken, which the
    /// data tests rule out.
    pub fn content(self) -> &'static Content {
        static SHIPPED: std::sync::OnceLock<Content> = std::sync::OnceLock::new();
        static TEST_LIBRARY: std::sync::OnceLock<Content> = std::sync::OnceLock::new();
        match self {
            Pack::Shipped => SHIPPED.get_or_init(|| {
                Content::load(&PackFiles::shipped(), true).expect("shipped Kingdom Legacy data")
            }),
            Pack::TestLibrary => TEST_LIBRARY.get_or_init(|| {
                Content::load(&PackFiles::test_library(), false)
                    .expect("Kingdom Legacy test library")
            }),
        }
    }
}

/// A loaded, validated pack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Content {
    pub resources: Vec<ResourceDef>,
    pub categories: Vec<CategoryDef>,
    pub stickers: Vec<StickerDef>,
    /// Indexed by card id; `None` where the pack has no such card.
    pub cards: Vec<Option<CardDef>>,
}

impl Content {
    pub fn card(&self, id: CardId) -> Option<&CardDef> {
        self.cards.get(id as usize).and_then(|c| c.as_ref())
    }

    /// The stage read upright in `orientation`, if the card has one there.
    pub fn stage(&self, id: CardId, orientation: Orientation) -> Option<&Stage> {
        self.card(id).and_then(|c| c.faces.get(&orientation))
    }

    pub fn category(&self, id: &str) -> Option<&CategoryDef> {
        self.categories.iter().find(|c| c.id == id)
    }

    pub fn sticker(&self, no: &str) -> Option<&StickerDef> {
        self.stickers.iter().find(|s| s.no == no)
    }

    /// Whether a stage is hostile (KLG-1.7: its category is the enemy category).
    pub fn is_hostile(&self, stage: &Stage) -> bool {
        self.category(&stage.category).is_some_and(|c| c.hostile)
    }

    /// Ids of all cards in the pack, ascending.
    pub fn ids(&self) -> impl Iterator<Item = CardId> + '_ {
        self.cards
            .iter()
            .enumerate()
            .filter(|(_, c)| c.is_some())
            .map(|(i, _)| i as CardId)
    }
}
