-- Schema version 4: ratings, leaderboards and stats (issue 7).

-- When the player's last rated game in this guild ended (their deviation grows for every idle
-- rating period since); NULL: no rated game yet, so not on the leaderboard.
ALTER TABLE players ADD COLUMN rated_at INTEGER;
-- From when the player is provisional (their deviation, grown for idle rating periods, reaches
-- the provisional threshold): at once for a new player, later for an established one who
-- stops playing. Set with every rating; the leaderboard compares it with the time now.
ALTER TABLE players ADD COLUMN provisional_from INTEGER;
-- Rated games finished (the rating's basis; `games` counts every finished game).
ALTER TABLE players ADD COLUMN rated_games INTEGER NOT NULL DEFAULT 0 CHECK (rated_games >= 0);
-- When the player was found to have left the guild; NULL: a member as far as the bot knows.
-- They keep their record, games and history; the leaderboard shows members only.
ALTER TABLE players ADD COLUMN left_at INTEGER;
-- When Discord last confirmed the player is (or is not) a member.
ALTER TABLE players ADD COLUMN member_checked_at INTEGER;

-- Both players' ratings after a rated game, and how much each changed (after minus before);
-- NULL for unrated and aborted games.
ALTER TABLE games ADD COLUMN white_rating REAL;
ALTER TABLE games ADD COLUMN black_rating REAL;
ALTER TABLE games ADD COLUMN white_change REAL;
ALTER TABLE games ADD COLUMN black_change REAL;

-- The leaderboard: a guild's rated members in the leaderboard's order.
CREATE INDEX players_ladder ON players (guild_id, rating DESC, rated_games DESC, user_id)
    WHERE rated_at IS NOT NULL AND left_at IS NULL;
-- Players found gone, to ask again whether they came back (every leaderboard view does).
CREATE INDEX players_left ON players (guild_id, member_checked_at)
    WHERE left_at IS NOT NULL AND rated_at IS NOT NULL;
-- A player's finished games in a guild, newest first (stats: streak, last results,
-- head-to-head).
CREATE INDEX games_finished_white ON games (guild_id, white_id, finished_at)
    WHERE status = 'finished';
CREATE INDEX games_finished_black ON games (guild_id, black_id, finished_at)
    WHERE status = 'finished';
