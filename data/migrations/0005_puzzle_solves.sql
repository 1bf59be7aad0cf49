-- Every solved solitaire puzzle (/domino puzzle): who, which puzzle and setting, how long it
-- took from opening to the last tile, and how it was done. Abandoned puzzles are not kept.

CREATE TABLE puzzle_solves (
    id        INTEGER PRIMARY KEY,
    guild_id  INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    puzzle    TEXT    NOT NULL,  -- dominosa or quadrille
    setting   TEXT    NOT NULL,  -- "double-6 hard" for a Dominosa, "classic" for the figure
    seconds   REAL    NOT NULL,
    actions   INTEGER NOT NULL,
    hints     INTEGER NOT NULL,
    solved_at REAL    NOT NULL
);

CREATE INDEX puzzle_solves_best ON puzzle_solves (guild_id, user_id, puzzle, setting, seconds);
