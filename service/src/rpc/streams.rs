//! Open watch streams: at most `max` per server and `max_per_caller` per [`Caller`] (0 = no
//! limit). A stream holds a [`StreamSlot`] while it is open and gives it back when it ends,
//! whether the game finished, the client went away or the server is stopping; one more stream
//! than the limits allow is refused with RESOURCE_EXHAUSTED.
//!
//! Between a watch task and its response body sits an [`Outbox`] of at most one message, filled
//! only when the reader asks for one: a change is built into a message when HTTP/2 can take it,
//! so a reader that does not read holds no message at all (only what HTTP/2 buffers, at most its
//! send buffer), and one that has not asked within the drain time after a change is closed with
//! RESOURCE_EXHAUSTED.

use crate::edge::caller::Caller;
use crate::error::ApiError;
use crate::telemetry::metric;
use std::collections::HashMap;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};
use std::time::Duration;
use tokio::sync::Notify;
use tonic::Status;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StreamLimits {
    /// Open watch streams per server; 0 = no limit.
    pub max: usize,
    /// Open watch streams per caller; 0 = no limit.
    pub max_per_caller: usize,
}

#[derive(Default)]
pub struct StreamSlots {
    limits: StreamLimits,
    open: Mutex<Open>,
}

#[derive(Default)]
struct Open {
    total: usize,
    /// Only callers with an open stream are kept, so this stays as small as the streams.
    by_caller: HashMap<Caller, usize>,
}

/// One open stream's place; dropping it frees the place.
pub struct StreamSlot {
    slots: Arc<StreamSlots>,
    caller: Option<Caller>,
    /// This kind's open-streams gauge (`watch`, `changes`).
    open: metrics::Gauge,
}

impl StreamSlots {
    pub fn new(limits: StreamLimits) -> Arc<Self> {
        Arc::new(StreamSlots {
            limits,
            open: Mutex::default(),
        })
    }

    /// A place for one more stream of `caller` (of `kind`: `watch`, `changes`), or
    /// RESOURCE_EXHAUSTED.
    pub fn take(
        self: &Arc<Self>,
        caller: Option<&Caller>,
        kind: &'static str,
    ) -> Result<StreamSlot, ApiError> {
        match self.take_place(caller) {
            Ok(mut slot) => {
                slot.open = metrics::gauge!(metric::OPEN_STREAMS, "kind" => kind);
                slot.open.increment(1.0);
                Ok(slot)
            }
            Err(e) => {
                metrics::counter!(metric::REFUSALS, "reason" => "too_many_streams").increment(1);
                Err(e)
            }
        }
    }

    fn take_place(self: &Arc<Self>, caller: Option<&Caller>) -> Result<StreamSlot, ApiError> {
        let mut open = self.open.lock().expect("stream slots lock");
        let limits = self.limits;
        if limits.max > 0 && open.total >= limits.max {
            tracing::warn!(
                limit = limits.max,
                "refused a watch stream: the server's are all open"
            );
            return Err(ApiError::Limit(format!(
                "the server has its limit of {} watch streams open; try again later",
                limits.max
            )));
        }
        let caller = caller.filter(|_| limits.max_per_caller > 0);
        if let Some(c) = caller {
            let mine = open.by_caller.get(c).copied().unwrap_or(0);
            if mine >= limits.max_per_caller {
                tracing::warn!(
                    caller = %c,
                    limit = limits.max_per_caller,
                    "refused a watch stream: the caller has its limit open"
                );
                return Err(ApiError::Limit(format!(
                    "this caller has its limit of {} watch streams open; close one first",
                    limits.max_per_caller
                )));
            }
            open.by_caller.insert(c.clone(), mine + 1);
        }
        open.total += 1;
        Ok(StreamSlot {
            slots: self.clone(),
            caller: caller.cloned(),
            open: metrics::Gauge::noop(),
        })
    }

