"""The score sheet: after a hand, every finished hand with how it ended, the points of each unit
(player or team) and the running totals, and the pips each seat was left holding; the match
target; and once the match is over, its result.

Made to be read on a phone (Discord shows it about 380 pixels wide): every text in type of at
least `TYPE` pixels (11 on the phone), no tile pictures (a row of little tiles is a row of
specks at that width; the pips left are what the scoring reads, so they are shown as a number
beside a drawn pip), and a dash where a unit's points did not change, so that the hands that
mattered stand out. Winners are marked by a filled disc *and* bold text. A long match shows its
last `MAX_HANDS` hands in full and counts the earlier ones in a line above them. Up to
`MAX_COLUMNS` units get a column each, their names wrapped rather than cut; more (five teams,
ten players) are listed a line each within every hand, since columns that narrow cannot hold
type a phone reads.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.errors import UnknownVariant
from engine.rules import HandOutcome, HandResult
from engine.tiles import Tile
from engine.variants import get_variant
from engine.variants.pairs import PAIRS_TO_WIN, Pairs
from engine.view import SeatView
from render.encode import png_bytes
from render.outcome import (
    eliminated_units,
    losing_target,
    match_sentence,
    pairs_laid,
    penalty,
    winning_units,
)
from render.sprites import pips_for, set_top
from render.text import fit, font, put_text, smallest_type, text_width, wrap
from render.theme import Theme, get_theme
from render.wording import ENGLISH, Wording

WIDTH = 800
MARGIN = 16
FIRST_COLUMN = 124
TYPE = smallest_type(WIDTH)  # the smallest type: 11 px when the sheet is shown 380 px wide
TITLE = TYPE + 4
LINE = TYPE + 9  # one line of type
PIP = 18  # the side of the drawn pip before the pips left
MAX_HANDS = 10
MAX_COLUMNS = 3  # more units than this are listed a line each, not in columns


def _narrow(column: int) -> bool:
    """Whether the running total goes under the points rather than beside them."""
    return column < 170


def _unit_lines(unit: str, column: int) -> list[str]:
    """A unit's name in its column: on one line, or broken between words (a team's partners on
    lines of their own) when it is too wide."""
    return wrap(unit, font(TYPE, bold=True), column - 10, separator=" ")


def _pips_lines(parts: Sequence[str], column: int) -> list[str]:
    """The pips left of a unit's seats: on one line, or a seat a line when they do not fit, or
    a seat's words on lines of their own (a long "sat out" in a narrow column)."""
    face, room = font(TYPE), column - 12 - PIP - 6
    lines = wrap(" · ".join(parts), face, room, separator=" · ")
    if any(line.endswith("…") for line in lines):
        lines = [line for part in parts for line in wrap(part, face, room, separator=" ")]
    return lines


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
    wording = wording.for_variant(view.variant)
    options = dict(view.options)
    parts = []
    lost_at = losing_target(view)
    if view.variant == Pairs.id:  # no option: the rules' own goal
        parts.append(wording.plural(wording.sheet_pairs_goal, PAIRS_TO_WIN, count=PAIRS_TO_WIN))
    if penalty(view):  # the points are bad: said first, and what reaching the target means
        parts.append(wording.sheet_penalty)
    if lost_at is not None:
        parts.append(wording.say(wording.sheet_loses_at, target=lost_at))
    elif "target" in options:
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


def _heading(view: SeatView, wording: Wording) -> tuple[str, str, bool]:
    """The sheet's title, its target line, and whether the target fits beside the title."""
    try:
        game = wording.game_name(view.variant, get_variant(view.variant).name)
    except UnknownVariant:
        game = wording.game_name(view.variant, view.variant)
    heading = wording.say(wording.sheet_title, game=game)
    target = target_line(view, wording=wording)
    title = font(TITLE, bold=True)
    room = WIDTH - 2 * MARGIN - text_width(heading, title) - 24
    beside = text_width(target, font(TYPE)) <= room
    return fit(heading, title, WIDTH - 2 * MARGIN), target, beside


