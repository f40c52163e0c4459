//! focus-bot: play Sid Sackson's board game *Focus* on Discord.
//!
//! Layers, each depending only on those before it:
//! - [`rules`]: the game itself, pure.
//! - [`render`]: board pictures (PNG), pure.
//! - [`ratings`]: Glicko-2 ratings, pure.
//! - [`store`]: the SQLite store of challenges, games, moves, players and settings.
//! - [`service`]: the use cases (challenge, move, resign, …), with no Discord types.
//! - [`strings`]: every sentence a user reads: the bot's messages, the `Display` of every
//!   error a player can cause ([`strings::errors`]) and the picture's words
//!   ([`strings::labels`], drawn by [`render`]).
//! - Adapters: [`discord`] (the bot), [`console`] (offline play in a terminal) and [`cli`]
//!   (the command line).

pub mod cli;
pub mod console;
pub mod discord;
pub mod ratings;
pub mod render;
pub mod rules;
pub mod service;
pub mod store;
pub mod strings;
