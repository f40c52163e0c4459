-- Schema version 7: a thread per game (issue 12).

-- The channel whose challenge message a game's thread was started from; the game itself is
-- played in `channel_id`, the thread. NULL: the game is played in its channel itself (a game of
-- an earlier version, a challenge made inside a thread, a server with threads off, or a channel
-- where the bot may not start threads).
ALTER TABLE games ADD COLUMN parent_channel_id INTEGER;

-- A game command used in a channel finds the caller's games whose threads started there.
CREATE INDEX games_by_parent ON games (parent_channel_id)
    WHERE status = 'active' AND parent_channel_id IS NOT NULL;

-- `/focus watch`: a server's games in play, most recently moved first.
CREATE INDEX games_watch ON games (guild_id, last_move_at DESC, id DESC) WHERE status = 'active';

-- `/focus history` in a channel or thread without a game in play: the last game that finished
-- there.
CREATE INDEX games_finished_in ON games (channel_id, finished_at DESC, id DESC)
    WHERE finished_at IS NOT NULL;

-- Whether accepted challenges get a thread each (`/focus settings threads:`). NULL: never set,
-- which means on.
ALTER TABLE server_settings ADD COLUMN threads INTEGER;
