//! Panovník's small public vocabulary: gem counts, slots, decks, bids, claims, config and
//! scenario. The service maps these to the protobuf contract; the rules modules operate on them.

use crate::Seat;
use serde::{Deserialize, Serialize};

pub use super::data::{CircleBonus, Color, EternalColor, Reward, Segments};

impl Color {
    /// The stable lower-case id used in action ids (`blue`, `red`, `green`, `yellow`).
    pub fn id(self) -> &'static str {
        match self {
            Color::Blue => "blue",
            Color::Red => "red",
            Color::Green => "green",
            Color::Yellow => "yellow",
        }
    }

    pub fn from_id(id: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.id() == id)
    }

    /// The initial used in cost labels (`B`, `R`, `G`, `Y`).
    pub fn letter(self) -> char {
        match self {
            Color::Blue => 'B',
            Color::Red => 'R',
            Color::Green => 'G',
            Color::Yellow => 'Y',
        }
    }
}

/// A number of gems per colour (supply, screen, payment, choice). Fields in the colour order of
/// PNV-1.1: blue, red, green, yellow.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Gems {
    pub b: u32,
    pub r: u32,
    pub g: u32,
    pub y: u32,
}

impl Gems {
    pub const ZERO: Gems = Gems {
        b: 0,
        r: 0,
        g: 0,
        y: 0,
    };

    /// PNV-2.1: the gems of one colour in the whole game (supply and box).
    pub const IN_GAME_PER_COLOR: u32 = 16;

    /// At most the gems the game has of every colour: anything else is no real set of gems
    /// (an untrusted action's count), to be named by its counts, never expanded.
    pub fn exists(&self) -> bool {
        self.fits_in(&Gems::each(Gems::IN_GAME_PER_COLOR))
    }

    pub fn new(b: u32, r: u32, g: u32, y: u32) -> Gems {
        Gems { b, r, g, y }
    }

    /// `n` gems of every colour.
    pub fn each(n: u32) -> Gems {
        Gems::new(n, n, n, n)
    }

    /// `n` gems of one colour.
    pub fn of(c: Color, n: u32) -> Gems {
        let mut g = Gems::ZERO;
        g.set(c, n);
        g
    }

    pub fn get(&self, c: Color) -> u32 {
        match c {
            Color::Blue => self.b,
            Color::Red => self.r,
            Color::Green => self.g,
            Color::Yellow => self.y,
        }
    }

    pub fn set(&mut self, c: Color, n: u32) {
        match c {
            Color::Blue => self.b = n,
            Color::Red => self.r = n,
            Color::Green => self.g = n,
            Color::Yellow => self.y = n,
        }
    }

    pub fn add(&mut self, c: Color, n: u32) {
        self.set(c, self.get(c) + n);
    }

    /// Removes `n` gems of `c`; panics when fewer are held (callers check first).
    pub fn take(&mut self, c: Color, n: u32) {
        let have = self.get(c);
        assert!(have >= n, "taking {n} {c:?} from {self:?}");
        self.set(c, have - n);
    }

    /// Saturating: an untrusted count must not wrap to a small total.
    pub fn total(&self) -> u32 {
        self.b
            .saturating_add(self.r)
            .saturating_add(self.g)
            .saturating_add(self.y)
    }

    /// Every colour at most as many as in `other`.
    pub fn fits_in(&self, other: &Gems) -> bool {
        Color::ALL.iter().all(|&c| self.get(c) <= other.get(c))
    }

    pub fn plus(&self, other: &Gems) -> Gems {
        Gems::new(
            self.b + other.b,
            self.r + other.r,
            self.g + other.g,
            self.y + other.y,
        )
    }

    /// `self − other`; panics when `other` does not fit.
    pub fn minus(&self, other: &Gems) -> Gems {
        assert!(other.fits_in(self), "{other:?} does not fit in {self:?}");
        Gems::new(
            self.b - other.b,
            self.r - other.r,
            self.g - other.g,
            self.y - other.y,
        )
    }

    /// The colours as a list with repetition, in colour order (`B,B,R`). Only for gems that
    /// [`Gems::exists`]: the list is as long as the counts.
    pub fn colors(&self) -> Vec<Color> {
        Color::ALL
            .iter()
            .flat_map(|&c| std::iter::repeat_n(c, self.get(c) as usize))
            .collect()
    }

