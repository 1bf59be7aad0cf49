"""Dominosa as a solitaire: placements by cells (free: only what does not fit the grid is
refused), mistakes counted when checked, hints, saving."""

from __future__ import annotations

import json
import random

import pytest

from engine.errors import IllegalAction
from engine.puzzles.cells import BadPuzzle, Cell, cell_text
from engine.puzzles.dominosa import DominosaPuzzle, random_tiling
from engine.puzzles.dominosa_game import DominosaGame
from tests.engine.puzzles.grids import EASY_GRID, HARD_GRID, MEDIUM_GRID


@pytest.fixture(scope="module")
def puzzle() -> DominosaPuzzle:
    return DominosaPuzzle.from_grid(MEDIUM_GRID)


def snapshot(game: DominosaGame) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


def refused(game: DominosaGame, first: tuple[int, int], second: tuple[int, int]) -> str:
    before = snapshot(game)
    with pytest.raises(IllegalAction) as error:
        game.place(first, second)
    assert snapshot(game) == before, "a refused placement changes nothing"
    assert not game.can_place(first, second)
    return str(error.value)


def test_placing_a_tile_of_the_solution_shows_progress(puzzle: DominosaPuzzle) -> None:
    game = DominosaGame(puzzle)
    first, second = puzzle.solution[0]
    placed = game.place(second, first)  # either order
    assert placed.cells == (first, second)
    assert placed.tile.high == max(
        puzzle.grid[first[0]][first[1]], puzzle.grid[second[0]][second[1]]
    )
    assert game.placements == ((first, second),)
    assert str(game.progress) == "1/28 tiles" and not game.solved
    assert game.tile_at(first) == game.tile_at(second) == placed


def test_cells_off_the_grid_are_refused(puzzle: DominosaPuzzle) -> None:
    reason = refused(DominosaGame(puzzle), (7, 0), (6, 0))
    assert reason == "A8 is off the grid: rows go 1-7 and columns A-H"


def test_cells_that_are_not_side_by_side_are_refused(puzzle: DominosaPuzzle) -> None:
    game = DominosaGame(puzzle)
    assert refused(game, (0, 0), (1, 1)) == "A1 and B2 are not side by side"
    assert refused(game, (2, 2), (2, 2)) == "a tile covers two different cells"


def test_a_covered_cell_is_refused_naming_its_tile(puzzle: DominosaPuzzle) -> None:
    game = DominosaGame(puzzle)
    first, second = puzzle.solution[0]
    tile = game.place(first, second).tile
    neighbour = next(
        cell
        for cell in ((first[0] + 1, first[1]), (first[0], first[1] + 1), (first[0] - 1, first[1]))
        if cell != second and puzzle.board.on_grid(cell)
    )
    reason = refused(game, first, neighbour)
    assert reason.startswith(f"{cell_text(first)} is already covered by the {tile} at ")


def wrong_spot(puzzle: DominosaPuzzle, *, apart_from: tuple[Cell, Cell]) -> int:
    """A spot the solution does not have (the test's answer key), off the cells `apart_from`."""
    board = puzzle.board
    return next(
        s
        for s in range(len(board.spot_cells))
        if s not in puzzle.solution_spots and not set(board.spot_pair(s)) & set(apart_from)
    )


def test_a_wrong_placement_is_accepted_and_said_only_when_checked(puzzle: DominosaPuzzle) -> None:
    board = puzzle.board
    game = DominosaGame(puzzle)
    right = puzzle.solution[0]
    game.place(*right)
    placed = game.place(
        *board.spot_pair(wrong_spot(puzzle, apart_from=right))
    )  # no refusal, no reason
    assert placed.cells in game.placements and game.progress.placed == 2
    assert [p.cells for p in game.wrong()] == [placed.cells]  # the Check: the wrong one only
    hint = game.hint()  # a hint names the wrong tile, to take away, not the next tile
    assert hint.takes_away and hint.placement == placed.cells and "take it away" in hint.text
    game.remove(hint.placement[0])
    assert game.wrong() == () and not game.hint().takes_away
    loaded = DominosaGame.from_json(game.to_json())  # the record replays a wrong placement
    assert loaded.placements == game.placements and loaded.hints_used == game.hints_used


def test_a_tile_placed_twice_is_accepted_and_one_of_them_is_wrong(
    puzzle: DominosaPuzzle,
) -> None:
    board = puzzle.board
    for first, second in puzzle.solution:
        spot = board.spot(first, second)
        assert spot is not None
        twins = [
            other
            for other in range(len(board.spot_cells))
            if board.spot_tile[other] == board.spot_tile[spot]
            and not set(board.spot_cells[other]) & set(board.spot_cells[spot])
        ]
        if twins:
            break
    else:
        pytest.fail("every tile of this grid shows once")
    game = DominosaGame(puzzle)
    game.place(first, second)
    game.place(*board.spot_pair(twins[0]))
    assert [p.cells for p in game.wrong()] == [board.spot_pair(twins[0])]


