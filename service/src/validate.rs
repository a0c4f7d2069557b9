//! Request validation shared by the handlers: malformed input is INVALID_ARGUMENT, before any
//! store access.

use crate::error::ApiError;

pub const MAX_NAME_CHARS: usize = 64;
pub const MAX_IDEMPOTENCY_KEY_CHARS: usize = 128;
pub const MAX_SEATS: usize = 8;

/// Game ids are `g_` + 24 lowercase hex digits.
pub fn game_id(id: &str) -> Result<(), ApiError> {
    let ok = id.len() == 26
        && id.starts_with("g_")
        && id[2..]
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if ok {
        Ok(())
    } else {
        Err(ApiError::invalid(
            "game_id",
            format!("`{}` is not a game id", truncate(id)),
        ))
    }
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
    let ok = id.len() == 26
        && id.starts_with("c_")
        && id[2..]
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if ok {
        Ok(())
    } else {
        Err(ApiError::invalid(
            "campaign_id",
            format!("`{}` is not a campaign id", truncate(id)),
        ))
    }
}

pub fn new_campaign_id() -> Result<String, ApiError> {
    let mut bytes = [0u8; 12];
    getrandom::fill(&mut bytes).map_err(|e| ApiError::Internal(format!("no randomness: {e}")))?;
    Ok(format!("c_{}", hex::encode(bytes)))
}

pub fn new_game_id() -> Result<String, ApiError> {
    let mut bytes = [0u8; 12];
    getrandom::fill(&mut bytes).map_err(|e| ApiError::Internal(format!("no randomness: {e}")))?;
    Ok(format!("g_{}", hex::encode(bytes)))
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
