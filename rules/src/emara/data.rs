//! The component data the rulebook does not print (section 11, G1–G7), shipped as JSON files
//! under `data/emara/` and validated at load: every constraint of section 11 is checked, and a
//! broken file is refused with an error naming the file, the entry and the field.

use super::types::*;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

pub const ADVISORS_JSON: &str = include_str!("../../data/emara/advisors.json");
pub const NOBILITY_JSON: &str = include_str!("../../data/emara/nobility.json");
pub const HUTS_JSON: &str = include_str!("../../data/emara/huts.json");
pub const PLAYER_BOARD_JSON: &str = include_str!("../../data/emara/player_board.json");
pub const MARKERS_JSON: &str = include_str!("../../data/emara/markers.json");
pub const EVENTS_JSON: &str = include_str!("../../data/emara/events.json");
pub const FAVOR_TOKENS_JSON: &str = include_str!("../../data/emara/favor_tokens.json");

/// The texts of the seven data files (the shipped ones, or edited copies in tests).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataFiles {
    pub advisors: String,
    pub nobility: String,
    pub huts: String,
    pub player_board: String,
    pub markers: String,
    pub events: String,
    pub favor_tokens: String,
}

impl DataFiles {
    pub fn shipped() -> DataFiles {
        DataFiles {
            advisors: ADVISORS_JSON.to_string(),
            nobility: NOBILITY_JSON.to_string(),
            huts: HUTS_JSON.to_string(),
            player_board: PLAYER_BOARD_JSON.to_string(),
            markers: MARKERS_JSON.to_string(),
            events: EVENTS_JSON.to_string(),
            favor_tokens: FAVOR_TOKENS_JSON.to_string(),
        }
    }
}

/// A data file that breaks a constraint of section 11.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}: entry `{entry}`, field `{field}`: {message}")]
pub struct DataError {
    /// e.g. `advisors.json`
    pub file: &'static str,
    /// The entry's id (`(file)` for the file as a whole).
    pub entry: String,
    pub field: &'static str,
    pub message: String,
}

fn err<T>(
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

const FILE: &str = "(file)";

/// One advisor card (G1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdvisorData {
    pub advisor: Advisor,
    pub kind: AdvisorKind,
    /// CP printed bottom left, gained on recruiting (EMR-11.12).
    pub cp: u32,
    pub cost: Cost,
}

/// One noble rank (G2): its cost and its cards, top (highest CP) first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankData {
    pub rank: Rank,
    pub coins: u32,
    pub rings: u32,
    pub cards: Vec<u32>,
}

/// One rotating marker (G5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarkerData {
    pub side_2_3: Vec<u32>,
    pub side_4: Vec<u32>,
    pub board_value: u32,
}

/// One event card (G6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventData {
    pub event: EventCard,
    pub timing: EventTiming,
    pub start_countryside: Location,
    pub start_town: Location,
    pub building_start: u32,
}

/// All validated component data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmaraData {
    /// In the order of [`Advisor::ALL`].
    pub advisors: Vec<AdvisorData>,
    /// In the order of [`Rank::ALL`].
    pub ranks: Vec<RankData>,
    /// Hut costs per countryside location (order of [`Location::COUNTRYSIDE`]) and hut index.
    pub huts: [[Cost; 4]; 4],
    pub slot_moves: [u8; 3],
    pub craftsman_cp: [u32; 4],
    /// In the order of [`Marker::ALL`].
    pub markers: Vec<MarkerData>,
    /// In the order of [`EventCard::ALL`].
    pub events: Vec<EventData>,
    /// Canonical order (R7 before the shuffle).
    pub favor_tokens: Vec<FavorToken>,
}

