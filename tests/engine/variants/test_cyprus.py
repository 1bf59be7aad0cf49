"""`cyprus` (RULES.md §2.13): double-nine for 4 to 10; the holder of 9-9 leads with it, every
hand; 9-9 is a star with eight places, filled in any order, while arms grow; the empty places
are alike, but an empty place and an arm end showing 9 are different choices.

DEAL (4 players, 13 each, 3 set aside): seat 0 holds 9-9 and 9-1, seat 1 9-4, seat 2 4-2,
seat 3 9-2; the rest is filled in from the set in order, leaving 0-0, 1-0 and 1-1 aside.
"""

from __future__ import annotations

import pytest

from engine import BadDeal, IllegalAction, Match, Tile, domino_set
from tests.engine.variants.helpers import legal, move, play, start

ASIDE = ("0-0", "1-0", "1-1")


def filled(*named: str, aside: tuple[str, ...] = ASIDE, size: int = 13) -> tuple[str, ...]:
    """Hands holding the `named` tiles, topped up to `size` from the double-nine set in order."""
    taken = {Tile.parse(text) for text in (*aside, *" ".join(named).split())}
    rest = [tile for tile in domino_set(9) if tile not in taken]
    hands = []
    for tiles in named:
        extra = size - len(tiles.split())
        hands.append(" ".join([tiles, *(str(tile) for tile in rest[:extra])]))
        del rest[:extra]
    return tuple(hands)


DEAL = filled("9-9 9-1", "9-4", "4-2", "9-2")


def test_the_holder_of_nine_nine_leads_with_it() -> None:
    _, hand = start("cyprus", DEAL)
    assert hand.lead.seat == 0 and legal(hand) == ["9-9"]
    assert hand.stock == [] and hand.drawable == 0


def test_the_empty_places_of_the_star_are_alike() -> None:
    match, hand = start("cyprus", DEAL)
    play(match, "0 9-9")
    nines = [text for text in legal(hand) if "9" in text]
    assert nines == ["9-4"]  # one move, whichever of the eight places it goes to
    play(match, "1 9-4")
    assert match.view_for(2).status == "star: 1 of 8 places taken"


def test_arms_grow_before_the_star_is_complete() -> None:
    match, hand = start("cyprus", DEAL)
    play(match, "0 9-9; 1 9-4")
    assert "4-2" in legal(hand)
    play(match, "2 4-2")
    assert match.view_for(3).layout.arms["N"].number == 2


def test_an_empty_place_and_an_arm_end_showing_nine_are_different_choices() -> None:
    match, hand = start("cyprus", DEAL)
    play(match, "0 9-9; 1 9-4; 2 4-2")
    assert {"9-2 on 9", "9-2 on 2"} <= set(legal(hand))
    play(match, "3 9-2@2")  # N now shows 9 at the end of an arm
    assert [text for text in legal(hand) if text.startswith("9-1")] == ["9-1 on N", "9-1 on NE"]
    with pytest.raises(IllegalAction, match="name one"):
        hand.apply(move("0 9-1@9"))
    play(match, "0 9-1@SW")  # any empty place may be named
    arms = match.view_for(1).layout.arms
    assert arms["SW"].number == 1 and arms["N"].number == 9


def test_nobody_holding_nine_nine_means_a_redeal() -> None:
    with pytest.raises(BadDeal, match="nobody holds 9-9"):
        start("cyprus", filled("9-8", "9-7", "9-6", "9-5", aside=("9-9", "0-0", "1-0")))
    for seed in range(10):
        hand = Match("cyprus", 4, seed=seed).start_hand()
        assert any(Tile(9, 9) in tiles for tiles in hand.hands)


def test_hand_sizes_by_player_count() -> None:
    sizes = {n: len(Match("cyprus", n, seed=5).start_hand().hands[0]) for n in range(4, 11)}
    assert sizes == {4: 13, 5: 11, 6: 9, 7: 7, 8: 6, 9: 6, 10: 5}
