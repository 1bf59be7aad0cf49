"""`all-fives` (alias `muggins`), RULES.md §4.2 and §4.5: the worked example row by row, the
domino and block bonuses, the spinner, end ids, the options and their refusals, and hand-written
records replayed through the record API."""

from __future__ import annotations

import pytest

from engine import Match, Tile
from engine.actions import Play
from engine.errors import BadOption, DominoError, IllegalAction
from engine.record import replay, write
from engine.rules import End, HandOutcome
from engine.variants.fives import count

T = Tile.parse


def tiles(text: str) -> list[Tile]:
    return [T(item) for item in text.split()]


def rest_of(match: Match, *hands: list[Tile]) -> list[Tile]:
    dealt = {tile for hand in hands for tile in hand}
    return sorted((tile for tile in match.variant.full_set() if tile not in dealt), key=str)


# §4.2's worked example: seat 0 holds 5-5 5-3 3-3 5-1, seat 1 holds 5-0 5-2 2-4.
EXAMPLE_DEAL = [
    tiles("5-5 5-3 3-3 5-1 6-4 2-1 6-6 0-0 1-1"),
    tiles("5-0 5-2 2-4 0-1 0-2 0-3 0-4 0-6 6-2"),
]
#: (seat, tile, count, the placer's points)
EXAMPLE_ROWS = [
    (0, "5-5", 10, 10),
    (1, "5-0", 10, 10),
    (0, "5-3", 3, 0),
    (1, "5-2", 5, 5),
    (0, "3-3", 8, 0),
    (1, "2-4", 10, 10),
    (0, "5-1", 11, 0),
]
EXAMPLE_RECORD = {
    "variant": "muggins",
    "players": 2,
    "hands": [
        {
            "deal": [[str(tile) for tile in hand] for hand in EXAMPLE_DEAL],
            "leader": 0,
            "actions": [{"seat": seat, "play": tile} for seat, tile, _, _ in EXAMPLE_ROWS],
        }
    ],
}


def test_the_worked_example_scores_every_row_as_the_table_says() -> None:
    match = Match("all-fives", 2, seed=1)
    hand = match.start_hand(EXAMPLE_DEAL, rest_of(match, *EXAMPLE_DEAL), leader=0)
    for seat, tile, expected_count, points in EXAMPLE_ROWS:
        plays = [play for play in hand.plays() if play.tile == T(tile)]
        assert [play.end for play in plays] == [None], "no play of the example needs `end`"
        before = list(match.scores)
        event = match.apply(Play(seat, T(tile)))
        assert count(hand.layout) == expected_count
        assert match.view_for(1 - seat).extra["count"] == expected_count
        # The board's status line: the count, and what the placement scored.
        status = str(match.public_view().status)
        assert status == f"count {expected_count}" + (f" (+{points})" if points else "")
        assert match.scores[seat] - before[seat] == points
        assert event.scored == ((points, 0) if seat == 0 else (0, points)) or not points
    assert match.scores == [10, 25]
    # The running scores are in every view during the hand, with the placements that scored.
    view = match.public_view()
    assert view.scores == (10, 25) and not view.results
    assert [index for index, _ in view.scoring] == [0, 1, 3, 5]


def test_the_worked_example_replays_as_a_record_in_progress() -> None:
    result = replay(EXAMPLE_RECORD)
    assert result.match.scores == [10, 25]
    assert result.to_json()["match"] == {"over": False, "winners": [], "scores": [10, 25]}


