//! The request rate per caller (applied by [`crate::transport::guard`]), with `governor`'s keyed
//! GCRA limiter: `per_second` tokens a second per [`Caller`], at most `burst` saved up. A call
//! costs what its method costs ([`cost`]: a hint runs a search, so it costs more than a read);
//! one that finds too few tokens is refused at once with RESOURCE_EXHAUSTED, never queued.
//!
//! The limits are **per replica**: N replicas behind a balancer let a caller make up to N times
//! the rate. Memory stays bounded: at most `max_callers` keys are kept. Keys whose state is the
//! same as a new caller's are dropped when the bound is reached (`retain_recent`); when every
//! kept one is still in use, calls share one key until some can go, which limits a flood of
//! distinct callers as one.

use crate::edge::caller::Caller;
use governor::clock::DefaultClock;
use governor::state::keyed::DashMapStateStore;
use governor::{Quota, RateLimiter};
use std::num::NonZeroU32;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tonic::Status;
use tonic::body::Body;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RateLimit {
    /// Tokens a second per caller, on average (a plain call costs one); 0 = no limit.
    pub per_second: f64,
    /// Tokens a caller may spend at once after a pause.
    pub burst: u32,
    /// Callers whose state is kept (memory bound).
    pub max_callers: usize,
}

impl RateLimit {
    pub const OFF: RateLimit = RateLimit {
        per_second: 0.0,
        burst: 0,
        max_callers: 0,
    };

    pub fn enabled(&self) -> bool {
        self.per_second > 0.0
    }
}

impl Default for RateLimit {
    fn default() -> Self {
        RateLimit {
            per_second: 1000.0,
            burst: 2000,
            max_callers: 100_000,
        }
    }
}

/// What a call to `path` costs in tokens. A hint runs a bot's search (up to `--bot-move-ms`,
/// about 100 times a move's CPU); creating a game or putting a bot in a seat may run bot moves
/// inside the write. Everything else costs one.
pub fn cost(path: &str) -> NonZeroU32 {
    let tokens = match path.rsplit('/').next().unwrap_or_default() {
        "GetHint" => 20,
        "CreateGame" | "ReplaceSeat" | "StartCampaignGame" => 5,
        _ => 1,
    };
    NonZeroU32::new(tokens).expect("costs are positive")
}

type Keyed = RateLimiter<Caller, DashMapStateStore<Caller>, DefaultClock>;

/// Every caller's rate.
pub struct Buckets {
    limit: RateLimit,
    limiter: Keyed,
    /// When idle keys were last dropped (at most once a second, so a crowd of new callers does
    /// not make every request scan the map), and when a refusal was last logged.
    pruned: Mutex<Instant>,
    warned: Mutex<Option<Instant>>,
}

/// What a request got.
#[derive(Debug, PartialEq, Eq)]
pub enum Take {
    Allowed,
    Refused,
}

impl Buckets {
    pub fn new(limit: RateLimit) -> Self {
        let burst = NonZeroU32::new(limit.burst.max(1)).expect("at least one");
        // One token's replenish interval; a rate above a billion a second is no limit.
        let every =
            Duration::from_secs_f64(1.0 / limit.per_second.max(1e-9)).max(Duration::from_nanos(1));
        let quota = Quota::with_period(every)
            .expect("a positive period")
            .allow_burst(burst);
        Buckets {
            limit,
            limiter: RateLimiter::dashmap(quota),
            pruned: Mutex::new(Instant::now()),
            warned: Mutex::new(None),
        }
    }

    /// Spends `cost` tokens of `caller`'s.
    pub fn take(&self, caller: &Caller, cost: NonZeroU32) -> Take {
        if self.limiter.len() >= self.limit.max_callers {
            self.prune();
        }
        // Still full: everyone shares the overflow key until idle keys can go (a flood of
        // more distinct callers than the bound, which the shared key limits as one).
        let overflow;
        let key = if self.limiter.len() < self.limit.max_callers {
            caller
        } else {
            overflow = Caller::overflow();
            &overflow
        };
        match self.limiter.check_key_n(key, cost) {
            Ok(Ok(())) => Take::Allowed,
            // Over the rate now, or a cost above the burst: refused either way.
            Ok(Err(_)) | Err(_) => Take::Refused,
        }
    }

    fn prune(&self) {
        let mut pruned = self.pruned.lock().expect("rate limit lock");
        if pruned.elapsed() >= Duration::from_secs(1) {
            *pruned = Instant::now();
            self.limiter.retain_recent();
            self.limiter.shrink_to_fit();
        }
    }

