//! How long a game is kept. A finished game is kept `finished_ttl` after its last write; an
//! unfinished one `abandoned_ttl` after its last write, so every write starts its time again and
//! only a game nobody touches runs out. Plays of a campaign never expire: they live exactly as long
//! as their campaign (DeleteCampaign deletes them), because a campaign folds a finished play's
//! result in and a campaign never expires.
//!
//! The stores apply this on every write (Redis: PEXPIRE on each of the game's keys, in the same
//! script; memory: a deadline per game) and clear what expired games leave behind in
//! [`crate::store::Store::sweep`], which every replica runs periodically ([`sweep_forever`]).

use crate::record::{GameRecord, GameStatus};
use crate::store::Store;
use std::sync::Arc;
use std::time::Duration;
use tracing::Instrument;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lifecycle {
    /// How long a finished game is kept after its last write; `None` = until deleted.
    pub finished_ttl: Option<Duration>,
    /// How long an unfinished game is kept without a write; `None` = until deleted.
    pub abandoned_ttl: Option<Duration>,
}

impl Lifecycle {
    pub const DEFAULT_FINISHED_TTL: Duration = Duration::from_secs(7 * 24 * 3600);
    pub const DEFAULT_ABANDONED_TTL: Duration = Duration::from_secs(30 * 24 * 3600);

    /// Games are kept until deleted.
    pub const NEVER: Lifecycle = Lifecycle {
        finished_ttl: None,
        abandoned_ttl: None,
    };

    /// From whole seconds, where 0 means never.
    pub fn from_secs(finished: u64, abandoned: u64) -> Lifecycle {
        let ttl = |s: u64| (s > 0).then(|| Duration::from_secs(s));
        Lifecycle {
            finished_ttl: ttl(finished),
            abandoned_ttl: ttl(abandoned),
        }
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
        }
    }
}

/// Sweeps the store now and then every `every`, until the task is dropped. Sweeping is
/// idempotent, so every replica runs this without coordinating.
pub async fn sweep_forever<S: Store>(store: Arc<S>, every: Duration) {
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        // A background job, not part of any call: its store call gets a root span of its own.
        let span = tracing::info_span!("lifecycle.sweep");
        match store.sweep().instrument(span).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(games = n, "swept expired games"),
            Err(e) => tracing::warn!(error = %e, "sweeping expired games failed; retried later"),
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
