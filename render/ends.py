"""How the open ends are named for players, the same on the board's tags, the move buttons and
the hand picture: the number the end shows ("6"), and only where another open end shows the same
number, where it is in the picture ("6 left", "6 right").

The side words: `up`, `down`, `left`, `right`, and for the star's diagonal arms and ends seen
off a diagonal `up-right`, `down-right`, `down-left`, `up-left` (as a player points at them).

- Ends of the arms of a spinner or star lead (and nothing else) showing the same number are
  named by the way their arm leaves the lead (`N` is "up", `NE` "up-right"): the pictures lay the
  arms straight out that way, and an arm folds only into its own sector, so its open end stays
  on that side.
- Other ends showing the same number are told apart by where they lie from their middle: two
  by left and right if they are further apart across than up and down, else up and down; more
  (the ends round an opened double) by up, down, left or right where that tells them apart, else
  among all eight ways, and a cluster that still shares a way (round a double far from the
  others) among themselves. Two ends that would still share a name get a count after it
  ("6 up 2"), nearest the lead first.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from render.spots import EndTag
from render.wording import ENGLISH, Wording

LEAD_ARMS = {
    "N": "up", "NE": "up_right", "E": "right", "SE": "down_right",
    "S": "down", "SW": "down_left", "W": "left", "NW": "up_left",
}  # fmt: skip
# The eight ways round from the right, clockwise on the screen (y points down).
AROUND = ("right", "down_right", "down", "down_left", "left", "up_left", "up", "up_right")


def _around(x: float, y: float, ways: int = 8) -> str:
    """The way (x, y) points: one of four (right, down, left, up) or of all eight."""
    step = 2 * math.pi / ways
    return AROUND[round(math.atan2(y, x) / step) * (8 // ways) % 8]


def _apart(one: EndTag, two: EndTag) -> tuple[str, str]:
    dx, dy = two.x - one.x, two.y - one.y
    if abs(dx) >= abs(dy):
        return ("left", "right") if dx > 0 else ("right", "left")
    return ("up", "down") if dy > 0 else ("down", "up")


def _spread(group: Sequence[EndTag]) -> dict[str, str]:
    """Names for ends that show the same number, by where each lies from their middle: two by
    `_apart`; more by the four plain ways, else the eight, and ends that still share a way
    (a cluster round an opened double, far from the others) named again among themselves."""
    if len(group) == 2:
        first, second = _apart(*group)
        return {group[0].arm: first, group[1].arm: second}
    middle_x = sum(end.x for end in group) / len(group)
    middle_y = sum(end.y for end in group) / len(group)
    named: dict[str, str] = {}
    for ways in (4, 8):
        named = {end.arm: _around(end.x - middle_x, end.y - middle_y, ways) for end in group}
        if len(set(named.values())) == len(named):
            return named
    clusters: dict[str, list[EndTag]] = {}
    for end in group:
        clusters.setdefault(named[end.arm], []).append(end)
    for cluster in clusters.values():
        if 1 < len(cluster) < len(group):
            named.update(_spread(cluster))
    return named


def side_words(ends: Sequence[EndTag], *, lead_arms: bool) -> dict[str, str | None]:
    """Each end's side (a key of `LEAD_ARMS`' values, or None where its number alone names it).
    `lead_arms`: the lead is a spinner or star, whose arms are named by the way they leave it."""
    groups: dict[int, list[EndTag]] = {}
    for end in ends:
        groups.setdefault(end.number, []).append(end)
    sides: dict[str, str | None] = {}
    for group in groups.values():
        if len(group) == 1:
            sides[group[0].arm] = None
            continue
        named: dict[str, str] = {}
        if lead_arms and all(end.arm in LEAD_ARMS for end in group):
            named = {end.arm: LEAD_ARMS[end.arm] for end in group}
        else:
            named = _spread(group)
        counts: dict[str, list[EndTag]] = {}
        for end in group:
            counts.setdefault(named[end.arm], []).append(end)
        for side, alike in counts.items():
            if len(alike) > 1:
                alike.sort(key=lambda end: math.hypot(end.x, end.y))
                for index, end in enumerate(alike, start=1):
                    named[end.arm] = f"{side} {index}"
        sides.update(named)
    return sides


def end_names(
    ends: Sequence[EndTag], *, lead_arms: bool, wording: Wording = ENGLISH
) -> dict[str, str]:
    """Each open end's name by arm id, in `wording`'s language."""
    sides = side_words(ends, lead_arms=lead_arms)
    return {end.arm: say_end(end.number, sides[end.arm], wording=wording) for end in ends}


def say_end(number: int, side: str | None, *, wording: Wording = ENGLISH) -> str:
    """`"6"`, or with a side (as `side_words` gives it) `"6 left"`, `"6 up 2"`."""
    if side is None:
        return str(number)
    word, _, count = side.partition(" ")
    text = getattr(wording, f"side_{word}")
    if count:
        text = f"{text} {count}"
    return wording.say(wording.end_named, number=number, side=text)
