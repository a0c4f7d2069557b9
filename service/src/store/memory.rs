//! The embedded in-memory store: the default, so the server runs with nothing else installed.
//! Games vanish when the process ends.
//!
//! Expiry follows the [`Lifecycle`] on a clock: each game has a deadline, moved by every write; a
//! game past it reads as absent at once, and [`Store::sweep`] frees its memory.

use super::notify::Notifier;
use super::{Commit, CommitResult, GameCount, ListFilter, STATUSES, Store, StoreError};
use crate::lifecycle::Lifecycle;
use crate::record::{CampaignRecord, GameRecord, LogEntry};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;
use tokio::sync::broadcast;

struct Slot {
    record: GameRecord,
    log: Vec<LogEntry>,
    idempotency: HashMap<String, Vec<u8>>,
    /// When the game expires; `None` = kept until deleted.
    expires_at: Option<Instant>,
}

impl Slot {
    fn live(&self, now: Instant) -> bool {
        self.expires_at.is_none_or(|t| now < t)
    }
}

#[derive(Default)]
pub struct MemoryStore {
    games: Mutex<Inner>,
    notifier: Notifier,
    lifecycle: Lifecycle,
}

#[derive(Default)]
struct Inner {
    slots: HashMap<String, Slot>,
    /// Ids in creation order (oldest first), for the listing.
    order: Vec<String>,
    campaigns: HashMap<String, CampaignRecord>,
    /// Campaign ids in creation order.
    campaign_order: Vec<String>,
}

impl Inner {
    /// The game, unless it expired.
    fn live(&self, id: &str) -> Option<&Slot> {
        self.slots.get(id).filter(|s| s.live(Instant::now()))
    }
}

impl MemoryStore {
    /// A store that keeps games as long as [`Lifecycle::default`] says.
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with_lifecycle(mut self, lifecycle: Lifecycle) -> Self {
        self.lifecycle = lifecycle;
        self
    }

    fn deadline(&self, record: &GameRecord) -> Option<Instant> {
        self.lifecycle.ttl(record).map(|ttl| Instant::now() + ttl)
    }
}

impl Store for MemoryStore {
    async fn create(&self, record: &GameRecord, entries: &[LogEntry]) -> Result<(), StoreError> {
        {
            let mut inner = self.games.lock().expect("memory store lock");
            if inner.live(&record.id).is_some() {
                return Err(StoreError::AlreadyExists(record.id.clone()));
            }
            // An expired game of the same id not swept yet is replaced.
            if inner.slots.remove(&record.id).is_some() {
                inner.order.retain(|id| id != &record.id);
            }
            inner.order.push(record.id.clone());
            inner.slots.insert(
                record.id.clone(),
                Slot {
                    record: record.clone(),
                    log: entries.to_vec(),
                    idempotency: HashMap::new(),
                    expires_at: self.deadline(record),
                },
            );
        }
        self.notifier.notify(&record.id, record.revision);
        Ok(())
    }

    async fn load(&self, id: &str) -> Result<Option<GameRecord>, StoreError> {
        let inner = self.games.lock().expect("memory store lock");
        Ok(inner.live(id).map(|s| s.record.clone()))
    }

    async fn commit(&self, c: Commit<'_>) -> Result<CommitResult, StoreError> {
        {
            let mut inner = self.games.lock().expect("memory store lock");
            let slot = inner
                .slots
                .get_mut(&c.record.id)
                .filter(|s| s.live(Instant::now()))
                .ok_or_else(|| StoreError::GameGone(c.record.id.clone()))?;
            if let Some((key, _)) = c.idempotency
                && let Some(first) = slot.idempotency.get(key)
            {
                return Ok(CommitResult::Duplicate(first.clone()));
            }
            if slot.record.revision != c.expected_revision {
                return Ok(CommitResult::Conflict);
            }
            slot.record = c.record.clone();
            slot.expires_at = self.deadline(c.record);
            slot.log.extend_from_slice(c.entries);
            if let Some((key, value)) = c.idempotency {
                slot.idempotency.insert(key.to_string(), value.to_vec());
            }
        }
        self.notifier.notify(&c.record.id, c.record.revision);
        Ok(CommitResult::Committed)
    }

    async fn idempotent_result(&self, id: &str, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let inner = self.games.lock().expect("memory store lock");
        Ok(inner.live(id).and_then(|s| s.idempotency.get(key).cloned()))
    }

    async fn log(&self, id: &str, from: u64, to: u64) -> Result<Vec<LogEntry>, StoreError> {
        let inner = self.games.lock().expect("memory store lock");
        let Some(slot) = inner.live(id) else {
            return Ok(Vec::new());
        };
        // Entry i holds version i + 1.
        let start = (from as usize).min(slot.log.len());
        let end = (to as usize).min(slot.log.len());
        Ok(slot.log[start..end.max(start)].to_vec())
    }

