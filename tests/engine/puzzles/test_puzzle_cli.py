"""`python -m engine puzzle ...` and the puzzles in `python -m engine variants`."""

from __future__ import annotations

import doctest
import io
import json
from pathlib import Path

import pytest

from engine.__main__ import main
from engine.errors import BadOption
from engine.puzzles import (
    BadPuzzle,
    DominosaGame,
    QuadrilleGame,
    get_puzzle,
    load_game,
    new_game,
)
from engine.variants import describe_games
from tests.engine.puzzles.grids import AMBIGUOUS, MEDIUM_GRID, UNSOLVABLE


def run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    stdin: str = "",
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def grid_text(grid: tuple[tuple[int, ...], ...]) -> str:
    return "\n".join(" ".join(map(str, row)) for row in grid)


def test_variants_lists_the_puzzles_as_one_player_games(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, monkeypatch, ["variants", "--json"])
    games = {game["id"]: game for game in json.loads(out)}
    assert code == 0
    for name in ("dominosa", "quadrille"):
        assert games[name]["family"] == "puzzle" and games[name]["players"] == [1]
    assert games["dominosa"]["options"]["set"] == {
        "default": 6,
        "help": "the set: double-3 to double-9",
        "minimum": 3,
        "maximum": 9,
    }
    assert games["dominosa"]["options"]["difficulty"]["choices"] == ["easy", "medium", "hard"]
    assert games["quadrille"]["options"] == {}
    seeds = [game["id"] for game in describe_games() if game["rules"].startswith("RULES.md §2.")]
    assert seeds[-2:] == ["dominosa", "quadrille"]  # the seeds' games, then §4's
    code, out, _ = run(capsys, monkeypatch, ["variants"])
    assert "dominosa" in out and "1 player " in out


def test_puzzles_are_found_by_alias() -> None:
    assert get_puzzle("Kwadrat domina").id == "quadrille"
    with pytest.raises(ValueError, match="no puzzle called 'sudoku'"):
        get_puzzle("sudoku")


def test_generate_prints_a_grid_that_solve_reads_back(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["puzzle", "generate", "dominosa", "--set", "4", "--difficulty", "hard", "--seed", "3"]
    code, grid, _ = run(capsys, monkeypatch, argv)
    assert code == 0 and grid.startswith("# dominosa double-4, hard, seed 3\n")
    assert len(grid.splitlines()) == 6
    code, out, _ = run(capsys, monkeypatch, ["puzzle", "solve", "dominosa", "-"], grid)
    assert code == 0 and out.startswith("1 solution (unique, hard)\n")
    code, out, _ = run(capsys, monkeypatch, [*argv, "--json"])
    puzzle = json.loads(out)
    assert puzzle["set"] == 4 and puzzle["seed"] == 3 and len(puzzle["solution"]) == 15


def test_solve_draws_the_tiles_and_counts_up_to_the_cap(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(
        capsys, monkeypatch, ["puzzle", "solve", "dominosa", "-"], grid_text(MEDIUM_GRID)
    )
    assert code == 0
    drawing = out.splitlines()[1:]
    assert len(drawing) == 13  # 7 rows of numbers, 6 rows of joins between them
    assert sum(line.count("-") + line.count("|") for line in drawing) == 28
    argv = ["puzzle", "solve", "dominosa", "-", "--cap", "100", "--json"]
    code, out, _ = run(capsys, monkeypatch, argv, json.dumps({"grid": AMBIGUOUS}))
    result = json.loads(out)
    assert code == 0 and result["solutions"] == 8 and result["exact"] and not result["unique"]
    code, out, _ = run(
        capsys, monkeypatch, ["puzzle", "solve", "dominosa", "-"], grid_text(AMBIGUOUS)
    )
    assert out.startswith("at least 2 solutions\n")


def test_solve_a_grid_with_no_solution_exits_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(
        capsys, monkeypatch, ["puzzle", "solve", "dominosa", "-"], grid_text(UNSOLVABLE)
    )
    assert (code, out) == (1, "no solution\n")


@pytest.mark.parametrize(
    ("argv", "stdin", "message"),
    [
        (["puzzle", "solve", "dominosa", "-"], "1 2 3\n", "a grid has 4 to 10 rows"),
        (["puzzle", "solve", "dominosa", "-"], "[[1, 2", "not valid JSON"),
        (["puzzle", "solve", "dominosa", "-"], "1 x 3\n", "is not a row of numbers"),
        (["puzzle", "solve", "dominosa", "/no/such/file"], "", "cannot read /no/such/file"),
        (["puzzle", "generate", "dominosa", "--set", "12"], "", "double-3 to double-9"),
        (["puzzle", "generate", "quadrille"], "", "nothing to generate for quadrille"),
        (["puzzle", "count", "sudoku"], "", "no puzzle called 'sudoku'"),
    ],
)
def test_malformed_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    stdin: str,
    message: str,
) -> None:
    code, out, err = run(capsys, monkeypatch, argv, stdin)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err


def test_count_quadrille_reports_what_it_counted(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, monkeypatch, ["puzzle", "count", "quadrille", "--json"])
    counted = json.loads(out)
    assert code == 0 and counted["fixed"] == 685_440 and counted["up_to_renaming"] == 136
    code, out, _ = run(capsys, monkeypatch, ["puzzle", "count", "quadrille"])
    assert "fixed placements and numbers:        685,440" in out
    assert "up to the half turn:                342,720" in out


def test_count_reads_another_figure_from_a_file(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    figure = tmp_path / "figure.txt"
    figure.write_text("aa..\naabb\nccbb\ncc..\n", encoding="utf-8")
    argv = ["puzzle", "count", "quadrille", "--figure", str(figure), "--json"]
    code, out, _ = run(capsys, monkeypatch, argv)
    assert code == 0 and json.loads(out)["fixed"] == 6
    figure.write_text("aab\naab\n", encoding="utf-8")
    code, _, err = run(capsys, monkeypatch, argv)
    assert code == 2 and "do not form a 2 x 2 square" in err


def test_the_package_example_runs() -> None:
    import engine.puzzles

    assert doctest.testmod(engine.puzzles).failed == 0


def test_new_game_checks_options_like_a_variant() -> None:
    game = new_game("dominosa", {"set": 4, "difficulty": "easy"}, seed=2)
    assert isinstance(game, DominosaGame) and game.board.top == 4
    assert isinstance(new_game("kwadrat"), QuadrilleGame)
    with pytest.raises(BadOption, match="at most 9"):
        new_game("dominosa", {"set": 12})
    with pytest.raises(BadOption, match="unknown option 'set'"):
        new_game("quadrille", {"set": 6})


def test_load_game_finds_the_puzzle_in_the_record() -> None:
    dominosa = new_game("dominosa", {"set": 3}, seed=1)
    assert isinstance(load_game(json.dumps(dominosa.to_json())), DominosaGame)
    assert isinstance(load_game(QuadrilleGame().to_json()), QuadrilleGame)
    with pytest.raises(BadPuzzle, match="names its puzzle"):
        load_game({"grid": []})
