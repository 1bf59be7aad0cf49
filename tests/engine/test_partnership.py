"""`partnership` (RULES.md §2.1) and `111` (§2.6): four players in pairs 0+2 against 1+3, no
boneyard, the 5-doubles redeal, 6-6 leads the first hand, the winning pair leads the next.

The deals (every tile dealt, 7 each) are described in `tests/engine/deals.py`.
"""

from __future__ import annotations

import pytest

from engine import BadDeal, IllegalAction, Match
from tests.engine.deals import BLOCK, BLOCK_PLAY, BLOCK_UNEVEN, DOMINO, DOMINO_PLAY
from tests.engine.helpers import last, move, play, start, tiles

# -- partnership ---------------------------------------------------------------------------


def test_holder_of_six_six_leads_the_first_hand_with_it() -> None:
    _, hand = start("partnership", 4, (DOMINO[3], DOMINO[1], DOMINO[2], DOMINO[0]))
    assert hand.lead.seat == 3
    assert [str(play.tile) for play in hand.plays(3)] == ["6-6"]
    with pytest.raises(IllegalAction, match="must be led with 6-6"):
        hand.apply(move("3 4-4"))


def test_domino_losing_pair_adds_the_pips_of_its_own_two_hands() -> None:
    match, _ = start("partnership", 4, DOMINO)
    play(match, DOMINO_PLAY)
    result = last(match)
    assert result.end == "domino"
    assert result.winners == (0, 2)
    assert result.points == (0, 5 - 0 + 1 + 7)  # 5-1 and 5-2: 6 + 7 = 13
    assert match.scores == [0, 13]


def test_block_lower_pair_sum_wins_and_the_other_pair_adds_its_own_sum() -> None:
    match, _ = start("partnership", 4, BLOCK_UNEVEN)
    play(match, BLOCK_PLAY)
    result = last(match)
    assert result.end == "blocked"
    assert result.winners == (0, 2)
    assert result.points == (0, 46)


def test_block_tie_goes_to_pair_that_placed_last_tile() -> None:
    match, _ = start("partnership", 4, BLOCK)
    play(match, BLOCK_PLAY)
    result = last(match)
    assert result.end == "blocked"
    assert result.winners == (1, 3)  # seat 1 placed the 6-0
    assert result.points == (45, 0)


def test_the_block_is_declared_at_once_without_a_round_of_passes() -> None:
    match, hand = start("partnership", 4, BLOCK)
    play(match, BLOCK_PLAY)
    assert hand.over and len(hand.actions) == 10


def test_nobody_may_pass_or_draw_holding_a_fitting_tile() -> None:
    match, hand = start("partnership", 4, BLOCK)
    play(match, "0 6-6")
    with pytest.raises(IllegalAction, match="must play"):
        match.apply(move("1 pass"))
    with pytest.raises(IllegalAction, match="must play"):
        match.apply(move("1 draw"))
    assert hand.turn == 1 and len(hand.actions) == 1


def test_five_doubles_in_one_hand_force_a_redeal() -> None:
    match = Match("partnership", 4, seed=1)
    with pytest.raises(BadDeal, match="5 doubles"):
        match.start_hand(
            deal=[
                tiles("6-6 5-5 4-4 3-3 2-2 6-5 6-4"),
                tiles("6-3 6-2 6-1 6-0 5-4 5-3 5-2"),
                tiles("5-1 5-0 4-3 4-2 4-1 4-0 3-2"),
                tiles("3-1 3-0 2-1 2-0 1-1 1-0 0-0"),
            ]
        )


def test_seeded_deals_never_give_anyone_five_doubles() -> None:
    for seed in range(200):
        hand = Match("partnership", 4, seed=seed).start_hand()
        assert all(sum(tile.is_double for tile in tiles) < 5 for tiles in hand.hands)


