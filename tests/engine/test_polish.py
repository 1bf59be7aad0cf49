"""The line games of the Polish rulebook (RULES.md §2.14, 2.15, 2.17): `beginner` (wild doubles,
draw two), `hungarian` (keep playing) and `french` (draw one, leader by lot), from hand-built
deals.

BEGINNER_BLOCK (3 players, 7 each, boneyard of 7): sixteen placements lay all seven doubles and
all seven sixes, leaving 6 on both ends; seats 0, 1, 2 and 0 draw (2, 2, 2 and the last 1) on
their last turns. Left: seat 0 5-3 5-2 4-3 4-2 (4 tiles, 28), seat 1 5-0 4-0 3-0 2-1 (4, 15),
seat 2 5-1 4-1 3-1 2-0 (4, 17).
"""

from __future__ import annotations

import pytest

from engine import Draw, IllegalAction, Match, Pass, Play, Tile
from tests.engine.helpers import last, move, play, start

BEGINNER_BLOCK = (
    "6-6 5-4 6-3 2-2 5-3 5-2 4-3",
    "6-5 4-4 3-3 6-2 5-0 4-0 3-0",
    "5-5 6-4 3-2 6-1 5-1 4-1 3-1",
)
BEGINNER_BONEYARD = "4-2 1-1 2-1 1-0 2-0 0-0 6-0"
BEGINNER_PLAY = (
    "0 6-6; 1 6-5; 2 5-5@5; 0 5-4; 1 4-4@4; 2 6-4@4; 0 6-3; 1 3-3@3; 2 3-2; 0 2-2@2;"
    "1 6-2@2; 2 6-1; 0 draw; 0 1-1@1; 1 draw; 1 1-0; 2 draw; 2 0-0@0; 0 draw; 0 6-0@0"
)
# The same, with 5-1 and 4-0 drawn instead of 2-1 and 2-0: seats 1 and 2 both keep 4 tiles, 16.
BEGINNER_TIE = (BEGINNER_BLOCK[0], "6-5 4-4 3-3 6-2 5-0 3-0 2-0", "5-5 6-4 3-2 6-1 4-1 3-1 2-1")
BEGINNER_TIE_BONEYARD = "4-2 1-1 5-1 1-0 4-0 0-0 6-0"


# -- beginner ------------------------------------------------------------------------------


def test_beginner_deals_8_7_or_5_with_no_reserve() -> None:
    for players, size in ((2, 8), (3, 7), (4, 5)):
        hand = Match("beginner", players, seed=1).start_hand()
        assert [len(tiles) for tiles in hand.hands] == [size] * players
        assert hand.drawable == 28 - players * size


def test_beginner_the_highest_tile_leads_every_hand() -> None:
    match, hand = start("beginner", 3, BEGINNER_BLOCK, BEGINNER_BONEYARD)
    assert (hand.lead.seat, hand.lead.tile) == (0, Tile(6, 6))
    play(match, BEGINNER_PLAY)
    hands = (
        "6-5 5-4 5-3 5-2 5-1 5-0 6-0",
        "6-4 6-3 6-2 6-1 4-3 4-2 4-1",
        "4-0 3-2 3-1 3-0 2-1 2-0 1-0",
    )
    _, hand = start("beginner", 3, hands, "6-6 5-5 4-4 3-3 2-2 1-1 0-0", match=match)
    assert (hand.lead.seat, hand.lead.tile) == (0, Tile(6, 5))


def test_beginner_a_double_is_wild_and_the_end_then_shows_its_number() -> None:
    match, hand = start("beginner", 3, BEGINNER_BLOCK, BEGINNER_BONEYARD)
    play(match, "0 6-6; 1 6-5")
    assert sorted(hand.layout.open_numbers()) == [5, 6]
    doubles = {(str(p.tile), p.end) for p in hand.plays(2) if p.tile.is_double}
    assert doubles == {("5-5", 5), ("5-5", 6)}
    play(match, "2 5-5@6")  # on the 6: wild
    assert sorted(hand.layout.open_numbers()) == [5, 5]


