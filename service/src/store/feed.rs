//! The change feed's storage: every write appends the changes it makes (encoded
//! `tablero.v1.Change` messages, built by `engine::changes`) in the same atomic step as the
//! write, so a change is in the feed exactly when the write is in the store. Readers page through
//! it by cursor. The memory store keeps a ring ([`FeedRing`]); Redis keeps a stream (see
//! `store::redis`).
//!
//! Webhook deliveries keep their state here too: a lease per endpoint (one replica delivers at a
//! time), the cursor delivered up to, and a delivery log.

use super::{Store, StoreError};
use std::collections::VecDeque;

/// One change as stored, with the cursor a reader resumes after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeedEntry {
    pub cursor: String,
    /// An encoded `tablero.v1.Change` (its `cursor` field empty).
    pub change: Vec<u8>,
}

/// Where a feed read starts.
#[derive(Clone, Copy, Debug)]
pub enum FeedFrom<'a> {
    /// The oldest change kept.
    Start,
    /// The change after this cursor.
    After(&'a str),
    /// The change at this cursor (and the ones after it); a reader checks the first entry's
    /// cursor, since a trimmed change is not there.
    At(&'a str),
}

/// A page of the feed.
#[derive(Debug, Default)]
pub struct FeedPage {
    pub entries: Vec<FeedEntry>,
    /// Changes after the cursor were trimmed: the reader has missed some.
    pub expired: bool,
}

/// A webhook endpoint's lease: who holds it, until when.
pub struct Lease<'a> {
    pub name: &'a str,
    pub holder: &'a str,
    pub ttl_ms: u64,
}

/// Retry requests kept per webhook endpoint.
pub const MAX_REDELIVERIES: usize = 100;

/// What the store keeps of a webhook endpoint beside its cursor (`webhooks::deliver` decides
/// it; only the endpoint's lease holder writes it).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct EndpointState {
    /// Since when every attempt has failed (none: the last attempt succeeded).
    pub failing_since_ms: Option<i64>,
    /// When the endpoint was disabled for failing `disable_after`.
    pub disabled_at_ms: Option<i64>,
    /// The change being retried and the attempts it has had, so a new holder goes on with its
    /// schedule instead of starting it again.
    pub retrying: Option<(String, u32)>,
}

impl EndpointState {
    pub fn decode(bytes: &[u8]) -> Result<Self, StoreError> {
        rmp_serde::from_slice(bytes)
            .map_err(|e| StoreError::Other(format!("a webhook endpoint's state: {e}")))
    }

    pub fn encode(&self) -> Vec<u8> {
        rmp_serde::to_vec(self).expect("plain fields encode")
    }
}

/// The state of webhook `endpoint` as stored (the default when none is).
pub async fn state_of<S: Store>(store: &S, endpoint: &str) -> Result<EndpointState, StoreError> {
    match store.webhook_state(endpoint).await? {
        Some(bytes) => EndpointState::decode(&bytes),
        None => Ok(EndpointState::default()),
    }
}

/// The memory store's feed: a ring of changes numbered from 1, cursors `m<number>`.
#[derive(Debug, Default)]
pub struct FeedRing {
    /// (when appended in unix ms, change), oldest first; the last is number `last`, so each
    /// one's number is implicit (a million changes are kept by default: every byte counts).
    entries: VecDeque<(i64, Box<[u8]>)>,
    /// The number of the last change appended (0 = none yet).
    last: u64,
}

/// The number in a memory cursor, `None` when `cursor` is not one.
fn ring_number(cursor: &str) -> Option<u64> {
    cursor.strip_prefix('m')?.parse().ok()
}

impl FeedRing {
    /// Appends `changes` at `now_ms`, then trims to `max_len` and `max_age_ms`.
    pub fn push(&mut self, changes: &[Vec<u8>], now_ms: i64, max_len: usize, max_age_ms: i64) {
        for change in changes {
            self.last += 1;
            self.entries.push_back((now_ms, change.as_slice().into()));
        }
        while self.entries.len() > max_len
            || self
                .entries
                .front()
                .is_some_and(|(at, _)| *at < now_ms - max_age_ms)
        {
            self.entries.pop_front();
        }
    }

