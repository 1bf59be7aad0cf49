"""The Cyprus star: 9-9 stands upright in the middle with eight places, four on its ends and
sides (`N`, `E`, `S`, `W`) and four off its corners (`NE`, `SE`, `SW`, `NW`, tiles at 45
degrees), laid the way players lay them: every arm's first tile touches the 9-9 (a diagonal
tile sits in the notch between the 9-9 and its two neighbours' first tiles, a quarter of a unit
off the 9-9's corner), and the eight arms leave it as the same figure turned by 45 degrees.

Each arm runs straight out; an arm that would reach past a given distance from the middle folds
like a line on a narrow table: two tiles turn the corner to its clockwise side and it comes back
towards the middle on a row 6 units over, as far as it may without coming near the next arm,
turns again and goes out again. So every arm stays in its own eighth of the star (the one
clockwise of it), long arms make the figure no wider, and the tiles stay big: `arrange` tries
several radii (and none) and keeps the one that draws tiles biggest with no two overlapping.
"""

from __future__ import annotations

import math

from engine.layout import Layout, Placed
from render.spots import Arrangement, EndTag, Spot, Vec, overlap

ROOT_HALF = math.sqrt(0.5)
ORDER = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
HEADING: dict[str, Vec] = {
    "N": (0.0, -1.0), "NE": (ROOT_HALF, -ROOT_HALF), "E": (1.0, 0.0),
    "SE": (ROOT_HALF, ROOT_HALF), "S": (0.0, 1.0), "SW": (-ROOT_HALF, ROOT_HALF),
    "W": (-1.0, 0.0), "NW": (-ROOT_HALF, -ROOT_HALF),
}  # fmt: skip
# How far out along its heading each arm's first tile starts: the ends of the upright 9-9 are 2
# units from its middle, its sides 1; a diagonal tile's inner edge runs from the side of the
# `N`/`S` tile to the top of the `E`/`W` tile (1 + sqrt 2 units out on each axis).
DIAGONAL_START = math.sqrt(2) * (1 + ROOT_HALF)
START = {"N": 2.0, "S": 2.0, "E": 1.0, "W": 1.0}
PITCH = 6.0  # units between the rows of a folded arm
ROOM = 2.0  # kept free at a row's end for the corner
# How near a folded row may come to the next arm's line: its crosswise doubles reach 2 units
# out, and a unit of the table stays free between them.
CLEARANCE = 3.0
SECTOR = math.pi / 4  # the angle between neighbouring arms


def _clockwise(heading: Vec) -> Vec:
    """A quarter turn clockwise on the screen (y points down)."""
    return (-heading[1], heading[0])


def _angle(direction: Vec) -> int:
    dx, dy = direction
    if abs(dy) < 1e-9:
        return 0
    if abs(dx) < 1e-9:
        return 90
    return 45 if dx * dy < 0 else 135


def _tile(placed: Placed, order: int, arm: str, near: Vec, far: Vec) -> Spot:
    """A tile whose joined half is centred at `near` and open half at `far`. `first` is the half
    on the left of the picture (the upper one for upright tiles), as `Spot` reads them."""
    direction = (far[0] - near[0], far[1] - near[1])
    angle = _angle(direction)
    shows = placed.shows
    other = placed.tile.other(shows) if placed.tile.has(shows) else shows
    joined_first = direction[1] > 0 if angle == 90 else direction[0] > 0
    first, second = (other, shows) if joined_first else (shows, other)
    centre = ((near[0] + far[0]) / 2, (near[1] + far[1]) / 2)
    return Spot(placed.tile, first, second, *centre, angle, order, arm, float(order))


def _crosswise(placed: Placed, order: int, arm: str, centre: Vec, heading: Vec) -> Spot:
    angle = _angle(_clockwise(heading))
    shows = placed.shows
    return Spot(placed.tile, shows, shows, *centre, angle, order, arm, float(order))