    async fn list(&self, f: ListFilter<'_>) -> Result<(Vec<GameRecord>, bool), StoreError> {
        let inner = self.games.lock().expect("memory store lock");
        let mut matching = inner.order.iter().rev().filter_map(|id| {
            let r = &inner.live(id)?.record;
            let type_ok = f.game_type.is_none_or(|t| t == r.game_type);
            let status_ok = f.status.is_none_or(|s| s == r.status);
            (type_ok && status_ok).then(|| r.clone())
        });
        let page: Vec<GameRecord> = matching.by_ref().skip(f.offset).take(f.limit).collect();
        let more = matching.next().is_some();
        Ok((page, more))
    }

    async fn count_games<'a>(
        &self,
        game_types: &[&'a str],
    ) -> Result<Vec<GameCount<'a>>, StoreError> {
        let mut counts: Vec<GameCount<'a>> = game_types
            .iter()
            .flat_map(|t| {
                STATUSES.map(|status| GameCount {
                    game_type: t,
                    status,
                    games: 0,
                })
            })
            .collect();
        let inner = self.games.lock().expect("memory store lock");
        // One pass over every game: this runs per metrics scrape, not per request.
        for slot in inner.slots.values() {
            let r = &slot.record;
            if let Some(c) = counts
                .iter_mut()
                .find(|c| c.game_type == r.game_type && c.status == r.status)
            {
                c.games += 1;
            }
        }
        Ok(counts)
    }

    async fn create_campaign(&self, record: &CampaignRecord) -> Result<(), StoreError> {
        let mut inner = self.games.lock().expect("memory store lock");
        if inner.campaigns.contains_key(&record.id) {
            return Err(StoreError::AlreadyExists(record.id.clone()));
        }
        inner.campaign_order.push(record.id.clone());
        inner.campaigns.insert(record.id.clone(), record.clone());
        Ok(())
    }

    async fn load_campaign(&self, id: &str) -> Result<Option<CampaignRecord>, StoreError> {
        let inner = self.games.lock().expect("memory store lock");
        Ok(inner.campaigns.get(id).cloned())
    }

    async fn commit_campaign(
        &self,
        record: &CampaignRecord,
        expected_revision: u64,
    ) -> Result<bool, StoreError> {
        let mut inner = self.games.lock().expect("memory store lock");
        // A deleted campaign is as stale as a changed one: the writer reads it again.
        let Some(stored) = inner.campaigns.get_mut(&record.id) else {
            return Ok(false);
        };
        if stored.revision != expected_revision {
            return Ok(false);
        }
        *stored = record.clone();
        Ok(true)
    }

    async fn list_campaigns(
        &self,
        game_type: Option<&str>,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<CampaignRecord>, bool), StoreError> {
        let inner = self.games.lock().expect("memory store lock");
        let mut matching = inner
            .campaign_order
            .iter()
            .rev()
            .map(|id| &inner.campaigns[id])
            .filter(|c| game_type.is_none_or(|t| t == c.game_type))
            .cloned();
        let page: Vec<CampaignRecord> = matching.by_ref().skip(offset).take(limit).collect();
        let more = matching.next().is_some();
        Ok((page, more))
    }

    async fn delete(&self, id: &str) -> Result<bool, StoreError> {
        let deleted = {
            let mut inner = self.games.lock().expect("memory store lock");
            let live = inner.live(id).is_some();
            if inner.slots.remove(id).is_some() {
                inner.order.retain(|o| o != id);
            }
            live
        };
        if deleted {
            // Wakes the watchers, which then find no game.
            self.notifier.notify(id, 0);
        }
        Ok(deleted)
    }

    async fn delete_campaign(&self, id: &str) -> Result<Option<CampaignRecord>, StoreError> {
        let mut inner = self.games.lock().expect("memory store lock");
        let removed = inner.campaigns.remove(id);
        if removed.is_some() {
            inner.campaign_order.retain(|c| c != id);
        }
        Ok(removed)
    }

    async fn sweep(&self) -> Result<usize, StoreError> {
        let mut inner = self.games.lock().expect("memory store lock");
        let now = Instant::now();
        let before = inner.slots.len();
        inner.slots.retain(|_, slot| slot.live(now));
        let swept = before - inner.slots.len();
        if swept > 0 {
            let Inner { slots, order, .. } = &mut *inner;
            order.retain(|id| slots.contains_key(id));
        }
        Ok(swept)
    }

    async fn subscribe(&self, id: &str) -> Result<broadcast::Receiver<u64>, StoreError> {
        Ok(self.notifier.subscribe(id))
    }
}
