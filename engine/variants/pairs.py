"""`pairs`: Domino parzyste, laying pairs of equal pip sums (seed 002, version 7).

Its turns are not tile placements (`own_turns`): a turn lays pairs (`LayPairs`, record
`{"seat": s, "pairs": [["3-2", "4-1"], ...]}`, the drawing back to 6 being part of it), exchanges
a tile with the stock (`Exchange`, record `{"seat": s, "exchange": "6-6"}`), or passes. The stock
is the hand's boneyard: drawn from the front, an exchanged tile goes to the back.

Every legal set of pairs is one action: with at most 6 tiles in hand there are at most 75 (15
single pairs, 45 two-pair sets, 15 three-pair sets), so the AI can enumerate them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import Action, Pass, Special, action_kind
from engine.errors import DominoError, IllegalAction
from engine.layout import Shape
from engine.messages import InContext, Plural
from engine.rules import DrawRule, End, HandOutcome, HandScore, Lead
from engine.tiles import Tile
from engine.variants.base import PublicState, SideState, Variant
from engine.variants.common import points_for

if TYPE_CHECKING:
    from engine.events import Event
    from engine.variants.base import HandAtPlay, MatchAtPlay

Pair = tuple[Tile, Tile]

HAND_TILES = 6  # dealt, and drawn back up to after laying pairs
PAIRS_TO_WIN = 5
IDLE_TURNS = 100  # turns in a row without a pair laid that end the hand


def _pair_key(pair: Pair) -> tuple[int, int]:
    return (pair[0].index, pair[1].index)


def canonical(pairs: Sequence[Pair]) -> tuple[Pair, ...]:
    """One order for a set of pairs: each pair higher tile first, the pairs highest first."""
    ordered = [
        (first, second) if first.index >= second.index else (second, first)
        for first, second in pairs
    ]
    return tuple(sorted(ordered, key=_pair_key, reverse=True))


@dataclass(frozen=True, slots=True)
class LayPairs(Special):
    """Lay one or more pairs of equal pip sums, then draw back up to 6."""

    key: ClassVar[str] = "pairs"
    pairs: tuple[Pair, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "pairs", canonical(self.pairs))

    def from_hand(self) -> tuple[Tile, ...]:
        return tuple(tile for pair in self.pairs for tile in pair)

    def to_record(self) -> dict[str, Any]:
        return {"seat": self.seat, "pairs": [[str(a), str(b)] for a, b in self.pairs]}

    @property
    def message(self) -> str:
        laid = ", ".join(f"{a} + {b}" for a, b in self.pairs)
        return InContext("move", "laid {pairs}", pairs=laid)


@dataclass(frozen=True, slots=True)
class Exchange(Special):
    """Put `tile` at the bottom of the stock and draw the top tile (no pair in hand)."""

    key: ClassVar[str] = "exchange"
    tile: Tile

    def from_hand(self) -> tuple[Tile, ...]:
        return (self.tile,)

    def to_record(self) -> dict[str, Any]:
        return {"seat": self.seat, "exchange": str(self.tile)}

    @property
    def message(self) -> str:
        return InContext("move", "put {tile} under the stock", tile=self.tile)


@dataclass(frozen=True, slots=True)
class HiddenExchange(Action):
    """How another seat sees an `Exchange`: a tile went under the stock, face down. It is only
    ever in a seat's view of the history, never in a record."""

    def to_record(self) -> dict[str, Any]:
        raise DominoError("an exchange seen from another seat has no record form")

    @property
    def message(self) -> str:
        return InContext("move", "put a tile under the stock")


@action_kind(LayPairs.key)
def _read_pairs(seat: int, value: Any, record: Mapping[str, Any]) -> Action:
    if not isinstance(value, list) or not value:
        raise DominoError('pairs must be a list of two-tile lists, like [["3-2", "4-1"]]')
    pairs: list[Pair] = []
    for item in value:
        if not isinstance(item, list) or len(item) != 2:
            raise DominoError('pairs must be a list of two-tile lists, like [["3-2", "4-1"]]')
        pairs.append((Tile.parse(item[0]), Tile.parse(item[1])))
    return LayPairs(seat, tuple(pairs))


@action_kind(Exchange.key)
def _read_exchange(seat: int, value: Any, record: Mapping[str, Any]) -> Action:
    if not isinstance(value, str):
        raise DominoError('exchange must name a tile, like "6-6"')
    return Exchange(seat, Tile.parse(value))


