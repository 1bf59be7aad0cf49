"""Worker processes the event loop talks to directly, for many short jobs (pictures).

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
import pickle
import socket
from collections import deque
from collections.abc import Callable
from multiprocessing.process import BaseProcess
from typing import Any

from engine.workers import cut_frame, frame, start_socket_worker

log = logging.getLogger(__name__)

READ_CHUNK = 1 << 18


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
        job = frame(function, *args)
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
