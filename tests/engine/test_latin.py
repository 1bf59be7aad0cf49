"""`partnership`'s Latin and Caribbean options (RULES.md §4.1, §4.5): the worked examples of
§4.1 as hands really played and stored (points, winners, scores), the void hand and its lead,
the match judged after each hand, and the refusals.

The deals are built so that the hands left are exactly those of §4.1's examples. A hand that
needs a free lead (the capicúa examples) is the match's second hand: the first is `DOMINO`
(tests/engine/deals.py), won by pair 0-2, whose seat 0 then leads.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import BadOption, Match
from engine.rules import HandResult
from tests.engine.deals import DOMINO, DOMINO_PLAY
from tests.engine.helpers import last, play, start, tiles

# Seat 0 goes out with 5-3 on ends 5|3; left: seat 1 6-6 4-1 (17), seat 2 2-0 (2), seat 3 5-4 (9).
# Double-nine: with every double-six tile dealt these hands cannot be left (the tiles on a line
# whose ends show one number use every number an even number of times; these do not), so the
# example is played with `set: 9`, where 15 tiles sleep. 9-9 leads.
CAPICUA = (
    "9-9 9-8 7-0 8-2 3-0 9-3 8-0 6-5 6-3 5-3",
    "9-7 8-6 7-6 9-1 5-5 4-3 8-3 9-2 6-6 4-1",
    "7-5 6-4 9-6 1-0 9-5 4-0 7-3 9-4 3-3 2-0",
    "5-0 7-4 8-7 5-2 3-1 5-1 7-2 8-4 8-5 5-4",
)
CAPICUA_PLAY = (
    "0 9-9; 1 9-7; 2 7-5; 3 5-0; 0 9-8; 1 8-6; 2 6-4; 3 7-4; 0 7-0@0; 1 7-6; 2 9-6; 3 8-7;"
    "0 8-2; 1 9-1; 2 1-0; 3 5-2; 0 3-0; 1 5-5; 2 9-5; 3 3-1; 0 9-3; 1 4-3; 2 4-0; 3 5-1;"
    "0 8-0; 1 8-3; 2 7-3; 3 7-2; 0 6-5; 1 9-2; 2 9-4; 3 8-4; 0 6-3; 1 pass; 2 3-3; 3 8-5;"
    "0 5-3@5"
)
# Seat 0 goes out with 5-3 on ends 3|3: a capicúa under `any`, not under `different`.
EQUAL_ENDS = (
    "6-5 4-0 5-3 6-1 4-3 3-0 2-1",
    "3-3 5-2 4-4 4-1 2-2 6-2 1-1",
    "5-1 2-0 6-4 5-0 0-0 3-2 4-2",
    "3-1 5-5 6-3 6-6 5-4 6-0 1-0",
)
EQUAL_ENDS_PLAY = (
    "0 4-3; 1 3-3; 2 3-2; 3 5-4; 0 2-1; 1 1-1; 2 5-1@1; 3 5-5; 0 6-5; 1 6-2; 2 5-0; 3 6-0;"
    "0 6-1; 1 2-2; 2 2-0; 3 1-0@1; 0 4-0; 1 4-4; 2 0-0; 3 pass; 0 3-0; 1 4-1; 2 pass; 3 3-1@1;"
    "0 5-3"
)


def second_hand(hands: tuple[str, ...], script: str, options: dict[str, Any]) -> HandResult:
    """The result of `hands` played by `script` as the match's second hand, led by seat 0."""
    match, _ = start("partnership", 4, DOMINO, options=options)
    play(match, DOMINO_PLAY)
    assert last(match).winners == (0, 2)
    start("partnership", 4, hands, leader=0, match=match)
    play(match, script)
    return last(match)


def first_hand(hands: tuple[str, ...], script: str, options: dict[str, Any]) -> HandResult:
    match, _ = start("partnership", 4, hands, options=options)
    play(match, script)
    return last(match)


def capicua_hand(scoring: str, capicua: int | str, **more: Any) -> HandResult:
    options = {"set": 9, "scoring": scoring, "capicua": capicua, "target": 500, **more}
    return first_hand(CAPICUA, CAPICUA_PLAY, options)