def test_only_a_covered_grid_as_the_solution_has_it_is_solved(puzzle: DominosaPuzzle) -> None:
    board = puzzle.board
    rng = random.Random(5)
    solution = {frozenset(pair) for pair in puzzle.solution}
    while True:
        tiling = [
            (divmod(a, board.cols), divmod(b, board.cols))
            for a, b in random_tiling(board.rows, board.cols, rng)
        ]
        if {frozenset(pair) for pair in tiling} != solution:
            break
    game = DominosaGame(puzzle)
    for first, second in tiling:
        game.place(first, second)
    assert game.covered and not game.solved and game.wrong()
    right = DominosaGame(puzzle)
    for first, second in puzzle.solution:
        assert not right.solved
        right.place(first, second)
    assert right.solved and right.wrong() == ()


def test_removing_a_tile_frees_its_cells(puzzle: DominosaPuzzle) -> None:
    game = DominosaGame(puzzle)
    first, second = puzzle.solution[3]
    game.place(first, second)
    removed = game.remove(second)
    assert removed.cells == (first, second)
    assert game.placements == () and game.tile_at(first) is None
    game.place(first, second)
    with pytest.raises(IllegalAction, match=r"no tile covers A1$"):
        DominosaGame(puzzle).remove((0, 0))


@pytest.mark.parametrize("grid", [EASY_GRID, MEDIUM_GRID, HARD_GRID])
def test_following_the_hints_solves_the_puzzle(grid: tuple[tuple[int, ...], ...]) -> None:
    puzzle = DominosaPuzzle.from_grid(grid)
    game = DominosaGame(puzzle)
    solution = {frozenset(pair) for pair in puzzle.solution}
    levels = set()
    while not game.solved:
        hint = game.hint()
        assert frozenset(hint.placement) in solution
        assert hint.text and hint.steps[-1] in hint.text
        levels.add(hint.level)
        game.place(*hint.placement)
    assert {frozenset(pair) for pair in game.placements} == solution
    assert game.hints_used == 28 and game.progress.solved
    assert max(levels) == {"easy": 1, "medium": 2, "hard": 3}[puzzle.difficulty]
    with pytest.raises(IllegalAction, match="already solved"):
        game.hint()


def test_hint_on_an_easy_grid_names_the_only_place() -> None:
    hint = DominosaGame(DominosaPuzzle.from_grid(EASY_GRID)).hint()
    assert " can only " in hint.text and hint.level == 1


def test_a_saved_game_replays_to_the_same_state(puzzle: DominosaPuzzle) -> None:
    game = DominosaGame(puzzle)
    for pair in puzzle.solution[:5]:
        game.place(*pair)
    game.hint()
    game.remove(puzzle.solution[2][0])
    saved = game.to_json()
    assert "solution" not in saved
    assert saved["actions"][-2:] == [{"hint": True}, {"remove": list(puzzle.solution[2][0])}]
    again = DominosaGame.from_json(json.loads(json.dumps(saved)))
    assert again.placements == game.placements
    assert again.hints_used == 1 and again.actions == game.actions
    assert DominosaGame.from_json(game.dumps()).placements == game.placements


def test_a_saved_game_with_an_illegal_action_names_it(puzzle: DominosaPuzzle) -> None:
    saved = DominosaGame(puzzle).to_json()
    saved["actions"] = [
        {"place": [list(cell) for cell in puzzle.solution[0]]},
        {"place": [[0, 0], [1, 1]]},
    ]
    with pytest.raises(BadPuzzle, match=r"^action 1: A1 and B2 are not side by side$"):
        DominosaGame.from_json(saved)
    saved["actions"] = [{"jump": True}]
    with pytest.raises(BadPuzzle, match=r"^action 0: "):
        DominosaGame.from_json(saved)
    with pytest.raises(BadPuzzle, match="not valid JSON"):
        DominosaGame.from_json("{grid")


def test_something_that_is_not_a_cell_is_refused_as_a_move(puzzle: DominosaPuzzle) -> None:
    game = DominosaGame(puzzle)
    with pytest.raises(IllegalAction, match="is not a cell"):
        game.place("a1", (0, 1))  # type: ignore[arg-type]
    first, second = puzzle.solution[0]
    game.place(list(first), list(second))  # type: ignore[arg-type]
    assert game.placements == ((first, second),)
