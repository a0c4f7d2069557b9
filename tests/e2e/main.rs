//! End-to-end tests: the real `tablero` binary on loopback, driven through the generated client.
//! Every scenario runs on both stores, as `<module>::<scenario>::memory` and `…::redis`.

#[macro_use]
mod common;

mod access;
mod arena;
mod bench;
mod bots;
mod campaigns;
mod clocks;
mod cluster;
mod concurrency;
mod connect;
mod credentials;
mod docs;
mod emara;
mod errors;
mod games;
mod hidden;
mod history;
mod hostile;
mod hot;
mod inspect;
mod integration;
mod join;
mod kingdom_legacy;
mod lifecycle;
mod limits;
mod listing;
mod malformed;
mod modes_and_page;
mod panovnik;
mod pantheon;
mod players;
mod probe;
mod replay;
mod restart;
mod seats;
mod security;
mod smoke;
mod telemetry;
mod test_game;
mod watch;
mod webhooks;
