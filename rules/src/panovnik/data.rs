//! The cards the rulebook does not print (spec §11 G1–G3): 64 character cards and 24 law
//! cards, shipped as JSON under `data/panovnik/` and validated at load against every authoring
//! constraint of the spec; a broken file is refused with an error naming the file, the card and
//! the field.

use serde::{Deserialize, Serialize};

pub const CHARACTERS_JSON: &str = include_str!("../../data/panovnik/characters.json");
pub const LAWS_JSON: &str = include_str!("../../data/panovnik/laws.json");

/// The four colours of gems, auction cards, segments and circle bonus tokens (PNV-1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Color {
    Blue,
    Red,
    Green,
    Yellow,
}

impl Color {
    pub const ALL: [Color; 4] = [Color::Blue, Color::Red, Color::Green, Color::Yellow];

    pub fn index(self) -> usize {
        self as usize
    }
}

/// The colour of an eternal-gem reward: a concrete colour (characters) or the player's choice
/// (law `choose_one` options only, decision 21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EternalColor {
    Blue,
    Red,
    Green,
    Yellow,
    Any,
}

impl EternalColor {
    /// The gem colour, or `None` for a gem of any colour.
    pub fn color(self) -> Option<Color> {
        match self {
            EternalColor::Blue => Some(Color::Blue),
            EternalColor::Red => Some(Color::Red),
            EternalColor::Green => Some(Color::Green),
            EternalColor::Yellow => Some(Color::Yellow),
            EternalColor::Any => None,
        }
    }
}

/// The four quarter segments of a card (PNV-1.3): `tl`/`tr` at the top corners, `bl`/`br` the
/// two halves of the half-circle at the centre of the bottom edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Segments {
    pub tl: Color,
    pub tr: Color,
    pub bl: Color,
    pub br: Color,
}

/// A circle bonus token: colour and value (+2 or +4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CircleBonus {
    pub color: Color,
    pub value: u32,
}

/// One reward (PNV-8), as printed after the colon of a row or inside a law's option list.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reward {
    /// Take n gems of any colours from the supply (PNV-8.1).
    Gems(u32),
    /// A power-point token of this value on the card (PNV-8.2).
    Power(u32),
    /// Draw n cards, each from the small deck or the law deck (PNV-8.3).
    Draw(u32),
    /// n science tokens on the card (PNV-8.4).
    Science(u32),
    /// n magic tokens on the card (PNV-8.5).
    Magic(u32),
    /// n defense tokens on the card (PNV-8.6).
    Defense(u32),
    /// n attack tokens behind the screen (PNV-8.7).
    Attack(u32),
    /// A magic bonus token (+2, +3 or +5) on the card (PNV-8.8).
    MagicBonus(u32),
    /// A circle bonus token on the card (PNV-8.8).
    CircleBonus(CircleBonus),
    /// An eternal gem of this colour on the card (PNV-8.9).
    EternalGem(EternalColor),
    /// Several icons in one row, resolved in order (PNV-8.10).
    All(Vec<Reward>),
    /// Laws only: pick exactly one (decision 15).
    Choice(Vec<Reward>),
}

/// One row of a character card (PNV-1.4): the cost gem and the reward of that level.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Row {
    pub cost: Color,
    pub reward: Reward,
}

/// A character card (G1). `rows[0]` is level 1 (the bottom row).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Character {
    pub order: u32,
    pub name: String,
    pub segments: Segments,
    pub rows: [Row; 4],
}

/// A law's one-shot action on placement (G2 `on_play`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LawAction {
    /// Pick one of the options (decision 15).
    ChooseOne { options: Vec<Reward> },
    /// Gain this reward.
    Gain { reward: Reward },
    /// Tuck any other free card of the pyramid under this law (PNV-9.3, 9.5; decision 16).
    TuckFreeCard,
    /// Put 0..=max gems from behind the screen on this law (PNV-9.6; decision 17).
    StoreGems { max: u32 },
    /// Tuck any chosen hand cards face down under this law (decision 18); `None` = no limit.
    TuckFromHand { max: Option<u32> },
}

/// A law's permanent effect while it is in the pyramid (G2 `passive`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Passive {
    /// When the owner passes in the auction, n more gems (PNV-6.2, same shortage rules).
    PassBonusGems { n: u32 },
    /// Each gained card (auction win or draw) may be tucked under this law (decision 19).
    TuckGainedCards,
}

/// A law's end-game scoring (G2 `end_scoring`, PNV-10.9).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndScore {
    /// Points by the level this law lies on, levels 1–4.
    ByOwnLevel { points: [u32; 4] },
    /// Points per gem stored on this law.
    PerStoredGem { points: u32 },
    /// Points per card tucked under this law.
    PerTuckedCard { points: u32 },
    /// Points per adjacent character card (PNV-4.9).
    PerAdjacentCharacter { points: u32 },
    /// Points per card in the pyramid, tucked cards included if asked.
    PerPyramidCard { points: u32, include_tucked: bool },
    /// Extra points per complete defense + science + magic set.
    PerSet { points: u32 },
    /// Points per monochrome circle and per eternal gem (after recolouring).
    PerMonochromeCircleAndEternalGem { points: u32 },
}

