//! The proto3 JSON mapping of the service's messages (prost-reflect over the same descriptors
//! reflection serves): Connect's JSON bodies and the webhooks' deliveries.

use super::games::bounds::pool;
use prost::Message;
use prost_reflect::{DynamicMessage, MessageDescriptor};

/// JSON text as the protobuf bytes of `desc`, or why not.
pub fn json_to_proto(desc: MessageDescriptor, json: &[u8]) -> Result<Vec<u8>, String> {
    let mut de = serde_json::Deserializer::from_slice(json);
    let msg = DynamicMessage::deserialize(desc, &mut de).map_err(|e| e.to_string())?;
    de.end().map_err(|e| e.to_string())?;
    Ok(msg.encode_to_vec())
}

/// Protobuf bytes of `desc` as canonical JSON.
pub fn proto_to_json(desc: MessageDescriptor, bytes: &[u8]) -> Result<Vec<u8>, String> {
    let msg = DynamicMessage::decode(desc, bytes).map_err(|e| e.to_string())?;
    serde_json::to_vec(&msg).map_err(|e| e.to_string())
}

/// The canonical JSON of the `tablero.v1` message `name` encoded in `bytes` (the webhooks' body).
pub fn message_json(name: &str, bytes: &[u8]) -> Result<Vec<u8>, String> {
    let desc = pool()
        .get_message_by_name(name)
        .ok_or_else(|| format!("no message {name}"))?;
    proto_to_json(desc, bytes)
}
