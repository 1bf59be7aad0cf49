"""What an operator watches of the store: the outbox's backlog, the jobs that are due and how
late, and how many tables are open. Read by the bot's health check and metrics on demand (a
scrape), never on a click; each figure is one aggregate over an indexed column, run where the
store runs (SQLite's thread, PostgreSQL's server), so the event loop does no work that grows
with the tables.

Neither an outbox item nor a job keeps when it was queued: what says that the bot falls behind
is how late the most overdue one is (`now - due_at` of the earliest that is due). An item waiting
for its retry (a 5xx, a rate limit) is not due, and so is not late, until its retry's time. A
turn's timer waiting for its alert to be shown is due at a time that never comes
(`turn_clocks.UNTIL_SHOWN`), and is never late.
"""

from __future__ import annotations

from dataclasses import dataclass

from data.sql import Connection


@dataclass(frozen=True)
class Vitals:
    """The store's figures at `now` (its clock's seconds)."""

    outbox: int  # items waiting to be shown, due or not
    outbox_due: int  # of them, due now
    outbox_late: float  # seconds the most overdue due item is late (0: none due)
    jobs_due: int  # jobs due now
    jobs_late: int  # of them, due more than `late_after` seconds ago
    job_lag: float  # seconds the most overdue due job is late (0: none due)
    open_tables: int  # unfinished tables and puzzles in the store (every process's)


async def vitals(connection: Connection, now: float, late_after: float) -> Vitals:
    """The figures in one statement (one round trip, one snapshot)."""
    row = await connection.fetch_one(
        "SELECT"
        " (SELECT COUNT(*) FROM outbox),"
        " (SELECT COUNT(*) FROM outbox WHERE due_at <= ?),"
        " (SELECT MIN(due_at) FROM outbox WHERE due_at <= ?),"
        " (SELECT COUNT(*) FROM jobs WHERE due_at <= ?),"
        " (SELECT COUNT(*) FROM jobs WHERE due_at <= ?),"
        " (SELECT MIN(due_at) FROM jobs WHERE due_at <= ?),"
        " (SELECT COUNT(*) FROM live_tables)",
        (now, now, now, now - late_after, now),
    )
    assert row is not None
    outbox, outbox_due, outbox_first, jobs_due, jobs_late, job_first, tables = row
    return Vitals(
        outbox=int(outbox),
        outbox_due=int(outbox_due),
        outbox_late=0.0 if outbox_first is None else max(0.0, now - float(outbox_first)),
        jobs_due=int(jobs_due),
        jobs_late=int(jobs_late),
        job_lag=0.0 if job_first is None else max(0.0, now - float(job_first)),
        open_tables=int(tables),
    )
