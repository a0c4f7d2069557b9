//! Seat tokens: random secrets handed out once, stored only as SHA-256 hashes. Who a token makes
//! its bearer in a game: a seat, the creator, a campaign's owner, or nobody.

use crate::error::ApiError;
use crate::store::record::{GameRecord, Occupant};
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
///
/// A token is valid while its seat is a person's: one that belongs to no seat of this game
/// (reissued, or another game's) is refused, and so is the token of a seat that resigned or
/// that the server's bot plays now (it reads that seat's hidden information no more; handed
/// back, the seat's token works again). Every call and every open stream asks this of the
/// game as it is now, so a token stops working at once on every replica.
pub fn viewer(record: &GameRecord, token: Option<&str>) -> Result<Viewer, ApiError> {
    let Some(token) = token else {
        return Ok(Viewer::Spectator);
    };
    let hash = hash_token(token);
    let seat = record
        .seats
        .iter()
        .position(|s| {
            s.token_hash
                .as_deref()
                .is_some_and(|h| constant_time_eq(h, &hash))
        })
        .ok_or_else(|| {
            ApiError::Unauthenticated(format!("the token is not valid for game {}", record.id))
        })?;
    let held = &record.seats[seat];
    if held.resigned_at.is_some() {
        return Err(ApiError::Unauthenticated(format!(
            "seat {seat} of game {} resigned: its token no longer works",
            record.id
        )));
    }
    if held.occupant != Occupant::Human {
        return Err(ApiError::Unauthenticated(format!(
            "seat {seat} of game {} is played by the server's bot: its token works again once the seat is handed back",
            record.id
        )));
    }
    Ok(Viewer::Seat(seat))
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
