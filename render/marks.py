"""Shared drawing pieces: placing arrangements on a canvas, the last-move ring and flag, open-end
tags, the turn pointer and the check mark. Every mark has a shape of its own as well as a colour."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.spots import Arrangement, Spot
from render.sprites import shadow_drop, shadowed_sprite
from render.text import centred, font, text_width
from render.theme import RGB, Theme


class Placer:
    """Maps layout units to pixels: `scale` pixels per unit, the arrangement's bounds centred in
    the box at (`left`, `top`, `width`, `height`)."""

    def __init__(self, arrangement: Arrangement, cell: int, box: tuple[int, int, int, int]) -> None:
        self.cell = cell
        self.scale = cell / 2
        min_x, min_y, max_x, max_y = arrangement.bounds()
        left, top, width, height = box
        self.offset_x = left + width / 2 - (min_x + max_x) / 2 * self.scale
        self.offset_y = top + height / 2 - (min_y + max_y) / 2 * self.scale

    def point(self, x: float, y: float) -> tuple[float, float]:
        return (self.offset_x + x * self.scale, self.offset_y + y * self.scale)

    def polygon(self, spot: Spot) -> list[tuple[float, float]]:
        return [self.point(x, y) for x, y in spot.corners()]

    def box(self, spot: Spot) -> tuple[int, int, int, int]:
        """The pixel box the tile's sprite is pasted into (axis-aligned tiles)."""
        points = self.polygon(spot)
        xs = [x for x, _ in points]
        ys = [y for _, y in points]
        return (round(min(xs)), round(min(ys)), round(max(xs)), round(max(ys)))


def paste_spot(canvas: Image.Image, placer: Placer, spot: Spot, theme: Theme) -> None:
    """Paste the tile's sprite with a soft shadow (which also shows how a French stack lies)."""
    sprite, left, top = spot_sprite(placer, spot, theme)
    canvas.paste(sprite, (left, top), sprite)


def spot_sprite(placer: Placer, spot: Spot, theme: Theme) -> tuple[Image.Image, int, int]:
    """The tile's sprite with its shadow and where its top left corner goes on the canvas."""
    sprite = shadowed_sprite(spot.first, spot.second, placer.cell, spot.angle, theme)
    drop = shadow_drop(placer.cell)
    cx, cy = placer.point(spot.x, spot.y)
    left = round(cx - (sprite.width - drop) / 2)
    top = round(cy - (sprite.height - drop) / 2)
    return sprite, left, top


def ring(
    draw: ImageDraw.ImageDraw,
    placer: Placer,
    spot: Spot,
    colour: RGB,
    width: int,
    *,
    flag: bool = True,
) -> None:
    """A ring around a tile and (with `flag`) a flag, a filled triangle, on its first corner."""
    points = placer.polygon(spot)
    cx, cy = placer.point(spot.x, spot.y)
    grown = [(x + (x - cx) * 0.12 + _sign(x - cx) * 2, y + (y - cy) * 0.12 + _sign(y - cy) * 2)
             for x, y in points]  # fmt: skip
    draw.line([*grown, grown[0]], fill=colour, width=width, joint="curve")
    if not flag:
        return
    corner_x, corner_y = min(grown, key=lambda p: p[0] + p[1])
    size = max(8.0, placer.cell * 0.42)
    draw.polygon(
        [
            (corner_x - 2, corner_y - 2),
            (corner_x + size, corner_y - 2),
            (corner_x - 2, corner_y + size),
        ],
        fill=colour,
    )


def _sign(value: float) -> float:
    return (value > 0) - (value < 0)


Box = tuple[float, float, float, float]


def tag_size(text: str, size: int, theme: Theme) -> tuple[int, int]:
    image = _tag_image(text, size, theme)
    return image.width, image.height


def tag(
    canvas: Image.Image, centre: tuple[float, float], text: str, theme: Theme, size: int
) -> None:
    """An open-end tag: a pill with the end's id, centred at `centre`."""
    image = _tag_image(text, size, theme)
    x, y = centre
    canvas.paste(image, (round(x - image.width / 2), round(y - image.height / 2)), image)


Polygon = list[tuple[float, float]]
# Pixels between an open end and its tag, nearest first; the last two only where a crowd of
# tiles leaves no nearer place.
GAPS = (2.0, 5.0, 9.0, 14.0, 20.0, 28.0, 40.0, 56.0, 76.0, 100.0)


def _ways(dx: float, dy: float) -> list[tuple[tuple[float, float], bool]]:
    """Ways to put a tag from its open end: the way the end faces, then turning from it an
    eighth at a time either side (unit vectors); the slanting ways also with the tag's corner
    towards the end, clear of the tile's edge."""
    if dx == 0 and dy == 0:
        dx, dy = 0.0, -1.0
    ways = []
    for turn in (0, 1, -1, 2, -2, 3, -3, 4):
        angle = math.atan2(dy, dx) + turn * math.pi / 4
        way = (math.cos(angle), math.sin(angle))
        ways.append((way, False))
        if abs(way[0]) > 1e-6 and abs(way[1]) > 1e-6:
            ways.append((way, True))
    return ways


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def covers(box: Box, polygon: Polygon) -> bool:
    """Whether a box and a tile's outline overlap (by more than a pixel)."""
    xs = [x for x, _ in polygon]
    ys = [y for _, y in polygon]
    if not _meets(box, (min(xs) + 1, min(ys) + 1, max(xs) - 1, max(ys) - 1)):
        return False
    corners = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
    for shape in (corners, polygon):
        for index in range(4):
            (x1, y1), (x2, y2) = shape[index], shape[(index + 1) % 4]
            nx, ny = y2 - y1, x1 - x2
            on_box = [x * nx + y * ny for x, y in corners]
            on_tile = [x * nx + y * ny for x, y in polygon]
            overlap = min(max(on_box), max(on_tile)) - max(min(on_box), min(on_tile))
            if overlap <= math.hypot(nx, ny):  # apart, or touching within a pixel
                return False
    return True


