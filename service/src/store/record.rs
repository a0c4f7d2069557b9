//! What the store keeps per game: a versioned snapshot record and an append-only log.
//! A snapshot names its format and the rules version it was made with; a reader refuses formats
//! it does not know instead of misreading them.
//!
//! Format 2 (written now) is binary: every stored part starts with its format byte, then
//! MessagePack (structs with field names; the rules values inside are [`Blob`]s). A game is stored in three parts, so that a move rewrites only what a move
//! changes:
//!
//! - the hot part (version, revision, status, rules state, last write), rewritten by every commit;
//! - the seats, rewritten when a seat changes hands;
//! - the cold part (id, type, rules version, creation, setup, opening events, campaign, creator,
//!   listed), written once.
//!
//! Format 1 (JSON, the whole record in one text, rules values as embedded JSON) is still read:
//! its values are transcoded to the binary encoding on read, and the game is stored as format 2
//! at its next write. Log entries likewise: binary ones start with the format byte, JSON ones
//! with `{`, and one log may hold both. Campaign records too (one part).

use crate::store::blob::Blob;
use serde::{Deserialize, Serialize};

/// The format records are written in; the formats read are this and [`JSON_FORMAT`].
pub const SNAPSHOT_FORMAT: u32 = 2;
/// Records written before format 2: JSON text, migrated on read.
pub const JSON_FORMAT: u32 = 1;
/// The first byte of every binary part and log entry.
const BINARY_TAG: u8 = SNAPSHOT_FORMAT as u8;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    Active,
    Finished,
}

impl GameStatus {
    pub const ALL: [GameStatus; 2] = [GameStatus::Active, GameStatus::Finished];

    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Occupant {
    Human,
    Bot,
    Open,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    pub occupant: Occupant,
    pub name: String,
    /// Bot kind for bot seats.
    pub bot: String,
    /// The bot's level (0 in records from before levels: the kind's default).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bot_level: u32,
    /// SHA-256 of the seat's token (hex); `None` for bots and unclaimed seats.
    #[serde(default, with = "super::token_hash")]
    pub token_hash: Option<String>,
    /// The backend's id of the seat's player (set with an API key), for its listings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player_ref: Option<String>,
    /// Every viewer may see `player_ref`, not only API keys.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub player_ref_public: bool,
    /// The version of the seat's resignation, once it resigned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned_at: Option<u64>,
    /// The version at which a person took this seat when it was open (a join is no move: it
    /// changes no version), so a replay of an earlier version shows the seat open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joined_at: Option<u64>,
}

impl SeatRecord {
    /// A seat of `occupant` named `name`, with nothing else set yet (no token, bot or ref).
    pub fn new(occupant: Occupant, name: String) -> SeatRecord {
        SeatRecord {
            occupant,
            name,
            bot: String::new(),
            bot_level: 0,
            token_hash: None,
            player_ref: None,
            player_ref_public: false,
            resigned_at: None,
            joined_at: None,
        }
    }

    /// The seat as views show it: without its token's hash (a log entry keeps no secret).
    pub fn public(&self) -> SeatRecord {
        SeatRecord {
            token_hash: None,
            ..self.clone()
        }
    }
}

/// A change of a seat itself (not a move), logged like a move so that history, replays and
/// watchers see it in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatChange {
    Resigned,
    ReplacedByBot,
    ReturnedToHuman,
    TokenReissued,
    /// The seat's time ran out; the timeout policy's move (or resignation) follows.
    TimedOut,
}

/// How the game was set up: enough to rebuild version 0 exactly (replays rely on it).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SetupRecord {
    /// The rules crate's config, serialised.
    pub config: Blob,
    pub seed: u64,
    /// The rules crate's scenario, serialised, when the game started from one.
    pub scenario: Option<Blob>,
    /// The seed was chosen by the creator (with an API key), not drawn by the server: views say
    /// so, since whoever chose it can know the deal.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub seed_chosen: bool,
}

/// How long a seat may take over its decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeControl {
    /// Each decision within this time.
    PerMove { ms: i64 },
    /// A bank of time per seat, spent while the seat must decide, topped up after each move.
    ChessClock { initial_ms: i64, increment_ms: i64 },
    /// Each decision within this many days (asynchronous play).
    Daily { days: u32 },
}