    /// Whether `caller`'s call to `path` is over its rate; refusals are logged at most once a
    /// second.
    pub(super) fn refuses(&self, caller: &Caller, path: &str) -> bool {
        match self.take(caller, cost(path)) {
            Take::Allowed => false,
            Take::Refused => {
                let mut warned = self.warned.lock().expect("rate limit lock");
                if warned.is_none_or(|at| at.elapsed() >= Duration::from_secs(1)) {
                    *warned = Some(Instant::now());
                    tracing::warn!(
                        caller = %caller,
                        per_second = self.limit.per_second,
                        burst = self.limit.burst,
                        "refusing a caller's requests: over its request rate"
                    );
                }
                true
            }
        }
    }

    /// Callers kept now (for tests).
    pub fn len(&self) -> usize {
        self.limiter.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// What a refused request gets.
pub(super) fn refusal() -> http::Response<Body> {
    super::limits::refused("rate_limited");
    Status::resource_exhausted("too many requests from this caller: slow down and retry")
        .into_http()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caller(n: u32) -> Caller {
        let req = http::Request::builder()
            .header("x-caller", n.to_string())
            .body(())
            .unwrap();
        crate::edge::caller::identify(&req, Some(&http::HeaderName::from_static("x-caller")))
    }

    const ONE: NonZeroU32 = NonZeroU32::MIN;

    #[test]
    fn a_burst_then_the_rate_and_callers_apart() {
        let b = Buckets::new(RateLimit {
            per_second: 2.0,
            burst: 3,
            max_callers: 10,
        });
        for _ in 0..3 {
            assert_eq!(b.take(&caller(1), ONE), Take::Allowed);
        }
        assert_eq!(b.take(&caller(1), ONE), Take::Refused);
        // Another caller has its own.
        assert_eq!(b.take(&caller(2), ONE), Take::Allowed);
        // Half a second earns one token at 2/s.
        std::thread::sleep(Duration::from_millis(520));
        assert_eq!(b.take(&caller(1), ONE), Take::Allowed);
        assert_eq!(b.take(&caller(1), ONE), Take::Refused);
    }

    #[test]
    fn a_hint_costs_more_than_a_read() {
        let b = Buckets::new(RateLimit {
            per_second: 1.0,
            burst: 25,
            max_callers: 10,
        });
        assert_eq!(cost("/tablero.v1.GameService/GetHint").get(), 20);
        assert_eq!(cost("/tablero.v1.GameService/GetView").get(), 1);
        assert_eq!(cost("/tablero.v1.GameService/CreateGame").get(), 5);
        assert!(!b.refuses(&caller(1), "/tablero.v1.GameService/GetHint"));
        // 5 tokens left: a second hint is refused, reads go on.
        assert!(b.refuses(&caller(1), "/tablero.v1.GameService/GetHint"));
        for _ in 0..5 {
            assert!(!b.refuses(&caller(1), "/tablero.v1.GameService/GetView"));
        }
        assert!(b.refuses(&caller(1), "/tablero.v1.GameService/GetView"));
        // A cost above the burst is always refused.
        let small = Buckets::new(RateLimit {
            per_second: 100.0,
            burst: 10,
            max_callers: 10,
        });
        assert!(small.refuses(&caller(1), "/tablero.v1.GameService/GetHint"));
    }

    #[test]
    fn memory_is_bounded_and_idle_callers_are_dropped() {
        let b = Buckets::new(RateLimit {
            per_second: 10.0,
            burst: 1,
            max_callers: 4,
        });
        for n in 0..4 {
            assert_eq!(b.take(&caller(n), ONE), Take::Allowed);
        }
        assert_eq!(b.len(), 4);
        // Beyond the bound, calls share one key: one goes, the next is refused.
        assert_eq!(b.take(&caller(100), ONE), Take::Allowed);
        assert_eq!(b.take(&caller(101), ONE), Take::Refused);
        assert!(b.len() <= 5);
        // Once the kept keys have filled up again (0.1 s at 10/s) and a second has passed
        // since the last pruning, they make room.
        std::thread::sleep(Duration::from_millis(1100));
        assert_eq!(b.take(&caller(101), ONE), Take::Allowed);
        assert!(b.len() <= 2, "the idle keys were dropped: {}", b.len());
    }
}
