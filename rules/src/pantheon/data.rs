//! The component data the rulebook does not print (spec §11 G0–G6): the board map, the 40 god
//! tiles, the loot and bonus token mixes, the demigod values, the offering costs, the action
//! cards and the pillar table — JSON files under `data/pantheon/`, validated at load against
//! every constraint of §11; a broken file is refused with an error naming the file, the entry
//! and the field.

use serde::{Deserialize, Serialize};

pub const BOARD_JSON: &str = include_str!("../../data/pantheon/board.json");
pub const GODS_JSON: &str = include_str!("../../data/pantheon/gods.json");
pub const LOOT_JSON: &str = include_str!("../../data/pantheon/loot.json");
pub const BONUS_JSON: &str = include_str!("../../data/pantheon/bonus.json");
pub const DEMIGODS_JSON: &str = include_str!("../../data/pantheon/demigods.json");
pub const OFFERING_COSTS_JSON: &str = include_str!("../../data/pantheon/offering_costs.json");
pub const ACTION_CARDS_JSON: &str = include_str!("../../data/pantheon/action_cards.json");
pub const PILLAR_TABLE_JSON: &str = include_str!("../../data/pantheon/pillar_table.json");

/// The eight nations (PTH-11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Nation {
    Gallia,
    Germania,
    Graecia,
    Aegyptus,
    Persia,
    Cartago,
    Iberia,
    Roma,
}

impl Nation {
    pub const ALL: [Nation; 8] = [
        Nation::Gallia,
        Nation::Germania,
        Nation::Graecia,
        Nation::Aegyptus,
        Nation::Persia,
        Nation::Cartago,
        Nation::Iberia,
        Nation::Roma,
    ];
}

/// The four offering kinds (PTH-1.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum OfferingKind {
    Gifts,
    Priests,
    Dancers,
    Temples,
}

impl OfferingKind {
    pub const ALL: [OfferingKind; 4] = [
        OfferingKind::Gifts,
        OfferingKind::Priests,
        OfferingKind::Dancers,
        OfferingKind::Temples,
    ];
}

/// What a board space is (G1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpaceKind {
    Land,
    Sea,
    Pillar,
    Main,
    Satellite,
}

/// One space of `board.json` as written (G1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpaceData {
    pub id: String,
    /// Hex coordinates (odd-r layout); absent in graph fixtures.
    #[serde(default)]
    pub col: Option<i32>,
    #[serde(default)]
    pub row: Option<i32>,
    pub kind: SpaceKind,
    #[serde(default)]
    pub nation: Option<Nation>,
    #[serde(default)]
    pub satellite_no: Option<u8>,
    #[serde(default)]
    pub name: Option<String>,
}

/// `board.json` as written: a hex grid (`layout: "odd-r"`) whose adjacency is derived from the
/// coordinates, or a graph fixture (`layout: "graph"`) with explicit `edges`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardData {
    pub layout: String,
    #[serde(default)]
    pub cols: Option<i32>,
    #[serde(default)]
    pub rows: Option<i32>,
    pub spaces: Vec<SpaceData>,
    #[serde(default)]
    pub edges: Vec<[String; 2]>,
    #[serde(default)]
    pub extra_edges: Vec<[String; 2]>,
    #[serde(default)]
    pub removed_edges: Vec<[String; 2]>,
}

/// Index of a space in [`Board::spaces`].
pub type SpaceId = usize;

/// The board the rules use: the spaces and their adjacency (sorted neighbour lists).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub spaces: Vec<SpaceData>,
    pub neighbours: Vec<Vec<SpaceId>>,
    /// Space id → index, derived from `spaces` at load: every placement names its space by id.
    pub index: std::collections::HashMap<String, SpaceId>,
}

/// A god's effect (PTH-15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum GodEffect {
    StepsPlus,
    PurchasePlus,
    CheapSharing,
    DrawPlus,
    OfferingWildcard,
    FollowBonus,
    ExtraTurn,
    ScoringVp,
    GainDemigod,
    GainStones,
    GainSpecialMoney,
    GainOffering,
    GainCards,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GodEffectData {
    #[serde(rename = "type")]
    pub kind: GodEffect,
}

/// A god tile (G2): the sacrifice groups, printed top to bottom, and its effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct God {
    pub id: String,
    pub name: String,
    pub requirement: Vec<u32>,
    pub effect: GodEffectData,
}

/// The effect types of loot and bonus tokens (PTH-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TokenEffectKind {
    Supplies,
    Demigod,
    GodTile,
    Pillar,
    Offering,
    CardDraw,
    SpecialMoney,
    Steps,
}

/// `and`: both stone kinds; `or`: the player picks one (PTH-10.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SuppliesMode {
    And,
    Or,
}

/// A loot or bonus token's effect (G3 schema).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TokenEffect {
    #[serde(rename = "type")]
    pub kind: TokenEffectKind,
    /// SUPPLIES: pillars given (with `and`), or the pillar option (with `or`).
    #[serde(default)]
    pub pillars: Option<u32>,
    /// SUPPLIES: footprints given, or the footprint option.
    #[serde(default)]
    pub footprints: Option<u32>,
    #[serde(default)]
    pub mode: Option<SuppliesMode>,
    /// CARD_DRAW: cards; STEPS: extra steps.
    #[serde(default)]
    pub count: Option<u32>,
    /// OFFERING: 1 (single) or 2 (double).
    #[serde(default)]
    pub uses: Option<u32>,
}

/// A loot token (hexagonal) or a bonus token (square).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Token {
    pub id: String,
    pub effect: TokenEffect,
}

/// An action card type (PTH-1.8). `Money(v)` with v ≥ 2 are the special money cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardKind {
    Movement,
    Offering(OfferingKind),
    Money(u32),
}

/// One action card of `action_cards.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionCard {
    pub id: String,
    pub kind: CardKind,
}

/// `action_cards.json`: the 75 action cards and the 7 special money values (top first).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionCardsData {
    pub cards: Vec<ActionCard>,
    pub special_money: Vec<u32>,
}

/// One row of the pillar table (PTH-13.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PillarRow {
    pub min: u32,
    pub max: u32,
    pub per_pillar: u32,
}

/// A data file that breaks its schema or a constraint of §11.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}: entry `{entry}`, field `{field}`: {message}")]
pub struct DataError {
    /// e.g. `board.json`
    pub file: &'static str,
    /// The entry's id, or `(file)` for the file as a whole.
    pub entry: String,
    pub field: &'static str,
    pub message: String,
}

/// All Pantheon data, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalog {
    pub board: Board,
    pub gods: Vec<God>,
    pub loot: Vec<Token>,
    pub bonus: Vec<Token>,
    /// Demigod values (21).
    pub demigods: Vec<u32>,
    /// Cost of offering levels 1..=4 (index 0 = level 1).
    pub offering_costs: [u32; 4],
    pub action_cards: ActionCardsData,
    pub pillar_table: Vec<PillarRow>,
}

/// The texts of the data files (the shipped ones, or edited copies in tests).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataFiles {
    pub board: String,
    pub gods: String,
    pub loot: String,
    pub bonus: String,
    pub demigods: String,
    pub offering_costs: String,
    pub action_cards: String,
    pub pillar_table: String,
}

