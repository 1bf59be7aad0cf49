"""`pairs` (RULES.md §2.18): lay pairs of equal pip sums, draw back to 6; exchange with the stock
when no pair; first to 5 pairs wins; blocks end it with more pairs winning.

STALEMATE (seat 0 leads): seat 0 lays 3-1+4-0, 4-1+5-0, 5-2+6-1 and 5-3+6-2, seat 1 lays 2-1+3-0,
5-4+6-3 and 5-5+6-4, each drawing the next pair; then each holds one tile of sum 6 (6-0, 5-1)
and the other two (4-2, 3-3) are the stock, so exchanging them round never makes a pair.

Of the three blocks, "no two unlaid tiles have equal sums" cannot happen with double-six before
somebody has laid 5 pairs: it needs every sum with an even number of tiles fully laid and one
tile of each odd one left, which is 8 tiles left and 10 pairs laid.
"""

from __future__ import annotations

import pytest

from engine import IllegalAction, Match, Pass, Tile
from engine.actions import action_from_record
from engine.variants.pairs import Exchange, LayPairs, pair_sets
from tests.engine.variants.helpers import legal, move, play, start, tiles

STALEMATE = ("3-1 4-0 6-0 1-1 0-0 6-6", "2-1 3-0 5-1 2-0 1-0 6-5")
STALEMATE_STOCK = "4-1 5-0 5-4 6-3 5-2 6-1 5-5 6-4 5-3 6-2 3-2 4-4 2-2 4-3 4-2 3-3"
STALEMATE_PLAY = (
    "0 pairs 3-1+4-0; 1 pairs 2-1+3-0; 0 pairs 4-1+5-0; 1 pairs 5-4+6-3;"
    "0 pairs 5-2+6-1; 1 pairs 5-5+6-4; 0 pairs 5-3+6-2"
)


def test_every_set_of_pairs_with_equal_sums_is_a_move() -> None:
    sets = pair_sets(tiles("3-2 4-1 6-0 5-1 6-6 0-0"))
    shown = sorted(" ".join(f"{a}+{b}" for a, b in pairs) for pairs in sets)
    assert shown == ["4-1+3-2", "6-0+5-1", "6-0+5-1 4-1+3-2"]


def test_laying_pairs_draws_back_up_to_six_from_the_top_of_the_stock() -> None:
    match, hand = start("pairs", STALEMATE, STALEMATE_STOCK, leader=0)
    assert legal(hand) == ["laid 4-0 + 3-1"]
    event = match.apply(move("0 pairs 3-1+4-0"))
    assert [str(tile) for tile in event.drawn] == ["4-1", "5-0"]
    assert len(hand.hands[0]) == 6 and len(hand.stock) == 14
    assert match.view_for(1).laid_pairs == (((Tile(4, 0), Tile(3, 1)),), ())
    assert hand.turn == 1


def test_laying_a_pair_is_compulsory_when_possible() -> None:
    _, hand = start("pairs", STALEMATE, STALEMATE_STOCK, leader=0)
    with pytest.raises(IllegalAction, match="you must"):
        hand.apply(move("0 exchange 6-6"))
    with pytest.raises(IllegalAction, match="you must"):
        hand.apply(Pass(0))
    with pytest.raises(IllegalAction, match="are no pair"):
        hand.apply(move("0 pairs 3-1+6-0"))
    with pytest.raises(IllegalAction, match="not in your hand"):
        hand.apply(move("0 pairs 3-2+4-1"))


def test_without_a_pair_a_tile_goes_to_the_bottom_of_the_stock_for_the_top_one() -> None:
    match, hand = start("pairs", STALEMATE, STALEMATE_STOCK, leader=0)
    play(match, STALEMATE_PLAY)
    assert legal(hand) == [f"put {tile} under the stock" for tile in hand.hands[1]]
    event = match.apply(move("1 exchange 5-1"))
    assert [str(tile) for tile in event.drawn] == ["4-2"]
    assert [str(tile) for tile in hand.stock] == ["3-3", "5-1"]
    assert hand.turn == 0  # the exchange is the whole turn


def test_the_tile_put_under_the_stock_is_seen_only_by_its_owner() -> None:
    match, _ = start("pairs", STALEMATE, STALEMATE_STOCK, leader=0)
    play(match, STALEMATE_PLAY + "; 1 exchange 5-1")
    assert str(match.view_for(1).history[-1]) == "put 5-1 under the stock"
    assert str(match.view_for(0).history[-1]) == "put a tile under the stock"
    assert "5-1" not in " ".join(str(action) for action in match.view_for(0).history)


