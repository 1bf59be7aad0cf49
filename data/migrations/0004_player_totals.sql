-- Every player's totals per scope (all time or a season; every variant or one), over every
-- finished match, rated or not: /stats then reads a handful of rows however long a player's
-- history is. Existing histories are counted by the rebuild that follows the migration.

CREATE TABLE player_totals (
    guild_id      INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    season_key    INTEGER NOT NULL,
    variant_key   TEXT    NOT NULL,
    games         INTEGER NOT NULL,
    wins          INTEGER NOT NULL,
    streak        INTEGER NOT NULL,
    best_streak   INTEGER NOT NULL,
    reward_points INTEGER NOT NULL,
    reward_hands  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id, season_key, variant_key)
) WITHOUT ROWID;

INSERT OR IGNORE INTO rebuild_requests (guild_id)
    SELECT DISTINCT guild_id FROM matches;
