//! Seat tokens: random secrets handed out once, stored only as SHA-256 hashes. Who a token makes
//! its bearer in a game: a seat, the creator, a campaign's owner, or nobody.

use crate::error::ApiError;
use crate::store::record::GameRecord;
use sha2::{Digest, Sha256};
use tablero_rules::{Seat, Viewer};

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
}
