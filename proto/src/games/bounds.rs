//! Exact per-game bounds for the mappings: a number, a signed number, a repeated field or a
//! string from the wire against the game's own maximum, named in the refusal. (The service's
//! input guard bounds every field generically before.)

use super::Invalid;

/// A number from the wire, at most `max` (the game's own maximum, named in `what`).
pub fn at_most(n: u32, max: u32, field: &'static str, what: &str) -> Result<u32, Invalid> {
    if n <= max {
        Ok(n)
    } else {
        Err(Invalid::new(
            field,
            format!("{n} is out of range: {what} is at most {max}"),
        ))
    }
}

/// A signed number from the wire, at most `max` in magnitude.
pub fn within(n: i32, max: u32, field: &'static str, what: &str) -> Result<i32, Invalid> {
    if n.unsigned_abs() <= max {
        Ok(n)
    } else {
        Err(Invalid::new(
            field,
            format!("{n} is out of range: {what} is between -{max} and {max}"),
        ))
    }
}

/// A repeated field from the wire, at most `max` entries.
pub fn entries<T>(xs: &[T], max: usize, field: &'static str, what: &str) -> Result<(), Invalid> {
    if xs.len() <= max {
        Ok(())
    } else {
        Err(Invalid::new(
            field,
            format!("{} entries: {what} has at most {max}", xs.len()),
        ))
    }
}

/// A string from the wire, at most `max` bytes (the longest id of its kind).
pub fn text(s: &str, max: usize, field: &'static str, what: &str) -> Result<(), Invalid> {
    if s.len() <= max {
        Ok(())
    } else {
        Err(Invalid::new(
            field,
            format!("{} bytes: no {what} id is longer than {max}", s.len()),
        ))
    }
}
