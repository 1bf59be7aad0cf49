"""The `easy` level in Mexican Train: a player's rules of thumb, from the own tiles and the
public trains only.

The round is lost by the pips left, and the own train is the one place nobody else may use
while it is closed. So the seat plans its own train: the longest chain of its tiles that the
train's end can take (`longest_chain`) is kept for it, and each turn sheds a tile off the chain
elsewhere (the Mexican train first, an open train next), the heaviest such tile first, or lays
the chain's next tile on the own train. The own train waits, even empty: its end is the seat's
alone while it is closed (a marker comes only with a pass), whereas the Mexican train's end
and the open trains' change with every turn, so a tile that fits them now may not later. A tile
on another player's open train comes after the Mexican train: that player passed for want of a
tile there, and a new end may be the one they hold. An open own train is closed at once. A
double is worth placing when its cover is in hand (two tiles in one turn), and avoided when it
is not: the draw, the pass and the open train follow. A run goes on while it can (each tile is
one fewer in hand).
"""

from __future__ import annotations

from engine.actions import Action
from engine.ai.games.base import Reason
from engine.tiles import Tile
from engine.trains import TrainsView, trains_of
from engine.variants.mexican_train import Stop, TrainPlay
from engine.view import SeatView

OUT = 10_000.0  # going out wins the round
CLOSE_OWN = 40.0  # an open own train closed again
CHAIN_START = 0.0  # the own chain's next tile on the own train: it can wait
START_OWN = 0.0  # the own train started: it can wait too (a marker comes only with a pass)
OFF_CHAIN_ELSEWHERE = 12.0  # a tile the own chain does not need, shed where others play too
CHAIN_ELSEWHERE = -20.0  # a tile the own chain needs, spent elsewhere
#: A tile on another player's train rather than the Mexican train: its owner passed for want of
#: a tile there, and a new end may be the one they hold.
FEEDS_OTHER = -5.0
DOUBLE_COVERED = 15.0  # a double whose cover is in hand: two tiles this turn
DOUBLE_BARE = -30.0  # a double without its cover in hand: a draw, a pass, an open train
STOP = -50.0  # ending a run that could go on
SEARCH_NODES = 4_000  # the chain search's bound (a hand of 15 has few long chains)


def longest_chain(start: int, tiles: list[Tile]) -> list[Tile]:
    """The longest line of `tiles` from the number `start` (a double lies in line), found by
    a bounded depth-first search."""
    best: list[Tile] = []
    path: list[Tile] = []
    used = [False] * len(tiles)
    nodes = 0

    def extend(number: int) -> None:
        nonlocal best, nodes
        nodes += 1
        if len(path) > len(best):
            best = list(path)
        if nodes > SEARCH_NODES:
            return
        for index, tile in enumerate(tiles):
            if not used[index] and tile.has(number):
                used[index] = True
                path.append(tile)
                extend(tile.other(number))
                path.pop()
                used[index] = False

    extend(start)
    return best


def train_value(view: SeatView, action: Action) -> float:
    """How good `action` looks to the seat (higher is better)."""
    table = trains_of(view)
    if table is None:
        return 0.0
    if isinstance(action, Stop):
        return STOP
    if not isinstance(action, TrainPlay):
        return 0.0  # a draw or a pass: the only move left
    if len(view.hand) == 1:
        return OUT
    tile, seat = action.tile, view.seat
    own = table.train(seat)
    key = action.train if action.train is not None else _only_place(view, action)
    value = float(tile.pips)
    chain = longest_chain(own.end, list(view.hand))
    on_own = key == seat
    if on_own:
        if own.open:
            value += CLOSE_OWN
        if chain and tile == chain[0]:
            value += CHAIN_START
        if not own.tiles:
            value += START_OWN
    elif tile in chain:
        value += CHAIN_ELSEWHERE
    else:
        value += OFF_CHAIN_ELSEWHERE
    if isinstance(key, int) and not on_own:
        value += FEEDS_OTHER
    if tile.is_double and _needs_cover(view, table, tile):
        rest = [other for other in view.hand if other != tile]
        value += DOUBLE_COVERED if any(other.has(tile.high) for other in rest) else DOUBLE_BARE
    return value


def _only_place(view: SeatView, action: TrainPlay) -> object:
    table = trains_of(view)
    assert table is not None
    if table.awaiting is not None:
        return table.awaiting
    if table.uncovered:
        return table.uncovered[0]
    return None


def _needs_cover(view: SeatView, table: TrainsView, double: Tile) -> bool:
    """Some other tile of the double's number is still off the table (so a cover exists)."""
    top = int(dict(view.options)["set"])
    down = sum(1 for tile in table.tiles_down() if tile.has(double.high))
    return down < top


def train_features(view: SeatView, action: Action) -> list[Reason]:
    """The reasons a player would give for `action`: going out, or shedding the most pips."""
    if not isinstance(action, TrainPlay):
        return []
    if len(view.hand) == 1:
        return [Reason("wins_hand")]
    heaviest = max(
        (other.tile.pips for other in view.legal if isinstance(other, TrainPlay)), default=0
    )
    if action.tile.pips == heaviest:
        return [Reason("plays_heaviest", {"pips": heaviest})]
    return []
