"""Sampled worlds agree with the seat's view in the games whose table holds more than a line:
the running total of `sum`, the laid pairs and the stock of `pairs`, the arms of crosses and
stars. And no level reads what `pairs` hides: the tile another seat exchanged."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import Match
from engine.ai import LEVELS, choose_action
from engine.ai.knowledge import Knowledge
from engine.ai.sampling import build_world, sample_hidden
from engine.variants.pairs import Exchange

WORLD_GAMES = [
    ("sum", 3, {}),
    ("sum", 5, {"target": 70}),
    ("pairs", 2, {}),
    ("cross", 4, {}),
    ("maltese", 3, {}),
    ("cyprus", 5, {}),
]


@pytest.mark.parametrize(("variant_id", "players", "options"), WORLD_GAMES)
def test_sampled_worlds_show_the_same_table_sizes_and_legal_moves(
    variant_id: str, players: int, options: dict[str, int]
) -> None:
    rng = random.Random(variant_id)
    for game in range(2):
        match = Match(variant_id, players, options, seed=f"worlds:{game}")
        hand = match.start_hand()
        while not hand.over:
            seat = hand.turn
            view = match.view_for(seat)
            knowledge = Knowledge.of(view)
            for _ in range(2):
                hands, rest = sample_hidden(knowledge, rng)
                placed = Counter(t for s, h in enumerate(hands) if s != seat for t in h)
                assert placed + Counter(rest) == Counter(knowledge.unseen)
                world = build_world(view, knowledge, hands, rest)
                assert [len(tiles) for tiles in world.hands] == list(view.hand_sizes)
                assert world.hands[seat] == list(view.hand)
                assert world.layout.placements == view.layout.placements
                assert world.legal_actions(seat) == list(view.legal)
                assert len(world.stock) == view.boneyard
                public = match.variant.public_state(world)
                assert (public.total, public.laid_pairs, public.status) == (
                    view.total,
                    view.laid_pairs,
                    view.status,
                )
                for depth, tile in knowledge.in_stock:
                    assert hand.stock[depth] == tile, "the seat's own exchange is misplaced"
                    assert world.stock[depth] == tile
            match.apply(rng.choice(match.legal_actions()))


def test_a_seat_knows_where_its_exchanged_tile_lies_until_it_is_drawn() -> None:
    rng = random.Random(4)
    known = 0
    for game in range(8):
        match = Match("pairs", 2, seed=f"buried:{game}")
        hand = match.start_hand()
        while not hand.over:
            for seat in (0, 1):
                knowledge = Knowledge.of(match.view_for(seat))
                for depth, tile in knowledge.in_stock:
                    assert hand.stock[depth] == tile
                    assert tile in knowledge.lacks[1 - seat]
                    known += 1
            match.apply(rng.choice(match.legal_actions()))
    assert known > 0, "some exchanges should have been seen"


def test_a_pass_in_the_sum_game_tells_that_no_tile_fits_the_total() -> None:
    rng = random.Random(2)
    learned = 0
    for game in range(10):
        match = Match("sum", 4, seed=f"sum-pass:{game}")
        hand = match.start_hand()
        while not hand.over:
            for seat in range(4):
                knowledge = Knowledge.of(match.view_for(seat))
                for other in range(4):
                    if other != seat:
                        assert not set(hand.hands[other]) & knowledge.lacks[other]
                        learned += len(knowledge.lacks[other])
            match.apply(rng.choice(match.legal_actions()))
    assert learned > 0


def _exchange_twins() -> tuple[Match, Match]:
    """Two pairs matches alike but for the tile seat `s` just exchanged, the other seat to act
    with a choice to make."""
    rng = random.Random(7)
    for game in range(200):
        match = Match("pairs", 2, seed=f"twins:{game}")
        hand = match.start_hand()
        for _ in range(rng.randrange(12)):
            if hand.over:
                break
            match.apply(rng.choice(match.legal_actions()))
        if hand.over:
            continue
        exchanges = [a for a in match.legal_actions() if isinstance(a, Exchange)]
        if len(exchanges) < 2:
            continue
        twin = Match("pairs", 2, seed=f"twins:{game}")
        twin.start_hand()
        for action in hand.actions:
            twin.apply(action)
        match.apply(exchanges[0])
        twin.apply(exchanges[1])
        assert match.hand is not None and twin.hand is not None
        if match.hand.over or len(match.legal_actions()) < 2:
            continue
        return match, twin
    raise AssertionError("no position with an exchange and a choice after it")


def test_no_level_sees_the_tile_the_other_seat_exchanged() -> None:
    match, twin = _exchange_twins()
    assert match.hand is not None and twin.hand is not None
    seat = match.hand.turn
    view, other = match.view_for(seat), twin.view_for(seat)
    assert match.hand.stock != twin.hand.stock
    assert (view.hand, view.history, view.laid_pairs, view.boneyard) == (
        other.hand,
        other.history,
        other.laid_pairs,
        other.boneyard,
    )
    for level in LEVELS:
        first = choose_action(view, level, random.Random(9), worlds=20)
        assert first == choose_action(other, level, random.Random(9), worlds=20), level