impl DataFiles {
    pub fn shipped() -> DataFiles {
        DataFiles {
            board: BOARD_JSON.into(),
            gods: GODS_JSON.into(),
            loot: LOOT_JSON.into(),
            bonus: BONUS_JSON.into(),
            demigods: DEMIGODS_JSON.into(),
            offering_costs: OFFERING_COSTS_JSON.into(),
            action_cards: ACTION_CARDS_JSON.into(),
            pillar_table: PILLAR_TABLE_JSON.into(),
        }
    }
}

fn parse<T: serde::de::DeserializeOwned>(file: &'static str, text: &str) -> Result<T, DataError> {
    serde_json::from_str(text).map_err(|e| DataError {
        file,
        entry: "(file)".into(),
        field: "(schema)",
        message: e.to_string(),
    })
}

impl Catalog {
    /// The shipped data, parsed and validated once.
    pub fn shipped() -> &'static Catalog {
        static SHIPPED: std::sync::OnceLock<Catalog> = std::sync::OnceLock::new();
        SHIPPED.get_or_init(|| {
            Catalog::from_files(&DataFiles::shipped())
                .unwrap_or_else(|e| panic!("shipped Pantheon data is invalid: {e}"))
        })
    }

    /// The god tile with this id (G2).
    pub fn god(&self, id: &str) -> Option<&God> {
        self.gods.iter().find(|g| g.id == id)
    }

    /// The loot token with this id (G3).
    pub fn loot_token(&self, id: &str) -> Option<&Token> {
        self.loot.iter().find(|t| t.id == id)
    }

    /// The bonus token with this id (G3).
    pub fn bonus_token(&self, id: &str) -> Option<&Token> {
        self.bonus.iter().find(|t| t.id == id)
    }

    /// Parses and validates every file; the board must be the full map (G1), not a fixture.
    pub fn from_files(files: &DataFiles) -> Result<Catalog, DataError> {
        check_full_map(&files.board)?;
        check_offering_levels(&files.offering_costs)?;
        let catalog = Catalog {
            board: Board::from_json(&files.board)?,
            gods: parse("gods.json", &files.gods)?,
            loot: parse("loot.json", &files.loot)?,
            bonus: parse("bonus.json", &files.bonus)?,
            demigods: parse("demigods.json", &files.demigods)?,
            offering_costs: {
                let m: std::collections::BTreeMap<String, u32> =
                    parse("offering_costs.json", &files.offering_costs)?;
                let get = |k: &str| {
                    m.get(k).copied().ok_or_else(|| DataError {
                        file: "offering_costs.json",
                        entry: "(file)".into(),
                        field: "level",
                        message: format!("level {k} has no cost"),
                    })
                };
                [get("1")?, get("2")?, get("3")?, get("4")?]
            },
            action_cards: parse("action_cards.json", &files.action_cards)?,
            pillar_table: parse("pillar_table.json", &files.pillar_table)?,
        };
        catalog.validate()?;
        Ok(catalog)
    }

    /// Checks every constraint of §11 G0–G6; the first broken one is reported.
    fn validate(&self) -> Result<(), DataError> {
        validate_board(&self.board)?;
        validate_gods(&self.gods)?;
        validate_tokens(&self.loot, &self.bonus)?;
        validate_demigods(&self.demigods)?;
        validate_offering_costs(&self.offering_costs)?;
        validate_action_cards(&self.action_cards)?;
        validate_pillar_table(&self.pillar_table)
    }

    /// PTH-13.5: victory points per pillar with `p` pillars on the board.
    pub fn per_pillar(&self, p: u32) -> u32 {
        self.pillar_table
            .iter()
            .find(|r| r.min <= p && p <= r.max)
            .map_or(0, |r| r.per_pillar)
    }

    /// PTH-1.5: the cost of an offering token of `level` (1..=4).
    pub fn offering_cost(&self, level: u32) -> u32 {
        match level {
            1..=4 => self.offering_costs[level as usize - 1],
            _ => 0,
        }
    }
}

impl Board {
    /// Parses a board: the full hex map (`layout: "odd-r"`, adjacency from coordinates plus
    /// `extra_edges` minus `removed_edges`) or a graph fixture (`layout: "graph"`, adjacency =
    /// `edges`). Structural checks only; the map constraints of G1 are checked by the catalog.
    pub fn from_json(text: &str) -> Result<Board, DataError> {
        let data: BoardData = parse("board.json", text)?;
        let mut index = std::collections::HashMap::new();
        for (i, s) in data.spaces.iter().enumerate() {
            if index.insert(s.id.clone(), i).is_some() {
                return Err(DataError {
                    file: "board.json",
                    entry: s.id.clone(),
                    field: "id",
                    message: "duplicate space id".into(),
                });
            }
        }
        let id_of = |name: &str| {
            index.get(name).copied().ok_or_else(|| DataError {
                file: "board.json",
                entry: name.to_string(),
                field: "edges",
                message: "an edge names an unknown space".into(),
            })
        };
        let mut adj: Vec<std::collections::BTreeSet<SpaceId>> =
            vec![Default::default(); data.spaces.len()];
        let mut link = |a: SpaceId, b: SpaceId, on: bool| {
            if on {
                adj[a].insert(b);
                adj[b].insert(a);
            } else {
                adj[a].remove(&b);
                adj[b].remove(&a);
            }
        };
        match data.layout.as_str() {
            "graph" => {
                for [a, b] in &data.edges {
                    link(id_of(a)?, id_of(b)?, true);
                }
            }
            "odd-r" => {
                let mut at = std::collections::HashMap::new();
                for (i, s) in data.spaces.iter().enumerate() {
                    let (Some(c), Some(r)) = (s.col, s.row) else {
                        return Err(DataError {
                            file: "board.json",
                            entry: s.id.clone(),
                            field: "col",
                            message: "a hex-map space needs col and row".into(),
                        });
                    };
                    at.insert((c, r), i);
                }
                for (i, s) in data.spaces.iter().enumerate() {
                    let (c, r) = (s.col.unwrap_or(0), s.row.unwrap_or(0));
                    for (nc, nr) in hex_neighbours(c, r) {
                        if let Some(&j) = at.get(&(nc, nr)) {
                            link(i, j, true);
                        }
                    }
                }
            }
            other => {
                return Err(DataError {
                    file: "board.json",
                    entry: "(file)".into(),
                    field: "layout",
                    message: format!("unknown layout `{other}` (odd-r or graph)"),
                });
            }
        }
        for [a, b] in &data.extra_edges {
            link(id_of(a)?, id_of(b)?, true);
        }
        for [a, b] in &data.removed_edges {
            link(id_of(a)?, id_of(b)?, false);
        }
        Ok(Board {
            spaces: data.spaces,
            neighbours: adj.into_iter().map(|s| s.into_iter().collect()).collect(),
            index,
        })
    }

    /// The space with this id.
    pub fn find(&self, id: &str) -> Option<SpaceId> {
        self.index.get(id).copied()
    }

    pub fn adjacent(&self, a: SpaceId, b: SpaceId) -> bool {
        self.neighbours[a].binary_search(&b).is_ok()
    }

    /// The main space of `nation`.
    pub fn main_of(&self, nation: Nation) -> Option<SpaceId> {
        self.spaces
            .iter()
            .position(|s| s.kind == SpaceKind::Main && s.nation == Some(nation))
    }

    /// The satellite of `nation` numbered `no` (1..=5).
    pub fn satellite(&self, nation: Nation, no: u8) -> Option<SpaceId> {
        self.spaces.iter().position(|s| {
            s.kind == SpaceKind::Satellite && s.nation == Some(nation) && s.satellite_no == Some(no)
        })
    }
}

