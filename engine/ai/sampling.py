"""Determinization: hidden hands consistent with what a seat knows, and whole worlds to search.

`sample_hidden(knowledge, rng)` deals the unseen tiles to the other seats (each gets exactly its
hand size and never a tile it is known to lack) and to the rest (boneyard, then the tiles set
aside). Each tile goes to a place chosen with probability proportional to the room left there,
which is the uniform deal when nothing is known; when a seat's constraints leave no room, an
augmenting path moves tiles already placed (a bipartite matching), so a consistent deal is always
found when one exists.

`build_world(view, knowledge, hands, stock)` is a `HandState` at the view's point of the hand with
those hidden tiles: the view's own table, turn, history and turn counters. Games whose state
holds more than the table and the hands restore it through their AI (`GameAI.restore`: `pairs`
gets its laid pairs and its count of turns without a pair), and the tiles whose place in the
boneyard the seat knows (`Knowledge.in_stock`) go back there. (The running total of `sum` is the
table's pips: the layout carries it.)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.actions import Action, Draw, Play
from engine.ai.games.base import game_ai
from engine.ai.knowledge import Knowledge
from engine.hand import HandState
from engine.rules import Lead
from engine.tiles import Tile
from engine.view import SeatView

REST = -1  # the boneyard and the tiles set aside: any tile may be there


class NoConsistentDeal(ValueError):
    """No deal of the unseen tiles fits what the seat knows (the view contradicts itself)."""


def sample_hidden(knowledge: Knowledge, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
    """Per seat its hand (the seat's own as known; other seats sampled; empty for seats that sit
    out), and the rest of the unseen tiles in random order: the first `knowledge.boneyard` of
    them are the boneyard in drawing order, the others are set aside."""
    me = knowledge.seat
    room: dict[int, int] = {
        seat: size
        for seat, size in enumerate(knowledge.sizes)
        if seat != me and size > 0 and knowledge.seated[seat]
    }
    room[REST] = knowledge.boneyard + knowledge.asleep
    lacks = knowledge.lacks
    members: dict[int, list[Tile]] = {group: [] for group in room}
    tiles = list(knowledge.unseen)
    rng.shuffle(tiles)
    if not any(lacks[group] for group in room if group != REST):
        # Nothing known: the shuffle is the deal (each place takes the next run of tiles).
        cursor = 0
        for group, size in room.items():
            members[group] = tiles[cursor : cursor + size]
            cursor += size
        tiles = []
    for tile in tiles:
        allowed = [
            group
            for group, left in room.items()
            if left > 0 and (group == REST or tile not in lacks[group])
        ]
        if allowed:
            total = sum(room[group] for group in allowed)
            pick = rng.random() * total
            for group in allowed:
                pick -= room[group]
                if pick < 0:
                    break
            members[group].append(tile)
            room[group] -= 1
        else:
            _augment(tile, room, members, lacks)
    hands: list[list[Tile]] = [[] for _ in knowledge.sizes]
    hands[me] = list(knowledge.hand)
    for group, held in members.items():
        if group != REST:
            hands[group] = held
    rest = members[REST]
    rng.shuffle(rest)
    return hands, rest


def _augment(
    tile: Tile,
    room: dict[int, int],
    members: dict[int, list[Tile]],
    lacks: Sequence[frozenset[Tile]],
) -> None:
    """Place `tile` by moving placed tiles along a shortest chain of groups that ends in one
    with room (breadth-first search over groups)."""

    def accepts(group: int, candidate: Tile) -> bool:
        return group == REST or candidate not in lacks[group]

    parent: dict[int, tuple[int, Tile] | None] = {}
    frontier = [group for group in room if accepts(group, tile)]
    for group in frontier:
        parent[group] = None
    while frontier:
        following: list[int] = []
        for group in frontier:
            if room[group] > 0:
                _move_along(group, tile, parent, room, members)
                return
            for held in members[group]:
                for other in room:
                    if other not in parent and accepts(other, held):
                        parent[other] = (group, held)
                        following.append(other)
        frontier = following
    raise NoConsistentDeal("no deal of the unseen tiles fits what this seat has seen")


def _move_along(
    end: int,
    tile: Tile,
    parent: dict[int, tuple[int, Tile] | None],
    room: dict[int, int],
    members: dict[int, list[Tile]],
) -> None:
    room[end] -= 1
    group = end
    step = parent[group]
    while step is not None:
        previous, moved = step
        members[previous].remove(moved)
        members[group].append(moved)
        group = previous
        step = parent[group]
    members[group].append(tile)


def lead_tile(view: SeatView) -> Tile | None:
    """The tile the hand must be led with, as far as the seat's legal moves show it."""
    if view.layout.started:
        return None
    tiles = {action.tile for action in view.legal if isinstance(action, Play)}
    if len(tiles) == 1 and len(view.hand) > 1:
        return tiles.pop()
    return None


def trailing(history: Sequence[Action], seat: int | None, kind: type[Action]) -> int:
    """How many actions of `kind` by `seat` end the history (this turn's draws or placements)."""
    count = 0
    for action in reversed(history):
        if action.seat != seat or not isinstance(action, kind):
            break
        count += 1
    return count


def build_world(
    view: SeatView, knowledge: Knowledge, hands: Sequence[Sequence[Tile]], stock: Sequence[Tile]
) -> HandState:
    """A full hand state at the view's point, with the given hidden hands and boneyard."""
    variant = knowledge.variant
    leader = view.leader if view.leader is not None else view.seat
    stock = with_known_places(stock, knowledge)
    state = HandState(
        variant, hands, stock[: knowledge.boneyard], Lead(leader, lead_tile(view)), view.seated
    )
    state.layout = view.layout.copy()
    state.turn = view.turn if view.turn is not None else view.seat
    state.actions = list(view.history)
    state.draws_this_turn = trailing(view.history, view.turn, Draw)
    state.placed_this_turn = trailing(view.history, view.turn, Play) if variant.keeps_playing else 0
    plays = [action.seat for action in view.history if isinstance(action, Play)]
    state.last_placer = plays[-1] if plays else None
    game_ai(variant).restore(state, view)
    return state


def with_known_places(stock: Sequence[Tile], knowledge: Knowledge) -> list[Tile]:
    """`stock` with each tile whose depth the seat knows moved there (swapping places)."""
    placed = list(stock)
    for depth, tile in knowledge.in_stock:
        where = placed.index(tile)
        placed[where], placed[depth] = placed[depth], placed[where]
    return placed
