-- The clock of the turn a person plays at a table: it starts when the turn was shown to them (the
-- turn's alert, a DM or a ping in the table's thread, delivered), not when it was stored, so
-- nobody runs out of time on a turn no message told them about (Discord down, the bot down).
-- Written by the commit that makes a person's turn (its timer job then waits, due at a time
-- that never comes, until the alert is delivered), kept by the commits of the same turn, and
-- started once, by the transaction that records the alert as sent; gone with the turn.
CREATE TABLE turn_clocks (
    table_id   TEXT    PRIMARY KEY REFERENCES live_tables (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,  -- the table's version of the turn (its moves' version)
    seconds    REAL    NOT NULL,  -- the turn's time, counted from `shown_at`
    started_at REAL    NOT NULL,  -- when the turn began (the move before it was stored)
    shown_at   REAL               -- when its alert was delivered; NULL while it was not
);

-- A person's turn in progress when this runs was timed from when it began: its clock counts as
-- shown then, so its timer stays due when it was (the turn's next commit keeps it).
INSERT INTO turn_clocks (table_id, version, seconds, started_at, shown_at)
    SELECT id, version, seconds, started_at, started_at FROM (
        SELECT live_tables.id AS id,
               json_extract(live_tables.state, '$.version') AS version,
               json_extract(live_tables.state, '$.setup.turn_seconds') AS seconds,
               json_extract(live_tables.state, '$.turn_started') AS started_at
        FROM jobs JOIN live_tables ON live_tables.id = jobs.table_id
        WHERE jobs.kind = 'timer'
    ) AS turns
    WHERE version IS NOT NULL AND seconds IS NOT NULL AND started_at IS NOT NULL;
