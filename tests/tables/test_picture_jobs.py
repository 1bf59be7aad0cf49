"""What a picture job carries to its worker (`cogs.common.pictures`): the view, the names and
the language of the words, drawn and described in that language by the real worker."""

from __future__ import annotations

import random
from typing import Any

import pytest

import render
from cogs.common import pictures
from cogs.common.workers import SocketWorkers
from cogs.lang.words import words
from engine import Match, SeatView
from engine.workers import frame

NAMES = ["Ana", "Piotr"]


def mid_hand(moves: int = 10) -> Match:
    match = Match("two-player", 2, seed=5)
    match.start_hand()
    rng = random.Random(5)
    for _ in range(moves):
        hand = match.hand
        assert hand is not None and hand.turn is not None
        match.apply(rng.choice(match.view_for(hand.turn).legal))
    return match


@pytest.fixture
def jobs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """Every job given to the picture workers, as given."""
    given: list[tuple[Any, ...]] = []
    run = SocketWorkers.run

    async def recorded(self: SocketWorkers, function: Any, *args: Any) -> Any:
        given.append((function, *args))
        return await run(self, function, *args)

    monkeypatch.setattr(SocketWorkers, "run", recorded)
    return given


async def test_a_picture_job_names_its_language_and_the_worker_draws_in_it(
    jobs: list[tuple[Any, ...]],
) -> None:
    match = mid_hand()
    view: SeatView = match.public_view()
    spanish = words("es").wording()
    picture = await pictures.board(view, NAMES, "es")
    hand = await pictures.hand(match.view_for(0), NAMES, "es")
    # Drawn in Spanish, by the worker, from the language alone.
    assert picture.png == render.board_png(view, names=NAMES, wording=spanish)
    assert picture.alt == render.describe(view, names=NAMES, wording=spanish)[: pictures.ALT_LIMIT]
    assert hand.alt == render.describe_hand(match.view_for(0), names=NAMES, wording=spanish)
    assert picture.alt != render.describe(view, names=NAMES, wording=render.ENGLISH)
    # What travels is the language, not the words: a mid-hand board's job stays small.
    assert [job[3] for job in jobs] == ["es", "es"]
    assert not any(isinstance(part, render.Wording) for job in jobs for part in job)
    assert len(frame(*jobs[0])) < 2_000
