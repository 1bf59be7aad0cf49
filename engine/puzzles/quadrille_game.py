"""Quadrille as a solitaire: one player fills the figure tile by tile, checked, with hints.

`QuadrilleGame` is mutable, like `DominosaGame`, for the same reason: a small state the bot saves
as JSON after every action.

A placement is `(cell, number, cell, number)`: two side-by-side cells of the figure and the
number the tile shows on each. It is refused (`IllegalAction`, with a reason a player can read)
when a cell is not in the figure, the cells are not side by side, a number is not 0-6, a cell is
already covered, the tile is already placed, a square would show two numbers, a number would
fill more than two squares, or no way to finish the figure keeps it (decided exactly against
the figure's solutions up to renaming, in milliseconds). So the board can always be finished.

The saved form is the record of the attempt:

```json
{"puzzle": "quadrille", "figure": ["aabbccdd", "aabbccdd", ".eeffgg.", "..."],
 "actions": [{"place": [[0, 0], 3, [0, 1], 3]}, {"hint": true}, {"remove": [0, 1]}]}
```

`place` gives the cells and numbers, `remove` one cell of the tile to take away, `hint` records
that a hint was shown. `from_json` replays and checks every action (`action I: reason`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalAction
from engine.messages import Message
from engine.puzzles.cells import (
    BadPuzzle,
    Cell,
    adjacent,
    as_cell,
    cell_text,
    pair_text,
    player_cell,
)
from engine.puzzles.dominosa_game import Progress
from engine.puzzles.quadrille import CLASSIC_FIGURE, Figure, TilePlacement, completions
from engine.puzzles.saved import read_saved, replay_actions
from engine.tiles import Tile


@dataclass(frozen=True)
class QuadrilleHint:
    """A tile that leads to a finished figure from the tiles on the board: where and which
    numbers (`placement`), the `tile`, and the sentence to show."""

    placement: TilePlacement
    tile: Tile
    text: Message


class QuadrilleGame:
    def __init__(self, figure: Figure | None = None) -> None:
        self.shape = figure or Figure(CLASSIC_FIGURE)
        self._placed: list[TilePlacement] = []
        self._covered: dict[Cell, TilePlacement] = {}
        self._tiles: dict[Tile, TilePlacement] = {}
        self.actions: list[dict[str, Any]] = []
        self.hints_used = 0

    # -- what the renderer and the bot read ----------------------------------------------------

    @property
    def figure(self) -> tuple[str, ...]:
        """The figure's rows: a letter per square, `.` for an empty cell."""
        return self.shape.rows

    @property
    def placements(self) -> tuple[TilePlacement, ...]:
        """Every tile on the board as (cell, number, cell, number), in the order placed."""
        return tuple(self._placed)

    @property
    def square_numbers(self) -> tuple[int | None, ...]:
        """The number each square shows so far (squares in the order of `Figure.letters`)."""
        numbers: list[int | None] = [None] * len(self.shape.letters)
        for first, number, second, other in self._placed:
            numbers[self._square(first)] = number
            numbers[self._square(second)] = other
        return tuple(numbers)

    @property
    def progress(self) -> Progress:
        return Progress(len(self._placed), self.shape.tile_count)

    @property
    def solved(self) -> bool:
        return len(self._placed) == self.shape.tile_count

    def _square(self, cell: Cell) -> int:
        return self.shape.square_of[self.shape.index[cell]]

    # -- actions --------------------------------------------------------------------------------

    def check(self, first: Cell, number: int, second: Cell, other: int) -> None:
        """Raise `IllegalAction` with the reason if the placement is refused."""
        shape = self.shape
        first, second = player_cell(first), player_cell(second)
        for cell in (first, second):
            if cell not in shape.index:
                raise IllegalAction("{cell} is not part of the figure", cell=cell_text(cell))
        if not adjacent(first, second):
            raise IllegalAction(
                "{first} and {second} are not side by side",
                first=cell_text(first),
                second=cell_text(second),
            )
        for value in (number, other):
            if type(value) is not int or not 0 <= value <= shape.top:
                raise IllegalAction(
                    "the numbers run from 0 to {top}, not {value}", top=shape.top, value=repr(value)
                )
        for cell in (first, second):
            if cell in self._covered:
                first_cell, shows, second_cell, other_shows = self._covered[cell]
                raise IllegalAction(
                    "{cell} is already covered by the {tile} at {place}",
                    cell=cell_text(cell),
                    tile=Tile(shows, other_shows),
                    place=pair_text(first_cell, second_cell),
                )
        tile = Tile(number, other)
        if tile in self._tiles:
            where = self._tiles[tile]
            raise IllegalAction(
                "the {tile} is already placed at {place}",
                tile=tile,
                place=pair_text(where[0], where[2]),
            )
        square, other_square = self._square(first), self._square(second)
        if square == other_square and number != other:
            raise IllegalAction(
                "{first} and {second} are in one square, so they show the same number",
                first=cell_text(first),
                second=cell_text(second),
            )
        numbers = list(self.square_numbers)
        for cell, value, at in ((first, number, square), (second, other, other_square)):
            shown = numbers[at]
            if shown is not None and shown != value:
                raise IllegalAction(
                    "the square {square} shows {shown}, so {cell} cannot show {value}",
                    square=shape.square_text(at),
                    shown=shown,
                    cell=cell_text(cell),
                    value=value,
                )
            numbers[at] = value
        before = self.square_numbers
        for value in sorted({number, other}):
            if sum(1 for shown in numbers if shown == value) <= shape.per_number:
                continue
            held = [shape.square_text(at) for at, shown in enumerate(before) if shown == value]
            # Each number fills two squares of the double-six figure, one of the double-two.
            if shape.per_number == 2:
                if len(held) == 2:
                    raise IllegalAction(
                        "{value} already fills two squares: {first} and {second}",
                        value=value,
                        first=held[0],
                        second=held[1],
                    )
                raise IllegalAction("{value} fills exactly two squares, not more", value=value)
            if len(held) == 1:
                raise IllegalAction(
                    "{value} already fills a square: {square}", value=value, square=held[0]
                )
            raise IllegalAction("{value} fills exactly a square, not more", value=value)
        if next(completions(shape, [*self._placed, (first, number, second, other)]), None) is None:
            raise IllegalAction("no way to finish the figure keeps this placement")

    def can_place(self, first: Cell, number: int, second: Cell, other: int) -> bool:
        try:
            self.check(first, number, second, other)
        except IllegalAction:
            return False
        return True

    def place(self, first: Cell, number: int, second: Cell, other: int) -> TilePlacement:
        """Lay the tile showing `number` on `first` and `other` on `second`."""
        self.check(first, number, second, other)
        placement = (player_cell(first), number, player_cell(second), other)
        self._placed.append(placement)
        self._covered[first] = self._covered[second] = placement
        self._tiles[Tile(number, other)] = placement
        self.actions.append({"place": [list(placement[0]), number, list(placement[2]), other]})
        return placement

    def remove(self, cell: Cell) -> TilePlacement:
        """Take away the tile covering `cell`."""
        placement = self._covered.get(player_cell(cell))
        if placement is None:
            raise IllegalAction("no tile covers {cell}", cell=cell_text(cell))
        self._placed.remove(placement)
        del self._covered[placement[0]], self._covered[placement[2]]
        del self._tiles[Tile(placement[1], placement[3])]
        self.actions.append({"remove": list(cell)})
        return placement

    def hint(self) -> QuadrilleHint:
        """A tile of some way to finish the figure from here: the one covering the first empty
        cell in reading order."""
        if self.solved:
            raise IllegalAction("the figure is already filled")
        finished = next(completions(self.shape, self._placed), None)
        if finished is None:  # cannot happen: every placement was checked
            raise IllegalAction("no way to finish the figure from here")
        placement = next(tile for tile in finished.tiles if tile[0] not in self._covered)
        first, number, second, other = placement
        text = Message(
            "Put the {tile} at {place}, with the {number} on {cell}: "
            "the figure can be finished from there.",
            tile=Tile(number, other),
            place=pair_text(first, second),
            number=number,
            cell=cell_text(first),
        )
        self.hints_used += 1
        self.actions.append({"hint": True})
        return QuadrilleHint(placement, Tile(number, other), text)

    # -- saving ---------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "puzzle": "quadrille",
            "figure": list(self.shape.rows),
            "actions": [dict(action) for action in self.actions],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> QuadrilleGame:
        """Rebuild a game from `to_json` (or its text), replaying and checking every action."""
        data = read_saved(data)
        if data.get("puzzle") != "quadrille":
            raise BadPuzzle("this is not a saved Quadrille")
        rows = data.get("figure", list(CLASSIC_FIGURE))
        if not isinstance(rows, list):
            raise BadPuzzle("the figure is a list of rows")
        game = cls(Figure(rows))
        replay_actions(game, data)
        return game

    def replay(self, action: object) -> None:
        """Apply one recorded action (`{"place": [[r, c], n, [r, c], m]}`, `{"remove": [r, c]}`
        or `{"hint": true}`)."""
        if not isinstance(action, Mapping) or len(action) != 1:
            raise BadPuzzle("{action} is not an action", action=repr(action))
        if "place" in action:
            value = action["place"]
            if not isinstance(value, list) or len(value) != 4:
                raise BadPuzzle("place gives [cell, number, cell, number]")
            first, number, second, other = value
            if type(number) is not int or type(other) is not int:
                raise BadPuzzle("place gives [cell, number, cell, number]")
            self.place(as_cell(first), number, as_cell(second), other)
        elif "remove" in action:
            self.remove(as_cell(action["remove"]))
        elif action.get("hint") is True:
            self.hint()
        else:
            raise BadPuzzle("{action} is not an action", action=repr(action))
