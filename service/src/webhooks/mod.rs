//! Webhooks: the operator names endpoints (`--webhooks <file>`, [`config`]); every replica runs
//! a deliverer per endpoint ([`deliver`]), and the one holding the endpoint's lease in the store
//! POSTs each matching change of the feed to it, in feed order, signed ([`sign`]), at least once:
//! a change is retried with backoff until the endpoint answers 2xx, and the endpoint's cursor
//! moves past it only then. Every attempt goes into the endpoint's delivery log.

pub mod config;
pub mod deliver;
pub mod sign;
