"""The table runtime's queues: the outbox (what must be shown), the jobs (each table's next
due job) and what the bot's messages show. Each function runs inside the caller's transaction.

One lock order (`lock_table`): a transaction that touches a table's outbox, job or shown rows
takes the table's lock first, before any of those rows (after the server's lock, when it takes
one: a commit that records a match), and several tables' locks in the order of their ids. Two
transactions on one table then never hold some of its rows each and wait for the other's: the
second waits for the table's lock before it holds anything. (Without it, a round that ends
deletes its items in display order, a sheet before the board, while a commit upserts them in
key order, the board before a sheet: PostgreSQL saw the circle and aborted one of them after
its `deadlock_timeout`.) Multi-row statements of one table go in key order all the same.

Claims select, then update the selected rows, inside one write transaction. On SQLite the
writer's `BEGIN IMMEDIATE` holds the database's write lock from the start, so no other
connection (in this process or another) can claim the same rows in between, and the table's
lock is nothing more. On PostgreSQL jobs are selected `FOR UPDATE SKIP LOCKED`, so concurrent
claimers skip each other's rows instead of waiting (and never wait for a table's lock); the
outbox is claimed by whole tables, each table only if its lock is free now
(`try_serialize`: a table another transaction is changing or showing is passed over, and
claimed later), its rows then read again (locked, in key order) to check that no other
claimer's lease is live.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from data.models import Job, OutboxItem, Shown
from data.sql import Connection

#: The scope of a table's lock (`lock_table`).
TABLE = "table"


async def lock_table(connection: Connection, table_id: str) -> None:
    """Hold the table's lock until the transaction ends: the first thing a transaction does
    with the table's outbox, job or shown rows (see the module docstring). Taken again in the
    same transaction, it costs nothing."""
    await connection.serialize(TABLE, table_id)


# -- outbox ------------------------------------------------------------------------------------


async def queue(
    connection: Connection,
    table_id: str,
    keys: Iterable[str],
    revision: int,
    due_at: float,
) -> None:
    """Queue each key at `revision`: one row per (table, key), keeping the newest revision,
    with its attempts reset and due at `due_at`. A claim in progress is left alone: its
    claimer's `outbox_done` sees the newer revision and releases the row to be shown again."""
    await lock_table(connection, table_id)
    await connection.executemany(
        "INSERT INTO outbox (table_id, key, revision, attempts, due_at, claimed_until)"
        " VALUES (?, ?, ?, 0, ?, 0)"
        " ON CONFLICT (table_id, key) DO UPDATE SET"
        " revision = CASE WHEN excluded.revision > outbox.revision"
        " THEN excluded.revision ELSE outbox.revision END,"
        " attempts = 0, due_at = excluded.due_at",
        [(table_id, key, revision, due_at) for key in sorted(set(keys))],
    )


async def claim_outbox(
    connection: Connection, now: float, lease: float, limit: int
) -> list[OutboxItem]:
    """Every due item of up to `limit` tables, claimed until `now + lease`: tables with a due
    item and no live lease on any item, oldest due first (see `Database.claim_outbox`)."""
    tables: list[str] = []
    after: tuple[float, str] = (float("-inf"), "")
    page = limit * 2 + 8  # candidates another claimer holds are passed over: read on
    while len(tables) < limit:
        candidates = await connection.fetch(
            "SELECT MIN(due_at), table_id FROM outbox GROUP BY table_id"
            " HAVING MIN(due_at) <= ? AND MAX(claimed_until) <= ?"
            " AND (MIN(due_at) > ? OR (MIN(due_at) = ? AND table_id > ?))"
            " ORDER BY MIN(due_at), table_id LIMIT ?",
            (now, now, after[0], after[0], after[1], page),
        )
        for due_at, table_id in candidates:
            after = (due_at, table_id)
            if await _claimable(connection, table_id, now):
                tables.append(table_id)
                if len(tables) == limit:
                    break
        if len(candidates) < page:
            break
    if not tables:
        return []
    marks = ", ".join("?" for _ in tables)
    claimed = await connection.fetch(
        f"UPDATE outbox SET claimed_until = ? WHERE table_id IN ({marks}) AND due_at <= ?"
        " RETURNING table_id, key, revision, attempts, due_at",
        (now + lease, *tables, now),
    )
    rank = {table_id: number for number, table_id in enumerate(tables)}
    claimed.sort(key=lambda row: (rank[row[0]], row[4], row[1]))
    return [OutboxItem(*row) for row in claimed]


