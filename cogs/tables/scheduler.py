"""One task that wakes tables when something is due: a turn timer, an AI seat's move, the pause
between hands, a lobby that waited too long.

A single ticking task serves every table, instead of one sleeping task per table, for two
reasons: hundreds of tables cost one wake-up per tick, and the clock is read on every tick, so
a clock that jumps (the test emulator's `advance`) is noticed at once. Due times are on the
injected clock (Unix seconds), so they survive a restart as they are.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)

Clock = Callable[[], float]
Handler = Callable[[str], Awaitable[None]]


class Scheduler:
    def __init__(self, clock: Clock, handler: Handler, *, tick: float = 0.05) -> None:
        self.clock = clock
        self.handler = handler
        self.tick = tick
        self.due: dict[str, float] = {}
        self.running: set[str] = set()
        self._task: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    def set(self, table_id: str, when: float | None) -> None:
        """Wake `table_id` at `when` (replacing any earlier time); None: nothing is due."""
        if when is None:
            self.due.pop(table_id, None)
        else:
            self.due[table_id] = when

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="table-scheduler")

    async def stop(self) -> None:
        tasks = [task for task in (self._task, *self._tasks) if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._task = None
        self._tasks.clear()

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.tick)
            now = self.clock()
            ready = [
                table_id
                for table_id, when in self.due.items()
                if when <= now and table_id not in self.running
            ]
            for table_id in ready:
                del self.due[table_id]
                self.running.add(table_id)
                task = asyncio.create_task(self._wake(table_id), name=f"table-{table_id}")
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _wake(self, table_id: str) -> None:
        try:
            await self.handler(table_id)
        except Exception:
            log.exception("table %s: a timed action failed", table_id)
        finally:
            self.running.discard(table_id)
