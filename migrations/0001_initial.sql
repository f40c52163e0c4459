-- Schema version 1: challenges, games, moves, per-guild players, per-user settings.
--
-- Conventions (see src/store/mod.rs):
-- * Discord ids (guild, channel, user, message) are 64-bit unsigned snowflakes stored as
--   INTEGER by a lossless bit-cast (u64 as i64): ids above i64::MAX read back as negative
--   numbers here, so never compare or sort them as numbers in SQL.
-- * Times are unix seconds (INTEGER), supplied by the caller's clock.
-- * Booleans are INTEGER 0 or 1; enumerations are lower-case TEXT, checked below.
-- * STRICT tables: SQLite refuses a value of the wrong type instead of converting it.

CREATE TABLE challenges (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    challenger_id INTEGER NOT NULL,
    -- NULL: open to anyone in the channel.
    opponent_id   INTEGER,
    rules         TEXT    NOT NULL CHECK (rules IN ('classic', 'swap', 'mirror', 'swap+mirror')),
    -- 0: no time limit.
    days_per_move INTEGER NOT NULL CHECK (days_per_move IN (0, 1, 2, 3, 5, 7, 10, 14)),
    color         TEXT    NOT NULL CHECK (color IN ('white', 'black', 'random')),
    rated         INTEGER NOT NULL CHECK (rated IN (0, 1)),
    -- NULL: the standard start. Games from a set-up position are never rated.
    start_fpn     TEXT,
    status        TEXT    NOT NULL DEFAULT 'open'
                  CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    -- The Discord message that shows the challenge, once posted.
    message_id    INTEGER,
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL,
    CHECK (NOT (rated = 1 AND start_fpn IS NOT NULL)),
    CHECK (opponent_id IS NULL OR opponent_id <> challenger_id)
) STRICT;

-- Finding open challenges that have run out.
CREATE INDEX challenges_open_expiry ON challenges (expires_at) WHERE status = 'open';

CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    white_id      INTEGER NOT NULL,
    black_id      INTEGER NOT NULL,
    rules         TEXT    NOT NULL CHECK (rules IN ('classic', 'swap', 'mirror', 'swap+mirror')),
    rated         INTEGER NOT NULL CHECK (rated IN (0, 1)),
    start_fpn     TEXT,
    status        TEXT    NOT NULL DEFAULT 'active'
                  CHECK (status IN ('active', 'finished', 'aborted', 'needs_review')),
    -- NULL while the game goes on, and for an aborted game.
    result        TEXT    CHECK (result IN ('white', 'black', 'draw')),
    -- Why it ended: 'no legal move', 'mirror rule', 'resignation', 'time-out', 'agreement',
    -- 'abort', ... (free text so that a new reason needs no migration).
    reason        TEXT,
    created_at    INTEGER NOT NULL,
    last_move_at  INTEGER NOT NULL,
    -- When the player to move runs out of time; NULL: no limit (or the game is over).
    deadline      INTEGER,
    days_per_move INTEGER NOT NULL CHECK (days_per_move IN (0, 1, 2, 3, 5, 7, 10, 14)),
    -- The current position, kept equal to the replay of the moves (checked when loading).
    fpn           TEXT    NOT NULL,
    -- Moves played so far.
    ply           INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),
    draw_offer_by TEXT    CHECK (draw_offer_by IN ('white', 'black')),
    takeback_by   TEXT    CHECK (takeback_by IN ('white', 'black')),
    challenge_id  INTEGER UNIQUE REFERENCES challenges (id),
    finished_at   INTEGER,
    CHECK (white_id <> black_id),
    CHECK (NOT (rated = 1 AND start_fpn IS NOT NULL)),
    CHECK ((status = 'finished') = (result IS NOT NULL))
) STRICT;

-- At most one game in play per channel, enforced here and not only by code. A game held for a
-- moderator ('needs_review') still occupies its channel, so that the moderator can resume it.
CREATE UNIQUE INDEX games_one_per_channel ON games (channel_id)
    WHERE status IN ('active', 'needs_review');
-- A player's games in play, per guild.
CREATE INDEX games_active_white ON games (guild_id, white_id) WHERE status = 'active';
CREATE INDEX games_active_black ON games (guild_id, black_id) WHERE status = 'active';
-- Games whose player to move has run out of time.
CREATE INDEX games_deadline ON games (deadline) WHERE status = 'active' AND deadline IS NOT NULL;

CREATE TABLE moves (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    -- 1-based; ply n is the n-th move of the game.
    ply       INTEGER NOT NULL CHECK (ply >= 1),
    -- The move in the rules module's notation (`c4-d4`, `+e5`, `d4~d5`).
    notation  TEXT    NOT NULL,
    player_id INTEGER NOT NULL,
    played_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) STRICT, WITHOUT ROWID;

CREATE TABLE players (
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    -- Glicko-2 on the Glicko scale.
    rating       REAL    NOT NULL DEFAULT 1500.0,
    deviation    REAL    NOT NULL DEFAULT 350.0,
    volatility   REAL    NOT NULL DEFAULT 0.06,
    games        INTEGER NOT NULL DEFAULT 0,
    wins         INTEGER NOT NULL DEFAULT 0,
    losses       INTEGER NOT NULL DEFAULT 0,
    draws        INTEGER NOT NULL DEFAULT 0,
    last_game_at INTEGER,
    PRIMARY KEY (guild_id, user_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE user_settings (
    user_id          INTEGER PRIMARY KEY,
    dm_notifications INTEGER NOT NULL DEFAULT 1 CHECK (dm_notifications IN (0, 1))
) STRICT;
