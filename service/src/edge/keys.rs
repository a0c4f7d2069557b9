//! API keys: the credential of a backend (players hold seat tokens instead). The operator lists
//! the keys in TOML, each with a name and scopes, stored only as the SHA-256 of the key:
//!
//! ```toml
//! [[key]]
//! name = "lobby-backend"
//! sha256 = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
//! scopes = ["create", "setup", "list", "delete", "seats", "feed", "webhooks"]
//! ```
//!
//! from a file (`--api-keys-file`, re-read when its contents change, so keys rotate without a
//! restart: add the new key, move the backends over, remove the old one) and/or inline
//! (`TABLERO_API_KEYS`). A caller presents its key as the metadata `x-api-key: <key>`.
//! `tablero keygen` makes a key and its entry.

use crate::error::ApiError;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, RwLock};
use std::time::Duration;
use tonic::metadata::MetadataMap;

/// The metadata key that carries an API key.
pub const HEADER: &str = "x-api-key";
/// Longer presented keys are refused before hashing.
const MAX_KEY_LEN: usize = 200;
const MAX_NAME_CHARS: usize = 64;
/// How often the keys file is looked at for changes.
pub const RELOAD_EVERY: Duration = Duration::from_secs(2);

/// What a key may do beyond what anyone may.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// Create games and campaigns when callers without a key may not, and beyond their quotas.
    Create,
    /// Choose a game's seed or scenario (whoever chooses them can know the hidden cards).
    Setup,
    /// List every game and campaign, not only the listed games.
    List,
    /// Delete any game or campaign.
    Delete,
    /// Manage seats: resign a seat, hand it to a bot and back, reissue its token.
    Seats,
    /// Follow the change feed of every game (WatchChanges).
    Feed,
    /// Read the webhook endpoints' delivery logs.
    Webhooks,
}

impl Scope {
    pub const ALL: [Scope; 7] = [
        Scope::Create,
        Scope::Setup,
        Scope::List,
        Scope::Delete,
        Scope::Seats,
        Scope::Feed,
        Scope::Webhooks,
    ];

    /// The scope named `name` as the keys file writes it.
    pub fn named(name: &str) -> Option<Scope> {
        Scope::ALL.into_iter().find(|s| s.as_str() == name)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Create => "create",
            Scope::Setup => "setup",
            Scope::List => "list",
            Scope::Delete => "delete",
            Scope::Seats => "seats",
            Scope::Feed => "feed",
            Scope::Webhooks => "webhooks",
        }
    }
}

/// A key the operator configured: its name (for logs) and scopes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiKey {
    pub name: Arc<str>,
    scopes: Vec<Scope>,
    /// The SHA-256 of the key: an open stream checks the key is still configured.
    hash: [u8; 32],
}

impl ApiKey {
    pub fn allows(&self, scope: Scope) -> bool {
        self.scopes.contains(&scope)
    }

