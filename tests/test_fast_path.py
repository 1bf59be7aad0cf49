"""The fast path plays by exactly the rules of the rich engine: many random hands of every
variant it supports are replayed through both, with identical legal moves, states and
outcomes at every step."""

from __future__ import annotations

import random

import pytest

from engine import Draw, Match, Pass, Play, all_variants, get_variant
from engine.fast import WITH, FastDealer, FastHand, mask_of, supports

SETUPS = [
    *((variant.id, players, {}) for variant in all_variants() for players in variant.player_counts
      if variant.id != "gameroom"),
    *(("gameroom", players, {"set": 6}) for players in (2, 3, 4)),
    *(("gameroom", players, {"set": 9}) for players in (5, 10)),
    ("gameroom", 6, {"set": 12, "teams": 3}),
]  # fmt: skip
SUPPORTED = [setup for setup in SETUPS if supports(get_variant(setup[0])(setup[1], setup[2]))]


def test_the_fast_path_covers_every_plain_line_game() -> None:
    ids = {variant_id for variant_id, _, _ in SUPPORTED}
    assert ids == {
        "partnership", "traditional", "two-player", "home-and-away", "kids", "111", "pool",
        "hungarian", "french", "classic", "gameroom",
    }  # fmt: skip
    assert not supports(get_variant("beginner")(2)), "wild doubles are not plain matching"


def fast_plays(fast: FastHand) -> set[tuple[int, int | None]]:
    return {(index, None if end < 0 else end) for index, end in fast.plays()}


def rich_plays(match: Match) -> set[tuple[int, int | None]]:
    found = set()
    for action in match.legal_actions():
        if isinstance(action, Play):
            assert action.end is None or isinstance(action.end, int)
            found.add((action.tile.index, action.end))
    return found


@pytest.mark.parametrize(("variant_id", "players", "options"), SUPPORTED)
def test_fast_and_rich_engines_agree_at_every_step(
    variant_id: str, players: int, options: dict[str, int]
) -> None:
    rng = random.Random(f"{variant_id}:{players}")
    for game in range(12):
        match = Match(variant_id, players, options, seed=f"fast:{game}")
        while not match.over:
            hand = match.start_hand()
            fast = FastHand.from_hand(hand)
            while not hand.over:
                assert fast_plays(fast) == rich_plays(match)
                assert fast.may_draw() == hand.may_draw(hand.turn)
                action = rng.choice(match.legal_actions())
                match.apply(action)
                if isinstance(action, Play):
                    fast.play(action.tile.index, -1 if action.end is None else int(action.end))
                elif isinstance(action, Draw):
                    fast.draw()
                else:
                    assert isinstance(action, Pass)
                    fast.pass_turn()
                assert fast.hands == [mask_of(tiles) for tiles in hand.hands]
                assert sorted((fast.west, fast.east)) == sorted(hand.layout.open_numbers())
                assert bool(fast.end) == hand.over
                if not hand.over:
                    assert fast.turn == hand.turn
            assert hand.outcome is not None
            expected = hand.outcome._replace(
                hands=tuple(tuple(sorted(tiles, key=lambda t: t.index)) for tiles in hand.hands)
            )
            assert fast.outcome() == expected


@pytest.mark.parametrize(("variant_id", "players", "options"), SUPPORTED)
def test_fast_playouts_end_in_a_true_domino_or_block(
    variant_id: str, players: int, options: dict[str, int]
) -> None:
    rng = random.Random(variant_id)
    match = Match(variant_id, players, options, seed=1)
    dealer = FastDealer(match.variant, match)
    for _ in range(200):
        fast = dealer.deal(rng)
        before = sum(fast.hands) | sum(1 << index for index in fast.stock)
        fast.playout(rng)
        assert fast.end in ("domino", "blocked")
        if fast.end == "domino":
            assert fast.hands[fast.went_out] == 0
        else:
            ends = WITH[fast.west] | WITH[fast.east]
            assert fast.drawable() == 0
            assert not any(hand & ends for hand in fast.hands)
        held = 0
        for hand in fast.hands:
            assert not held & hand, "a tile in two hands"
            held |= hand
        assert held & ~before == 0, "a tile appeared from nowhere"


def test_fast_deals_follow_the_redeal_and_lead_rules() -> None:
    match = Match("partnership", 4, seed=0)
    dealer = FastDealer(match.variant, match)
    rng = random.Random(5)
    for _ in range(2000):
        fast = dealer.deal(rng)
        six_six = 27
        assert fast.hands[fast.turn] >> six_six & 1, "the holder of 6-6 leads"
        assert fast.lead_index == six_six
        doubles = sum(1 << (n * (n + 1) // 2 + n) for n in range(7))
        assert all((hand & doubles).bit_count() < 5 for hand in fast.hands)