/// A law card (G2). Laws cost nothing and go on levels 1–4 only (PNV-4.5, 7.9).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Law {
    pub order: u32,
    pub name: String,
    pub segments: Segments,
    /// The printed text, for people.
    pub text: String,
    pub on_play: Option<LawAction>,
    pub passive: Option<Passive>,
    pub end_scoring: Option<EndScore>,
}

/// A data file that breaks the schema or an authoring constraint of §11.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}: card `{card}`, field `{field}`: {message}")]
pub struct DataError {
    /// `characters.json` or `laws.json`
    pub file: &'static str,
    /// The card's order number and name, or `(file)` for the file as a whole.
    pub card: String,
    pub field: &'static str,
    pub message: String,
}

/// The printed face of one card of the shipped catalogue: a character (G1) or a law (G2).
/// A reference, so a view carries faces without copying them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CardFace {
    Character(&'static Character),
    Law(&'static Law),
}

/// All 88 cards, validated. Characters are orders 1–64, laws 65–88 (PNV-1.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalog {
    /// Index = order − 1.
    pub characters: Vec<Character>,
    /// Index = order − 65.
    pub laws: Vec<Law>,
}

pub const CHARACTER_COUNT: u32 = 64;
pub const LAW_COUNT: u32 = 24;
pub const FIRST_LAW: u32 = 65;

impl Catalog {
    /// The shipped cards, parsed and validated once.
    pub fn shipped() -> &'static Catalog {
        static SHIPPED: std::sync::OnceLock<Catalog> = std::sync::OnceLock::new();
        SHIPPED.get_or_init(|| {
            Catalog::from_json(CHARACTERS_JSON, LAWS_JSON)
                .unwrap_or_else(|e| panic!("shipped Panovník data is invalid: {e}"))
        })
    }

    /// Parses and validates the two files (shipped ones, or a licensee's replacements).
    pub fn from_json(characters: &str, laws: &str) -> Result<Catalog, DataError> {
        let mut characters: Vec<Character> = parse_cards(CHARACTERS_FILE, characters)?;
        let mut laws: Vec<Law> = parse_cards(LAWS_FILE, laws)?;
        characters.sort_by_key(|c| c.order);
        laws.sort_by_key(|l| l.order);
        let catalog = Catalog { characters, laws };
        catalog.validate()?;
        Ok(catalog)
    }

    /// The character with this order number (1–64).
    pub fn character(&self, order: u32) -> Option<&Character> {
        order
            .checked_sub(1)
            .and_then(|i| self.characters.get(i as usize))
    }

    /// The law with this order number (65–88).
    pub fn law(&self, order: u32) -> Option<&Law> {
        order
            .checked_sub(FIRST_LAW)
            .and_then(|i| self.laws.get(i as usize))
    }

    /// The most options any law offers to choose from (its `choose_one` list or `gain`
    /// choice): the largest option index a request may name (PNV-9.1).
    pub fn most_law_options(&self) -> usize {
        self.laws
            .iter()
            .map(|l| match &l.on_play {
                Some(LawAction::ChooseOne { options }) => options.len(),
                Some(LawAction::Gain {
                    reward: Reward::Choice(options),
                }) => options.len(),
                _ => 0,
            })
            .max()
            .unwrap_or(0)
    }

    /// The face of the card with this order number, character or law.
    pub fn face(&'static self, order: u32) -> Option<CardFace> {
        if Catalog::is_law(order) {
            self.law(order).map(CardFace::Law)
        } else {
            self.character(order).map(CardFace::Character)
        }
    }

    pub fn is_law(order: u32) -> bool {
        order >= FIRST_LAW
    }

    /// Checks every authoring constraint of §11 G1/G2 (and the G3 values of the two quoted
    /// laws). Expects the cards sorted by order number, as `from_json` leaves them.
    fn validate(&self) -> Result<(), DataError> {
        validate_characters(&self.characters)?;
        validate_laws(&self.laws, &self.characters)
    }
}

// ---- validation (§11 G1, G2, G3) -----------------------------------------------------------

const CHARACTERS_FILE: &str = "characters.json";
const LAWS_FILE: &str = "laws.json";
/// The `card` of an error about the file as a whole.
const WHOLE_FILE: &str = "(file)";
/// No upper bound in a tally.
const MANY: usize = usize::MAX;
/// The `field` of an error about the rewards of all rows together.
const ALL_REWARDS: &str = "rows[*].reward";
const ROW_COST: [&str; 4] = [
    "rows[0].cost",
    "rows[1].cost",
    "rows[2].cost",
    "rows[3].cost",
];
const ROW_REWARD: [&str; 4] = [
    "rows[0].reward",
    "rows[1].reward",
    "rows[2].reward",
    "rows[3].reward",
];

fn fail<T>(
    file: &'static str,
    card: impl Into<String>,
    field: &'static str,
    message: impl Into<String>,
) -> Result<T, DataError> {
    Err(DataError {
        file,
        card: card.into(),
        field,
        message: message.into(),
    })
}

fn label(order: u32, name: &str) -> String {
    format!("#{order} {name}")
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Blue => "blue",
        Color::Red => "red",
        Color::Green => "green",
        Color::Yellow => "yellow",
    }
}

