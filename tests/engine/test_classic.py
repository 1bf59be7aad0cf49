"""`classic` (RULES.md §2.19): 2 to 4 players or two pairs, 7 each, draw until playable; the
highest double leads the first hand, the seat after the previous leader every later hand.
Deals: `tests/engine/deals.py` (in all of them seat 0 leads)."""

from __future__ import annotations

from engine import Match, Tile
from tests.engine.deals import BLOCK, BLOCK_PLAY, DOMINO, DOMINO_PLAY
from tests.engine.helpers import last, play, start

PAIRS = {"teams": 2}
# BLOCK with seats 1 and 3 changed: seats 2 and 3 both keep 20 pips (seats 0 and 1 keep 25).
BLOCK_TIE = (BLOCK[0], "6-5 3-2 6-0 5-1 3-3 4-3 4-2", BLOCK[2], "6-4 6-1 4-1 5-0 3-1 2-2 1-1")


def test_classic_deals_seven_each_and_with_four_players_there_is_no_boneyard() -> None:
    for players in (2, 3, 4):
        hand = Match("classic", players, seed=1).start_hand()
        assert [len(tiles) for tiles in hand.hands] == [7] * players
        assert hand.drawable == 28 - 7 * players


def test_classic_the_highest_double_leads_the_first_hand() -> None:
    _, hand = start("classic", 4, (BLOCK[1], BLOCK[0], BLOCK[2], BLOCK[3]))
    assert (hand.lead.seat, hand.lead.tile) == (1, Tile(6, 6))


def test_classic_singles_domino_the_winner_scores_the_opponents_pips() -> None:
    match, _ = start("classic", 4, DOMINO)
    play(match, DOMINO_PLAY)
    result = last(match)
    assert result.winners == (0,)
    assert result.points == (6 + 8 + 7, 0, 0, 0)


def test_classic_pairs_domino_the_winning_pair_scores_all_three_other_hands() -> None:
    match, _ = start("classic", 4, DOMINO, options=PAIRS)
    play(match, DOMINO_PLAY)
    result = last(match)
    assert result.winners == (0, 2)
    assert result.points == (6 + 8 + 7, 0)  # the partner's 6-2 included


def test_classic_singles_block_fewest_pips_wins_the_opponents_pips() -> None:
    match, _ = start("classic", 4, BLOCK)
    play(match, BLOCK_PLAY)
    result = last(match)
    assert result.end == "blocked" and result.winners == (2,)
    assert result.points == (0, 0, 25 + 24 + 21, 0)


def test_classic_pairs_block_tie_goes_to_the_pair_that_holds_the_leader() -> None:
    # pairs 45 and 45; seat 0 led (seat 1, of the other pair, placed the last tile)
    match, _ = start("classic", 4, BLOCK, options=PAIRS)
    play(match, BLOCK_PLAY)
    result = last(match)
    assert result.winners == (0, 2)
    assert result.points == (90, 0)  # pairs score all four hands


def test_classic_singles_block_tie_goes_to_the_first_tied_seat_from_the_leader() -> None:
    match, _ = start("classic", 4, BLOCK_TIE)
    play(match, BLOCK_PLAY)
    result = last(match)
    assert result.winners == (2,)  # seats 2 and 3 hold 20; seat 2 comes first after seat 0
    assert result.points == (0, 0, 25 + 25 + 20, 0)


def test_classic_later_hands_are_led_by_the_seat_after_the_previous_leader_any_tile() -> None:
    match, _ = start("classic", 4, DOMINO)
    play(match, DOMINO_PLAY)
    lead = match.start_hand().lead
    assert (lead.seat, lead.tile) == (1, None)


def test_classic_first_to_the_target_wins() -> None:
    match, _ = start("classic", 4, DOMINO, options={"target": 21})
    play(match, DOMINO_PLAY)
    assert match.over and match.winners == (0,)
