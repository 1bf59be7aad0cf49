"""The hand picture, for its owner only: the tiles upright, the playable ones raised, ringed and
checked, the others dimmed, each labelled the way its move buttons name it ("6-4", "6-4 on 6",
"6-6 on N2a"). When no tile can be played the line under the tiles says what the buttons offer
(draw or pass; in the pairs game, lay pairs, or put a tile under the stock and draw the top one,
each tile then ringed as one to exchange).

What the tiles would be played onto (the open ends, or the running total) goes beside the
heading when it fits, measured with the font, and under it, wrapped, when it does not: a star
game lists up to eight ends, and the words' length depends on the language. At most `PER_ROW`
tiles a row, so that a phone shows the picture nearly full size."""

from __future__ import annotations

from collections import defaultdict

from PIL import Image, ImageDraw

from engine.actions import Action, Draw, Pass, Play
from engine.layout import Shape
from engine.tiles import Tile
from engine.variants.pairs import Exchange, LayPairs
from engine.view import SeatView
from render.encode import png_bytes
from render.labels import end_name, move_label
from render.marks import check
from render.sprites import pips_for, set_top, tile_sprite
from render.text import fit, font, put_text, text_width, wrap
from render.theme import get_theme
from render.wording import ENGLISH, Wording

CELL = 34
SLOT = 76  # width given to each tile with its labels
PER_ROW = 6  # at most 6 * SLOT + 2 * MARGIN = 488 px wide: its labels stay 10 px on a phone
RAISE = 10
MARGIN = 16
HEADING_TOP = 14
HEADING_LINE = 22  # one line of the heading or of the ends under it
TABLE_SIZE = 14
GAP = 24  # between the heading and the ends beside it
ENDS_APART = " · "  # between the open ends in the line over the tiles (wrapped there)


def hand_png(view: SeatView, *, theme: str = "light", wording: Wording = ENGLISH) -> bytes:
    """The view's own hand as PNG bytes; `view.legal` marks the playable tiles."""
    image = hand_image(view, theme=theme, wording=wording)
    return png_bytes(image, pips_for(get_theme(theme), set_top(view)))


def plays_by_tile(
    legal: tuple[Action, ...], *, wording: Wording = ENGLISH, view: SeatView | None = None
) -> dict[Tile, list[str]]:
    """The button labels of the legal plays, grouped by tile (ends named as the board's tags
    name them when the `view` is given, as the buttons do)."""
    labels: dict[Tile, list[str]] = defaultdict(list)
    for action in legal:
        if isinstance(action, Play):
            labels[action.tile].append(move_label(action, wording=wording, view=view))
        elif isinstance(action, Exchange):
            # Each tile may go under the stock: none is greyed, each is named as on its button.
            labels[action.tile].append(str(action.tile))
    return labels


