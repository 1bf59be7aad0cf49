"""The solitaire puzzles: Dominosa (RULES.md §2.21) and Quadrille (§2.22).

They have no hands, seats or turns, so they are not `Variant`s; this small registry lists them
beside the variants (`engine.variants.describe_games`, `python -m engine variants`) with the same
description fields, and the bot finds a puzzle by id or alias here.

>>> from engine.puzzles import DominosaGame, generate, load_game
>>> game = DominosaGame(generate(6, "easy", seed=3))
>>> game.progress.total
28
>>> hint = game.hint()
>>> placed = game.place(*hint.placement)
>>> str(game.progress)
'1/28 tiles'
>>> load_game(game.to_json()).placements == game.placements
True

Command line: `python -m engine puzzle generate|solve|count ...` (see `engine.puzzles.cli`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import UnknownVariant
from engine.puzzles.cells import BadPuzzle, Cell, parse_cells
from engine.puzzles.dominosa import (
    DEFAULT_DIFFICULTY,
    DEFAULT_TOP,
    DIFFICULTIES,
    DominosaPuzzle,
    generate,
    grade,
)
from engine.puzzles.dominosa_board import MAX_TOP, MIN_TOP
from engine.puzzles.dominosa_game import DominosaGame, Progress
from engine.puzzles.dominosa_hints import Hint
from engine.puzzles.quadrille import CLASSIC_FIGURE, Figure
from engine.puzzles.quadrille_count import QuadrilleCount, count
from engine.puzzles.quadrille_game import QuadrilleGame, QuadrilleHint
from engine.puzzles.saved import read_saved
from engine.rules import Option, resolve_options

__all__ = [
    "CLASSIC_FIGURE",
    "BadPuzzle",
    "Cell",
    "DominosaGame",
    "DominosaPuzzle",
    "Figure",
    "Hint",
    "Progress",
    "PuzzleInfo",
    "QuadrilleCount",
    "QuadrilleGame",
    "QuadrilleHint",
    "all_puzzles",
    "count",
    "generate",
    "get_puzzle",
    "grade",
    "load_game",
    "new_game",
    "parse_cells",
]


@dataclass(frozen=True)
class PuzzleInfo:
    """What the listings show about a puzzle; `describe` has the fields of
    `Variant.describe`."""

    id: str
    name: str
    aliases: tuple[str, ...]
    source: str
    section: str
    summary: str
    option_specs: tuple[Option, ...] = ()
    player_counts: tuple[int, ...] = (1,)
    family: str = "puzzle"

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "aliases": list(self.aliases),
            "source": self.source,
            "rules": f"RULES.md §{self.section}",
            "players": list(self.player_counts),
            "family": self.family,
            "summary": self.summary,
            "options": {
                spec.name: {
                    "default": spec.default,
                    "help": spec.help,
                    **({"choices": list(spec.choices)} if spec.choices else {}),
                    **({"minimum": spec.minimum} if spec.minimum is not None else {}),
                    **({"maximum": spec.maximum} if spec.maximum is not None else {}),
                }
                for spec in self.option_specs
            },
        }


DOMINOSA = PuzzleInfo(
    id="dominosa",
    name="Dominosa",
    aliases=("domino-solitaire",),
    source="seed 002 version 5 (Dominosa)",
    section="2.21",
    summary="Find where every tile of a set lies on a grid of numbers; one solution.",
    option_specs=(
        Option(
            "set",
            DEFAULT_TOP,
            f"the set: double-{MIN_TOP} to double-{MAX_TOP}",
            minimum=MIN_TOP,
            maximum=MAX_TOP,
        ),
        Option(
            "difficulty",
            DEFAULT_DIFFICULTY,
            "the hardest deduction needed",
            choices=tuple(DIFFICULTIES),
        ),
    ),
)
QUADRILLE = PuzzleInfo(
    id="quadrille",
    name="Quadrille",
    aliases=("kwadrat", "kwadrat-domina", "quadrilles"),
    source="seed 002 version 6 (Kwadrat domina)",
    section="2.22",
    summary="Fill the classic figure of 2 x 2 squares with all 28 tiles, one number a square.",
)

_PUZZLES = (DOMINOSA, QUADRILLE)


def all_puzzles() -> tuple[PuzzleInfo, ...]:
    """Every puzzle, in the order of RULES.md §2."""
    return _PUZZLES


def get_puzzle(name: str) -> PuzzleInfo:
    key = name.strip().lower().replace("_", "-").replace(" ", "-") if isinstance(name, str) else ""
    for puzzle in _PUZZLES:
        if key == puzzle.id or key in puzzle.aliases:
            return puzzle
    raise UnknownVariant(
        "there is no puzzle called {name} (puzzles: dominosa, quadrille)", name=repr(name)
    )


def new_game(
    name: str, options: Mapping[str, Any] | None = None, seed: int | str = 0
) -> DominosaGame | QuadrilleGame:
    """A fresh solitaire of the puzzle `name` (id or alias). Options are checked like a
    variant's: unknown names and bad values are refused (`BadOption`)."""
    puzzle = get_puzzle(name)
    values = resolve_options(puzzle.option_specs, options)
    if puzzle is DOMINOSA:
        return DominosaGame(generate(int(values["set"]), str(values["difficulty"]), seed))
    return QuadrilleGame()


def load_game(data: Mapping[str, Any] | str) -> DominosaGame | QuadrilleGame:
    """A saved game (the `to_json` of either puzzle, or its text), replayed and checked."""
    data = read_saved(data)
    if data.get("puzzle") == "quadrille":
        return QuadrilleGame.from_json(data)
    if data.get("puzzle") == "dominosa":
        return DominosaGame.from_json(data)
    raise BadPuzzle("a saved game names its puzzle: dominosa or quadrille")