/// What happens when a seat's time runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeoutPolicy {
    /// The server's bot makes the move for the seat (it stays the person's).
    BotMoves,
    /// The seat resigns.
    Resign,
}

/// A timed game's control and where its clocks stand: rewritten with every move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockRecord {
    pub control: TimeControl,
    pub on_timeout: TimeoutPolicy,
    /// Per seat: the time left on a chess clock (ms); unused by the other controls.
    pub remaining_ms: Vec<i64>,
    /// Per seat: when its current decision began (unix ms), while a person's seat must decide.
    pub started_ms: Vec<Option<i64>>,
}

/// How a game's opening was decided, as views report it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupKind {
    Random,
    ChosenSeed,
    Scenario,
}

impl SetupRecord {
    pub fn kind(&self) -> SetupKind {
        if self.scenario.is_some() {
            SetupKind::Scenario
        } else if self.seed_chosen {
            SetupKind::ChosenSeed
        } else {
            SetupKind::Random
        }
    }
}

/// One stored game: metadata plus the rules state at `version`. Its serde form is format 1's
/// JSON (read for migration) and what inspection prints.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    /// The format the record was read in: a format-1 record is stored whole at its next write.
    pub format: u32,
    pub id: String,
    pub game_type: String,
    pub rules_version: u32,
    pub created_at_ms: i64,
    pub seats: Vec<SeatRecord>,
    pub setup: SetupRecord,
    /// The setup's own events (deals, first reveal), unredacted: the log's version 0.
    pub opening_events: Vec<Blob>,
    /// Applied actions so far (log entry i has version i + 1).
    pub version: u64,
    /// Writes so far (actions and seat changes): the compare-and-swap token.
    pub revision: u64,
    pub status: GameStatus,
    /// The rules state, serialised by the game's rules crate.
    pub state: Blob,
    /// The campaign this game is a play of, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub campaign: Option<String>,
    /// SHA-256 of the creator's token (hex), which may delete the game; `None` for plays of a
    /// campaign (deleted with their campaign) and games stored before creators had tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creator_token_hash: Option<String>,
    /// Shown in ListGames to callers without an API key.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub listed: bool,
    /// When the game was last written (unix ms; 0 for games stored before this was kept): a
    /// campaign's play keeps its campaign alive.
    #[serde(default)]
    pub updated_at_ms: i64,
    /// The turn clocks of a game created with a time control.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockRecord>,
}

/// One play of a campaign.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayRecord {
    pub game_id: String,
    /// The play's result has been folded into the campaign state.
    pub folded: bool,
}

/// One stored campaign: a series of plays of one game type whose results carry over.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CampaignRecord {
    pub format: u32,
    pub id: String,
    pub game_type: String,
    pub rules_version: u32,
    pub created_at_ms: i64,
    pub name: String,
    /// SHA-256 of the owner's token (hex).
    pub owner_token_hash: String,
    /// Writes so far: the compare-and-swap token.
    pub revision: u64,
    pub plays: Vec<PlayRecord>,
    /// The rules crate's campaign state, serialised.
    pub state: Blob,
    /// When the campaign record was last written (unix ms; 0 for campaigns stored before this
    /// was kept, which then count from their creation).
    #[serde(default)]
    pub updated_at_ms: i64,
}

/// One applied action: the log is the list of these, version 1 first.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LogEntry {
    pub version: u64,
    pub seat: usize,
    pub action: Blob,
    /// The events the action caused, unredacted (redaction happens per reader).
    pub events: Vec<Blob>,
    /// Set for a change of the seat instead of a move (`action` and `events` are empty): the
    /// rules never see it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat_change: Option<SeatChange>,
    /// A seat change's seat as it was before the change (without its token's hash): replays
    /// rebuild the seats of an earlier version from the current ones. `None` in entries from
    /// before it was kept (their replays show that seat as it is now).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat_before: Option<SeatRecord>,
}

