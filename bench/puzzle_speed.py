"""Solitaire puzzles: Dominosa generation time per set and difficulty, and the Quadrille count.

Each Dominosa cell is the median (and the slowest) of `--seeds` generations, each from its own
seed, of a puzzle proven to have exactly one solution and graded at the difficulty asked. The
Quadrille row is the exact count of the classic figure (every way of counting), median of
three runs. Times are CPU seconds of this process (`time.process_time`): the work of one core,
whatever else the machine is running.

    python -m bench.puzzle_speed [--seeds N] [--sets 3-9]
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine.puzzles.dominosa import DIFFICULTIES, generate
from engine.puzzles.dominosa_board import solve
from engine.puzzles.quadrille import Figure
from engine.puzzles.quadrille_count import count


def generation_times(top: int, difficulty: str, seeds: int) -> list[float]:
    times = []
    for seed in range(seeds):
        started = time.process_time()
        puzzle = generate(top, difficulty, seed)
        times.append(time.process_time() - started)
        if solve(puzzle.board, cap=2).count != 1:  # never: the generator proves it
            raise AssertionError(f"double-{top} {difficulty} seed {seed} is not unique")
    return times


def count_times(runs: int = 3) -> tuple[list[float], int]:
    times = []
    fixed = 0
    for _ in range(runs):
        started = time.process_time()
        fixed = count(Figure()).fixed
        times.append(time.process_time() - started)
    return times, fixed


def _sets(text: str) -> range:
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=7, help="generations per cell")
    parser.add_argument("--sets", type=_sets, default=range(3, 10), help="e.g. 3-9 or 6")
    args = parser.parse_args(argv)
    medians: dict[str, float] = {}
    print(f"Dominosa generation, CPU seconds: median (slowest) of {args.seeds} seeds")
    print("| set | " + " | ".join(DIFFICULTIES) + " |")
    print("|---|" + "---:|" * len(DIFFICULTIES))
    for top in args.sets:
        cells = []
        for difficulty in DIFFICULTIES:
            times = generation_times(top, difficulty, args.seeds)
            medians[f"dominosa double-{top} {difficulty}"] = statistics.median(times)
            cells.append(f"{statistics.median(times):.3f} ({max(times):.3f})")
        print(f"| double-{top} | " + " | ".join(cells) + " |")
    times, fixed = count_times()
    medians["quadrille count"] = statistics.median(times)
    print()
    print(
        f"Quadrille count of the classic figure ({fixed:,} fixed solutions): "
        f"{statistics.median(times):.3f} s (median of {len(times)})"
    )
    return medians


if __name__ == "__main__":
    main()
