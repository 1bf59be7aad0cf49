"""The AI arena: two levels play duplicate hands against each other.

Each deal is played twice with the same tiles in the same seats, the levels swapping seats:
level A sits in the seats of unit 0 (the pair 0 and 2 in partnership games; seats 0 and 2 in a
four-player singles game; seat 0 with two players) and B in the others, then the other way round.
Luck of the deal cancels out; what is left is skill.

Reported per match-up: A's hand-win rate (a hand won by a seat of each level counts half for
each) with a 95% confidence interval over deals (the deal is the independent unit of a duplicate
match), each level's points per hand (its units' average; under penalty scoring fewer is better),
each level's milliseconds per move over the moves where it had a choice, and A's share of the
hands either level won, with its interval: in games where a hand can be drawn (`pairs`: equal
pairs laid, no winner) equal levels win less than half of the hands each, and the share, 50%
between equals, is what says which level is better.

    python -m bench.arena --variant partnership --a expert --b easy --deals 100 [--budget-ms MS]
    python -m bench.arena --table [--deals N] [--budget-ms MS]   # every family, every step

`--scale F` gives each level F times its default budget. On a loaded machine a wall-clock budget
buys less search; `--cpu-clock` counts each budget (and the ms per move) in the CPU time of the
process instead, which is what the budget buys on an idle core whatever else runs; `--idle-core`
replaces the clock by the number of sampled worlds that each
search level's default budget buys on one idle core (measured first, in CPU time, by
`--calibrate`), and `--worlds N` by a fixed count.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from engine import Match
from engine.ai import DEFAULT_BUDGET_MS, LEVELS, choose_action
from engine.rules import Scoring

# One representative per family of play: (variant, players, options).
FAMILIES: dict[str, tuple[str, int, dict[str, int | str | bool]]] = {
    "partnership": ("partnership", 4, {}),
    "line, draw (2 players)": ("two-player", 2, {}),
    "line, draw (4 singles)": ("traditional", 4, {}),
    "line, draw-one, penalty": ("gameroom", 2, {"set": 6}),
    "keep playing (hungarian)": ("hungarian", 2, {}),
    "wild doubles, draw-two": ("beginner", 2, {}),
    "row, adding (sum)": ("sum", 4, {}),
    "row, pairs": ("pairs", 2, {}),
    "cross, draw (2 players)": ("cross", 2, {}),
    "star (cyprus)": ("cyprus", 4, {}),
    "fives, draw (all-fives)": ("all-fives", 2, {}),
    "fives and threes, no draw": ("fives-threes", 2, {}),
    "trains (mexican train)": ("mexican-train", 3, {"set": 9, "hands": 1}),
    "latin scoring (latin preset)": ("latin", 4, {}),
    "latin bonuses (dominican preset)": ("dominican", 4, {}),
}
STEPS = (("easy", "random"), ("hard", "easy"), ("expert", "hard"))


@dataclass
class Tally:
    """What one level did over a match-up."""

    wins: float = 0.0
    points: float = 0.0
    hands: int = 0
    think: float = 0.0
    choices: int = 0
    per_deal: list[float] = field(default_factory=list)


def play_deal(
    variant: str,
    players: int,
    options: dict[str, int | str | bool],
    deal: str,
    levels: tuple[str, str],
    budget_ms: int | None,
    worlds: dict[str, int] | None = None,
    scale: float | None = None,
    cpu: bool = False,
) -> tuple[list[float], list[float], list[float], list[int]]:
    """Play one deal twice (A in unit 0's seats, then in the others). Returns per level: hand
    wins, points, seconds thinking, moves with a choice. `cpu`: budgets and thinking time are
    the process's CPU time."""
    clock = time.process_time if cpu else time.monotonic
    timer = time.process_time if cpu else time.perf_counter
    wins, points, think, choices = [0.0, 0.0], [0.0, 0.0], [0.0, 0.0], [0, 0]
    budgets = [budget_ms, budget_ms]
    if scale is not None:
        budgets = [round(DEFAULT_BUDGET_MS[level] * scale) for level in levels]
    # Clock-free: each search level samples a fixed number of worlds a move.
    counts = [None if worlds is None else worlds.get(level) for level in levels]
    for swap in (False, True):
        match = Match(variant, players, options, seed=deal)
        hand = match.start_hand()
        first_unit = set(match.units[0]) if len(match.units) == 2 else set(range(0, players, 2))
        level_of = [0 if (seat in first_unit) != swap else 1 for seat in range(players)]
        rng = random.Random(f"{deal}:{swap}")
        while not hand.over:
            seat = hand.turn
            view = match.view_for(seat)
            side = level_of[seat]
            started = timer()
            action = choose_action(
                view, levels[side], rng, budgets[side], worlds=counts[side], clock=clock
            )
            if len(view.legal) > 1:
                think[side] += timer() - started
                choices[side] += 1
            match.apply(action)
        result = match.results[-1]
        for seat in result.winners:
            wins[level_of[seat]] += 1 / len(result.winners)
        for side in (0, 1):
            seats = [seat for seat in range(players) if level_of[seat] == side]
            units = {match.variant.unit_of[seat] for seat in seats}
            points[side] += sum(result.points[unit] for unit in units) / len(units)
    return wins, points, think, choices


def run(
    variant: str,
    players: int,
    options: dict[str, int | str | bool],
    levels: tuple[str, str],
    deals: int,
    budget_ms: int | None,
    seed: str = "arena",
    workers: int = 1,
    worlds: dict[str, int] | None = None,
    scale: float | None = None,
    cpu: bool = False,
) -> tuple[Tally, Tally]:
    tallies = (Tally(), Tally())
    jobs = [
        (
            variant,
            players,
            options,
            f"{seed}:{variant}:{number}",
            levels,
            budget_ms,
            worlds,
            scale,
            cpu,
        )
        for number in range(deals)
    ]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(play_deal, *zip(*jobs, strict=True)))
    else:
        results = [play_deal(*job) for job in jobs]
    for wins, points, think, choices in results:
        for side, tally in enumerate(tallies):
            tally.wins += wins[side]
            tally.points += points[side]
            tally.hands += 2
            tally.think += think[side]
            tally.choices += choices[side]
            tally.per_deal.append(wins[side] / 2)
    return tallies


