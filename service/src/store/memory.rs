//! The embedded in-memory store: the default, so the server runs with nothing else installed.
//! Games vanish when the process ends.
//!
//! A game is kept as one compact copy, as Redis keeps it: the record's three format-2 parts
//! (decoded by every read), its log entries encoded, its idempotency records under their keys'
//! digests, and beside them the few fields the store filters, indexes and checks without
//! decoding (revision, status, type, creation, listed). The engine's hot cache, bounded, is the
//! only decoded copy of a game (`docs/storage.md`).
//!
//! Expiry follows the [`Lifecycle`] on a clock: each game has a deadline, moved by every write; a
//! game past it reads as absent at once, and [`Store::sweep`] frees its memory. Idempotency keys
//! are kept in write order with their deadlines, so forgetting the expired ones costs only them.
//! The listing walks a sequence-ordered index from the page token's position, so a deep page
//! costs what a first one does.

use super::feed::{FeedFrom, FeedPage, FeedRing, Lease};
use super::notify::Notifier;
use super::{
    Commit, CommitResult, GameCount, Idempotent, ListFilter, NewPlay, PlayerFilter, PlayerMarks,
    QuotaKind, Store, StoreError,
};
use crate::store::clock::now_ms;
use crate::store::lifecycle::Lifecycle;
use crate::store::record::{
    CampaignRecord, GameRecord, GameStatus, LogEntry, SNAPSHOT_FORMAT, SeatRecord,
};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

/// One stored game.
struct Slot {
    /// The record's three parts as Redis stores them (`GameRecord::encode`), one after
    /// another: hot, seats, cold. One allocation instead of three; a commit copies the other two
    /// parts (hundreds of bytes) into the new buffer with the new hot part.
    record: Box<[u8]>,
    seats_at: u32,
    cold_at: u32,
    /// The log entries one after another (`LogEntry::encode`), each after its length (u32, little
    /// endian); entry i holds version i + 1. Exactly as long as its entries: an append copies
    /// it, which costs less than the spare capacity of a growing buffer would weigh.
    log: Box<[u8]>,
    entries: u32,
    revision: u64,
    status: GameStatus,
    /// The format the record was written in: a format-1 record reads as format 1 until its
    /// first commit stores it whole (as on Redis).
    format: u32,
    game_type: Arc<str>,
    created_at_ms: i64,
    listed: bool,
    /// Its place in [`Inner::order`].
    seq: u64,
    /// The idempotency records in the order written, each with when it is forgotten.
    idempotency: VecDeque<Remembered>,
    /// When the game expires; `None` = kept until deleted.
    expires_at: Option<Instant>,
}

/// The three parts in one buffer, and where the second and the third begin.
fn joined(hot: &[u8], seats: &[u8], cold: &[u8]) -> (Box<[u8]>, u32, u32) {
    let record = [hot, seats, cold].concat().into_boxed_slice();
    (record, hot.len() as u32, (hot.len() + seats.len()) as u32)
}

/// One idempotency record.
struct Remembered {
    forget_at: Instant,
    key: KeyDigest,
    first: Idempotent,
}

/// The first 128 bits of the SHA-256 of an idempotency key: a game's keys are told apart by
/// this (two keys of one game collide with probability 2^-128), in 16 bytes instead of the key.
type KeyDigest = [u8; 16];

fn digest(key: &str) -> KeyDigest {
    let full: [u8; 32] = Sha256::digest(key.as_bytes()).into();
    let mut first = [0u8; 16];
    first.copy_from_slice(&full[..16]);
    first
}

impl Slot {
    fn new(record: &GameRecord, entries: &[LogEntry], seq: u64, game_type: Arc<str>) -> Slot {
        let parts = record.encode();
        let mut slot = Slot {
            record: Box::default(),
            seats_at: 0,
            cold_at: 0,
            log: Box::default(),
            entries: 0,
            revision: record.revision,
            status: record.status,
            format: record.format,
            game_type,
            created_at_ms: record.created_at_ms,
            listed: record.listed,
            seq,
            idempotency: VecDeque::new(),
            expires_at: None,
        };
        slot.set_parts(&parts.hot, &parts.seats, &parts.cold);
        slot.append(entries);
        slot
    }