# A hand found for the example's "later": seat 1 goes out while seat 0 holds 6-4 and 2-1, and
# no placement scores on the way.
DOMINO_HAND = {
    "deal": [
        ["6-4", "2-1", "2-0", "5-4", "5-0", "4-0", "5-5"],
        ["5-1", "4-2", "4-1", "1-0", "3-1", "6-5", "5-3"],
    ],
    "boneyard": [
        "6-3",
        "0-0",
        "6-2",
        "3-3",
        "2-2",
        "3-2",
        "6-6",
        "4-3",
        "5-2",
        "6-0",
        "4-4",
        "1-1",
        "3-0",
        "6-1",
    ],
    "leader": 1,
    "actions": [
        {"seat": 1, "play": "5-1"},
        {"seat": 0, "play": "5-5"},
        {"seat": 1, "play": "4-1"},
        {"seat": 0, "play": "5-0"},
        {"seat": 1, "play": "4-2"},
        {"seat": 0, "play": "5-4"},
        {"seat": 1, "play": "1-0"},
        {"seat": 0, "play": "4-0"},
        {"seat": 1, "play": "5-3"},
        {"seat": 0, "play": "2-0", "end": 2},
        {"seat": 1, "play": "3-1", "end": 1},
        {"seat": 0, "draw": True},
        {"seat": 0, "play": "6-3"},
        {"seat": 1, "play": "6-5"},
    ],
}


def play_hand(match: Match, hand_record: dict[str, object]) -> None:
    deal = [tiles(" ".join(hand)) for hand in hand_record["deal"]]  # type: ignore[attr-defined]
    boneyard = tiles(" ".join(hand_record["boneyard"]))  # type: ignore[arg-type]
    match.start_hand(deal, boneyard, leader=hand_record["leader"])  # type: ignore[arg-type]
    for action in hand_record["actions"]:  # type: ignore[attr-defined]
        if "draw" in action:
            match.apply(match.legal_actions()[0])
        else:
            match.apply(Play(action["seat"], T(action["play"]), action.get("end")))


@pytest.mark.parametrize(("options", "before", "after"), [({}, [10, 25], [10, 40])])
def test_a_domino_scores_the_opponents_pips_rounded_to_five(
    options: dict[str, str], before: list[int], after: list[int]
) -> None:
    match = Match("all-fives", 2, {"deal": "7-5-5", **options}, seed=1)
    match.scores[:] = before
    play_hand(match, DOMINO_HAND)
    result = match.results[-1]
    assert result.end == End.DOMINO and result.winners == (1,)
    assert match.played[-1].hands[0] == tiles("6-4 2-1")  # 13 pips, rounded to 15
    assert result.points == (0, 15)
    assert match.scores == after


def test_under_the_fives_scale_the_totals_are_2_and_8() -> None:
    match = Match("all-fives", 2, {"scale": "fives"}, seed=1)
    match.start_hand(EXAMPLE_DEAL, rest_of(match, *EXAMPLE_DEAL), leader=0)
    for seat, tile, _, _ in EXAMPLE_ROWS:
        match.apply(Play(seat, T(tile)))
    assert match.scores == [2, 5]
    assert match.variant.option("target") == 61
    fives = Match("all-fives", 2, {"deal": "7-5-5", "scale": "fives"}, seed=1)
    fives.scores[:] = [2, 5]
    play_hand(fives, DOMINO_HAND)
    assert fives.scores == [2, 8]


def test_a_three_player_block_scores_the_differences_rounded() -> None:
    match = Match("all-fives", 3, seed=1)
    hands = (tuple(tiles("3-1")), tuple(tiles("6-3")), tuple(tiles("6-6")))  # 4, 9 and 12 pips
    outcome = HandOutcome(End.BLOCKED, None, 0, 0, hands, (True,) * 3)
    verdict = match.variant.score_hand(match, outcome)
    assert verdict.winners == (0,)
    assert verdict.points == (15, 0, 0)  # (9 - 4) + (12 - 4) = 13
    tied = (tuple(tiles("3-1")), tuple(tiles("4-0")), tuple(tiles("6-6")))
    verdict = match.variant.score_hand(
        match, HandOutcome(End.BLOCKED, None, 0, 0, tied, tied and (True,) * 3)
    )
    assert verdict.winners == (0, 1) and verdict.points == (0, 0, 0)


def test_in_pairs_a_domino_counts_only_the_opponents_hands() -> None:
    match = Match("all-fives", 4, {"teams": 2}, seed=1)
    hands = ((), tuple(tiles("6-6")), tuple(tiles("6-5")), tuple(tiles("1-0")))
    outcome = HandOutcome(End.DOMINO, 0, 0, 0, hands, (True,) * 4)
    verdict = match.variant.score_hand(match, outcome)
    assert verdict.winners == (0, 2)
    assert verdict.points == (15, 0)  # 12 + 1 = 13; the partner's 6-5 does not count


