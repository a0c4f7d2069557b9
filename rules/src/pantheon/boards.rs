//! The board a game is played on: the shipped map, a §12 graph fixture (`f1`, `f2`) or an
//! explicit board JSON (tests). Parsed boards are cached for the life of the process.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use super::data::{Board, Catalog, DataError};

pub const F1_JSON: &str = include_str!("../../data/pantheon/fixtures/f1.json");
pub const F2_JSON: &str = include_str!("../../data/pantheon/fixtures/f2.json");

/// The board fixtures a scenario may name (spec §12).
pub const FIXTURES: [&str; 2] = ["f1", "f2"];

fn text_of(src: &str) -> &str {
    match src {
        "f1" => F1_JSON,
        "f2" => F2_JSON,
        other => other,
    }
}

/// Parses a board source (for setup validation).
pub fn parse(src: &str) -> Result<Board, DataError> {
    Board::from_json(text_of(src))
}

/// The board of a state.
#[inline]
pub fn board_for(src: Option<&str>) -> &'static Board {
    let Some(src) = src else {
        return &Catalog::shipped().board;
    };
    static CACHE: OnceLock<Mutex<HashMap<String, &'static Board>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(b) = map.get(src) {
        return b;
    }
    let board: &'static Board = Box::leak(Box::new(
        parse(src).unwrap_or_else(|e| panic!("invalid board source: {e}")),
    ));
    map.insert(src.to_string(), board);
    board
}
