-- A store several bot processes share: who counts against the per-person caps of each table
-- in progress (`people`: host and seated user ids, space-separated with a space at each end;
-- empty once finished), what kind of table it is ("table" or "puzzle"), and small values the
-- bot keeps for all its processes (the fingerprint of the last command sync).
-- A thin SQLite stand-in on branch bot-shards; the data layer's own version replaces it.

ALTER TABLE live_tables ADD COLUMN people TEXT NOT NULL DEFAULT '';

ALTER TABLE live_tables ADD COLUMN kind TEXT NOT NULL DEFAULT 'table';

CREATE INDEX live_tables_channel ON live_tables (channel_id);

CREATE TABLE bot_values (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
