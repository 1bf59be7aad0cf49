"""Worker processes that die with the process that started them.

    executor = worker_pool(workers=2, warm_up=import_everything)  # a ProcessPoolExecutor
    ...
    executor.shutdown()

    process = start_socket_worker(socket, warm_up)  # one process serving `serve_socket`

Two kinds: a `ProcessPoolExecutor` (the AI's searches: few, long jobs), and a single process
answering jobs over a socket (`serve_socket`: pictures, many short jobs). A pool's job crosses
two threads of the submitting process (the caller's and the executor's manager thread) and a
queue on each side, which on a small machine cost several times what a short job itself costs
(a round trip of 0.4 ms of the caller's CPU, against 0.06 ms for a frame written to a socket
that an event loop reads back); the socket worker's caller talks to it directly (see
`cogs/tables/pictures.py`).

A `ProcessPoolExecutor` worker waits for jobs on a queue whose write end every worker holds too,
so when the bot dies without shutting its pools down (SIGKILL, the OOM killer, a segfault) its
workers never see the end of that queue: they live on, each crash and restart adding more.

The mechanism: a lifeline. The first pool of a process opens one pipe and keeps its write end
open, unwritten, for the whole life of the process; only this process holds it (pipes are opened
close-on-exec and spawned children receive only the descriptors passed to them). Every worker is
handed the read end as an argument of its initializer, which starts a daemon thread blocked in a
`read` on it. Nothing is ever written, so the read returns only at end of file, and end of file
comes exactly when the last write end is closed: when this process is gone, however it died,
because the kernel closes a dead process's descriptors. The thread then ends the worker with
`os._exit`. The blocked read costs nothing per job (no polling), the worker notices within
milliseconds, and a worker busy in a search is ended too (the thread gets the GIL at the next
switch interval).

Not used, and why:
- `prctl(PR_SET_PDEATHSIG)` signals the child when the *thread* that started it exits, not the
  process; an executor starts workers from whichever thread submits first (often a short-lived
  `asyncio.to_thread` worker) or from its manager thread, so it would kill healthy workers.
- Polling `os.getppid()` wakes every worker up on a timer and misses a parent whose pid is reused
  by a subreaper; the pipe needs neither.

A child forked from this process (`os.fork`, a fork-context pool) closes its copy of the write
end at once, so that it does not keep the workers of its parent alive, and opens a lifeline of
its own if it starts pools.

Workers are started with the `spawn` method: a forked child of a process running an event loop
and threads (the bot) can inherit locks held by those threads; a spawned one starts clean.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import socket
import struct
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

#: A frame on a worker's socket: its length (4 bytes, network order), then a pickle.
FRAME_HEAD = struct.Struct("!I")

#: This process's lifeline: the read end handed to workers, and the write end kept open (never
#: written) until the process dies. None until the first pool starts.
_lifeline: tuple[Connection, Connection] | None = None
_lifeline_lock = threading.Lock()  # pools may start from several threads at once


def _lifeline_read_end() -> Connection:
    global _lifeline
    with _lifeline_lock:
        if _lifeline is None:
            _lifeline = multiprocessing.Pipe(duplex=False)  # (read end, write end)
        return _lifeline[0]


def _drop_lifeline_in_forked_child() -> None:
    global _lifeline, _lifeline_lock
    _lifeline_lock = threading.Lock()  # another thread may have held it at the fork
    if _lifeline is not None:
        read_end, write_end = _lifeline
        _lifeline = None
        read_end.close()
        write_end.close()


os.register_at_fork(after_in_child=_drop_lifeline_in_forked_child)


def _exit_when_parent_dies(lifeline: Connection) -> None:
    """Block until the lifeline reaches end of file (its parent is gone), then end the worker."""
    descriptor = lifeline.fileno()
    while os.read(descriptor, 1):
        pass  # nobody writes: only end of file ends the loop
    os._exit(1)  # no cleanup: the results and the jobs' queues died with the parent


def _start_worker(lifeline: Connection, warm_up: Callable[[], None]) -> None:
    """Each worker's initializer: watch the lifeline, then warm up."""
    watchdog = threading.Thread(
        target=_exit_when_parent_dies, args=(lifeline,), name="lifeline", daemon=True
    )
    watchdog.start()
    warm_up()