    fn set_parts(&mut self, hot: &[u8], seats: &[u8], cold: &[u8]) {
        (self.record, self.seats_at, self.cold_at) = joined(hot, seats, cold);
    }

    fn hot(&self) -> &[u8] {
        &self.record[..self.seats_at as usize]
    }

    fn seats(&self) -> &[u8] {
        &self.record[self.seats_at as usize..self.cold_at as usize]
    }

    fn cold(&self) -> &[u8] {
        &self.record[self.cold_at as usize..]
    }

    fn append(&mut self, entries: &[LogEntry]) {
        if entries.is_empty() {
            return;
        }
        let encoded: Vec<Vec<u8>> = entries.iter().map(LogEntry::encode).collect();
        let mut log = std::mem::take(&mut self.log).into_vec();
        log.reserve_exact(encoded.iter().map(|e| 4 + e.len()).sum());
        for entry in &encoded {
            log.extend_from_slice(&(entry.len() as u32).to_le_bytes());
            log.extend_from_slice(entry);
        }
        self.log = log.into_boxed_slice();
        self.entries += entries.len() as u32;
    }

    /// Entries `from..to` (0-based), decoded.
    fn entries(&self, from: usize, to: usize) -> Result<Vec<LogEntry>, StoreError> {
        let mut out = Vec::with_capacity(to.saturating_sub(from));
        let mut rest: &[u8] = &self.log;
        for i in 0..to {
            let Some((len, after)) = rest.split_first_chunk::<4>() else {
                break;
            };
            let len = u32::from_le_bytes(*len) as usize;
            let (entry, after) = after.split_at(len);
            if i >= from {
                out.push(LogEntry::decode(entry)?);
            }
            rest = after;
        }
        Ok(out)
    }

    fn live(&self, now: Instant) -> bool {
        self.expires_at.is_none_or(|t| now < t)
    }

    /// The record of game `id`, decoded.
    fn record(&self, id: &str) -> Result<GameRecord, StoreError> {
        let mut record =
            GameRecord::decode_parts(id, &self.game_type, self.hot(), self.seats(), self.cold())?;
        record.format = self.format;
        Ok(record)
    }

    fn seat_records(&self) -> Vec<SeatRecord> {
        // Written by this store from a record it had in hand: it reads back.
        GameRecord::decode_seats(self.seats()).unwrap_or_default()
    }

    fn first_result(&self, key: &str) -> Option<Idempotent> {
        let key = digest(key);
        // Newest first: a retry follows its first attempt closely.
        self.idempotency
            .iter()
            .rev()
            .find(|r| r.key == key)
            .map(|r| r.first)
    }

    /// Forgets the idempotency keys whose window has passed.
    fn forget_expired_keys(&mut self, now: Instant) {
        while self.idempotency.front().is_some_and(|r| r.forget_at <= now) {
            self.idempotency.pop_front();
        }
    }
}

#[derive(Default)]
pub struct MemoryStore {
    games: Mutex<Inner>,
    notifier: Notifier,
    lifecycle: Lifecycle,
    /// Wakes the change feed's readers.
    feed_signal: Arc<tokio::sync::Notify>,
}