    /// The key's `scope`, or PERMISSION_DENIED saying which scope `what` needs.
    pub fn require(&self, scope: Scope, what: &str) -> Result<(), ApiError> {
        if self.allows(scope) {
            Ok(())
        } else {
            Err(ApiError::PermissionDenied(format!(
                "{what} needs an API key with the `{}` scope; key `{}` lacks it",
                scope.as_str(),
                self.name
            )))
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum KeysError {
    #[error("API keys: {0}")]
    Toml(#[from] toml::de::Error),
    #[error("API keys file {path}: {error}")]
    File {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("API key `{name}`: {problem}")]
    Entry { name: String, problem: String },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KeysFile {
    #[serde(default)]
    key: Vec<KeyEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KeyEntry {
    name: String,
    sha256: String,
    scopes: Vec<Scope>,
}

/// One set of keys, by the hash of the key.
#[derive(Debug, Default)]
pub struct KeySet {
    by_hash: HashMap<[u8; 32], ApiKey>,
}

impl KeySet {
    /// Parses and checks TOML key entries (names and hashes unique, hashes 64 hex digits).
    pub fn parse(text: &str) -> Result<KeySet, KeysError> {
        let file: KeysFile = toml::from_str(text)?;
        let mut set = KeySet::default();
        for entry in file.key {
            let problem = |p: &str| KeysError::Entry {
                name: entry.name.chars().take(MAX_NAME_CHARS).collect(),
                problem: p.to_string(),
            };
            if entry.name.is_empty() || entry.name.chars().count() > MAX_NAME_CHARS {
                return Err(problem("a name has 1 to 64 characters"));
            }
            let hash: [u8; 32] = hex::decode(entry.sha256.trim())
                .ok()
                .and_then(|b| b.try_into().ok())
                .ok_or_else(|| problem("sha256 must be 64 hex digits (the SHA-256 of the key)"))?;
            if set.by_hash.values().any(|k| *k.name == *entry.name) {
                return Err(problem("two keys have this name"));
            }
            let key = ApiKey {
                name: entry.name.as_str().into(),
                scopes: entry.scopes.clone(),
                hash,
            };
            if set.by_hash.insert(hash, key).is_some() {
                return Err(problem("two entries have the same sha256"));
            }
        }
        Ok(set)
    }

    fn merge(mut self, other: KeySet) -> Result<KeySet, KeysError> {
        for (hash, key) in other.by_hash {
            if self.by_hash.values().any(|k| k.name == key.name) || self.by_hash.contains_key(&hash)
            {
                return Err(KeysError::Entry {
                    name: key.name.to_string(),
                    problem: "given both inline and in the file".into(),
                });
            }
            self.by_hash.insert(hash, key);
        }
        Ok(self)
    }

    pub fn len(&self) -> usize {
        self.by_hash.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_hash.is_empty()
    }

    fn find(&self, presented: &str) -> Option<&ApiKey> {
        self.by_hash.get(&hash(presented))
    }
}

fn hash(key: &str) -> [u8; 32] {
    Sha256::digest(key.as_bytes()).into()
}

/// Where the keys come from.
#[derive(Clone, Debug, Default)]
pub struct KeySource {
    pub file: Option<PathBuf>,
    pub inline: Option<String>,
}

/// The configured keys, replaced as a whole when the file changes.
pub struct Keys {
    source: KeySource,
    current: RwLock<(Arc<KeySet>, Option<String>)>,
    /// Counts the replacements: open streams authorised by a key wake and check it.
    changed: tokio::sync::watch::Sender<u64>,
}

impl Keys {
    /// No keys at all: nobody holds a key.
    pub fn none() -> Arc<Keys> {
        Arc::new(Keys {
            source: KeySource::default(),
            current: RwLock::new((Arc::default(), None)),
            changed: tokio::sync::watch::Sender::new(0),
        })
    }

    /// Reads the keys now; a file that cannot be read or parsed is an error (at start, the
    /// operator must hear of it at once).
    pub fn load(source: KeySource) -> Result<Arc<Keys>, KeysError> {
        let file_text = read_file(&source)?;
        let set = build(&source, file_text.as_deref())?;
        Ok(Arc::new(Keys {
            source,
            current: RwLock::new((Arc::new(set), file_text)),
            changed: tokio::sync::watch::Sender::new(0),
        }))
    }

    pub fn set(&self) -> Arc<KeySet> {
        self.current
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .0
            .clone()
    }

    /// Re-reads the file; replaces the keys when its contents changed and parse. A file that
    /// no longer parses keeps the keys as they were (and says so) rather than locking everyone
    /// out. Returns whether the keys changed.
    pub fn reload(&self) -> Result<bool, KeysError> {
        if self.source.file.is_none() {
            return Ok(false);
        }
        let text = read_file(&self.source)?;
        if self.current.read().unwrap_or_else(|e| e.into_inner()).1 == text {
            return Ok(false);
        }
        let set = build(&self.source, text.as_deref())?;
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = (Arc::new(set), text);
        self.changed.send_modify(|n| *n += 1);
        Ok(true)
    }

    /// Wakes at each replacement of the keys.
    pub fn changes(&self) -> tokio::sync::watch::Receiver<u64> {
        self.changed.subscribe()
    }

    /// Whether `key` still holds `scope`: an open stream it authorised ends once the operator
    /// removed the key (UNAUTHENTICATED) or its scope (PERMISSION_DENIED).
    pub fn still(&self, key: &ApiKey, scope: Scope, what: &str) -> Result<(), ApiError> {
        let set = self.set();
        match set.by_hash.get(&key.hash) {
            Some(now) if now.name == key.name => now.require(scope, what),
            _ => Err(ApiError::Unauthenticated(format!(
                "API key `{}` was removed",
                key.name
            ))),
        }
    }

    /// The key a request presents (`x-api-key`), if any. A key nobody configured, or two keys, is
    /// UNAUTHENTICATED: a backend with a revoked key must hear so, not be served as anonymous.
    pub fn of_request(&self, metadata: &MetadataMap) -> Result<Option<ApiKey>, ApiError> {
        let mut values = metadata.get_all(HEADER).iter();
        let Some(value) = values.next() else {
            return Ok(None);
        };
        if values.next().is_some() {
            return Err(ApiError::Unauthenticated(format!(
                "send one `{HEADER}`, not several"
            )));
        }
        let presented = value
            .to_str()
            .ok()
            .map(str::trim)
            .filter(|k| !k.is_empty() && k.len() <= MAX_KEY_LEN)
            .ok_or_else(|| ApiError::Unauthenticated(format!("malformed `{HEADER}`")))?;
        self.set()
            .find(presented)
            .cloned()
            .map(Some)
            .ok_or_else(|| ApiError::Unauthenticated("unknown API key".into()))
    }
}

fn read_file(source: &KeySource) -> Result<Option<String>, KeysError> {
    source
        .file
        .as_ref()
        .map(|path| {
            std::fs::read_to_string(path).map_err(|error| KeysError::File {
                path: path.clone(),
                error,
            })
        })
        .transpose()
}

fn build(source: &KeySource, file_text: Option<&str>) -> Result<KeySet, KeysError> {
    let inline = match &source.inline {
        Some(text) => KeySet::parse(text)?,
        None => KeySet::default(),
    };
    match file_text {
        Some(text) => inline.merge(KeySet::parse(text)?),
        None => Ok(inline),
    }
}

/// Re-reads the keys file every [`RELOAD_EVERY`] until the task is dropped. Kubernetes swaps a
/// mounted Secret's files behind a symlink, so contents are compared, not modification times.
pub async fn reload_forever(keys: Arc<Keys>) {
    if keys.source.file.is_none() {
        return;
    }
    let mut ticks = tokio::time::interval(RELOAD_EVERY);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        match keys.reload() {
            Ok(true) => tracing::info!(keys = keys.set().len(), "API keys reloaded"),
            Ok(false) => {}
            Err(e) => {
                tracing::warn!(error = %e, "API keys file unreadable; keeping the keys as they were")
            }
        }
    }
}

/// A new random key (256 bits) and its TOML entry, for `tablero keygen`.
pub fn generate(name: &str, scopes: &[Scope]) -> Result<(String, String), ApiError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| ApiError::Internal(format!("no randomness: {e}")))?;
    let key = format!("tbk_{}", hex::encode(bytes));
    let scopes: Vec<String> = scopes
        .iter()
        .map(|s| format!("\"{}\"", s.as_str()))
        .collect();
    let entry = format!(
        "[[key]]\nname = \"{name}\"\nsha256 = \"{}\"\nscopes = [{}]\n",
        hex::encode(hash(&key)),
        scopes.join(", ")
    );
    Ok((key, entry))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_key(key: &str) -> MetadataMap {
        let mut md = MetadataMap::new();
        md.insert(HEADER, key.parse().unwrap());
        md
    }

    #[test]
    fn a_generated_entry_parses_and_finds_its_key_with_its_scopes() {
        let (key, entry) = generate("lobby", &[Scope::Create, Scope::List]).unwrap();
        let keys = Keys::load(KeySource {
            file: None,
            inline: Some(entry),
        })
        .unwrap();
        let found = keys.of_request(&with_key(&key)).unwrap().unwrap();
        assert_eq!(&*found.name, "lobby");
        assert!(found.allows(Scope::List) && !found.allows(Scope::Setup));
        for scope in Scope::ALL {
            assert_eq!(Scope::named(scope.as_str()), Some(scope));
        }
        assert_eq!(Scope::named("admin"), None);
        assert!(matches!(
            found.require(Scope::Delete, "deleting"),
            Err(ApiError::PermissionDenied(_))
        ));
        assert_eq!(keys.of_request(&MetadataMap::new()).unwrap(), None);
        assert!(matches!(
            keys.of_request(&with_key("tbk_nobody")),
            Err(ApiError::Unauthenticated(_))
        ));
        let mut two = with_key(&key);
        two.append(HEADER, key.parse().unwrap());
        assert!(matches!(
            keys.of_request(&two),
            Err(ApiError::Unauthenticated(_))
        ));
    }

    #[test]
    fn bad_entries_are_refused() {
        let bad = [
            "[[key]]\nname = \"a\"\nsha256 = \"00\"\nscopes = []\n",
            "[[key]]\nname = \"a\"\nsha256 = \"00\"\nscopes = [\"admin\"]\n",
            "[[key]]\nname = \"\"\nsha256 = \"\"\nscopes = []\n",
            "[[key]]\nname = \"a\"\nsha256 = \"00\"\nscopes = []\nextra = 1\n",
        ];
        for text in bad {
            assert!(KeySet::parse(text).is_err(), "{text}");
        }
        let (_, a) = generate("a", &[]).unwrap();
        let (_, b) = generate("a", &[]).unwrap();
        assert!(
            KeySet::parse(&format!("{a}{b}")).is_err(),
            "duplicate names"
        );
    }

    #[test]
    fn the_file_is_reloaded_when_it_changes_and_kept_when_it_breaks() {
        let dir = std::env::temp_dir().join(format!("tablero-keys-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("keys.toml");
        let (old, old_entry) = generate("old", &[Scope::List]).unwrap();
        let (new, new_entry) = generate("new", &[Scope::List]).unwrap();
        std::fs::write(&path, &old_entry).unwrap();
        let keys = Keys::load(KeySource {
            file: Some(path.clone()),
            inline: None,
        })
        .unwrap();
        assert!(keys.of_request(&with_key(&old)).is_ok());
        assert!(!keys.reload().unwrap(), "unchanged");
        std::fs::write(&path, &new_entry).unwrap();
        assert!(keys.reload().unwrap());
        assert!(keys.of_request(&with_key(&old)).is_err(), "rotated out");
        assert!(keys.of_request(&with_key(&new)).is_ok());
        std::fs::write(&path, "not toml [").unwrap();
        assert!(keys.reload().is_err());
        assert!(keys.of_request(&with_key(&new)).is_ok(), "kept");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