/// The reward types of PNV-8 (the icons), plus the two containers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Gems,
    Power,
    Draw,
    Science,
    Magic,
    Defense,
    Attack,
    MagicBonus,
    CircleBonus,
    EternalGem,
    All,
    Choice,
}

impl Kind {
    /// The icon types every character file must use (G1.8), `all` included.
    const CHARACTER_TYPES: [Kind; 11] = [
        Kind::Gems,
        Kind::Power,
        Kind::Draw,
        Kind::Science,
        Kind::Magic,
        Kind::Defense,
        Kind::Attack,
        Kind::MagicBonus,
        Kind::CircleBonus,
        Kind::EternalGem,
        Kind::All,
    ];

    fn of(r: &Reward) -> Kind {
        match r {
            Reward::Gems(_) => Kind::Gems,
            Reward::Power(_) => Kind::Power,
            Reward::Draw(_) => Kind::Draw,
            Reward::Science(_) => Kind::Science,
            Reward::Magic(_) => Kind::Magic,
            Reward::Defense(_) => Kind::Defense,
            Reward::Attack(_) => Kind::Attack,
            Reward::MagicBonus(_) => Kind::MagicBonus,
            Reward::CircleBonus(_) => Kind::CircleBonus,
            Reward::EternalGem(_) => Kind::EternalGem,
            Reward::All(_) => Kind::All,
            Reward::Choice(_) => Kind::Choice,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Kind::Gems => "gems",
            Kind::Power => "power",
            Kind::Draw => "draw",
            Kind::Science => "science",
            Kind::Magic => "magic",
            Kind::Defense => "defense",
            Kind::Attack => "attack",
            Kind::MagicBonus => "magic_bonus",
            Kind::CircleBonus => "circle_bonus",
            Kind::EternalGem => "eternal_gem",
            Kind::All => "all",
            Kind::Choice => "choice",
        }
    }
}

/// The icons of one row: the parts of an `all`, or the reward itself (PNV-8.10).
fn icons(r: &Reward) -> &[Reward] {
    match r {
        Reward::All(parts) => parts,
        other => std::slice::from_ref(other),
    }
}

fn in_range(n: u32, lo: u32, hi: u32, what: &str) -> Result<(), String> {
    if (lo..=hi).contains(&n) {
        Ok(())
    } else if lo == hi {
        Err(format!("{what} must be {lo}, found {n}"))
    } else {
        Err(format!("{what} must be {lo}–{hi}, found {n}"))
    }
}

/// G1.4: the value ranges of a character's reward icon on `level` (1–4).
fn check_character_icon(r: &Reward, level: usize, inside_all: bool) -> Result<(), String> {
    let low = level <= 3;
    match *r {
        Reward::Gems(n) => {
            let (lo, hi) = if low { (2, 5) } else { (5, 8) };
            in_range(n, lo, hi, &format!("gems on level {level} (G1.4)"))
        }
        Reward::Power(v) => {
            let (lo, hi, how) = match (level, inside_all) {
                (1, _) => (2, 4, ""),
                (2, _) => (2, 5, ""),
                (3, _) => (3, 8, ""),
                (_, false) => (8, 12, " alone"),
                (_, true) => (2, 5, " inside `all`"),
            };
            in_range(v, lo, hi, &format!("power on level {level}{how} (G1.4)"))
        }
        Reward::Draw(n) => {
            let (lo, hi) = if low { (1, 1) } else { (2, 3) };
            in_range(n, lo, hi, &format!("draw on level {level} (G1.4)"))
        }
        Reward::Science(n) | Reward::Magic(n) => {
            let hi = if low { 1 } else { 2 };
            let what = Kind::of(r).name();
            in_range(
                n,
                1,
                hi,
                &format!("{what} on level {level} (G1.4, PNV-8.4/8.5)"),
            )
        }
        Reward::Defense(n) | Reward::Attack(n) => {
            in_range(n, 1, 1, &format!("{} (G1 schema)", Kind::of(r).name()))
        }
        Reward::MagicBonus(v) => check_magic_bonus(v),
        Reward::CircleBonus(CircleBonus { value, .. }) => match (value, level) {
            (2, 3) | (4, 3) | (4, 4) => Ok(()),
            (2, _) => Err(format!(
                "a +2 circle bonus is allowed on level 3 only, found on level {level} (G1.4)"
            )),
            (4, _) => Err(format!(
                "a +4 circle bonus is allowed on levels 3–4 only, found on level {level} (G1.4)"
            )),
            _ => Err(format!(
                "a circle bonus is worth +2 or +4, found +{value} (PNV-8.8)"
            )),
        },
        Reward::EternalGem(EternalColor::Any) => Err(
            "an eternal gem of any colour is for law options only; characters name a colour \
             (G1.4, decision 21)"
                .into(),
        ),
        Reward::EternalGem(_) => Ok(()),
        Reward::All(ref parts) => {
            if inside_all {
                return Err("`all` may not be nested".into());
            }
            if parts.len() < 2 {
                return Err(format!(
                    "`all` needs at least 2 icons, found {} (PNV-8.10)",
                    parts.len()
                ));
            }
            parts
                .iter()
                .try_for_each(|p| check_character_icon(p, level, true))
        }
        Reward::Choice(_) => Err("`choice` never appears on characters (G1.6)".into()),
    }
}

