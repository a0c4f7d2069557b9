//! What the store keeps per game: a versioned snapshot record and an append-only log.
//! A snapshot names its format and the rules version it was made with; a reader refuses formats
//! it does not know instead of misreading them.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// Bumped when `GameRecord`'s layout changes; older formats need a migration in `decode`.
pub const SNAPSHOT_FORMAT: u32 = 1;

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
    /// SHA-256 of the seat's token (hex); `None` for bots and unclaimed seats.
    pub token_hash: Option<String>,
}

/// How the game was set up: enough to rebuild version 0 exactly (replays rely on it).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SetupRecord {
    /// The rules crate's config, serialised.
    pub config: Box<RawValue>,
    pub seed: u64,
    /// The rules crate's scenario, serialised, when the game started from one.
    pub scenario: Option<Box<RawValue>>,
    /// The seed was chosen by the creator (with an API key), not drawn by the server: views say
    /// so, since whoever chose it can know the deal.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub seed_chosen: bool,
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

/// One stored game: metadata plus the rules state at `version`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    pub format: u32,
    pub id: String,
    pub game_type: String,
    pub rules_version: u32,
    pub created_at_ms: i64,
    pub seats: Vec<SeatRecord>,
    pub setup: SetupRecord,
    /// The setup's own events (deals, first reveal), unredacted: the log's version 0.
    pub opening_events: Vec<Box<RawValue>>,
    /// Applied actions so far (log entry i has version i + 1).
    pub version: u64,
    /// Writes so far (actions and seat changes): the compare-and-swap token.
    pub revision: u64,
    pub status: GameStatus,
    /// The rules state, serialised by the game's rules crate.
    pub state: Box<RawValue>,
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
    pub state: Box<RawValue>,
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
    pub action: Box<RawValue>,
    /// The events the action caused, unredacted (redaction happens per reader).
    pub events: Vec<Box<RawValue>>,
}

#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error(
        "snapshot format {found} is not supported by this server (it reads format {SNAPSHOT_FORMAT})"
    )]
    UnknownFormat { found: u32 },
    #[error("corrupt record: {0}")]
    Corrupt(#[from] serde_json::Error),
    #[error("corrupt {0}")]
    Layout(String),
}

impl GameRecord {
    pub fn encode(&self) -> String {
        serde_json::to_string(self).expect("a game record always serialises")
    }

    pub fn decode(text: &str) -> Result<GameRecord, RecordError> {
        decode_versioned(text)
    }
}

impl CampaignRecord {
    pub fn encode(&self) -> String {
        serde_json::to_string(self).expect("a campaign record always serialises")
    }

    pub fn decode(text: &str) -> Result<CampaignRecord, RecordError> {
        decode_versioned(text)
    }

    /// The play not yet folded, if any (there is at most one).
    pub fn current(&self) -> Option<&PlayRecord> {
        self.plays.iter().find(|p| !p.folded)
    }
}

/// Reads a record that carries `format`, refusing formats this server does not know.
fn decode_versioned<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, RecordError> {
    #[derive(Deserialize)]
    struct Probe {
        format: u32,
    }
    let probe: Probe = serde_json::from_str(text)?;
    if probe.format != SNAPSHOT_FORMAT {
        return Err(RecordError::UnknownFormat {
            found: probe.format,
        });
    }
    Ok(serde_json::from_str(text)?)
}

impl LogEntry {
    pub fn encode(&self) -> String {
        serde_json::to_string(self).expect("a log entry always serialises")
    }

    pub fn decode(text: &str) -> Result<LogEntry, RecordError> {
        Ok(serde_json::from_str(text)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_unknown_snapshot_format() {
        let err = GameRecord::decode(r#"{"format": 99}"#).unwrap_err();
        assert!(matches!(err, RecordError::UnknownFormat { found: 99 }));
    }
}