/// The six neighbours of (c, r) in an odd-r hex layout (odd rows shifted half a hex right).
pub fn hex_neighbours(c: i32, r: i32) -> [(i32, i32); 6] {
    if r % 2 == 0 {
        [
            (c - 1, r),
            (c + 1, r),
            (c - 1, r - 1),
            (c, r - 1),
            (c - 1, r + 1),
            (c, r + 1),
        ]
    } else {
        [
            (c - 1, r),
            (c + 1, r),
            (c, r - 1),
            (c + 1, r - 1),
            (c, r + 1),
            (c + 1, r + 1),
        ]
    }
}

/// Hex distance in the odd-r layout (via cube coordinates).
pub fn hex_distance(a: (i32, i32), b: (i32, i32)) -> i32 {
    let cube = |(c, r): (i32, i32)| {
        let x = c - (r - (r & 1)) / 2;
        let z = r;
        (x, -x - z, z)
    };
    let (ax, ay, az) = cube(a);
    let (bx, by, bz) = cube(b);
    ((ax - bx).abs() + (ay - by).abs() + (az - bz).abs()) / 2
}

// ---- display ---------------------------------------------------------------------------------

impl Nation {
    /// The nation's name as printed on the board.
    pub fn name(self) -> &'static str {
        match self {
            Nation::Gallia => "Gallia",
            Nation::Germania => "Germania",
            Nation::Graecia => "Graecia",
            Nation::Aegyptus => "Aegyptus",
            Nation::Persia => "Persia",
            Nation::Cartago => "Cartago",
            Nation::Iberia => "Iberia",
            Nation::Roma => "Roma",
        }
    }

    /// The capital letter that marks the nation's main space in [`Board::ascii`] (unique).
    pub fn letter(self) -> char {
        match self {
            Nation::Gallia => 'G',
            Nation::Germania => 'M',
            Nation::Graecia => 'H',
            Nation::Aegyptus => 'A',
            Nation::Persia => 'P',
            Nation::Cartago => 'C',
            Nation::Iberia => 'I',
            Nation::Roma => 'R',
        }
    }
}

impl Board {
    /// The one-character symbol of a space in [`Board::ascii`]: `~` sea, `.` land, `|` pillar
    /// space, the nation's letter ([`Nation::letter`]) for a main space, the number for a
    /// satellite.
    pub fn symbol(&self, id: SpaceId) -> char {
        let s = &self.spaces[id];
        match s.kind {
            SpaceKind::Sea => '~',
            SpaceKind::Land => '.',
            SpaceKind::Pillar => '|',
            SpaceKind::Main => s.nation.map_or('?', Nation::letter),
            SpaceKind::Satellite => s
                .satellite_no
                .and_then(|n| char::from_digit(u32::from(n), 10))
                .unwrap_or('?'),
        }
    }

    /// The board as text: for a hex map one line per row, two characters per space (its
    /// [`Board::symbol`] and a blank), odd rows indented by one character, with column and row
    /// numbers (space ids are `cCCrRR`) and a legend; for a graph fixture one line per space
    /// with its neighbours.
    pub fn ascii(&self) -> String {
        let mut out = String::new();
        let coords: Option<Vec<(i32, i32)>> =
            self.spaces.iter().map(|s| Some((s.col?, s.row?))).collect();
        match coords {
            Some(coords) if !coords.is_empty() => {
                let cols = coords.iter().map(|c| c.0).max().unwrap_or(0) + 1;
                let rows = coords.iter().map(|c| c.1).max().unwrap_or(0) + 1;
                let at: std::collections::HashMap<(i32, i32), SpaceId> =
                    coords.iter().enumerate().map(|(i, &c)| (c, i)).collect();
                let header = |f: fn(i32) -> i32| {
                    let digits: Vec<String> = (0..cols).map(|c| f(c).to_string()).collect();
                    format!("    {}\n", digits.join(" "))
                };
                out.push_str(&header(|c| c / 10));
                out.push_str(&header(|c| c % 10));
                for r in 0..rows {
                    let mut line = format!("{r:2}  {}", if r % 2 == 1 { " " } else { "" });
                    for c in 0..cols {
                        line.push(at.get(&(c, r)).map_or(' ', |&i| self.symbol(i)));
                        line.push(' ');
                    }
                    out.push_str(line.trim_end());
                    out.push('\n');
                }
            }
            _ => {
                for (i, s) in self.spaces.iter().enumerate() {
                    let nb: Vec<&str> = self.neighbours[i]
                        .iter()
                        .map(|&j| self.spaces[j].id.as_str())
                        .collect();
                    out.push_str(&format!("{} {} — {}\n", self.symbol(i), s.id, nb.join(" ")));
                }
            }
        }
        out.push_str("~ sea  . land  | pillar space  1-5 satellite (numbered around its main)\n");
        for n in Nation::ALL {
            if let Some(m) = self.main_of(n) {
                out.push_str(&format!("{} {}", n.letter(), n.name()));
                if let Some(city) = &self.spaces[m].name {
                    out.push_str(&format!(" ({city})"));
                }
                out.push('\n');
            }
        }
        out
    }
}

// ---- validation (§11 G0–G6) ------------------------------------------------------------------

const FILE: &str = "(file)";
const BOARD: &str = "board.json";
const GODS: &str = "gods.json";
const LOOT: &str = "loot.json";
const BONUS: &str = "bonus.json";
const DEMIGODS: &str = "demigods.json";
const COSTS: &str = "offering_costs.json";
const CARDS: &str = "action_cards.json";
const PILLARS: &str = "pillar_table.json";

/// G1: the grid of the full map.
const COLS: i32 = 24;
const ROWS: i32 = 13;

fn fail<T>(
    file: &'static str,
    entry: impl Into<String>,
    field: &'static str,
    message: impl Into<String>,
) -> Result<T, DataError> {
    Err(DataError {
        file,
        entry: entry.into(),
        field,
        message: message.into(),
    })
}

/// G1: the game's board is the full hex map, never a graph fixture.
fn check_full_map(text: &str) -> Result<(), DataError> {
    let data: BoardData = parse(BOARD, text)?;
    if data.layout != "odd-r" {
        return fail(
            BOARD,
            FILE,
            "layout",
            format!(
                "layout `{}`: the game board is the full hex map (`odd-r`); graph boards are \
                 test fixtures (G1)",
                data.layout
            ),
        );
    }
    if data.cols != Some(COLS) {
        return fail(
            BOARD,
            FILE,
            "cols",
            format!("the map is {COLS} columns wide (G1)"),
        );
    }
    if data.rows != Some(ROWS) {
        return fail(
            BOARD,
            FILE,
            "rows",
            format!("the map is {ROWS} rows high (G1)"),
        );
    }
    if !data.edges.is_empty() {
        return fail(
            BOARD,
            FILE,
            "edges",
            "a hex map takes its adjacency from the coordinates (use extra_edges / removed_edges)",
        );
    }
    Ok(())
}

/// G5: the cost file names exactly the levels 1–4.
fn check_offering_levels(text: &str) -> Result<(), DataError> {
    let m: std::collections::BTreeMap<String, serde_json::Value> = parse(COSTS, text)?;
    match m
        .keys()
        .find(|k| !["1", "2", "3", "4"].contains(&k.as_str()))
    {
        Some(k) => fail(
            COSTS,
            k.as_str(),
            "level",
            "offering levels are 1–4 (PTH-1.5)",
        ),
        None => Ok(()),
    }
}