def play(match: Match, seat: int, tile: str, end: int | str | None = None) -> tuple[int, ...]:
    return match.apply(Play(seat, T(tile), end)).scored


def started(options: dict[str, object], deal: list[list[Tile]], leader: int = 0) -> Match:
    match = Match("all-fives", 2, {"deal": "7-5-5", **options}, seed=1)
    match.start_hand(deal, rest_of(match, *deal), leader=leader)
    return match


def test_a_spinner_placed_in_an_arm_counts_double_until_it_is_passed() -> None:
    deal = [tiles("6-3 3-1 3-2 0-0 0-1 0-2 1-2"), tiles("3-3 1-1 2-2 4-4 5-5 0-4 0-5")]
    match = started({}, deal)
    play(match, 0, "6-3")
    hand = match.hand
    assert hand is not None
    play(match, 1, "3-3")
    assert count(hand.layout) == 6 + 6  # the spinner at the end of its arm counts 2n
    assert [play.tile for play in hand.plays()] == [T("3-1"), T("3-2")]
    play(match, 0, "3-1")  # its other in-line place: its extra places open, and count 0
    assert count(hand.layout) == 6 + 1
    play(match, 1, "1-1")
    assert count(hand.layout) == 6 + 2
    play(match, 0, "3-2")
    assert count(hand.layout) == 6 + 2 + 2
    assert sorted(hand.layout.arms) == ["E", "E1a", "E1b", "W"]


def test_the_extra_places_open_only_when_both_in_line_places_hold_a_tile() -> None:
    deal = [tiles("5-5 5-3 5-1 0-0 0-1 0-2 0-3"), tiles("5-0 5-2 5-4 6-6 1-1 2-2 3-3")]
    match = started({}, deal)
    hand = match.hand
    assert hand is not None
    play(match, 0, "5-5")
    play(match, 1, "5-0")
    assert sorted(arm.id for arm, _ in match.variant.placements(hand.layout, T("5-3"))) == ["W"]
    play(match, 0, "5-3")
    assert sorted(arm.id for arm, _ in match.variant.placements(hand.layout, T("5-2"))) == [
        "N",
        "S",
    ]
    assert [play.end for play in hand.plays() if play.tile == T("5-2")] == [None]


def test_end_ids_name_a_crosswise_double_apart_from_a_plain_end() -> None:
    deal = [tiles("4-4 1-2 4-0 6-6 6-1 6-3 6-5"), tiles("4-1 2-4 5-5 0-1 0-2 0-3 0-5")]
    match = started({"spinner": "none"}, deal)
    hand = match.hand
    assert hand is not None
    play(match, 0, "4-4")
    play(match, 1, "4-1")
    play(match, 0, "1-2")
    play(match, 1, "2-4", 2)  # ends: a plain 4 and the crosswise 4-4
    assert count(hand.layout) == 4 + 8
    assert sorted(str(play.end) for play in hand.plays() if play.tile == T("4-0")) == ["4", "4-4"]
    for end in ("4-5", "5-5", "x", "4-4-4"):
        with pytest.raises(IllegalAction):
            match.apply(Play(0, T("4-0"), end))
    with pytest.raises(IllegalAction):
        match.apply(Play(0, T("4-0")))
    on_plain = hand.copy()
    on_plain.apply(Play(0, T("4-0"), 4))
    assert count(on_plain.layout) == 0 + 8
    play(match, 0, "4-0", "4-4")
    assert count(hand.layout) == 4 + 0