fn check_magic_bonus(v: u32) -> Result<(), String> {
    if matches!(v, 2 | 3 | 5) {
        Ok(())
    } else {
        Err(format!(
            "a magic bonus is worth +2, +3 or +5, found +{v} (PNV-8.8)"
        ))
    }
}

/// The reward of a law's `gain`: any value some character row may give (G1.4 ranges, all
/// levels together); no `any` eternal gem (decision 21 is for options only).
fn check_law_gain(r: &Reward, inside_all: bool) -> Result<(), String> {
    match *r {
        Reward::Gems(n) => in_range(n, 2, 8, "gems"),
        Reward::Power(v) => in_range(v, 2, 12, "power"),
        Reward::Draw(n) => in_range(n, 1, 3, "draw"),
        Reward::Science(n) => in_range(n, 1, 2, "science"),
        Reward::Magic(n) => in_range(n, 1, 2, "magic"),
        Reward::Defense(n) => in_range(n, 1, 1, "defense"),
        Reward::Attack(n) => in_range(n, 1, 1, "attack"),
        Reward::MagicBonus(v) => check_magic_bonus(v),
        Reward::CircleBonus(CircleBonus { value, .. }) => {
            if matches!(value, 2 | 4) {
                Ok(())
            } else {
                Err(format!(
                    "a circle bonus is worth +2 or +4, found +{value} (PNV-8.8)"
                ))
            }
        }
        Reward::EternalGem(EternalColor::Any) => Err(
            "an eternal gem of any colour is allowed only as an option of a choice (decision 21)"
                .into(),
        ),
        Reward::EternalGem(_) => Ok(()),
        Reward::All(ref parts) => {
            if inside_all {
                return Err("`all` may not be nested".into());
            }
            if parts.len() < 2 {
                return Err(format!(
                    "`all` needs at least 2 icons, found {}",
                    parts.len()
                ));
            }
            parts.iter().try_for_each(|p| check_law_gain(p, true))
        }
        Reward::Choice(_) => Err("`choice` may not be nested".into()),
    }
}

/// G2: a choose-one law has exactly 3 options, one of them `{"gems":4}`, the others a single
/// token, 5–6 PP, one draw or an eternal gem of the player's colour choice.
fn check_options(options: &[Reward]) -> Result<(), String> {
    if options.len() != 3 {
        return Err(format!(
            "a choose-one law has exactly 3 options, found {} (G2)",
            options.len()
        ));
    }
    let gems4 = options.iter().filter(|o| **o == Reward::Gems(4)).count();
    if gems4 != 1 {
        return Err(format!(
            "exactly one option is {{\"gems\":4}}, found {gems4} (G2)"
        ));
    }
    for (i, o) in options.iter().enumerate() {
        if options[..i].contains(o) {
            return Err(format!("option {i} repeats an earlier option (G2)"));
        }
        let ok = match *o {
            Reward::Gems(n) => n == 4,
            Reward::Science(n) | Reward::Magic(n) | Reward::Defense(n) | Reward::Attack(n) => {
                n == 1
            }
            Reward::MagicBonus(v) => matches!(v, 2 | 3 | 5),
            Reward::CircleBonus(CircleBonus { value, .. }) => matches!(value, 2 | 4),
            Reward::Power(v) => matches!(v, 5 | 6),
            Reward::Draw(n) => n == 1,
            Reward::EternalGem(c) => c == EternalColor::Any,
            Reward::All(_) | Reward::Choice(_) => false,
        };
        if !ok {
            return Err(format!(
                "option {i} ({o:?}) must be 4 gems, a single token, 5–6 PP, one draw or an \
                 eternal gem of any colour (G2)"
            ));
        }
    }
    Ok(())
}

/// The Kapitán of the rulebook (G1.7, TV-04, TV-05).
fn is_kapitan(c: &Character) -> bool {
    let costs = [Color::Green, Color::Blue, Color::Yellow, Color::Yellow];
    let rewards = [
        Reward::Draw(1),
        Reward::Gems(5),
        Reward::Magic(1),
        Reward::Power(12),
    ];
    c.rows
        .iter()
        .zip(costs.iter().zip(rewards.iter()))
        .all(|(row, (cost, reward))| row.cost == *cost && row.reward == *reward)
}

fn check_name(
    file: &'static str,
    card: &str,
    name: &str,
    seen: &mut std::collections::HashSet<String>,
) -> Result<(), DataError> {
    if name.trim().is_empty() || name.trim() != name {
        return fail(
            file,
            card,
            "name",
            "a name is non-empty, without surrounding spaces",
        );
    }
    if !seen.insert(name.to_lowercase()) {
        return fail(
            file,
            card,
            "name",
            "names are unique over all 88 cards (G1.1)",
        );
    }
    Ok(())
}