def test_beginner_a_double_on_its_own_number_is_an_ordinary_match() -> None:
    match, hand = start("beginner", 3, BEGINNER_BLOCK, BEGINNER_BONEYARD)
    play(match, "0 6-6; 1 6-5; 2 5-5@5")
    assert sorted(hand.layout.open_numbers()) == [5, 6]


def test_beginner_other_tiles_match_normally() -> None:
    match, hand = start("beginner", 3, BEGINNER_BLOCK, BEGINNER_BONEYARD)
    play(match, "0 6-6; 1 6-5; 2 5-5@5")
    assert {str(p.tile) for p in hand.plays(0)} == {"5-4", "6-3", "5-3", "5-2", "2-2"}


def test_beginner_draw_two_takes_two_tiles_in_one_action_then_play_if_able() -> None:
    match, hand = start("beginner", 3, BEGINNER_BLOCK, BEGINNER_BONEYARD)
    play(match, BEGINNER_PLAY.split("0 draw")[0])
    event = match.apply(Draw(0))
    assert event.drawn == (Tile(4, 2), Tile(1, 1))
    assert Draw(0) not in hand.legal_actions()
    assert {str(p.tile) for p in hand.plays(0)} == {"1-1"}


def test_beginner_the_last_draw_takes_one_tile_when_only_one_is_left() -> None:
    match, hand = start("beginner", 3, BEGINNER_BLOCK, BEGINNER_BONEYARD)
    play(match, BEGINNER_PLAY.rsplit("0 draw", 1)[0])
    assert match.apply(Draw(0)).drawn == (Tile(6, 0),)
    assert hand.drawable == 0


def test_beginner_block_fewest_tiles_then_fewest_pips_wins_all_other_pips() -> None:
    match, hand = start("beginner", 3, BEGINNER_BLOCK, BEGINNER_BONEYARD)
    play(match, BEGINNER_PLAY)
    result = last(match)
    assert result.end == "blocked"
    assert [len(tiles) for tiles in hand.hands] == [4, 4, 4]
    assert result.winners == (1,)
    assert result.points == (0, 28 + 17, 0)


def test_beginner_block_full_tie_scores_nothing() -> None:
    match, _ = start("beginner", 3, BEGINNER_TIE, BEGINNER_TIE_BONEYARD)
    play(match, BEGINNER_PLAY)
    result = last(match)
    assert result.end == "blocked"
    assert result.winners == (1, 2)
    assert result.points == (0, 0, 0)


# -- hungarian -----------------------------------------------------------------------------

HUNGARIAN = (
    "6-6 6-5 5-5 2-1 1-0 0-0",  # 4 left
    "3-1 3-0 2-0 1-1 2-2 3-3",  # 21
    "5-4 4-4 4-0 5-3 5-2 5-1",  # 21
    "6-0 4-3 4-2 4-1 3-2 5-0",  # 28
)  # asleep: 6-4 6-3 6-2 6-1
HUNGARIAN_PLAY = "0 6-6; 0 6-5; 0 5-5; 1 pass; 2 5-4; 2 4-4; 2 4-0; 3 6-0@0"


def test_hungarian_deals_12_8_or_6() -> None:
    for players, size in ((2, 12), (3, 8), (4, 6)):
        hand = Match("hungarian", players, seed=1).start_hand()
        assert [len(tiles) for tiles in hand.hands] == [size] * players
        assert hand.drawable == 0


def test_hungarian_the_leader_keeps_playing_while_able() -> None:
    match, hand = start("hungarian", 4, HUNGARIAN)
    play(match, "0 6-6")
    assert hand.turn == 0
    play(match, "0 6-5; 0 5-5")
    assert hand.turn == 1  # 2-1, 1-0 and 0-0 fit neither 6 nor 5: the turn ended by itself


