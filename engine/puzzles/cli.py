"""`python -m engine puzzle ...`: generate, solve and count the solitaire puzzles.

    python -m engine puzzle generate dominosa [--set 6] [--difficulty medium] [--seed S]
                                              [--json] [--solution]
    python -m engine puzzle solve dominosa FILE|- [--cap 2] [--json]
    python -m engine puzzle count quadrille [--figure FILE] [--json]

`generate` prints the grid as rows of numbers (a `#` line first says what it is), or the puzzle
as JSON. `solve` reads a grid (rows of numbers separated by spaces, `#` lines ignored, or JSON:
a list of rows or an object with `grid`), counts its solutions up to `--cap` and prints the
first one with the tiles drawn (`-` joins a tile across, `|` down). `count` counts the figure's
solutions in every way `engine.puzzles.quadrille` describes. A malformed grid, figure or
command exits with status 2 and one line on stderr; a grid with no solution exits with 1.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from engine.errors import DominoError
from engine.messages import Message
from engine.puzzles.cells import BadPuzzle
from engine.puzzles.dominosa import DEFAULT_DIFFICULTY, DEFAULT_TOP, DIFFICULTIES, generate, grade
from engine.puzzles.dominosa_board import DominosaBoard, solve
from engine.puzzles.quadrille import CLASSIC_FIGURE, Figure
from engine.puzzles.quadrille_count import count

BAD_INPUT = 2
NO_SOLUTION = 1


def add_parser(commands: Any) -> None:
    """Add the `puzzle` command to the engine's subcommands."""
    puzzle = commands.add_parser("puzzle", help="generate, solve and count the solitaire puzzles")
    actions = puzzle.add_subparsers(dest="action", required=True)

    make = actions.add_parser("generate", help="a new puzzle with exactly one solution")
    make.add_argument("puzzle")
    make.add_argument("--set", type=int, default=DEFAULT_TOP, help="double-3 to double-9")
    make.add_argument("--difficulty", default=DEFAULT_DIFFICULTY, choices=list(DIFFICULTIES))
    make.add_argument("--seed", default=None, help="same seed, same puzzle (default: random)")
    make.add_argument("--json", action="store_true")
    make.add_argument("--solution", action="store_true", help="also print the solution")

    solver = actions.add_parser("solve", help="solve a grid and count its solutions")
    solver.add_argument("puzzle")
    solver.add_argument("file", help="the grid, or - for standard input")
    solver.add_argument("--cap", type=int, default=2, help="stop counting at this many")
    solver.add_argument("--json", action="store_true")

    counter = actions.add_parser("count", help="count a figure's solutions exactly")
    counter.add_argument("puzzle")
    counter.add_argument("--figure", help="a figure file (rows of letters and dots)")
    counter.add_argument("--json", action="store_true")


def run(args: argparse.Namespace) -> int:
    try:
        name = _puzzle_id(args.puzzle)
        if args.action == "generate":
            _need(name, "dominosa", Message("nothing to generate for quadrille: it has one figure"))
            return _generate(args)
        if args.action == "solve":
            _need(name, "dominosa", Message("solve takes a Dominosa grid; for quadrille use count"))
            return _solve(args)
        _need(
            name, "quadrille", Message("count takes quadrille; for a Dominosa grid use solve --cap")
        )
        return _count(args)
    except DominoError as error:
        print(f"error: {error}", file=sys.stderr)
        return BAD_INPUT


def _puzzle_id(name: str) -> str:
    from engine.puzzles import get_puzzle

    return get_puzzle(name).id


def _need(name: str, wanted: str, reason: Message) -> None:
    if name != wanted:
        raise BadPuzzle.of(reason)


def _seed(text: str | None) -> int | str:
    if text is None:
        return random.SystemRandom().randrange(10**9)
    return int(text) if text.lstrip("-").isdigit() else text


def _generate(args: argparse.Namespace) -> int:
    puzzle = generate(args.set, args.difficulty, _seed(args.seed))
    if args.json:
        print(json.dumps(puzzle.to_json()))
        return 0
    print(f"# dominosa double-{puzzle.top}, {puzzle.difficulty}, seed {puzzle.seed}")
    for row in puzzle.grid:
        print(" ".join(map(str, row)))
    if args.solution:
        print()
        print(draw(puzzle.board, {puzzle.board.spot(*pair) for pair in puzzle.solution}))
    return 0


