//! The webhook endpoints file (TOML), read once at start and checked whole:
//!
//! ```toml
//! [[endpoint]]
//! name = "rewards"                      # 1-64 of a-z 0-9 _ -; unique
//! url = "https://backend.example/hooks" # http or https
//! secret = "whsec_<base64 of 24-64 bytes>"  # or secret_env = "VARIABLE"
//! # rotating: secrets = ["whsec_new…", "whsec_old…"] (both signatures are sent), or a
//! # secret_env variable holding both, separated by a space
//! kinds = ["game_finished", "seat_to_act"]  # empty or absent: every kind
//! game_type = "claim"                   # optional
//! ```

use super::sign::Secrets;
use crate::engine::host::Hosts;
use crate::rpc::feed::ChangeFilter;
use serde::Deserialize;
use tablero_proto::v1 as pb;

const MAX_ENDPOINTS: usize = 64;

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("webhooks file {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("webhooks file: {0}")]
    Toml(#[from] toml::de::Error),
    #[error("webhook endpoint `{name}`: {problem}")]
    Endpoint { name: String, problem: String },
    #[error("webhooks file: at most {MAX_ENDPOINTS} endpoints")]
    TooMany,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    endpoint: Vec<EndpointEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EndpointEntry {
    name: String,
    url: String,
    secret: Option<String>,
    secrets: Option<Vec<String>>,
    secret_env: Option<String>,
    #[serde(default)]
    kinds: Vec<String>,
    game_type: Option<String>,
}

/// One endpoint, checked.
#[derive(Clone, Debug)]
pub struct Endpoint {
    pub name: String,
    pub url: http::Uri,
    pub secrets: Secrets,
    /// The changes it gets (kinds and game type; no player).
    pub filter: ChangeFilter,
}

/// The kind's name in the file: the proto name without its prefix, lower case.
pub fn kind_name(kind: pb::ChangeKind) -> String {
    kind.as_str_name()
        .trim_start_matches("CHANGE_KIND_")
        .to_ascii_lowercase()
}

/// The Standard Webhooks event `type` of a change: dot-separated, the thing first.
pub fn event_type(kind: pb::ChangeKind) -> &'static str {
    match kind {
        pb::ChangeKind::Unspecified => "change.unspecified",
        pb::ChangeKind::GameCreated => "game.created",
        pb::ChangeKind::SeatToAct => "game.seat_to_act",
        pb::ChangeKind::GameFinished => "game.finished",
        pb::ChangeKind::DeadlinePassed => "game.deadline_passed",
        pb::ChangeKind::CampaignPlayFolded => "campaign.play_folded",
        pb::ChangeKind::SeatChanged => "game.seat_changed",
    }
}

fn kind_of(name: &str) -> Option<pb::ChangeKind> {
    (1..=6)
        .filter_map(|k| pb::ChangeKind::try_from(k).ok())
        .find(|k| kind_name(*k) == name)
}

/// Reads and checks the file at `path`.
pub fn load(path: &str, games: &Hosts) -> Result<Vec<Endpoint>, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
        path: path.to_string(),
        source,
    })?;
    parse(&text, games, |var| std::env::var(var).ok())
}

