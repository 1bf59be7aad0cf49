"""Helpers for the variant rule tests: tiles and deals as text, hands played from short scripts.

A script is a `;`-separated list of moves, each `SEAT ACTION`: `0 6-6` (place a tile), `1 6-5@5`
(on the end showing 5), `1 9-3@NE` (on the end with that id), `2 pass`, `3 draw`,
`0 pairs 3-2+4-1 6-0+5-1` (lay pairs), `1 exchange 6-6`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import Draw, Match, Pass, Play, Tile, domino_set
from engine.actions import Action
from engine.hand import HandState
from engine.variants.pairs import Exchange, LayPairs


def tiles(text: str) -> list[Tile]:
    """`"6-6 5-4 0-0"` as tiles."""
    return [Tile.parse(item) for item in text.split()]


def move(text: str) -> Action:
    seat_text, _, what = text.strip().partition(" ")
    seat = int(seat_text)
    what = what.strip()
    if what == "pass":
        return Pass(seat)
    if what == "draw":
        return Draw(seat)
    if what.startswith("pairs "):
        pairs = [tuple(tiles(pair.replace("+", " "))) for pair in what[6:].split()]
        return LayPairs(seat, tuple((pair[0], pair[1]) for pair in pairs))
    if what.startswith("exchange "):
        return Exchange(seat, Tile.parse(what[9:]))
    tile_text, _, end = what.partition("@")
    return Play(seat, Tile.parse(tile_text), int(end) if end.isdigit() else (end or None))


def play(match: Match, script: str) -> None:
    """Apply every move of `script` to the hand being played."""
    for item in script.split(";"):
        if item.strip():
            match.apply(move(item))


def rest_of_set(top: int, *used: str) -> list[Tile]:
    """The tiles of the double-`top` set not named in `used`, in index order."""
    taken = {tile for text in used for tile in tiles(text)}
    return [tile for tile in domino_set(top) if tile not in taken]


def start(
    variant: str,
    hands: Sequence[str],
    boneyard: str | None = None,
    *,
    leader: int | None = None,
    options: dict[str, Any] | None = None,
    match: Match | None = None,
) -> tuple[Match, HandState]:
    """A match (or the given one) with its next hand dealt by hand."""
    match = match if match is not None else Match(variant, len(hands), options, seed=1)
    hand = match.start_hand(
        deal=[tiles(text) for text in hands],
        boneyard=None if boneyard is None else tiles(boneyard),
        leader=leader,
    )
    return match, hand


def legal(hand: HandState) -> list[str]:
    """The legal actions of the seat to act, as short text (`6-3`, `6-3 on 3`, `draw`)."""
    return [str(action) for action in hand.legal_actions()]
