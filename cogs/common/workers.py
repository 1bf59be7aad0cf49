"""The bot's worker processes, all of them owned here: the AI's (moves of the searching levels,
the reviews' judgements and hints: `Workers.ai`, an `engine.ai.pool.AIPool`) and the pictures'
(`picture_pool`: every picture of every feature, drawn by `cogs.common.pictures`). Search and
drawing hold the GIL, so neither may run on the event loop or in its threads.

`Workers` is the bot's (`bot.workers`): it starts the AI's processes on the first searching move
or judgement and ends them when the bot closes; the AI seats (`cogs.tables.robots`) and the
reviews (`cogs.review`) are handed it and share those processes. The picture workers are the
process's, shared by every bot it runs one after another (the tests start many): they are
stateless, cost a second each to spawn and warm, and end by themselves with the process.

Picture workers talk to the event loop directly, for many short jobs:

    pool = SocketWorkers(2, warm_up=load_fonts, name="pictures")
    png = await pool.run(draw, view)  # any picklable module-level function and arguments
    pool.close()

Each worker is one spawned process (`engine.workers.serve_socket`) at the other end of a socket
pair. A job is one frame written to the socket; the worker answers its jobs in order, one frame
each, and the event loop reads them as they come (the socket stays registered with the loop). A
`ProcessPoolExecutor` does the same work through two queues and a manager thread of this process,
whose wake-ups cost several times what a short job itself costs (0.4 ms of this process's CPU a
round trip against 0.06 ms, measured with `bench.table_load`'s pictures); this keeps the round
trip to a write, a read and a future.

A worker that dies (killed, out of memory) fails the jobs it held with `WorkerGone` and is
replaced on the next job; `run` tries a job once more on a fresh worker. Workers end when the
pool closes their sockets, and by themselves when this process dies, however it dies (the
lifeline of `engine.workers`).

Workers outlive an event loop: the bot's tests start many loops in one process, one after
another, and a worker spawned for one keeps serving the next (its socket is registered with
whichever loop submits; answers to jobs of a loop that is gone are read and dropped).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import pickle
import socket
from collections import deque
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.process import BaseProcess
from typing import Any

from cogs.lang.words import words
from engine.ai.pool import AIPool
from engine.workers import cut_frame, frame, start_socket_worker

log = logging.getLogger(__name__)

READ_CHUNK = 1 << 18
#: Picture worker processes per pool (public pictures, private ones): half the cores, 1 to 4. On
#: two cores one each: at 200 tables (`bench.table_load`) the workers' CPU per click fell from
#: 14.2 to 11.0 ms and p95 from 764 to 651 ms against two each (four processes taking turns on
#: two cores drew each picture a quarter slower, from colder caches).
PICTURE_WORKERS = max(1, min(4, (os.cpu_count() or 2) // 2))
#: The picture pools: public pictures (boards, score sheets, puzzles: what a channel watches)
#: and private ones (hands, reviews, replays, charts: what one person asked for), so that under
#: load a public board never waits in line behind private pictures.
PICTURE_POOLS = ("public", "private")
#: How a job of the AI's workers fails without being wrong: the worker died (killed, out of
#: memory), or no worker could be started (out of processes or file descriptors).
WORKER_FAILURES = (BrokenProcessPool, OSError)


class WorkerGone(Exception):
    """The worker holding the job died before answering it."""


class _Worker:
    """One worker process and this side of its socket."""

    def __init__(self, name: str, warm_up: Callable[[], None]) -> None:
        mine, theirs = socket.socketpair()
        try:
            self.process: BaseProcess = start_socket_worker(theirs, warm_up, name)
        finally:
            theirs.close()  # the worker has its own copy
        mine.setblocking(False)
        self.socket = mine
        self.fd = mine.fileno()
        self.inbox = bytearray()  # answers read, not yet whole
        self.outbox = bytearray()  # jobs the socket did not take yet
        self.pending: deque[asyncio.Future[Any]] = deque()  # one per job sent, in order
        self.loop: asyncio.AbstractEventLoop | None = None
        self.gone = False

    def _attach(self) -> asyncio.AbstractEventLoop:
        loop = asyncio.get_running_loop()
        if self.loop is loop:
            return loop
        if self.loop is not None:
            with contextlib.suppress(Exception):  # that loop may be closed already
                self.loop.remove_reader(self.fd)
                self.loop.remove_writer(self.fd)
        self.loop = loop
        loop.add_reader(self.fd, self._readable)
        if self.outbox:
            loop.add_writer(self.fd, self._writable)
        return loop

    def submit(self, job: bytes) -> asyncio.Future[Any]:
        loop = self._attach()
        answer: asyncio.Future[Any] = loop.create_future()
        if self.gone:
            answer.set_exception(WorkerGone())
            return answer
        self.pending.append(answer)
        if self.outbox:
            self.outbox += job
            return answer
        try:
            sent = self.socket.send(job)
        except (BlockingIOError, InterruptedError):
            sent = 0
        except OSError:
            self._lost()
            return answer
        if sent < len(job):
            self.outbox += job[sent:]
            loop.add_writer(self.fd, self._writable)
        return answer

    def _writable(self) -> None:
        try:
            sent = self.socket.send(self.outbox)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self._lost()
            return
        del self.outbox[:sent]
        if not self.outbox and self.loop is not None:
            self.loop.remove_writer(self.fd)

    def _readable(self) -> None:
        try:
            chunk = self.socket.recv(READ_CHUNK)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            chunk = b""
        if not chunk:
            self._lost()
            return
        self.inbox += chunk
        while (body := cut_frame(self.inbox)) is not None:
            if not self.pending:
                log.error("a worker answered a job it was not given: it is replaced")
                self._lost()
                return
            self._answer(self.pending.popleft(), body)

    def _answer(self, answer: asyncio.Future[Any], body: bytes) -> None:
        if answer.done() or answer.get_loop() is not self.loop:
            return  # given up on (cancelled), or asked by a loop that is gone
        try:
            ok, value = pickle.loads(body)
        except Exception as error:
            answer.set_exception(error)
            return
        if ok:
            answer.set_result(value)
        else:
            answer.set_exception(value)

    def _lost(self) -> None:
        """The worker is gone (or the socket broke): its jobs fail, it is replaced."""
        if self.gone:
            return
        self.gone = True
        if self.loop is not None:
            with contextlib.suppress(Exception):
                self.loop.remove_reader(self.fd)
                self.loop.remove_writer(self.fd)
        self.socket.close()
        while self.pending:
            answer = self.pending.popleft()
            if not answer.done() and answer.get_loop() is self.loop:
                answer.set_exception(WorkerGone())
        self.process.join(timeout=0)  # reaped now if it has exited

    def close(self) -> None:
        """End the worker: it reads the end of its socket and exits."""
        self._lost()


class SocketWorkers:
    """`count` worker processes; each job goes to the worker with the fewest jobs waiting."""

    def __init__(self, count: int, warm_up: Callable[[], None], name: str = "worker") -> None:
        if count < 1:
            raise ValueError("a pool needs at least one worker")
        self.count = count
        self.warm_up = warm_up
        self.name = name
        self.workers: list[_Worker] = []
        self.replaced = 0  # workers found dead and replaced

    def start(self) -> None:
        """Spawn the workers now (they warm up while the caller goes on)."""
        self._live()

    def _live(self) -> list[_Worker]:
        workers = [worker for worker in self.workers if not worker.gone]
        self.replaced += len(self.workers) - len(workers)
        while len(workers) < self.count:
            workers.append(_Worker(f"{self.name}-{len(workers)}", self.warm_up))
        self.workers = workers
        return workers

    async def run(self, function: Callable[..., Any], *args: Any) -> Any:
        """`function(*args)` in a worker (both picklable); what it raises is raised here. A
        job whose worker died is given once more to a fresh one."""
        return await self.run_job(frame(function, *args))

    async def run_job(self, job: bytes) -> Any:
        """A job already framed (`engine.workers.frame`), as `run` runs it."""
        for attempt in (1, 2):
            worker = min(self._live(), key=lambda worker: len(worker.pending))
            try:
                return await worker.submit(job)
            except WorkerGone:
                if attempt == 2:
                    raise
                log.warning("a %s worker died: its job goes to a fresh one", self.name)
        raise AssertionError("unreachable")  # pragma: no cover

    def pids(self) -> list[int]:
        return [worker.process.pid for worker in self.workers if worker.process.pid is not None]

    def close(self) -> None:
        for worker in self.workers:
            worker.close()
        self.workers = []


# -- the owner ----------------------------------------------------------------------------------

_picture_pools: dict[str, SocketWorkers] = {}


def _ready_to_draw() -> None:
    """Import Pillow, the fonts and the render code, and build the English words, once per
    picture worker before its first job (another language's words are built on its first
    picture)."""
    from render.theme import get_theme

    get_theme("light")
    words("en").wording()


def picture_pool(name: str) -> SocketWorkers:
    """The process's picture workers of pool `name` (one of `PICTURE_POOLS`), started on first
    use."""
    pool = _picture_pools.get(name)
    if pool is None:
        pool = SocketWorkers(PICTURE_WORKERS, warm_up=_ready_to_draw, name=f"{name} pictures")
        _picture_pools[name] = pool
    return pool


class Workers:
    """The bot's worker processes (`bot.workers`): the AI's, started on first use and ended by
    `close`, and the process's picture workers, started by `warm_up`."""

    def __init__(self, ai_workers: int) -> None:
        self.ai_workers = ai_workers
        self.ai_pool: AIPool | None = None  # started on the first searching move or judgement

    def ai(self) -> AIPool:
        """The AI's worker processes: the searching levels' moves, and the reviews' judgements
        and hints (which take a share they bound, `cogs.review.reviews`)."""
        if self.ai_pool is None:
            self.ai_pool = AIPool(workers=self.ai_workers)
        return self.ai_pool

    def warm_up(self) -> None:
        """Start the picture workers now, so the first table does not wait for them."""
        for name in PICTURE_POOLS:
            picture_pool(name).start()

    async def close(self) -> None:
        """End the AI's processes (a move or judgement asked for later starts them again)."""
        if self.ai_pool is not None:
            pool, self.ai_pool = self.ai_pool, None
            await asyncio.to_thread(pool.close)
