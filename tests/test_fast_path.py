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
        "latin", "puerto-rico", "cuban",  # §4.1's presets without bonuses for the last tile
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


NO_DRAW = [setup for setup in SUPPORTED if get_variant(setup[0])(setup[1], setup[2]).draw_rule
           == "no-draw" and not get_variant(setup[0]).keeps_playing]  # fmt: skip


@pytest.mark.parametrize(("variant_id", "players", "options"), NO_DRAW)
def test_the_no_draw_playout_plays_exactly_like_the_general_one(
    variant_id: str, players: int, options: dict[str, int]
) -> None:
    """Same generator state in, same hand out: the specialised loop draws the same random
    numbers for the same choices as the loop that serves every game."""
    match = Match(variant_id, players, options, seed=1)
    dealer = FastDealer(match.variant, match)
    rng = random.Random(variant_id)
    for game in range(300):
        fast = dealer.deal(rng)
        if game % 3 == 1:  # also from a table already started
            fast.play(*fast.plays()[0])
        twin = fast.copy()
        fast._playout_without_drawing(random.Random(game))
        twin._playout_any(random.Random(game))
        assert fast.end and fast.end == twin.end
        assert fast.hands == twin.hands
        assert (fast.west, fast.east) == (twin.west, twin.east)
        assert (fast.went_out, fast.last_placer) == (twin.went_out, twin.last_placer)
        assert fast.outcome() == twin.outcome()


@pytest.mark.parametrize(("variant_id", "players", "options"), SUPPORTED)
def test_fast_deals_give_every_seat_every_tile_equally_often(
    variant_id: str, players: int, options: dict[str, int]
) -> None:
    match = Match(variant_id, players, options, seed=1)
    dealer = FastDealer(match.variant, match)
    rng = random.Random(11)
    deals = 600
    seen = [[0] * players for _ in range(len(match.variant.full_set()))]
    for _ in range(deals):
        fast = dealer.deal(rng)
        assert (
            sum(fast.hands) | sum(1 << index for index in fast.stock)
            == mask_of(match.variant.full_set())
            or not fast.stock
        )
        for seat, hand in enumerate(fast.hands):
            for index in range(len(seen)):
                seen[index][seat] += hand >> index & 1
    size = match.variant.hand_size(players)
    share = deals * size / len(seen)  # how often one seat should hold one tile
    spread = 6 * (share * (1 - size / len(seen))) ** 0.5 + 3
    for counts in seen:
        assert all(abs(count - share) <= spread for count in counts), counts
