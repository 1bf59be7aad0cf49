"""AI moves off the event loop: a process pool (search holds the GIL, so threads would not do).

    pool = AIPool(workers=2)
    future = pool.submit(view, "expert", seed=7, budget_ms=None)  # Future[Action]
    ...  # the bot awaits asyncio.wrap_future(future)
    pool.close()

The budget counts from `submit`, not from when a worker picks the move up: the deadline travels
with the job, so a move that waited behind others under load searches only for what is left (and
falls back to a quick choice when nothing is). A future that has not started yet can be
cancelled (`future.cancel()`); one that is running ends within its budget anyway.

Workers come from `engine.workers.worker_pool`: spawned (a forked child of a process running an
event loop and threads, the bot, can inherit locks held by those threads; a spawned one starts
clean), and ending by themselves when the process that started them dies, however it dies.
"""

from __future__ import annotations

import random
import time
from concurrent.futures import Future

from engine.actions import Action
from engine.ai import DEFAULT_BUDGET_MS, LEVELS, choose_action
from engine.errors import DominoError
from engine.view import SeatView
from engine.workers import worker_pool


def _warm_up() -> None:
    """Import the rules and every variant once per worker, before the first move."""
    from engine.variants import all_variants

    all_variants()


def _choose(
    view: SeatView, level: str, seed: int | str, budget_ms: int | None, deadline: float
) -> Action:
    return choose_action(view, level, random.Random(seed), budget_ms, deadline=deadline)


class AIPool:
    """A pool of `workers` processes choosing AI moves."""

    def __init__(self, workers: int = 1) -> None:
        if workers < 1:
            raise ValueError("an AI pool needs at least one worker")
        self._executor = worker_pool(workers, warm_up=_warm_up)

    def submit(
        self, view: SeatView, level: str, seed: int | str = 0, budget_ms: int | None = None
    ) -> Future[Action]:
        """Start choosing `view.seat`'s move at `level`; the future holds the action."""
        if level not in LEVELS:
            raise DominoError(
                "unknown AI level {level} (levels: {levels})",
                level=repr(level),
                levels=", ".join(LEVELS),
            )
        budget = DEFAULT_BUDGET_MS[level] if budget_ms is None else budget_ms
        deadline = time.monotonic() + max(0, budget) / 1000
        return self._executor.submit(_choose, view, level, seed, budget_ms, deadline)

    def close(self, *, cancel_pending: bool = True) -> None:
        """Stop the workers; moves not yet started are cancelled."""
        self._executor.shutdown(wait=True, cancel_futures=cancel_pending)

    def __enter__(self) -> AIPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