    /// Streams open now.
    pub fn open(&self) -> usize {
        self.open.lock().expect("stream slots lock").total
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        self.open.decrement(1.0);
        let mut open = self.slots.open.lock().expect("stream slots lock");
        open.total -= 1;
        if let Some(c) = &self.caller
            && let Some(n) = open.by_caller.get_mut(c)
        {
            *n -= 1;
            if *n == 0 {
                open.by_caller.remove(c);
            }
        }
    }
}

/// A mailbox of at most one message from a watch task to its response stream, filled only on
/// demand: the task builds a message when the reader asks for one (HTTP/2 polls the response
/// body when the stream can take more), so a reader that does not read costs no message at all.
pub struct Outbox<T> {
    state: Mutex<Mailbox<T>>,
    /// Signalled when the reader asks for a message, takes one, or goes away.
    signal: Notify,
}

struct Mailbox<T> {
    pending: Option<Result<T, Status>>,
    /// The reader has asked for a message and found none.
    wanted: bool,
    /// No more messages after `pending`.
    closed: bool,
    reader_gone: bool,
    reader: Option<Waker>,
}

/// Why a message was not asked for or taken.
#[derive(Debug, PartialEq, Eq)]
pub enum Undelivered {
    /// The reader went away (the client cancelled or disconnected).
    ReaderGone,
    /// The reader did not ask (or take) within the drain time.
    Stalled,
}

impl<T> Outbox<T> {
    /// A mailbox and the response stream that reads it.
    pub fn new() -> (Arc<Outbox<T>>, OutboxStream<T>) {
        let outbox = Arc::new(Outbox {
            state: Mutex::new(Mailbox {
                pending: None,
                wanted: false,
                closed: false,
                reader_gone: false,
                reader: None,
            }),
            signal: Notify::new(),
        });
        (outbox.clone(), OutboxStream(outbox))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Mailbox<T>> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits up to `drain` until `ready` holds of the mailbox (or the reader is gone).
    async fn wait(
        &self,
        drain: Duration,
        ready: impl Fn(&Mailbox<T>) -> bool,
    ) -> Result<(), Undelivered> {
        let wait = async {
            loop {
                let notified = self.signal.notified();
                {
                    let state = self.lock();
                    if state.reader_gone {
                        return Err(Undelivered::ReaderGone);
                    }
                    if ready(&state) {
                        return Ok(());
                    }
                }
                notified.await;
            }
        };
        tokio::time::timeout(drain, wait)
            .await
            .unwrap_or(Err(Undelivered::Stalled))
    }

    /// Waits up to `drain` for the reader to ask for a message.
    pub async fn wanted(&self, drain: Duration) -> Result<(), Undelivered> {
        self.wait(drain, |m| m.wanted && m.pending.is_none()).await
    }

    /// Waits up to `drain` for the reader to take the pending message (or for none to be
    /// pending).
    pub async fn drained(&self, drain: Duration) -> Result<(), Undelivered> {
        self.wait(drain, |m| m.pending.is_none()).await
    }

    /// Hands `message` to the reader (call after [`Outbox::wanted`]).
    pub fn send(&self, message: T) {
        self.put(Ok(message), false);
    }

    /// Ends the stream, with `status` as its last item when given (it replaces an unread message:
    /// an ending stream needs no more of it).
    pub fn finish(&self, status: Option<Status>) {
        match status {
            Some(s) => self.put(Err(s), true),
            None => {
                let waker = {
                    let mut state = self.lock();
                    state.closed = true;
                    state.reader.take()
                };
                if let Some(w) = waker {
                    w.wake();
                }
            }
        }
    }

    /// Resolves when the reader has gone away.
    pub async fn reader_gone(&self) {
        loop {
            let notified = self.signal.notified();
            if self.lock().reader_gone {
                return;
            }
            notified.await;
        }
    }

    fn put(&self, item: Result<T, Status>, last: bool) {
        let waker = {
            let mut state = self.lock();
            state.pending = Some(item);
            state.wanted = false;
            state.closed |= last;
            state.reader.take()
        };
        if let Some(w) = waker {
            w.wake();
        }
    }
}

/// The response side of an [`Outbox`].
pub struct OutboxStream<T>(Arc<Outbox<T>>);

impl<T> tokio_stream::Stream for OutboxStream<T> {
    type Item = Result<T, Status>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let item = {
            let mut state = self.0.lock();
            match state.pending.take() {
                Some(item) => Some(item),
                None if state.closed => return Poll::Ready(None),
                None => {
                    state.wanted = true;
                    state.reader = Some(cx.waker().clone());
                    None
                }
            }
        };
        // Either way the task hears of it: a message taken, or one asked for.
        self.0.signal.notify_waiters();
        match item {
            Some(item) => Poll::Ready(Some(item)),
            None => Poll::Pending,
        }
    }
}

