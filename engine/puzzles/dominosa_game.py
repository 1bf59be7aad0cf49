"""Dominosa as a solitaire: one player's placements on a puzzle, checked, with hints.

`DominosaGame` is mutable (one player's attempt, changed by `place`, `remove` and `hint`):
the state is small and the bot saves it as JSON after every action, so copies would buy nothing.

A placement is two side-by-side cells, in either order; the tile is the pair of numbers under
them. Placements are free, as on paper: one is refused (`IllegalAction`, with a reason a player
can read) only when it does not fit the grid (a cell off it, cells not side by side, a cell
already covered); a tile placed twice, or where the solution does not have it, is accepted and
drawn. The puzzle says nothing of mistakes until asked: `wrong` lists the tiles not where the
solution has them (the player's Check says how many), and the puzzle is `solved` only when every
cell is covered as the solution has it. A hint with a wrong tile on the board names that tile
and takes it away (`Hint.takes_away`); otherwise it places the next tile reasoning finds.

The saved form is the record of the attempt: the puzzle and the actions in order,

```json
{"puzzle": "dominosa", "set": 6, "difficulty": "medium", "seed": 3,
 "grid": [[3, 5, 0, ...], ...],
 "actions": [{"place": [[0, 0], [0, 1]]}, {"hint": true}, {"remove": [0, 1]}]}
```

`place` names the two cells, `remove` one cell of the tile to take away, `hint` records that a
hint was shown. `from_json` replays the actions, checking each; a bad one is reported as
`action I: reason` (0-based).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalAction
from engine.messages import Message, Plural
from engine.puzzles.cells import (
    BadPuzzle,
    Cell,
    as_cell,
    cell_text,
    column_name,
    pair_text,
    player_cell,
    row_name,
)
from engine.puzzles.dominosa import DominosaPuzzle, Placement
from engine.puzzles.dominosa_hints import Hint, next_hint
from engine.puzzles.saved import read_saved, replay_actions
from engine.tiles import Tile


@dataclass(frozen=True)
class Progress:
    placed: int
    total: int

    @property
    def solved(self) -> bool:
        return self.placed == self.total

    @property
    def message(self) -> Message:
        """`3/28 tiles`, to translate."""
        return Plural(
            "{placed}/{count} tile", "{placed}/{count} tiles", count=self.total, placed=self.placed
        )

    def __str__(self) -> str:
        return str(self.message)


@dataclass(frozen=True)
class Placed:
    """A tile on the board: its two cells (reading order) and the tile they show."""

    cells: Placement
    tile: Tile


class DominosaGame:
    def __init__(self, puzzle: DominosaPuzzle) -> None:
        self.puzzle = puzzle
        self.board = puzzle.board
        self._spots: list[int] = []  # in the order placed
        self._covered: dict[Cell, int] = {}
        self.actions: list[dict[str, Any]] = []
        self.hints_used = 0

    # -- what the renderer and the bot read ----------------------------------------------------

    @property
    def grid(self) -> tuple[tuple[int, ...], ...]:
        return self.puzzle.grid

    @property
    def placements(self) -> tuple[Placement, ...]:
        """Every tile on the board as its two cells, in the order they were placed."""
        return tuple(self.board.spot_pair(spot) for spot in self._spots)

    @property
    def progress(self) -> Progress:
        return Progress(len(self._spots), self.board.tile_count)

    @property
    def solved(self) -> bool:
        """Every cell covered, and every tile where the solution has it (the grid has one
        solution: covering it with each tile once is that solution)."""
        return len(self._spots) == self.board.tile_count and not self.wrong()

    @property
    def covered(self) -> bool:
        """Every cell is covered, rightly or not."""
        return len(self._spots) == self.board.tile_count

    def wrong(self) -> tuple[Placed, ...]:
        """The tiles on the board that are not where the solution has them, in the order
        placed: what a Check counts (it never says where the right places are)."""
        right = self.puzzle.solution_spots
        return tuple(
            Placed(self.board.spot_pair(spot), self.board.tile(spot))
            for spot in self._spots
            if spot not in right
        )

    def tile_at(self, cell: Cell) -> Placed | None:
        spot = self._covered.get(cell)
        if spot is None:
            return None
        return Placed(self.board.spot_pair(spot), self.board.tile(spot))

    def row_choices(self, row: int) -> tuple[tuple[Placed, ...], tuple[Placed, ...]]:
        """What a player may do in `row` (0-based): the placements that start there (a free
        cell with the free cell to its right, or below it), and the tiles covering a cell of
        it, to take away; each in reading order. At most 2 x columns - 1 in all, so they fit
        one menu."""
        board = self.board
        if not 0 <= row < board.rows:
            return (), ()
        places: list[Placed] = []
        takes: dict[int, Placed] = {}
        for column in range(board.cols):
            cell = (row, column)
            spot = self._covered.get(cell)
            if spot is not None:
                takes.setdefault(spot, Placed(board.spot_pair(spot), board.tile(spot)))
                continue
            for other in ((row, column + 1), (row + 1, column)):
                if board.on_grid(other) and other not in self._covered:
                    found = board.spot(cell, other)
                    assert found is not None
                    places.append(Placed((cell, other), board.tile(found)))
        return tuple(places), tuple(takes.values())

    # -- actions --------------------------------------------------------------------------------

    def check(self, first: Cell, second: Cell) -> int:
        """The spot of a placement that fits the grid (right or wrong); raises `IllegalAction`
        with the reason otherwise."""
        board = self.board
        first, second = player_cell(first), player_cell(second)
        for cell in (first, second):
            if not board.on_grid(cell):
                raise IllegalAction(
                    "{cell} is off the grid: rows go 1-{last_row} and columns A-{last_column}",
                    cell=cell_text(cell),
                    last_row=row_name(board.rows - 1),
                    last_column=column_name(board.cols - 1),
                )
        if first == second:
            raise IllegalAction("a tile covers two different cells")
        spot = board.spot(first, second)
        if spot is None:
            raise IllegalAction(
                "{first} and {second} are not side by side",
                first=cell_text(first),
                second=cell_text(second),
            )
        for cell in (first, second):
            if cell in self._covered:
                covering = self._covered[cell]
                raise IllegalAction(
                    "{cell} is already covered by the {tile} at {place}",
                    cell=cell_text(cell),
                    tile=board.tile(covering),
                    place=board.spot_text(covering),
                )
        return spot

    def can_place(self, first: Cell, second: Cell) -> bool:
        try:
            self.check(first, second)
        except IllegalAction:
            return False
        return True

    def place(self, first: Cell, second: Cell) -> Placed:
        """Lay the tile the two cells show on them (refusals as in `check`)."""
        spot = self.check(first, second)
        self._add(spot)
        self.actions.append({"place": [list(player_cell(first)), list(player_cell(second))]})
        return Placed(self.board.spot_pair(spot), self.board.tile(spot))

    def remove(self, cell: Cell) -> Placed:
        """Take away the tile covering `cell`."""
        cell = player_cell(cell)
        spot = self._covered.get(cell)
        if spot is None:
            raise IllegalAction("no tile covers {cell}", cell=cell_text(cell))
        self._spots.remove(spot)
        first, second = self.board.spot_pair(spot)
        del self._covered[first], self._covered[second]
        self.actions.append({"remove": list(cell)})
        return Placed((first, second), self.board.tile(spot))

    def hint(self) -> Hint:
        """The next tile reasoning finds from the tiles on the board, and why; or, while a tile
        is not where the solution has it, the first such tile, to take away (the caller lays
        or takes away the hint's tile: that is a separate action of the record)."""
        if self.solved:
            raise IllegalAction("the puzzle is already solved")
        wrong = self.wrong()
        if wrong:
            found = Hint(
                wrong[0].cells,
                wrong[0].tile,
                Message(
                    "The {tile} on {cells} is not where the solution has it: take it away.",
                    tile=wrong[0].tile,
                    cells=pair_text(*wrong[0].cells),
                ),
                (),
                0,
                takes_away=True,
            )
        else:
            found = next_hint(self.board, tuple(self._spots))
        self.hints_used += 1
        self.actions.append({"hint": True})
        return found

    def _add(self, spot: int) -> None:
        first, second = self.board.spot_pair(spot)
        self._spots.append(spot)
        self._covered[first] = self._covered[second] = spot

    # -- saving ---------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        data = self.puzzle.to_json()
        del data["solution"]  # the grid has one solution; a saved game does not give it away
        data["actions"] = [dict(action) for action in self.actions]
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> DominosaGame:
        """Rebuild a game from `to_json` (or its text), replaying and checking every action."""
        data = read_saved(data)
        game = cls(DominosaPuzzle.from_json(data))
        replay_actions(game, data)
        return game

    def replay(self, action: object) -> None:
        """Apply one recorded action (`{"place": [[r, c], [r, c]]}`, `{"remove": [r, c]}` or
        `{"hint": true}`)."""
        if not isinstance(action, Mapping) or len(action) != 1:
            raise BadPuzzle("{action} is not an action", action=repr(action))
        if "place" in action:
            cells = action["place"]
            if not isinstance(cells, list) or len(cells) != 2:
                raise BadPuzzle("place names two cells")
            self.place(as_cell(cells[0]), as_cell(cells[1]))
        elif "remove" in action:
            self.remove(as_cell(action["remove"]))
        elif action.get("hint") is True:
            self.hint()
        else:
            raise BadPuzzle("{action} is not an action", action=repr(action))

    def __repr__(self) -> str:
        placed = ", ".join(pair_text(*pair) for pair in self.placements)
        return f"DominosaGame(double-{self.board.top}, {self.progress}: {placed})"
