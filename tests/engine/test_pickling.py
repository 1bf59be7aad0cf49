"""Views travel to worker processes as pickles (`engine.pickling`): a view of every table game,
at every step of a random hand, comes back as it went."""

from __future__ import annotations

import pickle
import random

import pytest

from engine import Match, SeatView
from engine.actions import Play
from engine.layout import Arm, Placed, Placement
from engine.tiles import Tile
from engine.variants import all_variants
from render import ENGLISH


def same(a: SeatView, b: SeatView) -> bool:
    """Equal views, the layout compared by what it holds (it has no equality of its own)."""
    plain = [name for name in a.__dataclass_fields__ if name != "layout"]
    if any(getattr(a, name) != getattr(b, name) for name in plain):
        return False
    return (a.layout.lead, a.layout.placements, list(a.layout.arms.values())) == (
        b.layout.lead,
        b.layout.placements,
        list(b.layout.arms.values()),
    )


@pytest.mark.parametrize("variant", sorted(v.id for v in all_variants()))
def test_every_view_of_a_hand_comes_back_as_it_went(variant: str) -> None:
    kind = next(v for v in all_variants() if v.id == variant)
    match = Match(variant, kind.players_for()[-1], seed=variant)
    hand = match.start_hand()
    rng = random.Random(variant)
    while not hand.over and hand.turn is not None:
        for view in (match.public_view(), match.view_for(hand.turn)):
            assert same(pickle.loads(pickle.dumps(view, pickle.HIGHEST_PROTOCOL)), view)
        match.apply(rng.choice(match.view_for(hand.turn).legal))


def test_objects_come_back_equal_and_their_own() -> None:
    tile = Tile(6, 4)
    arm = Arm("N", "arm", 6, [Placed(tile, 6, 4)])  # type: ignore[arg-type]
    twin = pickle.loads(pickle.dumps(arm))
    assert twin == arm and twin.tiles is not arm.tiles
    for value in (Play(1, tile, "N"), Placement(tile, "N", 6, 4), ENGLISH):
        assert pickle.loads(pickle.dumps(value)) == value
