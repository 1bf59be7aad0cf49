"""The AI pool chooses moves in other processes, within the budget, and can be cancelled; a
killed worker costs only the move it held: the pool is replaced, and the bot's robots choose
that move again, a level cheaper each time workers keep dying, down to random in-process."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
import random
import signal
import time
from concurrent.futures import CancelledError, Future
from concurrent.futures.process import BrokenProcessPool

import pytest

from cogs.common.workers import Workers
from cogs.tables.robots import Robots
from cogs.tables.seating import Lobby, Setup
from cogs.tables.table import Table
from engine import Match
from engine.actions import Action
from engine.ai import LEVELS, choose_action
from engine.ai.hints import hint
from engine.ai.pool import AIPool
from engine.ai.review import ReviewBudget, decision_points, judge_decision
from engine.record import write
from engine.view import SeatView
from tests.ai_positions import positions


def a_view(variant_id: str = "partnership", players: int = 4) -> SeatView:
    for match in positions(variant_id, players, {}, count=20, seed="pool"):
        assert match.hand is not None
        view = match.view_for(match.hand.turn)
        if len(view.legal) > 1:
            return view
    raise AssertionError("no position with a choice")


def test_a_view_with_finished_hands_survives_pickling() -> None:
    for match in positions("traditional", 3, {}, count=20, seed="pickle"):
        assert match.hand is not None
        view = match.view_for(match.hand.turn)
        if view.results:
            break
    assert view.results, "some position should come after a finished hand"
    again = pickle.loads(pickle.dumps(view))
    assert again.hand == view.hand and again.legal == view.legal
    assert again.layout.placements == view.layout.placements
    assert again.results == view.results


@pytest.fixture(scope="module")
def pool() -> object:
    with AIPool(workers=1) as pool:
        pool.submit(a_view(), "easy").result(timeout=60)  # the worker is up and warm
        yield pool


def test_the_pool_returns_a_legal_move(pool: AIPool) -> None:
    view = a_view()
    for level in ("random", "easy", "hard", "expert"):
        action = pool.submit(view, level, seed=3, budget_ms=20).result(timeout=30)
        assert action in view.legal


def test_the_pool_judges_a_decision_of_a_review_and_finds_a_hint(pool: AIPool) -> None:
    """The worker's judgement is the one made here (a review is deterministic), and so is its
    hint."""
    match = Match("partnership", 4, seed="pool-review")
    hand = match.start_hand()
    rng = random.Random(4)
    while not hand.over:
        match.apply(choose_action(match.view_for(hand.turn), "easy", rng))
    point = decision_points(write(match), 0)[0]
    budget = ReviewBudget(worlds=30, cpu_ms=60_000)
    assert pool.submit_judgement(point, budget).result(timeout=60) == judge_decision(point, budget)
    assert pool.submit_hint(point.view, budget).result(timeout=60) == hint(point.view, budget)


def test_the_budget_counts_from_submission_even_in_a_queue(pool: AIPool) -> None:
    view = a_view()
    started = time.monotonic()
    futures = [pool.submit(view, "expert", seed=seed, budget_ms=150) for seed in range(4)]
    for future in futures:
        assert future.result(timeout=30) in view.legal
    # One worker, four moves of 150 ms each queued at once: all are done by about 150 ms after
    # submission, because the later ones use only what is left of their budget.
    assert time.monotonic() - started < 0.15 + 0.5


def test_a_move_not_yet_started_can_be_cancelled(pool: AIPool) -> None:
    view = a_view()
    busy = pool.submit(view, "expert", seed=1, budget_ms=300)
    queued = [pool.submit(view, "expert", seed=seed, budget_ms=300) for seed in range(2, 8)]
    assert queued[-1].cancel()
    with pytest.raises(CancelledError):
        queued[-1].result()
    assert busy.result(timeout=30) in view.legal


def new_workers(before: set[int]) -> set[int]:
    """The pids of this process's worker processes started since `before` was taken."""
    return {child.pid for child in multiprocessing.active_children()} - before  # type: ignore[misc]


