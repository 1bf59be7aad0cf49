"""Tile emojis: one small picture per tile, shown beside words (a move button, a menu option, a
line of the table's log) where "6-4" in letters would otherwise stand.

An emoji is a 128 x 128 PNG, transparent around a domino lying across it, its halves left to
right in the tile's text order (`6-4`: the 6 on the left), so it reads like the words it
replaces. Discord shows an emoji about 22 pixels wide on a phone: each half is then 11 pixels,
so the drawing is bolder than a board's tile: a thick dark outline (the face stands out on a
light and a dark Discord alike), big pips, no shadow.

Two looks, as the board draws them (render/sprites.py): double-six sets have plain black pips
(`PLAIN`); bigger sets colour each number (`COLOURED`), and from 7 up write the number as a
bold numeral in its colour instead of pips, since seven to twelve pips in 11 pixels are a
blur where "7" to "12" still read (the board writes numerals from 10, on halves several times
larger). A double-nine and a double-twelve table share the coloured emojis: a tile is the same
tile in both sets.

The bytes are deterministic (the same Pillow gives the same PNG), so their hash can name the
emoji: a redrawing changes the names, and an upload replaces exactly what changed.
"""

from __future__ import annotations

import hashlib
import io
from functools import cache

from PIL import Image, ImageDraw

from engine.tiles import Tile, domino_set
from render.sprites import PIP_SPOTS
from render.text import font
from render.theme import LIGHT, coloured

SIZE = 128
SUPERSAMPLE = 4
#: The two looks: the highest number of the sets each serves.
PLAIN, COLOURED = "plain", "coloured"
LOOK_TOPS = {PLAIN: 6, COLOURED: 12}
#: Halves of a coloured tile from this number up are numerals.
NUMERALS_FROM = 7
#: Discord's largest emoji picture.
BYTES_MAX = 256 * 1024


def look_for(top: int) -> str | None:
    """The look of a set whose numbers go up to `top`; None when no emoji is drawn for it."""
    if top <= LOOK_TOPS[PLAIN]:
        return PLAIN
    if top <= LOOK_TOPS[COLOURED]:
        return COLOURED
    return None


def tiles_of(look: str) -> tuple[Tile, ...]:
    """Every tile drawn in `look`: the double-six set, or the double-twelve set (which holds
    the double-nine set)."""
    return domino_set(LOOK_TOPS[look])


@cache
def tile_emoji_png(first: int, second: int, look: str) -> bytes:
    """The emoji of the tile whose halves read `first` then `second`, left to right."""
    theme = coloured(LIGHT) if look == COLOURED else LIGHT
    big = SIZE * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    line = big // 22
    height = big // 2 + 2 * line  # a little taller than two squares: room for the outline
    top = (big - height) // 2
    draw.rounded_rectangle(
        (line // 2, top, big - 1 - line // 2, top + height),
        radius=big // 10,
        fill=theme.face,
        outline=theme.edge,
        width=line,
    )
    middle = big // 2
    draw.line(
        (middle, top + 2 * line, middle, top + height - 2 * line), fill=theme.edge, width=line
    )
    width, tall = (big - 2 * line) / 2, height - 2 * line  # one half inside the outline
    for index, number in enumerate((first, second)):
        left, upper = line + index * width, top + line
        colour = theme.pip_of(number)
        if look == COLOURED and number >= NUMERALS_FROM:
            size = round(width * (0.8 if number < 10 else 0.62))
            centre = (left + width / 2, upper + tall / 2)
            draw.text(centre, str(number), font=font(size, bold=True), fill=colour, anchor="mm")
            continue
        radius = min(width, tall) * 0.12
        for fx, fy in PIP_SPOTS[number]:
            cx, cy = left + fx * width, upper + fy * tall
            draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour)
    small = image.reduce(SUPERSAMPLE)  # a box average: the supersampled edges smoothed
    buffer = io.BytesIO()
    small.save(buffer, format="PNG", optimize=False, compress_level=6)
    return buffer.getvalue()


def emoji_name(tile: Tile, look: str) -> str:
    """The emoji's name: the look, the tile and a short hash of the drawing (`d_6_4_1f3a`,
    `dc_12_5_77b0`): 2 to 32 letters, digits and underscores, as Discord wants."""
    png = tile_emoji_png(tile.high, tile.low, look)
    digest = hashlib.sha256(png).hexdigest()[:4]
    prefix = "d" if look == PLAIN else "dc"
    return f"{prefix}_{tile.high}_{tile.low}_{digest}"


def all_emojis() -> dict[str, bytes]:
    """Every tile emoji of every look, by name: what an app needs uploaded."""
    return {
        emoji_name(tile, look): tile_emoji_png(tile.high, tile.low, look)
        for look in LOOK_TOPS
        for tile in tiles_of(look)
    }


def is_tile_emoji(name: str) -> bool:
    """Whether an emoji of that name is one of ours (of any drawing, old ones included)."""
    parts = name.split("_")
    return (
        len(parts) == 4
        and parts[0] in ("d", "dc")
        and parts[1].isdigit()
        and parts[2].isdigit()
        and len(parts[3]) == 4
        and all(c in "0123456789abcdef" for c in parts[3])
    )
