"""The games of "Dominó tradicional" (RULES.md §2.2-2.5, 2.7): `traditional`, `two-player`,
`home-and-away`, `kids` and `pool`, from hand-built deals.

BLOCK_3 (3 players, 5 each, boneyard in drawing order, reserve 3-3): thirteen placements put all
seven sixes on the table with 6 showing on both ends. Seat 1 draws 1-1 then 6-1; seat 2 draws
four tiles then 1-0; seat 0 draws four then 6-0, the last drawable tile, and places it: the hand
is blocked with seat 0 holding 4-1 3-1 2-1 5-1 2-2 (22), seat 1 4-3 4-2 1-1 (15) and seat 2
3-2 5-0 4-0 3-0 2-0 0-0 (19): the rulebook's 15/19/22 example.
"""

from __future__ import annotations

import pytest

from engine import IllegalAction, Match, Play, Tile
from tests.engine.helpers import last, move, play, start

BLOCK_3 = ("6-6 5-4 6-3 6-2 2-2", "6-5 4-4 5-3 4-3 4-2", "5-5 6-4 5-2 3-2 5-0")
BLOCK_3_BONEYARD = "1-1 6-1 4-0 3-0 2-0 0-0 1-0 4-1 3-1 2-1 5-1 6-0 3-3"
BLOCK_3_PLAY = (
    "0 6-6; 1 6-5; 2 5-5; 0 5-4; 1 4-4; 2 6-4@4; 0 6-3; 1 5-3; 2 5-2; 0 6-2@2;"
    "1 draw; 1 draw; 1 6-1; 2 draw; 2 draw; 2 draw; 2 draw; 2 draw; 2 1-0;"
    "0 draw; 0 draw; 0 draw; 0 draw; 0 draw; 0 6-0@0"
)
# 5 players, 3 each: seat 0 goes out with its third tile; left: 6-0, 5-0, 0-0, 4-0.
DOMINO_5 = ("6-6 4-3 1-1", "6-5 3-3 6-0", "5-5 3-2 5-0", "5-4 2-2 0-0", "4-4 2-1 4-0")
DOMINO_5_PLAY = "0 6-6; 1 6-5; 2 5-5; 3 5-4; 4 4-4; 0 4-3; 1 3-3; 2 3-2; 3 2-2; 4 2-1; 0 1-1"
# 2 players, 7 each: seat 0 lays its seven doubles, seat 1 keeps 6-4 (10).
DOUBLES = "6-6 5-5 4-4 3-3 2-2 1-1 0-0"
SINGLES = "6-5 5-4 4-3 3-2 2-1 1-0 6-4"
DOUBLES_PLAY = (
    "{a} 6-6; {b} 6-5; {a} 5-5; {b} 5-4; {a} 4-4; {b} 4-3; {a} 3-3; {b} 3-2; {a} 2-2; {b} 2-1;"
    "{a} 1-1; {b} 1-0; {a} 0-0"
)


# -- traditional ---------------------------------------------------------------------------


def test_block_example_15_19_22_scores_11() -> None:
    match, hand = start("traditional", 3, BLOCK_3, BLOCK_3_BONEYARD)
    play(match, BLOCK_3_PLAY)
    result = last(match)
    assert result.end == "blocked"
    assert [sum(tile.pips for tile in tiles) for tiles in hand.hands] == [22, 15, 19]
    assert result.winners == (1,)
    assert result.points == (0, (19 - 15) + (22 - 15), 0)


def test_the_reserve_tile_is_never_drawn() -> None:
    match, hand = start("traditional", 3, BLOCK_3, BLOCK_3_BONEYARD)
    play(match, BLOCK_3_PLAY)
    assert hand.stock == [Tile(3, 3)]


def test_draw_until_playable_then_the_drawn_tile_must_be_played() -> None:
    match, hand = start("traditional", 3, BLOCK_3, BLOCK_3_BONEYARD)
    play(match, BLOCK_3_PLAY.split("1 6-1")[0])  # seat 1 has drawn 1-1 and 6-1
    assert hand.legal_actions() == [Play(1, Tile(6, 1))]
    with pytest.raises(IllegalAction, match="must play"):
        match.apply(move("1 draw"))


