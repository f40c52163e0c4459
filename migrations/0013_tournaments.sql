-- Schema version 13: tournaments (issue 22). Swiss (FIDE Dutch) and round-robin events whose
-- rounds are paired by the pure pairing module and whose games are ordinary games, each in a
-- thread of its own.

CREATE TABLE tournaments (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    -- Where it was announced; its rounds' threads start here.
    channel_id       INTEGER NOT NULL,
    -- The creator, who directs it.
    director_id      INTEGER NOT NULL,
    name             TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
    format           TEXT    NOT NULL
                     CHECK (format IN ('swiss', 'round-robin', 'double-round-robin')),
    -- The planned rounds: a Swiss's as asked (NULL: chosen from the players at the start); a
    -- round-robin's from the Berger tables at the start.
    rounds           INTEGER CHECK (rounds IS NULL OR rounds BETWEEN 1 AND 50),
    days_per_move    INTEGER NOT NULL CHECK (days_per_move IN (0, 1, 2, 3, 5, 7, 10, 14)),
    minutes_per_move INTEGER CHECK (minutes_per_move IS NULL OR minutes_per_move IN (5, 15, 60)),
    rules            TEXT    NOT NULL CHECK (rules IN ('classic', 'swap', 'mirror', 'swap+mirror')),
    rated            INTEGER NOT NULL CHECK (rated IN (0, 1)),
    -- When it starts on its own; NULL: when the director starts it.
    starts_at        INTEGER,
    max_players      INTEGER CHECK (max_players IS NULL OR max_players BETWEEN 2 AND 1000),
    -- How rounds follow each other: when the last game of the round ends ('next'), on a
    -- schedule of `round_every` seconds ('schedule'), or every game at once ('all-at-once',
    -- round-robin only).
    pace             TEXT    NOT NULL DEFAULT 'next'
                     CHECK (pace IN ('next', 'schedule', 'all-at-once')),
    round_every      INTEGER CHECK (round_every IS NULL OR round_every > 0),
    status           TEXT    NOT NULL DEFAULT 'open'
                     CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    -- A running event paused by its director: no round starts until it is resumed.
    paused           INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
    -- The rounds paired so far.
    current_round    INTEGER NOT NULL DEFAULT 0,
    -- The colour of the top seed in round 1 (TRF `XXC`), drawn at the start.
    initial_colour   TEXT    CHECK (initial_colour IN ('white', 'black')),
    -- The announcement with the Join and Leave buttons, once posted.
    message_id       INTEGER,
    created_at       INTEGER NOT NULL,
    started_at       INTEGER,
    finished_at      INTEGER,
    CHECK ((pace = 'schedule') = (round_every IS NOT NULL)),
    CHECK (pace <> 'all-at-once' OR format <> 'swiss')
) STRICT;

CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);
-- Events that start on their own.
CREATE INDEX tournaments_to_start ON tournaments (starts_at) WHERE status = 'open';

CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id       INTEGER NOT NULL,
    -- The starting number (TRF), given at the start by rating, then by joining order; a late
    -- joiner gets the next one. NULL before the start.
    number        INTEGER,
    -- The Glicko-2 rating when the event started (or when they joined late), for the seeding.
    rating        REAL    NOT NULL,
    joined_at     INTEGER NOT NULL,
    -- The first round the player can be paired in (1 unless joined late).
    first_round   INTEGER NOT NULL DEFAULT 1,
    -- 'playing'; 'withdrawn' (by themself), 'removed' (by the director) or 'no-show' (lost on
    -- time without moving): no more pairings after `left_after`.
    status        TEXT    NOT NULL DEFAULT 'playing'
                  CHECK (status IN ('playing', 'withdrawn', 'removed', 'no-show')),
    left_after    INTEGER,
    PRIMARY KEY (tournament_id, user_id),
    UNIQUE (tournament_id, number)
) STRICT;

-- One row per board of every round paired. A bye has no black player and no game.
CREATE TABLE tournament_pairings (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL CHECK (round >= 1),
    board         INTEGER NOT NULL CHECK (board >= 1),
    white_id      INTEGER NOT NULL,
    black_id      INTEGER,
    -- The game, once its thread is started.
    game_id       INTEGER UNIQUE REFERENCES games (id),
    -- NULL while unfinished. 'white', 'black', 'draw': played; 'white-forfeit' (White wins
    -- unplayed), 'black-forfeit', 'double-forfeit'; 'bye' (the pairing-allocated bye).
    result        TEXT    CHECK (result IN ('white', 'black', 'draw', 'white-forfeit',
                                            'black-forfeit', 'double-forfeit', 'bye')),
    -- Set by the director rather than by the game.
    adjudicated   INTEGER NOT NULL DEFAULT 0 CHECK (adjudicated IN (0, 1)),
    UNIQUE (tournament_id, round, board),
    CHECK ((black_id IS NULL) = (result IS 'bye'))
) STRICT;

-- A round's unfinished boards.
CREATE INDEX tournament_pairings_open ON tournament_pairings (tournament_id, round)
    WHERE result IS NULL;

-- What happened, for the record and the director's tools.
CREATE TABLE tournament_log (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    at            INTEGER NOT NULL,
    -- Who did it; NULL: the bot.
    user_id       INTEGER,
    action        TEXT    NOT NULL,
    detail        TEXT    NOT NULL DEFAULT ''
) STRICT;

-- A game of a tournament.
ALTER TABLE games ADD COLUMN tournament_id INTEGER;

-- The role that may create tournaments besides Manage Server (`/focus settings`).
ALTER TABLE server_settings ADD COLUMN tournament_role INTEGER;

-- New notices: a tournament's next round to pair ('tournament-round', due when the round may
-- start), a board's thread and game to start ('tournament-game'), a game's first board posted
-- in its thread ('game-start'), a round's pairings posted in the event's channel (or, by DM,
-- a player's withdrawal as a no-show: 'tournament-news'), and the standings after a round
-- (`ply` the round) or at the end (`ply` 0: 'tournament-standings'), and the announcement
-- redrawn after a change ('tournament-announcement'). SQLite cannot change a CHECK constraint
-- in place, so the outbox is copied into a table with the wider one and two new columns.
CREATE TABLE notices_new (
    id              INTEGER PRIMARY KEY,
    kind            TEXT    NOT NULL
                    CHECK (kind IN ('your-turn', 'reminder', 'time-out', 'challenge-expired',
                                    'bot-move', 'tournament-round', 'tournament-game',
                                    'game-start', 'tournament-news', 'tournament-standings',
                                    'tournament-announcement')),
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
    tournament_id   INTEGER REFERENCES tournaments (id),
    pairing_id      INTEGER REFERENCES tournament_pairings (id),
    CHECK ((game_id IS NOT NULL) + (challenge_id IS NOT NULL) + (tournament_id IS NOT NULL) = 1),
    CHECK (pairing_id IS NULL OR tournament_id IS NOT NULL)
) STRICT;
INSERT INTO notices_new (id, kind, game_id, challenge_id, user_id, ply, via, status, created_at,
                         attempts, next_attempt_at, last_error, done_at)
    SELECT id, kind, game_id, challenge_id, user_id, ply, via, status, created_at, attempts,
           next_attempt_at, last_error, done_at FROM notices;
DROP TABLE notices;
ALTER TABLE notices_new RENAME TO notices;
CREATE INDEX notices_due ON notices (next_attempt_at, id) WHERE status = 'pending';
