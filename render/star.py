"""The Cyprus star: 9-9 stands upright in the middle with eight places, four on its sides and
ends (`N`, `E`, `S`, `W`) and four off its corners (`NE`, `SE`, `SW`, `NW`, tiles at 45 degrees).

Each arm runs straight out; once it reaches `radius` units from the middle it turns a quarter
clockwise, once, and runs on across its neighbour's sector, like the blades of a pinwheel. That
halves the span of a star with long arms. `arrange` tries several radii (and none) and keeps the
biggest picture in which no two tiles overlap.
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
# Where each arm starts: the middle of a side or end of the upright 9-9, or just off a corner
# (far enough that a diagonal tile clears the straight arms' crosswise doubles).
START: dict[str, Vec] = {
    "N": (0.0, -2.0), "E": (1.0, 0.0), "S": (0.0, 2.0), "W": (-1.0, 0.0),
    "NE": (1.0 + 2.3 * ROOT_HALF, -2.0 - 2.3 * ROOT_HALF),
    "SE": (1.0 + 2.3 * ROOT_HALF, 2.0 + 2.3 * ROOT_HALF),
    "SW": (-1.0 - 2.3 * ROOT_HALF, 2.0 + 2.3 * ROOT_HALF),
    "NW": (-1.0 - 2.3 * ROOT_HALF, -2.0 - 2.3 * ROOT_HALF),
}  # fmt: skip


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


def star_arrangement(layout: Layout, radius: float) -> Arrangement:
    """The star with arms turning at `radius` units (`math.inf`: straight arms)."""
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
        heading = HEADING[arm_id]
        end = START[arm_id]
        turned = False
        for placed, order in arms[arm_id]:
            ex, ey = end
            hx, hy = heading
            reach = ex * HEADING[arm_id][0] + ey * HEADING[arm_id][1]
            if not turned and reach >= radius:
                turned = True
                tx, ty = _clockwise(heading)
                near = (ex + hx, ey + hy)
                far = (near[0] + 2 * tx, near[1] + 2 * ty)
                spot = _tile(placed, order, arm_id, near, far)
                heading, end = (tx, ty), (near[0] + 3 * tx, near[1] + 3 * ty)
            elif placed.tile.is_double:
                spot = _crosswise(placed, order, arm_id, (ex + hx, ey + hy), heading)
                end = (ex + 2 * hx, ey + 2 * hy)
            else:
                near, far = (ex + hx, ey + hy), (ex + 3 * hx, ey + 3 * hy)
                spot = _tile(placed, order, arm_id, near, far)
                end = (ex + 4 * hx, ey + 4 * hy)
            arrangement.overlaps += sum(1 for other in arrangement.spots if overlap(spot, other))
            arrangement.spots.append(spot)
        tag = (end[0] + heading[0] * 1.3, end[1] + heading[1] * 1.3)
        arrangement.tags.append(EndTag(arm_id, layout.arms[arm_id].number, *tag))
    return arrangement
