-- Schema version 10: when each move was stored, to the millisecond (issue 13, fair play).

-- A move whose interaction was created before the opponent's last move was stored is refused
-- ("the position changed while you were typing"); seconds (`played_at`) are too coarse to tell.
-- Unix milliseconds by the bot's clock; NULL for moves stored before this version, which
-- refuse nothing.
ALTER TABLE moves ADD COLUMN stored_at_ms INTEGER;
