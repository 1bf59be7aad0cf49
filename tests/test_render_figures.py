"""The figures of the cross and star games as players lay them, and the open ends' tags as players
name them: every arm of a spinner or star starts against the centre double, opposite arms mirror
each other, the longest hands fit the picture with tiles big enough to read, and every tag sits
against its open end, named by the number it shows (and a side only where two ends show the
same number), as the move buttons name it."""

from __future__ import annotations

import math
import random
import re
from functools import cache

import pytest

from engine import Match
from engine.actions import Play
from engine.layout import Shape
from engine.view import SeatView
from render.board import BoardPlan, plan_board, tag_centres, tag_texts
from render.hand import plays_by_tile, table_line
from render.labels import move_label
from render.marks import covers, tag_size
from render.spots import Spot
from render.theme import LIGHT
from tests.render_positions import full_line, grown, view_of

Point = tuple[float, float]

# A pip square at least this many pixels in the 800-pixel picture: 8 on a phone, where Discord
# shows the picture 380 pixels wide. Smaller, the pips run together.
READABLE_CELL = 17
COMPASS = re.compile(r"\b(N|NE|E|SE|S|SW|W|NW)(\d+[ab])*\b")


@cache
def late(variant: str, players: int, seed: int) -> SeatView:
    """The view with the most tiles on the table in a seeded random hand (the seat to play's
    view, with its moves)."""
    rng = random.Random(seed)
    match = Match(variant, players, {}, seed=seed)
    hand = match.start_hand()
    best: SeatView | None = None
    while not hand.over:
        turn = hand.turn
        assert turn is not None
        view = match.view_for(turn)
        if best is None or len(view.layout.placements) > len(best.layout.placements):
            best = view
        match.apply(rng.choice(match.legal_actions(turn)))
    assert best is not None
    return best


def longest(variant: str, players: int) -> SeatView:
    """The latest of four seeded hands."""
    hands = [late(variant, players, seed) for seed in range(4)]
    return max(hands, key=lambda view: len(view.layout.placements))


LATE = {
    "cross": ("cross", 4),
    "double-cross": ("double-cross", 4),
    "maltese": ("maltese", 4),
    "sebastopol": ("sebastopol", 4),
    "cross-nine": ("cross-nine", 4),
    "cyprus-4": ("cyprus", 4),
    "cyprus-10": ("cyprus", 10),
}


def _distance(a: list[Point], b: list[Point]) -> float:
    """The gap between two tiles' outlines that do not overlap (0 where they touch)."""

    def to_segment(p: Point, q: Point, r: Point) -> float:
        (px, py), (qx, qy), (rx, ry) = p, q, r
        dx, dy = rx - qx, ry - qy
        t = max(0.0, min(1.0, ((px - qx) * dx + (py - qy) * dy) / (dx * dx + dy * dy)))
        return math.hypot(px - qx - t * dx, py - qy - t * dy)

    return min(
        to_segment(p, outline[i], outline[(i + 1) % 4])
        for points, outline in ((a, b), (b, a))
        for p in points
        for i in range(4)
    )


def _first_tiles(plan: BoardPlan) -> dict[str, Spot]:
    firsts: dict[str, Spot] = {}
    for spot in sorted(plan.arrangement.spots, key=lambda spot: spot.order):
        if spot.arm is not None and spot.arm not in firsts:
            firsts[spot.arm] = spot
    return firsts


MIRRORS = {"NE": "NW", "E": "W", "SE": "SW", "N": "S"}


@pytest.mark.parametrize(
    ("variant", "shape", "top", "opens"),
    [("cross", Shape.SPINNER, 6, False), ("cross-nine", Shape.SPINNER, 9, True),
     ("cyprus", Shape.STAR, 9, False)],
)  # fmt: skip
def test_every_arm_starts_against_the_centre_double_and_mirrors_its_opposite(
    variant: str, shape: Shape, top: int, opens: bool
) -> None:
    layout = grown(shape, top, 4, opens=opens, limit=20 if opens else 99)
    plan = plan_board(view_of(layout, variant=variant))
    lead = plan.arrangement.spots[0]
    firsts = _first_tiles(plan)
    lead_arms = [arm for arm in firsts if arm in ("N", "NE", "E", "SE", "S", "SW", "W", "NW")]
    assert len(lead_arms) >= 4
    for arm in lead_arms:
        gap = _distance(firsts[arm].corners(), lead.corners())
        assert gap <= 0.3, f"the first tile of {arm} lies {gap:.2f} units off the centre double"
    for arm, mirror in MIRRORS.items():
        if arm in firsts and mirror in firsts:
            one, other = firsts[arm], firsts[mirror]
            x_mirror = (round(one.x, 6), round(one.y, 6)) == (round(-other.x, 6), round(other.y, 6))
            y_mirror = (round(one.x, 6), round(one.y, 6)) == (round(other.x, 6), round(-other.y, 6))
            assert x_mirror or y_mirror, f"{arm} and {mirror} do not mirror each other"


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("name", LATE)
def test_late_hands_fit_the_picture_with_tiles_big_enough_to_read(name: str, seed: int) -> None:
    view = late(*LATE[name], seed)
    plan = plan_board(view)
    assert len(plan.arrangement.spots) == len(view.layout.placements)
    bottom = plan.header + plan.table_height
    for spot in plan.arrangement.spots:
        for x, y in plan.placer.polygon(spot):
            assert 0 <= x <= plan.width and plan.header <= y <= bottom
    assert plan.cell >= READABLE_CELL, (
        f"{len(view.layout.placements)} tiles drawn with {plan.cell}-pixel pip squares"
    )