def test_the_capicua_deal_leaves_the_hands_of_the_worked_example() -> None:
    result = capicua_hand("penalty", 0)
    assert result.end == "domino" and result.outcome.went_out == 0
    left = [sorted(map(str, hand)) for hand in result.outcome.hands]
    assert left == [[], ["4-1", "6-6"], ["2-0"], ["5-4"]]


# The table of §4.1's worked domino: L = 26 (pair 1-3), W = 2 (pair 0-2).
DOMINO_TABLE = [
    ("penalty", 0, (0, 26)),
    ("penalty", 25, (0, 51)),
    ("penalty", "x2", (0, 52)),
    ("opponents", 0, (26, 0)),
    ("opponents", 25, (51, 0)),
    ("opponents", "x2", (52, 0)),
    ("all", 0, (28, 0)),
    ("all", 25, (53, 0)),
    ("all", "x2", (56, 0)),
]


@pytest.mark.parametrize(("scoring", "capicua", "points"), DOMINO_TABLE)
def test_the_worked_domino_scores_as_the_table_says(
    scoring: str, capicua: int | str, points: tuple[int, int]
) -> None:
    result = capicua_hand(scoring, capicua)
    assert result.winners == (0, 2)
    assert result.points == points


@pytest.mark.parametrize("ends", ["any", "different"])
def test_a_tile_on_its_two_numbers_is_a_capicua_under_both_readings(ends: str) -> None:
    assert capicua_hand("opponents", 25, **{"capicua-ends": ends}).points == (51, 0)


def test_a_tile_on_equal_ends_is_a_capicua_only_under_any() -> None:
    base = {"scoring": "opponents", "target": 500}
    plain = second_hand(EQUAL_ENDS, EQUAL_ENDS_PLAY, base).points[0]
    any_ends = second_hand(EQUAL_ENDS, EQUAL_ENDS_PLAY, {**base, "capicua": 25})
    different = second_hand(
        EQUAL_ENDS, EQUAL_ENDS_PLAY, {**base, "capicua": 25, "capicua-ends": "different"}
    )
    assert any_ends.points[0] == plain + 25
    assert different.points[0] == plain


def test_a_double_never_makes_a_capicua_and_chuchazo_pays_a_domino_with_0_0() -> None:
    from tests.engine.deals import DOMINO_ZERO, DOMINO_ZERO_PLAY

    # DOMINO_ZERO: seat 0 goes out with 5-1; a 0-0 is left. Not a chuchazo (not the last tile).
    plain = first_hand(DOMINO_ZERO, DOMINO_ZERO_PLAY, {"scoring": "opponents"})
    bonus = first_hand(DOMINO_ZERO, DOMINO_ZERO_PLAY, {"scoring": "opponents", "chuchazo": 30})
    assert bonus.points == plain.points


# §4.1's block: seat 2 places the last tile; left 3 (seat 0), 6 (seat 1), 20 (seat 2), 7 (seat
# 3): pair sums 23 (0-2) and 13 (1-3). Double-nine, for the reason given above CAPICUA.
BLOCK9 = (
    "9-9 8-1 6-3 7-3 5-4 7-2 9-5 2-2 2-1 0-0",
    "9-1 3-1 5-1 6-1 6-4 3-2 5-2 7-6 4-1 1-0",
    "9-7 8-3 7-5 6-5 6-6 9-3 8-2 9-2 8-8 4-0",
    "8-7 8-6 7-1 7-7 9-6 9-8 6-2 3-0 2-0 1-1",
)
BLOCK9_PLAY = (
    "0 9-9; 1 9-1; 2 9-7; 3 8-7; 0 8-1@8; 1 3-1; 2 8-3; 3 8-6; 0 6-3; 1 5-1; 2 7-5; 3 7-1;"
    "0 7-3; 1 6-1; 2 6-5; 3 7-7; 0 5-4; 1 6-4; 2 6-6; 3 9-6; 0 7-2; 1 3-2; 2 9-3@3; 3 9-8;"
    "0 9-5; 1 5-2; 2 8-2@8; 3 6-2; 0 2-2; 1 7-6; 2 9-2"
)
BLOCK_TABLE = [
    ("pairs", "penalty", (1, 3), (23, 0)),
    ("pairs", "opponents", (1, 3), (0, 23)),
    ("pairs", "all", (1, 3), (0, 36)),
    ("player", "penalty", (0, 2), (0, 13)),
    ("player", "opponents", (0, 2), (13, 0)),
    ("player", "all", (0, 2), (36, 0)),
    ("blocker", "opponents", (1, 3), (0, 23)),
    ("blocker", "all", (1, 3), (0, 36)),
]


