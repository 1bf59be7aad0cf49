"""The AI of the fives games (`engine.variants.fives`): count the ends, take scoring counts,
leave the opponent none.

- `easy` judges each placement by what it scores now against what it leaves the next opponent
  (`easy.fives_value`), and the search levels keep that choice unless they find a clearly better
  one;
- the search plays the generic playouts (the fast path plays no game that scores during play),
  judged by the hand's points scored during play and at its end (`engine.ai.judge`), a sampled
  world starting from the running scores the seat sees (`restore`), so that `exact` and the
  target are judged as at the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.ai.games.base import GameAI, Reason, ai_for
from engine.ai.games.fives.easy import fives_features, fives_value
from engine.variants.fives import FivesFamily

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.ai.knowledge import Knowledge
    from engine.hand import HandState
    from engine.view import SeatView


@ai_for(FivesFamily)
class FivesAI(GameAI):
    own_evaluation = True

    def action_value(self, view: SeatView, knowledge: Knowledge, action: Action) -> float:
        return fives_value(view, knowledge, action)

    def features(self, view: SeatView, knowledge: Knowledge, action: Action) -> list[Reason]:
        return fives_features(view, knowledge, action)

    def restore(self, state: HandState, view: SeatView) -> None:
        """The scores at the hand's start and what each unit scored in it so far (the view's
        scores already include them)."""
        scored = [0] * len(view.scores)
        for _, points in view.scoring:
            for unit, gain in enumerate(points):
                scored[unit] += gain
        state.scored = scored
        state.base_scores = tuple(s - g for s, g in zip(view.scores, scored, strict=True))
        state.score_log = list(view.scoring)
