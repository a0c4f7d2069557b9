//! A write's update encoded once. The events of a write and the view after it are what its
//! submitter is answered and what every watcher of the same viewer is sent; the server encodes
//! them once, keeps the bytes with the game, and each answer writes those bytes out (a watch
//! stream's message is a reference to them, not a copy of a message tree).
//!
//! `WatchGameResponse` numbers its fields `events = 1, view = 2` and `SubmitActionResponse`
//! `view = 1, events = 2`: a submit's answer is the same bytes with the two keys swapped, which
//! changes no length (each key is one byte).

use crate::codec::Answer;
use crate::v1;
use bytes::{Buf, BufMut, Bytes};
use prost::encoding::{WireType, decode_key, decode_varint, encode_key, encode_varint};
use prost::{DecodeError, Message};
use tonic::Status;
use tonic::codec::EncodeBuf;

/// A `WatchGameResponse` (a write's events and the view after it) in its encoding.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Update(Bytes);

impl Update {
    pub fn encode(message: &v1::WatchGameResponse) -> Self {
        Update(Bytes::from(message.encode_to_vec()))
    }

    /// Its bytes on the wire.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn decode(&self) -> Result<v1::WatchGameResponse, DecodeError> {
        v1::WatchGameResponse::decode(self.0.clone())
    }

    /// Whether both are the same bytes in memory (one encoding, shared), not merely equal.
    pub fn shares(&self, other: &Update) -> bool {
        self.0.as_ptr() == other.0.as_ptr() && self.0.len() == other.0.len()
    }
}

/// `WatchGame`'s message, as the server sends it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WatchReply(pub Update);

impl WatchReply {
    pub fn decode(&self) -> Result<v1::WatchGameResponse, DecodeError> {
        self.0.decode()
    }
}

impl Answer for WatchReply {
    fn encode_into(self, buf: &mut EncodeBuf<'_>) -> Result<(), Status> {
        buf.put_slice(&self.0.0);
        Ok(())
    }
}

/// `SubmitAction`'s answer, as the server sends it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SubmitReply(pub Update);

/// Bytes that are not an update.
#[derive(Debug, thiserror::Error)]
pub enum Malformed {
    #[error("{0}")]
    Field(&'static str),
    #[error(transparent)]
    Decode(#[from] DecodeError),
}

/// Field numbers of `WatchGameResponse` and `SubmitActionResponse`: (events, view).
const WATCH_FIELDS: (u32, u32) = (1, 2);
const SUBMIT_FIELDS: (u32, u32) = (2, 1);

impl SubmitReply {
    /// Writes the update as a `SubmitActionResponse`: its top-level keys renumbered, every
    /// field's bytes as they are.
    pub fn write(&self, buf: &mut impl BufMut) -> Result<(), Malformed> {
        let mut rest: &[u8] = &self.0.0;
        while rest.has_remaining() {
            let (field, wire_type) = decode_key(&mut rest)?;
            let field = match field {
                f if f == WATCH_FIELDS.0 => SUBMIT_FIELDS.0,
                f if f == WATCH_FIELDS.1 => SUBMIT_FIELDS.1,
                _ => return Err(Malformed::Field("a field WatchGameResponse does not have")),
            };
            if wire_type != WireType::LengthDelimited {
                return Err(Malformed::Field("a field not length-delimited"));
            }
            let len = decode_varint(&mut rest)?;
            let len = usize::try_from(len)
                .ok()
                .filter(|&len| len <= rest.len())
                .ok_or(Malformed::Field("a field longer than the message"))?;
            encode_key(field, wire_type, buf);
            encode_varint(len as u64, buf);
            buf.put_slice(&rest[..len]);
            rest.advance(len);
        }
        Ok(())
    }

    pub fn decode(&self) -> Result<v1::SubmitActionResponse, Malformed> {
        let mut bytes = Vec::with_capacity(self.0.len());
        self.write(&mut bytes)?;
        Ok(v1::SubmitActionResponse::decode(bytes.as_slice())?)
    }
}

impl Answer for SubmitReply {
    fn encode_into(self, buf: &mut EncodeBuf<'_>) -> Result<(), Status> {
        self.write(buf)
            .map_err(|e| Status::internal(format!("the kept update is not an update: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> v1::WatchGameResponse {
        v1::WatchGameResponse {
            events: vec![
                v1::Event {
                    version: 3,
                    summary: "first".into(),
                    ..Default::default()
                },
                v1::Event {
                    version: 4,
                    summary: "second, a longer summary than the first".repeat(9),
                    ..Default::default()
                },
            ],
            view: Some(v1::GameView {
                game_id: "g-1".into(),
                version: 4,
                ..Default::default()
            }),
        }
    }

    #[test]
    fn a_watch_reply_is_the_message_encoded() {
        let message = sample();
        let update = Update::encode(&message);
        assert_eq!(update.len(), message.encoded_len());
        assert_eq!(WatchReply(update).decode().unwrap(), message);
    }

    #[test]
    fn a_submit_reply_carries_the_same_events_and_view() {
        let v1::WatchGameResponse { events, view } = sample();
        let expected = v1::SubmitActionResponse {
            view: view.clone(),
            events: events.clone(),
        };
        let reply = SubmitReply(Update::encode(&v1::WatchGameResponse { events, view }));
        let mut bytes = Vec::new();
        reply.write(&mut bytes).unwrap();
        // Byte for byte what prost makes of the typed answer (it writes fields in number order,
        // so the view comes first there and last here; both parse the same).
        assert_eq!(bytes.len(), expected.encoded_len());
        assert_eq!(reply.decode().unwrap(), expected);
        // Nothing but the update's own fields is accepted.
        let empty = SubmitReply(Update::default());
        assert_eq!(empty.decode().unwrap(), v1::SubmitActionResponse::default());
        let stranger = SubmitReply(Update(Bytes::from_static(&[0x18, 0x01])));
        assert!(stranger.decode().is_err());
    }
}
