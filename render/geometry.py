"""Where every tile of a layout is drawn, in layout units: one unit is half the side of a pip
square, so an in-line tile is 4 x 2 units and a double laid crosswise is 2 x 4.

Every arm is laid by the same **snake** in its own frame (u forward, v the side it folds to):
tiles go forward in a row; when the next one would pass the frame's edge, two tiles turn the
corner (drawn along v, doubles too, so a corner never crosses a row) and the arm comes back in
the other direction one row further (rows are 6 units apart: a crosswise double reaches 2 units
either side of its row, which leaves a 2-unit lane between rows for the open-end tags). Rows
keep 2 units free at their far end, so a corner always fits.

- line (`W`, `E`): both arms run the full width; `E` folds downwards, `W` upwards.
- spinner (`N`, `E`, `S`, `W`): a pinwheel: each arm folds to its clockwise side and comes back
  only as far as the spinner's edge, so the four arms never meet.
- star (the Cyprus 9-9): eight arms, four of them diagonal, that turn once when long (see
  `render.star`).
- branches of doubles that open their sides (`N2a`/`N2b`) leave the double's two ends and are laid
  by a walker that turns when it would hit a tile or the frame (see `render.branches`).
- French stack: a line where each tile covers the half it matches (steps of 2 units); tiles of `W`
  go under the stack, tiles of `E` on top.
- row (`sum`, `pairs`): tiles side by side in the order laid, wrapped into rows.

`arrange` tries a few frame widths and keeps the arrangement that draws tiles biggest in the
picture's box, among those where no two tiles overlap (see `best`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from engine.layout import Layout, Placed, Shape
from engine.tiles import Tile
from render.branches import lay_branches
from render.spots import Arrangement, Caption, EndTag, Opening, Spot, Vec
from render.star import count_overlaps, star_arrangement

PITCH = 6.0  # units between rows of a snake
ROOM = 2.0  # units kept free at the end of a row for a corner (and the open-end tag)


# -- frames -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Frame:
    """An arm's own frame: `origin`, the `forward` and `side` unit vectors (axis-aligned)."""

    origin: Vec
    forward: Vec
    side: Vec

    def at(self, u: float, v: float) -> Vec:
        ox, oy = self.origin
        return (
            ox + u * self.forward[0] + v * self.side[0],
            oy + u * self.forward[1] + v * self.side[1],
        )

    def angle(self, along_u: bool) -> int:
        axis = self.forward if along_u else self.side
        return 0 if axis[1] == 0 else 90


def _spot(
    frame: Frame, placed: Placed, near: Vec, far: Vec, along_u: bool, order: int, arm: str
) -> Spot:
    """A tile whose joined half is centred at local `near` and its open half at `far`."""
    (nx, ny), (fx, fy) = frame.at(*near), frame.at(*far)
    cx, cy = (nx + fx) / 2, (ny + fy) / 2
    angle = frame.angle(along_u)
    joined_first = (nx < fx) if angle == 0 else (ny < fy)
    shows = placed.shows
    other = placed.tile.other(shows) if placed.tile.has(shows) else shows
    first, second = (other, shows) if joined_first else (shows, other)
    return Spot(placed.tile, first, second, cx, cy, angle, order, arm, float(order))


def _crosswise(frame: Frame, placed: Placed, centre: Vec, order: int, arm: str) -> Spot:
    x, y = frame.at(*centre)
    angle = frame.angle(along_u=False)
    return Spot(placed.tile, placed.shows, placed.shows, x, y, angle, order, arm, float(order))


