"""One lock per table: clicks on the same table queue behind each other, and the lock is kept
exactly as long as someone holds it or waits for it."""

from __future__ import annotations

import asyncio

import pytest

from cogs.runtime.locks import TableLocks


async def test_clicks_on_one_table_take_turns_and_the_lock_goes_when_the_last_leaves() -> None:
    locks = TableLocks()
    order: list[str] = []
    first_inside = asyncio.Event()
    let_go = asyncio.Event()

    async def first() -> None:
        async with locks["t1"]:
            order.append("first in")
            first_inside.set()
            await let_go.wait()
            order.append("first out")

    async def second() -> None:
        async with locks["t1"]:
            order.append("second in")

    holder = asyncio.create_task(first())
    await first_inside.wait()
    waiter = asyncio.create_task(second())
    await asyncio.sleep(0)
    assert "t1" in locks and len(locks) == 1  # held and waited for: kept
    let_go.set()
    await asyncio.gather(holder, waiter)
    assert order == ["first in", "first out", "second in"]
    assert len(locks) == 0 and "t1" not in locks


async def test_other_tables_do_not_wait() -> None:
    locks = TableLocks()
    async with locks["t1"], locks["t2"]:
        assert len(locks) == 2
    assert len(locks) == 0


async def test_a_waiter_cancelled_while_waiting_is_not_counted_any_more() -> None:
    locks = TableLocks()
    inside = asyncio.Event()
    let_go = asyncio.Event()

    async def hold() -> None:
        async with locks["t1"]:
            inside.set()
            await let_go.wait()

    async def wait_in_vain() -> None:
        async with locks["t1"]:
            raise AssertionError("a cancelled waiter never gets the lock")

    holder = asyncio.create_task(hold())
    await inside.wait()
    waiter = asyncio.create_task(wait_in_vain())
    await asyncio.sleep(0)
    waiter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiter
    assert "t1" in locks  # still held
    let_go.set()
    await holder
    assert len(locks) == 0


async def test_an_error_inside_lets_the_lock_go() -> None:
    locks = TableLocks()
    with pytest.raises(ValueError):
        async with locks["t1"]:
            raise ValueError("refused")
    assert len(locks) == 0
    async with locks["t1"]:  # and the table can be locked again
        assert "t1" in locks
