"""The score sheet and the outcome sentences in the game's own terms: penalty points are never
drawn as a gain (no plus sign, never bold, even beside a hand's winner), a side the game room puts
out of the match says "eliminated" in the hands it sits out and why under the totals, and a
match won by every side but one names that one."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

import render.sheet
from cogs import texts
from cogs.lang import words
from engine import Match
from engine.view import SeatView
from render import ENGLISH
from render.outcome import eliminated_units, match_sentence, points_sentence
from render.sheet import score_sheet_image

NAMES = ["alice", "bob", "carol", "dan", "erin", "fay"]


def played_out(game: str, players: int, seed: str, **options: Any) -> Match:
    match = Match(game, players, options, seed=seed)
    rng = random.Random(seed)
    while not match.over:
        hand = match.start_hand()
        while not hand.over:
            match.apply(rng.choice(hand.legal_actions()))
    return match


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, bool]]]:
    """Every text the score sheet draws, with whether it is bold."""
    texts: list[tuple[str, bool]] = []
    put = render.sheet.put_text

    def noted(canvas: Any, at: Any, text: str, **kw: Any) -> None:
        texts.append((text, bool(kw.get("bold"))))
        put(canvas, at, text, **kw)

    monkeypatch.setattr(render.sheet, "put_text", noted)
    yield texts


def finished_with_an_elimination() -> SeatView:
    """A four-player game-room match (limit 30) in which someone is out before the end."""
    for number in range(50):
        match = played_out("gameroom", 4, f"out-{number}", target=30)
        view = match.view_for(0)
        if any(hand < len(view.results) - 1 for _, hand in eliminated_units(view)):
            return view
    raise AssertionError("no match put a player out before its last hand")


def test_penalty_points_are_never_drawn_as_a_gain(drawn: list[tuple[str, bool]]) -> None:
    view = finished_with_an_elimination()
    score_sheet_image(view, names=NAMES[:4])
    assert ("Penalty points · loses at 30", False) in drawn
    points = {str(gained) for result in view.results for gained in result.points if gained}
    points -= {str(total) for total in view.scores}  # the totals are bold, as totals
    shown = [(text, bold) for text, bold in drawn if text in points or text.startswith("+")]
    assert shown and not [text for text, _ in shown if text.startswith("+")]
    assert not [text for text, bold in shown if bold]  # even a hand's winner's penalty


def test_a_side_put_out_says_eliminated_in_the_hands_it_sits_out_and_why(
    drawn: list[tuple[str, bool]],
) -> None:
    view = finished_with_an_elimination()
    score_sheet_image(view, names=NAMES[:4])
    texts = [text for text, _ in drawn]
    for unit, hand in eliminated_units(view):
        total = view.results[hand].scores[unit]
        assert f"{NAMES[unit]}: eliminated at {total} (loses at 30)" in texts
        sat_out = sum(1 for result in view.results[hand + 1 :] if not result.outcome.seated[unit])
        assert sat_out == len(view.results) - hand - 1
    assert texts.count(ENGLISH.sheet_eliminated) == sum(
        len(view.results) - hand - 1 for _, hand in eliminated_units(view)
    )
    assert ENGLISH.sheet_sat_out not in texts


def test_a_match_won_by_every_side_but_one_names_that_one() -> None:
    match = played_out("cyprus", 6, "six", target=10)
    view = match.view_for(0)
    everyone = tuple(seat for seat in range(6) if seat != 2)
    assert match_sentence(view, everyone, NAMES) == "Everyone but carol won the match."
    assert match_sentence(view, (1, 4), NAMES) == "bob and erin won the match."


def test_pool_says_chips_and_the_sum_game_hands_won_never_points() -> None:
    """Pool's scores are chips held, the sum game's hands won: a hand's line and each player's
    last DM say so (no "+20 points", no "+1 points for you")."""
    w = words("en")
    pool = played_out("pool", 3, "chips", hands=3).view_for(0)
    for number, result in enumerate(pool.results):
        said = points_sentence(pool, result, NAMES[:3])
        assert said.startswith("Chips: ") and "points" not in said.lower(), said
        changed = [
            total for total, points in zip(result.scores, result.points, strict=True) if points
        ]
        assert all(
            f", {total} left" in said or said.endswith(f"{total} left.") for total in changed
        )
        then = dataclasses.replace(pool, results=pool.results[: number + 1])
        mine = texts.your_hand(w, then, 0, NAMES[:3])
        assert "chip" in mine and "points" not in mine, mine
        assert mine.endswith(f"{result.scores[0]} left."), mine
    total = played_out("sum", 3, "hands", wins=2).view_for(1)
    for result in total.results:
        said = points_sentence(total, result, NAMES[:3])
        assert said.startswith("Hands won: ") and said.endswith("(first to 2 wins)."), said
        assert all(f"{NAMES[seat]} {result.scores[seat]}" in said for seat in range(3))
    mine = texts.your_hand(w, total, 1, NAMES[:3])
    assert "points" not in mine and "first to 2 wins" in mine, mine
    assert ("you won it" in mine) == (1 in total.results[-1].winners)
