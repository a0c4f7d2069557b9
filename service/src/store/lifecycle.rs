//! How long things are kept. A finished game is kept `finished_ttl` after its last write; an
//! unfinished one `abandoned_ttl` after its last write, so every write starts its time again and
//! only a game nobody touches runs out. Plays of a campaign do not expire by themselves: they
//! live exactly as long as their campaign (deleting a campaign deletes them), because a campaign
//! folds a finished play's result in. A campaign nobody writes to for `campaign_ttl` — no play
//! started, no move in its current play — is abandoned and deleted with its plays. An
//! idempotency key is remembered `idempotency_ttl` after its write, or, once its game is
//! finished, only `finished_idempotency_ttl` after the finishing move: a finished game takes no
//! more moves, so what its keys still answer is a late retry, and they would otherwise be the
//! largest part of the finished game for a day.
//!
//! The stores apply the games' times on every write (Redis: PEXPIRE on each of the game's keys,
//! in the same script; memory: a deadline per game) and clear what expired games leave behind in
//! [`crate::store::Store::sweep`]; abandoned campaigns are found with
//! [`crate::store::Store::due_campaigns`]. Every replica runs both periodically
//! (the engine's sweep, `engine::sweep`).

use super::record::{CampaignRecord, GameRecord, GameStatus};
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lifecycle {
    /// How long a finished game is kept after its last write; `None` = until deleted.
    pub finished_ttl: Option<Duration>,
    /// How long an unfinished game is kept without a write; `None` = until deleted.
    pub abandoned_ttl: Option<Duration>,
    /// How long a campaign is kept without a write (to it or its current play); `None` = until
    /// deleted.
    pub campaign_ttl: Option<Duration>,
    /// How long an idempotency key is remembered after its write.
    pub idempotency_ttl: Duration,
    /// How long a finished game's idempotency keys are remembered after the finishing move (at
    /// most `idempotency_ttl`).
    pub finished_idempotency_ttl: Duration,
    /// How many changes the change feed keeps at most (the oldest are trimmed).
    pub feed_max_len: usize,
    /// How long the change feed keeps a change at most.
    pub feed_max_age: Duration,
}

impl Lifecycle {
    pub const DEFAULT_FINISHED_TTL: Duration = Duration::from_secs(7 * 24 * 3600);
    pub const DEFAULT_ABANDONED_TTL: Duration = Duration::from_secs(30 * 24 * 3600);
    pub const DEFAULT_CAMPAIGN_TTL: Duration = Duration::from_secs(90 * 24 * 3600);
    pub const DEFAULT_IDEMPOTENCY_TTL: Duration = Duration::from_secs(24 * 3600);
    pub const DEFAULT_FINISHED_IDEMPOTENCY_TTL: Duration = Duration::from_secs(15 * 60);
    pub const DEFAULT_FEED_MAX_LEN: usize = 1_000_000;
    pub const DEFAULT_FEED_MAX_AGE: Duration = Duration::from_secs(3 * 24 * 3600);

    /// Games and campaigns are kept until deleted.
    pub const NEVER: Lifecycle = Lifecycle {
        finished_ttl: None,
        abandoned_ttl: None,
        campaign_ttl: None,
        idempotency_ttl: Self::DEFAULT_IDEMPOTENCY_TTL,
        finished_idempotency_ttl: Self::DEFAULT_FINISHED_IDEMPOTENCY_TTL,
        feed_max_len: Self::DEFAULT_FEED_MAX_LEN,
        feed_max_age: Self::DEFAULT_FEED_MAX_AGE,
    };

    /// Games' times from whole seconds, where 0 means never; campaigns and idempotency keys as
    /// by default.
    pub fn from_secs(finished: u64, abandoned: u64) -> Lifecycle {
        let ttl = |s: u64| (s > 0).then(|| Duration::from_secs(s));
        Lifecycle {
            finished_ttl: ttl(finished),
            abandoned_ttl: ttl(abandoned),
            ..Lifecycle::default()
        }
    }

