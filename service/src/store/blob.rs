//! A rules value (state, action, event, config, campaign state) in the store's binary encoding:
//! CBOR through `ciborium`. CBOR describes itself, so the rules' internally tagged and untagged
//! enums read back, and it is the smallest such format that round-trips every game
//! (`docs/storage.md` has the measurement).
//!
//! A [`Blob`] is opaque bytes to the store: inside a binary record it is a byte string, copied
//! as is. Through a human-readable format (JSON) it is the value itself: written as the JSON the
//! value would have been (inspection), and read from JSON by transcoding (format-1 records, which
//! held every value as JSON, migrate this way without knowing the value's type).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[derive(Clone, PartialEq, Eq)]
pub struct Blob(Vec<u8>);

#[derive(Debug, thiserror::Error)]
pub enum BlobError {
    #[error("{0}")]
    Decode(String),
    #[error("not JSON: {0}")]
    Json(#[from] serde_json::Error),
}

impl Blob {
    /// Encodes a value. Rules values always encode (their JSON form was never refused either).
    pub fn encode<T: Serialize + ?Sized>(value: &T) -> Blob {
        let mut out = Vec::new();
        ciborium::into_writer(value, &mut out).expect("rules values encode");
        Blob(out)
    }

    pub fn decode<T: DeserializeOwned>(&self) -> Result<T, BlobError> {
        ciborium::from_reader(self.0.as_slice()).map_err(|e| BlobError::Decode(e.to_string()))
    }

    /// Bytes a store kept (not checked until decoded).
    pub fn from_bytes(bytes: Vec<u8>) -> Blob {
        Blob(bytes)
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The value from its JSON text (a format-1 record's), transcoded without its type.
    pub fn from_json(text: &str) -> Result<Blob, BlobError> {
        let mut de = serde_json::Deserializer::from_str(text);
        let blob = Blob::transcoded(&mut de)?;
        de.end()?;
        Ok(blob)
    }

    fn transcoded<'de, D: Deserializer<'de>>(de: D) -> Result<Blob, BlobError> {
        // Through a CBOR value, so maps and arrays get their lengths: JSON does not say them up
        // front, and the decoder reads an enum only from a map of known length.
        let value = ciborium::Value::serialized(&serde_transcode::Transcoder::new(de))
            .map_err(|e| BlobError::Decode(e.to_string()))?;
        Ok(Blob::encode(&value))
    }

    /// The value as JSON, for people (inspection).
    pub fn to_json(&self) -> Result<serde_json::Value, BlobError> {
        serde_json::to_value(self).map_err(BlobError::Json)
    }
}

impl std::fmt::Debug for Blob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Blob({} bytes)", self.0.len())
    }
}

impl Serialize for Blob {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            let value: ciborium::Value = ciborium::from_reader(self.0.as_slice())
                .map_err(|e| serde::ser::Error::custom(format!("unreadable value: {e}")))?;
            value.serialize(serializer)
        } else {
            serializer.serialize_bytes(&self.0)
        }
    }
}

impl<'de> Deserialize<'de> for Blob {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Blob, D::Error> {
        if deserializer.is_human_readable() {
            Blob::transcoded(deserializer).map_err(serde::de::Error::custom)
        } else {
            deserializer.deserialize_byte_buf(BytesVisitor)
        }
    }
}

struct BytesVisitor;

impl<'de> serde::de::Visitor<'de> for BytesVisitor {
    type Value = Blob;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an encoded value (bytes)")
    }

    fn visit_bytes<E: serde::de::Error>(self, v: &[u8]) -> Result<Blob, E> {
        Ok(Blob(v.to_vec()))
    }

    fn visit_byte_buf<E: serde::de::Error>(self, v: Vec<u8>) -> Result<Blob, E> {
        Ok(Blob(v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_text_becomes_the_value_it_holds() {
        let json = r#"{"kind":"play","cards":[3,1],"note":null,"big":18446744073709551615}"#;
        let blob = Blob::from_json(json).unwrap();
        assert!(blob.len() < json.len());
        assert_eq!(serde_json::to_string(&blob).unwrap(), json);
    }

    #[test]
    fn bytes_inside_a_binary_record_stay_bytes() {
        let blob = Blob::encode(&vec![1u8, 2, 3]);
        let mut out = Vec::new();
        ciborium::into_writer(&blob, &mut out).unwrap();
        let back: Blob = ciborium::from_reader(out.as_slice()).unwrap();
        assert_eq!(back, blob);
        assert_eq!(back.decode::<Vec<u8>>().unwrap(), vec![1, 2, 3]);
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        let blob = Blob::from_bytes(vec![0xff, 0x00, 0x13]);
        assert!(blob.decode::<Vec<u32>>().is_err());
        assert!(blob.to_json().is_err());
        assert!(Blob::from_json("{\"a\":").is_err());
    }
}
