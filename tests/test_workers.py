"""Worker processes die with the bot, however it dies, and only then.

- A bot process (a child Python here) with both picture pools and the AI pool running is killed
  with SIGKILL: every process it started (the workers, idle or searching, and multiprocessing's
  resource tracker) is gone within a few seconds.
- Workers started from a short-lived thread outlive that thread: the mechanism watches the
  process, not the thread that spawned them.
- A worker whose caller is gone (its socket reset, as a killed bot's is) exits without a word:
  no traceback on stderr.
"""

from __future__ import annotations

import os
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from cogs.common import pictures
from tests.emulator.process import alive, descendants, stat_fields

ROOT = Path(__file__).resolve().parents[1]
GONE_WITHIN_SECONDS = 5.0

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")

# The bot, reduced to its pools: both picture pools and the AI pool, every worker warm (each
# picture worker has done a job, the AI worker has chosen a move), then it waits to be killed
# while the AI worker is in the middle of a long search (busy, holding the GIL).
BOT = """
import asyncio
import time
from cogs.common import pictures
from cogs.common.workers import Workers, picture_pool
from tests.test_ai_pool import a_view

async def draw_in_every_worker():
    for name in ("public", "private"):
        pool = picture_pool(name)
        await asyncio.gather(*(pool.run(time.sleep, 0.5) for _ in range(pictures.WORKERS)))

asyncio.run(draw_in_every_worker())
ai = Workers(ai_workers=1).ai()  # the bot's own owner of its AI workers
ai.submit(a_view(), "hard", seed=1, budget_ms=20).result(timeout=120)
searching = ai.submit(a_view(), "expert", seed=2, budget_ms=60_000)
time.sleep(0.2)
print("ready", flush=True)
time.sleep(600)
"""


def test_every_worker_exits_soon_after_the_bot_is_killed() -> None:
    bot = subprocess.Popen(
        [sys.executable, "-c", BOT],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    workers: dict[int, str] = {}
    try:
        assert bot.stdout is not None
        assert bot.stdout.readline().strip() == "ready"
        workers = descendants(bot.pid)
        # Two picture pools and one AI worker, plus multiprocessing's resource tracker.
        assert len(workers) >= 2 * pictures.WORKERS + 2, workers
        bot.send_signal(signal.SIGKILL)
        bot.wait(timeout=10)
        killed = time.monotonic()
        left = dict(workers)
        while left and time.monotonic() - killed < GONE_WITHIN_SECONDS:
            time.sleep(0.05)
            left = {pid: started for pid, started in left.items() if alive(pid, started)}
        elapsed = time.monotonic() - killed
        print(f"{len(workers)} processes, {len(left)} alive {elapsed:.2f} s after SIGKILL")
        assert not left, f"{len(left)} of {len(workers)} still alive {elapsed:.1f} s later"
        assert bot.stderr is not None
        assert "Traceback" not in bot.stderr.read()  # every worker gone, the pipe is closed
    finally:
        bot.kill()
        bot.wait()
        for pid, started in workers.items():  # never leave orphans behind, even on failure
            if alive(pid, started):
                os.kill(pid, signal.SIGKILL)


def test_workers_started_by_a_thread_that_ends_keep_working() -> None:
    from engine.workers import worker_pool

    pool = worker_pool(workers=1, warm_up=time.process_time)
    try:
        first: list[int] = []
        starter = threading.Thread(target=lambda: first.append(pool.submit(os.getpid).result(60)))
        starter.start()  # the worker is spawned from this thread, which then ends
        starter.join()
        assert first
        time.sleep(1.5)  # the lifeline reacts in milliseconds; the thread ended long ago
        fields = stat_fields(first[0])
        assert fields is not None and fields[0] not in ("Z", "X")
        assert pool.submit(os.getpid).result(timeout=10) == first[0]  # the same worker answers
    finally:
        pool.shutdown()


def test_a_worker_whose_caller_is_gone_exits_without_a_word(
    capfd: pytest.CaptureFixture[str],
) -> None:
    from engine.workers import frame, start_socket_worker

    ours, theirs = socket.socketpair()
    worker = start_socket_worker(theirs, time.process_time, name="quiet")
    theirs.close()
    try:
        ours.sendall(frame(os.getpid))
        assert ours.recv(1 << 16)  # it is up and answering
        for _ in range(3):
            ours.sendall(frame(os.getpid))  # answered, never read: the caller dies first
        time.sleep(1.0)
        # Closed with answers unread, the socket is reset, as a killed process's is; this
        # process (the lifeline) lives on, so only the socket tells the worker.
        ours.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        ours.close()
        worker.join(timeout=10)
        assert worker.exitcode is not None, "the worker outlived its caller"
        assert "Traceback" not in capfd.readouterr().err
    finally:
        if worker.is_alive():
            worker.kill()