def test_a_tile_that_fits_only_the_double_must_not_name_it_by_number() -> None:
    deal = [tiles("4-4 4-0 6-6 0-1 1-1 6-1 6-3"), tiles("4-2 5-5 2-3 0-2 0-3 0-5 3-3")]
    match = started({"spinner": "none"}, deal)
    play(match, 0, "4-4")
    play(match, 1, "4-2")  # ends 2 and the crosswise 4-4: 4-0 fits only the double
    with pytest.raises(IllegalAction, match="write"):
        match.apply(Play(0, T("4-0"), 4))
    assert play(match, 0, "4-0", "4-4") == ()


def test_with_different_numbers_a_number_names_the_double_too() -> None:
    # §4.0: with ends 5-5 and 4, the tile 4-5 is written "end": 5 or "end": 4.
    deal = [tiles("5-5 1-4 6-6 0-0 6-0 6-2 6-3"), tiles("5-1 5-4 2-2 0-1 0-2 0-3 3-3")]
    match = started({"spinner": "none"}, deal)
    play(match, 0, "5-5")
    play(match, 1, "5-1")
    play(match, 0, "1-4")
    hand = match.hand
    assert hand is not None
    on_double = hand.copy()
    on_double.apply(Play(1, T("5-4"), 5))
    assert count(on_double.layout) == 4 + 4
    hand.apply(Play(1, T("5-4"), 4))
    assert count(hand.layout) == 5 + 10


def test_exact_refuses_a_score_past_the_target_and_the_target_ends_the_hand() -> None:
    deal = [tiles("5-5 5-3 3-3 5-1 0-0 0-1 0-3"), tiles("5-0 5-2 2-4 6-6 6-1 6-2 6-3")]
    match = Match("all-fives", 2, {"deal": "7-5-5", "exact": "yes", "target": 25}, seed=1)
    match.scores[:] = [20, 10]
    match.start_hand(deal, rest_of(match, *deal), leader=0)
    assert play(match, 0, "5-5") == ()  # 20 + 10 would pass 25
    assert play(match, 1, "5-0") == (0, 10)
    assert play(match, 0, "5-3") == ()
    assert play(match, 1, "5-2") == (0, 5)  # 10 + 10 + 5 = 25: the target, inside the hand
    result = match.results[-1]
    assert result.end == End.TARGET
    assert result.winners == (1,) and result.points == (0, 15)
    assert match.over and match.winners == (1,) and match.scores == [20, 25]
    assert match.legal_actions() == []


def test_get_in_credits_nothing_below_ten_until_the_first_score() -> None:
    deal = [tiles("5-5 5-3 3-3 5-1 0-0 0-1 0-3"), tiles("5-0 5-2 2-4 6-6 6-1 6-2 6-3")]
    match = started({"get-in": 10}, deal, leader=1)
    assert play(match, 1, "5-0") == ()  # a count of 5 before getting in
    assert play(match, 0, "5-5") == (10, 0)  # 10 gets seat 0 in
    assert play(match, 1, "5-2") == ()  # 2 + 0 + 10... a count of 12 scores nothing
    assert match.scores == [10, 0]
    inside = started({"get-in": 10}, deal, leader=0)
    assert play(inside, 0, "5-5") == (10, 0)
    assert play(inside, 1, "5-0") == (0, 10)
    play(inside, 0, "5-3")
    assert play(inside, 1, "5-2") == (0, 5)  # seat 1 is in: 5 counts


def test_the_first_hand_and_a_hand_after_a_block_are_led_by_lot_and_recorded() -> None:
    match = Match("all-fives", 3, seed="lot")
    match.start_hand()
    assert match.leads[0].by_lot
    assert "leader" in write(match)["hands"][0]
    with pytest.raises(DominoError):
        replay({"variant": "all-fives", "players": 3, "seed": 1, "hands": [{"leader": 3}]})


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {"teams": 2}),
        (2, {"teams": 2}),
        (2, {"scale": "fives", "get-in": 10}),
        (2, {"get-in": 5}),
        (2, {"deal": "9-9-9"}),
        (2, {"exact": True}),
        (2, {"spinner": "all"}),
        (2, {"out-point": 1}),
        (5, {}),
    ],
)
def test_refused_options(players: int, options: dict[str, object]) -> None:
    with pytest.raises(BadOption):
        Match("all-fives", players, options)