#[derive(Default)]
struct Inner {
    /// By id; the ids are shared with `order`.
    slots: HashMap<Arc<str>, Slot>,
    /// Each game type's name once, shared by its games' slots.
    game_types: HashSet<Arc<str>>,
    /// Ids by creation sequence (oldest first), for the listing.
    order: BTreeMap<u64, Arc<str>>,
    next_seq: u64,
    campaigns: HashMap<String, CampaignRecord>,
    /// Campaign ids in creation order.
    campaign_order: Vec<String>,
    /// When each campaign is due for an abandonment check (unix ms).
    campaign_due: HashMap<String, i64>,
    quotas: HashMap<(&'static str, String), HashSet<String>>,
    /// Each player's games, and the games waiting for each player, by (creation, id).
    players: HashMap<String, BTreeSet<(i64, String)>>,
    waiting: HashMap<String, BTreeSet<(i64, String)>>,
    /// Each timed game's deadline, and the same by time.
    deadlines: HashMap<String, i64>,
    deadline_order: BTreeSet<(i64, String)>,
    /// The change feed, appended under the same lock as the write it tells of.
    feed: FeedRing,
    /// Webhook endpoints' leases (holder, until), delivered cursors and delivery logs.
    leases: HashMap<String, (String, Instant)>,
    webhook_cursors: HashMap<String, String>,
    webhook_states: HashMap<String, Vec<u8>>,
    redeliveries: HashMap<String, VecDeque<String>>,
    deliveries: HashMap<String, VecDeque<Vec<u8>>>,
}

/// Removes `entry` from `player`'s set in `index`, and the set when it empties.
fn unmark(
    index: &mut HashMap<String, BTreeSet<(i64, String)>>,
    player: &str,
    entry: &(i64, String),
) {
    if let Some(set) = index.get_mut(player) {
        set.remove(entry);
        if set.is_empty() {
            index.remove(player);
        }
    }
}

impl Inner {
    /// The game, unless it expired.
    fn live(&self, id: &str) -> Option<&Slot> {
        self.slots.get(id).filter(|s| s.live(Instant::now()))
    }

    fn remove_game(&mut self, id: &str) -> Option<Slot> {
        let slot = self.slots.remove(id)?;
        self.order.remove(&slot.seq);
        self.set_deadline(id, None);
        let entry = (slot.created_at_ms, id.to_string());
        for seat in slot.seat_records() {
            if let Some(player) = seat.player_ref.as_deref() {
                unmark(&mut self.players, player, &entry);
                unmark(&mut self.waiting, player, &entry);
            }
        }
        Some(slot)
    }

    fn set_deadline(&mut self, id: &str, at_ms: Option<i64>) {
        if let Some(old) = self.deadlines.remove(id) {
            self.deadline_order.remove(&(old, id.to_string()));
        }
        if let Some(at) = at_ms {
            self.deadlines.insert(id.to_string(), at);
            self.deadline_order.insert((at, id.to_string()));
        }
    }

    /// A player's games newest first, from the page token's position: a page costs its length.
    fn list_player(
        &self,
        f: &ListFilter<'_>,
        p: PlayerFilter<'_>,
    ) -> Result<(Vec<GameRecord>, Option<String>), StoreError> {
        let index = if p.waiting {
            &self.waiting
        } else {
            &self.players
        };
        let Some(set) = index.get(p.player_ref) else {
            return Ok((Vec::new(), None));
        };
        let below = match f.page_token {
            None => None,
            Some(t) => Some(parse_player_token(t)?),
        };
        let now = Instant::now();
        let mut page = Vec::with_capacity(f.limit.min(256));
        let entries: Box<dyn Iterator<Item = &(i64, String)>> = match &below {
            None => Box::new(set.iter().rev()),
            Some(b) => Box::new(set.range(..=b.clone()).rev()),
        };
        for entry in entries {
            let Some(slot) = self.slots.get(entry.1.as_str()).filter(|s| s.live(now)) else {
                continue;
            };
            if !(f.game_type.is_none_or(|t| t == &*slot.game_type)
                && f.status.is_none_or(|s| s == slot.status))
            {
                continue;
            }
            if page.len() == f.limit {
                // One more matches: the next page starts at it.
                return Ok((page, Some(format!("p{}:{}", entry.0, entry.1))));
            }
            page.push(slot.record(&entry.1)?);
        }
        Ok((page, None))
    }

