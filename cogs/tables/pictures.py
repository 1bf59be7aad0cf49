"""Pictures drawn in worker processes, off the bot's event loop and its GIL.

Each picture comes back with its description (alt text), made in the worker from the same view:
describing a board walks its layout as drawing it does, and the bot's event loop is the one
thing every table shares.

Drawing a picture with Pillow is mostly many small calls that hold the GIL (only the final PNG
encoding lets go of it), so pictures drawn in threads of the bot's process slow the event loop
itself: under load every click waited behind them. Render is pure (views in, PNG bytes out) and
its inputs pickle, so the work goes to processes instead.

Boards and score sheets have workers of their own, so under load a public board never waits in
line behind private hands: the board is what everyone at the table is watching.

Workers are `cogs.common.workers.SocketWorkers` (spawned processes the event loop writes each
job to and reads each picture from, without a thread in between), started once per process on
first use or by `warm_up()`; they live as long as the process and end by themselves when it dies
any other way (killed, crashed; see `engine.workers`). A worker that died (killed) is replaced,
and the picture is drawn again once.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from typing import NamedTuple

import render
from cogs.common.workers import SocketWorkers
from cogs.lang.words import words
from engine import SeatView

#: Worker processes per pool (public pictures, private hands): half the cores, 1 to 4. On two
#: cores one each: at 200 tables (`bench.table_load`) the workers' CPU per click fell from 14.2
#: to 11.0 ms and p95 from 764 to 651 ms against two each (four processes taking turns on two
#: cores drew each picture a quarter slower, from colder caches).
WORKERS = max(1, min(4, (os.cpu_count() or 2) // 2))

ALT_LIMIT = 1000  # Discord's longest attachment description

_pools: dict[str, SocketWorkers] = {}


def _ready() -> None:
    """Import Pillow, the fonts and the render code, and build the English words, once per
    worker before the first job (another language's words are built on its first picture)."""
    from render.theme import get_theme

    get_theme("light")
    _wording("en")


def _pool(name: str) -> SocketWorkers:
    pool = _pools.get(name)
    if pool is None:
        pool = _pools[name] = SocketWorkers(WORKERS, warm_up=_ready, name=f"{name} pictures")
    return pool


class Picture(NamedTuple):
    """A picture as drawn by a worker: its PNG bytes and its description (alt text, for
    screen readers), both made there from the same view, and the worker's CPU seconds for
    drawing it (what the picture costs at the least, see `DRAWN`)."""

    png: bytes
    alt: str
    cpu: float = 0.0


#: Pictures drawn by this process's workers since it started, by kind: how many, and the CPU
#: seconds the drawing itself took in the worker (the benchmark's floor of a click, measured
#: where and when the pictures were drawn).
DRAWN: dict[str, list[float]] = {"board": [0, 0.0], "hand": [0, 0.0], "score sheet": [0, 0.0]}


async def _drawn(name: str, draw: Callable[..., Picture], *args: object) -> Picture:
    picture: Picture = await _pool(name).run(draw, *args)
    return picture


def warm_up() -> None:
    """Start the workers now, so the first table does not wait for them."""
    for name in ("public", "private"):
        _pool(name).start()


# -- run in the workers: the picture and its description, in one trip --------------------------


def _wording(language: str) -> render.Wording:
    """The words of pictures in `language`, built once per worker from the catalogues: a job
    names its language and does not carry the words themselves (a `Wording` pickles to about
    4 KB and took longer to load in the worker than the job's view)."""
    return words(language).wording()


def _board(view: SeatView, names: list[str], language: str) -> Picture:
    wording = _wording(language)
    started = time.thread_time()
    png = render.board_png(view, names=names, wording=wording)
    cpu = time.thread_time() - started
    return Picture(png, render.describe(view, names=names, wording=wording)[:ALT_LIMIT], cpu)


def _score_sheet(view: SeatView, names: list[str], language: str) -> Picture:
    wording = _wording(language)
    started = time.thread_time()
    png = render.score_sheet_png(view, names=names, wording=wording)
    cpu = time.thread_time() - started
    alt = render.describe_sheet(view, names=names, wording=wording)[:ALT_LIMIT]
    return Picture(png, alt, cpu)


def _hand(view: SeatView, names: list[str], language: str) -> Picture:
    wording = _wording(language)
    started = time.thread_time()
    png = render.hand_png(view, wording=wording)
    cpu = time.thread_time() - started
    return Picture(png, render.describe_hand(view, names=names, wording=wording)[:ALT_LIMIT], cpu)


def _decision(
    public: SeatView, own: SeatView, caption: list[str], names: list[str], language: str
) -> Picture:
    wording = _wording(language)
    started = time.thread_time()
    png = render.decision_png(public, own, caption=caption, names=names, wording=wording)
    cpu = time.thread_time() - started
    alt = " ".join((*caption, render.describe(public, names=names, wording=wording)))
    return Picture(png, alt[:ALT_LIMIT], cpu)


def _count(kind: str, picture: Picture) -> Picture:
    drawn = DRAWN[kind]
    drawn[0] += 1
    drawn[1] += picture.cpu
    return picture


# -- what the bot awaits: each in the words of `language` (one of `cogs.lang.LANGUAGES`) --------


async def board(view: SeatView, names: Sequence[str], language: str) -> Picture:
    """The board of a public view (no hand in it) and its description."""
    return _count("board", await _drawn("public", _board, view, list(names), language))


async def score_sheet(view: SeatView, names: Sequence[str], language: str) -> Picture:
    picture = await _drawn("public", _score_sheet, view, list(names), language)
    return _count("score sheet", picture)


async def decision(
    public: SeatView, own: SeatView, caption: Sequence[str], names: Sequence[str], language: str
) -> Picture:
    """A review's picture of one decision (the player's own hand in it, so drawn with the
    private pictures): its caption, the board then, the hand then."""
    return await _drawn("private", _decision, public, own, list(caption), list(names), language)


async def hand(view: SeatView, names: Sequence[str], language: str) -> Picture:
    """A seat's own hand (for its owner only) and its description."""
    return _count("hand", await _drawn("private", _hand, view, list(names), language))