def pair_sets(hand: Sequence[Tile]) -> list[tuple[Pair, ...]]:
    """Every non-empty set of disjoint pairs of equal pip sums that `hand` can lay."""
    tiles = list(hand)
    candidates = [
        (first, second)
        for i, first in enumerate(tiles)
        for second in tiles[i + 1 :]
        if first.pips == second.pips
    ]
    found: list[tuple[Pair, ...]] = []

    def extend(start: int, chosen: list[Pair], used: set[Tile]) -> None:
        for index in range(start, len(candidates)):
            first, second = candidates[index]
            if first in used or second in used:
                continue
            chosen.append((first, second))
            found.append(canonical(chosen))
            extend(index + 1, chosen, used | {first, second})
            chosen.pop()

    extend(0, [], set())
    return found


def has_pair(tiles: Sequence[Tile]) -> bool:
    sums = [tile.pips for tile in tiles]
    return len(set(sums)) < len(sums)


class PairsTable(SideState):
    """The pairs each seat has laid, and how many turns in a row went by without a pair."""

    __slots__ = ("idle_turns", "laid")

    def __init__(self, laid: list[list[Pair]], idle_turns: int = 0) -> None:
        self.laid = laid
        self.idle_turns = idle_turns

    def copy(self) -> PairsTable:
        return PairsTable([list(pairs) for pairs in self.laid], self.idle_turns)