def snake(
    tiles: Sequence[tuple[Placed, int]],
    frame: Frame,
    *,
    arm: str,
    start: float,
    low: float,
    high: float,
    number: int,
    fold: bool = True,
) -> tuple[list[Spot], EndTag, list[Opening]]:
    """Lay `tiles` (each with its placement index) forward from u = `start`. Rows run between u =
    `low` and u = `high`. Returns the spots, the open end's tag and, for each double laid
    double, where branches would leave its sides."""
    spots: list[Spot] = []
    doubles: list[Opening] = []
    cursor, row, heading = start, 0.0, 1.0
    corner = 0  # tiles laid in the current corner (0: laying a row)
    for placed, order in tiles:
        if corner == 1:
            near, far = (cursor + heading, row + 4.0), (cursor + heading, row + 6.0)
            spots.append(_spot(frame, placed, near, far, False, order, arm))
            _note_upright(doubles, spots[-1], frame)
            row += PITCH
            heading = -heading
            corner = 0
            continue
        crosswise = placed.tile.is_double
        length = 2.0 if crosswise else 4.0
        end = cursor + heading * length
        room = end + heading * ROOM
        if not fold or low <= room <= high:
            if crosswise:
                centre = (cursor + heading, row)
                spot = _crosswise(frame, placed, centre, order, arm)
                doubles.append(Opening(spot, frame.at(*centre), frame.side, 2.0, frame.forward))
            else:
                near, far = (cursor + heading, row), (cursor + 3 * heading, row)
                spot = _spot(frame, placed, near, far, True, order, arm)
            spots.append(spot)
            cursor = end
            continue
        near, far = (cursor + heading, row), (cursor + heading, row + 2.0)
        spots.append(_spot(frame, placed, near, far, False, order, arm))
        _note_upright(doubles, spots[-1], frame)
        corner = 1
    if corner == 1:
        open_end, facing = frame.at(cursor + heading, row + 3.0), frame.side
    else:
        open_end = frame.at(cursor, row)
        facing = (frame.forward[0] * heading, frame.forward[1] * heading)
    return spots, EndTag(arm, number, *open_end, *facing), doubles


def _note_upright(doubles: list[Opening], spot: Spot, frame: Frame) -> None:
    """A double laid along a corner opens its long sides, across the corner."""
    if spot.tile.is_double:
        doubles.append(Opening(spot, (spot.x, spot.y), frame.forward, 1.0, frame.side))


# -- the families ------------------------------------------------------------------------------


def _lead_spot(lead: Tile) -> Spot:
    """The lead in the middle: a double stands crosswise; any other tile lies with its high half
    to the west, where arm `W` grows from it."""
    angle = 90 if lead.is_double else 0
    return Spot(lead, lead.high, lead.low, 0.0, 0.0, angle, 0, None, 0.0)


def _indexed(layout: Layout) -> dict[str, list[tuple[Placed, int]]]:
    """Each arm's tiles with their placement index."""
    counters: dict[str, int] = {}
    result: dict[str, list[tuple[Placed, int]]] = {arm_id: [] for arm_id in layout.arms}
    for index, placement in enumerate(layout.placements):
        if placement.arm is None:
            continue
        position = counters.get(placement.arm, 0)
        counters[placement.arm] = position + 1
        placed = layout.arms[placement.arm].tiles[position]
        result[placement.arm].append((placed, index))
    return result


EAST, WEST, NORTH, SOUTH = (1.0, 0.0), (-1.0, 0.0), (0.0, -1.0), (0.0, 1.0)
CLOCKWISE = {EAST: SOUTH, SOUTH: WEST, WEST: NORTH, NORTH: EAST}
HEADINGS = {"E": EAST, "W": WEST, "N": NORTH, "S": SOUTH}


def _line(
    layout: Layout, half_width: float, fold: bool = True, rng: random.Random | None = None
) -> Arrangement:
    assert layout.lead is not None
    arrangement = Arrangement()
    lead = _lead_spot(layout.lead)
    arrangement.spots.append(lead)
    reach = 1.0 if layout.lead.is_double else 2.0
    arms = _indexed(layout)
    doubles: list[Opening] = []
    for arm_id, forward, side in (("W", WEST, NORTH), ("E", EAST, SOUTH)):
        frame = Frame((0.0, 0.0), forward, side)
        spots, tag, opening = snake(
            arms.get(arm_id, []),
            frame,
            arm=arm_id,
            start=reach,
            low=-half_width,
            high=half_width,
            number=layout.arms[arm_id].number,
            fold=fold,
        )
        arrangement.spots += spots
        arrangement.tags.append(tag)
        doubles += opening
    lay_branches(layout, arms, doubles, arrangement, half_width, rng)
    return arrangement


