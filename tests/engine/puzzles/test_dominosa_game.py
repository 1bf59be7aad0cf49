"""Dominosa as a solitaire: placements by cells, refusals with reasons, hints, saving."""

from __future__ import annotations

import json

import pytest

from engine.errors import IllegalAction
from engine.puzzles.cells import BadPuzzle, cell_text
from engine.puzzles.dominosa import DominosaPuzzle
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


def test_a_tile_already_placed_is_refused_naming_where(puzzle: DominosaPuzzle) -> None:
    board = puzzle.board
    game = DominosaGame(puzzle)
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
    game.place(first, second)
    a, b = board.spot_pair(twins[0])
    tile = board.tile(spot)
    assert refused(game, a, b) == (
        f"cells {cell_text(a)} and {cell_text(b)} show {board.number(a)} and "
        f"{board.number(b)}: the {tile} is already placed at {board.spot_text(spot)}"
    )


def test_a_placement_no_solution_keeps_is_refused_with_what_goes_wrong(
    puzzle: DominosaPuzzle,
) -> None:
    board = puzzle.board
    wrong = next(s for s in range(len(board.spot_cells)) if s not in puzzle.solution_spots)
    reason = refused(DominosaGame(puzzle), *board.spot_pair(wrong))
    assert reason.startswith("no solution keeps this placement: ")
    assert reason.endswith(("no partner left", "no place left", "placed around it"))


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