    /// Stores a new game; an expired game of the same id not swept yet is replaced.
    fn insert_game(
        &mut self,
        record: &GameRecord,
        entries: &[LogEntry],
        expires_at: Option<Instant>,
    ) -> Result<(), StoreError> {
        if self.live(&record.id).is_some() {
            return Err(StoreError::AlreadyExists(record.id.clone()));
        }
        self.remove_game(&record.id);
        let seq = self.next_seq;
        self.next_seq += 1;
        let id: Arc<str> = record.id.as_str().into();
        self.order.insert(seq, id.clone());
        let game_type = self.game_type(&record.game_type);
        let mut slot = Slot::new(record, entries, seq, game_type);
        slot.expires_at = expires_at;
        self.slots.insert(id, slot);
        Ok(())
    }

    /// The shared name of a game type.
    fn game_type(&mut self, name: &str) -> Arc<str> {
        if let Some(known) = self.game_types.get(name) {
            return known.clone();
        }
        let name: Arc<str> = name.into();
        self.game_types.insert(name.clone());
        name
    }

    /// Appends a write's changes to the feed (under the write's lock).
    fn append_feed(&mut self, feed: &[Vec<u8>], lifecycle: &Lifecycle) {
        if !feed.is_empty() {
            let max_age = lifecycle.feed_max_age.as_millis() as i64;
            self.feed
                .push(feed, now_ms(), lifecycle.feed_max_len, max_age);
        }
    }