impl LogEntry {
    /// A seat change at `version` of a seat that was `before`.
    pub fn seat_change(
        version: u64,
        seat: usize,
        change: SeatChange,
        before: Option<SeatRecord>,
    ) -> LogEntry {
        LogEntry {
            version,
            seat,
            action: Blob::from_packed(Vec::new()),
            events: Vec::new(),
            seat_change: Some(change),
            seat_before: before.map(|s| s.public()),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error(
        "snapshot format {found} is not supported by this server (it reads formats {JSON_FORMAT} and {SNAPSHOT_FORMAT})"
    )]
    UnknownFormat { found: u32 },
    #[error("corrupt record: {0}")]
    Corrupt(#[from] serde_json::Error),
    #[error("corrupt {0}")]
    Layout(String),
}

/// A format-2 game record as stored: its three parts, each led by the format byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameParts {
    pub hot: Vec<u8>,
    pub seats: Vec<u8>,
    pub cold: Vec<u8>,
}

/// The hot part, in order: version, revision, status, state, updated_at_ms (an array: no field
/// names stored with every move).
type Hot = (u64, u64, GameStatus, Blob, i64);
/// The hot part of a timed game: the same, then its clocks (an untimed game's stays as short).
type TimedHot = (u64, u64, GameStatus, Blob, i64, ClockRecord);
/// The cold part, in order: rules_version, created_at_ms, setup, opening_events, campaign,
/// creator_token_hash, listed. The id and the type are where the game is kept (the key, and
/// the store's own field or slot), so the part does not repeat them.
type Cold = (
    u32,
    i64,
    SetupRecord,
    Vec<Blob>,
    Option<String>,
    super::token_hash::OptionOwned,
    bool,
);
/// The cold part as written before: id and game_type first, then [`Cold`]'s fields.
type ColdWithId = (
    String,
    String,
    u32,
    i64,
    SetupRecord,
    Vec<Blob>,
    Option<String>,
    super::token_hash::OptionOwned,
    bool,
);
/// A log entry, in order: version, seat, action, events.
type Entry = (u64, usize, Blob, Vec<Blob>);
/// A seat change's log entry: version, seat, the change, the seat before it (a move's entry has
/// a list of events where this has the seat's map, so the two read apart; a server from before
/// seat changes refuses this one as corrupt).
type SeatChangeEntry = (u64, usize, SeatChange, SeatRecord);
/// A seat change's log entry as written before the seat before it was kept.
type SeatChangeEntryV1 = (u64, usize, SeatChange);
/// A campaign, in order: id, game_type, rules_version, created_at_ms, name, owner_token_hash,
/// revision, plays, state, updated_at_ms.
type Campaign = (
    String,
    String,
    u32,
    i64,
    String,
    String,
    u64,
    Vec<PlayRecord>,
    Blob,
    i64,
);

/// The format byte, then the value in MessagePack. Structs keep their field names (seats, setup,
/// plays: small, and one of them skips a field when it is false); the parts are arrays.
fn binary<T: Serialize + ?Sized>(value: &T) -> Vec<u8> {
    binary_within(value, 64)
}

/// [`binary`] into a buffer made for about `size` bytes: a commit encodes a few KB, and growing
/// the buffer from empty would copy it several times.
fn binary_within<T: Serialize + ?Sized>(value: &T, size: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(size);
    out.push(BINARY_TAG);
    value
        .serialize(&mut rmp_serde::Serializer::new(&mut out).with_struct_map())
        .expect("records encode");
    out
}

fn from_binary<T: serde::de::DeserializeOwned>(bytes: &[u8], what: &str) -> Result<T, RecordError> {
    match bytes.split_first() {
        Some((&BINARY_TAG, rest)) => {
            rmp_serde::from_slice(rest).map_err(|e| RecordError::Layout(format!("{what}: {e}")))
        }
        Some((&found, _)) => Err(RecordError::UnknownFormat {
            found: found.into(),
        }),
        None => Err(RecordError::Layout(format!("{what}: empty"))),
    }
}

impl GameRecord {
    /// Every part, as a new game stores them.
    pub fn encode(&self) -> GameParts {
        GameParts {
            hot: self.encode_hot(),
            seats: self.encode_seats(),
            cold: self.encode_cold(),
        }
    }

