"""A person's turn is timed from when it was shown, on a real SQLite file and a real PostgreSQL:
the commit of the turn writes its timer waiting, the transaction that records the turn's alert
starts the clock, the turn's other commits keep it, the next turn's commit resets it, and an
alert of a turn the table has left starts nothing, whichever process commits or alerts."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from data import Change, Database, Job, LiveTable, Shown, TurnClock
from data.migrate import migrate
from data.sql import open_store
from data.turn_clocks import UNTIL_SHOWN
from tests.data.conftest import GUILD, raw_rows

LEASE = 30.0
TURN = 60.0


def table(revision: int = 0, version: int = 1) -> LiveTable:
    return LiveTable("t1", GUILD, 10, 20, None, {"version": version}, 1.0 + revision, revision)


def turn(before: LiveTable | None, version: int, started_at: float, kind: str = "timer") -> Change:
    """The commit that takes `before` (None: no table yet) to its next revision, a person's
    turn at `version` (the version of `before` again: the same turn) that began at
    `started_at`; `kind` other than "timer": a job that is no person's turn."""
    revision = 0 if before is None else before.revision + 1
    after = table(revision, version)
    clock = TurnClock(version, TURN, started_at) if kind == "timer" else None
    job = Job("t1", kind, revision, started_at if clock is None else UNTIL_SHOWN)
    expected = None if before is None else before.revision
    return Change(after, expected, ("board", "hands"), job, due_at=started_at, clock=clock)


def alert(version: int, message: int = 70) -> Shown:
    return Shown("t1", "hand:0", 5, message, f"{version}:moves")


async def due_at(db: Database) -> float:
    rows = await raw_rows(db.url, "SELECT due_at FROM jobs WHERE table_id = 't1'")
    return float(rows[0][0])


async def keys(db: Database) -> list[Any]:
    return [row[0] for row in await raw_rows(db.url, "SELECT key FROM outbox ORDER BY key")]


async def test_a_turns_timer_waits_until_its_alert_is_shown(db: Database) -> None:
    assert await db.commit(turn(None, 1, started_at=10.0))
    assert await due_at(db) == UNTIL_SHOWN
    # Discord or the bot is down for longer than the turn: nothing is due.
    assert await db.claim_jobs(10.0 + 10 * TURN, LEASE) == []
    clock = await db.turn_shown(alert(1), 1, 0, 700.0)
    assert clock == TurnClock(1, TURN, 10.0, 700.0) == await db.turn_clock("t1")
    assert await due_at(db) == 700.0 + TURN
    assert await db.shown("t1") == {"hand:0": alert(1)}  # recorded in the same transaction
    assert await db.claim_jobs(700.0 + TURN - 1, LEASE) == []
    assert [job.kind for job in await db.claim_jobs(700.0 + TURN, LEASE)] == ["timer"]


async def test_the_turns_other_commits_keep_its_clock_and_the_next_turn_resets_it(
    db: Database,
) -> None:
    assert await db.commit(turn(None, 1, started_at=10.0))
    await db.turn_shown(alert(1), 1, 0, 12.0)
    # A draw offer, the board posted again: the same turn, stored again.
    assert await db.commit(turn(table(0), 1, started_at=10.0))
    assert await due_at(db) == 12.0 + TURN
    # A second alert of the same turn (DMs reopened) does not give it more time.
    assert await db.turn_shown(alert(1, message=71), 1, 1, 40.0) is None
    assert await due_at(db) == 12.0 + TURN
    # The next turn waits for its own alert.
    assert await db.commit(turn(table(1), 2, started_at=30.0))
    assert await due_at(db) == UNTIL_SHOWN
    assert await db.turn_clock("t1") == TurnClock(2, TURN, 30.0, None)


async def test_an_alert_of_a_turn_the_table_left_starts_nothing(db: Database) -> None:
    assert await db.commit(turn(None, 1, started_at=10.0))
    # The player moved from the board's "Your hand" before their DM went out: an AI's turn.
    assert await db.commit(turn(table(0), 2, started_at=11.0, kind="ai"))
    assert await db.turn_clock("t1") is None
    assert await db.turn_shown(alert(1), 1, 0, 12.0) is None
    assert await due_at(db) == 11.0
    # Then a person's turn again: the old turn's alert does not start it either.
    assert await db.commit(turn(table(1), 3, started_at=13.0))
    assert await db.turn_shown(alert(1, message=71), 1, 0, 14.0) is None
    assert await due_at(db) == UNTIL_SHOWN


async def test_an_alert_that_came_late_shows_what_it_is_told_again(db: Database) -> None:
    assert await db.commit(turn(None, 1, started_at=10.0))
    on_time = await db.turn_shown(alert(1), 1, 0, 13.0, late_after=5.0, then_show=("board:x",))
    assert on_time is not None and "board:x" not in await keys(db)
    assert await db.commit(turn(table(0), 2, started_at=20.0))
    late = await db.turn_shown(alert(2), 2, 1, 90.0, late_after=5.0, then_show=("board:x",))
    assert late is not None and "board:x" in await keys(db)


async def test_a_commit_and_an_alert_racing_in_two_processes_never_start_the_next_turn(
    db: Database, other: Database
) -> None:
    assert await db.commit(turn(None, 1, started_at=1.0))
    before = table(0)
    for version in range(2, 22):
        # The old turn's alert (`other`) and the commit of the next turn (`db`) at once.
        _, started = await asyncio.gather(
            db.commit(turn(before, version, started_at=float(version))),
            other.turn_shown(alert(version - 1, message=version), version - 1, 0, 100.0),
        )
        assert await db.turn_clock("t1") == TurnClock(version, TURN, float(version), None)
        assert await due_at(db) == UNTIL_SHOWN
        assert started is None or started.version == version - 1
        before = table(before.revision + 1, version)


async def test_a_forgotten_table_leaves_no_clock(db: Database) -> None:
    assert await db.commit(turn(None, 1, started_at=10.0))
    await db.forget_table("t1")
    assert await db.turn_clock("t1") is None


async def test_a_turn_in_progress_at_the_migration_keeps_its_timer(target: str) -> None:
    """A turn stored before turns had clocks was timed from when it began: after the migration
    its clock counts as shown then, so the turn's next commit (a draw offer) keeps its timer
    where it was instead of waiting for an alert that was sent long ago."""
    state = json.dumps({"version": 7, "turn_started": 100.0, "setup": {"turn_seconds": TURN}})
    async with await open_store(target) as store:
        await migrate(store, 10)
        async with store.write() as connection:
            await connection.execute("INSERT INTO servers (guild_id) VALUES (?)", (GUILD,))
            for name, kind in (("t1", "timer"), ("t2", "ai")):
                await connection.execute(
                    "INSERT INTO live_tables (id, guild_id, channel_id, state, updated_at,"
                    " revision) VALUES (?, ?, 55, ?, 100.0, 3)",
                    (name, GUILD, state),
                )
                await connection.execute(
                    "INSERT INTO jobs (table_id, kind, revision, due_at) VALUES (?, ?, 3, ?)",
                    (name, kind, 100.0 + TURN),
                )
    async with await Database.open(target) as db:
        assert await db.turn_clock("t1") == TurnClock(7, TURN, 100.0, 100.0)
        assert await db.turn_clock("t2") is None  # an AI's turn has no clock
        loaded = await db.load_table("t1")
        assert loaded is not None
        assert await db.commit(turn(loaded, 7, started_at=100.0))
        assert await due_at(db) == 100.0 + TURN
