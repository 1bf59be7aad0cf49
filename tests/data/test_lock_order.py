"""Two processes on one PostgreSQL store, one committing actions to a table while the other
shows it and ends its rounds (`Database.delivered`), at the same moment: every statement that
touches a table's outbox, jobs or shown rows takes the table's lock first, so none waits for
another in a circle (a deadlock aborts one of them after the server's `deadlock_timeout`: a
click fails, or a table's messages freeze until the round's lease runs out)."""

from __future__ import annotations

import asyncio
import time

import pytest

from data import Change, Database, Job, LiveTable, OutboxItem, Shown
from data.sql import Connection, open_store
from data.sql.base import Body
from tests.data.conftest import GUILD, raw_execute, raw_rows

TABLES = 6
ROUNDS = 3
LEASE = 30.0
#: The keys a move queues, and the order a round shows them in (its thread before its board,
#: sheets before the board that follows them): not the keys' order.
KEYS = ("board", "hands", "sheet:1", "sheet:2", "thread")
SHOWN_IN = ("thread", "lobby", "sheet:1", "sheet:2", "board", "hands")
#: The row a third transaction holds while both start: each has taken some of the table's rows
#: and waits for the next one when it is let go, so that both are midway at the same moment.
HELD = "sheet:2"


def row(table_id: str, revision: int) -> LiveTable:
    return LiveTable(table_id, GUILD, 10, 20, None, {"turn": revision}, 1.0, revision)


def move(table_id: str, revision: int) -> Change:
    now = time.time()
    job = Job(table_id, "ai", revision, now)
    return Change(row(table_id, revision), revision - 1, KEYS, job, None, now)


async def end_round(db: Database, items: list[OutboxItem]) -> list[OutboxItem]:
    """A round of showing a table ends, its items shown in display order."""
    table_id = items[0].table_id
    items = sorted(items, key=lambda item: SHOWN_IN.index(item.key))
    shows = str(max(item.revision for item in items))
    shown = [Shown(table_id, item.key, 1, 1, shows) for item in items]
    return await db.delivered(table_id, items, [], shown, time.time(), LEASE)


async def waiting(target: str) -> int:
    """How many of the store's sessions wait for a lock now."""
    rows = await raw_rows(
        target,
        "SELECT COUNT(*) FROM pg_stat_activity"
        " WHERE datname = current_database() AND wait_event_type = 'Lock'",
    )
    return int(rows[0][0])


async def hold(target: str, table_id: str, held: asyncio.Event, free: asyncio.Event) -> None:
    async with await open_store(target) as store, store.write() as connection:
        await connection.fetch(
            "SELECT 1 FROM outbox WHERE table_id = ? AND key = ? FOR UPDATE", (table_id, HELD)
        )
        held.set()
        await free.wait()


@pytest.mark.parametrize("backend", ["postgresql"])
async def test_a_commit_and_the_end_of_a_round_on_one_table_never_deadlock(
    target: str, backend: str
) -> None:
    committing, showing = await Database.open(target), await Database.open(target)
    ids = [f"t{number:02d}" for number in range(TABLES)]
    try:
        for table_id in ids:
            assert await committing.commit(Change(row(table_id, 0), None, KEYS))
        stored = 0
        showing_now: dict[str, list[OutboxItem]] = {table_id: [] for table_id in ids}
        for revision in range(1, ROUNDS + 1):
            for item in await showing.claim_outbox(time.time(), LEASE, limit=TABLES):
                showing_now[item.table_id].append(item)
            assert all(showing_now.values())
            free = asyncio.Event()
            holders = []
            for table_id in ids:
                held = asyncio.Event()
                holders.append(asyncio.create_task(hold(target, table_id, held, free)))
                await held.wait()
            moves = [asyncio.create_task(committing.commit(move(t, revision))) for t in ids]
            ends = [asyncio.create_task(end_round(showing, showing_now[t])) for t in ids]
            deadline = time.monotonic() + 10
            while await waiting(target) < 2 * TABLES and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
            free.set()
            await asyncio.gather(*holders)
            stored += sum(await asyncio.gather(*moves))
            # What a move queued while its table's round was ending, the round claimed to show
            # next.
            showing_now = dict(zip(ids, await asyncio.gather(*ends), strict=True))
        # Every move was stored, none lost to a deadlock; and each table's last round shows it
        # as stored: nothing is left to show, and every message shows the last revision.
        assert stored == ROUNDS * TABLES
        for item in await showing.claim_outbox(time.time(), LEASE, limit=TABLES):
            showing_now[item.table_id].append(item)
        for items in showing_now.values():
            while items:
                items = await end_round(showing, items)
    finally:
        await committing.close()
        await showing.close()
    assert await raw_rows(target, "SELECT table_id, key FROM outbox") == []
    revisions = await raw_rows(target, "SELECT id, revision FROM live_tables ORDER BY id")
    assert revisions == [(table_id, ROUNDS) for table_id in ids]
    shows = await raw_rows(target, "SELECT DISTINCT shows FROM shown")
    assert shows == [(str(ROUNDS),)]


@pytest.mark.parametrize("backend", ["postgresql"])
async def test_a_transaction_aborted_by_a_deadlock_is_run_again_whole(
    target: str, backend: str
) -> None:
    """Whatever still meets a deadlock (not the table runtime) is run again, not refused: two
    transactions that take two rows in opposite orders both land, each once."""
    db = await Database.open(target)
    await db.close()
    for key in ("a", "b"):
        await raw_execute(
            target,
            "INSERT INTO outbox (table_id, key, revision, attempts, due_at, claimed_until)"
            f" VALUES ('t', '{key}', 0, 0, 0, 0)",
        )
    both = asyncio.Barrier(2)
    runs: list[str] = []

    def bump(first: str, second: str) -> Body[None]:
        async def body(connection: Connection) -> None:
            runs.append(first)
            update = "UPDATE outbox SET revision = revision + 1 WHERE key = ?"
            await connection.execute(update, (first,))
            if runs.count(first) == 1:
                await both.wait()  # each holds its first row: the second closes the circle
            await connection.execute(update, (second,))

        return body

    async with await open_store(target) as one, await open_store(target) as two:
        await asyncio.gather(one.writing(bump("a", "b")), two.writing(bump("b", "a")))
    assert sorted(runs) in (["a", "a", "b"], ["a", "b", "b"])  # one of them ran twice
    rows = await raw_rows(target, "SELECT key, revision FROM outbox ORDER BY key")
    assert rows == [("a", 2), ("b", 2)]
