"""The bot's one picture service: every picture of every feature (a table's board, score sheet
and hands; a review's decisions; a replay's board and a rating chart; a puzzle) is drawn here,
in the bot's picture workers (`cogs.common.workers.picture_pool`), off the event loop and its
GIL. A feature asks for a picture in the reader's words and gets its PNG and its description.

Each picture comes back with its description (alt text), made in the worker from the same view:
describing a board walks its layout as drawing it does, and the bot's event loop is the one
thing every table shares.

Drawing a picture with Pillow is mostly many small calls that hold the GIL (only the final PNG
encoding lets go of it), so pictures drawn in threads of the bot's process slow the event loop
itself: under load every click waited behind them. Render is pure (views in, PNG bytes out) and
its inputs pickle, so the work goes to processes instead.

What a channel watches (boards, score sheets, puzzles) has workers of its own, so under load a
public board never waits in line behind private pictures (hands, reviews, replays, charts):
the board is what everyone at the table is watching.

Workers are `cogs.common.workers.SocketWorkers` (spawned processes the event loop writes each
job to and reads each picture from, without a thread in between), started once per process on
first use or by the bot's `workers.warm_up()`; they live as long as the process and end by
themselves when it dies any other way (killed, crashed; see `engine.workers`). A worker that
died (killed) is replaced, and the picture is drawn again once.

Nothing here imports discord: the workers import this module to run its drawing functions.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

import render
from cogs.common import metrics
from cogs.common.workers import PICTURE_WORKERS, picture_pool
from cogs.lang.words import words
from engine import SeatView
from engine.messages import Message
from engine.workers import frame
from render.chart import rating_chart_png
from render.layers import TableLayers

if TYPE_CHECKING:
    from cogs.lang import Words
    from engine.puzzles.dominosa import Placement
    from engine.puzzles.quadrille import TilePlacement

WORKERS = PICTURE_WORKERS  # processes per pool
ALT_LIMIT = 1000  # Discord's longest attachment description


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


#: Pictures asked for again while the last one drawn of the same job was still kept, by kind
#: (see `Kept`): shown without a trip to the workers.
REUSED: dict[str, int] = {"board": 0, "hand": 0, "score sheet": 0}


class Kept:
    """The pictures drawn last, by the job that drew them (its bytes as written to a worker,
    which name the drawing function and every input: equal bytes, the same picture), up to
    `limit` bytes of PNG, the least recently asked for first out. A board shown again for a
    change its picture does not show (a turn's clock, a Ready click, a late alert, the board
    posted again at the bottom), or a hand shown as it was, is not drawn again; a job asked
    for while the same one is being drawn waits for that drawing."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self.pictures: OrderedDict[bytes, Picture] = OrderedDict()
        self.drawing: dict[bytes, asyncio.Future[Picture]] = {}

    async def picture(self, name: str, job: bytes) -> tuple[Picture, bool]:
        """The picture of `job` drawn by the pool `name`, and whether it was kept (or being
        drawn) already."""
        key = hashlib.blake2b(job, digest_size=16).digest()
        kept = self.pictures.get(key)
        if kept is not None:
            self.pictures.move_to_end(key)
            return kept, True
        drawing = self.drawing.get(key)
        if drawing is not None:
            return await asyncio.shield(drawing), True
        # Drawn in a task of its own: a caller given up on (a delivery round cancelled) does
        # not cancel the drawing that others may be waiting for, and what it drew is kept.
        drawing = asyncio.ensure_future(picture_pool(name).run_job(job))
        self.drawing[key] = drawing
        drawing.add_done_callback(partial(self._drawn, key))
        return await asyncio.shield(drawing), False

    def _drawn(self, key: bytes, drawing: asyncio.Future[Picture]) -> None:
        del self.drawing[key]
        if not drawing.cancelled() and drawing.exception() is None:
            self._keep(key, drawing.result())

    def _keep(self, key: bytes, picture: Picture) -> None:
        self.pictures[key] = picture
        self.size += len(picture.png)
        while self.size > self.limit and self.pictures:
            _, dropped = self.pictures.popitem(last=False)
            self.size -= len(dropped.png)


#: 16 MB: the last few hundred boards and hands (a double-six board is 10-30 KB).
KEPT = Kept(16 * 1024 * 1024)


async def _drawn(name: str, draw: Callable[..., Picture], *args: object) -> Picture:
    picture, _ = await _kept(name, draw, *args)
    return picture


async def _kept(name: str, draw: Callable[..., Picture], *args: object) -> tuple[Picture, bool]:
    started = time.perf_counter()
    picture, kept = await KEPT.picture(name, frame(draw, *args))
    if not kept:
        metrics.PICTURE_SECONDS.labels(name).observe(time.perf_counter() - started)
    return picture, kept


