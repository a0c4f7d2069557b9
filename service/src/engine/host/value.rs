//! A game's own value behind the game-neutral interface: a rules state's view, an action, an
//! event, a config or a campaign's view, of whichever game it belongs to. The engine passes
//! them on without looking inside; the protocol layer, which knows each game's types, reads
//! them back ([`Value::get`]).

use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// One value of some game's rules type, shared (cloning is a reference count).
#[derive(Clone)]
pub struct Value(Arc<dyn Any + Send + Sync>);

impl Value {
    pub fn of<T: Any + Send + Sync>(value: T) -> Value {
        Value(Arc::new(value))
    }

    /// The value as a `T`, if it is one.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.0.downcast_ref()
    }

    /// The value itself as a `T`, if it is one: moved out when nothing else shares it, else
    /// cloned.
    pub fn take<T: Any + Send + Sync + Clone>(self) -> Option<T> {
        let shared = self.0.downcast::<T>().ok()?;
        Some(Arc::try_unwrap(shared).unwrap_or_else(|shared| (*shared).clone()))
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Value(…)")
    }
}