/// Spaces reachable from `start` through spaces for which `allowed` holds.
fn reach(board: &Board, start: SpaceId, allowed: &dyn Fn(SpaceId) -> bool) -> Vec<bool> {
    let mut seen = vec![false; board.spaces.len()];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(x) = stack.pop() {
        for &y in &board.neighbours[x] {
            if !seen[y] && allowed(y) {
                seen[y] = true;
                stack.push(y);
            }
        }
    }
    seen
}

/// Connected parts of the spaces for which `member` holds (the number of parts).
fn components(board: &Board, member: &dyn Fn(SpaceId) -> bool) -> usize {
    let mut seen = vec![false; board.spaces.len()];
    let mut parts = 0;
    for s in 0..board.spaces.len() {
        if seen[s] || !member(s) {
            continue;
        }
        parts += 1;
        for (i, r) in reach(board, s, member).into_iter().enumerate() {
            seen[i] |= r;
        }
    }
    parts
}

/// Clockwise angle in degrees (north = 0, east = 90) of `p` seen from `centre`, odd-r layout.
fn bearing(centre: (i32, i32), p: (i32, i32)) -> f64 {
    let half_x = |(c, r): (i32, i32)| f64::from(2 * c + (r & 1));
    let dx = (half_x(p) - half_x(centre)) * 3f64.sqrt() / 2.0;
    let dy = f64::from(p.1 - centre.1) * 1.5;
    dx.atan2(-dy).to_degrees().rem_euclid(360.0)
}