    /// What every commit writes.
    pub fn encode_hot(&self) -> Vec<u8> {
        // The state, and a few numbers (a clock's per seat).
        let size = self.state.len() + 48 + self.seats.len() * 24;
        match &self.clock {
            None => binary_within(
                &(
                    self.version,
                    self.revision,
                    self.status,
                    &self.state,
                    self.updated_at_ms,
                ),
                size,
            ),
            Some(clock) => binary_within(
                &(
                    self.version,
                    self.revision,
                    self.status,
                    &self.state,
                    self.updated_at_ms,
                    clock,
                ),
                size,
            ),
        }
    }

    pub fn encode_seats(&self) -> Vec<u8> {
        binary(&super::stored_seats::Stored(&self.seats))
    }

    pub fn encode_cold(&self) -> Vec<u8> {
        let values = self.setup.config.len()
            + self.setup.scenario.as_ref().map_or(0, Blob::len)
            + self
                .opening_events
                .iter()
                .map(|e| e.len() + 5)
                .sum::<usize>();
        binary_within(
            &(
                self.rules_version,
                self.created_at_ms,
                &self.setup,
                &self.opening_events,
                &self.campaign,
                super::token_hash::Ref(&self.creator_token_hash),
                self.listed,
            ),
            values + 256,
        )
    }

    /// A format-2 record from its parts; `id` and `game_type` are where the store keeps it.
    pub fn decode(id: &str, game_type: &str, parts: &GameParts) -> Result<GameRecord, RecordError> {
        Self::decode_parts(id, game_type, &parts.hot, &parts.seats, &parts.cold)
    }

    /// A format-2 record from its parts, wherever they are kept.
    pub fn decode_parts(
        id: &str,
        game_type: &str,
        hot: &[u8],
        seats: &[u8],
        cold: &[u8],
    ) -> Result<GameRecord, RecordError> {
        let what = "game record (hot part)";
        let (version, revision, status, state, updated_at_ms, clock) =
            match from_binary::<Hot>(hot, what) {
                Ok((v, r, s, state, u)) => (v, r, s, state, u, None),
                Err(untimed_error) => match from_binary::<TimedHot>(hot, what) {
                    Ok((v, r, s, state, u, c)) => (v, r, s, state, u, Some(c)),
                    Err(_) => return Err(untimed_error),
                },
            };
        let seats = Self::decode_seats(seats)?;
        let what = "game record (cold part)";
        let (rules_version, created_at_ms, setup, opening_events, campaign, creator, listed): Cold =
            match from_binary::<Cold>(cold, what) {
                Ok(cold) => cold,
                // Its first field is the id where this one's is a number: it cannot pass for it.
                Err(error) => match from_binary::<ColdWithId>(cold, what) {
                    Ok((_, _, r, c, s, o, p, t, l)) => (r, c, s, o, p, t, l),
                    Err(_) => return Err(error),
                },
            };
        Ok(GameRecord {
            format: SNAPSHOT_FORMAT,
            id: id.to_string(),
            game_type: game_type.to_string(),
            rules_version,
            created_at_ms,
            seats,
            setup,
            opening_events,
            version,
            revision,
            status,
            state,
            campaign,
            creator_token_hash: creator.0,
            listed,
            updated_at_ms,
            clock,
        })
    }

    /// The seats part alone.
    pub fn decode_seats(seats: &[u8]) -> Result<Vec<SeatRecord>, RecordError> {
        from_binary(seats, "game record (seats)")
    }

    /// A format-1 record (JSON), its rules values migrated to the binary encoding.
    pub fn decode_json(text: &str) -> Result<GameRecord, RecordError> {
        decode_versioned(text)
    }
}

impl CampaignRecord {
    pub fn encode(&self) -> Vec<u8> {
        binary(&(
            &self.id,
            &self.game_type,
            self.rules_version,
            self.created_at_ms,
            &self.name,
            &self.owner_token_hash,
            self.revision,
            &self.plays,
            &self.state,
            self.updated_at_ms,
        ))
    }

