"""The review's loss per decision of each AI level on the same decisions: paired, so that levels
that differ little are told apart with fewer positions than `bench.review_levels` needs.

`bench.review_levels` lets each level play its own games and compares the means of different
decisions; where the levels differ by less than the spread of the positions (Mexican Train on
double-twelve) the intervals overlap for dozens of deals. Here `easy` plays every seat of
`--deals` rounds, each decision of `SEAT` is valued once by the review's search (`--worlds`
worlds, no CPU cap, as `engine.ai.review` judges a decision), and every level chooses in that
same position at its default budget in CPU time. Reported: each level's mean loss (±95%), and
`easy`'s loss minus each search level's, decision by decision (±95%).

    python -m bench.review_positions --deals 16 [--family NAME] [--worlds 200] [--level hard]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from bench.review_levels import FAMILIES, SEAT
from engine import Match
from engine.actions import Action
from engine.ai import DEFAULT_BUDGET_MS, LEVELS, choose_action
from engine.ai.games.base import game_ai
from engine.ai.knowledge import variant_for
from engine.ai.review import ReviewBudget, estimate_actions
from engine.view import SeatView

#: A decision: what the seat saw, its candidates, and the review's value of each.
Position = tuple[SeatView, tuple[Action, ...], tuple[float, ...]]


def positions(family: str, deals: int, worlds: int, seed: str) -> list[Position]:
    """`SEAT`'s decisions in `deals` rounds of `easy` in every seat, each valued by the review."""
    variant, players, options = FAMILIES[family]
    assert isinstance(options, dict)
    found: list[Position] = []
    for number in range(deals):
        match = Match(variant, players, options, seed=f"{seed}:{variant}:{number}")
        hand = match.start_hand()
        rng = random.Random(number)
        while not hand.over:
            view = match.view_for(hand.turn)
            candidates = game_ai(variant_for(view)).candidates(view)
            if hand.turn == SEAT and len(candidates) > 1:
                valued = estimate_actions(view, candidates, ReviewBudget(worlds, 10**9))
                found.append((view, valued.actions, valued.values))
            match.apply(choose_action(view, "easy", rng, 0))
    return found


def losses(found: list[Position], level: str) -> list[float]:
    """`level`'s loss in points (a hand's win is 100) at each decision of `found`."""
    lost: list[float] = []
    for number, (view, actions, values) in enumerate(found):
        game = game_ai(variant_for(view))
        budget = DEFAULT_BUDGET_MS[level]
        chosen = choose_action(view, level, random.Random(number), budget, clock=time.process_time)
        index = next(i for i, action in enumerate(actions) if game.same_game(action, chosen))
        lost.append(100 * (max(values) - values[index]))
    return lost


def cell(found: list[float]) -> str:
    half = 1.96 * statistics.stdev(found) / len(found) ** 0.5 if len(found) > 1 else 0.0
    return f"{statistics.fmean(found):.1f} ±{half:.1f}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=16)
    parser.add_argument("--family", choices=list(FAMILIES), default="trains (double-twelve)")
    parser.add_argument("--worlds", type=int, default=200, help="review worlds per decision")
    parser.add_argument("--level", action="append", choices=LEVELS, default=None)
    parser.add_argument("--seed", default="proxy")
    args = parser.parse_args(argv)
    found = positions(args.family, args.deals, args.worlds, args.seed)
    print(f"{args.family}: {len(found)} decisions of seat {SEAT} in {args.deals} rounds of easy")
    lost = {level: losses(found, level) for level in ("easy", *(args.level or LEVELS[2:]))}
    for level, found_losses in lost.items():
        line = f"{level}: {cell(found_losses)}"
        if level != "easy":
            paired = [e - x for e, x in zip(lost["easy"], found_losses, strict=True)]
            line += f"; easy minus {level}, decision by decision: {cell(paired)}"
        print(line)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
