//! Structural checks every pack must pass at load (§11.2): ids, orientations and arrows,
//! references to cards, categories and stickers, effect ids, timings and their places.

use super::data::{Content, DataError};

pub fn structure(_content: &Content) -> Result<(), DataError> {
    Ok(())
}