def worker_pool(workers: int, warm_up: Callable[[], None]) -> ProcessPoolExecutor:
    """A pool of `workers` spawned processes that exit by themselves within moments of this
    process's death. `warm_up` (a module-level function: it is pickled) runs once in each worker
    before its first job."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_start_worker,
        initargs=(_lifeline_read_end(), warm_up),
    )


# -- one worker answering over a socket ----------------------------------------------------------


def cut_frame(buffer: bytearray) -> bytes | None:
    """The body of the whole frame at the start of `buffer`, cut from it; None while the frame
    has not all come."""
    head = FRAME_HEAD.size
    if len(buffer) < head:
        return None
    (size,) = FRAME_HEAD.unpack_from(buffer)
    if len(buffer) < head + size:
        return None
    body = bytes(buffer[head : head + size])
    del buffer[: head + size]
    return body


class _Frames:
    """Frames read from a socket: as many bytes as have come, at most `CHUNK` a call, and the
    frames cut from them (most jobs arrive whole in one read: one system call a job)."""

    CHUNK = 1 << 16

    def __init__(self, connection: socket.socket) -> None:
        self.connection = connection
        self.buffer = bytearray()

    def next(self) -> bytes | None:
        """The next frame's body, or None at end of file (the other side closed or died: a
        peer killed with answers it never read resets the connection)."""
        while (body := cut_frame(self.buffer)) is None:
            try:
                chunk = self.connection.recv(self.CHUNK)
            except ConnectionError:
                return None
            if not chunk:
                return None
            self.buffer += chunk
        return body


def serve_socket(
    connection: socket.socket, lifeline: Connection, warm_up: Callable[[], None]
) -> None:
    """A worker's whole life: watch the lifeline, warm up, then answer jobs in order until the
    socket closes. A job is a frame holding `(function, args)`; its answer a frame holding
    `(True, result)` or `(False, exception)`: a job that raises does not end the worker. A
    caller gone (the bot killed: a reset connection, a broken pipe) ends it quietly, as the end
    of the socket does: it is how workers die with the bot, not an error to print."""
    _start_worker(lifeline, warm_up)
    connection.setblocking(True)
    frames = _Frames(connection)
    while True:
        body = frames.next()
        if body is None:
            return
        answer: tuple[bool, Any]
        try:
            function, args = pickle.loads(body)
            answer = (True, function(*args))
        except Exception as error:  # told to the caller, who raises it there
            answer = (False, error)
        try:
            data = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as error:  # an answer that cannot travel
            data = pickle.dumps((False, RuntimeError(f"unpicklable answer: {error!r}")))
        try:
            connection.sendall(FRAME_HEAD.pack(len(data)) + data)
        except ConnectionError:
            return


def frame(function: Callable[..., Any], *args: Any) -> bytes:
    """A job for `serve_socket`, as written to its socket."""
    data = pickle.dumps((function, args), protocol=pickle.HIGHEST_PROTOCOL)
    return FRAME_HEAD.pack(len(data)) + data


def start_socket_worker(
    connection: socket.socket, warm_up: Callable[[], None], name: str = "worker"
) -> BaseProcess:
    """Spawn a process serving jobs on `connection` (the caller keeps the other end of the
    pair and closes this one); it exits when that other end closes, or when this process dies
    (the lifeline)."""
    process = multiprocessing.get_context("spawn").Process(
        target=serve_socket,
        args=(connection, _lifeline_read_end(), warm_up),
        name=name,
        daemon=True,
    )
    process.start()
    return process
