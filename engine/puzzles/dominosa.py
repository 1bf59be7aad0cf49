"""Dominosa (RULES.md §2.21, seed 002 version 5): find where every tile of a set lies on a grid.

The rules: a full double-N set (double-3 to double-9) was laid face up on an (N+1) x (N+2)
rectangle and only the numbers were written down. The player must find a placement of the whole
set on that grid, each tile exactly once, every tile on two side-by-side cells whose numbers it
shows. The bot's puzzles have exactly one solution.

Generating a puzzle (`generate`):

1. Lay a random tiling of the grid with dominoes: start from rows (or columns) of dominoes and
   make many random flips of two parallel dominoes that form a 2 x 2 square. The flips reach
   every tiling of a rectangle, so after enough of them the tiling is close to uniform.
2. Deal the set's tiles onto the tiling at random (each tile turned at random) and read off the
   numbers. That tiling is the intended solution.
3. Repair until the reasoning of the requested difficulty (see `dominosa_logic`) fills the grid
   and the exact solver finds no second solution: while reasoning gets stuck, swap the numbers
   of a tile in the part it could not settle with those of a random tile (the intended tiling
   stays a solution, only the numbers move); while the puzzle is easier than asked, swap a
   random pair. A puzzle that the reasoning of level d fills, but level d-1 does not, has
   difficulty d: `easy` (1), `medium` (2), `hard` (3).

Randomness is an input: the same set, difficulty and seed give the same puzzle.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from engine.puzzles.cells import BadPuzzle, Cell, as_cell
from engine.puzzles.dominosa_board import MAX_TOP, MIN_TOP, DominosaBoard, solve
from engine.puzzles.dominosa_logic import EASY, HARD, MEDIUM, reason
from engine.tiles import domino_set

DIFFICULTIES: dict[str, int] = {"easy": EASY, "medium": MEDIUM, "hard": HARD}
DEFAULT_TOP = 6
DEFAULT_DIFFICULTY = "medium"
# Enough flips per cell to forget the starting rows (the chain mixes in far fewer on these
# small rectangles), cheap next to the solving.
FLIPS_PER_CELL = 40
# Repairs before starting again from a fresh tiling; generation succeeds within a few dozen.
REPAIRS_PER_TILING = 400

Placement = tuple[Cell, Cell]


@dataclass(frozen=True)
class DominosaPuzzle:
    """A grid with exactly one solution. `grid` is rows of numbers (row 0 at the top);
    `solution` is the placement of every tile as a pair of cells, in reading order."""

    grid: tuple[tuple[int, ...], ...]
    solution: tuple[Placement, ...]
    difficulty: str
    seed: int | str | None = None
    board: DominosaBoard = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "board", DominosaBoard(self.grid))

    @property
    def top(self) -> int:
        return self.board.top

    @property
    def rows(self) -> int:
        return self.board.rows

    @property
    def cols(self) -> int:
        return self.board.cols

    @cached_property
    def solution_spots(self) -> frozenset[int]:
        spots = set()
        for first, second in self.solution:
            spot = self.board.spot(first, second)
            if spot is None:
                raise BadPuzzle("the solution holds two cells that are not side by side")
            spots.add(spot)
        return frozenset(spots)

    def to_json(self) -> dict[str, Any]:
        return {
            "puzzle": "dominosa",
            "set": self.top,
            "difficulty": self.difficulty,
            "seed": self.seed,
            "grid": [list(row) for row in self.grid],
            "solution": [[list(first), list(second)] for first, second in self.solution],
        }

    @classmethod
    def from_grid(
        cls, grid: Any, *, difficulty: str | None = None, seed: int | str | None = None
    ) -> DominosaPuzzle:
        """The puzzle of a grid (rows of numbers), solved and graded here. Refuses a malformed
        grid, and a grid with no solution or with more than one (`BadPuzzle`)."""
        board = DominosaBoard(grid)
        found = solve(board, cap=2)
        if found.count == 0:
            raise BadPuzzle("this grid has no solution")
        if found.count > 1:
            raise BadPuzzle("this grid has more than one solution")
        if difficulty is None:
            difficulty = grade(board)
        solution = tuple(board.spot_pair(spot) for spot in found.found[0])
        return cls(board.grid, solution, difficulty, seed)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DominosaPuzzle:
        if not isinstance(data, Mapping) or data.get("puzzle", "dominosa") != "dominosa":
            raise BadPuzzle("this is not a Dominosa puzzle")
        difficulty = data.get("difficulty")
        if difficulty is not None and difficulty not in (*DIFFICULTIES, "beyond"):
            raise BadPuzzle("unknown difficulty {difficulty}", difficulty=repr(difficulty))
        seed = data.get("seed")
        if seed is not None and not isinstance(seed, int | str):
            raise BadPuzzle("the seed must be a number or a word")
        puzzle = cls.from_grid(data.get("grid"), difficulty=difficulty, seed=seed)
        if "solution" in data:
            given = data["solution"]
            if not isinstance(given, list):
                raise BadPuzzle("the solution must be a list of cell pairs")
            pairs = {frozenset(as_cell(cell) for cell in pair) for pair in given}
            if pairs != {frozenset(pair) for pair in puzzle.solution}:
                raise BadPuzzle("the saved solution is not the grid's solution")
        return puzzle


def grade(board: DominosaBoard) -> str:
    """`easy`, `medium` or `hard`: the hardest deduction a solve by reasoning needs; `beyond`
    for a unique grid that the reasoning cannot fill (never generated)."""
    reasoning = reason(board)
    if not reasoning.solved:
        return "beyond"
    return next(name for name, level in DIFFICULTIES.items() if level >= reasoning.level)


def generate(
    top: int = DEFAULT_TOP, difficulty: str = DEFAULT_DIFFICULTY, seed: int | str = 0
) -> DominosaPuzzle:
    """A puzzle for the double-`top` set with exactly one solution and the given difficulty."""
    if type(top) is not int or not MIN_TOP <= top <= MAX_TOP:
        raise BadPuzzle(
            "Dominosa uses double-{low} to double-{high} sets, not {top}",
            low=MIN_TOP,
            high=MAX_TOP,
            top=repr(top),
        )
    if difficulty not in DIFFICULTIES:
        raise BadPuzzle(
            "difficulty is one of {difficulties}, not {difficulty}",
            difficulties=", ".join(DIFFICULTIES),
            difficulty=repr(difficulty),
        )
    if not isinstance(seed, int | str):
        raise BadPuzzle("the seed must be a number or a word")
    level = DIFFICULTIES[difficulty]
    rng = random.Random(f"dominosa:{top}:{difficulty}:{seed}")
    rows, cols = top + 1, top + 2
    while True:
        dominoes = random_tiling(rows, cols, rng)
        numbers = deal_numbers(dominoes, top, rows * cols, rng)
        found = _repair(dominoes, numbers, rows, cols, level, rng)
        if found is not None:
            grid = tuple(tuple(found[r * cols : (r + 1) * cols]) for r in range(rows))
            solution = tuple(
                sorted(((a // cols, a % cols), (b // cols, b % cols)) for a, b in dominoes)
            )
            return DominosaPuzzle(grid, solution, difficulty, seed)


def random_tiling(rows: int, cols: int, rng: random.Random) -> list[tuple[int, int]]:
    """A random tiling of the rows x cols rectangle (one side even) by dominoes, as pairs of
    cell numbers (`row * cols + col`, smaller first)."""
    cells = rows * cols
    partner = [0] * cells
    for cell in range(cells):
        row, col = divmod(cell, cols)
        if cols % 2 == 0:
            partner[cell] = cell + 1 if col % 2 == 0 else cell - 1
        else:
            partner[cell] = cell + cols if row % 2 == 0 else cell - cols
    for _ in range(FLIPS_PER_CELL * cells):
        corner = rng.randrange(rows - 1) * cols + rng.randrange(cols - 1)
        right, below = corner + 1, corner + cols
        across = below + 1
        if partner[corner] == right and partner[below] == across:
            partner[corner], partner[below] = below, corner
            partner[right], partner[across] = across, right
        elif partner[corner] == below and partner[right] == across:
            partner[corner], partner[right] = right, corner
            partner[below], partner[across] = across, below
    return [(cell, partner[cell]) for cell in range(cells) if partner[cell] > cell]


def deal_numbers(
    dominoes: list[tuple[int, int]], top: int, cells: int, rng: random.Random
) -> list[int]:
    """The numbers under a random deal of the double-`top` set onto `dominoes`."""
    tiles = list(domino_set(top))
    rng.shuffle(tiles)
    numbers = [0] * cells
    for (a, b), tile in zip(dominoes, tiles, strict=True):
        first, second = (tile.high, tile.low) if rng.random() < 0.5 else (tile.low, tile.high)
        numbers[a], numbers[b] = first, second
    return numbers


def _repair(
    dominoes: list[tuple[int, int]],
    numbers: list[int],
    rows: int,
    cols: int,
    level: int,
    rng: random.Random,
) -> list[int] | None:
    """Swap tiles' numbers until the puzzle needs exactly `level`; `None` to start afresh."""
    domino_of = {cell: index for index, pair in enumerate(dominoes) for cell in pair}
    for _ in range(REPAIRS_PER_TILING):
        board = DominosaBoard([numbers[r * cols : (r + 1) * cols] for r in range(rows)])
        # Reason one level below the target first: if that fills the grid, it is too easy;
        # if not, carry on from where it stopped with the target level. A hard target checks
        # uniqueness before its costly chains, which a grid with two solutions would waste.
        below = reason(board, max_level=level - 1) if level > EASY else None
        if below is not None and below.solved:
            _swap(
                dominoes, numbers, rng.randrange(len(dominoes)), rng.randrange(len(dominoes)), rng
            )
            continue
        unique: bool | None = None
        if level == HARD:
            unique = solve(board, cap=2).count == 1
        if unique is False:
            assert below is not None
            stuck = below.state
        else:
            start = below.state if below is not None else None
            reasoning = reason(board, max_level=level, start=start)
            if reasoning.solved and (unique or solve(board, cap=2).count == 1):
                return numbers
            stuck = reasoning.state
        unsettled = sorted({domino_of[k] for k in stuck.open if k < board.cell_count})
        _swap(dominoes, numbers, rng.choice(unsettled), rng.randrange(len(dominoes)), rng)
    return None


def _swap(
    dominoes: list[tuple[int, int]], numbers: list[int], one: int, other: int, rng: random.Random
) -> None:
    """Exchange the tiles on two dominoes of the tiling (turning the second at random); with
    `one == other`, turn that tile round."""
    (a, b), (c, d) = dominoes[one], dominoes[other]
    first, second = numbers[a], numbers[b]
    third, fourth = numbers[c], numbers[d]
    if rng.random() < 0.5 or one == other:
        third, fourth = fourth, third
    numbers[a], numbers[b] = third, fourth
    numbers[c], numbers[d] = first, second