def test_a_player_who_cannot_play_may_not_pass_while_tiles_can_be_drawn() -> None:
    match, _ = start("traditional", 3, BLOCK_3, BLOCK_3_BONEYARD)
    play(match, BLOCK_3_PLAY.split("1 draw")[0])
    with pytest.raises(IllegalAction, match="may draw"):
        match.apply(move("1 pass"))


def test_highest_double_dealt_leads_the_first_hand() -> None:
    _, hand = start("traditional", 3, ("5-4 6-3 6-2 2-2 1-0", BLOCK_3[1], BLOCK_3[2]))
    assert hand.lead.seat == 2 and hand.lead.tile == Tile(5, 5)


def test_with_no_double_dealt_the_highest_tile_leads() -> None:
    _, hand = start(
        "traditional", 3, ("6-5 4-1 3-0 2-1 1-0", "6-4 5-3 2-0 3-1 4-0", "6-3 5-4 6-2 5-1 4-2")
    )
    assert hand.lead == hand.lead.__class__(0, Tile(6, 5))


def test_domino_scores_the_pips_left_in_all_other_hands() -> None:
    match, _ = start("traditional", 5, DOMINO_5)
    play(match, DOMINO_5_PLAY)
    result = last(match)
    assert result.end == "domino" and result.winners == (0,)
    assert result.points == (6 + 5 + 0 + 4, 0, 0, 0, 0)


def test_the_loser_leads_the_next_hand_with_any_tile() -> None:
    match, _ = start("traditional", 5, DOMINO_5)
    play(match, DOMINO_5_PLAY)
    lead = match.start_hand().lead
    assert (lead.seat, lead.tile) == (1, None)  # seat 1 kept 6-0, the most pips


def test_after_the_block_the_loser_with_most_pips_leads() -> None:
    match, _ = start("traditional", 3, BLOCK_3, BLOCK_3_BONEYARD)
    play(match, BLOCK_3_PLAY)
    assert match.start_hand().lead.seat == 0  # 22 pips


def test_equal_losers_the_first_in_turn_order_after_the_winner_leads() -> None:
    # 5 players: seat 0 goes out; seats 2 and 4 both keep 5 pips, seat 2 comes first after 0
    hands = ("6-6 4-3 1-1", "6-5 3-3 1-0", "5-5 3-2 5-0", "5-4 2-2 0-0", "4-4 2-1 4-1")
    match, _ = start("traditional", 5, hands)
    play(match, DOMINO_5_PLAY)
    assert match.start_hand().lead.seat == 2


def test_first_to_reach_the_target_wins() -> None:
    match, _ = start("traditional", 3, BLOCK_3, BLOCK_3_BONEYARD, options={"target": 11})
    play(match, BLOCK_3_PLAY)
    assert match.over and match.winners == (1,)


@pytest.mark.parametrize(("players", "size"), [(3, 5), (4, 4), (5, 3)])
def test_each_player_takes_eight_minus_the_number_of_players(players: int, size: int) -> None:
    hand = Match("traditional", players, seed=3).start_hand()
    assert [len(tiles) for tiles in hand.hands] == [size] * players
    assert hand.drawable == 28 - players * size - 1


def test_traditional_is_for_three_to_five_players() -> None:
    assert Match("traditional", 3).variant.player_counts == (3, 4, 5)


# -- two-player and home-and-away ----------------------------------------------------------


def test_two_player_deals_seven_each_and_keeps_two_in_reserve() -> None:
    hand = Match("two-player", 2, seed=5).start_hand()
    assert [len(tiles) for tiles in hand.hands] == [7, 7]
    assert hand.drawable == 14 - 2


def test_two_player_without_a_double_dealt_the_highest_tile_leads() -> None:
    _, hand = start("two-player", 2, ("6-4 5-3 4-1 3-0 2-1 1-0 5-0", "6-5 6-3 5-4 4-2 3-1 2-0 6-0"))
    assert (hand.lead.seat, hand.lead.tile) == (1, Tile(6, 5))


def test_two_player_winner_scores_the_opponents_pips() -> None:
    match, _ = start("two-player", 2, (DOUBLES, SINGLES))
    play(match, DOUBLES_PLAY.format(a=0, b=1))
    assert last(match).points == (10, 0)
    assert match.start_hand().lead.seat == 1  # the loser leads


