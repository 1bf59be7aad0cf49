"""`make bench`: every benchmark, one after the other, printing their tables.
`python -m bench NAME [ARGS]` runs one of them with its own arguments, as
`python -m bench.NAME [ARGS]` does.

The arena runs here at a reduced size (12 duplicate deals per match-up, a tenth of each level's
default time); the README's table comes from `python -m bench.arena` with the sizes it names.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from bench import (
    arena,
    engine_speed,
    leaderboard_speed,
    match_length,
    picture_jobs,
    puzzle_speed,
    render_speed,
    table_load,
)

#: The benchmarks `python -m bench NAME` runs alone.
ONE: dict[str, Callable[[list[str]], object]] = {
    "arena": arena.main,
    "engine_speed": engine_speed.main,
    "leaderboard_speed": leaderboard_speed.main,
    "match_length": match_length.main,
    "picture_jobs": picture_jobs.main,
    "puzzle_speed": puzzle_speed.main,
    "render_speed": render_speed.main,
    "table_load": table_load.main,
}


def main(argv: list[str]) -> int:
    if not argv:
        every()
        return 0
    name, *rest = argv
    run = ONE.get(name.replace("-", "_"))
    if run is None:
        print(f"usage: python -m bench [{'|'.join(ONE)}] [ARGS]", file=sys.stderr)
        return 2
    run(rest)
    return 0


def every() -> None:
    print("## Engine speed")
    engine_speed.main([])
    print()
    print("## Render speed")
    render_speed.main([])
    print()
    print("## Picture jobs (a worker's cost beyond the drawing)")
    picture_jobs.main([])
    print()
    print("## Puzzle speed")
    puzzle_speed.main([])
    print()
    print("## Leaderboard speed (100,000 matches)")
    leaderboard_speed.main([])
    print()
    print("## Match length (the same action at hand 1 and at hand 250)")
    match_length.main([])
    print()
    print("## Tables at once (the bot against the emulator)")
    table_load.main([])
    print()
    print("## AI arena (reduced)")
    arena.main(["--table", "--deals", "12", "--scale", "0.1"])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
