"""Playouts of the sum game for the search levels.

A uniform player holding the tile that hits the target exactly plays it only by chance, so
leaving the next seat an exact hit would look nearly safe; and one that hands the next seat the
target makes every gift look likely. So in a playout every seat takes an exact hit; otherwise
it adds a tile that leaves the next seat no exact hit.

A `sum` hand is only a running total, each seat's pips in hand and the last seat to add, so the
search's playouts (`sum_world`, `sum_playout`) need no `HandState`: they are many times faster
than the generic playout, and the search samples that many more worlds in its budget. There
every seat takes an exact hit when it holds one, else adds at random a fitting tile that leaves
the next seat no exact hit (any fitting tile if all do), else passes; or, playing from what it
can see (`SUM_PLAYERS_GUESS`), as `easy` does. The hand ends at the exact total or when nobody
can add; the last to add wins. `sum_policy` plays the same way in a generic playout (the
exact endgame's fallback).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.actions import Action, Play
from engine.hand import HandState
from engine.tiles import Tile
from engine.variants.sum import running_total
from engine.view import SeatView

SUM_PLAYERS_GUESS = True  # seats play from what they see (else from every hand)


def sum_playout(
    pips: Sequence[Sequence[int]],
    seated: Sequence[bool],
    total: int,
    target: int,
    turn: int,
    last_placer: int,
    rng: random.Random,
    aside: Sequence[int] | None = None,
) -> int:
    """The seat that wins the hand from this point: `pips` are the tiles in each hand (as pip
    counts), `turn` the seat to act, `last_placer` the seat that added last.

    With `aside` (the pips of the tiles set aside), seats play as `easy` does, not seeing the
    others' hands: a seat with no exact hit adds a tile leaving a gap that no tile it cannot see
    (other hands and the tiles set aside) fits (nobody else can add: it wins), else a gap that
    the fewest such tiles would close exactly, the heaviest such tile."""
    if total == target:
        return last_placer
    hands = [list(held) for held in pips]
    # with `aside`: the tiles of each pip count in hands or set aside, as seats count them
    everywhere = _counts(hands, aside, target) if aside is not None else None
    order = [seat for seat in range(len(hands)) if seated[seat]]
    idle = 0  # seats in a row that could not add
    seat = turn
    while idle < len(order):
        gap = target - total
        held = hands[seat]
        fitting = [index for index, count in enumerate(held) if count <= gap]
        if fitting:
            exact = [index for index in fitting if held[index] == gap]
            if exact:
                index = exact[0]
            else:
                if everywhere is None:
                    choices = _no_gift(hands, seated, seat, gap, fitting)
                else:
                    choices = _least_exposed(held, gap, fitting, everywhere, target)
                index = choices[int(rng.random() * len(choices))]
            added = held.pop(index)
            if everywhere is not None:
                everywhere[added] -= 1
            total += added
            last_placer = seat
            if total == target:
                return seat
            idle = 0
        else:
            idle += 1
        seat = _next_seat(seat, seated)
    return last_placer


def _next_seat(seat: int, seated: Sequence[bool]) -> int:
    seats = len(seated)
    for step in range(1, seats + 1):
        if seated[(seat + step) % seats]:
            return (seat + step) % seats
    return seat


def _no_gift(
    hands: list[list[int]], seated: Sequence[bool], seat: int, gap: int, fitting: list[int]
) -> list[int]:
    """Seeing every hand: the fitting tiles that leave the next seat no exact hit (all if
    none does)."""
    following = _next_seat(seat, seated)
    gifts = set(hands[following]) if following != seat else set()
    held = hands[seat]
    return [index for index in fitting if gap - held[index] not in gifts] or fitting


def _counts(hands: list[list[int]], aside: Sequence[int], target: int) -> list[int]:
    everywhere = [0] * (target + 1)
    for held in (*hands, aside):
        for count in held:
            if count <= target:
                everywhere[count] += 1
    return everywhere


def _least_exposed(
    held: list[int], gap: int, fitting: list[int], everywhere: list[int], target: int
) -> list[int]:
    """Seeing only its own hand: the fitting tiles leaving a gap that no tile it cannot see
    fits (a sure win: nobody else can add), else one the fewest such tiles close exactly; the
    heaviest of those, as players shed."""
    best, choices = (target + 2, 0), []
    for candidate in fitting:
        left = gap - held[candidate]
        unseen = everywhere[left] - sum(1 for count in held if count == left)
        if not any(everywhere[pips] > held.count(pips) for pips in range(left + 1)):
            unseen = -1
        rank = (unseen, -held[candidate])
        if rank < best:
            best, choices = rank, [candidate]
        elif rank == best:
            choices.append(candidate)
    return choices


def sum_world(
    view: SeatView,
    hands: list[list[Tile]],
    rest: list[Tile],
    actions: list[Action],
    rng: random.Random,
) -> list[float]:
    """Each action's value in one sampled world by playouts on pip counts: 1 where the seat
    wins the hand and 0 elsewhere (the winner's point is all the scoring)."""
    me = view.seat
    target = int(dict(view.options)["target"])
    before = view.total or 0
    plays = [action for action in view.history if isinstance(action, Play)]
    placer = plays[-1].seat if plays else me
    seated = view.seated
    following = next(
        (me + step) % view.players for step in range(1, view.players + 1)
        if seated[(me + step) % view.players]
    )  # fmt: skip
    base = [[tile.pips for tile in held] for held in hands]
    aside = [tile.pips for tile in rest] if SUM_PLAYERS_GUESS else None
    # Common random numbers: every action's playout in this world draws the same random stream,
    # so the actions differ by what they do, not by luck (less noise for the same worlds).
    stream = rng.random()
    values: list[float] = []
    for action in actions:
        rng = random.Random(stream)
        pips = [list(held) for held in base]
        total, last = before, placer
        if isinstance(action, Play):
            pips[me].remove(action.tile.pips)
            total, last = before + action.tile.pips, me
        winner = sum_playout(pips, seated, total, target, following, last, rng, aside)
        values.append(1.0 if winner == me else 0.0)
    return values


def sum_policy(state: HandState, actions: Sequence[Action], rng: random.Random) -> Action:
    """A seat's action in a generic playout: an exact hit, else at random a tile that leaves
    the next seat no exact hit (any tile if all do); every hand is known in a sampled world."""
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
