//! Open watch streams: at most `max` per server and `max_per_caller` per [`Caller`] (0 = no
//! limit). A stream holds a [`StreamSlot`] while it is open and gives it back when it ends,
//! whether the game finished, the client went away or the server is stopping; one more stream
//! than the limits allow is refused with RESOURCE_EXHAUSTED.

use crate::caller::Caller;
use crate::error::ApiError;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

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
}

impl StreamSlots {
    pub fn new(limits: StreamLimits) -> Arc<Self> {
        Arc::new(StreamSlots {
            limits,
            open: Mutex::default(),
        })
    }

    /// A place for one more stream of `caller`, or RESOURCE_EXHAUSTED.
    pub fn take(self: &Arc<Self>, caller: Option<&Caller>) -> Result<StreamSlot, ApiError> {
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
                    caller = c.as_str(),
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
        })
    }

    /// Streams open now.
    pub fn open(&self) -> usize {
        self.open.lock().expect("stream slots lock").total
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn caller(name: &str) -> Caller {
        let req = http::Request::builder()
            .header("x-caller", name)
            .body(())
            .unwrap();
        crate::caller::identify(&req, Some(&http::HeaderName::from_static("x-caller")))
    }

    #[test]
    fn limits_per_server_and_per_caller_and_slots_come_back() {
        let slots = StreamSlots::new(StreamLimits {
            max: 3,
            max_per_caller: 2,
        });
        let (a, b) = (caller("a"), caller("b"));
        let a1 = slots.take(Some(&a)).unwrap();
        let _a2 = slots.take(Some(&a)).unwrap();
        assert!(matches!(slots.take(Some(&a)), Err(ApiError::Limit(_))));
        let _b1 = slots.take(Some(&b)).unwrap();
        assert!(
            matches!(slots.take(Some(&b)), Err(ApiError::Limit(_))),
            "the server's limit"
        );
        assert_eq!(slots.open(), 3);
        drop(a1);
        assert_eq!(slots.open(), 2);
        let _a3 = slots.take(Some(&a)).unwrap();
        let unlimited = StreamSlots::new(StreamLimits::default());
        let many: Vec<_> = (0..100)
            .map(|_| unlimited.take(Some(&a)).unwrap())
            .collect();
        assert_eq!(unlimited.open(), many.len());
        drop(many);
        assert_eq!(unlimited.open(), 0);
        assert!(unlimited.open.lock().unwrap().by_caller.is_empty());
    }
}
