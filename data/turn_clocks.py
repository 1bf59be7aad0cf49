"""The clock of a person's turn (`turn_clocks`): a turn is timed from when it was shown.

A person's turn times out only after they were told it was theirs: the timer job the commit
sets for their turn is due at `UNTIL_SHOWN` (a time that never comes) until the transaction
that records the turn's alert as sent (a new DM with their moves, or the ping in the table's
thread: `turn_shown`) starts the turn's clock and makes the job due when it runs out. So while
Discord refuses every message, or the bot is down, the turn waits; a turn whose alert was
delivered before a crash keeps its deadline; and a turn shown once keeps its clock through the
turn's other commits (a draw offer, a board that moved, DMs found closed), each of which sets
the job again from the stored clock (`wind`).

Both writers lock the table's row first (the commit writes it first; `turn_shown` locks it
before anything else), so on PostgreSQL a commit and an alert of one table never interleave:
the alert either starts the clock of the turn the table is at, or finds it gone and changes
nothing. Each function runs inside the caller's transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from data.models import Job, Shown, TurnClock
from data.runtime import lock_table, queue, save_shown
from data.sql import Connection
from data.sql.base import Row

#: The due time of a job that waits for its turn's alert to be delivered: never, by itself.
UNTIL_SHOWN = 1e15


async def wind(connection: Connection, table_id: str, clock: TurnClock, job: Job) -> Job:
    """The commit of a person's turn (`clock`, not started): the table's clock row is the
    turn's (kept as it is when it already was: the same turn, started or not), and `job`, its
    timer, is due when that clock runs out, or at `UNTIL_SHOWN` while it does not run."""
    row = await connection.fetch_one(
        "INSERT INTO turn_clocks (table_id, version, seconds, started_at, shown_at)"
        " VALUES (?, ?, ?, ?, NULL)"
        " ON CONFLICT (table_id) DO UPDATE SET"
        " shown_at = CASE WHEN turn_clocks.version = excluded.version"
        " THEN turn_clocks.shown_at ELSE NULL END,"
        " started_at = CASE WHEN turn_clocks.version = excluded.version"
        " THEN turn_clocks.started_at ELSE excluded.started_at END,"
        " seconds = excluded.seconds, version = excluded.version"
        " RETURNING version, seconds, started_at, shown_at",
        (table_id, clock.version, clock.seconds, clock.started_at),
    )
    assert row is not None
    deadline = _clock(row).deadline
    return replace(job, due_at=UNTIL_SHOWN if deadline is None else deadline)


async def stop(connection: Connection, table_id: str) -> None:
    """The commit of anything but a person's turn: the table has no turn clock."""
    await connection.execute("DELETE FROM turn_clocks WHERE table_id = ?", (table_id,))


async def turn_shown(
    connection: Connection,
    shown: Shown,
    version: int,
    revision: int,
    now: float,
    late_after: float,
    then_show: Sequence[str],
) -> TurnClock | None:
    """A person's turn alert was sent (`shown`, the new message, recorded as the rows of sent
    messages are) for the turn at `version`: if that is still the table's turn and its clock
    was not started, it starts now and its timer job is due when it runs out. An alert
    delivered more than `late_after` seconds after the turn began also queues `then_show` at
    `revision` (what showed the turn's time before it was known is shown again). Returns the
    clock started (None: not the table's turn any more, or started by an earlier alert)."""
    await lock_table(connection, shown.table_id)  # before its row: one lock order
    await connection.fetch(
        f"SELECT revision FROM live_tables WHERE id = ?{connection.for_update()}",
        (shown.table_id,),
    )
    await save_shown(connection, shown)
    row = await connection.fetch_one(
        "UPDATE turn_clocks SET shown_at = ?"
        " WHERE table_id = ? AND version = ? AND shown_at IS NULL"
        " RETURNING version, seconds, started_at, shown_at",
        (now, shown.table_id, version),
    )
    if row is None:
        return None
    clock = _clock(row)
    await connection.execute(
        "UPDATE jobs SET due_at = ? WHERE table_id = ? AND due_at >= ?",
        (clock.deadline, shown.table_id, UNTIL_SHOWN),
    )
    if then_show and now - clock.started_at > late_after:
        await queue(connection, shown.table_id, then_show, revision, now)
    return clock


async def turn_clock(connection: Connection, table_id: str) -> TurnClock | None:
    """The clock of the person's turn the table is at (None: nobody's, or the turn was stored
    before turns had clocks)."""
    row = await connection.fetch_one(
        "SELECT version, seconds, started_at, shown_at FROM turn_clocks WHERE table_id = ?",
        (table_id,),
    )
    return None if row is None else _clock(row)


def _clock(row: Row) -> TurnClock:
    version, seconds, started_at, shown_at = row
    return TurnClock(
        version=int(version),
        seconds=float(seconds),
        started_at=float(started_at),
        shown_at=None if shown_at is None else float(shown_at),
    )
