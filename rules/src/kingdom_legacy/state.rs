//! The game state: the persistent kingdom record of §7.1 (`KingdomRecord`, one `CardRecord`
//! per card) and, during a sitting, the transient parts that never survive a round boundary
//! (KLG-16.4): deck order, active zone, blocks, stay-in-play marks, resources, the pending
//! trigger pool, the effect being resolved and the pending sub-decision.

use super::card_table::CardTable;
use super::data::{
    Action, DeckPosition, OthersPolicy, Pack, StageRef, TickPolicy, Timing, Trigger, TurnHow,
};
use super::types::{CardId, Orientation, Resource, ResourceBag};
use crate::GameRng;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

// ---------------------------------------------------------------------------------------------
// Config and scenario
// ---------------------------------------------------------------------------------------------

/// One sitting of a kingdom (design note: one engine game = one sitting).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Config {
    /// The card content the kingdom is played with.
    #[serde(default)]
    pub pack: Pack,
    /// `None`: a brand-new kingdom (§3.1). `Some`: resume the stored kingdom at its boundary
    /// (§3.2, KLG-16.2); its RNG continues and the setup seed is ignored.
    #[serde(default)]
    pub record: Option<KingdomRecord>,
    /// KLG-6.10: a permanent card may be upgraded with the upgrade action.
    #[serde(default = "yes")]
    pub allow_permanent_upgrade: bool,
}

fn yes() -> bool {
    true
}

impl Default for Config {
    fn default() -> Self {
        Config {
            pack: Pack::Shipped,
            record: None,
            allow_permanent_upgrade: true,
        }
    }
}

impl Config {
    pub fn new(pack: Pack) -> Config {
        Config {
            pack,
            ..Config::default()
        }
    }
}

/// An explicit start of a brand-new kingdom: the starting deck in this order (index 0 = top)
/// instead of the seeded shuffle R-1. Ignored when the config resumes a record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    #[serde(default)]
    pub deck: Option<Vec<CardId>>,
}

// ---------------------------------------------------------------------------------------------
// Persistent record (§7.1)
// ---------------------------------------------------------------------------------------------

/// Where a card is. The record (§7.1) only ever holds `Box`, `Discard`, `Permanent`,
/// `Expansion`, `PendingDestruction` and `Destroyed`; the others exist only during a round or a
/// purge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Location {
    Box,
    Deck,
    Active,
    Discard,
    Permanent,
    Expansion,
    /// KLG-11.2: set aside until card 23 is discovered.
    PendingDestruction,
    Destroyed,
    /// KLG-19: the purge deck, the revealed batch, the leftovers or the set-aside picks.
    Purge,
}

/// A sticker stuck on one stage of a card (KLG-13.3, 13.7).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct StickerMark {
    pub no: String,
    pub orientation: Orientation,
}

/// Everything that persists about one card (§7.1 `cards[id]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardRecord {
    pub location: Location,
    pub orientation: Orientation,
    #[serde(default)]
    pub stickers: Vec<StickerMark>,
    /// KLG-14.6: ticked boxes per stage.
    #[serde(default)]
    pub ticked: BTreeMap<Orientation, BTreeSet<u8>>,
    /// KLG-14.5: crossed-out one-time effects per stage.
    #[serde(default)]
    pub crossed_out: BTreeMap<Orientation, BTreeSet<String>>,
    /// KLG-15.3: seen through a "discover one of several" choice while still in the box.
    #[serde(default)]
    pub revealed_in_box: bool,
}

impl CardRecord {
    /// The pristine record of §3.1 step 1.
    pub fn pristine() -> CardRecord {
        CardRecord {
            location: Location::Box,
            orientation: Orientation::F0,
            stickers: Vec::new(),
            ticked: BTreeMap::new(),
            crossed_out: BTreeMap::new(),
            revealed_in_box: false,
        }
    }

    pub fn ticked_on(&self, o: Orientation) -> BTreeSet<u8> {
        self.ticked.get(&o).cloned().unwrap_or_default()
    }

    pub fn is_crossed(&self, o: Orientation, effect: &str) -> bool {
        self.crossed_out.get(&o).is_some_and(|s| s.contains(effect))
    }
}

/// The phase a record is stored in (§7.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecordPhase {
    BetweenRounds,
    PostGame,
    Closed,
}

/// §7.1 `base`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BaseRecord {
    /// The current (or, between rounds, the last finished) base-game round.
    pub round_number: u32,
    /// KLG-4.10: card 70 has entered the kingdom.
    pub last_round: bool,
    /// KLG-17.1: the base game has been scored.
    pub finished: bool,
}

/// One expansion entry of the score counter (KLG-18.6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExpansionScore {
    pub expansion_id: CardId,
    pub score: i32,
}

/// The score counter on the box (KLG-17.2, KLG-18.6).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreTrack {
    pub base: Option<i32>,
    #[serde(default)]
    pub expansions: Vec<ExpansionScore>,
}

/// One purge-fame sticker 16 (KLG-19.7, 19.11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PurgeFameEntry {
    pub expansion_id: CardId,
    pub value: i32,
}

