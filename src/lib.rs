//! focus-bot: play Sid Sackson's board game *Focus* on Discord.
//!
//! Layers, each depending only on those before it:
//! - [`rules`]: the game itself, pure.
//! - [`render`]: board pictures (PNG), pure.
//! - [`store`]: the SQLite store of challenges, games, moves, players and settings.
//! - [`cli`]: the command-line tools (`perft`, `replay`, `render`).

pub mod cli;
pub mod render;
pub mod rules;
pub mod store;
