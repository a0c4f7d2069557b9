//! Who a request comes from, for the per-caller limits (request rate, open watch streams): the
//! peer's IP address, or, behind a load balancer that says who its client was, the value of a
//! header the operator names (`--caller-header`). Only trust such a header when every request
//! passes through that load balancer: a client can set any header itself.
//!
//! [`crate::transport::guard`] works it out once per request and leaves it in the request's
//! extensions, where the game service reads it.

use http::HeaderName;
use std::borrow::Cow;
use std::net::IpAddr;
use std::sync::Arc;
use tonic::transport::server::TcpConnectInfo;

/// A caller's identity: an IP address, or a trusted header's value. Kept as the address, not
/// its text: every request has a caller, and formatting one costs two allocations.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Caller(Who);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Who {
    Ip(IpAddr),
    /// A trusted header's value that is not an address.
    Named(Arc<str>),
    /// Every request the server cannot place.
    Unknown,
    /// The callers beyond the rate limiter's bound, limited together.
    Overflow,
}

impl Caller {
    /// The caller as text (for logs and the quota keys).
    pub fn text(&self) -> Cow<'_, str> {
        match &self.0 {
            Who::Ip(ip) => Cow::Owned(ip.to_string()),
            Who::Named(name) => Cow::Borrowed(name),
            Who::Unknown => Cow::Borrowed("unknown"),
            Who::Overflow => Cow::Borrowed("overflow"),
        }
    }

    /// The one key the callers beyond the rate limiter's bound share.
    pub fn overflow() -> Caller {
        Caller(Who::Overflow)
    }

    fn from_ip(ip: IpAddr) -> Caller {
        // One caller per IPv4-mapped address and its IPv4 form.
        Caller(Who::Ip(ip.to_canonical()))
    }

    /// Every request the server cannot place shares this one.
    fn unknown() -> Caller {
        Caller(Who::Unknown)
    }
}

impl std::fmt::Display for Caller {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Who::Ip(ip) => ip.fmt(f),
            Who::Named(name) => f.write_str(name),
            Who::Unknown => f.write_str("unknown"),
            Who::Overflow => f.write_str("overflow"),
        }
    }
}

/// The longest header value taken as a caller, so a client cannot make the limits keep long keys.
const MAX_CALLER_LEN: usize = 128;

/// The caller of `req`: the last entry of the trusted header when it is set (a proxy such as a
/// load balancer appends the address it saw to `x-forwarded-for`, so the last entry is the one
/// it vouches for), else the peer address.
pub fn identify<B>(req: &http::Request<B>, header: Option<&HeaderName>) -> Caller {
    let from_header = header
        .and_then(|h| req.headers().get_all(h).iter().next_back())
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.rsplit(',').next())
        .map(str::trim)
        .filter(|v| !v.is_empty());
    if let Some(value) = from_header {
        return match value.parse::<IpAddr>() {
            Ok(ip) => Caller::from_ip(ip),
            Err(_) => Caller(Who::Named(
                value
                    .chars()
                    .take(MAX_CALLER_LEN)
                    .collect::<String>()
                    .into(),
            )),
        };
    }
    req.extensions()
        .get::<TcpConnectInfo>()
        .and_then(TcpConnectInfo::remote_addr)
        .map(|addr| Caller::from_ip(addr.ip()))
        .unwrap_or_else(Caller::unknown)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(headers: &[(&str, &str)], peer: Option<&str>) -> http::Request<()> {
        let mut req = http::Request::new(());
        for (k, v) in headers {
            req.headers_mut().append(
                HeaderName::from_bytes(k.as_bytes()).unwrap(),
                v.parse().unwrap(),
            );
        }
        if let Some(peer) = peer {
            req.extensions_mut().insert(TcpConnectInfo {
                local_addr: None,
                remote_addr: Some(peer.parse().unwrap()),
            });
        }
        req
    }

    #[test]
    fn the_peer_address_unless_a_trusted_header_names_the_caller() {
        let xff = HeaderName::from_static("x-forwarded-for");
        let peer = Some("10.0.0.9:5000");
        assert_eq!(identify(&request(&[], peer), None).text(), "10.0.0.9");
        assert_eq!(
            identify(&request(&[], Some("[::ffff:10.0.0.9]:1")), None).text(),
            "10.0.0.9",
            "an IPv4-mapped address is its IPv4 address"
        );
        // Without the option, the header is not trusted.
        let spoofed = request(&[("x-forwarded-for", "1.2.3.4")], peer);
        assert_eq!(identify(&spoofed, None).text(), "10.0.0.9");
        // With it, the last entry (the one the proxy appended) counts.
        let proxied = request(&[("x-forwarded-for", "6.6.6.6, 192.0.2.7")], peer);
        assert_eq!(identify(&proxied, Some(&xff)).text(), "192.0.2.7");
        // A header the proxy did not set: the peer.
        assert_eq!(identify(&request(&[], peer), Some(&xff)).text(), "10.0.0.9");
        let long = "a".repeat(1000);
        let odd = request(&[("x-forwarded-for", long.as_str())], peer);
        assert_eq!(identify(&odd, Some(&xff)).text().len(), MAX_CALLER_LEN);
        assert_eq!(identify(&request(&[], None), None), Caller::unknown());
    }
}
