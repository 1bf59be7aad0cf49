"""Quadrille as a solitaire: placements with numbers, refusals with reasons, hints, saving."""

from __future__ import annotations

import json

import pytest

from engine.errors import IllegalAction
from engine.puzzles.cells import BadPuzzle
from engine.puzzles.quadrille import CLASSIC_FIGURE, Figure, completions
from engine.puzzles.quadrille_game import QuadrilleGame

Cell = tuple[int, int]


def refused(game: QuadrilleGame, first: Cell, number: int, second: Cell, other: int) -> str:
    before = json.dumps(game.to_json())
    with pytest.raises(IllegalAction) as error:
        game.place(first, number, second, other)
    assert json.dumps(game.to_json()) == before, "a refused placement changes nothing"
    assert not game.can_place(first, number, second, other)
    return str(error.value)


def test_new_game_shows_the_classic_figure_and_no_tiles() -> None:
    game = QuadrilleGame()
    assert game.figure == CLASSIC_FIGURE
    assert game.placements == () and str(game.progress) == "0/28 tiles"
    assert game.square_numbers == (None,) * 14


def test_a_placement_gives_its_squares_their_numbers() -> None:
    game = QuadrilleGame()
    game.place((0, 1), 3, (0, 2), 5)
    assert game.placements == (((0, 1), 3, (0, 2), 5),)
    assert game.square_numbers[:2] == (3, 5)
    assert str(game.progress) == "1/28 tiles"


def test_cells_outside_the_figure_are_refused() -> None:
    assert refused(QuadrilleGame(), (2, 0), 1, (2, 1), 1) == "A3 is not part of the figure"


def test_cells_that_are_not_side_by_side_are_refused() -> None:
    reason = refused(QuadrilleGame(), (0, 0), 1, (1, 1), 1)
    assert reason == "A1 and B2 are not side by side"


def test_numbers_beyond_six_are_refused() -> None:
    assert refused(QuadrilleGame(), (0, 0), 7, (0, 1), 7) == "the numbers run from 0 to 6, not 7"


def test_two_numbers_in_one_square_are_refused() -> None:
    reason = refused(QuadrilleGame(), (0, 0), 1, (0, 1), 2)
    assert reason == "A1 and B1 are in one square, so they show the same number"


def test_a_square_keeps_the_number_it_shows() -> None:
    game = QuadrilleGame()
    game.place((0, 1), 3, (0, 2), 5)
    reason = refused(game, (1, 0), 4, (1, 1), 4)
    assert reason == "the square A1-B2 shows 3, so A2 cannot show 4"


def test_a_number_fills_only_two_squares() -> None:
    figure = Figure(CLASSIC_FIGURE)
    solution = next(completions(figure, []))
    number = solution.numbers[0]  # on square a and one other
    held = [square for square, shown in enumerate(solution.numbers) if shown == number]
    game = QuadrilleGame(figure)
    for square in held:
        corner = figure.square_cells[square][0]
        if game.square_numbers[square] is None:
            game.place(*next(tile for tile in solution.tiles if corner in (tile[0], tile[2])))
    # A third square, next to a fourth, both still without numbers.
    first, second = next(
        (cell, (cell[0], cell[1] + 1))
        for cell in figure.cells
        if (cell[0], cell[1] + 1) in figure.index
        and figure.square_of[figure.index[cell]]
        != figure.square_of[figure.index[(cell[0], cell[1] + 1)]]
        and game.square_numbers[figure.square_of[figure.index[cell]]] is None
        and game.square_numbers[figure.square_of[figure.index[(cell[0], cell[1] + 1)]]] is None
    )
    other = next(
        n
        for n in range(7)
        if n != number and all({placed[1], placed[3]} != {number, n} for placed in game.placements)
    )
    reason = refused(game, first, number, second, other)
    squares = " and ".join(figure.square_text(square) for square in held)
    assert reason == f"{number} already fills two squares: {squares}"


def test_a_double_across_two_new_squares_cannot_make_a_third() -> None:
    game = QuadrilleGame()
    game.place((0, 1), 3, (0, 2), 5)
    assert refused(game, (6, 1), 3, (6, 2), 3) == "3 fills exactly two squares, not more"


def test_covered_cells_and_placed_tiles_are_refused() -> None:
    game = QuadrilleGame()
    game.place((0, 1), 3, (0, 2), 5)
    assert refused(game, (0, 1), 3, (1, 1), 3) == "B1 is already covered by the 5-3 at B1-C1"
    assert refused(game, (6, 1), 5, (6, 2), 3) == "the 5-3 is already placed at B1-C1"


def test_a_placement_that_cannot_be_finished_is_refused_and_only_that() -> None:
    game = QuadrilleGame()
    figure = Figure(CLASSIC_FIGURE)
    dead_ends = 0
    for number in range(7):
        for other in range(7):
            placement = ((0, 1), number, (0, 2), other)
            finishable = next(completions(figure, [placement]), None) is not None
            if finishable:
                assert game.can_place(*placement)
            else:
                reason = refused(game, *placement)
                assert reason == "no way to finish the figure keeps this placement"
                dead_ends += 1
    assert dead_ends  # some pairs of numbers cannot meet across B1-C1


def test_following_the_hints_fills_the_figure() -> None:
    game = QuadrilleGame()
    game.place((0, 1), 3, (0, 2), 5)
    while not game.solved:
        hint = game.hint()
        assert hint.text.startswith(f"Put the {hint.tile} at ")
        game.place(*hint.placement)
    assert game.progress.solved and game.hints_used == 27
    numbers = game.square_numbers
    assert sorted(n for n in numbers if n is not None) == sorted(list(range(7)) * 2)
    with pytest.raises(IllegalAction, match="already filled"):
        game.hint()


def test_removing_a_tile_frees_its_cells_and_its_numbers() -> None:
    game = QuadrilleGame()
    game.place((0, 1), 3, (0, 2), 5)
    assert game.remove((0, 2)) == ((0, 1), 3, (0, 2), 5)
    assert game.square_numbers == (None,) * 14
    with pytest.raises(IllegalAction, match=r"no tile covers C1$"):
        game.remove((0, 2))


def test_a_saved_game_replays_to_the_same_state() -> None:
    game = QuadrilleGame()
    game.place((0, 1), 3, (0, 2), 5)
    game.place(*game.hint().placement)
    game.hint()
    saved = json.loads(game.dumps())
    assert saved["actions"][0] == {"place": [[0, 1], 3, [0, 2], 5]}
    again = QuadrilleGame.from_json(saved)
    assert again.placements == game.placements and again.hints_used == 2
    saved["actions"].append({"place": [[0, 1], 3, [1, 1], 3]})
    with pytest.raises(BadPuzzle, match=r"^action 4: B1 is already covered"):
        QuadrilleGame.from_json(saved)
    with pytest.raises(BadPuzzle, match="not a saved Quadrille"):
        QuadrilleGame.from_json({"puzzle": "dominosa"})
