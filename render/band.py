"""The ends band: a strip under the table that shows each open end large, for the boards whose
tiles a phone shows smallest and whose ends are hardest to find: the Cyprus star (its middle is
eight ends around one double, on tiles a few pixels wide once shrunk), the long lines of the
double-nine and double-twelve sets, and the French stack (where each tile hides half of the one
under it, and the end at the bottom of the pile lies under it).

Each open end gets a slot: the tile at that end drawn whole, lying with its open half next to the
end's name, in a pill as the board's tags draw it, with the name the move buttons give it (see
`render.ends`). The slot of the end the last tile was laid on is ringed and flagged as that tile
is on the table. Slots come two a row in the order the table's tags come (a line's `W` then `E`,
the star's arms clockwise from the top).

The band's size depends only on the kind of table and the reader's language, never on what lies
on it, so the picture keeps its size through a hand (its rows are as tall as the longest name
of an end the table could ever show needs, wrapped between words).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.layout import Shape
from engine.view import SeatView
from render.ends import ACROSS_COLUMNS, ACROSS_ROWS, AROUND, EndName, end_names, say_end
from render.spots import Arrangement
from render.sprites import set_top, tile_sprite
from render.text import font, put_text, text_width, wrap
from render.theme import Theme
from render.wording import ENGLISH, Wording

#: The side of a half of a band's tile: larger than any table's (a French stack's are 44), so a
#: phone shows it at 25 pixels, pips and numerals clear.
CELL = 52
#: The names' type: above the floor (24 at 800 pixels), as the thing a player reads to choose;
#: the floor itself in a language whose longest names it takes to fewer lines.
NAME_SIZES = (26, 24)
LEADING = 6  # pixels between the lines of a name, beyond its type's size
PAD = 8  # inside the band, round each slot
GAP = 14  # between a slot's tile and its name
RING = 5  # the last move's ring, outside the tile
COLUMNS = 2
WIDTH, MARGIN = 800, 14  # the board's (render.board imports this module)
#: Open ends a table of each kind shows: the star's eight places, a line's (and the stack's) two.
SLOTS = {Shape.STAR: 8, Shape.LINE: 2}


@dataclass(frozen=True, slots=True)
class BandEnd:
    """One open end's slot: its arm, the number it shows, the number on the other half of the
    tile at that end, its name in lines (as wrapped in the pill), and the pixel boxes (left,
    top, right, bottom) of the tile and of the name's pill."""

    arm: str
    number: int
    joined: int
    lines: tuple[str, ...]
    tile: tuple[int, int, int, int]
    pill: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Band:
    """The band's box on the picture (`left`, `top`, `right`, `bottom`), its names' type size
    and each open end's slot."""

    box: tuple[int, int, int, int]
    size: int
    ends: tuple[BandEnd, ...]

    @property
    def line(self) -> int:
        return self.size + LEADING


def has_band(view: SeatView) -> bool:
    """Whether the view's board draws the ends band: the star, the French stack and the lines of
    the big sets (a line whose doubles open branches has ends that come and go: not one)."""
    layout = view.layout
    if view.laid_pairs or layout.opens_doubles:
        return False
    if view.variant == "french" or layout.shape is Shape.STAR:
        return True
    return layout.shape is Shape.LINE and set_top(view) >= 9


