"""The AI of the games of placing tiles on a layout (lines, crosses, stars, wild doubles, draw
games): `GameAI`'s hooks as they are, with the expert reading the other seats' placements
(`engine.ai.reading`) and the reasons of `easy`'s rules of thumb (`engine.ai.heuristics`).

Registered for `Variant`, so every game without an AI of its own plays with it. A module of its
own, above the reading and the heuristics it uses: the hooks' base class sits below them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.ai.games.base import GameAI, Reading, Reason, ai_for
from engine.ai.heuristics import placing_features
from engine.ai.reading import PlayReading
from engine.variants.base import Variant

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.ai.knowledge import Knowledge
    from engine.view import SeatView


@ai_for(Variant)
class PlacingAI(GameAI):
    """The AI hooks of the games of placing tiles."""

    def reading(self, view: SeatView, knowledge: Knowledge) -> Reading | None:
        """By `easy`'s rules of thumb on the placements (`engine.ai.reading`, which reads only
        where a past hand can be rebuilt from a world)."""
        return PlayReading(view, knowledge)

    def features(self, view: SeatView, knowledge: Knowledge, action: Action) -> list[Reason]:
        """The rules of thumb of `engine.ai.heuristics`."""
        return placing_features(view, knowledge, action)
