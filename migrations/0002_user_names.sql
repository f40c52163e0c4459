-- Display names, so board pictures name both players even after a restart (Discord ids
-- alone would need a Discord lookup the pure renderer cannot make). Updated whenever a user
-- acts; a name is shown, never trusted.
CREATE TABLE user_names (
    user_id    INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    updated_at INTEGER NOT NULL
) STRICT;