    /// Campaigns kept `secs` without a write (0 = until deleted).
    pub fn with_campaign_secs(mut self, secs: u64) -> Lifecycle {
        self.campaign_ttl = (secs > 0).then(|| Duration::from_secs(secs));
        self
    }

    /// Idempotency keys remembered `secs` (at least 1).
    pub fn with_idempotency_secs(mut self, secs: u64) -> Lifecycle {
        self.idempotency_ttl = Duration::from_secs(secs.max(1));
        self
    }

    /// A finished game's idempotency keys remembered `secs` after its last move (at least 1).
    pub fn with_finished_idempotency_secs(mut self, secs: u64) -> Lifecycle {
        self.finished_idempotency_ttl = Duration::from_secs(secs.max(1));
        self
    }

    /// The change feed keeps at most `len` changes (at least 1), each at most `secs`.
    pub fn with_feed(mut self, len: usize, secs: u64) -> Lifecycle {
        self.feed_max_len = len.max(1);
        self.feed_max_age = Duration::from_secs(secs);
        self
    }

    /// How long the idempotency keys of a game left as `record` by a write are remembered
    /// after it.
    pub fn idempotency_window(&self, record: &GameRecord) -> Duration {
        match record.status {
            GameStatus::Finished => self.idempotency_ttl.min(self.finished_idempotency_ttl),
            GameStatus::Active => self.idempotency_ttl,
        }
    }

    /// When a campaign last written as `record` is due for an abandonment check (unix ms).
    pub fn campaign_due_ms(&self, record: &CampaignRecord) -> Option<i64> {
        let last = record.updated_at_ms.max(record.created_at_ms);
        self.campaign_ttl.map(|t| last + t.as_millis() as i64)
    }

    /// How long a game stays after a write that leaves it as `record`; `None` = until deleted.
    pub fn ttl(&self, record: &GameRecord) -> Option<Duration> {
        if record.campaign.is_some() {
            return None;
        }
        match record.status {
            GameStatus::Finished => self.finished_ttl,
            GameStatus::Active => self.abandoned_ttl,
        }
    }
}

impl Default for Lifecycle {
    fn default() -> Self {
        Lifecycle {
            finished_ttl: Some(Self::DEFAULT_FINISHED_TTL),
            abandoned_ttl: Some(Self::DEFAULT_ABANDONED_TTL),
            campaign_ttl: Some(Self::DEFAULT_CAMPAIGN_TTL),
            idempotency_ttl: Self::DEFAULT_IDEMPOTENCY_TTL,
            finished_idempotency_ttl: Self::DEFAULT_FINISHED_IDEMPOTENCY_TTL,
            feed_max_len: Self::DEFAULT_FEED_MAX_LEN,
            feed_max_age: Self::DEFAULT_FEED_MAX_AGE,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_means_never_and_plays_of_a_campaign_never_expire() {
        let l = Lifecycle::from_secs(0, 5);
        assert_eq!(l.finished_ttl, None);
        assert_eq!(l.abandoned_ttl, Some(Duration::from_secs(5)));
        let record: GameRecord = serde_json::from_str(
            r#"{"format":1,"id":"g_1","game_type":"claim","rules_version":1,"created_at_ms":0,
                "seats":[],"setup":{"config":{},"seed":1,"scenario":null},"opening_events":[],
                "version":0,"revision":0,"status":"active","state":{}}"#,
        )
        .unwrap();
        assert_eq!(l.ttl(&record), Some(Duration::from_secs(5)));
        let mut finished = record.clone();
        finished.status = GameStatus::Finished;
        assert_eq!(l.ttl(&finished), None);
        let mut play = record;
        play.campaign = Some("c_1".into());
        assert_eq!(l.ttl(&play), None);
        assert_eq!(Lifecycle::default().ttl(&play), None);
    }
}
