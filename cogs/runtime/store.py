"""What is stored: the database is the truth, memory a cache checked by revision.

A table of any kind (a table of players, a puzzle attempt) is loaded from its row (`Rows.load`:
a table replays its record through the rules) and kept in memory with the revision it was read
at. A change is made on the cached object under the table's lock and written in ONE
transaction (`Database.commit`, through `Store.write`): the new state at `revision + 1` (only
if the stored revision is still the one read), what must be shown (outbox keys), the table's
next due job and what else the kind's change carries (a match's result, a puzzle's solve). If
anything goes wrong (a refusal, a revision that moved on in another process, a database that
refuses) the cached copy is dropped, so the next reader loads what is stored: nothing unstored
is ever shown or kept.

Everything that shows a table reads it under the same lock (`Runtime.locks`), so it never sees
a change being stored.

When other processes share the store (`Settings.shared_store`), any of them may have changed a
table since this process cached it: an action, or a reader that must see the newest table,
first asks the store for the table's revision (`Database.table_revision`, one small query) and
reloads when it moved on; showing an outbox item queued at revision R only needs a copy at R or
newer (`at_least`). A process alone with its store never asks: every change went through its
own cache. The cache of a shared store is bounded (`SHARED_CACHE_TABLES`, least recently used
first out): tables that other processes forget are never heard of here again.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from typing import Generic, Protocol, TypeVar

from cogs import texts
from cogs.common.refusal import Refusal
from data import Change, Database, LiveTable, OutboxItem, OverCap

log = logging.getLogger(__name__)

SHARED_CACHE_TABLES = 1000  # tables kept in memory (of each kind) when processes share the store
#: How long the items a commit claims stay this process's to show (`Delivery`'s lease).
DELIVERY_LEASE_SECONDS = 10.0


class Conflict(Refusal):
    """The table's stored revision moved on (another process, or a job racing a click): the
    change was not written."""

    def __init__(self) -> None:
        super().__init__(texts.STALE_BUTTON)


class NotStored(Refusal):
    """The database refused the change (full disk, locked file): nothing of it was kept. A
    click is refused; a job is tried again."""

    def __init__(self) -> None:
        super().__init__(texts.NOT_SAVED)


class Stored(Protocol):
    """What a store caches: an object with its table's id and the revision it was read at."""

    id: str
    revision: int


T = TypeVar("T", bound=Stored)
T_co = TypeVar("T_co", bound=Stored, covariant=True)


class Rows(Protocol[T_co]):
    """A kind's rows: which stored rows are its own, and each as the kind's object."""

    #: The refusal of a person whom a commit would place over their cap (`Change.caps`).
    too_many: str

    def owns(self, row: LiveTable) -> bool:
        """Whether `row` is a table of this kind."""
        ...

    def load(self, row: LiveTable) -> T_co:
        """The stored row as the kind's object, at the row's revision."""
        ...


async def store_change(
    db: Database, change: Change, *, too_many: str, take: bool = True
) -> list[OutboxItem]:
    """Write one change (`Database.commit_and_take`), refusing it as `NotStored` when the
    database fails and as `Conflict` when the stored revision moved on: the one place every
    kind turns a failed write into a refusal. Returns the outbox items the same transaction
    claimed for this process to show at once (those due at the change's time,
    `change.table.updated_at`: see `Delivery.hand_over`). A person placed over their cap
    (`Change.caps`, counted in the same transaction) is refused with `too_many`. `take`: this
    process shows what it stores (its delivery runs); a process that does not (stopping, or a
    test's) claims nothing, so another one shows the table at once instead of after the lease
    it would hold unused."""
    lease = DELIVERY_LEASE_SECONDS if take else 0.0
    try:
        taken = await db.commit_and_take(change, now=change.table.updated_at, lease=lease)
    except OverCap as over:
        raise Refusal(too_many, most=over.most) from None
    except Exception:
        log.exception("%s could not be stored", change.table.id)
        raise NotStored from None
    if taken is None:
        raise Conflict
    return taken


class Store(Generic[T]):
    """One kind's tables as stored: its cache, checked by revision, and its commit."""

    def __init__(self, db: Database, rows: Rows[T], *, shared: bool = False) -> None:
        self.db = db
        self.rows = rows
        self.shared = shared
        #: Committed objects only, at their `revision`, least recently used first.
        self.cached: OrderedDict[str, T] = OrderedDict()
        #: Who each cached table counts for, as stored at its revision: a commit places anew
        #: whoever its `people` gain (the cached object itself is changed in place).
        self.placed: dict[str, tuple[int, ...]] = {}

    async def get(self, table_id: str, *, at_least: int | None = None) -> T:
        """The table as stored (cached, or loaded); refused when there is none of this kind.

        In a shared store the cached copy is checked first: against the stored revision, or,
        given `at_least`, only that it is at that revision or newer (what an outbox item
        queued at that revision needs, without a query)."""
        item = self.cached.get(table_id)
        if item is not None and self.shared:
            if at_least is not None:
                stale = item.revision < at_least
            else:
                stale = await self.db.table_revision(table_id) != item.revision
            if stale:
                self.forget(table_id)
                item = None
            else:
                self.cached.move_to_end(table_id)
        if item is not None:
            return item
        row = await self.db.load_table(table_id)
        if row is None or not self.rows.owns(row):
            raise Refusal(texts.NO_SUCH_TABLE)
        return self.adopt(row)

    def adopt(self, row: LiveTable) -> T:
        """A stored row as a cached object (at restart, or on a cache miss)."""
        item = self.rows.load(row)
        item.revision = row.revision
        self.keep(item, row.people)
        return item

    def keep(self, item: T, placed: tuple[int, ...]) -> None:
        self.cached[item.id] = item
        self.placed[item.id] = placed
        self.cached.move_to_end(item.id)
        if self.shared and len(self.cached) > SHARED_CACHE_TABLES:
            dropped, _ = self.cached.popitem(last=False)
            self.placed.pop(dropped, None)

    def forget(self, table_id: str) -> None:
        """Drop the cached copy: the next reader loads the table from the store."""
        self.cached.pop(table_id, None)
        self.placed.pop(table_id, None)

    async def before(self, table_id: str, new: bool) -> tuple[int, ...]:
        """Who the table counted for as stored before a commit (nobody when it is `new`): a
        commit places anew whoever its `people` gain."""
        if new:
            return ()
        before = self.placed.get(table_id)
        if before is None:  # dropped from memory since it was read: the store says
            stored = await self.db.load_table(table_id)
            before = stored.people if stored is not None else ()
        return before

    async def write(self, item: T, change: Change, *, take: bool = True) -> list[OutboxItem]:
        """Store `change`, the new row of `item` (changed in place from its cached copy, or
        new). On success the cache holds `item` at the row's revision; on any failure the
        cached copy is dropped and the change refused (`Conflict`, `NotStored`, or the kind's
        `too_many` for a person placed over their cap). Returns the outbox items claimed for
        this process to show (`store_change`; `take`: whether it claims them)."""
        try:
            taken = await store_change(self.db, change, too_many=self.rows.too_many, take=take)
        except Refusal:
            self.forget(item.id)
            raise
        item.revision = change.table.revision
        self.keep(item, change.table.people)
        return taken