async def _claimable(connection: Connection, table_id: str, now: float) -> bool:
    """Whether this claim may take the table: no other claimer is looking at it, and, read
    again (a claimer that took it since the candidates were listed has committed by now), none
    of its items is under a live lease."""
    if not await connection.try_serialize(TABLE, table_id):
        return False
    locked = connection.for_update()
    leases = await connection.fetch(
        f"SELECT claimed_until FROM outbox WHERE table_id = ? ORDER BY key{locked}", (table_id,)
    )
    return all(claimed_until <= now for (claimed_until,) in leases)


async def take(connection: Connection, table_id: str, now: float, lease: float) -> list[OutboxItem]:
    """A claim of one table, made by the commit that queued its items: every item of the table
    due by `now`, claimed until `now + lease`, if none is under a live lease (nobody shows the
    table now); else nothing (whoever shows it takes them with its `delivered`)."""
    if not await _claimable(connection, table_id, now):
        return []
    return await _lease_due(connection, table_id, now, lease)


async def _lease_due(
    connection: Connection, table_id: str, now: float, lease: float
) -> list[OutboxItem]:
    rows = await connection.fetch(
        "UPDATE outbox SET claimed_until = ? WHERE table_id = ? AND due_at <= ?"
        " RETURNING table_id, key, revision, attempts, due_at",
        (now + lease, table_id, now),
    )
    return sorted((OutboxItem(*row) for row in rows), key=lambda item: (item.due_at, item.key))


async def renew(connection: Connection, table_id: str, now: float, lease: float) -> int:
    """Every item of the table under a live lease, leased until `now + lease`: a round that
    still runs keeps its table (`Delivery`, which renews only while its own lease is surely
    live, so the live leases are its own). Returns how many items were renewed (none: the table
    was forgotten meanwhile)."""
    await lock_table(connection, table_id)
    return await connection.execute(
        "UPDATE outbox SET claimed_until = ? WHERE table_id = ? AND claimed_until > ?",
        (now + lease, table_id, now),
    )


#: An item shown: gone, if it still holds the revision shown.
_DONE = "DELETE FROM outbox WHERE table_id = ? AND key = ? AND revision = ?"
#: An item that failed: one more attempt, due again later, if it still holds the revision tried.
_LATER = (
    "UPDATE outbox SET attempts = attempts + 1, due_at = ?, claimed_until = 0"
    " WHERE table_id = ? AND key = ? AND revision = ?"
)


async def delivered(
    connection: Connection,
    table_id: str,
    done: Sequence[OutboxItem],
    later: Sequence[tuple[OutboxItem, float]],
    shown: Sequence[Shown],
    now: float,
    lease: float,
) -> list[OutboxItem]:
    """The end of one round of showing a table whose items the caller claimed: what its
    messages show now (`shown`), the items shown (`done`: deleted if they still hold the
    revision shown) and those that failed (`later`: counted, due again at the time given, if
    they still hold the revision tried). Returns what was queued for the table meanwhile and is
    due, claimed until `now + lease` for the caller to show next (it holds the table's lease,
    so no other claimer has taken it); with nothing returned the table is left unclaimed."""
    await lock_table(connection, table_id)
    await connection.executemany(
        _SAVE_SHOWN, [(s.table_id, s.key, s.channel_id, s.message_id, s.shows) for s in shown]
    )
    await connection.executemany(_DONE, [(item.table_id, item.key, item.revision) for item in done])
    await connection.executemany(
        _LATER, [(due_at, item.table_id, item.key, item.revision) for item, due_at in later]
    )
    return await _lease_due(connection, table_id, now, lease)


