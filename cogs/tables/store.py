"""The tables as stored: the database is the truth, memory a cache checked by revision.

A table is loaded from its row (its state replayed through the rules, `state.load`) and kept in
memory with the revision it was read at. A change is made on the cached table under the table's
lock and written in ONE transaction (`Database.commit`): the new state at `revision + 1` (only
if the stored revision is still the one read; a hand that ended is added apart, written once:
`state`), what must be shown (outbox keys), the table's
next due job and, when the match just ended, its result. If anything goes wrong (a refusal, a
revision that moved on in another process, a database that refuses) the cached copy is dropped,
so the next reader loads what is stored: nothing unstored is ever shown or kept.

Everything that shows a table reads it under the same lock (`Tables.read`), so it never sees
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
from collections.abc import Iterable
from dataclasses import dataclass

from cogs import texts
from cogs.common.refusal import Refusal
from cogs.tables.state import dump, finished_hands, hand_records, load
from cogs.tables.table import Phase, Table
from data import Cap, Change, Database, Job, LiveTable, OutboxItem, OverCap, TurnClock
from data.models import FinishedMatch, SeatResult
from engine.record import write

log = logging.getLogger(__name__)

SHARED_CACHE_TABLES = 1000  # tables kept in memory when other processes share the store
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


@dataclass(frozen=True)
class Due:
    """A table's next due job, before it is stored with the revision it belongs to. A person's
    turn timer has the turn's `clock`: the store makes it due when that clock runs out, which
    starts only when the turn's alert is delivered (`at` is then `UNTIL_SHOWN`)."""

    kind: str
    at: float
    clock: TurnClock | None = None


async def store_change(db: Database, change: Change) -> list[OutboxItem]:
    """Write one change (`Database.commit_and_take`), refusing it as `NotStored` when the
    database fails and as `Conflict` when the stored revision moved on: the one place both
    tables and puzzles turn a failed write into a refusal. Returns the outbox items the same
    transaction claimed for this process to show at once (those due at the change's time,
    `change.table.updated_at`: see `Delivery.hand_over`). A person placed over their cap
    (`Change.caps`, counted in the same transaction) is refused as such."""
    try:
        taken = await db.commit_and_take(
            change, now=change.table.updated_at, lease=DELIVERY_LEASE_SECONDS
        )
    except OverCap as over:
        refusal = texts.TOO_MANY_PUZZLES if change.table.kind == "puzzle" else texts.TOO_MANY_TABLES
        raise Refusal(refusal, most=over.most) from None
    except Exception:
        log.exception("%s could not be stored", change.table.id)
        raise NotStored from None
    if taken is None:
        raise Conflict
    return taken


