"""Quadrille: the classic figure's solutions counted exactly, and every way of counting them."""

from __future__ import annotations

import itertools

import pytest

from engine.puzzles.cells import BadPuzzle
from engine.puzzles.quadrille import CLASSIC_FIGURE, Figure, completions
from engine.puzzles.quadrille_count import count
from engine.tiles import Tile, domino_set

SMALL = ("aa..", "aabb", "ccbb", "cc..")  # double-two: three squares, one number each


@pytest.fixture(scope="module")
def classic() -> tuple[Figure, object]:
    figure = Figure(CLASSIC_FIGURE)
    return figure, count(figure)


def test_classic_figure_counts(classic: tuple[Figure, object]) -> None:
    _, counted = classic
    assert counted.to_json() == {
        "fixed": 685_440,
        "up_to_renaming": 136,
        "renamings": 5040,
        "renamings_distinct": True,
        "symmetries": ["identity", "mirror left-right", "mirror top-bottom", "half turn"],
        "up_to_symmetries": 171_360,
        "up_to_renaming_and_symmetries": 34,
        "up_to_each_symmetry": {
            "mirror left-right": 342_720,
            "mirror top-bottom": 342_720,
            "half turn": 342_720,
        },
        "symmetric_solutions": 0,
        "number_patterns": 82,
    }


def test_rulebook_number_is_the_fixed_count_up_to_a_half_turn(
    classic: tuple[Figure, object],
) -> None:
    _, counted = classic
    assert counted.up_to_each_symmetry["half turn"] == 342_720 == counted.fixed // 2


def test_every_solution_fills_each_square_with_one_number_twice_each(
    classic: tuple[Figure, object],
) -> None:
    figure, counted = classic
    for solution in counted.solutions:
        assert sorted(solution.numbers) == sorted(list(range(7)) * 2)
        cells = {}
        tiles = []
        for first, number, second, other in solution.tiles:
            assert abs(first[0] - second[0]) + abs(first[1] - second[1]) == 1
            cells[first], cells[second] = number, other
            tiles.append(Tile(number, other))
        assert sorted(cells) == sorted(figure.cells)
        assert sorted(tiles, key=lambda tile: tile.index) == list(domino_set(6))
        for square, square_cells in enumerate(figure.square_cells):
            assert {cells[cell] for cell in square_cells} == {solution.numbers[square]}


def test_solutions_are_different_even_after_renaming(classic: tuple[Figure, object]) -> None:
    figure, counted = classic
    seen = set()
    for solution in counted.solutions:
        first_seen: dict[int, int] = {}
        for number in solution.cell_numbers(figure):
            first_seen.setdefault(number, len(first_seen))
        pattern = tuple(first_seen[n] for n in solution.cell_numbers(figure))
        tiling = frozenset(frozenset((a, b)) for a, _, b, _ in solution.tiles)
        seen.add((pattern, tiling))
    assert len(seen) == 136


def brute_force_fixed(figure: Figure) -> int:
    """Every tiling times every numbering of the squares, kept when the tiles are the set."""
    cells = list(figure.cells)
    tilings: list[list[tuple[tuple[int, int], tuple[int, int]]]] = []

    def tile_from(covered: set[tuple[int, int]], pairs: list) -> None:
        free = [cell for cell in cells if cell not in covered]
        if not free:
            tilings.append(list(pairs))
            return
        r, c = free[0]
        for other in ((r, c + 1), (r + 1, c)):
            if other in figure.index and other not in covered:
                tile_from(covered | {(r, c), other}, [*pairs, ((r, c), other)])

    tile_from(set(), [])
    squares = len(figure.letters)
    numberings = set(itertools.permutations([n for n in range(figure.top + 1)] * figure.per_number))
    total = 0
    for numbering in numberings:
        assert len(numbering) == squares
        for tiling in tilings:
            tiles = {
                Tile(
                    numbering[figure.square_of[figure.index[a]]],
                    numbering[figure.square_of[figure.index[b]]],
                )
                for a, b in tiling
            }
            total += len(tiles) == figure.tile_count
    return total


def test_counter_agrees_with_brute_force_on_a_small_figure() -> None:
    figure = Figure(SMALL)
    counted = count(figure)
    assert counted.fixed == brute_force_fixed(figure) == 6
    assert counted.up_to_renaming == 1
    assert counted.symmetries == ("identity", "mirror top-bottom")
    assert counted.up_to_symmetries == 3


def test_figure_with_squares_on_one_aligned_grid_has_no_solution() -> None:
    aligned = (
        "aabbccdd",
        "aabbccdd",
        "eeffgghh",
        "eeffgghh",
        "iijjkkll",
        "iijjkkll",
        "mmnn....",
        "mmnn....",
    )
    assert count(Figure(aligned)).fixed == 0


def test_symmetries_come_from_the_figure() -> None:
    staircase = ("aa....", "aabb..", "..bbcc", "....cc")
    assert [s.name for s in Figure(staircase).symmetries()] == ["identity", "half turn"]


@pytest.mark.parametrize(
    ("rows", "reason"),
    [
        (("aab", "aab"), "do not form a 2 x 2 square"),
        (("aabb", "aab"), "the same length"),
        (("aabb", "aabb"), "14 squares"),
        ("aabb", "rows of letters"),
    ],
)
def test_malformed_figure_is_refused(rows: object, reason: str) -> None:
    with pytest.raises(BadPuzzle, match=reason):
        Figure(rows)  # type: ignore[arg-type]


def test_completions_keep_the_placed_tiles_and_numbers(classic: tuple[Figure, object]) -> None:
    figure, _ = classic
    # A solution's first two tiles, with its numbers renamed 0 -> 5 and 1 -> 2.
    first, second = next(iter(completions(figure, []))).tiles[:2]
    renamed = {0: 5, 1: 2}
    placed = [(a, renamed.get(n, n), b, renamed.get(m, m)) for a, n, b, m in (first, second)]
    found = list(completions(figure, placed))
    assert found
    for solution in found:
        assert set(placed) <= set(solution.tiles)
        assert sorted(solution.numbers) == sorted(list(range(7)) * 2)
    assert not list(completions(figure, [((0, 0), 3, (0, 1), 4)]))  # one square, two numbers
