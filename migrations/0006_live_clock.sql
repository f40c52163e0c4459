-- Schema version 6: live games with a clock (issue 12): minutes per move besides days.

-- Minutes each player has per move in a live game (5, 15 or 60); NULL: not a live game, its
-- time is `days_per_move` (0 there: no limit). A live game keeps `days_per_move` at 0, so rows
-- written before this version read as they always did.
ALTER TABLE challenges ADD COLUMN minutes_per_move INTEGER
    CHECK (minutes_per_move IS NULL OR (minutes_per_move IN (5, 15, 60) AND days_per_move = 0));
ALTER TABLE games ADD COLUMN minutes_per_move INTEGER
    CHECK (minutes_per_move IS NULL OR (minutes_per_move IN (5, 15, 60) AND days_per_move = 0));

-- The sweeper sleeps until the next due moment: the earliest deadline, reminder, notice retry
-- or challenge expiry. Each is a MIN over a partial index that already exists
-- (games_deadline, games_remind, notices_due, challenges_open_expiry), so this version adds
-- none; `Store::next_due` and its query-plan test rely on them.
