"""Places and openskill updates, without a database."""

from __future__ import annotations

import pytest

from data import DataError, SeatResult
from data.ratings import NEWCOMER, rate, unit_places


def seat(unit: int, points: int, won: bool, place: int | None = None) -> SeatResult:
    return SeatResult(unit, unit + 1, f"p{unit}", unit, points, won, place)


def test_reward_games_place_the_winner_then_more_points_higher() -> None:
    seats = [seat(0, 40, False), seat(1, 150, True), seat(2, 90, False), seat(3, 40, False)]
    assert unit_places(seats, "reward") == {1: 1, 2: 2, 0: 3, 3: 3}


def test_penalty_games_place_fewer_points_higher() -> None:
    seats = [seat(0, 40, False), seat(1, 10, True), seat(2, 90, False)]
    assert unit_places(seats, "penalty") == {1: 1, 0: 2, 2: 3}


def test_a_draw_with_no_winner_ties_everyone() -> None:
    assert unit_places([seat(0, 0, False), seat(1, 0, False)], "none") == {0: 1, 1: 1}


def test_given_places_win_over_scores() -> None:
    seats = [seat(0, 0, False, 2), seat(1, 99, False, 1)]
    assert unit_places(seats, "penalty") == {0: 2, 1: 1}
    with pytest.raises(DataError, match="every unit or for none"):
        unit_places([seat(0, 0, False, 2), seat(1, 99, False)], "penalty")


def test_a_newcomer_starts_at_zero_and_a_lone_unit_changes_nothing() -> None:
    assert NEWCOMER.rating == pytest.approx(0.0)
    assert rate([[NEWCOMER]], [1]) == [[NEWCOMER]]


def test_partners_move_together_and_a_tie_moves_nobody_apart() -> None:
    (a, c), (b, d) = rate([[NEWCOMER, NEWCOMER], [NEWCOMER, NEWCOMER]], [1, 2])
    assert a == c and b == d and a.mu > NEWCOMER.mu > b.mu
    (x,), (y,) = rate([[NEWCOMER], [NEWCOMER]], [1, 1])
    assert x == y
