//! The gRPC adapters over the [`crate::engine`]: each handler reads the request's credentials,
//! bounds and converts its fields, calls the engine and maps its errors to statuses
//! ([`status`]).
//!
//! - [`api`]: `tablero.v1.GameService`; [`campaigns`]: `tablero.v1.CampaignService`;
//! - [`watch`]: WatchGame's stream loop; [`changes`]: WatchChanges' stream over the change feed; [`streams`]: the places of open streams and the
//!   one-message outbox between a watch task and its response body;
//! - [`status`]: [`crate::error::ApiError`] as a gRPC status with its details.

pub mod api;
pub mod campaigns;
pub mod changes;
pub mod convert;
pub mod feed;
pub mod feeds;
pub mod games;
pub mod json;
pub mod status;
pub mod streams;
pub mod watch;

pub use api::Api;
pub use campaigns::Campaigns;