    /// The number of the oldest change kept (`last + 1` when none is).
    fn first_kept(&self) -> u64 {
        self.last + 1 - self.entries.len() as u64
    }

    /// At most `limit` changes from `from`; `None` when the cursor is not one of this feed's.
    pub fn read(&self, from: FeedFrom<'_>, limit: usize) -> Option<FeedPage> {
        let after = match from {
            FeedFrom::Start => 0,
            FeedFrom::After(cursor) => ring_number(cursor).filter(|n| *n <= self.last)?,
            FeedFrom::At(cursor) => {
                ring_number(cursor).filter(|n| (1..=self.last).contains(n))? - 1
            }
        };
        let first_kept = self.first_kept();
        let expired = !matches!(from, FeedFrom::Start) && after + 1 < first_kept;
        let skip = (after + 1).saturating_sub(first_kept) as usize;
        let entries = self
            .entries
            .iter()
            .enumerate()
            .skip(skip)
            .take(limit)
            .map(|(i, (_, change))| FeedEntry {
                cursor: format!("m{}", first_kept + i as u64),
                change: change.to_vec(),
            })
            .collect();
        Some(FeedPage { entries, expired })
    }

    /// The cursor of the last change appended (reading after it waits for the next).
    pub fn head(&self) -> String {
        format!("m{}", self.last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cursors(page: &FeedPage) -> Vec<&str> {
        page.entries.iter().map(|e| e.cursor.as_str()).collect()
    }

    #[test]
    fn an_endpoint_state_survives_the_store() {
        let state = EndpointState {
            failing_since_ms: Some(5),
            disabled_at_ms: None,
            retrying: Some(("m3".into(), 2)),
        };
        assert_eq!(EndpointState::decode(&state.encode()).unwrap(), state);
    }

    #[test]
    fn a_ring_pages_by_cursor_and_says_when_a_cursor_fell_out() {
        let mut ring = FeedRing::default();
        assert_eq!(ring.head(), "m0");
        ring.push(&[vec![1], vec![2], vec![3]], 1_000, 3, 10_000);
        let page = ring.read(FeedFrom::Start, 2).unwrap();
        assert_eq!(cursors(&page), ["m1", "m2"]);
        let page = ring.read(FeedFrom::After("m2"), 10).unwrap();
        assert_eq!((cursors(&page), page.expired), (vec!["m3"], false));
        // Two more push the first two out (at most 3 kept).
        ring.push(&[vec![4], vec![5]], 1_001, 3, 10_000);
        let page = ring.read(FeedFrom::After("m1"), 10).unwrap();
        assert_eq!(
            (cursors(&page), page.expired),
            (vec!["m3", "m4", "m5"], true)
        );
        let page = ring.read(FeedFrom::After("m2"), 10).unwrap();
        assert!(!page.expired);
        assert_eq!(ring.head(), "m5");
        assert!(ring.read(FeedFrom::After("m6"), 10).is_none());
        assert!(ring.read(FeedFrom::After("1-0"), 10).is_none());
        // At a cursor: that change first; a trimmed one is expired.
        assert_eq!(cursors(&ring.read(FeedFrom::At("m4"), 1).unwrap()), ["m4"]);
        assert!(ring.read(FeedFrom::At("m1"), 1).unwrap().expired);
        assert!(ring.read(FeedFrom::At("m6"), 1).is_none());
        assert!(ring.read(FeedFrom::At("m0"), 1).is_none());
        // Age trims too.
        ring.push(&[vec![6]], 20_000, 3, 10_000);
        assert_eq!(cursors(&ring.read(FeedFrom::Start, 10).unwrap()), ["m6"]);
    }
}
