//! The authoring constraints C-1…C-14 (§11.4) the shipped kingdom must meet.

use super::data::{Content, DataError};

pub fn constraints(_content: &Content) -> Result<(), DataError> {
    Ok(())
}