@pytest.mark.parametrize(("tranque", "scoring", "winners", "points"), BLOCK_TABLE)
def test_the_worked_block_scores_as_the_example_says(
    tranque: str, scoring: str, winners: tuple[int, ...], points: tuple[int, int]
) -> None:
    options = {"set": 9, "tranque": tranque, "scoring": scoring, "target": 500}
    result = first_hand(BLOCK9, BLOCK9_PLAY, options)
    assert result.end == "blocked" and result.outcome.last_placer == 2
    assert [sum(tile.pips for tile in hand) for hand in result.outcome.hands] == [3, 6, 20, 7]
    assert result.winners == winners
    assert result.points == points


# §4.1's passes: seat 0 leads 6-6, seat 1 passes, seat 2 places 6-1; later seat 3 places 4-1
# and seats 0, 1 and 2 pass. Seat 3 goes out at the end.
PASSES = (
    "6-6 2-2 3-0 6-3 5-2 6-5 5-3",
    "3-2 2-0 4-0 3-3 4-2 5-4 0-0",
    "6-1 4-3 4-4 5-5 6-0 6-4 5-0",
    "6-2 4-1 1-1 1-0 3-1 2-1 5-1",
)
PASSES_PLAY = (
    "0 6-6; 1 pass; 2 6-1; 3 6-2; 0 2-2; 1 3-2; 2 4-3; 3 4-1@4; 0 pass; 1 pass; 2 pass;"
    "3 5-1; 0 6-5; 1 pass; 2 6-0; 3 3-1; 0 3-0@3; 1 0-0; 2 5-0; 3 1-0; 0 5-2; 1 4-2; 2 6-4;"
    "3 1-1; 0 6-3; 1 3-3; 2 pass; 3 2-1"
)


@pytest.mark.parametrize("scoring", ["opponents", "penalty"])
def test_the_worked_pass_bonuses_go_to_the_pair_that_earns_them(scoring: str) -> None:
    plain = first_hand(PASSES, PASSES_PLAY, {"scoring": scoring})
    assert plain.end == "domino" and plain.winners == (1, 3)
    salida = first_hand(PASSES, PASSES_PLAY, {"scoring": scoring, "pase-salida": 25})
    corrido = first_hand(PASSES, PASSES_PLAY, {"scoring": scoring, "pase-corrido": 25})
    both = first_hand(
        PASSES, PASSES_PLAY, {"scoring": scoring, "pase-salida": 25, "pase-corrido": 25}
    )
    mirror = scoring == "penalty"  # a bonus is added to the other pair's score
    earned_by_0_2 = (0, 25) if mirror else (25, 0)
    earned_by_1_3 = (25, 0) if mirror else (0, 25)
    assert _minus(salida.points, plain.points) == earned_by_0_2
    assert _minus(corrido.points, plain.points) == earned_by_1_3
    assert _minus(both.points, plain.points) == (25, 25)


def test_every_pass_pays_the_passers_opponents() -> None:
    plain = first_hand(PASSES, PASSES_PLAY, {"scoring": "opponents"})
    every = first_hand(PASSES, PASSES_PLAY, {"scoring": "opponents", "pase": 1})
    # seat 1 passes three times (for pair 0-2); seat 0 once and seat 2 twice (for pair 1-3)
    passes = [action for action in PASSES_PLAY.split(";") if "pass" in action]
    by_1_3 = sum(1 for action in passes if action.split()[0] in "13")
    assert _minus(every.points, plain.points) == (by_1_3, len(passes) - by_1_3) == (3, 3)


