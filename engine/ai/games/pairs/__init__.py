"""The AI of the pairs game (`engine.variants.pairs`): lay the most pairs, keep the tiles that
may still pair, exchange the one with the fewest partners.

- `easy` judges each action by the pairs it lays and the partners the tiles it keeps may still
  find (`easy.pairs_value`), and the search levels keep that choice unless they find a clearly
  better one;
- a tile matters only by its pip sum, so the search tries one action of each kind that plays
  the same game (`easy.candidates`, `easy.same_game`), with playouts on pip sums
  (`playout.pairs_world`);
- the seat sees the laid pairs (`SeatView.laid_pairs`), and knows where the tiles it put under
  the stock lie until they are drawn (`known.own_exchanges_in_stock`); a sampled world gets the
  laid pairs and the turns without a pair back (`restore`). Passes tell nothing here (a turn
  is not a placement), and no reading of plays applies.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engine.ai.games.base import GameAI, Policy, Reading, Reason, ai_for
from engine.ai.games.pairs.easy import candidates, pairs_features, pairs_value, same_game
from engine.ai.games.pairs.known import own_exchanges_in_stock, turns_without_pairs
from engine.ai.games.pairs.playout import pairs_policy, pairs_world
from engine.variants.pairs import Pairs, PairsTable

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.ai.judge import Judge
    from engine.ai.knowledge import Knowledge
    from engine.hand import HandState
    from engine.tiles import Tile
    from engine.view import SeatView


@ai_for(Pairs)
class PairsAI(GameAI):
    own_evaluation = True

    def action_value(self, view: SeatView, knowledge: Knowledge, action: Action) -> float:
        return pairs_value(view, knowledge, action)

    def candidates(self, view: SeatView) -> list[Action]:
        return candidates(view)

    def same_game(self, first: Action, second: Action) -> bool:
        return same_game(first, second)

    def reading(self, view: SeatView, knowledge: Knowledge) -> Reading | None:
        return None  # a turn is no placement: there is no rule of thumb to read it by

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
        return pairs_world(view, knowledge, hands, stock, actions, judge, rng)

    def playout_policy(self) -> Policy | None:
        return pairs_policy

    def face_up(self, view: SeatView) -> tuple[Tile, ...]:
        return tuple(tile for pairs in view.laid_pairs for pair in pairs for tile in pair)

    def in_stock(self, view: SeatView) -> tuple[tuple[int, Tile], ...]:
        return own_exchanges_in_stock(view.seat, view.history, view.boneyard)

    def restore(self, state: HandState, view: SeatView) -> None:
        idle = turns_without_pairs(view.history)
        state.side = PairsTable([list(pairs) for pairs in view.laid_pairs], idle)

    def features(self, view: SeatView, knowledge: Knowledge, action: Action) -> list[Reason]:
        return pairs_features(view, knowledge, action)
