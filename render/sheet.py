"""The score sheet: after a hand, every finished hand with how it ended, the points of each unit
(player or team) and the running totals, and the pips each seat was left holding; the match
target; and once the match is over, its result.

Made to be read on a phone (Discord shows it about 380 pixels wide): numbers in type of at least
19 pixels, no tile pictures (a row of little tiles is a row of specks at that width; the pips
left are what the scoring reads, so they are shown as a number beside a drawn pip), and a dash
where a unit's points did not change, so that the hands that mattered stand out. Winners are
marked by a filled disc *and* bold text. A long match shows its last `MAX_HANDS` hands in full
and counts the earlier ones in a line above them.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.errors import UnknownVariant
from engine.rules import HandOutcome, HandResult
from engine.tiles import Tile
from engine.variants import get_variant
from engine.view import SeatView
from render.encode import png_bytes
from render.outcome import match_sentence, winning_units
from render.sprites import pips_for, set_top
from render.text import fit, font, put_text, text_width
from render.theme import Theme, get_theme
from render.wording import ENGLISH, Wording

WIDTH = 800
MARGIN = 16
FIRST_COLUMN = 150
LINE = 28  # one line of 19-20 px type
TYPE = 19  # the smallest type: 9 px when the sheet is shown 380 px wide
MAX_HANDS = 10


def _narrow(column: int) -> bool:
    """Whether the running total goes under the points rather than beside them."""
    return column < 130


def score_sheet_png(
    view: SeatView, *, names: Sequence[str], theme: str = "light", wording: Wording = ENGLISH
) -> bytes:
    """The score sheet of the view's match as PNG bytes."""
    image = score_sheet_image(view, names=names, theme=theme, wording=wording)
    return png_bytes(image, pips_for(get_theme(theme), set_top(view)))


def unit_names(view: SeatView, names: Sequence[str], *, wording: Wording = ENGLISH) -> list[str]:
    return [" & ".join(wording.seat_name(names, seat) for seat in unit) for unit in view.units]


def match_winners(view: SeatView) -> tuple[int, ...]:
    """The winning units of a finished match: those of the seats the engine says won it."""
    if not view.over:
        return ()
    return tuple(winning_units(view.units, view.winners))


def target_line(view: SeatView, *, wording: Wording = ENGLISH) -> str:
    options = dict(view.options)
    parts = []
    if "target" in options:
        parts.append(wording.say(wording.sheet_target, target=options["target"]))
    if "hands" in options:
        hands = options["hands"]
        parts.append(wording.plural(wording.sheet_hands, _count(hands), count=hands))
    if "wins" in options:
        wins = options["wins"]
        parts.append(wording.plural(wording.sheet_wins, _count(wins), count=wins))
    return " · ".join(parts)


def _count(value: object) -> int:
    """The count a plural form is chosen by (2 for a value that is no number: the English
    output of old, which always said "hands")."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 2


def score_sheet_image(
    view: SeatView, *, names: Sequence[str], theme: str = "light", wording: Wording = ENGLISH
) -> Image.Image:
    palette = pips_for(get_theme(theme), set_top(view))
    if len(names) != view.players:
        raise ValueError(f"names lists {len(names)} seats; the table has {view.players}")
    units = unit_names(view, names, wording=wording)
    column = (WIDTH - 2 * MARGIN - FIRST_COLUMN) // max(1, len(units))
    results = view.results[-MAX_HANDS:]
    earlier = len(view.results) - len(results)
    try:
        game = wording.game_name(view.variant, get_variant(view.variant).name)
    except UnknownVariant:
        game = wording.game_name(view.variant, view.variant)
    heading = wording.say(wording.sheet_title, game=game)
    target = target_line(view, wording=wording)
    title = font(24, bold=True)
    room = WIDTH - 2 * MARGIN - text_width(heading, title) - 24
    beside = text_width(target, font(TYPE)) <= room
    heading = fit(heading, title, WIDTH - 2 * MARGIN)
    top = 56 if beside or not target else 56 + LINE
    row_height = LINE * (3 if _narrow(column) else 2) + 14
    height = top + 40 + (LINE if earlier else 0) + len(results) * row_height + 48
    height += (48 if view.over else 0) + 12
    canvas = Image.new("RGB", (WIDTH, height), palette.background)
    draw = ImageDraw.Draw(canvas)
    put_text(canvas, (MARGIN, 30), heading, size=24, bold=True, colour=palette.ink, anchor="lm")
    if target:
        at = (WIDTH - MARGIN, 30) if beside else (MARGIN, 30 + LINE)
        anchor = "rm" if beside else "lm"
        put_text(canvas, at, fit(target, font(TYPE), WIDTH - 2 * MARGIN), size=TYPE,
                 colour=palette.muted, anchor=anchor)  # fmt: skip
    y = top
    bold = font(TYPE, bold=True)
    for index, unit in enumerate(units):
        left = MARGIN + FIRST_COLUMN + index * column
        put_text(canvas, (left + 6, y + 18), fit(unit, bold, column - 10), size=TYPE, bold=True,
                 colour=palette.ink, anchor="lm")  # fmt: skip
    hand_column = fit(wording.sheet_hand_column, bold, FIRST_COLUMN - 12)
    put_text(canvas, (MARGIN + 6, y + 18), hand_column, size=TYPE, bold=True, colour=palette.ink,
             anchor="lm")  # fmt: skip
    y += 40
    draw.line((MARGIN, y - 4, WIDTH - MARGIN, y - 4), fill=palette.panel_edge, width=1)
    if earlier:
        text = wording.plural(wording.sheet_earlier, earlier, count=earlier)
        put_text(canvas, (MARGIN + 6, y + LINE / 2), fit(text, font(TYPE), WIDTH - 2 * MARGIN),
                 size=TYPE, colour=palette.muted, anchor="lm")  # fmt: skip
        y += LINE
    for result in results:
        _hand_row(canvas, draw, view, names, result, y, row_height, column, palette, wording)
        y += row_height
    _totals(canvas, view, y, column, palette, wording)
    y += 48
    if view.over:
        winners = match_winners(view)
        message = match_sentence(view, view.winners, names, wording=wording)
        message = fit(message, font(22, bold=True), WIDTH - 2 * MARGIN - 30)
        if winners:
            _winner_mark(draw, MARGIN + 10, y + 20, palette)
        put_text(canvas, (MARGIN + 26, y + 20), message, size=22, bold=True, colour=palette.ink,
                 anchor="lm")  # fmt: skip
    return canvas


def pips_left(tiles: Sequence[Tile]) -> int:
    """The pips on the tiles a seat was left holding: what the hand's scoring counts."""
    return sum(tile.high + tile.low for tile in tiles)