def test_a_killed_worker_breaks_one_move_and_the_next_one_comes() -> None:
    view = a_view()
    before = {child.pid for child in multiprocessing.active_children()}  # type: ignore[misc]
    with AIPool(workers=1) as pool:
        pool.submit(view, "easy").result(timeout=60)
        workers = new_workers(before)
        assert len(workers) == 1
        doomed = pool.submit(view, "expert", seed=1, budget_ms=5000)
        time.sleep(0.3)  # the move is being searched
        os.kill(workers.pop(), signal.SIGKILL)
        with pytest.raises(BrokenProcessPool):
            doomed.result(timeout=30)
        assert pool.submit(view, "hard", seed=2, budget_ms=20).result(timeout=60) in view.legal
        assert pool.replaced == 1


def expert_to_move() -> Table:
    """A partnership table where alice plays with three expert AIs, and one of them is to move
    with a choice to make (a single legal move would need no search)."""
    table = Table(id="t-robots", lobby=Lobby(Setup.create("partnership"), host_id=1), seed="7")
    table.join(1, "alice")
    for _ in range(3):
        table.add_ai(1, "expert", LEVELS)
    table.start(1, 0.0)
    rng = random.Random(1)
    while True:
        seat = table.turn
        assert seat is not None
        choices = len(table.view(seat).legal)
        if table.needs_ai() is not None and choices > 1:
            return table
        if table.needs_ai() is None:
            table.play(1, table.version, rng.randrange(choices), 0.0)
        else:
            table.apply(table.view(seat).legal[0], 0.0, how="")
            table.run_forced(0.0)


async def test_a_move_whose_worker_is_killed_is_chosen_again_on_a_fresh_pool(
    caplog: pytest.LogCaptureFixture,
) -> None:
    table = expert_to_move()
    seat = table.needs_ai()
    assert seat is not None
    legal = table.view(seat).legal
    before = {child.pid for child in multiprocessing.active_children()}  # type: ignore[misc]
    workers = Workers(ai_workers=1)
    robots = Robots(LEVELS, clock=lambda: 0.0, budget_ms=1500, workers=workers)
    try:
        pool = workers.ai()
        await asyncio.wrap_future(pool.submit(table.view(seat), "easy"))  # warm
        (worker,) = new_workers(before)
        move = asyncio.create_task(robots.move(table))
        await asyncio.sleep(0.5)  # the expert move is being searched in the worker
        os.kill(worker, signal.SIGKILL)
        steps = await asyncio.wait_for(move, timeout=60)
        assert pool.replaced == 1  # the move came from a fresh pool
    finally:
        await workers.close()
    assert steps[0].seat == seat and steps[0].action in legal
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "t-robots" in warnings[0] and "expert" in warnings[0]


class DeadPool:
    """An AI pool whose every worker dies: each move fails as a killed worker's does."""

    def __init__(self) -> None:
        self.levels: list[str] = []

    def submit(
        self, view: SeatView, level: str, seed: str, budget_ms: int | None
    ) -> Future[Action]:
        self.levels.append(level)
        future: Future[Action] = Future()
        future.set_exception(BrokenProcessPool("a worker was killed"))
        return future

    def close(self) -> None:
        pass


@pytest.mark.parametrize(
    ("levels", "last"), [(LEVELS, "easy"), (("random", "hard", "expert"), "random")]
)
async def test_when_workers_keep_dying_the_move_comes_a_level_cheaper_each_time(
    caplog: pytest.LogCaptureFixture, levels: tuple[str, ...], last: str
) -> None:
    table = expert_to_move()
    seat = table.needs_ai()
    assert seat is not None
    legal = table.view(seat).legal
    workers = Workers(ai_workers=1)
    robots = Robots(levels, clock=lambda: 0.0, budget_ms=20, workers=workers)
    workers.ai_pool = dead = DeadPool()  # type: ignore[assignment]
    steps = await robots.move(table)
    assert steps[0].seat == seat and steps[0].action in legal
    assert dead.levels == ["expert", "expert", "hard"]  # once more on a fresh pool, then cheaper
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 3 and all("t-robots" in warning for warning in warnings)
    assert warnings[-1].endswith(f"choosing {last} instead")
