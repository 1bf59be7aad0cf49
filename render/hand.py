"""The hand picture, for its owner only: the tiles upright, the playable ones raised, ringed and
checked, the others dimmed, each labelled the way its move buttons name it ("6-4", "6-4 on 6",
"6-6 on N2a"). When no tile can be played the line under the tiles says what the buttons offer
(draw or pass)."""

from __future__ import annotations

from collections import defaultdict

from PIL import Image, ImageDraw

from engine.actions import Action, Play
from engine.layout import Shape
from engine.tiles import Tile
from engine.view import SeatView
from render.encode import png_bytes
from render.labels import move_label
from render.marks import check
from render.sprites import tile_sprite
from render.text import fit, font, put_text
from render.theme import get_theme

CELL = 34
SLOT = 76  # width given to each tile with its labels
PER_ROW = 10
RAISE = 10
MARGIN = 16


def hand_png(view: SeatView, *, theme: str = "light") -> bytes:
    """The view's own hand as PNG bytes; `view.legal` marks the playable tiles."""
    return png_bytes(hand_image(view, theme=theme), get_theme(theme))


def plays_by_tile(legal: tuple[Action, ...]) -> dict[Tile, list[str]]:
    """The button labels of the legal plays, grouped by tile."""
    labels: dict[Tile, list[str]] = defaultdict(list)
    for action in legal:
        if isinstance(action, Play):
            labels[action.tile].append(move_label(action))
    return labels


def hand_image(view: SeatView, *, theme: str = "light") -> Image.Image:
    palette = get_theme(theme)
    tiles = view.hand
    labels = plays_by_tile(view.legal)
    most_labels = max((len(names) for names in labels.values()), default=1)
    per_row = min(PER_ROW, max(1, len(tiles)))
    rows = max(1, -(-len(tiles) // per_row))
    row_height = RAISE + 2 * CELL + 10 + 17 * max(1, most_labels) + 10
    width = max(420, MARGIN * 2 + per_row * SLOT)
    height = 44 + rows * row_height + 34
    canvas = Image.new("RGB", (width, height), palette.background)
    draw = ImageDraw.Draw(canvas)
    heading = f"Your hand: {len(tiles)} tile{'s' if len(tiles) != 1 else ''}"
    put_text(canvas, (MARGIN, 14), heading, size=16, bold=True, colour=palette.ink)
    table = table_line(view)
    if table:
        corner = (width - MARGIN, 24)
        put_text(canvas, corner, table, size=14, colour=palette.muted, anchor="rm")
    small = font(13, bold=True)
    for index, tile in enumerate(tiles):
        row, column = divmod(index, per_row)
        slot_left = MARGIN + column * SLOT
        top = 44 + row * row_height
        playable = tile in labels
        sprite = tile_sprite(
            tile.high, tile.low, CELL, 90, palette, dim=bool(view.legal) and not playable
        )
        x = slot_left + (SLOT - CELL) // 2
        y = top + (0 if playable else RAISE)
        canvas.paste(sprite, (x, y), sprite)
        if playable:
            draw.rounded_rectangle(
                (x - 4, y - 4, x + CELL + 3, y + 2 * CELL + 3),
                radius=7,
                outline=palette.good,
                width=3,
            )
            check(draw, x + CELL + 2, y - 1, 18, palette.good)
            for line, name in enumerate(labels[tile]):
                at = (slot_left + SLOT / 2, top + RAISE + 2 * CELL + 12 + 17 * line)
                shown = fit(name, small, SLOT - 4)
                put_text(canvas, at, shown, size=13, bold=True, colour=palette.ink, anchor="mt")
        else:
            at = (slot_left + SLOT / 2, top + RAISE + 2 * CELL + 12)
            put_text(canvas, at, str(tile), size=13, colour=palette.muted, anchor="mt")
    at = (MARGIN, height - 20)
    put_text(canvas, at, _footnote(view), size=14, colour=palette.muted, anchor="lm")
    return canvas


def table_line(view: SeatView) -> str:
    """What the player plays onto, so the hand can be read alone: the open ends with the numbers
    they show (by the ids the buttons use), or the sum game's running total."""
    if view.total is not None:
        target = dict(view.options).get("target")
        return f"Total {view.total}" + (f" / {target}" if target is not None else "")
    layout = view.layout
    if layout.lead is None or layout.shape is Shape.ROW:
        return ""
    return "Ends: " + "  ".join(f"{arm.id} {arm.number}" for arm in layout.open_arms())


def _footnote(view: SeatView) -> str:
    if not view.my_turn:
        return "Not your turn yet." if view.turn is not None else "The hand is over."
    kinds = {move_label(action) for action in view.legal if not isinstance(action, Play)}
    plays = sum(1 for action in view.legal if isinstance(action, Play))
    if plays:
        return f"Your turn: {plays} possible move{'s' if plays != 1 else ''}."
    if "draw" in kinds:
        return "No tile fits: draw from the boneyard."
    if "pass" in kinds:
        return "No tile fits: pass."
    return "Your turn."