def test_pase_salida_is_twice_as_much_after_a_lead_that_is_not_a_double() -> None:
    from engine.actions import Pass, Play
    from engine.variants.latin_scoring import _salida

    unit_of = (0, 1, 0, 1)
    lead_65 = [Play(0, tiles("6-5")[0]), Pass(1), Play(2, tiles("5-1")[0])]
    lead_66 = [Play(0, tiles("6-6")[0]), Pass(1), Play(2, tiles("6-1")[0])]
    three_passes = [Play(0, tiles("6-6")[0]), Pass(1), Pass(2), Pass(3)]
    assert _salida(lead_65, unit_of) == (2, 0)
    assert _salida(lead_66, unit_of) == (1, 0)
    assert _salida(three_passes, unit_of) == (0, 0)


def _minus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x - y for x, y in zip(a, b, strict=True))


# -- void hands, leads and the match ---------------------------------------------------------


def test_a_tied_block_is_void_under_tranque_tie_none_and_the_next_seat_leads() -> None:
    from tests.engine.deals import BLOCK, BLOCK_PLAY

    match, _ = start("latin", 4, BLOCK, options={"pase": 5})
    play(match, BLOCK_PLAY)  # pairs 45 and 45; seat 0 led; no pass was made
    result = last(match)
    assert result.winners == (0, 1, 2, 3)
    assert result.points == (0, 0) and match.scores == [0, 0]
    assert match.next_lead_choosers() == ()
    hand = match.start_hand()
    assert hand.lead.seat == 1 and hand.lead.tile is None


def test_wins_counts_hands_and_a_void_hand_makes_the_next_worth_one_more() -> None:
    from tests.engine.deals import BLOCK, BLOCK_PLAY, DOMINO, DOMINO_PLAY

    options = {"wins": 3, "tranque-tie": "none"}
    match, _ = start("partnership", 4, BLOCK, options=options)
    play(match, BLOCK_PLAY)
    assert last(match).winners == (0, 1, 2, 3) and match.scores == [0, 0]
    start("partnership", 4, _rotated(DOMINO, 1), match=match)  # seat 1 leads: after seat 0
    play(match, _shift(DOMINO_PLAY, 1))
    assert last(match).winners == (1, 3)
    assert match.scores == [0, 2] and not match.over
    assert match.variant.options.get("target") is None


def _rotated(hands: tuple[str, ...], by: int) -> tuple[str, ...]:
    return tuple(hands[(seat - by) % 4] for seat in range(4))


def _shift(script: str, by: int) -> str:
    moves = [item.strip() for item in script.split(";") if item.strip()]
    return ";".join(f"{(int(m.split()[0]) + by) % 4} {m.split(' ', 1)[1]}" for m in moves)


def test_lead_rotate_passes_the_lead_whoever_won() -> None:
    match, _ = start("partnership", 4, DOMINO, options={"lead": "rotate"})
    play(match, DOMINO_PLAY)  # seat 0 led and won
    assert match.next_lead_choosers() == ()
    assert match.start_hand().lead.seat == 1


def test_set_9_deals_ten_each_and_the_highest_double_dealt_leads() -> None:
    match = Match("cuban", 4, seed=11)
    hand = match.start_hand()
    assert all(len(tiles) == 10 for tiles in hand.hands)
    dealt = [tile for tiles in hand.hands for tile in tiles]
    doubles = [tile for tile in dealt if tile.is_double]
    assert hand.lead.tile == max(doubles, key=lambda tile: tile.high)
    assert hand.lead.tile in hand.hands[hand.lead.seat]


@pytest.mark.parametrize(
    ("scores", "penalty", "hand_winner", "winner"),
    [
        ((100, 40), False, 0, 0),  # reward: reaching wins
        ((110, 120), False, 0, 1),  # both: the higher score
        ((120, 120), False, 1, 1),  # equal: the pair that won the hand
        ((120, 120), False, None, None),  # equal after a void hand: it goes on
        ((100, 40), True, 1, 1),  # penalty: reaching loses
        ((110, 120), True, 0, 0),  # both: the higher score loses
        ((120, 120), True, 0, 0),  # equal: the pair that lost the hand loses
        ((120, 120), True, None, None),
        ((99, 0), True, 1, None),
    ],
)
def test_the_match_is_judged_after_each_hand_as_the_formats_say(
    scores: tuple[int, int], penalty: bool, hand_winner: int | None, winner: int | None
) -> None:
    from engine.variants.latin_scoring import judge_points

    assert judge_points(scores, 100, penalty, hand_winner) == winner