def test_home_and_away_is_two_hands_and_the_higher_total_wins() -> None:
    match, _ = start("home-and-away", 2, (DOUBLES, SINGLES))
    play(match, DOUBLES_PLAY.format(a=0, b=1))
    assert not match.over
    start("home-and-away", 2, ("6-5 5-4 4-3 3-2 2-1 1-0 6-3", DOUBLES), match=match)
    play(match, DOUBLES_PLAY.format(a=1, b=0))
    assert match.scores == [10, 9]
    assert match.over and match.winners == (0,)


def test_home_and_away_equal_totals_are_a_draw() -> None:
    match, _ = start("home-and-away", 2, (DOUBLES, SINGLES))
    play(match, DOUBLES_PLAY.format(a=0, b=1))
    start("home-and-away", 2, (SINGLES, DOUBLES), match=match)
    play(match, DOUBLES_PLAY.format(a=1, b=0))
    assert match.scores == [10, 10]
    assert match.over and match.winners == ()


def test_home_and_away_has_no_options() -> None:
    with pytest.raises(ValueError, match="unknown option"):
        Match("home-and-away", 2, {"target": 50})


# -- kids ----------------------------------------------------------------------------------

KIDS_BLOCK = (
    "6-6 6-3 1-0 2-0 1-1 3-0",  # 7 left
    "6-5 3-2 6-0 0-0 2-1 4-0",  # 7 left
    "5-4 6-2 3-1 2-2 4-1 5-0",  # 18 left
    "6-4 6-1 5-2 5-1 4-2 3-3",  # 25 left
)  # asleep: 5-5 4-4 5-3 4-3
KIDS_BLOCK_PLAY = "0 6-6; 1 6-5; 2 5-4; 3 6-4@4; 0 6-3; 1 3-2; 2 6-2@2; 3 6-1; 0 1-0; 1 6-0@0"


@pytest.mark.parametrize(("players", "size"), [(2, 13), (3, 8), (4, 6)])
def test_kids_deals_every_tile_but_two_evenly(players: int, size: int) -> None:
    hand = Match("kids", players, seed=2).start_hand()
    assert [len(tiles) for tiles in hand.hands] == [size] * players
    assert hand.drawable == 0


def test_kids_block_fewest_pips_win_and_a_tie_is_a_shared_win() -> None:
    match, _ = start("kids", 4, KIDS_BLOCK)
    play(match, KIDS_BLOCK_PLAY)
    result = last(match)
    assert result.end == "blocked" and result.winners == (0, 1)
    assert result.points == (0, 0, 0, 0)
    assert match.over and match.winners == (0, 1) and match.scores == [0, 0, 0, 0]


def test_kids_the_player_who_goes_out_wins_the_match() -> None:
    hands = ("6-6 4-4 2-2 0-0 2-0 6-1", "6-5 4-3 2-1 6-0 5-0 6-3", "5-5 3-3 1-1 6-4 5-3 3-0",
             "5-4 3-2 1-0 4-2 3-1 4-0")  # fmt: skip
    match, _ = start("kids", 4, hands)
    script = (
        "0 6-6; 1 6-5; 2 5-5; 3 5-4; 0 4-4; 1 4-3; 2 3-3; 3 3-2; 0 2-2; 1 2-1; 2 1-1; 3 1-0;"
        "0 0-0; 1 6-0@0; 2 6-4; 3 4-2; 0 2-0; 1 5-0; 2 5-3; 3 3-1; 0 6-1@1"
    )
    play(match, script)
    assert last(match).end == "domino"
    assert match.over and match.winners == (0,)


# -- pool ----------------------------------------------------------------------------------


def test_pool_the_hand_winner_takes_the_pot_and_points_are_net_chips() -> None:
    match, _ = start("pool", 3, BLOCK_3, BLOCK_3_BONEYARD, options={"hands": 1})
    assert match.scores == [100, 100, 100]
    play(match, BLOCK_3_PLAY)
    result = last(match)
    assert result.winners == (1,)
    assert result.points == (-10, 20, -10)
    assert match.scores == [90, 120, 90]
    assert match.over and match.winners == (1,)


def test_pool_ends_when_fewer_than_two_can_pay_the_stake() -> None:
    match, _ = start("pool", 3, BLOCK_3, BLOCK_3_BONEYARD, options={"chips": 15})
    play(match, BLOCK_3_PLAY)
    assert match.scores == [5, 35, 5]
    assert match.over and match.winners == (1,)