    /// A stored campaign: binary (format 2) or JSON (format 1, migrated).
    pub fn decode(bytes: &[u8]) -> Result<CampaignRecord, RecordError> {
        if bytes.first() == Some(&b'{') {
            let text = std::str::from_utf8(bytes)
                .map_err(|_| RecordError::Layout("campaign record: not UTF-8".into()))?;
            return decode_versioned(text);
        }
        let (
            id,
            game_type,
            rules_version,
            created_at_ms,
            name,
            owner_token_hash,
            revision,
            plays,
            state,
            updated_at_ms,
        ): Campaign = from_binary(bytes, "campaign record")?;
        Ok(CampaignRecord {
            format: SNAPSHOT_FORMAT,
            id,
            game_type,
            rules_version,
            created_at_ms,
            name,
            owner_token_hash,
            revision,
            plays,
            state,
            updated_at_ms,
        })
    }

    /// The play not yet folded, if any (there is at most one).
    pub fn current(&self) -> Option<&PlayRecord> {
        self.plays.iter().find(|p| !p.folded)
    }
}

/// Reads a format-1 (JSON) record, refusing formats this server does not know.
fn decode_versioned<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, RecordError> {
    #[derive(Deserialize)]
    struct Probe {
        format: u32,
    }
    let probe: Probe = serde_json::from_str(text)?;
    if probe.format != JSON_FORMAT {
        return Err(RecordError::UnknownFormat {
            found: probe.format,
        });
    }
    Ok(serde_json::from_str(text)?)
}

impl LogEntry {
    pub fn encode(&self) -> Vec<u8> {
        match (self.seat_change, &self.seat_before) {
            (None, _) => binary_within(
                &(self.version, self.seat, &self.action, &self.events),
                32 + self.action.len() + self.events.iter().map(|e| e.len() + 5).sum::<usize>(),
            ),
            (Some(change), Some(before)) => binary(&(self.version, self.seat, change, before)),
            (Some(change), None) => binary(&(self.version, self.seat, change)),
        }
    }