/// The expansion being played (KLG-18.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CurrentExpansion {
    pub id: CardId,
    /// Finished rounds of this expansion (0..rounds).
    pub rounds_done: u8,
}

/// §7.1 `expansions`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExpansionsRecord {
    #[serde(default)]
    pub played: Vec<CardId>,
    #[serde(default)]
    pub current: Option<CurrentExpansion>,
}

/// The persistent campaign record of §7.1: exactly what survives between sittings (KLG-16.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KingdomRecord {
    pub schema_version: u32,
    pub pack: Pack,
    /// Hash of the pack's card data (§7.1 `content_id`).
    pub content_id: String,
    /// Never shown to the player (KLG-20.4).
    pub rng: GameRng,
    pub phase: RecordPhase,
    pub card23_discovered: bool,
    pub base: BaseRecord,
    pub cards: BTreeMap<CardId, CardRecord>,
    pub sticker_supply: BTreeMap<String, u32>,
    pub score_track: ScoreTrack,
    #[serde(default)]
    pub purge_fame: Vec<PurgeFameEntry>,
    #[serde(default)]
    pub expansions: ExpansionsRecord,
}

// ---------------------------------------------------------------------------------------------
// Phases and the resolution machinery
// ---------------------------------------------------------------------------------------------

/// The engine phases of §4.4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Awaiting a turn action.
    Main,
    /// Awaiting a sub-decision or the choice of the next pending trigger.
    Pending,
    BetweenRounds,
    PurgeSelect,
    /// The base game (or an expansion) has been scored: start an expansion or close.
    PostGame,
    Closed,
}

/// Which automatic step follows once the stack and the pool are empty (§4.2, §4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Flow {
    /// Nothing automatic (between rounds, post game, purge, closed).
    Idle,
    /// The main loop of a turn.
    Turn,
    /// `end_of_turn` triggers are resolving; then the end-of-turn discard (KLG-5.6).
    EndOfTurn,
    /// Round-start parchments are resolving; then `round_start` triggers (KLG-4.13).
    RoundStart,
    /// `round_start` triggers are resolving; then the shuffle R-2 and the first turn.
    RoundStartTriggers,
    /// `end_of_round` triggers are resolving; then the round-end procedure (KLG-4.12).
    EndOfRound,
}

/// A triggered effect waiting in the pool (KLG-8.6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingTrigger {
    /// Unique within the round; the key of `choose_trigger` / `decline_trigger`.
    pub id: u32,
    pub card: CardId,
    /// The stage the effect is printed on.
    pub orientation: Orientation,
    pub effect: String,
    pub mandatory: bool,
    pub when: Trigger,
}

/// One step of an effect being resolved: a printed instruction or an engine sub-step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// A printed instruction (KLG-8.9: in printed order).
    Act(Action),
    /// The cost "tick a box on this card" (KLG-14.4).
    TickCost,
    /// Tick a box on this card (one target of a `tick` instruction).
    TickCard { card: CardId, policy: TickPolicy },
    /// Increase the production of this card (one target of `increase_production`).
    IncreaseProductionOf { card: CardId },
}

/// What happens when a frame's steps are done.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Finish {
    Nothing,
    /// The timing consequence of a used or triggered effect (KLG-8.2, 6.14) and the one-time
    /// crossing (KLG-14.5).
    Effect {
        card: CardId,
        orientation: Orientation,
        effect: String,
        timing: Timing,
        one_time: bool,
    },
    /// KLG-4.6: a parchment is destroyed after its instructions.
    Parchment {
        card: CardId,
    },
}

/// An effect (or parchment, or checkbox symbol) being resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    /// The card the instructions are printed on (`this`, `exclude_self`, blocker).
    pub source: Option<CardId>,
    pub steps: Vec<Step>,
    /// Index of the next step.
    pub pc: usize,
    pub finish: Finish,
}

/// What a card choice is for (D8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardPurpose {
    Block,
    Discard,
    Destroy,
    Turn(TurnHow),
    PutOnDeck(DeckPosition),
    Sticker { no: String, stage: StageRef },
    IncreaseProduction,
    Tick(TickPolicy),
    StayInPlay,
}

/// What a resource choice is for (D10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResourcePurpose {
    /// One unit of `gain_any`; `remaining` units are still to choose after this one.
    GainAny { remaining: u8 },
    /// KLG-13.5: the resource whose production sticker goes on `card`.
    IncreaseProduction { card: CardId },
}

/// The pending sub-decision (§9 D8–D15).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Decision {
    /// D8: choose between `min` and `max` of `candidates`.
    Cards {
        purpose: CardPurpose,
        candidates: Vec<CardId>,
        min: u8,
        max: u8,
    },
    /// D10.
    Resource {
        purpose: ResourcePurpose,
        options: Vec<Resource>,
    },
    /// D11: a box on `card`'s stage `orientation`; `cost` when ticking pays an effect's cost.
    Checkbox {
        card: CardId,
        orientation: Orientation,
        options: Vec<u8>,
        cost: bool,
    },
    /// D12: discover exactly `choose` of the revealed `cards`.
    Discovery {
        cards: Vec<CardId>,
        choose: u8,
        others: OthersPolicy,
    },
    /// D14: pick one eligible card of the revealed batch (or none if no card is eligible).
    PurgePick {
        batch: Vec<CardId>,
        eligible: Vec<CardId>,
    },
    /// D15: pick an eligible permanent card (or none if none is eligible).
    PurgePermanent { eligible: Vec<CardId> },
}

