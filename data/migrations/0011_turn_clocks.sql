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
