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
  `restore` (the game's own state of a sampled world, from the view);
- hints (`engine.ai.hints`): `features`, the facts about a move that a player would give as
  its reason (`Reason`: a key the bot translates, and its numbers).

Hooks read a `SeatView` (or a sampled world) and nothing hidden. An instance keeps no state:
`game_ai(variant)` gives the one registered (`@ai_for`) for the variant's class. The registry is
here, below every game's AI, and imports none of them: `engine.ai` imports them, which registers
them (a registry that imported the games back would close an import circle through them).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Protocol, TypeVar

from engine.ai.knowledge import Knowledge, sees
from engine.variants.base import Variant

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.ai.judge import Judge
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


@dataclass(frozen=True)
class Reason:
    """Why a move is good, in a few words: a `key` from a small set the bot translates, and
    the numbers its sentence needs (a tile as text, pips, a percentage).

    Keys: `wins_hand` (the move wins the hand now), `shuts_out` (an end shows a `number` an
    opponent is known to lack), `plays_heaviest` (sheds the most `pips`), `sheds_double`
    (`tile`), `keeps_numbers` (keeps the most different `numbers` in hand), `leaves_no_fit`
    (`sum`: no unseen tile fits the `total` left), `safest_total` (`sum`: the `total` left is
    the one the next seats are least likely to hit, `chance` in percent), `lays_most_pairs`
    (`pairs`), `keeps_partners` (`pairs`: the tiles kept have the most unseen `partners`),
    `exchanges_loner` (`pairs`: the `tile` with the fewest unseen `partners`), `only_move` (the
    others play the same game), `search` (the search found it better by `margin` points of
    the review, `engine.ai.review`), `close_call` (the best moves are about as good). The fives
    games: `reaches_target` (the placement scores the match's `target`), `scores_count` (scores
    the most `points` now, the ends counting `count`), `leaves_no_count` (the next opponent has
    no scoring reply), `leaves_least` (their best reply scores `points`, the least left)."""

    KEYS: ClassVar[frozenset[str]] = frozenset(
        (
            "wins_hand",
            "shuts_out",
            "plays_heaviest",
            "sheds_double",
            "keeps_numbers",
            "leaves_no_fit",
            "safest_total",
            "lays_most_pairs",
            "keeps_partners",
            "exchanges_loner",
            "only_move",
            "search",
            "close_call",
            "reaches_target",
            "scores_count",
            "leaves_no_count",
            "leaves_least",
        )
    )

    key: str
    numbers: Mapping[str, int | str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.key not in self.KEYS:
            raise ValueError(f"{self.key!r} is not a reason the bot can say (Reason.KEYS)")


class GameAI:
    """The AI hooks of one family of games (the games of placing tiles are
    `engine.ai.games.placing.PlacingAI`, registered for every variant without an AI of its
    own)."""

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
        """How the expert reads the other seats' plays of this hand (None: every world weighs
        the same)."""
        return None

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

    def features(self, view: SeatView, knowledge: Knowledge, action: Action) -> list[Reason]:
        """The facts about `action` (one of `view.legal`) that a player would give as its
        reason, the most telling first; each true of this action and not of every other legal
        one (none here)."""
        return []


G = TypeVar("G", bound=type[GameAI])

_BY_VARIANT: dict[type[Variant], GameAI] = {}
_FOUND: dict[type[Variant], GameAI] = {}  # each variant class's answer, once looked up


def ai_for(*variants: type[Variant]) -> Callable[[G], G]:
    """Register the decorated `GameAI` subclass (one instance: the hooks keep no state) as the
    AI of `variants` and of the variants derived from them; what its seats see beyond the
    layout goes to `engine.ai.knowledge` with it."""

    def register(kind: G) -> G:
        for variant in variants:
            if variant in _BY_VARIANT:
                raise ValueError(f"two game AIs for {variant.__name__}")
            _BY_VARIANT[variant] = kind()
            sees(variant, _BY_VARIANT[variant])
        return kind

    return register


def game_ai(variant: Variant) -> GameAI:
    """The AI hooks of `variant`'s game: the one registered for its class or the nearest
    parent class (every variant derives from `Variant`, which the placing games' AI holds)."""
    kind = type(variant)
    found = _FOUND.get(kind)
    if found is None:
        found = next(_BY_VARIANT[parent] for parent in kind.__mro__ if parent in _BY_VARIANT)
        _FOUND[kind] = found
    return found