def _put_heading(canvas: Image.Image, view: SeatView, palette: Theme, wording: Wording) -> int:
    """Draw the title and target line; the y where the sheet's body starts."""
    heading, target, beside = _heading(view, wording)
    put_text(canvas, (MARGIN, 30), heading, size=TITLE, bold=True, colour=palette.ink,
             anchor="lm")  # fmt: skip
    if target:
        at = (WIDTH - MARGIN, 30) if beside else (MARGIN, 30 + LINE)
        anchor = "rm" if beside else "lm"
        put_text(canvas, at, fit(target, font(TYPE), WIDTH - 2 * MARGIN), size=TYPE,
                 colour=palette.muted, anchor=anchor)  # fmt: skip
    return 60 if beside or not target else 60 + LINE


# The listed sheet, for more units than `MAX_COLUMNS`: a line a unit in each hand, with the
# unit's name, its points, its running total and its pips left at these places.
NAME_LEFT = MARGIN + 30
POINTS_RIGHT = 430
TOTAL_RIGHT = 540
PIPS_LEFT = 556


def _listed_sheet(
    view: SeatView, names: Sequence[str], units: Sequence[str], palette: Theme, wording: Wording
) -> Image.Image:
    """The score sheet of many units (five teams, ten players): columns would be too narrow for
    type a phone reads, so each hand lists its units one a line, names whole (wrapped)."""
    results = view.results[-MAX_HANDS:]
    earlier = len(view.results) - len(results)
    bold = font(TYPE, bold=True)
    name_lines = [wrap(unit, bold, POINTS_RIGHT - 90 - NAME_LEFT, separator=" ") for unit in units]
    pips_room = WIDTH - MARGIN - 8 - PIPS_LEFT - PIP - 6

    def unit_rows(result: HandResult) -> list[tuple[list[str], list[str]]]:
        rows = []
        for index, unit in enumerate(view.units):
            parts = _left_parts(result.outcome, unit, wording, gone=_gone(view, result, index))
            lines = wrap(" · ".join(parts), font(TYPE), pips_room, separator=" · ")
            rows.append((name_lines[index], lines))
        return rows

    def block_height(result: HandResult) -> int:
        lines = sum(max(len(name), len(pips)) for name, pips in unit_rows(result))
        return LINE * (1 + lines) + 16

    _, target, beside = _heading(view, wording)
    top = 60 if beside or not target else 60 + LINE
    totals = LINE * (1 + sum(len(lines) for lines in name_lines)) + 16
    height = top + (LINE if earlier else 0) + sum(block_height(result) for result in results)
    out_lines = _out_lines(view, names, wording)
    height += totals + (52 if view.over else 0) + 12 + LINE * len(out_lines) + 8
    canvas = Image.new("RGB", (WIDTH, height), palette.background)
    draw = ImageDraw.Draw(canvas)
    y = _put_heading(canvas, view, palette, wording)
    if earlier:
        text = wording.plural(wording.sheet_earlier, earlier, count=earlier)
        put_text(canvas, (MARGIN + 6, y + LINE / 2), fit(text, font(TYPE), WIDTH - 2 * MARGIN),
                 size=TYPE, colour=palette.muted, anchor="lm")  # fmt: skip
        y += LINE
    for result in results:
        block = block_height(result)
        draw.rounded_rectangle((MARGIN, y + 2, WIDTH - MARGIN, y + block - 4), radius=6,
                               fill=palette.panel, outline=palette.panel_edge)  # fmt: skip
        line = y + 6 + LINE // 2
        number = wording.number(result.number + 1)
        put_text(canvas, (MARGIN + 10, line), number, size=TYPE, bold=True, colour=palette.ink,
                 anchor="lm")  # fmt: skip
        how = wording.hand_end(result.outcome.end)
        put_text(canvas, (MARGIN + 22 + text_width(number, bold), line), how, size=TYPE,
                 colour=palette.muted, anchor="lm")  # fmt: skip
        winners = set(result.winners)
        bad = penalty(view)  # penalty points are never shown as a gain (bold, a plus sign)
        for index, (name, pips) in enumerate(unit_rows(result)):
            line += LINE
            unit = view.units[index]
            won = bool(winners & set(unit))
            if won:
                _winner_mark(draw, MARGIN + 16, line, palette)
            for number_, text in enumerate(name):
                put_text(canvas, (NAME_LEFT, line + number_ * LINE), text, size=TYPE, bold=won,
                         colour=palette.ink, anchor="lm")  # fmt: skip
            points = result.points[index] if index < len(result.points) else 0
            score = result.scores[index] if index < len(result.scores) else 0
            shown, colour = (
                (_points(view, points, wording), palette.ink) if points else ("–", palette.muted)
            )
            put_text(canvas, (POINTS_RIGHT, line), shown, size=TYPE, bold=won and not bad,
                     colour=colour, anchor="rm")  # fmt: skip
            put_text(canvas, (TOTAL_RIGHT, line), f"= {wording.number(score)}", size=TYPE,
                     colour=palette.muted, anchor="rm")  # fmt: skip
            _pips_left(canvas, draw, pips, (PIPS_LEFT, line), palette)
            line += LINE * (max(len(name), len(pips)) - 1)
        y += block
    line = y + 6 + LINE // 2
    total = fit(wording.sheet_total, bold, WIDTH - 2 * MARGIN)
    put_text(canvas, (MARGIN + 8, line), total, size=TYPE, bold=True, colour=palette.ink,
             anchor="lm")  # fmt: skip
    for index, name in enumerate(name_lines):
        line += LINE
        for number_, text in enumerate(name):
            put_text(canvas, (NAME_LEFT, line + number_ * LINE), text, size=TYPE,
                     colour=palette.ink, anchor="lm")  # fmt: skip
        score = view.scores[index] if index < len(view.scores) else 0
        put_text(canvas, (TOTAL_RIGHT, line), wording.number(score), size=TYPE, bold=True,
                 colour=palette.ink, anchor="rm")  # fmt: skip
        line += LINE * (len(name) - 1)
    y += totals
    y += _put_out_lines(canvas, out_lines, y, palette)
    if view.over:
        message = match_sentence(view, view.winners, names, wording=wording)
        message = fit(message, bold, WIDTH - 2 * MARGIN - 30)
        if match_winners(view):
            _winner_mark(draw, MARGIN + 10, y + 20, palette)
        put_text(canvas, (MARGIN + 26, y + 20), message, size=TYPE, bold=True, colour=palette.ink,
                 anchor="lm")  # fmt: skip
    return canvas


