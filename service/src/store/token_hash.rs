//! A token's SHA-256 as a record keeps it: hex text in memory and in text formats (format-1
//! JSON, `tablero inspect`), its 32 bytes in a binary part, half the size (a two-seat game keeps
//! three). Both forms read back, so parts written before keep reading.

use serde::de::{self, Deserializer, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

/// Bytes written as a byte string (MessagePack `bin`), not as a list of numbers.
struct Raw<'a>(&'a [u8]);

impl Serialize for Raw<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

/// An optional hash, for `#[serde(with = "token_hash")]` and the cold part's tuple.
pub fn serialize<S: Serializer>(hash: &Option<String>, s: S) -> Result<S::Ok, S::Error> {
    match hash {
        None => s.serialize_none(),
        Some(text) if !s.is_human_readable() => match hex::decode(text) {
            Ok(bytes) if bytes.len() == 32 => s.serialize_some(&Raw(&bytes)),
            // Not a SHA-256 in hex (no record holds one): kept as the text it is.
            _ => s.serialize_some(text),
        },
        Some(text) => s.serialize_some(text),
    }
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Option::<Owned>::deserialize(d).map(|o| o.map(|h| h.0))
}

/// `hash` as the cold part's tuple writes it.
pub struct Ref<'a>(pub &'a Option<String>);

impl Serialize for Ref<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize(self.0, s)
    }
}

/// A hash read back from either form.
struct Owned(String);

impl<'de> Deserialize<'de> for Owned {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Owned, D::Error> {
        d.deserialize_any(HashVisitor)
    }
}

/// `Option<Owned>` for the cold part's tuple.
pub struct OptionOwned(pub Option<String>);

impl<'de> Deserialize<'de> for OptionOwned {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<OptionOwned, D::Error> {
        deserialize(d).map(OptionOwned)
    }
}

struct HashVisitor;

impl<'de> Visitor<'de> for HashVisitor {
    type Value = Owned;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a token hash: hex text or its bytes")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Owned, E> {
        Ok(Owned(text.to_string()))
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Owned, E> {
        Ok(Owned(hex::encode(bytes)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Seat {
        #[serde(with = "super")]
        token_hash: Option<String>,
    }

    #[derive(Serialize)]
    struct Before<'a> {
        token_hash: Option<&'a str>,
    }

    #[test]
    fn a_hash_is_its_bytes_in_binary_and_hex_in_text() {
        let hash = hex::encode([7u8; 32]);
        let seat = Seat {
            token_hash: Some(hash.clone()),
        };
        let binary = rmp_serde::to_vec_named(&seat).unwrap();
        let before = rmp_serde::to_vec_named(&Before {
            token_hash: Some(&hash),
        })
        .unwrap();
        assert_eq!(before.len() - binary.len(), 32, "half the hash's bytes");
        assert_eq!(rmp_serde::from_slice::<Seat>(&binary).unwrap(), seat);
        // Written before: hex text, still read.
        assert_eq!(rmp_serde::from_slice::<Seat>(&before).unwrap(), seat);
        let json = serde_json::to_string(&seat).unwrap();
        assert_eq!(json, format!(r#"{{"token_hash":"{hash}"}}"#));
        assert_eq!(serde_json::from_str::<Seat>(&json).unwrap(), seat);
        let none = Seat { token_hash: None };
        let packed = rmp_serde::to_vec_named(&none).unwrap();
        assert_eq!(rmp_serde::from_slice::<Seat>(&packed).unwrap(), none);
    }
}
