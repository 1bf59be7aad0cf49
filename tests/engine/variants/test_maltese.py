"""`maltese` (RULES.md §2.10) and `sebastopol` (§2.11): after the cross every arm is capped with a
double, only doubles until all four are; then a non-double needs the doubles of both its numbers
on the table.

After the caps every open end shows a number whose double is on the table already (a cap is that
double; a non-double needs its double to leave its number showing), so the rule "doubles may
always be played where they match" never finds a double to play; it is not tested.

SEBASTOPOL (4 players, all 28 dealt): 6-6 leads; the cross is 6-5 (N), 6-4 (E), 6-3 (S), 6-2 (W)
and each seat caps the arm it laid.
"""

from __future__ import annotations

import pytest

from engine import BadOption, IllegalAction
from tests.engine.variants.helpers import legal, move, play, start

MALTESE_DEAL = ("6-6 6-5 6-4 4-4 2-1 1-0 0-0", "6-3 6-2 5-3 3-3 2-0 1-1 5-5")
MALTESE_BONEYARD = "4-3 2-2 3-0 3-1 3-2 4-0 4-1 4-2 5-0 5-1 5-2 5-4 6-0 6-1"
MALTESE_CROSS = "0 6-6; 1 6-3; 0 6-5; 1 6-2; 0 6-4"  # N 3, E 5, S 2, W 4

SEBASTOPOL = (
    "6-6 6-2 2-2 5-4 1-0 0-0 6-1",
    "6-5 5-5 5-1 4-3 3-0 2-0 1-1",
    "6-4 4-4 2-1 3-1 3-2 4-0 6-0",
    "6-3 3-3 4-1 4-2 5-0 5-2 5-3",
)
SEBASTOPOL_CROSS = "0 6-6; 1 6-5; 2 6-4; 3 6-3; 0 6-2"


def test_after_the_cross_only_doubles_that_cap_an_arm_may_be_played() -> None:
    match, hand = start("maltese", MALTESE_DEAL, MALTESE_BONEYARD)
    play(match, MALTESE_CROSS)
    assert match.view_for(1).status == "arms capped: 0 of 4"
    assert legal(hand) == ["3-3", "5-5"]
    play(match, "1 5-5")
    assert legal(hand) == ["4-4"]  # 2-1 matches the 2 on S, but S is not capped yet
    with pytest.raises(IllegalAction, match="2-1 does not fit"):
        hand.apply(move("0 2-1"))


def test_a_player_without_a_cap_draws_for_one() -> None:
    match, hand = start("maltese", MALTESE_DEAL, MALTESE_BONEYARD)
    play(match, MALTESE_CROSS + "; 1 5-5; 0 4-4; 1 3-3")
    assert match.view_for(0).status == "arms capped: 3 of 4"
    assert legal(hand) == ["draw"]
    play(match, "0 draw; 0 draw; 0 2-2")
    assert match.view_for(0).status == "a tile needs the doubles of both its numbers on the table"


def test_once_capped_a_non_double_needs_both_its_doubles_on_the_table() -> None:
    match, hand = start("maltese", MALTESE_DEAL, MALTESE_BONEYARD)
    play(match, MALTESE_CROSS + "; 1 5-5; 0 4-4; 1 3-3; 0 draw; 0 draw; 0 2-2")
    # 5-3: 5-5 and 3-3 are down. 2-0 matches S's 2, but 0-0 is not on the table.
    assert legal(hand) == ["5-3 on 3", "5-3 on 5"]
    with pytest.raises(IllegalAction, match="2-0 does not fit"):
        hand.apply(move("1 2-0"))


def test_sebastopol_six_six_leads_every_hand_and_nobody_draws() -> None:
    match, hand = start("sebastopol", SEBASTOPOL)
    assert hand.lead.seat == 0 and legal(hand) == ["6-6"]
    assert hand.drawable == 0 and hand.stock == []
    play(match, SEBASTOPOL_CROSS)
    assert match.view_for(0).status == "arms capped: 0 of 4"


def test_sebastopol_capping_goes_round_the_table() -> None:
    match, hand = start("sebastopol", SEBASTOPOL)
    play(match, SEBASTOPOL_CROSS + "; 1 5-5")
    assert legal(hand) == ["4-4"]  # 3-2 matches S and W, but they are not capped
    play(match, "2 4-4; 3 3-3; 0 2-2; 1 4-3@4; 2 3-2@3; 3 5-3@5")
    assert legal(hand) == ["pass"]  # 5-4 needs an end showing 5 or 4; 1-0 and 0-0 lack 1-1/0-0


def test_sebastopol_blocks_and_the_lowest_count_scores_the_differences() -> None:
    match, _ = start("sebastopol", SEBASTOPOL)
    play(
        match,
        SEBASTOPOL_CROSS + "; 1 5-5; 2 4-4; 3 3-3; 0 2-2; 1 4-3@4; 2 3-2@3; 3 5-3@5;"
        "0 pass; 1 pass; 2 pass; 3 4-2; 0 5-4; 1 pass; 2 pass; 3 5-2@5",
    )
    result = match.results[-1]
    # Left: seat 0 8 pips, seat 1 13, seat 2 17, seat 3 10: 5 + 9 + 2 = 16 to seat 0.
    assert (result.end, result.winners, result.points) == ("blocked", (0,), (16, 0, 0, 0))


def test_sebastopol_is_for_exactly_four() -> None:
    with pytest.raises(BadOption, match="exactly 4 players"):
        start("sebastopol", SEBASTOPOL[:3])