def test_pool_chips_must_cover_the_stake() -> None:
    with pytest.raises(ValueError, match="at least the stake"):
        Match("pool", 3, {"chips": 5, "stake": 10})


def test_pool_with_two_players_uses_the_two_player_deal() -> None:
    hand = Match("pool", 2, seed=4).start_hand()
    assert [len(tiles) for tiles in hand.hands] == [7, 7] and hand.drawable == 12


def test_a_draw_that_takes_the_last_drawable_tile_can_block_the_hand_with_no_pass() -> None:
    # BLOCK_3 with 6-0 moved up the boneyard: seat 0 draws three tiles then 6-0 and lays it
    # (6 on both ends, every six out) and one tile, 5-1, is still drawable; seat 1 draws it,
    # it does not fit, only the reserve is left: blocked at once.
    boneyard = "1-1 6-1 4-0 3-0 2-0 0-0 1-0 4-1 3-1 2-1 6-0 5-1 3-3"
    script = BLOCK_3_PLAY.replace("0 draw; 0 draw; 0 draw; 0 draw; 0 draw;", "0 draw; " * 4)
    match, hand = start("traditional", 3, BLOCK_3, boneyard)
    play(match, script)
    assert not hand.over and hand.drawable == 1
    play(match, "1 draw")
    result = last(match)
    assert result.end == "blocked"
    assert str(hand.actions[-1]) == "draw"
    # seat 0: 2-2 4-1 3-1 2-1 (16), seat 1: 4-3 4-2 1-1 5-1 (21), seat 2: 19
    assert result.winners == (0,)
    assert result.points == ((21 - 16) + (19 - 16), 0, 0)


# BLOCK_3 rearranged so that the last drawable tile (5-1) is drawn after the block is set up and
# seats 0 and 1 tie for fewest pips: seat 0 keeps 2-2 4-3 3-2 1-1 (18), seat 1 3-1 2-1 4-1 5-1
# (18), seat 2 4-2 5-0 4-0 3-0 2-0 0-0 (20).
TIE_3 = ("6-6 5-4 6-3 6-2 2-2", "6-5 4-4 5-3 3-1 2-1", "5-5 6-4 5-2 4-2 5-0")
TIE_3_BONEYARD = "4-1 6-1 4-0 3-0 2-0 0-0 1-0 4-3 3-2 1-1 6-0 5-1 3-3"
TIE_3_PLAY = BLOCK_3_PLAY.replace("0 draw; 0 draw; 0 draw; 0 draw; 0 draw;", "0 draw; " * 4)
TIE_3_PLAY += "; 1 draw"


def test_block_tie_for_lowest_nobody_scores_and_the_tied_seats_are_the_winners() -> None:
    match, _ = start("traditional", 3, TIE_3, TIE_3_BONEYARD)
    play(match, TIE_3_PLAY)
    result = last(match)
    assert result.end == "blocked"
    assert result.winners == (0, 1)
    assert result.points == (0, 0, 0)
    assert match.start_hand().lead.seat == 2  # the loser: 20 pips


def test_pool_a_tied_pot_is_split_with_the_odd_chip_to_the_earlier_seat() -> None:
    match, _ = start("pool", 3, TIE_3, TIE_3_BONEYARD, options={"stake": 5})
    play(match, TIE_3_PLAY)
    result = last(match)
    assert result.winners == (0, 1)
    assert result.points == (8 - 5, 7 - 5, -5)  # a pot of 15: 8 and 7
    assert match.scores == [103, 102, 95]


def test_pool_a_player_who_cannot_pay_leaves_and_the_rest_play_the_two_player_deal() -> None:
    match, _ = start("pool", 3, TIE_3, TIE_3_BONEYARD, options={"chips": 15})
    play(match, TIE_3_PLAY)
    assert match.scores == [20, 20, 5]  # seats 0 and 1 split the pot of 30
    assert not match.over
    hand = match.start_hand()
    assert hand.seated == (True, True, False)
    assert [len(tiles) for tiles in hand.hands] == [7, 7, 0]
    assert hand.drawable == 14 - 2
    # the loser, seat 2 (20 pips), has left: the next seated player after it leads
    assert (hand.lead.seat, hand.lead.tile) == (0, None)