def _spinner(
    layout: Layout, half_width: float, fold: bool = True, rng: random.Random | None = None
) -> Arrangement:
    assert layout.lead is not None
    arrangement = Arrangement()
    arrangement.spots.append(_lead_spot(layout.lead))
    arms = _indexed(layout)
    doubles: list[Opening] = []
    for arm_id in ("N", "E", "S", "W"):
        forward = HEADINGS[arm_id]
        frame = Frame((0.0, 0.0), forward, CLOCKWISE[forward])
        start = 1.0 if forward[1] == 0 else 2.0
        spots, tag, opening = snake(
            arms.get(arm_id, []),
            frame,
            arm=arm_id,
            start=start,
            low=2.0,
            high=half_width,
            number=layout.arms[arm_id].number,
            fold=fold,
        )
        arrangement.spots += spots
        arrangement.tags.append(tag)
        doubles += opening
    lay_branches(layout, arms, doubles, arrangement, half_width, rng)
    return arrangement


# -- French stack and rows -------------------------------------------------------------------


def _french(
    layout: Layout, half_width: float, fold: bool = True, rng: random.Random | None = None
) -> Arrangement:
    """Each tile lies on the half it matches. `E` tiles go on top, `W` tiles under; rows are 4
    units apart and turn with two upright tiles that overlap the same way. Every other tile
    sits `STAGGER` units to one side, like a pile pushed by hand: the edges of the tiles under
    show, so the stack reads as whole tiles on top of each other, not a row of halves."""
    assert layout.lead is not None
    arrangement = Arrangement()
    arrangement.spots.append(
        Spot(layout.lead, layout.lead.high, layout.lead.low, 0, 0, 0, 0, None, 0.0)
    )
    arms = _indexed(layout)
    for arm_id, forward, side, z_sign in (("W", WEST, NORTH, -1.0), ("E", EAST, SOUTH, 1.0)):
        frame = Frame((0.0, 0.0), forward, side)
        cursor, row, heading, corner = 2.0, 0.0, 1.0, 0
        open_end, facing = frame.at(cursor, row), forward
        for position, (placed, order) in enumerate(arms.get(arm_id, []), start=1):
            aside = STAGGER if position % 2 else -STAGGER
            if corner == 0 and (cursor + 2 * heading + ROOM * heading) * heading <= half_width:
                near, far = (cursor - heading, row + aside), (cursor + heading, row + aside)
                spot = _spot(frame, placed, near, far, True, order, arm_id)
                cursor += 2 * heading
                open_end = frame.at(cursor, row + aside)
                facing = (forward[0] * heading, forward[1] * heading)
            elif corner == 0:
                near = (cursor - heading + aside, row)
                far = (cursor - heading + aside, row + 2.0)
                spot = _spot(frame, placed, near, far, False, order, arm_id)
                open_end, facing = frame.at(cursor - heading + aside, row + 3.0), side
                corner = 1
            else:
                near = (cursor - heading + aside, row + 2.0)
                far = (cursor - heading + aside, row + 4.0)
                spot = _spot(frame, placed, near, far, False, order, arm_id)
                open_end, facing = frame.at(cursor - heading + aside, row + 5.0), side
                row += 4.0
                heading = -heading
                cursor += 2 * heading
                corner = 0
            arrangement.spots.append(_with_z(spot, z_sign * order))
        number = layout.arms[arm_id].number
        arrangement.tags.append(EndTag(arm_id, number, *open_end, *facing))
    return arrangement


STAGGER = 0.35  # units every other tile of a French stack sits aside


def _with_z(spot: Spot, z: float) -> Spot:
    return Spot(
        spot.tile, spot.first, spot.second, spot.x, spot.y, spot.angle, spot.order, spot.arm, z
    )


def _row(tiles: Sequence[Tile], per_row: int) -> Arrangement:
    """Tiles side by side in the order laid (the sum game), `per_row` to a row, each with the
    running total under it."""
    arrangement = Arrangement()
    total = 0
    for index, tile in enumerate(tiles):
        column, line = index % per_row, index // per_row
        x, y = column * 5.5, line * 5.0
        arrangement.spots.append(
            Spot(tile, tile.high, tile.low, x, y, 0, index, None, float(index))
        )
        total += tile.pips
        arrangement.captions.append(Caption(f"= {total}", x, y + 2.0))
    return arrangement


