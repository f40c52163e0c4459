-- Schema version 9: channel names, so that a new console session shows the channels of an
-- earlier one by name (issue 13). On Discord a channel is shown by its mention, which Discord
-- itself names; the offline console has no Discord to ask, and its channel ids are hashes of
-- the names, which cannot be read back.
CREATE TABLE channel_names (
    channel_id INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL
) STRICT;
