//! Request validation shared by the handlers: malformed input is INVALID_ARGUMENT, before any
//! store access.

use crate::error::ApiError;
/// Shortens user input quoted back in an error message (the mappings' own).
pub use tablero_proto::games::truncate;

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

/// Characters that change how the text around them is shown without showing themselves:
/// bidirectional controls (a name could reverse the text after it), zero-width and other
/// invisible formatting characters, line and paragraph separators, and tag characters. A display
/// name with one could pose as another seat's.
fn is_invisible_or_reordering(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{206F}'
        | '\u{3164}' | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF9}'..='\u{FFFB}' | '\u{E0000}'..='\u{E007F}')
}

/// A display name: at most [`MAX_NAME_CHARS`] characters, no control, bidirectional or
/// invisible characters, no leading or trailing white space.
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
    if let Some(c) = name.chars().find(|c| is_invisible_or_reordering(*c)) {
        return Err(ApiError::invalid(
            field,
            format!(
                "contains U+{:04X}, an invisible or text-reordering character",
                c as u32
            ),
        ));
    }
    if name.trim() != name {
        return Err(ApiError::invalid(field, "starts or ends with white space"));
    }
    Ok(())
}

/// Longest `player_ref`, in bytes.
pub const MAX_PLAYER_REF_BYTES: usize = 128;

/// A backend's id of its player: empty (none), or 1 to 128 bytes without control characters.
/// Opaque otherwise: the backend's user ids are its own.
pub fn player_ref(field: &'static str, player_ref: &str) -> Result<Option<String>, ApiError> {
    if player_ref.is_empty() {
        return Ok(None);
    }
    if player_ref.len() > MAX_PLAYER_REF_BYTES {
        return Err(ApiError::invalid(
            field,
            format!("longer than {MAX_PLAYER_REF_BYTES} bytes"),
        ));
    }
    if player_ref.chars().any(char::is_control) {
        return Err(ApiError::invalid(field, "contains control characters"));
    }
    Ok(Some(player_ref.to_string()))
}

pub fn idempotency_key(key: &str) -> Result<(), ApiError> {
    if key.chars().count() > MAX_IDEMPOTENCY_KEY_CHARS {
        return Err(ApiError::invalid(
            "idempotency_key",
            format!("longer than {MAX_IDEMPOTENCY_KEY_CHARS} characters"),
        ));
    }
    if key.chars().any(char::is_control) {
        return Err(ApiError::invalid(
            "idempotency_key",
            "contains control characters",
        ));
    }
    Ok(())
}

/// A short identifier-like string (a mode name, a bot kind): at most 64 bytes, printable ASCII.
pub fn short_word(field: &'static str, word: &str) -> Result<(), ApiError> {
    if word.len() > 64 || !word.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(ApiError::invalid(
            field,
            format!(
                "`{}` is not a name of this server (at most 64 printable ASCII characters)",
                truncate(word)
            ),
        ));
    }
    Ok(())
}

/// The longest action id a client may send, in bytes: the longest id any game makes is far
/// shorter (Panovník's `place:…:eg=…`, one colour per eternal gem spent, is a few dozen).
pub const MAX_ACTION_ID_BYTES: usize = 256;

/// An action id, bounded before any game parses it.
pub fn action_id(id: &str) -> Result<(), ApiError> {
    if id.len() > MAX_ACTION_ID_BYTES {
        return Err(ApiError::invalid(
            "action_id",
            format!(
                "{} bytes; an action id has at most {MAX_ACTION_ID_BYTES}",
                id.len()
            ),
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
    if page_token.len() > 64 {
        return Err(ApiError::invalid(
            "page_token",
            "not a token from this listing",
        ));
    }
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

/// A page size: 0 = `default`, capped at `max`.
pub fn page_size(page_size: u32, default: usize, max: usize) -> usize {
    match page_size as usize {
        0 => default,
        n => n.min(max),
    }
}

/// A page token as a client sends it back: short, printable ASCII (the store checks it is one
/// of its own).
pub fn page_token(token: &str) -> Result<(), ApiError> {
    if token.len() > 64 || !token.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(ApiError::invalid(
            "page_token",
            "not a token from this listing",
        ));
    }
    Ok(())
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

/// A random game id (`g_` + 24 hex digits, as [`game_id`] wants) in the same
/// slot as `campaign_id`. About 16,384 candidates are drawn on average (well under a
/// millisecond); the bytes come from one random seed stretched by ChaCha, not a system call each.
pub fn new_play_id(campaign_id: &str) -> Result<String, ApiError> {
    use crate::store::slot::{SLOTS, of_tag};
    use rand_chacha::ChaCha8Rng;
    use rand_core::{Rng, SeedableRng};
    let target = of_tag(campaign_id);
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed).map_err(|e| ApiError::Internal(format!("no randomness: {e}")))?;
    let mut rng = ChaCha8Rng::from_seed(seed);
    let mut bytes = [0u8; 12];
    // Each draw hits with probability 1/16384; this many misses cannot happen in practice.
    for _ in 0..(64 * SLOTS as u32) {
        rng.fill_bytes(&mut bytes);
        let id = format!("g_{}", hex::encode(bytes));
        if of_tag(&id) == target {
            return Ok(id);
        }
    }
    Err(ApiError::Internal(
        "no play id found in the campaign's slot".into(),
    ))
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

    #[test]
    fn names_refuse_what_could_pose_as_another_seat() {
        assert!(name("name", "Ana Nováková 🎲").is_ok());
        for bad in [
            "Ana\u{202E}",
            "A\u{200B}na",
            "\u{2066}Ana\u{2069}",
            "Ana\u{FEFF}",
            "Ana\n",
            " Ana",
            "Ana ",
            &"x".repeat(65),
        ] {
            assert!(
                matches!(
                    name("name", bad),
                    Err(ApiError::Invalid { field, .. }) if field == "name"
                ),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn action_ids_are_bounded() {
        assert!(action_id("place:2:1:eg=blue+red").is_ok());
        assert!(action_id(&"x".repeat(MAX_ACTION_ID_BYTES)).is_ok());
        let e = action_id(&"x".repeat(20_000)).unwrap_err();
        assert!(matches!(&e, ApiError::Invalid { field, .. } if field == "action_id"));
        assert!(e.to_string().len() < 100, "no echo: {e}");
    }

    #[test]
    fn a_play_id_shares_its_campaign_slot_and_is_a_game_id() {
        let campaign = "c_0123456789abcdef01234567";
        let id = new_play_id(campaign).unwrap();
        assert_eq!(
            crate::store::slot::of_tag(&id),
            crate::store::slot::of_tag(campaign)
        );
        assert!(game_id(&id).is_ok());
        assert_ne!(id, new_play_id(campaign).unwrap());
    }
}
