"""`gameroom` (RULES.md §2.20): double-six, -nine or -twelve for up to ten players or teams,
draw one, the highest double leads, penalty scoring with a lone 0-0 counting 10, eliminations.
Deals: `tests/engine/deals.py` (double-six, four players, 7 each: no boneyard)."""

from __future__ import annotations

import pytest

from engine import BadDeal, Match, Tile, get_variant
from engine.rules import HandOutcome
from tests.engine.deals import (
    BLOCK,
    BLOCK_PLAY,
    DOMINO,
    DOMINO_PLAY,
    DOMINO_ZERO,
    DOMINO_ZERO_PLAY,
)
from tests.engine.helpers import last, play, rest_of_set, start, tiles

TEAMS = {"teams": 2}


@pytest.mark.parametrize(
    ("top", "players", "size"),
    [(6, 2, 7), (6, 4, 7), (9, 7, 7), (9, 8, 6), (9, 9, 6), (9, 10, 5), (12, 10, 7)],
)
def test_gameroom_hand_size_is_the_largest_of_7_6_5_that_everyone_gets(
    top: int, players: int, size: int
) -> None:
    hand = Match("gameroom", players, {"set": top}, seed=1).start_hand()
    assert [len(tiles) for tiles in hand.hands] == [size] * players


def test_gameroom_a_lone_zero_zero_counts_10() -> None:
    match, _ = start("gameroom", 4, DOMINO_ZERO)
    play(match, DOMINO_ZERO_PLAY)
    result = last(match)
    assert result.end == "domino" and result.winners == (0,)
    assert result.points == (0, 10, 8, 7)


def test_partnership_counts_a_lone_zero_zero_as_nothing() -> None:
    match, _ = start("partnership", 4, DOMINO_ZERO)
    play(match, DOMINO_ZERO_PLAY)
    assert last(match).points == (0, 0 + 7)


def test_gameroom_the_player_who_went_out_scores_0_and_the_others_add_their_pips() -> None:
    match, _ = start("gameroom", 4, DOMINO)
    play(match, DOMINO_PLAY)
    assert last(match).points == (0, 6, 8, 7)


def test_winning_teams_leftover_tiles_are_added_to_every_other_team() -> None:
    match, _ = start("gameroom", 4, DOMINO, options=TEAMS)
    play(match, DOMINO_PLAY)
    result = last(match)
    assert result.winners == (0, 2)
    assert result.points == (0, 6 + 7 + 8)  # own 5-1 and 5-2, plus the winners' 6-2


def test_gameroom_a_lone_zero_zero_counts_10_in_a_team_sum() -> None:
    match, _ = start("gameroom", 4, DOMINO_ZERO, options=TEAMS)
    play(match, DOMINO_ZERO_PLAY)
    assert last(match).points == (0, 10 + 7 + 8)


def test_gameroom_on_a_block_everybody_adds_their_pips_and_the_smallest_penalty_wins() -> None:
    match, _ = start("gameroom", 4, BLOCK)
    play(match, BLOCK_PLAY)
    result = last(match)
    assert result.end == "blocked"
    assert result.points == (25, 24, 20, 21)
    assert result.winners == (2,)


def test_gameroom_teams_on_a_block_every_team_adds_its_own_pips() -> None:
    match, _ = start("gameroom", 4, BLOCK, options=TEAMS)
    play(match, BLOCK_PLAY)
    result = last(match)
    assert result.points == (45, 45)
    assert result.winners == (0, 1, 2, 3)


def test_gameroom_players_at_the_limit_are_eliminated_and_sit_out() -> None:
    match, _ = start("gameroom", 4, DOMINO_ZERO, options={"target": 9})
    play(match, DOMINO_ZERO_PLAY)
    assert not match.over
    assert match.active == [True, False, True, True]  # seat 1 holds 10 (a lone 0-0)
    hand = match.start_hand()
    assert hand.hands[1] == [] and hand.seated == (True, False, True, True)
    assert [len(tiles) for tiles in hand.hands] == [7, 0, 7, 7]
    assert hand.drawable == 28 - 21


