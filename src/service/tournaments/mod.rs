//! Tournaments (issue 22): creating and joining events, pairing their rounds with the pure
//! pairing module, the director's tools, standings and the TRF export.
//!
//! The flow of a round is carried by the outbox, so that it survives a kill at any moment:
//! a `tournament-round` notice pairs the next round (`Tournaments::pair_next_round`), which
//! queues a `tournament-game` notice per board; delivering one posts the board's message in the
//! event's channel and starts a thread from it, and the game is created in that thread. Each
//! game's end records its board's result in the game's own transaction (the store), and the
//! round's last result queues the next `tournament-round`.

mod director;
mod entries;
pub mod model;
mod part;
mod rounds;
mod tables;
mod views;

pub use crate::domain::lifecycle::default_rounds;
pub use director::Director;
pub use model::Model;
pub use part::{LIST_LIMIT, MAX_NAME, MAX_START_HOURS, Tournaments};
pub use tables::{complete_rounds, in_play, standings_after, standings_of};
pub use views::*;
