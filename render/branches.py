"""Branches of doubles that open their sides (`cross-nine`): a double at position k of arm `A`
opens arms `Aka` and `Akb`, which leave its two ends (its long sides when it stands in a corner).

A branch is laid by a walker: straight on while nothing is in the way and it stays in the frame,
else it turns the corner, looking one tile ahead so that it does not walk into a dead end, and
preferring ways that keep a lane clear of other tiles (room for branches of its own doubles).
A branch that finds no way counts as an overlap, which rules the arrangement out (`arrange`
tries others).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.layout import Layout, Placed
from render.spots import Arrangement, EndTag, Opening, Spot, Vec, overlap

Arms = dict[str, list[tuple[Placed, int]]]


def lay_branches(
    layout: Layout,
    arms: Arms,
    doubles: list[Opening],
    arrangement: Arrangement,
    half_width: float,
    rng: random.Random | None = None,
) -> None:
    """Lay the branches that leave the sides of doubles that open them."""
    if not layout.opens_doubles:
        return
    doubles = list(doubles)
    if rng is not None:
        rng.shuffle(doubles)
    for opening in doubles:
        _open_sides(layout, arms, opening, arrangement, half_width, rng)


def _open_sides(
    layout: Layout,
    arms: Arms,
    opening: Opening,
    arrangement: Arrangement,
    half_width: float,
    rng: random.Random | None,
) -> None:
    arm_id = opening.spot.arm
    if arm_id is None:
        return
    position = 1 + [order for _, order in arms.get(arm_id, [])].index(opening.spot.order)
    cx, cy = opening.centre
    for suffix, sign in (("a", -1.0), ("b", 1.0)):
        branch = f"{arm_id}{position}{suffix}"
        if branch not in layout.arms:
            continue
        heading = (opening.side[0] * sign, opening.side[1] * sign)
        start = (cx + heading[0] * opening.reach, cy + heading[1] * opening.reach)
        _walk(
            layout,
            arms,
            branch,
            start,
            heading,
            opening.turn,
            arrangement,
            half_width,
            rng,
            opening.spot,
        )


def _walk(
    layout: Layout,
    arms: Arms,
    arm_id: str,
    end: Vec,
    heading: Vec,
    turn: Vec,
    arrangement: Arrangement,
    half_width: float,
    rng: random.Random | None,
    parent: Spot,
) -> None:
    """A branch: straight on while nothing is in the way and it stays in the frame, else it turns
    the corner towards `turn` (or away from it; with `rng`, either way first, by lot). A branch
    that cannot get through counts as an overlap, which rules the arrangement out."""
    previous = parent
    tiles = arms.get(arm_id, [])
    for index, (placed, order) in enumerate(tiles):
        following = tiles[index + 1][0] if index + 1 < len(tiles) else None
        step = _choose_step(
            placed, order, arm_id, end, heading, turn, arrangement.spots, half_width, rng, previous,
            following,
        )  # fmt: skip
        if step is None:
            step = _step(placed, order, arm_id, end, heading, heading)
            arrangement.overlaps += 1
        spot, new_heading, new_end = step
        arrangement.spots.append(spot)
        previous = spot
        if placed.tile.is_double:
            if spot.size != _size(new_heading):  # crosswise: its ends open
                side, reach = (new_heading[1], -new_heading[0]), 2.0
            else:  # in a corner: its long sides open
                side, reach = heading, 1.0
            opening = Opening(spot, (spot.x, spot.y), side, reach, new_heading)
            _open_sides(layout, arms, opening, arrangement, half_width, rng)
        heading, end = new_heading, new_end
    arrangement.tags.append(EndTag(arm_id, layout.arms[arm_id].number, *end, *heading))


BRANCH_MARGIN = 2.0


def _options(heading: Vec, turn: Vec, rng: random.Random | None) -> list[Vec]:
    """Straight on first, then the two turns (towards `turn` first, or by lot with `rng`)."""
    side = (heading[1], -heading[0])
    turns = [side, (-side[0], -side[1])]
    if rng is not None:
        rng.shuffle(turns)
    elif turns[0] != turn:
        turns.reverse()
    return [heading, *turns]


def _choose_step(
    placed: Placed,
    order: int,
    arm_id: str,
    end: Vec,
    heading: Vec,
    turn: Vec,
    spots: list[Spot],
    half_width: float,
    rng: random.Random | None,
    previous: Spot,
    following: Placed | None,
) -> tuple[Spot, Vec, Vec] | None:
    """The first way for this tile that stays in the frame and overlaps nothing, preferring ways
    that keep a lane clear of other tiles and that leave the next tile of the branch somewhere to
    go (one step of look-ahead)."""
    fallback: tuple[Spot, Vec, Vec] | None = None
    for margin in (BRANCH_MARGIN, 0.0):
        for option in _options(heading, turn, rng):
            trial = _step(placed, order, arm_id, end, heading, option)
            spot = trial[0]
            if not all(abs(x) <= half_width for x, _ in spot.corners()):
                continue
            if not _clear(spot, spots, margin, previous):
                continue
            if following is None or _has_way(following, trial, spots, half_width):
                return trial
            fallback = fallback or trial
    return fallback


def _has_way(
    placed: Placed, trial: tuple[Spot, Vec, Vec], spots: list[Spot], half_width: float
) -> bool:
    spot, heading, end = trial
    crowd = [*spots, spot]
    for option in _options(heading, heading, None):
        nxt = _step(placed, -1, "", end, heading, option)[0]
        inside = all(abs(x) <= half_width for x, _ in nxt.corners())
        if inside and _clear(nxt, crowd, 0.0, spot):
            return True
    return False


def _clear(spot: Spot, others: Sequence[Spot], margin: float, neighbour: Spot) -> bool:
    """Whether `spot` overlaps no tile, and keeps `margin` units from all but `neighbour` (the
    tile it joins). Branch tiles are axis-aligned, so boxes suffice for the margin."""
    if margin == 0:
        return not any(overlap(spot, other) for other in others)
    width, height = spot.size
    for other in others:
        if other is neighbour:
            if overlap(spot, other):
                return False
            continue
        other_width, other_height = other.size
        if (
            abs(spot.x - other.x) < (width + other_width) / 2 + margin - 0.01
            and abs(spot.y - other.y) < (height + other_height) / 2 + margin - 0.01
        ):
            return False
    return True


def _size(heading: Vec) -> Vec:
    """The size of an in-line tile going `heading`."""
    return (4.0, 2.0) if heading[1] == 0 else (2.0, 4.0)


def _step(
    placed: Placed, order: int, arm_id: str, end: Vec, heading: Vec, option: Vec
) -> tuple[Spot, Vec, Vec]:
    """The tile laid at open end `end` (going `heading`) straight on or turning to `option`:
    its spot, the new heading and the new open end."""
    hx, hy = heading
    ex, ey = end
    if option == heading:
        if placed.tile.is_double:
            centre = (ex + hx, ey + hy)
            angle = 90 if hy == 0 else 0
            shows = placed.shows
            spot = Spot(placed.tile, shows, shows, *centre, angle, order, arm_id, float(order))
            return spot, heading, (ex + 2 * hx, ey + 2 * hy)
        near, far = (ex + hx, ey + hy), (ex + 3 * hx, ey + 3 * hy)
        return _world(placed, order, arm_id, near, far), heading, (ex + 4 * hx, ey + 4 * hy)
    tx, ty = option
    near = (ex + hx, ey + hy)
    far = (near[0] + 2 * tx, near[1] + 2 * ty)
    new_end = (near[0] + 3 * tx, near[1] + 3 * ty)
    return _world(placed, order, arm_id, near, far), option, new_end


def _world(placed: Placed, order: int, arm_id: str, near: Vec, far: Vec) -> Spot:
    (nx, ny), (fx, fy) = near, far
    angle = 0 if ny == fy else 90
    joined_first = (nx < fx) if angle == 0 else (ny < fy)
    shows = placed.shows
    other = placed.tile.other(shows) if placed.tile.has(shows) else shows
    first, second = (other, shows) if joined_first else (shows, other)
    centre = ((nx + fx) / 2, (ny + fy) / 2)
    return Spot(placed.tile, first, second, *centre, angle, order, arm_id, float(order))
