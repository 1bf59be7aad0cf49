"""The one scheduler of every table: due times on an injected clock, so a clock that jumps (the
emulator's `advance`, a restart) is noticed at the next tick."""

from __future__ import annotations

import asyncio

from cogs.tables.scheduler import Scheduler


async def test_a_table_wakes_once_when_its_time_comes_on_the_clock() -> None:
    now = [100.0]
    woken: list[str] = []

    async def wake(table_id: str) -> None:
        woken.append(table_id)

    scheduler = Scheduler(lambda: now[0], wake, tick=0.001)
    scheduler.start()
    scheduler.set("early", 105.0)
    scheduler.set("late", 200.0)
    await asyncio.sleep(0.02)
    assert woken == []
    now[0] = 150.0  # the clock jumps: no real waiting
    await asyncio.sleep(0.02)
    assert woken == ["early"]
    scheduler.set("late", None)  # nothing is due any more
    now[0] = 300.0
    await asyncio.sleep(0.02)
    assert woken == ["early"]
    await scheduler.stop()


async def test_a_failing_wake_up_is_logged_and_the_others_go_on() -> None:
    woken: list[str] = []

    async def wake(table_id: str) -> None:
        if table_id == "broken":
            raise RuntimeError("boom")
        woken.append(table_id)

    scheduler = Scheduler(lambda: 10.0, wake, tick=0.001)
    scheduler.start()
    scheduler.set("broken", 0.0)
    scheduler.set("fine", 0.0)
    await asyncio.sleep(0.02)
    assert woken == ["fine"] and not scheduler.running
    await scheduler.stop()
