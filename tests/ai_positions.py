"""Positions for the AI tests: matches of every variant played at random to some point."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from engine import Match, Play, all_variants
from engine.ai import choose_action
from engine.ai.knowledge import Knowledge
from engine.ai.sampling import sample_hidden
from engine.errors import DominoError
from engine.view import SeatView

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


def placing_shares(
    variant_id: str,
    players: int,
    games: int,
    read: Callable[[SeatView, Knowledge], Any],
    wanted: Callable[[SeatView, Any], bool],
) -> tuple[float, float, int]:
    """How well a reading of plays places the hidden tiles. Over the positions `wanted` picks
    (the view and its reading) in hands played by `easy`: the mean share of the other seats'
    tiles that 300 sampled worlds put in the hand that holds them, unweighted and weighed by
    `read(view, knowledge).weight`, and the number of positions."""
    plain = read_share = 0.0
    positions = 0
    for game in range(games):
        match = Match(variant_id, players, seed=f"placing:{game}")
        hand = match.start_hand()
        rng = random.Random(game)
        while not hand.over:
            seat = hand.turn
            view = match.view_for(seat)
            knowledge = Knowledge.of(view)
            reading = read(view, knowledge)
            if wanted(view, reading):
                where = {tile: s for s, tiles in enumerate(hand.hands) for tile in tiles}
                hidden = sum(len(tiles) for s, tiles in enumerate(hand.hands) if s != seat)
                total_weight = right_plain = right_read = 0.0
                worlds = random.Random(len(view.history))
                for _ in range(300):
                    hands, _ = sample_hidden(knowledge, worlds)
                    right = sum(
                        where.get(tile) == s
                        for s, tiles in enumerate(hands)
                        if s != seat
                        for tile in tiles
                    )
                    weight = reading.weight(hands)
                    right_plain += right / hidden
                    right_read += weight * right / hidden
                    total_weight += weight
                plain += right_plain / 300
                read_share += right_read / total_weight
                positions += 1
            match.apply(choose_action(view, "easy", rng))
    return plain / max(1, positions), read_share / max(1, positions), positions


def redealt(match: Match, seat: int, rng: random.Random) -> Match:
    """The same match with the other seats' hidden tiles dealt again, consistently with all
    that `seat` has seen: a no-draw hand replayed from a different deal (`seat`'s own tiles
    dealt in the same order)."""
    assert match.hand is not None
    view = match.view_for(seat)
    knowledge = Knowledge.of(view)
    while True:
        hands, _ = sample_hidden(knowledge, rng)
        hands[seat] = list(match.hand.dealt[seat])
        for action in view.history:
            if isinstance(action, Play) and action.seat != seat:
                hands[action.seat].append(action.tile)
        twin = Match(match.variant, seed=match.seed)
        try:
            hand = twin.start_hand(deal=hands, leader=match.hand.lead.seat)
        except DominoError:
            continue  # the redeal rule forbids that deal: draw another
        for action in view.history:
            twin.apply(action)
        assert hand.hands[seat] == match.hand.hands[seat]
        return twin
