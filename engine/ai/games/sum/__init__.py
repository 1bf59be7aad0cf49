"""The AI of the sum game (`engine.variants.sum`): aim for the exact total, never hand it on.

- `easy` judges each tile it may add by the gap it leaves (`easy.sum_value`), and the search
  levels keep that choice unless they find a clearly better one;
- the search plays its playouts on pip counts (`playout.sum_world`), every seat taking an exact
  hit; the expert reads the tiles the other seats chose to add (`reading.SumReading`).

The running total is public (`SeatView.total`); the table's tiles are the layout's, so a seat
sees nothing else beyond its hand.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engine.ai.games.base import GameAI, Policy, Reading, Reason, ai_for
from engine.ai.games.sum.easy import sum_features, sum_value
from engine.ai.games.sum.playout import sum_policy, sum_world
from engine.ai.games.sum.reading import SumReading
from engine.variants.sum import Sum

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.ai.judge import Judge
    from engine.ai.knowledge import Knowledge
    from engine.tiles import Tile
    from engine.view import SeatView


@ai_for(Sum)
class SumAI(GameAI):
    own_evaluation = True

    def action_value(self, view: SeatView, knowledge: Knowledge, action: Action) -> float:
        return sum_value(view, knowledge, action)

    def reading(self, view: SeatView, knowledge: Knowledge) -> Reading | None:
        return SumReading(view, knowledge)

    def world_values(
        self,
        view: SeatView,
        knowledge: Knowledge,
        hands: list[list[Tile]],
        stock: list[Tile],
        actions: list[Action],
        judge: Judge,
        rng: random.Random,
    ) -> list[float] | None:
        return sum_world(view, hands, stock, actions, rng)

    def playout_policy(self) -> Policy | None:
        return sum_policy

    def features(self, view: SeatView, knowledge: Knowledge, action: Action) -> list[Reason]:
        return sum_features(view, knowledge, action)