def test_hungarian_a_player_who_cannot_place_at_the_start_of_the_turn_passes() -> None:
    match, hand = start("hungarian", 4, HUNGARIAN)
    play(match, "0 6-6; 0 6-5; 0 5-5")
    assert hand.legal_actions() == [Pass(1)]


def test_hungarian_a_player_may_not_stop_while_able_to_place() -> None:
    match, _ = start("hungarian", 4, HUNGARIAN)
    play(match, "0 6-6")
    with pytest.raises(IllegalAction, match="not your turn"):
        match.apply(move("1 pass"))


def test_hungarian_everyone_adds_their_pips_and_the_smallest_penalty_wins() -> None:
    match, _ = start("hungarian", 4, HUNGARIAN)
    play(match, HUNGARIAN_PLAY)
    result = last(match)
    assert result.end == "blocked"
    assert result.points == (4, 21, 21, 28)
    assert result.winners == (0,)


def test_hungarian_the_match_is_one_hand_per_player_by_default_and_lowest_total_wins() -> None:
    assert Match("hungarian", 4).variant.option("hands") == 4
    match, _ = start("hungarian", 4, HUNGARIAN, options={"hands": 1})
    play(match, HUNGARIAN_PLAY)
    assert match.over and match.winners == (0,)


# -- french --------------------------------------------------------------------------------

FRENCH = ("6-5 4-4 2-2 1-1 0-0 4-2 4-1 4-0", "6-6 5-5 5-4 4-3 3-2 2-1 1-0 6-0")
FRENCH_BONEYARD = "2-0 3-3 6-4 6-3 6-2 6-1 5-3 5-2 5-1 5-0 3-1 3-0"
FRENCH_PLAY = (
    "1 6-6; 0 6-5; 1 5-5; 0 draw; 0 pass; 1 5-4; 0 4-4; 1 4-3; 0 draw; 0 3-3; 1 3-2; 0 2-2;"
    "1 2-1; 0 1-1; 1 1-0; 0 0-0; 1 6-0@0"
)


def test_french_deals_eight_each_and_keeps_two_in_reserve() -> None:
    hand = Match("french", 2, seed=1).start_hand()
    assert [len(tiles) for tiles in hand.hands] == [8, 8]
    assert hand.drawable == 12 - 2


def test_french_the_leader_is_drawn_by_lot_and_leads_any_tile() -> None:
    leaders = {Match("french", 2, seed=seed).start_hand().lead.seat for seed in range(20)}
    assert leaders == {0, 1}
    _, hand = start("french", 2, FRENCH, FRENCH_BONEYARD, leader=1)
    assert hand.lead.seat == 1 and len(hand.plays(1)) == 8


def test_french_draw_one_an_unplayable_tile_is_kept_and_the_turn_passes() -> None:
    match, hand = start("french", 2, FRENCH, FRENCH_BONEYARD, leader=1)
    play(match, "1 6-6; 0 6-5; 1 5-5; 0 draw")
    assert Tile(2, 0) in hand.hands[0]
    assert hand.legal_actions() == [Pass(0)]
    with pytest.raises(IllegalAction, match="drawn already"):
        match.apply(Draw(0))


def test_french_a_drawn_tile_that_fits_is_played_at_once() -> None:
    match, hand = start("french", 2, FRENCH, FRENCH_BONEYARD, leader=1)
    play(match, FRENCH_PLAY.split("0 3-3")[0])
    assert hand.legal_actions() == [Play(0, Tile(3, 3))]


def test_french_domino_scores_the_opponents_pips() -> None:
    match, _ = start("french", 2, FRENCH, FRENCH_BONEYARD, leader=1)
    play(match, FRENCH_PLAY)
    result = last(match)
    assert result.end == "domino" and result.winners == (1,)
    assert result.points == (0, 6 + 5 + 4 + 2)  # 4-2 4-1 4-0 2-0