def test_gameroom_the_last_player_left_wins() -> None:
    match, _ = start("gameroom", 4, DOMINO_ZERO, options={"target": 7})
    play(match, DOMINO_ZERO_PLAY)
    assert match.over and match.winners == (0,)


def test_gameroom_when_everyone_left_reaches_the_limit_the_lowest_score_wins() -> None:
    match, _ = start("gameroom", 4, BLOCK, options={"target": 20})
    play(match, BLOCK_PLAY)
    assert match.over and match.winners == (2,)


def test_gameroom_a_team_at_the_limit_is_eliminated_as_a_whole() -> None:
    match, _ = start("gameroom", 4, DOMINO, options={"target": 21, **TEAMS})
    play(match, DOMINO_PLAY)
    assert match.active == [True, False, True, False]
    assert match.over and match.winners == (0, 2)


def test_gameroom_the_highest_double_dealt_leads_with_it() -> None:
    _, hand = start("gameroom", 4, (BLOCK[2], BLOCK[1], BLOCK[0], BLOCK[3]))
    assert (hand.lead.seat, hand.lead.tile) == (2, Tile(6, 6))


def test_gameroom_a_lower_double_leads_when_the_higher_ones_sleep() -> None:
    # double-nine, 10 players, 5 each: 9-9 and 8-8 are among the 5 left in the boneyard
    rest = [str(tile) for tile in rest_of_set(9, "9-9 8-8")]
    hands = [" ".join(rest[5 * seat : 5 * seat + 5]) for seat in range(10)]
    _, hand = start("gameroom", 10, hands, " ".join(["9-9", "8-8", *rest[50:]]),
                    options={"set": 9})  # fmt: skip
    assert hand.lead.tile == Tile(7, 7)


def test_gameroom_a_deal_without_a_double_is_redealt() -> None:
    hands = ("6-5 6-4 6-3 6-2 6-1 6-0 5-4", "5-3 5-2 5-1 5-0 4-3 4-2 4-1",
             "4-0 3-2 3-1 3-0 2-1 2-0 1-0")  # fmt: skip
    with pytest.raises(BadDeal, match="no double"):
        start("gameroom", 3, hands, "6-6 5-5 4-4 3-3 2-2 1-1 0-0")
    for seed in range(50):
        hand = Match("gameroom", 10, {"set": 9}, seed=seed).start_hand()
        assert any(tile.is_double for tiles in hand.hands for tile in tiles)


def test_gameroom_teams_with_double_six_are_two_pairs() -> None:
    assert get_counts({"teams": 2}) == (4,)
    assert get_counts({"teams": 3}) == ()
    assert get_counts({"set": 9, "teams": 3}) == (6, 9)


def get_counts(options: dict[str, int]) -> tuple[int, ...]:
    return get_variant("gameroom").allowed_players(options)


def outcome(end: str, hands: list[str], went_out: int | None = None) -> HandOutcome:
    return HandOutcome(
        end=end,
        went_out=went_out,
        last_placer=0,
        leader=0,
        hands=tuple(tuple(tiles(hand)) for hand in hands),
        seated=(True,) * len(hands),
    )


def test_three_teams_the_winners_leftovers_go_to_each_other_team_a_lone_0_0_as_10() -> None:
    # double-nine, 6 players in 3 teams: 0+3, 1+4, 2+5; seat 0 went out, its partner keeps 0-0
    match = Match("gameroom", 6, {"set": 9, "teams": 3})
    left = ["", "9-8", "1-0 2-0", "0-0", "4-4", "0-0 1-1"]
    score = match.variant.score_hand(match, outcome("domino", left, went_out=0))
    assert score.winners == (0, 3)
    assert score.points == (0, 17 + 8 + 10, 3 + 2 + 10)


def test_gameroom_a_lone_0_0_counts_10_on_a_block_too() -> None:
    match = Match("gameroom", 3, {"set": 9})
    score = match.variant.score_hand(match, outcome("blocked", ["0-0", "5-4", "3-3 0-0"]))
    assert score.points == (10, 9, 6)
    assert score.winners == (2,)
