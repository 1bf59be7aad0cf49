"""The `easy` level in the pairs game: lay the most pairs, keep the tiles that may still pair.

In `pairs` the first to lay 5 pairs wins, and laid pairs are the points; after laying, the hand
is drawn back up to 6. So the seat

- lays as many pairs as it can (every pair is progress, and each tile laid is a fresh draw);
- among equal counts, keeps the tiles most likely to find a partner: a tile's chance is how many
  unseen tiles share its pip sum (sums near 6 have the most tiles, and those already laid or
  held are gone);
- when it must exchange, puts under the stock the tile with the fewest unseen partners.

Only the seat's own tiles and public facts (laid pairs, hand sizes) are read.

A tile matters there only by its pip sum, so many actions of a turn leave the same game
(`same_game`); the search levels try one of each, among the largest sets of pairs
(`candidates`).
"""

from __future__ import annotations

from collections import Counter

from engine.actions import Action
from engine.ai.games.base import Reason
from engine.ai.knowledge import Knowledge
from engine.tiles import Tile
from engine.variants.pairs import PAIRS_TO_WIN, Exchange, LayPairs
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


def candidates(view: SeatView) -> list[Action]:
    """The actions worth searching. In `pairs` only the largest sets of pairs (each pair is
    progress, each tile laid a fresh draw, as `easy` reasons), and one action of each kind that
    plays the same game (`same_game`): with up to 75 sets to try, the budget would buy a
    handful of worlds, and the choice would be noise."""
    legal = list(view.legal)
    most = max((len(action.pairs) for action in legal if isinstance(action, LayPairs)), default=0)
    if most:
        legal = [a for a in legal if not isinstance(a, LayPairs) or len(a.pairs) == most]
    kept: list[Action] = []
    for action in legal:
        if not any(same_game(action, other) for other in kept):
            kept.append(action)
    return kept


def same_game(first: Action, second: Action) -> bool:
    """Whether two actions of a `pairs` turn leave the same game: there a tile matters only by
    its pip sum, so laying pairs of the same sums, or exchanging tiles of the same sum, is one
    move."""
    if isinstance(first, LayPairs) and isinstance(second, LayPairs):
        return sorted(t.pips for t in first.from_hand()) == sorted(
            t.pips for t in second.from_hand()
        )
    if isinstance(first, Exchange) and isinstance(second, Exchange):
        return first.tile.pips == second.tile.pips
    return first == second


def pairs_features(view: SeatView, knowledge: Knowledge, action: Action) -> list[Reason]:
    """`pairs_value`'s reasons for `action`: it lays the fifth pair; it lays as many pairs as
    the hand allows; among the same count, the tiles it keeps have the most unseen partners;
    the tile it exchanges has the fewest unseen partners."""
    partners = Counter(tile.pips for tile in knowledge.unseen)
    if isinstance(action, LayPairs):
        laid = len(view.laid_pairs[view.seat]) if view.laid_pairs else 0
        if laid + len(action.pairs) >= PAIRS_TO_WIN:
            return [Reason("wins_hand")]
        lays = [a for a in view.legal if isinstance(a, LayPairs)]
        counts = [len(a.pairs) for a in lays]
        found: list[Reason] = []
        if len(action.pairs) == max(counts) > min(counts):
            found.append(Reason("lays_most_pairs", {"pairs": len(action.pairs)}))
        alike = [a for a in lays if len(a.pairs) == len(action.pairs)]
        chances = {a: pairs_value(view, knowledge, a) for a in alike}
        if chances[action] == max(chances.values()) > min(chances.values()):
            kept = int(chances[action] - PAIR * len(action.pairs))
            found.append(Reason("keeps_partners", {"partners": kept}))
        return found
    if isinstance(action, Exchange):
        loners = {a.tile: partners[a.tile.pips] for a in view.legal if isinstance(a, Exchange)}
        if loners[action.tile] == min(loners.values()) < max(loners.values()):
            tile = str(action.tile)
            return [Reason("exchanges_loner", {"tile": tile, "partners": loners[action.tile]})]
    return []
