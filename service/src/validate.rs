//! Request validation shared by the handlers: malformed input is INVALID_ARGUMENT, before any
//! store access.

use crate::error::ApiError;

pub const MAX_NAME_CHARS: usize = 64;
pub const MAX_IDEMPOTENCY_KEY_CHARS: usize = 128;
pub const MAX_SEATS: usize = 8;

/// Game ids are `g_` + 24 lowercase hex digits.
pub fn game_id(id: &str) -> Result<(), ApiError> {
    prefixed_id(id, "g_", "game_id", "game")
}

/// Ids are a prefix + 24 lowercase hex digits.
fn prefixed_id(id: &str, prefix: &str, field: &'static str, what: &str) -> Result<(), ApiError> {
    let ok = id.len() == prefix.len() + 24
        && id.starts_with(prefix)
        && id[prefix.len()..]
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if ok {
        Ok(())
    } else {
        Err(ApiError::invalid(
            field,
            format!("`{}` is not a {what} id", truncate(id)),
        ))
    }
}

/// A fresh random id with `prefix`.
fn new_prefixed_id(prefix: &str) -> Result<String, ApiError> {
    let mut bytes = [0u8; 12];
    getrandom::fill(&mut bytes).map_err(|e| ApiError::Internal(format!("no randomness: {e}")))?;
    Ok(format!("{prefix}{}", hex::encode(bytes)))
}

pub fn name(field: &'static str, name: &str) -> Result<(), ApiError> {
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(ApiError::invalid(
            field,
            format!("longer than {MAX_NAME_CHARS} characters"),
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(ApiError::invalid(field, "contains control characters"));
    }
    Ok(())
}

pub fn idempotency_key(key: &str) -> Result<(), ApiError> {
    if key.chars().count() > MAX_IDEMPOTENCY_KEY_CHARS {
        return Err(ApiError::invalid(
            "idempotency_key",
            format!("longer than {MAX_IDEMPOTENCY_KEY_CHARS} characters"),
        ));
    }
    Ok(())
}

/// A listing page: the offset a `page_token` stands for (empty = the start) and the page size
/// (0 = `default`, capped at `max`).
pub fn page(
    page_token: &str,
    page_size: u32,
    default: usize,
    max: usize,
) -> Result<(usize, usize), ApiError> {
    let offset = if page_token.is_empty() {
        0
    } else {
        page_token
            .parse()
            .map_err(|_| ApiError::invalid("page_token", "not a token from this listing"))?
    };
    let limit = match page_size as usize {
        0 => default,
        n => n.min(max),
    };
    Ok((offset, limit))
}

/// Shortens user input quoted back in an error message.
pub fn truncate(s: &str) -> String {
    if s.chars().count() <= 40 {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(40).collect::<String>())
    }
}

/// Campaign ids are `c_` + 24 lowercase hex digits.
pub fn campaign_id(id: &str) -> Result<(), ApiError> {
    prefixed_id(id, "c_", "campaign_id", "campaign")
}

pub fn new_campaign_id() -> Result<String, ApiError> {
    new_prefixed_id("c_")
}

pub fn new_game_id() -> Result<String, ApiError> {
    new_prefixed_id("g_")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_ids() {
        let id = new_game_id().unwrap();
        assert!(game_id(&id).is_ok());
        assert!(game_id("g_XYZ").is_err());
        assert!(game_id("").is_err());
        assert!(game_id(&"g_".repeat(13)).is_err());
    }
}
