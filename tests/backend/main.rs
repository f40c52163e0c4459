//! The store, the game service and correspondence play, in process: on database files in
//! temporary directories and a manual clock, without the Discord stand-in.
//!
//! One test binary of modules rather than one per file (issue 20): each binary links the whole
//! crate and its dependencies, so a few binaries build and link much faster than thirty.

mod analysis;
mod board_side;
mod bot_draws;
mod correspondence;
mod service;
mod service_bots;
mod service_fair_play;
mod store;
mod store_durability;
mod store_threads;
