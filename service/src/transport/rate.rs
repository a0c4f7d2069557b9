//! The request rate per caller (applied by [`crate::transport::guard`]): a token bucket per [`Caller`] (`rate` tokens
//! a second, at most `burst` saved up); a request takes one token, and one that finds none is
//! refused at once with RESOURCE_EXHAUSTED, never queued.
//!
//! Memory stays bounded: at most `max_callers` buckets are kept. A bucket that has filled up
//! again is the same as a new one, so those are dropped first; when every kept bucket is still in
//! use, the callers beyond the bound share one bucket, which limits them together.

use crate::edge::caller::Caller;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tonic::Status;
use tonic::body::Body;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RateLimit {
    /// Requests a second per caller, on average; 0 = no limit.
    pub per_second: f64,
    /// Requests a caller may make at once after a pause.
    pub burst: u32,
    /// Callers whose buckets are kept (memory bound).
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

struct Bucket {
    tokens: f64,
    at: Instant,
    /// A refusal was logged since the last request let through (one warning per episode).
    warned: bool,
}

/// Every caller's bucket.
pub struct Buckets {
    limit: RateLimit,
    state: Mutex<State>,
}

struct State {
    buckets: HashMap<Caller, Bucket>,
    /// Shared by the callers beyond `max_callers`.
    overflow: Bucket,
    /// When full buckets were last dropped: at most once per refill time, so a crowd of new
    /// callers does not make every request scan the map.
    pruned: Instant,
}

/// What a request got from its bucket.
#[derive(Debug, PartialEq, Eq)]
pub enum Take {
    Allowed,
    /// Refused; `warn` on the first refusal since the caller was last let through.
    Refused {
        warn: bool,
    },
}

impl Buckets {
    pub fn new(limit: RateLimit, now: Instant) -> Self {
        Buckets {
            limit,
            state: Mutex::new(State {
                buckets: HashMap::new(),
                overflow: Bucket::full(limit, now),
                pruned: now,
            }),
        }
    }

    /// How long an idle bucket takes to fill up from empty.
    fn refill_time(&self) -> Duration {
        Duration::from_secs_f64(f64::from(self.limit.burst.max(1)) / self.limit.per_second)
    }

    pub fn take(&self, caller: &Caller, now: Instant) -> Take {
        let limit = self.limit;
        let refill = self.refill_time();
        let mut state = self.state.lock().expect("rate limit lock");
        let state = &mut *state;
        if !state.buckets.contains_key(caller)
            && state.buckets.len() >= limit.max_callers
            && now.duration_since(state.pruned) >= refill
        {
            state.pruned = now;
            state.buckets.retain(|_, b| !b.is_full(limit, now));
        }
        let bucket =
            if state.buckets.contains_key(caller) || state.buckets.len() < limit.max_callers {
                state
                    .buckets
                    .entry(caller.clone())
                    .or_insert_with(|| Bucket::full(limit, now))
            } else {
                &mut state.overflow
            };
        bucket.take(limit, now)
    }

    /// Buckets kept now (for tests).
    pub fn len(&self) -> usize {
        self.state.lock().expect("rate limit lock").buckets.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Bucket {
    fn full(limit: RateLimit, now: Instant) -> Bucket {
        Bucket {
            tokens: f64::from(limit.burst.max(1)),
            at: now,
            warned: false,
        }
    }

    fn refilled(&self, limit: RateLimit, now: Instant) -> f64 {
        let earned = now.saturating_duration_since(self.at).as_secs_f64() * limit.per_second;
        (self.tokens + earned).min(f64::from(limit.burst.max(1)))
    }

    fn is_full(&self, limit: RateLimit, now: Instant) -> bool {
        self.refilled(limit, now) >= f64::from(limit.burst.max(1))
    }

    fn take(&mut self, limit: RateLimit, now: Instant) -> Take {
        self.tokens = self.refilled(limit, now);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            self.warned = false;
            Take::Allowed
        } else {
            Take::Refused {
                warn: !std::mem::replace(&mut self.warned, true),
            }
        }
    }
}

impl Buckets {
    /// Whether `caller`'s request now is over its rate; the first refusal of an episode is
    /// logged.
    pub(super) fn refuses(&self, caller: &Caller) -> bool {
        match self.take(caller, Instant::now()) {
            Take::Allowed => false,
            Take::Refused { warn } => {
                if warn {
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

    #[test]
    fn a_burst_then_the_rate_and_callers_apart() {
        let limit = RateLimit {
            per_second: 2.0,
            burst: 3,
            max_callers: 10,
        };
        let t0 = Instant::now();
        let b = Buckets::new(limit, t0);
        for _ in 0..3 {
            assert_eq!(b.take(&caller(1), t0), Take::Allowed);
        }
        assert_eq!(b.take(&caller(1), t0), Take::Refused { warn: true });
        assert_eq!(
            b.take(&caller(1), t0),
            Take::Refused { warn: false },
            "one warning per episode"
        );
        // Another caller has its own bucket.
        assert_eq!(b.take(&caller(2), t0), Take::Allowed);
        // Half a second earns one token at 2/s.
        let t1 = t0 + Duration::from_millis(500);
        assert_eq!(b.take(&caller(1), t1), Take::Allowed);
        assert_eq!(b.take(&caller(1), t1), Take::Refused { warn: true });
        // A long pause refills only up to the burst.
        let t2 = t1 + Duration::from_secs(60);
        for _ in 0..3 {
            assert_eq!(b.take(&caller(1), t2), Take::Allowed);
        }
        assert_eq!(b.take(&caller(1), t2), Take::Refused { warn: true });
    }

    #[test]
    fn memory_is_bounded_and_idle_callers_are_dropped() {
        let limit = RateLimit {
            per_second: 1.0,
            burst: 1,
            max_callers: 4,
        };
        let t0 = Instant::now();
        let b = Buckets::new(limit, t0);
        for n in 0..4 {
            assert_eq!(b.take(&caller(n), t0), Take::Allowed);
        }
        assert_eq!(b.len(), 4);
        // Beyond the bound, new callers share one bucket.
        assert_eq!(b.take(&caller(100), t0), Take::Allowed);
        assert_eq!(b.take(&caller(101), t0), Take::Refused { warn: true });
        assert_eq!(b.len(), 4);
        // Once the kept buckets have filled up again, they make room.
        let later = t0 + Duration::from_secs(5);
        assert_eq!(b.take(&caller(101), later), Take::Allowed);
        assert_eq!(b.len(), 1, "the idle buckets were dropped");
        assert_eq!(b.take(&caller(101), later), Take::Refused { warn: true });
        assert_eq!(b.take(&caller(0), later), Take::Allowed);
    }
}