impl<T> Drop for OutboxStream<T> {
    fn drop(&mut self) {
        {
            let mut state = self.0.lock();
            state.reader_gone = true;
            // Nobody will read it: free it now.
            state.pending = None;
        }
        self.0.signal.notify_waiters();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio_stream::StreamExt;

    fn caller(name: &str) -> Caller {
        let req = http::Request::builder()
            .header("x-caller", name)
            .body(())
            .unwrap();
        crate::edge::caller::identify(&req, Some(&http::HeaderName::from_static("x-caller")))
    }

    #[tokio::test]
    async fn an_outbox_is_filled_on_demand_and_a_reader_that_does_not_ask_stalls() {
        let drain = Duration::from_millis(50);
        let (outbox, mut stream) = Outbox::new();
        // Nobody asked yet: nothing is wanted.
        assert_eq!(outbox.wanted(drain).await, Err(Undelivered::Stalled));
        let asked = tokio::spawn({
            let outbox = outbox.clone();
            async move {
                outbox.wanted(Duration::from_secs(5)).await.unwrap();
                outbox.send(1);
                outbox.wanted(Duration::from_secs(5)).await.unwrap();
                outbox.send(2);
            }
        });
        assert_eq!(stream.next().await.unwrap().unwrap(), 1);
        assert_eq!(stream.next().await.unwrap().unwrap(), 2);
        asked.await.unwrap();
        // The reader stops asking: the task hears of it within the drain time.
        assert_eq!(outbox.wanted(drain).await, Err(Undelivered::Stalled));
        outbox.finish(Some(Status::resource_exhausted("not read")));
        let status = stream.next().await.unwrap().unwrap_err();
        assert_eq!(status.code(), tonic::Code::ResourceExhausted);
        assert!(stream.next().await.is_none());
        assert_eq!(outbox.drained(drain).await, Ok(()));
        drop(stream);
        assert_eq!(outbox.wanted(drain).await, Err(Undelivered::ReaderGone));
        outbox.reader_gone().await;
    }

    #[test]
    fn limits_per_server_and_per_caller_and_slots_come_back() {
        let slots = StreamSlots::new(StreamLimits {
            max: 3,
            max_per_caller: 2,
        });
        let (a, b) = (caller("a"), caller("b"));
        let a1 = slots.take(Some(&a), "watch").unwrap();
        let _a2 = slots.take(Some(&a), "watch").unwrap();
        assert!(matches!(
            slots.take(Some(&a), "watch"),
            Err(ApiError::Limit(_))
        ));
        let _b1 = slots.take(Some(&b), "watch").unwrap();
        assert!(
            matches!(slots.take(Some(&b), "watch"), Err(ApiError::Limit(_))),
            "the server's limit"
        );
        assert_eq!(slots.open(), 3);
        drop(a1);
        assert_eq!(slots.open(), 2);
        let _a3 = slots.take(Some(&a), "watch").unwrap();
        let unlimited = StreamSlots::new(StreamLimits::default());
        let many: Vec<_> = (0..100)
            .map(|_| unlimited.take(Some(&a), "watch").unwrap())
            .collect();
        assert_eq!(unlimited.open(), many.len());
        drop(many);
        assert_eq!(unlimited.open(), 0);
        assert!(unlimited.open.lock().unwrap().by_caller.is_empty());
    }
}