/// G1: every constraint of the map.
fn validate_board(board: &Board) -> Result<(), DataError> {
    let sp = &board.spaces;
    let id = |i: SpaceId| sp[i].id.clone();
    let kind = |i: SpaceId| sp[i].kind;

    // The grid: every cell of 24×13 is exactly one space.
    let mut at = std::collections::HashMap::new();
    let mut pos = Vec::with_capacity(sp.len());
    for (i, s) in sp.iter().enumerate() {
        let (Some(c), Some(r)) = (s.col, s.row) else {
            return fail(
                BOARD,
                &s.id,
                "col",
                "a space of the hex map needs col and row (G1)",
            );
        };
        if !(0..COLS).contains(&c) {
            return fail(
                BOARD,
                &s.id,
                "col",
                format!("column {c} is outside 0..{COLS} (G1)"),
            );
        }
        if !(0..ROWS).contains(&r) {
            return fail(
                BOARD,
                &s.id,
                "row",
                format!("row {r} is outside 0..{ROWS} (G1)"),
            );
        }
        if let Some(j) = at.insert((c, r), i) {
            return fail(
                BOARD,
                &s.id,
                "col",
                format!("cell ({c},{r}) is also space `{}` (G1)", sp[j].id),
            );
        }
        pos.push((c, r));
    }
    for r in 0..ROWS {
        for c in 0..COLS {
            if !at.contains_key(&(c, r)) {
                return fail(
                    BOARD,
                    FILE,
                    "spaces",
                    format!(
                        "cell ({c},{r}) has no space: every cell of the {COLS}×{ROWS} grid is a space (G1)"
                    ),
                );
            }
        }
    }
    let dist = |a: SpaceId, b: SpaceId| hex_distance(pos[a], pos[b]);

    // Fields by kind.
    for s in sp {
        let nation_space = matches!(s.kind, SpaceKind::Main | SpaceKind::Satellite);
        if nation_space && s.nation.is_none() {
            return fail(
                BOARD,
                &s.id,
                "nation",
                "a main or satellite space names its nation (G1)",
            );
        }
        if !nation_space && s.nation.is_some() {
            return fail(
                BOARD,
                &s.id,
                "nation",
                "only main and satellite spaces have a nation (G1)",
            );
        }
        match (s.kind, s.satellite_no) {
            (SpaceKind::Satellite, Some(1..=5)) => {}
            (SpaceKind::Satellite, _) => {
                return fail(
                    BOARD,
                    &s.id,
                    "satellite_no",
                    "a satellite is numbered 1..5 (G1)",
                );
            }
            (_, Some(_)) => {
                return fail(
                    BOARD,
                    &s.id,
                    "satellite_no",
                    "only satellite spaces have a number (G1)",
                );
            }
            _ => {}
        }
    }

    // Main spaces: one per nation, off the border, pairwise at least 5 apart.
    let mut main_of = std::collections::BTreeMap::new();
    for i in (0..sp.len()).filter(|&i| kind(i) == SpaceKind::Main) {
        let n = sp[i].nation.expect("checked above");
        if let Some(j) = main_of.insert(n, i) {
            return fail(
                BOARD,
                id(i),
                "nation",
                format!(
                    "{} already has the main space `{}`; one main per nation (G1)",
                    n.name(),
                    id(j)
                ),
            );
        }
    }
    for n in Nation::ALL {
        if !main_of.contains_key(&n) {
            return fail(
                BOARD,
                FILE,
                "kind",
                format!(
                    "{} has no main space; exactly one main per nation (G1)",
                    n.name()
                ),
            );
        }
    }
    let mains: Vec<(Nation, SpaceId)> = main_of.iter().map(|(&n, &m)| (n, m)).collect();
    for &(_, m) in &mains {
        let (c, r) = pos[m];
        if c == 0 || c == COLS - 1 {
            return fail(
                BOARD,
                id(m),
                "col",
                "a main space is never on the grid border (G1)",
            );
        }
        if r == 0 || r == ROWS - 1 {
            return fail(
                BOARD,
                id(m),
                "row",
                "a main space is never on the grid border (G1)",
            );
        }
    }
    for (k, &(na, a)) in mains.iter().enumerate() {
        for &(nb, b) in &mains[k + 1..] {
            if dist(a, b) < 5 {
                return fail(
                    BOARD,
                    id(b),
                    "col",
                    format!(
                        "the {} main is at hex distance {} from the {} main `{}`; main spaces are \
                         at least 5 apart (G1)",
                        nb.name(),
                        dist(a, b),
                        na.name(),
                        id(a)
                    ),
                );
            }
        }
    }

    // Satellites: 5 per nation, numbered clockwise from the northernmost, at distance 2–3.
    let sats: Vec<SpaceId> = (0..sp.len())
        .filter(|&i| kind(i) == SpaceKind::Satellite)
        .collect();
    if sats.len() != 40 {
        return fail(
            BOARD,
            FILE,
            "kind",
            format!(
                "{} satellite spaces, exactly 40 needed (5 per nation, G1)",
                sats.len()
            ),
        );
    }
    for &(n, m) in &mains {
        let mine: Vec<SpaceId> = sats
            .iter()
            .copied()
            .filter(|&s| sp[s].nation == Some(n))
            .collect();
        if mine.len() != 5 {
            return fail(
                BOARD,
                id(m),
                "kind",
                format!(
                    "{} has {} satellites, exactly 5 needed (G1)",
                    n.name(),
                    mine.len()
                ),
            );
        }
        let mut numbers = [false; 6];
        for &s in &mine {
            let k = usize::from(sp[s].satellite_no.expect("checked above"));
            if std::mem::replace(&mut numbers[k], true) {
                return fail(
                    BOARD,
                    id(s),
                    "satellite_no",
                    format!(
                        "{} numbers two satellites {k}; numbers 1..5 are unique per nation (G1)",
                        n.name()
                    ),
                );
            }
        }
        for &s in &mine {
            let d = dist(s, m);
            if d != 2 && d != 3 {
                return fail(
                    BOARD,
                    id(s),
                    "col",
                    format!(
                        "hex distance {d} from its main `{}`; satellites lie at distance 2 or 3 (G1)",
                        id(m)
                    ),
                );
            }
            if let Some(&(_, o)) = mains.iter().find(|&&(_, o)| board.adjacent(s, o)) {
                return fail(
                    BOARD,
                    id(s),
                    "col",
                    format!(
                        "adjacent to the main space `{}`; satellites never touch a main (G1)",
                        id(o)
                    ),
                );
            }
            if let Some(&(on, o)) = mains.iter().find(|&&(on, o)| on != n && dist(s, o) <= d) {
                return fail(
                    BOARD,
                    id(s),
                    "nation",
                    format!(
                        "at distance {d} from its own main but {} from `{}` ({}); a satellite is \
                         strictly closer to its own main (G1)",
                        dist(s, o),
                        id(o),
                        on.name()
                    ),
                );
            }
            if let Some(&t) = mine.iter().find(|&&t| board.adjacent(s, t)) {
                return fail(
                    BOARD,
                    id(s),
                    "col",
                    format!(
                        "adjacent to `{}`, another satellite of {} (G1)",
                        id(t),
                        n.name()
                    ),
                );
            }
        }
        let at_2 = mine.iter().filter(|&&s| dist(s, m) == 2).count();
        if at_2 < 2 || at_2 == 5 {
            return fail(
                BOARD,
                id(m),
                "kind",
                format!(
                    "{} has {at_2} satellites at distance 2 and {} at distance 3; at least 2 and 1 \
                     are needed (G1)",
                    n.name(),
                    5 - at_2
                ),
            );
        }
        // Numbered clockwise starting from the northernmost (ties: the westernmost, which comes
        // first when turning clockwise across the north).
        let north = *mine
            .iter()
            .min_by_key(|&&s| (pos[s].1, 2 * pos[s].0 + (pos[s].1 & 1)))
            .expect("five satellites");
        let start = bearing(pos[m], pos[north]);
        let mut order: Vec<(f64, SpaceId)> = mine
            .iter()
            .map(|&s| ((bearing(pos[m], pos[s]) - start).rem_euclid(360.0), s))
            .collect();
        order.sort_by(|a, b| a.0.total_cmp(&b.0));
        for (k, &(_, s)) in order.iter().enumerate() {
            if sp[s].satellite_no != Some(k as u8 + 1) {
                return fail(
                    BOARD,
                    id(s),
                    "satellite_no",
                    format!(
                        "should be number {}: satellites are numbered 1..5 clockwise starting from \
                         the northernmost, here `{}` (G1)",
                        k + 1,
                        id(north)
                    ),
                );
            }
        }
        if order.windows(2).any(|w| w[1].0 - w[0].0 < 1e-6) {
            return fail(
                BOARD,
                id(m),
                "kind",
                format!(
                    "two satellites of {} lie in the same direction: clockwise order is ambiguous (G1)",
                    n.name()
                ),
            );
        }
    }

    // Pillar spaces: 32, never touching each other or a main, each with ≥ 2 other neighbours,
    // ≥ 3 at distance 2–4 from every main. (A pillar space is never a satellite or sea: the
    // kinds exclude each other.)
    let pillars: Vec<SpaceId> = (0..sp.len())
        .filter(|&i| kind(i) == SpaceKind::Pillar)
        .collect();
    if pillars.len() != 32 {
        return fail(
            BOARD,
            FILE,
            "kind",
            format!("{} pillar spaces, exactly 32 needed (G1)", pillars.len()),
        );
    }
    for &p in &pillars {
        for &q in &board.neighbours[p] {
            match kind(q) {
                SpaceKind::Pillar => {
                    return fail(
                        BOARD,
                        id(p),
                        "kind",
                        format!(
                            "adjacent to the pillar space `{}`; pillar spaces never touch (G1)",
                            id(q)
                        ),
                    );
                }
                SpaceKind::Main => {
                    return fail(
                        BOARD,
                        id(p),
                        "kind",
                        format!(
                            "adjacent to the main space `{}`; pillar spaces never touch a main (G1, PTH-6.9)",
                            id(q)
                        ),
                    );
                }
                _ => {}
            }
        }
        let open = board.neighbours[p]
            .iter()
            .filter(|&&q| kind(q) != SpaceKind::Pillar)
            .count();
        if open < 2 {
            return fail(
                BOARD,
                id(p),
                "kind",
                format!("{open} non-pillar neighbours; a pillar space has at least 2 (G1)"),
            );
        }
    }
    for &(n, m) in &mains {
        let near = pillars
            .iter()
            .filter(|&&p| (2..=4).contains(&dist(p, m)))
            .count();
        if near < 3 {
            return fail(
                BOARD,
                id(m),
                "kind",
                format!(
                    "{} has {near} pillar spaces at distance 2–4, at least 3 needed (G1)",
                    n.name()
                ),
            );
        }
    }

    // Seas: 45–70 spaces in at most 2 bodies; the four coastal nations within 3 of the sea.
    let seas: Vec<SpaceId> = (0..sp.len())
        .filter(|&i| kind(i) == SpaceKind::Sea)
        .collect();
    if !(45..=70).contains(&seas.len()) {
        return fail(
            BOARD,
            FILE,
            "kind",
            format!("{} sea spaces, 45–70 needed (G1)", seas.len()),
        );
    }
    let bodies = components(board, &|i| kind(i) == SpaceKind::Sea);
    if bodies > 2 {
        return fail(
            BOARD,
            FILE,
            "kind",
            format!("the sea spaces form {bodies} bodies, at most 2 (G1)"),
        );
    }
    for n in [
        Nation::Roma,
        Nation::Graecia,
        Nation::Cartago,
        Nation::Aegyptus,
    ] {
        let m = main_of[&n];
        let d = seas.iter().map(|&s| dist(s, m)).min().unwrap_or(i32::MAX);
        if d > 3 {
            return fail(
                BOARD,
                id(m),
                "kind",
                format!("{} lies {d} from the nearest sea, at most 3 (G1)", n.name()),
            );
        }
    }

    // Connectivity (PTH-6.5: networks grow from the temple over non-pillar spaces).
    let everything = reach(board, 0, &|_| true);
    if let Some(x) = everything.iter().position(|&r| !r) {
        return fail(
            BOARD,
            id(x),
            "removed_edges",
            format!(
                "`{}` is not connected to `{}`: the board is one connected graph (G1)",
                id(x),
                id(0)
            ),
        );
    }
    let open = |i: SpaceId| kind(i) != SpaceKind::Pillar;
    let first_open = (0..sp.len())
        .find(|&i| open(i))
        .expect("non-pillar spaces exist");
    let seen = reach(board, first_open, &open);
    if let Some(x) = (0..sp.len()).find(|&i| open(i) && !seen[i]) {
        return fail(
            BOARD,
            id(x),
            "kind",
            "cut off from the rest of the board by pillar spaces: the board without pillar spaces \
             is connected (G1)",
        );
    }
    for &(n, m) in &mains {
        let without = |i: SpaceId| open(i) && i != m;
        let start = (0..sp.len())
            .find(|&i| without(i))
            .expect("other spaces exist");
        let seen = reach(board, start, &without);
        if let Some(x) = (0..sp.len()).find(|&i| without(i) && !seen[i]) {
            return fail(
                BOARD,
                id(m),
                "kind",
                format!(
                    "without the main space of {} (and the pillar spaces) `{}` is cut off; no main \
                     may separate the board (G1)",
                    n.name(),
                    id(x)
                ),
            );
        }
        let around = board.neighbours[m].iter().filter(|&&q| open(q)).count();
        if around < 5 {
            return fail(
                BOARD,
                id(m),
                "kind",
                format!(
                    "{} has {around} non-pillar neighbours, at least 5 (G1)",
                    n.name()
                ),
            );
        }
    }

    // The §12 examples can be replayed around every main: a satellite in 2 steps (footprint,
    // footprint) and a pillar space in 3 (footprint, footprint, pillar) — PTH-6.6, 6.7.
    for &(n, m) in &mains {
        let firsts = || board.neighbours[m].iter().copied().filter(|&x| open(x));
        let seconds = || {
            firsts()
                .flat_map(|x| board.neighbours[x].iter().copied())
                .filter(|&y| y != m)
        };
        if !seconds().any(|y| kind(y) == SpaceKind::Satellite && sp[y].nation == Some(n)) {
            return fail(
                BOARD,
                id(m),
                "kind",
                format!(
                    "no satellite of {} is reachable with 2 footprints from its main (G1)",
                    n.name()
                ),
            );
        }
        if !seconds().filter(|&y| open(y)).any(|y| {
            board.neighbours[y]
                .iter()
                .any(|&p| kind(p) == SpaceKind::Pillar)
        }) {
            return fail(
                BOARD,
                id(m),
                "kind",
                format!(
                    "no pillar space of {} is reachable with footprint, footprint, pillar (G1)",
                    n.name()
                ),
            );
        }
    }
    Ok(())
}

