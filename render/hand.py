"""The hand picture, for its owner only: the tiles upright, the playable ones raised, ringed and
checked, the others dimmed, each labelled the way its move buttons name it ("6-4", "6-4 on 6",
"6-6 on N2a"). When no tile can be played the line under the tiles says what the buttons offer
(draw or pass; in the pairs game, lay pairs, or put a tile under the stock and draw the top one,
each tile then ringed as one to exchange). On a pairs turn the tiles that make a pair are the
ringed ones, first, grouped by their sum, which is written under each.

What the tiles would be played onto (the open ends, or the running total) goes beside the
heading when it fits, measured with the font, and under it, wrapped, when it does not: a star
game lists up to eight ends, and the words' length depends on the language.

The tiles are sorted (`in_hand_order`) and lie in one row up to `ONE_ROW` of them; the type grows
with the picture's width (`phone_size`), so that a phone, which shows it `PHONE_WIDTH` wide,
still shows `PHONE_TEXT` pixels, and the labels wrap at spaces rather than lose a word."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.actions import Action, Draw, Pass, Play
from engine.layout import Shape
from engine.tiles import Tile
from engine.variants.mexican_train import TrainPlay
from engine.variants.pairs import Exchange, LayPairs
from engine.view import SeatView
from render.encode import png_bytes
from render.labels import end_name, move_label
from render.marks import check
from render.sprites import PHONE_WIDTH, pips_for, set_top, tile_sprite
from render.text import Font, font, put_text, text_width, wrap
from render.theme import get_theme
from render.wording import ENGLISH, Wording

CELL = 34
SLOT = 60  # the least width given to each tile with its labels (more for a long word)
ONE_ROW = 13  # tiles in one row at most: the largest opening hand of the double-six games
MIN_WIDTH = 420
MAX_WIDTH = 900  # wider, and a row of tiles would be too small on a phone: two rows instead
LABEL = 13  # the labels' least size; bigger in a wider picture, see `phone_size`
PHONE_TEXT = 11  # pixels every text keeps when Discord shows the picture PHONE_WIDTH wide
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
        if isinstance(action, TrainPlay):
            # Mexican Train: the tile is marked once; its buttons name the trains it may go on.
            labels[action.tile][:] = [str(action.tile)]
        elif isinstance(action, Play):
            labels[action.tile].append(move_label(action, wording=wording, view=view))
        elif isinstance(action, Exchange):
            # Each tile may go under the stock: none is greyed, each is named as on its button.
            labels[action.tile].append(str(action.tile))
    for tile in pairable(legal):
        # A tile that makes a pair is marked, and its sum says which tiles it pairs with.
        labels[tile] = [str(tile), wording.say(wording.hand_pair_sum, sum=tile.pips)]
    return labels


def pairable(legal: Sequence[Action]) -> list[Tile]:
    """The pairs game: every tile of the hand that is in a pair it can lay now."""
    return sorted(
        {tile for action in legal if isinstance(action, LayPairs) for tile in action.from_hand()},
        key=lambda tile: (-tile.high, -tile.low),
    )


def pairs_to_lay(legal: Sequence[Action]) -> list[str]:
    """The pairs game: each single pair the hand can lay now ("6-1 + 4-3"), largest sum
    first: what the hand picture marks, said in words (every set of them may be laid at
    once)."""
    singles = [
        action.pairs[0]
        for action in legal
        if isinstance(action, LayPairs) and len(action.pairs) == 1
    ]
    return [f"{first} + {second}" for first, second in singles]


def in_hand_order(tiles: Sequence[Tile]) -> list[Tile]:
    """The tiles as a player arranges them: by suit, highest first, each suit led by its double
    (6-6 6-5 6-2 5-5 5-1 3-0), whatever order the deal left them in: the same hand always reads
    the same, and a player finds a tile where they expect it."""
    return sorted(tiles, key=lambda tile: (-tile.high, -tile.low))


@dataclass(frozen=True, slots=True)
class HandPlan:
    """How a hand is laid out: tiles a row, the width of a tile's slot, the picture's width and
    its type sizes (which grow with the width, so that they read on a phone)."""

    per_row: int
    slot: int
    width: int
    label: int  # the labels under the tiles; the other sizes follow it

    @property
    def zoom(self) -> float:
        return self.label / LABEL

    def size(self, base: int) -> int:
        return max(base, math.ceil(base * self.zoom))


def phone_size(width: int) -> int:
    """The label size that still shows `PHONE_TEXT` pixels when a picture `width` wide is shown
    `PHONE_WIDTH` wide."""
    return max(LABEL, math.ceil(PHONE_TEXT * width / PHONE_WIDTH))


def plan_hand(count: int, words: Sequence[str]) -> HandPlan:
    """One row for up to `ONE_ROW` tiles (every opening hand of a double-six game); a slot wide
    enough for the widest word of the labels (`words`), which are wrapped at spaces, never cut;
    more rows, as even as can be, when one row would be too wide for its type to read on a
    phone."""
    count = max(1, count)
    rows = max(1, -(-count // ONE_ROW))
    while True:
        per_row = -(-count // rows)
        slot = SLOT
        for _ in range(6):
            width = max(MIN_WIDTH, MARGIN * 2 + per_row * slot)
            label = phone_size(width)
            face = font(label, bold=True)
            need = max((text_width(word, face) + 6 for word in words), default=0)
            if need <= slot:
                break
            slot = need
        else:
            width = MAX_WIDTH + 1
        if width <= MAX_WIDTH or per_row == 1:
            return HandPlan(per_row, slot, width, label)
        rows += 1


def label_lines(text: str, face: Font, width: int) -> list[str]:
    """A label in lines no wider than `width`, broken at spaces only: "6-4 on 6" may become
    "6-4" and "on 6", but a word (and its dash) is never cut."""
    return wrap(text, face, width, separator=" ")


def hand_image(view: SeatView, *, theme: str = "light", wording: Wording = ENGLISH) -> Image.Image:
    palette = pips_for(get_theme(theme), set_top(view))
    tiles = in_hand_order(view.hand)
    labels = plays_by_tile(view.legal, wording=wording, view=view)
    if marked := pairable(view.legal):
        # The pairs game: the tiles that make pairs first, those of one sum side by side.
        tiles.sort(key=lambda tile: (tile not in marked, -tile.pips if tile in marked else 0))
    names = {tile: labels.get(tile, [str(tile)]) for tile in tiles}
    words = [word for shown in names.values() for name in shown for word in name.split(" ")]
    plan = plan_hand(len(tiles), words)
    per_row, slot, width = plan.per_row, plan.slot, plan.width
    label_face = font(plan.label, bold=True)
    line = round(plan.label * 1.3)
    lines = {
        tile: [part for name in shown for part in label_lines(name, label_face, slot - 4)]
        for tile, shown in names.items()
    }
    most_lines = max((len(shown) for shown in lines.values()), default=1)
    rows = max(1, -(-len(tiles) // per_row))
    row_height = RAISE + 2 * CELL + 12 + line * max(1, most_lines) + 10
    heading_size, table_size, note_size = plan.size(16), plan.size(TABLE_SIZE), plan.size(14)
    heading_line = round(HEADING_LINE * plan.zoom)
    heading = wording.plural(wording.hand_heading, len(tiles), count=len(tiles))
    if _out_of_match(view):
        heading = wording.hand_out_heading
    table = table_line(view, wording=wording)
    beside = _fits_beside(heading, table, width, heading_size, table_size)
    table_lines = []
    if table and not beside:
        table_lines = wrap(table, font(table_size), width - 2 * MARGIN, separator=ENDS_APART)
    top = HEADING_TOP + heading_line * (1 + len(table_lines)) + 8
    # The footnote wraps at word boundaries: the pairs game's instructions are a long line.
    notes = wrap(_footnote(view, wording), font(note_size), width - 2 * MARGIN, separator=" ")
    note_line = round(18 * plan.zoom)
    height = top + rows * row_height + round(34 * plan.zoom) + note_line * (len(notes) - 1)
    canvas = Image.new("RGB", (width, height), palette.background)
    draw = ImageDraw.Draw(canvas)
    put_text(
        canvas, (MARGIN, HEADING_TOP), heading, size=heading_size, bold=True, colour=palette.ink
    )
    if beside:
        corner = (width - MARGIN, HEADING_TOP + heading_size * 0.6)
        put_text(canvas, corner, table, size=table_size, colour=palette.muted, anchor="rm")
    for index, text in enumerate(table_lines):
        at: tuple[float, float] = (MARGIN, HEADING_TOP + heading_line * (index + 1))
        put_text(canvas, at, text, size=table_size, colour=palette.muted)
    for index, tile in enumerate(tiles):
        row, column = divmod(index, per_row)
        slot_left = MARGIN + column * slot
        top_of_row = top + row * row_height
        playable = tile in labels
        sprite = tile_sprite(
            tile.high, tile.low, CELL, 90, palette, dim=bool(view.legal) and not playable
        )
        x = slot_left + (slot - CELL) // 2
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
        # A dimmed tile's label is in the ink too (only the weight differs): light grey type
        # lost its dash and half its strokes on a phone.
        for number, text in enumerate(lines[tile]):
            at = (slot_left + slot / 2, top_of_row + RAISE + 2 * CELL + 12 + line * number)
            put_text(canvas, at, text, size=plan.label, bold=playable, colour=palette.ink,
                     anchor="mt")  # fmt: skip
    for index, note in enumerate(notes):
        at = (MARGIN, height - round(20 * plan.zoom) - note_line * (len(notes) - 1 - index))
        put_text(canvas, at, note, size=note_size, colour=palette.muted, anchor="lm")
    return canvas


def _fits_beside(heading: str, table: str, width: int, heading_size: int, size: int) -> bool:
    """Whether the ends fit on the heading's line, right-aligned, without touching it (measured
    with the font: the words' length depends on the language and the ends' names)."""
    room = width - 2 * MARGIN - text_width(heading, font(heading_size, bold=True)) - GAP
    return text_width(table, font(size)) <= room


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


def _out_of_match(view: SeatView) -> bool:
    """The seat sits the hands out, holding nothing: it is out of the match (the game room's
    limit, the pool's stake)."""
    seat = view.seat
    return (
        0 <= seat < len(view.seated) and not view.seated[seat] and not view.hand and not view.over
    )


def _footnote(view: SeatView, wording: Wording) -> str:
    wording = wording.for_variant(view.variant)
    if view.over:
        return wording.hand_match_over
    if _out_of_match(view):
        return wording.hand_eliminated
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


def lay_label(action: LayPairs, *, wording: Wording = ENGLISH) -> str:
    """The pairs game's laying of pairs as its button names it: `Lay 6-1 + 4-3, 5-1 + 4-2`
    (the pairs in the engine's order: each higher tile first, the highest pair first)."""
    laid = ", ".join(f"{first} + {second}" for first, second in action.pairs)
    return wording.say(wording.hand_lay_move, pairs=laid)
