-- The table runtime: the store is the truth. A table's row carries a revision that every action
-- raises by one, written only if it is unchanged (optimistic: the loser of a race writes
-- nothing). In the same transaction the action queues what must be shown (outbox) and sets the
-- table's next due job. Outbox items and jobs are claimed by due time with a lease, so several
-- processes can share one database and each item is worked on by one of them at a time.

ALTER TABLE live_tables ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;

-- One pending item per table and thing to show (board, hands, sheet:3, lobby, ...): a newer
-- action's upsert raises the revision to show instead of adding a row.
CREATE TABLE outbox (
    table_id      TEXT    NOT NULL,
    key           TEXT    NOT NULL,
    revision      INTEGER NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    due_at        REAL    NOT NULL,
    claimed_until REAL    NOT NULL DEFAULT 0,  -- a claimer's lease; 0 when not claimed
    PRIMARY KEY (table_id, key)
);

CREATE INDEX outbox_due ON outbox (due_at);

-- At most one next job per table (turn timer, AI move, pause, expiry): each action replaces it.
CREATE TABLE jobs (
    table_id      TEXT    PRIMARY KEY,
    kind          TEXT    NOT NULL,
    revision      INTEGER NOT NULL,  -- the table's revision the job was set at
    due_at        REAL    NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    claimed_until REAL    NOT NULL DEFAULT 0
);

CREATE INDEX jobs_due ON jobs (due_at);

-- The messages the bot keeps for a table (board, hand:2, sheet:3) and what each showed when it
-- was last delivered (`shows`: opaque to the store; the bot compares it to skip a useless edit).
CREATE TABLE shown (
    table_id   TEXT    NOT NULL,
    key        TEXT    NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    shows      TEXT    NOT NULL,
    PRIMARY KEY (table_id, key)
);
