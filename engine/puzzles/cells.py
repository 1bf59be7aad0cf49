"""What both solitaire puzzles share: cells, the names players see, and the refusals.

A cell is `(row, col)`, both 0-based, row 0 at the top: that is how the engine and the saved
games (JSON) hold it. Players see a cell as on a chess or Go board: the column's letter and the
row's number from 1, so `(2, 3)` is `D3`, a placement `D3-E3`, a square `A1-B2`. The pictures
label their rulers with `column_name` and `row_name`, so a name can be read off the picture.

`parse_cells` reads what players type: `D3-E3`, `d3 e3`, `D3 E3`, and the older 0-based form
`(2,3)-(2,4)` or `2,3 2,4`. `parse_quadrille` reads a Quadrille placement, `B1=3 C1=5`.
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence

from engine.errors import DominoError, IllegalAction

Cell = tuple[int, int]
CellPair = tuple[Cell, Cell]

__all__ = [
    "BadPuzzle",
    "Cell",
    "CellPair",
    "as_cell",
    "cell_text",
    "column_name",
    "pair_text",
    "parse_cells",
    "parse_quadrille",
    "player_cell",
    "row_name",
]

_LETTERS = string.ascii_uppercase


class BadPuzzle(DominoError):
    """A grid, figure or saved puzzle that is malformed (wrong size, bad numbers, bad JSON)."""


def column_name(column: int) -> str:
    """`A` for column 0, ... `Z`, then `AA`, `AB`... (grids are at most 11 wide)."""
    if column < len(_LETTERS):
        return _LETTERS[column]
    return column_name(column // len(_LETTERS) - 1) + _LETTERS[column % len(_LETTERS)]


def row_name(row: int) -> str:
    """`1` for row 0: rows are counted from 1, top to bottom."""
    return str(row + 1)


def cell_text(cell: Cell) -> str:
    """The name a player sees: `(2, 3)` is `D3`."""
    return f"{column_name(cell[1])}{row_name(cell[0])}"


def pair_text(first: Cell, second: Cell) -> str:
    """Two cells (a tile's place, a square's corners): `D3-E3`."""
    return f"{cell_text(first)}-{cell_text(second)}"


def adjacent(first: Cell, second: Cell) -> bool:
    return abs(first[0] - second[0]) + abs(first[1] - second[1]) == 1


def _column_number(letters: str) -> int:
    number = 0
    for letter in letters.upper():
        number = number * len(_LETTERS) + _LETTERS.index(letter) + 1
    return number - 1


_NAMED = re.compile(r"([A-Za-z]+)\s*(\d+)")
# A minus sign is a sign only where it cannot be the dash between two cells ("2,3-2,4").
_NUMBER = re.compile(r"(?<![\d)])-?\d+")


def parse_cells(text: str) -> list[Cell]:
    """Every cell named in `text`, in order: `C3-D3` (or `c3 d3`, or the 0-based
    `(2,2)-(2,3)`) gives `[(2, 2), (2, 3)]`. A row named 0 is refused: rows count from 1."""
    if not isinstance(text, str):
        raise IllegalAction("{text} does not name cells: write them like C3-D3", text=repr(text))
    if re.search(r"[A-Za-z]", text):
        named = _NAMED.findall(text)
        leftover = _NAMED.sub("", text)
        if not named or re.search(r"[A-Za-z0-9]", leftover):
            raise IllegalAction(
                "{text} does not name cells: write them like C3-D3", text=repr(text.strip())
            )
        cells = []
        for letters, digits in named:
            if int(digits) == 0:
                raise IllegalAction(
                    "there is no row 0 in {cell}: rows count from 1", cell=f"{letters.upper()}0"
                )
            cells.append((int(digits) - 1, _column_number(letters)))
        return cells
    numbers = [int(found) for found in _NUMBER.findall(text)]
    if not numbers or len(numbers) % 2:
        raise IllegalAction(
            "{text} does not name cells: write them like C3-D3", text=repr(text.strip())
        )
    return [(numbers[i], numbers[i + 1]) for i in range(0, len(numbers), 2)]


_QUADRILLE = re.compile(r"([A-Za-z]+\s*\d+)\s*[=:]\s*(\d+)")
QUADRILLE_EXAMPLE = "B1=3 C1=5"


def parse_quadrille(text: str) -> tuple[Cell, int, Cell, int]:
    """A Quadrille placement: two cells, each with the number the tile shows there.
    `B1=3 C1=5` gives `((0, 1), 3, (0, 2), 5)`; `:` may stand for `=`."""
    found = _QUADRILLE.findall(text) if isinstance(text, str) else []
    leftover = _QUADRILLE.sub("", text) if isinstance(text, str) else "x"
    if len(found) != 2 or re.search(r"[A-Za-z0-9]", leftover):
        raise IllegalAction(
            "{text} is not a placement: name two side-by-side cells and the number on each, "
            "like {example}",
            text=repr(str(text).strip()),
            example=QUADRILLE_EXAMPLE,
        )
    (first,), (second,) = (parse_cells(cell) for cell, _ in found)
    return (first, int(found[0][1]), second, int(found[1][1]))


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
    raise IllegalAction("{value} is not a cell: give it as (row, column)", value=repr(value))


def as_cell(value: object) -> Cell:
    """A cell from JSON (`[2, 3]`) or a tuple; anything else is refused."""
    if _is_cell(value):
        assert isinstance(value, Sequence)
        return (int(value[0]), int(value[1]))
    raise BadPuzzle("{value} is not a cell: write it as [row, column]", value=repr(value))
