"""What a seat infers about hidden tiles is true, and sampled deals respect all of it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import Match
from engine.actions import Draw, Play
from engine.ai.knowledge import Knowledge
from engine.ai.sampling import build_world, sample_hidden
from engine.tiles import Tile
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
                    - set(match.variant.set_aside(len(match.results)))  # face up (an engine)
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


def _after_lead(variant_id: str, players: int, seed: int) -> Match:
    match = Match(variant_id, players, seed=seed)
    hand = match.start_hand()
    assert hand.lead.tile is not None
    match.apply(Play(hand.lead.seat, hand.lead.tile))
    return match


def test_a_lead_below_double_six_shows_the_higher_doubles_were_not_dealt() -> None:
    """Two players, first hand: the highest double dealt leads. Seat 0 led 2-2 (seed 0), so
    3-3 to 6-6 lie in the boneyard: seat 1 knows seat 0 holds none of them, and no sampled
    deal gives it one, until seat 0 draws (a drawn tile may be any of them)."""
    match = _after_lead("two-player", 2, seed=0)
    hand = match.hand
    assert hand is not None and str(hand.lead.tile) == "2-2" and hand.lead.seat == 0
    higher = {Tile(n, n) for n in range(3, 7)}
    assert not higher & set(hand.hands[0]) and not higher & set(hand.hands[1])
    knowledge = Knowledge.of(match.view_for(1))
    assert higher <= knowledge.lacks[0]
    assert not {tile for tile in knowledge.lacks[0] if not tile.is_double}  # only the doubles
    rng = random.Random(5)
    for _ in range(50):
        hands, _ = sample_hidden(knowledge, rng)
        assert not higher & set(hands[0])
    rng = random.Random(0)  # a line of play in which seat 0 draws
    while not any(isinstance(a, Draw) and a.seat == 0 for a in hand.actions):
        assert not hand.over
        match.apply(rng.choice(match.legal_actions()))
    assert not higher & Knowledge.of(match.view_for(1)).lacks[0]


def test_a_lead_below_the_highest_tile_shows_it_was_set_aside() -> None:
    """`sum` with four players deals 24 of the 28 tiles and the highest tile dealt leads: a 6-5
    lead (seed 0) means 6-6 is set aside, and every seat knows nobody holds it."""
    match = _after_lead("sum", 4, seed=0)
    hand = match.hand
    assert hand is not None and str(hand.lead.tile) == "6-5"
    for seat in range(4):
        knowledge = Knowledge.of(match.view_for(seat))
        for other in range(4):
            if other != seat:
                assert Tile(6, 6) in knowledge.lacks[other]
                assert knowledge.lacks[other] == {Tile(6, 6)}  # nothing else is outranked


def test_a_free_lead_or_a_fixed_opening_tile_tells_nothing() -> None:
    """The 6-6 holder leads partnership's first hand: 6-6 outranks everything, so nothing is
    learnt; in later hands of `two-player` the loser leads any tile: nothing either."""
    match = _after_lead("partnership", 4, seed=3)
    assert all(not Knowledge.of(match.view_for(1)).lacks[other] for other in range(4))
    match = Match("two-player", 2, seed=2)
    hand = match.start_hand()
    rng = random.Random(2)
    while not hand.over:
        match.apply(rng.choice(match.legal_actions()))
    hand = match.start_hand()
    assert hand.lead.tile is None
    match.apply(Play(hand.lead.seat, min(hand.hands[hand.lead.seat], key=lambda t: t.pips)))
    view = match.view_for(1 - hand.lead.seat)
    assert not any(Knowledge.of(view).lacks)
