//! Small helpers for the English the games write (event summaries, labels, effect texts).

/// `1 card`, `2 cards`.
pub fn plural(n: impl TryInto<u32>, one: &str, many: &str) -> String {
    let n: u32 = n.try_into().unwrap_or(u32::MAX);
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `a`, `a and b`, `a, b and c`.
pub fn and_list(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// `seat 0 and seat 2`, or `nobody`.
pub fn seat_list(xs: &[usize]) -> String {
    if xs.is_empty() {
        return "nobody".to_string();
    }
    and_list(&xs.iter().map(|s| format!("seat {s}")).collect::<Vec<_>>())
}
