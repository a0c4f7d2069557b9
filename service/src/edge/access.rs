//! Who may create what: the operator's policy for callers without an API key. Players hold seat
//! tokens (`auth`), backends API keys (`keys`); a caller with neither may create games and
//! campaigns only when the operator allows it (`--public-create`), and then under a per-caller
//! quota of live ones and a global cap of live games, each refused with RESOURCE_EXHAUSTED.
//! A key with the `create` scope is not limited.
//!
//! A quota is a set of ids per caller kept in the store (so every replica sees it); an id whose
//! game finished or is gone (or whose campaign is gone) leaves the set the next time the set is
//! full, so a caller never has to release anything.

use super::caller::Caller;
use super::keys::{ApiKey, Keys, Scope};
use crate::error::ApiError;
use crate::store::{QuotaKind, Store};
use std::borrow::Cow;
use std::sync::Arc;

#[derive(Clone)]
pub struct Access {
    pub keys: Arc<Keys>,
    /// Callers without a key may create games and campaigns.
    pub public_create: bool,
    /// Live (unfinished) games one caller without a key may have.
    pub games_per_caller: u32,
    /// Campaigns one caller without a key may have.
    pub campaigns_per_caller: u32,
    /// Unfinished games on the server beyond which callers without a key may create none.
    pub max_public_games: u64,
}

impl std::fmt::Debug for Access {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Access")
            .field("api_keys", &self.keys.set().len())
            .field("public_create", &self.public_create)
            .field("games_per_caller", &self.games_per_caller)
            .field("campaigns_per_caller", &self.campaigns_per_caller)
            .field("max_public_games", &self.max_public_games)
            .finish()
    }
}

impl Default for Access {
    /// The zero-configuration local server: no keys, anyone may create within the quotas.
    fn default() -> Self {
        Access {
            keys: Keys::none(),
            public_create: true,
            games_per_caller: 20,
            campaigns_per_caller: 5,
            max_public_games: 100_000,
        }
    }
}

impl Access {
    /// Admits the creation of game or campaign `id` by a caller with `key` (or none), claiming
    /// its place in the caller's quota.
    pub async fn admit_create<S: Store>(
        &self,
        store: &S,
        key: Option<&ApiKey>,
        caller: Option<&Caller>,
        kind: QuotaKind,
        id: &str,
    ) -> Result<(), ApiError> {
        if key.is_some_and(|k| k.allows(Scope::Create)) {
            return Ok(());
        }
        let what = match kind {
            QuotaKind::Games => "games",
            QuotaKind::Campaigns => "campaigns",
        };
        if !self.public_create {
            return Err(match key {
                Some(k) => ApiError::PermissionDenied(format!(
                    "this server creates {what} only for API keys with the `create` scope; key `{}` lacks it",
                    k.name
                )),
                None => ApiError::Unauthenticated(format!(
                    "this server creates {what} only for backends: send an API key (x-api-key)"
                )),
            });
        }
        if kind == QuotaKind::Games && store.active_games().await? >= self.max_public_games {
            tracing::warn!(
                limit = self.max_public_games,
                "refused a game: the server holds its limit of unfinished games"
            );
            return Err(ApiError::Limit(
                "the server holds as many unfinished games as it takes from callers without an API key; try again later".into(),
            ));
        }
        let owner = caller.map_or(Cow::Borrowed("unknown"), Caller::text);
        let limit = match kind {
            QuotaKind::Games => self.games_per_caller,
            QuotaKind::Campaigns => self.campaigns_per_caller,
        };
        if claim(store, kind, &owner, id, limit).await? {
            return Ok(());
        }
        tracing::warn!(
            caller = &*owner,
            limit,
            what,
            "refused a create: the caller's quota is full"
        );
        Err(ApiError::Limit(format!(
            "this caller has its limit of {limit} live {what}; finish or delete one first"
        )))
    }
}

/// Claims a place in `owner`'s set; when the set is full, drops the members that are no longer
/// live and tries once more.
async fn claim<S: Store>(
    store: &S,
    kind: QuotaKind,
    owner: &str,
    id: &str,
    limit: u32,
) -> Result<bool, ApiError> {
    if store.quota_claim(kind, owner, id, limit).await? {
        return Ok(true);
    }
    let mut gone = Vec::new();
    for member in store.quota_members(kind, owner).await? {
        let live = match kind {
            QuotaKind::Games => {
                store.status(&member).await? == Some(crate::store::record::GameStatus::Active)
            }
            QuotaKind::Campaigns => store.load_campaign(&member).await?.is_some(),
        };
        if !live {
            gone.push(member);
        }
    }
    if gone.is_empty() {
        return Ok(false);
    }
    store.quota_release(kind, owner, &gone).await?;
    Ok(store.quota_claim(kind, owner, id, limit).await?)
}

/// Whether the caller may choose what `chooses` says: a seed or a scenario, which only an API key
/// with the `setup` scope may (whoever chooses them can know every hidden card of the deal).
/// Only a backend (a caller with an API key) names its players on seats: a player_ref is the
/// backend's id of its user, which its listings trust.
pub fn authorize_player_ref(key: Option<&ApiKey>, given: bool) -> Result<(), ApiError> {
    if given && key.is_none() {
        return Err(ApiError::Unauthenticated(
            "setting a seat's player_ref needs an API key (x-api-key): it is the backend's id of its user".into(),
        ));
    }
    Ok(())
}

pub fn authorize_setup(key: Option<&ApiKey>, chooses: bool, what: &str) -> Result<(), ApiError> {
    if !chooses {
        return Ok(());
    }
    match key {
        Some(k) => k.require(Scope::Setup, what),
        None => Err(ApiError::Unauthenticated(format!(
            "{what} needs an API key with the `setup` scope (x-api-key): whoever chooses it can know the hidden cards"
        ))),
    }
}
