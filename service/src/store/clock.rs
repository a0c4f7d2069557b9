//! Wall-clock time as the stores, records and turn clocks keep it. Tests may shift it (on every
//! replica at once) through an offset file, so turn clocks run out without anybody sleeping.

use std::path::PathBuf;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

/// Added to the system clock: 0 unless a test's offset file says otherwise.
static OFFSET_MS: AtomicI64 = AtomicI64::new(0);

/// Milliseconds since the Unix epoch (0 if the clock is before it), plus a test's offset.
pub fn now_ms() -> i64 {
    let system = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0);
    system.saturating_add(OFFSET_MS.load(Ordering::Relaxed))
}

/// Follows `file` (milliseconds as decimal text) forever: the offset is what it last held. A
/// missing or unreadable file leaves the offset as it was. Only for tests (`--fake-clock-file`).
pub async fn follow_offset_file(file: PathBuf) {
    loop {
        if let Ok(text) = std::fs::read_to_string(&file)
            && let Ok(ms) = text.trim().parse::<i64>()
        {
            OFFSET_MS.store(ms, Ordering::Relaxed);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