    /// `G1,B2`-style text (colours with a count, in colour order); `nothing` when empty.
    pub fn label(&self) -> String {
        if self.total() == 0 {
            return "nothing".into();
        }
        Color::ALL
            .iter()
            .filter(|&&c| self.get(c) > 0)
            .map(|&c| format!("{}{}", c.letter(), self.get(c)))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// `B,G,Y,Y`-style text (one letter per gem, colour order); `nothing` when empty; the
    /// [`Gems::label`] counts when there are more gems than the game has.
    pub fn letters(&self) -> String {
        if self.total() == 0 {
            return "nothing".into();
        }
        if !self.exists() {
            return self.label();
        }
        self.colors()
            .iter()
            .map(|c| c.letter().to_string())
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Every split of exactly `total` gems with at most `limit` of each colour, in a fixed
    /// order (decisions 2, 11).
    pub fn splits(total: u32, limit: &Gems) -> Vec<Gems> {
        let mut out = Vec::new();
        for b in 0..=limit.b.min(total) {
            for r in 0..=limit.r.min(total - b) {
                for g in 0..=limit.g.min(total - b - r) {
                    let y = total - b - r - g;
                    if y <= limit.y {
                        out.push(Gems::new(b, r, g, y));
                    }
                }
            }
        }
        out
    }

    /// Every choice of at most `max` gems with at most `limit` of each colour (decision 17).
    pub fn subsets(max: u32, limit: &Gems) -> Vec<Gems> {
        (0..=max.min(limit.total()))
            .flat_map(|t| Gems::splits(t, limit))
            .collect()
    }
}

/// The two slots at an auction card (section 1): `below` holds the card revealed this round,
/// `above` the card carried over from the previous round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    Above,
    Below,
}

impl Slot {
    pub const ALL: [Slot; 2] = [Slot::Above, Slot::Below];

    pub fn id(self) -> &'static str {
        match self {
            Slot::Above => "above",
            Slot::Below => "below",
        }
    }

    pub fn from_id(id: &str) -> Option<Slot> {
        Slot::ALL.into_iter().find(|s| s.id() == id)
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

/// The decks a reward draws from (PNV-8.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Deck {
    /// The small character deck.
    Small,
    /// The law deck.
    Law,
}

impl Deck {
    pub const ALL: [Deck; 2] = [Deck::Small, Deck::Law];

    pub fn id(self) -> &'static str {
        match self {
            Deck::Small => "small",
            Deck::Law => "law",
        }
    }

    pub fn from_id(id: &str) -> Option<Deck> {
        Deck::ALL.into_iter().find(|d| d.id() == id)
    }
}

/// A sealed auction bid (PNV-5.4, decision 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bid {
    Gem(Color),
    Attack,
    /// Empty hand: the player passes (PNV-6.1a).
    Pass,
}

/// A negotiation claim (PNV-5.10, decision 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Claim {
    Above,
    Below,
    Refuse,
}

impl Claim {
    pub const ALL: [Claim; 3] = [Claim::Above, Claim::Below, Claim::Refuse];

    pub fn id(self) -> &'static str {
        match self {
            Claim::Above => "above",
            Claim::Below => "below",
            Claim::Refuse => "refuse",
        }
    }
}

/// The real player's choice in a real–virtual tie on a two-card colour (PNV-12.6, decision 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieChoice {
    /// Take the above card; the below card is discarded; both leave.
    TakeAbove,
    /// Advance together with the virtual opponent.
    Continue,
}

impl TieChoice {
    pub const ALL: [TieChoice; 2] = [TieChoice::TakeAbove, TieChoice::Continue];

    pub fn id(self) -> &'static str {
        match self {
            TieChoice::TakeAbove => "take_above",
            TieChoice::Continue => "continue",
        }
    }
}

/// The level-5 reward (PNV-7.13, decision 14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level5Choice {
    /// The rewards of rows 1, 2 and 3, in that order (PNV-7.14).
    Rows123,
    /// 15 power points.
    Power15,
}

impl Level5Choice {
    pub const ALL: [Level5Choice; 2] = [Level5Choice::Rows123, Level5Choice::Power15];

    pub fn id(self) -> &'static str {
        match self {
            Level5Choice::Rows123 => "rows_1_2_3",
            Level5Choice::Power15 => "power_15",
        }
    }
}

/// One of the four quarter segments of a card (PNV-1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Segment {
    Tl,
    Tr,
    Bl,
    Br,
}

impl Segment {
    pub const ALL: [Segment; 4] = [Segment::Tl, Segment::Tr, Segment::Bl, Segment::Br];

    pub fn id(self) -> &'static str {
        match self {
            Segment::Tl => "tl",
            Segment::Tr => "tr",
            Segment::Bl => "bl",
            Segment::Br => "br",
        }
    }

    pub fn from_id(id: &str) -> Option<Segment> {
        Segment::ALL.into_iter().find(|s| s.id() == id)
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }

    /// The printed colour of this segment.
    pub fn of(self, s: &Segments) -> Color {
        match self {
            Segment::Tl => s.tl,
            Segment::Tr => s.tr,
            Segment::Bl => s.bl,
            Segment::Br => s.br,
        }
    }
}

/// One recolouring gem (PNV-10.3, 10.5): the segment of the card at `(level, x)` it covers and
/// its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Recolor {
    pub level: u8,
    pub x: i32,
    pub segment: Segment,
    pub color: Color,
}

