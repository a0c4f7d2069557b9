//! Seat tokens: random secrets handed out once, stored only as SHA-256 hashes, presented as
//! `authorization: Bearer <token>`.

use crate::error::ApiError;
use crate::record::GameRecord;
use sha2::{Digest, Sha256};
use tablero_rules::{Seat, Viewer};
use tonic::metadata::MetadataMap;

/// A new random token (256 bits, hex) and its stored hash.
pub fn new_token() -> Result<(String, String), ApiError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| ApiError::Internal(format!("no randomness: {e}")))?;
    let token = format!("tbl_{}", hex::encode(bytes));
    let hash = hash_token(&token);
    Ok((token, hash))
}

pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// The bearer token of a request, if any.
pub fn bearer(metadata: &MetadataMap) -> Result<Option<String>, ApiError> {
    let mut values = metadata.get_all("authorization").iter();
    let Some(value) = values.next() else {
        return Ok(None);
    };
    // Which one a proxy or a library would pick is not defined: refuse rather than guess.
    if values.next().is_some() {
        return Err(ApiError::Unauthenticated(
            "send one `authorization`, not several".into(),
        ));
    }
    let text = value
        .to_str()
        .map_err(|_| ApiError::Unauthenticated("authorization metadata is not text".into()))?;
    let token = text
        .strip_prefix("Bearer ")
        .or_else(|| text.strip_prefix("bearer "))
        .ok_or_else(|| ApiError::Unauthenticated("authorization must be `Bearer <token>`".into()))?
        .trim();
    if token.is_empty() || token.len() > 200 {
        return Err(ApiError::Unauthenticated("malformed bearer token".into()));
    }
    Ok(Some(token.to_string()))
}

/// Who the caller is in this game: the token's seat, or a spectator without a token.
/// A token that belongs to no seat of this game is refused.
pub fn viewer(record: &GameRecord, token: Option<&str>) -> Result<Viewer, ApiError> {
    let Some(token) = token else {
        return Ok(Viewer::Spectator);
    };
    let hash = hash_token(token);
    record
        .seats
        .iter()
        .position(|s| {
            s.token_hash
                .as_deref()
                .is_some_and(|h| constant_time_eq(h, &hash))
        })
        .map(Viewer::Seat)
        .ok_or_else(|| {
            ApiError::Unauthenticated(format!("the token is not valid for game {}", record.id))
        })
}

/// The seat a token acts for; acting needs a token.
pub fn acting_seat(record: &GameRecord, token: Option<&str>) -> Result<Seat, ApiError> {
    match viewer(record, token)? {
        Viewer::Seat(s) => Ok(s),
        Viewer::Spectator => Err(ApiError::Unauthenticated(
            "acting needs a seat token (authorization: Bearer <token>)".into(),
        )),
    }
}

/// Checks that `token` is the game's creator's (the only credential that may delete it).
pub fn creator(record: &GameRecord, token: &str) -> Result<(), ApiError> {
    match &record.creator_token_hash {
        Some(hash) if matches(hash, token) => Ok(()),
        Some(_) => Err(ApiError::PermissionDenied(format!(
            "only game {}'s creator may delete it: this is not its creator token",
            record.id
        ))),
        None => Err(ApiError::PermissionDenied(format!(
            "game {} has no creator token (it was stored before games had one): it expires instead",
            record.id
        ))),
    }
}

/// Whether `token` is the one whose hash is `hash`.
pub fn matches(hash: &str, token: &str) -> bool {
    constant_time_eq(hash, &hash_token(token))
}

fn constant_time_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_unique_and_hash_stably() {
        let (t1, h1) = new_token().unwrap();
        let (t2, _) = new_token().unwrap();
        assert_ne!(t1, t2);
        assert_eq!(hash_token(&t1), h1);
        assert!(!h1.contains(&t1[4..]));
    }

    #[test]
    fn bearer_parsing() {
        let mut md = MetadataMap::new();
        assert_eq!(bearer(&md).unwrap(), None);
        md.insert("authorization", "Bearer abc".parse().unwrap());
        assert_eq!(bearer(&md).unwrap().as_deref(), Some("abc"));
        md.insert("authorization", "Basic abc".parse().unwrap());
        assert!(matches!(bearer(&md), Err(ApiError::Unauthenticated(_))));
        md.insert("authorization", "Bearer abc".parse().unwrap());
        md.append("authorization", "Bearer def".parse().unwrap());
        assert!(
            matches!(bearer(&md), Err(ApiError::Unauthenticated(_))),
            "two tokens: neither wins"
        );
    }
}
