//! Loading a content pack: each file parsed by its schema, the cards indexed by id, then the
//! structural checks every pack must pass (`validate`) and, for the shipped kingdom, the
//! authoring constraints C-1…C-14 (`authoring`).

use super::data::{CardDef, CategoryDef, Content, DataError, PackFiles, ResourceDef, StickerDef};

fn parse<T: serde::de::DeserializeOwned>(file: &'static str, text: &str) -> Result<T, DataError> {
    serde_json::from_str(text)
        .map_err(|e| DataError::new(file, "(file)", "(schema)", e.to_string()))
}

impl Content {
    /// Parses and validates a pack; `authoring` also checks the constraints C-1…C-14 that the
    /// shipped kingdom must meet (the test library is exempt).
    pub fn load(files: &PackFiles, authoring: bool) -> Result<Content, DataError> {
        let resources: Vec<ResourceDef> = parse("resources.json", &files.resources)?;
        let categories: Vec<CategoryDef> = parse("categories.json", &files.categories)?;
        let stickers: Vec<StickerDef> = parse("stickers.json", &files.stickers)?;
        let list: Vec<CardDef> = parse("cards.json", &files.cards)?;
        let max = list.iter().map(|c| c.id as usize).max().unwrap_or(0);
        let mut cards: Vec<Option<CardDef>> = vec![None; max + 1];
        for card in list {
            let id = card.id as usize;
            if cards[id].is_some() {
                return Err(DataError::new(
                    "cards.json",
                    card.id.to_string(),
                    "id",
                    "duplicate card id",
                ));
            }
            cards[id] = Some(card);
        }
        let content = Content {
            resources,
            categories,
            stickers,
            cards,
        };
        super::validate::structure(&content)?;
        if authoring {
            super::authoring::constraints(&content)?;
        }
        Ok(content)
    }
}