/// A game's configuration (PNV-12.1, PNV-11.12).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PanovnikConfig {
    /// Real players, 1–4 (one seat each).
    pub players: u8,
    /// Virtual opponents (PNV-12.1): N = 1 → 1..3, N = 2 → 0..2, N = 3 → 0..1, N = 4 → 0.
    /// `None` = the default: 1 for a solo game, 0 otherwise.
    #[serde(default)]
    pub virtual_opponents: Option<u8>,
    /// PNV-11.12: in a solo game a real/virtual tie on a two-card colour offers the PNV-12.6
    /// choice (`true`, default) or applies PNV-11.4 literally (`false`).
    #[serde(default = "yes")]
    pub solo_tie_choice: bool,
}

fn yes() -> bool {
    true
}

impl PanovnikConfig {
    /// `players` real players with the default number of virtual opponents.
    pub fn new(players: u8) -> PanovnikConfig {
        PanovnikConfig {
            players,
            virtual_opponents: None,
            solo_tie_choice: true,
        }
    }

    /// `players` real players and `v` virtual opponents.
    pub fn with_virtual(players: u8, v: u8) -> PanovnikConfig {
        PanovnikConfig {
            players,
            virtual_opponents: Some(v),
            solo_tie_choice: true,
        }
    }

    /// The number of virtual opponents in play.
    pub fn virtuals(&self) -> u8 {
        self.virtual_opponents
            .unwrap_or(if self.players == 1 { 1 } else { 0 })
    }
}

/// A fixed deal (tests, replaying a physical game). Every part left `None` is drawn from the
/// seed as in section 10.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PanovnikScenario {
    /// The auction cards from left to right (a permutation of the four colours).
    #[serde(default)]
    pub auction_colors: Option<[Color; 4]>,
    /// Per real player, the two gems returned to the supply at setup (PNV-2.2).
    #[serde(default)]
    pub returned_gems: Option<Vec<[Color; 2]>>,
    /// The shuffled character deck, top first: all 64 order numbers.
    #[serde(default)]
    pub characters: Option<Vec<u32>>,
    /// The shuffled law deck, top first: all 24 order numbers (65–88).
    #[serde(default)]
    pub laws: Option<Vec<u32>>,
}

/// The simultaneous sealed steps (section 9: decisions 1, 5, 8, 12, 20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SealedStep {
    StartingCard,
    Bid,
    Negotiation,
    BuildSelection,
    Recolor,
}

/// A seat's choice in a sealed step.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SealedChoice {
    StartingCard(u32),
    Bid(Bid),
    Claim(Claim),
    /// A selected hand card, or `None` = pass.
    Build(Option<u32>),
    Recolor(Vec<Recolor>),
}

/// Why gems were taken from the supply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GemReason {
    /// PNV-2.2 (two of each colour).
    Setup,
    /// PNV-6.2.
    Pass,
    /// PNV-8.1.
    Reward,
    /// PNV-7.10.
    Circle,
}

/// The tokens lying on one pyramid card (PNV-8.11).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Tokens {
    /// Power points (PNV-1.8: one integer per card).
    pub power: u32,
    pub science: u32,
    pub magic: u32,
    pub defense: u32,
    /// Magic bonus token values (+2, +3, +5).
    pub magic_bonus: Vec<u32>,
    pub circle_bonus: Vec<CircleBonus>,
    pub eternal: Vec<EternalGem>,
    /// Gems stored by a law (PNV-9.6), or moved here by tucking (PNV-9.3).
    pub stored: Gems,
}

impl Tokens {
    /// Adds every token of `other` (tucking moves tokens, PNV-9.3, 9.8).
    pub(crate) fn absorb(&mut self, other: Tokens) {
        self.power += other.power;
        self.science += other.science;
        self.magic += other.magic;
        self.defense += other.defense;
        self.magic_bonus.extend(other.magic_bonus);
        self.circle_bonus.extend(other.circle_bonus);
        self.eternal.extend(other.eternal);
        self.stored = self.stored.plus(&other.stored);
    }
}

/// An eternal gem on a card (PNV-8.9) and whether it was used in this building phase (PNV-7.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EternalGem {
    pub color: Color,
    pub used: bool,
}

/// One seat's final score by the seven steps of PNV-10.6.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreBreakdown {
    pub seat: Seat,
    /// Step 1 (PNV-10.7).
    pub circles: i32,
    /// Step 2 (PNV-10.8).
    pub eternal_gems: i32,
    /// Step 3 (PNV-10.9).
    pub laws: i32,
    /// Step 4 (PNV-10.10).
    pub power: i32,
    /// Step 5 (PNV-10.11).
    pub magic: i32,
    /// Step 6 (PNV-10.12).
    pub sets: i32,
    /// Step 7 (PNV-10.13), ≤ 0.
    pub attack_penalty: i32,
    pub total: i32,
}