def band_height(view: SeatView, wording: Wording = ENGLISH) -> int:
    """The band's height in pixels (0 for a board without one): the same for every position of
    a table, in one language."""
    if not has_band(view):
        return 0
    rows = -(-SLOTS[view.layout.shape] // COLUMNS)
    size, lines = _style(wording, set_top(view), view.layout.shape)
    return rows * _row_height(size, lines) + 2 * PAD


def plan_band(
    view: SeatView,
    arrangement: Arrangement,
    box: tuple[int, int, int, int],
    *,
    wording: Wording = ENGLISH,
) -> Band | None:
    """Where the band's slots are drawn in `box` (left, top, right, bottom: as tall as
    `band_height`); None for a board without a band."""
    if not has_band(view):
        return None
    left, top, right, _ = box
    size, most = _style(wording, set_top(view), view.layout.shape)
    row = _row_height(size, most)
    column = (right - left - 2 * PAD) // COLUMNS
    room = column - _TILE_ROOM - PAD
    names = end_names(arrangement.tags, wording=wording)
    face = font(size, bold=True)
    ends = []
    for index, end in enumerate(arrangement.tags):
        line, place = divmod(index, COLUMNS)
        x = left + PAD + place * column
        y = top + PAD + line * row
        tile_top = y + (row - CELL) // 2
        tile = (x + RING + 2, tile_top, x + RING + 2 + 2 * CELL, tile_top + CELL)
        lines = tuple(wrap(names[end.arm], face, room - size, separator=" "))
        width = max(text_width(piece, face) for piece in lines) + size
        height = len(lines) * (size + LEADING) + size // 2
        pill_top = y + (row - height) // 2
        pill = (tile[2] + GAP, pill_top, tile[2] + GAP + width, pill_top + height)
        joined = _joined(arrangement, end.arm, end.number)
        ends.append(BandEnd(end.arm, end.number, joined, lines, tile, pill))
    return Band(box, size, tuple(ends))


def draw_band(canvas: Image.Image, band: Band, view: SeatView, theme: Theme) -> None:
    """Draw `band` (planned by `plan_band`) on `canvas`."""
    draw = ImageDraw.Draw(canvas)
    draw.rounded_rectangle(band.box, radius=8, fill=theme.panel, outline=theme.panel_edge)
    placements = view.layout.placements
    last = placements[-1].arm if placements else None
    for end in band.ends:
        sprite = tile_sprite(end.joined, end.number, CELL, 0, theme)
        canvas.paste(sprite, end.tile[:2], sprite)
        if end.arm == last:
            _ring(draw, end.tile, theme)
        draw.rounded_rectangle(end.pill, radius=band.size * 3 // 4, fill=theme.tag)
        middle = (end.pill[1] + end.pill[3]) / 2
        first = middle - (len(end.lines) - 1) * band.line / 2
        for number, piece in enumerate(end.lines):
            at = (end.pill[0] + band.size / 2, first + number * band.line)
            put_text(canvas, at, piece, size=band.size, bold=True, colour=theme.tag_ink,
                     anchor="lm")  # fmt: skip


_TILE_ROOM = RING + 2 + 2 * CELL + GAP  # a slot's width left of its name


def _ring(draw: ImageDraw.ImageDraw, tile: tuple[int, int, int, int], theme: Theme) -> None:
    """The last move's ring round a slot's tile, and its flag on the top left corner, as the
    table marks the tile itself."""
    left, top, right, bottom = tile
    grown = (left - RING, top - RING, right + RING, bottom + RING)
    draw.rounded_rectangle(grown, radius=RING, outline=theme.last, width=4)
    flag = CELL * 0.42
    corner = [(grown[0], grown[1]), (grown[0] + flag, grown[1]), (grown[0], grown[1] + flag)]
    draw.polygon(corner, fill=theme.last)


def _joined(arrangement: Arrangement, arm: str, number: int) -> int:
    """The number on the other half of the tile at `arm`'s open end (the lead's, while the arm
    is empty)."""
    spots = [spot for spot in arrangement.spots if spot.arm == arm]
    tile = max(spots, key=lambda spot: spot.order).tile if spots else arrangement.spots[0].tile
    return tile.other(number) if tile.has(number) else number


def _row_height(size: int, lines: int) -> int:
    return max(CELL + 2 * RING, lines * (size + LEADING) + size // 2) + PAD


def _style(wording: Wording, top: int, shape: Shape) -> tuple[int, int]:
    """The names' type size and the most lines a name takes in it, for a table of `shape` with
    the set up to `top` in `wording`'s language: the larger size unless the smaller one wraps the
    longest names into fewer lines (a shorter band)."""
    key = (wording.language, top, shape)
    if key not in _STYLES:
        fits = [(_most_lines(wording, top, shape, size), -size) for size in NAME_SIZES]
        lines, size = min(fits)
        _STYLES[key] = (-size, lines)
    return _STYLES[key]


_STYLES: dict[tuple[str, int, Shape], tuple[int, int]] = {}


def _most_lines(wording: Wording, top: int, shape: Shape, size: int) -> int:
    """The most lines the name of any end a table of `shape` with the set up to `top` could
    show takes in `wording`'s language at `size`, wrapped in a slot's room: what the band's rows
    are as tall as. A line's two ends point four ways and are told apart by two places at most;
    a star's eight point any way, and may be empty places."""
    face = font(size, bold=True)
    column = (WIDTH - 2 * MARGIN - 2 * PAD) // COLUMNS
    room = column - _TILE_ROOM - PAD - size
    if shape is Shape.STAR:
        places = [None, *ACROSS_ROWS[3], *ACROSS_COLUMNS[3], "4"]
        names = [EndName(top), EndName(top, empty=True)]
        names += [EndName(top, side, empty=True) for side in AROUND]
        names += [EndName(top, side, place) for side in AROUND for place in places]
    else:
        names = [EndName(top)]
        names += [EndName(top, side, place) for side in ("left", "right")
                  for place in (None, *ACROSS_ROWS[2])]  # fmt: skip
        names += [EndName(top, side, place) for side in ("up", "down")
                  for place in (None, *ACROSS_COLUMNS[2])]  # fmt: skip
    return max(
        len(wrap(say_end(name, wording=wording), face, room, separator=" ")) for name in names
    )
