"""`fives-threes`, RULES.md §4.3 and §4.5: the worked example row by row (and the play that needs
`end`), pagat's exact-61 example, the out point, `out-on-down`, `pair-out: both`, the leads,
the refusals, and hand-written records replayed through the record API."""

from __future__ import annotations

import pytest

from engine import Match, Tile
from engine.actions import Play
from engine.errors import BadOption, IllegalAction, RecordError
from engine.record import replay
from engine.rules import End
from engine.variants.fives import count, fives_threes_points

T = Tile.parse


def tiles(text: str) -> list[Tile]:
    return [T(item) for item in text.split()]


EXAMPLE_DEAL = [
    tiles("6-3 6-4 5-5 0-0 1-1 2-2 0-1 0-2 1-2"),
    tiles("3-3 5-3 5-4 6-6 0-6 1-6 2-6 4-4 0-4"),
]
#: (seat, tile, end, ends after, count, the placer's points)
EXAMPLE_ROWS = [
    (0, "6-3", None, 9, 3),
    (1, "3-3", None, 12, 4),
    (0, "6-4", None, 10, 2),
    (1, "3-5", None, 9, 3),
    (0, "5-5", None, 14, 0),
    (1, "4-5", 4, 15, 8),
]


def record_of(rows: list[tuple[int, str, int | None, int, int]]) -> dict[str, object]:
    actions = []
    for seat, tile, end, _, _ in rows:
        action: dict[str, object] = {"seat": seat, "play": tile}
        if end is not None:
            action["end"] = end
        actions.append(action)
    deal = [[str(tile) for tile in hand] for hand in EXAMPLE_DEAL]
    return {
        "variant": "fives-threes",
        "players": 2,
        "hands": [{"deal": deal, "leader": 0, "actions": actions}],
    }


def test_the_score_table_of_a_line() -> None:
    table = {3: 1, 5: 1, 6: 2, 9: 3, 10: 2, 12: 4, 15: 8, 18: 6, 20: 4}
    line_counts = [c for c in range(23) if c != 21]  # two ends of a line never show 21
    assert {c: fives_threes_points(c) for c in line_counts if fives_threes_points(c)} == table
    assert [fives_threes_points(c) for c in (21, 24, 25, 30)] == [7, 8, 5, 16]


def test_the_worked_example_scores_every_row() -> None:
    match = Match("fives-threes", 2, seed=1)
    match.start_hand(EXAMPLE_DEAL, leader=0)
    hand = match.hand
    assert hand is not None
    for seat, tile, end, expected, points in EXAMPLE_ROWS:
        before = list(match.scores)
        match.apply(Play(seat, T(tile), end))
        assert count(hand.layout) == expected
        assert match.scores[seat] - before[seat] == points
        assert match.scores[1 - seat] == before[1 - seat]
    assert match.scores == [5, 15]


def test_play_six_needs_its_end_and_the_double_end_would_score_nothing() -> None:
    result = replay(record_of(EXAMPLE_ROWS[:5]))
    hand = result.match.hand
    assert hand is not None
    assert sorted(str(play.end) for play in hand.plays() if play.tile == T("4-5")) == ["4", "5"]
    with pytest.raises(IllegalAction, match="more than one end"):
        hand.copy().apply(Play(1, T("4-5")))
    on_double = hand.copy()
    on_double.apply(Play(1, T("4-5"), 5))
    assert count(on_double.layout) == 8 and not on_double.scored[1] - hand.scored[1]
    with pytest.raises(RecordError):
        replay(record_of([*EXAMPLE_ROWS[:5], (1, "4-5", None, 15, 8)]))


def test_the_worked_example_replays_as_a_record_in_progress() -> None:
    assert replay(record_of(EXAMPLE_ROWS)).to_json()["match"]["scores"] == [5, 15]


# Found for pagat's example: seat 0 at 59 goes out with a count of 6, scoring nothing on the way.
EXACT_HAND = {
    "deal": [
        ["6-0", "4-1", "4-4", "5-0", "3-2", "5-4", "3-0"],
        ["2-0", "5-5", "5-1", "1-1", "0-0", "6-1", "6-2"],
    ],
    "actions": [
        (0, "5-4", None),
        (1, "5-5", None),
        (0, "5-0", None),
        (1, "0-0", None),
        (0, "3-0", None),
        (1, None, None),
        (0, "4-4", None),
        (1, None, None),
        (0, "4-1", None),
        (1, "6-1", None),
        (0, "3-2", None),
        (1, "6-2", 2),
        (0, "6-0", None),
    ],
}


