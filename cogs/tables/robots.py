"""The seats that play themselves: AI seats, a single timed-out turn, and seats the timer took
over. Their moves are chosen off the event loop, cheap levels in a thread, searching levels in
worker processes (search holds the GIL, which a thread would take from the event loop).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from cogs.tables.table import Step, Table
from engine.actions import Action
from engine.ai import choose_action
from engine.ai.pool import AIPool
from engine.view import SeatView

TIMEOUT_LEVEL = "easy"  # plays a single timed-out turn
TAKEOVER_LEVEL = "hard"  # plays a seat for good after repeated timeouts
CHEAP_LEVELS = frozenset({"random", "easy"})  # fast enough for a thread


def choose(view: SeatView, level: str, seed: str, budget_ms: int | None) -> Action:
    """An AI move (runs in a worker thread)."""
    return choose_action(view, level, rng=random.Random(seed), budget_ms=budget_ms)


class Robots:
    """Moves for the seat to act when no person plays it (or its person ran out of time)."""

    def __init__(
        self,
        levels: tuple[str, ...],
        clock: Callable[[], float],
        budget_ms: int | None,
        workers: int,
    ) -> None:
        self.levels = levels
        self.clock = clock
        self.budget_ms = budget_ms
        self.workers = workers
        self.pool: AIPool | None = None  # started on the first searching AI move

    async def move(self, table: Table) -> list[Step]:
        """Play the seat to move: its AI, or (when a person's turn ran out) a timeout move."""
        seat = table.needs_ai()
        how = ""
        if seat is None:
            seat, _ = table.time_out(TAKEOVER_LEVEL if TAKEOVER_LEVEL in self.levels else "random")
            how = "timer"
        level = table.seats[seat].ai or TIMEOUT_LEVEL
        if level not in self.levels:
            level = self.levels[0]
        action = await self.choose(table.view(seat), level, f"{table.seed}:{table.version}")
        return [table.apply(action, self.clock(), how=how), *table.run_forced(self.clock())]

    async def choose(self, view: SeatView, level: str, seed: str) -> Action:
        """An AI move off the event loop."""
        if level in CHEAP_LEVELS:
            return await asyncio.to_thread(choose, view, level, seed, self.budget_ms)
        if self.pool is None:
            self.pool = AIPool(workers=self.workers)
        return await asyncio.wrap_future(self.pool.submit(view, level, seed, self.budget_ms))

    async def close(self) -> None:
        if self.pool is not None:
            await asyncio.to_thread(self.pool.close)
            self.pool = None
