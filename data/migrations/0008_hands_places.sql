-- Where each player gets their hand on their turn: by DM (the default: no row) or in the
-- table's thread (a message there that pings them, the hand in the ephemeral answer).

CREATE TABLE hands_places (
    user_id    INTEGER PRIMARY KEY,
    place      TEXT    NOT NULL CHECK (place IN ('dm', 'thread')),
    changed_at REAL    NOT NULL
);
