"""How the seats play in a search playout of the games with aims of their own.

Playouts are uniform among legal moves in most games (measured best in the line games: see
`engine.ai.search`). In two games a uniform player is too far from any real one for the
playouts to judge a move:

- `sum`: a uniform player holding the tile that hits the target exactly plays it only by chance,
  so leaving the next seat an exact hit would look nearly safe; and one that hands the next seat
  the target makes every gift look likely. Every seat takes an exact hit; otherwise it adds at
  random a tile that leaves the next seat no exact hit (any tile if all do). In the sampled
  world every hand is known, as in the rest of the search.
- `pairs`: a uniform player picks among every set of pairs, mostly laying fewer than it could.
  Every seat lays as many pairs as it can (which of the largest sets, at random), and exchanges
  as `easy` does, a tile with the fewest partners it cannot see (at random among equals).

`playout_policy(variant_id)` is the chooser for a variant, or None for uniform play.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from engine.actions import Action, Play
from engine.hand import HandState
from engine.variants.pairs import Exchange, LayPairs
from engine.variants.sum import running_total

Policy = Callable[[HandState, Sequence[Action], random.Random], Action]


def _sum_policy(state: HandState, actions: Sequence[Action], rng: random.Random) -> Action:
    gap = int(state.variant.option("target")) - running_total(state.layout)
    for action in actions:
        if isinstance(action, Play) and action.tile.pips == gap:
            return action
    seat = state.turn
    following = state.next_seat(seat)
    gifts = {tile.pips for tile in state.hands[following]} if following != seat else set()
    safe = [a for a in actions if not (isinstance(a, Play) and gap - a.tile.pips in gifts)]
    choices = safe or list(actions)
    return choices[int(rng.random() * len(choices))]


def _pairs_policy(state: HandState, actions: Sequence[Action], rng: random.Random) -> Action:
    most = max((len(a.pairs) for a in actions if isinstance(a, LayPairs)), default=0)
    if most:
        actions = [a for a in actions if isinstance(a, LayPairs) and len(a.pairs) == most]
        return actions[int(rng.random() * len(actions))]
    exchanges = [a for a in actions if isinstance(a, Exchange)]
    if not exchanges:
        return actions[0]  # a pass
    unseen = Counter(t.pips for t in state.stock)
    for seat, held in enumerate(state.hands):
        if seat != state.turn:
            unseen.update(t.pips for t in held)
    # as `easy`: the tile with the fewest unseen partners, at random among equals
    fewest = min(unseen[a.tile.pips] for a in exchanges)
    choices = [a for a in exchanges if unseen[a.tile.pips] == fewest]
    return choices[int(rng.random() * len(choices))]


POLICIES: dict[str, Policy] = {"sum": _sum_policy, "pairs": _pairs_policy}


def playout_policy(variant_id: str) -> Policy | None:
    return POLICIES.get(variant_id)
