//! focus-bot: play Sid Sackson's board game *Focus* on Discord.
//!
//! Layers, each depending only on those before it:
//! - [`locale`]: a reader's language as a value (`ru`, `en-US`), stored and passed on.
//! - [`rules`]: the game itself, pure.
//! - [`engine`]: the Focus engine (search, evaluation, levels, self-play tuning), pure, on
//!   [`rules`] only.
//! - [`render`]: board pictures (PNG), pure.
//! - [`ratings`]: Glicko-2 ratings, pure.
//! - [`store`]: the SQLite store of challenges, games, moves, players and settings.
//! - [`telemetry`]: the bot's metrics for Prometheus (counted by the service and the
//!   adapters, figures read from the store).
//! - [`service`]: the use cases (challenge, move, resign, …), with no Discord types.
//! - [`i18n`]: the languages the bot speaks: Fluent files of `locales/`, built in.
//! - [`strings`]: every text a user reads, made from data in the reader's language: the bot's
//!   messages, the letters it sends on its own, the sentences of errors, and the words given to
//!   [`render`] for the picture.
//! - [`backups`]: the running bot's scheduled backups of the store (on [`store`] and the
//!   service's clock).
//! - Adapters: [`discord`] (the bot), [`console`] (offline play in a terminal) and [`cli`]
//!   (the command line).

// No unsafe code anywhere in the crate: nothing here needs it, and the compiler holds us to it.
#![forbid(unsafe_code)]

pub mod app;
pub mod backups;
pub mod cli;
pub mod console;
pub mod discord;
pub mod domain;
pub mod engine;
pub mod i18n;
pub mod locale;
pub mod pairing;
pub mod ratings;
pub mod render;
pub mod rules;
pub mod service;
pub mod store;
pub mod strings;
pub mod telemetry;
pub mod text;
