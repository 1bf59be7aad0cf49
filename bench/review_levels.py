"""Does the review's loss order the AI levels as the arena does? Mean loss per decision of each
level, judged by the same reviewer, on duplicate deals of every family of play.

For each family (`bench.arena.FAMILIES`) and each deal, every level (`random`, `easy`, `hard`,
`expert`) plays the same deal from seat 0, the other seats played by `easy`; then the review
(`engine.ai.review`, the same budget for all) judges seat 0's decisions. Reported per family and
level: the mean loss per decision in points of the review (a hand's win is 100), the decisions
judged, and the accuracy (the share within `ACCURATE_LOSS`). The arena's order is `random` >
`easy` > `hard` >= `expert` in loss.

    python -m bench.review_levels --deals 100 [--family NAME] [--worlds 300] [--cpu-ms 300]
        [--level hard --level expert]

Levels play at their default budgets counted in the process's CPU time (as the arena's
`--cpu-clock`), `--scale F` times them; the review's decisions stop at `--worlds` worlds or
`--cpu-ms` of CPU, whichever first.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bench import arena
from engine import Match
from engine.ai import DEFAULT_BUDGET_MS, LEVELS, choose_action
from engine.ai.review import ReviewBudget, review
from engine.record import write

SEAT = 0  # the seat each level plays (and the one reviewed); the others play `easy`
#: The arena's families, and Mexican Train on its own set, double-twelve (the arena plays
#: double-nine, a third as costly a world): the review's order of the levels there.
FAMILIES: dict[str, tuple[str, int, dict[str, Any]]] = {
    **arena.FAMILIES,
    "trains (double-twelve)": ("mexican-train", 3, {"set": 12, "hands": 1}),
}


Job = tuple[str, int, dict[str, Any], str, ReviewBudget, float, tuple[str, ...]]


def review_job(job: Job) -> dict[str, list[float]]:
    """`review_deal` of one job's arguments (what a worker process is sent)."""
    return review_deal(*job)


def review_deal(
    variant: str,
    players: int,
    options: dict[str, Any],
    deal: str,
    budget: ReviewBudget,
    scale: float,
    levels: tuple[str, ...] = LEVELS,
) -> dict[str, list[float]]:
    """Every level's losses (of `levels`), decision by decision, on one deal (one hand) played
    from `SEAT`."""
    losses: dict[str, list[float]] = {}
    for level in levels:
        match = Match(variant, players, options, seed=deal)
        hand = match.start_hand()
        rng = random.Random(f"{deal}:{level}")
        while not hand.over:
            seat = hand.turn
            playing = level if seat == SEAT else "easy"
            budget_ms = round(DEFAULT_BUDGET_MS[playing] * scale)
            view = match.view_for(seat)
            match.apply(choose_action(view, playing, rng, budget_ms, clock=time.process_time))
        judged = review(write(match), SEAT, budget)
        losses[level] = [decision.loss for decision in judged.decisions]
    return losses


def run(
    family: str,
    deals: int,
    budget: ReviewBudget,
    scale: float,
    seed: str,
    workers: int,
    levels: tuple[str, ...] = LEVELS,
) -> dict[str, list[float]]:
    variant, players, options = FAMILIES[family]
    jobs = [
        (variant, players, options, f"{seed}:{variant}:{number}", budget, scale, levels)
        for number in range(deals)
    ]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(review_job, jobs))
    else:
        results = [review_job(job) for job in jobs]
    losses: dict[str, list[float]] = {level: [] for level in levels}
    for result in results:
        for level, found in result.items():
            losses[level].extend(found)
    return losses


def cpu_seconds() -> float:
    """CPU seconds of this process and of the workers it has waited for (`--workers`)."""
    import resource

    own, workers = resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN
    return sum(
        usage.ru_utime + usage.ru_stime
        for usage in (resource.getrusage(own), resource.getrusage(workers))
    )


def cell(losses: list[float]) -> str:
    """Mean loss (95% interval half-width over decisions), decisions, accuracy."""
    if not losses:
        return "-"
    mean = statistics.fmean(losses)
    half = 1.96 * statistics.stdev(losses) / len(losses) ** 0.5 if len(losses) > 1 else 0.0
    accurate = sum(1 for loss in losses if loss <= 2.0) / len(losses)
    return f"{mean:.1f} ±{half:.1f} ({len(losses)}, {accurate:.0%})"


def ordered(losses: dict[str, list[float]]) -> str:
    """Whether the means follow random > easy > hard >= expert."""
    if any(level not in losses for level in LEVELS):
        return "-"  # some levels not played (`--level`)
    mean = {level: statistics.fmean(found) if found else 0.0 for level, found in losses.items()}
    steps = [
        mean["random"] > mean["easy"],
        mean["easy"] > mean["hard"],
        mean["hard"] >= mean["expert"],
    ]
    return "yes" if all(steps) else "no (" + ", ".join("ok" if s else "x" for s in steps) + ")"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10, help="duplicate deals per family")
    parser.add_argument("--family", action="append", choices=list(FAMILIES), default=None)
    parser.add_argument("--worlds", type=int, default=300, help="review worlds per decision")
    parser.add_argument("--cpu-ms", type=int, default=300, help="review CPU per decision, max")
    parser.add_argument("--scale", type=float, default=1.0, help="levels' budgets times this")
    parser.add_argument("--seed", default="review")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--level", action="append", choices=LEVELS, default=None, help="only these levels"
    )
    args = parser.parse_args(argv)
    budget = ReviewBudget(args.worlds, args.cpu_ms)
    levels = tuple(args.level or LEVELS)
    print(
        f"{args.deals} duplicate deals per family, seed {args.seed!r}; levels at "
        f"{args.scale:g} x their default budgets in CPU time; review: {args.worlds} worlds or "
        f"{args.cpu_ms} ms CPU a decision. Cells: mean loss per decision in points (a hand's "
        "win is 100), ±95% over decisions (decisions judged, share within 2 points)."
    )
    print("| family (variant, players) | random | easy | hard | expert | ordered | CPU s |")
    print("|---|---:|---:|---:|---:|---|---:|")
    for family in args.family or list(FAMILIES):
        variant, players, _ = FAMILIES[family]
        started = cpu_seconds()
        losses = run(family, args.deals, budget, args.scale, args.seed, args.workers, levels)
        spent = cpu_seconds() - started
        cells = " | ".join(cell(losses.get(level, [])) for level in LEVELS)
        print(f"| {family} ({variant}, {players}) | {cells} | {ordered(losses)} | {spent:.0f} |")
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
