"""The runtime serves any kind of table registered with it, and names none: a kind of its own
here (a note, a table of nobody, stored as a row of kind `table` that only it owns) has its key
shown, its job run and its row forgotten through the `Kind` protocol, on a real store. Its
jobs' loop sleeps until the next due time instead of polling, is woken by a commit that sets
an earlier one, and notices a clock that jumps."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cogs import texts
from cogs.runtime.kind import KeepsNoRounds
from cogs.runtime.runtime import Runtime
from cogs.runtime.store import Store
from data import Change, Database, Job, LiveTable

KIND = "note"


@dataclass
class Note:
    id: str
    text: str
    revision: int = 0


class NoteRows:
    too_many = texts.TOO_MANY_TABLES

    def owns(self, row: LiveTable) -> bool:
        return KIND in row.state

    def load(self, row: LiveTable) -> Note:
        return Note(row.id, str(row.state[KIND]))


@dataclass
class NoteKind(KeepsNoRounds):
    store: Store[Note]
    name: str = KIND
    keys: tuple[str, ...] = ("note",)
    shown: list[tuple[str, str, str]] = field(default_factory=list)
    ran: list[tuple[str, str, float]] = field(default_factory=list)
    forgotten: list[str] = field(default_factory=list)
    clock: Callable[[], float] = time.time

    async def run_job(self, job: Job) -> bool:
        self.ran.append((job.table_id, job.kind, self.clock()))
        return False

    async def show(self, table_id: str, key: str, revision: int | None) -> None:
        note = await self.store.get(table_id, at_least=revision)
        self.shown.append((table_id, key, note.text))

    def forget(self, table_id: str, item: Any | None) -> None:
        self.forgotten.append(table_id)


def change(note: Note, now: float, job: tuple[str, float] | None, *, new: bool = False) -> Change:
    revision = 0 if new else note.revision + 1
    row = LiveTable(note.id, 1, 2, None, None, {KIND: note.text}, now, revision)
    due = Job(note.id, job[0], revision, job[1]) if job is not None else None
    return Change(row, None if new else note.revision, ("note",), due, due_at=now)


async def started(
    db: Database, clock: Callable[[], float], *, steady: bool = True
) -> tuple[Runtime, NoteKind]:
    runtime = Runtime(db, clock=clock, shared=False, steady=steady)
    kind = NoteKind(Store(db, NoteRows()), clock=clock)
    runtime.register(kind)
    await runtime.restore()
    return runtime, kind


async def until(done: Callable[[], bool], seconds: float = 5.0) -> None:
    async with asyncio.timeout(seconds):
        while not done():
            await asyncio.sleep(0.01)


async def test_a_kind_is_shown_run_and_forgotten_through_the_runtime(db: Database) -> None:
    runtime, kind = await started(db, time.time)
    try:
        note = Note("n1", "hello")
        await runtime.commit(kind.store, note, change(note, time.time(), None, new=True))
        await until(lambda: bool(kind.shown))
        assert kind.shown == [("n1", "note", "hello")]
        note.text = "bye"
        await runtime.commit(kind.store, note, change(note, time.time(), ("tidy", time.time())))
        await until(lambda: bool(kind.ran) and len(kind.shown) == 2)
        assert kind.shown[-1] == ("n1", "note", "bye")
        assert [(table, job) for table, job, _ in kind.ran] == [("n1", "tidy")]
        await runtime.commit(kind.store, note, change(note, time.time(), ("forget", time.time())))
        await until(lambda: bool(kind.forgotten))
        assert kind.forgotten == ["n1"]
        assert await db.load_table("n1") is None
        assert "n1" not in kind.store.cached
    finally:
        await runtime.close()


async def test_the_jobs_sleep_until_due_and_a_commit_wakes_them(db: Database) -> None:
    reads: list[float] = []

    def clock() -> float:
        reads.append(time.time())
        return reads[-1]

    runtime, kind = await started(db, clock)
    try:
        note = Note("n2", "later")
        await runtime.commit(kind.store, note, change(note, clock(), None, new=True))
        await until(lambda: bool(kind.shown))
        # Set for an hour from now, then brought forward by a commit: run when due, at once.
        await runtime.commit(kind.store, note, change(note, clock(), ("tidy", clock() + 3600)))
        await asyncio.sleep(0.3)
        due = clock() + 0.8
        await runtime.commit(kind.store, note, change(note, clock(), ("tidy", due)))
        await asyncio.sleep(0.2)  # the commit's item shown meanwhile
        quiet = len(reads)
        await asyncio.sleep(0.5)
        # Nothing was due in that half second: nobody looked at the clock (a loop polling every
        # 50 ms would have read it about ten times).
        assert len(reads) - quiet <= 1
        await until(lambda: bool(kind.ran))
        ran_at = kind.ran[0][2]
        assert due <= ran_at < due + 0.3
    finally:
        await runtime.close()


async def test_a_clock_that_jumps_is_noticed(db: Database) -> None:
    offset = [0.0]

    def clock() -> float:
        return time.time() + offset[0]

    runtime, kind = await started(db, clock, steady=False)
    try:
        note = Note("n3", "timer")
        later = ("tidy", clock() + 3600)
        await runtime.commit(kind.store, note, change(note, clock(), later, new=True))
        await asyncio.sleep(0.2)
        assert not kind.ran
        offset[0] += 3600  # a test's `advance`: nothing tells the runtime
        jumped = time.monotonic()
        await until(lambda: bool(kind.ran))
        assert time.monotonic() - jumped < 0.5
    finally:
        await runtime.close()
