"""Positions for the AI tests: matches of every variant played at random to some point."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine import Match, all_variants

SETUPS: list[tuple[str, int, dict[str, int]]] = [
    *((variant.id, players, {}) for variant in all_variants() for players in variant.player_counts
      if variant.id != "gameroom"),
    *(("gameroom", players, {"set": 6}) for players in (2, 3, 4)),
    ("gameroom", 5, {"set": 9}),
    ("gameroom", 6, {"set": 12, "teams": 3}),
]  # fmt: skip


def positions(
    variant_id: str, players: int, options: dict[str, int], count: int, seed: str
) -> Iterator[Match]:
    """`count` matches, each stopped at a random point of its first or second hand with a seat
    to act (random legal actions lead there)."""
    rng = random.Random(seed)
    for number in range(count):
        match = Match(variant_id, players, options, seed=f"{seed}:{number}")
        hand = match.start_hand()
        stop = rng.randrange(60)
        for _ in range(stop):
            if hand.over:
                if match.over:
                    break
                hand = match.start_hand()
            match.apply(rng.choice(match.legal_actions()))
        if hand.over:
            if match.over:
                continue
            hand = match.start_hand()
        yield match