impl GodEffect {
    /// Every effect type of PTH-15 with its G2 tile count and whether it is permanent.
    pub const ALL: [(GodEffect, usize, bool); 13] = [
        (GodEffect::StepsPlus, 3, true),
        (GodEffect::PurchasePlus, 3, true),
        (GodEffect::CheapSharing, 3, true),
        (GodEffect::DrawPlus, 3, true),
        (GodEffect::OfferingWildcard, 3, true),
        (GodEffect::FollowBonus, 3, true),
        (GodEffect::ExtraTurn, 3, true),
        (GodEffect::ScoringVp, 3, true),
        (GodEffect::GainDemigod, 6, false),
        (GodEffect::GainStones, 3, false),
        (GodEffect::GainSpecialMoney, 2, false),
        (GodEffect::GainOffering, 3, false),
        (GodEffect::GainCards, 2, false),
    ];

    /// PTH-15.1–15.8 are permanent (PTH-15.7 once per epoch); PTH-15.9–15.13 act once, at once.
    pub fn is_permanent(self) -> bool {
        !matches!(
            self,
            GodEffect::GainDemigod
                | GodEffect::GainStones
                | GodEffect::GainSpecialMoney
                | GodEffect::GainOffering
                | GodEffect::GainCards
        )
    }
}

/// The name a value has in the JSON files (`STEPS_PLUS`, `CARD_DRAW`, …).
fn json_name<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value)
        .unwrap_or_default()
        .trim_matches('"')
        .to_string()
}

/// Unique, non-empty ids.
fn check_ids<'a>(
    file: &'static str,
    ids: impl Iterator<Item = &'a str>,
) -> Result<std::collections::HashSet<&'a str>, DataError> {
    let mut seen = std::collections::HashSet::new();
    for id in ids {
        if id.trim().is_empty() {
            return fail(file, id, "id", "ids are not empty");
        }
        if !seen.insert(id) {
            return fail(file, id, "id", "the id is used twice");
        }
    }
    Ok(seen)
}

/// G2 / PTH-8.2: the rulebook's gods, used by the worked examples TV-12…TV-15 and TV-19.
const RULEBOOK_GODS: [(&str, &[u32]); 3] = [
    ("Gaivila", &[4, 1]),
    ("Taksator", &[2, 2, 2, 1]),
    ("Gadicea", &[5, 1]),
];

/// G2: the 40 god tiles.
fn validate_gods(gods: &[God]) -> Result<(), DataError> {
    if gods.len() != 40 {
        return fail(
            GODS,
            FILE,
            "(entries)",
            format!("{} god tiles, exactly 40 (G2)", gods.len()),
        );
    }
    check_ids(GODS, gods.iter().map(|g| g.id.as_str()))?;
    let mut names = std::collections::HashSet::new();
    for g in gods {
        if g.name.trim().is_empty() {
            return fail(GODS, &g.id, "name", "every god has a name (G2)");
        }
        if !names.insert(g.name.as_str()) {
            return fail(
                GODS,
                &g.id,
                "name",
                format!("the name {} is used twice (G2)", g.name),
            );
        }
    }
    let mut patterns: std::collections::HashMap<&[u32], usize> = Default::default();
    for g in gods {
        let r = &g.requirement;
        let bad = |why: String| {
            fail(
                GODS,
                &g.id,
                "requirement",
                format!("{r:?}: {why} (G2, PTH-8.2)"),
            )
        };
        if r.is_empty() || r.len() > 4 {
            return bad("1–4 sacrifice groups, one kind each of the 4 kinds".into());
        }
        if r.iter().any(|&c| !(1..=5).contains(&c)) {
            return bad("every group needs 1–5 offerings".into());
        }
        if r.windows(2).any(|w| w[0] < w[1]) {
            return bad("the groups are printed largest first (non-increasing)".into());
        }
        let sum: u32 = r.iter().sum();
        if !(4..=8).contains(&sum) {
            return bad(format!("the groups add up to {sum}, 4–8 needed"));
        }
        if r[0] < 2 {
            return bad("the first group needs at least 2 offerings (Gallia, PTH-11.2)".into());
        }
        let effect = json_name(&g.effect.kind);
        if g.effect.kind.is_permanent() && sum < 6 {
            return bad(format!(
                "the permanent effect {effect} needs a sacrifice of at least 6, found {sum}"
            ));
        }
        if !g.effect.kind.is_permanent() && sum > 6 {
            return bad(format!(
                "the immediate effect {effect} needs a sacrifice of at most 6, found {sum}"
            ));
        }
        let n = patterns.entry(r.as_slice()).or_default();
        *n += 1;
        if *n > 5 {
            return bad("more than 5 tiles share this requirement".into());
        }
    }
    for (name, req) in RULEBOOK_GODS {
        match gods.iter().find(|g| g.name == name) {
            None => {
                return fail(
                    GODS,
                    FILE,
                    "name",
                    format!("the rulebook god {name} {req:?} is missing (G2, TV-12, TV-15, TV-19)"),
                );
            }
            Some(g) if g.requirement != req => {
                return fail(
                    GODS,
                    &g.id,
                    "requirement",
                    format!("the rulebook prints {name} as {req:?} (G2, PTH-8.2)"),
                );
            }
            Some(_) => {}
        }
    }
    for (effect, want, _) in GodEffect::ALL {
        let have = gods.iter().filter(|g| g.effect.kind == effect).count();
        if have != want {
            let rule = if have == 0 {
                "; every effect type of PTH-15 appears"
            } else {
                ""
            };
            return fail(
                GODS,
                FILE,
                "effect",
                format!(
                    "{}: {have} tiles, G2 needs {want}{rule}",
                    json_name(&effect)
                ),
            );
        }
    }
    let many = gods.iter().filter(|g| g.requirement.len() >= 3).count();
    if many < 8 {
        return fail(
            GODS,
            FILE,
            "requirement",
            format!("{many} tiles with 3–4 groups, at least 8 needed (G2)"),
        );
    }
    Ok(())
}

