"""The runtime of every kind of table: the registry of kinds, and what serves them all.

A `Runtime` owns the per-table locks, the due jobs' loop (`Jobs`) and the delivery of the outbox
(`Delivery`), and commits a kind's change (`commit`: one transaction, then what the commit
claimed is shown at once and its due times are looked at). A kind (a table of players, a puzzle
attempt) registers itself (`register`); the runtime then dispatches to it by the stored row
(`Rows.owns`: at a restart, for a job whose table is not in memory), by the outbox key
(`Kind.keys`: what the delivery shows) and by the table a job belongs to. It never names a
kind: the shape of an outbox relay that routes by key, and of a timer loop that calls whoever
set the timer.

One runtime per bot, made by the first feature that asks for it (`runtime_of`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from cogs import texts
from cogs.common import logs, metrics
from cogs.common.refusal import Refusal
from cogs.runtime.delivery import Delivery
from cogs.runtime.jobs import Jobs
from cogs.runtime.kind import Kind, guild_of
from cogs.runtime.locks import TableLocks
from cogs.runtime.store import DELIVERY_LEASE_SECONDS, Store
from data import Change, Database, Job, OutboxItem

log = logging.getLogger(__name__)


STOP_SECONDS = 10.0  # a graceful stop waits this long at most for what is being shown
#: The job every kind's finished tables end with: the runtime carries it out for all of them.
FORGET = "forget"


class Runtime:
    def __init__(
        self, db: Database, *, clock: Callable[[], float], shared: bool, steady: bool = True
    ) -> None:
        self.db = db
        self.clock = clock
        #: The clock never jumps (the system's): the jobs' loop sleeps until the next due
        #: time. A clock that may (a test's) is read again every `JUMPING_CLOCK_SECONDS`.
        self.steady = steady
        #: Other processes share the store (`Settings.shared_store`): see `Store.get`.
        self.shared = shared
        self.locks = TableLocks()  # one per table, while someone holds or waits for it
        self.kinds: dict[str, Kind] = {}  # by name
        self.delivery = Delivery(self)
        self.jobs = Jobs(self)

    # -- the registry -----------------------------------------------------------------------

    def register(self, kind: Kind) -> None:
        """`kind`'s tables are served from now on (a kind registered again, by an extension
        loaded again, replaces the one before)."""
        self.kinds[kind.name] = kind

    def kind_showing(self, key: str) -> Kind | None:
        """The kind whose outbox key `key` is."""
        name = key.partition(":")[0]
        for kind in self.kinds.values():
            if name in kind.keys:
                return kind
        return None

    async def kind_of(self, table_id: str) -> Kind:
        """The kind of the table `table_id`: the one that has it in memory, else the one whose
        stored row it is; refused when it is not stored."""
        for kind in self.kinds.values():
            if table_id in kind.store.cached:
                return kind
        row = await self.db.load_table(table_id)
        if row is not None:
            for kind in self.kinds.values():
                if kind.store.rows.owns(row):
                    if table_id not in kind.store.cached:  # read once: the kind finds it
                        kind.store.adopt(row)
                    return kind
        raise Refusal(texts.NO_SUCH_TABLE)

    # -- life cycle -------------------------------------------------------------------------

    async def restore(self) -> dict[str, int]:
        """Read every live table into its kind's cache, then start delivering what is
        undelivered and running what is due: a table picks up exactly where the store says
        it is. With a shared store nothing is read ahead (each process loads a table when it
        first needs it; most tables are other processes' business). Returns how many tables
        of each kind were read."""
        counts = dict.fromkeys(self.kinds, 0)
        if not self.shared:
            await self.db.release_claims()  # this process's previous run's: it is gone
            for row in await self.db.live_tables():
                kind = next((k for k in self.kinds.values() if k.store.rows.owns(row)), None)
                if kind is None:
                    log.warning("table %s of kind %r: no kind serves it", row.id, row.kind)
                    continue
                try:
                    kind.store.adopt(row)
                except Exception:
                    log.exception("%s %s could not be restored", kind.name, row.id)
                    continue
                counts[kind.name] += 1
        self.start()
        return counts

    def start(self) -> None:
        """Deliver what is undelivered, run what is due."""
        self.delivery.start()
        self.jobs.start()

    async def close(self) -> None:
        """A graceful stop: no new job starts, what is being shown is finished (for a while at
        most: what is left stays in the store and is shown after the next start)."""
        await self.jobs.stop()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.delivery.idle(), STOP_SECONDS)
        await self.delivery.stop()

    # -- acting -----------------------------------------------------------------------------

    async def commit(self, store: Store[Any], item: Any, change: Change) -> None:
        """Store `change` of `item` (`Store.write`: one transaction, refused as the store
        refuses it), then show what its commit claimed and look at its due times."""
        taken = await store.write(item, change, take=self.delivery.running)
        self.stored(change, taken)

    def stored(self, change: Change, taken: list[OutboxItem]) -> None:
        """`change` was stored and claimed `taken` for this process: show them now (what it did
        not claim, whoever shows the table now takes when done; what is due later than the
        change, the jobs' loop wakes the delivery for), and expect its job."""
        self.delivery.hand_over(taken)
        if change.job is not None:
            self.jobs.expect(change.job.due_at)
        if change.outbox and change.due_at > change.table.updated_at:
            self.jobs.expect_outbox(change.due_at)

    async def show_again(self, table_id: str, keys: list[str]) -> None:
        """Show the table's `keys` again as it is stored, without changing it: no new
        revision, so nothing decided for the table's position goes out of date."""
        lease = DELIVERY_LEASE_SECONDS if self.delivery.running else 0.0  # see `store_change`
        taken = await self.db.queue(table_id, keys, now=self.clock(), lease=lease)
        self.delivery.hand_over(taken or [])

    # -- jobs -------------------------------------------------------------------------------

    async def run_job(self, job: Job) -> bool:
        """A due job (claimed, so no other process runs it), carried out by its table's kind;
        `forget` by the runtime for every kind. True when a change was stored (its commit
        replaced the job's row), or the table left the store with its job."""
        started = time.perf_counter()
        logs.about_table(job.table_id)
        try:
            kind = await self.kind_of(job.table_id)
            logs.about_table(job.table_id, guild_of(kind, job.table_id))
            if job.kind == FORGET:
                await self.forget(kind, job.table_id)
                return True
            return await kind.run_job(job)
        finally:
            metrics.JOB_SECONDS.labels(job.kind).observe(time.perf_counter() - started)

    async def forget(self, kind: Kind, table_id: str) -> None:
        """A finished table's time is up: it leaves the store and memory (its kind is told)."""
        async with self.locks[table_id]:
            item = kind.store.cached.get(table_id)
            await self.db.forget_table(table_id)
            kind.store.forget(table_id)
        kind.forget(table_id, item)


def runtime_of(bot: Any) -> Runtime:
    """The bot's one runtime (`bot.runtime`), made by the first feature that asks for it: the
    kinds register with the same one, whichever extension loads first."""
    runtime = getattr(bot, "runtime", None)
    if not isinstance(runtime, Runtime):
        settings = bot.settings
        steady = settings.clock is time.time  # any other clock is a test's, which may jump
        runtime = Runtime(bot.db, clock=settings.clock, shared=settings.shared_store, steady=steady)
        bot.runtime = runtime
    return runtime
