"""How the open ends are named for players: one name per end, the same on the board's tags, the
ends band, the move buttons, the hand picture, the log, the alt text, hints and reviews.

An end is named by the number it shows ("6"), and only where another open end shows the same
number, by the way it points in the board picture ("6 left", "9 down-right"): the way a tile laid
on it would go, read off the drawn geometry (`EndTag.dx`, `dy`), so the word always matches what
the player sees, however an arm folds. Ends that show the same number and point the same way are
told apart by where they lie across that way ("6 right (top)" and "6 right (bottom)"; "6 up
(leftmost)"), four or more by a count along it. An empty place of a star lead is named as such
("9 (empty place)"; with its way where several are empty) where an arm's end shows the same
number: the two are different choices, and saying so is what tells them apart.

The names are plain data (`EndName`) until worded (`say_end`), so the table's log can keep one as
a sentence to word for each reader later.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from render.spots import EndTag
from render.wording import ENGLISH, Wording

# The eight ways round from the right, clockwise on the screen (y points down).
AROUND = ("right", "down_right", "down", "down_left", "left", "up_left", "up", "up_right")
# Where ends pointing one way lie across it, first to last (sorted by y, or by x when they
# point up or down): two, three; more are counted.
ACROSS_ROWS = {2: ("top", "bottom"), 3: ("top", "middle", "bottom")}
ACROSS_COLUMNS = {2: ("leftmost", "rightmost"), 3: ("leftmost", "middle", "rightmost")}


@dataclass(frozen=True, slots=True)
class EndName:
    """An open end's name before it is put in words: the `number` it shows; `side`, the way it
    points (one of `AROUND`), where another end shows the same number; `place`, where it lies
    among ends that also point that way (a key of `ACROSS_*`, or a count "2"); `empty`, an empty
    place of a star."""

    number: int
    side: str | None = None
    place: str | None = None
    empty: bool = False


def facing(end: EndTag) -> str:
    """The way `end` points in the picture, one of the eight of `AROUND`."""
    step = 2 * math.pi / 8
    return AROUND[round(math.atan2(end.dy, end.dx) / step) % 8]


def _places(alike: Sequence[EndTag], side: str) -> dict[str, str]:
    """Where each of `alike` (ends pointing the same way `side`) lies across that way."""
    columns = side in ("up", "down")
    if columns:
        ordered = sorted(alike, key=lambda end: (end.x, end.y))
    else:
        ordered = sorted(alike, key=lambda end: (end.y, end.x))
    words = (ACROSS_COLUMNS if columns else ACROSS_ROWS).get(len(ordered))
    if words is None:
        return {end.arm: str(index) for index, end in enumerate(ordered, start=1)}
    return {end.arm: word for end, word in zip(ordered, words, strict=True)}


def name_ends(ends: Sequence[EndTag]) -> dict[str, EndName]:
    """Each open end's name by arm id (see the module docstring): every two differ."""
    groups: dict[int, list[EndTag]] = {}
    for end in ends:
        groups.setdefault(end.number, []).append(end)
    names: dict[str, EndName] = {}
    for number, group in groups.items():
        if len(group) == 1:
            names[group[0].arm] = EndName(number)
            continue
        # Empty places are told from arms' ends only where both show the number: places
        # alone are one choice, named by their ways as any ends.
        empties = [end for end in group if end.empty] if not all(e.empty for e in group) else []
        if len(empties) == 1:
            names[empties[0].arm] = EndName(number, empty=True)
        by_way: dict[tuple[str, bool], list[EndTag]] = {}
        for end in group:
            if not (end.empty and len(empties) == 1):
                by_way.setdefault((facing(end), bool(empties) and end.empty), []).append(end)
        for (side, empty), alike in by_way.items():
            places = _places(alike, side) if len(alike) > 1 else {}
            for end in alike:
                names[end.arm] = EndName(number, side, places.get(end.arm), empty)
    return names


def say_end(name: EndName, *, wording: Wording = ENGLISH) -> str:
    """An end's name in `wording`'s language: "6", "6 left", "6 right (top)", "9 (empty place)"."""
    return wording.say(end_template(name, wording), **end_values(name, wording))


def end_template(name: EndName, wording: Wording = ENGLISH) -> str:
    """The template `name` is worded with (`wording`'s field; `ENGLISH`'s is its msgid)."""
    if name.side is None:
        return wording.end_empty if name.empty else "{number}"
    if name.empty:
        return wording.end_empty_way
    if name.place is None:
        return wording.end_named
    if name.place.isdigit():
        return wording.end_counted
    return wording.end_placed


def end_values(name: EndName, wording: Wording = ENGLISH) -> dict[str, object]:
    """The values of `end_template`'s placeholders, in `wording`'s words."""
    values: dict[str, object] = {"number": name.number}
    if name.side is not None:
        values["side"] = getattr(wording, f"side_{name.side}")
    if name.place is not None and name.place.isdigit():
        values["place"] = name.place
    elif name.place is not None:
        values["place"] = getattr(wording, f"place_{name.place}")
    return values


def end_names(ends: Sequence[EndTag], *, wording: Wording = ENGLISH) -> dict[str, str]:
    """Each open end's name by arm id, in `wording`'s language."""
    return {arm: say_end(name, wording=wording) for arm, name in name_ends(ends).items()}