def interval(per_deal: list[float]) -> tuple[float, float]:
    """95% normal interval of the mean win rate over deals."""
    mean = statistics.fmean(per_deal)
    if len(per_deal) < 2:
        return mean, mean
    half = 1.96 * statistics.stdev(per_deal) / math.sqrt(len(per_deal))
    return max(0.0, mean - half), min(1.0, mean + half)


def decided_share(a: list[float], b: list[float]) -> tuple[float, float, float]:
    """A's share of the hands won by either level (drawn hands, won by nobody, left out), with
    a 95% interval over deals (the ratio of two means, by the delta method)."""
    won = [x + y for x, y in zip(a, b, strict=True)]
    if not sum(won):
        return 0.5, 0.0, 1.0
    share = sum(a) / sum(won)
    if len(a) < 2:
        return share, share, share
    residuals = [x - share * total for x, total in zip(a, won, strict=True)]
    error = statistics.stdev(residuals) / math.sqrt(len(a)) / statistics.fmean(won)
    return share, max(0.0, share - 1.96 * error), min(1.0, share + 1.96 * error)


def calibrate(variant: str = "partnership", players: int = 4, games: int = 12) -> dict[str, int]:
    """Worlds that 100 ms of one core's CPU time buys each search level, over the decisions of
    random games (CPU time, so other load on the machine does not change the answer)."""
    rng = random.Random("calibrate")
    spent = {"hard": 0.0, "expert": 0.0}
    sampled = 200
    moves = 0
    for game in range(games):
        match = Match(variant, players, seed=f"calibrate:{game}")
        hand = match.start_hand()
        while not hand.over:
            view = match.view_for(hand.turn)
            if len(view.legal) > 1:
                for level in spent:
                    started = time.process_time()
                    choose_action(view, level, random.Random(game), worlds=sampled)
                    spent[level] += time.process_time() - started
                moves += 1
            match.apply(rng.choice(view.legal))
    return {level: round(0.1 * moves * sampled / cpu) for level, cpu in spent.items()}


