//! A rules value (state, action, event, config, campaign state) in the store's binary encoding:
//! MessagePack through `rmp-serde`, chosen by measurement (`docs/storage.md`).
//!
//! A value is written compact (structs as arrays: no field names) when that reads back as the
//! same value, which [`Blob::encode`] checks on every write; otherwise (a struct that skips a
//! field when serialising, which an array cannot say) it is written with field names. The
//! decoder reads both, so the check costs a decode per write and never a wrong value.
//!
//! A [`Blob`] is opaque to the store: inside a binary record it is a byte string, copied as is.
//! Read from a format-1 record's JSON it is that text, decoded by the game's types when the game
//! is opened. People read values through their game's types (`GameKind::json_of`).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;

#[derive(Clone, PartialEq, Eq)]
pub struct Blob(Repr);

#[derive(Clone, PartialEq, Eq)]
enum Repr {
    /// MessagePack: everything written since format 2.
    Packed(Vec<u8>),
    /// JSON text read from a format-1 record or log entry. It stays text until the game's own
    /// types read it: JSON cannot say what a binary encoding needs (a map's integer keys are
    /// strings in JSON, a struct's field order is not kept), so no typeless conversion could be
    /// exact. A format-2 record that carries one over (its setup, its opening events) keeps it
    /// as a text string.
    Json(Box<str>),
}

#[derive(Debug, thiserror::Error)]
pub enum BlobError {
    #[error("{0}")]
    Packed(#[from] rmp_serde::decode::Error),
    #[error("{0}")]
    Json(#[from] serde_json::Error),
}

impl crate::heap::Holds for Blob {
    fn held(&self) -> crate::heap::Held {
        match &self.0 {
            Repr::Packed(bytes) => bytes.held(),
            Repr::Json(text) => text.held(),
        }
    }
}

impl Blob {
    /// Encodes a value: compact when that reads back as the same value, with field names
    /// otherwise. Rules values always encode (their JSON form was never refused either).
    pub fn encode<T: Serialize + DeserializeOwned + PartialEq>(value: &T) -> Blob {
        let compact = rmp_serde::to_vec(value).expect("rules values encode");
        if rmp_serde::from_slice::<T>(&compact).is_ok_and(|back| back == *value) {
            return Blob(Repr::Packed(compact));
        }
        Blob(Repr::Packed(
            rmp_serde::to_vec_named(value).expect("rules values encode"),
        ))
    }

    /// Encodes a value compact without checking that it reads back: only for types that never
    /// skip a field when serialising (the caller knows; see `Game::COMPACT_READS_BACK`).
    pub fn compact<T: Serialize>(value: &T) -> Blob {
        Blob(Repr::Packed(
            rmp_serde::to_vec(value).expect("rules values encode"),
        ))
    }

    pub fn decode<T: DeserializeOwned>(&self) -> Result<T, BlobError> {
        match &self.0 {
            Repr::Packed(bytes) => Ok(rmp_serde::from_slice(bytes)?),
            Repr::Json(text) => Ok(serde_json::from_str(text)?),
        }
    }

    /// MessagePack bytes a store kept (not checked until decoded).
    pub fn from_packed(bytes: Vec<u8>) -> Blob {
        Blob(Repr::Packed(bytes))
    }

    /// A value as format 1 stored it: JSON text (checked to be JSON).
    pub fn from_json(text: &str) -> Result<Blob, BlobError> {
        let raw: Box<RawValue> = serde_json::from_str(text)?;
        Ok(Blob(Repr::Json(raw.get().into())))
    }

    /// Whether the value is still the JSON text a format-1 record held.
    pub fn is_json(&self) -> bool {
        matches!(self.0, Repr::Json(_))
    }

    /// The stored bytes (MessagePack, or a format-1 value's JSON text).
    pub fn as_bytes(&self) -> &[u8] {
        match &self.0 {
            Repr::Packed(bytes) => bytes,
            Repr::Json(text) => text.as_bytes(),
        }
    }

    pub fn len(&self) -> usize {
        self.as_bytes().len()
    }

    pub fn is_empty(&self) -> bool {
        self.as_bytes().is_empty()
    }
}

impl std::fmt::Debug for Blob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Repr::Packed(bytes) => write!(f, "Blob({} bytes of MessagePack)", bytes.len()),
            Repr::Json(text) => write!(f, "Blob({} bytes of JSON)", text.len()),
        }
    }
}

impl Serialize for Blob {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match (&self.0, serializer.is_human_readable()) {
            // JSON again, as format 1 wrote it.
            (Repr::Json(text), true) => {
                let value: serde_json::Value = serde_json::from_str(text)
                    .map_err(|e| serde::ser::Error::custom(format!("unreadable value: {e}")))?;
                value.serialize(serializer)
            }
            (Repr::Json(text), false) => serializer.serialize_str(text),
            // Bytes: only the value's type can tell what they say (`GameKind::json_of`).
            (Repr::Packed(bytes), _) => serializer.serialize_bytes(bytes),
        }
    }
}