impl TokenEffect {
    /// An effect of `kind` without parameters.
    pub const fn plain(kind: TokenEffectKind) -> TokenEffect {
        TokenEffect {
            kind,
            pillars: None,
            footprints: None,
            mode: None,
            count: None,
            uses: None,
        }
    }

    const fn supplies(pillars: u32, footprints: u32, mode: SuppliesMode) -> TokenEffect {
        TokenEffect {
            pillars: Some(pillars),
            footprints: Some(footprints),
            mode: Some(mode),
            ..TokenEffect::plain(TokenEffectKind::Supplies)
        }
    }

    const fn counted(kind: TokenEffectKind, count: u32) -> TokenEffect {
        TokenEffect {
            count: Some(count),
            ..TokenEffect::plain(kind)
        }
    }

    const fn offering(uses: u32) -> TokenEffect {
        TokenEffect {
            uses: Some(uses),
            ..TokenEffect::plain(TokenEffectKind::Offering)
        }
    }

    /// How the token reads, e.g. `SUPPLIES 2 pillars or 2 footprints`, `CARD_DRAW 3`.
    pub fn describe(&self) -> String {
        let kind = json_name(&self.kind);
        match self.kind {
            TokenEffectKind::Supplies => format!(
                "{kind} {} pillar(s) {} {} footprint(s)",
                self.pillars.unwrap_or(0),
                if self.mode == Some(SuppliesMode::Or) {
                    "or"
                } else {
                    "and"
                },
                self.footprints.unwrap_or(0)
            ),
            TokenEffectKind::Offering => format!("{kind} ×{}", self.uses.unwrap_or(0)),
            TokenEffectKind::CardDraw => format!("{kind} {}", self.count.unwrap_or(0)),
            TokenEffectKind::Steps => format!("{kind} +{}", self.count.unwrap_or(0)),
            _ => kind,
        }
    }
}

const TOKEN_KINDS: [TokenEffectKind; 8] = [
    TokenEffectKind::Supplies,
    TokenEffectKind::Demigod,
    TokenEffectKind::GodTile,
    TokenEffectKind::Pillar,
    TokenEffectKind::Offering,
    TokenEffectKind::CardDraw,
    TokenEffectKind::SpecialMoney,
    TokenEffectKind::Steps,
];

/// G3: the 40 loot tokens.
const LOOT_MIX: [(TokenEffect, usize); 10] = [
    (TokenEffect::supplies(1, 1, SuppliesMode::And), 5),
    (TokenEffect::supplies(2, 2, SuppliesMode::Or), 5),
    (TokenEffect::plain(TokenEffectKind::Demigod), 8),
    (TokenEffect::plain(TokenEffectKind::GodTile), 3),
    (TokenEffect::offering(1), 5),
    (TokenEffect::offering(2), 2),
    (TokenEffect::counted(TokenEffectKind::CardDraw, 2), 4),
    (TokenEffect::counted(TokenEffectKind::CardDraw, 3), 2),
    (TokenEffect::plain(TokenEffectKind::SpecialMoney), 3),
    (TokenEffect::counted(TokenEffectKind::Steps, 1), 3),
];

/// G3: the 6 bonus tokens, one each.
const BONUS_MIX: [(TokenEffect, usize); 6] = [
    (TokenEffect::plain(TokenEffectKind::Pillar), 1),
    (TokenEffect::plain(TokenEffectKind::Demigod), 1),
    (TokenEffect::plain(TokenEffectKind::GodTile), 1),
    (TokenEffect::counted(TokenEffectKind::Steps, 1), 1),
    (TokenEffect::offering(2), 1),
    (TokenEffect::supplies(1, 2, SuppliesMode::And), 1),
];

/// PTH-10.2–10.11: the parameters each effect type takes.
fn check_token_effect(file: &'static str, t: &Token) -> Result<(), DataError> {
    let e = &t.effect;
    let kind = json_name(&e.kind);
    let stray = |field: &'static str| {
        fail(
            file,
            &t.id,
            field,
            format!("a {kind} token takes no `{field}` (G3)"),
        )
    };
    let (supplies, counted, offering) = match e.kind {
        TokenEffectKind::Supplies => (true, false, false),
        TokenEffectKind::CardDraw | TokenEffectKind::Steps => (false, true, false),
        TokenEffectKind::Offering => (false, false, true),
        _ => (false, false, false),
    };
    if supplies {
        if e.mode.is_none() {
            return fail(file, &t.id, "mode", "SUPPLIES is `and` or `or` (PTH-10.2)");
        }
        let (Some(p), Some(f)) = (e.pillars, e.footprints) else {
            let field = if e.pillars.is_none() {
                "pillars"
            } else {
                "footprints"
            };
            return fail(
                file,
                &t.id,
                field,
                "SUPPLIES shows pillars and footprints (PTH-10.2)",
            );
        };
        if p == 0 || f == 0 {
            let field = if p == 0 { "pillars" } else { "footprints" };
            return fail(
                file,
                &t.id,
                field,
                "SUPPLIES gives at least 1 of each shown stone (PTH-10.2)",
            );
        }
    } else {
        if e.mode.is_some() {
            return stray("mode");
        }
        if e.pillars.is_some() {
            return stray("pillars");
        }
        if e.footprints.is_some() {
            return stray("footprints");
        }
    }
    match (counted, e.count) {
        (true, Some(1..)) => {}
        (true, _) => {
            return fail(
                file,
                &t.id,
                "count",
                format!("{kind} shows a number of at least 1 (PTH-10.9, 10.11)"),
            );
        }
        (false, Some(_)) => return stray("count"),
        (false, None) => {}
    }
    match (offering, e.uses) {
        (true, Some(1 | 2)) => {}
        (true, _) => {
            return fail(
                file,
                &t.id,
                "uses",
                "OFFERING is single (1) or double (2) (PTH-10.8)",
            );
        }
        (false, Some(_)) => return stray("uses"),
        (false, None) => {}
    }
    Ok(())
}

/// Compares a token file with its G3 mix.
fn check_mix(
    file: &'static str,
    tokens: &[Token],
    mix: &[(TokenEffect, usize)],
) -> Result<(), DataError> {
    if let Some(t) = tokens
        .iter()
        .find(|t| !mix.iter().any(|(e, _)| *e == t.effect))
    {
        return fail(
            file,
            &t.id,
            "effect",
            format!("{} is not in the G3 mix", t.effect.describe()),
        );
    }
    for (effect, want) in mix {
        let have = tokens.iter().filter(|t| t.effect == *effect).count();
        if have != *want {
            return fail(
                file,
                FILE,
                "effect",
                format!("{}: {have} tokens, G3 needs {want}", effect.describe()),
            );
        }
    }
    Ok(())
}

