-- Schema version 5: the readers' languages (issue 11).

-- The Discord locale of the user's latest interaction (`ru`, `en-US`): their DMs are written in
-- its language. NULL: never seen.
ALTER TABLE user_settings ADD COLUMN locale TEXT;

-- Per server: the language of the bot's public messages, as set with `/focus settings`, and the
-- server's own locale as Discord last sent it (the language until one is set). NULL: not set,
-- not seen; the bot then speaks English.
CREATE TABLE server_settings (
    guild_id       INTEGER PRIMARY KEY,
    language       TEXT,
    discord_locale TEXT
) STRICT;
