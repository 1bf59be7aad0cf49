"""The AI of each family of games, found through the variant: `game_ai(variant) -> GameAI`.

Everything the AI does differently in one game (how `easy` judges a move, how the seats play in
a search playout, what the seat sees beyond the layout, what its plays tell) is a hook of
`engine.ai.games.base.GameAI`; the search, `easy`, the sampling of worlds and the review ask the
variant's `GameAI` and never name a game. A game of placing tiles needs nothing here: the base
class is their AI. A game with aims of its own (`sum`, `pairs`) has a package here whose
`GameAI` subclass is registered for its variant class:

    @ai_for(Sum)
    class SumAI(GameAI): ...

and whose module is imported in `_load` below. The lookup walks the variant's class hierarchy,
so a variant derived from another plays with its parent's AI unless it registers its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from engine.ai.games.base import GameAI
    from engine.variants.base import Variant

G = TypeVar("G", bound="type[GameAI]")

_BY_VARIANT: dict[type[Variant], GameAI] = {}
_FOUND: dict[type[Variant], GameAI] = {}  # each variant class's answer, once looked up


def ai_for(*variants: type[Variant]) -> Callable[[G], G]:
    """Register the decorated `GameAI` subclass (one instance: the hooks keep no state) as the
    AI of `variants` and of the variants derived from them."""

    def register(kind: G) -> G:
        for variant in variants:
            if variant in _BY_VARIANT:
                raise ValueError(f"two game AIs for {variant.__name__}")
            _BY_VARIANT[variant] = kind()
        return kind

    return register


def game_ai(variant: Variant) -> GameAI:
    """The AI hooks of `variant`'s game: the one registered for its class or the nearest
    parent class, else those of the games of placing tiles (`GameAI` itself)."""
    kind = type(variant)
    found = _FOUND.get(kind)
    if found is None:
        _load()
        found = next(_BY_VARIANT[parent] for parent in kind.__mro__ if parent in _BY_VARIANT)
        _FOUND[kind] = found
    return found


_loaded: list[bool] = []


def _load() -> None:
    # Imported on first use, not at import time: the hooks use the AI's modules, which use this
    # registry.
    if _loaded:
        return
    _loaded.append(True)
    from engine.ai.games import base, pairs, sum  # noqa: F401  (imported for registration)