/// G3, PTH-10.1: the loot and bonus tokens.
fn validate_tokens(loot: &[Token], bonus: &[Token]) -> Result<(), DataError> {
    if loot.len() != 40 {
        return fail(
            LOOT,
            FILE,
            "(entries)",
            format!("{} loot tokens, exactly 40 (G3)", loot.len()),
        );
    }
    if bonus.len() != 6 {
        return fail(
            BONUS,
            FILE,
            "(entries)",
            format!("{} bonus tokens, exactly 6 (G3)", bonus.len()),
        );
    }
    let loot_ids = check_ids(LOOT, loot.iter().map(|t| t.id.as_str()))?;
    check_ids(BONUS, bonus.iter().map(|t| t.id.as_str()))?;
    if let Some(t) = bonus.iter().find(|t| loot_ids.contains(t.id.as_str())) {
        return fail(BONUS, &t.id, "id", "also the id of a loot token");
    }
    for t in loot {
        check_token_effect(LOOT, t)?;
        if t.effect.kind == TokenEffectKind::Pillar {
            return fail(
                LOOT,
                &t.id,
                "effect",
                "PILLAR is a bonus-only effect (PTH-10.1)",
            );
        }
    }
    for t in bonus {
        check_token_effect(BONUS, t)?;
    }
    for kind in TOKEN_KINDS {
        if !loot.iter().chain(bonus).any(|t| t.effect.kind == kind) {
            let file = if kind == TokenEffectKind::Pillar {
                BONUS
            } else {
                LOOT
            };
            return fail(
                file,
                FILE,
                "effect",
                format!(
                    "{} appears on no loot or bonus token; every effect type of PTH-10 appears (G3)",
                    json_name(&kind)
                ),
            );
        }
    }
    check_mix(LOOT, loot, &LOOT_MIX)?;
    check_mix(BONUS, bonus, &BONUS_MIX)
}

/// G4, PTH-2.5: 21 demigod tokens of values 1–6.
fn validate_demigods(values: &[u32]) -> Result<(), DataError> {
    if values.len() != 21 {
        return fail(
            DEMIGODS,
            FILE,
            "(entries)",
            format!("{} demigod tokens, exactly 21 (G4)", values.len()),
        );
    }
    if let Some((i, v)) = values
        .iter()
        .enumerate()
        .find(|(_, v)| !(1..=6).contains(*v))
    {
        return fail(
            DEMIGODS,
            format!("#{i}"),
            "value",
            format!("value {v}: demigods are worth 1–6 (G4)"),
        );
    }
    if let Some(v) = (1..=6).find(|v| !values.contains(v)) {
        return fail(
            DEMIGODS,
            FILE,
            "value",
            format!(
                "no token of value {v}: both piles (1–3 and 4–6, PTH-2.5) hold every value (G4)"
            ),
        );
    }
    Ok(())
}

/// PTH-1.5, G5: L1 = 1, L2 = 3 (R-derived), L3 = 6; L4 costs more than L3.
fn validate_offering_costs(costs: &[u32; 4]) -> Result<(), DataError> {
    const LEVELS: [&str; 4] = ["1", "2", "3", "4"];
    for (level, want) in [(0, 1), (1, 3), (2, 6)] {
        if costs[level] != want {
            return fail(
                COSTS,
                LEVELS[level],
                "cost",
                format!("level {} costs {want} by the rulebook (PTH-1.5)", level + 1),
            );
        }
    }
    if costs[3] <= costs[2] {
        return fail(
            COSTS,
            LEVELS[3],
            "cost",
            format!(
                "level 4 costs {}; it must cost more than level 3 ({}) (G5)",
                costs[3], costs[2]
            ),
        );
    }
    Ok(())
}

/// PTH-1.8, G6, PTH-2.4: 75 action cards (16 movement, 44 offering, 15 money 1) and the special
/// money cards 2, 2, 3, 3, 4, 4, 5.
fn validate_action_cards(data: &ActionCardsData) -> Result<(), DataError> {
    let cards = &data.cards;
    if cards.len() != 75 {
        return fail(
            CARDS,
            FILE,
            "cards",
            format!("{} action cards, exactly 75 (PTH-1.8)", cards.len()),
        );
    }
    check_ids(CARDS, cards.iter().map(|c| c.id.as_str()))?;
    if let Some(c) = cards
        .iter()
        .find(|c| matches!(c.kind, CardKind::Money(v) if v != 1))
    {
        return fail(
            CARDS,
            &c.id,
            "kind",
            "action money cards are worth 1; values 2–5 are the special money cards (PTH-1.8)",
        );
    }
    let count = |f: &dyn Fn(CardKind) -> bool| cards.iter().filter(|c| f(c.kind)).count();
    let movement = count(&|k| k == CardKind::Movement);
    let offering = count(&|k| matches!(k, CardKind::Offering(_)));
    let money = count(&|k| matches!(k, CardKind::Money(_)));
    for (what, have, want) in [
        ("MOVEMENT", movement, 16),
        ("OFFERING", offering, 44),
        ("MONEY(1)", money, 15),
    ] {
        if have != want {
            return fail(
                CARDS,
                FILE,
                "kind",
                format!("{have} {what} cards, exactly {want} (PTH-1.8)"),
            );
        }
    }
    for k in OfferingKind::ALL {
        if count(&|c| c == CardKind::Offering(k)) == 0 {
            return fail(
                CARDS,
                FILE,
                "kind",
                format!(
                    "no OFFERING card of kind {}; the 44 are split over all 4 kinds (G6)",
                    json_name(&k)
                ),
            );
        }
    }
    if data.special_money != [2, 2, 3, 3, 4, 4, 5] {
        return fail(
            CARDS,
            FILE,
            "special_money",
            format!(
                "{:?}: the special money deck is 2, 2, 3, 3, 4, 4, 5 from the top (PTH-2.4)",
                data.special_money
            ),
        );
    }
    Ok(())
}

/// G0, PTH-13.5: the rows cover 0..=12 in order without gaps or overlaps; the value per pillar
/// never drops; the rulebook's rows 5 → 2 and 12 → 4 hold.
fn validate_pillar_table(rows: &[PillarRow]) -> Result<(), DataError> {
    let mut next = 0;
    let mut last = 0;
    for (i, row) in rows.iter().enumerate() {
        let entry = format!("#{i}");
        if row.min != next {
            return fail(
                PILLARS,
                entry,
                "min",
                format!(
                    "starts at {}, but the row must start at {next}: rows cover 0..=12 in order (G0)",
                    row.min
                ),
            );
        }
        if row.max < row.min || row.max > 12 {
            return fail(
                PILLARS,
                entry,
                "max",
                format!(
                    "max {} with min {}: rows lie within 0..=12 (G0)",
                    row.max, row.min
                ),
            );
        }
        if row.per_pillar < last {
            return fail(
                PILLARS,
                entry,
                "per_pillar",
                format!(
                    "{} per pillar after {last}: the value per pillar never drops (G0)",
                    row.per_pillar
                ),
            );
        }
        next = row.max + 1;
        last = row.per_pillar;
    }
    if next != 13 {
        return fail(
            PILLARS,
            FILE,
            "max",
            format!(
                "the rows stop at {}; they cover 0..=12 (G0)",
                next as i64 - 1
            ),
        );
    }
    for (p, want) in [(5, 2), (12, 4)] {
        let i = rows
            .iter()
            .position(|r| r.min <= p && p <= r.max)
            .expect("covered");
        if rows[i].per_pillar != want {
            return fail(
                PILLARS,
                format!("#{i}"),
                "per_pillar",
                format!("{p} pillars score {want} each by the rulebook (PTH-13.5)"),
            );
        }
    }
    Ok(())
}
