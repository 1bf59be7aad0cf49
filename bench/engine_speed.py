"""Random 4-player partnership hands per second: this engine's fast path, its rich engine, and
the `dominoes` package from PyPI (the only mature Python domino engine), side by side in one run.

Every contender deals a fresh double-six hand of 7 tiles to each of 4 players (no boneyard),
plays it to the end with uniformly random legal moves, and scores it.

    python -m bench.engine_speed [--seconds S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from engine import Match
from engine.fast import FastDealer


def fast_path(rng: random.Random) -> Callable[[], None]:
    match = Match("partnership", 4, seed=0)
    variant = match.variant
    dealer = FastDealer(variant, match)

    def one_hand() -> None:
        hand = dealer.deal(rng)
        hand.playout(rng)
        variant.score_hand(match, hand.outcome())

    return one_hand


def rich_engine(rng: random.Random) -> Callable[[], None]:
    counter = iter(range(10**12))

    def one_hand() -> None:
        match = Match("partnership", 4, seed=next(counter))
        hand = match.start_hand()
        while not hand.over:
            match.apply(rng.choice(hand.legal_actions()))

    return one_hand


def dominoes_package(rng: random.Random) -> Callable[[], None]:
    import dominoes

    def one_hand() -> None:
        game = dominoes.Game.new()
        while game.result is None:
            game.make_move(*rng.choice(game.valid_moves))

    return one_hand


def rate(one_hand: Callable[[], None], seconds: float) -> float:
    """Hands per second of this process's own CPU time: other programs running on the machine
    (tests, builds) take the processor away from a wall-clock measurement unevenly, while the
    CPU time a hand costs does not depend on them."""
    count = 0
    started = time.process_time()
    deadline = started + seconds
    while time.process_time() < deadline:
        for _ in range(20):
            one_hand()
        count += 20
    return count / (time.process_time() - started)


def interleaved(
    contenders: dict[str, Callable[[], None]], seconds: float, rounds: int = 7
) -> dict[str, float]:
    """The median rate of each contender over `rounds` short turns taken in alternation, so
    that drift in the machine's speed (clock changes, caches) hits every contender alike."""
    for one_hand in contenders.values():
        one_hand()  # warm up imports and caches
    samples: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(rounds):
        for name, one_hand in contenders.items():
            samples[name].append(rate(one_hand, seconds / rounds))
    return {name: statistics.median(values) for name, values in samples.items()}


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per contender")
    args = parser.parse_args(argv)
    random.seed(1)  # the dominoes package draws from the global generator
    rng = random.Random(1)
    contenders = {
        "engine fast path": fast_path(rng),
        "engine (rich)": rich_engine(rng),
        "dominoes 6.1.0": dominoes_package(rng),
    }
    rates = interleaved(contenders, args.seconds)
    baseline = rates["dominoes 6.1.0"]
    print(f"median of 7 alternating turns, {args.seconds:g} s of CPU time per contender")
    print("| 4-player partnership hand, random play | hands/s | vs dominoes |")
    print("|---|---:|---:|")
    for name, value in rates.items():
        print(f"| {name} | {value:,.0f} | {value / baseline:.1f}x |")
    return rates


if __name__ == "__main__":
    main()
