"""Dominosa's board and exact solver: grids are checked, solutions are counted exactly."""

from __future__ import annotations

import random

import pytest

from engine.puzzles.cells import BadPuzzle
from engine.puzzles.dominosa import deal_numbers, random_tiling
from engine.puzzles.dominosa_board import DominosaBoard, solve
from engine.tiles import Tile
from tests.engine.puzzles.grids import AMBIGUOUS, EASY_GRID, UNSOLVABLE


def brute_force_count(grid: tuple[tuple[int, ...], ...]) -> int:
    """Every tiling of the rectangle, kept when its tiles are all different (no solver)."""
    rows, cols = len(grid), len(grid[0])
    covered = [[False] * cols for _ in range(rows)]

    def tilings(used: frozenset[Tile]) -> int:
        for r in range(rows):
            for c in range(cols):
                if not covered[r][c]:
                    total = 0
                    for dr, dc in ((0, 1), (1, 0)):
                        r2, c2 = r + dr, c + dc
                        if r2 < rows and c2 < cols and not covered[r2][c2]:
                            tile = Tile(grid[r][c], grid[r2][c2])
                            if tile in used:
                                continue
                            covered[r][c] = covered[r2][c2] = True
                            total += tilings(used | {tile})
                            covered[r][c] = covered[r2][c2] = False
                    return total
        return 1

    return tilings(frozenset())


def test_double_six_grid_is_seven_rows_of_eight() -> None:
    board = DominosaBoard(EASY_GRID)
    assert (board.rows, board.cols, board.top, board.tile_count) == (7, 8, 6, 28)


@pytest.mark.parametrize(
    ("grid", "reason"),
    [
        ([[0, 1, 2]], "a grid has 4 to 10 rows"),
        ([[0, 1, 2, 3, 0], [1, 2, 3, 0, 1], [2, 3, 0, 1, 2], [3, 0, 1, 2]], "row 3 has 4"),
        ([[0, 1, 2, 3, 4], [1, 2, 3, 0, 1], [2, 3, 0, 1, 2], [3, 0, 1, 2, 3]], "not 4"),
        ([[0, 0, 0, 0, 0], [0, 1, 1, 1, 1], [2, 2, 2, 2, 2], [3, 3, 3, 3, 1]], "0 shows 6"),
        ([[0, 1, 2, 3, 0], [1, 2, "3", 0, 1], [2, 3, 0, 1, 2], [3, 0, 1, 2, 3]], "row 1"),
        ("0123", "a list of rows"),
    ],
)
def test_malformed_grid_is_refused_with_a_reason(grid: object, reason: str) -> None:
    with pytest.raises(BadPuzzle, match=reason):
        DominosaBoard(grid)


def test_solver_proves_a_generated_grid_unique() -> None:
    found = solve(DominosaBoard(EASY_GRID), cap=2)
    assert found.count == 1 and found.unique and found.exhaustive


def test_solver_counts_every_solution_of_an_ambiguous_grid() -> None:
    board = DominosaBoard(AMBIGUOUS)
    assert solve(board, cap=100).count == brute_force_count(AMBIGUOUS) == 8
    capped = solve(board, cap=2)
    assert capped.count == 2 and not capped.unique and not capped.exhaustive


def test_grid_with_right_counts_can_still_have_no_solution() -> None:
    assert solve(DominosaBoard(UNSOLVABLE)).count == 0 == brute_force_count(UNSOLVABLE)


def test_solver_agrees_with_brute_force_on_random_double_three_grids() -> None:
    rng = random.Random(4)
    for _ in range(25):
        dominoes = random_tiling(4, 5, rng)
        numbers = deal_numbers(dominoes, 3, 20, rng)
        grid = tuple(tuple(numbers[r * 5 : (r + 1) * 5]) for r in range(4))
        assert solve(DominosaBoard(grid), cap=10_000).count == brute_force_count(grid)


def test_solutions_keeping_a_placement_are_counted_with_it() -> None:
    board = DominosaBoard(AMBIGUOUS)
    every = solve(board, cap=100).found
    spot = every[0][0]
    keeping = solve(board, placed=[spot], cap=100)
    assert keeping.count == sum(1 for solution in every if spot in solution)
    assert all(spot in solution for solution in keeping.found)


def test_placements_that_block_each_other_have_no_solution() -> None:
    board = DominosaBoard(EASY_GRID)
    first = board.spot((0, 0), (0, 1))
    second = board.spot((0, 1), (0, 2))
    assert first is not None and second is not None
    assert solve(board, placed=[first, second]).count == 0


def test_spots_are_side_by_side_cells_only() -> None:
    board = DominosaBoard(EASY_GRID)
    assert board.spot((0, 0), (1, 0)) == board.spot((1, 0), (0, 0)) is not None
    assert board.spot((0, 0), (1, 1)) is None
    assert board.spot((0, 7), (1, 0)) is None  # consecutive numbers, not neighbours
    assert board.spot((6, 7), (7, 7)) is None