def test_a_hundred_turns_without_a_pair_end_the_hand_and_more_pairs_win() -> None:
    match, hand = start("pairs", STALEMATE, STALEMATE_STOCK, leader=0)
    play(match, STALEMATE_PLAY)
    for turn in range(100):
        assert not hand.over
        seat = hand.turn
        six = next(tile for tile in hand.hands[seat] if tile.pips == 6)
        match.apply(Exchange(seat, six))
        if turn == 49:
            assert match.view_for(0).status == "50 turns without a pair (the hand ends at 100)"
    result = match.results[-1]
    assert (result.end, result.winners, result.points) == ("blocked", (0,), (4, 3))
    assert match.over and match.winners == (0,)


def test_five_pairs_laid_win_the_hand() -> None:
    first = "3-1 4-0 4-1 5-0 5-2 6-1"
    second = "0-0 1-0 6-6 6-5 2-0 3-0"
    drawn = "5-3 6-2 5-4 6-3 6-4 2-2"
    rest = "1-1 2-1 3-2 3-3 4-2 4-3 4-4 5-1 5-5 6-0"
    match, hand = start("pairs", (first, second), f"{drawn} {rest}", leader=0)
    play(match, "0 pairs 3-1+4-0 4-1+5-0 5-2+6-1")
    assert sorted(legal(hand)) == sorted(f"put {tile} under the stock" for tile in tiles(second))
    play(match, "1 exchange 6-6; 0 pairs 5-3+6-2 5-4+6-3")
    result = match.results[-1]
    assert (result.end, result.winners, result.points) == ("domino", (0,), (5, 0))


def test_an_empty_stock_and_no_pair_in_either_hand_is_a_block() -> None:
    hands = ("3-1 4-0 0-0 6-6 1-1 2-1", "6-0 5-1 1-0 6-5 2-0 3-0")
    stock = "4-1 5-0 4-2 3-3 5-2 6-1 5-4 6-3 5-3 6-2 5-5 6-4 2-2 4-3 3-2 4-4"
    match, hand = start("pairs", hands, stock, leader=0)
    play(
        match,
        "0 pairs 3-1+4-0; 1 pairs 6-0+5-1; 0 pairs 4-1+5-0; 1 pairs 4-2+3-3;"
        "0 pairs 5-2+6-1; 1 pairs 5-4+6-3; 0 pairs 5-3+6-2",
    )
    assert len(hand.stock) == 2
    play(match, "1 pairs 5-5+6-4")
    # The stock is empty and neither hand holds two tiles of one sum: a 4-4 draw.
    result = match.results[-1]
    assert (result.end, result.winners, result.points) == ("blocked", (), (4, 4))
    assert match.over and match.winners == ()


def test_with_no_pair_and_an_empty_stock_a_player_passes() -> None:
    hands = ("3-1 4-0 0-0 6-6 3-2 2-1", "6-0 5-1 1-0 6-5 2-0 3-0")
    stock = "4-1 5-0 4-2 3-3 5-2 6-1 5-4 6-3 5-3 6-2 5-5 6-4 2-2 4-3 1-1 4-4"
    match, hand = start("pairs", hands, stock, leader=0)
    play(
        match,
        "0 pairs 3-1+4-0; 1 pairs 6-0+5-1; 0 pairs 4-1+5-0; 1 pairs 4-2+3-3;"
        "0 pairs 5-2+6-1; 1 pairs 5-4+6-3; 0 pairs 5-3+6-2; 1 pairs 5-5+6-4",
    )
    assert hand.stock == [] and not hand.over
    assert legal(hand) == ["pass"]
    play(match, "0 pass; 1 pairs 2-0+1-1")
    result = match.results[-1]
    assert (result.end, result.winners, result.points) == ("domino", (1,), (4, 5))


def test_the_leader_is_drawn_by_lot_and_recorded() -> None:
    leaders = {Match("pairs", 2, seed=seed).start_hand().lead.seat for seed in range(12)}
    assert leaders == {0, 1}


def test_record_forms_of_the_special_moves() -> None:
    lay = LayPairs(0, ((Tile(4, 1), Tile(3, 2)), (Tile(5, 1), Tile(6, 0))))
    assert lay.to_record() == {"seat": 0, "pairs": [["6-0", "5-1"], ["4-1", "3-2"]]}
    assert action_from_record({"seat": 0, "pairs": [["3-2", "1-4"], ["0-6", "5-1"]]}) == lay
    swap = Exchange(1, Tile(6, 6))
    assert swap.to_record() == {"seat": 1, "exchange": "6-6"}
    assert action_from_record(swap.to_record()) == swap
    with pytest.raises(ValueError, match="two-tile lists"):
        action_from_record({"seat": 0, "pairs": ["3-2", "4-1"]})
