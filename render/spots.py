"""The pieces of an arrangement: where each tile is drawn (`Spot`), where each open end's tag
goes (`EndTag`), captions, and the overlap test that keeps tiles apart. Units: one unit is half the
side of a pip square, so an in-line tile is 4 x 2 units."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from engine.tiles import Tile

Vec = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Spot:
    """One tile as drawn: centre (`x`, `y`) in units, `angle` 0 (lying), 90 (upright), 45 or
    135 (diagonal); `first`/`second` are its halves read left to right (top to bottom when
    upright; for diagonals from the centre of the star outwards). `order` is its index in
    `layout.placements` (-1 for tiles that are not placements, like laid pairs); `z` orders
    drawing (the French stack puts `W` tiles under)."""

    tile: Tile
    first: int
    second: int
    x: float
    y: float
    angle: int
    order: int
    arm: str | None
    z: float

    @property
    def size(self) -> Vec:
        return (2.0, 4.0) if self.angle == 90 else (4.0, 2.0)

    def corners(self) -> list[Vec]:
        """The four corners of the tile's outline (rotated for diagonals)."""
        if self.angle in (0, 90):
            half_w, half_h = (2.0, 1.0) if self.angle == 0 else (1.0, 2.0)
            x, y = self.x, self.y
            return [(x - half_w, y - half_h), (x + half_w, y - half_h),
                    (x + half_w, y + half_h), (x - half_w, y + half_h)]  # fmt: skip
        half_long, half_short = 2.0, 1.0
        theta = math.radians(-self.angle)  # screen y points down: 45 rises to the right
        ux, uy = math.cos(theta), math.sin(theta)
        vx, vy = -uy, ux
        return [
            (self.x + su * half_long * ux + sv * half_short * vx,
             self.y + su * half_long * uy + sv * half_short * vy)
            for su, sv in ((-1, -1), (1, -1), (1, 1), (-1, 1))
        ]  # fmt: skip


@dataclass(frozen=True, slots=True)
class EndTag:
    """An open end: the arm, the number it shows, the middle of its outer edge (`x`, `y`: the
    lead's edge while the arm is empty) and the way it faces (`dx`, `dy`, a unit vector). Its tag
    is drawn just past that edge."""

    arm: str
    number: int
    x: float
    y: float
    dx: float = 0.0
    dy: float = 0.0
    empty: bool = False  # an empty place of a star lead (a choice apart from an arm's end)

    @property
    def tag_at(self) -> Vec:
        """Where the tag's middle goes in units, a little past the open end."""
        return (self.x + self.dx * TAG_REACH, self.y + self.dy * TAG_REACH)


TAG_REACH = 1.3  # units from an open end to its tag's middle


@dataclass(frozen=True, slots=True)
class Opening:
    """A double whose sides may open: branches leave its `centre` along -`side` (`a`) and
    +`side` (`b`), starting `reach` units out, and turn towards `turn` when blocked."""

    spot: Spot
    centre: Vec
    side: Vec
    reach: float
    turn: Vec


@dataclass(frozen=True, slots=True)
class Caption:
    """A line of text on the table, centred at (`x`, `y`); `seat` set: the text is that seat's
    name (the board knows the names, the geometry does not)."""

    text: str
    x: float
    y: float
    seat: int | None = None


@dataclass(slots=True)
class Arrangement:
    spots: list[Spot] = field(default_factory=list)
    tags: list[EndTag] = field(default_factory=list)
    captions: list[Caption] = field(default_factory=list)
    overlaps: int = 0  # pairs of tiles that would overlap (0 in any arrangement that is drawn)

    def bounds(self) -> tuple[float, float, float, float]:
        xs: list[float] = []
        ys: list[float] = []
        for spot in self.spots:
            if spot.angle == 0:
                xs += [spot.x - 2, spot.x + 2]
                ys += [spot.y - 1, spot.y + 1]
            elif spot.angle == 90:
                xs += [spot.x - 1, spot.x + 1]
                ys += [spot.y - 2, spot.y + 2]
            else:
                for x, y in spot.corners():
                    xs.append(x)
                    ys.append(y)
        for tag in self.tags:
            x, y = tag.tag_at
            xs += [x - 1.2, x + 1.2]
            ys += [y - 1.2, y + 1.2]
        for caption in self.captions:
            reach = 3.0 if caption.seat is None else 6.0
            xs += [caption.x - reach, caption.x + reach]
            ys += [caption.y - 1.0, caption.y + 1.0]
        if not xs:
            return (-2.0, -2.0, 2.0, 2.0)
        return (min(xs), min(ys), max(xs), max(ys))


def overlap(a: Spot, b: Spot, tolerance: float = 0.05) -> bool:
    """Whether two tiles' outlines overlap by more than a touch (separating axis test)."""
    if abs(a.x - b.x) > 6 or abs(a.y - b.y) > 6:
        return False
    pa, pb = a.corners(), b.corners()
    for polygon in (pa, pb):
        for index in range(4):
            (x1, y1), (x2, y2) = polygon[index], polygon[(index + 1) % 4]
            nx, ny = y2 - y1, x1 - x2
            length = math.hypot(nx, ny)
            nx, ny = nx / length, ny / length
            proj_a = [x * nx + y * ny for x, y in pa]
            proj_b = [x * nx + y * ny for x, y in pb]
            if min(max(proj_a), max(proj_b)) - max(min(proj_a), min(proj_b)) <= tolerance:
                return False
    return True
