//! Per-game change notifications inside one process; stores feed it (memory directly, Redis
//! from its pub/sub subscription, so changes made on other replicas arrive too).

use std::collections::HashMap;
use std::sync::Mutex;
use tokio::sync::broadcast;

#[derive(Default)]
pub struct Notifier {
    channels: Mutex<HashMap<String, broadcast::Sender<u64>>>,
}

impl Notifier {
    pub fn subscribe(&self, id: &str) -> broadcast::Receiver<u64> {
        let mut map = self.channels.lock().expect("notifier lock");
        map.entry(id.to_string())
            .or_insert_with(|| broadcast::channel(64).0)
            .subscribe()
    }

    pub fn notify(&self, id: &str, version: u64) {
        let mut map = self.channels.lock().expect("notifier lock");
        if let Some(tx) = map.get(id) {
            // Drop channels nobody listens to any more, so the map does not grow without bound.
            if tx.send(version).is_err() {
                map.remove(id);
            }
        }
    }
}