async def outbox_done(connection: Connection, item: OutboxItem) -> None:
    """Delete the item if it still holds the revision shown; else a newer revision was queued
    while it was being shown: release the claim so it is shown again."""
    await lock_table(connection, item.table_id)
    deleted = await connection.execute(_DONE, (item.table_id, item.key, item.revision))
    if not deleted:
        await _release_outbox(connection, item)


async def outbox_later(connection: Connection, item: OutboxItem, due_at: float) -> None:
    """Count a failed delivery and try again at `due_at`, if the item still holds the revision
    tried; else (a newer revision was queued, with its own due time) only release the claim."""
    await lock_table(connection, item.table_id)
    updated = await connection.execute(_LATER, (due_at, item.table_id, item.key, item.revision))
    if not updated:
        await _release_outbox(connection, item)


async def _release_outbox(connection: Connection, item: OutboxItem) -> None:
    await connection.execute(
        "UPDATE outbox SET claimed_until = 0 WHERE table_id = ? AND key = ?",
        (item.table_id, item.key),
    )


# -- jobs --------------------------------------------------------------------------------------


async def set_job(connection: Connection, table_id: str, job: Job | None) -> None:
    """Make `job` the table's next job (None: the table has none). The same job set again
    (same kind and revision) keeps its attempts and any claim in progress, so an action that
    leaves the job as it was does not let a second claimer run it."""
    await lock_table(connection, table_id)
    if job is None:
        await connection.execute("DELETE FROM jobs WHERE table_id = ?", (table_id,))
        return
    await connection.execute(
        "INSERT INTO jobs (table_id, kind, revision, due_at, attempts, claimed_until)"
        " VALUES (?, ?, ?, ?, ?, 0)"
        " ON CONFLICT (table_id) DO UPDATE SET due_at = excluded.due_at,"
        " attempts = CASE WHEN jobs.kind = excluded.kind AND jobs.revision = excluded.revision"
        " THEN jobs.attempts ELSE excluded.attempts END,"
        " claimed_until = CASE WHEN jobs.kind = excluded.kind"
        " AND jobs.revision = excluded.revision THEN jobs.claimed_until ELSE 0 END,"
        " kind = excluded.kind, revision = excluded.revision",
        (table_id, job.kind, job.revision, job.due_at, job.attempts),
    )


async def claim_jobs(connection: Connection, now: float, lease: float, limit: int) -> list[Job]:
    """Due, unclaimed jobs, oldest due first, claimed until `now + lease`."""
    rows = await connection.fetch(
        "SELECT table_id, kind, revision, due_at, attempts FROM jobs"
        " WHERE due_at <= ? AND claimed_until <= ?"
        f" ORDER BY due_at, table_id LIMIT ?{connection.for_update(skip_locked=True)}",
        (now, now, limit),
    )
    jobs = [Job(*row) for row in rows]
    await connection.executemany(
        "UPDATE jobs SET claimed_until = ? WHERE table_id = ?",
        [(now + lease, job.table_id) for job in jobs],
    )
    return jobs


async def job_done(connection: Connection, job: Job) -> None:
    """Delete the job if it is still the table's (same kind and revision); a job a commit set
    meanwhile is left alone."""
    await lock_table(connection, job.table_id)
    await connection.execute(
        "DELETE FROM jobs WHERE table_id = ? AND kind = ? AND revision = ?",
        (job.table_id, job.kind, job.revision),
    )


