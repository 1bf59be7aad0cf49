"""Pictures drawn in worker processes, off the bot's event loop and its GIL.

Drawing a picture with Pillow is mostly many small calls that hold the GIL (only the final PNG
encoding lets go of it), so pictures drawn in threads of the bot's process slow the event loop
itself: under load every click waited behind them. Render is pure (views in, PNG bytes out) and
its inputs pickle, so the work goes to processes instead.

Boards and score sheets have workers of their own, so under load a public board never waits in
line behind private hands: the board is what everyone at the table is watching.

Workers are spawned by `engine.workers.worker_pool` once per process, on first use or by
`warm_up()`, and live as long as the process: the executors' exit hook stops them on a clean
exit, and they end by themselves when the process dies any other way (killed, crashed; see
`engine.workers`). A pool that broke (a worker killed) is replaced, and the picture is drawn
again once.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial

import render
from engine import SeatView
from engine.workers import worker_pool

#: Worker processes per pool (public pictures, private hands): half the cores, 2 to 4. Two even
#: on two cores: at 200 tables one board worker was the queue (p95 4.6 s; with two, 2.5 s).
WORKERS = max(2, min(4, (os.cpu_count() or 2) // 2))

_pools: dict[str, ProcessPoolExecutor] = {}


def _ready() -> None:
    """Import Pillow, the fonts and the render code once per worker, before the first job."""
    from render.theme import get_theme

    get_theme("light")


def _pool(name: str) -> ProcessPoolExecutor:
    pool = _pools.get(name)
    if pool is None:
        pool = worker_pool(WORKERS, warm_up=_ready)
        _pools[name] = pool
    return pool


async def _drawn(name: str, job: partial[bytes]) -> bytes:
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(_pool(name), job)
    except BrokenProcessPool:
        broken = _pools.pop(name, None)
        if broken is not None:
            broken.shutdown(wait=False, cancel_futures=True)
        return await loop.run_in_executor(_pool(name), job)


def warm_up() -> None:
    """Start the workers now, so the first table does not wait for them."""
    for name in ("public", "private"):
        pool = _pool(name)
        for _ in range(WORKERS):
            pool.submit(_ready)


async def board_png(view: SeatView, names: Sequence[str], wording: render.Wording) -> bytes:
    job = partial(render.board_png, view, names=list(names), wording=wording)
    return await _drawn("public", job)


async def score_sheet_png(view: SeatView, names: Sequence[str], wording: render.Wording) -> bytes:
    job = partial(render.score_sheet_png, view, names=list(names), wording=wording)
    return await _drawn("public", job)


async def hand_png(view: SeatView, wording: render.Wording) -> bytes:
    return await _drawn("private", partial(render.hand_png, view, wording=wording))
