//! The card data file (section 11): loading, validation and deck building (R1 canonical order).

use super::types::{Card, Faction, Pair};
use serde::Deserialize;
use std::sync::OnceLock;

/// The shipped data file, compiled in (the rules crate does no I/O).
pub const CARDS_JSON: &str = include_str!("../../data/claim/cards.json");

/// A data file that does not describe exactly the cards of section 2.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cards.json: faction `{faction}`, field `{field}`: {message}")]
pub struct CardDataError {
    /// The faction id concerned (`(file)` for the file as a whole, or a box id for box totals).
    pub faction: String,
    /// The offending field: `id`, `box`, `group`, `cards`, `cards.value`, `cards.copies`, `factions`.
    pub field: &'static str,
    pub message: String,
}

impl CardDataError {
    fn new(faction: &str, field: &'static str, message: impl Into<String>) -> Self {
        CardDataError {
            faction: faction.to_string(),
            field,
            message: message.into(),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    factions: Vec<RawFaction>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFaction {
    id: String,
    #[serde(rename = "box")]
    box_id: String,
    group: String,
    cards: Vec<RawCards>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCards {
    value: i64,
    copies: i64,
}

/// The validated card set: every faction's cards in canonical order (value, then copy ascending).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardData {
    by_faction: [Vec<Card>; 10],
}

impl CardData {
    /// All cards of `faction`, value ascending then copy ascending.
    pub fn cards(&self, faction: Faction) -> &[Card] {
        &self.by_faction[faction as usize]
    }

    /// The deck of the given factions in R1 canonical order (faction order of [`Faction::ALL`]).
    pub fn deck(&self, factions: &[Faction]) -> Vec<Card> {
        let mut deck = Vec::with_capacity(72);
        for f in Faction::ALL {
            if factions.contains(&f) {
                deck.extend_from_slice(self.cards(f));
            }
        }
        deck
    }
}

/// Section 2.1/2.2: the box, group and exact composition (value, copies) each faction must have.
fn expected(f: Faction) -> (&'static str, &'static str, Vec<(u8, u8)>) {
    let once = |lo: u8| (lo..=9).map(|v| (v, 1)).collect::<Vec<_>>();
    match f {
        Faction::Gnomes => (
            "claim2",
            "pair_gg",
            vec![(1, 3), (3, 3), (5, 3), (7, 3), (9, 1)],
        ),
        Faction::Giants => (
            "claim2",
            "pair_gg",
            vec![(1, 2), (3, 2), (5, 2), (7, 2), (9, 1)],
        ),
        Faction::Dragons | Faction::Trolls | Faction::Seers => ("claim2", "free", once(0)),
        Faction::Knights => ("claim1", "pair_kg", once(2)),
        Faction::Goblins => {
            let mut v = vec![(0, 5)];
            v.extend((1..=9).map(|v| (v, 1)));
            ("claim1", "pair_kg", v)
        }
        Faction::Undead | Faction::Dwarves | Faction::Doppelgangers => ("claim1", "free", once(0)),
    }
}

/// Parses and validates a card data file against section 11. Errors name the faction and field.
pub fn validate_card_data(json: &str) -> Result<CardData, CardDataError> {
    let raw: RawFile = serde_json::from_str(json).map_err(|e| {
        CardDataError::new(
            "(file)",
            "factions",
            format!("not valid card data JSON: {e}"),
        )
    })?;
    if raw.factions.len() != 10 {
        return Err(CardDataError::new(
            "(file)",
            "factions",
            format!(
                "{} factions listed, expected exactly 10",
                raw.factions.len()
            ),
        ));
    }
    let mut by_faction: [Vec<Card>; 10] = Default::default();
    let mut seen = [false; 10];
    let mut box_totals = [0usize; 2]; // claim1, claim2
    for rf in &raw.factions {
        let id = rf.id.as_str();
        let f = Faction::from_id(id)
            .ok_or_else(|| CardDataError::new(id, "id", "unknown faction id"))?;
        if std::mem::replace(&mut seen[f as usize], true) {
            return Err(CardDataError::new(id, "id", "faction listed twice"));
        }
        let (want_box, want_group, composition) = expected(f);
        if rf.box_id != want_box {
            return Err(CardDataError::new(
                id,
                "box",
                format!("is `{}`, expected `{want_box}`", rf.box_id),
            ));
        }
        if rf.group != want_group {
            return Err(CardDataError::new(
                id,
                "group",
                format!("is `{}`, expected `{want_group}`", rf.group),
            ));
        }
        let mut copies_of = [0u8; 10];
        for rc in &rf.cards {
            if !(0..=9).contains(&rc.value) {
                return Err(CardDataError::new(
                    id,
                    "cards.value",
                    format!("value {} is outside 0..9 (CLM-GEN.1)", rc.value),
                ));
            }
            if !(1..=9).contains(&rc.copies) {
                return Err(CardDataError::new(
                    id,
                    "cards.copies",
                    format!("value {} has {} copies; expected 1..9", rc.value, rc.copies),
                ));
            }
            let slot = &mut copies_of[rc.value as usize];
            if *slot != 0 {
                return Err(CardDataError::new(
                    id,
                    "cards.value",
                    format!("value {} is listed twice", rc.value),
                ));
            }
            *slot = rc.copies as u8;
        }
        let total: usize = copies_of.iter().map(|&c| c as usize).sum();
        let want_total: usize = composition.iter().map(|&(_, c)| c as usize).sum();
        if total != want_total {
            return Err(CardDataError::new(
                id,
                "cards",
                format!("totals {total} cards, expected {want_total}"),
            ));
        }
        for v in 0..10u8 {
            let want = composition
                .iter()
                .find(|&&(cv, _)| cv == v)
                .map_or(0, |&(_, c)| c);
            if copies_of[v as usize] != want {
                return Err(CardDataError::new(
                    id,
                    "cards",
                    format!(
                        "value {v} has {} copies, expected {want} (section 2)",
                        copies_of[v as usize]
                    ),
                ));
            }
        }
        box_totals[usize::from(want_box == "claim2")] += total;
        by_faction[f as usize] = (0..10u8)
            .flat_map(|v| (1..=copies_of[v as usize]).map(move |copy| Card::new(f, v, copy)))
            .collect();
    }
    for (b, name) in ["claim1", "claim2"].iter().enumerate() {
        if box_totals[b] != 52 {
            return Err(CardDataError::new(
                name,
                "box",
                format!("box totals {} cards, expected 52", box_totals[b]),
            ));
        }
    }
    Ok(CardData { by_faction })
}

/// The shipped card data, validated once. A broken shipped file is a build defect (tested).
pub fn card_data() -> &'static CardData {
    static DATA: OnceLock<CardData> = OnceLock::new();
    DATA.get_or_init(|| validate_card_data(CARDS_JSON).unwrap_or_else(|e| panic!("{e}")))
}

/// The two factions of a pair (section 2.3).
pub fn pair_factions(pair: Pair) -> [Faction; 2] {
    match pair {
        Pair::Kg => [Faction::Knights, Faction::Goblins],
        Pair::Gg => [Faction::Gnomes, Faction::Giants],
    }
}
