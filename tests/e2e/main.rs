//! End-to-end tests: the real `tablero` binary on loopback, driven through the generated client.

mod smoke;
