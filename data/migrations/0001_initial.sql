-- The first schema: servers and their settings, seasons, live tables, finished matches with
-- their records, per-seat results, per-player standings (rating and counters) and the rating
-- history of every rated match.

CREATE TABLE servers (
    guild_id         INTEGER PRIMARY KEY,
    language         TEXT    NOT NULL DEFAULT 'en',
    turn_seconds     INTEGER NOT NULL DEFAULT 60,
    rated_by_default INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE seasons (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL REFERENCES servers (guild_id) ON DELETE CASCADE,
    number     INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    started_at REAL    NOT NULL,
    ends_at    REAL,
    ended_at   REAL,
    UNIQUE (guild_id, number)
);

-- One open season per server, enforced by the database itself.
CREATE UNIQUE INDEX seasons_one_open ON seasons (guild_id) WHERE ended_at IS NULL;

CREATE TABLE live_tables (
    id               TEXT    PRIMARY KEY,
    guild_id         INTEGER NOT NULL REFERENCES servers (guild_id) ON DELETE CASCADE,
    channel_id       INTEGER NOT NULL,
    thread_id        INTEGER,
    board_message_id INTEGER,
    state            TEXT    NOT NULL,
    updated_at       REAL    NOT NULL
);

CREATE TABLE matches (
    id          INTEGER PRIMARY KEY,
    table_id    TEXT    NOT NULL UNIQUE,
    guild_id    INTEGER NOT NULL REFERENCES servers (guild_id) ON DELETE CASCADE,
    season_id   INTEGER REFERENCES seasons (id),
    variant     TEXT    NOT NULL,
    scoring     TEXT    NOT NULL,
    options     TEXT    NOT NULL,
    hands       INTEGER NOT NULL,
    rated       INTEGER NOT NULL,
    finished_at REAL    NOT NULL
);

CREATE INDEX matches_by_server ON matches (guild_id, id);

-- Records are kilobytes each: kept apart so that match rows stay small for stats and history.
CREATE TABLE match_records (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    record   TEXT    NOT NULL
);

-- Server, season, time and scoring are copied from the match so that a player's stats are one
-- index range scan.
CREATE TABLE results (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    season_id   INTEGER,
    user_id     INTEGER,
    name        TEXT    NOT NULL,
    unit        INTEGER NOT NULL,
    points      INTEGER NOT NULL,
    won         INTEGER NOT NULL,
    place       INTEGER NOT NULL,
    PRIMARY KEY (match_id, seat)
);

CREATE INDEX results_by_player ON results (guild_id, user_id, match_id);

-- Derived from the rated matches (and rebuildable from them): one row per player per scope.
-- season_key 0 is all time; variant_key '' is every variant.
CREATE TABLE standings (
    guild_id    INTEGER NOT NULL,
    season_key  INTEGER NOT NULL,
    variant_key TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    rating      REAL    NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    points      INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season_key, variant_key, user_id)
);

CREATE INDEX standings_by_rating ON standings (guild_id, season_key, variant_key, rating DESC);

CREATE TABLE rating_changes (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    guild_id    INTEGER NOT NULL,
    season_key  INTEGER NOT NULL,
    variant_key TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    rating      REAL    NOT NULL,
    PRIMARY KEY (match_id, season_key, variant_key, user_id)
);

CREATE INDEX rating_changes_by_player
    ON rating_changes (guild_id, user_id, season_key, variant_key, match_id);
