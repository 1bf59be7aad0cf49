"""The score sheet: after a hand, every finished hand with how it ended, the tiles each seat was
left holding (revealed), the points of each unit (player or team) and the running totals; the
match target; and once the match is over, its result.

Winners are marked by a filled disc *and* bold text. A long match shows its last `MAX_HANDS`
hands in full and counts the earlier ones in a line above them.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.errors import UnknownVariant
from engine.rules import HandResult, Scoring
from engine.variants import get_variant
from engine.view import SeatView
from render.encode import png_bytes
from render.sprites import tile_sprite
from render.text import draw_text, fit, font
from render.theme import Theme, get_theme
from render.wording import ENGLISH, Wording

WIDTH = 800
MARGIN = 16
FIRST_COLUMN = 170


def _narrow(column: int) -> bool:
    return column < 110


def _mini(column: int) -> int:
    """The pip square of the revealed tiles: smaller when many units share the width."""
    return 13 if column >= 120 else 8


def _indent(view: SeatView) -> int:
    """Room for the seat's name before its tiles, in team games."""
    return 58 if any(len(unit) > 1 for unit in view.units) else 0


LINE = 22
MAX_HANDS = 10


def score_sheet_png(
    view: SeatView, *, names: Sequence[str], theme: str = "light", wording: Wording = ENGLISH
) -> bytes:
    """The score sheet of the view's match as PNG bytes."""
    image = score_sheet_image(view, names=names, theme=theme, wording=wording)
    return png_bytes(image, get_theme(theme))


def unit_names(view: SeatView, names: Sequence[str], *, wording: Wording = ENGLISH) -> list[str]:
    return [" & ".join(wording.seat_name(names, seat) for seat in unit) for unit in view.units]


def match_winners(view: SeatView) -> tuple[int, ...]:
    """The winning units of a finished match, read from the final scores and the variant's kind
    of scoring (the last hand's winners where no points are kept)."""
    if not view.over or not view.results:
        return ()
    try:
        scoring = get_variant(view.variant).scoring
    except UnknownVariant:
        scoring = Scoring.REWARD
    scores = view.scores
    if scoring is Scoring.NONE:
        seats = set(view.results[-1].winners)
        return tuple(index for index, unit in enumerate(view.units) if seats & set(unit))
    goal = max(scores) if scoring is Scoring.REWARD else min(scores)
    return tuple(index for index, score in enumerate(scores) if score == goal)


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
    palette = get_theme(theme)
    if len(names) != view.players:
        raise ValueError(f"names lists {len(names)} seats; the table has {view.players}")
    units = unit_names(view, names, wording=wording)
    column = (WIDTH - 2 * MARGIN - FIRST_COLUMN) // max(1, len(units))
    results = view.results[-MAX_HANDS:]
    earlier = len(view.results) - len(results)
    heights = [_row_height(result, view, column) for result in results]
    height = 60 + 34 + (LINE if earlier else 0) + sum(heights) + 40 + (40 if view.over else 0) + 16
    canvas = Image.new("RGB", (WIDTH, height), palette.background)
    draw = ImageDraw.Draw(canvas)
    title = font(20, bold=True)
    try:
        game = wording.game_name(view.variant, get_variant(view.variant).name)
    except UnknownVariant:
        game = wording.game_name(view.variant, view.variant)
    heading = wording.say(wording.sheet_title, game=game)
    draw_text(draw, (MARGIN, 16), heading, face=title, fill=palette.ink)
    at = (WIDTH - MARGIN, 22)
    line = target_line(view, wording=wording)
    draw_text(draw, at, line, face=font(15), fill=palette.muted, anchor="ra")
    y = 60
    bold = font(14, bold=True)
    for index, unit in enumerate(units):
        left = MARGIN + FIRST_COLUMN + index * column
        draw_text(
            draw, (left + 6, y + 8), fit(unit, bold, column - 10), face=bold, fill=palette.ink
        )
    draw_text(draw, (MARGIN + 6, y + 8), wording.sheet_hand_column, face=bold, fill=palette.ink)
    y += 34
    draw.line((MARGIN, y - 4, WIDTH - MARGIN, y - 4), fill=palette.panel_edge, width=1)
    if earlier:
        text = wording.plural(wording.sheet_earlier, earlier, count=earlier)
        draw_text(draw, (MARGIN + 6, y), text, face=font(13), fill=palette.muted)
        y += LINE
    for result, row_height in zip(results, heights, strict=True):
        _hand_row(canvas, draw, view, names, result, y, row_height, column, palette, wording)
        y += row_height
    _totals(draw, view, y, column, palette, wording)
    y += 40
    if view.over:
        winners = match_winners(view)
        text = wording.and_list([units[index] for index in winners])
        several = len(winners) > 1 or any(len(view.units[index]) > 1 for index in winners)
        template = wording.sheet_several_win if several else wording.sheet_one_wins
        message = wording.say(template, names=text) if winners else wording.sheet_draw
        _winner_mark(draw, MARGIN + 10, y + 14, palette)
        draw_text(
            draw,
            (MARGIN + 24, y + 14),
            message,
            face=font(17, bold=True),
            fill=palette.ink,
            anchor="lm",
        )
    return canvas