impl EmaraData {
    pub fn advisor(&self, a: Advisor) -> &AdvisorData {
        &self.advisors[a as usize]
    }
    pub fn rank(&self, r: Rank) -> &RankData {
        &self.ranks[r as usize]
    }
    pub fn marker(&self, m: Marker) -> &MarkerData {
        &self.markers[m.index()]
    }
    pub fn event(&self, e: EventCard) -> &EventData {
        &self.events[e as usize]
    }
    pub fn hut_cost(&self, loc: Location, hut: u8) -> Cost {
        self.huts[loc as usize][hut as usize]
    }
}

/// The shipped data, validated once. The data tests guarantee it is valid.
pub fn data() -> &'static EmaraData {
    static DATA: OnceLock<EmaraData> = OnceLock::new();
    DATA.get_or_init(|| {
        validate_data(&DataFiles::shipped()).unwrap_or_else(|e| panic!("shipped data: {e}"))
    })
}

// ---- raw file formats ----------------------------------------------------------------------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCost {
    wood: u8,
    cloth: u8,
    grain: u8,
    stone: u8,
}

impl RawCost {
    fn cost(&self) -> Cost {
        Cost {
            wood: self.wood,
            cloth: self.cloth,
            grain: self.grain,
            stone: self.stone,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAdvisors {
    #[serde(rename = "_comment")]
    _comment: Option<String>,
    advisors: Vec<RawAdvisor>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAdvisor {
    id: String,
    name: String,
    deck: String,
    kind: String,
    cp: u32,
    cost: RawCost,
    provenance: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNobility {
    #[serde(rename = "_comment")]
    _comment: Option<String>,
    ranks: Vec<RawRank>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRank {
    rank: String,
    coins: u32,
    rings: u32,
    cards: Vec<u32>,
    provenance: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHuts {
    #[serde(rename = "_comment")]
    _comment: Option<String>,
    huts: Vec<RawHut>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHut {
    location: String,
    index: u8,
    cost: RawCost,
    provenance: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    #[serde(rename = "_comment")]
    _comment: Option<String>,
    slot_moves: Vec<u8>,
    craftsman_cp: Vec<u32>,
    provenance: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMarkers {
    #[serde(rename = "_comment")]
    _comment: Option<String>,
    markers: Vec<RawMarker>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMarker {
    id: String,
    side_2_3: Vec<u32>,
    side_4: Vec<u32>,
    board_value: u32,
    provenance: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvents {
    #[serde(rename = "_comment")]
    _comment: Option<String>,
    events: Vec<RawEvent>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    id: String,
    name: String,
    timing: String,
    start_countryside: String,
    start_town: String,
    building_start: u32,
    provenance: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTokens {
    #[serde(rename = "_comment")]
    _comment: Option<String>,
    tokens: Vec<RawToken>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawToken {
    location: String,
    reward: String,
    provenance: String,
}

fn parse<'a, T: Deserialize<'a>>(file: &'static str, text: &'a str) -> Result<T, DataError> {
    serde_json::from_str(text).or_else(|e| err(file, FILE, "(json)", e.to_string()))
}

fn provenance(file: &'static str, entry: &str, p: &str) -> Result<(), DataError> {
    match p {
        "proposal" | "rulebook" | "public_source" => Ok(()),
        _ => err(
            file,
            entry,
            "provenance",
            format!("`{p}` is not one of proposal, rulebook, public_source"),
        ),
    }
}

// ---- the facts of the rulebook the data must match -----------------------------------------

/// EMR-12: kind and CP of every advisor (B cards: G8, the listed CP is the only CP gain).
pub(crate) fn rulebook_advisor(a: Advisor) -> (AdvisorKind, u32) {
    use Advisor::*;
    use AdvisorKind::*;
    match a {
        MasterOfCoin => (Immediate, 6),
        Archivist => (Immediate, 2),
        Goldsmith => (Immediate, 5),
        Carpenter => (Immediate, 1),
        Baker => (PerTurn, 3),
        Schoolmarm => (PerTurn, 3),
        Bailiff => (PerTurn, 5),
        Dressmaker => (PerTurn, 5),
        Landlord => (PerTurn, 3),
        Merchant => (PerTurn, 2),
        Chamberlain => (Permanent, 6),
        Scholar => (Permanent, 3),
        Mayoress => (Permanent, 5),
        Steward => (Permanent, 5),
        Abbess => (Permanent, 2),
        Toolmaker => (Permanent, 2),
        SirChristiaan => (Immediate, 8),
        LadyMarie => (Immediate, 8),
        SirCarl => (Immediate, 10),
        LadyFrida => (Immediate, 12),
        SirGustave => (Immediate, 0),
        SirAntoni => (Immediate, 0),
    }
}

/// EMR-13: the timing of every event.
pub(crate) fn rulebook_timing(e: EventCard) -> EventTiming {
    use EventCard::*;
    match e {
        ClearTheOldForest | BountifulHarvest | StoneFromDistantShores | FineWoolFineCloth => {
            EventTiming::Immediate
        }
        TheGreatFamine | AlmsForThePoor | NewLoreInOldBooks => EventTiming::EndOfRound,
        _ => EventTiming::RoundRule,
    }
}

fn kind_id(k: AdvisorKind) -> &'static str {
    match k {
        AdvisorKind::Immediate => "immediate",
        AdvisorKind::PerTurn => "per_turn",
        AdvisorKind::Permanent => "permanent",
    }
}

fn timing_id(t: EventTiming) -> &'static str {
    match t {
        EventTiming::Immediate => "immediate",
        EventTiming::EndOfRound => "end_of_round",
        EventTiming::RoundRule => "round_rule",
    }
}

// ---- validation ----------------------------------------------------------------------------

/// Validates all seven files against the constraints of section 11.
pub fn validate_data(files: &DataFiles) -> Result<EmaraData, DataError> {
    let advisors = validate_advisors(&files.advisors)?;
    let ranks = validate_nobility(&files.nobility)?;
    let huts = validate_huts(&files.huts)?;
    let (slot_moves, craftsman_cp) = validate_board(&files.player_board)?;
    let markers = validate_markers(&files.markers)?;
    let events = validate_events(&files.events)?;
    let favor_tokens = validate_tokens(&files.favor_tokens)?;
    Ok(EmaraData {
        advisors,
        ranks,
        huts,
        slot_moves,
        craftsman_cp,
        markers,
        events,
        favor_tokens,
    })
}

/// G1, G8, EMR-12.
fn validate_advisors(text: &str) -> Result<Vec<AdvisorData>, DataError> {
    const F: &str = "advisors.json";
    let raw: RawAdvisors = parse(F, text)?;
    let mut out: Vec<Option<AdvisorData>> = vec![None; 22];
    for r in &raw.advisors {
        let Some(a) = Advisor::from_id(&r.id) else {
            return err(F, &r.id, "id", "not an advisor of EMR-12");
        };
        if out[a as usize].is_some() {
            return err(F, &r.id, "id", "listed twice (every effect exactly once)");
        }
        if r.name != a.name() {
            return err(F, &r.id, "name", format!("must be `{}`", a.name()));
        }
        let deck = match a.deck() {
            AdvisorDeck::A => "A",
            AdvisorDeck::B => "B",
        };
        if r.deck != deck {
            return err(F, &r.id, "deck", format!("must be {deck} (EMR-12)"));
        }
        let (kind, cp) = rulebook_advisor(a);
        if r.kind != kind_id(kind) {
            return err(
                F,
                &r.id,
                "kind",
                format!("must be {} (EMR-12)", kind_id(kind)),
            );
        }
        if r.cp != cp {
            return err(F, &r.id, "cp", format!("must be {cp} (EMR-12)"));
        }
        let cost = r.cost.cost();
        let total = cost.total();
        let (lo, hi) = if deck == "A" { (2, 3) } else { (3, 4) };
        if !(lo..=hi).contains(&total) {
            return err(
                F,
                &r.id,
                "cost",
                format!("deck {deck} costs total {lo}–{hi} resources, found {total} (G1)"),
            );
        }
        let types = Resource::ALL.iter().filter(|&&x| cost.get(x) > 0).count();
        if total >= 3 && types < 2 {
            return err(
                F,
                &r.id,
                "cost",
                "a cost of 3 or more units uses at least 2 resource types (G1)",
            );
        }
        provenance(F, &r.id, &r.provenance)?;
        out[a as usize] = Some(AdvisorData {
            advisor: a,
            kind,
            cp,
            cost,
        });
    }
    if let Some(i) = out.iter().position(Option::is_none) {
        return err(
            F,
            FILE,
            "advisors",
            format!(
                "{} advisors listed, 22 needed (16 A, 6 B); `{}` is missing",
                raw.advisors.len(),
                Advisor::ALL[i].id()
            ),
        );
    }
    if raw.advisors.len() != 22 {
        return err(F, FILE, "advisors", "exactly 22 advisors (16 A, 6 B)");
    }
    let out: Vec<AdvisorData> = out.into_iter().map(Option::unwrap).collect();
    for r in Resource::ALL {
        let n = out
            .iter()
            .filter(|d| d.advisor.deck() == AdvisorDeck::A && d.cost.get(r) > 0)
            .count();
        if n < 5 {
            return err(
                F,
                FILE,
                "cost",
                format!("{} appears in {n} A costs, at least 5 needed (G1)", r.id()),
            );
        }
    }
    for a in &out {
        for b in &out {
            if a.kind == b.kind && a.cp > b.cp && a.cost.total() < b.cost.total() {
                return err(
                    F,
                    a.advisor.id(),
                    "cost",
                    format!(
                        "{} CP costs {} units, less than {} ({} CP, {} units) of the same kind (G1)",
                        a.cp,
                        a.cost.total(),
                        b.advisor.id(),
                        b.cp,
                        b.cost.total()
                    ),
                );
            }
        }
    }
    Ok(out)
}

/// G2, EMR-2.10, EMR-11.2.
fn validate_nobility(text: &str) -> Result<Vec<RankData>, DataError> {
    const F: &str = "nobility.json";
    let raw: RawNobility = parse(F, text)?;
    if raw.ranks.len() != 5 {
        return err(F, FILE, "ranks", "exactly 5 ranks (EMR-2.10)");
    }
    let mut out: Vec<RankData> = Vec::new();
    for (i, r) in raw.ranks.iter().enumerate() {
        let want = Rank::ALL[i];
        if Rank::from_id(&r.rank) != Some(want) {
            return err(
                F,
                &r.rank,
                "rank",
                format!("rank {} must be `{}` (EMR-11.2 order)", i + 1, want.id()),
            );
        }
        if r.cards.len() != 4 {
            return err(F, &r.rank, "cards", "exactly 4 cards per rank (20 in all)");
        }
        if r.cards.windows(2).any(|w| w[0] <= w[1]) {
            return err(
                F,
                &r.rank,
                "cards",
                "CP values strictly descending, highest on top (EMR-2.10, G2)",
            );
        }
        if r.coins == 0 && r.rings == 0 {
            return err(F, &r.rank, "coins", "a rank costs coins and/or rings");
        }
        if let Some(prev) = out.last() {
            let prev_max = prev.cards[0];
            if r.cards.iter().any(|&c| c + 3 < prev_max) {
                return err(
                    F,
                    &r.rank,
                    "cards",
                    format!(
                        "every card must be at least the best card of {} minus 3 (G2)",
                        prev.rank.id()
                    ),
                );
            }
            if r.coins < prev.coins {
                return err(F, &r.rank, "coins", "costs non-decreasing by rank (G2)");
            }
            if r.rings < prev.rings {
                return err(F, &r.rank, "rings", "costs non-decreasing by rank (G2)");
            }
        }
        provenance(F, &r.rank, &r.provenance)?;
        out.push(RankData {
            rank: want,
            coins: r.coins,
            rings: r.rings,
            cards: r.cards.clone(),
        });
    }
    Ok(out)
}

/// G3.
fn validate_huts(text: &str) -> Result<[[Cost; 4]; 4], DataError> {
    const F: &str = "huts.json";
    let raw: RawHuts = parse(F, text)?;
    let mut out: [[Option<Cost>; 4]; 4] = [[None; 4]; 4];
    for h in &raw.huts {
        let entry = format!("{}:{}", h.location, h.index);
        let Some(loc) = Location::from_id(&h.location).filter(|l| !l.is_town()) else {
            return err(F, entry, "location", "not a countryside location");
        };
        if h.index > 3 {
            return err(F, entry, "index", "4 huts per location, index 0–3 (G3)");
        }
        if out[loc as usize][h.index as usize].is_some() {
            return err(F, entry, "index", "listed twice");
        }
        let cost = h.cost.cost();
        let own = loc.produces().expect("countryside");
        if cost.get(own) > 1 {
            return err(
                F,
                entry,
                "cost",
                format!(
                    "the location's own {} is required at most once (G3)",
                    own.id()
                ),
            );
        }
        provenance(F, &entry, &h.provenance)?;
        out[loc as usize][h.index as usize] = Some(cost);
    }
    if raw.huts.len() != 16 {
        return err(
            F,
            FILE,
            "huts",
            "exactly 16 huts, 4 per countryside location (G3)",
        );
    }
    let mut res = [[Cost::default(); 4]; 4];
    for loc in Location::COUNTRYSIDE {
        let costs: Vec<Cost> = out[loc as usize]
            .iter()
            .map(|c| c.expect("16 distinct"))
            .collect();
        let mut totals: Vec<u8> = costs.iter().map(Cost::total).collect();
        totals.sort_unstable();
        if totals != [2, 2, 3, 3] {
            return err(
                F,
                loc.id(),
                "cost",
                format!("hut cost totals must be 2, 2, 3, 3 (G3), found {totals:?}"),
            );
        }
        let cheap = costs.iter().any(|c| {
            c.total() == 2 && Resource::ALL.iter().filter(|&&r| c.get(r) > 0).count() == 2
        });
        if !cheap {
            return err(
                F,
                loc.id(),
                "cost",
                "at least one hut needs only 2 units of 2 different types (G3)",
            );
        }
        res[loc as usize].copy_from_slice(&costs);
    }
    Ok(res)
}

/// EMR-4.2, G4.
fn validate_board(text: &str) -> Result<([u8; 3], [u32; 4]), DataError> {
    const F: &str = "player_board.json";
    let raw: RawBoard = parse(F, text)?;
    if raw.slot_moves != [1, 2, 3] {
        return err(
            F,
            FILE,
            "slot_moves",
            "the 3 slots move 1, 2 and 3 (EMR-4.2)",
        );
    }
    let cp = &raw.craftsman_cp;
    if cp.len() != 4 {
        return err(F, FILE, "craftsman_cp", "4 craftsman slots (EMR-2.12)");
    }
    if cp[0] != 1 {
        return err(
            F,
            FILE,
            "craftsman_cp",
            "the first craftsman gives 1 CP (rulebook)",
        );
    }
    if cp.windows(2).any(|w| w[0] >= w[1]) {
        return err(F, FILE, "craftsman_cp", "strictly increasing (G4)");
    }
    provenance(F, FILE, &raw.provenance)?;
    Ok(([1, 2, 3], [cp[0], cp[1], cp[2], cp[3]]))
}

/// G5, EMR-2.4, EMR-2.5, EMR-2.7, EMR-9.
fn validate_markers(text: &str) -> Result<Vec<MarkerData>, DataError> {
    const F: &str = "markers.json";
    let raw: RawMarkers = parse(F, text)?;
    let mut out: Vec<Option<MarkerData>> = vec![None; 10];
    for m in &raw.markers {
        let Some(marker) = Marker::from_id(&m.id) else {
            return err(F, &m.id, "id", "not one of the 10 markers");
        };
        if out[marker.index()].is_some() {
            return err(F, &m.id, "id", "listed twice");
        }
        let reward = matches!(marker, Marker::Bread | Marker::Stone);
        for (field, side) in [("side_2_3", &m.side_2_3), ("side_4", &m.side_4)] {
            if side.len() < 2 {
                return err(
                    F,
                    &m.id,
                    field,
                    "at least 2 values (2-player start at index 1)",
                );
            }
            if side.contains(&0) {
                return err(F, &m.id, field, "values are at least 1");
            }
            let ok = if reward {
                side.windows(2).all(|w| w[0] >= w[1])
            } else {
                side.windows(2).all(|w| w[0] <= w[1])
            };
            if !ok {
                return err(
                    F,
                    &m.id,
                    field,
                    if reward {
                        "reward values non-increasing (G5)"
                    } else {
                        "cost values non-decreasing (G5)"
                    },
                );
            }
            if !reward && side[1] != 2 {
                return err(
                    F,
                    &m.id,
                    field,
                    "the second value must be 2 (2-player start, EMR-2.4/2.5)",
                );
            }
        }
        if m.side_4.len() != m.side_2_3.len() + 1 {
            return err(
                F,
                &m.id,
                "side_4",
                "the 4-player side has one value more than the 2–3-player side (G5)",
            );
        }
        let last = *m.side_4.last().unwrap().min(m.side_2_3.last().unwrap());
        let last_max = *m.side_4.last().unwrap().max(m.side_2_3.last().unwrap());
        if reward && m.board_value > last {
            return err(
                F,
                &m.id,
                "board_value",
                "board value at most the last reward value (G5)",
            );
        }
        if !reward && m.board_value < last_max {
            return err(
                F,
                &m.id,
                "board_value",
                "board value at least the last cost value (G5)",
            );
        }
        provenance(F, &m.id, &m.provenance)?;
        out[marker.index()] = Some(MarkerData {
            side_2_3: m.side_2_3.clone(),
            side_4: m.side_4.clone(),
            board_value: m.board_value,
        });
    }
    if let Some(i) = out.iter().position(Option::is_none) {
        return err(
            F,
            FILE,
            "markers",
            format!("10 markers needed; `{}` is missing", Marker::ALL[i].id()),
        );
    }
    Ok(out.into_iter().map(Option::unwrap).collect())
}

/// G6, EMR-13.
fn validate_events(text: &str) -> Result<Vec<EventData>, DataError> {
    const F: &str = "events.json";
    let raw: RawEvents = parse(F, text)?;
    let mut out: Vec<Option<EventData>> = vec![None; 14];
    let mut pairs: Vec<(Location, Location)> = Vec::new();
    for e in &raw.events {
        let Some(event) = EventCard::from_id(&e.id) else {
            return err(F, &e.id, "id", "not an event of EMR-13");
        };
        if out[event as usize].is_some() {
            return err(F, &e.id, "id", "listed twice (every effect exactly once)");
        }
        if e.name != event.name() {
            return err(F, &e.id, "name", format!("must be `{}`", event.name()));
        }
        let timing = rulebook_timing(event);
        if e.timing != timing_id(timing) {
            return err(
                F,
                &e.id,
                "timing",
                format!("must be {} (EMR-13)", timing_id(timing)),
            );
        }
        let Some(c) = Location::from_id(&e.start_countryside).filter(|l| !l.is_town()) else {
            return err(F, &e.id, "start_countryside", "not a countryside location");
        };
        let Some(t) = Location::from_id(&e.start_town).filter(|l| l.is_town()) else {
            return err(F, &e.id, "start_town", "not a town location");
        };
        if pairs.contains(&(c, t)) {
            return err(
                F,
                &e.id,
                "start_town",
                "this (countryside, town) pair is on another card already (G6)",
            );
        }
        pairs.push((c, t));
        if ![25, 30, 35, 40].contains(&e.building_start) {
            return err(F, &e.id, "building_start", "one of 25, 30, 35, 40 (G6)");
        }
        provenance(F, &e.id, &e.provenance)?;
        out[event as usize] = Some(EventData {
            event,
            timing,
            start_countryside: c,
            start_town: t,
            building_start: e.building_start,
        });
    }
    if let Some(i) = out.iter().position(Option::is_none) {
        return err(
            F,
            FILE,
            "events",
            format!("14 events needed; `{}` is missing", EventCard::ALL[i].id()),
        );
    }
    let out: Vec<EventData> = out.into_iter().map(Option::unwrap).collect();
    for l in Location::ALL {
        let n = out
            .iter()
            .filter(|e| e.start_countryside == l || e.start_town == l)
            .count();
        if !(3..=4).contains(&n) {
            let field = if l.is_town() {
                "start_town"
            } else {
                "start_countryside"
            };
            return err(
                F,
                l.id(),
                field,
                format!("appears on {n} cards, 3–4 needed (G6)"),
            );
        }
    }
    let mut counts: BTreeMap<u32, usize> = BTreeMap::new();
    for e in &out {
        *counts.entry(e.building_start).or_default() += 1;
    }
    let want: BTreeMap<u32, usize> = [(25, 3), (30, 4), (35, 4), (40, 3)].into_iter().collect();
    if counts != want {
        return err(
            F,
            FILE,
            "building_start",
            format!("counts 25×3, 30×4, 35×4, 40×3 needed (G6), found {counts:?}"),
        );
    }
    let winter = out[EventCard::AnEarlyWinter as usize].building_start;
    if counts[&winter] < 2 {
        return err(
            F,
            EventCard::AnEarlyWinter.id(),
            "building_start",
            "must not be the only card with its value (G6)",
        );
    }
    Ok(out)
}

/// G7, EMR-10.1.
fn validate_tokens(text: &str) -> Result<Vec<FavorToken>, DataError> {
    const F: &str = "favor_tokens.json";
    let raw: RawTokens = parse(F, text)?;
    let mut out: Vec<FavorToken> = Vec::new();
    for t in &raw.tokens {
        let entry = format!("{}-{}", t.location, t.reward);
        let Some(location) = Location::from_id(&t.location).filter(|l| l.is_town()) else {
            return err(
                F,
                entry,
                "location",
                "a favor token shows a town location (EMR-10.1)",
            );
        };
        let Some(reward) = FavorReward::from_id(&t.reward) else {
            return err(
                F,
                entry,
                "reward",
                "one of cp3, bp3, book, signet_ring, coin (EMR-10.1)",
            );
        };
        let token = FavorToken { location, reward };
        if out.contains(&token) {
            return err(
                F,
                entry,
                "reward",
                "each location's rewards are distinct (G7)",
            );
        }
        provenance(F, &entry, &t.provenance)?;
        out.push(token);
    }
    if out.len() != 12 {
        return err(F, FILE, "tokens", "exactly 12 favor tokens (EMR-1.3)");
    }
    for l in Location::TOWN {
        let n = out.iter().filter(|t| t.location == l).count();
        if n != 3 {
            return err(
                F,
                l.id(),
                "location",
                format!("3 tokens per town location (G7), found {n}"),
            );
        }
    }
    for (reward, want) in [
        (FavorReward::Cp3, 3),
        (FavorReward::Bp3, 3),
        (FavorReward::Book, 2),
        (FavorReward::SignetRing, 2),
        (FavorReward::Coin, 2),
    ] {
        let n = out.iter().filter(|t| t.reward == reward).count();
        if n != want {
            return err(
                F,
                reward.id(),
                "reward",
                format!("{want} tokens needed (G7), found {n}"),
            );
        }
    }
    Ok(out)
}
