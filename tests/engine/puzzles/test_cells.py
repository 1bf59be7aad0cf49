"""Cell names as players see and write them: column letter, row number from 1 (as on the
pictures' rulers), and the older 0-based `(row,column)` form still read."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.puzzles.cells import (
    cell_text,
    column_name,
    pair_text,
    parse_cells,
    parse_quadrille,
    row_name,
)


def test_a_cell_is_named_by_column_letter_and_row_number_from_one() -> None:
    assert cell_text((0, 0)) == "A1"
    assert cell_text((2, 3)) == "D3"
    assert cell_text((9, 10)) == "K10"
    assert pair_text((2, 2), (2, 3)) == "C3-D3"


def test_columns_after_z_go_on_with_two_letters_and_rows_count_from_one() -> None:
    assert [column_name(n) for n in (0, 1, 25, 26, 27)] == ["A", "B", "Z", "AA", "AB"]
    assert row_name(0) == "1"


@pytest.mark.parametrize(
    "written", ["C3-D3", "c3 d3", "C3 D3", "c3-D3", " C3 , D3 ", "(2,2)-(2,3)"]
)
def test_a_placement_is_read_in_every_way_players_write_it(written: str) -> None:
    assert parse_cells(written) == [(2, 2), (2, 3)]


def test_every_named_cell_reads_back_to_its_name() -> None:
    cells = [(row, column) for row in range(11) for column in range(11)]
    assert [parse_cells(cell_text(cell))[0] for cell in cells] == cells


def test_the_old_zero_based_form_is_still_read() -> None:
    assert parse_cells("(2,3)-(2,4)") == [(2, 3), (2, 4)]
    assert parse_cells("2,3 2,4") == [(2, 3), (2, 4)]
    assert parse_cells("2,3-2,4") == [(2, 3), (2, 4)]
    assert parse_cells("(-1,0)") == [(-1, 0)]


@pytest.mark.parametrize("written", ["2,3-2", "C", "C3 D", "C3 and D3", "", "3C"])
def test_text_that_names_no_cells_is_refused_with_an_example(written: str) -> None:
    with pytest.raises(IllegalAction, match="does not name cells: write them like C3-D3"):
        parse_cells(written)


def test_there_is_no_row_zero() -> None:
    with pytest.raises(IllegalAction, match="rows count from 1"):
        parse_cells("C0-D0")


@pytest.mark.parametrize("written", ["B1=3 C1=5", "b1=3, c1=5", "B1 = 3 - C1 = 5", "B1:3 C1:5"])
def test_a_quadrille_placement_gives_each_cell_its_number(written: str) -> None:
    assert parse_quadrille(written) == ((0, 1), 3, (0, 2), 5)


@pytest.mark.parametrize("written", ["B1 C1", "B1=3", "B1=3 C1=5 D1=2", "B1=3 C1=x", "hello"])
def test_a_quadrille_placement_without_two_cells_and_numbers_is_refused(written: str) -> None:
    with pytest.raises(IllegalAction, match="like B1=3 C1=5"):
        parse_quadrille(written)