def score_sheet_image(
    view: SeatView, *, names: Sequence[str], theme: str = "light", wording: Wording = ENGLISH
) -> Image.Image:
    wording = wording.for_variant(view.variant)
    palette = pips_for(get_theme(theme), set_top(view))
    if len(names) != view.players:
        raise ValueError(f"names lists {len(names)} seats; the table has {view.players}")
    units = unit_names(view, names, wording=wording)
    if len(units) > MAX_COLUMNS:
        return _listed_sheet(view, names, units, palette, wording)
    column = (WIDTH - 2 * MARGIN - FIRST_COLUMN) // max(1, len(units))
    results = view.results[-MAX_HANDS:]
    earlier = len(view.results) - len(results)
    _, target, beside = _heading(view, wording)
    top = 60 if beside or not target else 60 + LINE
    heads = [_unit_lines(unit, column) for unit in units]
    head = LINE * max(1, *(len(lines) for lines in heads)) + 12
    rows = [_row_height(view, result, column, wording) for result in results]
    out_lines = _out_lines(view, names, wording)
    height = top + head + (LINE if earlier else 0) + sum(rows) + 52
    height += (52 if view.over else 0) + 12 + LINE * len(out_lines) + 8
    canvas = Image.new("RGB", (WIDTH, height), palette.background)
    draw = ImageDraw.Draw(canvas)
    top = _put_heading(canvas, view, palette, wording)
    y = top
    bold = font(TYPE, bold=True)
    for index, lines in enumerate(heads):
        left = MARGIN + FIRST_COLUMN + index * column
        for number, line in enumerate(lines):
            put_text(canvas, (left + 6, y + 18 + number * LINE), line, size=TYPE, bold=True,
                     colour=palette.ink, anchor="lm")  # fmt: skip
    hand_column = fit(wording.sheet_hand_column, bold, FIRST_COLUMN - 12)
    put_text(canvas, (MARGIN + 6, y + 18), hand_column, size=TYPE, bold=True, colour=palette.ink,
             anchor="lm")  # fmt: skip
    y += head
    draw.line((MARGIN, y - 4, WIDTH - MARGIN, y - 4), fill=palette.panel_edge, width=1)
    if earlier:
        text = wording.plural(wording.sheet_earlier, earlier, count=earlier)
        put_text(canvas, (MARGIN + 6, y + LINE / 2), fit(text, font(TYPE), WIDTH - 2 * MARGIN),
                 size=TYPE, colour=palette.muted, anchor="lm")  # fmt: skip
        y += LINE
    for result, row_height in zip(results, rows, strict=True):
        _hand_row(canvas, draw, view, result, y, row_height, column, palette, wording)
        y += row_height
    _totals(canvas, view, y, column, palette, wording)
    y += 52
    y += _put_out_lines(canvas, out_lines, y, palette)
    if view.over:
        winners = match_winners(view)
        message = match_sentence(view, view.winners, names, wording=wording)
        message = fit(message, font(TYPE, bold=True), WIDTH - 2 * MARGIN - 30)
        if winners:
            _winner_mark(draw, MARGIN + 10, y + 20, palette)
        put_text(canvas, (MARGIN + 26, y + 20), message, size=TYPE, bold=True, colour=palette.ink,
                 anchor="lm")  # fmt: skip
    return canvas


