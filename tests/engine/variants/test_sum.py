"""`sum` (RULES.md §2.16): any tile, a running total, no overshooting; an exact hit wins the hand,
a block goes to the player who added last; first to `wins` hands won takes the match.

A player who empties their hand short of the target never records a pass afterwards: everyone
who could still add has played every turn (being unable is for good, as the total only grows), so
they hold no more tiles than the emptied player had turns left, and the hand ends first.
"""

from __future__ import annotations

import pytest

from engine import BadOption, IllegalAction, Match
from tests.engine.variants.helpers import legal, move, play, start

EXACT = (
    "6-6 5-5 4-4 3-3 0-0 1-0 2-0 3-0",
    "6-5 6-4 5-4 6-3 5-3 4-3 2-1 1-1",
    "6-2 6-1 6-0 5-2 5-1 5-0 4-2 4-1",
)  # set aside: 2-2 3-1 3-2 4-0
EXACT_PLAY = "0 6-6; 1 6-5; 2 6-2; 0 5-5; 1 2-1"  # total 44
BLOCK = (
    "6-6 6-5 6-4 6-3 5-5 5-4 5-3 4-4",
    "6-2 6-1 5-2 4-3 6-0 5-1 4-2 3-3",
    "5-0 4-1 3-2 4-0 3-1 2-2 2-1 3-0",
)  # set aside: 0-0 1-0 1-1 2-0


def test_the_holder_of_the_highest_tile_leads_and_the_total_is_its_pips() -> None:
    match, hand = start("sum", EXACT)
    assert hand.lead.seat == 0 and legal(hand) == ["6-6"]
    play(match, "0 6-6")
    view = match.view_for(1)
    assert view.total == 12 and view.status == "total 12 of 50"
    assert [str(tile) for tile in view.layout.tiles()] == ["6-6"]


def test_any_tile_may_be_added_without_matching() -> None:
    match, hand = start("sum", EXACT)
    play(match, "0 6-6")
    assert legal(hand) == ["6-5", "6-4", "5-4", "6-3", "5-3", "4-3", "2-1", "1-1"]
    play(match, "1 2-1")
    assert [str(tile) for tile in hand.layout.tiles()] == ["6-6", "2-1"]
    assert hand.layout.open_arms() == []


def test_a_tile_that_would_pass_the_target_may_not_be_played() -> None:
    match, hand = start("sum", EXACT)
    play(match, EXACT_PLAY)
    assert legal(hand) == ["6-0", "5-1", "5-0", "4-2", "4-1"]  # 6-1 and 5-2 would make 51
    with pytest.raises(IllegalAction, match=r"6-1 cannot be laid now \(total 44 of 50\)"):
        hand.apply(move("2 6-1"))
    with pytest.raises(IllegalAction, match="no end to choose"):
        hand.apply(move("2 6-0@6"))


def test_bringing_the_total_exactly_to_the_target_wins_the_hand() -> None:
    match, _ = start("sum", EXACT)
    play(match, EXACT_PLAY + "; 2 4-2")
    result = match.results[-1]
    assert (result.end, result.winners, result.points) == ("target", (2,), (0, 0, 1))
    assert not match.over


def test_when_nobody_can_add_the_player_who_added_last_wins() -> None:
    match, hand = start("sum", BLOCK)
    play(match, "0 6-6; 1 6-2; 2 5-0; 0 6-5; 1 6-1; 2 4-1")  # 48: every tile left is 3 or more
    assert hand.over
    result = match.results[-1]
    assert (result.end, result.winners, result.points) == ("blocked", (2,), (0, 0, 1))


def test_emptying_your_hand_short_of_the_target_wins_nothing() -> None:
    hands = ("5-4 4-2 2-1 4-4 3-1", "5-5 6-0 4-3 6-5 5-1", "3-2 6-3 6-2 4-1 3-0")
    hands += ("1-0 0-0 3-3 6-4 5-2", "4-0 6-6 2-0 2-2 1-1")
    match, hand = start("sum", hands, options={"target": 100})
    play(
        match,
        "4 6-6; 0 3-1; 1 5-5; 2 3-2; 3 5-2; 4 2-0; 0 4-2; 1 4-3; 2 6-2; 3 3-3; 4 2-2; 0 2-1;"
        "1 5-1; 2 3-0; 3 6-4; 4 4-0; 0 pass; 1 pass; 2 pass; 3 0-0; 4 1-1",
    )
    assert hand.hands[4] == [] and not hand.over  # 99: seat 4 is out of tiles, not a winner
    play(match, "0 pass; 1 pass; 2 pass; 3 1-0")
    result = match.results[-1]
    assert (result.end, result.winners) == ("target", (3,))


def test_the_match_goes_to_the_first_to_win_the_agreed_number_of_hands() -> None:
    match, _ = start("sum", EXACT, options={"wins": 2})
    play(match, EXACT_PLAY + "; 2 4-2")
    assert not match.over
    _, second = start("sum", EXACT, match=match)
    assert second.lead.seat == 0  # the highest tile leads every hand
    play(match, EXACT_PLAY + "; 2 4-2")
    assert match.over and match.winners == (2,) and match.scores == [0, 0, 2]


def test_the_target_is_fifty_seventy_or_a_hundred() -> None:
    assert Match("sum", 3).variant.option("target") == 50
    assert Match("sum", 3).variant.option("wins") == 3
    with pytest.raises(BadOption, match="must be one of 50, 70, 100"):
        Match("sum", 3, {"target": 60})


def test_hand_sizes_by_player_count() -> None:
    sizes = {n: len(Match("sum", n, seed=1).start_hand().hands[0]) for n in (3, 4, 5)}
    assert sizes == {3: 8, 4: 6, 5: 5}
