"""What a picture job carries to its worker (`cogs.common.pictures`): the view, the names and
the language of the words, drawn and described in that language by the real worker."""

from __future__ import annotations

import asyncio
import pickle
import random
from typing import Any

import pytest

import render
from cogs.common import pictures
from cogs.common.workers import SocketWorkers
from cogs.lang.words import words
from engine import Match, SeatView
from engine.workers import FRAME_HEAD, frame

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
    """Every job given to the picture workers, as given (nothing kept from other tests)."""
    given: list[tuple[Any, ...]] = []
    run_job = SocketWorkers.run_job

    async def recorded(self: SocketWorkers, job: bytes) -> Any:
        function, args = pickle.loads(job[FRAME_HEAD.size :])
        given.append((function, *args))
        return await run_job(self, job)

    monkeypatch.setattr(SocketWorkers, "run_job", recorded)
    monkeypatch.setattr(pictures, "KEPT", pictures.Kept(pictures.KEPT.limit))
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


async def test_a_picture_asked_for_again_is_shown_as_kept_not_drawn_again(
    jobs: list[tuple[Any, ...]],
) -> None:
    """A board shown again for a change its picture does not show (a turn's clock, a Ready
    click) and a hand shown as it was are not drawn again; another position is, and a job
    asked for while the same one is being drawn waits for that drawing."""
    match = mid_hand()
    view = match.public_view()
    reused = dict(pictures.REUSED)
    first = await pictures.board(view, NAMES, "en", "t1")
    again = await pictures.board(view, NAMES, "en", "t1")
    assert again == first and len(jobs) == 1
    assert pictures.REUSED["board"] == reused["board"] + 1
    # Another language, another table's id, or one move later: drawn.
    await pictures.board(view, NAMES, "pl", "t1")
    await pictures.board(view, NAMES, "en", "t2")
    later = mid_hand(11)
    moved = await pictures.board(later.public_view(), NAMES, "en", "t1")
    assert len(jobs) == 4 and moved.png != first.png
    # The same hand asked for twice at once: one drawing, both answered with it.
    hands = await asyncio.gather(*(pictures.hand(later.view_for(1), NAMES, "en") for _ in "ab"))
    assert len(jobs) == 5 and hands[0] == hands[1]
    assert pictures.REUSED["hand"] == reused["hand"] + 1


async def test_the_kept_pictures_stay_within_their_limit_oldest_out_first(
    monkeypatch: pytest.MonkeyPatch, jobs: list[tuple[Any, ...]]
) -> None:
    first = await pictures.board(mid_hand(4).public_view(), NAMES, "en")
    monkeypatch.setattr(pictures, "KEPT", pictures.Kept(int(len(first.png) * 2.5)))
    views = [mid_hand(moves).public_view() for moves in (4, 5, 6)]
    for view in views:
        await pictures.board(view, NAMES, "en")
    assert pictures.KEPT.size <= pictures.KEPT.limit and len(pictures.KEPT.pictures) < 3
    await pictures.board(views[2], NAMES, "en")  # kept
    assert len(jobs) == 4
    await pictures.board(views[0], NAMES, "en")  # the oldest: dropped, drawn again
    assert len(jobs) == 5


async def test_a_caller_given_up_on_does_not_take_the_drawing_from_the_others(
    jobs: list[tuple[Any, ...]],
) -> None:
    """A delivery round cancelled while its board is drawn (its lease lost) does not cancel
    the drawing another round waits for; what was drawn is kept."""
    view = mid_hand(7).public_view()
    first = asyncio.ensure_future(pictures.board(view, NAMES, "en", "t3"))
    await asyncio.sleep(0)  # its drawing has started
    second = asyncio.ensure_future(pictures.board(view, NAMES, "en", "t3"))
    await asyncio.sleep(0)  # waiting for that drawing
    first.cancel()
    picture = await second
    assert picture.png.startswith(b"\x89PNG") and len(jobs) == 1
    assert await pictures.board(view, NAMES, "en", "t3") == picture and len(jobs) == 1
