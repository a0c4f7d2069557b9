//! One client connection as the rest of the server sees it: how many of its requests are in
//! progress (so an idle connection can be closed), and a way to close it at once (a watch
//! stream whose reader stopped reading holds memory in HTTP/2's buffers until its connection
//! goes). The transport puts each request's [`Connection`] in its extensions.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tokio::sync::Notify;

/// A handle on a connection; clones share it.
#[derive(Clone)]
pub struct Connection(Arc<State>);

struct State {
    /// Requests whose response has not been fully sent (or dropped).
    active: AtomicUsize,
    /// When `active` last fell to zero (or the connection opened).
    idle_since: Mutex<Instant>,
    closing: AtomicBool,
    close: Notify,
}

impl Connection {
    pub(crate) fn new() -> Connection {
        Connection(Arc::new(State {
            active: AtomicUsize::new(0),
            idle_since: Mutex::new(Instant::now()),
            closing: AtomicBool::new(false),
            close: Notify::new(),
        }))
    }

    /// Closes the connection now, with every stream on it (no GOAWAY wait).
    pub fn close(&self) {
        self.0.closing.store(true, Ordering::Release);
        self.0.close.notify_one();
    }

    /// Resolves once [`Connection::close`] was called.
    pub(crate) async fn closed(&self) {
        if self.0.closing.load(Ordering::Acquire) {
            return;
        }
        self.0.close.notified().await;
    }

    /// How long the connection has had no request in progress (`None` while it has one).
    pub(crate) fn idle_for(&self, now: Instant) -> Option<std::time::Duration> {
        if self.0.active.load(Ordering::Acquire) > 0 {
            return None;
        }
        let since = *self.0.idle_since.lock().unwrap_or_else(|e| e.into_inner());
        Some(now.saturating_duration_since(since))
    }

    pub(crate) fn begin(&self) -> Active {
        self.0.active.fetch_add(1, Ordering::AcqRel);
        Active(self.clone())
    }
}

/// One request in progress; dropping it ends it.
pub(crate) struct Active(Connection);

impl Drop for Active {
    fn drop(&mut self) {
        let state = &(self.0).0;
        if state.active.fetch_sub(1, Ordering::AcqRel) == 1 {
            *state.idle_since.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
        }
    }
}
