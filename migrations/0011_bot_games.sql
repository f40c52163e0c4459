-- Schema version 11: games against the bot (issue 15) and its hints.

-- The engine's level (1 to 8) and the colour it plays in a game against the bot; both NULL in
-- a game between people. The bot's own Discord user is the player of that colour.
ALTER TABLE games ADD COLUMN bot_level INTEGER CHECK (bot_level IS NULL OR bot_level BETWEEN 1 AND 8);
ALTER TABLE games ADD COLUMN bot_color TEXT
    CHECK ((bot_color IS NULL) = (bot_level IS NULL) AND (bot_color IS NULL OR bot_color IN ('white', 'black')));
-- Active games against the bot, for the start-up pass that lets the bot move where it was to
-- move when the process stopped.
CREATE INDEX games_bot_active ON games (id) WHERE status = 'active' AND bot_level IS NOT NULL;

-- Hints given in games against the bot: the engine's move for the position at `ply`, at most
-- one per ply (asking again there repeats it) and at most three a game (the service counts).
CREATE TABLE hints (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    ply        INTEGER NOT NULL,
    notation   TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) STRICT;

-- A new kind of notice: the bot's move, posted with its board in the game's channel. SQLite
-- cannot change a CHECK constraint in place, so the outbox is copied into a table with the
-- wider one (same columns, same order) and its index made again.
CREATE TABLE notices_new (
    id              INTEGER PRIMARY KEY,
    kind            TEXT    NOT NULL
                    CHECK (kind IN ('your-turn', 'reminder', 'time-out', 'challenge-expired',
                                    'bot-move')),
    game_id         INTEGER REFERENCES games (id),
    challenge_id    INTEGER REFERENCES challenges (id),
    user_id         INTEGER,
    ply             INTEGER,
    via             TEXT    NOT NULL CHECK (via IN ('channel', 'dm')),
    status          TEXT    NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'sent', 'dropped')),
    created_at      INTEGER NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error      TEXT,
    done_at         INTEGER,
    CHECK ((game_id IS NULL) <> (challenge_id IS NULL))
) STRICT;
INSERT INTO notices_new SELECT * FROM notices;
DROP TABLE notices;
ALTER TABLE notices_new RENAME TO notices;
CREATE INDEX notices_due ON notices (next_attempt_at, id) WHERE status = 'pending';
