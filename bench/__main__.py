"""`make bench`: every benchmark, one after the other, printing their tables."""

from __future__ import annotations

from bench import engine_speed, leaderboard_speed, puzzle_speed, render_speed, table_load


def main() -> None:
    print("## Engine speed")
    engine_speed.main([])
    print()
    print("## Render speed")
    render_speed.main([])
    print()
    print("## Puzzle speed")
    puzzle_speed.main([])
    print()
    print("## Leaderboard speed (100,000 matches)")
    leaderboard_speed.main([])
    print()
    print("## Tables at once (the bot against the emulator)")
    table_load.main([])


if __name__ == "__main__":
    main()
