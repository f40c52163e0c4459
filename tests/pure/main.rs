//! The rules, the engine, the board pictures, the ratings and the locale files: tests that need
//! neither a database file nor the Discord stand-in.
//!
//! One test binary of modules rather than one per file (issue 20): each binary links the whole
//! crate and its dependencies, so a few binaries build and link much faster than thirty.

// Runs the `focus-bot` binary as a user does (engine.rs: the line protocol).
#[path = "../support/bin.rs"]
mod bin;
#[path = "../support/raw.rs"]
mod raw;

mod analysis_thresholds;
mod domain_challenges;
mod domain_deadlines;
mod domain_endings;
mod domain_hints;
mod domain_lifecycle;
mod domain_play;
mod domain_rounds;
mod domain_support;
mod dutch_colours;
mod dutch_corpus;
mod dutch_floats;
mod dutch_properties;
mod engine;
mod file_lengths;
mod layers;
mod locales;
mod pairing;
mod ratings;
mod render;
mod replay_gif;
mod rules_props;
mod rules_vectors;
mod russian_durations;
mod russian_plies;
mod service_parts;
mod store_interface;
