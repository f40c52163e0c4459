//! The bot end to end: the real serenity and poise code against the local Discord stand-in
//! (`tests/support/discord.rs`), one module per area (formerly `tests/discord_<module>.rs`).
//!
//! One test binary of modules rather than one per file (issue 20): the stand-in and the bot
//! world of `tests/support` are compiled once here instead of once per file, and one binary
//! links the crate once instead of twelve times.

#[path = "../support/mod.rs"]
mod support;

mod after_game;
mod analysis;
mod anywhere;
mod backups;
mod bot_games;
mod both_adapters;
mod command_names;
mod deadlines;
mod e2e;
mod fair_play;
mod live;
mod locales;
mod metrics;
mod ratings;
mod soak;
mod stand_in;
mod threads;
mod tournament_load;
mod tournaments;
mod unreachable;
