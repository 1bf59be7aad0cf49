"""The `easy` level in the pairs game: lay the most pairs, keep the tiles that may still pair.

In `pairs` the first to lay 5 pairs wins, and laid pairs are the points; after laying, the hand
is drawn back up to 6. So the seat

- lays as many pairs as it can (every pair is progress, and each tile laid is a fresh draw);
- among equal counts, keeps the tiles most likely to find a partner: a tile's chance is how many
  unseen tiles share its pip sum (sums near 6 have the most tiles, and those already laid or
  held are gone);
- when it must exchange, puts under the stock the tile with the fewest unseen partners.

Only the seat's own tiles and public facts (laid pairs, hand sizes) are read.
"""

from __future__ import annotations

from collections import Counter

from engine.actions import Action
from engine.ai.knowledge import Knowledge
from engine.tiles import Tile
from engine.variants.pairs import Exchange, LayPairs
from engine.view import SeatView

PAIR = 100.0  # far above any difference in partners kept


def pairs_value(view: SeatView, knowledge: Knowledge, action: Action) -> float:
    """How good `action` looks to the seat: pairs laid first, then partners kept."""
    partners = Counter(tile.pips for tile in knowledge.unseen)
    if isinstance(action, LayPairs):
        laid = set(action.from_hand())
        kept = [tile for tile in view.hand if tile not in laid]
        return PAIR * len(action.pairs) + _chances(kept, partners)
    if isinstance(action, Exchange):
        return _chances([tile for tile in view.hand if tile != action.tile], partners)
    return 0.0  # a pass: the only move left


def _chances(kept: list[Tile], partners: Counter[int]) -> float:
    return float(sum(partners[tile.pips] for tile in kept))
