"""What both solitaire puzzles share: cells by coordinates, their text form, and the refusals.

A cell is `(row, col)`, both 0-based, row 0 at the top. Players may write a cell as `2,3`,
`(2,3)` or `2 3`; a placement as two cells, e.g. `(2,3)-(2,4)` or `2,3 2,4`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.errors import DominoError, IllegalAction

Cell = tuple[int, int]
CellPair = tuple[Cell, Cell]

__all__ = ["BadPuzzle", "Cell", "CellPair", "as_cell", "cell_text", "parse_cells", "player_cell"]


class BadPuzzle(DominoError):
    """A grid, figure or saved puzzle that is malformed (wrong size, bad numbers, bad JSON)."""


def cell_text(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


def pair_text(first: Cell, second: Cell) -> str:
    return f"{cell_text(first)}-{cell_text(second)}"


def adjacent(first: Cell, second: Cell) -> bool:
    return abs(first[0] - second[0]) + abs(first[1] - second[1]) == 1


# A minus sign is a sign only where it cannot be the dash between two cells ("2,3-2,4").
_NUMBER = re.compile(r"(?<![\d)])-?\d+")


def parse_cells(text: str) -> list[Cell]:
    """Every cell named in `text`, in order: `(2,3)-(2,4)` gives `[(2, 3), (2, 4)]`."""
    numbers = [int(found) for found in _NUMBER.findall(text)]
    if not numbers or len(numbers) % 2:
        raise IllegalAction(f"{text!r} does not name cells: write them like (2,3)-(2,4)")
    return [(numbers[i], numbers[i + 1]) for i in range(0, len(numbers), 2)]


def _is_cell(value: object) -> bool:
    return (
        isinstance(value, Sequence)
        and not isinstance(value, str)
        and len(value) == 2
        and all(type(part) is int for part in value)
    )


def player_cell(value: object) -> Cell:
    """A cell a player (or the bot) gave, as a tuple; anything else is refused as a move."""
    if _is_cell(value):
        assert isinstance(value, Sequence)
        return (int(value[0]), int(value[1]))
    raise IllegalAction(f"{value!r} is not a cell: give it as (row, column)")


def as_cell(value: object) -> Cell:
    """A cell from JSON (`[2, 3]`) or a tuple; anything else is refused."""
    if _is_cell(value):
        assert isinstance(value, Sequence)
        return (int(value[0]), int(value[1]))
    raise BadPuzzle(f"{value!r} is not a cell: write it as [row, column]")