/// Orders unique and inside `lo..=hi` (PNV-1.2); the cards are sorted by order.
fn check_order(
    file: &'static str,
    card: &str,
    order: u32,
    previous: Option<u32>,
    lo: u32,
    hi: u32,
) -> Result<(), DataError> {
    if !(lo..=hi).contains(&order) {
        return fail(
            file,
            card,
            "order",
            format!("order numbers of this file are {lo}–{hi} (PNV-1.2)"),
        );
    }
    if previous == Some(order) {
        return fail(file, card, "order", "order number used twice (PNV-1.2)");
    }
    Ok(())
}

fn check_count(file: &'static str, found: usize, want: u32, kind: &str) -> Result<(), DataError> {
    if found != want as usize {
        return fail(
            file,
            WHOLE_FILE,
            "order",
            format!("exactly {want} {kind} are needed, found {found} (PNV-1.2, §2)"),
        );
    }
    Ok(())
}

fn check_tally(
    file: &'static str,
    field: &'static str,
    what: &str,
    n: usize,
    lo: usize,
    hi: usize,
    rule: &str,
) -> Result<(), DataError> {
    if (lo..=hi).contains(&n) {
        return Ok(());
    }
    let need = if lo == hi {
        format!("exactly {lo}")
    } else if hi == usize::MAX {
        format!("at least {lo}")
    } else if lo == 0 {
        format!("at most {hi}")
    } else {
        format!("{lo}–{hi}")
    };
    fail(
        file,
        WHOLE_FILE,
        field,
        format!("{what}: {need} needed, found {n} ({rule})"),
    )
}

