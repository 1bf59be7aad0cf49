"""Stepping through a finished match move by move, from its game record (for `/history`).

A match of hands with n₀, n₁, … actions has n₀ + 1 positions in its first hand (the deal, then
after each action), n₁ + 1 in the next, and so on: position p is "hand h after a moves". The
position's table is the record cut there and replayed through the engine's rules
(`engine.record.replay`), so what is shown is exactly what the rules give; nothing hidden is
shown, since the picture is drawn from a public view (no hand, no moves).

Pure: no Discord, no database, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import Action
from engine.errors import DominoError, RecordError
from engine.record import replay
from engine.view import SeatView


@dataclass(frozen=True)
class Position:
    """Where a position lies: `hand` (0-based) and `moves` played in it so far."""

    hand: int
    moves: int


@dataclass(frozen=True)
class Step:
    """The table at one position of a record."""

    position: int
    count: int  # positions in the whole record
    hand: int  # 0-based
    hands: int
    moves: int  # actions played in this hand so far
    hand_moves: int  # actions in this hand in all
    view: SeatView  # public: no hand, no moves
    last: Action | None  # the action that led here (None at a deal); `last.seat` played it

    @property
    def at_start(self) -> bool:
        return self.position == 0

    @property
    def at_end(self) -> bool:
        return self.position == self.count - 1


def hand_sizes(record: Mapping[str, Any]) -> list[int]:
    """The number of actions of each hand of the record."""
    hands = record.get("hands")
    if not isinstance(hands, list) or not hands:
        raise RecordError("the record has no hands to step through", index=0)
    sizes = []
    for hand in hands:
        actions = hand.get("actions", []) if isinstance(hand, dict) else None
        if not isinstance(actions, list):
            raise RecordError("each hand of the record needs its list of actions", index=0)
        sizes.append(len(actions))
    return sizes


def position_count(sizes: Sequence[int]) -> int:
    return sum(size + 1 for size in sizes)


def locate(sizes: Sequence[int], position: int) -> Position:
    """Which hand and how many moves into it `position` is (clamped into the record)."""
    position = max(0, min(position, position_count(sizes) - 1))
    for hand, size in enumerate(sizes):
        if position <= size:
            return Position(hand, position)
        position -= size + 1
    raise AssertionError("unreachable: the position was clamped")  # pragma: no cover


def first_of_hand(sizes: Sequence[int], hand: int) -> int:
    """The position of hand `hand`'s deal (clamped to the record's hands)."""
    hand = max(0, min(hand, len(sizes) - 1))
    return sum(size + 1 for size in sizes[:hand])


def previous_hand(sizes: Sequence[int], position: int) -> int:
    """The deal of this hand, or of the hand before when already at a deal."""
    where = locate(sizes, position)
    return first_of_hand(sizes, where.hand - 1 if where.moves == 0 else where.hand)


def next_hand(sizes: Sequence[int], position: int) -> int:
    """The deal of the next hand, or the very end when this is the last hand."""
    where = locate(sizes, position)
    if where.hand + 1 < len(sizes):
        return first_of_hand(sizes, where.hand + 1)
    return position_count(sizes) - 1


def cut(record: Mapping[str, Any], sizes: Sequence[int], position: int) -> dict[str, Any]:
    """The record as it stood at `position`: earlier hands whole, this hand's first moves."""
    where = locate(sizes, position)
    hands = list(record["hands"][: where.hand + 1])
    hands[-1] = {**hands[-1], "actions": list(hands[-1].get("actions", []))[: where.moves]}
    return {**record, "hands": hands}


def step_at(record: Mapping[str, Any], position: int) -> Step:
    """The table of `record` at `position` (clamped into the record). Raises `DominoError` for a
    record that does not replay."""
    sizes = hand_sizes(record)
    where = locate(sizes, position)
    clamped = first_of_hand(sizes, where.hand) + where.moves
    match = replay(cut(record, sizes, clamped)).match
    hand = match.hand
    if hand is None:
        raise DominoError("the record's hand could not be dealt")
    # A replay is public: the table as anyone watching saw it, moves as the game shows them.
    view = match.public_view()
    last = view.history[-1] if where.moves else None
    return Step(
        position=clamped,
        count=position_count(sizes),
        hand=where.hand,
        hands=len(sizes),
        moves=where.moves,
        hand_moves=sizes[where.hand],
        view=view,
        last=last,
    )