def exact_match(options: dict[str, object]) -> Match:
    match = Match("fives-threes", 2, {"deal": "short", **options}, seed=1)
    match.scores[:] = [59, 0]
    deal = [tiles(" ".join(hand)) for hand in EXACT_HAND["deal"]]  # type: ignore[attr-defined]
    match.start_hand(deal, leader=0)
    for seat, tile, end in EXACT_HAND["actions"][:-1]:  # type: ignore[index]
        match.apply(Play(seat, T(tile), end) if tile else match.legal_actions()[0])
    return match


def test_at_59_a_last_tile_making_six_scores_nothing() -> None:
    match = exact_match({})
    hand = match.hand
    assert hand is not None and match.scores[0] == 59
    event = match.apply(Play(0, T("6-0")))
    assert count(hand.layout) == 6  # 2 + 1 for going out = 3: past 61, so nothing
    assert event.scored == ()
    assert match.results[-1].end == End.DOMINO and match.results[-1].winners == (0,)
    assert match.scores[0] == 59 and not match.over


def test_without_the_out_point_the_same_tile_scores_two_and_wins() -> None:
    no_point = exact_match({"out-point": 0})
    no_point.apply(Play(0, T("6-0")))
    assert no_point.scores[0] == 61 and no_point.over and no_point.winners == (0,)
    # §4.0: the placement emptied the hand, so the hand is a domino, not a target end.
    assert no_point.results[-1].end == End.DOMINO


def test_without_exact_a_score_past_the_target_wins() -> None:
    match = Match("fives-threes", 2, {"exact": "no"}, seed=1)
    match.scores[:] = [59, 0]
    match.start_hand(EXAMPLE_DEAL, leader=0)
    match.apply(Play(0, T("6-3")))
    assert match.scores == [62, 0] and match.winners == (0,)
    assert match.results[-1].end == End.TARGET


def test_a_target_reached_without_going_out_ends_the_hand_inside() -> None:
    match = Match("fives-threes", 2, seed=1)
    match.scores[:] = [0, 57]
    match.start_hand(EXAMPLE_DEAL, leader=0)
    for seat, tile, end, _, _ in EXAMPLE_ROWS[:2]:
        match.apply(Play(seat, T(tile), end))
    result = match.results[-1]
    assert result.end == End.TARGET and result.winners == (1,)
    assert result.points == (3, 4) and match.scores == [3, 61] and match.over


@pytest.mark.parametrize(("on_down", "exact", "after"), [("no", "yes", 58), ("no", "no", 58)])
def test_out_on_down_no_drops_a_lead_that_would_reach_the_target(
    on_down: str, exact: str, after: int
) -> None:
    match = Match("fives-threes", 2, {"out-on-down": on_down, "exact": exact}, seed=1)
    match.scores[:] = [58, 0]
    match.start_hand(EXAMPLE_DEAL, leader=0)
    match.apply(Play(0, T("6-3")))  # 9 scores 3: 61 would be reached on the down
    assert match.scores[0] == after and not match.over
    allowed = Match("fives-threes", 2, seed=1)
    allowed.scores[:] = [58, 0]
    allowed.start_hand(EXAMPLE_DEAL, leader=0)
    allowed.apply(Play(0, T("6-3")))
    assert allowed.over and allowed.results[-1].end == End.TARGET


def test_pair_out_both_keeps_the_hand_going_until_both_partners_are_out() -> None:
    match = Match("fives-threes", 4, {"teams": 2, "pair-out": "both", "target": 500}, seed=5)
    seen_out_alone = False
    for _ in range(40):
        if match.over:
            break
        hand = match.start_hand()
        while not hand.over:
            out = [seat for seat in range(4) if not hand.hands[seat]]
            if out and not hand.over:
                seen_out_alone = True
                assert hand.turn not in out  # a player out leaves the turn order
            match.apply(hand.legal_actions()[0])
        result = match.results[-1]
        if result.end == End.DOMINO:
            winners = result.winners
            assert all(not hand.hands[seat] for seat in winners)
            assert len(winners) == 2
    assert seen_out_alone


def test_leads_rotate_by_seat_after_a_first_hand_by_lot() -> None:
    match = Match("fives-threes", 3, {"target": 1000}, seed="rotate")
    first = match.start_hand()
    assert match.leads[0].by_lot
    while not first.over:
        match.apply(first.legal_actions()[0])
    second = match.start_hand()
    assert second.lead.seat == (first.lead.seat + 1) % 3 and not second.lead.choosers


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (4, {"pair-out": "both"}),
        (3, {"teams": 2}),
        (2, {"deal": "9-7-5"}),
        (2, {"out-point": 2}),
        (2, {"exact": "maybe"}),
        (2, {"scale": "fives"}),
        (2, {"get-in": 10}),
        (2, {"out-on-down": False}),
        (1, {}),
    ],
)
def test_refused_options(players: int, options: dict[str, object]) -> None:
    with pytest.raises(BadOption):
        Match("fives-threes", players, options)
