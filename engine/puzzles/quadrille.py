"""Quadrille (RULES.md §2.22, seed 002 version 6): a figure of 2 x 2 squares filled with a set.

The rules: all 28 tiles of the double-six set cover a figure made of 14 squares of 2 x 2 cells,
so that each square's four cells show one number; each number then fills exactly two squares.
The figure is the classic one of Lucas and Dudeney ("Les Quadrilles"), an 8 x 8 square whose two
middle bands of squares are shifted by one cell (`.` is empty, each letter one square):

    aabbccdd
    aabbccdd
    .eeffgg.
    .eeffgg.
    .hhiijj.
    .hhiijj.
    kkllmmnn
    kkllmmnn

`Figure` takes any figure in that notation, for the double-six set (each number on two squares)
or the double-two set (each number on one square; small figures for checking the counter by
brute force).

**Solving** (`search`). A solution is the numbers on the squares and the tiling; the tiles it
reads must be the whole set. The search fills cells in reading order: the first uncovered cell
takes a domino to the right or downwards, and a square that gets its first cell takes a number
already on fewer squares than allowed or the smallest number not yet used. Numbers used for the
first time therefore appear in increasing order, so each solution is found once *up to
renaming the numbers*. `completions` finds the solutions that keep a player's tiles by checking
those few solutions (136 for the classic figure) against them. The counts are in
`engine.puzzles.quadrille_count`.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from engine.puzzles.cells import BadPuzzle, Cell, pair_text
from engine.tiles import Tile

CLASSIC_FIGURE: tuple[str, ...] = (
    "aabbccdd",
    "aabbccdd",
    ".eeffgg.",
    ".eeffgg.",
    ".hhiijj.",
    ".hhiijj.",
    "kkllmmnn",
    "kkllmmnn",
)
EMPTY = "."

# A placed tile: (cell, number on it, other cell, number on it).
TilePlacement = tuple[Cell, int, Cell, int]

_MAPS: dict[str, Callable[[int, int, int, int], Cell]] = {
    "identity": lambda r, c, h, w: (r, c),
    "mirror left-right": lambda r, c, h, w: (r, w - 1 - c),
    "mirror top-bottom": lambda r, c, h, w: (h - 1 - r, c),
    "half turn": lambda r, c, h, w: (h - 1 - r, w - 1 - c),
    "mirror on the main diagonal": lambda r, c, h, w: (c, r),
    "quarter turn": lambda r, c, h, w: (c, h - 1 - r),
    "three-quarter turn": lambda r, c, h, w: (w - 1 - c, r),
    "mirror on the other diagonal": lambda r, c, h, w: (w - 1 - c, h - 1 - r),
}


@dataclass(frozen=True)
class Symmetry:
    name: str
    image: tuple[int, ...]  # cell number -> cell number


class Figure:
    """A figure of 2 x 2 squares. Cells are `(row, col)`; inside, cell numbers in reading
    order. Squares are numbered in the order of their first cell."""

    def __init__(self, rows: Sequence[str] = CLASSIC_FIGURE) -> None:
        if isinstance(rows, str) or not rows or not all(isinstance(row, str) for row in rows):
            raise BadPuzzle("a figure is a list of rows of letters and dots")
        self.rows: tuple[str, ...] = tuple(rows)
        self.height, self.width = len(rows), len(rows[0])
        if any(len(row) != self.width for row in rows):
            raise BadPuzzle("every row of a figure has the same length")
        self.cells: tuple[Cell, ...] = tuple(
            (r, c) for r in range(self.height) for c in range(self.width) if rows[r][c] != EMPTY
        )
        self.index: dict[Cell, int] = {cell: i for i, cell in enumerate(self.cells)}
        letters: list[str] = []
        for r, c in self.cells:
            if rows[r][c] not in letters:
                letters.append(rows[r][c])
        self.letters: tuple[str, ...] = tuple(letters)
        self.square_cells: tuple[tuple[Cell, ...], ...] = tuple(
            tuple(cell for cell in self.cells if rows[cell[0]][cell[1]] == letter)
            for letter in letters
        )
        for letter, cells in zip(letters, self.square_cells, strict=True):
            r, c = cells[0]
            if cells != ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)):
                raise BadPuzzle(
                    "the cells marked {letter} do not form a 2 x 2 square", letter=repr(letter)
                )
        self.square_of: tuple[int, ...] = tuple(letters.index(rows[r][c]) for r, c in self.cells)
        squares = len(letters)
        top = {3: 2, 14: 6}.get(squares)
        if top is None:
            raise BadPuzzle(
                "a figure has 14 squares (double-six) or 3 (double-two), not {squares}",
                squares=squares,
            )
        self.top = top
        self.per_number = (top + 2) // 4  # each number shows top + 2 times, 4 per square
        self.tile_count = (top + 1) * (top + 2) // 2
        self.right = tuple(self.index.get((r, c + 1), -1) for r, c in self.cells)
        self.down = tuple(self.index.get((r + 1, c), -1) for r, c in self.cells)

    def square_text(self, square: int) -> str:
        """The square by its corners, top left and bottom right: `A1-B2`."""
        (r, c) = self.square_cells[square][0]
        return pair_text((r, c), (r + 1, c + 1))

    def symmetries(self) -> tuple[Symmetry, ...]:
        """The turns and mirrors that carry the figure's cells and squares onto themselves."""
        found = []
        for name, move in _MAPS.items():
            moved = [move(r, c, self.height, self.width) for r, c in self.cells]
            if not all(cell in self.index for cell in moved):
                continue
            image = tuple(self.index[cell] for cell in moved)
            if all(
                len({self.square_of[image[self.index[cell]]] for cell in cells}) == 1
                for cells in self.square_cells
            ):
                found.append(Symmetry(name, image))
        return tuple(found)