def place_tags(
    wanted: list[tuple[tuple[float, float], tuple[float, float], tuple[int, int]]],
    tiles: list[Polygon],
    frame: Box,
) -> list[tuple[float, float]]:
    """Centres for tags, each given as (its open end's point, the way the end faces, the tag's
    size): every tag goes against its open end, a few pixels off it, on the side the end faces
    or else turned round it a quarter at a time, wherever it covers no tile, no other tag and
    stays in the frame (a tag with no free place goes the nearest place where it meets no other
    tag, over tiles if it must: a name must never hide a name; failing that, the place it
    faces, nearest its end)."""
    placed: list[Box] = []
    centres: list[tuple[float, float]] = []
    for (x, y), (dx, dy), (width, height) in wanted:
        choice: tuple[float, float] | None = None
        first: tuple[float, float] | None = None
        clear: tuple[float, float] | None = None  # meets no tag, though it covers a tile
        for gap in GAPS:
            for (wx, wy), corner in _ways(dx, dy):
                # the box's edge (or with `corner` its corner) nearest the end point lies `gap`
                # pixels off it
                reaches = (
                    (width / 2 + gap) / abs(wx) if abs(wx) > 1e-6 else math.inf,
                    (height / 2 + gap) / abs(wy) if abs(wy) > 1e-6 else math.inf,
                )
                if corner:
                    cx = x + math.copysign(width / 2 + gap, wx)
                    cy = y + math.copysign(height / 2 + gap, wy)
                else:
                    cx, cy = x + wx * min(reaches), y + wy * min(reaches)
                box = (cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2)
                first = first or (cx, cy)
                inside = (
                    frame[0] <= box[0]
                    and box[2] <= frame[2]
                    and frame[1] <= box[1]
                    and box[3] <= frame[3]
                )
                if not inside or any(_meets(box, other) for other in placed):
                    continue
                clear = clear or (cx, cy)
                if not any(covers(box, tile) for tile in tiles):
                    choice = (cx, cy)
                    break
            if choice is not None:
                break
        cx, cy = choice or clear or first or (x, y)
        placed.append((cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2))
        centres.append((cx, cy))
    return centres


@lru_cache(maxsize=512)
def _tag_image(text: str, size: int, theme: Theme) -> Image.Image:
    face = font(size, bold=True)
    width = text_width(text, face) + size
    height = size + size // 2 + 2
    image = Image.new("RGBA", (width + 2, height + 2), (*theme.tag, 0))
    draw = ImageDraw.Draw(image)
    box = (0, 0, width + 1, height + 1)
    draw.rounded_rectangle(
        box, radius=height // 2, fill=theme.tag, outline=theme.background, width=1
    )
    centred(draw, ((width + 1) / 2, (height + 1) / 2), text, face, theme.tag_ink)
    return image


def pointer(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, colour: RGB) -> None:
    """A right-pointing triangle centred at (`x`, `y`): whose turn it is."""
    draw.polygon(
        [(x - size / 2, y - size / 2), (x + size / 2, y), (x - size / 2, y + size / 2)], fill=colour
    )


def check(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, colour: RGB) -> None:
    """A check mark in a filled disc centred at (`x`, `y`): a playable tile."""
    r = size / 2
    draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
    width = max(2, round(size / 7))
    draw.line(
        [(x - r * 0.5, y), (x - r * 0.12, y + r * 0.4), (x + r * 0.55, y - r * 0.4)],
        fill=(255, 255, 255),
        width=width,
        joint="curve",
    )


def divider(draw: ImageDraw.ImageDraw, placer: Placer, spot: Spot, colour: RGB, width: int) -> None:
    """The line between the tile's halves, drawn again over what was drawn on the tile's middle
    (the brass pin of a spinner): the pin sits on the divider, as on a real spinner, and the
    double still reads as two halves."""
    corners = placer.polygon(spot)
    sides = [(corners[index], corners[(index + 1) % 4]) for index in range(4)]

    def length(side: tuple[tuple[float, float], tuple[float, float]]) -> float:
        (x1, y1), (x2, y2) = side
        return math.hypot(x2 - x1, y2 - y1)

    one, two = (
        (sides[0], sides[2]) if length(sides[0]) >= length(sides[1]) else (sides[1], sides[3])
    )
    ax, ay = (one[0][0] + one[1][0]) / 2, (one[0][1] + one[1][1]) / 2
    bx, by = (two[0][0] + two[1][0]) / 2, (two[0][1] + two[1][1]) / 2
    inset = 1 / 7  # as far from the tile's edges as the sprite's divider
    start = (ax + (bx - ax) * inset, ay + (by - ay) * inset)
    end = (bx - (bx - ax) * inset, by - (by - ay) * inset)
    draw.line((start, end), fill=colour, width=width)
