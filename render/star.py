"""The Cyprus star: 9-9 stands upright in the middle with eight places, four on its ends and
sides (`N`, `E`, `S`, `W`) and four off its corners (`NE`, `SE`, `SW`, `NW`, tiles at 45
degrees), laid the way players lay them: every arm's first tile touches the 9-9 (a diagonal
tile sits in the notch between the 9-9 and its two neighbours' first tiles, a quarter of a unit
off the 9-9's corner), and the eight arms leave it as the same figure turned by 45 degrees.

Each arm runs straight out. An arm that would pass a given distance from the middle turns a
quarter clockwise there and snakes across its own eighth of the star (the one clockwise of it):
a row across to near the next arm's line, two tiles turning the corner outwards, a row back to
its own line, and so on, rows 6 units apart; the eighth widens going out, so later rows are
longer. Where the arm counter-clockwise of it has no tiles, its rows come back across its own
line into that empty eighth as far again. So no arm crosses another's ground, long arms fold
rather than shrink the picture, and the figure keeps its mirror symmetries. `arrange` tries
several distances (the same for every arm; further across than up and down in a wide picture)
and straight arms, and keeps the one that draws tiles biggest with no two overlapping.
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


# The least distance out at which an arm may turn: its first row across then holds a tile
# beyond the turning one (see `fold_arm`).
TURN_FROM = CLEARANCE * math.sqrt(2) + 9.0


def across_limit(turned_at: float, row: float) -> float:
    """How far across its sector (from its own line towards the next arm's) the row `row` units
    beyond the turn of an arm that turned `turned_at` units out may run: everything it lays
    there, the corner to the next row out included, keeps `CLEARANCE` from the next arm's line,
    45 degrees round. Rows further out may run further: the sector widens."""
    return turned_at + row - CLEARANCE * math.sqrt(2)


def fold_arm(
    tiles: list[tuple[Placed, int]],
    arm: str,
    heading: Vec,
    start: float,
    radius: float,
    *,
    back: bool = False,
) -> tuple[list[Spot], Vec, Vec]:
    """Lay one arm from `start` units out along `heading` (see the module docstring): straight
    out; past `radius`, it turns a quarter clockwise and snakes across its own sector, rows 6
    units apart going out, each row as long as the sector is wide there. With `back` (the arm
    counter-clockwise of it is empty) the rows come back across its own line as far again, into
    that arm's empty sector. Returns the spots, where the open end is and which way it faces."""
    side = _clockwise(heading)
    spots: list[Spot] = []
    cursor = start
    remaining = list(tiles)
    while remaining:
        placed, order = remaining[0]
        length = 2.0 if placed.tile.is_double else 4.0
        end = cursor + length
        if end + ROOM > radius and cursor >= TURN_FROM:
            break
        remaining.pop(0)
        if placed.tile.is_double:
            centre = (cursor + 1.0) * heading[0], (cursor + 1.0) * heading[1]
            spots.append(_crosswise(placed, order, arm, centre, heading))
        else:
            near = ((cursor + 1.0) * heading[0], (cursor + 1.0) * heading[1])
            far = ((cursor + 3.0) * heading[0], (cursor + 3.0) * heading[1])
            spots.append(_tile(placed, order, arm, near, far))
        cursor = end
    if not remaining:
        return spots, (cursor * heading[0], cursor * heading[1]), heading
    # Across the sector: local `a` runs along `side`, local `b` outwards from the turn's row.
    turned_at = cursor

    def at(a: float, b: float) -> Vec:
        u = turned_at + 1.0 + b
        return (u * heading[0] + a * side[0], u * heading[1] + a * side[1])

    placed, order = remaining.pop(0)
    spots.append(_tile(placed, order, arm, at(0.0, 0.0), at(2.0, 0.0)))
    across, row, way, corner = 3.0, 0.0, 1.0, 0
    open_end, facing = at(3.0, 0.0), side
    for placed, order in remaining:
        if corner == 1:
            near, far = at(across + way, row + 4.0), at(across + way, row + 6.0)
            spots.append(_tile(placed, order, arm, near, far))
            open_end, facing = at(across + way, row + 7.0), heading
            row, way, corner = row + PITCH, -way, 0
            continue
        length = 2.0 if placed.tile.is_double else 4.0
        end = across + way * length
        # out across to the sector's edge; back only as far as the arm's own line
        limit = across_limit(turned_at, row)
        fits = end + ROOM <= limit if way > 0 else end - ROOM >= (-limit if back else 0.0)
        if fits:
            if placed.tile.is_double:
                direction = (way * side[0], way * side[1])
                spots.append(_crosswise(placed, order, arm, at(across + way, row), direction))
            else:
                near, far = at(across + way, row), at(across + 3 * way, row)
                spots.append(_tile(placed, order, arm, near, far))
            across = end
            open_end, facing = at(across, row), (way * side[0], way * side[1])
            continue
        near, far = at(across + way, row), at(across + way, row + 2.0)
        spots.append(_tile(placed, order, arm, near, far))
        open_end, facing = at(across + way, row + 3.0), heading
        corner = 1
    return spots, open_end, facing


def star_arrangement(layout: Layout, reach: Vec) -> Arrangement:
    """The star with arms folding where they would pass `reach` = (across, up and down) units
    from the middle (`math.inf`: straight arms). A diagonal arm folds at the nearer of the two,
    so the star keeps its mirror symmetries, and a wide picture can keep its arms across long.
    Its `overlaps` are left uncounted (see `count_overlaps`)."""
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
        behind = ORDER[ORDER.index(arm_id) - 1]
        back = not arms.get(behind)
        spots, end, facing = fold_arm(arms[arm_id], arm_id, (hx, hy), start, radius, back=back)
        arrangement.spots += spots
        arm = layout.arms[arm_id]
        arrangement.tags.append(EndTag(arm_id, arm.number, *end, *facing, empty=arm.empty))
    return arrangement


def count_overlaps(arrangement: Arrangement) -> int:
    """Count (and note in `arrangement`) the pairs of its tiles that overlap."""
    spots = arrangement.spots
    arrangement.overlaps = sum(
        1 for index, spot in enumerate(spots) for other in spots[:index] if overlap(spot, other)
    )
    return arrangement.overlaps
