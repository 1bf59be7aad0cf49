"""Helpers for rule tests written like the rulebooks: tiles and deals as text, a hand played from
a short script of moves.

A script is a `;`-separated list of moves, each `SEAT ACTION`: `0 6-6` (place a tile),
`1 6-5@5` (place it on the end showing 5), `2 pass`, `3 draw`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import Draw, Match, Pass, Play, Tile, domino_set
from engine.actions import Action
from engine.hand import HandState
from engine.rules import HandResult


def tiles(text: str) -> list[Tile]:
    """`"6-6 5-4 0-0"` as tiles."""
    return [Tile.parse(item) for item in text.split()]


def deal(*hands: str) -> list[list[Tile]]:
    return [tiles(hand) for hand in hands]


def move(text: str) -> Action:
    seat_text, _, what = text.strip().partition(" ")
    seat = int(seat_text)
    what = what.strip()
    if what == "pass":
        return Pass(seat)
    if what == "draw":
        return Draw(seat)
    tile_text, _, end = what.partition("@")
    return Play(seat, Tile.parse(tile_text), int(end) if end.isdigit() else (end or None))


def moves(script: str) -> list[Action]:
    return [move(item) for item in script.split(";") if item.strip()]


def play(match: Match, script: str) -> None:
    """Apply every move of `script` to the hand being played."""
    for action in moves(script):
        match.apply(action)


def start(
    variant: str,
    players: int,
    hands: Sequence[str],
    boneyard: str | None = None,
    *,
    leader: int | None = None,
    options: dict[str, Any] | None = None,
    match: Match | None = None,
) -> tuple[Match, HandState]:
    """A match (or the given one) with its next hand dealt by hand."""
    match = match if match is not None else Match(variant, players, options, seed=1)
    hand = match.start_hand(
        deal=deal(*hands),
        boneyard=None if boneyard is None else tiles(boneyard),
        leader=leader,
    )
    return match, hand


def last(match: Match) -> HandResult:
    return match.results[-1]


def rest_of_set(top: int, *used: str) -> list[Tile]:
    """The tiles of the double-`top` set not named in `used` (index order)."""
    taken = {tile for text in used for tile in tiles(text)}
    return [tile for tile in domino_set(top) if tile not in taken]
