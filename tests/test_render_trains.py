"""The Mexican Train picture read as a phone shows it (380 px wide): every train's owner and
marker, an uncovered double flagged, every text at the phone's floor, the pips' floor kept for
double-twelve, a long train folded inside its own lane."""

from __future__ import annotations

import itertools
import random

import pytest

from engine import Match
from engine.trains import TrainsView, trains_of
from engine.variants.mexican_train import MexicanTrain
from engine.view import SeatView
from render.sprites import min_cell
from render.text import recording, smallest_type
from render.trains import MARGIN, WIDTH, cell_for, plan_lanes, trains_image
from render.wording import ENGLISH

NAMES = ["Ana", "Bartholomew-the-long-name", "Chen", "Dee", "Eve", "Femi", "Gus", "Hana"]


def position(players: int, want: str, seed: str) -> SeatView:
    """The view of the seat to play at the first moment of random games where `want` holds:
    `uncovered` (a double left uncovered and an open train), `long` (a train of 12 tiles)."""
    for attempt in range(300):
        rng = random.Random(f"{seed}:{attempt}")
        match = Match(MexicanTrain(players, {}), seed=f"{seed}:{attempt}")
        hand = match.start_hand()
        while not hand.over:
            view = match.view_for(hand.turn)
            table = trains_of(view)
            assert table is not None
            if want == "uncovered" and table.uncovered and any(t.open for t in table.trains[:-1]):
                return view
            if want == "long" and max(len(train.tiles) for train in table.trains) >= 12:
                return view
            match.apply(rng.choice(view.legal))
    raise AssertionError(f"no position with {want}")


def texts_of(view: SeatView, players: int) -> list[str]:
    with recording() as boxes:
        trains_image(view, names=NAMES[:players])
    assert all(box.size >= smallest_type(WIDTH) for box in boxes), [
        (box.text, box.size) for box in boxes if box.size < smallest_type(WIDTH)
    ]
    return [box.text for box in boxes]


@pytest.mark.parametrize("players", [3, 8])
def test_every_train_shows_its_owner_marker_and_the_uncovered_double(players: int) -> None:
    view = position(players, "uncovered", f"pic:{players}")
    table = trains_of(view)
    assert isinstance(table, TrainsView)
    drawn = texts_of(view, players)
    for seat in range(players):
        assert any(NAMES[seat][:3] in text for text in drawn), NAMES[seat]
    assert ENGLISH.train_mexican in drawn
    opened = sum(train.open for train in table.trains[:-1])
    assert drawn.count(ENGLISH.train_open) == opened > 0
    assert drawn.count(ENGLISH.train_cover) == sum(train.uncovered for train in table.trains) >= 1
    double = table.train(table.uncovered[0]).tiles[-1]
    assert ENGLISH.say(ENGLISH.train_must_cover, tile=str(double)) in drawn


def test_double_twelve_pips_keep_the_phone_floor() -> None:
    view = position(4, "uncovered", "pic:pips")
    assert cell_for(view) >= min_cell(12, picture_width=WIDTH)


def test_a_long_train_folds_inside_its_lane() -> None:
    view = position(8, "long", "pic:long")
    table = trains_of(view)
    assert table is not None
    cell = cell_for(view)
    lanes = plan_lanes(table, cell)
    longest = max(lanes, key=lambda lane: len(lane.tiles))
    assert len(longest.rows) > 1
    for lane in lanes:
        for tile, _, x, row in lane.tiles:
            width = cell if tile.is_double else 2 * cell
            assert x > MARGIN and x + width < WIDTH - MARGIN
            row_top, row_height = lane.rows[row]
            assert lane.top < row_top and row_top + row_height <= lane.top + lane.height
    for upper, lower in itertools.pairwise(lanes):
        assert upper.top + upper.height < lower.top
