//! Numeric helpers the game mappings share: counts and seats out to the wire, small numbers
//! in from it.

use super::Invalid;

/// A count or index as a proto `uint32` (saturating; the rules' counts are small).
pub fn u32_of(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Seats or counts as proto `uint32`s.
pub fn u32s(xs: &[usize]) -> Vec<u32> {
    xs.iter().map(|s| u32_of(*s)).collect()
}

/// A small number from the wire, within `range`.
pub fn small(
    n: u32,
    range: std::ops::RangeInclusive<u8>,
    field: &'static str,
    what: &str,
) -> Result<u8, Invalid> {
    u8::try_from(n)
        .ok()
        .filter(|v| range.contains(v))
        .ok_or_else(|| {
            Invalid::new(
                field,
                format!(
                    "{what} {n} is out of range {}..={}",
                    range.start(),
                    range.end()
                ),
            )
        })
}