def row_low(row: int) -> float:
    """How near the middle the folded row `row` (1, 2, ...) may come: everything it lays there,
    the corner to the next row included (7 units to its side), keeps `CLEARANCE` from the line of
    the next arm, 45 degrees round."""
    reach = row * PITCH + PITCH + 1.0
    return (CLEARANCE + reach * math.cos(SECTOR)) / math.sin(SECTOR)


def fold_arm(
    tiles: list[tuple[Placed, int]], arm: str, heading: Vec, start: float, radius: float
) -> tuple[list[Spot], Vec, Vec]:
    """Lay one arm from `start` units out along `heading`, folding at `radius` (see the module
    docstring). Returns the spots, where the open end is and which way it faces."""
    side = _clockwise(heading)

    def at(u: float, v: float) -> Vec:
        return (u * heading[0] + v * side[0], u * heading[1] + v * side[1])

    spots: list[Spot] = []
    cursor, row, outward = start, 0, 1.0
    corner = 0  # tiles laid in the current corner (0: laying a row)
    for placed, order in tiles:
        v = row * PITCH
        if corner == 1:
            near, far = at(cursor + outward, v + 4.0), at(cursor + outward, v + 6.0)
            spots.append(_tile(placed, order, arm, near, far))
            row, outward, corner = row + 1, -outward, 0
            continue
        length = 2.0 if placed.tile.is_double else 4.0
        end = cursor + outward * length
        if outward > 0:
            # Out to the radius; fold only where the row coming back has room for two tiles
            # (a shorter row would make the arm zigzag).
            fits = end + ROOM <= radius or row_low(row + 1) + 8.0 + ROOM > radius
        else:
            fits = end - ROOM >= row_low(row)
        if fits:
            if placed.tile.is_double:
                direction = at(outward, 0.0)
                centre = at(cursor + outward, v)
                spots.append(_crosswise(placed, order, arm, centre, direction))
            else:
                near, far = at(cursor + outward, v), at(cursor + 3 * outward, v)
                spots.append(_tile(placed, order, arm, near, far))
            cursor = end
            continue
        near, far = at(cursor + outward, v), at(cursor + outward, v + 2.0)
        spots.append(_tile(placed, order, arm, near, far))
        corner = 1
    v = row * PITCH
    if corner == 1:
        return spots, at(cursor + outward, v + 3.0), side
    return spots, at(cursor, v), at(outward, 0.0)


def star_arrangement(layout: Layout, reach: Vec) -> Arrangement:
    """The star with arms folding where they would pass `reach` = (across, up and down) units
    from the middle (`math.inf`: straight arms). A diagonal arm folds at the nearer of the two,
    so the star keeps its mirror symmetries, and a wide picture can keep its arms across long."""
    assert layout.lead is not None
    lead = layout.lead
    arrangement = Arrangement([Spot(lead, lead.high, lead.low, 0.0, 0.0, 90, 0, None, 0.0)])
    arms: dict[str, list[tuple[Placed, int]]] = {arm: [] for arm in layout.arms}
    counters: dict[str, int] = {}
    for index, placement in enumerate(layout.placements):
        if placement.arm is not None:
            position = counters.get(placement.arm, 0)
            counters[placement.arm] = position + 1
            arms[placement.arm].append((layout.arms[placement.arm].tiles[position], index))
    for arm_id in ORDER:
        if arm_id not in layout.arms:
            continue
        start = START.get(arm_id, DIAGONAL_START)
        hx, hy = HEADING[arm_id]
        radius = min(reach[0] / abs(hx) if hx else math.inf, reach[1] / abs(hy) if hy else math.inf)
        spots, end, facing = fold_arm(arms[arm_id], arm_id, (hx, hy), start, radius)
        for spot in spots:
            arrangement.overlaps += sum(1 for other in arrangement.spots if overlap(spot, other))
            arrangement.spots.append(spot)
        arrangement.tags.append(EndTag(arm_id, layout.arms[arm_id].number, *end, *facing))
    return arrangement