/// The running purge of an expansion start (KLG-19).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PurgeState {
    pub expansion: CardId,
    /// Batch size N (KLG-19.12).
    pub n: u8,
    /// Permanent cards still to purge (KLG-19.6).
    pub permanent_picks: u8,
    /// The shuffled purge deck (index 0 = next drawn); hidden order (§8).
    pub deck: Vec<CardId>,
    /// The revealed batch awaiting a pick.
    pub batch: Vec<CardId>,
    /// KLG-19.4: the unchosen cards of earlier batches.
    pub leftovers: Vec<CardId>,
    pub set_aside: Vec<CardId>,
    /// KLG-19.10: fame of the set-aside cards, evaluated when each was picked.
    pub fame: i32,
    /// Whether the first expansion round starts when the purge is complete (KLG-18.11);
    /// false for a purge performed by a card instruction.
    pub starts_expansion: bool,
}

/// How a sitting ended (design note: `Game::outcome` is `Some` after these).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SittingEnd {
    /// KLG-16.3: stored at a boundary.
    Suspended,
    /// The campaign is closed (§4.1 step 4).
    Closed,
}

/// The full state of a sitting.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub pack: Pack,
    pub allow_permanent_upgrade: bool,
    /// Never shown (KLG-20.4).
    pub rng: GameRng,
    pub phase: Phase,
    pub flow: Flow,
    pub card23_discovered: bool,
    pub base: BaseRecord,
    /// Every card of the pack, by id.
    pub cards: CardTable,
    /// Index 0 = top (visible) card (§10).
    pub deck: Vec<CardId>,
    /// In the order the cards entered.
    pub active: Vec<CardId>,
    pub discard: Vec<CardId>,
    /// Sorted by id.
    pub permanent: Vec<CardId>,
    pub expansion: Option<CardId>,
    /// Sorted by id.
    pub pending_destruction: Vec<CardId>,
    /// Sorted by id.
    pub destroyed: Vec<CardId>,
    /// Blocked card → its blocker (KLG-10).
    pub blocks: BTreeMap<CardId, CardId>,
    /// Cards marked by a `stay_in_play` instruction this turn.
    pub stays_in_play: BTreeSet<CardId>,
    pub resources: ResourceBag,
    /// The pending trigger pool (KLG-8.6).
    pub pool: Vec<PendingTrigger>,
    pub next_trigger_id: u32,
    /// Effects being resolved, innermost last.
    pub stack: Vec<Frame>,
    pub decision: Option<Decision>,
    /// KLG-5.4: the turn ends once the stack and pool are empty.
    pub turn_ending: bool,
    pub purge: Option<PurgeState>,
    pub sticker_supply: BTreeMap<String, u32>,
    pub score_track: ScoreTrack,
    pub purge_fame: Vec<PurgeFameEntry>,
    pub expansions: ExpansionsRecord,
    pub ended: Option<SittingEnd>,
    /// D17: `reset_campaign` was chosen and awaits `confirm_reset` / `cancel_reset`, so a
    /// single action cannot wipe the kingdom.
    #[serde(default)]
    pub reset_requested: bool,
}

impl State {
    /// The record of a card of the pack; panics on an id outside the pack (engine bug).
    pub fn card(&self, id: CardId) -> &CardRecord {
        self.cards.get(&id).expect("card of the pack")
    }

    pub fn card_mut(&mut self, id: CardId) -> &mut CardRecord {
        self.cards.get_mut(&id).expect("card of the pack")
    }

    pub fn location(&self, id: CardId) -> Location {
        self.card(id).location
    }

    pub fn orientation(&self, id: CardId) -> Orientation {
        self.card(id).orientation
    }

    /// The current round (between rounds: the last finished one): base round, or the round
    /// of the expansion being played.
    pub fn round(&self) -> u32 {
        match &self.expansions.current {
            Some(c) if matches!(self.phase, Phase::BetweenRounds) => c.rounds_done as u32,
            Some(c) => c.rounds_done as u32 + 1,
            None => self.base.round_number,
        }
    }

    /// KLG-11.3, 11.6: reset is possible while card 23 is in the box.
    pub fn reset_allowed(&self) -> bool {
        !self.card23_discovered && self.ended.is_none() && self.phase != Phase::Closed
    }

    /// The blocker of `id`, if blocked.
    pub fn blocked_by(&self, id: CardId) -> Option<CardId> {
        self.blocks.get(&id).copied()
    }

    /// Card ids currently in the box, ascending.
    pub fn box_ids(&self) -> Vec<CardId> {
        self.cards
            .iter()
            .filter(|(_, c)| c.location == Location::Box)
            .map(|(id, _)| *id)
            .collect()
    }
}