/// Checks a file's text; `env` reads `secret_env` variables.
pub fn parse(
    text: &str,
    games: &Hosts,
    env: impl Fn(&str) -> Option<String>,
) -> Result<Vec<Endpoint>, ConfigError> {
    let file: File = toml::from_str(text)?;
    if file.endpoint.len() > MAX_ENDPOINTS {
        return Err(ConfigError::TooMany);
    }
    let mut out: Vec<Endpoint> = Vec::new();
    for e in file.endpoint {
        let bad = |problem: String| ConfigError::Endpoint {
            name: e.name.chars().take(64).collect(),
            problem,
        };
        let name_ok = (1..=64).contains(&e.name.len())
            && e.name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-');
        if !name_ok {
            return Err(bad("a name is 1-64 of a-z, 0-9, _ and -".into()));
        }
        if out.iter().any(|o| o.name == e.name) {
            return Err(bad("two endpoints have this name".into()));
        }
        let url: http::Uri = e.url.parse().map_err(|err| bad(format!("url: {err}")))?;
        if !matches!(url.scheme_str(), Some("http" | "https")) || url.host().is_none() {
            return Err(bad(
                "url: give an http:// or https:// URL with a host".into()
            ));
        }
        let texts: Vec<String> = match (&e.secret, &e.secrets, &e.secret_env) {
            (Some(s), None, None) => vec![s.clone()],
            (None, Some(list), None) => list.clone(),
            (None, None, Some(var)) => env(var)
                .ok_or_else(|| bad(format!("secret_env: {var} is not set")))?
                .split_whitespace()
                .map(str::to_string)
                .collect(),
            _ => {
                return Err(bad(
                    "give exactly one of secret, secrets and secret_env".into()
                ));
            }
        };
        let secrets = Secrets::parse(texts.iter().map(String::as_str))
            .map_err(|err| bad(format!("secret: {err}")))?;
        let kinds = e
            .kinds
            .iter()
            .map(|k| kind_of(k).ok_or_else(|| bad(format!("unknown kind `{k}`"))))
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(t) = &e.game_type
            && games.get(t).is_none()
        {
            return Err(bad(format!("unknown game type `{t}`")));
        }
        out.push(Endpoint {
            name: e.name.clone(),
            url,
            secrets,
            filter: ChangeFilter {
                game_type: e.game_type.clone(),
                player_ref: None,
                kinds,
            },
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const NEW: &str = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const OLD: &str = "whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

    fn parse_one(text: &str) -> Result<Vec<Endpoint>, ConfigError> {
        parse(text, &crate::rpc::games::registries().0, |v| {
            (v == "HOOK").then(|| format!("{NEW} {OLD}"))
        })
    }

    #[test]
    fn a_file_is_checked_whole() {
        let ok = parse_one(
            "[[endpoint]]\nname = \"rewards\"\nurl = \"http://127.0.0.1:9/h\"\nsecret_env = \"HOOK\"\nkinds = [\"game_finished\", \"seat_to_act\"]\ngame_type = \"claim\"\n",
        )
        .unwrap();
        assert_eq!(
            ok[0].filter.kinds,
            [pb::ChangeKind::GameFinished, pb::ChangeKind::SeatToAct]
        );
        // Both secrets of the variable sign.
        assert_eq!(
            ok[0].secrets.signature("id", 1, b"{}").split(' ').count(),
            2
        );
        let base = format!("url = \"http://h/\"\nsecret = \"{NEW}\"\n");
        for bad in [
            format!("[[endpoint]]\nname = \"A\"\n{base}"),
            format!("[[endpoint]]\nname = \"a\"\n{base}[[endpoint]]\nname = \"a\"\n{base}"),
            format!("[[endpoint]]\nname = \"a\"\nurl = \"ftp://h/\"\nsecret = \"{NEW}\"\n"),
            // Not a Standard Webhooks secret (what version 0.1 took).
            "[[endpoint]]\nname = \"a\"\nurl = \"http://h/\"\nsecret = \"0123456789abcdef\"\n"
                .into(),
            format!("[[endpoint]]\nname = \"a\"\n{base}secrets = [\"{OLD}\"]\n"),
            format!(
                "[[endpoint]]\nname = \"a\"\nurl = \"http://h/\"\nsecrets = [\"{NEW}\", \"{OLD}\", \"{OLD}\"]\n"
            ),
            "[[endpoint]]\nname = \"a\"\nurl = \"http://h/\"\nsecret_env = \"NOPE\"\n".into(),
            format!("[[endpoint]]\nname = \"a\"\n{base}kinds = [\"moves\"]\n"),
            format!("[[endpoint]]\nname = \"a\"\n{base}game_type = \"chess\"\n"),
            format!("[[endpoint]]\nname = \"a\"\n{base}colour = 1\n"),
        ] {
            assert!(parse_one(&bad).is_err(), "accepted: {bad}");
        }
        assert_eq!(
            kind_name(pb::ChangeKind::CampaignPlayFolded),
            "campaign_play_folded"
        );
    }

    #[test]
    fn the_shipped_example_is_valid() {
        let text = include_str!("../../../deploy/webhooks.example.toml");
        let endpoints = parse(text, &crate::rpc::games::registries().0, |_| {
            Some(NEW.to_string())
        })
        .unwrap();
        assert_eq!(endpoints.len(), 2);
        assert_eq!(endpoints[1].filter.kinds.len(), 2);
    }
}
