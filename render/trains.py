"""The Mexican Train table: the hub with the round's engine, one lane per train (every seat's
personal train, then the Mexican train), each lane naming its owner and showing its marker, the
tiles from the hub outwards, the number its open end shows, and an uncovered double ringed and
flagged so that nobody misses it.

Why lanes rather than a star around the hub: up to nine trains drawn as spokes leave each one a
narrow wedge, where a train of ten tiles cannot grow without crossing its neighbours; in lanes
every train reads left to right from the hub like a line of text, its owner's name where the
eye starts, and a train too long for its lane folds onto a second row within the same lane. The
hub is the engine drawn once at the top and, at the start of every lane, the engine's number.

The picture is `WIDTH` wide like the board; its tiles keep their pips legible on a phone
(`min_cell` for the set) and every text is at least the phone's floor (`smallest_type`). Halves
of 10 to 12 are numerals in their colour (`render.sprites`), so double-twelve trains read at
380 px. Words come as data (`Wording`'s `train_` fields).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.tiles import Tile
from engine.trains import TrainsView, TrainView, trains_of
from engine.view import SeatView
from render.encode import png_bytes
from render.sprites import min_cell, pips_for, set_top, shadowed_sprite
from render.text import fit, font, put_text, smallest_type, text_width
from render.theme import Theme, get_theme
from render.wording import ENGLISH, Wording

WIDTH = 800
MARGIN = 14
TYPE = smallest_type(WIDTH)  # every text at least the phone's floor once shown 380 px wide
HUB = 40  # the engine's number at the start of every lane
GAP = 4  # between tiles of a train
LANE_GAP = 8
HEADER = 76
FOOTER = 44
CELL = 36  # a half's side: numerals of 10 to 12 about 10 px tall on a phone
NAME_LINE = TYPE + 20  # the lane's name line, above its tiles


@dataclass(frozen=True, slots=True)
class Lane:
    """One train's place in the picture: its name line at `top`, then its rows of tiles (each
    row's top and height), the tiles as (tile, first half, x, row), and where the open end is."""

    train: TrainView
    top: int
    height: int
    rows: tuple[tuple[int, int], ...]
    tiles: tuple[tuple[Tile, int, int, int], ...]
    end_at: tuple[int, int]  # (x, row)


def trains_png(
    view: SeatView, *, names: Sequence[str], theme: str = "light", wording: Wording = ENGLISH
) -> bytes:
    """The trains picture as PNG bytes; `names` are the seats' names in seat order."""
    image = trains_image(view, names=names, theme=theme, wording=wording)
    return png_bytes(image, pips_for(get_theme(theme), set_top(view)))


def cell_for(view: SeatView) -> int:
    """A half's side: large enough for the numerals of 10 to 12 to stay near the phone's text
    floor (they are 0.6 of a half, `render.sprites`), and never below the pips' own floor."""
    return max(min_cell(set_top(view), picture_width=WIDTH), CELL)


def plan_lanes(table: TrainsView, cell: int) -> list[Lane]:
    """Every train's lane: a name line, then the tiles left to right from the hub, a double
    crosswise, folding onto another row of the lane when the row is full. A row holding a
    double is two halves tall, any other one half (and a little air)."""
    left = MARGIN + 10 + HUB
    right = WIDTH - MARGIN - 110  # room for the end's number or the cover flag
    lanes: list[Lane] = []
    top = HEADER
    for train in table.trains:
        placed: list[tuple[Tile, int, int, int]] = []
        doubles: list[bool] = [False]
        x, row, number = left, 0, table.engine.high
        for tile in train.tiles:
            width = cell if tile.is_double else 2 * cell
            if x + width > right:
                x, row = left, row + 1
                doubles.append(False)
            placed.append((tile, number, x, row))
            doubles[row] = doubles[row] or tile.is_double
            x += width + GAP
            number = tile.other(number)
        rows: list[tuple[int, int]] = []
        y = top + NAME_LINE
        for has_double in doubles:
            height = 2 * cell + GAP if has_double else cell + 3 * GAP + 2
            rows.append((y, height))
            y += height
        lanes.append(Lane(train, top, y - top + GAP, tuple(rows), tuple(placed), (x, row)))
        top = y + GAP + LANE_GAP
    return lanes