def pips_left(tiles: Sequence[Tile]) -> int:
    """The pips on the tiles a seat was left holding: what the hand's scoring counts."""
    return sum(tile.high + tile.low for tile in tiles)


def _left_parts(
    outcome: HandOutcome, unit: Sequence[int], wording: Wording, *, gone: bool = False
) -> list[str]:
    """What each seat of `unit` was left with, in seat order as the column's name lists them:
    its pips, "out" for a seat that went out, "sat out" for one that sat the hand out (or,
    `gone`: the unit was out of the match by then, "out" of the match); in the pairs game,
    which counts no pips, the pairs it laid."""
    laid = outcome.extra.get("laid")
    if laid is not None:
        counts = [laid[seat] for seat in unit]
        return [wording.plural(wording.sheet_pairs_laid, count, count=count) for count in counts]
    parts = []
    for seat in unit:
        tiles = outcome.hands[seat] if seat < len(outcome.hands) else ()
        seated = seat >= len(outcome.seated) or outcome.seated[seat]
        if not seated:
            parts.append(wording.sheet_eliminated if gone else wording.sheet_sat_out)
        elif not tiles and outcome.went_out == seat:
            parts.append(wording.sheet_out)
        else:
            parts.append(wording.number(pips_left(tiles)))
    return parts


def _gone(view: SeatView, result: HandResult, unit: int) -> bool:
    """Whether the unit was out of the match before the hand of `result` (it sits it out)."""
    return any(out == unit and number < result.number for out, number in eliminated_units(view))


def _points(view: SeatView, points: int, wording: Wording) -> str:
    """A hand's points as its cell shows them: penalty points bare (a "+" would read as a
    gain), other points signed."""
    return wording.number(points) if penalty(view) else wording.signed(points)


def _out_lines(view: SeatView, names: Sequence[str], wording: Wording) -> list[str]:
    """Under the totals, a line for each side out of the match: at what total, and the score
    that put it out."""
    target = losing_target(view)
    lines = []
    for unit, number in eliminated_units(view):
        name = " & ".join(wording.seat_name(names, seat) for seat in view.units[unit])
        total = view.results[number].scores[unit]
        lines.append(wording.say(wording.sheet_out_line, names=name, total=total, target=target))
    return [fit(line, font(TYPE), WIDTH - 2 * MARGIN - 12) for line in lines]


