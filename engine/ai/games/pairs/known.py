"""What a seat of the pairs game knows beyond its hand and the laid pairs: the turns in a row
without a pair (public), and where the tiles it put under the stock itself now lie."""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action
from engine.tiles import Tile
from engine.variants.pairs import Exchange, HiddenExchange, LayPairs


def turns_without_pairs(history: Sequence[Action]) -> int:
    """The turns in a row since a pair was laid (exchanges and passes)."""
    idle = 0
    for action in reversed(history):
        if isinstance(action, LayPairs):
            break
        idle += 1
    return idle


def own_exchanges_in_stock(
    seat: int, history: Sequence[Action], boneyard: int
) -> tuple[tuple[int, Tile], ...]:
    """The tiles `seat` exchanged that are still in the stock, with their depth from the top.

    The stock is a queue: an exchanged tile goes to the bottom and rises as tiles are drawn from
    the top. Only exchanges put tiles in, so a tile with `behind` exchanges after it is still
    there while the stock holds more than `behind` tiles, `behind + 1` from the bottom."""
    found: list[tuple[int, Tile]] = []
    exchanges = [a for a in history if isinstance(a, Exchange | HiddenExchange)]
    for position, action in enumerate(exchanges):
        if isinstance(action, Exchange) and action.seat == seat:
            behind = len(exchanges) - position - 1
            if boneyard > behind:
                found.append((boneyard - 1 - behind, action.tile))
    return tuple(found)
