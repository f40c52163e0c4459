-- Schema version 12: the engine's analysis of finished games (issue 15), so that asking again
-- is instant. What is stored is the engine's raw verdict on every position (its best move and
-- score, `d5-e5 cp 35` per line, the start first); the judgement of the moves (inaccuracy,
-- mistake, blunder) is recomputed from it, so a change of thresholds needs no new search.
-- A finished game never changes, so a row is written once and never updated; two analyses of
-- the same game at once store the first and keep it (INSERT OR IGNORE).
CREATE TABLE analyses (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id),
    -- The node budget of each search.
    nodes       INTEGER NOT NULL,
    -- One assessment per position: the game's plies + 1 lines.
    assessments TEXT    NOT NULL,
    created_at  INTEGER NOT NULL
) STRICT;
