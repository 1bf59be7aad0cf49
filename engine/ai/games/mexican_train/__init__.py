"""The AI of Mexican Train (`engine.variants.mexican_train`): keep the own train for the long
chain in hand, shed the rest on the Mexican train and the open trains, cover doubles only when
the cover is in hand, shed high pips.

- `easy` judges each action by `easy.train_value`: the longest chain of the hand that the own
  train's end can take is kept for it (a tile of that chain placed elsewhere costs), a tile off
  the chain is better shed on the Mexican train, then an open train, while the own train (even
  empty) waits, its end being the seat's alone while it is closed; the own train is closed again
  as soon as possible (an open train invites the others), a double is placed when the hand holds
  its cover (two tiles in one turn) and avoided when it does not (a draw, a pass and an open
  train), heavy tiles go first, and a run goes on while it can;
- the search levels keep `easy`'s choice unless the playouts find a clearly better one; the
  playouts are uniform (`playout_policy` None), on the generic hand (the bitmask fast path plays
  only games of one line, `engine.fast.supports`);
- the seat sees every tile on the table (`face_up`: the hub and the trains), and a sampled world
  gets the trains back from the view (`restore`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.ai.games.base import GameAI, Reason, ai_for
from engine.ai.games.mexican_train.easy import train_features, train_value
from engine.trains import Trains, trains_of
from engine.variants.mexican_train import MexicanTrain

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.ai.knowledge import Knowledge
    from engine.hand import HandState
    from engine.tiles import Tile
    from engine.view import SeatView


@ai_for(MexicanTrain)
class MexicanTrainAI(GameAI):
    own_evaluation = True

    def action_value(self, view: SeatView, knowledge: Knowledge, action: Action) -> float:
        return train_value(view, action)

    def face_up(self, view: SeatView) -> tuple[Tile, ...]:
        table = trains_of(view)
        return () if table is None else tuple(table.tiles_down())

    def restore(self, state: HandState, view: SeatView) -> None:
        found = view.extra.get("turn_state")
        if isinstance(found, Trains):
            state.side = found.copy()

    def features(self, view: SeatView, knowledge: Knowledge, action: Action) -> list[Reason]:
        return train_features(view, action)
