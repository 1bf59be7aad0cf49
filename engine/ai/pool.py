"""AI moves off the event loop: a process pool (search holds the GIL, so threads would not do).

    pool = AIPool(workers=2)
    future = pool.submit(view, "expert", seed=7, budget_ms=None)  # Future[Action]
    ...  # the bot awaits asyncio.wrap_future(future)
    pool.close()

The same workers judge the decisions of a review one by one (`submit_judgement`: the caller
counts them back for progress and bounds how many it queues) and find hints (`submit_hint`).

The budget counts from `submit`, not from when a worker picks the move up: the deadline travels
with the job, so a move that waited behind others under load searches only for what is left (and
falls back to a quick choice when nothing is). A future that has not started yet can be
cancelled (`future.cancel()`); one that is running ends within its budget anyway.

Workers come from `engine.workers.worker_pool`: spawned (a forked child of a process running an
event loop and threads, the bot, can inherit locks held by those threads; a spawned one starts
clean), and ending by themselves when the process that started them dies, however it dies.

A worker that dies (killed, out of memory) breaks its executor: the moves it held fail with
`BrokenProcessPool`, and so would every later one. The next `submit` after a break shuts the
broken executor down and starts a fresh one, so one lost worker costs the moves it held, never
the pool. Choosing again what a lost worker held (and how cheaply) is the caller's decision.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from engine.actions import Action
from engine.ai import DEFAULT_BUDGET_MS, LEVELS, choose_action
from engine.ai.hints import HINT_BUDGET, Hint, hint
from engine.ai.review import (
    REVIEW_BUDGET,
    Decision,
    DecisionPoint,
    ReviewBudget,
    judge_decision,
)
from engine.errors import DominoError
from engine.view import SeatView
from engine.workers import worker_pool

T = TypeVar("T")


def _warm_up() -> None:
    """Import the rules and every variant once per worker, before the first move."""
    from engine.variants import all_variants

    all_variants()


def _choose(
    view: SeatView, level: str, seed: int | str, budget_ms: int | None, deadline: float
) -> Action:
    return choose_action(view, level, random.Random(seed), budget_ms, deadline=deadline)


class AIPool:
    """A pool of `workers` processes choosing AI moves; a pool a dead worker broke is replaced."""

    def __init__(self, workers: int = 1) -> None:
        if workers < 1:
            raise ValueError("an AI pool needs at least one worker")
        self._workers = workers
        self._executor = worker_pool(workers, warm_up=_warm_up)
        self._replacing = threading.Lock()  # moves may be submitted from several threads
        self.replaced = 0  # broken executors replaced so far

    def _replace(self, broken: ProcessPoolExecutor) -> ProcessPoolExecutor:
        """A fresh executor in the place of `broken`: once, however many submits saw it break."""
        with self._replacing:
            if self._executor is broken:
                broken.shutdown(wait=False, cancel_futures=True)
                self._executor = worker_pool(self._workers, warm_up=_warm_up)
                self.replaced += 1
            return self._executor

    def submit(
        self, view: SeatView, level: str, seed: int | str = 0, budget_ms: int | None = None
    ) -> Future[Action]:
        """Start choosing `view.seat`'s move at `level`; the future holds the action, or
        `BrokenProcessPool` when the worker choosing it died (the next submit starts a fresh
        pool)."""
        if level not in LEVELS:
            raise DominoError(
                "unknown AI level {level} (levels: {levels})",
                level=repr(level),
                levels=", ".join(LEVELS),
            )
        budget = DEFAULT_BUDGET_MS[level] if budget_ms is None else budget_ms
        deadline = time.monotonic() + max(0, budget) / 1000
        return self._submit(_choose, view, level, seed, budget_ms, deadline)

    def submit_judgement(
        self, point: DecisionPoint, budget: ReviewBudget = REVIEW_BUDGET
    ) -> Future[Decision]:
        """Judge one decision of a review (`engine.ai.review.judge_decision`) in a worker."""
        return self._submit(judge_decision, point, budget)

    def submit_hint(self, view: SeatView, budget: ReviewBudget = HINT_BUDGET) -> Future[Hint]:
        """The expert's move in `view` and its reason (`engine.ai.hints.hint`), in a worker."""
        return self._submit(hint, view, budget)

    def _submit(self, work: Callable[..., T], *args: object) -> Future[T]:
        executor = self._executor
        try:
            return executor.submit(work, *args)
        except BrokenProcessPool:  # a worker died since the last job: start afresh
            return self._replace(executor).submit(work, *args)

    def close(self, *, cancel_pending: bool = True) -> None:
        """Stop the workers; moves not yet started are cancelled."""
        self._executor.shutdown(wait=True, cancel_futures=cancel_pending)

    def __enter__(self) -> AIPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