@dataclass(frozen=True)
class Quadrille:
    """One solution: the number on each square (`numbers`, by square) and the tiles as
    (cell, number, cell, number), reading order."""

    numbers: tuple[int, ...]
    tiles: tuple[TilePlacement, ...]

    def cell_numbers(self, figure: Figure) -> tuple[int, ...]:
        return tuple(self.numbers[square] for square in figure.square_of)


@dataclass
class SearchState:
    """A partly filled figure: numbers on squares (-1 unknown), squares per number, covered
    cells and used tiles as bitmasks (tile bits by `Tile.index`)."""

    numbers: list[int]
    on_squares: list[int]
    covered: int = 0
    used: int = 0
    tiles: list[tuple[int, int]] = field(default_factory=list)  # cell-number pairs placed


def empty_state(figure: Figure) -> SearchState:
    return SearchState([-1] * len(figure.letters), [0] * (figure.top + 1))


def search(figure: Figure, state: SearchState, *, limit: int = 0) -> Iterator[Quadrille]:
    """Every completion of `state`, each once up to renaming the numbers no square shows yet
    (from the empty state: every solution up to renaming). Stops after `limit` if given."""
    yield from itertools.islice(_search(figure, state, 0), limit or None)


def _search(figure: Figure, state: SearchState, start: int) -> Iterator[Quadrille]:
    cell = start
    cells = len(figure.cells)
    while cell < cells and state.covered >> cell & 1:
        cell += 1
    if cell == cells:
        yield _solution(figure, state)
        return
    for other in (figure.right[cell], figure.down[cell]):
        if other < 0 or state.covered >> other & 1:
            continue
        first, second = figure.square_of[cell], figure.square_of[other]
        for number in _choices(figure, state, first):
            fresh_first = state.numbers[first] < 0
            if fresh_first:
                state.numbers[first] = number
                state.on_squares[number] += 1
            for other_number in _choices(figure, state, second):
                fresh_second = state.numbers[second] < 0
                if fresh_second:
                    state.numbers[second] = other_number
                    state.on_squares[other_number] += 1
                bit = 1 << Tile(number, other_number).index
                if not state.used & bit:
                    state.covered |= 1 << cell | 1 << other
                    state.used |= bit
                    state.tiles.append((cell, other))
                    yield from _search(figure, state, cell + 1)
                    state.tiles.pop()
                    state.used &= ~bit
                    state.covered &= ~(1 << cell | 1 << other)
                if fresh_second:
                    state.numbers[second] = -1
                    state.on_squares[other_number] -= 1
            if fresh_first:
                state.numbers[first] = -1
                state.on_squares[number] -= 1


def _choices(figure: Figure, state: SearchState, square: int) -> list[int]:
    number = state.numbers[square]
    if number >= 0:
        return [number]
    on_squares = state.on_squares
    choices = [n for n, count in enumerate(on_squares) if 0 < count < figure.per_number]
    if 0 in on_squares:
        choices.append(on_squares.index(0))  # unused numbers are all alike: take the smallest
    return choices


def _solution(figure: Figure, state: SearchState) -> Quadrille:
    tiles = []
    for a, b in state.tiles:
        first, second = figure.cells[a], figure.cells[b]
        numbers = state.numbers
        tiles.append((first, numbers[figure.square_of[a]], second, numbers[figure.square_of[b]]))
    return Quadrille(tuple(state.numbers), tuple(tiles))


# -- completions -------------------------------------------------------------------------------


@functools.cache
def solutions(rows: tuple[str, ...]) -> tuple[Quadrille, ...]:
    """Every solution of the figure with these rows, up to renaming the numbers (cached)."""
    figure = Figure(rows)
    return tuple(search(figure, empty_state(figure)))


def completions(figure: Figure, placed: Sequence[TilePlacement]) -> Iterator[Quadrille]:
    """Every solution that keeps the tiles `placed`, each once up to renaming the numbers the
    placed tiles do not show. Checks each solution up to renaming against the placements: it
    must have a domino on each placed pair of cells, and one renaming must turn its numbers
    into the placed ones. Fast: the figure has few solutions up to renaming."""
    for solution in solutions(figure.rows):
        renamed = _renaming(figure, solution, placed)
        if renamed is None:
            continue
        spare = iter(n for n in range(figure.top + 1) if n not in renamed.values())
        for number in range(figure.top + 1):
            if number not in renamed:
                renamed[number] = next(spare)
        yield Quadrille(
            tuple(renamed[number] for number in solution.numbers),
            tuple(
                (first, renamed[number], second, renamed[other])
                for first, number, second, other in solution.tiles
            ),
        )


def _renaming(
    figure: Figure, solution: Quadrille, placed: Sequence[TilePlacement]
) -> dict[int, int] | None:
    pairs = {frozenset((first, second)) for first, _, second, _ in solution.tiles}
    renamed: dict[int, int] = {}
    for first, number, second, other in placed:
        if frozenset((first, second)) not in pairs:
            return None
        for cell, value in ((first, number), (second, other)):
            own = solution.numbers[figure.square_of[figure.index[cell]]]
            if renamed.setdefault(own, value) != value:
                return None
    if len(set(renamed.values())) != len(renamed):
        return None
    return renamed