def trains_image(
    view: SeatView, *, names: Sequence[str], theme: str = "light", wording: Wording = ENGLISH
) -> Image.Image:
    """The trains picture (what `trains_png` encodes)."""
    table = trains_of(view)
    palette = pips_for(get_theme(theme), set_top(view))
    cell = cell_for(view)
    if table is None:  # between rounds: an empty table
        return Image.new("RGB", (WIDTH, HEADER + FOOTER), palette.background)
    lanes = plan_lanes(table, cell)
    height = lanes[-1].top + lanes[-1].height + LANE_GAP + FOOTER
    canvas = Image.new("RGB", (WIDTH, height), palette.background)
    draw = ImageDraw.Draw(canvas)
    _header(canvas, table, palette, wording)
    for lane in lanes:
        _lane(canvas, draw, view, lane, names, palette, cell, wording)
    footer = wording.say(wording.train_boneyard, count=view.boneyard)
    put_text(canvas, (MARGIN, height - FOOTER / 2), footer, size=TYPE, colour=palette.muted,
             anchor="lm")  # fmt: skip
    return canvas


def _header(canvas: Image.Image, table: TrainsView, palette: Theme, w: Wording) -> None:
    """The engine in the hub, and the double every placement must cover, if any."""
    engine, cell = table.engine.high, CELL
    sprite = shadowed_sprite(engine, engine, cell, 0, palette)
    y = (HEADER - cell) // 2
    put_text(canvas, (MARGIN, HEADER / 2), w.train_engine, size=TYPE, bold=True, colour=palette.ink,
             anchor="lm")  # fmt: skip
    x = MARGIN + text_width(w.train_engine, font(TYPE, bold=True)) + 12
    canvas.paste(sprite, (x, y), sprite)
    first = (
        table.awaiting
        if table.awaiting is not None
        else (table.uncovered[0] if table.uncovered else None)
    )
    if first is not None:
        double = table.train(first).tiles[-1]
        note = w.say(w.train_must_cover, tile=str(double))
        at = x + sprite.width + 24
        room = WIDTH - MARGIN - at
        put_text(canvas, (at, HEADER / 2), fit(note, font(TYPE, bold=True), room), size=TYPE,
                 bold=True, colour=palette.ink, anchor="lm")  # fmt: skip


def _lane(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: SeatView,
    lane: Lane,
    names: Sequence[str],
    palette: Theme,
    cell: int,
    w: Wording,
) -> None:
    """One train: the owner's name (bluish green with a wedge when it is their turn), the tiles
    they hold and the marker when the train is open; the hub's number; the tiles; the end."""
    train = lane.train
    box = (MARGIN, lane.top, WIDTH - MARGIN, lane.top + lane.height)
    draw.rounded_rectangle(box, radius=10, fill=palette.panel, outline=palette.panel_edge, width=2)
    owner = train.owner
    to_play = owner is not None and view.turn == owner
    name = w.train_mexican if owner is None else w.seat_name(names, owner)
    bold, plain = font(TYPE, bold=True), font(TYPE)
    x = MARGIN + 12
    middle = lane.top + NAME_LINE / 2 + 2
    if to_play:  # whose turn: a wedge before the name
        draw.polygon([(x, middle - 9), (x + 14, middle), (x, middle + 9)], fill=palette.turn)
        x += 22
    held = ""
    if owner is not None and owner < len(view.hand_sizes):
        count = view.hand_sizes[owner]
        held = " · " + w.plural(w.train_tiles, count, count=count)
    chip_width = text_width(w.train_open, bold) + 18 if train.open and owner is not None else 0
    room = WIDTH - MARGIN - 12 - x - chip_width - text_width(held, plain) - 12
    shown = fit(name, bold, max(room, 80))
    put_text(canvas, (x, middle), shown, size=TYPE, bold=True,
             colour=palette.turn if to_play else palette.ink, anchor="lm")  # fmt: skip
    x += text_width(shown, bold)
    put_text(canvas, (x, middle), held, size=TYPE, colour=palette.muted, anchor="lm")
    x += text_width(held, plain) + 12
    if chip_width:  # the marker: a brass chip saying the train is open to everyone
        chip = (x, middle - TYPE / 2 - 5, x + chip_width, middle + TYPE / 2 + 5)
        draw.rounded_rectangle(chip, radius=9, fill=palette.pin, outline=palette.edge, width=2)
        put_text(canvas, ((chip[0] + chip[2]) / 2, middle), w.train_open, size=TYPE, bold=True,
                 colour=(20, 20, 20), anchor="mm")  # fmt: skip
    # The hub: the engine's number where the train starts.
    first_top, first_height = lane.rows[0]
    hub_x, hub_y = MARGIN + 10 + HUB / 2 - 2, first_top + first_height / 2
    radius = 20
    draw.ellipse((hub_x - radius, hub_y - radius, hub_x + radius, hub_y + radius),
                 fill=palette.pin, outline=palette.edge, width=2)  # fmt: skip
    put_text(canvas, (hub_x, hub_y), str(lane_engine(view)), size=TYPE, bold=True,
             colour=(20, 20, 20), anchor="mm")  # fmt: skip
    last = len(lane.tiles) - 1
    for index, (tile, first, tile_x, row) in enumerate(lane.tiles):
        row_top, row_height = lane.rows[row]
        if tile.is_double:
            y = row_top + (row_height - 2 * cell) // 2
            sprite = shadowed_sprite(tile.high, tile.high, cell, 90, palette)
            canvas.paste(sprite, (tile_x, y), sprite)
            if index == last and train.uncovered:
                _flag_uncovered(canvas, draw, (tile_x, y, tile_x + cell, y + 2 * cell), palette, w)
        else:
            y = row_top + (row_height - cell) // 2
            sprite = shadowed_sprite(first, tile.other(first), cell, 0, palette)
            canvas.paste(sprite, (tile_x, y), sprite)
    if train.tiles and not train.uncovered:  # the open end's number, after the last tile
        end_x, end_row = lane.end_at
        row_top, row_height = lane.rows[end_row]
        ey = row_top + row_height / 2
        label = str(train.end)
        width = text_width(label, bold) + 14
        tag = (end_x, ey - TYPE / 2 - 5, end_x + width, ey + TYPE / 2 + 5)
        draw.rounded_rectangle(tag, radius=6, fill=palette.tag)
        put_text(canvas, ((tag[0] + tag[2]) / 2, ey), label, size=TYPE, bold=True,
                 colour=palette.tag_ink, anchor="mm")  # fmt: skip


