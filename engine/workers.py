"""Worker process pools whose workers die with the process that started them.

    executor = worker_pool(workers=2, warm_up=import_everything)  # a ProcessPoolExecutor
    ...
    executor.shutdown()

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
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.connection import Connection

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