    fn write_campaign(&mut self, record: &CampaignRecord, lifecycle: &Lifecycle) {
        self.campaigns.insert(record.id.clone(), record.clone());
        match lifecycle.campaign_due_ms(record) {
            Some(due) => self.campaign_due.insert(record.id.clone(), due),
            None => self.campaign_due.remove(&record.id),
        };
    }
}

/// Page tokens of a player listing: `p<created>:<id>`, the entry the next page starts at.
fn parse_player_token(token: &str) -> Result<(i64, String), StoreError> {
    let rest = token.strip_prefix('p').ok_or(StoreError::BadPageToken)?;
    let (created, id) = rest.split_once(':').ok_or(StoreError::BadPageToken)?;
    let created = created.parse().map_err(|_| StoreError::BadPageToken)?;
    Ok((created, id.to_string()))
}

/// Page tokens of this store: `m` + the sequence number the next page starts below.
fn parse_token(token: Option<&str>) -> Result<u64, StoreError> {
    match token {
        None => Ok(u64::MAX),
        Some(t) => t
            .strip_prefix('m')
            .and_then(|n| n.parse().ok())
            .ok_or(StoreError::BadPageToken),
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

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The bytes of data this store holds for game `id` (its record's parts, its log entries and
    /// its idempotency records; allocator and map overhead left out), for the storage figures.
    pub fn held_bytes(&self, id: &str) -> Option<usize> {
        let inner = self.lock();
        let slot = inner.live(id)?;
        let record = slot.record.len();
        let log = slot.log.len();
        let idempotency = slot.idempotency.len() * std::mem::size_of::<Remembered>();
        Some(record + log + idempotency)
    }
}

impl Store for MemoryStore {
    async fn create(
        &self,
        record: &GameRecord,
        entries: &[LogEntry],
        feed: &[Vec<u8>],
    ) -> Result<(), StoreError> {
        {
            let mut inner = self.lock();
            inner.insert_game(record, entries, self.deadline(record))?;
            inner.append_feed(feed, &self.lifecycle);
        }
        self.notifier.notify(&record.id, record.revision);
        self.feed_signal.notify_waiters();
        Ok(())
    }

    async fn load(&self, id: &str) -> Result<Option<GameRecord>, StoreError> {
        self.lock().live(id).map(|s| s.record(id)).transpose()
    }

    async fn revision(&self, id: &str) -> Result<Option<u64>, StoreError> {
        Ok(self.lock().live(id).map(|s| s.revision))
    }

    async fn status(&self, id: &str) -> Result<Option<GameStatus>, StoreError> {
        Ok(self.lock().live(id).map(|s| s.status))
    }

    async fn commit(&self, c: Commit<'_>) -> Result<CommitResult, StoreError> {
        {
            let mut inner = self.lock();
            let now = Instant::now();
            let slot = inner
                .slots
                .get_mut(c.record.id.as_str())
                .filter(|s| s.live(now))
                .ok_or_else(|| StoreError::GameGone(c.record.id.clone()))?;
            slot.forget_expired_keys(now);
            if let Some((key, _)) = c.idempotency
                && let Some(first) = slot.first_result(key)
            {
                return Ok(CommitResult::Duplicate(first));
            }
            if slot.revision != c.expected_revision {
                return Ok(CommitResult::Conflict);
            }
            // Only what a commit changes is written: the cold part stays as it is, unless the
            // record was read as format 1 and is now stored whole.
            let new = c.record;
            let whole = slot.format != SNAPSHOT_FORMAT;
            let seats = (c.seats_changed || whole).then(|| new.encode_seats());
            let cold = whole.then(|| new.encode_cold());
            (slot.record, slot.seats_at, slot.cold_at) = joined(
                &new.encode_hot(),
                seats.as_deref().unwrap_or(slot.seats()),
                cold.as_deref().unwrap_or(slot.cold()),
            );
            slot.format = SNAPSHOT_FORMAT;
            slot.revision = new.revision;
            slot.status = new.status;
            slot.expires_at = self.deadline(new);
            slot.append(c.entries);
            let forget_at = now + self.lifecycle.idempotency_window(new);
            if let Some((key, first)) = c.idempotency {
                slot.idempotency.push_back(Remembered {
                    forget_at,
                    key: digest(key),
                    first,
                });
            }
            // A finished game's earlier keys go with the last one (the order stays sorted).
            if new.status == GameStatus::Finished {
                for r in slot.idempotency.iter_mut() {
                    r.forget_at = r.forget_at.min(forget_at);
                }
            }
            inner.append_feed(c.feed, &self.lifecycle);
        }
        self.notifier.notify(&c.record.id, c.record.revision);
        self.feed_signal.notify_waiters();
        Ok(CommitResult::Committed)
    }

    async fn idempotent_result(
        &self,
        id: &str,
        key: &str,
    ) -> Result<Option<Idempotent>, StoreError> {
        let mut inner = self.lock();
        let now = Instant::now();
        let Some(slot) = inner.slots.get_mut(id).filter(|s| s.live(now)) else {
            return Ok(None);
        };
        slot.forget_expired_keys(now);
        Ok(slot.first_result(key))
    }

    async fn log(&self, id: &str, from: u64, to: u64) -> Result<Vec<LogEntry>, StoreError> {
        let inner = self.lock();
        let Some(slot) = inner.live(id) else {
            return Ok(Vec::new());
        };
        // Entry i holds version i + 1.
        let end = (to as usize).min(slot.entries as usize);
        slot.entries((from as usize).min(end), end)
    }

    async fn list(
        &self,
        f: ListFilter<'_>,
    ) -> Result<(Vec<GameRecord>, Option<String>), StoreError> {
        if let Some(p) = f.player {
            return self.lock().list_player(&f, p);
        }
        let below = parse_token(f.page_token)?;
        let inner = self.lock();
        let now = Instant::now();
        let mut page = Vec::with_capacity(f.limit.min(256));
        // Only matching games are decoded, and only the page's: skipped ones cost a look.
        for (seq, id) in inner.order.range(..below).rev() {
            let Some(slot) = inner.slots.get(&**id).filter(|s| s.live(now)) else {
                continue;
            };
            let matches = f.game_type.is_none_or(|t| t == &*slot.game_type)
                && f.status.is_none_or(|s| s == slot.status)
                && (!f.listed_only || slot.listed);
            if !matches {
                continue;
            }
            if page.len() == f.limit {
                // One more matches: the next page starts at it.
                return Ok((page, Some(format!("m{}", seq + 1))));
            }
            page.push(slot.record(id)?);
        }
        Ok((page, None))
    }

    async fn mark_players(&self, marks: &PlayerMarks<'_>) -> Result<(), StoreError> {
        let mut inner = self.lock();
        let entry = (marks.created_at_ms, marks.game_id.to_string());
        for player in marks.players {
            inner
                .players
                .entry(player.to_string())
                .or_default()
                .insert(entry.clone());
        }
        for player in marks.waiting {
            inner
                .waiting
                .entry(player.to_string())
                .or_default()
                .insert(entry.clone());
        }
        Ok(())
    }

    async fn unmark_waiting(&self, game_id: &str, players: &[&str]) -> Result<(), StoreError> {
        let mut inner = self.lock();
        let Some(created) = inner.slots.get(game_id).map(|s| s.created_at_ms) else {
            return Ok(());
        };
        let entry = (created, game_id.to_string());
        for player in players {
            unmark(&mut inner.waiting, player, &entry);
        }
        Ok(())
    }

    async fn deadline_no_later(&self, id: &str, at_ms: i64) -> Result<(), StoreError> {
        let mut inner = self.lock();
        let at = inner.deadlines.get(id).map_or(at_ms, |old| at_ms.min(*old));
        inner.set_deadline(id, Some(at));
        Ok(())
    }

    async fn set_deadline(&self, id: &str, at_ms: Option<i64>) -> Result<(), StoreError> {
        self.lock().set_deadline(id, at_ms);
        Ok(())
    }

    async fn claim_deadline(
        &self,
        id: &str,
        due_ms: i64,
        until_ms: i64,
    ) -> Result<bool, StoreError> {
        let mut inner = self.lock();
        match inner.deadlines.get(id) {
            Some(at) if *at <= due_ms => {
                inner.set_deadline(id, Some(until_ms));
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    async fn due_deadlines(&self, now_ms: i64, limit: usize) -> Result<Vec<String>, StoreError> {
        let inner = self.lock();
        Ok(inner
            .deadline_order
            .iter()
            .take_while(|(at, _)| *at <= now_ms)
            .take(limit)
            .map(|(_, id)| id.clone())
            .collect())
    }

    async fn active_games(&self) -> Result<u64, StoreError> {
        let inner = self.lock();
        let now = Instant::now();
        Ok(inner
            .slots
            .values()
            .filter(|s| s.live(now) && s.status == GameStatus::Active)
            .count() as u64)
    }

    async fn count_games<'a>(
        &self,
        game_types: &[&'a str],
    ) -> Result<Vec<GameCount<'a>>, StoreError> {
        let mut counts: Vec<GameCount<'a>> = game_types
            .iter()
            .flat_map(|t| {
                GameStatus::ALL.map(|status| GameCount {
                    game_type: t,
                    status,
                    games: 0,
                })
            })
            .collect();
        let inner = self.lock();
        // One pass over every game: this runs per metrics scrape, not per request.
        for slot in inner.slots.values() {
            if let Some(c) = counts
                .iter_mut()
                .find(|c| c.game_type == &*slot.game_type && c.status == slot.status)
            {
                c.games += 1;
            }
        }
        Ok(counts)
    }

    async fn create_campaign(&self, record: &CampaignRecord) -> Result<(), StoreError> {
        let mut inner = self.lock();
        if inner.campaigns.contains_key(&record.id) {
            return Err(StoreError::AlreadyExists(record.id.clone()));
        }
        inner.campaign_order.push(record.id.clone());
        inner.write_campaign(record, &self.lifecycle);
        Ok(())
    }

    async fn load_campaign(&self, id: &str) -> Result<Option<CampaignRecord>, StoreError> {
        Ok(self.lock().campaigns.get(id).cloned())
    }

    async fn start_play(&self, play: NewPlay<'_>) -> Result<bool, StoreError> {
        {
            let mut inner = self.lock();
            let current = inner.campaigns.get(&play.campaign.id).map(|c| c.revision);
            if current != Some(play.expected_revision) {
                return Ok(false);
            }
            let expires_at = self.deadline(play.game);
            inner.insert_game(play.game, play.entries, expires_at)?;
            inner.write_campaign(play.campaign, &self.lifecycle);
            inner.append_feed(play.feed, &self.lifecycle);
        }
        self.notifier.notify(&play.game.id, play.game.revision);
        self.feed_signal.notify_waiters();
        Ok(true)
    }

    async fn commit_campaign(
        &self,
        record: &CampaignRecord,
        expected_revision: u64,
        feed: &[Vec<u8>],
    ) -> Result<bool, StoreError> {
        {
            let mut inner = self.lock();
            // A deleted campaign is as stale as a changed one: the writer reads it again.
            let Some(stored) = inner.campaigns.get(&record.id) else {
                return Ok(false);
            };
            if stored.revision != expected_revision {
                return Ok(false);
            }
            inner.write_campaign(record, &self.lifecycle);
            inner.append_feed(feed, &self.lifecycle);
        }
        self.feed_signal.notify_waiters();
        Ok(true)
    }

    async fn list_campaigns(
        &self,
        game_type: Option<&str>,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<CampaignRecord>, bool), StoreError> {
        let inner = self.lock();
        let mut matching = inner
            .campaign_order
            .iter()
            .rev()
            .map(|id| &inner.campaigns[id])
            .filter(|c| game_type.is_none_or(|t| t == c.game_type));
        let page: Vec<CampaignRecord> = matching
            .by_ref()
            .skip(offset)
            .take(limit)
            .cloned()
            .collect();
        let more = matching.next().is_some();
        Ok((page, more))
    }

    async fn delete(&self, id: &str) -> Result<bool, StoreError> {
        let deleted = {
            let mut inner = self.lock();
            let live = inner.live(id).is_some();
            inner.remove_game(id);
            live
        };
        if deleted {
            // Wakes the watchers, which then find no game.
            self.notifier.notify(id, 0);
        }
        Ok(deleted)
    }

    async fn delete_campaign(&self, id: &str) -> Result<Option<CampaignRecord>, StoreError> {
        let mut inner = self.lock();
        let removed = inner.campaigns.remove(id);
        if removed.is_some() {
            inner.campaign_order.retain(|c| c != id);
            inner.campaign_due.remove(id);
        }
        Ok(removed)
    }

    async fn sweep(&self) -> Result<usize, StoreError> {
        let mut inner = self.lock();
        let now = Instant::now();
        // A finished game takes no more writes: its idempotency keys are forgotten here.
        for slot in inner.slots.values_mut() {
            slot.forget_expired_keys(now);
        }
        let expired: Vec<Arc<str>> = inner
            .slots
            .iter()
            .filter(|(_, s)| !s.live(now))
            .map(|(id, _)| id.clone())
            .collect();
        for id in &expired {
            inner.remove_game(id);
        }
        Ok(expired.len())
    }

    async fn due_campaigns(&self, now_ms: i64, limit: usize) -> Result<Vec<String>, StoreError> {
        let inner = self.lock();
        Ok(inner
            .campaign_due
            .iter()
            .filter(|(_, due)| **due <= now_ms)
            .map(|(id, _)| id.clone())
            .take(limit)
            .collect())
    }

    async fn reschedule_campaign(&self, id: &str, at_ms: i64) -> Result<(), StoreError> {
        let mut inner = self.lock();
        if inner.campaigns.contains_key(id) {
            inner.campaign_due.insert(id.to_string(), at_ms);
        }
        Ok(())
    }

    async fn quota_claim(
        &self,
        kind: QuotaKind,
        owner: &str,
        id: &str,
        limit: u32,
    ) -> Result<bool, StoreError> {
        let mut inner = self.lock();
        let set = inner
            .quotas
            .entry((kind.as_str(), owner.to_string()))
            .or_default();
        if set.contains(id) {
            return Ok(true);
        }
        if set.len() >= limit as usize {
            return Ok(false);
        }
        set.insert(id.to_string());
        Ok(true)
    }

    async fn quota_members(&self, kind: QuotaKind, owner: &str) -> Result<Vec<String>, StoreError> {
        let inner = self.lock();
        Ok(inner
            .quotas
            .get(&(kind.as_str(), owner.to_string()))
            .map(|s| s.iter().cloned().collect())
            .unwrap_or_default())
    }

    async fn quota_release(
        &self,
        kind: QuotaKind,
        owner: &str,
        ids: &[String],
    ) -> Result<(), StoreError> {
        let mut inner = self.lock();
        let key = (kind.as_str(), owner.to_string());
        if let Some(set) = inner.quotas.get_mut(&key) {
            for id in ids {
                set.remove(id);
            }
            if set.is_empty() {
                inner.quotas.remove(&key);
            }
        }
        Ok(())
    }

    async fn ping(&self) -> Result<(), StoreError> {
        Ok(())
    }

    async fn subscribe(&self, id: &str) -> Result<broadcast::Receiver<u64>, StoreError> {
        Ok(self.notifier.subscribe(id))
    }

    async fn feed_read(&self, from: FeedFrom<'_>, limit: usize) -> Result<FeedPage, StoreError> {
        self.lock()
            .feed
            .read(from, limit)
            .ok_or(StoreError::BadCursor)
    }

    async fn feed_head(&self) -> Result<String, StoreError> {
        Ok(self.lock().feed.head())
    }

    fn feed_signal(&self) -> Option<Arc<tokio::sync::Notify>> {
        Some(self.feed_signal.clone())
    }

    async fn lease(&self, lease: Lease<'_>) -> Result<bool, StoreError> {
        let mut inner = self.lock();
        let now = Instant::now();
        let free = match inner.leases.get(lease.name) {
            Some((holder, until)) => holder == lease.holder || *until <= now,
            None => true,
        };
        if free {
            let until = now + Duration::from_millis(lease.ttl_ms);
            inner
                .leases
                .insert(lease.name.to_string(), (lease.holder.to_string(), until));
        }
        Ok(free)
    }

    async fn webhook_cursor(&self, endpoint: &str) -> Result<Option<String>, StoreError> {
        Ok(self.lock().webhook_cursors.get(endpoint).cloned())
    }

    async fn set_webhook_cursor(&self, endpoint: &str, cursor: &str) -> Result<(), StoreError> {
        self.lock()
            .webhook_cursors
            .insert(endpoint.to_string(), cursor.to_string());
        Ok(())
    }

    async fn log_deliveries(
        &self,
        endpoint: &str,
        records: &[Vec<u8>],
        keep: usize,
    ) -> Result<(), StoreError> {
        let mut inner = self.lock();
        let log = inner.deliveries.entry(endpoint.to_string()).or_default();
        for record in records {
            log.push_front(record.clone());
        }
        log.truncate(keep);
        Ok(())
    }

    async fn deliveries(&self, endpoint: &str, limit: usize) -> Result<Vec<Vec<u8>>, StoreError> {
        Ok(self
            .lock()
            .deliveries
            .get(endpoint)
            .map(|log| log.iter().take(limit).cloned().collect())
            .unwrap_or_default())
    }

    async fn webhook_state(&self, endpoint: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.lock().webhook_states.get(endpoint).cloned())
    }

    async fn set_webhook_state(&self, endpoint: &str, state: &[u8]) -> Result<(), StoreError> {
        self.lock()
            .webhook_states
            .insert(endpoint.to_string(), state.to_vec());
        Ok(())
    }

    async fn request_redelivery(
        &self,
        endpoint: &str,
        cursor: &str,
        keep: usize,
    ) -> Result<(), StoreError> {
        let mut inner = self.lock();
        let queue = inner.redeliveries.entry(endpoint.to_string()).or_default();
        queue.push_back(cursor.to_string());
        while queue.len() > keep.max(1) {
            queue.pop_front();
        }
        Ok(())
    }

    async fn redeliveries(&self, endpoint: &str) -> Result<Vec<String>, StoreError> {
        Ok(self
            .lock()
            .redeliveries
            .get(endpoint)
            .map(|q| q.iter().cloned().collect())
            .unwrap_or_default())
    }

    async fn finish_redelivery(&self, endpoint: &str, cursor: &str) -> Result<(), StoreError> {
        if let Some(queue) = self.lock().redeliveries.get_mut(endpoint)
            && let Some(at) = queue.iter().position(|c| c == cursor)
        {
            queue.remove(at);
        }
        Ok(())
    }
}