def worded_view(view: SeatView, w: Words) -> SeatView:
    """The view with its status line (an engine `Message`, English as it stands) in `w`'s
    words: render draws and describes the status as it is, and cannot translate it."""
    if not view.status:
        return view
    text = w.message(view.status)
    return replace(view, status=Message(text.replace("{", "{{").replace("}", "}}")))


# -- run in the workers: the picture and its description, in one trip --------------------------


def _wording(language: str) -> render.Wording:
    """The words of pictures in `language`, built once per worker from the catalogues: a job
    names its language and does not carry the words themselves (a `Wording` pickles to about
    4 KB and took longer to load in the worker than the job's view)."""
    return words(language).wording()


#: The tiles of the boards this worker drew lately (`render.layers`): a board after a move
#: pastes last time's tiles as one block and adds the new one.
LAYERS = TableLayers()


def _board(view: SeatView, names: list[str], language: str, table: str = "") -> Picture:
    wording = _wording(language)
    started = time.thread_time()
    png = render.board_png(view, names=names, wording=wording, layers=LAYERS, table=table)
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


def _dominosa(
    grid: tuple[tuple[int, ...], ...], placements: list[Placement], size: int, language: str
) -> Picture:
    wording = _wording(language)
    started = time.thread_time()
    png = render.dominosa_png(grid, placements, wording=wording)
    cpu = time.thread_time() - started
    alt = render.describe_dominosa(grid, len(placements), size=size, wording=wording)
    return Picture(png, alt[:ALT_LIMIT], cpu)


def _quadrille(figure: tuple[str, ...], placements: list[TilePlacement], language: str) -> Picture:
    wording = _wording(language)
    started = time.thread_time()
    png = render.quadrille_png(figure, placements, wording=wording)
    cpu = time.thread_time() - started
    alt = render.describe_quadrille(figure, len(placements), wording=wording)
    return Picture(png, alt[:ALT_LIMIT], cpu)


def _rating_chart(
    ratings: list[float], title: str, caption: str, name: str, language: str
) -> Picture:
    wording = _wording(language)
    started = time.thread_time()
    png = rating_chart_png(ratings, title=title, caption=caption, wording=wording)
    cpu = time.thread_time() - started
    alt = render.describe_chart(ratings, name=name, wording=wording)
    return Picture(png, alt[:ALT_LIMIT], cpu)


def _count(kind: str, drawn: tuple[Picture, bool]) -> Picture:
    picture, kept = drawn
    if kept:
        REUSED[kind] += 1
        return picture
    counted = DRAWN[kind]
    counted[0] += 1
    counted[1] += picture.cpu
    return picture


# -- what the bot awaits: each in the words of `language` (one of `cogs.lang.LANGUAGES`) --------


async def board(view: SeatView, names: Sequence[str], language: str, table: str = "") -> Picture:
    """The board of a public view (no hand in it) and its description; `table`: the table's
    id, under which the worker keeps its tiles for the next board (`render.layers`)."""
    return _count("board", await _kept("public", _board, view, list(names), language, table))


async def score_sheet(view: SeatView, names: Sequence[str], language: str) -> Picture:
    return _count("score sheet", await _kept("public", _score_sheet, view, list(names), language))


async def decision(
    public: SeatView, own: SeatView, caption: Sequence[str], names: Sequence[str], language: str
) -> Picture:
    """A review's picture of one decision (the player's own hand in it, so drawn with the
    private pictures): its caption, the board then, the hand then."""
    return await _drawn("private", _decision, public, own, list(caption), list(names), language)


async def hand(view: SeatView, names: Sequence[str], language: str) -> Picture:
    """A seat's own hand (for its owner only) and its description."""
    return _count("hand", await _kept("private", _hand, view, list(names), language))


async def replay(view: SeatView, names: Sequence[str], language: str) -> Picture:
    """A replay's board (`/history`: a public view of a finished match, for the one person who
    asked, so drawn with the private pictures) and its description."""
    return await _drawn("private", _board, view, list(names), language)


async def rating_chart(
    ratings: Sequence[float], title: str, caption: str, name: str, language: str
) -> Picture:
    """`/stats`: the rating chart of `name` (`ratings` oldest first, at least one) with its
    `title` and `caption`, and its description."""
    return await _drawn("private", _rating_chart, list(ratings), title, caption, name, language)


async def dominosa(
    grid: tuple[tuple[int, ...], ...], placements: Sequence[Placement], size: int, language: str
) -> Picture:
    """A Dominosa puzzle of the double-`size` set as it stands (a public message)."""
    return await _drawn("public", _dominosa, grid, list(placements), size, language)


async def quadrille(
    figure: tuple[str, ...], placements: Sequence[TilePlacement], language: str
) -> Picture:
    """The Quadrille figure as it stands (a public message)."""
    return await _drawn("public", _quadrille, figure, list(placements), language)
