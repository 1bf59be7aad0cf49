-- Which attempt each solve came from (the puzzle's id while it was open): a solve is written in
-- the same transaction as the attempt's last tile, and an attempt is solved at most once, so a
-- refused write leaves no solve and its retry keeps exactly one. Solves kept before say none.

ALTER TABLE puzzle_solves ADD COLUMN attempt TEXT;

CREATE UNIQUE INDEX puzzle_solves_attempt ON puzzle_solves (attempt);
