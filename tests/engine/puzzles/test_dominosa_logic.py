"""Dominosa reasoning: sound deductions in three levels, grading that is monotone."""

from __future__ import annotations

import pytest

from engine.puzzles.dominosa import DominosaPuzzle, grade
from engine.puzzles.dominosa_board import DominosaBoard
from engine.puzzles.dominosa_logic import EASY, HARD, MEDIUM, Rule, reason
from tests.engine.puzzles.grids import AMBIGUOUS, EASY_GRID, HARD_GRID, MEDIUM_GRID

EXAMPLES = [(EASY_GRID, EASY), (MEDIUM_GRID, MEDIUM), (HARD_GRID, HARD)]


@pytest.mark.parametrize(("grid", "level"), EXAMPLES)
def test_grading_is_monotone_reasoning_below_the_grade_gets_stuck(
    grid: tuple[tuple[int, ...], ...], level: int
) -> None:
    board = DominosaBoard(grid)
    for allowed in (EASY, MEDIUM, HARD):
        assert reason(board, max_level=allowed).solved == (allowed >= level)
    assert reason(board).level == level


def test_grade_names_the_levels() -> None:
    names = [grade(DominosaBoard(grid)) for grid, _ in EXAMPLES]
    assert names == ["easy", "medium", "hard"]


@pytest.mark.parametrize(("grid", "level"), EXAMPLES)
def test_every_deduction_keeps_the_solution(grid: tuple[tuple[int, ...], ...], level: int) -> None:
    puzzle = DominosaPuzzle.from_grid(grid)
    solution = puzzle.solution_spots
    reasoning = reason(puzzle.board)
    assert reasoning.solved
    for step in reasoning.steps:
        if step.place is not None:
            assert step.place in solution
        ruled_out = {s for s in range(len(puzzle.board.spot_cells)) if step.ruled_out >> s & 1}
        assert not ruled_out & solution
    assert set(reasoning.state.placed()) == solution


def test_easy_puzzle_needs_only_tiles_and_cells_with_one_place() -> None:
    rules = {step.rule for step in reason(DominosaBoard(EASY_GRID)).steps}
    assert rules == {Rule.ONLY_SPOT}


def test_hard_puzzle_needs_a_chain_that_runs_into_a_dead_end() -> None:
    chains = [step for step in reason(DominosaBoard(HARD_GRID)).steps if step.rule is Rule.CHAIN]
    assert chains and all(step.dead_end is not None for step in chains)


def test_reasoning_cannot_fill_a_grid_with_two_solutions() -> None:
    assert not reason(DominosaBoard(AMBIGUOUS)).solved
