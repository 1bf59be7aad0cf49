"""The delivery loop: what the outbox says must be shown is shown, until it matches the store.

Every stored change queued outbox keys (`board`, `hands`, `sheet:N`, ...) in its transaction,
and claimed them there for this process when nobody was showing the table (`hand_over`: a
lease, so no other process shows the table meanwhile). The loop claims the rest: items whose
retry is due, and what a process that died left behind once its lease ran out (whole tables,
`claim_outbox`). Each table's items are shown in rounds, in order (its thread before its
board, sheets before the board that follows them), with `Publisher.show`, which reads the
table as stored then (at the item's revision or newer). A round ends in ONE transaction
(`Database.delivered`): what the edited messages show now, the items shown done, the failed
ones due again after a growing pause (a picture that did not draw, Discord's 5xx or 429, a
permission taken away), and whatever was queued for the table meanwhile claimed for the next
round. After a restart, whatever was stored and not shown is shown: nothing is kept only in
memory. A round that fails to end drops what the publisher kept of the table's messages: the
stored `shown` rows are the truth, and the next round starts from them.

A round holds its table's lease while it runs: it renews it every `RENEW_SECONDS` (a round
held up, by a long 429 inside discord.py, keeps its table), and knows until when it surely holds
it (a time no later than the stored lease's end, by this process's clock). Before each item,
and whenever a renewal could not be made in time, it checks that time: a round whose lease
may have run out (another process may be showing the table) stops at once, cancelled wherever
it waits, sends nothing more and records nothing; whoever claims the table next shows it.

Tables are shown side by side, each table's items one after another.
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import TYPE_CHECKING

from cogs.common.messages import gone
from cogs.tables.publisher import Blocked
from cogs.tables.store import DELIVERY_LEASE_SECONDS
from data import OutboxItem

if TYPE_CHECKING:
    from cogs.tables.runner import Tables

log = logging.getLogger(__name__)

#: An item being shown is not claimed again before this (a dead process's).
LEASE_SECONDS = DELIVERY_LEASE_SECONDS
CLAIM_LIMIT = 50  # tables claimed at once
RETRY_SECONDS = (0.5, 2.0, 5.0, 15.0, 30.0, 60.0)  # pauses before showing again, in turn
#: Discord's 429 that outlasted discord.py's own waits: its windows are seconds long and another
#: process may share the bucket (a channel's thread creations), so it is tried again soon rather
#: than after the growing pauses meant for outages.
RATE_LIMITED_SECONDS = 1.0
#: A round renews its table's lease this often; it stops once its lease, unrenewed, would run
#: out within `MARGIN_SECONDS` (what it sent last lands before another process may claim).
RENEW_SECONDS = 2.0
MARGIN_SECONDS = 2.0
ORDER = ("thread", "lobby", "sheet", "board", "hands", "notice")


def _order(item: OutboxItem) -> tuple[int, str]:
    kind, _, rest = item.key.partition(":")
    rank = ORDER.index(kind) if kind in ORDER else len(ORDER)
    return rank, rest.zfill(6)


def retry_after(attempts: int) -> float:
    return RETRY_SECONDS[min(attempts, len(RETRY_SECONDS) - 1)]


class LeaseLost(Exception):
    """The round's lease may have run out: it stops, sends nothing more, records nothing."""


class Delivery:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.db = tables.db
        self.clock = tables.clock
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

    async def _show_table(self, table_id: str) -> None:
        publisher = self.tables.publisher
        publisher.rounds.add(table_id)
        round_task = asyncio.current_task()
        assert round_task is not None
        lost: list[str] = []
        keeping = asyncio.create_task(
            self._keep_lease(table_id, round_task, lost), name=f"lease-{table_id}"
        )
        try:
            await self._rounds(table_id)
        except LeaseLost:
            self._lost(table_id)
        except asyncio.CancelledError:
            if not lost:
                raise  # stopped
            self._lost(table_id)
        finally:
            keeping.cancel()
            publisher.rounds.discard(table_id)
            if self.showing.get(table_id) is round_task:
                del self.showing[table_id]
                self.leases.pop(table_id, None)

    async def _rounds(self, table_id: str) -> None:
        publisher = self.tables.publisher
        while (items := self.pending.pop(table_id, None)) is not None:
            done: list[OutboxItem] = []
            later: list[tuple[OutboxItem, float]] = []
            for item in sorted(items.values(), key=_order):
                self._check_lease(table_id)
                pause = await self._show(item)
                if pause is None:
                    done.append(item)
                else:
                    later.append((item, self.clock() + pause))
            self._check_lease(table_id)
            shown = publisher.unsaved(table_id)
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
                publisher.drop(table_id)
                self._wanted.set()
                break
            finally:
                self._ending.discard(table_id)
            if more:
                self.leases[table_id] = now + LEASE_SECONDS
            for item in more:
                self._add(item)
            for _, due in later:
                self.tables.jobs.expect_outbox(due)

    def _lost(self, table_id: str) -> None:
        """Another process may be showing the table now: nothing more is sent or stored here;
        whoever claims it next shows it from the store."""
        log.warning("table %s: its lease ran out mid-round: shown by the next claim", table_id)
        self.tables.publisher.drop(table_id)
        self.pending.pop(table_id, None)
        self._wanted.set()

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

    async def _show(self, item: OutboxItem) -> float | None:
        """Show one item; None when done, else the pause before it is tried again."""
        try:
            await self.tables.publisher.show(item.table_id, item.key, item.revision)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            if gone(error):  # its thread or channel was deleted: never tried again
                await self.tables.places.gone(item.table_id)
                return None
            if isinstance(error, Blocked):
                log.info("table %s: %s waits for a permission", item.table_id, item.key)
            else:
                log.warning(
                    "table %s: showing %s failed (try %d): %r",
                    item.table_id,
                    item.key,
                    item.attempts + 1,
                    error,
                    exc_info=not _discords(error),
                )
            return RATE_LIMITED_SECONDS if _rate_limited(error) else retry_after(item.attempts)
        return None


def _discords(error: BaseException) -> bool:
    """Discord's own failures (5xx, 429, a permission) are expected: no traceback for them."""
    import discord

    return isinstance(error, discord.HTTPException)


def _rate_limited(error: BaseException) -> bool:
    import discord

    return isinstance(error, discord.HTTPException) and error.status == 429