def lane_engine(view: SeatView) -> int:
    table = trains_of(view)
    return 0 if table is None else table.engine.high


def _flag_uncovered(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    palette: Theme,
    w: Wording,
) -> None:
    """An uncovered double: a thick vermillion ring and a flag saying it must be covered."""
    left, top, right, bottom = box
    draw.rounded_rectangle((left - 5, top - 3, right + 5, bottom + 3), radius=8,
                           outline=palette.last, width=5)  # fmt: skip
    width = text_width(w.train_cover, font(TYPE, bold=True)) + 14
    flag = (right + 10, (top + bottom) / 2 - TYPE / 2 - 5, right + 10 + width,
            (top + bottom) / 2 + TYPE / 2 + 5)  # fmt: skip
    draw.rounded_rectangle(flag, radius=6, fill=palette.last)
    put_text(canvas, ((flag[0] + flag[2]) / 2, (flag[1] + flag[3]) / 2), w.train_cover, size=TYPE,
             bold=True, colour=_ink_on(palette.last), anchor="mm")  # fmt: skip


def _ink_on(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on `fill` (WCAG's relative luminance: black
    from about 0.18 up, so a vermillion flag takes black in both themes)."""

    def linear(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(value) for value in fill)
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    return (0, 0, 0) if (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) else (255, 255, 255)


def describe_trains(
    table: TrainsView, *, names: Sequence[str], wording: Wording = ENGLISH
) -> list[str]:
    """The trains in words, for the alt text: the engine, each train with its tiles and its end
    (open ones said so), and the double that must be covered."""
    say = wording.say
    engine = table.engine
    parts = [f"{wording.train_engine} {engine}."]
    for train in table.trains:
        if train.owner is None:
            name = wording.train_mexican
        else:
            name = say(wording.alt_train_of, name=wording.seat_name(names, train.owner))
        if not train.tiles:
            parts.append(say(wording.alt_train_empty, train=name))
            continue
        template = (
            wording.alt_train_open
            if train.open and train.owner is not None
            else (wording.alt_train)
        )
        tiles = " ".join(str(tile) for tile in train.tiles)
        parts.append(say(template, train=name, tiles=tiles, end=train.end))
    first = (
        table.awaiting
        if table.awaiting is not None
        else (table.uncovered[0] if table.uncovered else None)
    )
    if first is not None:
        double = table.train(first).tiles[-1]
        parts.append(say(wording.train_must_cover, tile=str(double)) + ".")
    return parts
