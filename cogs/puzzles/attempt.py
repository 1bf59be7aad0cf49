"""One player's attempt at a puzzle (Dominosa or Quadrille): the pure part of `/domino puzzle`
(no Discord, no I/O, no clock of its own: times are passed in as seconds since the epoch).

`Puzzle` holds the engine game, who plays it, where its message is and the last action's lines;
`act` carries out one action of the player (cells typed as on the picture's rulers, read by
`engine.puzzles.cells`, or chosen in the menus, which give the same text) and refuses anything
else with a `Refusal`, changing nothing. A Dominosa placement that fits the grid is taken, right
or wrong; the player's Check says how many tiles are wrong (never where the right places are),
and the puzzle is solved once the grid is covered as its solution has it. Its
state as a JSON document, for the database, is `to_state` / `from_state`. The Discord side
(storing, the message) is `cogs.puzzles.runner`, its buttons and forms
`cogs.puzzles.components`.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Any

from cogs import texts
from cogs.common.refusal import Refusal
from cogs.lang import Command, Said
from cogs.puzzles import texts as puzzle_texts
from data.models import PuzzleSolve
from engine.puzzles import DominosaGame, QuadrilleGame, load_game
from engine.puzzles.cells import QUADRILLE_EXAMPLE, pair_text, parse_cells, parse_quadrille
from engine.tiles import Tile

# What a cell form may hold: cells (`C3-D3`, `(2,2)-(2,3)`) and Quadrille's numbers (`B1=3`).
# Anything else cannot name a cell; it is refused here, quoted safely, before the engine's
# parser would quote it as it was typed.
CELLS_TYPED = re.compile(r"[A-Za-z0-9 =:,()\-]*")

log = logging.getLogger(__name__)

KIND = "puzzle"
KINDS = (KIND, "dominosa")  # "dominosa": what states stored before Quadrille came say


@dataclass
class Puzzle:
    """One player's attempt at a puzzle, where it is shown, when it was opened and when the
    player last acted on it (Unix s)."""

    id: str
    user_id: int
    name: str
    game: DominosaGame | QuadrilleGame
    guild_id: int = 0
    channel_id: int = 0
    thread_id: int | None = None  # its thread in that channel, where its message is
    message_id: int | None = None
    last: list[Said] = field(default_factory=list)  # what the last action did, worded per reader
    over: bool = False
    started: float = 0.0
    touched: float = 0.0  # the last action (or the opening): an idle puzzle is put away
    solve: PuzzleSolve | None = None  # set when the last tile goes down, for the database
    #: The store's revision this attempt was read at (`cogs.puzzles.runner`); not its state.
    revision: int = field(default=0, compare=False)

    @property
    def place(self) -> int:
        """Where its message is: its thread, or the channel where no thread could be made."""
        return self.thread_id or self.channel_id

    @property
    def setting(self) -> str:
        """What a solve time compares with: `double-6 hard`, or `classic` (the figure)."""
        game = self.game
        if isinstance(game, QuadrilleGame):
            return "classic"
        return f"double-{game.puzzle.top} {game.puzzle.difficulty}"

    @property
    def game_id(self) -> str:
        return "quadrille" if isinstance(self.game, QuadrilleGame) else "dominosa"

    def to_state(self) -> dict[str, Any]:
        return {
            "kind": KIND,
            "id": self.id,
            "user_id": self.user_id,
            "name": self.name,
            "game": self.game.to_json(),
            "guild_id": self.guild_id,
            "channel_id": self.channel_id,
            "thread_id": self.thread_id,
            "message_id": self.message_id,
            "last": [line.to_json() for line in self.last],
            "started": self.started,
            "touched": self.touched,
            "over": self.over,
        }

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Puzzle:
        return cls(
            id=str(state["id"]),
            user_id=int(state["user_id"]),
            name=str(state["name"]),
            game=load_game(state["game"]),
            guild_id=int(state.get("guild_id") or 0),
            channel_id=int(state.get("channel_id") or 0),
            thread_id=int(state["thread_id"]) if state.get("thread_id") else None,
            message_id=state.get("message_id"),
            last=_last_lines(state.get("last")),
            started=float(state.get("started") or 0.0),
            # states stored before puzzles were put away say only when they were opened
            touched=float(state.get("touched") or state.get("started") or 0.0),
            over=bool(state.get("over", False)),
        )

    def act(self, user_id: int, verb: str, text: str = "", now: float = 0.0) -> list[Said]:
        """Carry out one action of the player at `now` (Unix s); refusals raise with the
        engine's reason and change nothing."""
        if user_id != self.user_id:
            raise Refusal(puzzle_texts.PUZZLE_NOT_YOURS, command=Command("domino puzzle"))
        if self.over:
            raise Refusal(texts.NO_SUCH_TABLE)
        game = self.game
        if verb in ("place", "remove") and not CELLS_TYPED.fullmatch(text):
            quadrille = isinstance(game, QuadrilleGame)
            example = "C3" if verb == "remove" else QUADRILLE_EXAMPLE if quadrille else "C3-D3"
            raise Refusal(
                puzzle_texts.PUZZLE_UNREADABLE, text=texts.user_text(text), example=example
            )
        if verb == "place":
            line = self._place(text)
        elif verb == "remove":
            cells = parse_cells(text)
            if len(cells) != 1:
                raise Refusal(puzzle_texts.PUZZLE_ONE_CELL)
            if isinstance(game, QuadrilleGame):
                taken = game.remove(cells[0])
                line = puzzle_texts.puzzle_removed(_tile_text(taken), pair_text(taken[0], taken[2]))
            else:
                removed = game.remove(cells[0])
                line = puzzle_texts.puzzle_removed(str(removed.tile), pair_text(*removed.cells))
        elif verb == "hint":
            if isinstance(game, QuadrilleGame):
                shown = game.hint()
                game.place(*shown.placement)
                line = puzzle_texts.puzzle_hint(shown.text)
            else:
                hint = game.hint()
                if hint.takes_away:  # a tile the solution does not have: taken away
                    game.remove(hint.placement[0])
                else:
                    game.place(*hint.placement)
                line = puzzle_texts.puzzle_hint(hint.text)
        elif verb == "check":
            if not isinstance(game, DominosaGame):
                raise Refusal(texts.NO_SUCH_TABLE)
            line = puzzle_texts.puzzle_checked(len(game.wrong()), game.progress.placed)
        else:
            self.over = True
            line = Said.of(puzzle_texts.PUZZLE_GAVE_UP)
        lines = [line]
        if isinstance(game, DominosaGame) and game.covered and not game.solved:
            lines.append(Said.of(puzzle_texts.PUZZLE_COVERED_WRONG))
        if game.solved:
            self.over = True
            took = max(0.0, now - self.started) if self.started else 0.0
            # The record holds a hint as two actions (the hint, then its tile): the player
            # pressed once.
            actions = len(game.actions) - game.hints_used
            lines.append(puzzle_texts.puzzle_solved(actions, game.hints_used, took))
            self.solve = PuzzleSolve(
                self.guild_id,
                self.user_id,
                self.game_id,
                self.setting,
                took,
                actions,
                game.hints_used,
                now,
                attempt=self.id,
            )
            log.info("puzzle %s (%s) solved in %.0f s", self.id, self.game_id, took)
        self.last = lines
        self.touched = now
        return lines

    def put_away(self, idle_seconds: float) -> None:
        """Close an attempt left untouched for `idle_seconds`, saying so."""
        self.over = True
        self.last = [puzzle_texts.puzzle_put_away(idle_seconds)]

    def _place(self, text: str) -> Said:
        game = self.game
        if isinstance(game, QuadrilleGame):
            first, number, second, other = parse_quadrille(text)
            placement = game.place(first, number, second, other)
            return puzzle_texts.puzzle_placed(_tile_text(placement), pair_text(first, second))
        cells = parse_cells(text)
        if len(cells) != 2:
            raise Refusal(puzzle_texts.PUZZLE_TWO_CELLS)
        placed = game.place(cells[0], cells[1])
        return puzzle_texts.puzzle_placed(str(placed.tile), pair_text(cells[0], cells[1]))


def _last_lines(stored: Any) -> list[Said]:
    """The stored last lines (a plain string: what states stored before translation say)."""
    if not stored:
        return []
    if isinstance(stored, str):
        return [Said(line) for line in stored.split("\n")]
    return [Said.from_json(line) for line in stored]


def _tile_text(placement: tuple[Any, int, Any, int]) -> str:
    """A Quadrille tile as placed, named as the engine names tiles (`5-3`)."""
    return str(Tile(placement[1], placement[3]))