STAR_HEADINGS = {"N": -90, "NE": -45, "E": 0, "SE": 45, "S": 90, "SW": 135, "W": 180, "NW": -135}


@pytest.mark.parametrize("name", ["cyprus-4", "cyprus-10"])
def test_every_star_arm_stays_in_its_own_eighth(name: str) -> None:
    """Straight out from the 9-9, folding to its clockwise side (or back into the eighth behind
    it where that arm is empty) and never past the next arm's line: a player follows each arm
    from the centre without crossing another's ground."""
    view = longest(*LATE[name])
    plan = plan_board(view)
    order = list(STAR_HEADINGS)
    for spot in plan.arrangement.spots[1:]:
        assert spot.arm is not None
        behind = order[order.index(spot.arm) - 1]
        lowest = 315 if not view.layout.arms[behind].tiles else 359
        turn = (math.degrees(math.atan2(spot.y, spot.x)) - STAR_HEADINGS[spot.arm]) % 360
        assert turn <= 45 or turn >= lowest, f"{spot.tile} of {spot.arm} lies {turn:.0f} degrees"


def _tag_boxes(plan: BoardPlan) -> list[tuple[float, float, float, float]]:
    boxes = []
    for text, (x, y) in zip(tag_texts(plan), tag_centres(plan), strict=True):
        width, height = tag_size(text, plan.tag_size, LIGHT)
        boxes.append((x - width / 2, y - height / 2, x + width / 2, y + height / 2))
    return boxes


def _open_tile(plan: BoardPlan, arm: str) -> Spot:
    """The tile whose open end the arm's tag names: its last tile, or the tile it leaves."""
    view_spots = [spot for spot in plan.arrangement.spots if spot.arm == arm]
    if view_spots:
        return max(view_spots, key=lambda spot: spot.order)
    return plan.arrangement.spots[0]


SNAKED = {
    "snaked-line": view_of(full_line(6), players=4),
    **{name: longest(*game) for name, game in LATE.items()},
}


@pytest.mark.parametrize("name", SNAKED)
def test_each_tag_sits_against_its_open_end_and_covers_no_tile(name: str) -> None:
    view = SNAKED[name]
    plan = plan_board(view)
    tiles = [plan.placer.polygon(spot) for spot in plan.arrangement.spots]
    for end, box in zip(plan.arrangement.tags, _tag_boxes(plan), strict=True):
        if not view.layout.arms[end.arm].tiles and view.layout.arms[end.arm].kind == "branch":
            continue  # an empty branch leaves a double that is not the last tile of its arm
        left, top, right, bottom = box
        outline = [(left, top), (right, top), (right, bottom), (left, bottom)]
        near = plan.placer.polygon(_open_tile(plan, end.arm))
        gap = _distance(outline, near) if not covers(box, near) else 0.0
        assert gap <= 10, f"the tag of {end.arm} lies {gap:.0f} pixels from its tile"
        assert not any(covers(box, tile) for tile in tiles), f"the tag of {end.arm} covers a tile"


@pytest.mark.parametrize("name", SNAKED)
def test_tags_name_ends_by_their_number_as_the_move_buttons_do(name: str) -> None:
    view = SNAKED[name]
    plan = plan_board(view)
    texts = dict(zip((end.arm for end in plan.arrangement.tags), tag_texts(plan), strict=True))
    numbers = [end.number for end in plan.arrangement.tags]
    for end in plan.arrangement.tags:
        text = texts[end.arm]
        assert not COMPASS.search(text), text
        assert text.split(" ")[0] == str(end.number)
        # a side word only where another open end shows the same number
        assert (text == str(end.number)) == (numbers.count(end.number) == 1), text
    assert len(set(texts.values())) == len(texts)  # no two ends share a name
    for action in view.legal:
        if isinstance(action, Play) and isinstance(action.end, str):
            label = move_label(action, view=view)
            assert label == f"{action.tile} on {texts[action.end]}"
            assert not COMPASS.search(label)


def test_a_french_stack_shows_the_edge_of_every_tile_under_another() -> None:
    """Each tile lies on the half it matches, pushed a little aside, so the edge of the tile
    under it shows: a newcomer sees whole tiles in a pile, not a row of half tiles."""
    view = late("french", 2, 4)
    plan = plan_board(view)
    spots = sorted(plan.arrangement.spots, key=lambda spot: spot.order)
    by_arm: dict[str, list[Spot]] = {}
    for spot in spots[1:]:
        assert spot.arm is not None
        by_arm.setdefault(spot.arm, []).append(spot)
    stacked = 0
    for arm_spots in by_arm.values():
        for under, over in zip([spots[0], *arm_spots], arm_spots, strict=False):
            if under.angle != over.angle:
                continue  # a corner: the tiles cross
            across = abs(over.y - under.y) if over.angle == 0 else abs(over.x - under.x)
            assert across >= 0.3, f"{over.tile} hides the edge of {under.tile}"
            stacked += 1
    assert stacked >= 6


@pytest.mark.parametrize("name", SNAKED)
def test_the_hand_picture_names_moves_as_the_buttons_and_tags_do(name: str) -> None:
    view = SNAKED[name]
    labels = plays_by_tile(view.legal, view=view)
    for action in view.legal:
        if isinstance(action, Play):
            assert move_label(action, view=view) in labels[action.tile]
    assert not any(COMPASS.search(label) for names in labels.values() for label in names)


@pytest.mark.parametrize("name", SNAKED)
def test_the_hand_pictures_ends_line_names_ends_as_the_board_tags_do(name: str) -> None:
    view = SNAKED[name]
    line = table_line(view)
    assert not COMPASS.search(line), line
    for text in tag_texts(plan_board(view)):
        assert text in line
