//! Kingdom Legacy: Feudal Kingdom, spec `kingdom_legacy.md`, rule prefix `KLG`: a solo legacy
//! game whose kingdom carries over from play to play.

pub mod authoring;
pub mod data;
pub mod types;
pub mod validate;

pub use data::{Content, DataError, Pack, PackFiles};
pub use types::*;

#[cfg(test)]
mod smoke {
    #[test]
    fn test_library_parses() {
        let c = super::Pack::TestLibrary.content();
        assert!(c.card(7).is_some());
    }
}
