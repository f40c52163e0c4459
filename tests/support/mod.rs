//! Test support shared by the integration tests (`mod support;` in each test file).
//!
//! Each integration test is its own crate and uses a different part of this module, so items one
//! test does not use are not dead code: the lint is switched off for the whole module.
#![allow(dead_code)]

pub mod bot;
pub mod discord;
pub mod hang_up;
pub mod switch;
