"""What a seat infers about hidden tiles is true, and sampled deals respect all of it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import Match
from engine.ai.knowledge import Knowledge
from engine.ai.sampling import build_world, sample_hidden
from tests.ai_positions import SETUPS


@pytest.mark.parametrize(("variant_id", "players", "options"), SETUPS)
def test_a_seat_never_believes_a_rival_lacks_a_tile_he_holds(
    variant_id: str, players: int, options: dict[str, int]
) -> None:
    rng = random.Random(variant_id)
    games = 1 if options.get("set", 6) > 6 else 3  # big sets: long hands, one is plenty
    for game in range(games):
        match = Match(variant_id, players, options, seed=f"sound:{game}")
        hand = match.start_hand()
        while not hand.over:
            for seat in range(players):
                if not hand.seated[seat]:
                    continue
                knowledge = Knowledge.of(match.view_for(seat))
                for other in range(players):
                    held = set(hand.hands[other]) if other != seat else set()
                    assert not held & knowledge.lacks[other], f"seat {seat} wrong on {other}"
                assert set(knowledge.unseen) == {
                    tile
                    for other, tiles in enumerate(hand.hands)
                    if other != seat
                    for tile in tiles
                } | set(hand.stock) | (
                    set(match.variant.full_set())
                    - set(hand.boneyard)
                    - {tile for tiles in hand.dealt for tile in tiles}
                )
            match.apply(rng.choice(match.legal_actions()))


@pytest.mark.parametrize(
    ("variant_id", "players"), [("partnership", 4), ("traditional", 3), ("gameroom", 4)]
)
def test_sampled_deals_keep_sizes_and_known_voids(variant_id: str, players: int) -> None:
    rng = random.Random(1)
    inferred = 0
    for game in range(6):
        match = Match(variant_id, players, seed=f"sample:{game}")
        hand = match.start_hand()
        while not hand.over:
            seat = hand.turn
            view = match.view_for(seat)
            knowledge = Knowledge.of(view)
            inferred += sum(map(len, knowledge.lacks))
            for _ in range(5):
                hands, rest = sample_hidden(knowledge, rng)
                assert [len(tiles) for tiles in hands] == list(view.hand_sizes)
                assert hands[seat] == list(view.hand)
                for other, tiles in enumerate(hands):
                    assert not set(tiles) & knowledge.lacks[other]
                placed = Counter(tile for other, tiles in enumerate(hands) if other != seat
                                 for tile in tiles) + Counter(rest)  # fmt: skip
                assert placed == Counter(knowledge.unseen)
                world = build_world(view, knowledge, hands, rest)
                assert world.legal_actions(seat) == list(view.legal)
                assert world.drawable == view.drawable
            match.apply(rng.choice(match.legal_actions()))
    assert inferred > 0, "some passes or draws should have taught something"


def test_a_tightly_constrained_deal_is_still_found() -> None:
    """When the greedy deal paints itself into a corner, tiles are moved to make room."""
    match = Match("partnership", 4, seed=11)
    hand = match.start_hand()
    rng = random.Random(3)
    while not hand.over:
        view = match.view_for(hand.turn)
        knowledge = Knowledge.of(view)
        for _ in range(40):
            hands, _ = sample_hidden(knowledge, rng)
            assert all(not set(h) & knowledge.lacks[s] for s, h in enumerate(hands))
        # Play to leave as many passes as possible: the heaviest-constrained deals come late.
        match.apply(max(match.legal_actions(), key=lambda a: getattr(getattr(a, "tile", None),
                                                                   "pips", -1)))  # fmt: skip
