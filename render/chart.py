"""The rating trend: a small line chart of a player's rating after each rated match, oldest on the
left, for `/stats`.

The vertical axis spans the ratings with a little room above and below, its ends rounded to a
whole step so the labels read cleanly; a flat trend still gets a band of `MIN_SPAN` around it.
The last point is marked with a disc *and* labelled with its value, so the current rating never
depends on colour. Pure: ratings in, PNG bytes out; no Discord, no database.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.encode import png_bytes
from render.text import fit, font, put_text
from render.theme import get_theme
from render.wording import ENGLISH, Wording

WIDTH = 480
HEIGHT = 200
MARGIN = 10
LEFT_AXIS = 46  # room for the rating labels
TITLE = 24
BOTTOM = 18
MIN_SPAN = 4.0  # the smallest rating band shown, so a flat trend is not blown up
TICKS = 4  # horizontal grid lines, ends included
MAX_POINTS = 500


@dataclass(frozen=True, slots=True)
class ChartPlan:
    """Everything about the chart but the pixels: the rating band, the grid values and where each
    rating lands (x, y in pixels). What the tests check."""

    low: float
    high: float
    ticks: tuple[float, ...]
    points: tuple[tuple[float, float], ...]
    plot: tuple[int, int, int, int]  # left, top, right, bottom of the plot area
    width: int
    height: int


def _step(span: float) -> float:
    """A round step (1, 2 or 5 times a power of ten) that cuts `span` in about `TICKS - 1`."""
    raw = span / (TICKS - 1)
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return float(factor * power)
    return float(10 * power)  # pragma: no cover - the loop always returns


def plan_chart(ratings: Sequence[float], *, width: int = WIDTH, height: int = HEIGHT) -> ChartPlan:
    """Where everything goes. `ratings` oldest first; at least one, all finite."""
    if not ratings:
        raise ValueError("a rating chart needs at least one rating")
    if len(ratings) > MAX_POINTS:
        raise ValueError(f"a rating chart shows at most {MAX_POINTS} ratings")
    if not all(math.isfinite(rating) for rating in ratings):
        raise ValueError("ratings must be finite numbers")
    if width < 160 or height < 100:
        raise ValueError("a rating chart is at least 160 by 100 pixels")
    lowest, highest = min(ratings), max(ratings)
    middle = (lowest + highest) / 2
    half = max(highest - lowest, MIN_SPAN) / 2 * 1.1  # a tenth of room around the extremes
    step = _step(2 * half)
    low = math.floor((middle - half) / step) * step
    high = math.ceil((middle + half) / step) * step
    ticks = tuple(low + step * index for index in range(round((high - low) / step) + 1))
    left, top = MARGIN + LEFT_AXIS, MARGIN + TITLE
    right, bottom = width - MARGIN - 8, height - MARGIN - BOTTOM
    count = len(ratings)
    points = tuple(
        (
            left + (right - left) * (index / (count - 1) if count > 1 else 0.5),
            bottom - (bottom - top) * (rating - low) / (high - low),
        )
        for index, rating in enumerate(ratings)
    )
    return ChartPlan(low, high, ticks, points, (left, top, right, bottom), width, height)


def _label(value: float, wording: Wording) -> str:
    return wording.number(value, decimals=0 if float(value).is_integer() else 1)


def rating_chart_image(
    ratings: Sequence[float],
    *,
    title: str | None = None,
    caption: str = "",
    theme: str = "light",
    width: int = WIDTH,
    height: int = HEIGHT,
    wording: Wording = ENGLISH,
) -> Image.Image:
    """The chart as a Pillow image (what `rating_chart_png` encodes)."""
    palette = get_theme(theme)
    plan = plan_chart(ratings, width=width, height=height)
    left, top, right, bottom = plan.plot
    canvas = Image.new("RGB", (plan.width, plan.height), palette.background)
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((left, top, right, bottom), fill=palette.panel, outline=palette.panel_edge)
    heading = fit(
        wording.chart_title if title is None else title,
        font(15, bold=True),
        plan.width - 2 * MARGIN,
    )
    put_text(canvas, (MARGIN, MARGIN), heading, size=15, colour=palette.ink, bold=True)
    for tick in plan.ticks:
        y = bottom - (bottom - top) * (tick - plan.low) / (plan.high - plan.low)
        if top < y < bottom:
            draw.line((left + 1, y, right - 1, y), fill=palette.panel_edge, width=1)
        label = _label(tick, wording)
        put_text(canvas, (left - 6, y), label, size=12, colour=palette.muted, anchor="rm")
    if caption:
        text = fit(caption, font(12), right - left)
        put_text(canvas, (left, bottom + 4), text, size=12, colour=palette.muted)
    if len(plan.points) > 1:
        draw.line(plan.points, fill=palette.turn, width=3, joint="curve")
    x, y = plan.points[-1]
    draw.ellipse((x - 5, y - 5, x + 5, y + 5), fill=palette.last, outline=palette.edge)
    value = _label(round(ratings[-1], 1), wording)
    anchor = "rb" if y - top > 18 else "rt"
    put_text(canvas, (x - 8, y - 6 if anchor == "rb" else y + 6), value, size=13,
             colour=palette.ink, bold=True, anchor=anchor)  # fmt: skip
    return canvas


def rating_chart_png(
    ratings: Sequence[float],
    *,
    title: str | None = None,
    caption: str = "",
    theme: str = "light",
    width: int = WIDTH,
    height: int = HEIGHT,
    wording: Wording = ENGLISH,
) -> bytes:
    """The rating trend as PNG bytes: `ratings` oldest first (at least one). `title` heads the
    chart (`wording`'s "Rating" when left out); `caption` (optional) goes under the plot, e.g. how
    many matches it spans. Numbers are written in `wording`'s language."""
    image = rating_chart_image(
        ratings,
        title=title,
        caption=caption,
        theme=theme,
        width=width,
        height=height,
        wording=wording,
    )
    return png_bytes(image, get_theme(theme))
