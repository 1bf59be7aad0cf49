"""`cross` (RULES.md §2.8): the highest double dealt leads every hand as a spinner; its four
sides take a tile each, in any order and without the player being asked which, before any arm
grows; later doubles sit in line.

DEAL (2 players, 7 each, reserve 2): seat 0 holds 6-6, the highest double, and leads.
"""

from __future__ import annotations

import pytest

from engine import BadDeal, IllegalAction, Match
from engine.layout import ArmKind
from tests.engine.variants.helpers import legal, move, play, start

DEAL = ("6-6 6-5 3-1 2-2 1-0 0-0 4-4", "6-3 6-2 6-1 5-3 3-3 3-0 5-5")
BONEYARD = "4-3 6-4 1-1 2-0 2-1 3-2 4-0 4-1 4-2 5-0 5-1 5-2 5-4 6-0"
CROSS = "0 6-6; 1 6-3; 0 6-5; 1 6-2; 0 draw; 0 draw; 0 6-4"


def test_the_highest_double_dealt_leads_and_is_a_spinner() -> None:
    _, hand = start("cross", DEAL, BONEYARD)
    assert hand.lead.seat == 0
    assert legal(hand) == ["6-6"]
    hand.apply(move("0 6-6"))
    assert {arm.id: arm.number for arm in hand.layout.open_arms()} == dict.fromkeys("NESW", 6)


def test_the_empty_sides_are_alike_so_the_player_is_never_asked_which() -> None:
    match, hand = start("cross", DEAL, BONEYARD)
    play(match, "0 6-6")
    assert legal(hand) == ["6-3", "6-2", "6-1"]
    play(match, "1 6-3; 0 6-5; 1 6-2")
    sides = {arm.id: arm.number for arm in hand.layout.open_arms()}
    assert sides == {"N": 3, "E": 5, "S": 2, "W": 6}


def test_until_the_cross_is_complete_a_tile_may_only_go_on_an_empty_side() -> None:
    match, hand = start("cross", DEAL, BONEYARD)
    play(match, "0 6-6; 1 6-3")
    # 3-1 matches the 3 showing on N, but the cross comes first.
    assert legal(hand) == ["6-5"]
    with pytest.raises(IllegalAction, match="3-1 does not fit"):
        hand.apply(move("0 3-1"))
    assert match.view_for(0).status == "cross: 1 of 4 sides taken"


def test_a_player_whose_tiles_fit_only_the_arms_draws_until_a_side_tile_comes() -> None:
    match, hand = start("cross", DEAL, BONEYARD)
    play(match, "0 6-6; 1 6-3; 0 6-5; 1 6-2")
    assert legal(hand) == ["draw"]  # 3-1 fits N and 2-2 fits S, but a side is still empty
    play(match, "0 draw")
    assert hand.hands[0][-1].high == 4 and legal(hand) == ["draw"]  # 4-3 does not do either
    play(match, "0 draw; 0 6-4")
    assert match.view_for(1).status is None
    assert sorted(arm.number for arm in hand.layout.open_arms()) == [2, 3, 4, 5]


def test_after_the_cross_play_goes_on_at_the_four_ends_and_later_doubles_sit_in_line() -> None:
    match, hand = start("cross", DEAL, BONEYARD)
    play(match, CROSS)
    assert legal(hand) == ["5-3 on 3", "5-3 on 5", "3-3", "3-0", "5-5"]
    play(match, "1 3-3")
    assert len(hand.layout.open_arms()) == 4
    assert all(arm.kind is ArmKind.SIDE for arm in hand.layout.open_arms())


def test_two_ends_showing_the_same_number_are_one_move() -> None:
    match, hand = start("cross", DEAL, BONEYARD)
    play(match, CROSS + "; 1 3-3; 0 4-3@4")  # N and W both show 3 now
    assert legal(hand) == ["5-3 on 3", "5-3 on 5", "3-0", "5-5"]
    with pytest.raises(IllegalAction, match="say which"):
        hand.apply(move("1 5-3"))
    play(match, "1 3-0")
    assert sorted(arm.number for arm in hand.layout.open_arms()) == [0, 2, 3, 5]


def test_a_deal_without_a_double_is_redealt() -> None:
    no_double = ("6-5 6-4 6-3 6-2 6-1 6-0 5-4", "5-3 5-2 5-1 5-0 4-3 4-2 4-1")
    with pytest.raises(BadDeal, match="no double was dealt"):
        start("cross", no_double)
    for seed in range(20):
        hand = Match("cross", 5, seed=seed).start_hand()
        assert any(tile.is_double for tiles in hand.hands for tile in tiles)


def test_every_hand_is_led_by_the_highest_double_dealt() -> None:
    match, _ = start("cross", DEAL, BONEYARD)
    play(match, CROSS)
    while not hand_over(match):
        match.apply(match.legal_actions()[0])
    _, second = start("cross", (DEAL[1], DEAL[0]), BONEYARD, match=match)
    assert second.lead.seat == 1 and str(second.lead.tile) == "6-6"


def hand_over(match: Match) -> bool:
    return match.hand is None or match.hand.over


def test_deal_sizes_follow_traditional() -> None:
    sizes = {n: Match("cross", n, seed=3).start_hand() for n in (2, 3, 4, 5)}
    assert {n: len(hand.hands[0]) for n, hand in sizes.items()} == {2: 7, 3: 5, 4: 4, 5: 3}
    assert {n: hand.reserve for n, hand in sizes.items()} == {2: 2, 3: 1, 4: 1, 5: 1}
