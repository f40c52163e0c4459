//! focus-bot: play Sid Sackson's board game *Focus* on Discord.
//!
//! Layers, each depending only on those before it:
//! - [`rules`]: the game itself, pure.
//! - [`cli`]: the command-line tools (`perft`, `replay`).

pub mod cli;
pub mod rules;
