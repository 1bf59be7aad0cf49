"""`GameAI`: what the AI does differently from one game to another, as a few documented hooks.

The base class is the AI of the games of placing tiles on a layout (lines, crosses, stars, wild
doubles, draw games): there `easy` judges the position a move leaves (`engine.ai.heuristics`),
the playouts are uniform, the seat sees only the layout beyond its hand, and the expert reads the
other seats' placements (`engine.ai.reading`). A game whose aim is not to empty a hand overrides
the hooks it needs, in its own package of `engine.ai.games`:

- `easy`: `own_evaluation` and `action_value`: `easy` plays the legal action of the highest
  value instead of judging positions, and the search levels keep that choice unless they find
  a clearly better move (`engine.ai.estimates.EasyRival`);
- the search: `candidates` (the actions worth searching) and `same_game` (two actions that
  leave the same game); `reading` (how the expert weighs a sampled world by the plays it
  explains); `world_values` (a world's value of each action by playouts of the game's own, on
  numbers instead of hand states) and `playout_policy` (how the seats play a playout of the
  generic `HandState`);
- what the seat knows (`engine.ai.knowledge`, `engine.ai.sampling`): `face_up` (tiles it sees
  beyond the layout and its hand), `in_stock` (tiles it knows the place of in the boneyard), and
  `restore` (the game's own state of a sampled world, from the view).

Hooks read a `SeatView` (or a sampled world) and nothing hidden. An instance keeps no state:
`engine.ai.games.game_ai(variant)` gives the one registered for the variant's class.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar, Protocol

from engine.ai.games import ai_for
from engine.variants.base import Variant

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.ai.judge import Judge
    from engine.ai.knowledge import Knowledge
    from engine.hand import HandState
    from engine.tiles import Tile
    from engine.view import SeatView

#: How a seat chooses its action in a playout: (state, legal actions, rng) -> action.
Policy = Callable[["HandState", Sequence["Action"], random.Random], "Action"]


class Reading(Protocol):
    """The other seats' plays of this hand, ready to weigh sampled worlds by how well the
    tiles each world gives them explain what they played."""

    @property
    def plays(self) -> Sequence[object]:
        """The plays read (none: every world weighs the same)."""
        ...

    def weight(self, hands: Sequence[Sequence[Tile]]) -> float:
        """The likelihood of the plays if the seats held `hands` now."""
        ...


@ai_for(Variant)
class GameAI:
    """The AI hooks of one family of games; this class is the games of placing tiles."""

    #: `easy` judges each action by `action_value` (not the position it leaves), and the search
    #: levels keep `easy`'s choice unless they find a clearly better one.
    own_evaluation: ClassVar[bool] = False

    def action_value(self, view: SeatView, knowledge: Knowledge, action: Action) -> float:
        """With `own_evaluation`: how good `action` looks to the seat, from its own tiles and
        public facts (higher is better)."""
        raise NotImplementedError

    def candidates(self, view: SeatView) -> list[Action]:
        """The legal actions worth searching (all of them, unless many play the same game)."""
        return list(view.legal)

    def same_game(self, first: Action, second: Action) -> bool:
        """Whether two legal actions of one turn leave the same game."""
        return first == second

    def reading(self, view: SeatView, knowledge: Knowledge) -> Reading | None:
        """How the expert reads the other seats' plays of this hand: by `easy`'s rules of thumb
        on the placements (`engine.ai.reading`, which reads only where a past hand can be
        rebuilt from a world)."""
        from engine.ai.reading import PlayReading

        return PlayReading(view, knowledge)

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
        """Each action's value in the sampled world (`hands`, `stock`), by playouts of the
        game's own; None: the generic playouts judge it (`engine.ai.world_values`)."""
        return None

    def playout_policy(self) -> Policy | None:
        """How every seat plays in a generic playout; None: uniformly among legal actions
        (measured best in the games of placing tiles: see `engine.ai.search`)."""
        return None

    def face_up(self, view: SeatView) -> tuple[Tile, ...]:
        """Tiles the seat sees beyond the layout and its own hand (none here)."""
        return ()

    def in_stock(self, view: SeatView) -> tuple[tuple[int, Tile], ...]:
        """Unseen tiles whose place in the boneyard the seat knows: (depth from the top, tile)."""
        return ()

    def restore(self, state: HandState, view: SeatView) -> None:
        """Give a sampled world (`state`, built from `view`'s table, turn and history) the
        game's own state beyond the table and the hands (nothing here)."""
