"""The bot's metrics, in Prometheus's terms (`prometheus_client`), served by `cogs.common.health`
at `/metrics` when `HEALTH_ADDRESS` is set.

Two sorts. What happens is counted where it happens, at the cost of an increment: clicks (by
kind), a click's wait until the table it changed was shown, every job's time (an AI seat's move
is the job `ai`), every picture's, and Discord's answers that say slow down (429) or that it
failed (5xx), seen by the HTTP client's own trace on every request discord.py makes, including
those it retries by itself. What the store holds (the outbox's backlog, the jobs due and late,
the open tables) is read from the store when a scrape asks (`read_store`), at most once a
`STORE_READ_SECONDS`: nothing on a click, and the event loop's share does not grow with tables.

One registry per process (`REGISTRY`, not the library's global one, so that a process that
imports this twice or runs several bots in turn, the tests, registers nothing twice). Nothing
here imports discord: the picture service, which the workers import, times its pictures here.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    ProcessCollector,
    generate_latest,
)

if TYPE_CHECKING:
    import aiohttp

    from data import Database
    from data.vitals import Vitals

#: The content type of the text format (`prometheus_client.CONTENT_TYPE_LATEST`, without its
#: charset, which aiohttp adds).
CONTENT_TYPE = "text/plain; version=0.0.4"
#: A job due longer ago than this is late (`domino_jobs_late`).
LATE_SECONDS = 10.0
#: The store's figures are read at most this often, whoever scrapes.
STORE_READ_SECONDS = 1.0
#: A store that does not answer within this is unreachable.
STORE_TIMEOUT_SECONDS = 2.0
#: Clicks waiting for their table to be shown that are remembered (a click refused, which
#: shows nothing, is forgotten once this many newer ones came, or after `CLICK_STALE_SECONDS`).
CLICKS_KEPT = 10_000
CLICK_STALE_SECONDS = 60.0

REGISTRY = CollectorRegistry()
ProcessCollector(registry=REGISTRY)  # the process's CPU seconds, memory and open files

CLICKS = Counter(
    "domino_clicks",
    "Interactions received, by kind (a button's or menu's prefix, a command)",
    ["kind"],
    registry=REGISTRY,
)
CLICK_SHOWN = Histogram(
    "domino_click_shown_seconds",
    "From a click on a table to the end of the delivery round that showed the table after it",
    buckets=(0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0, 60.0),
    registry=REGISTRY,
)
JOB_SECONDS = Histogram(
    "domino_job_seconds",
    "How long a due job took to run, by job (ai: an AI seat's move, searched and stored)",
    ["job"],
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0),
    registry=REGISTRY,
)
PICTURE_SECONDS = Histogram(
    "domino_picture_seconds",
    "How long a picture took to draw in its worker, by pool (public: boards and sheets)",
    ["pool"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
    registry=REGISTRY,
)
DISCORD_RATE_LIMITS = Counter(
    "domino_discord_rate_limits", "Discord's answers 429 (too many requests)", registry=REGISTRY
)
DISCORD_SERVER_ERRORS = Counter(
    "domino_discord_server_errors", "Discord's answers 5xx (its own failures)", registry=REGISTRY
)
GATEWAY_CONNECTED = Gauge(
    "domino_gateway_connected",
    "1 while the shard's gateway connection is up",
    ["shard"],
    registry=REGISTRY,
)
STORE_UP = Gauge(
    "domino_store_up", "1 when the store answered the last scrape in time", registry=REGISTRY
)
OUTBOX_ITEMS = Gauge(
    "domino_outbox_items",
    "Outbox items waiting to be shown (due or waiting to retry)",
    registry=REGISTRY,
)
OUTBOX_LATE = Gauge(
    "domino_outbox_late_seconds", "How late the most overdue outbox item is", registry=REGISTRY
)
JOBS_DUE = Gauge("domino_jobs_due", "Jobs due now", registry=REGISTRY)
JOBS_LATE = Gauge(
    "domino_jobs_late", f"Jobs due more than {LATE_SECONDS:g} seconds ago", registry=REGISTRY
)
JOB_LAG = Gauge("domino_job_lag_seconds", "How late the most overdue job is", registry=REGISTRY)
TABLES_OPEN = Gauge(
    "domino_tables_open",
    "Tables and puzzles in the store (finished ones until forgotten)",
    registry=REGISTRY,
)

SUFFIXES = {"counter": ("_total",), "histogram": ("_bucket", "_count", "_sum"), "gauge": ("",)}


def exported_names() -> frozenset[str]:
    """Every series name `/metrics` may show (a rule or a dashboard names only these)."""
    return frozenset(
        family.name + suffix
        for family in REGISTRY.collect()
        for suffix in SUFFIXES.get(family.type, ("",))
    )


_clicks: OrderedDict[str, float] = OrderedDict()  # table id -> its oldest unshown click


def clicked(kind: str, table_id: str | None) -> None:
    """An interaction of `kind` arrived; on a table, it waits for the table to be shown."""
    CLICKS.labels(kind).inc()
    if table_id is None:
        return
    now = time.monotonic()
    since = _clicks.get(table_id)
    if since is None or now - since > CLICK_STALE_SECONDS:
        _clicks[table_id] = now
        _clicks.move_to_end(table_id)
    while len(_clicks) > CLICKS_KEPT:
        _clicks.popitem(last=False)


def shown(table_id: str) -> None:
    """A delivery round of the table ended: the click that waited for it was answered."""
    since = _clicks.pop(table_id, None)
    if since is not None:
        CLICK_SHOWN.observe(time.monotonic() - since)


def discord_trace() -> aiohttp.TraceConfig:
    """Counts Discord's 429s and 5xx: given to the client (`http_trace`, discord.py's public
    option), it sees every answer, the ones discord.py retries by itself included."""
    import aiohttp  # here: the picture workers import this module, and need no HTTP client

    async def on_request_end(
        session: aiohttp.ClientSession,
        context: object,
        params: aiohttp.TraceRequestEndParams,
    ) -> None:
        status = params.response.status
        if status == 429:
            DISCORD_RATE_LIMITS.inc()
        elif status >= 500:
            DISCORD_SERVER_ERRORS.inc()

    trace = aiohttp.TraceConfig()
    trace.on_request_end.append(on_request_end)
    return trace


class StoreReader:
    """The store's figures for a scrape or a health check: read at most once a
    `STORE_READ_SECONDS`, within `STORE_TIMEOUT_SECONDS`, and set on the gauges."""

    def __init__(self, db: Database, clock: Callable[[], float]) -> None:
        self.db = db
        self.clock = clock
        self.last: Vitals | None = None
        self.error: str | None = "not read yet"
        self._read_at = -float("inf")
        self._lock = asyncio.Lock()

    async def read(self) -> Vitals | None:
        """The figures, or None when the store did not answer (`error` says why)."""
        async with self._lock:  # scrapes at once share one read
            if time.monotonic() - self._read_at < STORE_READ_SECONDS:
                return self.last if self.error is None else None
            try:
                now = self.clock()
                found = await asyncio.wait_for(
                    self.db.vitals(now, LATE_SECONDS), STORE_TIMEOUT_SECONDS
                )
            except Exception as error:
                self.last, self.error = None, f"{type(error).__name__}: {error}".rstrip(": ")
                STORE_UP.set(0)
            else:
                self.last, self.error = found, None
                STORE_UP.set(1)
                OUTBOX_ITEMS.set(found.outbox)
                OUTBOX_LATE.set(found.outbox_late)
                JOBS_DUE.set(found.jobs_due)
                JOBS_LATE.set(found.jobs_late)
                JOB_LAG.set(found.job_lag)
                TABLES_OPEN.set(found.open_tables)
            finally:
                self._read_at = time.monotonic()
            return self.last


def exposition() -> bytes:
    """Every metric in the text format (its size is fixed by the metrics, not the tables)."""
    return generate_latest(REGISTRY)
