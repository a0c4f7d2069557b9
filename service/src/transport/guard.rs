//! The edge's guards as one tower layer, in their order: who the caller is
//! ([`crate::edge::caller`]), its request rate ([`rate`]), then the request limits
//! ([`limits`]: the body read whole under its own time limit before an in-flight place is
//! taken, the place, and the time per request). Health checks and reflection skip all but the
//! size limit, so a busy server still answers its orchestrator.
//!
//! One layer, one service clone and one boxed future per request: as three layers, each wrapped
//! the request and boxed a future of its own.

use super::limits::{self, Limits, is_exempt};
use super::rate::{self, Buckets, RateLimit};
use crate::edge::caller::identify;
use futures::future::BoxFuture;
use http::HeaderName;
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::sync::Semaphore;
use tonic::body::Body;
use tower::{Layer, Service};

#[derive(Clone)]
pub struct GuardLayer {
    /// The header that names the caller, trusted only when the operator names it.
    caller_header: Option<HeaderName>,
    /// `None` when the rate is not limited.
    buckets: Option<Arc<Buckets>>,
    limits: Limits,
    permits: Arc<Semaphore>,
}

impl GuardLayer {
    pub fn new(caller_header: Option<HeaderName>, rate: RateLimit, limits: Limits) -> Self {
        GuardLayer {
            caller_header,
            buckets: rate.enabled().then(|| Arc::new(Buckets::new(rate))),
            limits,
            permits: Arc::new(Semaphore::new(limits.max_in_flight)),
        }
    }
}

impl<S> Layer<S> for GuardLayer {
    type Service = GuardService<S>;
    fn layer(&self, inner: S) -> Self::Service {
        GuardService {
            inner,
            guard: self.clone(),
        }
    }
}

#[derive(Clone)]
pub struct GuardService<S> {
    inner: S,
    guard: GuardLayer,
}

impl<S> Service<http::Request<Body>> for GuardService<S>
where
    S: Service<http::Request<Body>, Response = http::Response<Body>> + Clone + Send + 'static,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
{
    type Response = http::Response<Body>;
    type Error = S::Error;
    type Future = BoxFuture<'static, Result<Self::Response, Self::Error>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut req: http::Request<Body>) -> Self::Future {
        let guard = &self.guard;
        let caller = identify(&req, guard.caller_header.as_ref());
        let exempt = is_exempt(req.uri().path());
        if !exempt
            && let Some(buckets) = &guard.buckets
            && buckets.refuses(&caller, req.uri().path())
        {
            return Box::pin(std::future::ready(Ok(rate::refusal())));
        }
        req.extensions_mut().insert(caller);
        // The clone is ready only after poll_ready; swap so the ready one serves this call.
        let clone = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, clone);
        if exempt {
            return Box::pin(inner.call(limits::size_limited(req, guard.limits)));
        }
        Box::pin(limits::call_within(
            inner,
            req,
            guard.limits,
            guard.permits.clone(),
        ))
    }
}