def test_after_a_domino_the_winning_pair_leads_any_tile_by_default_the_one_who_went_out() -> None:
    match, _ = start("partnership", 4, DOMINO)
    play(match, DOMINO_PLAY)
    hand = match.start_hand()
    assert hand.lead.seat == 0 and hand.lead.tile is None and hand.lead.choosers == (0, 2)
    assert len(hand.plays(0)) == 7


def test_the_partner_of_the_winner_may_claim_the_lead_but_not_an_opponent() -> None:
    match, _ = start("partnership", 4, DOMINO)
    play(match, DOMINO_PLAY)
    twin, _ = start("partnership", 4, DOMINO)
    play(twin, DOMINO_PLAY)
    assert match.start_hand(leader=2).lead.seat == 2
    with pytest.raises(BadDeal, match="seat 0 or seat 2"):
        twin.start_hand(leader=1)


def test_after_a_block_the_winning_partner_with_fewer_pips_leads() -> None:
    match, _ = start("partnership", 4, BLOCK)
    play(match, BLOCK_PLAY)
    # pair 1+3 won; seat 1 has 24 pips left, seat 3 has 21
    assert match.start_hand().lead.seat == 3


def test_the_pair_that_reaches_the_target_loses_the_match() -> None:
    match, _ = start("partnership", 4, DOMINO, options={"target": 13})
    play(match, DOMINO_PLAY)
    assert match.over
    assert match.winners == (0, 2)


def test_below_the_target_the_match_goes_on() -> None:
    match, _ = start("partnership", 4, DOMINO, options={"target": 14})
    play(match, DOMINO_PLAY)
    assert not match.over and match.winners == ()


# -- 111 -----------------------------------------------------------------------------------


def test_111_domino_pair_scores_the_pips_of_all_three_other_hands() -> None:
    match, _ = start("111", 4, DOMINO)
    play(match, DOMINO_PLAY)
    result = last(match)
    assert result.winners == (0, 2)
    assert result.points == (6 + 8 + 7, 0)  # 5-1, 6-2 (the partner's), 5-2


def test_111_block_pair_of_the_player_with_fewest_pips_scores_all_four_hands() -> None:
    match, _ = start("111", 4, BLOCK)
    play(match, BLOCK_PLAY)
    result = last(match)
    assert result.winners == (0, 2)  # seat 2 has 20, the fewest
    assert result.points == (25 + 24 + 20 + 21, 0)


def test_111_block_tie_across_pairs_goes_to_the_pair_that_placed_last() -> None:
    # seats 2 and 3 both hold 20; seat 1 placed the last tile
    hands = (BLOCK[0], "6-5 3-2 6-0 5-1 3-3 4-3 4-2", BLOCK[2], "6-4 6-1 4-1 5-0 3-1 2-2 1-1")
    match, _ = start("111", 4, hands)
    play(match, BLOCK_PLAY)
    result = last(match)
    assert result.winners == (1, 3)
    assert result.points == (0, 25 + 25 + 20 + 20)


def test_111_block_tie_between_partners_goes_to_their_pair() -> None:
    # seats 0 and 2 both hold 20, although seat 1 (the other pair) placed the last tile
    hands = ("6-6 6-3 1-0 4-1 5-3 4-0 3-0", BLOCK[1], BLOCK[2], "6-4 6-1 5-5 3-3 3-1 2-2 1-1")
    match, _ = start("111", 4, hands)
    play(match, BLOCK_PLAY)
    result = last(match)
    assert result.winners == (0, 2)
    assert result.points == (20 + 24 + 20 + 26, 0)


def test_111_first_pair_to_111_wins() -> None:
    match, _ = start("111", 4, BLOCK, options={"target": 90})
    play(match, BLOCK_PLAY)
    assert match.over and match.winners == (0, 2)
    assert Match("111", 4).variant.option("target") == 111


def test_111_is_led_like_partnership() -> None:
    match, hand = start("111", 4, BLOCK)
    assert hand.lead.seat == 0 and str(hand.lead.tile) == "6-6"
    play(match, BLOCK_PLAY)
    assert match.start_hand().lead.choosers == (0, 2)
