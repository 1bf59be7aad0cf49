"""The end of a hand of the Latin partnership scorings (RULES.md §4.1) in words: one short line
per bonus (capicúa, pass bonuses, a hand bonus), a void hand said to be won by nobody, and the
points of a game whose options make points good read as points won, not penalties."""

from __future__ import annotations

from engine.variants.latin_scoring import facts_of
from render.outcome import bonus_lines, hand_sentence, points_sentence
from tests.engine.deals import BLOCK, BLOCK_PLAY, DOMINO, DOMINO_PLAY
from tests.engine.helpers import play, start
from tests.engine.test_latin import CAPICUA, CAPICUA_PLAY, PASSES, PASSES_PLAY

NAMES = ["ana", "ben", "cruz", "dani"]


def finished(variant: str, hands: tuple[str, ...], script: str, **options: object) -> list[str]:
    match, _ = start(variant, 4, hands, options=dict(options))
    play(match, script)
    view = match.public_view()
    return bonus_lines(view, view.results[-1], NAMES)


def test_the_passes_of_a_dominican_hand_are_said_for_the_pair_that_earned_them() -> None:
    lines = finished("dominican", PASSES, PASSES_PLAY)
    assert lines == [
        "Pass bonuses for ana & cruz: 25 points.",
        "Pass bonuses for ben & dani: 25 points.",
    ]


def test_a_capicua_is_said_with_its_bonus_or_its_doubling() -> None:
    assert finished("partnership", CAPICUA, CAPICUA_PLAY, set=9, capicua=25) == [
        "Capicúa by ana & cruz: 25 bonus points."
    ]
    assert finished("partnership", CAPICUA, CAPICUA_PLAY, set=9, capicua="x2") == [
        "Capicúa by ana & cruz: the hand's points are doubled."
    ]
    assert finished("partnership", CAPICUA, CAPICUA_PLAY, set=9) == []


def test_a_hand_bonus_is_said_with_its_hand() -> None:
    assert finished("pr-500", DOMINO, DOMINO_PLAY) == ["Bonus for winning hand 1: 100 points."]


def test_a_void_hand_is_won_by_nobody_and_in_a_match_of_hands_raises_the_next() -> None:
    match, _ = start("partnership", 4, BLOCK, options={"wins": 3, "tranque-tie": "none"})
    play(match, BLOCK_PLAY)
    view = match.public_view()
    result = view.results[-1]
    assert facts_of(result.outcome.extra).last_tile is None  # no bonus option: no facts kept
    assert hand_sentence(view, result, NAMES) == "Hand 1 was blocked; nobody won it."
    assert bonus_lines(view, result, NAMES) == ["A void hand: the next hand won counts 2."]


def test_points_won_under_opponents_scoring_are_not_called_penalties() -> None:
    match, _ = start("partnership", 4, DOMINO, options={"scoring": "opponents"})
    play(match, DOMINO_PLAY)
    view = match.public_view()
    assert "enalty" not in points_sentence(view, view.results[-1], NAMES)