/// G1 items 1–8 (item 9 is the engine's smoke test).
fn validate_characters(cards: &[Character]) -> Result<(), DataError> {
    const F: &str = CHARACTERS_FILE;
    let mut names = std::collections::HashSet::new();
    let mut previous = None;
    // G1.1, G1.2 (per card), G1.4, G1.6
    for c in cards {
        let card = label(c.order, &c.name);
        check_order(F, &card, c.order, previous, 1, CHARACTER_COUNT)?;
        previous = Some(c.order);
        check_name(F, &card, &c.name, &mut names)?;
        let mut uses = [0u32; 4];
        for (k, row) in c.rows.iter().enumerate() {
            check_character_icon(&row.reward, k + 1, false)
                .or_else(|m| fail(F, &card, ROW_REWARD[k], m))?;
            uses[row.cost.index()] += 1;
            if uses[row.cost.index()] == 3 {
                return fail(
                    F,
                    &card,
                    ROW_COST[k],
                    format!(
                        "{} is the cost of 3 rows; a card uses one colour in at most 2 rows (G1.2)",
                        color_name(row.cost)
                    ),
                );
            }
        }
    }
    check_count(F, cards.len(), CHARACTER_COUNT, "character cards")?;

    // G1.2: per level, each colour is the cost of 14–18 cards.
    for (k, field) in ROW_COST.into_iter().enumerate() {
        for color in Color::ALL {
            let n = cards.iter().filter(|c| c.rows[k].cost == color).count();
            check_tally(
                F,
                field,
                &format!("{} as the level-{} cost", color_name(color), k + 1),
                n,
                14,
                18,
                "G1.2",
            )?;
        }
    }

    // G1.3: segments.
    let segs = |c: &Character| [c.segments.tl, c.segments.tr, c.segments.bl, c.segments.br];
    for color in Color::ALL {
        let n = cards.iter().flat_map(segs).filter(|s| *s == color).count();
        check_tally(
            F,
            "segments",
            &format!("{} segments", color_name(color)),
            n,
            56,
            72,
            "G1.3",
        )?;
    }
    let same_bottom = cards
        .iter()
        .filter(|c| c.segments.bl == c.segments.br)
        .count();
    check_tally(
        F,
        "segments",
        "cards with bl = br",
        same_bottom,
        40,
        50,
        "G1.3",
    )?;
    for color in Color::ALL {
        let tl = cards.iter().filter(|c| c.segments.tl == color).count();
        let what = format!("cards with a {} tl", color_name(color));
        check_tally(F, "segments.tl", &what, tl, 8, MANY, "G1.3")?;
        let tr = cards.iter().filter(|c| c.segments.tr == color).count();
        let what = format!("cards with a {} tr", color_name(color));
        check_tally(F, "segments.tr", &what, tr, 8, MANY, "G1.3")?;
    }
    let single = cards
        .iter()
        .filter(|c| segs(c).iter().all(|s| *s == c.segments.tl))
        .count();
    check_tally(F, "segments", "single-coloured cards", single, 0, 2, "G1.3")?;

    // G1.6: rows with several icons.
    let all_rows = cards
        .iter()
        .flat_map(|c| c.rows.iter())
        .filter(|r| Kind::of(&r.reward) == Kind::All)
        .count();
    check_tally(
        F,
        ALL_REWARDS,
        "rows using `all`",
        all_rows,
        10,
        MANY,
        "G1.6",
    )?;

    // G1.8
    let used: Vec<Kind> = cards
        .iter()
        .flat_map(|c| c.rows.iter())
        .flat_map(|r| std::iter::once(&r.reward).chain(icons(&r.reward)))
        .map(Kind::of)
        .collect();
    for kind in Kind::CHARACTER_TYPES {
        if !used.contains(&kind) {
            return fail(
                F,
                WHOLE_FILE,
                ALL_REWARDS,
                format!("the reward type `{}` is never used (G1.8)", kind.name()),
            );
        }
    }

    // G1.5: frequencies, counting each part of an `all`.
    let all_icons = || {
        cards
            .iter()
            .flat_map(|c| c.rows.iter())
            .flat_map(|r| icons(&r.reward))
    };
    let count = |kind: Kind| all_icons().filter(|i| Kind::of(i) == kind).count();
    for (kind, lo, hi) in [
        (Kind::Power, 90, 110),
        (Kind::Science, 50, 60),
        (Kind::Magic, 12, 20),
        (Kind::MagicBonus, 8, 12),
        (Kind::Draw, 50, 60),
        (Kind::Gems, 25, 35),
        (Kind::Defense, 15, 22),
        (Kind::Attack, 10, 14),
        (Kind::EternalGem, 12, 16),
        (Kind::CircleBonus, 12, 12),
    ] {
        check_tally(F, ALL_REWARDS, kind.name(), count(kind), lo, hi, "G1.5")?;
    }
    let plus5 = all_icons().filter(|i| **i == Reward::MagicBonus(5)).count();
    check_tally(F, ALL_REWARDS, "+5 magic bonus", plus5, 0, 3, "G1.5")?;
    for color in Color::ALL {
        let eternal = eternal(color);
        let n = all_icons()
            .filter(|i| **i == Reward::EternalGem(eternal))
            .count();
        let what = format!("{} eternal gems", color_name(color));
        check_tally(F, ALL_REWARDS, &what, n, 3, 4, "G1.5")?;
        for (value, want) in [(2, 2), (4, 1)] {
            let token = Reward::CircleBonus(CircleBonus { color, value });
            let n = all_icons().filter(|i| **i == token).count();
            let what = format!("{} +{value} circle bonuses", color_name(color));
            check_tally(F, ALL_REWARDS, &what, n, want, want, "G1.5")?;
        }
    }
    let level4 = |pred: &dyn Fn(&Reward) -> bool| {
        cards
            .iter()
            .filter(|c| icons(&c.rows[3].reward).iter().any(pred))
            .count()
    };
    let eternal4 = level4(&|i| Kind::of(i) == Kind::EternalGem);
    check_tally(
        F,
        ROW_REWARD[3],
        "level-4 eternal gems",
        eternal4,
        0,
        1,
        "G1.5",
    )?;

    // G1.6: two-token level-4 rows.
    let science2 = level4(&|i| *i == Reward::Science(2));
    let magic2 = level4(&|i| *i == Reward::Magic(2));
    check_tally(
        F,
        ROW_REWARD[3],
        "level-4 rows with 2 science",
        science2,
        4,
        MANY,
        "G1.6",
    )?;
    check_tally(
        F,
        ROW_REWARD[3],
        "level-4 rows with 2 magic",
        magic2,
        2,
        MANY,
        "G1.6",
    )?;
    // G1.7
    match cards.iter().find(|c| is_kapitan(c)) {
        None => {
            return fail(
                F,
                WHOLE_FILE,
                "rows",
                "no card has the rows of the rulebook's Kapitán (costs green, blue, yellow, \
                 yellow; rewards draw 1, gems 5, magic 1, power 12) (G1.7)",
            );
        }
        Some(k) => {
            let want = Segments {
                tl: Color::Blue,
                tr: Color::Red,
                bl: Color::Red,
                br: Color::Red,
            };
            if k.segments != want {
                return fail(
                    F,
                    label(k.order, &k.name),
                    "segments",
                    "the Kapitán card has segments tl blue, tr red, bl red, br red (G1.7)",
                );
            }
        }
    }

    Ok(())
}

fn eternal(c: Color) -> EternalColor {
    match c {
        Color::Blue => EternalColor::Blue,
        Color::Red => EternalColor::Red,
        Color::Green => EternalColor::Green,
        Color::Yellow => EternalColor::Yellow,
    }
}

/// The options of a law that lets its owner pick one reward: `choose_one`, or a `gain` of a
/// `choice` (the same decision 15).
fn law_options(law: &Law) -> Option<&[Reward]> {
    match &law.on_play {
        Some(LawAction::ChooseOne { options }) => Some(options),
        Some(LawAction::Gain {
            reward: Reward::Choice(options),
        }) => Some(options),
        _ => None,
    }
}

fn tucks(law: &Law) -> bool {
    matches!(
        law.on_play,
        Some(LawAction::TuckFreeCard | LawAction::TuckFromHand { .. })
    ) || law.passive == Some(Passive::TuckGainedCards)
}