class TableStore:
    def __init__(
        self, db: Database, *, shared: bool = False, tables_per_user: int | None = None
    ) -> None:
        self.db = db
        self.shared = shared
        #: Committed tables only, at `table.revision`, least recently used first.
        self.cached: OrderedDict[str, Table] = OrderedDict()
        #: The cap of every person a commit places anew (None: no cap).
        self.tables_per_user = tables_per_user
        #: Who each cached table counts for, as stored at its revision: a commit places anew
        #: whoever its table's `people` gain (the cached table itself is changed in place).
        self.placed: dict[str, tuple[int, ...]] = {}

    async def get(self, table_id: str, *, at_least: int | None = None) -> Table:
        """The table as stored (cached, or loaded and replayed); refused when there is none.

        In a shared store the cached copy is checked first: against the stored revision, or,
        given `at_least`, only that it is at that revision or newer (what an outbox item
        queued at that revision needs, without a query)."""
        table = self.cached.get(table_id)
        if table is not None and self.shared:
            if at_least is not None:
                stale = table.revision < at_least
            else:
                stale = await self.db.table_revision(table_id) != table.revision
            if stale:
                self.forget(table_id)
                table = None
            else:
                self.cached.move_to_end(table_id)
        if table is not None:
            return table
        row = await self.db.load_table(table_id)
        if row is None or row.kind != "table" or row.state.get("kind") is not None:
            raise Refusal(texts.NO_SUCH_TABLE)
        table = self.adopt(row)
        return table

    def adopt(self, row: LiveTable) -> Table:
        """A stored row as a cached table (at restart, or on a cache miss)."""
        table = load(row.state, row.hands)
        table.revision = row.revision
        self._keep(table, row.people)
        return table

    def _keep(self, table: Table, placed: tuple[int, ...]) -> None:
        self.cached[table.id] = table
        self.placed[table.id] = placed
        self.cached.move_to_end(table.id)
        if self.shared and len(self.cached) > SHARED_CACHE_TABLES:
            dropped, _ = self.cached.popitem(last=False)
            self.placed.pop(dropped, None)

    def forget(self, table_id: str) -> None:
        """Drop the cached copy: the next reader loads the table from the store."""
        self.cached.pop(table_id, None)
        self.placed.pop(table_id, None)

    async def caps(self, table: Table, new: bool) -> tuple[Cap, ...]:
        """The caps of the people a commit of `table` places anew (its host, a seat taken):
        counted in the commit's own transaction, so no burst gets past them."""
        if self.tables_per_user is None:
            return ()
        before = () if new else self.placed.get(table.id)
        if before is None:  # dropped from memory since it was read: the store says
            stored = await self.db.load_table(table.id)
            before = stored.people if stored is not None else ()
        return tuple(
            Cap(person, self.tables_per_user) for person in people(table) if person not in before
        )

    async def commit(
        self,
        table: Table,
        *,
        new: bool,
        was: Phase | None,
        show: Iterable[str],
        due: Due | None,
        now: float,
        same_position: bool = False,
    ) -> list[OutboxItem]:
        """Store `table` (changed in place from its cached copy, or `new`) at the next revision
        with what to `show` and its next job. `was`: its phase before the change (a match that
        just ended is recorded in the same transaction). On success the cache holds the table
        at its new revision; on any failure the cached copy is dropped and the change refused
        (`Conflict`, or "could not be saved"; a person it places anew who is at their cap:
        `TOO_MANY_TABLES`). Returns the outbox items claimed for this process to show
        (`store_change`). `same_position`: the change moved neither the position nor the due
        time, so the table's job keeps its row (`Change.same_position`: the job set at an
        earlier revision still stands, and a search for it goes on)."""
        revision = 0 if new else table.revision + 1
        finished = None
        recorded = table.ending is not None and table.ending.recorded
        if table.phase is Phase.OVER and was is not Phase.OVER and recorded:
            finished = finished_match(table, now)
        job = Job(table.id, due.kind, revision, due.at) if due is not None else None
        # Hands that ended since the last commit are written once, apart; the row keeps the rest.
        hands_over = finished_hands(table)
        row = LiveTable(
            id=table.id,
            guild_id=table.guild_id or 0,
            channel_id=table.channel_id or 0,
            thread_id=table.thread_id,
            board_message_id=table.board_message_id,
            state=dump(table, hands_over),
            updated_at=now,
            revision=revision,
            people=people(table),
            kind="table",
            hands=hand_records(table, table.hands_apart),
            hands_from=table.hands_apart,
        )
        caps = await self.caps(table, new)
        change = Change(
            table=row,
            expected=None if new else table.revision,
            outbox=tuple(show),
            job=job,
            finished=finished,
            due_at=now,
            caps=caps,
            same_position=same_position and not new,
            clock=due.clock if due is not None else None,
        )
        try:
            taken = await store_change(self.db, change)
        except Refusal:
            self.forget(table.id)
            raise
        table.revision = revision
        table.hands_apart = hands_over
        self._keep(table, row.people)
        return taken


def people(table: Table) -> tuple[int, ...]:
    """Who counts `table` against their cap (`TABLES_PER_USER`): its host and every person
    seated, while it is unfinished; nobody once it is over or closed."""
    if table.finished:
        return ()
    if table.phase is Phase.LOBBY:
        seated = [seat.user_id for seat in table.lobby.occupied]
    else:
        seated = [seat.user_id for seat in table.seats]
    return tuple(dict.fromkeys(user for user in (table.host_id, *seated) if user is not None))


def finished_match(table: Table, now: float) -> FinishedMatch:
    """The result rows of a finished match, with its record: each seat's place and whether it
    won are its unit's, as the table's ending decided them (`cogs.tables.ending`)."""
    assert table.match is not None and table.ending is not None
    match, ending = table.match, table.ending
    return FinishedMatch(
        table_id=table.id,
        guild_id=table.guild_id or 0,
        variant=table.setup.variant,
        options=dict(table.setup.options),
        record=write(match),
        seats=[
            SeatResult(
                seat=number,
                user_id=seat.user_id,
                name=seat.name,
                unit=match.unit_of(number),
                points=match.scores[match.unit_of(number)],
                won=number in ending.winners,
                place=ending.places[match.unit_of(number)],
            )
            for number, seat in enumerate(table.seats)
        ],
        rated=table.setup.rated,
        finished_at=now,
    )
