-- 0011_turn_clocks.sql for PostgreSQL: the same table, and the same clocks of the turns in
-- progress, read from the tables' JSON state with PostgreSQL's operators.
CREATE TABLE turn_clocks (
    table_id   TEXT             PRIMARY KEY REFERENCES live_tables (id) ON DELETE CASCADE,
    version    BIGINT           NOT NULL,
    seconds    DOUBLE PRECISION NOT NULL,
    started_at DOUBLE PRECISION NOT NULL,
    shown_at   DOUBLE PRECISION
);

INSERT INTO turn_clocks (table_id, version, seconds, started_at, shown_at)
    SELECT id, version, seconds, started_at, started_at FROM (
        SELECT live_tables.id AS id,
               (live_tables.state::json ->> 'version')::BIGINT AS version,
               (live_tables.state::json -> 'setup' ->> 'turn_seconds')::DOUBLE PRECISION
                   AS seconds,
               (live_tables.state::json ->> 'turn_started')::DOUBLE PRECISION AS started_at
        FROM jobs JOIN live_tables ON live_tables.id = jobs.table_id
        WHERE jobs.kind = 'timer'
    ) AS turns
    WHERE version IS NOT NULL AND seconds IS NOT NULL AND started_at IS NOT NULL;
