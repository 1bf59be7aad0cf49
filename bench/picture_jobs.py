"""What a picture job costs its worker beyond the drawing: the job loaded (its view, names and
language), the picture drawn and encoded, its alt text written and the answer pickled, for the
boards and hands of whole two-player hands of `bench.table_load`'s own play (the player takes
the first move offered, the AI a random one), done here on one core as a worker does them.

    python -m bench.picture_jobs [--hands 6] [--tries 3]

The least of `--tries` passes over the same jobs is printed, per job, in milliseconds of CPU:
the drawing is what `bench.table_load` counts as the floor; the rest is a worker's own overhead
(the socket's system calls apart, which need a second process).
"""

from __future__ import annotations

import argparse
import pickle
import random
import time
from collections.abc import Iterator
from typing import Any

from cogs.common import pictures
from engine import Match, SeatView
from engine.workers import FRAME_HEAD, frame

NAMES = ["player", "AI 1"]


def played(hands: int) -> Iterator[tuple[SeatView, SeatView]]:
    """The table's view and the player's after every move of `hands` seeded two-player hands
    (the player plays its first legal move, the other seat a random one): the positions the
    picture benchmarks draw."""
    for number in range(hands):
        match = Match("two-player", 2, seed=number)
        hand = match.start_hand()
        rng = random.Random(number)
        while not hand.over and hand.turn is not None:
            legal = match.view_for(hand.turn).legal
            match.apply(legal[0] if hand.turn == 0 else rng.choice(legal))
            yield match.public_view(), match.view_for(0)


def jobs(hands: int) -> list[bytes]:
    """The board and the player's hand after every move of `hands` hands, as written to a
    worker's socket."""
    written: list[bytes] = []
    for table, own in played(hands):
        written.append(frame(pictures._board, table, NAMES, "en"))
        written.append(frame(pictures._hand, own, NAMES, "en"))
    return written


def one_pass(written: list[bytes]) -> dict[str, float]:
    """CPU seconds per job: loading it, drawing, and all of it (as `serve_socket` answers)."""
    loading = drawing = 0.0
    started = time.process_time()
    for job in written:
        before = time.process_time()
        function, args = pickle.loads(job[FRAME_HEAD.size :])
        loading += time.process_time() - before
        picture: Any = function(*args)
        drawing += picture.cpu
        pickle.dumps((True, picture), protocol=pickle.HIGHEST_PROTOCOL)
    total = time.process_time() - started
    count = len(written)
    return {"job": total / count, "loading": loading / count, "drawing": drawing / count}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--tries", type=int, default=3)
    args = parser.parse_args(argv)
    written = jobs(args.hands)
    one_pass(written[:4])  # fonts, sprites and the words loaded, as in a warm worker
    best = min((one_pass(written) for _ in range(args.tries)), key=lambda costs: costs["job"])
    size = sum(map(len, written)) / len(written)
    rest = best["job"] - best["loading"] - best["drawing"]
    print(f"{len(written)} jobs (boards and hands), {size:,.0f} bytes each on average")
    print("| per job, ms of CPU | all of it | loading the job | drawing (the floor) | the rest |")
    print("|---|---:|---:|---:|---:|")
    print(
        f"| | {1000 * best['job']:.3f} | {1000 * best['loading']:.3f}"
        f" | {1000 * best['drawing']:.3f} | {1000 * rest:.3f} |"
    )


if __name__ == "__main__":
    main()
