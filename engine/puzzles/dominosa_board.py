"""Dominosa's board: the grid of numbers, every spot a tile could lie on, and the exact solver.

The grid of a double-N puzzle has N+1 rows and N+2 columns (double-six: 7 x 8, 56 cells for
28 tiles); each number 0..N appears N+2 times. Cells are `(row, col)`, 0-based; inside the solver
a cell is the int `row * cols + col`.

A **spot** is a pair of orthogonally adjacent cells; the tile that would lie there is the pair
of numbers under them. A solution picks one spot per tile so that no two picked spots share a
cell. Two spots **block** each other when they share a cell or show the same tile: both cannot
be in a solution. Spots are numbered and sets of spots are int bitmasks, which keeps the search
allocation-free enough to prove a double-nine grid unique in milliseconds.

The exact solver (`solve`) is an exact-cover search: every cell and every tile is a
*constraint* that exactly one picked spot must meet. It places forced spots (a constraint with a
single spot left) and branches on the constraint with the fewest spots left. It counts solutions
up to a cap: a count of 1 with the cap at 2 proves the grid has exactly one solution.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.messages import Message
from engine.puzzles.cells import BadPuzzle, Cell, cell_text, pair_text
from engine.tiles import Tile

MIN_TOP = 3
MAX_TOP = 9


class DominosaBoard:
    """The structure of one grid. Immutable after construction; build it from rows of numbers.

    Constraint `k` is cell `k` for `k < cell_count`, else the tile of index `k - cell_count`
    (tile indices as in `engine.tiles`: dense, 0-0 is 0)."""

    __slots__ = (
        "blocks",
        "cell_count",
        "cols",
        "constraint_spots",
        "grid",
        "rows",
        "spot_cells",
        "spot_constraints",
        "spot_index",
        "spot_tile",
        "tile_count",
        "top",
    )

    def __init__(self, grid: Sequence[Sequence[int]] | object) -> None:
        """Refuses a malformed grid with `BadPuzzle` (a short reason a player can read)."""
        self.grid: tuple[tuple[int, ...], ...] = _checked_grid(grid)
        self.rows = len(self.grid)
        self.cols = len(self.grid[0])
        self.top = self.rows - 1
        self.cell_count = self.rows * self.cols
        self.tile_count = (self.top + 1) * (self.top + 2) // 2
        numbers = [number for row in self.grid for number in row]
        spots: list[tuple[int, int]] = []
        for cell in range(self.cell_count):
            row, col = divmod(cell, self.cols)
            if col + 1 < self.cols:
                spots.append((cell, cell + 1))
            if row + 1 < self.rows:
                spots.append((cell, cell + self.cols))
        self.spot_cells: tuple[tuple[int, int], ...] = tuple(spots)
        self.spot_index: dict[tuple[int, int], int] = {pair: n for n, pair in enumerate(spots)}
        # Tile indices as `Tile.index` gives them (high * (high + 1) / 2 + low), inlined:
        # boards are built thousands of times while generating.
        self.spot_tile: tuple[int, ...] = tuple(
            _tile_index(numbers[a], numbers[b]) for a, b in spots
        )
        masks = [0] * (self.cell_count + self.tile_count)
        for spot, (a, b) in enumerate(spots):
            bit = 1 << spot
            masks[a] |= bit
            masks[b] |= bit
            masks[self.cell_count + self.spot_tile[spot]] |= bit
        self.constraint_spots: tuple[int, ...] = tuple(masks)
        self.spot_constraints: tuple[tuple[int, int, int], ...] = tuple(
            (a, b, self.cell_count + tile)
            for (a, b), tile in zip(spots, self.spot_tile, strict=True)
        )
        self.blocks: tuple[int, ...] = tuple(
            (masks[a] | masks[b] | masks[t]) & ~(1 << spot)
            for spot, (a, b, t) in enumerate(self.spot_constraints)
        )

    # -- naming things ------------------------------------------------------------------------

    def cell(self, cell_id: int) -> Cell:
        row, col = divmod(cell_id, self.cols)
        return (row, col)

    def cell_id(self, cell: Cell) -> int:
        return cell[0] * self.cols + cell[1]

    def on_grid(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def number(self, cell: Cell) -> int:
        return self.grid[cell[0]][cell[1]]

    def spot(self, first: Cell, second: Cell) -> int | None:
        """The spot on these two cells (in either order), or `None` if they are not adjacent."""
        if not (self.on_grid(first) and self.on_grid(second)):
            return None
        a, b = sorted((self.cell_id(first), self.cell_id(second)))
        return self.spot_index.get((a, b))

    def spot_pair(self, spot: int) -> tuple[Cell, Cell]:
        a, b = self.spot_cells[spot]
        return (self.cell(a), self.cell(b))

    def spot_text(self, spot: int) -> str:
        first, second = self.spot_pair(spot)
        return pair_text(first, second)

    def tile(self, spot: int) -> Tile:
        return Tile.from_index(self.spot_tile[spot])

    def constraint_text(self, constraint: int) -> str:
        """`D3` for a cell, `the 5-3` for a tile (a `Message`: the article is a word)."""
        if constraint < self.cell_count:
            return cell_text(self.cell(constraint))
        return Message("the {tile}", tile=Tile.from_index(constraint - self.cell_count))


def _tile_index(a: int, b: int) -> int:
    high, low = (a, b) if a >= b else (b, a)
    return high * (high + 1) // 2 + low


def _checked_grid(grid: object) -> tuple[tuple[int, ...], ...]:
    if isinstance(grid, str | bytes) or not isinstance(grid, Sequence) or not grid:
        raise BadPuzzle("a Dominosa grid is a list of rows of numbers")
    rows: list[tuple[int, ...]] = []
    for index, row in enumerate(grid):
        if isinstance(row, str | bytes) or not isinstance(row, Sequence):
            raise BadPuzzle("row {index} is not a list of numbers", index=index)
        if not all(type(number) is int for number in row):
            raise BadPuzzle("row {index} holds something that is not a whole number", index=index)
        rows.append(tuple(row))
    top = len(rows) - 1
    if not MIN_TOP <= top <= MAX_TOP:
        raise BadPuzzle(
            "a grid has {fewest} to {most} rows (double-{low} to double-{high}), not {rows}",
            fewest=MIN_TOP + 1,
            most=MAX_TOP + 1,
            low=MIN_TOP,
            high=MAX_TOP,
            rows=len(rows),
        )
    for index, row in enumerate(rows):
        if len(row) != top + 2:
            raise BadPuzzle(
                "a double-{top} grid has {width} numbers in every row; row {index} has {count}",
                top=top,
                width=top + 2,
                index=index,
                count=len(row),
            )
    counts = [0] * (top + 1)
    for row in rows:
        for number in row:
            if not 0 <= number <= top:
                raise BadPuzzle(
                    "a double-{top} grid holds numbers 0 to {top}, not {number}",
                    top=top,
                    number=number,
                )
            counts[number] += 1
    for number, count in enumerate(counts):
        if count != top + 2:
            raise BadPuzzle(
                "a double-{top} grid shows each number {times} times; {number} shows {count}",
                top=top,
                times=top + 2,
                number=number,
                count=count,
            )
    return tuple(rows)


# -- the exact solver ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Solutions:
    """What `solve` found: `count` solutions, counted up to `cap` (so `count == cap` means "at
    least that many"), and the first of them as spot numbers (sorted)."""

    count: int
    cap: int
    found: tuple[tuple[int, ...], ...]

    @property
    def unique(self) -> bool:
        return self.count == 1 and self.cap > 1

    @property
    def exhaustive(self) -> bool:
        """Whether `count` is exact (the search finished below the cap)."""
        return self.count < self.cap


def solve(board: DominosaBoard, *, placed: Iterable[int] = (), cap: int = 2) -> Solutions:
    """Count the grid's solutions that contain every spot in `placed`, up to `cap`.

    Placed spots that block each other give a count of 0."""
    if cap < 1:
        raise ValueError("cap must be at least 1")
    alive = (1 << len(board.spot_cells)) - 1
    done = 0
    chosen: list[int] = []
    for spot in placed:
        if not alive >> spot & 1:
            return Solutions(0, cap, ())
        alive &= ~(board.blocks[spot] | 1 << spot)
        for constraint in board.spot_constraints[spot]:
            done |= 1 << constraint
        chosen.append(spot)
    open_constraints = [k for k in range(len(board.constraint_spots)) if not done >> k & 1]
    found: list[tuple[int, ...]] = []
    _search(board, alive, open_constraints, chosen, cap, found)
    return Solutions(len(found), cap, tuple(found))


def _search(
    board: DominosaBoard,
    alive: int,
    open_constraints: list[int],
    chosen: list[int],
    cap: int,
    found: list[tuple[int, ...]],
) -> None:
    masks = board.constraint_spots
    blocks = board.blocks
    spot_constraints = board.spot_constraints
    chosen = list(chosen)
    while True:
        if not open_constraints:
            found.append(tuple(sorted(chosen)))
            return
        singles = 0
        best = 0
        best_size = 1 << 30
        for constraint in open_constraints:
            spots = alive & masks[constraint]
            if not spots:
                return
            size = spots.bit_count()
            if size == 1:
                singles |= spots
            elif size < best_size:
                best, best_size = spots, size
        if not singles:
            break
        # Place every forced spot; one that another forced spot blocked leaves its constraint
        # empty, which the next pass reports as a dead end.
        closed = 0
        while singles:
            bit = singles & -singles
            singles ^= bit
            if not alive & bit:
                continue
            spot = bit.bit_length() - 1
            alive &= ~(blocks[spot] | bit)
            chosen.append(spot)
            a, b, t = spot_constraints[spot]
            closed |= 1 << a | 1 << b | 1 << t
        open_constraints = [k for k in open_constraints if not closed >> k & 1]
    while best:
        bit = best & -best
        best ^= bit
        spot = bit.bit_length() - 1
        a, b, t = spot_constraints[spot]
        remaining = [k for k in open_constraints if k != a and k != b and k != t]
        _search(board, alive & ~(blocks[spot] | bit), remaining, [*chosen, spot], cap, found)
        if len(found) >= cap:
            return