    /// A stored entry: binary, or JSON (`{…}`) as format 1 wrote it.
    pub fn decode(bytes: &[u8]) -> Result<LogEntry, RecordError> {
        if bytes.first() == Some(&b'{') {
            return Ok(serde_json::from_slice(bytes)?);
        }
        // Moves are most entries: read as one first.
        let (version, seat, action, events): Entry = match from_binary(bytes, "log entry") {
            Ok(entry) => entry,
            Err(move_error) => {
                if let Ok((version, seat, change, before)) =
                    from_binary::<SeatChangeEntry>(bytes, "log entry")
                {
                    return Ok(LogEntry::seat_change(version, seat, change, Some(before)));
                }
                let Ok((version, seat, change)) =
                    from_binary::<SeatChangeEntryV1>(bytes, "log entry")
                else {
                    return Err(move_error);
                };
                return Ok(LogEntry::seat_change(version, seat, change, None));
            }
        };
        Ok(LogEntry {
            version,
            seat,
            action,
            events,
            seat_change: None,
            seat_before: None,
        })
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_changes_and_moves_share_the_log() {
        let seat = SeatRecord {
            occupant: Occupant::Human,
            name: "Ada".into(),
            bot: String::new(),
            bot_level: 0,
            token_hash: Some("secret".into()),
            player_ref: Some("u1".into()),
            player_ref_public: false,
            resigned_at: None,
            joined_at: Some(3),
        };
        let change = LogEntry::seat_change(7, 1, SeatChange::Resigned, Some(seat.clone()));
        let read = LogEntry::decode(&change.encode()).unwrap();
        assert_eq!(
            (read.version, read.seat, read.seat_change),
            (7, 1, Some(SeatChange::Resigned))
        );
        assert!(read.action.is_empty() && read.events.is_empty());
        // The seat before the change is kept without its token's hash.
        assert_eq!(read.seat_before, Some(seat.public()));
        assert_eq!(read.seat_before.unwrap().token_hash, None);
        // An entry written before the seat was kept still reads.
        let v1 = LogEntry::seat_change(7, 1, SeatChange::Resigned, None);
        let read = LogEntry::decode(&v1.encode()).unwrap();
        assert_eq!(
            (read.seat_change, read.seat_before),
            (Some(SeatChange::Resigned), None)
        );
        let mv = LogEntry {
            version: 8,
            seat: 0,
            action: Blob::from_packed(vec![0x01]),
            events: vec![Blob::from_packed(vec![0x02])],
            seat_change: None,
            seat_before: None,
        };
        let read = LogEntry::decode(&mv.encode()).unwrap();
        assert_eq!((read.version, read.seat_change), (8, None));
        assert_eq!(read.action.as_bytes(), &[0x01]);
        // Neither shape: the move's error is reported.
        assert!(LogEntry::decode(&[BINARY_TAG, 0x91, 0x01]).is_err());
    }

    /// A record with every part filled: two seats, a token hash, a campaign, a creator.
    fn sample_record() -> GameRecord {
        let mut ana = SeatRecord::new(Occupant::Human, "Ana".into());
        ana.token_hash = Some(hex::encode([5u8; 32]));
        let mut bot = SeatRecord::new(Occupant::Bot, "Bot".into());
        bot.bot = "greedy".into();
        GameRecord {
            format: SNAPSHOT_FORMAT,
            id: "g_0123456789abcdef01234567".into(),
            game_type: "claim".into(),
            rules_version: 3,
            created_at_ms: 1_700_000_000_000,
            seats: vec![ana, bot],
            setup: SetupRecord {
                config: Blob::from_packed(vec![0x80]),
                seed: 9,
                scenario: None,
                seed_chosen: true,
            },
            opening_events: vec![Blob::from_packed(vec![0x03])],
            version: 4,
            revision: 5,
            status: GameStatus::Active,
            state: Blob::from_packed(vec![0x91, 0x01]),
            campaign: Some("c_1".into()),
            creator_token_hash: Some(hex::encode([6u8; 32])),
            listed: true,
            updated_at_ms: 1_700_000_000_500,
            clock: None,
        }
    }

    #[test]
    fn parts_read_back_and_the_cold_part_written_with_its_id_still_reads() {
        let record = sample_record();
        let parts = record.encode();
        // Records compare as inspection prints them.
        let text = |r: &GameRecord| serde_json::to_string(r).unwrap();
        let read = GameRecord::decode(&record.id, &record.game_type, &parts).unwrap();
        assert_eq!(text(&read), text(&record));
        // Written before: the id and the type first.
        let before = binary(&(
            &record.id,
            &record.game_type,
            record.rules_version,
            record.created_at_ms,
            &record.setup,
            &record.opening_events,
            &record.campaign,
            super::super::token_hash::Ref(&record.creator_token_hash),
            record.listed,
        ));
        assert_eq!(
            before.len() - parts.cold.len(),
            record.id.len() + record.game_type.len() + 2
        );
        let old = GameParts {
            cold: before,
            ..parts
        };
        let read = GameRecord::decode(&record.id, &record.game_type, &old).unwrap();
        assert_eq!(text(&read), text(&record));
        // Seats written with their field names, as before, read too.
        let named = GameParts {
            seats: binary(&record.seats),
            ..old
        };
        let read = GameRecord::decode(&record.id, &record.game_type, &named).unwrap();
        assert_eq!(text(&read), text(&record));
    }

    #[test]
    fn refuses_unknown_snapshot_format() {
        let err = GameRecord::decode_json(r#"{"format": 99}"#).unwrap_err();
        assert!(matches!(err, RecordError::UnknownFormat { found: 99 }));
        let parts = GameParts {
            hot: vec![99, 0x80],
            seats: vec![2, 0x80],
            cold: vec![2, 0x80],
        };
        let err = GameRecord::decode("g_1", "claim", &parts).unwrap_err();
        assert!(matches!(err, RecordError::UnknownFormat { found: 99 }));
        assert!(matches!(
            LogEntry::decode(&[7, 0x80]).unwrap_err(),
            RecordError::UnknownFormat { found: 7 }
        ));
        assert!(matches!(
            CampaignRecord::decode(br#"{"format": 3}"#).unwrap_err(),
            RecordError::UnknownFormat { found: 3 }
        ));
    }
}