async def job_later(connection: Connection, job: Job, due_at: float) -> None:
    """Count a failed run and try again at `due_at`, if the job is still the table's."""
    await lock_table(connection, job.table_id)
    await connection.execute(
        "UPDATE jobs SET attempts = attempts + 1, due_at = ?, claimed_until = 0"
        " WHERE table_id = ? AND kind = ? AND revision = ?",
        (due_at, job.table_id, job.kind, job.revision),
    )


async def keep_job(connection: Connection, table_id: str, job: Job | None) -> None:
    """`set_job` for a change that moved no position (a preference shown again, a message's
    place noted, a draw offered): the table's job, when it is already of `job`'s kind, stays as
    it is, with the revision it was set at, its attempts and any claim in progress (a search
    running for it is not thrown away, and nobody runs it a second time)."""
    if job is not None:
        row = await connection.fetch_one("SELECT kind FROM jobs WHERE table_id = ?", (table_id,))
        if row is not None and row[0] == job.kind:
            return
    await set_job(connection, table_id, job)


async def job_of(connection: Connection, table_id: str) -> Job | None:
    """The table's job as stored (None: it has none)."""
    row = await connection.fetch_one(
        "SELECT table_id, kind, revision, due_at, attempts FROM jobs WHERE table_id = ?",
        (table_id,),
    )
    return None if row is None else Job(*row)


# -- both --------------------------------------------------------------------------------------


async def next_due(connection: Connection) -> float | None:
    """The earliest time an outbox item or a job may need doing (a claimed one: when its lease
    runs out); None when there is nothing at all."""
    times = [at for at in await due_times(connection) if at is not None]
    return min(times) if times else None


async def due_times(connection: Connection) -> tuple[float | None, float | None]:
    """`next_due` of the outbox and of the jobs, each (None: nothing there)."""
    rows = await connection.fetch(
        "SELECT"
        " (SELECT MIN(CASE WHEN due_at > claimed_until THEN due_at ELSE claimed_until END)"
        " FROM outbox),"
        " (SELECT MIN(CASE WHEN due_at > claimed_until THEN due_at ELSE claimed_until END)"
        " FROM jobs)"
    )
    outbox, jobs = rows[0]
    return (None if outbox is None else float(outbox), None if jobs is None else float(jobs))


# -- what the bot's messages show --------------------------------------------------------------


async def shown(connection: Connection, table_id: str) -> dict[str, Shown]:
    rows = await connection.fetch(
        "SELECT table_id, key, channel_id, message_id, shows FROM shown WHERE table_id = ?",
        (table_id,),
    )
    return {row[1]: Shown(*row) for row in rows}


_SAVE_SHOWN = (
    "INSERT INTO shown (table_id, key, channel_id, message_id, shows) VALUES (?, ?, ?, ?, ?)"
    " ON CONFLICT (table_id, key) DO UPDATE SET channel_id = excluded.channel_id,"
    " message_id = excluded.message_id, shows = excluded.shows"
)


async def save_shown(connection: Connection, shown: Shown) -> None:
    await lock_table(connection, shown.table_id)
    await connection.execute(
        _SAVE_SHOWN, (shown.table_id, shown.key, shown.channel_id, shown.message_id, shown.shows)
    )


async def forget(connection: Connection, table_id: str) -> None:
    """Delete the table's job, outbox items and shown messages (its row is `live.delete`'s)."""
    await lock_table(connection, table_id)
    for statement in (
        "DELETE FROM jobs WHERE table_id = ?",
        "DELETE FROM outbox WHERE table_id = ?",
        "DELETE FROM shown WHERE table_id = ?",
    ):
        await connection.execute(statement, (table_id,))


async def release_claims(connection: Connection) -> None:
    """Release every claim of outbox items and jobs (see `Database.release_claims`)."""
    await connection.execute("UPDATE outbox SET claimed_until = 0 WHERE claimed_until > 0")
    await connection.execute("UPDATE jobs SET claimed_until = 0 WHERE claimed_until > 0")