fn check_law(law: &Law) -> Result<(), (&'static str, String)> {
    let s = law.segments;
    if s.tl != s.tr || s.bl != s.br || s.tl == s.bl {
        return Err((
            "segments",
            "a law has tl = tr, bl = br and two different half colours (G2)".into(),
        ));
    }
    if law.text.trim().is_empty() {
        return Err(("text", "a law prints its effect as text (PNV-1.5)".into()));
    }
    if law.on_play.is_none() && law.passive.is_none() && law.end_scoring.is_none() {
        return Err((
            "on_play",
            "a law needs at least one of on_play, passive, end_scoring (PNV-9.1)".into(),
        ));
    }
    let on_play = |m: String| ("on_play", m);
    match &law.on_play {
        None | Some(LawAction::TuckFreeCard) => {}
        Some(LawAction::ChooseOne { .. })
        | Some(LawAction::Gain {
            reward: Reward::Choice(_),
        }) => check_options(law_options(law).unwrap_or_default()).map_err(on_play)?,
        Some(LawAction::Gain { reward }) => check_law_gain(reward, false).map_err(on_play)?,
        Some(LawAction::StoreGems { max }) => {
            if *max != 8 {
                return Err(on_play(format!(
                    "the Treasury law stores at most 8 gems, found {max} (PNV-9.6, G3)"
                )));
            }
        }
        Some(LawAction::TuckFromHand { max }) => {
            if *max == Some(0) {
                return Err(on_play(
                    "tuck_from_hand with max 0 does nothing; use a positive max or null".into(),
                ));
            }
        }
    }
    if let Some(Passive::PassBonusGems { n }) = law.passive {
        in_range(n, 1, 3, "pass_bonus_gems n").map_err(|m| ("passive", m))?;
    }
    let end = |m: String| ("end_scoring", m);
    match law.end_scoring {
        None => {}
        Some(EndScore::ByOwnLevel { points }) => {
            if points.windows(2).any(|w| w[0] > w[1]) || points[3] == 0 || points[3] > 15 {
                return Err(end(format!(
                    "by_own_level points rise (not strictly) with the level, level 4 worth \
                     1–15, found {points:?} (PNV-10.9)"
                )));
            }
            if law.on_play == Some(LawAction::TuckFreeCard) && points != [2, 3, 4, 5] {
                return Err(end(format!(
                    "the Tuck-free law scores [2, 3, 4, 5] by level, found {points:?} (PNV-9.3, G3)"
                )));
            }
        }
        Some(EndScore::PerStoredGem { points }) => {
            if !matches!(law.on_play, Some(LawAction::StoreGems { .. })) {
                return Err(end(
                    "per_stored_gem needs the store_gems action on the same law (PNV-9.6)".into(),
                ));
            }
            if points != 2 {
                return Err(end(format!(
                    "the Treasury law scores 2 per stored gem, found {points} (PNV-9.6, G3)"
                )));
            }
        }
        Some(EndScore::PerTuckedCard { points }) => {
            if !tucks(law) {
                return Err(end(
                    "per_tucked_card needs a tucking effect on the same law (G2)".into(),
                ));
            }
            in_range(points, 1, 5, "per_tucked_card points").map_err(end)?;
        }
        Some(EndScore::PerAdjacentCharacter { points }) if points != 2 => {
            return Err(end(format!(
                "per_adjacent_character scores 2 per neighbour, found {points} (G2)"
            )));
        }
        Some(EndScore::PerAdjacentCharacter { .. }) => {}
        Some(EndScore::PerPyramidCard { points, .. }) => {
            in_range(points, 1, 5, "per_pyramid_card points").map_err(end)?
        }
        Some(EndScore::PerSet { points }) => {
            in_range(points, 1, 5, "per_set points").map_err(end)?
        }
        Some(EndScore::PerMonochromeCircleAndEternalGem { points }) => {
            in_range(points, 1, 5, "per_monochrome_circle_and_eternal_gem points").map_err(end)?
        }
    }
    if law.on_play == Some(LawAction::TuckFreeCard)
        && !matches!(law.end_scoring, Some(EndScore::ByOwnLevel { .. }))
    {
        return Err(end(
            "the Tuck-free law scores by its own level, 2/3/4/5 (PNV-9.3, G3)".into(),
        ));
    }
    if matches!(law.on_play, Some(LawAction::StoreGems { .. }))
        && !matches!(law.end_scoring, Some(EndScore::PerStoredGem { .. }))
    {
        return Err(end(
            "the Treasury law scores 2 per stored gem (PNV-9.4, 9.6, G3)".into(),
        ));
    }
    Ok(())
}