HEADER = (
    "| family (variant, players) | A vs B | deals | A hand wins (95% CI) | pts/hand A | "
    "pts/hand B | ms/move A | ms/move B | A share of won hands (95% CI) |\n"
    "|---|---|---:|---:|---:|---:|---:|---:|---:|"
)


def row(
    family: str, variant: str, players: int, levels: tuple[str, str], tallies: tuple[Tally, Tally]
) -> str:
    a, b = tallies
    low, high = interval(a.per_deal)
    share, share_low, share_high = decided_share(a.per_deal, b.per_deal)
    scoring = Match(variant, players, FAMILIES.get(family, (variant, players, {}))[2]).variant
    marker = " (penalty)" if scoring.scoring is Scoring.PENALTY else ""
    return (
        f"| {family} ({variant}, {players}){marker} | {levels[0]} vs {levels[1]} | "
        f"{len(a.per_deal)} | {a.wins / a.hands:.1%} ({low:.0%}-{high:.0%}) | "
        f"{a.points / a.hands:.1f} | {b.points / b.hands:.1f} | "
        f"{1000 * a.think / max(1, a.choices):.1f} | {1000 * b.think / max(1, b.choices):.1f} | "
        f"{share:.1%} ({share_low:.0%}-{share_high:.0%}) |"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="partnership")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--a", default="expert", choices=LEVELS)
    parser.add_argument("--b", default="easy", choices=LEVELS)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--budget-ms", type=int, default=None, help="per move (default: level's)")
    parser.add_argument(
        "--scale", type=float, default=None, help="each level's default budget times this"
    )
    parser.add_argument("--workers", type=int, default=1, help="processes playing deals")
    parser.add_argument(
        "--worlds", type=int, default=None, help="clock-free: N sampled worlds a search move"
    )
    parser.add_argument(
        "--idle-core",
        action="store_true",
        help="clock-free: each search level samples what its default budget buys on an idle core",
    )
    parser.add_argument(
        "--cpu-clock",
        action="store_true",
        help="budgets and ms per move in the process's CPU time (an idle core's worth)",
    )
    parser.add_argument("--seed", default="arena")
    parser.add_argument("--table", action="store_true", help="every family, every level step")
    parser.add_argument("--calibrate", action="store_true", help="worlds per 100 ms of CPU")
    args = parser.parse_args(argv)
    if args.calibrate:
        for level, rate in calibrate().items():
            print(f"{level}: {rate} worlds per 100 ms of one core (partnership decisions)")
        return
    budget = "levels' defaults" if args.budget_ms is None else f"{args.budget_ms} ms"
    if args.scale is not None:
        budget = f"each level's default times {args.scale:g}"
    if args.cpu_clock:
        budget += " of CPU time"
    worlds: dict[str, int] | None = None
    if args.worlds is not None:
        worlds = {"hard": args.worlds, "expert": args.worlds}
        budget = f"{args.worlds} sampled worlds a move (no clock)"
    if args.idle_core:
        rates = calibrate()
        worlds = {level: rates[level] * DEFAULT_BUDGET_MS[level] // 100 for level in rates}
        counts = ", ".join(f"{level} {count} worlds" for level, count in worlds.items())
        budget = f"no clock: {counts} a move (each default budget on an idle core)"
    print(f"duplicate deals, budget per move: {budget}, seed {args.seed!r}")
    print(HEADER)
    if args.table:
        for family, (variant, players, options) in FAMILIES.items():
            for levels in STEPS:
                tallies = run(variant, players, options, levels, args.deals, args.budget_ms,
                              args.seed, args.workers, worlds, args.scale,
                              args.cpu_clock)  # fmt: skip
                print(row(family, variant, players, levels, tallies), flush=True)
        return
    variant = Match(args.variant, args.players).variant.id
    family = next((name for name, setup in FAMILIES.items() if setup[0] == variant), variant)
    _, players, options = FAMILIES.get(family, (variant, args.players, {}))
    players = args.players or players or Match(variant).players
    tallies = run(variant, players, options, (args.a, args.b), args.deals, args.budget_ms,
                  args.seed, args.workers, worlds, args.scale, args.cpu_clock)  # fmt: skip
    print(row(family, variant, players, (args.a, args.b), tallies))


if __name__ == "__main__":
    main()
