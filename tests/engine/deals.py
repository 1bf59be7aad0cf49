"""Hand-built deals of double-six for four players, 7 each (every tile dealt), shared by the
four-player line games (`partnership`, `111`, `classic`, `gameroom`, `kids`).

- DOMINO: seat 0 goes out with its 7th tile at the 25th placement; the tiles left are 5-1 (seat
  1), 6-2 (seat 2) and 5-2 (seat 3). Seat 0 leads 6-6; nobody passes.
- DOMINO_ZERO: the same kind of game on another line; seat 0 goes out and the tiles left are a
  lone 0-0 (seat 1), 6-2 (seat 2) and 5-2 (seat 3).
- BLOCK: ten placements put all seven sixes on the table and leave 6 showing on both ends; seat 1
  places the last tile. Pips left: seat 0 25, seat 1 24, seat 2 20, seat 3 21 (pairs 45 and 45).
"""

from __future__ import annotations

DOMINO = (
    "6-6 4-4 2-2 0-0 2-0 6-1 4-1",
    "6-5 4-3 2-1 6-0 5-0 6-3 5-1",
    "5-5 3-3 1-1 6-4 5-3 3-0 6-2",
    "5-4 3-2 1-0 4-2 3-1 4-0 5-2",
)
DOMINO_PLAY = (
    "0 6-6; 1 6-5; 2 5-5; 3 5-4; 0 4-4; 1 4-3; 2 3-3; 3 3-2; 0 2-2; 1 2-1; 2 1-1; 3 1-0;"
    "0 0-0; 1 6-0@0; 2 6-4; 3 4-2; 0 2-0; 1 5-0; 2 5-3; 3 3-1; 0 6-1@1; 1 6-3; 2 3-0; 3 4-0;"
    "0 4-1"
)
BLOCK = (
    "6-6 6-3 1-0 5-5 5-3 4-0 3-0",  # 25 pips left
    "6-5 3-2 6-0 5-1 5-0 4-3 4-2",  # 24
    "5-4 6-2 5-2 4-4 2-0 0-0 2-1",  # 20
    "6-4 6-1 4-1 3-3 3-1 2-2 1-1",  # 21
)
BLOCK_PLAY = "0 6-6; 1 6-5; 2 5-4; 3 6-4@4; 0 6-3; 1 3-2; 2 6-2@2; 3 6-1; 0 1-0; 1 6-0@0"
# BLOCK with 2-1 and 1-1 swapped between seats 2 and 3: pairs 44 (0+2) and 46 (1+3).
BLOCK_UNEVEN = (BLOCK[0], BLOCK[1], "5-4 6-2 5-2 4-4 2-0 0-0 1-1", "6-4 6-1 4-1 3-3 3-1 2-2 2-1")
DOMINO_ZERO = (
    "6-6 4-4 2-2 6-0 5-0 6-3 5-1",
    "6-5 4-3 2-1 6-4 5-3 3-0 0-0",
    "5-5 3-3 1-1 4-2 3-1 4-0 6-2",
    "5-4 3-2 1-0 2-0 6-1 4-1 5-2",
)
DOMINO_ZERO_PLAY = (
    "0 6-6; 1 6-5; 2 5-5; 3 5-4; 0 4-4; 1 4-3; 2 3-3; 3 3-2; 0 2-2; 1 2-1; 2 1-1; 3 1-0;"
    "0 6-0@0; 1 6-4; 2 4-2; 3 2-0; 0 5-0; 1 5-3; 2 3-1; 3 6-1@1; 0 6-3; 1 3-0; 2 4-0; 3 4-1;"
    "0 5-1"
)