def _hand_row(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: SeatView,
    names: Sequence[str],
    result: HandResult,
    top: int,
    height: int,
    column: int,
    theme: Theme,
    wording: Wording,
) -> None:
    draw.rounded_rectangle(
        (MARGIN, top + 2, WIDTH - MARGIN, top + height - 4),
        radius=6,
        fill=theme.panel,
        outline=theme.panel_edge,
    )
    outcome = result.outcome
    first = top + 6 + LINE // 2  # the middle of a row's first line
    number = wording.number(result.number + 1)
    put_text(canvas, (MARGIN + 10, first), number, size=20, bold=True, colour=theme.ink,
             anchor="lm")  # fmt: skip
    how = wording.hand_end(outcome.end)  # who went out says "out" in their column
    put_text(canvas, (MARGIN + 10, first + LINE), fit(how, font(TYPE), FIRST_COLUMN - 14),
             size=TYPE, colour=theme.muted, anchor="lm")  # fmt: skip
    winners = set(result.winners)
    for index, unit in enumerate(view.units):
        left = MARGIN + FIRST_COLUMN + index * column
        points = result.points[index] if index < len(result.points) else 0
        score = result.scores[index] if index < len(result.scores) else 0
        won = bool(winners & set(unit))
        text_left = left + 6
        if won:
            _winner_mark(draw, left + 11, first, theme)
            text_left = left + 22
        if points:
            put_text(canvas, (text_left, first), wording.signed(points), size=TYPE + 1, bold=won,
                     colour=theme.ink, anchor="lm")  # fmt: skip
        else:  # no change: a dash, quieter than a "+0"
            put_text(canvas, (text_left, first), "–", size=TYPE + 1, bold=won,
                     colour=theme.muted, anchor="lm")  # fmt: skip
        line = first + LINE
        total = wording.number(score)
        if _narrow(column):  # the running total goes under the points
            put_text(canvas, (left + 6, line), f"= {total}", size=TYPE, colour=theme.muted,
                     anchor="lm")  # fmt: skip
            line += LINE
        else:
            put_text(canvas, (left + column - 12, first), total, size=TYPE + 1, bold=won,
                     colour=theme.ink, anchor="rm")  # fmt: skip
        _pips_left(canvas, draw, outcome, unit, (left + 6, line), column - 12, theme, wording)


def _pips_left(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    outcome: HandOutcome,
    unit: Sequence[int],
    at: tuple[int, int],
    width: int,
    theme: Theme,
    wording: Wording,
) -> None:
    """A drawn pip (a half tile with one pip) and the pips each seat of `unit` was left with,
    in seat order as the column's name lists them ("out" for a seat that went out)."""
    parts = []
    for seat in unit:
        tiles = outcome.hands[seat] if seat < len(outcome.hands) else ()
        seated = seat >= len(outcome.seated) or outcome.seated[seat]
        if not seated:
            parts.append(wording.sheet_sat_out)
        elif not tiles and outcome.went_out == seat:
            parts.append(wording.sheet_out)
        else:
            parts.append(wording.number(pips_left(tiles)))
    x, y = at
    side = 16
    draw.rounded_rectangle((x, y - side / 2, x + side, y + side / 2), radius=3, fill=theme.face,
                           outline=theme.edge, width=1)  # fmt: skip
    draw.ellipse((x + side / 2 - 3, y - 3, x + side / 2 + 3, y + 3), fill=theme.pip)
    text = fit(" · ".join(parts), font(TYPE), width - side - 6)
    put_text(canvas, (x + side + 6, y), text, size=TYPE, colour=theme.muted, anchor="lm")


def _totals(
    canvas: Image.Image,
    view: SeatView,
    top: int,
    column: int,
    theme: Theme,
    wording: Wording,
) -> None:
    middle = top + 20
    total = fit(wording.sheet_total, font(20, bold=True), FIRST_COLUMN - 12)
    put_text(canvas, (MARGIN + 8, middle), total, size=20, bold=True, colour=theme.ink,
             anchor="lm")  # fmt: skip
    for index, score in enumerate(view.scores):
        at = (MARGIN + FIRST_COLUMN + index * column + column - 12, middle)
        put_text(canvas, at, wording.number(score), size=20, bold=True, colour=theme.ink,
                 anchor="rm")  # fmt: skip


def _winner_mark(draw: ImageDraw.ImageDraw, x: float, y: float, theme: Theme) -> None:
    draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=theme.turn)