/// G2 (default content constraints) and G3. "No law affects another player's gems, hand or
/// pyramid" holds by construction: no effect type of the schema does (PNV-9.9). The timing mix
/// (≥ 12 on-play, ≥ 8 end scoring, ≥ 2 passive) follows from the type counts but is still checked
/// on its own.
fn validate_laws(laws: &[Law], characters: &[Character]) -> Result<(), DataError> {
    const F: &str = LAWS_FILE;
    let mut names: std::collections::HashSet<String> =
        characters.iter().map(|c| c.name.to_lowercase()).collect();
    let mut previous = None;
    for law in laws {
        let card = label(law.order, &law.name);
        check_order(
            F,
            &card,
            law.order,
            previous,
            FIRST_LAW,
            FIRST_LAW + LAW_COUNT - 1,
        )?;
        previous = Some(law.order);
        check_name(F, &card, &law.name, &mut names)?;
        check_law(law).or_else(|(field, m)| fail(F, &card, field, m))?;
    }
    check_count(F, laws.len(), LAW_COUNT, "law cards")?;

    for color in Color::ALL {
        let n = laws
            .iter()
            .map(|l| (l.segments.tl == color) as usize + (l.segments.bl == color) as usize)
            .sum();
        let what = format!("{} as a half colour", color_name(color));
        check_tally(F, "segments", &what, n, 10, 14, "G2")?;
    }

    let count = |pred: &dyn Fn(&Law) -> bool| laws.iter().filter(|l| pred(l)).count();
    let on_play =
        |pred: fn(&LawAction) -> bool| count(&|l: &Law| l.on_play.as_ref().is_some_and(pred));
    let end =
        |pred: fn(&EndScore) -> bool| count(&|l: &Law| l.end_scoring.as_ref().is_some_and(pred));
    let passive =
        |pred: fn(&Passive) -> bool| count(&|l: &Law| l.passive.as_ref().is_some_and(pred));
    let choose = count(&|l: &Law| law_options(l).is_some());
    check_tally(F, "on_play", "choose-one laws", choose, 8, 8, "G2")?;
    let tuck_free = on_play(|a| matches!(a, LawAction::TuckFreeCard));
    check_tally(
        F,
        "on_play",
        "Tuck-free laws",
        tuck_free,
        1,
        1,
        "G2, PNV-9.3",
    )?;
    let store = on_play(|a| matches!(a, LawAction::StoreGems { .. }));
    check_tally(F, "on_play", "Treasury laws", store, 1, 1, "G2, PNV-9.4")?;
    let gain = count(
        &|l: &Law| matches!(&l.on_play, Some(LawAction::Gain { reward }) if Kind::of(reward) != Kind::Choice),
    );
    check_tally(F, "on_play", "gain laws", gain, 1, MANY, "G2")?;
    let from_hand = on_play(|a| matches!(a, LawAction::TuckFromHand { .. }));
    check_tally(
        F,
        "on_play",
        "tuck_from_hand laws",
        from_hand,
        1,
        MANY,
        "G2",
    )?;

    let pass = passive(|p| matches!(p, Passive::PassBonusGems { .. }));
    check_tally(F, "passive", "pass_bonus_gems laws", pass, 1, MANY, "G2")?;
    let gained = passive(|p| matches!(p, Passive::TuckGainedCards));
    check_tally(
        F,
        "passive",
        "tuck_gained_cards laws",
        gained,
        1,
        MANY,
        "G2",
    )?;

    let adjacent = end(|e| matches!(e, EndScore::PerAdjacentCharacter { .. }));
    check_tally(
        F,
        "end_scoring",
        "per_adjacent_character laws",
        adjacent,
        4,
        4,
        "G2",
    )?;
    for (what, n) in [
        (
            "by_own_level",
            end(|e| matches!(e, EndScore::ByOwnLevel { .. })),
        ),
        (
            "per_stored_gem",
            end(|e| matches!(e, EndScore::PerStoredGem { .. })),
        ),
        (
            "per_tucked_card",
            end(|e| matches!(e, EndScore::PerTuckedCard { .. })),
        ),
        (
            "per_pyramid_card",
            end(|e| matches!(e, EndScore::PerPyramidCard { .. })),
        ),
        ("per_set", end(|e| matches!(e, EndScore::PerSet { .. }))),
        (
            "per_monochrome_circle_and_eternal_gem",
            end(|e| matches!(e, EndScore::PerMonochromeCircleAndEternalGem { .. })),
        ),
    ] {
        check_tally(F, "end_scoring", &format!("{what} laws"), n, 1, MANY, "G2")?;
    }

    let with_on_play = count(&|l: &Law| l.on_play.is_some());
    check_tally(
        F,
        "on_play",
        "laws with an on-play action",
        with_on_play,
        12,
        MANY,
        "G2",
    )?;
    let with_end = count(&|l: &Law| l.end_scoring.is_some());
    check_tally(
        F,
        "end_scoring",
        "laws with end scoring",
        with_end,
        8,
        MANY,
        "G2",
    )?;
    let with_passive = count(&|l: &Law| l.passive.is_some());
    check_tally(
        F,
        "passive",
        "laws with a passive effect",
        with_passive,
        2,
        MANY,
        "G2",
    )?;
    Ok(())
}

/// Parses a file card by card, so that a schema error (an unknown reward or law effect type,
/// PNV-9.9; a missing row; a wrong colour) names the card it is in.
fn parse_cards<T: serde::de::DeserializeOwned>(
    file: &'static str,
    text: &str,
) -> Result<Vec<T>, DataError> {
    let entries: Vec<serde_json::Value> = serde_json::from_str(text)
        .or_else(|e| fail(file, WHOLE_FILE, "(schema)", e.to_string()))?;
    entries
        .into_iter()
        .enumerate()
        .map(|(i, v)| {
            let card = match (v["order"].as_u64(), v["name"].as_str()) {
                (Some(order), Some(name)) => format!("#{order} {name}"),
                _ => format!("(entry {i})"),
            };
            serde_json::from_value(v).or_else(|e| fail(file, card, "(schema)", e.to_string()))
        })
        .collect()
}
