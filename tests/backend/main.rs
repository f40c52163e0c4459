//! The store, the game service and correspondence play, in process: on database files in
//! temporary directories and a manual clock, without the Discord stand-in.
//!
//! One test binary of modules rather than one per file (issue 20): each binary links the whole
//! crate and its dependencies, so a few binaries build and link much faster than thirty.

// A database of its own for each PostgreSQL test (the cluster of .ci/postgres).
#[path = "../support/postgres.rs"]
mod postgres;
#[path = "../support/raw.rs"]
mod raw;
// SQLite, or PostgreSQL with FOCUS_TEST_STORE=postgres.
#[path = "../support/stores.rs"]
mod stores;

mod analysis;
mod backups;
mod board_side;
mod bot_draws;
mod correspondence;
mod db_copy;
mod db_copy_checks;
mod db_copy_community;
mod letters;
mod letters_tournament;
mod postgres_harness;
mod replay_labels;
mod service;
mod service_bots;
mod service_fair_play;
mod store;
mod store_conformance;
mod store_durability;
mod store_threads;
mod tournament_model;
mod tournament_model_found;
mod tournaments;

/// SQL that takes a database of schema 14 back to schema 13 (venues undone).
pub const UNDO_14: &str = "
    DROP TABLE held_notices;
    ALTER TABLE games DROP COLUMN venue;
    ALTER TABLE challenges DROP COLUMN venue;
    PRAGMA user_version = 13;";

/// SQL that takes a database of schema 13 back to schema 12 (tournaments undone), for the tests
/// that migrate older databases: the outbox is copied back into its schema-12 table, since
/// SQLite cannot drop a column that a CHECK constraint names.
pub const UNDO_13: &str = "
    CREATE TABLE notices_old (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('your-turn', 'reminder', 'time-out',
            'challenge-expired', 'bot-move')),
        game_id INTEGER REFERENCES games (id),
        challenge_id INTEGER REFERENCES challenges (id),
        user_id INTEGER, ply INTEGER,
        via TEXT NOT NULL CHECK (via IN ('channel', 'dm')),
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'dropped')),
        created_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL, last_error TEXT, done_at INTEGER,
        CHECK ((game_id IS NULL) <> (challenge_id IS NULL))
    ) STRICT;
    INSERT INTO notices_old SELECT id, kind, game_id, challenge_id, user_id, ply, via, status,
        created_at, attempts, next_attempt_at, last_error, done_at FROM notices;
    DROP TABLE notices;
    ALTER TABLE notices_old RENAME TO notices;
    CREATE INDEX notices_due ON notices (next_attempt_at, id) WHERE status = 'pending';
    DROP TABLE tournament_log; DROP TABLE tournament_pairings; DROP TABLE tournament_players;
    DROP TABLE tournaments;
    ALTER TABLE games DROP COLUMN tournament_id;
    ALTER TABLE server_settings DROP COLUMN tournament_role;
    PRAGMA user_version = 12;";
