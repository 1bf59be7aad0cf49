-- The languages the bot speaks to (issue 8). A server's row exists only once a moderator chose
-- its language with /domino config language (without one the bot follows the server's own
-- Discord locale); a player's row holds the language of their latest interaction, for the
-- messages the bot sends them unasked (their hand by DM).

CREATE TABLE guild_languages (
    guild_id   INTEGER PRIMARY KEY,
    language   TEXT    NOT NULL,
    changed_at REAL    NOT NULL
);

CREATE TABLE player_languages (
    user_id    INTEGER PRIMARY KEY,
    language   TEXT    NOT NULL,
    seen_at    REAL    NOT NULL
);