def hand_image(view: SeatView, *, theme: str = "light", wording: Wording = ENGLISH) -> Image.Image:
    palette = pips_for(get_theme(theme), set_top(view))
    tiles = view.hand
    labels = plays_by_tile(view.legal, wording=wording, view=view)
    most_labels = max((len(names) for names in labels.values()), default=1)
    per_row = min(PER_ROW, max(1, len(tiles)))
    rows = max(1, -(-len(tiles) // per_row))
    row_height = RAISE + 2 * CELL + 10 + 17 * max(1, most_labels) + 10
    width = max(420, MARGIN * 2 + per_row * SLOT)
    heading = wording.plural(wording.hand_heading, len(tiles), count=len(tiles))
    table = table_line(view, wording=wording)
    beside = _fits_beside(heading, table, width)
    table_lines = []
    if table and not beside:
        table_lines = wrap(table, font(TABLE_SIZE), width - 2 * MARGIN, separator=ENDS_APART)
    top = HEADING_TOP + HEADING_LINE * (1 + len(table_lines)) + 8
    # The footnote wraps at word boundaries: the pairs game's instructions are a long line.
    notes = wrap(_footnote(view, wording), font(14), width - 2 * MARGIN, separator=" ")
    height = top + rows * row_height + 34 + 18 * (len(notes) - 1)
    canvas = Image.new("RGB", (width, height), palette.background)
    draw = ImageDraw.Draw(canvas)
    put_text(canvas, (MARGIN, HEADING_TOP), heading, size=16, bold=True, colour=palette.ink)
    if beside:
        corner = (width - MARGIN, HEADING_TOP + 10)
        put_text(canvas, corner, table, size=TABLE_SIZE, colour=palette.muted, anchor="rm")
    for index, text in enumerate(table_lines):
        at: tuple[float, float] = (MARGIN, HEADING_TOP + HEADING_LINE * (index + 1))
        put_text(canvas, at, text, size=TABLE_SIZE, colour=palette.muted)
    small = font(13, bold=True)
    for index, tile in enumerate(tiles):
        row, column = divmod(index, per_row)
        slot_left = MARGIN + column * SLOT
        top_of_row = top + row * row_height
        playable = tile in labels
        sprite = tile_sprite(
            tile.high, tile.low, CELL, 90, palette, dim=bool(view.legal) and not playable
        )
        x = slot_left + (SLOT - CELL) // 2
        y = top_of_row + (0 if playable else RAISE)
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
                at = (slot_left + SLOT / 2, top_of_row + RAISE + 2 * CELL + 12 + 17 * line)
                shown = fit(name, small, SLOT - 4)
                put_text(canvas, at, shown, size=13, bold=True, colour=palette.ink, anchor="mt")
        else:
            at = (slot_left + SLOT / 2, top_of_row + RAISE + 2 * CELL + 12)
            put_text(canvas, at, str(tile), size=13, colour=palette.muted, anchor="mt")
    for index, note in enumerate(notes):
        at = (MARGIN, height - 20 - 18 * (len(notes) - 1 - index))
        put_text(canvas, at, note, size=14, colour=palette.muted, anchor="lm")
    return canvas


def _fits_beside(heading: str, table: str, width: int) -> bool:
    """Whether the ends fit on the heading's line, right-aligned, without touching it (measured
    with the font: the words' length depends on the language and the ends' names)."""
    room = width - 2 * MARGIN - text_width(heading, font(16, bold=True)) - GAP
    return text_width(table, font(TABLE_SIZE)) <= room


def table_line(view: SeatView, *, wording: Wording = ENGLISH) -> str:
    """What the player plays onto, so the hand can be read alone: the open ends with the numbers
    they show, named as the board's tags and the buttons name them, or the sum game's running
    total."""
    if view.total is not None:
        target = dict(view.options).get("target")
        if target is None:
            return wording.say(wording.board_total, total=view.total)
        return wording.say(wording.board_total_target, total=view.total, target=target)
    layout = view.layout
    if layout.lead is None or layout.shape is Shape.ROW:
        return ""
    ends = ENDS_APART.join(end_name(view, arm.id, wording=wording) for arm in layout.open_arms())
    return wording.say(wording.hand_ends, ends=ends)


def _footnote(view: SeatView, wording: Wording) -> str:
    if not view.my_turn:
        return wording.hand_not_your_turn if view.turn is not None else wording.hand_over
    return turn_note(view, wording=wording)


def turn_note(view: SeatView, *, wording: Wording = ENGLISH) -> str:
    """What the seat to play may do, in a line: the moves it has, or why it draws, exchanges
    or passes. The hand picture's footnote, and the words a hand message may show beside it."""
    plays = sum(1 for action in view.legal if isinstance(action, Play))
    if plays:
        return wording.plural(wording.hand_moves, plays, count=plays)
    if any(isinstance(action, LayPairs) for action in view.legal):
        return wording.hand_lay_pairs
    if any(isinstance(action, Exchange) for action in view.legal):
        return wording.hand_exchange
    if any(isinstance(action, Draw) for action in view.legal):
        return wording.hand_draw
    if any(isinstance(action, Pass) for action in view.legal):
        return wording.hand_no_pair_pass if view.laid_pairs else wording.hand_pass
    return wording.hand_your_turn


def exchange_label(action: Exchange, *, wording: Wording = ENGLISH) -> str:
    """The pairs game's exchange as its button names it: `6-4 under the stock`."""
    return wording.say(wording.hand_exchange_move, tile=str(action.tile))