class Pairs(Variant):
    """Domino parzyste (even dominoes) — seed 002, version 7.

    Double-six, 2 players, 6 tiles each; the rest is the face-down stock. The leader is drawn
    by lot (choice: the rulebook says "the older player"); records give it.

    On a turn the player lays down one or more pairs of tiles from hand, the two tiles of each
    pair having equal pip sums (2-3 with 1-4; different pairs may have different sums). Laying at
    least one pair is compulsory when possible; how many is the player's choice. Then they draw
    back up to 6 tiles from the top of the stock while it lasts, and the turn passes.

    A player who can form no pair must exchange while the stock lasts: they put one tile of their
    choice at the bottom of the stock and draw the top one; the turn ends there. The stock is face
    down, so the other seat sees only that a tile was exchanged. With no pair and an empty stock,
    they pass.

    The hand ends `domino` when a player has laid 5 pairs or more (laying several at once may go
    past 5; they win), or `blocked` when the stock is empty and neither can lay a pair, when no
    two unlaid tiles (hands and stock) have equal sums, or after 100 turns in a row without a pair
    laid (exchanges and passes of both players count); then more pairs laid wins, and equal is a
    draw (no winners). Points and scores are the pairs laid. The match is one hand.
    """

    id = "pairs"
    section = "2.18"
    name = "Pairs"
    aliases = ("parzyste", "domino-parzyste", "even")
    source = "seed 002 version 7 (Domino parzyste)"
    summary = "Lay pairs of equal sums and draw back to six; first to five pairs wins."
    player_counts = (2,)
    shape = Shape.ROW
    family = "row"
    own_turns = True
    # The stock is drawn only by laying pairs and exchanging, never by a `draw` action; any rule
    # but `no-draw` keeps it (with `no-draw` the undealt tiles would sleep).
    draw_rule = DrawRule.ONE

    def hand_size(self, seated: int) -> int:
        return HAND_TILES

    def lead(self, match: MatchAtPlay, hands: Sequence[Sequence[Tile]]) -> Lead:
        return Lead(0, choosers=(0, 1), by_lot=True)

    def new_side_state(self, hand: HandAtPlay) -> PairsTable:
        return PairsTable([[] for _ in range(hand.seats)])

    @staticmethod
    def table(hand: HandAtPlay) -> PairsTable:
        assert isinstance(hand.side, PairsTable)
        return hand.side

    # -- turns ------------------------------------------------------------------------------

    def special_actions(self, hand: HandAtPlay, seat: int) -> list[Action]:
        tiles = hand.hands[seat]
        sets = pair_sets(tiles)
        if sets:
            return [LayPairs(seat, pairs) for pairs in sets]
        if hand.stock:
            return [Exchange(seat, tile) for tile in tiles]
        return [Pass(seat)]

    def apply_special(self, hand: HandAtPlay, action: Action) -> Event:
        if isinstance(action, LayPairs):
            return self._lay(hand, action)
        if isinstance(action, Exchange):
            return self._exchange(hand, action)
        if isinstance(action, Pass):
            if has_pair(hand.hands[action.seat]):
                raise IllegalAction("you can lay a pair: you must")
            if hand.stock:
                raise IllegalAction("you have no pair: exchange a tile with the stock")
            self.table(hand).idle_turns += 1
            return hand.end_turn(action)
        raise IllegalAction("in pairs you lay pairs, exchange a tile, or pass")

    def _lay(self, hand: HandAtPlay, action: LayPairs) -> Event:
        seat, tiles = action.seat, hand.hands[action.seat]
        laying = action.from_hand()
        if not action.pairs:
            raise IllegalAction("lay at least one pair")
        repeated = [tile for tile, count in Counter(laying).items() if count > 1]
        if repeated:
            raise IllegalAction("{tile} is in two pairs", tile=repeated[0])
        missing = [tile for tile in laying if tile not in tiles]
        if missing:
            raise IllegalAction("{tile} is not in your hand", tile=missing[0])
        for first, second in action.pairs:
            if first.pips != second.pips:
                raise IllegalAction(
                    "{first} and {second} are no pair: {first_pips} and {second_pips} pips",
                    first=first,
                    second=second,
                    first_pips=first.pips,
                    second_pips=second.pips,
                )
        for tile in laying:
            tiles.remove(tile)
        table = self.table(hand)
        table.laid[seat].extend(action.pairs)
        table.idle_turns = 0
        take = min(HAND_TILES - len(tiles), len(hand.stock))
        drawn = tuple(hand.boneyard[hand.drawn : hand.drawn + max(take, 0)])
        hand.drawn += len(drawn)
        tiles.extend(drawn)
        if len(table.laid[seat]) >= PAIRS_TO_WIN:
            return hand.finish(action, End.DOMINO, went_out=seat, drawn=drawn)
        return hand.end_turn(action, drawn=drawn)

    def _exchange(self, hand: HandAtPlay, action: Exchange) -> Event:
        tiles = hand.hands[action.seat]
        if has_pair(tiles):
            raise IllegalAction("you can lay a pair: you must")
        if not hand.stock:
            raise IllegalAction("the stock is empty: there is nothing to exchange with")
        if action.tile not in tiles:
            raise IllegalAction("{tile} is not in your hand", tile=action.tile)
        tiles.remove(action.tile)
        hand.boneyard.append(action.tile)  # to the bottom; the top is still the old top
        top = hand.boneyard[hand.drawn]
        hand.drawn += 1
        tiles.append(top)
        self.table(hand).idle_turns += 1
        return hand.end_turn(action, drawn=(top,))

    # -- the end ----------------------------------------------------------------------------

    def blocked(self, hand: HandAtPlay) -> bool:
        if self.table(hand).idle_turns >= IDLE_TURNS:
            return True
        stock = hand.stock
        if not stock and not any(has_pair(tiles) for tiles in hand.hands):
            return True
        return not has_pair([*stock, *(tile for tiles in hand.hands for tile in tiles)])

    def outcome_extra(self, hand: HandAtPlay) -> dict[str, object]:
        return {"laid": tuple(len(pairs) for pairs in self.table(hand).laid)}

    def seen_by(self, action: Action, seat: int | None) -> Action:
        if isinstance(action, Exchange) and action.seat != seat:
            return HiddenExchange(action.seat)
        return action

    def public_state(self, hand: HandAtPlay) -> PublicState:
        table = self.table(hand)
        idle = table.idle_turns
        status = None
        if idle:
            status = Plural(
                "{count} turn without a pair (the hand ends at {limit})",
                "{count} turns without a pair (the hand ends at {limit})",
                count=idle,
                limit=IDLE_TURNS,
            )
        laid = tuple(tuple(pairs) for pairs in table.laid)
        return PublicState(status=status, extra={"laid_pairs": laid})

    def score_hand(self, match: MatchAtPlay, outcome: HandOutcome) -> HandScore:
        laid: tuple[int, ...] = outcome.extra["laid"]
        points = points_for(self, dict(enumerate(laid)))
        if outcome.end == End.DOMINO:
            assert outcome.went_out is not None
            return HandScore((outcome.went_out,), points)
        most = max(laid)
        winners = tuple(seat for seat, count in enumerate(laid) if count == most)
        return HandScore(winners if len(winners) == 1 else (), points)

    def match_over(self, match: MatchAtPlay) -> tuple[bool, tuple[int, ...]]:
        return True, match.results[-1].winners
