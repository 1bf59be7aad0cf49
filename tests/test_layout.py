"""The layout model already carries the cross and star games: spinner sides, doubles that open
their sides, the 8-way star, stable end ids, and end choices only where they change the game."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import pytest

from engine import IllegalAction, Match, Play, Tile
from engine.layout import Arm, ArmKind, Layout, Shape
from engine.rules import HandOutcome, HandScore, Lead
from engine.variants.base import Variant


def test_a_line_lead_shows_both_halves_on_west_and_east() -> None:
    layout = Layout(Shape.LINE)
    layout.lay_lead(Tile(6, 4))
    assert {arm.id: arm.number for arm in layout.open_arms()} == {"W": 6, "E": 4}


def test_a_spinner_lead_opens_four_sides_showing_its_number() -> None:
    layout = Layout(Shape.SPINNER)
    layout.lay_lead(Tile(5, 5))
    assert [(arm.id, arm.kind, arm.number) for arm in layout.open_arms()] == [
        ("N", ArmKind.SIDE, 5),
        ("E", ArmKind.SIDE, 5),
        ("S", ArmKind.SIDE, 5),
        ("W", ArmKind.SIDE, 5),
    ]


def test_the_star_lead_has_eight_places() -> None:
    layout = Layout(Shape.STAR)
    layout.lay_lead(Tile(9, 9))
    assert [arm.id for arm in layout.open_arms()] == ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    assert all(arm.kind is ArmKind.STAR and arm.empty for arm in layout.open_arms())


def test_a_spinner_or_star_lead_must_be_a_double() -> None:
    with pytest.raises(IllegalAction, match="must be a double"):
        Layout(Shape.STAR).lay_lead(Tile(9, 8))


def test_a_double_that_opens_its_sides_adds_two_arms_with_stable_ids() -> None:
    layout = Layout(Shape.SPINNER, opens_doubles=True)
    layout.lay_lead(Tile(9, 9))
    layout.lay(Tile(9, 4), "N", 4)
    layout.lay(Tile(4, 4), "N", 4)
    arms = {arm.id: arm for arm in layout.open_arms()}
    assert arms["N"].number == 4
    assert arms["N2a"].number == arms["N2b"].number == 4
    assert arms["N2a"].parent == ("N", 2) and arms["N2a"].kind is ArmKind.BRANCH
    layout.lay(Tile(4, 1), "N2a", 1)
    assert [arm.id for arm in layout.open_arms()] == ["N", "E", "S", "W", "N2a", "N2b"]


class SpinnerTestGame(Variant):
    """A spinner game for these tests only: an empty side of the spinner differs from an arm."""

    id = "spinner-test"
    name = "Spinner test"
    source = "tests"
    section = "0"
    summary = "test"
    player_counts = (2,)
    shape = Shape.SPINNER

    def hand_size(self, seated: int) -> int:
        return 7

    def lead(self, match: Match, hands: Sequence[Sequence[Tile]]) -> Lead:
        return Lead(0, Tile(6, 6))

    def end_class(self, arm: Arm) -> Hashable:
        return (arm.number, arm.empty)

    def score_hand(self, match: Match, outcome: HandOutcome) -> HandScore:
        return HandScore((), (0, 0))

    def match_over(self, match: Match) -> tuple[bool, tuple[int, ...]]:
        return True, ()


def spinner_match() -> Match:
    match = Match(SpinnerTestGame(2), seed=None)
    deal = [
        ["6-6", "1-2", "0-0", "0-1", "0-2", "0-3", "6-0"],
        ["6-1", "2-6", "3-3", "1-1", "1-3", "2-2", "2-3"],
    ]
    match.start_hand([[Tile.parse(t) for t in hand] for hand in deal], [])
    return match


def test_empty_spinner_sides_are_interchangeable_so_no_end_is_asked() -> None:
    match = spinner_match()
    match.apply(Play(0, Tile(6, 6)))
    assert [str(play) for play in match.legal_actions()] == ["6-1", "6-2"]


def test_an_empty_side_and_an_arm_end_showing_the_same_number_are_a_choice_by_id() -> None:
    match = spinner_match()
    match.apply(Play(0, Tile(6, 6)))
    match.apply(Play(1, Tile(6, 1)))
    match.apply(Play(0, Tile(2, 1)))
    assert [str(play) for play in match.legal_actions()] == ["6-2 on 2", "6-2 on 6", "2-2", "3-2"]
    match.apply(Play(1, Tile(6, 2), 2))  # arm N now shows 6 again, beside three empty sides
    assert [str(play) for play in match.legal_actions()] == ["6-0 on N", "6-0 on E"]
    with pytest.raises(IllegalAction, match=r"fits different ends showing 6: name one \(N, E\)"):
        match.apply(Play(0, Tile(6, 0), 6))
    match.apply(Play(0, Tile(6, 0), "S"))
    assert match.hand is not None
    assert match.hand.layout.arms["S"].number == 0
