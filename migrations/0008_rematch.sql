-- Schema version 8: a rematch once per game (issue 13).

-- The challenge of a finished game's rematch, offered with the Rematch button: set once, so a
-- game is offered again at most once, whoever clicks and however often. NULL: none offered.
ALTER TABLE games ADD COLUMN rematch_challenge_id INTEGER;
