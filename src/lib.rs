//! focus-bot: play Sid Sackson's board game *Focus* on Discord.
//!
//! Layers, lowest first, each depending only on those before it (`tests/pure/layers.rs` reads
//! this list and holds the code to it):
//! - [`locale`]: a reader's language as a value (`ru`, `en-US`), stored and passed on.
//! - [`i18n`]: the languages the bot speaks: Fluent files of `locales/`, built in.
//! - [`text`]: structured text (words, bold, users, times), as data each adapter renders.
//! - [`clock`]: time, injectable, so tests can move it.
//! - [`rules`]: the game itself, pure.
//! - [`pick`]: choosing a move from menus (what can move, where it goes), pure, on [`rules`].
//! - [`engine`]: the Focus engine (search, evaluation, levels, self-play tuning), pure, on
//!   [`rules`] only.
//! - [`render`]: board pictures (PNG), pure.
//! - [`ratings`]: Glicko-2 ratings, pure.
//! - [`pairing`]: tournament pairings (Dutch system, round-robin), tie-breaks and TRF, pure.
//! - [`domain`]: the data of games, challenges and tournaments, and the pure decisions on
//!   them: a game between its moves and its end with the rating change, deadlines, challenges,
//!   the tournament lifecycle (state and event in, state and effects out).
//! - [`store`]: keeps the state and answers queries (SQLite); its units of work, written once
//!   over the row-level port `store::port::Rows`, read, let [`domain`] decide, and keep. The
//!   service reaches it through its interface, the async area traits of `store::api`.
//! - [`backups`]: the running bot's scheduled backups of the store.
//! - [`telemetry`]: the bot's metrics for Prometheus (counted by the service and the
//!   adapters, figures read from the store and the backups).
//! - [`service`]: the use cases (challenge, move, resign, …), with no Discord types, split by
//!   use case into parts (games, bots, records, challenges, tournaments, analysis, settings,
//!   ladder, deadlines, post) on one shared context.
//! - [`strings`]: every text a user reads, made from data in the reader's language: the bot's
//!   messages, the letters it sends on its own, the sentences of errors, and the words given to
//!   [`render`] for the picture.
//! - [`app`]: the command layer: every command and button, written once for all adapters.
//! - [`discord`]: the adapter of the bot on Discord.
//! - [`console`]: the adapter of offline play in a terminal.
//! - [`cli`]: the command line, which starts the others.

// No unsafe code anywhere in the crate: nothing here needs it, and the compiler holds us to it.
#![forbid(unsafe_code)]

pub mod app;
pub mod backups;
pub mod cli;
pub mod clock;
pub mod console;
pub mod discord;
pub mod domain;
pub mod engine;
pub mod i18n;
pub mod locale;
pub mod pairing;
pub mod pick;
pub mod ratings;
pub mod render;
pub mod rules;
pub mod service;
pub mod store;
pub mod strings;
pub mod telemetry;
pub mod text;
