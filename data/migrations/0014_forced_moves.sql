-- Whether a player's turns with only one possible move are played for them at once (`auto`,
-- the default: no row) or ask them like any other turn (`ask`), as they chose with
-- /domino settings.

CREATE TABLE forced_moves (
    user_id    INTEGER PRIMARY KEY,
    plays      TEXT    NOT NULL CHECK (plays IN ('auto', 'ask')),
    changed_at REAL    NOT NULL
);