impl<'de> Deserialize<'de> for Blob {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Blob, D::Error> {
        if deserializer.is_human_readable() {
            // A format-1 record's value, read by serde_json: kept as the text it was.
            let raw = Box::<RawValue>::deserialize(deserializer)?;
            Ok(Blob(Repr::Json(raw.get().into())))
        } else {
            deserializer.deserialize_any(StoredVisitor)
        }
    }
}

/// A value inside a binary record: MessagePack as bytes, carried-over JSON as a string.
struct StoredVisitor;

impl<'de> serde::de::Visitor<'de> for StoredVisitor {
    type Value = Blob;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an encoded value (bytes) or JSON text")
    }

    fn visit_bytes<E: serde::de::Error>(self, v: &[u8]) -> Result<Blob, E> {
        Ok(Blob(Repr::Packed(v.to_vec())))
    }

    fn visit_byte_buf<E: serde::de::Error>(self, v: Vec<u8>) -> Result<Blob, E> {
        Ok(Blob(Repr::Packed(v)))
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Blob, E> {
        Ok(Blob(Repr::Json(v.into())))
    }

    fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Blob, E> {
        Ok(Blob(Repr::Json(v.into())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    enum Move {
        Pass,
        Play { cards: BTreeMap<u8, u32> },
    }

    fn play() -> Move {
        Move::Play {
            cards: [(3, 1), (250, 7)].into(),
        }
    }

    /// Two skippable fields of one type: as an array, `b` alone would read back as `a`.
    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Sparse {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        a: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        b: Option<u32>,
    }

    /// A Claim card is one number in a snapshot now; the snapshots written before, with the
    /// card's fields as an array (compact) or a map (named), still read.
    #[test]
    fn claim_cards_read_in_every_stored_form() {
        use tablero_rules::claim::{Card, Faction};
        #[derive(Serialize)]
        struct Before {
            faction: &'static str,
            value: u8,
            copy: u8,
        }
        let card = Card::new(Faction::Dwarves, 4, 3);
        let before = Before {
            faction: "dwarves",
            value: 4,
            copy: 3,
        };
        let compact = Blob::from_packed(rmp_serde::to_vec(&before).unwrap());
        let named = Blob::from_packed(rmp_serde::to_vec_named(&before).unwrap());
        let now = Blob::encode(&vec![card]);
        assert_eq!(compact.decode::<Card>().unwrap(), card);
        assert_eq!(named.decode::<Card>().unwrap(), card);
        assert_eq!(now.decode::<Vec<Card>>().unwrap(), vec![card]);
        // One byte for the array, three for the card.
        assert_eq!(now.len(), 4);
    }

    #[test]
    fn encodes_and_decodes_typed_values() {
        let blob = Blob::encode(&play());
        assert!(blob.len() < serde_json::to_string(&play()).unwrap().len());
        assert_eq!(blob.decode::<Move>().unwrap(), play());
        assert_eq!(
            Blob::encode(&Move::Pass).decode::<Move>().unwrap(),
            Move::Pass
        );
    }

    #[test]
    fn a_struct_that_skips_fields_keeps_their_names() {
        let compact = rmp_serde::to_vec(&Sparse {
            a: None,
            b: Some(5),
        })
        .unwrap();
        let misread: Sparse = rmp_serde::from_slice(&compact).unwrap();
        assert_eq!(
            misread,
            Sparse {
                a: Some(5),
                b: None
            },
            "what compact alone would do"
        );
        for value in [
            Sparse {
                a: None,
                b: Some(5),
            },
            Sparse {
                a: Some(4),
                b: None,
            },
            Sparse {
                a: Some(4),
                b: Some(5),
            },
            Sparse { a: None, b: None },
        ] {
            assert_eq!(Blob::encode(&value).decode::<Sparse>().unwrap(), value);
        }
    }

    /// JSON writes the map's integer keys as strings; the game's types read them back.
    #[test]
    fn format_1_json_is_read_by_the_value_type() {
        let json = serde_json::to_string(&play()).unwrap();
        assert!(json.contains(r#""250":7"#), "{json}");
        let blob = Blob::from_json(&json).unwrap();
        assert!(blob.is_json());
        assert_eq!(blob.decode::<Move>().unwrap(), play());
        assert_eq!(
            serde_json::to_value(&blob).unwrap(),
            serde_json::from_str::<serde_json::Value>(&json).unwrap()
        );
    }

    #[test]
    fn both_kinds_survive_a_binary_record() {
        let json = serde_json::to_string(&play()).unwrap();
        for blob in [Blob::encode(&play()), Blob::from_json(&json).unwrap()] {
            let record = rmp_serde::to_vec(&(1u8, &blob)).unwrap();
            let (_, back): (u8, Blob) = rmp_serde::from_slice(&record).unwrap();
            assert_eq!(back, blob);
            assert_eq!(back.decode::<Move>().unwrap(), play());
        }
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        let blob = Blob::from_packed(vec![0xc1, 0x00, 0x13]);
        assert!(blob.decode::<Vec<u32>>().is_err());
        assert!(Blob::from_json("{\"a\":").is_err());
        assert!(Blob::from_json("[1]").unwrap().decode::<String>().is_err());
    }
}