def _put_out_lines(canvas: Image.Image, lines: Sequence[str], y: int, palette: Theme) -> int:
    """Draw `_out_lines` from `y`; the height they took."""
    for number, line in enumerate(lines):
        put_text(canvas, (MARGIN + 8, y + LINE // 2 + number * LINE), line, size=TYPE,
                 colour=palette.muted, anchor="lm")  # fmt: skip
    return LINE * len(lines) + (8 if lines else 0)


def _row_height(view: SeatView, result: HandResult, column: int, wording: Wording) -> int:
    """A hand's row: the points, the running total under them in narrow columns, and as many
    lines as the longest cell of pips left takes (two at least: the hand's number and end)."""
    parts = [
        _left_parts(result.outcome, unit, wording, gone=_gone(view, result, index))
        for index, unit in enumerate(view.units)
    ]
    cells = max((len(_pips_lines(part, column)) for part in parts), default=1)
    lines = max(2, 1 + (1 if _narrow(column) else 0) + cells)
    return LINE * lines + 14


def _hand_row(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: SeatView,
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
    put_text(canvas, (MARGIN + 10, first), number, size=TYPE, bold=True, colour=theme.ink,
             anchor="lm")  # fmt: skip
    how = wording.hand_end(outcome.end)  # who went out says "out" in their column
    laid = pairs_laid(result)
    if laid is not None and outcome.went_out is not None:  # pairs: won by laying enough
        count = laid[outcome.went_out]
        how = wording.plural(wording.sheet_end_pairs, count, count=count)
    put_text(canvas, (MARGIN + 10, first + LINE), fit(how, font(TYPE), FIRST_COLUMN - 14),
             size=TYPE, colour=theme.muted, anchor="lm")  # fmt: skip
    winners = set(result.winners)
    bad = penalty(view)  # penalty points are never shown as a gain (bold, a plus sign)
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
            put_text(canvas, (text_left, first), _points(view, points, wording), size=TYPE,
                     bold=won and not bad, colour=theme.ink, anchor="lm")  # fmt: skip
        else:  # no change: a dash, quieter than a "+0"
            put_text(canvas, (text_left, first), "–", size=TYPE, bold=won and not bad,
                     colour=theme.muted, anchor="lm")  # fmt: skip
        line = first + LINE
        total = wording.number(score)
        if _narrow(column):  # the running total goes under the points
            put_text(canvas, (left + 6, line), f"= {total}", size=TYPE, colour=theme.muted,
                     anchor="lm")  # fmt: skip
            line += LINE
        else:
            put_text(canvas, (left + column - 12, first), total, size=TYPE,
                     bold=won and not bad, colour=theme.ink, anchor="rm")  # fmt: skip
        parts = _left_parts(outcome, unit, wording, gone=_gone(view, result, index))
        lines = _pips_lines(parts, column)
        if laid is not None:  # pairs laid, not pips: no pip beside them
            put_text(canvas, (left + 6, line), lines[0], size=TYPE, colour=theme.muted,
                     anchor="lm")  # fmt: skip
            continue
        _pips_left(canvas, draw, lines, (left + 6, line), theme)


def _pips_left(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    lines: Sequence[str],
    at: tuple[int, int],
    theme: Theme,
) -> None:
    """A drawn pip (a half tile with one pip) and, beside it, the lines of pips left."""
    x, y = at
    side = PIP
    draw.rounded_rectangle((x, y - side / 2, x + side, y + side / 2), radius=3, fill=theme.face,
                           outline=theme.edge, width=1)  # fmt: skip
    draw.ellipse((x + side / 2 - 3, y - 3, x + side / 2 + 3, y + 3), fill=theme.pip)
    for number, line in enumerate(lines):
        put_text(canvas, (x + side + 6, y + number * LINE), line, size=TYPE, colour=theme.muted,
                 anchor="lm")  # fmt: skip


def _totals(
    canvas: Image.Image,
    view: SeatView,
    top: int,
    column: int,
    theme: Theme,
    wording: Wording,
) -> None:
    middle = top + 20
    total = fit(wording.sheet_total, font(TYPE, bold=True), FIRST_COLUMN - 12)
    put_text(canvas, (MARGIN + 8, middle), total, size=TYPE, bold=True, colour=theme.ink,
             anchor="lm")  # fmt: skip
    for index, score in enumerate(view.scores):
        at = (MARGIN + FIRST_COLUMN + index * column + column - 12, middle)
        put_text(canvas, at, wording.number(score), size=TYPE, bold=True, colour=theme.ink,
                 anchor="rm")  # fmt: skip


def _winner_mark(draw: ImageDraw.ImageDraw, x: float, y: float, theme: Theme) -> None:
    draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=theme.turn)
