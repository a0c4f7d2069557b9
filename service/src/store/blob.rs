//! A rules value (state, action, event, config, campaign state) in the store's binary encoding:
//! CBOR through `ciborium`. CBOR describes itself, so the rules' internally tagged and untagged
//! enums read back, and it is the smallest such format that round-trips every game
//! (`docs/storage.md` has the measurement).
//!
//! A [`Blob`] is opaque to the store: inside a binary record it is a byte string, copied as is.
//! Through JSON it is the value itself: written as the JSON the value would have been
//! (inspection), and read from a format-1 record's JSON as that text, decoded by the game's
//! types when the game is opened.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;

#[derive(Clone, PartialEq, Eq)]
pub struct Blob(Repr);

#[derive(Clone, PartialEq, Eq)]
enum Repr {
    /// CBOR: everything written since format 2.
    Cbor(Vec<u8>),
    /// JSON text read from a format-1 record or log entry. It stays text until the game's own
    /// types read it: JSON cannot say what CBOR needs (a map's integer keys are strings in JSON),
    /// so no typeless transcoding could be exact. A format-2 record that carries one over (its
    /// setup, its opening events) keeps it as a CBOR text string.
    Json(Box<str>),
}

#[derive(Debug, thiserror::Error)]
pub enum BlobError {
    #[error("{0}")]
    Cbor(String),
    #[error("{0}")]
    Json(#[from] serde_json::Error),
}

impl Blob {
    /// Encodes a value. Rules values always encode (their JSON form was never refused either).
    pub fn encode<T: Serialize + ?Sized>(value: &T) -> Blob {
        let mut out = Vec::new();
        ciborium::into_writer(value, &mut out).expect("rules values encode");
        Blob(Repr::Cbor(out))
    }

    pub fn decode<T: DeserializeOwned>(&self) -> Result<T, BlobError> {
        match &self.0 {
            Repr::Cbor(bytes) => {
                ciborium::from_reader(bytes.as_slice()).map_err(|e| BlobError::Cbor(e.to_string()))
            }
            Repr::Json(text) => Ok(serde_json::from_str(text)?),
        }
    }

    /// CBOR bytes a store kept (not checked until decoded).
    pub fn from_cbor(bytes: Vec<u8>) -> Blob {
        Blob(Repr::Cbor(bytes))
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

    /// The stored bytes (CBOR, or a format-1 value's JSON text).
    pub fn as_bytes(&self) -> &[u8] {
        match &self.0 {
            Repr::Cbor(bytes) => bytes,
            Repr::Json(text) => text.as_bytes(),
        }
    }

    pub fn len(&self) -> usize {
        self.as_bytes().len()
    }

    pub fn is_empty(&self) -> bool {
        self.as_bytes().is_empty()
    }

    /// The value as JSON, for people (inspection).
    pub fn to_json(&self) -> Result<serde_json::Value, BlobError> {
        Ok(serde_json::to_value(self)?)
    }
}

impl std::fmt::Debug for Blob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Repr::Cbor(bytes) => write!(f, "Blob({} bytes of CBOR)", bytes.len()),
            Repr::Json(text) => write!(f, "Blob({} bytes of JSON)", text.len()),
        }
    }
}

impl Serialize for Blob {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::Error;
        match (&self.0, serializer.is_human_readable()) {
            (Repr::Cbor(bytes), true) => {
                let value: ciborium::Value = ciborium::from_reader(bytes.as_slice())
                    .map_err(|e| S::Error::custom(format!("unreadable value: {e}")))?;
                value.serialize(serializer)
            }
            (Repr::Json(text), true) => {
                let value: serde_json::Value = serde_json::from_str(text)
                    .map_err(|e| S::Error::custom(format!("unreadable value: {e}")))?;
                value.serialize(serializer)
            }
            (Repr::Cbor(bytes), false) => serializer.serialize_bytes(bytes),
            (Repr::Json(text), false) => serializer.serialize_str(text),
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

/// A value inside a binary record: CBOR as a byte string, carried-over JSON as a text string.
struct StoredVisitor;

impl<'de> serde::de::Visitor<'de> for StoredVisitor {
    type Value = Blob;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an encoded value (bytes) or JSON text")
    }

    fn visit_bytes<E: serde::de::Error>(self, v: &[u8]) -> Result<Blob, E> {
        Ok(Blob(Repr::Cbor(v.to_vec())))
    }

    fn visit_byte_buf<E: serde::de::Error>(self, v: Vec<u8>) -> Result<Blob, E> {
        Ok(Blob(Repr::Cbor(v)))
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

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    enum Move {
        Pass,
        Play {
            cards: std::collections::BTreeMap<u8, u32>,
        },
    }

    fn play() -> Move {
        Move::Play {
            cards: [(3, 1), (250, 7)].into(),
        }
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

    /// JSON writes the map's integer keys as strings; the game's types read them back.
    #[test]
    fn format_1_json_is_read_by_the_value_type() {
        let json = serde_json::to_string(&play()).unwrap();
        assert!(json.contains(r#""250":7"#), "{json}");
        let blob = Blob::from_json(&json).unwrap();
        assert!(blob.is_json());
        assert_eq!(blob.decode::<Move>().unwrap(), play());
        assert_eq!(serde_json::to_string(&blob).unwrap(), json);
    }

    #[test]
    fn both_kinds_survive_a_binary_record() {
        let json = serde_json::to_string(&play()).unwrap();
        for blob in [Blob::encode(&play()), Blob::from_json(&json).unwrap()] {
            let mut out = Vec::new();
            ciborium::into_writer(&(1u8, &blob), &mut out).unwrap();
            let (_, back): (u8, Blob) = ciborium::from_reader(out.as_slice()).unwrap();
            assert_eq!(back, blob);
            assert_eq!(back.decode::<Move>().unwrap(), play());
            assert_eq!(
                back.to_json().unwrap(),
                serde_json::to_value(play()).unwrap()
            );
        }
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        let blob = Blob::from_cbor(vec![0xff, 0x00, 0x13]);
        assert!(blob.decode::<Vec<u32>>().is_err());
        assert!(blob.to_json().is_err());
        assert!(Blob::from_json("{\"a\":").is_err());
        assert!(Blob::from_json("[1]").unwrap().decode::<String>().is_err());
    }
}