def pairs_arrangement(laid: Sequence[Sequence[tuple[Tile, Tile]]]) -> Arrangement:
    """The pairs game: each seat's laid pairs in a row of its own, two upright tiles a pair with
    their common sum under them, the seat's name at the row's start."""
    arrangement = Arrangement()
    for seat, pairs in enumerate(laid):
        y = seat * 7.0
        arrangement.captions.append(Caption("", -4.0, y, seat))
        for index, (one, two) in enumerate(pairs):
            x = 4.0 + index * 6.0
            for offset, tile in ((-1.0, one), (1.0, two)):
                spot = Spot(tile, tile.high, tile.low, x + offset, y, 90, -1, None, 0.0)
                arrangement.spots.append(spot)
            arrangement.captions.append(Caption(f"{one.pips}", x, y + 2.9))
    return arrangement


# -- choosing the frame -----------------------------------------------------------------------


def arrange(
    layout: Layout, *, box: Vec, variant: str = "", max_scale: float = math.inf
) -> Arrangement:
    """The arrangement of `layout` that draws tiles biggest in a `box` (width, height) in pixels,
    up to `max_scale` pixels a unit; among equals the widest (fewest turns). An empty layout gives
    an empty arrangement."""
    if layout.lead is None:
        return Arrangement()
    candidates: list[Arrangement] = []
    if layout.shape is Shape.ROW:
        count = len(layout.placements)
        for per_row in sorted({max(1, min(count, n)) for n in (4, 6, 8, 10, 12)}, reverse=True):
            candidates.append(_row(layout.tiles(), per_row))
    else:
        build: Callable[..., Arrangement]
        if variant == "french":
            build = _french
        elif layout.shape is Shape.LINE:
            build = _line
        elif layout.shape is Shape.SPINNER:
            build = _spinner
        else:
            # Arms fold where that draws tiles biggest, at the same distance for every arm but
            # further across than up and down when the picture is wide; a short game's arms run
            # straight.
            stars = [star_arrangement(layout, (math.inf, math.inf))]
            if len(layout.placements) > 12:
                aspect = box[0] / box[1]
                for up in (38.0, 33.0, 29.0, 26.0, 23.0, 20.0, 17.0):
                    for across in sorted({up, up * (1 + aspect) / 2, up * aspect}):
                        stars.append(star_arrangement(layout, (across, up)))
            # Biggest first (a stable sort: straight arms first among equals); counting the
            # overlaps of one star is what costs, so only until one has none.
            stars.sort(key=lambda star: -_scale(star, box, max_scale))
            for star in stars:
                if count_overlaps(star) == 0:
                    return star
            return best(stars, box, max_scale)
        # From the widest frame to the narrowest: narrower frames fold more and grow taller, so
        # the scale rises, peaks and falls; stop once it has fallen twice in a row.
        falling, peak = 0, 0.0
        for half_width in (60.0, 48.0, 40.0, 34.0, 28.0, 24.0, 20.0, 16.0, 12.0):
            candidate = build(layout, half_width)
            candidates.append(candidate)
            scale = _scale(candidate, box, max_scale)
            falling = falling + 1 if scale < peak and candidate.overlaps == 0 else 0
            peak = max(peak, scale)
            if falling == 2:
                break
        if layout.opens_doubles and all(candidate.overlaps for candidate in candidates):
            # A tree of branches: straight arms leave the quadrants free for them; branches
            # turn either way by lot (seeded: the same table always gives the same picture).
            for attempt in range(24):
                fold = attempt % 2 == 1
                half_width = (28.0, 40.0, 60.0)[attempt // 2 % 3]
                candidate = build(layout, half_width, fold, random.Random(attempt))
                candidates.append(candidate)
                if candidate.overlaps == 0:
                    break
    return best(candidates, box, max_scale)


def best(candidates: Iterable[Arrangement], box: Vec, max_scale: float = math.inf) -> Arrangement:
    """The candidate with the fewest overlaps (none, but for the densest trees of opened doubles)
    that draws biggest in `box`; ties go to the first."""

    def score(candidate: Arrangement) -> tuple[int, float]:
        return (-candidate.overlaps, _scale(candidate, box, max_scale))

    return max(candidates, key=score)


def _scale(candidate: Arrangement, box: Vec, max_scale: float) -> float:
    """Pixels a unit when `candidate` is fitted in `box` (with a unit of margin all round)."""
    left, top, right, bottom = candidate.bounds()
    return min(box[0] / (right - left + 2), box[1] / (bottom - top + 2), max_scale)
