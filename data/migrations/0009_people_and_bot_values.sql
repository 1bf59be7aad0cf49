-- Several processes share one store: what each process used to count from its own memory is
-- read from the store instead.

-- A live table is a table or a puzzle attempt (a table of one). The rows stored before this
-- migration are told apart as the bot writes them: a puzzle's state starts with its kind.
ALTER TABLE live_tables ADD COLUMN kind TEXT NOT NULL DEFAULT 'table';

UPDATE live_tables SET kind = 'puzzle'
    WHERE state LIKE '{"kind":"puzzle",%' OR state LIKE '{"kind":"dominosa",%';

-- The people who count against the per-person caps while a table is unfinished (its host and
-- seated players), in the order the bot gave them; written with the table's row and gone with
-- it. Rows stored before this migration get theirs at their next write.
CREATE TABLE table_people (
    table_id TEXT    NOT NULL REFERENCES live_tables (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    PRIMARY KEY (table_id, position)
);

CREATE INDEX table_people_by_user ON table_people (user_id);

-- /domino end lists the tables of a channel or of a thread.
CREATE INDEX live_tables_by_channel ON live_tables (channel_id);
CREATE INDEX live_tables_by_thread ON live_tables (thread_id);

-- The bot's own values (the fingerprint of the last slash-command sync, ...), kept where every
-- process sees them rather than in a file beside one of them.
CREATE TABLE bot_values (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
