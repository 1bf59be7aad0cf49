"""Generated Dominosa puzzles: exactly one solution, the requested difficulty, reproducible."""

from __future__ import annotations

import pytest

from engine.puzzles.cells import BadPuzzle
from engine.puzzles.dominosa import DIFFICULTIES, DominosaPuzzle, generate, grade
from engine.puzzles.dominosa_board import solve
from engine.tiles import Tile, domino_set


def assert_solution_lays_the_whole_set(puzzle: DominosaPuzzle) -> None:
    cells = [cell for pair in puzzle.solution for cell in pair]
    assert sorted(cells) == [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    tiles = []
    for (r1, c1), (r2, c2) in puzzle.solution:
        assert abs(r1 - r2) + abs(c1 - c2) == 1
        tiles.append(Tile(puzzle.grid[r1][c1], puzzle.grid[r2][c2]))
    assert sorted(tiles, key=lambda tile: tile.index) == list(domino_set(puzzle.top))


@pytest.mark.parametrize("top", range(3, 10))
@pytest.mark.parametrize("difficulty", list(DIFFICULTIES))
def test_generated_puzzle_has_exactly_one_solution_of_its_difficulty(
    top: int, difficulty: str
) -> None:
    puzzle = generate(top, difficulty, seed=top)
    assert (puzzle.rows, puzzle.cols) == (top + 1, top + 2)
    assert_solution_lays_the_whole_set(puzzle)
    found = solve(puzzle.board, cap=2)
    assert found.count == 1
    assert {frozenset(puzzle.board.spot_pair(s)) for s in found.found[0]} == {
        frozenset(pair) for pair in puzzle.solution
    }
    assert grade(puzzle.board) == difficulty


def test_many_puzzles_of_every_size_all_have_one_solution() -> None:
    levels = list(DIFFICULTIES)
    for top in range(3, 10):
        for seed in range(100, 104):
            puzzle = generate(top, levels[seed % 3], seed)
            assert solve(puzzle.board, cap=2).count == 1
            assert_solution_lays_the_whole_set(puzzle)


def test_same_seed_same_puzzle_and_another_seed_another() -> None:
    assert generate(6, "easy", "table-7") == generate(6, "easy", "table-7")
    assert generate(6, "easy", 1).grid != generate(6, "easy", 2).grid


@pytest.mark.parametrize(
    ("top", "difficulty", "reason"),
    [
        (2, "easy", "double-3 to double-9"),
        (10, "easy", "double-3 to double-9"),
        (6, "fiendish", "difficulty is one of easy, medium, hard"),
    ],
)
def test_bad_options_are_refused(top: int, difficulty: str, reason: str) -> None:
    with pytest.raises(BadPuzzle, match=reason):
        generate(top, difficulty, 0)


def test_puzzle_json_round_trip_checks_the_solution() -> None:
    puzzle = generate(5, "medium", 9)
    again = DominosaPuzzle.from_json(puzzle.to_json())
    assert again == puzzle
    tampered = puzzle.to_json()
    tampered["solution"] = tampered["solution"][1:] + tampered["solution"][:1]
    assert DominosaPuzzle.from_json(tampered) == puzzle  # order does not matter
    tampered["solution"][0] = (
        [[0, 0], [0, 1]]
        if puzzle.solution[0] != ((0, 0), (0, 1))
        else [
            [0, 0],
            [1, 0],
        ]
    )
    with pytest.raises(BadPuzzle, match="not the grid's solution"):
        DominosaPuzzle.from_json(tampered)
