"""The registry of variants: every game, found by id or alias.

Adding a game: write a `Variant` subclass (its rules in its docstring, with the seed it comes
from) and name it in `GAMES` below. The registry imports the games; a game's module never
imports the registry back (it would close an import circle through this package).
"""

from __future__ import annotations

from typing import Any

from engine.errors import UnknownVariant
from engine.variants.base import Variant
from engine.variants.classic import Classic
from engine.variants.cross import Cross, CrossNine, DoubleCross, Maltese, Sebastopol
from engine.variants.cyprus import Cyprus
from engine.variants.fives import AllFives, FivesThrees
from engine.variants.gameroom import GameRoom
from engine.variants.mexican_train import MexicanTrain
from engine.variants.pairs import Pairs
from engine.variants.partnership import (
    Cuban,
    Dominican,
    Latin,
    OneEleven,
    Partnership,
    PuertoRico,
    PuertoRico500,
)
from engine.variants.polish import Beginner, French, Hungarian
from engine.variants.sum import Sum
from engine.variants.traditional import HomeAndAway, Kids, Pool, Traditional, TwoPlayer

_BY_ID: dict[str, type[Variant]] = {}
_BY_ALIAS: dict[str, type[Variant]] = {}
_PRESETS: list[type[Variant]] = []


def register(variant: type[Variant]) -> None:
    if variant.id in _BY_ID:
        raise ValueError(f"two variants share the id {variant.id!r}")
    _BY_ID[variant.id] = variant
    for alias in (variant.id, *variant.aliases):
        key = _normalise(alias)
        if key in _BY_ALIAS and _BY_ALIAS[key] is not variant:
            raise ValueError(f"two variants share the alias {alias!r}")
        _BY_ALIAS[key] = variant


def _normalise(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def register_preset(variant: type[Variant]) -> None:
    """A preset of RULES.md §4 (`latin`, `cuban`, ...: `Variant.preset`): a game of its own,
    found by id or alias, played, replayed and offered like any other (game pickers list it
    once its name is typed), and listed among the presets (`all_presets`)."""
    register(variant)
    _PRESETS.append(variant)


def all_presets() -> list[type[Variant]]:
    """The presets of RULES.md §4 (see `register_preset`), in the order of §4.1's table."""
    return list(_PRESETS)


def get_variant(name: str) -> type[Variant]:
    variant = _BY_ALIAS.get(_normalise(name)) if isinstance(name, str) else None
    if variant is None:
        raise UnknownVariant(
            "there is no game called {name} (see `python -m engine variants`)", name=repr(name)
        )
    return variant


def all_variants(*, unoffered: bool = False) -> list[type[Variant]]:
    """Every variant the bot offers (`unoffered`: every variant), in the order of RULES.md."""
    found = [variant for variant in _BY_ID.values() if variant.offered or unoffered]
    return sorted(found, key=lambda v: tuple(int(n) for n in v.section.split(".")))


def describe_games() -> list[dict[str, Any]]:
    """Every game for the listings, in the order of RULES.md §2: the variants and the solitaire
    puzzles, which are not variants (no hands or turns) and have their own registry in
    `engine.puzzles`, described with the same fields."""
    from engine.puzzles import all_puzzles

    games = [variant.describe() for variant in all_variants(unoffered=True)]
    games += [puzzle.describe() for puzzle in all_puzzles()]
    return sorted(games, key=lambda game: tuple(int(n) for n in game["rules"][10:].split(".")))


GAMES: tuple[type[Variant], ...] = (
    Classic,
    Cross,
    DoubleCross,
    Maltese,
    Sebastopol,
    CrossNine,
    Cyprus,
    AllFives,
    FivesThrees,
    GameRoom,
    Pairs,
    Partnership,
    OneEleven,
    Beginner,
    Hungarian,
    French,
    Sum,
    Traditional,
    TwoPlayer,
    HomeAndAway,
    Kids,
    Pool,
    MexicanTrain,
)

PRESETS: tuple[type[Variant], ...] = (Latin, Dominican, PuertoRico, PuertoRico500, Cuban)

for _game in GAMES:
    register(_game)
for _preset in PRESETS:
    register_preset(_preset)
