-- Schema version 3: correspondence play (issue 6): reminders, and an outbox of notices.

-- When the player to move is reminded (80 % of the move's time gone); NULL: no reminder due
-- (no time limit, the reminder was sent, or neither player has moved yet).
ALTER TABLE games ADD COLUMN remind_at INTEGER;
CREATE INDEX games_remind ON games (remind_at) WHERE status = 'active' AND remind_at IS NOT NULL;

-- Games in play when this schema arrives get their reminder as if it had always existed.
UPDATE games SET remind_at = deadline - (deadline - last_move_at) / 5
    WHERE status = 'active' AND deadline IS NOT NULL AND ply >= 2;

-- The outbox: every message the bot sends on its own (not as the answer to an interaction)
-- is written here in the same transaction as the change it reports, then delivered, so a
-- crash or a Discord failure never loses one. A notice's id is also its Discord nonce, so a
-- send repeated after a crash is not posted twice.
CREATE TABLE notices (
    id              INTEGER PRIMARY KEY,
    kind            TEXT    NOT NULL
                    CHECK (kind IN ('your-turn', 'reminder', 'time-out', 'challenge-expired')),
    game_id         INTEGER REFERENCES games (id),
    challenge_id    INTEGER REFERENCES challenges (id),
    -- The player it is for (pinged, or sent the DM); NULL: the channel in general.
    user_id         INTEGER,
    -- The game's ply when it was queued: a turn notice or reminder for a move already played
    -- is dropped instead of sent.
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

CREATE INDEX notices_due ON notices (next_attempt_at, id) WHERE status = 'pending';
