-- Fixed pairs get standings of their own (a pair row names both partners, lower id first),
-- leaderboards sort by wins and points through indexes, and seasons may run on a schedule.

ALTER TABLE servers ADD COLUMN season_days INTEGER;

CREATE INDEX seasons_due ON seasons (ends_at) WHERE ended_at IS NULL AND ends_at IS NOT NULL;

-- SQLite cannot change a primary key in place: build the new table, copy, swap.
CREATE TABLE standings_new (
    guild_id    INTEGER NOT NULL,
    season_key  INTEGER NOT NULL,
    variant_key TEXT    NOT NULL,
    is_pair     INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    partner_id  INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    rating      REAL    NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    points      INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season_key, variant_key, is_pair, user_id, partner_id)
);

INSERT INTO standings_new
    SELECT guild_id, season_key, variant_key, 0, user_id, 0, name, mu, sigma, rating, games,
           wins, points
    FROM standings;

DROP TABLE standings;
ALTER TABLE standings_new RENAME TO standings;

CREATE INDEX standings_by_rating
    ON standings (guild_id, season_key, variant_key, is_pair, rating DESC, wins DESC);
CREATE INDEX standings_by_wins
    ON standings (guild_id, season_key, variant_key, is_pair, wins DESC, rating DESC);
CREATE INDEX standings_by_points
    ON standings (guild_id, season_key, variant_key, is_pair, points DESC, rating DESC);

-- Derived tables that must be recomputed from the recorded matches (here: the pairs of matches
-- recorded before pairs were kept). `Database.open` works through them after migrating.
CREATE TABLE rebuild_requests (
    guild_id INTEGER PRIMARY KEY
);

INSERT INTO rebuild_requests (guild_id)
    SELECT DISTINCT guild_id FROM matches WHERE rated = 1;
