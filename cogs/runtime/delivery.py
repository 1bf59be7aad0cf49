"""The delivery loop: what the outbox says must be shown is shown, until it matches the store.

Every stored change queued outbox keys (`board`, `hands`, `sheet:N`, `puzzle`, ...) in its
transaction, and claimed them there for this process when nobody was showing the table
(`hand_over`: a lease, so no other process shows the table meanwhile). The loop claims the
rest: items whose retry is due, and what a process that died left behind once its lease ran out
(whole tables, `claim_outbox`). Each table's items are shown in rounds, in order (its thread
before its board, sheets before the board that follows them), by the kind that shows their key
(`Kind.show`: a table's publisher, a puzzle's redraw), which reads the table as stored then
(at the item's revision or newer). A round ends in ONE transaction (`Database.delivered`): what
the edited messages show now, the items shown done, the failed ones due again after a growing
pause (a picture that did not draw, the platform's 5xx or 429, a permission taken away), and
whatever was queued for the table meanwhile claimed for the next round. After a restart,
whatever was stored and not shown is shown: nothing is kept only in memory. A round that fails
to end drops what the kind kept of the table's messages (`Kind.drop`): the stored `shown` rows
are the truth, and the next round starts from them.

Why showing failed is the kind's to say (`ShowFailed`, `cogs.runtime.kind`): the delivery knows
no platform, only when to try again.

A round holds its table's lease while it runs: it renews it every `RENEW_SECONDS` (a round
held up, by a long rate limit inside the platform's client, keeps its table), and knows until
when it surely holds it (a time no later than the stored lease's end, by this process's clock).
Before each item, and whenever a renewal could not be made in time, it checks that time: a
round whose lease may have run out (another process may be showing the table) stops at once,
cancelled wherever it waits, sends nothing more and records nothing; whoever claims the table
next shows it.

Tables are shown side by side, each table's items one after another.
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import TYPE_CHECKING, Any

from cogs.common import logs, metrics
from cogs.runtime.kind import KeepsNoRounds, ShowFailed, guild_of
from cogs.runtime.store import DELIVERY_LEASE_SECONDS
from data import Job, OutboxItem

if TYPE_CHECKING:
    from cogs.runtime.kind import Kind, Owner

log = logging.getLogger(__name__)

#: An item being shown is not claimed again before this (a dead process's).
LEASE_SECONDS = DELIVERY_LEASE_SECONDS
CLAIM_LIMIT = 50  # tables claimed at once
RETRY_SECONDS = (0.5, 2.0, 5.0, 15.0, 30.0, 60.0)  # pauses before showing again, in turn
#: A round renews its table's lease this often; it stops once its lease, unrenewed, would run
#: out within `MARGIN_SECONDS` (what it sent last lands before another process may claim).
RENEW_SECONDS = 2.0
MARGIN_SECONDS = 2.0


def _order(kind: Kind, item: OutboxItem) -> tuple[int, str]:
    """Where `item` comes in its round: in the order of its kind's keys (`Kind.keys`: a
    table's thread before its board, its sheets before the board that follows them)."""
    name, _, rest = item.key.partition(":")
    rank = kind.keys.index(name) if name in kind.keys else len(kind.keys)
    return rank, rest.zfill(6)


def retry_after(attempts: int) -> float:
    return RETRY_SECONDS[min(attempts, len(RETRY_SECONDS) - 1)]


class LeaseLost(Exception):
    """The round's lease may have run out: it stops, sends nothing more, records nothing."""


