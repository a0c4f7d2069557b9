//! The signature a receiver checks: `tablero-signature: t=<unix ms>,v1=<hex>` where `<hex>` is
//! HMAC-SHA256 with the endpoint's secret over `<unix ms>.<body>`. The time inside the signed
//! text lets a receiver refuse old replays.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The header value for `body` sent at `at_ms`.
pub fn signature(secret: &[u8], at_ms: i64, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes keys of any length");
    mac.update(at_ms.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    format!("t={at_ms},v1={}", hex::encode(mac.finalize().into_bytes()))
}

/// Whether `header` is `body`'s signature with `secret` (what a receiver does; the tests use it).
pub fn verify(secret: &[u8], header: &str, body: &[u8]) -> bool {
    let mut at = None;
    let mut sent = None;
    for part in header.split(',') {
        match part.split_once('=') {
            Some(("t", t)) => at = t.parse::<i64>().ok(),
            Some(("v1", v)) => sent = hex::decode(v).ok(),
            _ => {}
        }
    }
    let (Some(at), Some(sent)) = (at, sent) else {
        return false;
    };
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes keys of any length");
    mac.update(at.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    // Constant time, as HMAC checks should be.
    mac.verify_slice(&sent).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_verifies_with_its_secret_only() {
        // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
        let mut mac = Hmac::<Sha256>::new_from_slice(b"Jefe").unwrap();
        mac.update(b"what do ya want for nothing?");
        assert_eq!(
            hex::encode(mac.finalize().into_bytes()),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        let header = signature(b"s3cret-s3cret-16", 1_700_000_000_000, b"{\"a\":1}");
        assert!(header.starts_with("t=1700000000000,v1="));
        assert!(verify(b"s3cret-s3cret-16", &header, b"{\"a\":1}"));
        assert!(!verify(b"another-secret-16", &header, b"{\"a\":1}"));
        assert!(!verify(b"s3cret-s3cret-16", &header, b"{\"a\":2}"));
        let moved = header.replace("t=1700000000000", "t=1700000000001");
        assert!(!verify(b"s3cret-s3cret-16", &moved, b"{\"a\":1}"));
    }
}
