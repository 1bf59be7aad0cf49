"""How the open ends are named for players, the same on the board's tags, the move buttons and
the hand picture: the number the end shows ("6"), and only where another open end shows the same
number, where it is in the picture ("6 left", "6 right").

The side words: `up`, `down`, `left`, `right`, and for the star's diagonal arms and ends seen
off a diagonal `up-right`, `down-right`, `down-left`, `up-left` (as a player points at them).

- The arms of a spinner or star lead are named by the way they leave the lead (`N` is "up", `NE`
  "up-right"): the pictures lay them straight out that way, and an arm folds only into its own
  sector, so its open end stays on that side.
- Two other ends showing the same number (the two ends of a line, two branches) are told apart
  by where they lie from each other: left and right if they are further apart across than up and
  down, else up and down.
- Three or more other ends showing the same number (the three ends an opened double leaves)
  are named by the way they lie from their middle; one other end beside lead arms by the way it
  lies from the lead. Two ends that would still share a name get a count after it ("6 up 2"),
  nearest the lead first.
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


def _around(x: float, y: float) -> str:
    angle = math.atan2(y, x)
    return AROUND[round(angle / (math.pi / 4)) % 8]


def _apart(one: EndTag, two: EndTag) -> tuple[str, str]:
    dx, dy = two.x - one.x, two.y - one.y
    if abs(dx) >= abs(dy):
        return ("left", "right") if dx > 0 else ("right", "left")
    return ("up", "down") if dy > 0 else ("down", "up")


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
        named = {end.arm: LEAD_ARMS[end.arm] for end in group if lead_arms and end.arm in LEAD_ARMS}
        others = [end for end in group if end.arm not in named]
        if not named and len(others) == 2:
            first, second = _apart(*others)
            named[others[0].arm], named[others[1].arm] = first, second
        elif not others:
            pass
        elif len(others) == 1:
            named[others[0].arm] = _around(others[0].x, others[0].y)
        else:
            # three ends round an opened double: where each lies from their middle
            middle_x = sum(end.x for end in others) / len(others)
            middle_y = sum(end.y for end in others) / len(others)
            for end in others:
                named[end.arm] = _around(end.x - middle_x, end.y - middle_y)
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
