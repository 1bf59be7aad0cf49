"""Socket workers (`cogs.common.workers`): jobs answered in order over a socket, a worker that
dies replaced with its jobs given again, workers kept across event loops, closed on request."""

from __future__ import annotations

import asyncio
import os
import signal
import time

import pytest

from cogs.common.workers import SocketWorkers, WorkerGone


def square(number: int) -> int:
    return number * number


def slow_pid(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def refuse(word: str) -> None:
    raise ValueError(f"no {word}")


def die() -> None:
    os._exit(3)


def _ready() -> None:
    pass


@pytest.fixture
def pool() -> SocketWorkers:
    workers = SocketWorkers(2, warm_up=_ready, name="test")
    yield workers
    workers.close()


async def test_answers_come_back_to_their_own_jobs(pool: SocketWorkers) -> None:
    results = await asyncio.gather(*(pool.run(square, n) for n in range(200)))
    assert results == [n * n for n in range(200)]


async def test_large_jobs_and_answers_cross_whole(pool: SocketWorkers) -> None:
    text = "x" * 3_000_000  # more than a socket buffer holds: written and read in pieces
    assert await pool.run(len, text) == 3_000_000
    assert len(await pool.run(str.upper, text)) == 3_000_000


async def test_a_job_that_raises_raises_here_and_the_worker_goes_on(pool: SocketWorkers) -> None:
    with pytest.raises(ValueError, match="no pictures"):
        await pool.run(refuse, "pictures")
    assert await pool.run(square, 7) == 49
    assert pool.replaced == 0


async def test_jobs_go_to_the_least_busy_worker(pool: SocketWorkers) -> None:
    pids = await asyncio.gather(*(pool.run(slow_pid, 0.2) for _ in range(4)))
    assert len(set(pids)) == 2  # both worked, side by side
    assert sorted(pids) == sorted(pool.pids() * 2)


async def test_a_killed_worker_is_replaced_and_its_job_given_again(pool: SocketWorkers) -> None:
    await asyncio.gather(*(pool.run(square, 1) for _ in range(2)))  # both started
    waiting = asyncio.ensure_future(pool.run(slow_pid, 0.5))
    await asyncio.sleep(0.1)
    (busy,) = [worker for worker in pool.workers if worker.pending]
    killed = busy.process.pid
    assert killed is not None
    os.kill(killed, signal.SIGKILL)
    answered_by = await asyncio.wait_for(waiting, 30)
    assert answered_by != killed and answered_by in pool.pids()
    assert pool.replaced == 1
    assert await pool.run(square, 3) == 9


async def test_a_job_that_kills_its_worker_twice_fails(pool: SocketWorkers) -> None:
    with pytest.raises(WorkerGone):
        await pool.run(die)
    assert await pool.run(square, 4) == 16
    assert pool.replaced == 2


def test_workers_serve_one_event_loop_after_another() -> None:
    pool = SocketWorkers(1, warm_up=_ready, name="test")
    try:
        first = asyncio.run(pool.run(slow_pid, 0.0))

        async def leave_a_job_behind() -> None:
            abandoned = asyncio.ensure_future(pool.run(slow_pid, 0.3))
            await asyncio.sleep(0.05)  # its loop ends before the answer
            assert not abandoned.done()

        asyncio.run(leave_a_job_behind())
        # The answer to the abandoned job is read and dropped; this one gets its own.
        assert asyncio.run(pool.run(square, 12)) == 144
        assert asyncio.run(pool.run(slow_pid, 0.0)) == first
        assert pool.replaced == 0
    finally:
        pool.close()


def test_closing_ends_the_workers() -> None:
    pool = SocketWorkers(2, warm_up=_ready, name="test")
    asyncio.run(pool.run(square, 2))
    processes = [worker.process for worker in pool.workers]
    pool.close()
    for process in processes:
        process.join(timeout=10)
        assert process.exitcode == 0
