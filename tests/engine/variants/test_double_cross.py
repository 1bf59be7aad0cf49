"""`double-cross` (RULES.md §2.9): after the cross, only doubles until one double is placed,
once per hand.

The hand "may block while waiting" only in principle: the four doubles that match the cross's
ends would all have to be out of reach, and the reserve holds at most 2, so with double-six some
player always gets one. What is tested is the waiting itself: drawing past tiles that match.

DEAL (2 players): 6-6 leads; the cross is 6-3 (N), 6-5 (E), 6-2 (S), 6-4 (W).
"""

from __future__ import annotations

import pytest

from engine import IllegalAction
from tests.engine.variants.helpers import legal, move, play, start

DEAL = ("6-6 6-5 6-4 4-4 2-1 1-0 0-0", "6-3 6-2 5-3 3-3 2-0 1-1 5-5")
BONEYARD = "4-3 2-2 3-0 3-1 3-2 4-0 4-1 4-2 5-0 5-1 5-2 5-4 6-0 6-1"
CROSS = "0 6-6; 1 6-3; 0 6-5; 1 6-2; 0 6-4"


def test_once_the_cross_is_complete_only_a_double_may_follow() -> None:
    match, hand = start("double-cross", DEAL, BONEYARD)
    play(match, CROSS)
    # 5-3 and 2-0 match open ends, but only the doubles that match may be played.
    assert legal(hand) == ["3-3", "5-5"]
    with pytest.raises(IllegalAction, match="5-3 does not fit"):
        hand.apply(move("1 5-3@3"))
    assert match.view_for(0).status == "doubles only until one is played"


def test_after_one_double_anything_may_be_played_again() -> None:
    match, hand = start("double-cross", DEAL, BONEYARD)
    play(match, CROSS + "; 1 5-5")
    assert match.view_for(0).status is None
    assert legal(hand) == ["4-4", "2-1"]  # a non-double again, next to the double 4-4


def test_the_wait_for_a_double_happens_once_per_hand() -> None:
    match, hand = start("double-cross", DEAL, BONEYARD)
    play(match, CROSS + "; 1 5-5; 0 2-1")
    assert legal(hand) == ["5-3 on 3", "5-3 on 5", "3-3", "1-1"]


def test_a_player_with_no_fitting_double_draws_while_waiting() -> None:
    hands = ("6-6 6-5 6-4 2-1 1-0 0-0 4-4", "6-3 6-2 5-3 2-0 1-1 3-1 4-1")
    boneyard = "5-1 2-2 3-3 3-0 3-2 4-0 4-2 4-3 5-0 5-2 5-4 5-5 6-0 6-1"
    match, hand = start("double-cross", hands, boneyard)
    play(match, CROSS)
    assert legal(hand) == ["draw"]  # five tiles match an end; none is a double
    play(match, "1 draw")
    assert legal(hand) == ["draw"]  # 5-1 matches E's 5, but is no double
    play(match, "1 draw")
    assert legal(hand) == ["2-2"]
