-- The finished hands of a table in progress, one row each (the hand's record as JSON text, as
-- `engine.record` writes a hand), written once, in the transaction of the action that ended
-- the hand. The table's row keeps only the hand being played: an action writes what it
-- changed, however many hands the match has had. Gone with the table's row. Rows stored
-- before this migration keep their hands in the row until their next write moves them here.
CREATE TABLE live_hands (
    table_id TEXT    NOT NULL REFERENCES live_tables (id) ON DELETE CASCADE,
    number   INTEGER NOT NULL,
    record   TEXT    NOT NULL,
    PRIMARY KEY (table_id, number)
);
