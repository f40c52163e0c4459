-- Where a challenge and its game live (issue 23: play anywhere). What the bot may do there
-- follows from it:
--   'server'   a server the bot is a member of (the app installed to the server): it posts on
--              its own, starts threads, runs tournaments; every game before this schema;
--   'guest'    a server the bot is not in, reached through a user's install: interactions only;
--   'group-dm' a group DM (its own ladder): interactions only;
--   'dm'       a DM between two users (unrated by default): interactions only;
--   'bot-dm'   the bot's own DM with a player: it posts there on its own.
ALTER TABLE challenges ADD COLUMN venue TEXT NOT NULL DEFAULT 'server'
    CHECK (venue IN ('server', 'guest', 'group-dm', 'dm', 'bot-dm'));
ALTER TABLE games ADD COLUMN venue TEXT NOT NULL DEFAULT 'server'
    CHECK (venue IN ('server', 'guest', 'group-dm', 'dm', 'bot-dm'));

-- A notice for a player of a game the bot cannot post in, whose DM Discord refused: it waits
-- for the player's next interaction (a command or a click anywhere), where it is shown.
CREATE TABLE held_notices (
    notice_id INTEGER PRIMARY KEY REFERENCES notices (id),
    user_id   INTEGER NOT NULL,
    held_at   INTEGER NOT NULL
) STRICT;
CREATE INDEX held_notices_by_user ON held_notices (user_id);