def _tiles_per_line(column: int, indent: int) -> int:
    return max(1, (column - 12 - indent) // (_mini(column) + 3))


def _row_height(result: HandResult, view: SeatView, column: int) -> int:
    lines = 1
    per_line = _tiles_per_line(column, _indent(view))
    mini = _mini(column)
    for unit in view.units:
        unit_lines = sum(
            max(1, -(-len(result.outcome.hands[seat]) // per_line))
            for seat in unit
            if seat < len(result.outcome.hands)
        )
        lines = max(lines, unit_lines)
    extra = LINE if _narrow(column) else 0
    return LINE + 4 + extra + lines * (2 * mini + 6) + 8


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
    number = wording.number(result.number + 1)
    draw_text(draw, (MARGIN + 8, top + 8), number, face=font(16, bold=True), fill=theme.ink)
    how = wording.hand_end(outcome.end)
    if outcome.went_out is not None:
        who = wording.seat_name(names, outcome.went_out)
        how = wording.say(wording.sheet_went_out, end=how, name=who)
    draw_text(
        draw,
        (MARGIN + 34, top + 10),
        fit(how, font(13), FIRST_COLUMN - 38),
        face=font(13),
        fill=theme.muted,
    )
    winners = set(result.winners)
    per_line = _tiles_per_line(column, _indent(view))
    mini = _mini(column)
    for index, unit in enumerate(view.units):
        left = MARGIN + FIRST_COLUMN + index * column
        points = result.points[index] if index < len(result.points) else 0
        score = result.scores[index] if index < len(result.scores) else 0
        won = bool(winners & set(unit))
        face = font(14, bold=won)
        text_left = left + 6
        if won:
            _winner_mark(draw, left + 10, top + 17, theme)
            text_left = left + 20
        draw_text(draw, (text_left, top + 8), wording.signed(points), face=face, fill=theme.ink)
        y = top + LINE + 6
        if _narrow(column):  # the running total goes under the points
            total = f"= {wording.number(score)}"
            draw_text(draw, (left + 6, y - 2), total, face=font(13), fill=theme.muted)
            y += LINE
        else:
            at = (left + column - 12, top + 8)
            draw_text(draw, at, wording.number(score), face=face, fill=theme.ink, anchor="ra")
        label = font(12)
        indent = _indent(view)
        for seat in unit:
            tiles = outcome.hands[seat] if seat < len(outcome.hands) else ()
            if indent:
                who = fit(wording.seat_name(names, seat), label, indent - 6)
                draw_text(
                    draw, (left + 6, y + mini), who, face=label, fill=theme.muted, anchor="lm"
                )
            for start in range(0, max(1, len(tiles)), per_line):
                for offset, tile in enumerate(tiles[start : start + per_line]):
                    sprite = tile_sprite(tile.high, tile.low, mini, 90, theme)
                    canvas.paste(sprite, (left + 6 + indent + offset * (mini + 3), y), sprite)
                if not tiles:
                    seated = seat >= len(outcome.seated) or outcome.seated[seat]
                    if outcome.went_out == seat:
                        out = wording.sheet_out
                    else:
                        out = wording.sheet_none_left if seated else wording.sheet_sat_out
                    at = (left + 6 + indent, y + mini)
                    draw_text(draw, at, out, face=label, fill=theme.muted, anchor="lm")
                y += 2 * mini + 6


def _totals(
    draw: ImageDraw.ImageDraw,
    view: SeatView,
    top: int,
    column: int,
    theme: Theme,
    wording: Wording,
) -> None:
    bold = font(16, bold=True)
    draw_text(draw, (MARGIN + 8, top + 12), wording.sheet_total, face=bold, fill=theme.ink)
    for index, score in enumerate(view.scores):
        at = (MARGIN + FIRST_COLUMN + index * column + column - 12, top + 12)
        draw_text(draw, at, wording.number(score), face=bold, fill=theme.ink, anchor="ra")


def _winner_mark(draw: ImageDraw.ImageDraw, x: float, y: float, theme: Theme) -> None:
    draw.ellipse((x - 5, y - 5, x + 5, y + 5), fill=theme.turn)
