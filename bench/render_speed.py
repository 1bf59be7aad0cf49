"""Render + encode time and PNG size of the pictures the bot sends most: a full double-six board
(all 28 tiles in one line, 4 seats), a full double-twelve board (all 91 tiles, the game-room
set 12) and a 7-tile hand with its playable tiles marked.

Each picture is drawn once to warm the sprite and font caches (as in a running bot), then drawn
and encoded `--repeat` times; the table gives the median and the 90th percentile. The goal: a
median under 10 ms and under 30 KiB for the full double-six board, on one core.

    python -m bench.render_speed [--repeat N]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from collections.abc import Callable

from engine import Match, Play, Tile
from engine.layout import Layout, Shape
from engine.tiles import domino_set
from engine.view import SeatView
from render import board_png, hand_png


def whole_set_line(top: int) -> Layout:
    """The longest possible line game: every tile of the double-`top` set chained (Hierholzer's
    algorithm), the lead in the middle."""
    unused = set(domino_set(top))
    stack, trail = [top], []
    while stack:
        tile = next((t for t in sorted(unused, key=lambda t: t.index) if t.has(stack[-1])), None)
        if tile is None:
            trail.append(stack.pop())
        else:
            unused.discard(tile)
            stack.append(tile.other(stack[-1]))
    numbers = trail
    middle = len(numbers) // 2
    layout = Layout(Shape.LINE)
    layout.lay_lead(Tile(numbers[middle], numbers[middle + 1]))
    west_numbers = numbers[: middle + 1][::-1]
    east_numbers = numbers[middle + 1 :]
    lead = layout.lead
    assert lead is not None
    if layout.arms["W"].number != west_numbers[0]:
        west_numbers, east_numbers = east_numbers, west_numbers
    for arm_id, chain in (("W", west_numbers), ("E", east_numbers)):
        for a, b in itertools.pairwise(chain):
            layout.lay(Tile(a, b), arm_id, b)
    return layout


def table_view(variant: str, players: int, options: dict[str, object], layout: Layout) -> SeatView:
    match = Match(variant, players, options, seed=1)
    match.start_hand()
    view = match.view_for(0)
    history = tuple(Play(n % players, p.tile, p.arm) for n, p in enumerate(layout.placements))
    return SeatView(**{**view.__dict__, "layout": layout, "history": history, "hand": ()})


def hand_view() -> SeatView:
    match = Match("classic", 2, seed=4)
    hand = match.start_hand()
    match.apply(hand.legal_actions()[0])
    return match.view_for(hand.turn)


def timed(draw: Callable[[], bytes], repeat: int) -> tuple[float, float, float, int]:
    """Median wall time, its 90th percentile and median CPU time (ms), and the PNG's bytes.
    CPU time is what one core spends, whatever else the machine runs meanwhile."""
    size = len(draw())  # warm the caches
    wall, cpu = [], []
    for _ in range(repeat):
        started, started_cpu = time.perf_counter(), time.process_time()
        draw()
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    wall.sort()
    p90 = wall[int(0.9 * (len(wall) - 1))]
    return statistics.median(wall), p90, statistics.median(cpu), size


def main(argv: list[str] | None = None) -> dict[str, tuple[float, float, float, int]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=40)
    args = parser.parse_args(argv)
    six = table_view("partnership", 4, {}, whole_set_line(6))
    twelve = table_view("gameroom", 4, {"set": 12}, whole_set_line(12))
    hand = hand_view()
    names4 = ["Ana", "Bruno", "Carla", "Dario"]
    cases: dict[str, Callable[[], bytes]] = {
        "full double-six board (28 tiles)": lambda: board_png(six, names=names4),
        "full double-twelve board (91 tiles)": lambda: board_png(twelve, names=names4),
        f"hand ({len(hand.hand)} tiles)": lambda: hand_png(hand),
    }
    results = {name: timed(draw, args.repeat) for name, draw in cases.items()}
    print(f"render + encode, {args.repeat} runs after one warm-up, one thread")
    print("| picture | median ms | p90 ms | median CPU ms | PNG bytes |")
    print("|---|---:|---:|---:|---:|")
    for name, (median, p90, cpu, size) in results.items():
        kib = f"{size:,} ({size / 1024:.1f} KiB)"
        print(f"| {name} | {median:.1f} | {p90:.1f} | {cpu:.1f} | {kib} |")
    return results


if __name__ == "__main__":
    main()
