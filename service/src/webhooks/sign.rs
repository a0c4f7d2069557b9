//! Signatures by the Standard Webhooks specification: a delivery carries `webhook-id`,
//! `webhook-timestamp` (unix seconds) and `webhook-signature`, a space-separated list of
//! `v1,<base64 HMAC-SHA256 over "<id>.<timestamp>.<body>">`, one per secret the endpoint has
//! (two while a secret is rotated). Secrets are `whsec_<base64>`. The specification's own
//! library (`standardwebhooks`) does the HMAC, so a receiver using any of its languages'
//! libraries verifies a delivery in one call.

use base64::Engine;
use standardwebhooks::Webhook;

/// The prefix of a Standard Webhooks secret.
const PREFIX: &str = "whsec_";
/// The specification recommends keys between 24 and 64 bytes.
pub const MIN_KEY: usize = 24;
pub const MAX_KEY: usize = 64;
/// At most this many secrets at once: the new one and the one it replaces.
pub const MAX_SECRETS: usize = 2;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SecretError {
    #[error("a secret starts with `whsec_` followed by base64 (Standard Webhooks)")]
    Prefix,
    #[error("the secret after `whsec_` is not base64")]
    Base64,
    #[error("the secret's key has {0} bytes; give {MIN_KEY} to {MAX_KEY}")]
    Length(usize),
    #[error("give one or two secrets (two while rotating)")]
    Count,
}

/// An endpoint's signing keys, newest first.
#[derive(Clone)]
pub struct Secrets(std::sync::Arc<[Webhook]>);

impl std::fmt::Debug for Secrets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print a key.
        write!(f, "Secrets({} keys)", self.0.len())
    }
}

impl Secrets {
    /// Parses `whsec_` secrets, newest first.
    pub fn parse<'a>(secrets: impl IntoIterator<Item = &'a str>) -> Result<Self, SecretError> {
        let keys = secrets
            .into_iter()
            .map(key_of)
            .collect::<Result<Vec<_>, _>>()?;
        if keys.is_empty() || keys.len() > MAX_SECRETS {
            return Err(SecretError::Count);
        }
        Ok(Secrets(
            keys.into_iter()
                .map(|k| Webhook::from_bytes(k).expect("any key is accepted"))
                .collect::<Vec<_>>()
                .into(),
        ))
    }

    /// The `webhook-signature` header for `body` sent as `id` at `timestamp` (unix seconds).
    pub fn signature(&self, id: &str, timestamp: i64, body: &[u8]) -> String {
        self.0
            .iter()
            .map(|w| {
                w.sign(id, timestamp, body)
                    .expect("bodies are JSON, so UTF-8")
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The key bytes of a `whsec_` secret.
fn key_of(secret: &str) -> Result<Vec<u8>, SecretError> {
    let encoded = secret
        .trim()
        .strip_prefix(PREFIX)
        .ok_or(SecretError::Prefix)?;
    let key = base64::engine::general_purpose::STANDARD
        .decode(encoded)
        .map_err(|_| SecretError::Base64)?;
    if !(MIN_KEY..=MAX_KEY).contains(&key.len()) {
        return Err(SecretError::Length(key.len()));
    }
    Ok(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    // The specification's worked example (standard-webhooks spec, "Signature scheme").
    const SPEC_SECRET: &str = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const SPEC_ID: &str = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    const SPEC_TS: i64 = 1614265330;
    const SPEC_BODY: &str = r#"{"test": 2432232314}"#;
    const SPEC_SIGNATURE: &str = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";

    #[test]
    fn the_specifications_example_signs_to_its_signature() {
        // Its key is 24 bytes: the shortest accepted.
        let secrets = Secrets::parse([SPEC_SECRET]).unwrap();
        assert_eq!(
            secrets.signature(SPEC_ID, SPEC_TS, SPEC_BODY.as_bytes()),
            SPEC_SIGNATURE
        );
    }

    #[test]
    fn while_rotating_both_signatures_are_sent_newest_first() {
        let old = format!(
            "whsec_{}",
            base64::engine::general_purpose::STANDARD.encode([7u8; 32])
        );
        let both = Secrets::parse([SPEC_SECRET, old.as_str()]).unwrap();
        let header = both.signature(SPEC_ID, SPEC_TS, SPEC_BODY.as_bytes());
        let parts: Vec<&str> = header.split(' ').collect();
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0], SPEC_SIGNATURE);
        assert_eq!(
            parts[1],
            Secrets::parse([old.as_str()]).unwrap().signature(
                SPEC_ID,
                SPEC_TS,
                SPEC_BODY.as_bytes()
            )
        );
    }

    #[test]
    fn secrets_are_checked() {
        let b64 = |n: usize| {
            format!(
                "whsec_{}",
                base64::engine::general_purpose::STANDARD.encode(vec![1u8; n])
            )
        };
        assert_eq!(
            Secrets::parse(["0123456789abcdef0123456789"]).unwrap_err(),
            SecretError::Prefix
        );
        assert_eq!(
            Secrets::parse(["whsec_not base64!"]).unwrap_err(),
            SecretError::Base64
        );
        assert_eq!(
            Secrets::parse([b64(23).as_str()]).unwrap_err(),
            SecretError::Length(23)
        );
        assert_eq!(
            Secrets::parse([b64(65).as_str()]).unwrap_err(),
            SecretError::Length(65)
        );
        assert!(Secrets::parse([b64(64).as_str()]).is_ok());
        let three = [b64(32), b64(32), b64(32)];
        assert_eq!(
            Secrets::parse(three.iter().map(String::as_str)).unwrap_err(),
            SecretError::Count
        );
        assert_eq!(
            Secrets::parse(std::iter::empty()).unwrap_err(),
            SecretError::Count
        );
        assert!(!format!("{:?}", Secrets::parse([SPEC_SECRET]).unwrap()).contains("MfKQ"));
    }
}
