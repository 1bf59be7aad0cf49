-- The latest interaction token of a friends' table (a table in a DM or a group DM, where the bot
-- is not: its one message is edited only through the token of an interaction whose original
-- response it is). Kept until a newer click's replaces it; Discord honours a token for 15
-- minutes after its interaction was made (`made_at`, on the bot's clock). Gone with the table.
CREATE TABLE replies (
    table_id   TEXT    PRIMARY KEY REFERENCES live_tables (id) ON DELETE CASCADE,
    token      TEXT    NOT NULL,
    message_id INTEGER NOT NULL,  -- the table's message, the token's original response
    made_at    REAL    NOT NULL   -- when the interaction was made
);
