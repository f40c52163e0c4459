//! Test support of the end-to-end tests (`mod support;` in `tests/discord/main.rs`, compiled once
//! for all of them; `bin.rs` alone is included by `tests/pure` and `tests/cli`, `postgres.rs` by
//! `tests/backend`).
//!
//! It offers more than the tests use today (records and failures of the stand-in a future test
//! will want), so items no test uses yet are not dead code: the lint is off for the module.
#![allow(dead_code)]

pub mod bot;
pub mod discord;
pub mod hang_up;
pub mod postgres;
pub mod raw;
pub mod running;
pub mod stores;
pub mod switch;
