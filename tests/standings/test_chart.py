"""The rating-trend chart of /stats: the band it spans, where each rating lands, the picture."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render.chart import MIN_SPAN, plan_chart, rating_chart_image, rating_chart_png
from render.theme import LIGHT


def test_oldest_rating_on_the_left_newest_on_the_right() -> None:
    plan = plan_chart([10.0, 12.0, 11.0])
    xs = [x for x, _ in plan.points]
    left, _, right, _ = plan.plot
    assert xs == sorted(xs) and xs[0] == left and xs[-1] == right


def test_a_higher_rating_is_drawn_higher() -> None:
    plan = plan_chart([10.0, 14.0, 12.0])
    ys = [y for _, y in plan.points]
    assert ys[1] < ys[2] < ys[0]  # pixel rows grow downwards


def test_the_band_holds_every_rating_with_round_ends() -> None:
    ratings = [3.7, 27.2, 18.4, -4.1]
    plan = plan_chart(ratings)
    assert plan.low <= min(ratings) and plan.high >= max(ratings)
    step = plan.ticks[1] - plan.ticks[0]
    assert plan.ticks[0] == plan.low and plan.ticks[-1] == plan.high
    assert all(tick / step == round(tick / step) for tick in plan.ticks)
    _, top, _, bottom = plan.plot
    assert all(top <= y <= bottom for _, y in plan.points)


def test_a_flat_trend_gets_a_band_and_a_single_rating_sits_in_the_middle() -> None:
    plan = plan_chart([25.0])
    assert plan.high - plan.low >= MIN_SPAN
    left, top, right, bottom = plan.plot
    ((x, y),) = plan.points
    assert x == (left + right) / 2 and top < y < bottom


def test_no_rating_or_a_broken_one_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one"):
        plan_chart([])
    with pytest.raises(ValueError, match="finite"):
        plan_chart([1.0, float("nan")])
    with pytest.raises(ValueError, match="theme"):
        rating_chart_png([1.0], theme="neon")


def test_the_line_is_drawn_in_the_trend_colour_through_the_points() -> None:
    ratings = [5.0, 15.0, 10.0, 20.0]
    image = rating_chart_image(ratings)
    plan = plan_chart(ratings)
    x0, y0 = plan.points[0]
    x1, y1 = plan.points[1]
    middle = (round((x0 + x1) / 2), round((y0 + y1) / 2))
    assert image.getpixel(middle) == LIGHT.turn
    last = tuple(round(v) for v in plan.points[-1])
    assert image.getpixel(last) == LIGHT.last  # the current rating: a disc, and its label


def test_the_png_has_the_asked_size_in_both_themes() -> None:
    for theme in ("light", "dark"):
        data = rating_chart_png([1.0, 2.5, 2.0], title="alice", theme=theme, width=400, height=150)
        assert data.startswith(b"\x89PNG")
        assert Image.open(io.BytesIO(data)).size == (400, 150)