def test_a_hand_bonus_is_indexed_by_hand_number() -> None:
    plain = first_hand(DOMINO, DOMINO_PLAY, {"scoring": "all"})
    first = first_hand(DOMINO, DOMINO_PLAY, {"scoring": "all", "hand-bonus": [100, 75]})
    assert _minus(first.points, plain.points) == (100, 0)
    second = second_hand(CAPICUA_SIX, CAPICUA_SIX_PLAY, {"scoring": "all", "hand-bonus": [1, 75]})
    again = second_hand(CAPICUA_SIX, CAPICUA_SIX_PLAY, {"scoring": "all"})
    assert _minus(second.points, again.points) == (75, 0)


# A second hand of double-six led by seat 0 (who goes out with 5-3), for `second_hand`.
CAPICUA_SIX = (
    "4-0 5-3 4-4 3-3 3-1 6-5 6-0",
    "4-1 6-6 4-2 3-2 6-3 6-4 2-2",
    "2-0 0-0 6-1 5-1 2-1 5-2 6-2",
    "5-4 3-0 1-1 4-3 5-0 1-0 5-5",
)
CAPICUA_SIX_PLAY = (
    "0 4-0; 1 4-2; 2 5-2; 3 3-0; 0 3-3; 1 3-2; 2 5-1; 3 1-0; 0 6-0; 1 2-2; 2 6-2@2; 3 pass;"
    "0 6-5; 1 6-3; 2 pass; 3 4-3; 0 4-4; 1 6-4; 2 6-1; 3 1-1; 0 3-1; 1 pass; 2 pass; 3 5-5;"
    "0 5-3@5"
)


# -- refusals --------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["latin", "dominican", "puerto-rico", "pr-500", "cuban"])
def test_wins_is_refused_with_a_preset(preset: str) -> None:
    with pytest.raises(BadOption, match="wins"):
        Match(preset, 4, {"wins": 5})


@pytest.mark.parametrize(
    "named",
    [
        {"target": 100},
        {"scoring": "penalty"},
        {"capicua": 0},
        {"chuchazo": 0},
        {"pase-salida": 25},
        {"pase-corrido": 0},
        {"pase": 0},
        {"hand-bonus": []},
    ],
)
def test_wins_is_refused_with_target_scoring_or_any_bonus_named(named: dict[str, Any]) -> None:
    with pytest.raises(BadOption, match="wins cannot be played with"):
        Match("partnership", 4, {"wins": 5, **named})


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"capicua": "x3"}, "whole number or x2"),
        ({"capicua": True}, "whole number or x2"),
        ({"hand-bonus": [100, 0]}, "at least 1"),
        ({"hand-bonus": "100"}, "list of whole numbers"),
        ({"hand-bonus": [1.5]}, "list of whole numbers"),
        ({"set": 12}, "one of 6, 9"),
        ({"tranque": "nobody"}, "one of pairs, player, blocker"),
        ({"wins": 0}, "at least 1"),
    ],
)
def test_bad_values_are_refused(options: dict[str, Any], reason: str) -> None:
    with pytest.raises(BadOption, match=reason):
        Match("partnership", 4, options)


def test_scoring_all_defaults_the_target_to_200_and_presets_keep_theirs() -> None:
    assert Match("partnership", 4, {"scoring": "all"}).variant.options["target"] == 200
    chosen = Match("partnership", 4, {"scoring": "all", "target": 150})
    assert chosen.variant.options["target"] == 150
    assert Match("latin", 4, {"scoring": "all"}).variant.options["target"] == 100
    assert Match("pr-500", 4).variant.options["target"] == 500


def test_a_set_9_first_hand_takes_only_the_holder_of_the_highest_double_as_leader() -> None:
    from engine import BadDeal

    _, hand = start("cuban", 4, BLOCK9, leader=0)  # seat 0 holds 9-9
    assert hand.lead.seat == 0 and str(hand.lead.tile) == "9-9"
    with pytest.raises(BadDeal, match="seat 1 may not lead"):
        start("cuban", 4, BLOCK9, leader=1)