def read_grid(text: str) -> list[list[int]]:
    """A grid from text: JSON (rows, or an object with `grid`), or rows of numbers."""
    stripped = text.strip()
    if stripped.startswith(("[", "{")):
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as error:
            raise BadPuzzle(
                "the grid is not valid JSON ({problem}, line {line})",
                problem=error.msg,
                line=error.lineno,
            ) from None
        grid = data.get("grid") if isinstance(data, dict) else data
        if not isinstance(grid, list):
            raise BadPuzzle("the JSON has no grid (a list of rows of numbers)")
        return grid
    rows = []
    for line in stripped.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        if len(parts) == 1 and parts[0].isdigit():
            parts = list(parts[0])  # numbers up to 9 may be written without spaces
        if not all(part.isdigit() for part in parts):
            raise BadPuzzle("{line} is not a row of numbers", line=repr(line))
        rows.append([int(part) for part in parts])
    return rows


def _read(path: str) -> str:
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as file:
            return file.read()
    except OSError as error:
        raise BadPuzzle(
            "cannot read {path}: {problem}", path=path, problem=error.strerror
        ) from None


def _solve(args: argparse.Namespace) -> int:
    if args.cap < 1:
        raise BadPuzzle("--cap must be at least 1")
    board = DominosaBoard(read_grid(_read(args.file)))
    found = solve(board, cap=args.cap)
    difficulty = grade(board) if found.unique else None
    if args.json:
        print(
            json.dumps(
                {
                    "set": board.top,
                    "solutions": found.count,
                    "exact": found.exhaustive,
                    "unique": found.unique,
                    "difficulty": difficulty,
                    "solution": [
                        [list(cell) for cell in board.spot_pair(spot)] for spot in found.found[0]
                    ]
                    if found.count
                    else None,
                }
            )
        )
        return 0 if found.count else NO_SOLUTION
    if not found.count:
        print("no solution")
        return NO_SOLUTION
    counted = f"{found.count}" if found.exhaustive else f"at least {found.count}"
    plural = "solution" if found.count == 1 else "solutions"
    print(f"{counted} {plural}" + (f" (unique, {difficulty})" if found.unique else ""))
    print(draw(board, set(found.found[0])))
    return 0


def draw(board: DominosaBoard, spots: set[int | None]) -> str:
    """The grid with its tiles drawn: `-` joins the cells of a tile across, `|` down."""
    lines = []
    for row in range(board.rows):
        numbers = []
        joins = []
        for col in range(board.cols):
            numbers.append(str(board.grid[row][col]))
            if col + 1 < board.cols:
                numbers.append("-" if board.spot((row, col), (row, col + 1)) in spots else " ")
            below = row + 1 < board.rows and board.spot((row, col), (row + 1, col)) in spots
            joins.append("|" if below else " ")
        lines.append("".join(numbers))
        if row + 1 < board.rows:
            lines.append(" ".join(joins).rstrip())
    return "\n".join(lines)


def _count(args: argparse.Namespace) -> int:
    rows = CLASSIC_FIGURE
    if args.figure:
        rows = tuple(line.strip() for line in _read(args.figure).splitlines() if line.strip())
    counted = count(Figure(rows))
    if args.json:
        print(json.dumps(counted.to_json()))
        return 0
    print(f"fixed placements and numbers:      {counted.fixed:>9,}")
    print(
        f"up to renaming the numbers:        {counted.up_to_renaming:>9,}"
        f"  (x {counted.renamings:,} renamings, all distinct: {counted.renamings_distinct})"
    )
    print(
        f"up to the figure's symmetries:     {counted.up_to_symmetries:>9,}"
        f"  ({', '.join(counted.symmetries)})"
    )
    print(f"up to renaming and symmetries:     {counted.up_to_renaming_and_symmetries:>9,}")
    for name, number in counted.up_to_each_symmetry.items():
        print(f"up to the {name + ':':<24}{number:>9,}")
    print(f"symmetric solutions:               {counted.symmetric_solutions:>9,}")
    print(f"number patterns up to renaming:    {counted.number_patterns:>9,}")
    return 0