class Delivery:
    def __init__(self, runtime: Owner) -> None:
        self.runtime = runtime
        self.db = runtime.db
        self.clock = runtime.clock
        self.pending: dict[str, dict[str, OutboxItem]] = {}  # claimed, by table and key
        self.showing: dict[str, asyncio.Task[None]] = {}  # one task per table being shown
        #: table id -> until when this process surely holds its lease (its clock): no later
        #: than the stored lease's end, as the claim, the renewal or the round's end set it
        self.leases: dict[str, float] = {}
        self._ending: set[str] = set()  # tables whose round's end is being stored
        self._wanted = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._wanted.set()  # whatever a previous run left undelivered
            self._task = asyncio.create_task(self._run(), name="table-delivery")
            for table_id in list(self.pending):
                self._start_showing(table_id)

    @property
    def running(self) -> bool:
        """This process shows what it claims (started, not stopped)."""
        return self._task is not None

    def wake(self) -> None:
        """Something is due that no process may have claimed: claim it now."""
        self._wanted.set()

    def hand_over(self, items: list[OutboxItem]) -> None:
        """Items this process claimed as it stored them (`Database.commit_and_take`): shown
        now, without a claim of their own."""
        for item in items:
            self._add(item)
            # The commit leased them until its time (no earlier than any item it took was
            # due) plus the lease.
            self._leased(item.table_id, item.due_at + LEASE_SECONDS)
        if self._task is None:
            return  # shown once the delivery starts
        for table_id in {item.table_id for item in items}:
            self._start_showing(table_id)

    def _leased(self, table_id: str, until: float) -> None:
        self.leases[table_id] = max(self.leases.get(table_id, until), until)

    def _add(self, item: OutboxItem) -> None:
        pending = self.pending.setdefault(item.table_id, {})
        known = pending.get(item.key)
        if known is None or known.revision <= item.revision:
            pending[item.key] = item

    def _start_showing(self, table_id: str) -> None:
        task = self.showing.get(table_id)
        if task is None or task.done():
            self.showing[table_id] = asyncio.create_task(
                self._show_table(table_id), name=f"show-{table_id}"
            )

    async def stop(self) -> None:
        tasks = [task for task in (self._task, *self.showing.values()) if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._task = None
        self.showing.clear()

    async def idle(self) -> None:
        """Wait until what is claimed now has been shown (tests, a graceful stop)."""
        while self.showing:
            await asyncio.gather(*self.showing.values(), return_exceptions=True)

    async def _run(self) -> None:
        while True:
            await self._wanted.wait()
            self._wanted.clear()
            try:
                now = self.clock()
                items = await self.db.claim_outbox(now, LEASE_SECONDS, CLAIM_LIMIT)
            except Exception:
                log.exception("the outbox could not be read: trying again soon")
                await asyncio.sleep(1.0)
                self._wanted.set()
                continue
            for item in items:
                self._add(item)
                self._leased(item.table_id, now + LEASE_SECONDS)
                self._start_showing(item.table_id)
            if len({item.table_id for item in items}) == CLAIM_LIMIT:
                self._wanted.set()  # more tables are waiting (a claim takes whole tables)

    def _kind(self, table_id: str) -> Kind:
        """The kind of the table whose items are claimed (by their keys): `NOBODY` when no
        registered kind shows them."""
        items = self.pending.get(table_id)
        kind = self.runtime.kind_showing(next(iter(items))) if items else None
        return NOBODY if kind is None else kind

    async def _show_table(self, table_id: str) -> None:
        kind = self._kind(table_id)
        logs.about_table(table_id, guild_of(kind, table_id))  # this round's task's lines
        kind.begin_round(table_id)
        round_task = asyncio.current_task()
        assert round_task is not None
        lost: list[str] = []
        keeping = asyncio.create_task(
            self._keep_lease(table_id, round_task, lost), name=f"lease-{table_id}"
        )
        try:
            await self._rounds(table_id, kind)
        except LeaseLost:
            self._lost(table_id, kind)
        except asyncio.CancelledError:
            if not lost:
                raise  # stopped
            self._lost(table_id, kind)
        finally:
            keeping.cancel()
            kind.end_round(table_id)
            if self.showing.get(table_id) is round_task:
                del self.showing[table_id]
                self.leases.pop(table_id, None)

    async def _rounds(self, table_id: str, kind: Kind) -> None:
        while (items := self.pending.pop(table_id, None)) is not None:
            done: list[OutboxItem] = []
            later: list[tuple[OutboxItem, float]] = []
            for item in sorted(items.values(), key=lambda item: _order(kind, item)):
                self._check_lease(table_id)
                pause = await self._show(kind, item)
                if pause is None:
                    done.append(item)
                else:
                    later.append((item, self.clock() + pause))
            self._check_lease(table_id)
            shown = kind.unsaved(table_id)
            now = self.clock()
            self._ending.add(table_id)
            try:
                more = await self.db.delivered(table_id, done, later, shown, now, LEASE_SECONDS)
            except asyncio.CancelledError:
                raise
            except Exception:
                # Shown, but not known to be: shown again once the lease runs out (to the
                # messages the store names, which the next round records).
                log.exception("table %s: shown again after its lease", table_id)
                kind.drop(table_id)
                self._wanted.set()
                self.runtime.jobs.expect_outbox(now + LEASE_SECONDS)  # claimed again then
                break
            finally:
                self._ending.discard(table_id)
            if done:
                metrics.shown(table_id)
            if more:
                self.leases[table_id] = now + LEASE_SECONDS
            for item in more:
                self._add(item)
            for _, due in later:
                self.runtime.jobs.expect_outbox(due)

    def _lost(self, table_id: str, kind: Kind) -> None:
        """Another process may be showing the table now: nothing more is sent or stored here;
        whoever claims it next shows it from the store."""
        log.warning("table %s: its lease ran out mid-round: shown by the next claim", table_id)
        kind.drop(table_id)
        self.pending.pop(table_id, None)
        self._wanted.set()
        # Claimed again once its lease ends (it may not have yet).
        self.runtime.jobs.expect_outbox(self.leases.get(table_id, self.clock()))

    def _check_lease(self, table_id: str) -> None:
        """Refuse to go on once the table's lease may run out before what is sent lands."""
        if self.clock() >= self.leases.get(table_id, -math.inf) - MARGIN_SECONDS:
            raise LeaseLost

    async def _keep_lease(
        self, table_id: str, round_task: asyncio.Task[None], lost: list[str]
    ) -> None:
        """While the table's round runs: renew its lease every `RENEW_SECONDS`; once it may
        have run out (a renewal failed, the store had nothing leased any more, or the clock
        jumped past it), mark it `lost` and cancel the round wherever it waits."""
        while True:
            await asyncio.sleep(RENEW_SECONDS)
            if table_id in self._ending:
                continue  # the round's end stores a lease of its own
            now = self.clock()
            if now >= self.leases.get(table_id, -math.inf) - MARGIN_SECONDS:
                break
            try:
                renewed = await self.db.renew_outbox(table_id, now, LEASE_SECONDS)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("table %s: its lease could not be renewed", table_id, exc_info=True)
                continue  # still surely held: tried again, and stopped before it runs out
            if not renewed and table_id not in self._ending:
                break
            self._leased(table_id, now + LEASE_SECONDS)
        lost.append(table_id)
        round_task.cancel()

    async def _show(self, kind: Kind, item: OutboxItem) -> float | None:
        """Show one item; None when done, else the pause before it is tried again."""
        try:
            await kind.show(item.table_id, item.key, item.revision)
        except asyncio.CancelledError:
            raise
        except ShowFailed as failed:
            if failed.waits:
                log.info("table %s: %s waits: %s", item.table_id, item.key, failed)
            else:
                log.warning(
                    "table %s: showing %s failed (try %d): %s",
                    item.table_id,
                    item.key,
                    item.attempts + 1,
                    failed,
                )
            if failed.retry_after is not None:
                return failed.retry_after
            return retry_after(item.attempts)
        except Exception as error:
            log.warning(
                "table %s: showing %s failed (try %d): %r",
                item.table_id,
                item.key,
                item.attempts + 1,
                error,
                exc_info=True,
            )
            return retry_after(item.attempts)
        return None


class Nobody(KeepsNoRounds):
    """The kind of items no registered kind shows (a key no kind has, or of a kind no longer
    served): each is done as soon as it is shown, which shows nothing, so it is not claimed
    again and again."""

    name = "nobody"
    keys: tuple[str, ...] = ()
    store: Any = None

    async def run_job(self, job: Job) -> bool:
        return False

    async def show(self, table_id: str, key: str, revision: int | None) -> None:
        log.warning("table %s: nothing shows %r", table_id, key)

    def forget(self, table_id: str, item: Any | None) -> None:
        pass


NOBODY = Nobody()
