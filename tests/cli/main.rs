//! The `focus-bot` command line and the offline console, run as a user runs them (the binary,
//! its arguments and standard input) and in process.
//!
//! One test binary of modules rather than one per file (issue 20): each binary links the whole
//! crate and its dependencies, so a few binaries build and link much faster than thirty.

// Runs the `focus-bot` binary as a user does.
#[path = "../support/bin.rs"]
mod bin;
// Runs the binary beside a test until it is stopped.
#[path = "../support/running.rs"]
mod running;
// A database of its own for each PostgreSQL test (the cluster of .ci/postgres); these tests
// use part of it.
#[allow(dead_code)]
#[path = "../support/postgres.rs"]
mod postgres;

mod backups;
mod clean_stop;
mod cli;
mod cli_db;
mod cli_db_copy;
mod cli_defects;
mod cli_edges;
mod console;
mod console_commands;
mod console_sessions;
mod pair;
