"""`cross-nine` (RULES.md §2.12): double-nine, the cross first, then every double placed opens
its two sides: three open ends showing its number, which are alike.

DEAL (2 players, 7 each): 9-9 leads; the cross is 9-8 (N), 9-7 (E), 9-6 (S), 9-5 (W).
"""

from __future__ import annotations

import pytest

from engine import BadDeal, Match
from tests.engine.variants.helpers import legal, play, start

DEAL = ("9-9 9-7 9-5 8-3 8-2 1-0 2-2", "9-8 9-6 8-8 8-7 3-3 4-4 1-1")
CROSS = "0 9-9; 1 9-8; 0 9-7; 1 9-6; 0 9-5"


def ends(match: Match) -> dict[str, int]:
    assert match.hand is not None
    return {arm.id: arm.number for arm in match.hand.layout.open_arms()}


def test_the_cross_comes_first_as_in_cross() -> None:
    match, hand = start("cross-nine", DEAL)
    play(match, "0 9-9")
    assert legal(hand) == ["9-8", "9-6"]  # 8-8 and 8-7 wait for the cross
    play(match, "1 9-8; 0 9-7; 1 9-6")
    assert match.view_for(0).status == "cross: 3 of 4 sides taken"


def test_a_later_double_opens_its_sides_three_ends_showing_its_number() -> None:
    match, hand = start("cross-nine", DEAL)
    play(match, CROSS)
    assert legal(hand) == ["8-8", "8-7 on 8", "8-7 on 7"]
    play(match, "1 8-8")
    assert ends(match) == {"N": 8, "E": 7, "S": 6, "W": 5, "N2a": 8, "N2b": 8}


def test_the_three_ends_of_an_opened_double_are_alike_and_never_asked() -> None:
    match, hand = start("cross-nine", DEAL)
    play(match, CROSS + "; 1 8-8")
    assert legal(hand) == ["8-3", "8-2"]
    play(match, "0 8-3")
    assert sorted(ends(match).values()) == [3, 5, 6, 7, 8, 8]
    assert legal(hand) == ["8-7 on 8", "8-7 on 7", "3-3"]


def test_a_double_on_a_branch_opens_its_own_sides() -> None:
    match, _ = start("cross-nine", DEAL)
    play(match, CROSS + "; 1 8-8; 0 8-3; 1 3-3")
    branch = next(arm for arm in match.view_for(0).layout.open_arms() if arm.number == 3)
    opened = {arm_id: number for arm_id, number in ends(match).items() if number == 3}
    assert opened == {branch.id: 3, f"{branch.id}2a": 3, f"{branch.id}2b": 3}


def test_hand_sizes_reserve_and_the_redeal_without_doubles() -> None:
    sizes = {n: len(Match("cross-nine", n, seed=2).start_hand().hands[0]) for n in range(2, 9)}
    assert sizes == {2: 7, 3: 7, 4: 5, 5: 5, 6: 5, 7: 5, 8: 5}
    assert Match("cross-nine", 8, seed=2).start_hand().reserve == 2
    no_double = ("9-8 9-7 9-6 9-5 9-4 9-3 9-2", "8-7 8-6 8-5 8-4 8-3 8-2 8-1")
    with pytest.raises(BadDeal, match="no double was dealt"):
        start("cross-nine", no_double)
