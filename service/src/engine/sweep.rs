//! The background sweep every replica runs: expired games' leftovers
//! ([`Store::sweep`]) and abandoned campaigns, deleted with their plays (a campaign nobody wrote
//! to, nor to its current play, for the lifecycle's campaign time). Deleting a campaign with its
//! plays lives here too, since DeleteCampaign does the same.

use crate::store::clock::now_ms;
use crate::store::lifecycle::Lifecycle;
use crate::store::{Store, StoreError};
use std::sync::Arc;
use std::time::Duration;
use tracing::Instrument;

/// Campaigns one sweep looks at.
const CAMPAIGN_SWEEP_BATCH: usize = 200;

/// Sweeps the store now and then every `every`, until the task is dropped. Sweeping is
/// idempotent, so every replica runs this without coordinating.
pub async fn sweep_forever<S: Store>(store: Arc<S>, lifecycle: Lifecycle, every: Duration) {
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        // A background job, not part of any call: its store calls get a root span of their own.
        let span = tracing::info_span!("lifecycle.sweep");
        match store.sweep().instrument(span.clone()).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(games = n, "swept expired games"),
            Err(e) => tracing::warn!(error = %e, "sweeping expired games failed; retried later"),
        }
        match sweep_campaigns(store.as_ref(), &lifecycle)
            .instrument(span)
            .await
        {
            Ok(0) => {}
            Ok(n) => tracing::info!(campaigns = n, "deleted abandoned campaigns"),
            Err(e) => tracing::warn!(error = %e, "sweeping campaigns failed; retried later"),
        }
    }
}

/// Deletes the campaigns nobody wrote to (the campaign, or its current play) for the lifecycle's
/// campaign time; a campaign whose play kept it alive is checked again when it could be due.
/// Returns how many were deleted.
pub async fn sweep_campaigns<S: Store>(
    store: &S,
    lifecycle: &Lifecycle,
) -> Result<usize, StoreError> {
    let Some(ttl) = lifecycle.campaign_ttl else {
        return Ok(0);
    };
    let now = now_ms();
    let mut deleted = 0;
    for id in store.due_campaigns(now, CAMPAIGN_SWEEP_BATCH).await? {
        let Some(campaign) = store.load_campaign(&id).await? else {
            // Gone already: dropping its entry is part of deleting it, which happens below.
            delete_campaign(store, &id).await?;
            continue;
        };
        let mut last = campaign.updated_at_ms.max(campaign.created_at_ms);
        if let Some(play) = campaign.current()
            && let Some(game) = store.load(&play.game_id).await?
        {
            last = last.max(game.updated_at_ms);
        }
        let due = last + ttl.as_millis() as i64;
        if due > now {
            store.reschedule_campaign(&id, due).await?;
        } else if delete_campaign(store, &id).await?.is_some() {
            tracing::info!(campaign = %id, "abandoned campaign deleted");
            deleted += 1;
        }
    }
    Ok(deleted)
}

/// Deletes a campaign with every play: the plays first, then the campaign record (taken as it is
/// at that moment, so a play started meanwhile goes too). A crash part-way leaves the campaign
/// with some plays gone, and deleting again finishes. Returns the deleted plays' ids, or `None`
/// when there was no campaign.
pub async fn delete_campaign<S: Store>(
    store: &S,
    id: &str,
) -> Result<Option<Vec<String>>, StoreError> {
    let before = store.load_campaign(id).await?;
    let mut deleted = Vec::new();
    for play in before.iter().flat_map(|c| &c.plays) {
        if store.delete(&play.game_id).await? {
            deleted.push(play.game_id.clone());
        }
    }
    let Some(last) = store.delete_campaign(id).await? else {
        return Ok(None);
    };
    for play in &last.plays {
        let seen = before
            .iter()
            .flat_map(|c| &c.plays)
            .any(|p| p.game_id == play.game_id);
        if !seen && store.delete(&play.game_id).await? {
            deleted.push(play.game_id.clone());
        }
    }
    Ok(Some(deleted))
}
